package sgf_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/syntax"
)

func siblingsGame(tb testing.TB, n int) ([]byte, *sgf.Game) {
	var b bytes.Buffer
	b.WriteString("(;GM[1]FF[4]SZ[19]")
	for range n {
		b.WriteString("(;B[aa])")
	}
	b.WriteString(")\n")
	c, err := sgf.Read(bytes.NewReader(b.Bytes()), &sgf.ReadOptions{Syntax: syntax.Options{MaxNodes: 1 << 30, MaxBytes: 1 << 40}})
	if err != nil {
		tb.Fatal(err)
	}
	return b.Bytes(), c.Game(0)
}

// TestPathManySiblings: the path, label and NodeRef of every child of a
// root with 200,000 children, in linear time (ChildIndex walked the
// siblings: quadratic).
func TestPathManySiblings(t *testing.T) {
	const n = 200_000
	_, g := siblingsGame(t, n)
	i := 0
	for c := range g.Root().Children() {
		want := "1"
		if i > 0 {
			want = fmt.Sprintf("0.%d.0", i)
		}
		if c.Path().String() != want || c.Ref().String() != fmt.Sprint(i+1) {
			t.Fatalf("child %d: path %s, ref %s", i, c.Path(), c.Ref())
		}
		i++
	}
	if l := g.Node(n).Label(); l != sgf.VariationLabel(n-1) {
		t.Errorf("last label %s", l)
	}
}

// BenchmarkSiblingsPath finds the path of every node of a root with a
// million children.
func BenchmarkSiblingsPath(b *testing.B) {
	src, g := siblingsGame(b, 1_000_000)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		for n := range g.Nodes() {
			n.Path()
		}
	}
}

// TestEditManySiblings: the structural edits of a root with 200,000
// children (AddChild, MoveChild, Promote, Remove), the numbers and paths
// after them, and a cursor that visits every child, each in time linear in
// the tree: a quadratic step would take minutes here (issue 13, item 2).
func TestEditManySiblings(t *testing.T) {
	const n = 200_000
	_, g := siblingsGame(t, n)
	root := g.Root()
	// A cursor visits every child and comes back.
	c := g.NewCursor()
	for i := range n {
		if !c.Child(i) || c.Node().Number() != i+1 {
			t.Fatalf("child %d: at node %d", i, c.Node().Number())
		}
		c.Parent()
	}
	last := root.Child(n - 1)
	if err := last.Promote(); err != nil || root.Child(0) != last || last.Number() != 1 || last.Path().String() != "1" {
		t.Fatalf("promote: %v, number %d, path %s", err, last.Number(), last.Path())
	}
	if err := root.MoveChild(0, n-1); err != nil || root.Child(n-1) != last || last.Number() != n {
		t.Fatalf("move child: %v, number %d", err, last.Number())
	}
	if err := root.Child(n / 2).Remove(); err != nil || root.NumChildren() != n-1 || last.Number() != n-1 {
		t.Fatalf("remove: %v, %d children, last is %d", err, root.NumChildren(), last.Number())
	}
	ch, err := root.AddChild()
	if err != nil || ch.Number() != n || g.Node(n) != ch {
		t.Fatalf("add child: %v, number %d", err, ch.Number())
	}
}

// BenchmarkSiblingsEdit runs each structural edit once on a root with a
// million children, undone in the same step (Promote the last child and
// move it back; Remove a middle child and add one), then asks the number
// of the last node, which the edit renumbered.
func BenchmarkSiblingsEdit(b *testing.B) {
	src, g := siblingsGame(b, 1_000_000)
	root := g.Root()
	n := root.NumChildren()
	for _, tc := range []struct {
		name string
		edit func() error
	}{
		{"Promote_MoveChild", func() error {
			if err := root.Child(n - 1).Promote(); err != nil {
				return err
			}
			return root.MoveChild(0, n-1)
		}},
		{"Remove_AddChild", func() error {
			if err := root.Child(n / 2).Remove(); err != nil {
				return err
			}
			ch, err := root.AddChild()
			if err != nil {
				return err
			}
			return ch.Set("B", "aa")
		}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if err := tc.edit(); err != nil {
					b.Fatal(err)
				}
				if k := root.Child(n - 1).Number(); k != n {
					b.Fatalf("last child is node %d", k)
				}
			}
		})
	}
}

// BenchmarkSiblingsBuild builds a root with a million children with
// AddChild and Set, as a program writing such a tree does.
func BenchmarkSiblingsBuild(b *testing.B) {
	src, _ := siblingsGame(b, 1_000_000)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		g, err := sgf.NewGame(sgf.GameGo, 19, 19)
		if err != nil {
			b.Fatal(err)
		}
		root := g.Root()
		for range 1_000_000 {
			ch, err := root.AddChild()
			if err != nil {
				b.Fatal(err)
			}
			if err := ch.Set("B", "aa"); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkSiblingsCursor visits every child of a root with a million
// children with a Cursor (each executed and taken back), and finds each
// by its number (Game.Node) and by its path (Game.NodeAt).
func BenchmarkSiblingsCursor(b *testing.B) {
	src, g := siblingsGame(b, 1_000_000)
	n := g.Root().NumChildren()
	b.Run("Child_Parent", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		c := g.NewCursor()
		for b.Loop() {
			for i := range n {
				c.Child(i)
				c.Parent()
			}
		}
	})
	b.Run("Node_NodeAt", func(b *testing.B) {
		paths := make([]sgf.Path, n)
		for i := range n {
			paths[i] = g.Node(i + 1).Path()
		}
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		for b.Loop() {
			for i := range n {
				if g.Node(i + 1).IsZero() {
					b.Fatal("no node")
				}
				if _, err := g.NodeAt(paths[i]); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}
