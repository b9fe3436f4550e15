package sgf_test

import (
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
