package gogame

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSuperkoDeferred: under positional superko a move's position with more
// stones than any position seen is not put into the set of positions seen
// (issue 14: the insertion was about 35 instructions of most moves); the
// superko is still found when a later position repeats it. On 19x19, 60
// stones none of which touches another leave the set holding the empty
// board alone, with 60 positions deferred (before, it held 61); a ko then
// taken, retaken and taken again is reported as Play reported it before
// (the reference board's report); undoing every action leaves the set
// and the deferred positions empty.
func TestSuperkoDeferred(t *testing.T) {
	b, _ := New(19, 19)
	r := newRef(19, 19)
	play := func(c Color, x, y int) MoveInfo {
		t.Helper()
		mi := b.Play(c, b.Point(x, y))
		want := r.play(c, int(b.Point(x, y)))
		if mi.Captured == nil {
			mi.Captured = []Point{}
		}
		if mi.Suicided == nil {
			mi.Suicided = []Point{}
		}
		if got, want := fmt.Sprintf("%+v", mi), fmt.Sprintf("%+v", want); got != want {
			t.Fatalf("Play(%v, %d, %d): %s, want %s", c, x, y, got, want)
		}
		return mi
	}
	c := Black
	for k := range 60 {
		play(c, 2*(k%10), 2*(k/10)+8) // rows 8 to 18, no two stones adjacent
		c = c.Opponent()
	}
	if b.seen.live != 1 {
		t.Errorf("after 60 moves that capture nothing: %d positions in the set, want 1 (the empty board)", b.seen.live)
	}
	if b.stones != 60 || b.maxStones != 60 {
		t.Errorf("stones %d, maxStones %d, want 60 and 60", b.stones, b.maxStones)
	}
	deferred := 0
	for _, d := range b.deferredOf {
		if d != 0 {
			deferred++
		}
	}
	if deferred != 60 {
		t.Errorf("%d positions deferred, want 60", deferred)
	}
	// A ko in the upper left corner (the stones above are far from it):
	// . X O .
	// X O . O
	// . X O .
	for _, m := range []struct {
		c    Color
		x, y int
	}{{Black, 1, 0}, {White, 2, 0}, {Black, 0, 1}, {White, 3, 1}, {Black, 1, 2}, {White, 2, 2}, {White, 1, 1}} {
		play(m.c, m.x, m.y)
	}
	if mi := play(Black, 2, 1); len(mi.Captured) != 1 {
		t.Fatalf("Black takes the ko: captured %v", mi.Captured)
	}
	mi := play(White, 1, 1) // retakes at once: the position after White's 1,1 again
	if !mi.Ko || !mi.Superko {
		t.Errorf("White retakes the ko at once: Ko %v, Superko %v, want both", mi.Ko, mi.Superko)
	}
	play(Black, 18, 0)
	play(White, 18, 18)
	mi = play(Black, 2, 1) // takes the ko again: the position after Black's first take, and a stone more
	if mi.Ko || mi.Superko {
		t.Errorf("Black takes the ko again after two moves: Ko %v, Superko %v, want neither", mi.Ko, mi.Superko)
	}
	for b.Undo() {
		r.undo()
		if got, want := boardStateRef(b), r.state(); got != want {
			t.Fatalf("undo:\n%s\nwant\n%s", got, want)
		}
	}
	if b.seen.live != 0 || b.stones != 0 || b.maxStones != 0 {
		t.Errorf("all undone: %d positions in the set, stones %d, maxStones %d, want 0", b.seen.live, b.stones, b.maxStones)
	}
	for n, d := range b.deferredOf {
		if d != 0 {
			t.Fatalf("all undone: a position of %d stones still deferred (frame %d)", n, d-1)
		}
	}
}

// TestAgainstReferenceForget is TestAgainstReference's comparison for
// moves that capture, undos and Forget: Forget puts the deferred positions
// into the set before the frames that keep them go (without it, a later
// repetition of one of them would not be a superko).
func TestAgainstReferenceForget(t *testing.T) {
	for _, size := range [][2]int{{2, 2}, {3, 3}, {4, 3}, {5, 5}, {9, 9}} {
		name := fmt.Sprintf("%dx%d", size[0], size[1])
		b, _ := New(size[0], size[1])
		r := newRef(size[0], size[1])
		rng := rand.New(rand.NewPCG(uint64(size[0])*7, uint64(size[1])))
		superkos := 0
		for step := range 6000 {
			n := b.Len()
			p := Point(rng.IntN(n))
			for k := 0; k < n && b.At(p) != Empty; k++ {
				p = (p + 1) % Point(n)
			}
			c := b.ToPlay()
			if rng.IntN(8) == 0 {
				c = c.Opponent()
			}
			switch op := rng.IntN(100); {
			case op < 80:
				mi := b.Play(c, p)
				mi.Captured, mi.Suicided = slices.Sorted(slices.Values(mi.Captured)), slices.Sorted(slices.Values(mi.Suicided))
				if mi.Captured == nil {
					mi.Captured = []Point{}
				}
				if mi.Suicided == nil {
					mi.Suicided = []Point{}
				}
				if got, want := fmt.Sprintf("%+v", mi), fmt.Sprintf("%+v", r.play(c, int(p))); got != want {
					t.Fatalf("%s step %d: Play(%v, %d):\n%s\nwant\n%s", name, step, c, p, got, want)
				}
				if mi.Superko {
					superkos++
				}
			case op < 83:
				b.Pass(c)
				r.pass(c)
			case op < 95:
				b.Undo()
				r.undo()
			default:
				b.Forget()
				r.hist = r.hist[:0]
			}
			if got, want := boardStateRef(b), r.state(); got != want {
				t.Fatalf("%s step %d:\n%s\nwant\n%s", name, step, got, want)
			}
		}
		if superkos == 0 {
			t.Fatalf("%s: no superko: the test proves nothing", name)
		}
	}
}
