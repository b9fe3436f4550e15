package collection_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/sgf-toolkit/sgf/collection"
	"github.com/sgf-toolkit/sgf/syntax"
)

func parse(s string) *syntax.File {
	f, _ := syntax.Parse([]byte(s), nil)
	return f
}

func ExampleMerger() {
	m := collection.NewMerger(nil)
	m.Add(parse("(;SZ[19]PB[Ann];B[pd];W[dd];B[pq])").Trees[0], "ann.sgf")
	m.Add(parse("(;SZ[19]PB[Bob];B[pd];W[dd];B[qq])").Trees[0], "bob.sgf")
	out, rep := m.Bytes()
	fmt.Print(string(out))
	fmt.Println(rep.Distinct, "games")
	// Output:
	// (;SZ[19]
	// ;B[pd];W[dd]
	//   (;B[pq]PB[Ann])
	//   (;B[qq]PB[Bob]))
	// 2 games
}

func ExampleMerge() {
	f := parse("(;PB[Ann];B[aa])(;PB[Ann];B[aa])")
	_, rep, _ := collection.Merge(f.Trees, []string{"one", "two"}, nil)
	fmt.Println(rep.Duplicates[0].Name, "is a copy of", rep.Duplicates[0].Of)
	// Output: two is a copy of one
}

func ExampleSplit() {
	merged := parse("(;SZ[19];B[pd];W[dd](;B[pq]PB[Ann])(;B[qq]PB[Bob]))")
	for _, g := range collection.Split(merged) {
		fmt.Print(string(g.SGF))
	}
	// Output:
	// (;SZ[19]
	// PB[Ann]
	// ;B[pd];W[dd];B[pq])
	// (;SZ[19]
	// PB[Bob]
	// ;B[pd];W[dd];B[qq])
}

func ExampleSplitTree() {
	f := parse("  (;PB[Ann] ;B[pd])")
	fmt.Printf("%s\n", collection.SplitTree(f.Trees[0])[0].SGF)
	// Output: (;PB[Ann] ;B[pd])
}

func ExampleTreeText() {
	f := parse("\xef\xbb\xbf\n(;FF[4])")
	fmt.Printf("%q\n", collection.TreeText(f.Trees[0]))
	// Output: "(;FF[4])"
}

func ExampleParseTemplate() {
	t, err := collection.ParseTemplate("{PB}-{PW}-{n:03}.sgf")
	if err != nil {
		panic(err)
	}
	g := collection.Split(parse("(;PB[Lee Sedol]PW[Alpha/Go])"))[0]
	fmt.Println(t.Name(&g, 4, "game.sgf"))
	// Output: Lee Sedol-Alpha_Go-004.sgf
}

func ExampleTemplate_Names() {
	t, _ := collection.ParseTemplate("{PB}.sgf")
	games := collection.Split(parse("(;PB[Ann])(;PB[Ann])"))
	fmt.Println(t.Names(games, "x.sgf"))
	// Output: [Ann.sgf Ann-2.sgf]
}

func ExampleGame_Value() {
	g := collection.Split(parse("(;PB[Ann]DT[2024-01-02])"))[0]
	v, _ := g.Value("DT")
	fmt.Printf("%s\n", v)
	// Output: 2024-01-02
}

func ExampleJoin() {
	out, rep := collection.Join(nil, []*syntax.File{parse("(;B[aa])\n"), parse("(;W[bb]) trailing")})
	fmt.Print(string(out))
	fmt.Println(rep.Trees, "trees,", rep.Tail, "bytes left out")
	// Output:
	// (;B[aa])
	// (;W[bb])
	// 2 trees, 8 bytes left out
}

func ExampleSignature() {
	a := parse("(;SZ[19];B[pd];W[dp];B[pp];W[dd])").Trees[0]
	b := parse("(;SZ[19];W[dd];B[pp];W[dp];B[pd])").Trees[0] // mirrored, colours swapped
	sa, _ := collection.Signature(a)
	sb, _ := collection.Signature(b)
	fmt.Println(sa.Key == sb.Key)
	// Output: true
}

func ExampleStrictSignature() {
	a := parse("(;SZ[9];B[cc];W[gg])").Trees[0]
	b := parse("(;SZ[9];B[gc];W[cg])").Trees[0] // rotated
	sa, _ := collection.StrictSignature(a)
	sb, _ := collection.StrictSignature(b)
	fmt.Println(sa.Key == sb.Key)
	// Output: true
}

func ExampleDupes() {
	var d collection.Dupes
	for i, src := range []string{"(;B[pd];W[dp])", "(;B[dd];W[pp])", "(;B[pd];W[dd])"} {
		s, _ := collection.Signature(parse(src).Trees[0])
		d.Add(s, collection.Entry{Name: fmt.Sprint("g", i, ".sgf")})
	}
	for _, g := range d.Groups() {
		fmt.Println(g.Games)
	}
	// Output: [g0.sgf g1.sgf]
}

func ExampleStrip() {
	f := parse("(;FF[4]C[note];B[pd]LZ[...]TR[aa])")
	rep, _ := collection.Strip(f, collection.StripOptions{Comments: true, Private: true})
	fmt.Println(string(f.Bytes()))
	fmt.Println(rep.Props, rep.Saved(), "bytes saved")
	// Output:
	// (;FF[4];B[pd]TR[aa])
	// map[C:1 LZ:1] 14 bytes saved
}

func ExampleStats() {
	var s collection.Stats
	s.AddFile([]byte("(;GM[1]SZ[19]RE[B+R]DT[2019-04-03];B[pd];W[dd])"))
	fmt.Println(s.Games, s.Moves, s.Results, s.Years)
	// Output: 1 2 map[B+R:1] map[2019:1]
}

func ExampleStats_WriteTable() {
	var s collection.Stats
	s.AddFile([]byte("(;SZ[9];B[aa])"))
	var b strings.Builder
	s.WriteTable(&b, 1)
	fmt.Println(strings.Contains(b.String(), "9x9"))
	// Output: true
}

func ExampleTop() {
	fmt.Println(collection.Top(map[string]int{"a": 1, "b": 3, "c": 2}, 2))
	// Output: [{b 3} {c 2}]
}

func ExampleOutline() {
	f := parse("(;GM[1];B[aa](;W[bb])(;W[cc];B[dd]))")
	for s := range collection.Outline(f.Trees[0]) {
		fmt.Fprintf(os.Stdout, "%d %q nodes %d-%d moves %d-%d\n", s.Depth, s.Label, s.First, s.Last, s.FirstMove, s.LastMove)
	}
	// Output:
	// 0 "" nodes 0-1 moves 1-1
	// 1 "A" nodes 2-2 moves 2-2
	// 1 "B" nodes 3-4 moves 2-3
}
