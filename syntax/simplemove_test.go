package syntax_test

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/sgf-toolkit/sgf/internal/sgftest"
	"github.com/sgf-toolkit/sgf/syntax"
)

// TestSimpleMove: Node.SimpleMove says yes exactly for nodes whose only
// property is one letter with one two-byte value, and then gives what
// Props gives.
func TestSimpleMove(t *testing.T) {
	for _, c := range []struct {
		src  string
		node int // the node asked, by index
		id   byte
		val  string
	}{
		{"(;GM[1];B[pd];W[dp])", 1, 'B', "pd"},
		{"(;GM[1];B[pd]\n;W[dp])", 1, 'B', "pd"},
		{"(;GM[1];B[pd] \r\n\t(;W[dp])(;W[dd]))", 1, 'B', "pd"},
		{"(;GM[1];B[pd])", 1, 'B', "pd"},
		{"(;GM[1];C[ab];W[dp])", 1, 'C', "ab"},
		{"(;GM[1];B[pd]C[x];W[dp])", 1, 0, ""},
		{"(;GM[1];B[pd] C[x];W[dp])", 1, 0, ""},
		{"(;GM[1];B[pd][qq];W[dp])", 1, 0, ""},
		{"(;GM[1];B[p\\]];W[dp])", 1, 0, ""},
		{"(;GM[1];B[pdd];W[dp])", 1, 0, ""},
		{"(;GM[1];B[];W[dp])", 1, 0, ""},
		{"(;GM[1];AB[pd];W[dp])", 1, 0, ""},
		{"(;GM[1];b[pd];W[dp])", 1, 0, ""},
		{"(;GM[1];B[p\x81];W[dp])", 1, 0, ""},
		{"(;GM[1];B[pd]", 1, 0, ""}, // cut: no ")" after it
	} {
		f, _ := syntax.Parse([]byte(c.src), nil)
		n := f.Trees[0].Node(c.node)
		id, v, ok := n.SimpleMove()
		if ok != (c.id != 0) || id != c.id || string(v) != c.val {
			t.Errorf("%q node %d: SimpleMove = %q %q %v, want %q %q", c.src, c.node, id, v, ok, c.id, c.val)
		}
		if ok {
			checkSimpleMove(t, n, id, v)
		}
	}
	// An edited node is read through Props only.
	f, _ := syntax.Parse([]byte("(;GM[1];B[pd];W[dp])"), nil)
	n := f.Trees[0].Node(1)
	if err := n.SetProp("B", []byte("qq")); err != nil {
		t.Fatal(err)
	}
	if _, _, ok := n.SimpleMove(); ok {
		t.Error("SimpleMove of an edited node")
	}
}

// checkSimpleMove fails unless n's properties are one, id, with one value v.
func checkSimpleMove(t *testing.T, n syntax.Node, id byte, v []byte) {
	t.Helper()
	props := n.AppendProps(nil)
	if len(props) != 1 || string(props[0].ID) != string(id) {
		t.Fatalf("%q: SimpleMove says %c[%s], Props yield %d properties", n.Source(), id, v, len(props))
	}
	vals := props[0].AppendValues(nil)
	if len(vals) != 1 || !bytes.Equal(vals[0].Raw, v) {
		t.Fatalf("%q: SimpleMove says %c[%s], Props yield %d values", n.Source(), id, v, len(vals))
	}
}

// TestSimpleMoveCorpus: on every node of the corpus's games, SimpleMove
// agrees with Props, and says yes for most of them.
func TestSimpleMoveCorpus(t *testing.T) {
	dir := sgftest.Corpus(t, "games")
	nodes, simple := 0, 0
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".sgf" {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		f, _ := syntax.Parse(src, nil)
		for _, tr := range f.Trees {
			for i := range tr.NumNodes() {
				n := tr.Node(i)
				nodes++
				if id, v, ok := n.SimpleMove(); ok {
					simple++
					checkSimpleMove(t, n, id, v)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if simple < nodes*9/10 {
		t.Errorf("%d of %d nodes are simple moves, want most", simple, nodes)
	}
}

// TestNextInSequence: NextInSequence is Child(0) for a node whose child
// continues its sequence and the zero Node for every other node (no
// child, variations), on read trees and after edits.
func TestNextInSequence(t *testing.T) {
	f, _ := syntax.Parse([]byte("(;GM[1];B[aa];W[bb](;B[cc];W[dd])(;B[ee]))(;C[x])"), nil)
	check := func(when string) {
		t.Helper()
		seq := 0
		for _, tr := range f.Trees {
			for i := range tr.NumNodes() {
				n := tr.Node(i)
				got, want := n.NextInSequence(), syntax.Node{}
				if n.InSequence() {
					want = n.Child(0)
					seq++
				}
				if got != want {
					t.Errorf("%s: tree %d node %d: NextInSequence %v, want %v", when, tr.Index(), i, got.Index(), want.Index())
				}
			}
		}
		if seq == 0 {
			t.Fatalf("%s: no node in sequence: the test proves nothing", when)
		}
	}
	check("read")
	n, err := f.Trees[0].Node(3).AddChild() // W[bb] gains a third variation
	if err != nil {
		t.Fatal(err)
	}
	if _, err := n.AddChild(); err != nil { // which continues in sequence
		t.Fatal(err)
	}
	check("edited")
}
