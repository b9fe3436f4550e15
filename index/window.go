package index

import (
	"math/bits"
)

// The window replay: the fast path of a pattern search over main lines.
//
// Every placement of a variant is a window of the board, named by its
// upper left point. A game keeps only its candidate windows: those where
// its bitsets allow a variant (matcher.candidates: each stone of the
// variant on a point that had the stone's colour at some time), about 40
// of the 4,600 of a 3x3 pattern's 16 variants on 19x19. Each keeps a code
// of its content, two bits a cell (cell k = dy*w + dx at bits 2k, 2k+1:
// 1 black, 2 white), changed by an exclusive or when one of its points
// changes. A game's replay decodes its move list once; a move on a point
// of no candidate window (half of them) costs a look at a bit; otherwise
// the codes of the candidate windows that hold the point are updated and,
// after the node, only those windows are tested, only against the
// variants that allow the changed point's new colour at its cell. It
// gives the hits lineHits gives (the same nodes, in the same order): a
// window's variants that match after a node and did not before it.

// windowReplay turns the window replay on (tests compare it with lineHits).
var windowReplay = true

// windowGroup is the variants of one size (a pattern has at most two: w x
// h and, turned, h x w).
type windowGroup struct {
	w, h int
	// chunks[j][c]: the variants of the group (bits by index in
	// matcher.variants) whose cells 5j to 5j+4 match the window's code c
	// for those cells (bits 10j to 10j+9 of the code): tables of 2 KB,
	// in the first level cache
	chunks [][]uint16
	// stones[c-1][k]: the variants whose cell k is a stone of colour c
	stones [2][]uint16
}

// windowPlan is what the window replay of a query needs.
type windowPlan struct {
	groups []windowGroup
	group  []int // per variant, its group
}

// maxWindowCells is the largest variant the window replay takes: two bits
// a cell in a word.
const maxWindowCells = 32

// chunkCells is the number of cells of a lookup table.
const chunkCells = 5

// newWindowPlan returns the plan of the variants, or nil when they do not
// fit it (a variant of more than 32 cells, more than 16 variants).
func newWindowPlan(vs []*variant) *windowPlan {
	if len(vs) > 16 {
		return nil
	}
	wp := &windowPlan{}
	for _, v := range vs {
		if v.w*v.h > maxWindowCells {
			return nil
		}
		g := -1
		for i, gr := range wp.groups {
			if gr.w == v.w && gr.h == v.h {
				g = i
			}
		}
		if g < 0 {
			g = len(wp.groups)
			n := v.w * v.h
			gr := windowGroup{w: v.w, h: v.h, stones: [2][]uint16{make([]uint16, n), make([]uint16, n)}}
			for j := 0; j < n; j += chunkCells {
				gr.chunks = append(gr.chunks, make([]uint16, 1<<(2*min(chunkCells, n-j))))
			}
			wp.groups = append(wp.groups, gr)
		}
		wp.group = append(wp.group, g)
	}
	for vi, v := range vs {
		gr := &wp.groups[wp.group[vi]]
		for j, t := range gr.chunks {
			cells := v.cells[chunkCells*j : min(len(v.cells), chunkCells*(j+1))]
			fillChunk(t, cells, 0, 0, 1<<vi)
		}
		for k, c := range v.cells {
			switch c {
			case 'X':
				gr.stones[0][k] |= 1 << vi
			case 'O':
				gr.stones[1][k] |= 1 << vi
			}
		}
	}
	return wp
}

// fillChunk sets bit in t at every code of the cells (from cell k on, the
// code so far c) that matches them.
func fillChunk(t []uint16, cells []byte, k int, c int, bit uint16) {
	if k == len(cells) {
		t[c] |= bit
		return
	}
	for col := range int8(3) {
		if matchCell(cells[k], col) {
			fillChunk(t, cells, k+1, c|int(col)<<(2*k), bit)
		}
	}
}

// windowState is a window of a game: its code, the node that last
// touched it (+1), the game's candidate variants there (0: none, the code
// is not kept).
type windowState struct {
	code    uint64
	touched int32
	mask    uint16
}

// windowScratch is the window replay's memory, kept from game to game.
type windowScratch struct {
	win    [2][]windowState   // per group, per window
	wins   []candidate        // the game's candidate windows (v: the group)
	cover  [MaxSize]uint64    // the points of the candidate windows: a bit per column, a word per row
	wrows  [2][MaxSize]uint64 // per group, the candidate windows (by upper left point): a bit per column, a word per row
	dirty  [2][]int32         // per group: the windows touched by the node
	before [2][]uint64        // per group: their codes before the node
	found  []candidate        // the node's new hits
	cands  []candidate        // the game's hits' candidates
}

// plan keeps the game's candidate windows (the placements its bitsets
// allow, g.cands): their variants, the points they cover, their codes
// and touches reset. Only these windows can match: a variant placed
// elsewhere has a stone on a point that never had its colour. windowHits
// clears them at its end (unplan).
func (ws *windowScratch) plan(wp *windowPlan, cands []candidate, cols, rows int) {
	for gi := range wp.groups {
		if len(ws.win[gi]) < cols*rows {
			ws.win[gi] = make([]windowState, cols*rows)
		}
	}
	ws.wins = ws.wins[:0]
	for _, c := range cands {
		g := wp.group[c.v]
		w := &ws.win[g][c.y*cols+c.x]
		if w.mask == 0 {
			ws.wins = append(ws.wins, candidate{g, c.x, c.y})
			w.code, w.touched = 0, 0
			ws.wrows[g][c.y] |= 1 << c.x
			gr := &wp.groups[g]
			row := (uint64(1)<<gr.w - 1) << c.x
			for y := c.y; y < c.y+gr.h; y++ {
				ws.cover[y] |= row
			}
		}
		w.mask |= 1 << c.v
	}
}

// unplan clears what plan set.
func (ws *windowScratch) unplan(rows int) {
	for _, w := range ws.wins {
		ws.win[w.v][w.y*(len(ws.win[w.v])/rows)+w.x].mask = 0
	}
	clear(ws.cover[:rows])
	clear(ws.wrows[0][:rows])
	clear(ws.wrows[1][:rows])
}

// windowsAt returns the candidate windows of group gr (rows: its wrows)
// that hold point x, y in row wy = y - dy: bit j for the window whose
// upper left point is (lo+j, wy).
func windowsAt(rows *[MaxSize]uint64, gr *windowGroup, x, wy int) (ws uint64, lo int) {
	lo = x - gr.w + 1
	if lo >= 0 {
		return rows[wy] >> lo & (1<<gr.w - 1), lo
	}
	return rows[wy] & (1<<(x+1) - 1) << -lo, lo
}

// lookup returns the variants of mask that match a window's code.
func lookup(chunks [][]uint16, c uint64, mask uint16) uint16 {
	for _, t := range chunks {
		if mask == 0 {
			break
		}
		mask &= t[c&(1<<(2*chunkCells)-1)]
		c >>= 2 * chunkCells
	}
	return mask
}

// windowHits is lineHits by windows: it fills sc.nodeHits and sc.moves and
// returns the candidates sc.nodeHits name.
//
// Only the game's candidate windows are kept (plan): a move outside them
// costs a look at its point. A node that only puts a stone on an empty
// point (most nodes) changes one cell of each window that holds the
// point: a variant can start to match there only if that cell is one of
// its stones of the colour (the other cells matched or not before as
// after), so only those variants are looked up. Another node (captures,
// setup) compares each window it touched before and after. sc.moves
// keeps the moves inside candidate windows only: hitsOf looks for the
// moves inside a hit's window.
func (m *matcher) windowHits(g *gameRow, sc *scratch) []candidate {
	wp := m.win
	ws := &sc.win
	cols, rows := g.cols, g.rows
	ws.plan(wp, g.cands, cols, rows)
	for gi := range wp.groups {
		ws.win[gi] = ws.win[gi][:cols*rows]
		ws.dirty[gi], ws.before[gi] = ws.dirty[gi][:0], ws.before[gi][:0]
	}
	defer ws.unplan(rows)
	ws.cands = ws.cands[:0]
	b := sc.emptyBoard(cols, rows)
	cells := b.cells
	sc.moves, sc.nodeHits = sc.moves[:0], sc.nodeHits[:0]
	var node int32
	limit := m.q.MoveLimit
	// change records point i going from old to nw in every candidate
	// window of every group that holds it, and the windows' codes before
	// the node.
	change := func(i int, old, nw int8) {
		x, y := i%cols, i/cols
		if ws.cover[y]>>x&1 == 0 {
			return
		}
		flip := uint64(old ^ nw)
		for gi := range wp.groups {
			gr, win := &wp.groups[gi], ws.win[gi]
			for dy := 0; dy < gr.h && dy <= y; dy++ {
				wbits, lo := windowsAt(&ws.wrows[gi], gr, x, y-dy)
				for ; wbits != 0; wbits &= wbits - 1 {
					wx := lo + bits.TrailingZeros64(wbits)
					p := int32((y-dy)*cols + wx)
					w := &win[p]
					if w.touched != node+1 {
						w.touched = node + 1
						ws.dirty[gi] = append(ws.dirty[gi], p)
						ws.before[gi] = append(ws.before[gi], w.code)
					}
					w.code ^= flip << (2 * (dy*gr.w + x - wx))
				}
			}
		}
	}
	// covered reports whether a move's point is in a candidate window.
	covered := func(s *step) bool {
		return !s.pass && b.in(s.x, s.y) && ws.cover[s.y]>>s.x&1 != 0
	}
	// put adds the stone of colour c at point i (x, y), empty before, to
	// the windows that hold it and appends to found the variants that
	// start to match there.
	put := func(i, x, y int, c int8, found []candidate) []candidate {
		add, col := uint64(c), c-1
		for gi := range wp.groups {
			gr, win := &wp.groups[gi], ws.win[gi]
			stones := gr.stones[col]
			for dy := 0; dy < gr.h && dy <= y; dy++ {
				wbits, lo := windowsAt(&ws.wrows[gi], gr, x, y-dy)
				for ; wbits != 0; wbits &= wbits - 1 {
					wx := lo + bits.TrailingZeros64(wbits)
					k := dy*gr.w + x - wx
					w := &win[(y-dy)*cols+wx]
					code := w.code ^ add<<(2*k)
					w.code = code
					if vs := stones[k] & w.mask; vs != 0 {
						for nw := lookup(gr.chunks, code, vs); nw != 0; nw &= nw - 1 {
							found = append(found, candidate{bits.TrailingZeros16(nw), wx, y - dy})
						}
					}
				}
			}
		}
		return found
	}
	r := newMoveReader(g.moveList)
	for {
		found := ws.found[:0]
		// A move in two bytes (mlCompact) on an empty point before the
		// move limit: read here, without the step.
		if ml := r.b; len(ml) >= 2 && ml[0]&mlCompact != 0 && (limit == 0 || b.moves < limit) {
			x, y := int(ml[0]&63), int(ml[1])
			if i := y*cols + x; x < cols && y < rows && cells[i] == 0 {
				c := 1 + int8(ml[0]>>6&1)
				r.b = ml[2:]
				r.parent = r.node
				r.node++
				cells[i] = c
				b.moves++
				if ws.cover[y]>>x&1 == 0 {
					continue // in no candidate window
				}
				node = int32(r.node)
				sc.moves = append(sc.moves, played{r.node, c, x, y})
				if found = put(i, x, y, c, found); len(found) > 0 {
					ws.found = sc.nodeFound(found, r.node, b.moves)
				}
				continue
			}
		}
		if !r.next() {
			break
		}
		if r.s.back > 0 {
			break // cannot happen: an index without variations has no such list
		}
		node = int32(r.node)
		s := &r.s
		if limit > 0 && b.moves >= limit && (s.color != 0 || b.moves > limit) {
			// No hit after the limit: the moves only, for the
			// continuations of the hits, if any.
			if len(sc.nodeHits) == 0 {
				break
			}
			if s.color != 0 {
				b.moves++
				if covered(s) {
					sc.moves = append(sc.moves, played{r.node, s.color, s.x, s.y})
				}
			}
			continue
		}
		if i := s.y*cols + s.x; s.color != 0 && !s.pass && len(s.setup) == 0 && len(s.removed) == 0 && b.in(s.x, s.y) && cells[i] == 0 {
			// A stone on an empty point.
			cells[i] = s.color
			b.moves++
			if ws.cover[s.y]>>s.x&1 == 0 {
				continue // in no candidate window
			}
			sc.moves = append(sc.moves, played{r.node, s.color, s.x, s.y})
			found = put(i, s.x, s.y, s.color, found)
		} else {
			b.apply(s, change)
			for gi := range wp.groups {
				chunks, win := wp.groups[gi].chunks, ws.win[gi]
				for j, p := range ws.dirty[gi] {
					now := lookup(chunks, win[p].code, win[p].mask)
					for nw := now &^ lookup(chunks, ws.before[gi][j], now); nw != 0; nw &= nw - 1 {
						found = append(found, candidate{bits.TrailingZeros16(nw), int(p) % cols, int(p) / cols})
					}
				}
				ws.dirty[gi], ws.before[gi] = ws.dirty[gi][:0], ws.before[gi][:0]
			}
			if s.color != 0 && covered(s) {
				sc.moves = append(sc.moves, played{r.node, s.color, s.x, s.y})
			}
		}
		if len(found) > 0 {
			ws.found = sc.nodeFound(found, r.node, b.moves)
		}
	}
	return ws.cands
}

// nodeFound records the new hits of a node (found), in the order of the
// candidates: by variant, then row, then column (insertion sort: a node
// has few). It returns found.
func (sc *scratch) nodeFound(found []candidate, node, moves int) []candidate {
	ws := &sc.win
	for a := 1; a < len(found); a++ {
		e := found[a]
		z := a
		for z > 0 && candLess(e, found[z-1]) {
			found[z] = found[z-1]
			z--
		}
		found[z] = e
	}
	for _, c := range found {
		sc.nodeHits = append(sc.nodeHits, nodeHit{node, len(ws.cands), moves, ""})
		ws.cands = append(ws.cands, c)
	}
	return found
}

func candLess(a, b candidate) bool {
	if a.v != b.v {
		return a.v < b.v
	}
	if a.y != b.y {
		return a.y < b.y
	}
	return a.x < b.x
}
