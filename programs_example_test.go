package sgf_test

// Five of the six programs of issue 19, and adding a game to a file, each
// a whole program a Go programmer would write against the library (the
// sixth, checking and fixing a folder, is check's Example_fixFolder).

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/convert"
	"github.com/sgf-toolkit/sgf/games/gogame"
	"github.com/sgf-toolkit/sgf/value"
)

// Streaming a collection with game information: one game at a time, in
// bounded memory, with the producer-aware komi.
func Example_streamCollection() {
	coll := "(;GM[1]PB[Ann]PW[Bob]RE[b+r]KM[6.5];B[pd])\n" +
		"(;GM[1]AP[YuanYu:1.0]PB[Cho]PW[Dai]RE[draw]KM[750];B[dd])\n"
	r, err := sgf.NewReader(strings.NewReader(coll), nil)
	if err != nil {
		panic(err)
	}
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		} else if err != nil {
			panic(err)
		}
		gi := g.Info()
		komi, from := gi.ProducerKomi()
		fmt.Printf("%s - %s %s komi %.1f (%s)\n", gi.PlayerBlack, gi.PlayerWhite, gi.ResultString(), komi, from)
	}
	// Output:
	// Ann - Bob B+R komi 6.5 (KM)
	// Cho - Dai 0 komi 7.5 (Fox KM in hundredths)
}

// Training data: every position of the main line as three feature planes
// (own stones, the opponent's, empty, from the player to move's side),
// with the move played from it as the label.
func Example_trainingData() {
	g := mustParseExample("(;GM[1]SZ[9];B[ee];W[cc];B[gc];W[ge])").Game(0)
	var planes []byte
	var labels []int
	c := g.NewCursor()
	for c.Next() {
		m, _ := c.Node().Move()
		c.Parent()
		planes = c.AppendPlanes(planes, 0)
		labels = append(labels, m.Point.Y*9+m.Point.X)
		c.Next()
	}
	fmt.Println(len(labels), "positions,", len(planes), "bytes; labels", labels)
	// Output: 4 positions, 972 bytes; labels [40 20 24 42]
}

// Editing a game with a minimal diff: one property changes, every other
// byte of the file (line breaks included) stays.
func Example_editMinimalDiff() {
	src := "(;GM[1]FF[4]\nPB[Ann]\nPW[Bob]\nRE[?]\nKM[6.5]\n;B[pd];W[dd])\n"
	c, _ := sgf.Parse([]byte(src))
	if err := c.Game(0).Root().Set("RE", "W+R"); err != nil {
		panic(err)
	}
	out, _ := c.Bytes()
	was := strings.Split(src, "\n")
	for i, line := range strings.Split(string(out), "\n") {
		if line != was[i] {
			fmt.Printf("line %d: %s -> %s\n", i+1, was[i], line)
		}
	}
	// Output: line 4: RE[?] -> RE[W+R]
}

// Reading a legacy file with its charset: text decoded by the game's CA
// (in Shift_JIS a second byte can be "\\" or "]"), then the file written
// again in UTF-8 by package convert.
func Example_legacyCharset() {
	src := []byte("(;GM[1]CA[Shift_JIS]PB[\x96\x7b\x88\xf6\x96\x56]C[\x95\x5c])") // 本因坊, 表
	c, err := sgf.Parse(src)
	if err != nil {
		panic(err)
	}
	g := c.Game(0)
	cs := g.Charset()
	fmt.Println(cs.Name, cs.Source, g.Info().PlayerBlack, g.Root().Comment())
	out, _, err := convert.Convert(src, convert.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(string(out))
	// Output:
	// Shift_JIS CA 本因坊 表
	// (;FF[4]GM[1]CA[UTF-8]PB[本因坊]C[表])
}

// Playing a game and saving it: the cursor checks each move by the rules
// of Go and writes it into the tree.
func Example_playAndSave() {
	g, _ := sgf.NewGame(sgf.GameGo, 9, 9)
	g.Root().Set("PB", "Ann")
	g.Root().Set("PW", "Bob")
	c := g.NewCursor()
	moves := []string{"ee", "cc", "gc", "ee"} // the last one is on a stone
	for i, m := range moves {
		col := []value.Color{value.Black, value.White}[i%2]
		p, _ := value.ParsePoint([]byte(m))
		if _, err := c.Play(col, p, gogame.AllRules); err != nil {
			fmt.Println(err)
		}
	}
	g.Root().Set("RE", "B+R")
	g.WriteTo(os.Stdout)
	// Output:
	// sgf: Play W "ee": illegal move: occupied point
	// (;FF[4]CA[UTF-8]GM[1]SZ[9]PB[Ann]PW[Bob]RE[B+R];B[ee];W[cc];B[gc])
}

// Adding a game to an existing collection file: the games in it are
// written back byte for byte, the new one after them.
func Example_addToCollection() {
	f, _ := os.CreateTemp("", "games-*.sgf")
	defer os.Remove(f.Name())
	f.WriteString("(;FF[4]GM[1]SZ[19]PB[Ann]\n  ;B[pd] ;W[dd])\n")
	f.Close()

	c, err := sgf.ReadFile(f.Name(), nil)
	if err != nil {
		panic(err)
	}
	g, _ := sgf.NewGame(sgf.GameGo, 9, 9)
	g.Root().Set("PB", "Bob")
	cur := g.NewCursor()
	cur.Play(value.Black, value.Point{X: 4, Y: 4}, gogame.AllRules)
	if _, err := c.Add(g); err != nil {
		panic(err)
	}
	out, _ := c.Bytes()
	os.WriteFile(f.Name(), out, 0o644)

	fmt.Printf("%d games\n%s", c.Len(), out)
	// Output:
	// 2 games
	// (;FF[4]GM[1]SZ[19]PB[Ann]
	//   ;B[pd] ;W[dd])
	// (;FF[4]CA[UTF-8]GM[1]SZ[9]PB[Bob];B[ee])
}
