package value

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCorpusKGS parses every game-info and move value of the KGS set of
// ../shared/corpus strictly: KGS (CGoban 3) writes clean FF[4], so every
// value must parse.
func TestCorpusKGS(t *testing.T) {
	dir := filepath.Join(sharedDir(t), "corpus", "games", "kgs")
	files, counts := 0, map[string]int{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".sgf") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files++
		for _, p := range props(data) {
			switch p.id {
			case "B", "W":
				_, _, err = ParseMove(p.raw, 19, 19)
			case "DT":
				_, err = ParseDate(p.raw)
			case "RE":
				_, err = ParseResult(p.raw)
			case "KM":
				_, err = ParseReal(p.raw)
			case "TM":
				_, err = ParseTime(p.raw)
			case "SZ":
				_, _, err = ParseSize(p.raw)
			case "HA":
				_, err = ParseHandicap(p.raw)
			case "ST":
				_, err = ParseStyle(p.raw)
			case "AP":
				_, _, err = ParseApplication(p.raw)
			default:
				continue
			}
			counts[p.id]++
			if err != nil {
				t.Errorf("%s: %s[%s]: %v", filepath.Base(path), p.id, p.raw, err)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 1000 || counts["DT"] < 1000 || counts["RE"] < 1000 || counts["B"] < 10000 {
		t.Errorf("read %d files, counts %v: the corpus or the helper is broken", files, counts)
	}
}

// TestCorpusFixers runs the Fix functions on every DT, RE, KM and TM value
// of the corpus that does not parse strictly: whatever they return must
// parse, and what they refuse must come back unchanged.
func TestCorpusFixers(t *testing.T) {
	dir := filepath.Join(sharedDir(t), "corpus")
	fixers := map[string]struct {
		fix   func(string) (string, bool, error)
		parse func([]byte) error
	}{
		"DT": {FixDate, func(b []byte) error { _, err := ParseDate(b); return err }},
		"RE": {FixResult, func(b []byte) error { _, err := ParseResult(b); return err }},
		"KM": {FixReal, func(b []byte) error { _, err := ParseReal(b); return err }},
		"TM": {FixTime, func(b []byte) error { _, err := ParseTime(b); return err }},
	}
	fixed := 0
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".sgf") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, p := range props(data) {
			f, ok := fixers[p.id]
			if !ok || f.parse(p.raw) == nil {
				continue
			}
			in := string(SimpleText(p.raw))
			out, changed, err := f.fix(in)
			switch {
			case err != nil && (out != in || changed):
				t.Errorf("%s[%s]: refused but returned %q, %v", p.id, in, out, changed)
			case err == nil && f.parse([]byte(out)) != nil:
				t.Errorf("%s[%s]: fixed to %q, which does not parse", p.id, in, out)
			case err == nil:
				fixed++
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if fixed < 50 {
		t.Errorf("only %d values fixed", fixed)
	}
}
