package gogame

import (
	"math/rand/v2"
	"testing"
)

// TestHashSetFilter: a large set (reserved, or grown, past filterSlots)
// keeps most new keys out of its table (pending, behind the filter), and
// answers as a set without a filter does: the count before each add, under
// random adds and removals (the last key, or any), resets and growth. A
// reference map holds the counts. (Issue 14: each new position of a long
// game was a cache miss in a 4 MB table.)
func TestHashSetFilter(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 4))
	var s hashSet
	s.init()
	s.reserve(filterSlots)
	if s.filter == nil {
		t.Fatalf("a set reserved for %d keys (%d slots) has no filter", filterSlots, len(s.slots))
	}
	// New keys wait behind the filter: the table is not looked at for
	// them until pendingMax of them go in together.
	for range pendingMax - 24 {
		if c := s.add(rng.Uint64()); c != 0 {
			t.Fatalf("a new key counted %d", c)
		}
	}
	if s.used > 10 || s.live != pendingMax-24 {
		t.Fatalf("%d new keys: %d in the table, %d live; want at most 10 in the table", pendingMax-24, s.used, s.live)
	}
	for round := range 3 {
		s.reset()
		if s.filter != nil {
			t.Fatal("reset kept the filter")
		}
		switch round {
		case 0:
			s.reserve(filterSlots) // the filter made again
		case 1:
			s.reserve(3 * filterSlots) // a filter of a table grown
		case 2:
			s = hashSet{} // a new set, which grows past filterSlots
			s.init()
		}
		ref := map[uint64]int32{}
		var added []uint64 // in order, for removals of the last key
		keys := make([]uint64, 5_000)
		for i := range keys {
			keys[i] = rng.Uint64() &^ 0xff
		}
		for op := range 400_000 {
			switch r := rng.IntN(10); {
			case r < 6 || len(added) == 0: // add a key, new or seen before
				k := keys[rng.IntN(len(keys))]
				if rng.IntN(3) == 0 {
					k = rng.Uint64() &^ 0xff
				}
				var got int32
				if rng.IntN(2) == 0 && s.addFresh(k) {
					got = 0
				} else {
					got = s.add(k)
				}
				if got != ref[k] {
					t.Fatalf("round %d, op %d: add(%#x) counted %d before, want %d", round, op, k, got, ref[k])
				}
				ref[k]++
				added = append(added, k)
			default: // remove the last key added, or any
				i := len(added) - 1
				if r == 9 {
					i = rng.IntN(len(added))
				}
				k := added[i]
				added = append(added[:i], added[i+1:]...)
				s.remove(k)
				if ref[k]--; ref[k] == 0 {
					delete(ref, k)
				}
			}
		}
		if s.live != len(ref) {
			t.Fatalf("round %d: %d keys present, want %d", round, s.live, len(ref))
		}
		if round == 2 && s.filter == nil {
			t.Fatalf("a set grown to %d slots has no filter", len(s.slots))
		}
	}
}

// TestReserveSuperko: long random games with captures on a board that
// reserved their length (a large position set with its filter) and on
// one that did not break the same rules at every move, superko among
// them, and undo to the empty board.
func TestReserveSuperko(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 5))
	for _, size := range []int{5, 9} {
		a, _ := New(size, size)
		b, _ := New(size, size)
		const n = 60_000
		a.Reserve(n)
		superko := 0
		for i := range n {
			c := Color(1 + i%2)
			p := Point(rng.IntN(size * size))
			if i%997 == 996 {
				// clear the board: positions repeat after it
				for q := range Point(size * size) {
					a.Set(q, Empty)
					b.Set(q, Empty)
				}
			}
			ra, rb := a.PlayRules(c, p), b.PlayRules(c, p)
			if ra != rb {
				t.Fatalf("%dx%d, move %d: rules %v with Reserve, %v without", size, size, i, ra, rb)
			}
			if ra&RuleSuperko != 0 {
				superko++
			}
			if a.Hash() != b.Hash() {
				t.Fatalf("%dx%d, move %d: hashes differ", size, size, i)
			}
		}
		if superko == 0 {
			t.Fatalf("%dx%d: no superko in %d random moves", size, size, n)
		}
		for a.Undo() {
		}
		if a.seen.live != 0 {
			t.Fatalf("%dx%d: %d positions left after undoing everything", size, size, a.seen.live)
		}
	}
}

// TestHashSetFilterGrowth: keys that go from pending into a table that
// grows on the way keep their bits in the filter made for the new size:
// added again, each counts once before.
func TestHashSetFilterGrowth(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 6))
	var s hashSet
	s.init()
	s.reserve(filterSlots)
	size := len(s.slots)
	var keys []uint64
	for len(s.slots) == size {
		k := rng.Uint64()
		if s.add(k) == 0 {
			keys = append(keys, k)
		}
	}
	s.flush()
	for i, k := range keys {
		if c := s.add(k); c != 1 {
			t.Fatalf("key %d of %d, added before the table grew to %d slots: counted %d, want 1", i, len(keys), len(s.slots), c)
		}
	}
}

// TestHashSetFilterFullPending: a key added when pendingMax keys wait, whose
// flush grows the table, keeps its bits in the filter made for the new
// size.
func TestHashSetFilterFullPending(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 7))
	var s hashSet
	s.init()
	s.reserve(filterSlots)
	size := len(s.slots)
	for (s.used+len(s.pending)+pendingMax)*2 <= size {
		s.add(rng.Uint64())
	}
	s.flush()
	var keys []uint64
	for len(s.pending) < pendingMax {
		// keys the filter does not know (no flush on the way)
		k := rng.Uint64()
		if w, m := s.filterBits(entry(k, s.gen)); s.filter[w]&m != m {
			if c := s.add(k); c != 0 {
				t.Fatalf("a new key counted %d", c)
			}
			keys = append(keys, k)
		}
	}
	if len(s.slots) != size {
		t.Fatal("the table grew before the pending keys were flushed")
	}
	last := rng.Uint64()
	s.add(last) // flushes pendingMax keys first: the table grows
	if len(s.slots) == size {
		t.Fatal("the table did not grow")
	}
	if c := s.add(last); c != 1 {
		t.Fatalf("the key added as the table grew: counted %d, want 1", c)
	}
	s.flush()
	for i, k := range keys {
		if c := s.add(k); c != 1 {
			t.Fatalf("key %d of %d: counted %d, want 1", i, len(keys), c)
		}
	}
}
