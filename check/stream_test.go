package check

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/internal/sgftest"
	"github.com/sgf-toolkit/sgf/syntax"
)

func diagLines(ds []Diagnostic) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = fmt.Sprintf("tree %d node %d @%d %s", d.Tree, d.Node, d.Offset, d)
	}
	return out
}

// withoutOffsets drops the offsets of diagLines.
func withoutOffsets(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		a, b, _ := strings.Cut(l, " @")
		_, b, _ = strings.Cut(b, " ")
		out[i] = a + " " + b
	}
	return out
}

// streamDiags checks src tree by tree as it comes from an sgf.Reader: each
// tree on its own (CheckTree, with a File of that tree alone), then the
// rules that compare trees (Stream.Add).
func streamDiags(t *testing.T, src []byte, opts Options) []Diagnostic {
	t.Helper()
	r, err := sgf.NewReader(bytes.NewReader(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	s := NewStream(opts)
	var all []Diagnostic
	for {
		g, err := r.Next()
		if g != nil {
			tree := g.SyntaxTree()
			f := &syntax.File{Trees: []*syntax.Tree{tree}, Diagnostics: g.Collection().Diagnostics()}
			all = append(all, s.Add(CheckTree(f, tree, opts))...)
		}
		if err != nil {
			var pe *syntax.ParseError
			if err != io.EOF && !errors.As(err, &pe) {
				t.Fatal(err)
			}
			return all
		}
	}
}

// The rules that compare trees, given the trees one at a time, report
// what Check reports of the whole file.
func TestStreamCompares(t *testing.T) {
	src := []byte("(;GM[1]FF[4]CA[UTF-8]SZ[19];B[aa])\n(;GM[1]FF[3]CA[UTF-8];B[bb])\n(;GM[2]FF[4]CA[Latin-1];B[cc])\n(;GM[1]FF[4]CA[Latin-1])")
	opts := Options{Strict: true}
	f, _ := syntax.Parse(src, nil)
	want := diagLines(Check(f, opts))
	for _, code := range []string{"C25", "C31", "C46", "C37"} {
		if !slices.ContainsFunc(want, func(s string) bool { return strings.Contains(s, code) }) {
			t.Fatalf("Check reports no %s: no test\n%q", code, want)
		}
	}
	s := NewStream(opts)
	var got []Diagnostic
	for _, tr := range f.Trees {
		got = append(got, s.Tree(f, tr)...)
	}
	if g := diagLines(got); !slices.Equal(g, want) {
		t.Errorf("Stream.Tree:\n%q\nCheck:\n%q", g, want)
	}
	if g := diagLines(streamDiags(t, src, opts)); !slices.Equal(g, want) {
		t.Errorf("from an sgf.Reader:\n%q\nCheck:\n%q", g, want)
	}
}

// TestStreamCorpus: for every corpus file, checking the trees one at a
// time as an sgf.Reader gives them (the streaming of sgf check) reports
// what Check reports of the file read whole, positions included.
func TestStreamCorpus(t *testing.T) {
	root := sgftest.Corpus(t)
	opts := Options{Strict: true, AutoQuirks: true, Variations: true, EmptyNodes: true, DeleteObsolete: true}
	files, trees := 0, 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(path), ".sgf") {
			return err
		}
		if testing.Short() && files >= 500 {
			return filepath.SkipAll
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if _, wide := charset.DetectWide(src); wide {
			return nil // a Reader does not read wide input
		}
		c, _ := sgf.ReadBytes(src, nil)
		if c == nil || c.SyntaxFile() == nil {
			return nil
		}
		f := c.SyntaxFile()
		want := diagLines(Check(f, opts))
		got := diagLines(streamDiags(t, src, opts))
		if len(f.Src) != len(src) {
			// The whole reading took SGFC -E2's escapes out of a tree
			// (mixed-encoding.sgf) and counts the offsets after it in
			// that text; the Reader's are the file's. Lines and
			// columns agree.
			got, want = withoutOffsets(got), withoutOffsets(want)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: streamed:\n%q\nwhole:\n%q", path, got, want)
		}
		files++
		trees += len(f.Trees)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Fatalf("only %d files", files)
	}
	t.Logf("%d files, %d trees", files, trees)
}
