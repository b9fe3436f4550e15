package syntax_test

import (
	"bytes"
	"io"
	"runtime"
	"testing"

	"github.com/sgf-toolkit/sgf/syntax"
)

// TestReaderLongTreeAllocs reads one game tree of 2^20 empty nodes with a
// Reader, which parses a tree again after each fill of its buffer until
// the tree is complete: its node records (8 MB) must not be allocated
// many times over. Grown by append at each parse, the arena was allocated
// five times over (10^7 empty nodes: 400 MB for 80 MB of records; sgf
// check's peak memory 936 MB instead of 862, sgf stats' 388 MB instead of
// 236).
func TestReaderLongTreeAllocs(t *testing.T) {
	const n = 1 << 20
	src := []byte("(;" + string(bytes.Repeat([]byte{';'}, n)) + ")\n")
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	r := syntax.NewReader(bytes.NewReader(src), nil)
	tr, err := r.Next()
	runtime.ReadMemStats(&after)
	if err != nil || tr.NumNodes() != n+1 {
		t.Fatalf("%v, %d nodes", err, tr.NumNodes())
	}
	if _, err := r.Next(); err != io.EOF {
		t.Fatalf("after the tree: %v", err)
	}
	records := uint64(8 * n)
	got := after.TotalAlloc - before.TotalAlloc
	t.Logf("allocated %d MB for %d MB of records and %d MB of text", got>>20, records>>20, len(src)>>20)
	// The records of each parse (the tree as far as the buffer, which
	// doubles: twice the records in all), the buffers, the text: 31 MB
	// (44 MB grown by append).
	if got > 9*records/2 {
		t.Errorf("reading a tree of 2^20 nodes allocated %d MB, more than 4.5 times its %d MB of node records", got>>20, records>>20)
	}
}

// TestReaderSmallInputAllocs: a Reader of an input that tells its length
// (Len, as bytes.Reader does) reads it in one piece of that size, not in
// the 64 KB of a large input (issue 14: ten thousand files of a game each
// allocated 64 KB each here, 640 MB for the shape).
func TestReaderSmallInputAllocs(t *testing.T) {
	src := []byte("(;GM[1]FF[4]SZ[19];B[pd];W[dd];B[pq];W[dp])\n")
	read := func() uint64 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		r := syntax.NewReader(bytes.NewReader(src), nil)
		for {
			if _, err := r.Next(); err != nil {
				if err != io.EOF {
					t.Fatal(err)
				}
				break
			}
		}
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	read()
	if got := read(); got > 8<<10 {
		t.Errorf("reading a tree of %d bytes allocated %d bytes, want at most 8 KB", len(src), got)
	}
}
