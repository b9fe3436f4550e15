package check

import (
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf/syntax"
)

// TestDecodeMemoryLongLine: the decoding of a long main line keeps one
// stack entry, not one for each node, and sizes the property buffers by
// the values the tree has (none for empty nodes), not by twice its nodes:
// 10^7 empty nodes took 2 GB in sgf check.
func TestDecodeMemoryLongLine(t *testing.T) {
	const n = 200_000
	f, err := syntax.Parse([]byte("(;"+strings.Repeat(";", n)+")"), nil)
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{}
	// A fresh checker, not a pooled one: a pooled checker keeps the
	// buffers of the trees it checked before (in this package's other
	// tests), and the test failed when it ran after them.
	c := &checker{}
	c.init(f, &opts)
	c.treeDiags(f.Trees[0])
	if len(c.p.Nodes) != n+1 {
		t.Fatalf("%d nodes decoded, want %d", len(c.p.Nodes), n+1)
	}
	if got := cap(c.p.stack); got > 64 {
		t.Errorf("stack of %d entries for a main line", got)
	}
	if got := cap(c.p.props); got > 1024 {
		t.Errorf("room for %d properties in a tree of empty nodes", got)
	}
	if got := cap(c.p.brief); got > n+n/4+1 {
		t.Errorf("room for %d briefs for %d nodes", got, n+1)
	}
}
