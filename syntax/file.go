package syntax

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"slices"
)

// File is a parsed input: its game trees, and the text around them.
type File struct {
	// Src is the input. Trees refer to it; it must not be changed.
	Src []byte
	// Trees are the game trees in input order.
	Trees []*Tree
	// Diagnostics are every fault found, in input order.
	Diagnostics []Diagnostic

	lines *lineIndex
	// What the input left open at its end: a value without its "]" and
	// variations without their ")".
	eofValue bool
	openVars int
}

// Tail returns the text after the last game tree.
func (f *File) Tail() []byte {
	if len(f.Trees) == 0 {
		return f.Src
	}
	return f.Src[f.Trees[len(f.Trees)-1].end:]
}

// HasBOM reports whether the input starts with a UTF-8 byte order mark,
// which says that it is UTF-8 and is kept in front of the first tree.
func (f *File) HasBOM() bool { return bytes.HasPrefix(f.Src, []byte("\xEF\xBB\xBF")) }

// Position returns the position of a byte offset of Src.
func (f *File) Position(off int64) Position { return f.lines.position(off) }

// Parse reads every game tree of src. It always returns a File, with what
// could be read and every diagnostic; the error is non-nil only for a fatal
// diagnostic (no game tree at all, or a limit reached), and is then a *ParseError.
// opts may be nil for the defaults.
func Parse(src []byte, opts *Options) (*File, error) {
	return parseAt(src, Position{Offset: 0, Line: 1, Column: 1}, 0, opts)
}

// ParseAt parses src as Parse does, src being a part of a larger input
// that starts at the position at, with game tree number firstTree (Reader
// gives both: Tree.Offset, Tree.Position and Tree.Index of the tree read
// first). Offsets, lines, columns and tree numbers of the File's trees and
// diagnostics are then those of the larger input, so that a game tree read
// again (with another grouping of its bytes) is reported where it stands.
// Src is still src: index it with offsets minus at.Offset.
func ParseAt(src []byte, at Position, firstTree int, opts *Options) (*File, error) {
	if at.Line < 1 || at.Column < 1 {
		at.Line, at.Column = 1, 1
	}
	return parseAt(src, at, max(0, firstTree), opts)
}

func parseAt(src []byte, at Position, firstTree int, opts *Options) (*File, error) {
	o := opts.withDefaults()
	f := &File{Src: src, lines: &lineIndex{src: src, base: at.Offset, baseLine: at.Line, baseCol: at.Column}}
	p := &parser{src: src, opts: o, lines: f.lines, treeBase: firstTree}
	if int64(len(src)) > o.MaxBytes || int64(len(src)) >= int64(noPos) {
		p.tree = -1
		msg := fmt.Sprintf("input of %d bytes is larger than the limit of %d bytes", len(src), o.MaxBytes)
		if int64(len(src)) == o.MaxBytes+1 {
			// What a reader gives that stopped one byte past the limit
			// (as the CLI reads a file over --max-bytes): the input's
			// size is not known, only that it passes the limit.
			msg = fmt.Sprintf("input larger than the limit of %d bytes", o.MaxBytes)
		}
		p.diag(CodeLimit, Fatal, true, 0, -1, msg)
		f.Diagnostics = p.diags
		f.setPositions()
		return f, &ParseError{f.Diagnostics[0]}
	}
	// One exact allocation for the node records of every tree: a node
	// starts with ";" or, rarely, with an assumed one (a few more
	// records are appended then).
	p.nodes = make([]nodeRec, 0, bytes.Count(src, []byte{';'})+1)
	f.Trees = p.parseAll()
	f.Diagnostics = p.diags
	f.eofValue, f.openVars = p.eofVal, p.openAtEOF
	f.setPositions()
	// Each tree has f.lines already (parseAll), before OnTree sees it:
	// not written again, as other goroutines may read the trees by now.
	for _, d := range f.Diagnostics {
		if d.Severity == Fatal {
			return f, &ParseError{d}
		}
	}
	return f, nil
}

// setPositions turns the offsets of the diagnostics, counted in Src,
// into offsets, lines and columns of the input.
func (f *File) setPositions() {
	if base := f.lines.base; base != 0 {
		for i := range f.Diagnostics {
			f.Diagnostics[i].Offset += base
		}
	}
	f.lines.fill(f.Diagnostics)
}

// parseAll reads the game trees of p.src and the text around them.
func (p *parser) parseAll() []*Tree {
	src := p.src
	p.tree = -1
	var trees []*Tree
	pos := 0
	for !p.fatal {
		open := findTree(src, pos)
		if open < 0 || len(trees) == 0 && p.treeBase == 0 && binaryBefore(src, open, &p.opts) {
			break // no (more) game trees, or binary data (noGameTree)
		}
		p.tree = p.treeBase + len(trees)
		p.checkOutside(pos, open, p.treeBase+len(trees) == 0)
		t := p.parseTree(pos, open)
		p.reportNUL(pos, int(t.end))
		t.index = p.treeBase + len(trees)
		t.lines = p.lines
		trees = append(trees, t)
		if p.opts.OnTree != nil {
			p.opts.OnTree(t)
		}
		pos = int(t.end)
	}
	p.tree = -1
	if len(trees) == 0 {
		p.noGameTree()
	} else if !p.fatal {
		p.checkOutside(pos, len(src), false)
		p.reportNUL(pos, len(src))
	}
	sortDiags(p.diags)
	return trees
}

func sortDiags(ds []Diagnostic) {
	slices.SortStableFunc(ds, func(a, b Diagnostic) int {
		switch {
		case a.Offset < b.Offset:
			return -1
		case a.Offset > b.Offset:
			return 1
		}
		return 0
	})
}

// BinaryData is the message of S02 (CodeNoGameTree) for an input that is
// binary data, such as a picture, a program or an archive, which no SGF
// reader can read: NUL bytes before any game tree (or no game tree at
// all), and not wide text as Options.Wide judges it (UTF-16, UTF-32). It
// is the only diagnostic of such an input: its NUL bytes are not listed
// one by one (S10), and a "(;" found by chance further on is not read as
// a game tree. (Issue 13, item 15.)
const BinaryData = "not SGF: binary data (NUL bytes before any game tree)"

// IsBinaryData reports whether d says that the input is binary data
// ([BinaryData]).
func IsBinaryData(d Diagnostic) bool {
	return d.Code == CodeNoGameTree && d.Message == BinaryData
}

// binaryBefore reports whether src, whose first game tree starts at open
// (len(src) for none), is binary data, in an input that the caller's
// Options.Wide does not take for text in a wide encoding: a NUL byte and
// no game tree, or NUL bytes (two or more: a single one is left to S10, as
// the one before the "(" of UTF-16BE text that fmt wrote as it read it)
// before the first tree.
func binaryBefore(src []byte, open int, o *Options) bool {
	nuls := bytes.Count(src[:open], []byte{0})
	return (nuls >= 2 || nuls == 1 && open == len(src)) && (o.Wide == nil || !o.Wide(src))
}

// noGameTree reports that p.src holds no game tree (S02): as binary data
// (binaryBefore), else as no SGF data, its NUL bytes then reported one by
// one (S10) as a hint that it may be UTF-16.
func (p *parser) noGameTree() {
	if binaryBefore(p.src, len(p.src), &p.opts) {
		p.diags = p.diags[:0]
		p.diag(CodeNoGameTree, Fatal, true, 0, -1, BinaryData)
		return
	}
	p.diag(CodeNoGameTree, Fatal, true, 0, -1, "no SGF data found: no \"(;\" in the input")
	p.reportNUL(0, len(p.src))
}

// reportNUL reports the NUL bytes in src[from:to], at most 100 of them.
func (p *parser) reportNUL(from, to int) {
	n := 0
	for i := from; i < to; {
		k := bytes.IndexByte(p.src[i:to], 0)
		if k < 0 {
			return
		}
		if n == 100 {
			p.diag(CodeNULByte, Warning, false, i+k, -1, "more NUL bytes follow (not reported)")
			return
		}
		p.diag(CodeNULByte, Warning, false, i+k, -1, "NUL byte: binary or UTF-16 file?")
		n++
		i += k + 1
	}
}

// checkOutside reports text outside game trees that looks like SGF data:
// a bracketed value of letters, as SGFC looks for "[(lc)(lc)]".
func (p *parser) checkOutside(from, to int, first bool) {
	b := p.src[from:to]
	for i := 0; i < len(b); {
		k := bytes.IndexByte(b[i:], '[')
		if k < 0 {
			return
		}
		j := i + k + 1
		e := j
		for e < len(b) && isLetter(b[e]) {
			e++
		}
		if e > j && e-j <= 2 && e < len(b) && b[e] == ']' {
			if first {
				p.diag(CodeTextBeforeTree, Warning, true, from+i+k, -1, "possible SGF data in front of the game tree: "+quoteSnippet(b[i+k:e+1]))
			} else {
				p.diag(CodeTextAfterTree, Warning, true, from+i+k, -1, "possible SGF data outside any game tree: "+quoteSnippet(b[i+k:e+1]))
			}
			return
		}
		i = j
	}
}

// findTree returns the offset of the next "(" at or after from that starts
// a game tree: "(" followed by ";", or by an identifier and "[" (the ";"
// missing). It returns -1 if there is none.
func findTree(src []byte, from int) int {
	i := from
	for i < len(src) {
		k := bytes.IndexByte(src[i:], '(')
		if k < 0 {
			return -1
		}
		o := i + k
		j := skipSpace(src, o+1)
		if j < len(src) {
			c := src[j]
			if c == ';' {
				return o
			}
			if isLetter(c) {
				e := scanLetters(src, j)
				m := skipSpace(src, e)
				if m < len(src) && src[m] == '[' && hasUpper(src[j:e]) {
					return o
				}
			}
		}
		i = o + 1
	}
	return -1
}

// parseTree reads the game tree whose "(" is at open; its leading text
// starts at lead.
func (p *parser) parseTree(lead, open int) *Tree {
	src := p.src
	var t *Tree
	if a := p.alloc; a != nil {
		// A Reader's tree: the Tree, its line index and its first
		// variation in one allocation (treeAlloc).
		t = &a.t
		t.src, t.begin, t.nodeBase, t.vars = src, uint32(lead), len(p.nodes), a.var0[:0:1]
	} else {
		t = &Tree{src: src, begin: uint32(lead), nodeBase: len(p.nodes)}
	}
	p.t = t
	p.simpleBase = len(p.simple)
	p.nNodes = 0
	p.eofVal = false
	p.mode = p.opts.LeadBytes
	if p.opts.TreeLeadBytes != nil {
		p.mode = p.opts.TreeLeadBytes(p.tree, findCA(src, skipSpace(src, open+1)))
	}
	t.mode = p.mode
	t.vars = append(t.vars, varRec{first: -1, next: -1, open: uint32(open), openEnd: uint32(open), close: noPos, closeEnd: noPos})
	p.top, p.depth = 0, 1 // its frame: no node yet (see varRec)
	p.segK, p.segI = segOpen, 0
	i := open + 1
loop:
	for !p.fatal {
		i = skipSpace(src, i)
		if i >= len(src) {
			break
		}
		c := src[i]
		f := &t.vars[p.top] // its frame (see varRec)
		switch {
		case c == ';':
			if f.frameLastChild() >= 0 {
				p.diag(CodeNodeOutsideVariation, Error, true, i, -1, "node after the end of a variation: \"(\" assumed")
				if !p.pushVar(missingPos, i) {
					break loop
				}
			}
			var n int32
			// The frame again: pushVar may have pushed one.
			if fr, k := &t.vars[p.top], len(p.nodes); fr.frameLast() >= 0 && k < cap(p.nodes) && p.nNodes < p.opts.MaxNodes {
				// newNode for the next node of a sequence, in the
				// arena's room (most nodes)
				p.nNodes++
				n = int32(k - t.nodeBase)
				p.nodes = p.nodes[:k+1]
				p.nodes[k] = nodeRec{start: uint32(i), link: noLink}
				p.nodes[t.nodeBase+int(fr.frameLast())].link = n
				fr.close = uint32(n) // its last node (frameLast)
			} else if n = p.newNode(i); n < 0 {
				break loop
			}
			p.setSeg(i, segNode, n)
			// The common node ";B[pd]": only what follows it can have
			// something to report. Followed by the next node or a
			// parenthesis, at once or after white space, it is one that
			// SimpleMove takes: its bit says so. The word holds the node
			// and the two bytes after it (isSimpleMove, as SimpleMove
			// reads it).
			if i+8 <= len(src) {
				x := binary.LittleEndian.Uint64(src[i:])
				if x&0x0000ff0000ff00ff == ']'<<40|'['<<16|';' &&
					simpleByte[byte(x>>8)]&(simpleByte[byte(x>>24)]>>1)&(simpleByte[byte(x>>32)]>>1)&simpleID != 0 {
					if m6 := byte(x >> 48); simpleByte[m6]&simpleEnd != 0 {
						if simpleRuns {
							i = p.simpleRun(src, i, n)
						} else {
							p.setSimple(n)
							i += 6
						}
						continue
					} else if m6 != '[' && !isLetter(m6) {
						i = p.simpleTail(i+6, n)
						continue
					}
				}
			} else if isSimpleMoveBytes(src, i) {
				i = p.simpleTail(i+6, n)
				continue
			}
			i = p.scanNode(i, n, true)
		case c == '(':
			j := skipSpace(src, i+1)
			switch {
			case f.frameLast() < 0:
				p.diag(CodeIllegalVarStart, Error, true, i, -1, "\"(\" where no variation can start (ignored)")
				i++
				continue
			case j < len(src) && src[j] == ')':
				p.diag(CodeEmptyVariation, Error, false, j, -1, "empty variation \"()\" (ignored)")
				i = j + 1
				continue
			case j < len(src) && src[j] == '(':
				p.diag(CodeIllegalVarStart, Error, true, j, -1, "\"((\": the first \"(\" starts no variation (ignored)")
				i++
				continue
			}
			if !p.pushVar(uint32(i), i) {
				break loop
			}
			p.setSeg(i, segOpen, int32(len(t.vars)-1))
			i++
		case c == ')':
			v := p.popVar()
			if f.frameLast() < 0 {
				// A variation that never got a node: its text is trivia
				// of what came before it.
				p.diag(CodeEmptyVariation, Error, false, i, -1, "variation without any node (ignored)")
				p.segK, p.segI = f.frameSeg()
				t.vars = t.vars[:v]
				i++
				if p.depth == 0 {
					break loop
				}
				continue
			}
			f.close = uint32(i)
			p.setSeg(i, segClose, v)
			i++
			if p.depth == 0 {
				p.endSeg(i)
				t.end = uint32(i)
				t.finish(p)
				return t
			}
		case c == '[':
			j := i
			for j < len(src) && src[j] == '[' {
				end, ok := scanValue(src, j, p.mode)
				if !ok {
					p.eofVal = true
					p.diag(CodeUnexpectedEOF, Error, true, len(src), -1, "end of input inside a value: \"]\" missing")
					j = len(src)
					break
				}
				j = skipSpace(src, end+1)
			}
			p.diag(CodeValueWithoutIdent, Error, true, i, -1, "values without property identifier (ignored): "+quoteSnippet(bytes.TrimSpace(src[i:j])))
			i = j
		default:
			if f.frameLast() < 0 && isLetter(c) {
				e := scanLetters(src, i)
				m := skipSpace(src, e)
				if m < len(src) && src[m] == '[' {
					if p.top == 0 {
						p.diag(CodeMissingSemicolon, Error, true, open, -1, "game tree starts without \";\": \";\" assumed")
					} else {
						p.diag(CodeMissingSemicolonInVar, Error, true, i, -1, "variation starts without \";\": \";\" assumed")
					}
					n := p.newNode(i)
					if n < 0 {
						break loop
					}
					p.setSeg(i, segNode, n)
					i = p.scanNode(i, n, false)
					continue
				}
			}
			i = p.illegal(i, i, -1)
		}
	}
	if !p.fatal && !p.eofVal && p.depth > 0 {
		p.diag(CodeMissingParen, Error, true, len(src), -1, fmt.Sprintf("end of input with %d variation(s) open: \")\" missing", p.depth))
	}
	// Variations that never got a node are trivia of what came before.
	for p.depth > 1 && t.vars[p.top].frameLast() < 0 {
		f := &t.vars[p.top]
		v := p.popVar()
		p.segK, p.segI = f.frameSeg()
		t.vars = t.vars[:v]
	}
	p.endSeg(len(src))
	openVars := p.depth
	for p.depth > 0 {
		f := &t.vars[p.popVar()]
		f.close, f.closeEnd = missingPos, missingPos
	}
	if !p.fatal {
		p.openAtEOF = openVars
	}
	t.end = uint32(len(src))
	t.finish(p)
	return t
}

// simpleRun takes node n, at src[i] a node ";B[pd]" that the end of a
// node follows at once (the parse loop set it up), and the nodes of that
// form that follow it, at once or after white space, each the next node
// of n's sequence: a record a node, linked to the one before, its
// SimpleMove bit set, as the parse loop does each (most nodes of a game
// record: ";B[pd];W[dd]..."), without the loop's dispatch on each byte. It stops before any other
// node, where the node arena is full or at the node limit, and returns
// the offset after the last node it took.
//
// simpleRuns and simpleRunTook are for tests: with simpleRuns false the
// parse loop takes every node itself (the reference), and simpleRunTook,
// when set, is told the number of nodes each run took after n.
func (p *parser) simpleRun(src []byte, i int, n int32) int {
	p.setSimple(n)
	i += 6
	fr := &p.t.vars[p.top] // its frame (see varRec)
	base := p.t.nodeBase
	k0 := len(p.nodes)
	room := cap(p.nodes)
	if r := p.opts.MaxNodes - p.nNodes; r < room-k0 {
		room = k0 + r
	}
	// The loop (simpleNodes) writes only the records, in the arena's
	// room after k0: each linked ahead to the next (the last one's link
	// and the link of the node before the run are set after it), the
	// bits set for the whole run at once (setSimpleRange).
	m0 := int32(k0 - base) // the record number of the first node taken
	k, i := simpleNodes(src, i, p.nodes[k0:room], m0)
	if k > 0 {
		p.nodes = p.nodes[:k0+k]
		p.nodes[k0+k-1].link = noLink
		p.nodes[base+int(fr.frameLast())].link = m0
		fr.close = uint32(m0 + int32(k) - 1) // its last node (frameLast)
		p.setSimpleRange(m0, m0+int32(k))
		p.nNodes += k
	}
	p.segI = fr.frameLast() // the segment of the last node (setSeg), as the loop leaves it
	if simpleRunTook != nil {
		simpleRunTook(k)
	}
	return i
}

// simpleNodes writes the records of the simple nodes from src[i] on into
// nodes, each linked to the next (record m0 the first), and returns how
// many it wrote and the offset after the last. It is simpleRun's loop on
// its own: with only its few values live, the compiler keeps them in
// registers (within simpleRun it kept five on the stack, loaded and
// stored again at each node).
func simpleNodes(src []byte, i int, nodes []nodeRec, m0 int32) (int, int) {
	k := 0
	for k < len(nodes) && i <= len(src)-8 {
		x := binary.LittleEndian.Uint64(src[i:])
		if x&0x0000ff0000ff00ff != ']'<<40|'['<<16|';' ||
			simpleByte[byte(x>>8)]&(simpleByte[byte(x>>24)]>>1)&(simpleByte[byte(x>>32)]>>1)&simpleID == 0 {
			break
		}
		end := i + 6
		if m6 := byte(x >> 48); simpleByte[m6]&simpleEnd == 0 {
			// White space, then the end of the node: the node is
			// simple and its text ends there (simpleTail, scanNode).
			if !isSpace(m6) {
				break
			}
			if end = skipSpace(src, end); end >= len(src) || !isNodeEnd(src[end]) {
				break
			}
		}
		nodes[k] = nodeRec{start: uint32(i), link: m0 + int32(k) + 1}
		k++
		i = end
	}
	return k, i
}

// setSimpleRange sets the bits of records lo to hi-1 of the tree being
// read (setSimple for each), a word at a time.
func (p *parser) setSimpleRange(lo, hi int32) {
	for w := p.simpleBase + int((hi-1)>>6); len(p.simple) <= w; {
		p.simple = append(p.simple, 0)
	}
	bits := p.simple[p.simpleBase:]
	for lo < hi {
		w, b := int(lo>>6), uint(lo&63)
		n := min(uint(hi-lo), 64-b) // bits of word w from b on
		bits[w] |= (^uint64(0) >> (64 - n)) << b
		lo += int32(n)
	}
}

var (
	simpleRuns    = true
	simpleRunTook func(n int)
)

// simpleTail reads what follows node n, a node ";B[pd]", from i on, where
// no other property or value starts, and sets its bit (setSimple) when
// the node ends there (white space, then the next node or a parenthesis).
func (p *parser) simpleTail(i int, n int32) int {
	src := p.src
	if c := src[i]; isNodeEnd(c) {
		p.setSimple(n)
		return i
	} else if isSpace(c) {
		if j := skipSpace(src, i); j < len(src) && isNodeEnd(src[j]) {
			p.setSimple(n)
		}
	}
	return p.scanNode(i, n, false)
}

// finish hands the tree its node records.
func (t *Tree) finish(p *parser) {
	t.nodes = p.nodes[t.nodeBase:len(p.nodes):len(p.nodes)]
	t.nodeBase = 0
	t.parsed = len(t.nodes)
	t.simple = p.simple[p.simpleBase:len(p.simple):len(p.simple)]
	if len(t.vars) > 0 && t.vars[0].first < 0 {
		// No node at all (a limit stopped the parse at once).
		t.vars = t.vars[:0]
	}
}

// isSimpleMoveBytes reports whether src[i:] starts with a node of one
// property of one uppercase letter and one two-byte value, followed by no
// other property or value: ";B[pd]" and the like, byte by byte, for the
// end of the input (the parse loop reads the node as one word elsewhere).
func isSimpleMoveBytes(src []byte, i int) bool {
	if i < 0 || i+6 >= len(src) {
		return false
	}
	m := src[i : i+7 : i+7]
	return m[1] >= 'A' && m[1] <= 'Z' && m[2] == '[' && m[5] == ']' &&
		m[3] != '\\' && m[3] != ']' && m[4] != '\\' && m[4] != ']' && m[6] != '[' && !isLetter(m[6]) && m[3] > 0x20 && m[4] > 0x20 && m[3] < 0x80 && m[4] < 0x80
}

// Closers returns the text that closes what the input left open at its
// end (a parse that reached the end of input inside a value, S05, or with
// variations open, S04): "]" and one ")" for each open variation, so that
// Bytes() followed by Closers() is well-formed SGF with the same tree. A
// value cut after a lone "\" gets "\]" (the "\" then stands for
// itself), and one cut after the lead byte of a two-byte character gets
// " ]". It is empty for an input that closed everything, and after a fatal
// diagnostic (the rest of the input was not read).
func (f *File) Closers() []byte {
	var b []byte
	if f.eofValue && len(f.Trees) > 0 {
		t := f.Trees[len(f.Trees)-1]
		src := f.Src
		// Count the backslashes and lead bytes at the end of the value.
		k := len(src)
		for k > 0 && src[k-1] == '\\' {
			k--
		}
		switch {
		case (len(src)-k)%2 == 1:
			b = append(b, '\\')
		case k == len(src) && t.mode != ASCIISafe && k > 0 && t.mode.isLead(src[k-1]) && !cutPairEnds(src, t.mode):
			b = append(b, ' ')
		}
		b = append(b, ']')
	}
	for range f.openVars {
		b = append(b, ')')
	}
	return b
}

// cutPairEnds reports whether the last byte of src, a possible lead byte,
// is in fact the trail byte of a two-byte character (so nothing is cut).
func cutPairEnds(src []byte, mode LeadBytes) bool {
	// Walk back over the run of bytes that can be lead bytes: their
	// pairing is decided from the first byte that cannot.
	k := len(src) - 1
	for k > 0 && mode.isLead(src[k-1]) {
		k--
	}
	return (len(src)-k)%2 == 0
}
