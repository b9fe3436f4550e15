package index

import (
	"sync"
	"testing"
)

// TestZobristKeys checks the table made on first use: the SplitMix64
// sequence from the index's seed (the keys of every hash in a database,
// which must not change), the same table for callers that race to make it.
func TestZobristKeys(t *testing.T) {
	tables := make([]*zobristTable, 8)
	var wg sync.WaitGroup
	for g := range tables {
		wg.Go(func() { tables[g] = zobristKeys() })
	}
	wg.Wait()
	for _, z := range tables[1:] {
		if z != tables[0] {
			t.Fatal("zobristKeys returned two tables")
		}
	}
	z := tables[0]
	s := uint64(0x7367662d696e6478)
	for c := range z {
		for i := range z[c] {
			s += 0x9e3779b97f4a7c15
			if z[c][i] != mix(s) {
				t.Fatalf("key %d of colour %d = %#x, want %#x", i, c, z[c][i], mix(s))
			}
		}
	}
	// A hash as stored in a database, written out: a black stone at the
	// 4-4 point and a white one at the 3-3 of a 19x19 board.
	cells := make([]int8, 19*19)
	cells[3*19+3], cells[2*19+2] = 1, 2
	if got := canonicalHash(cells, 19, 19, false); got != 0xc70299cc25ce63b9 {
		t.Errorf("canonicalHash = %#x", got)
	}
}
