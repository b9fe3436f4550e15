package sgf

// Structural edits. Each wraps the syntax layer's edit of the same name,
// so the lossless guarantee holds: unedited nodes print from the source.

// AddChild adds a new empty node as the last child of n and returns it.
func (n Node) AddChild() (Node, error) {
	if n.IsZero() {
		return Node{}, newError("AddChild", "", nil, ErrNoNode, nil)
	}
	c, err := n.n.AddChild()
	if err != nil {
		return Node{}, newError("AddChild", "", nil, ErrEdit, err)
	}
	return Node{n.g, c}, nil
}

// InsertAfter inserts a new empty node between n and its children and
// returns it.
func (n Node) InsertAfter() (Node, error) {
	if n.IsZero() {
		return Node{}, newError("InsertAfter", "", nil, ErrNoNode, nil)
	}
	c, err := n.n.InsertAfter()
	if err != nil {
		return Node{}, newError("InsertAfter", "", nil, ErrEdit, err)
	}
	return Node{n.g, c}, nil
}

// MoveChild moves the child at index from to index to (0 is the main
// line): to reorder variations.
func (n Node) MoveChild(from, to int) error {
	if n.IsZero() {
		return newError("MoveChild", "", nil, ErrNoNode, nil)
	}
	if err := n.n.MoveChild(from, to); err != nil {
		return newError("MoveChild", "", nil, ErrEdit, err)
	}
	return nil
}

// Promote makes the variation that holds n the main line at every branch
// above it.
func (n Node) Promote() error {
	if n.IsZero() {
		return newError("Promote", "", nil, ErrNoNode, nil)
	}
	if err := n.n.Promote(); err != nil {
		return newError("Promote", "", nil, ErrEdit, err)
	}
	return nil
}

// Remove deletes n and everything below it (the root cannot be removed).
// To delete a property, use Delete.
func (n Node) Remove() error {
	if n.IsZero() {
		return newError("Remove", "", nil, ErrNoNode, nil)
	}
	if err := n.n.Delete(); err != nil {
		return newError("Remove", "", nil, ErrEdit, err)
	}
	return nil
}

// Splice deletes n alone; its children take its place.
func (n Node) Splice() error {
	if n.IsZero() {
		return newError("Splice", "", nil, ErrNoNode, nil)
	}
	if err := n.n.Splice(); err != nil {
		return newError("Splice", "", nil, ErrEdit, err)
	}
	return nil
}

// Graft copies the subtree at src (of any game of the same charset) as
// the last child of n and returns the copy's root. Raw values are copied
// as they are: across games of different charsets, convert first.
func (n Node) Graft(src Node) (Node, error) {
	if n.IsZero() || src.IsZero() {
		return Node{}, newError("Graft", "", nil, ErrNoNode, nil)
	}
	c, err := n.n.Graft(src.n)
	if err != nil {
		return Node{}, newError("Graft", "", nil, ErrEdit, err)
	}
	return Node{n.g, c}, nil
}
