package sgf

import (
	"strconv"
	"strings"
)

// NodeRef is the one way nodes are named in text by this module and its
// commands: `sgf tree` prints node numbers, and `sgf show --node`, the
// diagrams, the viewer and the search hits all read and write NodeRefs, so
// that a number or a path copied from one works in every other.
//
// A NodeRef is either
//
//   - a node number: digits only, such as "13", the node's pre-order number
//     from 0, the root (Node.Number: the order the nodes are written in the
//     file, as `sgf tree` prints them in "nodes 13-20"); or
//   - a Path: digits with dots, such as "10.1.5" (ten steps down the main
//     line, to the second variation, five steps down it; see Path).
//
// The two agree wherever both name a node: pre-order visits the main line
// first, so the node d steps down the main line has number d, which is also
// its path "d". A number past the end of the main line names a node in a
// variation, where the path "d" would name none. The zero NodeRef is the
// root, number 0.
type NodeRef struct {
	num    int  // the node number, when !isPath
	path   Path // the path, when isPath
	isPath bool
}

// ParseNodeRef parses a node number ("13") or a node path ("10.1.5"). The
// error wraps ErrPath.
func ParseNodeRef(s string) (NodeRef, error) {
	if !strings.Contains(s, ".") {
		if s == "" || len(s) > 18 || strings.TrimLeft(s, "0123456789") != "" {
			return NodeRef{}, newError("ParseNodeRef", "", []byte(s), ErrPath, nil)
		}
		v, _ := strconv.Atoi(s)
		return NodeRef{num: v}, nil
	}
	p, err := ParsePath(s)
	if err != nil {
		return NodeRef{}, newError("ParseNodeRef", "", []byte(s), ErrPath, nil)
	}
	return NodeRef{path: p, isPath: true}, nil
}

// NumberRef returns the NodeRef of the node with number i (see
// Node.Number).
func NumberRef(i int) NodeRef { return NodeRef{num: i} }

// PathRef returns the NodeRef of the node at path p.
func PathRef(p Path) NodeRef { return NodeRef{path: p, isPath: true} }

// Ref returns the NodeRef by which n is named in messages: its number.
func (n Node) Ref() NodeRef { return NodeRef{num: n.Number()} }

// Number returns the node number of r, and false if r is a path.
func (r NodeRef) Number() (int, bool) { return r.num, !r.isPath }

// Path returns the path of r, and false if r is a node number.
func (r NodeRef) Path() (Path, bool) { return r.path, r.isPath }

// String returns the text form of r, which ParseNodeRef reads back: the
// number, or the path's text form.
func (r NodeRef) String() string {
	if r.isPath {
		return r.path.String()
	}
	return strconv.Itoa(r.num)
}

// NodeByRef returns the node that r names in g, or an error wrapping
// ErrNoNode.
func (g *Game) NodeByRef(r NodeRef) (Node, error) {
	if r.isPath {
		return g.NodeAt(r.path)
	}
	if n := g.Node(r.num); !n.IsZero() {
		return n, nil
	}
	return Node{}, newError("NodeByRef", "", []byte(r.String()), ErrNoNode, nil)
}
