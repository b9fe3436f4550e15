package check

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf/internal/sgftest"
	"github.com/sgf-toolkit/sgf/syntax"
)

// sharedDir returns ../shared relative to the module root, or "" when absent.
func sharedDir() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			d := filepath.Join(dir, "..", "shared")
			if _, err := os.Stat(d); err == nil {
				return d
			}
			return ""
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// TestCorpus runs Check (strict, with every option) and Fix over every SGF
// file of the shared corpus: no panic, and every file gets a verdict.
func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus run skipped in -short mode")
	}
	shared := sharedDir()
	if shared == "" {
		sgftest.SkipShared(t, "../shared is absent")
	}
	root := filepath.Join(shared, "corpus")
	if _, err := os.Stat(root); err != nil {
		sgftest.SkipShared(t, "corpus absent")
	}
	counts := map[Code]int{}
	verdicts := map[syntax.Severity]int{}
	files, clean := 0, 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(path), ".sgf") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files++
		f, _ := syntax.Parse(src, caOpts)
		ds := Check(f, Options{Strict: true, Variations: true, EmptyNodes: true})
		if len(ds) == 0 {
			clean++
		}
		// the verdict: the worst severity of the syntax and check diagnostics
		worst := syntax.Severity(0)
		for _, d := range f.Diagnostics {
			worst = max(worst, d.Severity)
		}
		for _, d := range ds {
			worst = max(worst, d.Severity)
		}
		verdicts[worst]++
		for _, d := range ds {
			counts[d.Code]++
			if d.Line <= 0 && d.Node >= 0 {
				t.Errorf("%s: diagnostic without position: %v", path, d)
			}
		}
		out, _ := Fix(f, FixOptions{Critical: true})
		if len(f.Trees) > 0 {
			g, err := syntax.Parse(out, caOpts)
			if err != nil {
				t.Errorf("%s: Fix output does not parse: %v", path, err)
				return nil
			}
			for _, d := range g.Diagnostics {
				if d.Severity >= syntax.Error {
					t.Errorf("%s: Fix output has a syntax error: %v", path, d)
					break
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var cs []Code
	for c := range counts {
		cs = append(cs, c)
	}
	sort.Slice(cs, func(i, j int) bool { return cs[i] < cs[j] })
	for _, c := range cs {
		t.Logf("%s %-26s %d", c, c.Name(), counts[c])
	}
	t.Logf("%d files, %d without check diagnostics; verdicts: %d clean, %d warnings, %d errors, %d fatal",
		files, clean, verdicts[0], verdicts[syntax.Warning], verdicts[syntax.Error], verdicts[syntax.Fatal])
	if n := verdicts[0] + verdicts[syntax.Warning] + verdicts[syntax.Error] + verdicts[syntax.Fatal]; n != files {
		t.Errorf("%d verdicts for %d files", n, files)
	}
}
