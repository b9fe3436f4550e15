package syntax

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
)

// rootProps lists the root's properties as a PropScanner of its text
// reads them, or as the SpanScanner reads them when spans: identifiers,
// offsets, values and their offsets.
func rootProps(t *Tree, spans bool) (string, bool) {
	root := t.Root()
	if root.IsZero() {
		return "", false
	}
	var b strings.Builder
	if spans {
		sc, ok := t.RootScanner()
		if !ok {
			return "", false
		}
		for id, off := sc.Next(); id != nil; id, off = sc.Next() {
			fmt.Fprintf(&b, "%s@%d", id, off)
			for raw, at, ok := sc.Value(); ok; raw, at, ok = sc.Value() {
				fmt.Fprintf(&b, "[%s]@%d", raw, at)
			}
			b.WriteByte(' ')
		}
		return b.String(), true
	}
	s := NewPropScanner(root.SourceRest(), 0, t.LeadBytes())
	for id, off := s.Next(); id != nil; id, off = s.Next() {
		fmt.Fprintf(&b, "%s@%d", id, off)
		raw, ok := s.First()
		fmt.Fprintf(&b, "[%s]@%d", raw, s.FirstPos())
		for ok && s.More() {
			at := s.Pos()
			raw, ok = s.Value()
			fmt.Fprintf(&b, "[%s]@%d", raw, at)
		}
		b.WriteByte(' ')
	}
	return b.String(), true
}

// TestRootScanner: the root of a tree a Reader reads keeps the spans of
// its properties (Tree.RootScanner) when it has nothing to report, and
// then they give what a PropScanner of its text gives; a root with
// something to report, one too large, a tree read whole, an edited one
// keep none. On roots of every shape (escapes, white space, several
// values, two-byte characters with a CA) and on every tree of the corpus
// and of the standard collection when it is there.
func TestRootScanner(t *testing.T) {
	roots := []string{
		"(;GM[1]FF[4]CA[UTF-8]SZ[19]PB[a\\]b]PW[\\\\]C[x\ny]AB[aa][bb]  [cc]\nAW [dd];B[pd])",
		"(;B[pd])", // a root of one move: none (no properties scanned)
		"(;B[pd]C[hi])", "(;)", "(; GM[1] )", "(;GM[1];B[aa])(;W[bb])",
		"(;CA[Shift_JIS]PB[\x83\x5c]PW[\x83\x5d]C[\x81\x5c];B[aa])",
		"(;CA[GB2312]PB[\xb0\x5d]C[ok])",
		"(;AB" + strings.Repeat("[aa]", 100) + "C[many])",
		"(;C[" + strings.Repeat("x", 70000) + "]GM[1])", // too large: none
		"(;GaMe[1]FF[4])",      // S16: none
		"(;GM[1]x FF[4])",      // junk: none
		"(;GM[1]FF)",           // no value: none
		"(;GM[1]AP[a:b]C[c",    // end of input in a value: none
		"(;GM[1]ABCD[x]FF[4])", // long identifier: none
	}
	want := map[int]bool{0: true, 1: false, 2: true, 3: true, 4: true, 5: true, 6: true, 7: true, 8: true}
	for k, src := range roots {
		var opts *Options
		switch k {
		case 6:
			opts = &Options{LeadBytes: ShiftJIS}
		case 7:
			opts = &Options{LeadBytes: GBK}
		}
		r := NewReader(strings.NewReader(src), opts)
		tr, _ := r.Next()
		if tr == nil {
			t.Fatalf("%d: no tree", k)
		}
		_, has := tr.RootScanner()
		if has != want[k] {
			t.Errorf("%d %.40q: spans %v, want %v", k, src, has, want[k])
		}
		compareRoot(t, fmt.Sprint(k), tr)
		f, _ := Parse([]byte(src), nil)
		if _, ok := f.Trees[0].RootScanner(); ok {
			t.Errorf("%d: a tree read whole has spans", k)
		}
	}
	// an edited tree: none
	r := NewReader(strings.NewReader(roots[0]), nil)
	tr, _ := r.Next()
	tr.Root().SetProp("GM", []byte("2"))
	if _, ok := tr.RootScanner(); ok {
		t.Error("an edited tree has spans")
	}
	n := 0
	files := corpusFiles(t)
	if os.Getenv("SGF_BENCH_COLLECTION") != "" {
		files = append(files, os.Getenv("SGF_BENCH_COLLECTION"))
	}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		r := NewReader(bytes.NewReader(src), nil)
		for {
			tr, err := r.Next()
			if tr != nil {
				if _, ok := tr.RootScanner(); ok {
					n++
				}
				compareRoot(t, name, tr)
			}
			if err != nil {
				break
			}
		}
	}
	if n == 0 {
		t.Fatal("no root with spans: the test proves nothing")
	}
}

func compareRoot(t *testing.T, name string, tr *Tree) {
	t.Helper()
	got, ok := rootProps(tr, true)
	if !ok {
		return
	}
	want, _ := rootProps(tr, false)
	if got != want {
		t.Fatalf("%s tree %d: spans give\n%s\nthe text\n%s", name, tr.Index(), got, want)
	}
}
