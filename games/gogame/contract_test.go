package gogame

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestPlayOneContract: a program that undoes every move Illegal reports
// gets its board back exactly, for moves played against the rules
// (occupied, suicide, ko) and for refused ones (off the board, no colour)
// alike; Try reports the same without changing anything (issue 19,
// defect 2).
func TestPlayOneContract(t *testing.T) {
	b := board(t,
		".XO..",
		"XO.O.",
		".XO..",
		".....",
		".....",
	)
	b.SetToPlay(Black)
	b.Play(Black, b.Point(2, 1)) // takes the ko
	type move struct {
		name string
		c    Color
		p    Point
		want func(MoveInfo) bool
	}
	moves := []move{
		{"ko", White, b.Point(1, 1), func(m MoveInfo) bool { return m.Ko }},
		{"occupied", White, b.Point(0, 1), func(m MoveInfo) bool { return m.Occupied }},
		{"suicide", White, b.Point(0, 0), func(m MoveInfo) bool { return m.Suicide }},
		{"off the board", White, NoPoint, func(m MoveInfo) bool { return errors.Is(m.Err, ErrPoint) }},
		{"past the end", White, Point(25), func(m MoveInfo) bool { return errors.Is(m.Err, ErrPoint) }},
		{"no colour", Empty, b.Point(4, 4), func(m MoveInfo) bool { return errors.Is(m.Err, ErrColor) }},
	}
	for _, mv := range moves {
		t.Run(mv.name, func(t *testing.T) {
			before, hist, hash := diagram(b), b.History(), b.Hash()
			ko, koc := b.KoPoint()
			tried := b.Try(mv.c, mv.p)
			if diagram(b) != before || b.History() != hist || b.Hash() != hash {
				t.Fatalf("Try changed the board:\n%s", diagram(b))
			}
			if k, kc := b.KoPoint(); k != ko || kc != koc {
				t.Fatalf("Try changed the ko")
			}
			if !tried.Illegal() || !mv.want(tried) {
				t.Errorf("Try = %+v", tried)
			}
			info := b.Play(mv.c, mv.p)
			if !info.Illegal() || !mv.want(info) || !info.Forbids(AllRules) {
				t.Errorf("Play = %+v, Illegal() %v", info, info.Illegal())
			}
			if info.Illegal() {
				b.Undo()
			}
			if diagram(b) != before || b.History() != hist || b.Hash() != hash {
				t.Errorf("undo after an illegal move did not restore the board:\n%s\nwant\n%s", diagram(b), before)
			}
		})
	}
	// Forbids by the rule set (a one-stone suicide also repeats the
	// position: superko).
	if m := b.Try(White, b.Point(0, 0)); m.Forbids(RuleOccupied|RuleKo) || !m.Forbids(RuleSuicide) || !m.Forbids(RuleSuperko) {
		t.Errorf("Forbids: %+v", m)
	}
	// A legal move: Try and Play agree, and it is played.
	legal := b.Point(4, 4)
	if m := b.Try(White, legal); m.Illegal() || b.At(legal) != Empty {
		t.Errorf("Try(legal) = %+v, stone %v", m, b.At(legal))
	}
	if m := b.Play(White, legal); m.Illegal() || b.At(legal) != White {
		t.Errorf("Play(legal) = %+v", m)
	}
}

// TestPlayErrorNamesCoordinates: an error for a point off the board names
// the coordinates, not "-1".
func TestPlayErrorNamesCoordinates(t *testing.T) {
	b, _ := New(19, 19)
	for _, tc := range []struct {
		info MoveInfo
		want string
	}{
		{b.PlayAt(Black, 19, 3), "gogame.PlayAt: x 19, y 3 on 19x19: point off the board"},
		{b.Play(Black, 400), "gogame.Play: 400 (x 1, y 21 on 19x19): point off the board"},
		{b.Play(Black, b.Point(-1, 0)), "gogame.Play: NoPoint (as Point returns for coordinates off the 19x19 board): point off the board"},
	} {
		if tc.info.Err == nil || tc.info.Err.Error() != tc.want {
			t.Errorf("error %v, want %q", tc.info.Err, tc.want)
		}
		if strings.Contains(tc.info.Err.Error(), ": -1:") {
			t.Errorf("error names -1: %v", tc.info.Err)
		}
	}
	if m := b.PlayAt(Black, 3, 3); m.Err != nil || b.At(b.Point(3, 3)) != Black {
		t.Errorf("PlayAt(3, 3) = %+v", m)
	}
}

// TestAppendColors: the colours row by row, as At reads them.
func TestAppendColors(t *testing.T) {
	b := board(t,
		"X.O",
		".XO",
		"O..",
		"..X",
	)
	got := b.AppendColors([]Color{9})
	if len(got) != 1+b.Len() || got[0] != 9 {
		t.Fatalf("AppendColors = %v", got)
	}
	for p := range b.Len() {
		if got[1+p] != b.At(Point(p)) {
			t.Errorf("point %d: %v, At %v", p, got[1+p], b.At(Point(p)))
		}
	}
	buf := make([]Color, 0, b.Len())
	if n := testing.AllocsPerRun(10, func() { buf = b.AppendColors(buf[:0]) }); n != 0 {
		t.Errorf("AppendColors allocates %v times with room", n)
	}
}

// TestAppendColorsSizes: AppendColors, which takes each point's colour out of its
// cell, gives At's colour for every point of random positions on boards
// of 1 to 52 columns and rows, and writes nothing past what it appends.
func TestAppendColorsSizes(t *testing.T) {
	rng := rand.New(rand.NewPCG(52, 19))
	for _, size := range [][2]int{{1, 1}, {7, 7}, {8, 8}, {9, 9}, {19, 19}, {16, 3}, {17, 2}, {24, 5}, {25, 25}, {52, 52}, {8, 1}, {3, 40}} {
		b, err := New(size[0], size[1])
		if err != nil {
			t.Fatal(err)
		}
		for p := range b.Len() {
			b.Set(Point(p), Color(rng.IntN(3)))
		}
		buf := make([]Color, 2, 2+b.Len()+16)
		for i := range buf[:cap(buf)] {
			buf[:cap(buf)][i] = 9
		}
		got := b.AppendColors(buf)
		if len(got) != 2+b.Len() {
			t.Fatalf("%v: %d colours", size, len(got))
		}
		for p := range b.Len() {
			if got[2+p] != b.At(Point(p)) {
				t.Fatalf("%v: point %d is %v, At %v", size, p, got[2+p], b.At(Point(p)))
			}
		}
		for i, c := range got[len(got):cap(got)] {
			if c != 9 {
				t.Fatalf("%v: byte %d past the colours changed", size, i)
			}
		}
	}
}

// checkPlanes compares AppendPlanes from perspective persp with At, point
// by point.
func checkPlanes(t *testing.T, b *Board, persp Color, what string) {
	t.Helper()
	me := persp
	if me == Empty {
		me = b.ToPlay()
	}
	got := b.AppendPlanes([]byte{7}, persp)
	n := b.Len()
	if len(got) != 1+3*n || got[0] != 7 {
		t.Fatalf("%s: %d bytes, first %d", what, len(got), got[0])
	}
	for p := range n {
		want := [3]byte{}
		switch b.At(Point(p)) {
		case me:
			want[0] = 1
		case Empty:
			want[2] = 1
		default:
			want[1] = 1
		}
		if g := [3]byte{got[1+p], got[1+n+p], got[1+2*n+p]}; g != want {
			t.Fatalf("%s, perspective %v: point %d holds %v: planes %v, want %v", what, persp, p, b.At(Point(p)), g, want)
		}
	}
}

// TestAppendPlanesKept: the planes the board keeps once AppendPlanes was
// called follow every change, plays with captures and suicides, setup,
// passes, Try, Undo, UndoTo and Reset, on boards of many sizes; and
// asking first in the middle of a game gives the same planes.
func TestAppendPlanesKept(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 19))
	for _, size := range [][2]int{{1, 1}, {2, 2}, {5, 5}, {9, 9}, {19, 19}, {7, 3}, {2, 13}, {52, 52}} {
		b, err := New(size[0], size[1])
		if err != nil {
			t.Fatal(err)
		}
		n := b.Len()
		for step := range 40 * n {
			if step == 5*n { // the planes asked for first half-way
				checkPlanes(t, b, Empty, "first call")
			}
			c := Color(1 + rng.IntN(2))
			p := Point(rng.IntN(n))
			what := ""
			switch k := rng.IntN(20); {
			case k < 12:
				what = "play"
				b.Play(c, p)
			case k < 13:
				what = "set"
				b.Set(p, Color(rng.IntN(3)))
			case k < 14:
				what = "pass"
				b.Pass(c)
			case k < 15:
				what = "try"
				b.Try(c, p)
			case k < 18:
				what = "undo"
				b.Undo()
			case k < 19:
				what = "undo to"
				b.UndoTo(b.History() / 2)
			default:
				what = "reset"
				if rng.IntN(10) == 0 {
					b.Reset()
				}
			}
			if step >= 5*n {
				checkPlanes(t, b, Color(rng.IntN(3)), what)
			}
		}
	}
	b, _ := New(19, 19)
	b.Play(Black, 60)
	buf := b.AppendPlanes(nil, Empty)
	if n := testing.AllocsPerRun(10, func() { buf = b.AppendPlanes(buf[:0], White) }); n != 0 {
		t.Errorf("AppendPlanes allocates %v times with room", n)
	}
}
