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
