package hex

import (
	"testing"

	"github.com/sgf-toolkit/sgf/games"
	"github.com/sgf-toolkit/sgf/value"
)

// TestSGFBoard plays the HexWiki SGF description's example through the
// games.Board methods: ";B[c5] ;W[swap-pieces];B[c4];W[c5]" leaves c5 free
// after the swap, so no move there is on a stone; a stone on a stone is
// RuleOccupied; cells off the board and words that are no move change
// nothing.
func TestSGFBoard(t *testing.T) {
	hb, _ := New(5, 5)
	var b games.Board = hb
	for _, m := range []struct {
		c   value.Color
		raw string
	}{{value.Black, "c5"}, {value.White, "swap-pieces"}, {value.Black, "c4"}, {value.White, "c5"}} {
		if r := b.PlaySGF(m.c, []byte(m.raw)); r != 0 {
			t.Fatalf("%c[%s]: %v", m.c, m.raw, r)
		}
	}
	mark := b.History()
	if r := b.Forbidden(value.Black, value.Point{X: 2, Y: 3}); r != games.RuleOccupied {
		t.Errorf("Forbidden(c4) = %v", r)
	}
	if r := b.PlaySGF(value.Black, []byte("c4")); r != games.RuleOccupied {
		t.Errorf("B[c4] on c4: %v", r)
	}
	b.PlaySGF(value.Black, []byte("z9"))
	b.PlaySGF(value.Black, []byte("nonsense"))
	if b.History() != mark+1 {
		t.Errorf("history %d, want %d: a move that is no move changed the board", b.History(), mark+1)
	}
	b.UndoTo(mark)
	b.SetupSGF(value.White, []byte("a1"))
	b.SetupSGF(value.Black, []byte("q1")) // off the board
	g := b.AppendGrid(nil)
	var stones []int
	for i, c := range g {
		if c != 0 {
			stones = append(stones, i)
		}
	}
	// e3 (the swapped c5: col 4, row 2), c4 (col 2, row 3), c5 (col 2, row 4), a1
	want := []int{0, 2*5 + 4, 3*5 + 2, 4*5 + 2}
	if len(stones) != len(want) {
		t.Fatalf("stones at %v, want %v", stones, want)
	}
	for i := range want {
		if stones[i] != want[i] {
			t.Fatalf("stones at %v, want %v", stones, want)
		}
	}
	if g[0] != value.White || b.Player() != value.Black {
		t.Errorf("a1 %v, to play %v", g[0], b.Player())
	}
}
