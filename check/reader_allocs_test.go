package check_test

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf/check"
)

// TestReaderAllocsPerTree bounds the allocations of check.Reader for a
// game tree read and checked (Next, Run, Diagnostics) without a
// diagnostic: the Tree holds its one-tree File, sgf.Reader makes the
// game, its collection and their list in one allocation and starts it
// with the last game's CA, the syntax.Reader's tree holds its line index,
// its first variation and the bits of its simple moves (the parser's
// stack is kept from tree to tree), view keeps the strings of the last
// CA, the Decoder's setBoard makes no identifier, and CheckTree keeps the
// options and the charset of the tree in the pooled checker (5: the
// check.Tree, the game, the syntax tree, its text and its node records;
// 12 before, 14 before that); a change that adds one shows.
func TestReaderAllocsPerTree(t *testing.T) {
	game := "(;GM[1]FF[4]CA[UTF-8]AP[a:1]SZ[19]PB[b]PW[w];B[pd];W[dd];B[pq];W[dp])\n"
	src := []byte(strings.Repeat(game, 3000))
	r := check.NewReader(bytes.NewReader(src), check.Options{})
	next := func() {
		tr, err := r.Next()
		if err != nil && err != io.EOF {
			t.Fatal(err)
		}
		if tr == nil {
			t.Fatal("no tree")
		}
		tr.Run()
		if ds := r.Diagnostics(tr); len(ds) != 0 {
			t.Fatalf("diagnostics: %v", ds)
		}
	}
	for range 20 { // buffers and the checker's tables are made at first
		next()
	}
	allocs := testing.AllocsPerRun(2000, next)
	t.Logf("%.2f allocations a tree", allocs)
	if allocs > maxCheckReaderAllocs {
		t.Errorf("check.Reader allocates %.2f times a tree, want at most %d", allocs, maxCheckReaderAllocs)
	}
}

const maxCheckReaderAllocs = 5
