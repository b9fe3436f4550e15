package formats

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sgf-toolkit/sgf"
)

// fuzzRead reads src as format f: no panic, and the SGF of any result
// parses without any syntax fault into game trees.
func fuzzRead(t *testing.T, src []byte, f Format) {
	res, err := Read(src, f, nil)
	if err != nil {
		if res != nil {
			t.Fatalf("a result with the error %v", err)
		}
		return
	}
	c, err := sgf.Parse(res.SGF)
	if err != nil {
		t.Fatalf("the SGF does not parse: %v\n%s", err, res.SGF)
	}
	if c.Len() < 1 {
		t.Fatalf("no game tree")
	}
	for _, d := range c.Diagnostics() {
		t.Fatalf("the SGF has a syntax fault: %s\n%s", d, res.SGF)
	}
	_ = Sniff(src)
}

func seeds(f *testing.F, dir string) {
	files, _ := filepath.Glob(filepath.Join("testdata", dir, "*.*"))
	for _, name := range files {
		if ext := filepath.Ext(name); ext == ".sgf" || ext == ".diags" {
			continue
		}
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
}

func FuzzGIB(f *testing.F) {
	seeds(f, "gib")
	seeds(f, "gib/corpus")
	f.Fuzz(func(t *testing.T, src []byte) { fuzzRead(t, src, GIB) })
}

func FuzzNGF(f *testing.F) {
	seeds(f, "ngf")
	f.Fuzz(func(t *testing.T, src []byte) { fuzzRead(t, src, NGF) })
}

func FuzzUGF(f *testing.F) {
	seeds(f, "ugf")
	f.Fuzz(func(t *testing.T, src []byte) { fuzzRead(t, src, UGF) })
}
