package sgf

import (
	"iter"
	"strconv"
	"strings"
)

// Parent returns the parent node, or the zero Node for the root.
func (n Node) Parent() Node {
	if n.IsZero() {
		return Node{}
	}
	return n.wrap(n.n.Parent())
}

// Child returns the k-th child (from 0, the main line), or the zero Node.
func (n Node) Child(k int) Node {
	if n.IsZero() {
		return Node{}
	}
	return n.wrap(n.n.Child(k))
}

// NumChildren returns the number of children.
func (n Node) NumChildren() int {
	if n.IsZero() {
		return 0
	}
	return n.n.NumChildren()
}

// Children yields the children in order, the main line first.
func (n Node) Children() iter.Seq[Node] {
	return func(yield func(Node) bool) {
		if n.IsZero() {
			return
		}
		for c := range n.n.Children() {
			if !yield(Node{n.g, c}) {
				return
			}
		}
	}
}

// Variations yields the children with their conventional labels: "A" for
// the first child (the main line), "B" for the first variation, and so on
// (ff4-variations: "Usually the main line is labeled variation "A", the
// first variation "B", the second variation "C" and so on"). After "Z"
// come "AA", "AB", ...
func (n Node) Variations() iter.Seq2[string, Node] {
	return func(yield func(string, Node) bool) {
		i := 0
		for c := range n.Children() {
			if !yield(VariationLabel(i), c) {
				return
			}
			i++
		}
	}
}

// VariationLabel returns the conventional label of the i-th child (from 0):
// "A", "B", ..., "Z", "AA", "AB", ...; "" for a negative i.
func VariationLabel(i int) string {
	if i < 0 {
		return ""
	}
	var buf [16]byte
	k := len(buf)
	for {
		k--
		buf[k] = byte('A' + i%26)
		i = i/26 - 1
		if i < 0 {
			break
		}
	}
	return string(buf[k:])
}

// ChildIndex returns the index of n among its parent's children (0 for the
// main line and for the root).
func (n Node) ChildIndex() int {
	if n.IsZero() {
		return 0
	}
	return n.n.ChildIndex()
}

// Label returns the conventional label of n among its siblings (see
// Node.Variations): "A" for a first child and for the root.
func (n Node) Label() string { return VariationLabel(n.ChildIndex()) }

// Ancestors yields the parent of n, its parent, and so on up to the root.
func (n Node) Ancestors() iter.Seq[Node] {
	return func(yield func(Node) bool) {
		for m := n.Parent(); !m.IsZero(); m = m.Parent() {
			if !yield(m) {
				return
			}
		}
	}
}

// Depth returns the number of ancestors: 0 for the root.
func (n Node) Depth() int {
	d := 0
	for range n.Ancestors() {
		d++
	}
	return d
}

// MainLine yields the root and then each first child: the main line of play.
func (g *Game) MainLine() iter.Seq[Node] { return g.Root().MainLine() }

// MainLine yields n and then each first child below it.
func (n Node) MainLine() iter.Seq[Node] {
	return func(yield func(Node) bool) {
		for m := n; !m.IsZero(); m = m.Child(0) {
			if !yield(m) {
				return
			}
		}
	}
}

// Nodes yields every node of the game in pre-order (the order of the file),
// without recursion.
func (g *Game) Nodes() iter.Seq[Node] {
	return func(yield func(Node) bool) {
		for s := range g.tree.Nodes() {
			if !yield(Node{g, s}) {
				return
			}
		}
	}
}

// Node returns the node with number i (see Node.Number), or the zero Node.
func (g *Game) Node(i int) Node {
	s := g.tree.NodeByPreorder(i)
	if s.IsZero() {
		return Node{}
	}
	return Node{g, s}
}

// NextHotspot returns the first node after from, in pre-order, that is a
// hotspot (HO), and whether there is one. A zero from starts at the root.
func (g *Game) NextHotspot(from Node) (Node, bool) {
	start := 0
	if !from.IsZero() {
		start = from.Number() + 1
	}
	for i := start; i < g.tree.NumNodes(); i++ {
		if n := g.Node(i); !n.IsZero() && n.Has("HO") {
			return n, true
		}
	}
	return Node{}, false
}

// PrevHotspot returns the last node before from, in pre-order, that is a
// hotspot (HO), and whether there is one. A zero from starts at the end.
func (g *Game) PrevHotspot(from Node) (Node, bool) {
	start := g.tree.NumNodes() - 1
	if !from.IsZero() {
		start = from.Number() - 1
	}
	for i := start; i >= 0; i-- {
		if n := g.Node(i); !n.IsZero() && n.Has("HO") {
			return n, true
		}
	}
	return Node{}, false
}

// hasGameInfo reports whether n holds a game-info property.
func (n Node) hasGameInfo() bool {
	for p := range n.n.Props() {
		if isGameInfo(p.ID) {
			return true
		}
	}
	return false
}

// InfoNode returns the game-info node of the main line: the first node of
// the main line that holds a game-info property.
func (g *Game) InfoNode() (Node, bool) {
	for n := range g.MainLine() {
		if n.hasGameInfo() {
			return n, true
		}
	}
	return Node{}, false
}

// InfoNode returns the game-info node on the path from the root to n (n
// itself included): ff4-basics, "There may be only one game-info node on
// any path within the tree". In a merged collection of games it tells which
// game a node belongs to. A root with game information is the game-info
// node of every node, found without walking up the path (a second one
// further down, against the specification, is not looked for: sgf check
// reports it).
func (n Node) InfoNode() (Node, bool) {
	if n.IsZero() {
		return Node{}, false
	}
	// Most games hold their game information in the root, which is then
	// the game-info node of every path: no walk up a long main line.
	if root := n.g.Root(); root.hasGameInfo() {
		return root, true
	}
	for m := n; !m.IsZero(); m = m.Parent() {
		if m.hasGameInfo() {
			return m, true
		}
	}
	return Node{}, false
}

// Path is the address of a node in its game tree: the steps from the root,
// in a compact form. Its text form has the grammar
//
//	path  = run { "." child "." run }
//	run   = digits   ; so many steps down along first children
//	child = digits   ; one step down to the child with this index (0 is "A")
//
// A final run of 0 may be left out: "10.1" is "10.1.0".
// So "0" is the root, "12" the node 12 steps down the main line, and
// "10.1.5" the node reached by going 10 steps down the main line, then to the
// second child ("B") of the node there, then 5 steps down that variation's
// own first children. Every node has one canonical path, in which each
// child is at least 1; ParsePath also accepts a child of 0 (it is merged into
// the runs). A path names the same node as long as the tree's structure is
// not changed, which no edit of this package does. The zero Path is the
// root's.
type Path struct {
	// steps alternates runs and child indexes: run0, child1, run1, ...
	steps []int
}

// Path returns the canonical path of n.
func (n Node) Path() Path {
	var idx []int // child indexes, from n up
	for m := n; ; {
		p := m.Parent()
		if p.IsZero() {
			break
		}
		idx = append(idx, m.ChildIndex())
		m = p
	}
	steps := []int{0}
	for i := len(idx) - 1; i >= 0; i-- {
		if idx[i] == 0 {
			steps[len(steps)-1]++
			continue
		}
		steps = append(steps, idx[i], 0)
	}
	return Path{steps}
}

// ParsePath parses the text form of a path (see Path). The error wraps
// ErrPath.
func ParsePath(s string) (Path, error) {
	parts := strings.Split(s, ".")
	if len(parts)%2 == 0 {
		parts = append(parts, "0") // "10.1" is "10.1.0"
	}
	steps := make([]int, 0, len(parts))
	for i, part := range parts {
		if part == "" || len(part) > 18 || strings.TrimLeft(part, "0123456789") != "" {
			return Path{}, newError("ParsePath", "", []byte(s), ErrPath, nil)
		}
		v, _ := strconv.Atoi(part)
		switch {
		case i == 0:
			steps = append(steps, v)
		case i%2 == 1 && v == 0:
			// child 0: one more step along the first children
			steps[len(steps)-1]++
		case i%2 == 1:
			steps = append(steps, v, 0)
		default:
			steps[len(steps)-1] += v
		}
	}
	return Path{steps}, nil
}

// String returns the text form of p; the zero Path is the root, "0".
func (p Path) String() string {
	if len(p.steps) == 0 {
		return "0"
	}
	var b []byte
	for i, s := range p.steps {
		if i > 0 {
			b = append(b, '.')
		}
		b = strconv.AppendInt(b, int64(s), 10)
	}
	return string(b)
}

// Depth returns the number of steps of p: the depth of its node.
func (p Path) Depth() int {
	d := 0
	for i, s := range p.steps {
		if i%2 == 1 {
			d++ // one step to a child
		} else {
			d += s
		}
	}
	return d
}

// NodeAt returns the node at path p, or an error wrapping ErrNoNode.
func (g *Game) NodeAt(p Path) (Node, error) {
	n := g.Root()
	if n.IsZero() {
		return Node{}, newError("NodeAt", "", []byte(p.String()), ErrNoNode, nil)
	}
	for i, s := range p.steps {
		if i%2 == 1 {
			n = n.Child(s)
		} else {
			for k := 0; k < s && !n.IsZero(); k++ {
				n = n.Child(0)
			}
		}
		if n.IsZero() {
			return Node{}, newError("NodeAt", "", []byte(p.String()), ErrNoNode, nil)
		}
	}
	return n, nil
}
