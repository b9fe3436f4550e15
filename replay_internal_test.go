package sgf

import "testing"

// A step of a cursor executes or takes back one node: never a replay from
// the root. The cursor counts the nodes it executes and takes back.
func TestCursorStepCost(t *testing.T) {
	c, err := Parse([]byte("(;GM[1]SZ[9];B[aa];W[bb];B[cc];W[dd](;B[ee];W[ff];B[gg])(;B[hh];W[ii]))"))
	if err != nil {
		t.Fatal(err)
	}
	g := c.Game(0)
	cur := g.NewCursor()
	steps := func(what string, want int, f func()) {
		t.Helper()
		before := cur.steps
		f()
		if got := cur.steps - before; got != want {
			t.Errorf("%s: %d nodes executed or taken back, want %d", what, got, want)
		}
	}
	for range 7 {
		steps("Next", 1, func() { cur.Next() })
	}
	if cur.Depth() != 7 || cur.MoveNumber() != 7 {
		t.Fatalf("depth %d, move %d after 7 steps", cur.Depth(), cur.MoveNumber())
	}
	steps("Parent", 1, func() { cur.Parent() })
	steps("Parent", 1, func() { cur.Parent() })
	steps("Child", 1, func() { cur.Child(0) })
	// From W[ff] to B[hh]: take back W[ff] and B[ee], execute B[hh].
	hh, _ := g.NodeAt(mustPath(t, "4.1.0"))
	steps("Goto variation", 3, func() {
		if err := cur.Goto(hh); err != nil {
			t.Fatal(err)
		}
	})
	if m, ok := cur.LastMove(); !ok || string(m.Raw) != "hh" {
		t.Errorf("last move %+v", m)
	}
	// Goto the node itself costs nothing; Goto the root takes back 5.
	steps("Goto self", 0, func() { cur.Goto(hh) })
	steps("Goto root", 5, func() { cur.Goto(g.Root()) })
	// A step on a 52x52 board costs no more nodes than on a small one,
	// and the cursor's position matches a replay from the root.
	big, _ := Parse([]byte("(;SZ[52];B[ZZ];W[aa];B[tt])"))
	bc := big.Game(0).NewCursor()
	for bc.Next() {
	}
	if bc.steps != 4 {
		t.Errorf("52x52: %d steps for 4 nodes", bc.steps)
	}
}

func mustPath(t *testing.T, s string) Path {
	t.Helper()
	p, err := ParsePath(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Stepping a cursor allocates nothing once its buffers have grown.
func TestCursorStepAllocs(t *testing.T) {
	c, err := Parse([]byte("(;SZ[19]AB[dd][pp];W[pd];B[dp];W[];B[tt];W[qq]AE[dd]PL[B]MN[7];B[cc])"))
	if err != nil {
		t.Fatal(err)
	}
	g := c.Game(0)
	cur := g.NewCursor()
	allocs := testing.AllocsPerRun(100, func() {
		cur.Reset(g)
		for cur.Next() {
		}
		for cur.Parent() {
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per replay, want 0", allocs)
	}
}
