package sgf_test

import (
	"fmt"

	"github.com/sgf-toolkit/sgf"
)

// A cursor replays a game one node at a time; Reset moves it to another
// game and keeps its board, so that replaying a whole collection costs no
// allocation per game.
func ExampleCursor_Reset() {
	c, _ := sgf.Parse([]byte("(;SZ[9];B[ee];W[ec];B[])(;SZ[9];B[cc];W[dd])"))
	var cur *sgf.Cursor
	for _, g := range c.Games() {
		if cur == nil {
			cur = g.NewCursor()
		} else {
			cur.Reset(g)
		}
		for cur.Next() {
		}
		m, _ := cur.LastMove()
		fmt.Printf("game %d: %d moves, last %s[%s]\n", cur.Game().Index()+1, cur.MoveNumber(), m.Color, m.Raw)
	}
	// Output:
	// game 1: 3 moves, last B[]
	// game 2: 2 moves, last W[dd]
}

// The position after a capture, from the cursor: one step back takes the
// capture back.
func ExampleCursor_Position() {
	g := mustParseExample("(;SZ[3]AW[ba];B[aa];W[cc];B[ca];W[ac];B[bb])").Game(0)
	cur := g.NewCursor()
	for cur.Next() {
	}
	p := cur.Position()
	fmt.Print(p.String())
	fmt.Println("captured by black:", p.CapturedByBlack)
	cur.Parent()
	p = cur.Position()
	fmt.Print(p.String())
	// Output:
	// X . X
	// . X .
	// O . O
	// captured by black: 1
	// X O X
	// . . .
	// O . O
}

func mustParseExample(src string) *sgf.Collection {
	c, err := sgf.Parse([]byte(src))
	if err != nil {
		panic(err)
	}
	return c
}
