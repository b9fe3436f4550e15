package index

import (
	"context"
	"math/bits"
	"path/filepath"
	"testing"
)

// lifeGames returns the games of an index with their bitsets and move
// lists: the test files (real games, captures and a ponnuki) and games
// of random play (captures, suicide, passes, setup with AE, stones
// played on stones).
func lifeGames(t *testing.T) []*gameRow {
	t.Helper()
	ctx := context.Background()
	real := newIndexOn(t, filepath.Join(t.TempDir(), "l.db"), append(testFiles(t, 0), "testdata/capture/ponnuki.sgf"))
	random, _ := randomGamesIndex(t)
	var all []*gameRow
	for _, db := range []*DB{real, random} {
		q := &Query{Pattern: mustText(t, "X", AnchorAnywhere)}
		rows, err := db.gamesOf(ctx, q, "", nil, true)
		if err != nil {
			t.Fatal(err)
		}
		if err := db.gameData(ctx, rows, true, true); err != nil {
			t.Fatal(err)
		}
		all = append(all, rows...)
	}
	return all
}

// replayStates calls fn with the board after each node of the game's
// move list, in order.
func replayStates(t *testing.T, g *gameRow, fn func(node int, b *board)) {
	t.Helper()
	b := newBoard(g.cols, g.rows)
	r := newMoveReader(g.moveList)
	for r.next() {
		b.apply(&r.s, nil)
		fn(r.node, b)
	}
	if r.err != nil {
		t.Fatal(r.err)
	}
}

// TestLifetimes: the lifetimes of every point of real and random games
// bound those of a replay node by node: the first node after which a
// point has a colour is no later, the node after which it never has it
// again no earlier (the test keeps every window that can match); and
// they are those of the replay but where a node changes a point twice (a
// suicide: the stone put and taken), at least 99% of them.
func TestLifetimes(t *testing.T) {
	var ws windowScratch
	checked, equal := 0, 0
	for _, g := range lifeGames(t) {
		n := g.cols * g.rows
		first := make([][3]int32, n)
		last := make([][3]int32, n) // the last node with the colour, -1: none
		for i := range n {
			first[i] = [3]int32{lifeNever, lifeNever, lifeNever}
			last[i] = [3]int32{-1, -1, -1}
		}
		ends := make([]int8, n)
		replayStates(t, g, func(node int, b *board) {
			for i, c := range b.cells {
				first[i][c] = min(first[i][c], int32(node))
				last[i][c] = int32(node)
			}
			copy(ends, b.cells)
		})
		if !ws.lifetimes(g.moveList, g.cols, g.rows) {
			t.Fatalf("%s: the lifetimes not read", g.hit.File)
		}
		for i := range n {
			var l [8]int32
			for k, v := range ws.life[i] {
				l[k] = int32(v)
			}
			if l[lifeColour] != int32(ends[i]) {
				t.Fatalf("%s point %d: colour %d at the end, the replay's %d", g.hit.File, i, l[lifeColour], ends[i])
			}
			for c := range 3 {
				until := last[i][c] + 1 // the replay's: no node from it on has c
				if c == int(ends[i]) {
					until = lifeNever
				}
				if l[c] < until {
					t.Fatalf("%s point %d colour %d: last node %d, the replay's %d", g.hit.File, i, c, l[c], until)
				}
				checked++
				fc := first[i][c]
				if c > 0 {
					if l[lifeFirst+c] > fc {
						t.Fatalf("%s point %d colour %d: first node %d, the replay's %d", g.hit.File, i, c, l[lifeFirst+c], fc)
					}
					if l[lifeFirst+c] == fc && l[c] == until {
						equal++
					}
				} else if l[c] == until {
					equal++
				}
			}
		}
	}
	t.Logf("%d points and colours, %d as the replay's", checked, equal)
	if equal < checked*99/100 {
		t.Errorf("%d of %d lifetimes as the replay's", equal, checked)
	}
}

// TestLifeFilter: the candidate windows that plan keeps with the
// lifetimes' test hold every variant that matches the board there after
// some node (a replay node by node, each candidate compared), on real and
// random games, for sparse patterns (empty points, wildcards x and o) of
// one word of code and wide; and the test leaves out most of the windows
// of the sparse ones (without it plan keeps them all).
func TestLifeFilter(t *testing.T) {
	games := lifeGames(t)
	for _, pt := range []struct {
		text   string
		anchor Anchor
		sparse bool // most windows left out
	}{
		{"...../.X.../...O./.....", AnchorAnywhere, true},
		{"X.X/.O.", AnchorAnywhere, false},
		{"xOX/OX*/X.o", AnchorAnywhere, false},
		{"X...../....../....../....../....../.....O", AnchorAnywhere, true},
		{"X....../......./...o.../......./......./......X", AnchorAnywhere, true},
		{"....../.X..../....../....x./....../..O...", AnchorAnywhere, true},
		{"....../....../..O.../...X../....../......", AnchorCorner, false},
		{"......./......./......./...X.../......./......./.......", AnchorSide, false},
	} {
		p := mustText(t, pt.text, pt.anchor)
		q := &Query{Pattern: p}
		m := newMatcher(p, q)
		var sc scratch
		ws := &sc.win
		in, kept, matched := 0, 0, 0
		for _, g := range games {
			if len(g.blackBits) == 0 {
				continue
			}
			pk := m.packedFor(g.cols, g.rows)
			res := m.placementWords(g, pk, &sc.packed)
			// the variants at each candidate window (upper left point)
			// that match after some node
			cands := map[[2]int]uint16{}
			for i, xs := range res {
				pw := &pk.words[i]
				for ; xs != 0; xs &= xs - 1 {
					b := bits.TrailingZeros64(xs)
					p := int(pw.y)*g.cols + b
					cands[[2]int{m.win.group[pk.firstOf[pw.class]] & 1, p}] |= pk.classes[pw.class].mask
				}
			}
			match := map[[2]int]uint16{}
			replayStates(t, g, func(node int, b *board) {
				for at, vs := range cands {
					for ; vs != 0; vs &= vs - 1 {
						vi := bits.TrailingZeros16(vs)
						if m.matches(b, candidate{vi, at[1] % g.cols, at[1] / g.cols}) {
							match[at] |= 1 << vi
						}
					}
				}
			})
			ws.ok = ws.lifetimes(g.moveList, g.cols, g.rows)
			if !ws.ok {
				t.Fatalf("%s: the lifetimes not read", g.hit.File)
			}
			ws.plan(m.win, pk, res, g.cols, g.rows)
			for at, vs := range cands {
				got := ws.side[at[0]].win[at[1]].mask
				if match[at]&^got != 0 {
					t.Errorf("%s %s: variants %016b match at %d but were left out (kept %016b)", pt.text, g.hit.File, match[at], at[1], got)
				}
				in += bits.OnesCount16(vs)
				kept += bits.OnesCount16(got)
				matched += bits.OnesCount16(match[at])
			}
			ws.unplan(g.rows)
		}
		t.Logf("%s: %d variants at candidate windows, %d kept, %d match", pt.text, in, kept, matched)
		if matched == 0 {
			t.Errorf("%s: no match: a case that cannot fail", pt.text)
		}
		if pt.sparse && kept*10 > in {
			t.Errorf("%s: %d of %d kept", pt.text, kept, in)
		}
	}
}

// TestLifetimesLong: a move list that may have 65,535 nodes or more (the
// lifetimes are 16-bit node numbers) is not tested, one of fewer is.
func TestLifetimesLong(t *testing.T) {
	var ws windowScratch
	move := func(n int) []byte {
		var ml []byte
		for i := range n {
			ml = append(ml, mlCompact|byte(i%2)<<6|byte(i%19), byte(i/19%19))
		}
		return ml
	}
	if !ws.lifetimes(move(32000), 19, 19) {
		t.Errorf("32,000 moves: not tested")
	}
	if ws.lifetimes(move(40000), 19, 19) {
		t.Errorf("40,000 moves (80,000 bytes): tested")
	}
}
