package sgf_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/sgf-toolkit/sgf"
)

// FuzzParse reads any input and uses every getter, the paths and a cursor
// on what it gives: nothing may panic, paths must lead back to their
// nodes, and an unedited collection must write back its input.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/sgfroot/*.sgf")
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil && len(b) < 8000 {
			f.Add(b)
		}
	}
	for _, s := range []string{
		variationsExample,
		"(;GM[11]SZ[3];B[a1];W[swap-pieces];B[c9]AB[zz99])",
		"(;GM[1]SZ[2:60]AB[aa:zz];B[Zz]MN[-5]PL[x];W[];AE[aa:bb]LB[aa:\\]]AR[aa:aa])",
		"(;CA[Shift_JIS]C[\x95\\]\x83];B[aa])",
		"(;GM[7]AB[x][x]AE[x]VW[];B[q])",
		"\xff\xfe(\x00;\x00)\x00",
		// two-byte characters that swallow "]" (a wrong CA), and text
		// escaped byte by byte inside them (SGFC -E2)
		"(;CA[GB2312]PB[Ren\xe9]PW[Jos\xe9]C[Caf\xe9];B[pd])",
		"(;CA[GB18030]C[\xd6\xb8\x93\\]\x99\xe0]PB[x];B[pd])",
		"(;CA[ISO-2022-JP]PB[\x1b$B;04]\x1b(B];B[pd])",
		"(;PB[\xb3\\\xae\x61]PW[\xe9]\xb5];B[aa]",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		// The streaming reader must not fail where Parse does not.
		if r, err := sgf.NewReader(bytes.NewReader(src), nil); err == nil {
			for range 1000 {
				g, err := r.Next()
				if g != nil {
					_ = g.Info()
					_ = g.Root().Comment()
				}
				if err != nil {
					break
				}
			}
		}
		c, err := sgf.Parse(src)
		if c == nil {
			return
		}
		if err == nil {
			if b, err := c.Bytes(); err != nil || !bytes.Equal(b, src) {
				t.Fatalf("unedited collection does not write back its input (err %v)", err)
			}
		}
		for _, g := range c.Games() {
			_ = g.Info()
			_ = g.Charset()
			if g.Tree().NumNodes() > 200 {
				continue
			}
			for n := range g.Nodes() {
				n.Move()
				n.Setup()
				n.Markup()
				n.Annotations()
				n.PlayerToMove()
				n.MoveNumber()
				n.Inherited("VW")
				_ = n.Comment() + n.Name()
				_ = n.Info()
				p := n.Path()
				q, err := sgf.ParsePath(p.String())
				if err != nil {
					t.Fatalf("ParsePath(%s): %v", p, err)
				}
				if m, err := g.NodeAt(q); err != nil || m != n {
					t.Fatalf("NodeAt(%s) is not node %d", p, n.Number())
				}
			}
			cur := g.NewCursor()
			for cur.Next() {
			}
			last := cur.Node()
			want, err := g.PositionAt(last)
			if err != nil {
				t.Fatal(err)
			}
			if len(want.Stones) != len(cur.Position().Stones) {
				t.Fatal("cursor and replay differ")
			}
			for n := range g.Nodes() {
				if cur.Goto(n) != nil {
					t.Fatal("Goto failed")
				}
			}
			_ = cur.Position()
		}
	})
}

func FuzzParsePath(f *testing.F) {
	for _, s := range []string{"0", "12", "10.1.5", "1.0.0", "", "..", "99999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := sgf.ParsePath(s)
		if err != nil {
			return
		}
		q, err := sgf.ParsePath(p.String())
		if err != nil || q.String() != p.String() || q.Depth() != p.Depth() {
			t.Fatalf("%q: %s does not parse back (%v)", s, p, err)
		}
	})
}
