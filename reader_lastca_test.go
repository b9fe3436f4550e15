package sgf_test

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/internal/sgftest"
)

// TestReaderCASequence: a Reader's game starts with the CA of the game
// before and its look-up (no new string, no new look-up for the same CA);
// each game's charset is still decided by its own CA when the CA changes,
// comes back, is unknown or missing: as Read decides it for the file.
func TestReaderCASequence(t *testing.T) {
	cas := []string{"UTF-8", "UTF-8", "GB2312", "bogus", "bogus", "UTF-8", "", "Shift_JIS", "UTF-8"}
	src := sgftest.TreesWithCA(cas, "PB[\xe4\xb8\xad]")
	c, err := sgf.Read(bytes.NewReader(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := sgf.NewReader(bytes.NewReader(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; ; i++ {
		g, err := r.Next()
		if err == io.EOF {
			if i != len(cas) {
				t.Fatalf("%d games, want %d", i, len(cas))
			}
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got, want := g.Charset(), c.Game(i).Charset()
		if got != want {
			t.Errorf("game %d (CA %q): %+v, want %+v", i, cas[i], got, want)
		}
		if got.Declared != strings.TrimSpace(cas[i]) {
			t.Errorf("game %d: declared %q, want %q", i, got.Declared, cas[i])
		}
	}
}
