package sgf_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/games/gogame"
	"github.com/sgf-toolkit/sgf/internal/sgftest"
	"github.com/sgf-toolkit/sgf/value"
)

// walkCursor visits every node of g in pre-order with one cursor, moving
// only to children and back to parents, and checks the cursor's position
// against a replay from the root at each node (every nth node when every
// is above 1).
func walkCursor(t *testing.T, g *sgf.Game, every int) int {
	t.Helper()
	c := g.NewCursor()
	k := 0
	check := func() {
		t.Helper()
		if k++; every > 1 && k%every != 0 {
			return
		}
		want, err := g.PositionAt(c.Node())
		if err != nil {
			t.Fatal(err)
		}
		if got := c.Position(); !reflect.DeepEqual(got, want) {
			t.Fatalf("node %s: cursor position\n%+v\nreplay\n%+v", c.Node().Path(), got, want)
		}
	}
	check()
	visited := 1
	next := []int{0}
	for len(next) > 0 {
		top := len(next) - 1
		if i := next[top]; i < c.Node().NumChildren() {
			next[top]++
			if !c.Child(i) {
				t.Fatal("Child failed")
			}
			next = append(next, 0)
			check()
			visited++
			continue
		}
		next = next[:top]
		if len(next) > 0 && !c.Parent() {
			t.Fatal("Parent failed")
		}
	}
	if c.Node() != g.Root() || c.Parent() || c.Depth() != 0 {
		t.Error("the walk did not end at the root")
	}
	return visited
}

func TestCursorEqualsReplay(t *testing.T) {
	for _, name := range []string{"ff4_ex.sgf", "kgs-2019-04-01-1.sgf", "gameinfo.sgf"} {
		t.Run(name, func(t *testing.T) {
			c, err := sgf.Parse(readTestdata(t, name))
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range c.Games() {
				walkCursor(t, g, 1)
			}
		})
	}
	t.Run("captures-and-variations", func(t *testing.T) {
		g := mustParse(t, "(;GM[1]SZ[5]AB[bb]AW[cb];W[ab];B[cc](;W[bc];B[ac];W[ba](;B[ca]MN[20];W[bd])(;B[aa];W[ad]))(;W[ba]PL[W];W[ca];B[tt]))").Game(0)
		if n := walkCursor(t, g, 1); n != g.Tree().NumNodes() {
			t.Errorf("visited %d of %d nodes", n, g.Tree().NumNodes())
		}
	})
	t.Run("kogo", func(t *testing.T) {
		file := sgftest.Corpus(t, "stress", "glift", "test", "testdata", "Kogo's Joseki Dictionary.sgf")
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		c, err := sgf.Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		g := c.Game(0)
		walkCursor(t, g, 25)
		// Jump between random nodes: Goto goes by the common ancestor.
		r := rand.New(rand.NewPCG(1, 2))
		cur := g.NewCursor()
		for range 300 {
			n := g.Node(r.IntN(g.Tree().NumNodes()))
			if err := cur.Goto(n); err != nil {
				t.Fatal(err)
			}
			want, _ := g.PositionAt(n)
			if got := cur.Position(); !reflect.DeepEqual(got, want) {
				t.Fatalf("Goto(%s) differs from the replay", n.Path())
			}
		}
	})
}

// TestCursorBackAndForth steps a cursor along a game's main line forward
// and back at random (Next and Parent), so that Next goes on from a node
// of a run of moves other than the one it read last, and checks each
// position against a replay from the root.
func TestCursorBackAndForth(t *testing.T) {
	c, err := sgf.Parse(readTestdata(t, "kgs-2019-04-01-1.sgf"))
	if err != nil {
		t.Fatal(err)
	}
	g := c.Game(0)
	cur := g.NewCursor()
	r := rand.New(rand.NewPCG(3, 4))
	deepest := 0
	for step := range 2000 {
		if r.IntN(4) == 0 {
			for range r.IntN(5) {
				cur.Parent()
			}
		} else if !cur.Next() {
			cur.Parent()
		}
		deepest = max(deepest, cur.MoveNumber())
		if step%7 != 0 {
			continue
		}
		want, err := g.PositionAt(cur.Node())
		if err != nil {
			t.Fatal(err)
		}
		if got := cur.Position(); !reflect.DeepEqual(got, want) {
			t.Fatalf("step %d, node %s: cursor position differs from the replay", step, cur.Node().Path())
		}
	}
	if deepest < 100 {
		t.Fatalf("the walk reached move %d only: the test proves nothing", deepest)
	}
}

func TestPositionGo(t *testing.T) {
	g := mustParse(t, "(;GM[1]SZ[5];B[ba];W[aa];B[ab]MN[10];W[];B[cc];AE[cc]AW[ee]PL[W])").Game(0)
	p, err := g.PositionAt(g.Node(3))
	if err != nil {
		t.Fatal(err)
	}
	want := ". X . . .\nX . . . .\n. . . . .\n. . . . .\n. . . . .\n"
	if p.String() != want || p.CapturedByBlack != 1 || p.CapturedByWhite != 0 || p.ToPlay != value.White || p.MoveNumber != 10 {
		t.Errorf("after the capture:\n%s%+v", p.String(), p)
	}
	if !p.HasLastMove || p.LastMove.Point != (value.Point{X: 0, Y: 1}) || p.At(1, 0) != value.Black || p.At(0, 0) != 0 || p.At(9, 9) != 0 {
		t.Errorf("last move %+v", p.LastMove)
	}
	p, _ = g.PositionAt(g.Node(4))
	if !p.LastMove.Pass || p.MoveNumber != 11 || p.ToPlay != value.Black {
		t.Errorf("after the pass %+v", p)
	}
	p, _ = g.PositionAt(g.Node(6))
	if p.At(2, 2) != 0 || p.At(4, 4) != value.White || p.ToPlay != value.White || p.MoveNumber != 12 || p.LastMove.Point != (value.Point{X: 2, Y: 2}) {
		t.Errorf("after setup %+v", p)
	}
	if len(p.Stones) != 3 || p.Hash == 0 || p.GameType != 1 {
		t.Errorf("stones %+v", p.Stones)
	}
	if _, err := g.PositionAt(sgf.Node{}); !errors.Is(err, sgf.ErrNoNode) {
		t.Errorf("PositionAt(zero) = %v", err)
	}
	other := mustParse(t, "(;GM[1])").Game(0)
	if err := g.NewCursor().Goto(other.Root()); !errors.Is(err, sgf.ErrNoNode) {
		t.Errorf("Goto to another game: %v", err)
	}
	if g.NewCursor().GoBoard() == nil || g.NewCursor().HexBoard() != nil {
		t.Error("boards")
	}
}

// The example game of the HexWiki SGF description: ";B[c5] ...
// ;W[swap-pieces] ;B[c4];W[c5]": c5 is free again and Black moves next.
func TestPositionHex(t *testing.T) {
	g := mustParse(t, "(;AP[HexGui:0.10.GIT]FF[4]GM[11]SZ[7]C[Example game] ;B[c5];W[swap-pieces];B[c4];W[c5];B[a6];W[c6])").Game(0)
	p, _ := g.PositionAt(g.Node(2))
	if len(p.Stones) != 1 || p.Stones[0] != (sgf.Stone{Point: value.Point{X: 4, Y: 2}, Color: value.White}) || p.ToPlay != value.Black {
		t.Errorf("after swap-pieces: %+v", p)
	}
	p, _ = g.PositionAt(g.Node(6))
	if p.At(2, 4) != value.White || p.At(2, 3) != value.Black || p.MoveNumber != 6 || p.GameType != 11 {
		t.Errorf("end:\n%s%+v", p.String(), p)
	}
	walkCursor(t, g, 1)
	if g.NewCursor().HexBoard() == nil {
		t.Error("no hex board")
	}
}

// Games other than Go and Hex: the setup points as written.
func TestPositionOtherGame(t *testing.T) {
	g := mustParse(t, "(;GM[2]AB[x1][x2];AE[x1]AW[y](;B[whatever])(;AB[x1]))").Game(0)
	p, _ := g.PositionAt(g.Node(1))
	want := []sgf.Stone{{Raw: "x2", Color: value.Black}, {Raw: "y", Color: value.White}}
	if !reflect.DeepEqual(p.Stones, want) || p.String() != "" || p.At(0, 0) != 0 {
		t.Errorf("stones %+v", p.Stones)
	}
	p, _ = g.PositionAt(g.Node(2))
	if p.MoveNumber != 1 || !p.HasLastMove || string(p.LastMove.Raw) != "whatever" || p.ToPlay != value.White {
		t.Errorf("after a move %+v", p)
	}
	walkCursor(t, g, 1)
}

// TestCursorBroken: moves are executed whatever the rules say (FF[4]),
// and the cursor says which rules each broke; Position.Illegal lists them
// on the path.
func TestCursorBroken(t *testing.T) {
	// A ko at bb/cb; White's corner da/eb; moves: 1 W[bb], 2 B[cb] takes
	// it, 3 W[bb] retakes at once, 4 B[ee], 5 W[ee] on it, 6 B[ea]
	// suicide, 7 W[] pass.
	g := mustParse(t, "(;GM[1]SZ[5]AB[ba][ab][bc]AW[ca][db][cc][da][eb]"+
		";W[bb];B[cb];W[bb];B[ee];W[ee];B[ea];W[])").Game(0)
	cur := g.NewCursor()
	got := []gogame.Rule{cur.Broken()}
	for cur.Next() {
		got = append(got, cur.Broken())
	}
	want := []gogame.Rule{0, 0, 0, gogame.RuleKo | gogame.RuleSuperko, 0, gogame.RuleOccupied, gogame.RuleSuicide | gogame.RuleSuperko, 0}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Broken by node: %v, want %v", got, want)
	}
	p := cur.Position()
	var ill []string
	for _, m := range p.Illegal {
		ill = append(ill, fmt.Sprintf("%d %s[%s] %d", m.MoveNumber, m.Move.Color, m.Move.Raw, m.Broken))
	}
	if w := []string{"3 W[bb] 12", "5 W[ee] 1", "6 B[ea] 10"}; !reflect.DeepEqual(ill, w) {
		t.Errorf("Position.Illegal: %q, want %q", ill, w)
	}
	// Taken back: the path above move 3 has none.
	if err := cur.Goto(g.Node(2)); err != nil || cur.Position().Illegal != nil || cur.Broken() != 0 {
		t.Errorf("at move 2: %v %v", err, cur.Position().Illegal)
	}
	walkCursor(t, g, 1)

	// Hex: a stone on an occupied cell.
	h := mustParse(t, "(;GM[11]SZ[3];B[a1];W[a1];B[b2])").Game(0)
	cur = h.NewCursor()
	got = got[:0]
	for cur.Next() {
		got = append(got, cur.Broken())
	}
	if want := []gogame.Rule{0, gogame.RuleOccupied, 0}; !reflect.DeepEqual(got, want) {
		t.Errorf("Hex: %v, want %v", got, want)
	}
}
