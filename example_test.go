package sgf_test

import (
	"fmt"
	"io"
	"log"
	"os"
	"strings"

	"github.com/sgf-toolkit/sgf"
)

const exampleGame = `(;FF[4]GM[1]SZ[9]CA[UTF-8]PB[Honinbō Shūsaku]PW[Gennan Inseki]DT[1846-09-11]KM[0]RE[B+2]
;B[ee]C[Tengen];W[cc];B[gc](;W[gg]HO[1];B[cg])(;W[cg]N[Other])XX[private])`

func ExampleParse() {
	c, err := sgf.Parse([]byte(exampleGame))
	if err != nil {
		log.Fatal(err)
	}
	g := c.Game(0)
	fmt.Println(c.Len(), "game,", g.Tree().NumNodes(), "nodes")
	// Output: 1 game, 7 nodes
}

func ExampleRead() {
	// Without CA the charset is detected; ReadOptions.Charset overrides it.
	src := "(;PB[M\xfcller])"
	c, err := sgf.Read(strings.NewReader(src), &sgf.ReadOptions{Charset: "latin1"})
	if err != nil {
		log.Fatal(err)
	}
	g := c.Game(0)
	fmt.Println(g.Info().PlayerBlack, g.Charset().Name, g.Charset().Source)
	// Output: Müller ISO-8859-1 override
}

func ExampleNewReader() {
	input := "(;GM[1]PB[Ann])\n(;GM[1]PB[Bob])\n"
	r, err := sgf.NewReader(strings.NewReader(input), nil)
	if err != nil {
		log.Fatal(err)
	}
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(g.Index(), g.Info().PlayerBlack)
	}
	// Output:
	// 0 Ann
	// 1 Bob
}

func ExampleReadFile() {
	c, err := sgf.ReadFile("testdata/sgfroot/kgs-2019-04-01-1.sgf", nil)
	if err != nil {
		log.Fatal(err)
	}
	gi := c.Game(0).Info()
	fmt.Printf("%s (%s) vs %s (%s), %s\n", gi.PlayerBlack, gi.RankBlack, gi.PlayerWhite, gi.RankWhite, gi.ResultText)
	// Output: HiraBot31 (3d) vs roln111 (8d), B+Resign
}

func ExampleCollection_WriteTo() {
	c, _ := sgf.Parse([]byte("(;GM[1]XX[kept]  ;B[aa]C[old]\n;W[bb])"))
	c.Game(0).Node(1).Set("C", "new [text]")
	c.WriteTo(os.Stdout)
	// Output:
	// (;GM[1]XX[kept]  ;B[aa]C[new [text\]]
	// ;W[bb])
}

func ExampleGame_Info() {
	c, _ := sgf.Parse([]byte(exampleGame))
	gi := c.Game(0).Info()
	fmt.Println(gi.PlayerBlack, "-", gi.PlayerWhite)
	fmt.Println(gi.Date, gi.Result.Winner, gi.Result.Score, gi.Cols)
	// Output:
	// Honinbō Shūsaku - Gennan Inseki
	// 1846-09-11 B 2 9
}

func ExampleGame_Charset() {
	c, _ := sgf.Parse([]byte("(;CA[UTF-8]C[ok])(;C[plain])"))
	for _, g := range c.Games() {
		cs := g.Charset()
		fmt.Println(cs.Name, cs.Source, cs.Confidence)
	}
	// Output:
	// UTF-8 CA 1
	// ISO-8859-1 default 1
}

func ExampleGame_MainLine() {
	c, _ := sgf.Parse([]byte(exampleGame))
	for n := range c.Game(0).MainLine() {
		if m, ok := n.Move(); ok {
			fmt.Print(m.Color, "[", m.Point, "] ")
		}
	}
	fmt.Println()
	// Output: B[ee] W[cc] B[gc] W[gg] B[cg]
}

func ExampleNode_Variations() {
	c, _ := sgf.Parse([]byte(exampleGame))
	n, _ := c.Game(0).NodeAt(mustPath("3"))
	for label, child := range n.Variations() {
		m, _ := child.Move()
		fmt.Println(label, m.Color, m.Point, child.Path())
	}
	// Output:
	// A W gg 4
	// B W cg 3.1.0
}

func ExampleVariationLabel() {
	fmt.Println(sgf.VariationLabel(0), sgf.VariationLabel(1), sgf.VariationLabel(26))
	// Output: A B AA
}

func mustPath(s string) sgf.Path {
	p, err := sgf.ParsePath(s)
	if err != nil {
		panic(err)
	}
	return p
}

func ExampleParsePath() {
	// Three steps down the main line, to the second child, zero steps on.
	p, err := sgf.ParsePath("3.1.0")
	fmt.Println(p, p.Depth(), err)
	_, err = sgf.ParsePath("3.x")
	fmt.Println(err)
	// Output:
	// 3.1.0 4 <nil>
	// sgf: ParsePath "3.x": invalid node path
}

func ExampleGame_NodeAt() {
	c, _ := sgf.Parse([]byte(exampleGame))
	n, err := c.Game(0).NodeAt(mustPath("3.1.0"))
	fmt.Println(n.Name(), n.Number(), err)
	// Output: Other 6 <nil>
}

func ExampleNode_Path() {
	c, _ := sgf.Parse([]byte(exampleGame))
	for n := range c.Game(0).Nodes() {
		fmt.Print(n.Number(), ":", n.Path(), " ")
	}
	fmt.Println()
	// Output: 0:0 1:1 2:2 3:3 4:4 5:5 6:3.1.0
}

func ExampleGame_NewCursor() {
	c, _ := sgf.Parse([]byte("(;GM[1]SZ[3];B[ba];W[aa];B[ab](;W[cc])(;W[bb]))"))
	cur := c.Game(0).NewCursor()
	for cur.Next() {
	}
	p := cur.Position()
	fmt.Print(p.String())
	fmt.Println("move", p.MoveNumber, "captured by black:", p.CapturedByBlack)
	cur.Parent() // take W[cc] back
	cur.Child(1) // and play the variation W[bb]
	p = cur.Position()
	fmt.Print(p.String())
	// Output:
	// . X .
	// X . .
	// . . O
	// move 4 captured by black: 1
	// . X .
	// X O .
	// . . .
}

func ExampleGame_PositionAt() {
	c, _ := sgf.Parse([]byte(exampleGame))
	g := c.Game(0)
	p, _ := g.PositionAt(g.Node(6))
	fmt.Print(p.String())
	fmt.Println(p.ToPlay, "to play after", p.LastMove.Color, p.LastMove.Point)
	// Output:
	// . . . . . . . . .
	// . . . . . . . . .
	// . . O . . . X . .
	// . . . . . . . . .
	// . . . . X . . . .
	// . . . . . . . . .
	// . . O . . . . . .
	// . . . . . . . . .
	// . . . . . . . . .
	// B to play after W cg
}

func ExampleNode_Set() {
	c, _ := sgf.Parse([]byte("(;CA[ISO-8859-1]GM[1];B[aa])"))
	root := c.Game(0).Root()
	root.Set("PB", "Müller")         // encoded in the game's charset
	root.Set("LB", "aa:a:b", "bb:c") // the first ":" splits a composed value
	root.Delete("GM")
	b, _ := c.Bytes()
	fmt.Printf("%q\n", b)
	// Output: "(;CA[ISO-8859-1]PB[M\xfcller]LB[aa:a\\:b][bb:c];B[aa])"
}

func ExampleNode_Inherited() {
	c, _ := sgf.Parse([]byte("(;VW[aa:cc];B[bb];VW[];W[cc])"))
	g := c.Game(0)
	for n := range g.MainLine() {
		vals, from, ok := n.Inherited("VW")
		fmt.Printf("node %d: %q from %d, %v\n", n.Number(), vals, from.Number(), ok)
	}
	// Output:
	// node 0: ["aa:cc"] from 0, true
	// node 1: ["aa:cc"] from 0, true
	// node 2: [] from 2, false
	// node 3: [] from 2, false
}

func ExampleNode_Setup() {
	c, _ := sgf.Parse([]byte("(;GM[1]SZ[5]AB[aa:bb][ee]AW[cc])"))
	s := c.Game(0).Root().Setup()
	fmt.Println(s.Black, s.White)
	// Output: [aa ba ab bb ee] [cc]
}

func ExampleNode_Markup() {
	c, _ := sgf.Parse([]byte("(;GM[1]TR[aa][bb]LB[cc:A][dd:two words]AR[aa:cc])"))
	m := c.Game(0).Root().Markup()
	fmt.Println(m.Triangle, m.Labels, m.Arrows)
	// Output: [aa bb] [{cc A} {dd two words}] [{aa cc}]
}

func ExampleNode_Annotations() {
	c, _ := sgf.Parse([]byte("(;GM[1];B[aa]BM[2]GW[1]C[Bad move])"))
	n := c.Game(0).Node(1)
	a := n.Annotations()
	fmt.Println(a.Bad, a.GoodForWhite, n.Comment())
	// Output: 2 1 Bad move
}

func ExampleGame_NextHotspot() {
	c, _ := sgf.Parse([]byte(exampleGame))
	g := c.Game(0)
	n, ok := g.NextHotspot(g.Root())
	fmt.Println(n.Number(), n.Path(), ok)
	// Output: 4 4 true
}

func ExampleNode_InfoNode() {
	// Two games merged into one tree: each has its own game-info node.
	c, _ := sgf.Parse([]byte("(;GM[1](;PB[Ann];B[aa])(;PB[Bob];B[bb]))"))
	g := c.Game(0)
	for n := range g.Nodes() {
		if m, ok := n.Move(); ok {
			fmt.Println(m.Point, n.Info().PlayerBlack)
		}
	}
	// Output:
	// aa Ann
	// bb Bob
}
