package check

import (
	"github.com/sgf-toolkit/sgf/games"
	_ "github.com/sgf-toolkit/sgf/games/hex" // the board of GM[11]
	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/value"
)

// boardReplay is the walk of a tree of a game other than Go on the board
// its package registered (games.Board: games/hex for Hex), for the
// occupied-point rule (C35). Go has its own walk (goPlay), which its
// other rules need.
type boardReplay struct {
	board      games.Board
	gm         property.Game
	cols, rows int
	marks      []int // per node: the board's history after it
}

// hexPlay replays a tree of a game with a registered board (Hex) and
// reports moves on occupied cells (C35), as the board executes them: a
// Hex "swap-pieces" mirrors the stone and changes its colour, so a later
// move on the first stone's cell is no fault.
func (p *Pass) hexPlay() {
	if p.Game == property.Go || !p.GoodSize || !games.Registered(int(p.Game)) {
		return
	}
	r := &p.hex
	if r.board == nil || r.gm != p.Game || r.cols != p.Cols || r.rows != p.Rows {
		b, err := games.NewBoard(int(p.Game), p.Cols, p.Rows)
		if err != nil {
			return // no board for the game, or a size it does not take
		}
		r.board, r.gm, r.cols, r.rows = b, p.Game, p.Cols, p.Rows
	} else {
		r.board.Reset()
	}
	b := r.board
	r.marks = growInts(r.marks, len(p.Nodes))
	for i := range p.Nodes {
		n := &p.Nodes[i]
		if n.Parent >= 0 {
			b.UndoTo(r.marks[n.Parent])
		}
		for k := range n.Props {
			pr := &n.Props[k]
			switch pr.ID {
			case "AB", "AW", "AE":
				c := setupColor[pr.ID]
				for _, v := range pr.Values {
					b.SetupSGF(c, v.Raw)
				}
			case "B", "W":
				if len(pr.Values) == 0 {
					continue
				}
				raw := pr.Values[0].Raw
				if b.PlaySGF(value.Color(pr.ID[0]), raw)&games.RuleOccupied != 0 {
					name := string(raw)
					if p.Game == property.Hex {
						if m, err := value.ParseHexMove(raw); err == nil {
							name = m.Cell.String()
						}
					}
					p.Report(Diagnostic{Code: CodeOccupied, Position: posAt(pr.Offset), Node: int(n.Index), Property: pr.ID,
						Message: "forbidden move " + pr.ID + "[" + name + "] (played on an occupied cell)"})
				}
			}
		}
		r.marks[i] = b.History()
	}
}

// setupColor is the colour each setup property puts on its points.
var setupColor = map[string]value.Color{"AB": value.Black, "AW": value.White, "AE": 0}
