package syntax

import (
	"encoding/binary"
	"iter"
	"math/bits"
	"slices"
)

// Tree is one game tree of the input: "(" Sequence {GameTree} ")" with the
// text in front of it since the previous tree. It keeps its source and 12
// bytes for each node.
type Tree struct {
	src        []byte
	begin, end uint32 // extent in src: leading text, then "(" ... ")"
	nodes      []nodeRec
	vars       []varRec
	mode       LeadBytes
	index      int
	nodeBase   int // while parsing: where the tree's records start in the arena
	lines      *lineIndex
	edited     map[int32]*editedNode // nodes whose properties were changed
	structural bool                  // links changed: print by walking
	parents    []int32               // built on first use
	childIdx   []int32               // index among the parent's children, built on first use
	kids       map[int32][]int32     // the children of a node with many, built when Child asks one far down the chain
	parsed     int                   // records 0..parsed-1 were read from src, in source order
	// simple has bit i%64 of word i/64 set when record i (< parsed) is a
	// node that SimpleMove takes, as the parser found it (no word past
	// the last bit set).
	simple []uint64
	bounds []uint32 // sorted offsets of the parentheses read, built on first use
	preNum []int32  // after a structural edit: pre-order number of each record (-1: not in the tree), built on first use
	preRec []int32  // after a structural edit: record of each pre-order number, built on first use
	// rootSpans are the spans of the root's properties as the parser of
	// a Reader found them (RootScanner), nil when not kept.
	rootSpans []uint16
}

// Index returns the number of the tree in its input, from 0.
func (t *Tree) Index() int { return t.index }

// LeadBytes returns the grouping of value bytes the tree was read with (from
// its CA, or from Options).
func (t *Tree) LeadBytes() LeadBytes { return t.mode }

// Root returns the first node of the tree. It is the zero Node for a tree
// without nodes (only after a fatal diagnostic).
func (t *Tree) Root() Node {
	if len(t.vars) == 0 || t.vars[0].first < 0 {
		return Node{}
	}
	return Node{t, t.vars[0].first}
}

// NumNodes returns the number of nodes of the tree, deleted ones included.
func (t *Tree) NumNodes() int { return len(t.nodes) }

// Source returns the text of the tree as it was read: the text before it
// since the previous tree, then the tree. It is not changed by edits.
func (t *Tree) Source() []byte { return t.src[t.begin:t.end] }

// Offset returns the input offset of the tree's "(".
func (t *Tree) Offset() int64 {
	if len(t.vars) == 0 || t.vars[0].open >= missingPos {
		return t.base() + int64(t.begin)
	}
	return t.base() + int64(t.vars[0].open)
}

func (t *Tree) base() int64 {
	if t.lines == nil {
		return 0
	}
	return t.lines.base
}

// Position returns the position of an input offset.
func (t *Tree) Position(off int64) Position { return t.lines.position(off) }

// FillPositions sets the Position of each diagnostic of ds whose Offset
// is set (>= 0) to Position(Offset), at less cost when ds is in offset
// order (as a tree's diagnostics are listed): the lines before each are
// counted from the one before it.
func (t *Tree) FillPositions(ds []Diagnostic) { t.lines.fillSorted(ds, true) }

// Modified reports whether the tree was edited since it was read.
func (t *Tree) Modified() bool { return t.edited != nil || t.structural }

// Node returns the node with record number i. For a tree as read, record
// numbers are the pre-order numbers of the specification (root 0, then
// each node in the order it is written).
func (t *Tree) Node(i int) Node {
	if i < 0 || i >= len(t.nodes) {
		return Node{}
	}
	return Node{t, int32(i)}
}

// Nodes walks the tree in pre-order (the order of the file), without
// recursion.
func (t *Tree) Nodes() iter.Seq[Node] {
	return func(yield func(Node) bool) {
		if len(t.vars) == 0 || t.vars[0].first < 0 {
			return
		}
		if !t.structural {
			for i := range t.nodes {
				if !yield(Node{t, int32(i)}) {
					return
				}
			}
			return
		}
		stack := []int32{t.vars[0].first}
		for len(stack) > 0 {
			n := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for {
				if !yield(Node{t, n}) {
					return
				}
				l := t.nodes[n].link
				if l >= 0 {
					n = l
					continue
				}
				if l != noLink {
					mark := len(stack)
					for v := -(l + 1); v >= 0; v = t.vars[v].next {
						stack = append(stack, t.vars[v].first)
					}
					slices.Reverse(stack[mark:])
				}
				break
			}
		}
	}
}

// Node is a node of a Tree: a small handle, compared with ==. The zero Node
// is no node.
type Node struct {
	t *Tree
	i int32
}

// IsZero reports whether n is no node.
func (n Node) IsZero() bool { return n.t == nil }

// Tree returns the tree of the node.
func (n Node) Tree() *Tree { return n.t }

// Index returns the record number of the node (its pre-order number in a
// tree as read).
func (n Node) Index() int { return int(n.i) }

// Preorder returns the node's pre-order number, from 0 at the root, in the
// order the tree prints now: the record number for a tree as read, and
// after a structural edit (AddChild, Promote, a deletion) the number the
// node would have if the printed tree were read again. A deleted node has
// -1. The numbers are found in one walk on first use after an edit.
func (n Node) Preorder() int {
	t := n.t
	if !t.structural {
		return int(n.i)
	}
	t.numberPreorder()
	return int(t.preNum[n.i])
}

// NodeByPreorder returns the node with pre-order number i (see
// Node.Preorder), or the zero Node.
func (t *Tree) NodeByPreorder(i int) Node {
	if !t.structural {
		return t.Node(i)
	}
	t.numberPreorder()
	if i < 0 || i >= len(t.preRec) {
		return Node{}
	}
	return Node{t, t.preRec[i]}
}

// numberPreorder builds preNum and preRec if an edit dropped them.
func (t *Tree) numberPreorder() {
	if t.preNum != nil {
		return
	}
	t.preNum = make([]int32, len(t.nodes))
	for i := range t.preNum {
		t.preNum[i] = -1
	}
	t.preRec = t.preRec[:0]
	for m := range t.Nodes() {
		t.preNum[m.i] = int32(len(t.preRec))
		t.preRec = append(t.preRec, m.i)
	}
}

// Offset returns the input offset of the node's ";" (or of its first
// property when the ";" was missing); -1 for a node added by an edit.
func (n Node) Offset() int64 {
	r := n.t.nodes[n.i]
	if r.start == noPos {
		return -1
	}
	return n.t.base() + int64(r.start)
}

// Position returns the position of the node in the input.
func (n Node) Position() Position {
	off := n.Offset()
	if off < 0 {
		return Position{Offset: -1}
	}
	return n.t.Position(off)
}

// Source returns the node's text as read, trailing white space included.
func (n Node) Source() []byte {
	r := n.t.nodes[n.i]
	if r.start == noPos {
		return nil
	}
	return n.t.src[r.start:n.t.nodeEnd(n.i)]
}

// SourceRest returns the input from the node's start to the start of the
// next node read after it, or to the end of the tree: the node's Source,
// then any parentheses, white space and text before the next node. The
// node's text is its prefix up to the first ";", "(" or ")" outside a
// value. Unlike Source it costs no search; nil for a node added by an edit.
func (n Node) SourceRest() []byte {
	r := n.t.nodes[n.i]
	if r.start == noPos {
		return nil
	}
	end := n.t.end
	if int(n.i)+1 < n.t.parsed {
		end = n.t.nodes[n.i+1].start
	}
	return n.t.src[r.start:end]
}

// nodeEnd returns where the source segment of the parsed node n ends: at
// the next segment's start, which is the next parsed node's start (records
// are in source order) or a "(" or ")" of a variation, whichever comes
// first, or the tree's end.
func (t *Tree) nodeEnd(n int32) uint32 {
	start := t.nodes[n].start
	end := t.end
	if int(n)+1 < t.parsed {
		end = t.nodes[n+1].start
	}
	if t.bounds == nil {
		for _, v := range t.vars {
			if v.open < missingPos {
				t.bounds = append(t.bounds, v.open)
			}
			if v.close < missingPos {
				t.bounds = append(t.bounds, v.close)
			}
		}
		slices.Sort(t.bounds)
		if t.bounds == nil {
			t.bounds = []uint32{}
		}
	}
	k, _ := slices.BinarySearch(t.bounds, start+1)
	if k < len(t.bounds) && t.bounds[k] < end {
		end = t.bounds[k]
	}
	return end
}

// NumChildren returns the number of children.
func (n Node) NumChildren() int {
	l := n.t.nodes[n.i].link
	switch {
	case l == noLink:
		return 0
	case l >= 0:
		return 1
	}
	return int(n.t.vars[-(l + 1)].nkids)
}

// Child returns the k-th child (from 0), or the zero Node.
func (n Node) Child(k int) Node {
	l := n.t.nodes[n.i].link
	switch {
	case l == noLink:
		return Node{}
	case l >= 0:
		if k == 0 {
			return Node{n.t, l}
		}
		return Node{}
	}
	if k >= kidsFrom {
		return n.childFar(k)
	}
	for v := -(l + 1); v >= 0; v = n.t.vars[v].next {
		if k == 0 {
			return Node{n.t, n.t.vars[v].first}
		}
		k--
	}
	return Node{}
}

// kidsFrom is the index of a child from which Child looks it up in a
// table of the node's children (Tree.kids) rather than walking the chain
// of variations: visiting each of a million children by its index then
// takes linear time, not quadratic (issue 13, item 2).
const kidsFrom = 16

// childFar returns the k-th child of a node with variations, from the
// table of its children, made on first use (and dropped by a structural
// edit).
func (n Node) childFar(k int) Node {
	t := n.t
	ks, ok := t.kids[n.i]
	if !ok {
		for c := range n.Children() {
			ks = append(ks, c.i)
		}
		if t.kids == nil {
			t.kids = make(map[int32][]int32)
		}
		t.kids[n.i] = ks
	}
	if k < 0 || k >= len(ks) {
		return Node{}
	}
	return Node{t, ks[k]}
}

// Children yields the children in order: the main line first.
func (n Node) Children() iter.Seq[Node] {
	return func(yield func(Node) bool) {
		l := n.t.nodes[n.i].link
		switch {
		case l == noLink:
			return
		case l >= 0:
			yield(Node{n.t, l})
			return
		}
		for v := -(l + 1); v >= 0; v = n.t.vars[v].next {
			if !yield(Node{n.t, n.t.vars[v].first}) {
				return
			}
		}
	}
}

// InSequence reports whether the node's child continues the node's
// sequence, as in ";B[aa];W[bb]", rather than starting variations in
// parentheses.
func (n Node) InSequence() bool { return n.t.nodes[n.i].link >= 0 }

// NextInSequence returns the node that continues the node's sequence (its
// only child when InSequence is true), or the zero Node when there is none
// (no child, or variations). It is Child(0) for a replay's common case,
// small enough to inline.
func (n Node) NextInSequence() Node {
	if l := n.t.nodes[n.i].link; l >= 0 {
		return Node{n.t, l}
	}
	return Node{}
}

// Parent returns the parent node, or the zero Node for the root.
func (n Node) Parent() Node {
	t := n.t
	if t.parents == nil {
		t.parents = make([]int32, len(t.nodes))
		for i := range t.parents {
			t.parents[i] = -1
		}
		for m := range t.Nodes() {
			for c := range m.Children() {
				t.parents[c.i] = m.i
			}
		}
	}
	p := t.parents[n.i]
	if p < 0 {
		return Node{}
	}
	return Node{t, p}
}

// ChildIndex returns the index of n among its parent's children (0 for
// the first child, the main line, and for the root). The indexes of a tree
// are found in one walk on first use, so that asking every node of a tree
// with a million siblings takes linear time.
func (n Node) ChildIndex() int {
	t := n.t
	if t.childIdx == nil {
		t.childIdx = make([]int32, len(t.nodes))
		for m := range t.Nodes() {
			i := int32(0)
			for c := range m.Children() {
				t.childIdx[c.i] = i
				i++
			}
		}
	}
	return int(t.childIdx[n.i])
}

// Property is a property of a node: its identifier as written and its
// values, read from the source on demand.
type Property struct {
	// ID is the identifier as written, lowercase letters included.
	ID []byte
	// Offset is the input offset of ID, -1 for a property set by an edit.
	Offset int64

	vals   []byte // source from the first "[" to after the last "]"
	valOff int64
	mode   LeadBytes
	one    bool    // vals is one value read whole, "[" to "]": its values need no scan
	set    []Value // values set by an edit
	// at is the input offset of the property read from the input that a
	// property set by an edit took the place of, -1 (or 0 in a zero
	// Property) for none: the printer keeps the text around it.
	at int64
}

// Values yields the values in order.
func (p Property) Values() iter.Seq[Value] {
	return func(yield func(Value) bool) {
		if p.vals == nil {
			for _, v := range p.set {
				if !yield(v) {
					return
				}
			}
			return
		}
		src := p.vals
		for i := 0; i < len(src) && src[i] == '['; {
			end, _ := scanValue(src, i, p.mode)
			if !yield(Value{Raw: src[i+1 : end], Offset: p.valOff + int64(i)}) {
				return
			}
			i = skipSpace(src, end+1)
		}
	}
}

// AppendValues appends the values to dst. With a reused dst it does not
// allocate, whatever the caller's function (range-over-func iterators may
// allocate when the compiler cannot inline them).
func (p Property) AppendValues(dst []Value) []Value {
	if p.vals == nil {
		return append(dst, p.set...)
	}
	if p.one {
		// Most properties have one value: the PropScanner found its end.
		return append(dst, Value{Raw: p.vals[1 : len(p.vals)-1], Offset: p.valOff})
	}
	src := p.vals
	for i := 0; i < len(src) && src[i] == '['; {
		end, _ := scanValue(src, i, p.mode)
		dst = append(dst, Value{Raw: src[i+1 : end], Offset: p.valOff + int64(i)})
		i = skipSpace(src, end+1)
	}
	return dst
}

// NumValues returns the number of values.
func (p Property) NumValues() int {
	if p.vals == nil {
		return len(p.set)
	}
	if p.one {
		return 1
	}
	n := 0
	src := p.vals
	for i := 0; i < len(src) && src[i] == '['; {
		end, _ := scanValue(src, i, p.mode)
		n++
		i = skipSpace(src, end+1)
	}
	return n
}

// Value returns the raw bytes of the first value (escapes intact).
func (p Property) Value() []byte {
	if p.vals == nil {
		if len(p.set) == 0 {
			return nil
		}
		return p.set[0].Raw
	}
	if len(p.vals) == 0 {
		return nil
	}
	end, _ := scanValue(p.vals, 0, p.mode)
	return p.vals[1:end]
}

// Value is a property value: the raw bytes between "[" and "]", escapes
// intact, in the file's charset.
type Value struct {
	Raw []byte
	// Offset is the input offset of the "[", -1 for a value set by an edit.
	Offset int64
}

// SimpleMove reports whether the node, as read and not edited, is one
// property of one upper-case letter with one value of two printable ASCII
// characters (not "\\" or "]") and nothing else: ";B[pd]", the common
// node, at most followed by
// white space before the next node or parenthesis. It returns the
// identifier's letter and the value (a slice of the source), without a
// scan of the node's properties: a replay takes moves this way and the
// rest through Props, which yields the same for such a node. For a node
// as the parser read it the answer is a bit the parser set as it read the
// node: one test.
func (n Node) SimpleMove() (id byte, value []byte, ok bool) {
	t := n.t
	if t.edited != nil {
		if _, e := t.edited[n.i]; e {
			return 0, nil, false
		}
	}
	if int(n.i) < t.parsed {
		// The parser's bit (Tree.simple); a node added by an edit is
		// no such node.
		if w := int(n.i >> 6); w < len(t.simple) && t.simple[w]&(1<<(n.i&63)) != 0 {
			s := int(t.nodes[n.i].start)
			m := t.src[s : s+6 : s+6]
			return m[1], m[3:5:5], true
		}
	}
	return 0, nil, false
}

// SimpleRun returns how many records from i on are nodes that SimpleMove
// takes, each but the last followed by its only child in the same
// sequence (not in a variation of its own): a stretch of a line written
// ";B[pd];W[dd]...", which a reader of every node (sgf.TreeView) takes in
// one go, each node's parent the node before it (a test of the parser's
// bit and of the link a node). Record i's parent is not looked at.
// SimpleRun is 0 for a modified tree, and when record i is no such node.
func (t *Tree) SimpleRun(i int) int { return t.SimpleRunMax(i, t.parsed) }

// SimpleLine is SimpleRun where a node's only child may also be the
// first node of the node's only variation, "(;B[pd](;W[dd]))": a stretch
// of a line whether it is written as one sequence or as variations nested
// one in the other (a line of a game tree written by a program that opens
// a variation for every move). Each node's parent is the node before it.
func (t *Tree) SimpleLine(i int) int { return t.simpleRun(i, t.parsed, true) }

// SimpleRunMax is SimpleRun counting at most max records: a replay that
// steps one node at a time asks for the next few nodes only, so that a
// step into a long line costs as little as a step into a short one.
func (t *Tree) SimpleRunMax(i, max int) int { return t.simpleRun(i, max, false) }

// NumSimple returns the number of nodes that SimpleMove takes, as the
// parser found them: 0 for a modified tree, and for a tree the parser did
// not mark. A reader of every node can size its buffers by it (sgf's
// TreeView gives most such nodes no property view).
func (t *Tree) NumSimple() int {
	if t.edited != nil || t.structural {
		return 0
	}
	n := 0
	for _, w := range t.simple {
		n += bits.OnesCount64(w)
	}
	return n
}

// simpleRun is SimpleRunMax, and SimpleLine when only is set: a node's
// only variation then continues the run as its next node in the sequence
// does.
func (t *Tree) simpleRun(i, max int, only bool) int {
	if t.edited != nil || t.structural || i < 0 || i >= t.parsed || max <= 0 {
		return 0
	}
	end := t.parsed
	if max < end-i {
		end = i + max
	}
	nodes := t.nodes[:end]
	// The parser's bits (Tree.simple): the run of set bits from j on in a
	// word at a time, then the links of those nodes.
	j := i
	words := t.simple
	for j < len(nodes) {
		w := j >> 6
		if w >= len(words) {
			break
		}
		ones := bits.TrailingZeros64(^(words[w] >> (j & 63))) // the set bits from j on in word w
		if ones == 0 {
			break
		}
		stop := min(j+ones, len(nodes))
		for j < stop {
			j++
			if l := nodes[j-1].link; l != int32(j) && (!only || !t.onlyVar(l, j)) {
				return j - i
			}
		}
	}
	return j - i
}

// onlyVar reports whether a node's link l is to its only child variation,
// whose first node is record j.
func (t *Tree) onlyVar(l int32, j int) bool {
	if l >= 0 || l == noLink {
		return false
	}
	v := &t.vars[-(l + 1)]
	return v.nkids == 1 && v.first == int32(j)
}

// SimpleSpan returns how many records from i on, in record order, are
// nodes that SimpleMove takes, whatever their links (SimpleRun follows a
// line): a reader of every record in order (sgf.Decoder.Game) takes them
// without looking at each node's text first. It is 0 for a modified tree
// and when record i is no such node.
func (t *Tree) SimpleSpan(i int) int {
	if t.edited != nil || t.structural || i < 0 || i >= t.parsed {
		return 0
	}
	j := i
	for w := j >> 6; w < len(t.simple); w = j >> 6 {
		ones := bits.TrailingZeros64(^(t.simple[w] >> (j & 63))) // the set bits from j on in word w
		j += ones
		if ones == 0 || j&63 != 0 {
			break
		}
	}
	return min(j, t.parsed) - i
}

// SimpleRunMove returns the identifier, the value and the input offset
// of record i, one of the nodes that SimpleRun counted, straight from the
// node's text: SimpleMove without looking at the node again. For any
// other record the result is meaningless.
func (t *Tree) SimpleRunMove(i int) (id, value []byte, off int64) {
	s := int(t.nodes[i].start)
	m := t.src[s : s+6 : s+6]
	return m[1:2:2], m[3:5:5], t.base() + int64(s)
}

// SimpleRunNode returns record i, one of the nodes that SimpleRun
// counted, with its text (";B[pd]", six bytes) and the input offset of
// the text: Node and SimpleRunMove at once, for a reader that takes each
// node of a run with its move (one look at the record). For any other
// record the text and the offset are meaningless.
func (t *Tree) SimpleRunNode(i int) (n Node, text []byte, off int64) {
	s := int(t.nodes[i].start)
	return Node{t, int32(i)}, t.src[s : s+6 : s+6], t.base() + int64(s)
}

// SimpleRunLetters returns the identifier's letter and the two bytes of
// the value of record i, one of the nodes that SimpleRun counted (";B[pd]":
// 'B', 'p', 'd'): SimpleRunMove for a reader that needs neither slices
// nor the offset (a Go move taken into a brief). For any other record the
// result is meaningless.
func (t *Tree) SimpleRunLetters(i int) (id, v0, v1 byte) {
	s := int(t.nodes[i].start)
	m := t.src[s : s+6 : s+6]
	return m[1], m[3], m[4]
}

// SimpleRunWords stores in dst[k], for each k < len(dst), the bytes 1 to 4
// of the text of record i+k, one of the nodes that SimpleRun counted, in
// the order of the text from the low byte (";B[pd]": 'B', '[', 'p', 'd'):
// SimpleRunLetters for the records of a run at once, whose loads do not
// wait for one another, for a reader that then takes them one by one (a
// replay that moves a node at a time). For any other record the word is
// meaningless.
func (t *Tree) SimpleRunWords(dst []uint32, i int) {
	nodes := t.nodes[i : i+len(dst)]
	dst = dst[:len(nodes)]
	src := t.src
	for k, r := range nodes {
		s := int(r.start)
		dst[k] = binary.LittleEndian.Uint32(src[s+1 : s+5])
	}
}

// The classes of simpleByte.
const (
	simpleID  = 1 // an identifier of one letter: A..Z
	simpleVal = 2 // a byte of a two-byte move value: printable ASCII but "\\" and "]"
	simpleEnd = 4 // the end of a node: ";", "(" or ")"
)

// simpleByte classifies bytes for SimpleMove, one table look-up a test.
var simpleByte = func() (t [256]uint8) {
	for c := 'A'; c <= 'Z'; c++ {
		t[c] |= simpleID
	}
	for c := 0x21; c < 0x80; c++ {
		if c != '\\' && c != ']' {
			t[c] |= simpleVal
		}
	}
	for _, c := range ";()" {
		t[c] |= simpleEnd
	}
	return t
}()

// Props yields the properties of the node in order. Only well-formed
// properties are yielded: an identifier of up to 100 letters and at least
// one value. What the parser reported and ignored is not.
func (n Node) Props() iter.Seq[Property] {
	return func(yield func(Property) bool) {
		t := n.t
		if e := t.edited[n.i]; e != nil {
			for _, p := range e.props {
				if !yield(p) {
					return
				}
			}
			return
		}
		r := t.nodes[n.i]
		if r.start == noPos {
			return
		}
		s, base := NewPropScanner(t.src, int(r.start), t.mode), t.base()
		for id, off := s.Next(); id != nil; id, off = s.Next() {
			var p Property
			scanProp(&p, &s, id, off, base)
			if !yield(p) {
				return
			}
		}
	}
}

// AppendProps appends the properties of the node to dst. With a reused
// dst it does not allocate.
func (n Node) AppendProps(dst []Property) []Property {
	t := n.t
	if e := t.edited[n.i]; e != nil {
		return append(dst, e.props...)
	}
	r := t.nodes[n.i]
	if r.start == noPos {
		return dst
	}
	s, base := NewPropScanner(t.src, int(r.start), t.mode), t.base()
	for id, off := s.Next(); id != nil; id, off = s.Next() {
		// Written in place: an appended Property is built on the stack
		// and copied.
		k := len(dst)
		if k == cap(dst) {
			dst = append(dst, Property{})
		} else {
			dst = dst[:k+1]
		}
		scanProp(&dst[k], &s, id, off, base)
	}
	return dst
}

// Prop returns the first property whose identifier is id as written.
func (n Node) Prop(id string) (Property, bool) {
	for p := range n.Props() {
		if string(p.ID) == id {
			return p, true
		}
	}
	return Property{}, false
}

// scanProp reads the values of the property that s.Next returned, id at
// off, into p (every field written), base being the input offset of the
// scanner's source.
func scanProp(p *Property, s *PropScanner, id []byte, off int, base int64) {
	vs, ve, n := s.first, s.firstEnd+1, 1
	if ve > len(s.src) {
		ve, n = len(s.src), -1
	} else if s.More() {
		m, e := s.Values()
		ve, n = e, n+m
		if m < 0 {
			n = -1
		}
	}
	p.ID, p.Offset = id, base+int64(off)
	p.vals, p.valOff, p.mode, p.one = s.src[vs:ve], base+int64(vs), s.mode, n == 1
	p.set, p.at = nil, 0
}
