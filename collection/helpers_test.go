package collection

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf/internal/sgftest"
	"github.com/sgf-toolkit/sgf/syntax"
)

// sharedDir returns ../shared from the module root, or skips the test.
func sharedDir(t testing.TB, sub string) string {
	t.Helper()
	p, ok := sgftest.SharedPath(sub)
	if !ok {
		sgftest.SkipShared(t, fmt.Sprintf("%s not present", p))
	}
	return p
}

// sgfFiles returns the *.sgf files below dir, sorted.
func sgfFiles(t testing.TB, dir string) []string {
	t.Helper()
	var files []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".sgf") {
			files = append(files, p)
		}
		return nil
	})
	slices.Sort(files)
	if len(files) == 0 {
		sgftest.SkipShared(t, fmt.Sprintf("no SGF files in %s", dir))
	}
	return files
}

func mustParse(t testing.TB, src string) *syntax.File {
	t.Helper()
	f, err := syntax.Parse([]byte(src), nil)
	if err != nil {
		t.Fatalf("parse %q: %v", src, err)
	}
	return f
}

// treeShape describes a tree node by node in pre-order: each node's
// properties sorted, and its number of children. Two trees with the same
// shape have the same nodes and properties.
func treeShape(t *syntax.Tree) []string {
	var out []string
	for n := range t.Nodes() {
		var props []string
		for p := range n.Props() {
			props = append(props, string(appendProp(nil, p)))
		}
		slices.Sort(props)
		out = append(out, strings.Join(props, "")+"/"+string(rune('0'+min(n.NumChildren(), 9))))
	}
	return out
}

// leaves counts the nodes without children.
func leaves(t *syntax.Tree) int {
	k := 0
	for n := range t.Nodes() {
		if n.NumChildren() == 0 {
			k++
		}
	}
	return k
}
