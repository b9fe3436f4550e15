package syntax

import "slices"

// Structural edits. A node's children are either one node continuing its
// sequence (link >= 0) or a chain of variations (link < 0). Edits relink
// records and add new ones; nothing is moved, so every unedited node still
// prints from its source segment. Variations made by an edit have no
// source parentheses and print "(" and ")".

func (t *Tree) touch() {
	t.touchKeepParents()
	t.parents = nil
}

// touchKeepParents marks a structural edit that changed no remaining
// node's parent (a deletion), so that the parents stay known.
func (t *Tree) touchKeepParents() {
	t.structural = true
	t.childIdx = nil
	t.kids = nil
	t.preNum = nil
}

// newRec adds a node made by an edit, with no properties.
func (t *Tree) newRec() int32 {
	t.nodes = append(t.nodes, nodeRec{start: noPos, link: noLink})
	n := int32(len(t.nodes) - 1)
	if t.edited == nil {
		t.edited = make(map[int32]*editedNode)
	}
	t.edited[n] = &editedNode{}
	return n
}

func (t *Tree) newVar(first int32) int32 {
	v := int32(len(t.vars))
	t.vars = append(t.vars, varRec{first: first, next: -1, open: noPos, openEnd: noPos, close: noPos, closeEnd: noPos, nkids: 1, last: v})
	return v
}

// childVars returns the variations of n as a slice, turning a sequence
// child into a variation first.
func (t *Tree) childVars(n int32) []int32 {
	l := t.nodes[n].link
	switch {
	case l == noLink:
		return nil
	case l >= 0:
		v := t.newVar(l)
		t.nodes[n].link = -(v + 1)
		return []int32{v}
	}
	var vs []int32
	for v := -(l + 1); v >= 0; v = t.vars[v].next {
		vs = append(vs, v)
	}
	return vs
}

// setChildVars makes vs the children of n. One variation that was made by
// an edit becomes a sequence child again.
func (t *Tree) setChildVars(n int32, vs []int32) {
	switch {
	case len(vs) == 0:
		t.nodes[n].link = noLink
		return
	case len(vs) == 1 && t.vars[vs[0]].open == noPos && t.vars[vs[0]].close == noPos:
		t.nodes[n].link = t.vars[vs[0]].first
		return
	}
	for i, v := range vs {
		if i+1 < len(vs) {
			t.vars[v].next = vs[i+1]
		} else {
			t.vars[v].next = -1
		}
	}
	t.nodes[n].link = -(vs[0] + 1)
	t.vars[vs[0]].nkids, t.vars[vs[0]].last = int32(len(vs)), vs[len(vs)-1]
}

func (n Node) check(op string) error {
	if n.t == nil {
		return &EditError{op, "zero Node"}
	}
	return nil
}

// AddChild adds a new node without properties as the last child of n and
// returns it.
func (n Node) AddChild() (Node, error) {
	if err := n.check("AddChild"); err != nil {
		return Node{}, err
	}
	t := n.t
	c := t.newRec()
	switch l := t.nodes[n.i].link; {
	case l == noLink:
		t.nodes[n.i].link = c
	case l < 0:
		// append to the chain without walking it
		v := t.newVar(c)
		head := &t.vars[-(l + 1)]
		t.vars[head.last].next = v
		head.last = v
		head.nkids++
	default:
		vs := t.childVars(n.i)
		t.setChildVars(n.i, append(vs, t.newVar(c)))
	}
	t.touch()
	return Node{t, c}, nil
}

// InsertAfter inserts a new node without properties between n and its
// children, and returns it.
func (n Node) InsertAfter() (Node, error) {
	if err := n.check("InsertAfter"); err != nil {
		return Node{}, err
	}
	t := n.t
	c := t.newRec()
	t.nodes[c].link = t.nodes[n.i].link
	t.nodes[n.i].link = c
	t.touch()
	return Node{t, c}, nil
}

// childIndex returns which child of p the node c is.
func (t *Tree) childIndex(p, c int32) int {
	if t.childIdx != nil {
		return int(t.childIdx[c])
	}
	k := 0
	for ch := range (Node{t, p}).Children() {
		if ch.i == c {
			return k
		}
		k++
	}
	return -1
}

// MoveChild moves the child at index from to index to among n's children
// (0 is the main line).
func (n Node) MoveChild(from, to int) error {
	if err := n.check("MoveChild"); err != nil {
		return err
	}
	t := n.t
	k := n.NumChildren()
	if from < 0 || from >= k || to < 0 || to >= k {
		return &EditError{"MoveChild", "child index out of range"}
	}
	if from == to {
		return nil
	}
	vs := t.childVars(n.i)
	v := vs[from]
	vs = append(vs[:from], vs[from+1:]...)
	vs = append(vs[:to], append([]int32{v}, vs[to:]...)...)
	t.setChildVars(n.i, vs)
	t.touchKeepParents()
	return nil
}

// Promote makes the variation that contains n the main line at every
// branch between the root and n.
func (n Node) Promote() error {
	if err := n.check("Promote"); err != nil {
		return err
	}
	for c := n; ; {
		p := c.Parent()
		if p.IsZero() {
			return nil
		}
		if k := n.t.childIndex(p.i, c.i); k > 0 {
			if err := p.MoveChild(k, 0); err != nil {
				return err
			}
		}
		c = p
	}
}

// TruncateChildren keeps the first k children of n and removes the others
// and everything below them, in time linear in the number of children
// (deleting them one by one with Delete takes time quadratic in it).
func (n Node) TruncateChildren(k int) error {
	if err := n.check("TruncateChildren"); err != nil {
		return err
	}
	if k < 0 {
		return &EditError{"TruncateChildren", "negative number of children"}
	}
	if k >= n.NumChildren() {
		return nil
	}
	t := n.t
	if t.parents != nil {
		i := 0
		for c := range n.Children() {
			if i >= k {
				t.parents[c.i] = -1
			}
			i++
		}
	}
	if k == 0 || t.nodes[n.i].link >= 0 {
		t.nodes[n.i].link = noLink
	} else {
		vs := t.childVars(n.i)
		t.setChildVars(n.i, vs[:k])
	}
	t.touchKeepParents()
	return nil
}

// Delete removes n and everything below it. The root cannot be deleted.
func (n Node) Delete() error {
	if err := n.check("Delete"); err != nil {
		return err
	}
	t := n.t
	p := n.Parent()
	if p.IsZero() {
		return &EditError{"Delete", "the root of a game tree cannot be deleted"}
	}
	if t.nodes[p.i].link == n.i {
		t.nodes[p.i].link = noLink
	} else {
		vs := t.childVars(p.i)
		k := t.childIndex(p.i, n.i)
		t.setChildVars(p.i, append(vs[:k], vs[k+1:]...))
	}
	t.touchKeepParents()
	t.parents[n.i] = -1
	return nil
}

// Splice removes the node n alone: its children take its place among its
// parent's children. The root cannot be spliced out.
func (n Node) Splice() error {
	if err := n.check("Splice"); err != nil {
		return err
	}
	t := n.t
	p := n.Parent()
	if p.IsZero() {
		return &EditError{"Splice", "the root of a game tree cannot be removed"}
	}
	if t.nodes[p.i].link == n.i {
		t.nodes[p.i].link = t.nodes[n.i].link
		t.touch()
		return nil
	}
	vs := t.childVars(p.i)
	k := t.childIndex(p.i, n.i)
	var repl []int32
	switch l := t.nodes[n.i].link; {
	case l == noLink:
	case l >= 0:
		// The variation now starts at n's child: its "(" still prints.
		t.vars[vs[k]].first = l
		repl = []int32{vs[k]}
	default:
		repl = t.childVars(n.i)
	}
	out := append(append(append([]int32{}, vs[:k]...), repl...), vs[k+1:]...)
	t.setChildVars(p.i, out)
	t.touch()
	return nil
}

// Graft copies the subtree rooted at src (of this or another tree) and
// adds the copy as the last child of n. It returns the copy's root.
func (n Node) Graft(src Node) (Node, error) {
	if err := n.check("Graft"); err != nil {
		return Node{}, err
	}
	if src.t == nil {
		return Node{}, &EditError{"Graft", "zero source Node"}
	}
	// First list the source subtree in pre-order with each node's parent
	// in the list (so that grafting a subtree under itself terminates),
	// then build the copy from the list.
	type item struct {
		from   Node
		parent int // index in list, -1 for the subtree's root
	}
	list := []item{}
	stack := []item{{src, -1}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		idx := len(list)
		list = append(list, it)
		mark := len(stack)
		for ch := range it.from.Children() {
			stack = append(stack, item{ch, idx})
		}
		slices.Reverse(stack[mark:])
	}
	copies := make([]Node, len(list))
	for i, it := range list {
		to := n
		if it.parent >= 0 {
			to = copies[it.parent]
		}
		c, err := to.AddChild()
		if err != nil {
			return Node{}, err
		}
		copies[i] = c
		e := c.t.edited[c.i]
		for p := range it.from.Props() {
			var vals []Value
			for v := range p.Values() {
				vals = append(vals, Value{Raw: append([]byte(nil), v.Raw...), Offset: -1})
			}
			e.props = append(e.props, Property{ID: append([]byte(nil), p.ID...), Offset: -1, set: vals})
		}
	}
	return copies[0], nil
}

// AppendSubtree appends the subtree rooted at n as the text of a game tree
// in canonical form, so that it can be parsed on its own (to cut a
// subtree: AppendSubtree, then Delete).
func (n Node) AppendSubtree(dst []byte) []byte {
	f, _ := Parse([]byte("(;)"), nil)
	r := f.Trees[0].Root()
	c, err := r.Graft(n)
	if err != nil {
		return dst
	}
	// Make the copy the tree: the new root is c.
	t := f.Trees[0]
	t.vars[0].first = c.i
	t.touch()
	return FormatTree(dst, t)
}
