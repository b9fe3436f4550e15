package syntax

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"unsafe"
)

const (
	noPos      = ^uint32(0) // no offset: made by an edit
	missingPos = noPos - 1  // a "(" or ")" the input lacked: printed as read, that is not at all
	noLink     = int32(math.MinInt32)
)

// nodeRec is the whole stored record of a node: where it starts (its ";")
// and one link: >= 0 the next node of the same sequence, < 0 the first of
// its child variations (-(v+1)), noLink none. Its segment of the source
// runs to the start of the next segment (a node, "(" or ")"), which
// Tree.nodeEnd finds when printing an edited tree needs it.
type nodeRec struct {
	start uint32
	link  int32
}

// varRec is a game tree in the grammar's sense: "(" Sequence {GameTree} ")".
// vars[0] of a Tree is the tree itself.
//
// While the parser reads a variation, its record also holds the parser's
// frame of it, in fields it does not use until then, not in a stack
// beside the table (variations nested 10,000 deep had a stack of 200 KB,
// 49 pages written once): close its last node so far (noPos, -1, none
// yet) and closeEnd the last child variation that hangs from that node
// (noPos, -1, none), which the ")" and the end of its segment overwrite;
// next the variation it is nested in (-1 for the tree), -1 again at its
// ")"; and until its first node nkids and last the segment owner before
// its "(" (segKind and index), 0 again at that node (frameLast and the
// other methods below read and write them).
type varRec struct {
	first           int32  // first node of its sequence
	next            int32  // next sibling variation, -1 none
	open, openEnd   uint32 // "(" segment; open == noPos for an assumed "("
	close, closeEnd uint32 // ")" segment; close == noPos for a missing ")"
	// In the first variation of a node's children only: how many there
	// are and the last one, so that counting and appending children do
	// not walk the chain (a node may have a million).
	nkids, last int32
}

type segKind uint8

const (
	segNone segKind = iota
	segNode
	segOpen
	segClose
)

// frameLast returns the last node of the sequence of the open variation
// r, -1 when it has none yet (see varRec).
func (r *varRec) frameLast() int32 { return int32(r.close) }

// frameLastChild returns the last child variation attached to the last
// node of the open variation r, -1 when there is none (see varRec).
func (r *varRec) frameLastChild() int32 { return int32(r.closeEnd) }

// frameSeg returns the segment owner before the "(" of the open variation
// r, which has no node yet (see varRec).
func (r *varRec) frameSeg() (segKind, int32) { return segKind(r.nkids), r.last }

type parser struct {
	src   []byte
	opts  Options
	lines *lineIndex // given to each tree as it is read (Parse only)
	diags []Diagnostic
	tree  int // index of the tree being read
	// treeBase is the index of the first tree of src in its input
	// (ParseAt).
	treeBase int
	mode     LeadBytes
	t        *Tree
	nodes    []nodeRec // arena shared by the trees of one parse
	// simple holds a bit for each record that is a node SimpleMove takes
	// (Tree.simple), the trees' words one after the other: the tree being
	// read has the words from simpleBase on, its record n the bit n%64 of
	// word simpleBase+n/64 (words past the last bit set are not there).
	simple     []uint64
	simpleBase int
	// top is the variation being read, the innermost one open (-1 once
	// the tree is closed), and depth the number of variations open: the
	// parser's frames are in their records (see varRec).
	top   int32
	depth int
	// alloc, when set, holds the Tree that parseTree fills (a Reader's).
	alloc *treeAlloc
	// spans, recStart and recording: scanRoot's record of the root's
	// properties.
	spans     []uint16
	recStart  int
	recording bool
	segK      segKind
	segI      int32
	fatal     bool
	nNodes    int
	eofVal    bool // the input ended inside a value
	// openAtEOF is the number of variations open at the end of input.
	openAtEOF int
}

func (p *parser) diag(code Code, sev Severity, crit bool, off int, node int32, msg string) {
	p.diags = append(p.diags, Diagnostic{
		Code: code, Severity: sev, Critical: crit,
		Position: Position{Offset: int64(off)},
		Tree:     p.tree, Node: int(node), Message: msg,
	})
	if sev == Fatal {
		p.fatal = true
	}
}

func isSpace(c byte) bool { return c <= ' ' }

func isLetter(c byte) bool { return (c|0x20) >= 'a' && (c|0x20) <= 'z' }

// ScanValue reads the value whose "[" is at src[i], as the parser does,
// grouping bytes into characters by mode. It returns the offset of the
// closing "]", or len(src) and false when the input ends first. It is for
// layers that read node text themselves (fast paths) and must agree with
// the parser to the byte.
func ScanValue(src []byte, i int, mode LeadBytes) (int, bool) { return scanValue(src, i, mode) }

// scanValue reads the value whose "[" is at i. It returns the offset of the
// closing "]", or len(src) and false when the input ends first.
func scanValue(src []byte, i int, mode LeadBytes) (int, bool) {
	j := i + 1
	if mode == ASCIISafe {
		// Most values are short (moves, numbers): scan them by hand,
		// and long ones (comments) with IndexByte.
		for lim := min(len(src), j+24); j < lim; j++ {
			switch src[j] {
			case ']':
				return j, true
			case '\\':
				j++
			}
		}
		for {
			if j >= len(src) {
				return len(src), false
			}
			// in pieces of scanPiece bytes, between which the goroutine
			// can be preempted (see preemptibleCopy): a value of 64 MB was
			// one IndexByte
			end := min(len(src), j+scanPiece)
			k := bytes.IndexByte(src[j:end], ']')
			if k < 0 {
				// no "]" in the piece: past it, and past the character
				// that a backslash at its end escapes
				for j < end {
					b := bytes.IndexByte(src[j:end], '\\')
					if b < 0 {
						j = end
						break
					}
					j += b + 2
				}
				continue
			}
			b := bytes.IndexByte(src[j:j+k], '\\')
			if b < 0 {
				return j + k, true
			}
			j += b + 2
		}
	}
	for j < len(src) {
		c := src[j]
		switch {
		case c == ']':
			return j, true
		case c == '\\':
			j++
			if j < len(src) && mode.isLead(src[j]) && j+1 < len(src) && mode.isTrail(src[j+1]) {
				j++
			}
			j++
		case mode.isLead(c) && j+1 < len(src) && mode.isTrail(src[j+1]):
			j += 2
		default:
			j++
		}
	}
	return len(src), false
}

// skipSpace returns the first offset at or after i that is not white space.
func skipSpace(src []byte, i int) int {
	for i < len(src) && isSpace(src[i]) {
		i++
	}
	return i
}

// scanLetters returns the end of the run of ASCII letters at i.
func scanLetters(src []byte, i int) int {
	for i < len(src) && isLetter(src[i]) {
		i++
	}
	return i
}

// findCA returns the first value of the first CA property of the node
// whose text starts at src[i] (at its ";", or at its first property), read
// by a PropScanner in ASCII-safe mode (CA values are ASCII); nil when
// there is none or the input ends in a value before or in it.
func findCA(src []byte, i int) []byte {
	s := NewPropScanner(src, i, ASCIISafe)
	for id, _ := s.Next(); id != nil; id, _ = s.Next() {
		if len(id) == 2 && id[0] == 'C' && id[1] == 'A' {
			if v, ok := s.First(); ok {
				return v
			}
			return nil
		}
	}
	return nil
}

func quoteSnippet(b []byte) string {
	const max = 40
	if len(b) > max {
		return fmt.Sprintf("%q...", b[:max])
	}
	return fmt.Sprintf("%q", b)
}

// illegal reports the illegal characters from i to the end of the run of
// them that scanJunk finds from from (at least one byte past from), and
// returns where they end.
func (p *parser) illegal(i, from int, node int32) int {
	je := p.scanJunk(from)
	if je == from {
		je = from + 1
	}
	p.diag(CodeIllegalChars, Error, true, i, node, "illegal characters "+quoteSnippet(p.src[i:je]))
	return je
}

// scanJunk returns the end of a run of illegal characters starting at i:
// it stops at white space and at the bytes that can start a token, and
// skips bracketed text whole so that no structure is read inside it.
func (p *parser) scanJunk(i int) int {
	src := p.src
	for i < len(src) {
		c := src[i]
		switch {
		case isSpace(c), c == ';', c == '(', c == ')', c == '[':
			return i
		case c >= 'A' && c <= 'Z':
			return i
		}
		i++
	}
	return i
}

// scanNode reads the properties of the node whose ";" (or, when the ";" is
// missing, whose first identifier) is at i, reporting faults, and returns
// the offset of the token that ends it (";", "(", ")" or end of input).
func (p *parser) scanNode(i int, node int32, hasSemi bool) int {
	if hasSemi && node == 0 && p.alloc != nil {
		// A Reader's tree keeps the spans of its root's properties.
		return p.scanRoot(i)
	}
	return p.scanProps(i, node, hasSemi)
}

// scanProps is scanNode; while p.recording (scanRoot), it appends the
// spans of each property to p.spans: its identifier's start and end, its
// number of values, and the "[" and "]" of each, as offsets from
// p.recStart.
func (p *parser) scanProps(i int, node int32, hasSemi bool) int {
	src := p.src
	if hasSemi {
		i++
	}
	for i < len(src) {
		c := src[i]
		if isSpace(c) {
			i++
			continue
		}
		switch {
		case c == ';' || c == '(' || c == ')':
			return i
		case isLetter(c):
			e := scanLetters(src, i)
			j := skipSpace(src, e)
			if j >= len(src) || src[j] != '[' {
				// Letters without a value: a property without values when
				// it ends at a token or at more letters, junk otherwise.
				if j < len(src) && !isLetter(src[j]) && src[j] != ';' && src[j] != '(' && src[j] != ')' {
					i = p.illegal(i, e, node)
					continue
				}
				if hasUpper(src[i:e]) {
					p.diag(CodeNoValue, Error, true, i, node, fmt.Sprintf("property %s without any value (ignored)", quoteIdent(src[i:e])))
				} else {
					p.diag(CodeIllegalChars, Error, true, i, node, "illegal characters "+quoteSnippet(src[i:e]))
				}
				i = j
				continue
			}
			if id := src[i:e]; !(len(id) <= 2 && id[0] <= 'Z' && id[len(id)-1] <= 'Z') {
				// (one or two upper-case letters, the common case, without
				// the call)
				p.checkIdent(id, i, j, node)
			}
			k := -1
			if p.recording {
				k = len(p.spans) + 2
				p.spans = append(p.spans, uint16(i-p.recStart), uint16(e-p.recStart), 0)
			}
			// values
			for j < len(src) && src[j] == '[' {
				end, ok := -1, true
				if p.mode == ASCIISafe {
					// a short value without the call (PropScanner's)
					end = shortValue(src, j)
				}
				if end < 0 {
					end, ok = scanValue(src, j, p.mode)
				}
				if k >= 0 {
					p.spans = append(p.spans, uint16(j-p.recStart), uint16(end-p.recStart))
					p.spans[k]++
				}
				if end-j-1 > p.opts.MaxValueBytes {
					p.diag(CodeLimit, Fatal, true, j, node, fmt.Sprintf("property value longer than %d bytes", p.opts.MaxValueBytes))
					return len(src)
				}
				if !ok {
					p.eofVal = true
					p.diag(CodeUnexpectedEOF, Error, true, len(src), node, fmt.Sprintf("end of input inside a value of %s: \"]\" missing", quoteIdent(src[i:e])))
					return len(src)
				}
				j = skipSpace(src, end+1)
			}
			i = j
		case c == '[':
			j := i
			for j < len(src) && src[j] == '[' {
				end, ok := scanValue(src, j, p.mode)
				if !ok {
					p.eofVal = true
					p.diag(CodeUnexpectedEOF, Error, true, len(src), node, "end of input inside a value: \"]\" missing")
					return len(src)
				}
				j = skipSpace(src, end+1)
			}
			p.diag(CodeValueWithoutIdent, Error, true, i, node, "values without property identifier (ignored): "+quoteSnippet(bytes.TrimSpace(src[i:j])))
			i = j
		default:
			i = p.illegal(i, i, node)
		}
	}
	return i
}

// scanRoot is scanNode for the root of a Reader's tree, whose ";" is at
// start: it records the spans of the properties in p.spans as it reads
// them (see Tree.RootScanner), and hands them to the tree when the root
// had nothing to report (every property is then one that PropScanner
// reads the same way) and they fit the tree's room.
func (p *parser) scanRoot(start int) int {
	d0 := len(p.diags)
	// Into the tree's room (a root of more than 25 properties of one
	// value grows it).
	p.spans, p.recStart, p.recording = p.alloc.spans0[:0], start, true
	end := p.scanProps(start, 0, true)
	p.recording = false
	if len(p.diags) == d0 && !p.eofVal && !p.fatal && end-start <= 0xffff {
		// (Offsets past 0xffff were cut: such a root keeps none.)
		p.t.rootSpans = p.spans[:len(p.spans):len(p.spans)]
	}
	p.spans = nil
	return end
}

func hasUpper(b []byte) bool {
	for _, c := range b {
		if c >= 'A' && c <= 'Z' {
			return true
		}
	}
	return false
}

func quoteIdent(b []byte) string {
	if len(b) > 20 {
		return "<" + string(b[:20]) + "...>"
	}
	return "<" + string(b) + ">"
}

func (p *parser) checkIdent(id []byte, off, valOff int, node int32) {
	if len(id) <= 2 && (len(id) < 1 || id[0] <= 'Z') && (len(id) < 2 || id[1] <= 'Z') {
		return // the common case: one or two uppercase letters
	}
	if len(id) > maxIdentLen {
		p.diag(CodeIdentTooLong, Error, true, off, node, fmt.Sprintf("property identifier of %d letters, more than %d (ignored)", len(id), maxIdentLen))
		return
	}
	upper := 0
	for _, c := range id {
		if c >= 'A' && c <= 'Z' {
			upper++
		}
	}
	if upper == 0 {
		p.diag(CodeIllegalChars, Error, true, off, node, fmt.Sprintf("property identifier %s has no uppercase letter (ignored)", quoteIdent(id)))
		return
	}
	if upper != len(id) {
		p.diag(CodeLowercaseIdent, Warning, false, off, node, fmt.Sprintf("lowercase letters in property identifier %s (FF[3] style)", quoteIdent(id)))
	}
	if upper > 2 {
		p.diag(CodeLongIdent, Warning, false, valOff, node, fmt.Sprintf("property identifier of more than two uppercase letters: %s", quoteIdent(id)))
	}
}

// setSeg ends the current segment at off and makes (k, i) the owner of the
// segment that starts there.
func (p *parser) setSeg(off int, k segKind, i int32) {
	p.endSeg(off)
	p.segK, p.segI = k, i
}

func (p *parser) endSeg(off int) {
	t := p.t
	switch p.segK {
	case segNode:
		// A node's end is derived (Tree.nodeEnd).
	case segOpen:
		t.vars[p.segI].openEnd = uint32(off)
	case segClose:
		t.vars[p.segI].closeEnd = uint32(off)
	}
	p.segK = segNone
}

// setSimple sets the bit of record n of the tree being read (Tree.simple).
func (p *parser) setSimple(n int32) {
	w := p.simpleBase + int(n>>6)
	for len(p.simple) <= w {
		p.simple = append(p.simple, 0)
	}
	p.simple[w] |= 1 << (n & 63)
}

// newNode adds a node at off to the top frame and returns its index, or -1
// when the node limit is reached.
func (p *parser) newNode(off int) int32 {
	if p.nNodes >= p.opts.MaxNodes {
		p.diag(CodeLimit, Fatal, true, off, -1, fmt.Sprintf("more than %d nodes in a game tree", p.opts.MaxNodes))
		return -1
	}
	p.nNodes++
	n := int32(len(p.nodes) - p.t.nodeBase)
	if len(p.nodes) == cap(p.nodes) {
		if n >= largeTree {
			p.growNodes(off)
		} else {
			// Doubled: append grows a table of more than 256 records by
			// a quarter, clearing the room each time (a tree of 4,096
			// nodes had its arena copied a dozen times).
			p.nodes = growPreemptibleTo(p.nodes, max(2*len(p.nodes), 64))
		}
	}
	p.nodes = append(p.nodes, nodeRec{start: uint32(off), link: noLink})
	t := p.t
	v := p.top
	f := &t.vars[v]
	if last := f.frameLast(); last >= 0 {
		p.nodes[p.t.nodeBase+int(last)].link = n
	} else {
		// First node of variation v: hang the variation from its parent,
		// the last node of the variation it is nested in (none for the
		// tree), after that one's last child variation.
		f.first = n
		f.nkids, f.last = 0, 0 // the segment before its "(" (frameSeg)
		if below := f.next; below >= 0 {
			pf := &t.vars[below]
			parent, prevSib := pf.frameLast(), pf.frameLastChild()
			if prevSib >= 0 {
				t.vars[prevSib].next = v
				head := &t.vars[-(p.nodes[p.t.nodeBase+int(parent)].link + 1)]
				head.nkids++
				head.last = v
			} else {
				p.nodes[p.t.nodeBase+int(parent)].link = -(v + 1)
				f.nkids, f.last = 1, v
			}
			pf.closeEnd = uint32(v) // its last child variation (frameLastChild)
		}
	}
	f.close = uint32(n) // its last node (frameLast)
	return n
}

// largeTree is the number of nodes from which a tree whose node records
// fill the arena has the arena grown for every ";" ahead (growNodes).
const largeTree = 1 << 12

// growNodes makes room in the arena for the nodes of a large tree whose
// node at off does not fit: one for each ";" ahead, which bounds the
// nodes left to read but those that lack their ";". A Reader that read
// its input whole (a file of a known size) parses a tree of 200,000 nodes
// in one go: grown by append, its 1.6 MB of records were allocated and
// copied five times over. The ";" are counted as far as eight times the
// tree so far, or 2 MB: the trees after it in a collection read whole
// are not given room for all their nodes, and a tree larger than that
// grows again, by a factor of eight or more.
func (p *parser) growNodes(off int) {
	n := len(p.nodes)
	start := int(p.nodes[p.t.nodeBase].start)
	end := min(len(p.src), off+max(8*(off-start), growWindow))
	need := bytes.Count(p.src[off:end], []byte{';'}) + 1
	need = max(need, (n-p.t.nodeBase)/4) // nodes without ";": still grow geometrically
	p.nodes = growPreemptibleTo(p.nodes, n+need)
}

// growWindow is the least text growNodes counts the ";" of.
const growWindow = 2 << 20

// pushVar opens a variation at off (noPos for an assumed "(") as a child of
// the last node of the variation being read; at is where the parser
// reads, for growDeep.
func (p *parser) pushVar(off uint32, at int) bool {
	if p.depth >= p.opts.MaxDepth {
		p.diag(CodeLimit, Fatal, true, int(off), -1, fmt.Sprintf("variations nested more than %d deep", p.opts.MaxDepth))
		return false
	}
	t := p.t
	v := int32(len(t.vars))
	// The table grows rarely: the test of its room is here, not in a
	// call of growPreemptible for every variation (10^6 nested).
	if len(t.vars) == cap(t.vars) {
		p.growDeep(at)
	}
	// Its frame (see varRec): no node yet, nested in p.top, the segment
	// before its "(".
	t.vars = append(t.vars, varRec{first: -1, next: p.top, open: off, openEnd: off, close: noPos, closeEnd: noPos, nkids: int32(p.segK), last: p.segI})
	p.top = v
	p.depth++
	return true
}

// popVar closes the variation being read, v, and returns it: the one it
// is nested in is read again, and v's record drops the parser's frame
// but for its last node (frameLast) and last child variation, which the
// caller overwrites (close, or the trivia of a variation without a node)
// and the end of its ")" segment (closeEnd).
func (p *parser) popVar() int32 {
	v := p.top
	f := &p.t.vars[v]
	p.top, f.next = f.next, -1
	p.depth--
	return v
}

// growDeep makes room for one more variation in the tree's table. A
// small table grows by the "(" ahead of at before the next ")" (in the
// text growNodes counts in), variations each nested in the one before,
// which it will take, up to nestedJump of them, or by doubling when there
// are fewer: variations nested 10,000 deep get their room at once, not
// after ten doublings whose tables were written and dropped. A table of
// preemptibleCopy bytes or more grows by all the "(" ahead of at, counted
// as growNodes counts the ";", one variation for each (as the node arena
// grows), by a quarter at least.
func (p *parser) growDeep(at int) {
	t := p.t
	start := int(t.begin)
	end := min(len(p.src), at+max(8*(at-start), growWindow))
	at = min(at, end)
	n := len(t.vars)
	if n*int(unsafe.Sizeof(varRec{})) < preemptibleCopy {
		stop := end
		if k := bytes.IndexByte(p.src[at:end], ')'); k >= 0 {
			stop = at + k
		}
		nested := min(bytes.Count(p.src[at:stop], []byte{'('})+1, nestedJump)
		t.vars = growPreemptibleTo(t.vars, n+max(nested, n, 1))
	} else {
		t.vars = growPreemptibleTo(t.vars, n+max(bytes.Count(p.src[at:end], []byte{'('})+1, n/4))
	}
}

// nestedJump is the most variations that growDeep makes room for at once
// by the "(" before the next ")" (512 KB of them). Variations nested a
// million deep, grown at once by the 250,000 "(" of growWindow and then
// by the rest, had sgf fmt fault 4,000 more pages than this bound.
const nestedJump = 1 << 14

// preemptibleCopy is the most a large table copies at once: one copy of
// megabytes cannot be preempted, and the garbage collector, wanting to
// scan the copying goroutine's stack, spins on the other core until it
// ends (sgf fmt of a root with 10^6 children took twice the CPU time on
// two cores that it took on one).
const preemptibleCopy = 32 << 10

// scanPiece is the most of a value that scanValue searches in one
// IndexByte (about 0.1 ms), for the reason of preemptibleCopy.
const scanPiece = 1 << 20

// growPreemptible returns s with room for at least n more elements. A
// table of more than preemptibleCopy bytes doubles in a way that can be
// preempted: the pages of the new table are touched in Go code first
// (fresh memory faults its pages in on first touch), then the elements
// are copied in pieces of preemptibleCopy bytes. Smaller tables grow as
// append grows them.
func growPreemptible[E any](s []E, n int) []E {
	if cap(s)-len(s) >= n {
		return s
	}
	size := int(unsafe.Sizeof(*new(E)))
	if len(s)*size < preemptibleCopy {
		return slices.Grow(s, n)
	}
	return growPreemptibleTo(s, max(2*cap(s), len(s)+n))
}

// growPreemptibleTo returns s with a capacity of c, at least its length,
// copied as growPreemptible copies a large table.
func growPreemptibleTo[E any](s []E, c int) []E {
	size := int(unsafe.Sizeof(*new(E)))
	g := make([]E, len(s), max(c, len(s)))
	var zero E
	for i := 0; i < len(g); i += max(4096/size, 1) {
		g[i] = zero
	}
	step := preemptibleCopy / size
	for i := 0; i < len(s); i += step {
		copy(g[i:], s[i:min(i+step, len(s))])
	}
	return g
}
