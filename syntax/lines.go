package syntax

import (
	"bytes"
	"encoding/binary"
	"sort"
	"sync"
)

// lineIndex turns offsets into lines and columns. The table of line starts
// is built on first use: positions are needed for diagnostics, which are
// rare, not for parsing.
type lineIndex struct {
	src      []byte
	base     int64 // offset of src[0] in the input
	baseLine int   // line of src[0]
	baseCol  int   // column of src[0]
	once     sync.Once
	starts   []uint32 // offsets in src where lines after the first start
}

func (l *lineIndex) build() {
	src := l.src
	if bytes.IndexByte(src, '\r') < 0 {
		// Only "\n" breaks lines (most files): one search a line, into
		// a table of the right size.
		l.starts = make([]uint32, 0, bytes.Count(src, []byte{'\n'}))
		for i := 0; ; {
			k := bytes.IndexByte(src[i:], '\n')
			if k < 0 {
				return
			}
			i += k + 1
			l.starts = append(l.starts, uint32(i))
		}
	}
	for i := 0; i < len(src); {
		k := indexNewline(src[i:])
		if k < 0 {
			break
		}
		j := i + k
		c := src[j]
		j++
		// CRLF and LFCR are one line break each.
		if j < len(src) && (src[j] == '\r' || src[j] == '\n') && src[j] != c {
			j++
		}
		l.starts = append(l.starts, uint32(j))
		i = j
	}
}

func indexNewline(b []byte) int {
	n := bytes.IndexByte(b, '\n')
	limit := b
	if n >= 0 {
		limit = b[:n]
	}
	if r := bytes.IndexByte(limit, '\r'); r >= 0 {
		return r
	}
	return n
}

// position returns the position of an offset of the input.
func (l *lineIndex) position(off int64) Position {
	if l == nil {
		return Position{Offset: off}
	}
	rel := int(off - l.base)
	if rel < 0 {
		rel = 0
	}
	if rel > len(l.src) {
		rel = len(l.src)
	}
	if rel < directLines {
		// Near the start of the text (most diagnostics are in a game
		// tree's root), count the lines up to the offset instead of
		// building the table for all of it: sgf check built it for 14,208
		// of the 17,028 trees of the standard collection, 1.1% of its
		// work. Without a carriage return up to the offset (and at it: a
		// "\n\r" before it would be one break, which the table counts
		// after the "\r"), every break before it is a "\n".
		pre := l.src[:min(rel+1, len(l.src))]
		if bytes.IndexByte(pre, '\r') < 0 {
			pre = pre[:rel]
			n := bytes.Count(pre, []byte{'\n'})
			if n == 0 {
				return Position{Offset: off, Line: l.baseLine, Column: l.baseCol + rel}
			}
			return Position{Offset: off, Line: l.baseLine + n, Column: rel - lastNewline(pre)}
		}
	}
	return l.indexed(off, rel)
}

// directLines is the offset in the text below which position counts the
// lines before it rather than build the table of lines.
const directLines = 4 << 10

// indexed is position by the table of line starts, built on first use.
func (l *lineIndex) indexed(off int64, rel int) Position {
	l.once.Do(l.build)
	// number of line starts <= rel
	n := sort.Search(len(l.starts), func(i int) bool { return int(l.starts[i]) > rel })
	if n == 0 {
		return Position{Offset: off, Line: l.baseLine, Column: l.baseCol + rel}
	}
	return Position{Offset: off, Line: l.baseLine + n, Column: rel - int(l.starts[n-1]) + 1}
}

// end returns the line and column of the end of src (position of the
// offset len(src)). Text without a carriage return is counted without
// building the index, which the reader of a tree may then never need.
func (l *lineIndex) end() (line, col int) {
	src := l.src
	if bytes.IndexByte(src, '\r') >= 0 {
		p := l.position(l.base + int64(len(src)))
		return p.Line, p.Column
	}
	n := bytes.Count(src, []byte{'\n'})
	if n == 0 {
		return l.baseLine, l.baseCol + len(src)
	}
	return l.baseLine + n, len(src) - lastNewline(src)
}

// lastNewline returns the offset of the last '\n' of src, which has one.
// bytes.LastIndexByte reads byte by byte (7 instructions a byte): a tree
// whose last line is long (80 KB of nested variations after its root's
// line) is searched backwards in pieces that bytes.IndexByte and
// bytes.Count, which read words, find empty.
//
// The last piece is read backwards a word at a time (a little over one
// instruction a byte) up to the word that holds the '\n'.
func lastNewline(src []byte) int {
	const piece = 4 << 10
	end := len(src)
	for end > piece && bytes.IndexByte(src[end-piece:end], '\n') < 0 {
		end -= piece
	}
	// Then in windows of 128 bytes (bytes.IndexByte reads one in about
	// 25 instructions; the word loop below, in about 100).
	const window = 128
	for end > window && bytes.IndexByte(src[end-window:end], '\n') < 0 {
		end -= window
	}
	const ones, highs, nl = 0x0101010101010101, 0x8080808080808080, 0x0a0a0a0a0a0a0a0a
	for end >= 8 {
		x := binary.LittleEndian.Uint64(src[end-8:]) ^ nl // a zero byte where a '\n' is
		if (x-ones)&^x&highs != 0 {
			break
		}
		end -= 8
	}
	return bytes.LastIndexByte(src[:end], '\n')
}

// fill sets the Position of each diagnostic of ds to position(Offset).
func (l *lineIndex) fill(ds []Diagnostic) { l.fillSorted(ds, false) }

// fillSorted sets the Position of each diagnostic of ds to
// position(Offset), leaving those without an offset (< 0) as they are
// when skipUnset. Diagnostics near the start of the text in offset order
// (a tree's, sorted) have their lines counted from the one before, not
// each from the start: the four diagnostics of a tree's root counted the
// same lines four times.
func (l *lineIndex) fillSorted(ds []Diagnostic, skipUnset bool) {
	if l == nil {
		for i := range ds {
			if !skipUnset || ds[i].Offset >= 0 {
				ds[i].Position = Position{Offset: ds[i].Offset}
			}
		}
		return
	}
	// src[:cur] holds no "\r" and lines "\n" (the last at nl, -1 none).
	cur, lines, nl := 0, 0, -1
	for i := range ds {
		off := ds[i].Offset
		if off < 0 && skipUnset {
			continue
		}
		rel := int(off - l.base)
		if rel < cur || rel >= directLines || rel > len(l.src) {
			ds[i].Position = l.position(off)
			continue
		}
		// As position: no "\r" up to the offset and at it.
		if bytes.IndexByte(l.src[cur:min(rel+1, len(l.src))], '\r') >= 0 {
			ds[i].Position = l.position(off)
			continue
		}
		if seg := l.src[cur:rel]; len(seg) > 0 {
			if n := bytes.Count(seg, []byte{'\n'}); n > 0 {
				lines += n
				nl = cur + lastNewline(seg)
			}
		}
		cur = rel
		if lines == 0 {
			ds[i].Position = Position{Offset: off, Line: l.baseLine, Column: l.baseCol + rel}
		} else {
			ds[i].Position = Position{Offset: off, Line: l.baseLine + lines, Column: rel - nl}
		}
	}
}
