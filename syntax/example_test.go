package syntax_test

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/sgf-toolkit/sgf/syntax"
)

func ExampleParse() {
	src := []byte("(;FF[4]GM[1]SZ[19];B[pd];W[dd](;B[pq])(;B[dp]))")
	f, err := syntax.Parse(src, nil)
	if err != nil {
		panic(err)
	}
	for n := range f.Trees[0].Nodes() {
		for p := range n.Props() {
			fmt.Printf("node %d: %s %q\n", n.Index(), p.ID, p.Value())
		}
	}
	// Output:
	// node 0: FF "4"
	// node 0: GM "1"
	// node 0: SZ "19"
	// node 1: B "pd"
	// node 2: W "dd"
	// node 3: B "pq"
	// node 4: B "dp"
}

func ExampleParse_diagnostics() {
	src := []byte("(;B[cc]())\n(;B[aa] B  L[321.0])")
	f, _ := syntax.Parse(src, nil)
	for _, d := range f.Diagnostics {
		fmt.Println(d, "- SGFC", d.Code.SGFC())
	}
	// Output:
	// 1:9: error S07: empty variation "()" (ignored) - SGFC 12
	// 2:9: error S08: property <B> without any value (ignored) (critical) - SGFC 20
}

func ExampleFile_Bytes() {
	src := []byte("(;FF[4] C[ keep my  layout ]\n;B[pd]  ;W[dd])")
	f, _ := syntax.Parse(src, nil)
	fmt.Println(string(f.Bytes()) == string(src))
	f.Trees[0].Node(1).SetProp("B", []byte("qq"))
	fmt.Println(string(f.Bytes()))
	// Output:
	// true
	// (;FF[4] C[ keep my  layout ]
	// ;B[qq]  ;W[dd])
}

func ExampleFormat() {
	src := []byte("(;FF[4]GM[1]SZ[19]C[a \\comment];B[pd];W[dd](;B[pq];W[qq])(;B[dp]))")
	f, _ := syntax.Parse(src, nil)
	os.Stdout.Write(syntax.Format(f))
	// Output:
	// (;FF[4]
	// GM[1]
	// SZ[19]
	// C[a comment]
	// ;B[pd];W[dd]
	//   (;B[pq];W[qq])
	//   (;B[dp]))
}

func ExampleReader() {
	r := syntax.NewReader(strings.NewReader("(;GN[one];B[aa]) (;GN[two];B[bb])"), nil)
	for {
		t, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			panic(err)
		}
		p, _ := t.Root().Prop("GN")
		fmt.Printf("tree %d: %s, %d nodes\n", t.Index(), p.Value(), t.NumNodes())
	}
	// Output:
	// tree 0: one, 2 nodes
	// tree 1: two, 2 nodes
}

func ExampleAppendTreeJSON() {
	f, _ := syntax.Parse([]byte(`(;C[a\]b];B[aa](;W[bb])(;W[cc]))`), nil)
	fmt.Println(string(syntax.AppendTreeJSON(nil, f.Trees[0])))
	// Output:
	// {"nodes":[{"props":[{"id":"C","values":["a\\]b"]}]},{"props":[{"id":"B","values":["aa"]}]}],"variations":[{"nodes":[{"props":[{"id":"W","values":["bb"]}]}],"variations":[]},{"nodes":[{"props":[{"id":"W","values":["cc"]}]}],"variations":[]}]}
}

func ExampleNode_Children() {
	f, _ := syntax.Parse([]byte("(;GM[1];B[aa](;W[bb])(;W[cc])(;W[dd]))"), nil)
	move := f.Trees[0].Root().Child(0)
	for c := range move.Children() {
		p, _ := c.Prop("W")
		fmt.Printf("%s ", p.Value())
	}
	fmt.Println(move.NumChildren(), move.Child(2).Parent() == move)
	// Output:
	// bb cc dd 3 true
}
