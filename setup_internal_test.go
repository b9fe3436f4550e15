package sgf

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf/internal/sgftest"
)

// TestReadSetupAside: games set up on a goroutine of their own while the
// parse reads on (gameSetup, for a large input) are the games set up by
// the parse itself, one after the other: charset and how it was chosen,
// the tree read (again) in its characters, board, and the diagnostics of
// the collection, for every file of the corpus and for the corpus's game
// files one after another in one collection (where CAs alternate, and the
// parse and the setup each keep the last one; run with -race).
func TestReadSetupAside(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	}
	defer func(n int) { setupAsideBytes = n }(setupAsideBytes)
	read := func(src []byte, aside bool, opts *ReadOptions) (*Collection, error) {
		setupAsideBytes = 1 << 62
		if aside {
			setupAsideBytes = 0
		}
		return ReadBytes(src, opts)
	}
	var all []byte
	n := 0
	err := filepath.WalkDir(sgftest.Corpus(t), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(p), ".sgf") {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if strings.Contains(p, "games") && len(all) < 8<<20 {
			all = append(all, src...)
			all = append(all, '\n')
		}
		sameSetup(t, p, src, read, nil)
		n++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sameSetup(t, "the game files in one", all, read, nil)
	sameSetup(t, "the game files in one, in GBK", all, read, &ReadOptions{Charset: "GBK"})
	if n < 100 {
		t.Fatalf("%d files read: the test proves little", n)
	}
}

func sameSetup(t *testing.T, name string, src []byte, read func([]byte, bool, *ReadOptions) (*Collection, error), opts *ReadOptions) {
	t.Helper()
	a, aerr := read(src, false, opts)
	b, berr := read(src, true, opts)
	if (aerr == nil) != (berr == nil) || (a == nil) != (b == nil) {
		t.Fatalf("%s: errors %v and %v", name, aerr, berr)
	}
	if a == nil {
		return
	}
	if a.Len() != b.Len() {
		t.Fatalf("%s: %d and %d games", name, a.Len(), b.Len())
	}
	for i, g := range a.Games() {
		h := b.Game(i)
		if !reflect.DeepEqual(g.Charset(), h.Charset()) {
			t.Fatalf("%s: game %d: charset %+v and %+v", name, i, g.Charset(), h.Charset())
		}
		if g.Tree().LeadBytes() != h.Tree().LeadBytes() || !bytes.Equal(g.Tree().Source(), h.Tree().Source()) ||
			(g.Tree() == g.SyntaxTree()) != (h.Tree() == h.SyntaxTree()) {
			t.Fatalf("%s: game %d: the trees differ", name, i)
		}
		if g.Type() != h.Type() || g.cols != h.cols || g.rows != h.rows {
			t.Fatalf("%s: game %d: board %d %dx%d and %d %dx%d", name, i, g.Type(), g.cols, g.rows, h.Type(), h.cols, h.rows)
		}
	}
	if !reflect.DeepEqual(a.Diagnostics(), b.Diagnostics()) {
		t.Fatalf("%s: the diagnostics differ", name)
	}
}
