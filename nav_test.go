package sgf_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/sgf-toolkit/sgf"
)

// The example tree of ff4-variations.txt.
const variationsExample = "(;FF[4]C[root](;C[a];C[b](;C[c])\n(;C[d];C[e]))\n(;C[f](;C[g];C[h];C[i])\n(;C[j])))"

func comments(seq func(func(sgf.Node) bool)) []string {
	var out []string
	for n := range seq {
		out = append(out, n.Comment())
	}
	return out
}

// ff4-basics: "When numbering nodes starting with zero is suggested. Nodes
// should be numbered in the way they are stored in the file. Example (of
// file above): root=0, a=1, b=2, c=3, d=4, e=5, f=6, g=7, h=8, i=9 and j=10."
func TestNumbering(t *testing.T) {
	g := mustParse(t, variationsExample).Game(0)
	want := []string{"root", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j"}
	if got := comments(g.Nodes()); !slices.Equal(got, want) {
		t.Errorf("Nodes() = %v", got)
	}
	for i, w := range want {
		n := g.Node(i)
		if n.Comment() != w || n.Number() != i {
			t.Errorf("Node(%d) = %q (number %d), want %q", i, n.Comment(), n.Number(), w)
		}
	}
	if !g.Node(11).IsZero() || !g.Node(-1).IsZero() {
		t.Error("Node out of range is not zero")
	}
}

func TestNavigation(t *testing.T) {
	g := mustParse(t, variationsExample).Game(0)
	if got := comments(g.MainLine()); !slices.Equal(got, []string{"root", "a", "b", "c"}) {
		t.Errorf("MainLine = %v", got)
	}
	b := g.Node(2)
	if got := comments(b.Children()); !slices.Equal(got, []string{"c", "d"}) {
		t.Errorf("Children = %v", got)
	}
	if got := comments(g.Node(5).Ancestors()); !slices.Equal(got, []string{"d", "b", "a", "root"}) {
		t.Errorf("Ancestors = %v", got)
	}
	if got := comments(g.Node(6).MainLine()); !slices.Equal(got, []string{"f", "g", "h", "i"}) {
		t.Errorf("MainLine from f = %v", got)
	}
	if d := g.Node(9).Depth(); d != 4 {
		t.Errorf("Depth(i) = %d", d)
	}
	if b.NumChildren() != 2 || b.Parent() != g.Node(1) || !g.Root().Parent().IsZero() || !g.Node(3).Child(0).IsZero() {
		t.Error("NumChildren/Parent/Child")
	}
	// Stopping early.
	for range g.Nodes() {
		break
	}
	for range g.Root().Ancestors() {
		t.Error("the root has ancestors")
	}
}

// ff4-variations: "Usually the main line is labeled variation "A", the
// first variation "B", the second variation "C" and so on."
func TestVariations(t *testing.T) {
	g := mustParse(t, "(;FF[4]GM[1]SZ[19];B[aa];W[bb](;B[cc]N[Var A];W[dd];B[ad];W[bd])\n(;B[hh]N[Var B];W[hg])\n(;B[gg]N[Var C];W[gh];B[hh]  (;W[hg]N[Var A];B[kk])  (;W[kl]N[Var B])))").Game(0)
	check := func(n sgf.Node) {
		t.Helper()
		for label, c := range n.Variations() {
			if c.Name() != "Var "+label || c.Label() != label {
				t.Errorf("label %s for %q (Label %s)", label, c.Name(), c.Label())
			}
		}
	}
	w := g.Node(2)
	check(w)
	check(g.Node(11)) // B[hh] of Var C
	if g.Root().Label() != "A" {
		t.Error("root label")
	}
	for i, want := range map[int]string{0: "A", 1: "B", 25: "Z", 26: "AA", 27: "AB", 701: "ZZ", 702: "AAA", -1: ""} {
		if got := sgf.VariationLabel(i); got != want {
			t.Errorf("VariationLabel(%d) = %q, want %q", i, got, want)
		}
	}
}

func TestPath(t *testing.T) {
	g := mustParse(t, variationsExample).Game(0)
	want := map[string]string{"root": "0", "a": "1", "b": "2", "c": "3", "d": "2.1.0", "e": "2.1.1", "f": "0.1.0", "g": "0.1.1", "h": "0.1.2", "i": "0.1.3", "j": "0.1.0.1.0"}
	for n := range g.Nodes() {
		p := n.Path()
		if p.String() != want[n.Comment()] {
			t.Errorf("Path(%s) = %s, want %s", n.Comment(), p, want[n.Comment()])
		}
		q, err := sgf.ParsePath(p.String())
		if err != nil {
			t.Fatal(err)
		}
		m, err := g.NodeAt(q)
		if err != nil || m != n {
			t.Errorf("NodeAt(%s) = %q, %v", p, m.Comment(), err)
		}
		if q.Depth() != n.Depth() {
			t.Errorf("Depth(%s) = %d, want %d", p, q.Depth(), n.Depth())
		}
	}
	// Non-canonical forms: a child 0 is a step along the main line.
	for s, comment := range map[string]string{"2.0.0": "c", "0.0.2": "c", "1.0.0.1.1": "e", "00": "root", "0.1.0.1.0": "j",
		// A final run of 0 may be left out.
		"0.1.0.1": "j", "2.0": "c"} {
		p, err := sgf.ParsePath(s)
		if err != nil {
			t.Errorf("ParsePath(%q): %v", s, err)
			continue
		}
		if n, err := g.NodeAt(p); err != nil || n.Comment() != comment {
			t.Errorf("NodeAt(%q) = %q, %v; want %q", s, n.Comment(), err, comment)
		}
	}
	for _, s := range []string{"", ".", "1.", "1.2.", "a", "-1", "1..1", "1.1.1.", "1 ", "1234567890123456789"} {
		if _, err := sgf.ParsePath(s); !errors.Is(err, sgf.ErrPath) {
			t.Errorf("ParsePath(%q) = %v, want ErrPath", s, err)
		}
	}
	for _, s := range []string{"4", "0.2.0", "2.1.2", "999999999999"} {
		p, _ := sgf.ParsePath(s)
		if _, err := g.NodeAt(p); !errors.Is(err, sgf.ErrNoNode) {
			t.Errorf("NodeAt(%s): %v, want ErrNoNode", s, err)
		}
	}
	if n, err := g.NodeAt(sgf.Path{}); (sgf.Path{}).String() != "0" || err != nil || n != g.Root() {
		t.Error("the zero Path is not the root's")
	}
}

func TestHotspots(t *testing.T) {
	g := mustParse(t, "(;GM[1];B[aa]HO[1];W[bb](;B[cc]HO[2])(;B[dd];W[ee]HO[1]))").Game(0)
	var got []int
	for n, ok := g.NextHotspot(sgf.Node{}); ok; n, ok = g.NextHotspot(n) {
		got = append(got, n.Number())
	}
	if !slices.Equal(got, []int{1, 3, 5}) {
		t.Errorf("next hotspots %v", got)
	}
	got = nil
	for n, ok := g.PrevHotspot(sgf.Node{}); ok; n, ok = g.PrevHotspot(n) {
		got = append(got, n.Number())
	}
	if !slices.Equal(got, []int{5, 3, 1}) {
		t.Errorf("previous hotspots %v", got)
	}
	if n := g.Node(3); n.Annotations().Hotspot != 2 {
		t.Errorf("HO[2] = %v", n.Annotations().Hotspot)
	}
}
