package formats

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/check"
	"github.com/sgf-toolkit/sgf/internal/sgftest"
	"github.com/sgf-toolkit/sgf/syntax"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// samples returns the hand-written files under testdata and their golden
// names (the file with .sgf and .diags added).
func samples(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, dir := range []string{"gib", "ngf", "ugf"} {
		files, err := filepath.Glob(filepath.Join("testdata", dir, "*"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if ext := filepath.Ext(f); ext == ".sgf" || ext == ".diags" || ext == "" {
				continue
			}
			out = append(out, f)
		}
	}
	if len(out) < 20 {
		t.Fatalf("only %d samples under testdata", len(out))
	}
	return out
}

// report is the golden text of a reading: the charset and the
// diagnostics, or the error.
func report(res *Result, err error) string {
	var b strings.Builder
	if err != nil {
		fmt.Fprintf(&b, "error: %v\n", err)
		return b.String()
	}
	fmt.Fprintf(&b, "format: %s\ncharset: %s (%s, confidence %.2f)\n", res.Format.Name(), res.Charset.Name, res.Charset.Source, res.Charset.Confidence)
	for _, d := range res.Diagnostics {
		fmt.Fprintf(&b, "%s\n", d)
	}
	return b.String()
}

// golden compares got with the file name, or writes it under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(name, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(name)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// checkSGF parses the converted SGF with the typed view and checks it:
// no syntax diagnostic, no check error.
func checkSGF(t *testing.T, src []byte) *sgf.Collection {
	t.Helper()
	c, err := sgf.Parse(src)
	if err != nil {
		t.Fatalf("the SGF does not parse: %v\n%s", err, src)
	}
	if ds := c.Diagnostics(); len(ds) > 0 {
		t.Errorf("syntax diagnostics in the SGF: %v", ds)
	}
	f, _ := syntax.Parse(src, nil)
	for _, d := range check.Check(f, check.Options{}) {
		if d.Severity >= syntax.Error {
			t.Errorf("sgf check: %s", d)
		}
	}
	return c
}

// TestSamples reads every hand-written sample and compares the SGF and the
// diagnostics with the golden files (checked by hand once).
func TestSamples(t *testing.T) {
	for _, f := range samples(t) {
		t.Run(f, func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			res, err := Read(src, Detect(src, f), nil)
			golden(t, f+".diags", []byte(report(res, err)))
			if err != nil {
				var e *Error
				if !errors.As(err, &e) || !errors.Is(err, ErrFormat) || e.Line == 0 {
					t.Errorf("error %v is not an *Error with a line wrapping ErrFormat", err)
				}
				return
			}
			golden(t, f+".sgf", res.SGF)
			checkSGF(t, res.SGF)
		})
	}
}

// TestCorpusGIB reads the real GIB files of the shared corpus; their SGF
// is held by golden files under testdata/gib/corpus.
func TestCorpusGIB(t *testing.T) {
	dir := sgftest.Corpus(t, "import", "gib")
	files, _ := filepath.Glob(filepath.Join(dir, "*.gib"))
	if len(files) != 10 {
		t.Fatalf("%d GIB files in %s, want 10", len(files), dir)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if got := Sniff(src); got != GIB {
				t.Errorf("Sniff = %v, want gib", got)
			}
			res, err := Read(src, GIB, nil)
			if err != nil {
				t.Fatal(err)
			}
			base := filepath.Join("testdata", "gib", "corpus", filepath.Base(f))
			golden(t, base+".diags", []byte(report(res, nil)))
			golden(t, base+".sgf", res.SGF)
			c := checkSGF(t, res.SGF)
			// every move of the file is a node: the STO and SKI lines
			want := bytes.Count(src, []byte("\nSTO ")) + bytes.Count(src, []byte("\nSKI "))
			got := 0
			for range c.Game(0).MainLine() {
				got++
			}
			if got-1 != want {
				t.Errorf("%d moves, want %d", got-1, want)
			}
		})
	}
}

// TestCorpusGIBSnapshot compares the moves read from WeiqiHub's GIB file
// with WeiqiHub's own reading of it (a JSON list of {color, row, col},
// 0-based from the top left): the coordinate convention, checked by a
// second reader.
func TestCorpusGIBSnapshot(t *testing.T) {
	dir := sgftest.Corpus(t, "import", "gib")
	src, err := os.ReadFile(filepath.Join(dir, "WeiqiHub__tygem_19x19.gib"))
	if err != nil {
		t.Fatal(err)
	}
	js, err := os.ReadFile(filepath.Join(dir, "WeiqiHub__tygem_19x19.snapshot.json"))
	if err != nil {
		t.Fatal(err)
	}
	var snap struct {
		Moves []struct {
			Color    string
			Row, Col int
		}
	}
	if err := json.Unmarshal(js, &snap); err != nil {
		t.Fatal(err)
	}
	res, err := Read(src, GIB, nil)
	if err != nil {
		t.Fatal(err)
	}
	c := checkSGF(t, res.SGF)
	var got []string
	for n := range c.Game(0).MainLine() {
		if m, ok := n.Move(); ok && !m.Pass {
			got = append(got, fmt.Sprintf("%c %d %d", m.Color, m.Point.Y, m.Point.X))
		}
	}
	if len(got) != len(snap.Moves) {
		t.Fatalf("%d moves on the board, the snapshot has %d", len(got), len(snap.Moves))
	}
	for i, m := range snap.Moves {
		if want := fmt.Sprintf("%s %d %d", m.Color, m.Row, m.Col); got[i] != want {
			t.Errorf("move %d: %s, snapshot %s", i+1, got[i], want)
		}
	}
}
