package collection

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf/syntax"
)

// siblings returns a game whose root has n children (;B[aa]), the shape on
// which sgf tree, strip --variations and merge took time quadratic in n
// (issue 13 item 2: 0.58 s, 2.0 s, 7.8 s for n = 10k, 20k, 40k).
func siblings(n int) []byte {
	var b bytes.Buffer
	b.WriteString("(;GM[1]FF[4]SZ[19]")
	for range n {
		b.WriteString("(;B[aa])")
	}
	b.WriteString(")\n")
	return b.Bytes()
}

func parseSiblings(tb testing.TB, src []byte) *syntax.Tree {
	tb.Helper()
	f, err := syntax.Parse(src, &syntax.Options{MaxNodes: 1 << 30, MaxBytes: 1 << 40})
	if err != nil || len(f.Trees) != 1 {
		tb.Fatalf("parse: %v", err)
	}
	return f.Trees[0]
}

// TestManySiblings runs each tree operation on a root with 200,000
// children and checks its result. Before they were linear they took tens
// of minutes here (more than go test's timeout); the benchmarks below give
// the figures at a million.
func TestManySiblings(t *testing.T) {
	const n = 200_000
	src := siblings(n)
	t.Run("Outline", func(t *testing.T) {
		k := 0
		for s := range Outline(parseSiblings(t, src)) {
			if k == n && s.First != n {
				t.Errorf("last segment %+v", s)
			}
			k++
		}
		if k != n+1 {
			t.Errorf("%d segments, want %d", k, n+1)
		}
	})
	t.Run("Strip", func(t *testing.T) {
		f, _ := syntax.Parse(src, &syntax.Options{MaxNodes: 1 << 30, MaxBytes: 1 << 40})
		r, err := Strip(f, StripOptions{Variations: true})
		if err != nil || r.Variations != n-1 || r.Nodes != n-1 {
			t.Fatalf("Strip: %+v, %v", r, err)
		}
		var out bytes.Buffer
		f.Trees[0].WriteTo(&out)
		if got := strings.Count(out.String(), ";"); got != 2 {
			t.Errorf("after Strip: %d nodes written, want 2", got)
		}
	})
	t.Run("Merge", func(t *testing.T) {
		out, r, err := Merge([]*syntax.Tree{parseSiblings(t, src)}, []string{"x"}, nil)
		if err != nil || r.Nodes != n+1 || bytes.Count(out, []byte("B[aa]")) != n {
			t.Fatalf("Merge: %d B[aa], %+v, %v", bytes.Count(out, []byte("B[aa]")), r, err)
		}
	})
	t.Run("TreeText", func(t *testing.T) {
		if out := TreeText(parseSiblings(t, src)); bytes.Count(out, []byte("(;B[aa])")) != n {
			t.Errorf("TreeText lost variations")
		}
	})
	t.Run("Signature", func(t *testing.T) {
		if _, err := Signature(parseSiblings(t, src)); err != nil {
			t.Log(err) // no main line of 20 moves: an error, but in linear time
		}
		if _, err := StrictSignature(parseSiblings(t, src)); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("Stats", func(t *testing.T) {
		var s Stats
		s.AddFile(src)
	})
}

// benchSiblings runs op on the tree of a root with a million children.
func benchSiblings(b *testing.B, op func(src []byte, f *syntax.File)) {
	src := siblings(1_000_000)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		f, err := syntax.Parse(src, &syntax.Options{MaxNodes: 1 << 30, MaxBytes: 1 << 40})
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		op(src, f)
	}
}

// BenchmarkSiblingsOutline: collection.Outline (sgf tree) of a root with a
// million children.
func BenchmarkSiblingsOutline(b *testing.B) {
	benchSiblings(b, func(_ []byte, f *syntax.File) {
		for range Outline(f.Trees[0]) {
		}
	})
}

// BenchmarkSiblingsStrip: Strip with Variations (sgf strip --variations).
func BenchmarkSiblingsStrip(b *testing.B) {
	benchSiblings(b, func(_ []byte, f *syntax.File) {
		Strip(f, StripOptions{Variations: true})
	})
}

// BenchmarkSiblingsMerge: Merge (sgf merge) of the tree with itself.
func BenchmarkSiblingsMerge(b *testing.B) {
	benchSiblings(b, func(_ []byte, f *syntax.File) {
		Merge([]*syntax.Tree{f.Trees[0], f.Trees[0]}, []string{"a", "b"}, nil)
	})
}

// BenchmarkSiblingsTreeText: TreeText (sgf split).
func BenchmarkSiblingsTreeText(b *testing.B) {
	benchSiblings(b, func(_ []byte, f *syntax.File) { TreeText(f.Trees[0]) })
}

// BenchmarkSiblingsSignature: StrictSignature (sgf dupes --strict).
func BenchmarkSiblingsSignature(b *testing.B) {
	benchSiblings(b, func(_ []byte, f *syntax.File) { StrictSignature(f.Trees[0]) })
}

// BenchmarkSiblingsStats: Stats.AddFile (sgf stats), parse included.
func BenchmarkSiblingsStats(b *testing.B) {
	benchSiblings(b, func(src []byte, _ *syntax.File) {
		var s Stats
		s.AddFile(src)
	})
}
