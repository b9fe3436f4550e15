package syntax

import (
	"fmt"
	"slices"
	"testing"
)

// positions lists, for every node and property of f's trees, the tree
// number, offset, line and column, and every diagnostic as printed.
func positions(f *File) []string {
	var out []string
	for _, t := range f.Trees {
		for n := range t.Nodes() {
			out = append(out, fmt.Sprintf("tree %d node %v", t.Index(), t.Position(n.Offset())))
			for p := range n.Props() {
				out = append(out, fmt.Sprintf("tree %d %s %v", t.Index(), p.ID, t.Position(p.Offset)))
			}
		}
	}
	for _, d := range f.Diagnostics {
		out = append(out, fmt.Sprintf("diag tree %d @%d %v %s", d.Tree, d.Offset, d.Position, d.Message))
	}
	return out
}

// ParseAt of one game tree's text reports offsets, lines, columns and tree
// numbers of the whole input, as Parse of the whole input does.
func TestParseAt(t *testing.T) {
	src := []byte("(;GM[1]FF[4]\r\n;B[aa])\n junk [B]\n(;GM[1]\n;W[bb]\n;B[cc]X[y(;B[dd]))\n")
	whole, _ := Parse(src, nil)
	if len(whole.Trees) != 2 {
		t.Fatalf("%d trees", len(whole.Trees))
	}
	second := whole.Trees[1]
	// The second tree's text, with the text in front of it.
	start := int(whole.Trees[0].end)
	at := whole.Position(int64(start))
	part, _ := ParseAt(src[start:], at, 1, nil)
	if len(part.Trees) != 1 || part.Trees[0].Index() != 1 {
		t.Fatalf("ParseAt: %d trees", len(part.Trees))
	}
	if got, want := part.Trees[0].Offset(), second.Offset(); got != want {
		t.Errorf("tree offset %d, want %d", got, want)
	}
	var wantDiags []Diagnostic
	for _, d := range whole.Diagnostics {
		if d.Tree == 1 || d.Offset >= int64(start) {
			wantDiags = append(wantDiags, d)
		}
	}
	if len(wantDiags) == 0 {
		t.Fatal("the test input has no diagnostic in the second tree")
	}
	wantFile := &File{Trees: []*Tree{second}, Diagnostics: wantDiags}
	got, want := positions(part), positions(wantFile)
	if !slices.Equal(got, want) {
		t.Errorf("ParseAt:\n%q\nwant (Parse of the whole):\n%q", got, want)
	}
	// The first tree at the start of the input is Parse itself.
	first, _ := ParseAt(src[:start], Position{Offset: 0, Line: 1, Column: 1}, 0, nil)
	one, _ := Parse(src[:start], nil)
	if !slices.Equal(positions(first), positions(one)) {
		t.Errorf("ParseAt at the start differs from Parse")
	}
}
