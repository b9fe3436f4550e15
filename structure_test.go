package sgf_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/sgf-toolkit/sgf"
)

func TestStructuralEditsKeepTheRest(t *testing.T) {
	c, err := sgf.Parse([]byte("(;GM[1]FF[4]XX[private] ;B[aa]  ;W[bb](;B[cc])(;B[dd]))"))
	if err != nil {
		t.Fatal(err)
	}
	g := c.Game(0)
	w := g.Root().Child(0).Child(0)
	if err := w.Child(1).Promote(); err != nil {
		t.Fatal(err)
	}
	n, err := w.AddChild()
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Set("B", "ee"); err != nil {
		t.Fatal(err)
	}
	if err := w.Child(1).Remove(); err != nil {
		t.Fatal(err)
	}
	b, err := c.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	want := "(;GM[1]FF[4]XX[private] ;B[aa]  ;W[bb](;B[dd])(;B[ee]))"
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
	if err := g.Root().Remove(); err == nil {
		t.Error("root removed")
	}
}

func ExampleNode_Promote() {
	c, _ := sgf.Parse([]byte("(;GM[1];B[aa](;W[bb])(;W[cc]))"))
	c.Game(0).Root().Child(0).Child(1).Promote()
	b, _ := c.Bytes()
	fmt.Println(string(b))
	// Output:
	// (;GM[1];B[aa](;W[cc])(;W[bb]))
}

// Node.Number is the pre-order number of the tree as it prints, also after
// structural edits: the same numbers as reading the printed bytes again.
// Before, it returned the record numbers of the tree as read (the added
// node was 5 where it prints third, Promote changed nothing).
func TestNumberAfterStructuralEdits(t *testing.T) {
	c, err := sgf.Parse([]byte("(;GM[1];B[aa](;W[bb];B[cc])(;W[dd]))"))
	if err != nil {
		t.Fatal(err)
	}
	g := c.Game(0)
	b := g.Root().Child(0)
	steps := []struct {
		name string
		edit func() error
	}{
		{"promote", func() error { return b.Child(1).Promote() }},
		{"add child", func() error {
			n, err := b.Child(0).AddChild()
			if err == nil {
				err = n.Set("B", "ee")
			}
			return err
		}},
		{"add variation", func() error {
			n, err := b.AddChild()
			if err == nil {
				err = n.Set("W", "ff")
			}
			return err
		}},
		{"remove", func() error { return b.Child(1).Remove() }},
	}
	for _, s := range steps {
		removed := sgf.Node{}
		if s.name == "remove" {
			removed = b.Child(1)
		}
		if err := s.edit(); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		out, err := c.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		again, err := sgf.Parse(out)
		if err != nil {
			t.Fatal(err)
		}
		var want, got []string
		for n := range again.Game(0).Nodes() {
			want = append(want, fmt.Sprintf("%d:%s", n.Number(), n.Syntax().Source()))
		}
		for n := range g.Nodes() {
			m := g.Node(n.Number())
			if m != n {
				t.Errorf("%s: Game.Node(%d) is not the node numbered %d", s.name, n.Number(), n.Number())
			}
			got = append(got, fmt.Sprintf("%d:%s", n.Number(), nodeText(t, n)))
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: %s\nnumbers %v\nread again %v", s.name, out, got, want)
		}
		if !removed.IsZero() && removed.Number() != -1 {
			t.Errorf("removed node numbered %d, want -1", removed.Number())
		}
	}
}

// nodeText is the node as the source of its reading again would show it.
func nodeText(t *testing.T, n sgf.Node) string {
	t.Helper()
	s := ";"
	for _, id := range []string{"GM", "B", "W"} {
		if v, ok := n.Get(id); ok {
			s += id + "[" + string(v) + "]"
		}
	}
	return s
}

// TestStructuralEditErrors: every structural edit of a Node names itself in
// its *sgf.Error, ErrNoNode on the zero Node and ErrEdit (the syntax
// layer's error as the cause) where the edit fails; InsertAfter, Splice,
// MoveChild and Graft do what they say.
func TestStructuralEditErrors(t *testing.T) {
	c, err := sgf.Parse([]byte("(;GM[1];B[aa](;W[bb];B[cc])(;W[dd]))"))
	if err != nil {
		t.Fatal(err)
	}
	g := c.Game(0)
	root, zero := g.Root(), sgf.Node{}
	edits := map[string]func(n sgf.Node) error{
		"AddChild":    func(n sgf.Node) error { _, err := n.AddChild(); return err },
		"InsertAfter": func(n sgf.Node) error { _, err := n.InsertAfter(); return err },
		"MoveChild":   func(n sgf.Node) error { return n.MoveChild(0, 5) },
		"Promote":     func(n sgf.Node) error { return n.Promote() },
		"Remove":      func(n sgf.Node) error { return n.Remove() },
		"Splice":      func(n sgf.Node) error { return n.Splice() },
		"Graft":       func(n sgf.Node) error { _, err := n.Graft(root.Child(0)); return err },
	}
	for op, edit := range edits {
		var e *sgf.Error
		if err := edit(zero); !errors.As(err, &e) || e.Op != op || !errors.Is(err, sgf.ErrNoNode) || e.Cause != nil {
			t.Errorf("%s of the zero Node: %v, want ErrNoNode", op, err)
		}
	}
	if _, err := root.Graft(zero); !errors.Is(err, sgf.ErrNoNode) {
		t.Errorf("Graft of the zero Node: %v, want ErrNoNode", err)
	}
	for op, err := range map[string]error{"MoveChild": root.Child(0).MoveChild(0, 5), "Remove": root.Remove(), "Splice": root.Splice()} {
		var e *sgf.Error
		if !errors.As(err, &e) || e.Op != op || !errors.Is(err, sgf.ErrEdit) || e.Cause == nil {
			t.Errorf("%s that fails: %v, want ErrEdit with a cause", op, err)
		}
	}
	b := root.Child(0)
	if err := b.MoveChild(1, 0); err != nil {
		t.Fatal(err)
	}
	n, err := b.Child(1).InsertAfter()
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Set("C", "x"); err != nil {
		t.Fatal(err)
	}
	if err := b.Child(0).Splice(); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Graft(b.Child(0)); err != nil {
		t.Fatal(err)
	}
	out, err := c.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if want := "(;GM[1];B[aa](;W[bb];C[x];B[cc])(;W[bb];C[x];B[cc]))"; string(out) != want {
		t.Errorf("got  %s\nwant %s", out, want)
	}
}
