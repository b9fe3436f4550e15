package sgf_test

import (
	"fmt"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/property"
)

func ExampleDecoder() {
	c, _ := sgf.Parse([]byte(`(;GM[1]SZ[9]KM[6.5]AB[aa:ab]LB[cc:A\:1];B[ee]C[good\]move]XX[private])`))
	var d sgf.Decoder
	for n, props := range d.Game(c.Game(0)) {
		for _, p := range props {
			v := p.Values[0]
			switch {
			case p.Points != nil:
				fmt.Println(n.Number(), p.ID, p.Points)
			case v.Type.Composed():
				fmt.Println(n.Number(), p.ID, v.First.Point, string(v.Second.Text))
			case v.First.Text != nil:
				fmt.Println(n.Number(), p.ID, string(v.First.Text))
			case v.First.Base == property.Move:
				fmt.Println(n.Number(), p.ID, v.First.Point)
			case v.First.Base == property.Real:
				fmt.Println(n.Number(), p.ID, v.First.Real)
			default:
				fmt.Println(n.Number(), p.ID, v.First.Number)
			}
		}
	}
	// Output:
	// 0 GM 1
	// 0 SZ 9
	// 0 KM 6.5
	// 0 AB [aa ab]
	// 0 LB cc A:1
	// 1 B ee
	// 1 C good]move
	// 1 XX private
}

func ExampleNode_Decode() {
	c, _ := sgf.Parse([]byte(`(;SZ[19];W[tt]BL[12.5])`))
	for _, p := range c.Game(0).Node(1).Decode() {
		a := p.Values[0].First
		fmt.Println(p.ID, a.Base, a.Pass, a.Real)
	}
	// Output:
	// W move true 0
	// BL real false 12.5
}
