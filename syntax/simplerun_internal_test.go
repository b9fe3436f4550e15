package syntax

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/sgf-toolkit/sgf/internal/sgftest"
)

// dumpParse writes what a parse gives of src: the diagnostics, and for
// every tree and node its record, place, parent, children, source, simple
// move and properties, the tree's runs, and the file printed and
// formatted.
func dumpParse(src []byte, opts *Options) string {
	var b strings.Builder
	f, err := Parse(src, opts)
	fmt.Fprintf(&b, "err %v\n", err)
	if f == nil {
		return b.String()
	}
	for _, d := range f.Diagnostics {
		fmt.Fprintf(&b, "diag %+v\n", d)
	}
	for ti, tr := range f.Trees {
		dumpTree(&b, ti, tr)
	}
	fmt.Fprintf(&b, "bytes %q\nformat %q\n", f.Bytes(), Format(f))
	return b.String()
}

func dumpTree(b *strings.Builder, ti int, tr *Tree) {
	fmt.Fprintf(b, "tree %d: %d nodes, %d simple, source %q\n", ti, tr.NumNodes(), tr.NumSimple(), tr.Source())
	for i := range tr.NumNodes() {
		n := tr.Node(i)
		id, val, ok := n.SimpleMove()
		fmt.Fprintf(b, "node %d at %d parent %d children %d seq %v source %q simple %c %q %v run %d line %d props",
			n.Index(), n.Offset(), n.Parent().Index(), n.NumChildren(), n.InSequence(), n.Source(), id, val, ok, tr.SimpleRun(i), tr.SimpleLine(i))
		for _, p := range n.AppendProps(nil) {
			fmt.Fprintf(b, " %s@%d", p.ID, p.Offset)
			for _, v := range p.AppendValues(nil) {
				fmt.Fprintf(b, "[%s]@%d", v.Raw, v.Offset)
			}
		}
		b.WriteByte('\n')
	}
}

// dumpReader is dumpParse through a Reader that reads src a few bytes at
// a time, so that trees end and the node arena fills at other places.
func dumpReader(src []byte, opts *Options) string {
	var b strings.Builder
	r := NewReader(iotest.HalfReader(bytes.NewReader(src)), opts)
	for ti := 0; ; ti++ {
		tr, err := r.Next()
		for _, d := range r.Diagnostics() {
			fmt.Fprintf(&b, "diag %+v\n", d)
		}
		if err != nil {
			if err != io.EOF {
				fmt.Fprintf(&b, "err %v\n", err)
			}
			break
		}
		dumpTree(&b, ti, tr)
	}
	return b.String()
}

// TestSimpleRunAsLoop: the parse reads a run of nodes ";B[pd]" that follow
// each other, at once or after white space, in one call (simpleRun), not
// one turn of the parse loop a node; and what it gives (records, links,
// the SimpleMove bits, the source of every node, diagnostics, printing)
// is what the parse loop gives taking every node itself, on runs broken by
// every kind of node, white space, variation, end of input and node limit,
// through Parse and a Reader, and on the corpus.
func TestSimpleRunAsLoop(t *testing.T) {
	srcs := []string{
		"(;FF[4];B[pd];W[dp];B[pp];W[dd])",
		"(;FF[4];B[pd] ;W[dp]\n;B[qq]\r\n(;W[aa])(;W[bb];B[cc]))",
		"(;FF[4];B[pd];W[dp]C[x];B[pp];W[dd]BL[3];B[aa];W[bb])",
		"(;FF[4];B[pd];W[dp](;B[pp];W[dd])(;B[aa](;W[bb])))",
		"(;FF[4];B[pd];W[dp];B[pp]",
		"(;FF[4];B[pd];W[dp];B[pp];",
		"(;FF[4];B[pd];W[dp]  ",
		"(;FF[4];B[pd];W[dp] \t\n ;B[pp] x;W[aa]",
		"(;FF[4];B[pd];;W[dp];B[\\]];W[tt];B[pd] x;W[aa])",
		"(;B[pd];W[dp])(;B[aa];W[bb];B[cc])\n(;W[dd])",
		"(;FF[4];B[pd](;W[dp]);W[aa];B[bb])",
		"(;FF[4];B[pd];W[dp] (;B[pp] ) ;W[aa];B[bb]\x00;W[cc]\x01)",
		"(;FF[4];B[pd];W[dp];b[pp];W[dd];B[p];W[ddd];B[pd]AB[aa];W[aa]",
		"(;FF[4]" + strings.Repeat(";B[pd];W[dp]\n", 300) + ")",
		"(;FF[4]" + strings.Repeat(";B[pd];W[dp]", 40) + "(;B[aa])" + strings.Repeat(";W[bb] ", 40) + ")",
	}
	for _, node := range byteVariants(";B[pd];W[dd]", 8) {
		srcs = append(srcs, "(;GM[1];W[aa];B[bb]"+node+";W[bb];B[cc])", "(;W[aa];B[cc]"+node)
	}
	took := 0
	simpleRunTook = func(n int) { took += n }
	defer func() { simpleRunTook = nil }()
	check := func(t *testing.T, name string, src []byte) {
		t.Helper()
		for _, opts := range []*Options{nil, {MaxNodes: 3}, {MaxNodes: 7}, {MaxNodes: 64}} {
			got, gotR := dumpParse(src, opts), dumpReader(src, opts)
			simpleRuns = false
			want, wantR := dumpParse(src, opts), dumpReader(src, opts)
			simpleRuns = true
			if got != want {
				t.Fatalf("%s (%+v): the parse with runs gives\n%s\nthe parse loop alone\n%s", name, opts, got, want)
			}
			if gotR != wantR {
				t.Fatalf("%s (%+v): the Reader with runs gives\n%s\nthe parse loop alone\n%s", name, opts, gotR, wantR)
			}
		}
	}
	for _, src := range srcs {
		check(t, fmt.Sprintf("%q", src), []byte(src))
	}
	// The runs were taken in runs: the moves of the first source but
	// the first, which the loop takes, and the last, whose word of 8
	// bytes would pass the end of the input.
	took = 0
	Parse([]byte(srcs[0]), nil)
	if took != 2 {
		t.Errorf("a run of 4 moves: %d nodes taken after the first, want 2", took)
	}
	took = 0
	Parse([]byte(srcs[13]), nil)
	if took != 599 {
		t.Errorf("a run of 600 moves, lines of 2: %d nodes taken after the first, want 599", took)
	}
	if testing.Short() {
		return
	}
	corpus := sgftest.Corpus(t)
	n := 0
	for _, dir := range []string{"games/kgs", "conformance", "regression", "stress"} {
		filepath.WalkDir(filepath.Join(corpus, dir), func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(path), ".sgf") || n >= 1000 {
				return nil
			}
			src, err := os.ReadFile(path)
			if err == nil {
				n++
				check(t, path, src)
			}
			return nil
		})
	}
	if n == 0 {
		t.Error("no corpus file read")
	}
}

// TestSetSimpleRange compares setSimpleRange, which sets the bits of a
// run a word at a time, with setSimple for each record, for runs that
// start and end anywhere in and across words, with and without bits of an
// earlier tree before the tree's first word (simpleBase).
func TestSetSimpleRange(t *testing.T) {
	for _, base := range []int{0, 3} {
		for lo := int32(0); lo < 140; lo++ {
			for hi := lo + 1; hi <= 200; hi++ {
				var want, got parser
				for _, p := range []*parser{&want, &got} {
					p.simple = make([]uint64, base)
					p.simpleBase = base
					p.setSimple(lo / 2) // a bit of the tree before the run
				}
				for n := lo; n < hi; n++ {
					want.setSimple(n)
				}
				got.setSimpleRange(lo, hi)
				if fmt.Sprint(got.simple) != fmt.Sprint(want.simple) {
					t.Fatalf("base %d, records %d-%d: bits %x, want %x", base, lo, hi-1, got.simple, want.simple)
				}
			}
		}
	}
}
