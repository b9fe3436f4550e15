package syntax

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// addSeeds adds the recovery inputs and a sample of corpus files (when
// ../shared is present) as seeds.
func addSeeds(f *testing.F) {
	files, _ := filepath.Glob("testdata/recover/*.sgf")
	if s := sharedDir(f); s != "" {
		more, _ := filepath.Glob(filepath.Join(s, "corpus", "conformance", "*", "*", "*.sgf"))
		files = append(files, more...)
		more, _ = filepath.Glob(filepath.Join(s, "corpus", "conformance", "*", "*", "*", "*.sgf"))
		files = append(files, more...)
	}
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil && len(b) < 64<<10 {
			f.Add(b)
		}
	}
	f.Add([]byte("(;"))
	f.Add([]byte("(((;)"))
	f.Add([]byte("(;A[\\"))
}

// FuzzParse: no panic, no hang, and every diagnostic has a position inside
// the input; the Reader agrees with Parse on the trees.
func FuzzParse(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		file, _ := Parse(src, nil)
		for _, d := range file.Diagnostics {
			if d.Offset < 0 || d.Offset > int64(len(src)) || d.Line < 1 || d.Column < 1 {
				t.Fatalf("bad position %v", d)
			}
		}
		for _, tr := range file.Trees {
			for n := range tr.Nodes() {
				for p := range n.Props() {
					vs := p.AppendValues(nil)
					if len(vs) != p.NumValues() || len(vs) == 0 || string(vs[0].Raw) != string(p.Value()) {
						t.Fatalf("values of %s: %d, NumValues %d", p.ID, len(vs), p.NumValues())
					}
				}
				n.Parent()
			}
			AppendTreeJSON(nil, tr)
		}
		r := NewReader(bytes.NewReader(src), nil)
		k := 0
		for {
			tr, err := r.Next()
			if tr != nil {
				k++
			}
			if err != nil {
				break
			}
		}
		if k != len(file.Trees) {
			t.Fatalf("Reader read %d trees, Parse %d", k, len(file.Trees))
		}
	})
}

// FuzzRoundTrip: printing is lossless on both paths, and Format is
// idempotent.
func FuzzRoundTrip(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		file, _ := Parse(src, nil)
		if !bytes.Equal(file.Bytes(), src) {
			t.Fatal("verbatim print differs")
		}
		for _, tr := range file.Trees {
			tr.structural = true
		}
		if !bytes.Equal(file.Bytes(), src) {
			t.Fatal("walked print differs")
		}
		once := Format(file)
		g, _ := Parse(once, nil)
		if twice := Format(g); !bytes.Equal(once, twice) {
			t.Fatalf("Format not idempotent:\n%q\n%q", once, twice)
		}
	})
}
