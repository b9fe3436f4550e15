package sgf_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/internal/sgftest"
)

// Every KGS game of the shared corpus: the game information reads without
// errors, the charset is the declared UTF-8, every move of the main line is
// a move on the board, and the last position has stones.
func TestCorpusKGS(t *testing.T) {
	dir := sgftest.Corpus(t, "games", "kgs", "core", "test", "sgf-db")
	files, _ := filepath.Glob(filepath.Join(dir, "*.sgf"))
	if len(files) == 0 {
		sgftest.SkipShared(t, "no KGS games")
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		c, err := sgf.Parse(src)
		if err != nil {
			t.Errorf("%s: %v", filepath.Base(f), err)
			continue
		}
		for _, g := range c.Games() {
			gi := g.Info()
			if len(gi.Errors) > 0 || gi.PlayerBlack == "" || gi.PlayerWhite == "" || gi.Application != "CGoban" {
				t.Errorf("%s: info %+v", filepath.Base(f), gi)
			}
			if cs := g.Charset(); cs.Name != "UTF-8" || cs.Source != sgf.SourceCA {
				t.Errorf("%s: charset %+v", filepath.Base(f), cs)
			}
			cur := g.NewCursor()
			for cur.Next() {
				if m, ok := cur.Node().Move(); ok && m.Err != nil {
					t.Errorf("%s: %v", filepath.Base(f), m.Err)
				}
			}
			if p := cur.Position(); len(p.Stones) == 0 && p.MoveNumber > 10 {
				t.Errorf("%s: no stones after %d moves", filepath.Base(f), p.MoveNumber)
			}
		}
	}
}

// Fox and Tygem AI games: UTF-8 with Chinese ranks, where some files hold
// player names cut in the middle of a character (MANIFEST.md: "16 files
// declare CA[UTF-8] but hold player names cut in the middle of a UTF-8
// character"). CA[UTF-8] stays the charset of those; only the cut
// character becomes U+FFFD.
func TestCorpusFox(t *testing.T) {
	dir := sgftest.Corpus(t, "games", "fox-tygem-ai", "AI")
	var files []string
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, path)
		}
		return nil
	})
	truncated, games := 0, 0
	for _, f := range files {
		c, err := sgf.ReadFile(f, nil)
		if err != nil {
			continue // not every file of the set is SGF
		}
		rel, _ := filepath.Rel(dir, f)
		for _, g := range c.Games() {
			games++
			cs := g.Charset()
			if cs.Declared == "UTF-8" && (cs.Name != "UTF-8" || cs.Source != sgf.SourceCA) {
				t.Errorf("%s: CA[UTF-8] read as %+v", rel, cs)
			}
			gi := g.Info()
			names := gi.PlayerBlack + gi.PlayerWhite
			if strings.Contains(cs.Detail, "middle of a character") {
				truncated++
				if !strings.Contains(names, "\uFFFD") {
					t.Errorf("%s: cut names %q without U+FFFD", rel, names)
				}
			} else if strings.Contains(names, "\uFFFD") {
				t.Errorf("%s: %q has U+FFFD (charset %+v)", rel, names, cs)
			}
		}
	}
	if games < 1000 || truncated == 0 {
		t.Errorf("%d games, %d with cut names", games, truncated)
	}
	t.Logf("%d games, %d with names cut in the middle of a character", games, truncated)
}

// Every file of the shared corpus reads, writes back byte for byte, and
// gives its game information and charset without a panic.
func TestCorpusAll(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	dir := sgftest.Corpus(t)
	sources := map[sgf.CharsetSource]int{}
	n := 0
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(path), ".sgf") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		n++
		c, _ := sgf.Parse(src)
		if c == nil {
			return nil
		}
		if b, err := c.Bytes(); err != nil || string(b) != string(src) {
			t.Errorf("%s: not written back byte for byte (%v)", path, err)
		}
		for _, g := range c.Games() {
			_ = g.Info()
			sources[g.Charset().Source]++
		}
		return nil
	})
	t.Logf("%d files; charsets chosen by %v", n, sources)
}
