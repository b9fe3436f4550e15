package sgf

import "github.com/sgf-toolkit/sgf/syntax"

// Structural edits. Each wraps the syntax layer's edit of the same name,
// so the lossless guarantee holds: unedited nodes print from the source.

// edit runs the syntax layer's edit f on n; op names the edit in the
// error: ErrNoNode for the zero Node, ErrEdit for an edit that failed.
func (n Node) edit(op string, f func(syntax.Node) error) error {
	if n.IsZero() {
		return newError(op, "", nil, ErrNoNode, nil)
	}
	if err := f(n.n); err != nil {
		return newError(op, "", nil, ErrEdit, err)
	}
	return nil
}

// add is edit for an edit that makes a node, which it returns.
func (n Node) add(op string, f func(syntax.Node) (syntax.Node, error)) (Node, error) {
	var c syntax.Node
	err := n.edit(op, func(s syntax.Node) (err error) {
		c, err = f(s)
		return err
	})
	if err != nil {
		return Node{}, err
	}
	return Node{n.g, c}, nil
}

// AddChild adds a new empty node as the last child of n and returns it.
func (n Node) AddChild() (Node, error) { return n.add("AddChild", syntax.Node.AddChild) }

// InsertAfter inserts a new empty node between n and its children and
// returns it.
func (n Node) InsertAfter() (Node, error) { return n.add("InsertAfter", syntax.Node.InsertAfter) }

// MoveChild moves the child at index from to index to (0 is the main
// line): to reorder variations.
func (n Node) MoveChild(from, to int) error {
	return n.edit("MoveChild", func(s syntax.Node) error { return s.MoveChild(from, to) })
}

// Promote makes the variation that holds n the main line at every branch
// above it.
func (n Node) Promote() error { return n.edit("Promote", syntax.Node.Promote) }

// Remove deletes n and everything below it (the root cannot be removed).
// To delete a property, use Delete.
func (n Node) Remove() error { return n.edit("Remove", syntax.Node.Delete) }

// Splice deletes n alone; its children take its place.
func (n Node) Splice() error { return n.edit("Splice", syntax.Node.Splice) }

// Graft copies the subtree at src (of any game of the same charset) as
// the last child of n and returns the copy's root. Raw values are copied
// as they are: across games of different charsets, convert first.
func (n Node) Graft(src Node) (Node, error) {
	if src.IsZero() {
		return Node{}, newError("Graft", "", nil, ErrNoNode, nil)
	}
	return n.add("Graft", func(s syntax.Node) (syntax.Node, error) { return s.Graft(src.n) })
}
