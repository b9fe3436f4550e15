package index

import (
	"math"
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
	// stones[c-1][g][k]: the variants of group g whose cell k is a stone
	// of colour c
	stones [2][2][maxWindowCells]uint16
	slots  int // the cells of the groups' windows: the most that hold a point
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
				wp.stones[0][wp.group[vi]][k] |= 1 << vi
			case 'O':
				gr.stones[1][k] |= 1 << vi
				wp.stones[1][wp.group[vi]][k] |= 1 << vi
			}
		}
	}
	for _, gr := range wp.groups {
		wp.slots += gr.w * gr.h
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

// windowState is a candidate window of a game: its code, the node that
// last touched it (+1), the game's candidate variants there.
type windowState struct {
	code    uint64
	touched int32
	mask    uint16
}

// windowEntry is a candidate window that holds a point.
type windowEntry struct {
	w uint16 // the window: index into windowScratch.win
	c uint8  // the point's cell in the window
	g uint8  // the window's group
}

// windowScratch is the window replay's memory, kept from game to game.
type windowScratch struct {
	at    [2][]int32      // per group, per upper left point: the candidate window there, +1 (0: none)
	win   []windowState   // the game's candidate windows
	pos   [][2]int32      // their groups and upper left points
	cover [MaxSize]uint64 // the points of the candidate windows: a bit per column, a word per row
	// the entries of point i: ents[i*slots : i*slots+n[i]] (slots: the
	// cells of the groups' windows, the most windows that hold a point)
	n      []uint8
	ents   []windowEntry
	dirty  []int32     // the windows touched by the node
	before []uint64    // their codes before the node
	found  []candidate // the node's new hits
	cands  []candidate // the game's hits' candidates
}

// plan makes the game's candidate windows (the placements its bitsets
// allow: res, of placementWords) with their variants, the points they
// cover and, per point, the entries of the windows that hold it. Only
// these windows can match: a variant placed elsewhere has a stone on a
// point that never had its colour. windowHits clears at its end what a
// game leaves (unplan).
func (ws *windowScratch) plan(wp *windowPlan, pk *packedRows, res []uint64, cols, rows int) {
	npoints := cols * rows
	for gi := range wp.groups {
		if len(ws.at[gi]) < npoints {
			ws.at[gi] = make([]int32, npoints)
		}
	}
	if len(ws.n) < npoints {
		ws.n = make([]uint8, npoints)
		ws.ents = make([]windowEntry, npoints*wp.slots)
	}
	win, pos, ents, n, slots := ws.win[:0], ws.pos[:0], ws.ents, ws.n, wp.slots
	for ci := range pk.classes {
		cl := &pk.classes[ci]
		g := wp.group[pk.firstOf[ci]]
		at := ws.at[g]
		row := uint64(1)<<cl.w - 1
		for j, rp := range cl.rows {
			for xs := res[cl.at+j]; xs != 0; xs &= xs - 1 {
				b := bits.TrailingZeros64(xs)
				x, y := int(pk.col[b]), rp.y+int(pk.row[b])
				p := y*cols + x
				k := at[p]
				if k == 0 {
					win = append(win, windowState{})
					pos = append(pos, [2]int32{int32(g), int32(p)})
					k = int32(len(win))
					at[p] = k
					e := windowEntry{uint16(k - 1), 0, uint8(g)}
					for wy := y; wy < y+cl.h; wy++ {
						ws.cover[wy] |= row << x
						for i := wy*cols + x; i < wy*cols+x+cl.w; i++ {
							ents[i*slots+int(n[i])] = e
							n[i]++
							e.c++
						}
					}
				}
				win[k-1].mask |= cl.mask
			}
		}
	}
	ws.win, ws.pos = win, pos
}

// unplan clears what plan leaves.
func (ws *windowScratch) unplan(rows int) {
	for _, wpos := range ws.pos {
		ws.at[wpos[0]][wpos[1]] = 0
	}
	clear(ws.cover[:rows])
	clear(ws.n)
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
func (m *matcher) windowHits(g *gameRow, sc *scratch, pk *packedRows, res []uint64) []candidate {
	wp := m.win
	ws := &sc.win
	cols, rows := g.cols, g.rows
	ws.plan(wp, pk, res, cols, rows)
	defer ws.unplan(rows)
	win, n, ents, pos, slots := ws.win, ws.n, ws.ents, ws.pos, wp.slots
	ws.dirty, ws.before = ws.dirty[:0], ws.before[:0]
	ws.cands = ws.cands[:0]
	b := sc.emptyBoard(cols, rows)
	cells := b.cells
	sc.moves, sc.nodeHits = sc.moves[:0], sc.nodeHits[:0]
	var node int32
	limit := m.q.MoveLimit
	// change records point i going from old to nw in every candidate
	// window that holds it, and the windows' codes before the node.
	change := func(i int, old, nw int8) {
		flip := uint64(old ^ nw)
		for _, e := range ents[i*slots : i*slots+int(n[i])] {
			w := &win[e.w]
			if w.touched != node+1 {
				w.touched = node + 1
				ws.dirty = append(ws.dirty, int32(e.w))
				ws.before = append(ws.before, w.code)
			}
			w.code ^= flip << (2 * e.c)
		}
	}
	// covered reports whether a move's point is in a candidate window.
	covered := func(s *step) bool {
		return !s.pass && b.in(s.x, s.y) && ws.cover[s.y]>>s.x&1 != 0
	}
	// put adds the stone of colour c at point i, empty before, to the
	// windows that hold it and appends to found the variants that start
	// to match there.
	put := func(i int, c int8, found []candidate) []candidate {
		add, stones := uint64(c), &wp.stones[c-1]
		for _, e := range ents[i*slots : i*slots+int(n[i])] {
			w := &win[e.w]
			code := w.code ^ add<<(2*e.c)
			w.code = code
			if vs := stones[e.g][e.c&(maxWindowCells-1)] & w.mask; vs != 0 {
				for nw := lookup(wp.groups[e.g].chunks, code, vs); nw != 0; nw &= nw - 1 {
					p := int(pos[e.w][1])
					found = append(found, candidate{bits.TrailingZeros16(nw), p % cols, p / cols})
				}
			}
		}
		return found
	}
	r := &sc.reader // its slices kept from game to game
	r.reset(g.moveList)
	stop := math.MaxInt // the moves played before the limit
	if limit > 0 {
		stop = limit
	}
	for {
		// Moves in two bytes (mlCompact) on empty points before the move
		// limit: read here, without the step, the reader's and board's
		// counts kept in registers.
		if ml := r.b; len(ml) >= 2 && ml[0]&mlCompact != 0 && b.moves < stop {
			nd, moves := r.node, b.moves
			for len(ml) >= 2 && ml[0]&mlCompact != 0 && moves < stop {
				h := ml[0]
				x, y := int(h&63), int(ml[1])
				i := y*cols + x
				if x >= cols || y >= rows || cells[i] != 0 {
					break
				}
				c := 1 + int8(h>>6&1)
				ml = ml[2:]
				nd++
				moves++
				cells[i] = c
				if ws.cover[y]>>x&1 == 0 {
					continue // in no candidate window
				}
				if !sc.countOnly {
					sc.moves = append(sc.moves, played{nd, c, x, y})
				}
				if found := put(i, c, ws.found[:0]); len(found) > 0 {
					ws.found = sc.nodeFound(found, nd, moves)
				}
			}
			if nd != r.node {
				r.b, r.parent, r.node, b.moves = ml, nd-1, nd, moves
			}
		}
		found := ws.found[:0]
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
			if len(sc.nodeHits) == 0 || sc.countOnly {
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
			found = put(i, s.color, found)
		} else {
			b.apply(s, change)
			for j, k := range ws.dirty {
				chunks := wp.groups[pos[k][0]].chunks
				now := lookup(chunks, win[k].code, win[k].mask)
				for nw := now &^ lookup(chunks, ws.before[j], now); nw != 0; nw &= nw - 1 {
					p := int(pos[k][1])
					found = append(found, candidate{bits.TrailingZeros16(nw), p % cols, p / cols})
				}
			}
			ws.dirty, ws.before = ws.dirty[:0], ws.before[:0]
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
