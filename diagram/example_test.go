package diagram_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/diagram"
	"github.com/sgf-toolkit/sgf/diagram/svg"
)

// The diagram of a position: what is drawn, whatever the format.
func ExampleNew() {
	c, _ := sgf.Read(strings.NewReader(`(;SZ[9];B[cc];W[gg];B[gc]TR[gg]C[Black plays tengen next.])`), nil)
	g := c.Game(0)
	cur := g.NewCursor()
	for cur.Next() {
	}
	d, err := diagram.New(cur.Position(), &diagram.Options{Numbers: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range d.Stones {
		fmt.Printf("%s %s number %d\n", s.Color, d.PointName(s.Point), s.Number)
	}
	for _, m := range d.Marks {
		fmt.Println(m.Kind.Class(), d.PointName(m.Point), "on", m.On)
	}
	fmt.Println("last move:", d.PointName(d.LastMove), "comment:", d.Text.Comment)
	// Output:
	// B C7 number 0
	// B G7 number 3
	// W G3 number 2
	// tr G3 on W
	// last move: G7 comment: Black plays tengen next.
}

// A game cut into book figures every 2 moves.
func ExampleFigures() {
	c, _ := sgf.Read(strings.NewReader(`(;SZ[9];B[cc];W[dc];B[dd];W[];B[cc])`), nil)
	figs, _ := diagram.Figures(c.Game(0), &diagram.FigureOptions{Every: 2})
	for _, f := range figs {
		fmt.Println(f.Caption, f.Listed)
	}
	// Output:
	// Moves 1-2 []
	// Moves 3-4 [4: pass]
	// Move 5 [5 at C7]
}

// Drawing the model as SVG.
func ExampleNew_svg() {
	c, _ := sgf.Read(strings.NewReader(`(;SZ[5];B[cc])`), nil)
	p, _ := c.Game(0).PositionAt(c.Game(0).Root().Child(0))
	d, _ := diagram.New(p, nil)
	svg.Encode(os.Stdout, d, &svg.Options{Width: 200})
}
