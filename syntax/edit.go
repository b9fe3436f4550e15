package syntax

import (
	"errors"
	"fmt"
)

// editedNode holds the properties of a node changed by an edit.
type editedNode struct {
	props []Property
}

// ErrEdit is wrapped by the errors of the editing methods.
var ErrEdit = errors.New("sgf edit")

// EditError is an edit that cannot be made.
type EditError struct {
	Op  string
	Msg string
}

func (e *EditError) Error() string { return fmt.Sprintf("sgf: %s: %s", e.Op, e.Msg) }

// Unwrap returns ErrEdit.
func (e *EditError) Unwrap() error { return ErrEdit }

func validIdent(id string) bool {
	if id == "" || len(id) > maxIdentLen {
		return false
	}
	upper := false
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !isLetter(c) {
			return false
		}
		if c <= 'Z' {
			upper = true
		}
	}
	return upper
}

// validRaw reports whether raw can stand between "[" and "]": every "]" is
// escaped and it does not end in an unpaired "\".
func validRaw(raw []byte, mode LeadBytes) bool {
	buf := make([]byte, 0, len(raw)+2)
	buf = append(buf, '[')
	buf = append(buf, raw...)
	buf = append(buf, ']')
	end, ok := scanValue(buf, 0, mode)
	return ok && end == len(buf)-1
}

// materialize makes the node's properties editable.
func (n Node) materialize() *editedNode {
	t := n.t
	if e := t.edited[n.i]; e != nil {
		return e
	}
	e := &editedNode{}
	for p := range n.Props() {
		e.props = append(e.props, p)
	}
	if t.edited == nil {
		t.edited = make(map[int32]*editedNode)
	}
	t.edited[n.i] = e
	return e
}

// SetProp sets the property id (as written) to the raw values, replacing
// the first property of that id if the node has one (in its place) or
// adding it at the end. Further properties of the same id (which FF[4]
// forbids, and files have) are left as they are: DeleteProp them, or merge
// their values first. Raw values are written between "[" and "]" as they are: "]"
// and "\" must be escaped by the caller (package value does it).
func (n Node) SetProp(id string, raw ...[]byte) error {
	p, err := n.newProp("SetProp", id, raw)
	if err != nil {
		return err
	}
	e := n.materialize()
	for i := range e.props {
		if string(e.props[i].ID) == id {
			p.at = e.props[i].place()
			e.props[i] = p
			return nil
		}
	}
	e.props = append(e.props, p)
	return nil
}

// newProp checks the identifier and raw values of a property to be set by
// the edit op, and returns it with copies of the values.
func (n Node) newProp(op, id string, raw [][]byte) (Property, error) {
	if !validIdent(id) {
		return Property{}, &EditError{op, fmt.Sprintf("%q is not a property identifier", id)}
	}
	if len(raw) == 0 {
		return Property{}, &EditError{op, "a property needs at least one value"}
	}
	vals := make([]Value, len(raw))
	for i, r := range raw {
		if !validRaw(r, n.t.mode) {
			return Property{}, &EditError{op, fmt.Sprintf("value %q has an unescaped \"]\" or ends in \"\\\"", r)}
		}
		vals[i] = Value{Raw: append([]byte(nil), r...), Offset: -1}
	}
	return Property{ID: []byte(id), Offset: -1, set: vals, at: -1}, nil
}

// place returns the input offset of the property as read that p stands
// for: its own Offset, or the one it took the place of; -1 for none.
func (p Property) place() int64 {
	if p.Offset >= 0 {
		return p.Offset
	}
	if p.set != nil && p.at > 0 {
		return p.at
	}
	return -1
}

// AddProp adds the property id (as written) with the raw values at the
// end of the node's properties, even when the node has one of that id
// already (for rebuilding a node property by property, repeats kept).
func (n Node) AddProp(id string, raw ...[]byte) error {
	p, err := n.newProp("AddProp", id, raw)
	if err != nil {
		return err
	}
	e := n.materialize()
	e.props = append(e.props, p)
	return nil
}

// ReplaceProps sets the property id (as written) to the raw values in the
// place of the first property for which match reports true, and deletes
// the other ones; with none it adds the property at the end. It is SetProp
// for a property that may be written more than once, or in other
// spellings (FF[3] "CoPyright" for "CP").
func (n Node) ReplaceProps(id string, match func(id []byte) bool, raw ...[]byte) error {
	p, err := n.newProp("ReplaceProps", id, raw)
	if err != nil {
		return err
	}
	e := n.materialize()
	kept := e.props[:0]
	done := false
	for _, q := range e.props {
		switch {
		case !match(q.ID):
			kept = append(kept, q)
		case !done:
			p.at = q.place()
			kept = append(kept, p)
			done = true
		}
	}
	if !done {
		kept = append(kept, p)
	}
	e.props = kept
	return nil
}

// DeleteProp deletes the properties with the identifier id (as written)
// and reports whether there was one.
func (n Node) DeleteProp(id string) bool {
	if _, ok := n.Prop(id); !ok {
		return false
	}
	e := n.materialize()
	kept := e.props[:0]
	for _, p := range e.props {
		if string(p.ID) != id {
			kept = append(kept, p)
		}
	}
	e.props = kept
	return true
}
