package syntax

import (
	"bytes"
	"strings"
	"testing"
)

// TestLineIndexEnd: the end position the Reader carries from tree to tree,
// counted without the index when there is no carriage return, is the
// index's position of the end.
func TestLineIndexEnd(t *testing.T) {
	for _, src := range []string{
		"", "(;B[aa])", "\n", "(;B[aa])\n", "\n\n(;C[a\nb])\n  ", "x\ny\nzz",
		"a\r\nb", "a\rb\n", "\r\n\r\n", "a\n\rb", "abc\r",
	} {
		for _, base := range []struct{ line, col int }{{1, 1}, {7, 3}} {
			l := &lineIndex{src: []byte(src), base: 100, baseLine: base.line, baseCol: base.col}
			line, col := l.end()
			l2 := &lineIndex{src: []byte(src), base: 100, baseLine: base.line, baseCol: base.col}
			want := l2.position(100 + int64(len(src)))
			if line != want.Line || col != want.Column {
				t.Errorf("%q from %d:%d: end %d:%d, want %d:%d", src, base.line, base.col, line, col, want.Line, want.Column)
			}
		}
	}
}

// TestLineIndexBuild: the line starts of the index (one search for "\n"
// a line when the text has no "\r") are those of a byte-by-byte reading,
// where "\r\n" and "\n\r" are one line break each, a lone "\r" or "\n"
// one.
func TestLineIndexBuild(t *testing.T) {
	ref := func(src string) []uint32 {
		var starts []uint32
		for i := 0; i < len(src); i++ {
			c := src[i]
			if c != '\n' && c != '\r' {
				continue
			}
			if i+1 < len(src) && (src[i+1] == '\n' || src[i+1] == '\r') && src[i+1] != c {
				i++
			}
			starts = append(starts, uint32(i+1))
		}
		return starts
	}
	for _, src := range []string{
		"", "(;B[aa])", "\n", "\n\n", "(;B[aa])\n", "\n\n(;C[a\nb])\n  ", "x\ny\nzz",
		"a\r\nb", "a\rb\n", "\r\n\r\n", "a\n\rb", "abc\r", "\n\r\n\r", "a\r\r\nb\n\nc",
	} {
		l := &lineIndex{src: []byte(src)}
		l.build()
		want := ref(src)
		if len(l.starts) != len(want) {
			t.Errorf("%q: starts %v, want %v", src, l.starts, want)
			continue
		}
		for i := range want {
			if l.starts[i] != want[i] {
				t.Errorf("%q: starts %v, want %v", src, l.starts, want)
				break
			}
		}
	}
}

// TestLastNewline: lastNewline, which looks for the last line break in
// pieces from the end, finds the one bytes.LastIndexByte finds, wherever
// it is in a long text: at the start, at the edges of the pieces, near
// the end.
func TestLastNewline(t *testing.T) {
	for _, n := range []int{1, 2, 4095, 4096, 4097, 8192, 8193, 20000} {
		for _, at := range []int{0, 1, n / 2, n - 4097, n - 4096, n - 4095, n - 2, n - 1} {
			if at < 0 || at >= n {
				continue
			}
			src := make([]byte, n)
			for i := range src {
				src[i] = 'x'
			}
			src[at] = '\n'
			if at > 3 {
				src[at-3] = '\n' // an earlier one, not the last
			}
			if got := lastNewline(src); got != at {
				t.Errorf("%d bytes, the last line break at %d: lastNewline %d", n, at, got)
			}
		}
	}
	// Read a word at a time: every place of the last break in short
	// texts, among bytes next to '\n' in value and in bits (a word's test
	// must find the '\n', and only it).
	fill := []byte{'x', 0x0b, 0x09, 0x8a, 0x00, 0xff, 0x0a ^ 0x80, 0x01}
	for n := 1; n <= 40; n++ {
		for at := -1; at < n; at++ {
			for k, f := range fill {
				src := make([]byte, n)
				for i := range src {
					src[i] = fill[(i+k)%len(fill)]
					if f == 'x' {
						src[i] = 'x'
					}
				}
				if at >= 0 {
					src[at] = '\n'
				}
				if got, want := lastNewline(src), bytes.LastIndexByte(src, '\n'); got != want {
					t.Errorf("%q: lastNewline %d, want %d", src, got, want)
				}
			}
		}
	}
	// The end of a tree whose last line is long: the column after it.
	src := "(;FF[4]\n" + strings.Repeat("(;B[aa]", 3000) + strings.Repeat(")", 3001)
	l := &lineIndex{src: []byte(src), baseLine: 1, baseCol: 1}
	if line, col := l.end(); line != 2 || col != len(src)-7 {
		t.Errorf("end of a tree of %d bytes, the second line long: %d:%d, want 2:%d", len(src), line, col, len(src)-7)
	}
}

// TestLineIndexDirect: the position of an offset near the start of the
// text, counted without the table of lines when no carriage return comes
// before it, is the table's, for every offset of texts with every kind of
// line break, and offsets past the direct limit.
func TestLineIndexDirect(t *testing.T) {
	texts := []string{
		"", "(;B[aa])", "\n", "\n\n", "a\nb\n\nc", "a\r\nb", "a\n\rb", "\n\r\n\r", "a\rb\nc",
		"a\r\r\nb\n\nc", "x\n" + strings.Repeat("y", directLines) + "\nz\r\nw",
		strings.Repeat("ab\n", directLines/2),
	}
	for _, src := range texts {
		for _, base := range []struct{ line, col int }{{1, 1}, {7, 3}} {
			for off := -1; off <= len(src)+1; off++ {
				l := &lineIndex{src: []byte(src), base: 100, baseLine: base.line, baseCol: base.col}
				got := l.position(100 + int64(off))
				rel := min(max(off, 0), len(src))
				want := l.indexed(100+int64(off), rel)
				if got != want {
					t.Fatalf("%q from %d:%d, offset %d: %+v, want %+v", src, base.line, base.col, off, got, want)
				}
			}
		}
	}
}

// TestLineIndexFillSorted: the positions fillSorted sets, counting the
// lines of each offset from the one before (offsets in order), are
// position's for each, on texts with every kind of line break, offsets
// near and past the direct limit, in order and out of it, with and
// without offsets unset (-1: left as they are when skipUnset, else
// position's); and Tree.FillPositions is Tree.Position.
func TestLineIndexFillSorted(t *testing.T) {
	texts := []string{
		"", "(;B[aa])", "\n", "\n\n", "a\nb\n\nc", "a\r\nb", "a\n\rb", "\n\r\n\r", "a\rb\nc",
		"a\nb\nc\rd\ne", "x\n" + strings.Repeat("y", directLines) + "\nz\r\nw",
		strings.Repeat("ab\n", directLines/2),
		strings.Repeat("(;GM[1]\nPB[x]\n\n", 40),
	}
	rnd := uint32(1)
	next := func(n int) int {
		rnd = rnd*1664525 + 1013904223
		return int(rnd>>8) % n
	}
	for _, src := range texts {
		for round := range 200 {
			k := 1 + next(8)
			ds := make([]Diagnostic, k)
			for i := range ds {
				ds[i].Offset = 100 + int64(next(len(src)+3)) - 1
				ds[i].Line = 999
				if next(5) == 0 {
					ds[i].Offset = -1
				}
			}
			if round%3 != 0 {
				sortDiags(ds)
			}
			for _, skip := range []bool{false, true} {
				l := &lineIndex{src: []byte(src), base: 100, baseLine: 7, baseCol: 3}
				got := append([]Diagnostic(nil), ds...)
				l.fillSorted(got, skip)
				for i, d := range got {
					want := l.position(ds[i].Offset)
					if skip && ds[i].Offset < 0 {
						want = ds[i].Position
					}
					if d.Position != want {
						t.Fatalf("%q, offsets %v (skip %v): #%d %+v, want %+v", src, offsets(ds), skip, i, d.Position, want)
					}
				}
			}
		}
	}
	f, err := Parse([]byte("(;GM[1]\nPB[a]\r\n;B[aa]\n;W[bb])\n(;FF[4]\n\n;B[cc])"), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tr := range f.Trees {
		var ds []Diagnostic
		for off := int64(-1); off < 50; off++ {
			ds = append(ds, Diagnostic{Position: Position{Offset: off, Line: 5}})
		}
		tr.FillPositions(ds)
		for _, d := range ds {
			want := tr.Position(d.Offset)
			if d.Offset < 0 {
				want = Position{Offset: -1, Line: 5}
			}
			if d.Position != want {
				t.Errorf("tree %d, offset %d: %+v, want %+v", tr.Index(), d.Offset, d.Position, want)
			}
		}
	}
}

func offsets(ds []Diagnostic) []int64 {
	var o []int64
	for _, d := range ds {
		o = append(o, d.Offset)
	}
	return o
}
