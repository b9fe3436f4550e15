package collection

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf/syntax"
)

func TestMergeKGSRoundTrip(t *testing.T) {
	files := sgfFiles(t, sharedDir(t, "corpus/games/kgs"))
	m := NewMerger(nil)
	var originals []*syntax.Tree
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, _ := syntax.Parse(src, nil)
		for _, tr := range f.Trees {
			if err := m.Add(tr, filepath.Base(name)); err != nil {
				t.Fatal(err)
			}
			originals = append(originals, tr)
		}
	}
	out, rep := m.Bytes()
	t.Logf("%d games, %d distinct, %d trees, %d nodes, %d markers, %d bytes", rep.Games, rep.Distinct, rep.Trees, rep.Nodes, rep.Markers, len(out))
	mf, err := syntax.Parse(out, nil)
	if err != nil || len(mf.Diagnostics) > 0 {
		t.Fatalf("merged output does not parse cleanly: %v %v", err, mf.Diagnostics)
	}
	if rep.Trees != 1 || len(mf.Trees) != 1 {
		t.Errorf("KGS games merged into %d trees, want 1", len(mf.Trees))
	}
	total := 0
	for _, tr := range mf.Trees {
		total += leaves(tr)
	}
	if total != rep.Distinct {
		t.Errorf("leaves = %d, distinct games = %d", total, rep.Distinct)
	}
	games := Split(mf)
	if len(games) != rep.Distinct {
		t.Fatalf("split gives %d games, want %d", len(games), rep.Distinct)
	}
	// Every original is among the split games, tree for tree.
	want := map[string]int{}
	for _, o := range originals {
		want[slices.Concat(treeShape(o), nil)[0]+joinShape(o)]++
	}
	dups := map[string]bool{}
	for _, d := range rep.Duplicates {
		dups[d.Name] = true
	}
	for _, g := range games {
		gf, err := syntax.Parse(g.SGF, nil)
		if err != nil {
			t.Fatal(err)
		}
		k := treeShape(gf.Trees[0])[0] + joinShape(gf.Trees[0])
		if want[k] == 0 {
			t.Errorf("split game %q… is none of the originals", g.SGF[:min(len(g.SGF), 200)])
			continue
		}
		want[k]--
	}
	left := 0
	for _, v := range want {
		left += v
	}
	if left != len(rep.Duplicates) {
		t.Errorf("%d originals not found after the split, %d duplicates", left, len(rep.Duplicates))
	}
}

func joinShape(t *syntax.Tree) string {
	return strings.Join(treeShape(t), "\n")
}
