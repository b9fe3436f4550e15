package convert_test

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/convert"
	"github.com/sgf-toolkit/sgf/internal/sgftest"
)

var oldFF = regexp.MustCompile(`FF\[[123]\]`)

// TestCorpusOldFF converts every FF[1] and FF[3] file of the GNU Go and
// Fuego sets (read from ../shared, never copied): the output is UTF-8,
// every game is FF[4] with CA[UTF-8], identifiers are upper case, the number
// of nodes is kept, and converting the output again changes nothing.
func TestCorpusOldFF(t *testing.T) {
	n := 0
	for _, set := range []string{"gnugo", "fuego"} {
		dir := sgftest.Corpus(t, "regression", set)
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(path), ".sgf") {
				return nil
			}
			src, err := os.ReadFile(path)
			if err != nil || !oldFF.Match(src) {
				return nil
			}
			n++
			name, _ := filepath.Rel(dir, path)
			checkConverted(t, set+"/"+name, src)
			return nil
		})
	}
	if n < 600 {
		t.Errorf("only %d FF[1]/FF[3] files found", n)
	}
}

func checkConverted(t *testing.T, name string, src []byte) {
	t.Helper()
	in, err := sgf.Parse(src)
	if err != nil {
		return // nothing to convert: Convert reports it
	}
	out, _, err := convert.Convert(src, convert.Options{})
	if err != nil {
		t.Errorf("%s: %v", name, err)
		return
	}
	if !utf8.Valid(out) {
		t.Errorf("%s: output is not UTF-8", name)
	}
	c, err := sgf.Parse(out)
	if err != nil {
		t.Errorf("%s: output does not parse: %v", name, err)
		return
	}
	if c.Len() != in.Len() {
		t.Errorf("%s: %d games, want %d", name, c.Len(), in.Len())
		return
	}
	for i, g := range c.Games() {
		root := g.Root()
		if root.IsZero() {
			continue
		}
		if ff, _ := root.Get("FF"); string(ff) != "4" {
			t.Errorf("%s game %d: FF[%s]", name, i, ff)
		}
		if ca, _ := root.Get("CA"); string(ca) != "UTF-8" {
			t.Errorf("%s game %d: CA[%s]", name, i, ca)
		}
		nodes, want := 0, 0
		for n := range g.Nodes() {
			nodes++
			for id := range n.Props() {
				if strings.ToUpper(id) != id {
					t.Errorf("%s game %d node %d: identifier %s", name, i, n.Number(), id)
				}
			}
		}
		for range in.Game(i).Nodes() {
			want++
		}
		if nodes != want {
			t.Errorf("%s game %d: %d nodes, want %d", name, i, nodes, want)
		}
	}
	again, ch, err := convert.Convert(out, convert.Options{})
	if err != nil || !bytes.Equal(again, out) {
		t.Errorf("%s: second conversion differs (%v)", name, err)
	}
	for _, c := range ch {
		if c.Code != convert.CodeObsolete && c.Code != convert.CodeDropped {
			t.Errorf("%s: second conversion: %v", name, c)
		}
	}
}

// BenchmarkConvertKGS converts the KGS set (FF[4], mostly ASCII, one main
// line each), file by file.
func BenchmarkConvertKGS(b *testing.B) {
	dir, ok := sgftest.Find("games", "kgs")
	if !ok {
		sgftest.SkipShared(b, "corpus not found")
	}
	var files [][]byte
	size := 0
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".sgf") {
			if src, err := os.ReadFile(path); err == nil {
				files = append(files, src)
				size += len(src)
			}
		}
		return nil
	})
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, src := range files {
			if _, _, err := convert.Convert(src, convert.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkConvertGB18030 converts a file that needs decoding.
func BenchmarkConvertGB18030(b *testing.B) {
	src, err := os.ReadFile("testdata/encoding-chinese-gb18030.sgf")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		convert.Convert(src, convert.Options{})
	}
}

func FuzzConvert(f *testing.F) {
	for _, s := range []string{"(;FF[3]L[aa]M[bb]KI[3];B[tt])", "(;CoPyright[x]VW[aa][ss])", "(;CA[UTF-16LE]C[h\x00])", "(;C[\xff])"} {
		f.Add([]byte(s))
	}
	if b, err := os.ReadFile("testdata/sgfc-test.sgf"); err == nil {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		out, _, err := convert.Convert(src, convert.Options{})
		if err != nil {
			return
		}
		if !utf8.Valid(out) {
			t.Errorf("output is not UTF-8: %q", out)
		}
	})
}
