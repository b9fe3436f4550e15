package games_test

import (
	"errors"
	"fmt"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/games"
	"github.com/sgf-toolkit/sgf/value"
)

// gomoku is a third game for the cursor: Gomoku and Renju (GM[4]), whose
// stones are placed and never taken. Its board is all it takes.
type gomoku struct {
	cols, rows int
	cells      []value.Color
	toPlay     value.Color
	log        []change
}

type change struct {
	cell   int // -1: the player to move changed
	prev   value.Color
	player value.Color
}

func newGomoku(cols, rows int) (games.Board, error) {
	if cols < 1 || rows < 1 || cols > 52 || rows > 52 {
		return nil, fmt.Errorf("gomoku: size %dx%d", cols, rows)
	}
	return &gomoku{cols: cols, rows: rows, cells: make([]value.Color, cols*rows), toPlay: value.Black}, nil
}

func (g *gomoku) Reset() {
	clear(g.cells)
	g.log, g.toPlay = g.log[:0], value.Black
}

func (g *gomoku) History() int { return len(g.log) }

func (g *gomoku) UndoTo(mark int) {
	for len(g.log) > mark {
		ch := g.log[len(g.log)-1]
		if ch.cell >= 0 {
			g.cells[ch.cell] = ch.prev
		}
		g.toPlay = ch.player
		g.log = g.log[:len(g.log)-1]
	}
}

func (g *gomoku) set(i int, c value.Color) {
	g.log = append(g.log, change{i, g.cells[i], g.toPlay})
	g.cells[i] = c
}

// cell returns the index of a point written as two letters, -1 otherwise.
func (g *gomoku) cell(raw []byte) int {
	p, err := value.ParsePoint(raw)
	if err != nil || !p.In(g.cols, g.rows) {
		return -1
	}
	return p.Y*g.cols + p.X
}

func (g *gomoku) PlaySGF(c value.Color, raw []byte) games.Rule {
	i := g.cell(raw)
	if i < 0 {
		return 0
	}
	broke := g.Forbidden(c, value.Point{X: i % g.cols, Y: i / g.cols})
	g.set(i, c)
	g.toPlay = value.White
	if c == value.White {
		g.toPlay = value.Black
	}
	return broke
}

func (g *gomoku) SetupSGF(c value.Color, raw []byte) {
	if i := g.cell(raw); i >= 0 {
		g.set(i, c)
	}
}

func (g *gomoku) SetPlayer(c value.Color) {
	g.log = append(g.log, change{-1, 0, g.toPlay})
	g.toPlay = c
}

func (g *gomoku) Player() value.Color { return g.toPlay }

func (g *gomoku) Forbidden(c value.Color, p value.Point) games.Rule {
	if g.cells[p.Y*g.cols+p.X] != 0 {
		return games.RuleOccupied
	}
	return 0
}

func (g *gomoku) AppendGrid(dst []value.Color) []value.Color { return append(dst, g.cells...) }

func (g *gomoku) Hash() uint64 {
	var h uint64 = 14695981039346656037
	for _, c := range g.cells {
		h = (h ^ uint64(c)) * 1099511628211
	}
	return h
}

// A third game is one board and one registration: sgf.Cursor then
// replays it, takes moves back and reports broken rules as for Go and Hex.
func ExampleRegister() {
	games.Register(4, newGomoku) // in the init function of the game's package

	c, _ := sgf.Parse([]byte("(;GM[4]SZ[5]AB[cc];W[bc];B[cb](;W[cb])(;W[dd]))"))
	cur := c.Game(0).NewCursor()
	for cur.Next() {
	}
	pos := cur.Position()
	fmt.Print(pos.String())
	fmt.Println("broken:", cur.Broken() == games.RuleOccupied, "to play:", pos.ToPlay)
	cur.Parent()
	cur.Child(1)
	pos = cur.Position()
	fmt.Print(pos.String())
	fmt.Println("broken:", cur.Broken(), "to play:", pos.ToPlay)
	// Output:
	// . . . . .
	// . . O . .
	// . O X . .
	// . . . . .
	// . . . . .
	// broken: true to play: B
	// . . . . .
	// . . X . .
	// . O X . .
	// . . . O .
	// . . . . .
	// broken: 0 to play: B
}

func ExampleNewBoard() {
	_, err := games.NewBoard(99, 19, 19)
	fmt.Println(err, errors.Is(err, games.ErrNoBoard))
	// Output: games: no board for GM[99] true
}
