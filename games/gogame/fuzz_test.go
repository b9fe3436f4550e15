package gogame

import "testing"

// FuzzPlay runs random action sequences: nothing may panic, the incremental
// hash must equal the one computed from scratch, and undoing everything must
// give back each earlier hash and finally the empty board.
func FuzzPlay(f *testing.F) {
	f.Add(uint8(9), uint8(9), []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11})
	f.Add(uint8(1), uint8(1), []byte{0, 0, 1, 0})
	f.Add(uint8(52), uint8(52), []byte{200, 3, 7, 9, 250, 1})
	f.Add(uint8(3), uint8(7), []byte("the quick brown fox jumps over the lazy dog"))
	f.Fuzz(func(t *testing.T, cols, rows uint8, ops []byte) {
		b, err := New(int(cols), int(rows))
		if err != nil {
			if cols >= 1 && cols <= MaxSize && rows >= 1 && rows <= MaxSize {
				t.Fatal(err)
			}
			return
		}
		var hashes []uint64
		for k := 0; k+1 < len(ops); k += 2 {
			hashes = append(hashes, b.Hash())
			op, arg := ops[k], int(ops[k+1])
			p := Point((arg*131 + int(op)*7) % (b.Len() + 1)) // sometimes off the board
			c := Color(op&1) + 1
			switch op >> 1 % 8 {
			case 0:
				b.Set(p, Color(op>>4%4))
			case 1:
				b.Pass(c)
			case 2:
				b.SetToPlay(Color(op >> 4 % 4))
			default:
				info := b.Play(c, p)
				if info.Err != nil {
					hashes = hashes[:len(hashes)-1] // nothing recorded
				}
			}
			if b.Hash() != scratchHash(b) {
				t.Fatal("incremental hash differs from the scratch hash")
			}
			if len(hashes) != b.History() {
				// A refused Set/SetToPlay records nothing either.
				hashes = hashes[:b.History()]
			}
		}
		for i := len(hashes) - 1; i >= 0; i-- {
			if !b.Undo() {
				t.Fatal("history shorter than the actions")
			}
			if b.Hash() != hashes[i] {
				t.Fatalf("undo to %d: hash differs", i)
			}
		}
		if b.Undo() || b.Hash() != b.emptyHash || b.seen.live != 0 {
			t.Fatal("not back at the empty board")
		}
	})
}
