package webui

import (
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sgf-toolkit/sgf/internal/sgftest"
)

// TestCorpus opens files of the shared corpus as the page does (every file
// of the conformance, Hex and stress sets, every eighth of the big game
// sets, to keep the test short): the
// game (information and tree) and the position at the end of its main
// line, for up to three games a file, drawn by package diagram. Nothing
// may fail but a file with no game tree; every text is valid UTF-8 (text
// is decoded from the file's charset).
func TestCorpus(t *testing.T) {
	root := sgftest.Corpus(t)
	if testing.Short() {
		t.Skip("the whole corpus: not with -short")
	}
	s, err := New(Options{Roots: []string{root}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	start := time.Now()
	files, games, noGame, seen := 0, 0, 0, 0
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(p), ".sgf") {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		seen++
		if !strings.HasPrefix(rel, "conformance") && !strings.HasPrefix(rel, "hex") && !strings.HasPrefix(rel, "stress") && seen%8 != 0 {
			return nil
		}
		id := fileID(0, filepath.ToSlash(rel))
		files++
		doc, err := s.openDocument(id, true)
		if err != nil {
			if strings.Contains(err.Error(), "no game") || strings.Contains(err.Error(), "empty") {
				noGame++
				return nil
			}
			t.Errorf("%s: %v", rel, err)
			return nil
		}
		doc.mu.Lock()
		defer doc.mu.Unlock()
		if doc.coll.Len() == 0 {
			noGame++
			return nil
		}
		for gi := 1; gi <= min(3, doc.coll.Len()); gi++ {
			g, _ := doc.game(gi)
			j := s.gameOf(doc, g, gi)
			if len(j.Tree.Parent) == 0 || len(j.Tree.Kind) != len(j.Tree.Parent) {
				t.Errorf("%s game %d: tree %d nodes, kinds %d", rel, gi, len(j.Tree.Parent), len(j.Tree.Kind))
			}
			var end = g.Root()
			for n := range g.MainLine() {
				end = n
			}
			pos, err := doc.position(gi, g, end, positionOptions{})
			if err != nil {
				t.Errorf("%s game %d: position at the end: %v", rel, gi, err)
				continue
			}
			if pos.SVG == "" || !strings.HasPrefix(pos.SVG, "<svg") || !utf8Valid(pos.Comment) {
				t.Errorf("%s game %d: picture %.40q, comment valid %v", rel, gi, pos.SVG, utf8Valid(pos.Comment))
			}
			games++
		}
		return nil
	})
	t.Logf("%d files, %d games opened and drawn at the end of the main line, %d files without a game, in %v", files, games, noGame, time.Since(start).Round(time.Millisecond))
}
