package index

import (
	"math"
	"math/bits"
)

// The lifetimes' test of the window replay: a finer filter of a game's
// candidate windows than the bitsets, before any window is set up.
//
// The bitsets say only that each stone of a variant had its colour at
// some time. A variant of a sparse pattern (a 7x6 shape of four stones and
// 38 empty points, searched anywhere) passes them at nearly every
// placement of a game of 250 moves: its windows were set up and checked
// at every move, and most could never match. The game's move list, read
// once before (lifetimes: a loop over its bytes, no window), gives per
// point and colour the first node after which the point has the colour
// and the node after which it never has it again. A variant matches at a
// node t only if each of its cells' points has a colour the cell allows
// after t: t is at least the first node of each stone's colour at its
// point, and below the last node of each cell's colours (an empty point
// of the pattern: below the node after which the point stays taken). A
// variant at a window where no such t exists (the largest first node is
// not below the smallest last node) is left out of the game's windows
// (windowSide.feasible, from its stones on: they give the first nodes);
// a game with none left is not replayed. The filter keeps every window
// that matches at some node, so the hits are the same.

// The test costs a pass over the game's move list and a look at a few
// points of each candidate window: it gains where it leaves out most
// windows (whole games are then not replayed), and costs more than it
// saves where most windows stay (a pattern often played). Each scratch
// (a goroutine's games) tests its first lifeWarm games, then every
// lifeSample-th game, and the others only while at most one variant at a
// window in lifeRatio stays. Over the index of the standard collection
// the test leaves 0.1% of a sparse 7x6 shape's candidates anywhere
// (....X../......./...*.../......./....XX./.....O.), 7.5% of X.X/.O.'s,
// 17% of xOX/OX*/X.o's and 71% of a 6x6 corner joseki's
// (....../....../..OOOX/..XX../....../.....*). Callgrind of the whole
// search, without the test and with it: the first two 1,512.0M -> 504.0M
// and 1,122.4M -> 788.3M instructions; the last two, tested in every
// game, 545.2M -> 775.3M and 149.9M -> 212.6M, tested as above 551.6M and
// 152.8M.
const (
	lifeWarm   = 64
	lifeSample = 64
	lifeRatio  = 10
)

// lifeWorth reports whether the next game is tested, and counts it.
func (ws *windowScratch) lifeWorth() bool {
	ws.games++
	return ws.games <= lifeWarm || ws.games%lifeSample == 0 || ws.lifeOut*lifeRatio < ws.lifeIn
}

// pointLife is a point's lifetimes and colour: per colour c (0 empty, 1
// black, 2 white) at [c], the node after which the point never has it
// again (lifeNever: it has it at the end; for black and white, 0 until
// it has it once); at [lifeFirst+c], the first node after which it has
// it (lifeNever: never; for the empty point 0: the board starts empty);
// at [lifeColour], its colour after the node read last. A point's values
// lie in 16 bytes (a game of lifeNever nodes or more is not tested).
type pointLife [8]uint16

const (
	lifeNever  = math.MaxUint16
	lifeColour = 3
	lifeFirst  = 4
)

// emptyLife is a point's lifetimes before the first node.
var emptyLife = pointLife{lifeNever, 0, 0, 0, 0, lifeNever, lifeNever, 0}

// lifeCheck is a cell of a variant for feasible: the offset of its point
// in the window and the indexes in pointLife of its last nodes (a cell
// that allows two colours: the later of the two; a and b the same for
// one); for a stone, at is the index of its first node.
type lifeCheck struct {
	off      int32
	at, a, b uint8
}

// newLifeCheck returns the lifeCheck of a cell on a board of cols
// columns; false for a cell that allows every colour (no bound).
func newLifeCheck(ck check, cols int) (lifeCheck, bool) {
	var cs []uint8
	for c := range uint8(3) {
		if ck.ok>>c&1 != 0 {
			cs = append(cs, c)
		}
	}
	if len(cs) == 0 || len(cs) == 3 {
		return lifeCheck{}, false
	}
	return lifeCheck{off: int32(ck.dy*cols + ck.dx), at: lifeFirst + cs[0], a: cs[0], b: cs[len(cs)-1]}, true
}

// feasible returns the variants of vs that can match the window of upper
// left point p at some node of the game whose lifetimes are life: the
// latest first node of their stones' colours (lo) is below the last node
// of each cell's colours.
func (sd *windowSide) feasible(life []pointLife, p int, vs uint16) uint16 {
	for v := vs; v != 0; v &= v - 1 {
		vi := bits.TrailingZeros16(v)
		lo := uint16(0)
		for _, ck := range sd.lifeStones[vi] {
			lo = max(lo, life[p+int(ck.off)][ck.at&7])
		}
		for _, ck := range sd.life[vi] {
			if l := &life[p+int(ck.off)]; max(l[ck.a&7], l[ck.b&7]) <= lo {
				vs &^= 1 << vi
				break
			}
		}
	}
	return vs
}

// lifetimes fills ws.life with the lifetimes of the points of a game
// (move list ml, on a board of cols x rows), node by node as windowHits
// replays it (setup, the move, its removals). It reports false when the
// list does not read to its end as one line, has a colour other than
// empty, black and white, or may have lifeNever nodes (a record is at
// least a byte): the filter is then not used.
func (ws *windowScratch) lifetimes(ml []byte, cols, rows int) bool {
	n := cols * rows
	if len(ml) >= lifeNever {
		return false
	}
	if len(ws.lifeInit) < n {
		ws.life, ws.lifeInit = make([]pointLife, n), make([]pointLife, n)
		for i := range ws.lifeInit {
			ws.lifeInit[i] = emptyLife
		}
	}
	life := ws.life[:n]
	copy(life, ws.lifeInit)
	node := uint16(0) // the node read next
	r := &ws.lread
	for at := 0; at < len(ml); {
		if h := ml[at]; h&mlCompact != 0 && at+1 < len(ml) {
			// a move of two bytes
			if x, y := int(h&63), int(ml[at+1]); x < cols && y < rows {
				lifeSet(&life[y*cols+x], uint16(h>>6&1)+1, node)
			}
			at += 2
			node++
			continue
		}
		r.b, r.node, r.err = ml[at:], int(node)-1, nil
		if !r.next() || r.s.back > 0 {
			return false
		}
		s := &r.s
		for _, st := range s.setup {
			if st.c < 0 || st.c > 2 {
				return false
			}
			if st.x < cols && st.y < rows {
				lifeSet(&life[st.y*cols+st.x], uint16(st.c), node)
			}
		}
		if s.color > 2 {
			return false
		}
		if s.color != 0 && !s.pass && s.x < cols && s.y < rows {
			lifeSet(&life[s.y*cols+s.x], uint16(s.color), node)
		}
		for _, st := range s.removed {
			if st.x < cols && st.y < rows {
				lifeSet(&life[st.y*cols+st.x], 0, node)
			}
		}
		at = len(ml) - len(r.b)
		node++
	}
	return true
}

// lifeSet records a point (its lifetimes l) taking colour c (0 to 2) at
// node node.
func lifeSet(l *pointLife, c, node uint16) {
	old := l[lifeColour]
	if old == c {
		return
	}
	l[lifeColour] = c
	l[old&3] = node
	l[c&3] = lifeNever
	if c != 0 && l[lifeFirst+c&3] == lifeNever {
		l[lifeFirst+c&3] = node
	}
}
