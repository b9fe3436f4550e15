package sgf

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// TestReaderAllocsPerGame bounds the allocations of Reader.Next for a game
// of a collection (the game, its collection and the collection's list of
// games are one allocation, and setBoard makes no identifier), so that a
// change that adds one shows.
func TestReaderAllocsPerGame(t *testing.T) {
	game := "(;GM[1]FF[4]CA[UTF-8]SZ[19]PB[b]PW[w];B[pd];W[dd];B[pq];W[dp])\n"
	src := []byte(strings.Repeat(game, 2000))
	r, err := NewReader(bytes.NewReader(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	for range 10 { // the reader's buffers grow at first
		if _, err := r.Next(); err != nil {
			t.Fatal(err)
		}
	}
	allocs := testing.AllocsPerRun(1000, func() {
		if _, err := r.Next(); err != nil && err != io.EOF {
			t.Fatal(err)
		}
	})
	t.Logf("%.2f allocations a game", allocs)
	if allocs > maxReaderAllocs {
		t.Errorf("Reader.Next allocates %.2f times a game, want at most %d", allocs, maxReaderAllocs)
	}
}

const maxReaderAllocs = 9
