package check_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/check"
	"github.com/sgf-toolkit/sgf/games"
	"github.com/sgf-toolkit/sgf/internal/sgftest"
	"github.com/sgf-toolkit/sgf/syntax"
)

// TestHexOccupiedAsCursor shows one Hex board for check and the Cursor:
// over the Hex corpus (the Benzene records and their swaps) and a few
// trees of swaps, C35 marks exactly the nodes where sgf.Cursor reports
// games.RuleOccupied.
func TestHexOccupiedAsCursor(t *testing.T) {
	srcs := map[string][]byte{
		"swap then the mirrored cell": []byte("(;FF[4]GM[11]SZ[5];B[c5];W[swap-pieces];B[e3])"),
		"swap frees the cell":         []byte("(;FF[4]GM[11]SZ[5];B[c5];W[swap-pieces];B[c4];W[c5])"),
		"setup and variations":        []byte("(;FF[4]GM[11]SZ[4]AB[a1]AW[b2](;B[a1])(;AE[a1];B[a1];W[b2]))"),
	}
	root := sgftest.Corpus(t, "hex")
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".sgf") {
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			srcs[path] = b
		}
		return nil
	})
	if len(srcs) < 10 {
		t.Fatalf("only %d Hex files", len(srcs))
	}
	c35 := 0
	for name, src := range srcs {
		f, _ := syntax.Parse(src, nil)
		want := map[[2]int]bool{}
		for _, d := range check.Check(f, check.Options{}) {
			if d.Code == check.CodeOccupied {
				want[[2]int{d.Tree, d.Node}] = true
			}
		}
		col, err := sgf.Parse(src)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got := map[[2]int]bool{}
		for ti := range col.Len() {
			g := col.Game(ti)
			cur := g.NewCursor()
			for n := range g.Nodes() {
				cur.Goto(n)
				if cur.Broken()&games.RuleOccupied != 0 {
					got[[2]int{ti, n.Number()}] = true
				}
			}
		}
		if len(got) != len(want) {
			t.Errorf("%s: C35 at %v, the Cursor at %v", name, want, got)
		}
		for k := range want {
			if !got[k] {
				t.Errorf("%s: C35 at tree %d node %d, the Cursor has no broken rule there", name, k[0], k[1])
			}
		}
		c35 += len(want)
	}
	if c35 < 3 {
		t.Errorf("only %d C35 in the cases: the test shows nothing", c35)
	}
}
