package syntax

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf/internal/sgftest"
)

// sharedDir returns ../shared next to the module root, or "" when absent.
func sharedDir(t testing.TB) string {
	p, ok := sgftest.SharedPath("corpus")
	if !ok {
		return ""
	}
	return p[:len(p)-len("/corpus")]
}

// corpusFiles returns every file of ../shared/corpus (skipping the test when
// it is absent).
func corpusFiles(t testing.TB) []string {
	t.Helper()
	s := sharedDir(t)
	if s == "" {
		sgftest.SkipShared(t, "../shared/corpus is absent")
	}
	var files []string
	filepath.WalkDir(filepath.Join(s, "corpus"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, p)
		}
		return nil
	})
	return files
}

// TestRoundTripCorpus checks the lossless guarantee on every corpus file,
// broken ones included, through both printing paths: the verbatim one and
// the walk that an edited tree takes (forced here on every tree), which
// proves that the segments of nodes and parentheses cover the input.
func TestRoundTripCorpus(t *testing.T) {
	files := corpusFiles(t)
	n := 0
	for _, name := range files {
		if strings.HasSuffix(name, ".md") || strings.HasSuffix(name, "COPYING") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, _ := Parse(src, nil)
		if got := f.Bytes(); !bytes.Equal(got, src) {
			t.Errorf("%s: verbatim print differs", name)
			continue
		}
		for _, tr := range f.Trees {
			tr.structural = true
		}
		if got := f.Bytes(); !bytes.Equal(got, src) {
			t.Errorf("%s: walked print differs from the input (%d vs %d bytes)", name, len(got), len(src))
		}
		n++
	}
	t.Logf("%d files round-tripped", n)
}

// TestFormatIdempotentCorpus checks Format(Parse(Format(x))) == Format(x)
// and that formatting keeps every tree: same number of trees, nodes and
// property values as the parse of the input.
func TestFormatIdempotentCorpus(t *testing.T) {
	for _, name := range corpusFiles(t) {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, _ := Parse(src, nil)
		once := Format(f)
		g, _ := Parse(once, nil)
		twice := Format(g)
		if !bytes.Equal(once, twice) {
			t.Errorf("%s: Format is not idempotent", name)
			continue
		}
		if len(f.Trees) != len(g.Trees) {
			t.Errorf("%s: %d trees, formatted %d", name, len(f.Trees), len(g.Trees))
			continue
		}
		for i := range f.Trees {
			if a, b := summary(f.Trees[i]), summary(g.Trees[i]); a != b {
				t.Errorf("%s: tree %d: %v, formatted %v", name, i, a, b)
			}
		}
		for _, d := range g.Diagnostics {
			switch d.Code {
			case CodeNoGameTree, CodeTextBeforeTree, CodeTextAfterTree, CodeNULByte:
				continue // text outside trees is kept as it is
			}
			if d.Severity != Warning || d.Critical {
				t.Errorf("%s: formatted output has %v", name, d)
				break
			}
		}
	}
}

type treeSummary struct{ nodes, props, values, bytes int }

func summary(t *Tree) treeSummary {
	var s treeSummary
	for n := range t.Nodes() {
		s.nodes++
		for p := range n.Props() {
			s.props++
			for v := range p.Values() {
				s.values++
				s.bytes += len(bytes.ReplaceAll(v.Raw, []byte{'\\'}, nil))
			}
		}
	}
	return s
}

// TestReaderMatchesParseCorpus checks that the streaming Reader yields the
// same trees, text and diagnostics as Parse of the whole input.
func TestReaderMatchesParseCorpus(t *testing.T) {
	for _, name := range corpusFiles(t) {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, _ := Parse(src, nil)
		r := NewReader(&smallReads{src, 7}, nil)
		var out []byte
		var diags []Diagnostic
		i := 0
		for {
			tr, err := r.Next()
			diags = append(diags, r.Diagnostics()...)
			if tr != nil {
				out = tr.AppendTo(out)
				if i < len(f.Trees) && summary(tr) != summary(f.Trees[i]) {
					t.Errorf("%s: tree %d differs from Parse", name, i)
				}
				i++
			}
			if err != nil {
				break
			}
		}
		out = append(out, r.Tail()...)
		if !bytes.Equal(out, src) {
			t.Errorf("%s: Reader's trees and tail differ from the input", name)
		}
		if i != len(f.Trees) {
			t.Errorf("%s: Reader gave %d trees, Parse %d", name, i, len(f.Trees))
		}
		if len(diags) != len(f.Diagnostics) {
			t.Errorf("%s: Reader gave %d diagnostics, Parse %d", name, len(diags), len(f.Diagnostics))
			continue
		}
		for k := range diags {
			if diags[k].Code != f.Diagnostics[k].Code || diags[k].Position != f.Diagnostics[k].Position {
				t.Errorf("%s: diagnostic %d: Reader %v, Parse %v", name, k, diags[k], f.Diagnostics[k])
				break
			}
		}
	}
}

// smallReads returns at most n bytes a call, to test reads split anywhere.
type smallReads struct {
	b []byte
	n int
}

func (s *smallReads) Read(p []byte) (int, error) {
	if len(s.b) == 0 {
		return 0, io.EOF
	}
	k := min(len(p), s.n, len(s.b))
	copy(p, s.b[:k])
	s.b = s.b[k:]
	return k, nil
}

// TestCheckMatchesParse checks that Check's fast path never hides a
// diagnostic: on every corpus file and every recovery input it returns
// exactly what Parse reports.
func TestCheckMatchesParse(t *testing.T) {
	files, _ := filepath.Glob("testdata/recover/*.sgf")
	if s := sharedDir(t); s != "" {
		files = append(files, corpusFiles(t)...)
	}
	clean := 0
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, _ := Parse(src, nil)
		got := Check(src, nil)
		if len(got) != len(f.Diagnostics) {
			t.Errorf("%s: Check %d diagnostics, Parse %d", name, len(got), len(f.Diagnostics))
		}
		o := (*Options)(nil).withDefaults()
		if isClean(src, &o) {
			clean++
		}
	}
	t.Logf("%d of %d files took the fast path", clean, len(files))
}
