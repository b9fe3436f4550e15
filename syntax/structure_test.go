package syntax

import (
	"strings"
	"testing"
)

func mustParse(t *testing.T, s string) *File {
	t.Helper()
	f, err := Parse([]byte(s), nil)
	if err != nil || len(f.Diagnostics) > 0 {
		t.Fatalf("parse %q: %v %v", s, err, f.Diagnostics)
	}
	return f
}

// find returns the first node with a property whose first value is v.
func find(t *testing.T, tr *Tree, v string) Node {
	t.Helper()
	for n := range tr.Nodes() {
		for p := range n.Props() {
			if string(p.Value()) == v {
				return n
			}
		}
	}
	t.Fatalf("no node %q", v)
	return Node{}
}

// TestStructuralEdits checks each structural edit: the printed text (only
// the edited parts change: the odd spacing of the input stays), that the
// result parses without a diagnostic, and the walk.
func TestStructuralEdits(t *testing.T) {
	const src = "(;GM[1] ;B[aa]  ;W[bb] (;B[cc] ) (;B[dd];W[ee]) )"
	tests := []struct {
		name string
		edit func(tr *Tree) error
		want string
	}{
		{"add child to a sequence node", func(tr *Tree) error {
			c, err := find(t, tr, "aa").AddChild()
			if err != nil {
				return err
			}
			return c.SetProp("W", []byte("zz"))
		}, "(;GM[1] ;B[aa]  (;W[bb] (;B[cc] ) (;B[dd];W[ee]) )(;W[zz]))"},
		{"add child to a leaf", func(tr *Tree) error {
			c, err := find(t, tr, "ee").AddChild()
			if err != nil {
				return err
			}
			return c.SetProp("B", []byte("ff"))
		}, "(;GM[1] ;B[aa]  ;W[bb] (;B[cc] ) (;B[dd];W[ee];B[ff]) )"},
		{"add a third variation", func(tr *Tree) error {
			c, err := find(t, tr, "bb").AddChild()
			if err != nil {
				return err
			}
			return c.SetProp("B", []byte("gg"))
		}, "(;GM[1] ;B[aa]  ;W[bb] (;B[cc] ) (;B[dd];W[ee]) (;B[gg]))"},
		{"reorder", func(tr *Tree) error { return find(t, tr, "bb").MoveChild(1, 0) },
			"(;GM[1] ;B[aa]  ;W[bb] (;B[dd];W[ee]) (;B[cc] ) )"},
		{"promote", func(tr *Tree) error { return find(t, tr, "ee").Promote() },
			"(;GM[1] ;B[aa]  ;W[bb] (;B[dd];W[ee]) (;B[cc] ) )"},
		{"delete a variation", func(tr *Tree) error { return find(t, tr, "cc").Delete() },
			"(;GM[1] ;B[aa]  ;W[bb] (;B[dd];W[ee]) )"},
		{"delete in a sequence", func(tr *Tree) error { return find(t, tr, "ee").Delete() },
			"(;GM[1] ;B[aa]  ;W[bb] (;B[cc] ) (;B[dd]) )"},
		{"splice a sequence node", func(tr *Tree) error { return find(t, tr, "aa").Splice() },
			"(;GM[1] ;W[bb] (;B[cc] ) (;B[dd];W[ee]) )"},
		{"splice the first node of a variation", func(tr *Tree) error { return find(t, tr, "dd").Splice() },
			"(;GM[1] ;B[aa]  ;W[bb] (;B[cc] ) (;W[ee]) )"},
		{"insert after", func(tr *Tree) error {
			c, err := find(t, tr, "aa").InsertAfter()
			if err != nil {
				return err
			}
			return c.SetProp("C", []byte("new"))
		}, "(;GM[1] ;B[aa]  ;C[new];W[bb] (;B[cc] ) (;B[dd];W[ee]) )"},
		{"graft a subtree under itself", func(tr *Tree) error {
			_, err := find(t, tr, "dd").Graft(find(t, tr, "bb"))
			return err
		}, "(;GM[1] ;B[aa]  ;W[bb] (;B[cc] ) (;B[dd](;W[ee])(;W[bb](;B[cc])(;B[dd];W[ee]))) )"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := mustParse(t, src)
			if err := tc.edit(f.Trees[0]); err != nil {
				t.Fatal(err)
			}
			got := string(f.Bytes())
			if got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
			g := mustParse(t, got)
			if a, b := summary(f.Trees[0]), summary(g.Trees[0]); a != b {
				t.Errorf("walk %v, reparsed %v", a, b)
			}
			if a, b := string(Format(f)), string(Format(g)); a != b {
				t.Errorf("Format of the edited tree differs from Format of its text:\n%s\n%s", a, b)
			}
		})
	}
}

func TestDeleteRootRefused(t *testing.T) {
	f := mustParse(t, "(;GM[1];B[aa])")
	if err := f.Trees[0].Root().Delete(); err == nil {
		t.Error("root deleted")
	}
	if err := f.Trees[0].Root().Splice(); err == nil {
		t.Error("root spliced")
	}
}

func TestAppendSubtree(t *testing.T) {
	f := mustParse(t, "(;GM[1];B[aa](;W[bb];B[cc])(;W[dd]))")
	got := string(find(t, f.Trees[0], "aa").AppendSubtree(nil))
	want := "(;B[aa]\n  (;W[bb];B[cc])\n  (;W[dd]))\n"
	if got != want {
		t.Errorf("got %q want %q", got, want)
	}
	if !strings.HasPrefix(got, "(;B[aa]") {
		t.Error("subtree root")
	}
}
