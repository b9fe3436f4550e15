package check

import (
	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/value"
)

// hexBoard replays a Hex (GM[11]) tree: stones only, no winner, for the
// occupied-cell rule (C35). Cells are row*cols+col; 1 is black, 2 white.
type hexBoard struct {
	cells []int8
	log   []hexAction
	marks []int
	first []int32 // per node: the cell of the first move on its path, or -1
	moves []int32 // per node: the number of moves on its path
}

type hexAction struct {
	cell int32
	prev int8
}

func (h *hexBoard) set(c int, v int8) {
	h.log = append(h.log, hexAction{int32(c), h.cells[c]})
	h.cells[c] = v
}

func (h *hexBoard) undoTo(mark int) {
	for len(h.log) > mark {
		a := h.log[len(h.log)-1]
		h.cells[a.cell] = a.prev
		h.log = h.log[:len(h.log)-1]
	}
}

// hexPlay replays a Hex tree and reports moves on occupied cells (C35).
// "swap-pieces" replaces the first stone by one of the other colour on the
// mirrored cell; "swap-sides" changes no stone.
func (p *Pass) hexPlay() {
	if p.Game != property.Hex || !p.GoodSize || p.Cols*p.Rows > 1<<20 {
		return
	}
	h := &p.hex
	size := p.Cols * p.Rows
	if cap(h.cells) < size {
		h.cells = make([]int8, size)
	}
	h.cells = h.cells[:size]
	clear(h.cells)
	h.log = h.log[:0]
	h.marks = growInts(h.marks, len(p.Nodes))
	h.first = p.int32sInto(h.first, len(p.Nodes))
	h.moves = p.int32sInto(h.moves, len(p.Nodes))
	for i := range p.Nodes {
		n := &p.Nodes[i]
		h.first[i] = -1
		if n.Parent >= 0 {
			h.undoTo(h.marks[n.Parent])
			h.first[i], h.moves[i] = h.first[n.Parent], h.moves[n.Parent]
		}
		for k := range n.Props {
			pr := &n.Props[k]
			switch pr.ID {
			case "AB", "AW", "AE":
				v := int8(0)
				switch pr.ID {
				case "AB":
					v = 1
				case "AW":
					v = 2
				}
				for _, val := range pr.Values {
					if c, err := value.ParseHexCell(val.Raw); err == nil && hexOn(c, p) {
						h.set(c.Row*p.Cols+c.Col, v)
					}
				}
			case "B", "W":
				if len(pr.Values) == 0 {
					continue
				}
				m, err := value.ParseHexMove(pr.Values[0].Raw)
				if err != nil {
					continue
				}
				h.moves[i]++
				v := int8(1)
				if pr.ID == "W" {
					v = 2
				}
				switch m.Kind {
				case value.HexPlace:
					if !hexOn(m.Cell, p) {
						continue
					}
					c := m.Cell.Row*p.Cols + m.Cell.Col
					if h.cells[c] != 0 {
						p.Report(Diagnostic{Code: CodeOccupied, Position: posAt(pr.Offset), Node: n.Index, Property: pr.ID,
							Message: "forbidden move " + pr.ID + "[" + m.Cell.String() + "] (played on an occupied cell)"})
					}
					h.set(c, v)
					if h.moves[i] == 1 {
						h.first[i] = int32(c)
					}
				case value.HexSwapPieces:
					f := int(h.first[i])
					if f < 0 || h.cells[f] == 0 {
						continue
					}
					col, row := f%p.Cols, f/p.Cols
					if row >= p.Cols || col >= p.Rows {
						continue
					}
					old := h.cells[f]
					h.set(f, 0)
					h.set(col*p.Cols+row, 3-old)
				}
			}
		}
		h.marks[i] = len(h.log)
	}
}
