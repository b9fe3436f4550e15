package hex_test

import (
	"errors"
	"fmt"

	"github.com/sgf-toolkit/sgf/games/hex"
)

func ExampleNew() {
	b, _ := hex.New(6, 7) // SZ[6:7]: 6 columns, 7 rows
	fmt.Println(b.Cols(), b.Rows(), b.Name(b.Cell(5, 6)))
	_, err := hex.New(0, 7)
	fmt.Println(errors.Is(err, hex.ErrSize))
	// Output:
	// 6 7 f7
	// true
}

func ExampleParseCell() {
	col, row, err := hex.ParseCell("AB28")
	fmt.Println(col, row, err, hex.FormatCell(col, row), hex.ColumnLabel(26))
	_, _, err = hex.ParseCell("a0")
	fmt.Println(err)
	// Output:
	// 27 27 <nil> ab28 aa
	// hex.ParseCell: "a0": invalid cell name
}

func ExampleBoard_Play() {
	b, _ := hex.New(3, 3)
	for _, m := range []string{"c1", "b2", "b3"} { // Black: top to bottom
		c, _ := b.ParseCell(m)
		info := b.Play(hex.Black, c)
		fmt.Println(m, info.Connects)
	}
	w, how := b.Result()
	fmt.Println(w, how == hex.Connection)
	// Output:
	// c1 false
	// b2 false
	// b3 true
	// B true
}

func ExampleBoard_SwapPieces() {
	b, _ := hex.New(7, 7)
	c5, _ := b.ParseCell("c5")
	e3, _ := b.ParseCell("e3")
	b.Play(hex.Black, c5)
	b.SwapPieces(hex.White) // c5 is mirrored to e3 and turns white
	fmt.Println(b.At(c5), b.At(e3), b.ToPlay())
	// Output: . W B
}

func ExampleBoard_SwapSides() {
	b, _ := hex.New(11, 11)
	a9, _ := b.ParseCell("a9")
	b.Play(hex.Black, a9)
	b.SwapSides(hex.White) // the board stays; the players exchange colours
	fmt.Println(b.At(a9), b.ToPlay(), b.SidesSwapped())
	// Output: B W true
}

func ExampleBoard_Resign() {
	b, _ := hex.New(11, 11)
	b.Resign(hex.Black)
	w, how := b.Result()
	fmt.Println(w, how == hex.Resigned)
	// Output: W true
}

func ExampleBoard_Set() {
	b, _ := hex.New(5, 5)
	for _, m := range []string{"a3", "b3", "c3", "d3", "e3"} { // AW[a3]...[e3]
		c, _ := b.ParseCell(m)
		b.Set(c, hex.White)
	}
	b.SetToPlay(hex.Black) // PL[B]
	fmt.Println(b.Winner(), b.ToPlay(), b.Moves())
	// Output: W B 0
}

func ExampleBoard_Undo() {
	b, _ := hex.New(9, 9)
	start := b.Hash()
	mark := b.History()
	c, _ := b.ParseCell("e5")
	b.Play(hex.Black, c)
	b.SwapPieces(hex.White)
	b.UndoTo(mark)
	fmt.Println(b.Hash() == start, b.At(c), b.Undo())
	// Output: true . false
}

func ExampleBoard_Stones() {
	b, _ := hex.New(4, 4)
	for _, m := range []struct {
		c    hex.Color
		cell string
	}{{hex.Black, "b2"}, {hex.White, "a1"}} {
		c, _ := b.ParseCell(m.cell)
		b.Play(m.c, c)
	}
	for c, col := range b.Stones() {
		fmt.Println(col, b.Name(c))
	}
	// Output:
	// W a1
	// B b2
}
