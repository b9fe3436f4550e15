package check

import (
	"bytes"
	"testing"

	"github.com/sgf-toolkit/sgf/syntax"
)

func siblingsFile(tb testing.TB, n int) ([]byte, *syntax.File) {
	var b bytes.Buffer
	b.WriteString("(;GM[1]FF[4]SZ[19]")
	for range n {
		b.WriteString("(;B[aa])")
	}
	b.WriteString(")\n")
	f, err := syntax.Parse(b.Bytes(), &syntax.Options{MaxNodes: 1 << 30, MaxBytes: 1 << 40})
	if err != nil {
		tb.Fatal(err)
	}
	return b.Bytes(), f
}

// TestFixManySiblings: Fix writes a root with 200,000 children in linear
// time (it asked for each child by its index, walking the variations:
// quadratic) and keeps them all.
func TestFixManySiblings(t *testing.T) {
	const n = 200_000
	_, f := siblingsFile(t, n)
	out, _ := Fix(f, FixOptions{})
	if got := bytes.Count(out, []byte("(;B[aa])")); got != n {
		t.Errorf("Fix wrote %d variations, want %d", got, n)
	}
}

// BenchmarkSiblingsCheck checks a root with a million children.
func BenchmarkSiblingsCheck(b *testing.B) {
	src, f := siblingsFile(b, 1_000_000)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		Check(f, Options{Strict: true, Variations: true})
	}
}

// BenchmarkSiblingsFix fixes (and writes) it.
func BenchmarkSiblingsFix(b *testing.B) {
	src, f := siblingsFile(b, 1_000_000)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		Fix(f, FixOptions{})
	}
}
