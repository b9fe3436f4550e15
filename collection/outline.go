package collection

import (
	"iter"
	"slices"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/syntax"
)

// A Segment is a run of nodes of a game tree with no branching inside: it
// starts at the root or at a variation and ends at a node with no child or
// with two or more (the variations that follow).
type Segment struct {
	Depth      int    // variations entered from the root: 0 on the main line
	Label      string // the variation's label among its siblings: "A" (the main line), "B", ...; "" for the root's segment
	First      int    // number of the first node, in pre-order from 0 (the root)
	Last       int    // number of the last node
	FirstMove  int    // move number of the first move of the segment, 0 if it has none
	LastMove   int    // move number of its last move
	FirstPlay  string // the first move as written, "B[pd]"; "" if none
	LastPlay   string // the last move
	Variations int    // children of the last node when two or more, else 0
}

// Outline yields the segments of a game tree in pre-order (the order of the
// file), without recursion. Move numbers count the B and W properties from
// the root; MN sets the number of the move in its node.
func Outline(t *syntax.Tree) iter.Seq[Segment] {
	return func(yield func(Segment) bool) {
		root := t.Root()
		if root.IsZero() {
			return
		}
		type item struct {
			n     syntax.Node
			depth int
			label string
			moves int // move number before n
		}
		stack := []item{{n: root}}
		number := 0
		for len(stack) > 0 {
			it := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			s := Segment{Depth: it.depth, Label: it.label, First: number}
			moves := it.moves
			n := it.n
			for {
				number++
				mv, mn := "", -1
				for p := range n.Props() {
					switch string(p.ID) {
					case "B", "W":
						mv = string(appendProp(nil, p))
					case "MN":
						// as the Cursor reads it (sgf.Value.Number)
						if v, ok := (&sgf.Value{Raw: p.Value()}).Number(); ok {
							mn = v
						}
					}
				}
				if mv != "" {
					moves++
					if mn >= 0 {
						moves = mn
					}
					if s.FirstPlay == "" {
						s.FirstPlay, s.FirstMove = mv, moves
					}
					s.LastPlay, s.LastMove = mv, moves
				}
				if n.NumChildren() != 1 {
					break
				}
				n = n.Child(0)
			}
			s.Last = number - 1
			if k := n.NumChildren(); k > 1 {
				s.Variations = k
				mark, i := len(stack), 0
				for c := range n.Children() {
					stack = append(stack, item{n: c, depth: it.depth + 1, label: sgf.VariationLabel(i), moves: moves})
					i++
				}
				slices.Reverse(stack[mark:])
			}
			if !yield(s) {
				return
			}
		}
	}
}
