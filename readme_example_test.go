package sgf_test

import (
	"fmt"

	"github.com/sgf-toolkit/sgf"
)

// Example_readme is the library example of README.md, kept compiling and
// true here.
func Example_readme() {
	c, err := sgf.ReadFile("testdata/kgs-2019-04-14-37.sgf", nil)
	if err != nil {
		panic(err)
	}
	g := c.Game(0)
	info := g.Info()
	moves := 0
	for n := range g.MainLine() {
		if _, ok := n.Move(); ok {
			moves++
		}
	}
	pos, _ := g.PositionAt(g.Node(40))
	var d sgf.Decoder
	values := 0
	for _, props := range d.Game(g) {
		for _, p := range props {
			values += len(p.Values)
		}
	}
	fmt.Println(info.PlayerBlack, "vs", info.PlayerWhite, info.ResultText, moves, "moves")
	fmt.Println("move", pos.MoveNumber, "captures", pos.CapturedByBlack, pos.CapturedByWhite)
	fmt.Println(values, "values")
	// Output:
	// petgo3 vs gomancer W+Time 52 moves
	// move 40 captures 0 0
	// 68 values
}
