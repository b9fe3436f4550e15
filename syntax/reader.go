package syntax

import (
	"bytes"
	"errors"
	"fmt"
	"io"
)

// Reader reads game trees one at a time from an io.Reader, in the manner of
// archive/tar's Reader.Next: memory is bounded by the largest game tree
// (and Options.MaxBytes), not by the size of the input.
type Reader struct {
	r     io.Reader
	opts  Options
	buf   []byte // input read; buf[off:] is unread and starts at input offset base
	off   int
	base  int64
	line  int
	col   int
	eof   bool
	err   error // what every later Next returns: io.EOF, a *ParseError, a read error reported
	rerr  error // the error that ended the reading, reported once the trees before it are
	trees int
	diags []Diagnostic
	tail  []byte
	// nodes is the arena the trees' node records are parsed into, kept
	// from tree to tree (see try).
	nodes []nodeRec
	// simple is the arena of the parser's SimpleMove bits (Tree.simple),
	// kept as nodes is.
	simple []uint64
	retry  bool // the tree at r.off ran to the end of the buffer
	// first is the size of the first read: readChunk, or less for an
	// input that tells it is smaller (Len).
	first int
}

// NewReader returns a Reader of r. opts may be nil for the defaults; its
// MaxBytes limits one game tree with the text in front of it.
//
// An r that tells how much of it is left to read with a method Len() int
// (bytes.Reader, strings.Reader, bytes.Buffer, the CLI's files; a
// negative length is unknown) is read first in one piece of that length
// and one byte when that is at most readWhole (and MaxBytes): a small
// file costs a small buffer, and a game tree larger than the usual 64 KB
// is parsed once, not again after each doubling of the buffer.
func NewReader(r io.Reader, opts *Options) *Reader {
	o := opts.withDefaults()
	first := readChunk
	if l, ok := r.(interface{ Len() int }); ok {
		if n := l.Len(); n >= 0 && (n < readChunk || n <= readWhole && int64(n) <= o.MaxBytes) {
			first = n + 1 // and the end of input found by the same read
		}
	}
	return &Reader{r: r, opts: o, line: 1, col: 1, first: first}
}

// Diagnostics returns the diagnostics of the tree last returned by Next
// (and, after io.EOF, of the text after the last tree). Offsets, lines and
// columns are those of the whole input.
func (r *Reader) Diagnostics() []Diagnostic { return r.diags }

// Tail returns, after Next returned io.EOF, the text after the last tree.
func (r *Reader) Tail() []byte { return r.tail }

const readChunk = 64 << 10

// readWhole is the largest input that a Reader reads in one piece when it
// knows its length. A game tree that runs past the end of the buffer is
// parsed again once the buffer has doubled, so that a tree of 80 KB read
// in 64 KB was parsed 1.8 times, one of 1.2 MB (200,000 moves) 2.6 times
// (issue 14). Up to this size, which bounds what it adds to the memory
// of a file of many small trees, the whole input is read at once.
const readWhole = 16 << 20

// fill reads more input, doubling what is buffered. It returns false at
// the end of input.
func (r *Reader) fill() bool {
	if r.eof {
		return false
	}
	if r.off > 0 {
		// moved to the front in pieces, preemptible as growTo is (each
		// piece lands before the bytes still to be moved)
		r.buf = appendPreemptible(r.buf[:0], r.buf[r.off:])
		r.off = 0
	}
	want := max(len(r.buf), readChunk)
	if cap(r.buf) == 0 && r.first > 0 {
		want = r.first
	}
	if int64(len(r.buf)+want) > r.opts.MaxBytes+readChunk {
		want = readChunk
	}
	r.buf = growTo(r.buf, len(r.buf)+want)
	n, err := io.ReadFull(r.r, r.buf[len(r.buf):len(r.buf)+want])
	r.buf = r.buf[:len(r.buf)+n]
	if err != nil {
		r.eof = true
		if !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
			r.rerr = err
		}
	}
	return n > 0 || !r.eof
}

// growTo returns b with a capacity of n at least. A large buffer is
// copied in pieces the goroutine can be preempted between
// (growPreemptibleTo): a game tree of 64 MB doubled its buffer in one
// memmove of tens of megabytes, and the collector spun on the other core
// until it ended (sgf check of a 64 MB comment spent a third of its CPU
// time so).
func growTo(b []byte, n int) []byte {
	if cap(b) >= n {
		return b
	}
	if len(b) >= preemptibleCopy {
		return growPreemptibleTo(b, n)
	}
	nb := make([]byte, len(b), n)
	copy(nb, b)
	return nb
}

// Next returns the next game tree. At the end of input it returns io.EOF;
// an error of the underlying reader is returned as it is, once the
// complete trees read before it were returned (a tree it cut short is
// not); the cut of a LimitReader is S17 (see InputLimitError); a fatal
// diagnostic (no game tree at all, a limit) as a *ParseError, with the
// partial tree when there is one.
func (r *Reader) Next() (*Tree, error) {
	r.diags = nil
	if r.err != nil {
		return nil, r.err
	}
	for {
		open := findTree(r.buf[r.off:], 0)
		if open >= 0 && r.trees == 0 && binaryBefore(r.buf[r.off:], open, &r.opts) {
			// Binary data: noGameTree says so, once.
			return nil, r.finishTail()
		}
		if open >= 0 {
			t, done, err := r.try(open)
			if done {
				return t, err
			}
		}
		if int64(len(r.buf)-r.off) > r.opts.MaxBytes {
			p := &parser{src: r.buf[r.off:], opts: r.opts, tree: r.trees}
			p.diag(CodeLimit, Fatal, true, 0, -1, fmt.Sprintf("game tree larger than the limit of %d bytes", r.opts.MaxBytes))
			r.finishDiags(p.diags, &lineIndex{src: r.buf[r.off:], base: r.base, baseLine: r.line, baseCol: r.col})
			r.err = &ParseError{r.diags[0]}
			return nil, r.err
		}
		if !r.fill() {
			if r.cut() {
				return nil, r.stopAtCut()
			}
			if r.rerr != nil {
				// A read error, after the complete trees before it.
				r.err = r.rerr
				return nil, r.err
			}
			return nil, r.finishTail()
		}
	}
}

// try parses the tree at open in the buffer. done is false when the tree
// runs to the end of the buffer and more input may complete it.
func (r *Reader) try(open int) (*Tree, bool, error) {
	buf := r.buf[r.off:]
	a := new(treeAlloc)
	p := &parser{src: buf, opts: r.opts, tree: r.trees, alloc: a}
	// The records are parsed into an arena kept from tree to tree, and
	// the tree takes a copy of its size: an arena sized for each tree
	// (by its ';', before the tree's end is known) was cleared and
	// mostly thrown away, 12 KB for a game of 200 nodes.
	if r.retry && len(buf)-open >= 1<<18 {
		// A large tree ran to the end of the buffer before: its records
		// are at most the ";" of the buffer from it, and the arena is
		// made that large at once. Grown by append while the tree is
		// parsed again after each fill, it was allocated five times
		// over: 10^7 empty nodes, 80 MB of records, allocated 400 MB.
		if n := bytes.Count(buf[open:], []byte{';'}); cap(r.nodes) < n {
			r.nodes = make([]nodeRec, 0, n)
		}
	} else if cap(r.nodes) == 0 && r.eof && len(buf) <= growWindow {
		// An input of up to growWindow read whole: the arena is made
		// for its ";" at once, not grown for the first tree by append
		// and then by growNodes (sgf check of a tree of 10,000 nodes
		// faulted 58 pages of arenas for its 20 pages of records).
		r.nodes = make([]nodeRec, 0, bytes.Count(buf[open:], []byte{';'})+1)
	}
	p.nodes, p.simple = r.nodes[:0], r.simple[:0]
	p.checkOutside(0, open, r.trees == 0)
	t := p.parseTree(0, open)
	complete := len(t.vars) > 0 && t.vars[0].close < missingPos
	if !complete && !p.fatal && (!r.eof || r.rerr != nil) {
		// More input may complete it, or a read error or the cut of a
		// LimitReader ended the input: then Next reports that (the cut
		// as S17), not an unfinished tree.
		r.nodes, r.simple = p.nodes[:0], p.simple[:0]
		r.retry = true
		return nil, false, nil
	}
	r.retry = false
	p.reportNUL(0, int(t.end))
	// The last tree of an input read to its end takes the buffer and the
	// arena: no later tree will be parsed into them, and they are not
	// read into again (a file read whole in one piece: sgf check of
	// variations nested 10,000 deep copied its 80 KB of text and 80 KB of
	// records into fresh pages).
	last := r.eof && r.rerr == nil && findTree(buf, int(t.end)) < 0
	// The tree takes its own copy of its text, so that the buffer can be
	// reused and a caller may keep the tree; the last one takes the
	// buffer when its text is most of it (the tree keeps all of it).
	own := buf[:t.end:t.end]
	if !last || 2*int(t.end) < cap(r.buf) {
		own = appendPreemptible(make([]byte, 0, t.end), buf[:t.end])
	}
	t.src = own
	if len(t.nodes) <= maxKeptNodes && !last {
		t.nodes = append([]nodeRec(nil), t.nodes...)
		if len(t.simple) <= len(a.simple0) {
			// up to 256 nodes: in the tree's allocation
			n := copy(a.simple0[:], t.simple)
			t.simple = a.simple0[:n:n]
		} else {
			t.simple = append([]uint64(nil), t.simple...)
		}
		r.nodes, r.simple = p.nodes[:0], p.simple[:0]
		if cap(r.nodes) > maxKeptArena {
			// Room that the parser made for a large tree's nodes
			// (growNodes) and the tree did not use.
			r.nodes = nil
		}
	} else {
		// A large tree, or the last, keeps the arena it grew (no second
		// copy of its records at the peak), unless most of it is empty;
		// the next tree starts a new one.
		if cap(t.nodes) > 2*len(t.nodes)+64 {
			t.nodes = append([]nodeRec(nil), t.nodes...)
		}
		r.nodes, r.simple = nil, nil
	}
	t.index = r.trees
	li := &a.lines
	li.src, li.base, li.baseLine, li.baseCol = own, r.base, r.line, r.col
	t.lines = li
	r.finishDiags(p.diags, li)
	r.trees++
	r.line, r.col = li.end()
	r.base += int64(t.end)
	r.off += int(t.end)
	var err error
	for _, d := range r.diags {
		if d.Severity == Fatal {
			err = &ParseError{d}
			r.err = err
			break
		}
	}
	return t, true, err
}

// treeAlloc is a tree of a Reader with its line index, the room for its
// first variation (most trees have no other) and for the bits of its
// simple moves up to 256 nodes (Tree.simple): one allocation a tree
// instead of four.
type treeAlloc struct {
	t       Tree
	lines   lineIndex
	var0    [1]varRec
	simple0 [4]uint64
	// spans0 holds the spans of the root's properties (Tree.rootSpans):
	// 128 are 25 properties of one value.
	spans0 [128]uint16
}

// maxKeptNodes is the size up to which the node arena of a Reader is
// kept from tree to tree: 512 KB.
const maxKeptNodes = 1 << 16

// maxKeptArena is the largest arena a Reader keeps for the next tree: 4 MB.
const maxKeptArena = 1 << 19

// cut reports whether the input ended at the limit of a LimitReader.
func (r *Reader) cut() bool {
	var le *InputLimitError
	return errors.As(r.rerr, &le)
}

// stopAtCut reports the cut of a LimitReader as S17 at the start of the
// game tree it falls in (or of the text not yet returned) and stops
// reading.
func (r *Reader) stopAtCut() error {
	p := &parser{src: r.buf[r.off:], opts: r.opts, tree: r.trees}
	p.diag(CodeLimit, Fatal, true, max(0, findTree(p.src, 0)), -1, r.rerr.Error())
	r.finishDiags(p.diags, &lineIndex{src: r.buf[r.off:], base: r.base, baseLine: r.line, baseCol: r.col})
	r.buf, r.off = nil, 0
	r.err = &ParseError{r.diags[0]}
	return r.err
}

func (r *Reader) finishDiags(ds []Diagnostic, li *lineIndex) {
	sortDiags(ds)
	for i := range ds {
		ds[i].Offset += li.base
	}
	li.fill(ds)
	r.diags = ds
}

func (r *Reader) finishTail() error {
	r.tail = append([]byte(nil), r.buf[r.off:]...)
	p := &parser{src: r.tail, opts: r.opts, tree: -1}
	if r.trees == 0 {
		p.noGameTree()
	} else {
		p.checkOutside(0, len(r.tail), false)
		p.reportNUL(0, len(r.tail))
	}
	r.finishDiags(p.diags, &lineIndex{src: r.tail, base: r.base, baseLine: r.line, baseCol: r.col})
	r.buf, r.off = nil, 0
	for _, d := range r.diags {
		if d.Severity == Fatal {
			r.err = &ParseError{d}
			return r.err
		}
	}
	r.err = io.EOF
	return io.EOF
}
