package collection

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf/syntax"
)

// A million nodes in one line, and deeply nested variations: every
// operation is iterative, so none may overflow the stack.
func TestMillionNodes(t *testing.T) {
	if testing.Short() {
		t.Skip("large input")
	}
	const n = 1_000_000
	var b bytes.Buffer
	b.WriteString("(;GM[1]SZ[19]PB[a]")
	for i := range n {
		c := "BW"[i%2]
		b.WriteString(";")
		b.WriteByte(c)
		b.WriteString("[")
		b.WriteByte(byte('a' + i%19))
		b.WriteByte(byte('a' + (i/19)%19))
		b.WriteString("]")
	}
	b.WriteString(")")
	line := b.Bytes()
	// Nested: (;B[aa](;W[bb](;B[aa]... with a sibling at each level.
	var nb bytes.Buffer
	const depth = 200_000
	nb.WriteString("(;GM[1]PB[b]")
	for range depth {
		nb.WriteString("(;B[aa](;W[bb])")
	}
	nb.WriteString(strings.Repeat(")", depth))
	nb.WriteString(")")
	nested := nb.Bytes()

	for name, src := range map[string][]byte{"line": line, "nested": nested} {
		t.Run(name, func(t *testing.T) {
			f, err := syntax.Parse(src, nil)
			if err != nil {
				t.Fatal(err)
			}
			tr := f.Trees[0]
			m := NewMerger(nil)
			if err := m.Add(tr, "x"); err != nil {
				t.Fatal(err)
			}
			other := mustParse(t, "(;GM[1]SZ[19]PB[c];B[aa];W[ba])").Trees[0]
			if err := m.Add(other, "y"); err != nil {
				t.Fatal(err)
			}
			out, rep := m.Bytes()
			if rep.Distinct != 2 {
				t.Errorf("report %+v", rep)
			}
			mf, err := syntax.Parse(out, nil)
			if err != nil {
				t.Fatal(err)
			}
			if games := Split(mf); len(games) != 2 {
				t.Errorf("split gives %d games", len(games))
			}
			segs := 0
			for range Outline(tr) {
				segs++
			}
			if segs == 0 {
				t.Error("no segments")
			}
			if _, err := Signature(tr); err != nil {
				t.Error(err)
			}
			var s Stats
			s.AddTree(tr)
			if _, err := Strip(f, StripOptions{Variations: true, Comments: true}); err != nil {
				t.Fatal(err)
			}
		})
	}
}
