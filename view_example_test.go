package sgf_test

import (
	"fmt"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/syntax"
)

// A TreeView reads every node of a tree once: here the root's facts, each
// node's properties and flags, and the brief of the plain moves that a
// replay plays without reading their views.
func ExampleTreeView() {
	f, _ := syntax.Parse([]byte("(;GM[1]FF[4]SZ[9]PB[Honinbo];B[ee];W[cc]C[a comment](;B[tt])(;B[dd]))"), nil)
	var v sgf.TreeView
	v.Read(f.Trees[0])
	fmt.Printf("FF[%d] GM[%d] %dx%d, game info in node %v\n", v.FF, v.Game, v.Cols, v.Rows, v.InfoNodes)
	for i := range v.Nodes {
		n := &v.Nodes[i]
		fmt.Printf("node %d (parent %d):", n.Index, n.Parent)
		for _, p := range v.PropsOf(n) {
			fmt.Printf(" %s%q", p.ID, p.Values[0].Raw)
		}
		if b := v.Brief(i); b.IsMove() {
			c, x, y, pass := b.Move()
			fmt.Printf(" -> colour %d at %d,%d pass %v", c, x, y, pass)
		}
		if n.Flags&sgf.FlagMany != 0 {
			fmt.Print(" (several properties)")
		}
		fmt.Println()
	}
	// Output:
	// FF[4] GM[1] 9x9, game info in node [0]
	// node 0 (parent -1): GM"1" FF"4" SZ"9" PB"Honinbo" (several properties)
	// node 1 (parent 0): B"ee" -> colour 1 at 4,4 pass false
	// node 2 (parent 1): W"cc" C"a comment" (several properties)
	// node 3 (parent 2): B"tt" -> colour 1 at 0,0 pass true
	// node 4 (parent 2): B"dd" -> colour 1 at 3,3 pass false
}

// Decoder.Prop decodes a property of a TreeView as the typed view decodes
// every value: a rule that reads the tree once judges what sgf decoded.
func ExampleDecoder_Prop() {
	f, _ := syntax.Parse([]byte("(;GM[1]SZ[9]HA[x]KM[6.5]AB[aa:bb][jj];B[ee])"), nil)
	var v sgf.TreeView
	v.Read(f.Trees[0])
	var d sgf.Decoder
	d.View(&v, charset.Default)
	root := v.PropsOf(&v.Nodes[0])
	for i := range root {
		p := d.Prop(&root[i])
		fmt.Printf("%s: %d value(s), points %v, first error: %v\n", p.ID, len(p.Values), p.Points, p.Values[0].Err)
	}
	// Output:
	// GM: 1 value(s), points [], first error: <nil>
	// SZ: 1 value(s), points [], first error: <nil>
	// HA: 1 value(s), points [], first error: sgf: Decode HA "x": invalid property value: Number: invalid syntax
	// KM: 1 value(s), points [], first error: <nil>
	// AB: 2 value(s), points [aa ba ab bb], first error: <nil>
}
