package syntax

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sharedDir returns ../shared next to the module root, or "" when absent.
func sharedDir(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
	s := filepath.Join(dir, "..", "shared")
	if _, err := os.Stat(filepath.Join(s, "corpus")); err != nil {
		return ""
	}
	return s
}

// corpusFiles returns every file of ../shared/corpus (skipping the test when
// it is absent).
func corpusFiles(t testing.TB) []string {
	t.Helper()
	s := sharedDir(t)
	if s == "" {
		t.Skip("../shared/corpus is absent")
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
