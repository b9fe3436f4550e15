package sgf_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/sgf-toolkit/sgf"
)

// TestNodeRef: every node of a tree with variations is found again from the
// text of its number and of its path; numbers on the main line are paths
// too; what is no node is ErrNoNode and what is no NodeRef is ErrPath.
func TestNodeRef(t *testing.T) {
	c, err := sgf.Parse([]byte("(;C[r];C[a](;C[b];C[c](;C[d])(;C[e]))(;C[f](;C[g])(;C[h];C[i]))(;C[j]))"))
	if err != nil {
		t.Fatal(err)
	}
	g := c.Game(0)
	count := 0
	for n := range g.Nodes() {
		if n.Number() != count {
			t.Errorf("node %q has number %d, want pre-order %d", n.Comment(), n.Number(), count)
		}
		count++
		for _, s := range []string{n.Ref().String(), n.Path().String()} {
			r, err := sgf.ParseNodeRef(s)
			if err != nil {
				t.Fatalf("ParseNodeRef(%q): %v", s, err)
			}
			if r.String() != s {
				t.Errorf("ParseNodeRef(%q).String() = %q", s, r.String())
			}
			m, err := g.NodeByRef(r)
			if err != nil || m != n {
				t.Errorf("NodeByRef(%q) = %q, %v; want %q", s, m.Comment(), err, n.Comment())
			}
		}
	}
	d := 0
	for n := range g.MainLine() {
		if n.Number() != d || n.Path().String() != fmt.Sprint(d) {
			t.Errorf("main line node %q at depth %d: number %d, path %s", n.Comment(), d, n.Number(), n.Path())
		}
		d++
	}
	for s, want := range map[string]string{"5": "e", "9": "i", "10": "j", "1.1": "f", "1.1.0": "f", "4": "d", "1.2": "j"} {
		r, err := sgf.ParseNodeRef(s)
		if err != nil {
			t.Fatalf("ParseNodeRef(%q): %v", s, err)
		}
		if n, err := g.NodeByRef(r); err != nil || n.Comment() != want {
			t.Errorf("NodeByRef(%q) = %q, %v; want %q", s, n.Comment(), err, want)
		}
	}
	if r, _ := sgf.ParseNodeRef("11"); func() bool { _, err := g.NodeByRef(r); return !errors.Is(err, sgf.ErrNoNode) }() {
		t.Error("node 11 of 11 nodes: want ErrNoNode")
	}
	if p, _ := sgf.ParsePath("5"); func() bool { _, err := g.NodeAt(p); return !errors.Is(err, sgf.ErrNoNode) }() {
		t.Error("path 5 (past the end of the main line): want ErrNoNode")
	}
	for _, s := range []string{"", "x", "-1", "1.", ".1", "1..2", "1 ", "1234567890123456789"} {
		if _, err := sgf.ParseNodeRef(s); !errors.Is(err, sgf.ErrPath) {
			t.Errorf("ParseNodeRef(%q) = %v, want ErrPath", s, err)
		}
	}
	if n, _ := sgf.NumberRef(3).Number(); n != 3 {
		t.Error("NumberRef(3).Number() != 3")
	}
	if p, ok := sgf.PathRef(g.Node(6).Path()).Path(); !ok || p.String() != "1.1.0" {
		t.Errorf("PathRef(path of node 6).Path() = %s, %v", p, ok)
	}
}

func ExampleParseNodeRef() {
	c, _ := sgf.Parse([]byte(exampleGame))
	g := c.Game(0)
	// "6" is the number 'sgf tree' prints for the variation's node, and
	// "3.1" its path: three steps down, then the second child.
	for _, s := range []string{"6", "3.1", "2"} {
		r, err := sgf.ParseNodeRef(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		n, err := g.NodeByRef(r)
		fmt.Println(s, "->", n.Ref(), n.Path(), n.Name(), err)
	}
	_, err := sgf.ParseNodeRef("3.x")
	fmt.Println(err)
	// Output:
	// 6 -> 6 3.1.0 Other <nil>
	// 3.1 -> 6 3.1.0 Other <nil>
	// 2 -> 2 2  <nil>
	// sgf: ParseNodeRef "3.x": invalid node path
}
