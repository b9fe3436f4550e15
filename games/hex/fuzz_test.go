package hex

import "testing"

// FuzzMoves runs random action sequences: no panic, the hash always equals
// the scratch hash, and undoing everything restores every earlier hash.
func FuzzMoves(f *testing.F) {
	f.Add(uint8(11), uint8(11), []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add(uint8(1), uint8(1), []byte{8, 0, 0, 0})
	f.Add(uint8(6), uint8(7), []byte("swap pieces and sides"))
	f.Fuzz(func(t *testing.T, cols, rows uint8, ops []byte) {
		b, err := New(int(cols), int(rows))
		if err != nil {
			if cols >= 1 && rows >= 1 {
				t.Fatal(err)
			}
			return
		}
		var hashes []uint64
		for k := 0; k+1 < len(ops); k += 2 {
			hashes = append(hashes, b.Hash())
			op, arg := ops[k], int(ops[k+1])
			c := Color(op&1) + 1
			cell := Cell((arg*97 + int(op)) % (b.Len() + 1)) // sometimes off the board
			switch op >> 1 % 16 {
			case 0:
				b.SwapPieces(c)
			case 1:
				b.SwapSides(c)
			case 2:
				b.Pass(c)
			case 3:
				b.Resign(c)
			case 4:
				b.Forfeit(c)
			case 5:
				b.Set(cell, Color(op>>5%4))
			case 6:
				b.SetToPlay(Color(op >> 5 % 4))
			default:
				b.Play(c, cell)
			}
			if b.History() < len(hashes) {
				hashes = hashes[:b.History()] // refused: nothing recorded
			}
			if b.Hash() != scratchHash(b) {
				t.Fatal("hash differs from the scratch hash")
			}
			b.Result()
		}
		for i := len(hashes) - 1; i >= 0; i-- {
			if !b.Undo() || b.Hash() != hashes[i] {
				t.Fatalf("undo to %d", i)
			}
		}
		if b.Undo() || b.Len() != int(cols)*int(rows) {
			t.Fatal("history longer than the actions")
		}
		for range b.Stones() {
			t.Fatal("stones left after undoing everything")
		}
	})
}
