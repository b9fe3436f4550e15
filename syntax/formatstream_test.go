package syntax_test

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/sgf-toolkit/sgf/internal/sgftest"
	"github.com/sgf-toolkit/sgf/syntax"
)

// streamInput is several chunks of trees with text around them, a byte
// order mark, escapes and a line break, ending in a broken tree.
func streamInput() []byte {
	var src []byte
	src = append(src, "\xEF\xBB\xBFheader\n"...)
	for i := 0; len(src) < 3<<20; i++ {
		src = fmt.Appendf(src, "note %d\n(;GM[1]FF[4]SZ[19]PB[p%d]C[line\\\nbreak \\q \x81\\q \x81\\]]\n;B[pd];W[dp]  ;B[%c%c]\n(;W[aa]C[%s])(;W[bb];B[cc]))\n",
			i, i, 'a'+i%19, 'a'+i/19%19, bytes.Repeat([]byte("x"), i%200))
	}
	return append(src, "trailing text (;B[aa](;W[bb]"...)
}

// TestFormatStream: formatting the trees while they are parsed gives
// FormatWith's bytes, whatever KeepEscapes says (the chunks formatted
// without it are formatted again), and also for a file other than the one
// whose trees were streamed.
func TestFormatStream(t *testing.T) {
	inputs := map[string][]byte{"synthetic": streamInput()}
	// The KGS set of the corpus, one file after another.
	var all []byte
	dir := sgftest.Corpus(t, "games", "kgs")
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		all = append(all, b...)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	inputs["kgs"] = all
	keeps := map[string]func(int) bool{
		"nil":   nil,
		"none":  func(int) bool { return false },
		"every": func(int) bool { return true },
		"some":  func(i int) bool { return i%97 == 5 },
	}
	for name, src := range inputs {
		for kname, keep := range keeps {
			t.Run(name+"/"+kname, func(t *testing.T) {
				s := syntax.NewFormatStream()
				f, _ := syntax.Parse(src, &syntax.Options{OnTree: s.OnTree})
				got := s.Finish(f, syntax.FormatOptions{KeepEscapes: keep})
				want := syntax.FormatWith(f, syntax.FormatOptions{KeepEscapes: keep})
				if !bytes.Equal(got, want) {
					t.Fatalf("Finish differs from FormatWith (%d and %d bytes)", len(got), len(want))
				}
				// In pieces: the same bytes, not joined into one.
				s = syntax.NewFormatStream()
				f, _ = syntax.Parse(src, &syntax.Options{OnTree: s.OnTree})
				bufs := s.FinishBuffers(f, syntax.FormatOptions{KeepEscapes: keep})
				if got := bytes.Join(bufs, nil); !bytes.Equal(got, want) {
					t.Fatalf("FinishBuffers differs from FormatWith (%d and %d bytes)", len(got), len(want))
				}
				if len(src) > 2<<20 && len(bufs) < 2 {
					t.Errorf("%d bytes of trees in %d piece: joined", len(src), len(bufs))
				}
			})
		}
	}
	t.Run("other file", func(t *testing.T) {
		src := streamInput()
		s := syntax.NewFormatStream()
		syntax.Parse(src, &syntax.Options{OnTree: s.OnTree})
		other, _ := syntax.Parse(src[:len(src)/2], nil)
		if got, want := s.Finish(other, syntax.FormatOptions{}), syntax.Format(other); !bytes.Equal(got, want) {
			t.Fatalf("Finish of another file differs from Format (%d and %d bytes)", len(got), len(want))
		}
	})
}
