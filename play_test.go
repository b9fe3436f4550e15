package sgf_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/games/gogame"
	"github.com/sgf-toolkit/sgf/games/hex"
	"github.com/sgf-toolkit/sgf/value"
)

func pt(s string) value.Point {
	p, err := value.ParsePoint([]byte(s))
	if err != nil {
		panic(err)
	}
	return p
}

// TestCursorPlay: a program that plays with a Cursor writes the SGF as a
// side effect; a move already in the tree is followed, not added again;
// illegal moves are refused before anything changes.
func TestCursorPlay(t *testing.T) {
	g, err := sgf.NewGame(sgf.GameGo, 9, 9)
	if err != nil {
		t.Fatal(err)
	}
	c := g.NewCursor()
	for i, m := range []string{"cc", "gg", "cg"} {
		col := value.Black
		if i%2 == 1 {
			col = value.White
		}
		if _, err := c.Play(col, pt(m), gogame.AllRules); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := c.Pass(value.White); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if _, err := g.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	if want := "(;FF[4]CA[UTF-8]GM[1]SZ[9];B[cc];W[gg];B[cg];W[])"; b.String() != want {
		t.Errorf("written %q\nwant    %q", b.String(), want)
	}
	// Back to move 1 and the same move again: followed, not added.
	n1, ok := g.MoveNode(1)
	if !ok {
		t.Fatal("no move 1")
	}
	if err := c.Goto(n1); err != nil {
		t.Fatal(err)
	}
	n2, _ := g.MoveNode(2)
	if got, _ := c.Play(value.White, pt("gg"), gogame.AllRules); got.Number() != n2.Number() || n1.NumChildren() != 1 {
		t.Errorf("existing move not followed: node %d, %d children", got.Number(), n1.NumChildren())
	}
	// A variation.
	c.Parent()
	if _, err := c.Play(value.White, pt("dd"), gogame.AllRules); err != nil || n1.NumChildren() != 2 || c.Depth() != 2 {
		t.Errorf("variation: %v, %d children, depth %d", err, n1.NumChildren(), c.Depth())
	}
	// Illegal: occupied, off the board; nothing changes.
	before := g.Tree().NumNodes()
	_, err = c.Play(value.Black, pt("cc"), gogame.AllRules)
	if !errors.Is(err, sgf.ErrIllegal) || err.Error() != `sgf: Play B "cc": illegal move: occupied point` {
		t.Errorf("occupied: %v", err)
	}
	_, err = c.Play(value.Black, value.Point{X: 9, Y: 3}, gogame.AllRules)
	if !errors.Is(err, sgf.ErrIllegal) || !errors.Is(err, gogame.ErrPoint) || !strings.Contains(err.Error(), "x 9, y 3 on 9x9") {
		t.Errorf("off the board: %v", err)
	}
	if g.Tree().NumNodes() != before || c.Depth() != 2 {
		t.Errorf("a refused move changed the tree or the cursor")
	}
	// Occupied allowed when not forbidden (FF[4] executes such moves;
	// B on a black stone repeats the position, so superko is not asked).
	if _, err := c.Play(value.Black, pt("cc"), gogame.RuleKo); err != nil {
		t.Errorf("occupied, allowed: %v", err)
	}
	if _, ok := g.MoveNode(5); ok {
		t.Error("MoveNode(5) of a main line of 4 moves")
	}
}

// TestCursorPlayKo: the ko is refused by the game's rules.
func TestCursorPlayKo(t *testing.T) {
	c := mustParse(t, "(;GM[1]SZ[5]AB[ba][ab][bc]AW[ca][db][cc];W[bb];B[cb])").Game(0).NewCursor()
	for c.Next() {
	}
	_, err := c.Play(value.White, pt("bb"), gogame.AllRules)
	if !errors.Is(err, sgf.ErrIllegal) || !strings.HasSuffix(err.Error(), "illegal move: ko") {
		t.Errorf("ko retaken: %v", err)
	}
}

// TestCursorSituationalSuperko: after a ko is taken and both players
// pass, White's retake recreates the root's stones. With Black to play in
// the root the situation repeats as well; with White to play there (PL[W])
// only the stones do: positional superko refuses that retake,
// situational superko (Cursor.SetSituationalSuperko, AGA and NZ rules)
// allows it. Changing the rule keeps the cursor at its node, and holds
// across Reset. (Issue 13, item 1.)
func TestCursorSituationalSuperko(t *testing.T) {
	const shape = "GM[1]FF[4]SZ[4]AB[ba][ab][bc]AW[ca][bb][db][cc]"
	for _, tc := range []struct {
		root        string
		situational bool
		refused     bool
	}{
		{"", false, true},
		{"", true, true},
		{"PL[W]", false, true},
		{"PL[W]", true, false},
	} {
		g := mustParse(t, "(;"+shape+tc.root+";B[cb];W[];B[])").Game(0)
		c := g.NewCursor()
		for c.Next() {
		}
		c.SetSituationalSuperko(tc.situational)
		if c.Node() != g.Node(3) {
			t.Fatalf("%s: the cursor left its node: %v", tc.root, c.Node())
		}
		_, err := c.Play(value.White, pt("bb"), gogame.AllRules)
		if refused := errors.Is(err, sgf.ErrIllegal); refused != tc.refused {
			t.Errorf("%s situational %v: W[bb] after the passes: %v, want refused %v", tc.root, tc.situational, err, tc.refused)
		} else if refused && !strings.Contains(err.Error(), "superko") {
			t.Errorf("%s: %v, want superko", tc.root, err)
		}
		// The same retake in the tree: Broken says the same.
		g2 := mustParse(t, "(;"+shape+tc.root+";B[cb];W[];B[];W[bb])").Game(0)
		c.Reset(g2)
		for c.Next() {
		}
		if got := c.Broken()&gogame.RuleSuperko != 0; got != tc.refused {
			t.Errorf("%s situational %v: Broken %v after Reset", tc.root, tc.situational, c.Broken())
		}
	}
}

func TestNewGameHexAndErrors(t *testing.T) {
	g, err := sgf.NewGame(sgf.GameHex, 11, 11)
	if err != nil {
		t.Fatal(err)
	}
	c := g.NewCursor()
	if _, err := c.Play(value.Black, value.Point{X: 2, Y: 2}, gogame.AllRules); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Play(value.White, value.Point{X: 2, Y: 2}, gogame.AllRules); !errors.Is(err, sgf.ErrIllegal) {
		t.Errorf("occupied cell: %v", err)
	}
	var b strings.Builder
	g.WriteTo(&b)
	if want := "(;FF[4]CA[UTF-8]GM[11]SZ[11];B[c3])"; b.String() != want {
		t.Errorf("written %q, want %q", b.String(), want)
	}
	if _, err := sgf.NewGame(sgf.GameGo, 53, 19); !errors.Is(err, value.ErrRange) {
		t.Errorf("NewGame(53x19) = %v", err)
	}
	if g, _ := sgf.NewGame(sgf.GameGo, 13, 9); g.Root().Values("SZ")[0] == nil || string(g.Root().Values("SZ")[0]) != "13:9" {
		t.Errorf("SZ of 13x9: %q", g.Root().Values("SZ"))
	}
}

// TestConversionsAndPlanes: value and board types meet; AppendPlanes
// agrees with the board.
func TestConversionsAndPlanes(t *testing.T) {
	g := mustParse(t, "(;GM[1]SZ[3];B[aa];W[cb])").Game(0)
	c := g.NewCursor()
	c.Next()
	c.Next()
	b := c.GoBoard()
	if p := sgf.GoPoint(b, pt("cb")); b.At(p) != gogame.White || sgf.ColorOfGo(b.At(p)) != value.White || sgf.GoColor(value.Black) != gogame.Black {
		t.Error("Go conversions")
	}
	if v, ok := sgf.PointOfGo(b, b.Point(2, 1)); !ok || v != pt("cb") {
		t.Errorf("PointOfGo = %v", v)
	}
	if _, ok := sgf.PointOfGo(b, gogame.NoPoint); ok {
		t.Error("PointOfGo(NoPoint)")
	}
	for c, want := range map[gogame.Color]value.Color{gogame.Empty: 0, gogame.Black: value.Black, gogame.White: value.White, 7: 0} {
		if got := sgf.ColorOfGo(c); got != want {
			t.Errorf("ColorOfGo(%d) = %q, want %q", c, got, want)
		}
	}
	for c, want := range map[hex.Color]value.Color{hex.Empty: 0, hex.Black: value.Black, hex.White: value.White, 7: 0} {
		if got := sgf.ColorOfHex(c); got != want {
			t.Errorf("ColorOfHex(%d) = %q, want %q", c, got, want)
		}
	}
	hb, _ := hex.New(5, 5)
	if cell := sgf.HexCell(hb, value.Point{X: 1, Y: 2}); cell == hex.NoCell || sgf.HexColor(value.White) != hex.White || sgf.ColorOfHex(hex.Black) != value.Black {
		t.Error("Hex conversions")
	} else if p, ok := sgf.PointOfHex(hb, cell); !ok || p != (value.Point{X: 1, Y: 2}) || sgf.HexCellOf(p).String() != "b3" {
		t.Errorf("PointOfHex = %v", p)
	}
	// Black to move: perspective Black; own stone aa, opponent cb.
	planes := c.AppendPlanes(nil, 0)
	want := "100000000" + "000001000" + "011110111"
	var got strings.Builder
	for _, v := range planes {
		got.WriteByte('0' + v)
	}
	if got.String() != want {
		t.Errorf("planes %s\nwant   %s", got.String(), want)
	}
	if w := c.AppendPlanes(nil, value.White); w[5] != 1 || w[9] != 1 {
		t.Errorf("white's planes %v", w)
	}
}

// TestAppendPlanesEveryPoint holds AppendPlanes, which reads eight points
// at a time, to the board point by point: random games on boards whose
// sizes leave 0 to 7 points after the last eight, both perspectives and
// the player to move, appended after bytes already in dst.
func TestAppendPlanesEveryPoint(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 5))
	for _, size := range [][2]int{{1, 1}, {3, 3}, {9, 9}, {13, 13}, {19, 19}, {5, 7}, {8, 8}, {2, 11}, {16, 2}, {21, 3}, {9, 5}, {7, 9}} {
		g, _ := sgf.NewGame(sgf.GameGo, size[0], size[1])
		c := g.NewCursor()
		buf := []byte{7, 7, 7}
		for move := range 3 * size[0] * size[1] {
			col := []value.Color{value.Black, value.White}[move%2]
			c.Play(col, value.Point{X: rng.IntN(size[0]), Y: rng.IntN(size[1])}, gogame.AllRules)
			b := c.GoBoard()
			for _, persp := range []value.Color{0, value.Black, value.White} {
				me := persp
				if me == 0 {
					me = sgf.ColorOfGo(b.ToPlay())
				}
				buf = c.AppendPlanes(buf[:3], persp)
				n := b.Len()
				if len(buf) != 3+3*n || buf[0] != 7 || buf[2] != 7 {
					t.Fatalf("%dx%d: %d bytes, prefix %v", size[0], size[1], len(buf), buf[:3])
				}
				for y := range b.Rows() {
					for x := range b.Cols() {
						i := y*b.Cols() + x
						at := sgf.ColorOfGo(b.At(b.Point(x, y)))
						want := [3]byte{}
						switch at {
						case me:
							want[0] = 1
						case 0:
							want[2] = 1
						default:
							want[1] = 1
						}
						if got := [3]byte{buf[3+i], buf[3+n+i], buf[3+2*n+i]}; got != want {
							t.Fatalf("%dx%d move %d perspective %v, (%d,%d) holds %v: planes %v, want %v", size[0], size[1], move, persp, x, y, at, got, want)
						}
					}
				}
			}
		}
	}
}

// TestCursorPass: Pass follows a child that holds a pass of the colour
// (not one of the other colour, not a move), else adds one; Play and Pass
// refuse a colour that is not B or W, naming themselves.
func TestCursorPass(t *testing.T) {
	g := mustParse(t, "(;GM[1]SZ[9];B[cc](;W[dd])(;B[])(;W[]))").Game(0)
	c := g.NewCursor()
	c.Next()
	n, err := c.Pass(value.White)
	if err != nil || n.Number() != 4 {
		t.Errorf("Pass(W) = node %d, %v; want the existing node 4", n.Number(), err)
	}
	c.Parent()
	if n, err := c.Pass(value.White); err != nil || n.Number() != 4 {
		t.Errorf("Pass(W) again = node %d, %v; want node 4", n.Number(), err)
	}
	c.Parent()
	if n, err := c.Play(value.White, pt("dd"), gogame.AllRules); err != nil || n.Number() != 2 {
		t.Errorf("Play(W dd) = node %d, %v; want node 2", n.Number(), err)
	}
	for op, f := range map[string]func() (sgf.Node, error){
		"Play": func() (sgf.Node, error) { return c.Play('x', pt("aa"), 0) },
		"Pass": func() (sgf.Node, error) { return c.Pass('x') },
	} {
		var e *sgf.Error
		if _, err := f(); !errors.As(err, &e) || e.Op != op || !errors.Is(err, sgf.ErrValue) || e.Value != "x" {
			t.Errorf("%s of colour x: %v, want ErrValue", op, err)
		}
	}
	if g.Tree().NumNodes() != 5 {
		t.Errorf("%d nodes, want 5: a move was added", g.Tree().NumNodes())
	}
}
