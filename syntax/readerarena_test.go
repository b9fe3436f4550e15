package syntax_test

import (
	"bytes"
	"fmt"
	"io"
	"runtime"
	"strings"
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

// sizedReader is an input that tells its length (Len), as the CLI's files
// do, and records the size of each read asked of it.
type sizedReader struct {
	*bytes.Reader
	asked []int
}

func (s *sizedReader) Read(p []byte) (int, error) {
	s.asked = append(s.asked, len(p))
	return s.Reader.Read(p)
}

// TestReaderReadsKnownSizeWhole: a Reader of an input that tells its
// length reads it in one piece when it is larger than the usual 64 KB
// (issue 14: a tree of 80 KB, variations nested 10,000 deep, was parsed
// once from the first 64 KB, then again from the whole; one of 200,000
// moves six times), and in pieces of 64 KB when it is larger than
// MaxBytes. The trees are those that Parse reads.
func TestReaderReadsKnownSizeWhole(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("(;FF[4]GM[1]SZ[19]\n")
	for i := range 20000 {
		fmt.Fprintf(&b, "(;%c[%c%c]", "BW"[i%2], 'a'+i%19, 'a'+i/19%19)
	}
	b.WriteString(strings.Repeat(")", 20001))
	tree := b.Len()
	for range 2000 {
		b.WriteString("\n(;B[aa];W[bb])")
	}
	src := b.Bytes()
	want, err := syntax.Parse(src, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		maxBytes  int64
		firstRead int
	}{
		{0, len(src) + 1},              // the default limit: the whole input and one byte
		{int64(tree) + 1000, 64 << 10}, // larger than the limit: the usual first read
	} {
		in := &sizedReader{Reader: bytes.NewReader(src)}
		r := syntax.NewReader(in, &syntax.Options{MaxBytes: c.maxBytes})
		var trees []*syntax.Tree
		for {
			tr, err := r.Next()
			if err != nil {
				if err != io.EOF {
					t.Fatal(err)
				}
				break
			}
			trees = append(trees, tr)
		}
		if len(in.asked) == 0 || in.asked[0] != c.firstRead {
			t.Errorf("MaxBytes %d: reads of %v bytes, want a first read of %d", c.maxBytes, in.asked, c.firstRead)
		}
		if len(trees) != len(want.Trees) {
			t.Fatalf("MaxBytes %d: %d trees, want %d", c.maxBytes, len(trees), len(want.Trees))
		}
		for i, tr := range trees {
			if tr.NumNodes() != want.Trees[i].NumNodes() || !bytes.Equal(tr.Source(), want.Trees[i].Source()) {
				t.Errorf("MaxBytes %d: tree %d: %d nodes, want %d", c.maxBytes, i, tr.NumNodes(), want.Trees[i].NumNodes())
			}
		}
	}
}
