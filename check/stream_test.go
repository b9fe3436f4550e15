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
	"github.com/sgf-toolkit/sgf/diag"
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

// readerDiags checks src with a Reader, the trees run in parallel two at
// a time as sgf check runs them.
func readerDiags(t *testing.T, src []byte, opts Options) diag.List {
	t.Helper()
	r := NewReader(bytes.NewReader(src), opts)
	var all diag.List
	for {
		tr, err := r.Next()
		if tr != nil {
			done := make(chan bool)
			go func() { tr.Run(); close(done) }()
			<-done
			all = append(all, r.Diagnostics(tr)...)
		}
		if err == io.EOF {
			return all
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// TestReaderCorpus: for every corpus file, checking it tree by tree
// (Reader, the streaming of sgf check) reports what All reports of the
// file read whole: the same codes, trees, nodes, messages, offsets, lines
// and columns, with the default options and with every check on. The
// offsets of mixed-encoding.sgf after its tree escaped byte by byte
// (SGFC -E2) were counted by All without the escapes.
func TestReaderCorpus(t *testing.T) {
	for _, opts := range []Options{{}, {Strict: true, AutoQuirks: true, Variations: true, EmptyNodes: true, DeleteObsolete: true}} {
		readerCorpus(t, opts)
	}
}

func readerCorpus(t *testing.T, opts Options) {
	root := sgftest.Corpus(t)
	files := 0
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
		want := diagLines(All(src, opts))
		got := diagLines(readerDiags(t, src, opts))
		if !slices.Equal(got, want) {
			t.Errorf("%s (%+v): tree by tree:\n%q\nwhole:\n%q", path, opts, got, want)
		}
		files++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Fatalf("only %d files", files)
	}
}

// TestReaderInputs: inputs with no tree, binary junk, a wide input, text
// after the last tree, a limit and a tree escaped byte by byte inside its
// characters give what All gives, at the same offsets.
func TestReaderInputs(t *testing.T) {
	for name, src := range map[string]string{
		"empty":      "",
		"no tree":    "hello [B] world",
		"binary":     "\x00\x01\x02junk\x00",
		"utf16":      "\xff\xfe(\x00;\x00B\x00[\x00a\x00a\x00]\x00)\x00",
		"after":      "(;GM[1];B[aa])\n(;GM[1]FF[3];W[bb])\n trailing [W] text\x00",
		"unfinished": "(;GM[1];B[aa](;W[bb]",
		"lowercase":  "(;GaMe[1]FF[4];B[aa])",
		// a move of a second tree, decoded straight from its text
		"occupied": "(;GM[1];B[aa])\n(;GM[1];B[bb];W[bb];B[cc];W[cc])",
		// a tree escaped byte by byte inside its two-byte characters
		// (SGFC -E2: 運 DF 5C, 揮 93 5D), problems after the escapes and
		// in the next tree (C46 at its CA)
		"e2": "(;FF[4]CA[GB18030]C[\xdf\\\\\xdd\x94\x93\\]]\nKM[x]PB[z])\r\n(;FF[4]CA[UTF-8]C[y]BR[x])",
	} {
		t.Run(name, func(t *testing.T) {
			opts := Options{Strict: true}
			want := diagLines(All([]byte(src), opts))
			if got := diagLines(readerDiags(t, []byte(src), opts)); !slices.Equal(got, want) {
				t.Errorf("tree by tree:\n%q\nwhole:\n%q", got, want)
			}
		})
	}
}
