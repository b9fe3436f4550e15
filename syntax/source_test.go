package syntax

import "testing"

// TestNodeSource checks Source and SourceRest on nodes followed by another
// node, by variations, by the end of the tree and by text after it.
func TestNodeSource(t *testing.T) {
	src := []byte("junk(;FF[4]C[a;b] ;B[aa]\n(;W[bb])(;W[cc]C[x)]))\ntail")
	f, err := Parse(src, nil)
	if err != nil {
		t.Fatal(err)
	}
	tr := f.Trees[0]
	tests := []struct {
		node       int
		source     string
		sourceRest string
	}{
		{0, ";FF[4]C[a;b] ", ";FF[4]C[a;b] "},
		{1, ";B[aa]\n", ";B[aa]\n("},
		{2, ";W[bb]", ";W[bb])("},
		{3, ";W[cc]C[x)]", ";W[cc]C[x)]))"},
	}
	for _, tt := range tests {
		n := tr.Node(tt.node)
		if got := string(n.Source()); got != tt.source {
			t.Errorf("node %d: Source = %q, want %q", tt.node, got, tt.source)
		}
		if got := string(n.SourceRest()); got != tt.sourceRest {
			t.Errorf("node %d: SourceRest = %q, want %q", tt.node, got, tt.sourceRest)
		}
	}
}

// TestOnTree checks that Options.OnTree sees every tree, in order, each
// complete when it is called and before the next one is read.
func TestOnTree(t *testing.T) {
	src := []byte("(;B[aa];W[bb])x(;C[a](;B[cc])(;W[dd]))(;GM[1]")
	var seen []string
	opts := &Options{OnTree: func(tr *Tree) {
		seen = append(seen, string(tr.Source()))
		if n := tr.NumNodes(); n == 0 {
			t.Errorf("tree %d: no nodes when OnTree is called", tr.Index())
		}
		if tr.Index() != len(seen)-1 {
			t.Errorf("tree %d called as number %d", tr.Index(), len(seen)-1)
		}
		if p := tr.Root().Position(); p.Line != 1 {
			t.Errorf("tree %d: root position %+v", tr.Index(), p)
		}
	}}
	f, _ := Parse(src, opts)
	want := []string{"(;B[aa];W[bb])", "x(;C[a](;B[cc])(;W[dd]))", "(;GM[1]"}
	if len(seen) != len(want) || len(f.Trees) != len(want) {
		t.Fatalf("OnTree saw %q; Parse gave %d trees", seen, len(f.Trees))
	}
	for i := range want {
		if seen[i] != want[i] {
			t.Errorf("tree %d: %q, want %q", i, seen[i], want[i])
		}
	}
}

// TestReplaceProps: the first matching property is replaced in place, the
// other matching ones deleted; with none the property is added at the end.
func TestReplaceProps(t *testing.T) {
	isC := func(id []byte) bool { return string(id) == "C" || string(id) == "Comment" }
	tests := []struct{ src, want string }{
		{"(;B[aa]Comment[x]W[bb]C[y]C[z])", "(;B[aa]C[new]W[bb])"},
		{"(;B[aa])", "(;B[aa]C[new])"},
		{"(;C[a])", "(;C[new])"},
	}
	for _, tt := range tests {
		f, err := Parse([]byte(tt.src), nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.Trees[0].Root().ReplaceProps("C", isC, []byte("new")); err != nil {
			t.Fatal(err)
		}
		if got := string(f.Bytes()); got != tt.want {
			t.Errorf("%s: %s, want %s", tt.src, got, tt.want)
		}
	}
	f, _ := Parse([]byte("(;C[a])"), nil)
	if err := f.Trees[0].Root().ReplaceProps("C", isC, []byte("x]")); err == nil {
		t.Error("an unescaped \"]\" was accepted")
	}
}

// TestAddProp: the property is added at the end even when the node has one
// of that identifier.
func TestAddProp(t *testing.T) {
	f, err := Parse([]byte("(;C[a];B[aa])"), nil)
	if err != nil {
		t.Fatal(err)
	}
	root := f.Trees[0].Root()
	if err := root.AddProp("C", []byte("b")); err != nil {
		t.Fatal(err)
	}
	if err := root.AddProp("C", []byte("x]")); err == nil {
		t.Error("an unescaped \"]\" was accepted")
	}
	if got := string(f.Bytes()); got != "(;C[a]C[b];B[aa])" {
		t.Errorf("printed %s", got)
	}
}
