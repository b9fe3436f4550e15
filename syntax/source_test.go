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
