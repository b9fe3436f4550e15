package gogame_test

import (
	"errors"
	"fmt"

	"github.com/sgf-toolkit/sgf/games/gogame"
)

func ExampleNew() {
	b, err := gogame.New(19, 19)
	fmt.Println(b.Cols(), b.Rows(), b.Len(), err)
	_, err = gogame.New(53, 19)
	fmt.Println(errors.Is(err, gogame.ErrSize), err)
	// Output:
	// 19 19 361 <nil>
	// true gogame.New: 53x19: board size out of range (1..52 columns and rows)
}

func ExampleBoard_Play() {
	b, _ := gogame.New(9, 9)
	// B[ba] W[aa] B[ab]: the white stone in the corner is captured.
	b.Play(gogame.Black, b.Point(1, 0))
	b.Play(gogame.White, b.Point(0, 0))
	info := b.Play(gogame.Black, b.Point(0, 1))
	fmt.Println(len(info.Captured), b.Prisoners(gogame.Black), b.At(b.Point(0, 0)) == gogame.Empty)
	// W[aa] again: a suicide, executed and reported, never refused.
	info = b.Play(gogame.White, b.Point(0, 0))
	fmt.Println(info.Suicide, info.Illegal(), b.Prisoners(gogame.Black))
	// Output:
	// 1 1 true
	// true true 2
}

func ExampleMoveInfo_ko() {
	b, _ := gogame.New(4, 3)
	for _, s := range []struct {
		c    gogame.Color
		x, y int
	}{{gogame.Black, 1, 0}, {gogame.Black, 0, 1}, {gogame.Black, 1, 2},
		{gogame.White, 2, 0}, {gogame.White, 1, 1}, {gogame.White, 3, 1}, {gogame.White, 2, 2}} {
		b.Set(b.Point(s.x, s.y), s.c)
	}
	take := b.Play(gogame.Black, b.Point(2, 1))
	retake := b.Play(gogame.White, b.Point(1, 1))
	fmt.Println(len(take.Captured), take.Ko, retake.Ko, retake.Superko)
	// Output: 1 false true true
}

func ExampleBoard_Pass() {
	b, _ := gogame.New(19, 19)
	b.Play(gogame.Black, b.Point(3, 3))
	info := b.Pass(gogame.White)
	fmt.Println(info.Pass, b.ToPlay(), b.MoveNumber())
	// Output: true B 2
}

func ExampleBoard_Set() {
	b, _ := gogame.New(3, 3)
	// AB[ab][ba][cb][bc] AW[bb]: a white stone without liberties stays.
	for _, p := range [][2]int{{0, 1}, {1, 0}, {2, 1}, {1, 2}} {
		b.Set(b.Point(p[0], p[1]), gogame.Black)
	}
	b.Set(b.Point(1, 1), gogame.White)
	fmt.Println(b.At(b.Point(1, 1)), b.Prisoners(gogame.Black))
	// AE[bb]
	b.Set(b.Point(1, 1), gogame.Empty)
	fmt.Println(b.At(b.Point(1, 1)))
	// Output:
	// W 0
	// .
}

func ExampleBoard_Undo() {
	b, _ := gogame.New(19, 19)
	start := b.Hash()
	mark := b.History() // before a node
	b.Play(gogame.Black, b.Point(15, 3))
	b.SetMoveNumber(100) // MN[100] in the same node
	b.Play(gogame.White, b.Point(3, 15))
	b.Undo()       // the white move
	b.UndoTo(mark) // back to before the node
	fmt.Println(b.Hash() == start, b.MoveNumber(), b.Undo())
	// Output: true 0 false
}

func ExampleBoard_Stones() {
	b, _ := gogame.New(5, 5)
	b.Play(gogame.Black, b.Point(2, 2))
	b.Play(gogame.White, b.Point(3, 1))
	for p, c := range b.Stones() {
		x, y := b.XY(p)
		fmt.Println(c, x, y)
	}
	// Output:
	// W 3 1
	// B 2 2
}

func ExampleBoard_Hash() {
	a, _ := gogame.New(9, 9)
	a.Play(gogame.Black, a.Point(2, 2))
	a.Play(gogame.White, a.Point(6, 6))
	b, _ := gogame.New(9, 9)
	b.Set(b.Point(6, 6), gogame.White)
	b.Set(b.Point(2, 2), gogame.Black)
	fmt.Println(a.Hash() == b.Hash())
	// Output: true
}

func ExampleBoard_KoPoint() {
	b, _ := gogame.New(4, 3)
	for _, p := range [][3]int{{1, 1, 0}, {1, 0, 1}, {1, 1, 2}, {2, 2, 0}, {2, 1, 1}, {2, 3, 1}, {2, 2, 2}} {
		b.Set(b.Point(p[1], p[2]), gogame.Color(p[0]))
	}
	b.Play(gogame.Black, b.Point(2, 1))
	p, c := b.KoPoint()
	x, y := b.XY(p)
	fmt.Println(x, y, c)
	// Output: 1 1 W
}
