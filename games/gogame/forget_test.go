package gogame

import (
	"bytes"
	"slices"
	"testing"
)

// TestForget: Forget drops the undo history and nothing else. On a board
// of 3x1, B a, W c, W b (takes a), B a (takes b and c) repeats the
// position after the first move: a board that forgot its history after
// the second move finds the superko as one that did not; the stones, the
// hash, the prisoners and the player to move are the same; History is 0
// and Undo has nothing to take back; the feature planes kept from before
// are those of a board that never forgot; the moves after it are undone
// as usual.
func TestForget(t *testing.T) {
	newBoard := func() *Board {
		b, err := New(3, 1)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	moves := []struct {
		c Color
		x int
	}{{Black, 0}, {White, 2}, {White, 1}, {Black, 0}}
	kept, forgot := newBoard(), newBoard()
	var planesKept, planesForgot []byte
	for i, m := range moves {
		rk := kept.PlayRules(m.c, kept.Point(m.x, 0))
		rf := forgot.PlayRules(m.c, forgot.Point(m.x, 0))
		if i == 1 {
			planesForgot = forgot.AppendPlanes(planesForgot[:0], Black)
			forgot.Forget()
			if h := forgot.History(); h != 0 {
				t.Fatalf("after Forget: History %d, want 0", h)
			}
			if forgot.Undo() {
				t.Fatal("after Forget: Undo took something back")
			}
		}
		if rk != rf {
			t.Errorf("move %d: rules broken %v, without forgetting %v", i, rf, rk)
		}
		if i == 3 && rk&RuleSuperko == 0 {
			t.Fatalf("move %d: no superko: the test proves nothing", i)
		}
		if kept.Hash() != forgot.Hash() || kept.ToPlay() != forgot.ToPlay() ||
			kept.Prisoners(Black) != forgot.Prisoners(Black) || kept.Prisoners(White) != forgot.Prisoners(White) ||
			!slices.Equal(kept.AppendColors(nil), forgot.AppendColors(nil)) {
			t.Fatalf("move %d: the board that forgot differs from the one that did not", i)
		}
		planesKept = kept.AppendPlanes(planesKept[:0], Black)
		planesForgot = forgot.AppendPlanes(planesForgot[:0], Black)
		if !bytes.Equal(planesKept, planesForgot) {
			t.Fatalf("move %d: planes %v, without forgetting %v", i, planesForgot, planesKept)
		}
	}
	if h := forgot.History(); h != 2 {
		t.Fatalf("two moves after Forget: History %d, want 2", h)
	}
	forgot.UndoTo(0)
	kept.UndoTo(2)
	if kept.Hash() != forgot.Hash() || !slices.Equal(kept.AppendColors(nil), forgot.AppendColors(nil)) {
		t.Error("undone to the forgetting: not the position after the second move")
	}
}
