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
// changes. The candidate windows that hold a point are found from the
// point (windowSide.cells). A game's replay decodes its move list once; a
// move on a point of no candidate window (half of them) costs a look at a
// bit; otherwise
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
	// in the first level cache (the last one's codes past its cells
	// unused)
	chunks []*chunkTable
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

// chunkTable is a lookup table of windowGroup.chunks.
type chunkTable [1 << (2 * chunkCells)]uint16

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
				gr.chunks = append(gr.chunks, new(chunkTable))
			}
			wp.groups = append(wp.groups, gr)
		}
		wp.group = append(wp.group, g)
	}
	for vi, v := range vs {
		gr := &wp.groups[wp.group[vi]]
		for j, t := range gr.chunks {
			cells := v.cells[chunkCells*j : min(len(v.cells), chunkCells*(j+1))]
			fillChunk(t[:], cells, 0, 0, 1<<vi)
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

// windowScratch is the window replay's memory, kept from game to game.
// A candidate window is named by its group and upper left point; its
// state is kept per group and point, so that the windows that hold a
// point are found from the point alone (windowSide.cells).
type windowScratch struct {
	side   [2]windowSide
	groups int             // the plan's groups
	cols   int             // the board width of the sides' off
	pos    []int32         // the candidate windows: group<<24 | upper left point
	cover  [MaxSize]uint64 // the points of the candidate windows: a bit per column, a word per row
	node   int32           // the node replayed (change)
	dirty  []int32         // the windows touched by the node (as pos)
	before []uint64        // their codes before the node
	found  []candidate     // the node's new hits
	cands  []candidate     // the game's hits' candidates
}

// windowSide is the game's windows of a group.
type windowSide struct {
	win []windowState // per upper left point: the window there
	// per point i: bit k set when the candidate window whose cell k is
	// point i (the window at i - off[k]) is one of the game's
	cells []uint32
	off   [maxWindowCells]int // per cell k = dy*w + dx: dy*cols + dx
	// add[c-1][k]: colour c in cell k of a code
	add    [2][maxWindowCells]uint64
	stones [2][maxWindowCells]uint16 // the plan's stones of the group
	w, h   int                       // the group's size
	chunks []*chunkTable             // the plan's tables of the group
}

// windowState is a window of a game: its code, the node that last
// touched it (+1), the game's candidate variants there (0: not a
// candidate window).
type windowState struct {
	code    uint64
	touched int32
	mask    uint16
}

// plan makes the game's candidate windows (the placements its bitsets
// allow: res, of placementWords) with their variants and the points they
// cover. Only these windows can match: a variant placed elsewhere has a
// stone on a point that never had its colour. windowHits clears at its
// end what a game leaves (unplan).
func (ws *windowScratch) plan(wp *windowPlan, pk *packedRows, res []uint64, cols, rows int) {
	npoints := cols * rows
	if ws.groups != len(wp.groups) || ws.side[0].chunks == nil || &ws.side[0].chunks[0] != &wp.groups[0].chunks[0] {
		// another plan (a scratch serves one matcher at a time)
		ws.groups, ws.cols = len(wp.groups), 0
		for gi := range wp.groups {
			sd := &ws.side[gi]
			sd.chunks = wp.groups[gi].chunks
			sd.w, sd.h = wp.groups[gi].w, wp.groups[gi].h
			for c := range 2 {
				sd.stones[c] = wp.stones[c][gi]
				for k := range maxWindowCells {
					sd.add[c][k] = uint64(c+1) << (2 * k)
				}
			}
		}
	}
	if ws.cols != cols {
		ws.cols = cols
		for gi, gr := range wp.groups {
			for k := range gr.w * gr.h {
				ws.side[gi].off[k] = k/gr.w*cols + k%gr.w
			}
		}
	}
	for gi := range ws.groups {
		if sd := &ws.side[gi]; len(sd.win) < npoints {
			sd.win = make([]windowState, npoints)
			sd.cells = make([]uint32, npoints)
		}
	}
	// The candidate windows and their variants, then the points they
	// cover (apart: fewer values live in each loop).
	pos := ws.pos[:0]
	for ci := range pk.classes {
		cl := &pk.classes[ci]
		g := wp.group[pk.firstOf[ci]]
		win := ws.side[g&1].win[:npoints]
		for j, rp := range cl.rows {
			base := rp.y * cols
			for xs := res[cl.at+j]; xs != 0; xs &= xs - 1 {
				p := base + int(pk.point[bits.TrailingZeros64(xs)])
				w := &win[p]
				if w.mask == 0 {
					w.code, w.touched = 0, 0
					pos = append(pos, int32(g<<24|p))
				}
				w.mask |= cl.mask
			}
		}
	}
	ws.pos = pos
	for _, wp := range pos {
		ws.side[wp>>24&1].cover(int(wp&(1<<24-1)), cols, &ws.cover)
	}
}

// cover marks the points of the window of upper left point p: in cells,
// and in cover (a bit per column, a word per row).
func (sd *windowSide) cover(p, cols int, cover *[MaxSize]uint64) {
	cells := sd.cells
	bit := uint32(1)
	for _, o := range sd.off[:sd.w*sd.h] {
		cells[p+o] |= bit
		bit <<= 1
	}
	x, y := p%cols, p/cols
	row := uint64(1)<<sd.w - 1
	for wy := y; wy < y+sd.h; wy++ {
		cover[wy] |= row << x
	}
}

// unplan clears what plan leaves.
func (ws *windowScratch) unplan(rows int) {
	for _, wp := range ws.pos {
		ws.side[wp>>24&1].win[wp&(1<<24-1)].mask = 0
	}
	for g := range ws.groups {
		clear(ws.side[g].cells[:rows*ws.cols])
	}
	clear(ws.cover[:rows])
}

// lookup returns the variants of mask that match a window's code.
func lookup(chunks []*chunkTable, c uint64, mask uint16) uint16 {
	for _, t := range chunks {
		if mask == 0 {
			break
		}
		mask &= t[c&(1<<(2*chunkCells)-1)]
		c >>= 2 * chunkCells
	}
	return mask
}

// put adds a stone of colour c at point i, empty before, to the candidate
// windows that hold it and appends to ws.found the variants that start to
// match there (it reports whether there are any): only those whose cell
// there is a stone of the colour (the other cells matched or not before
// as after).
func (ws *windowScratch) put(i int, c int8) bool {
	if ws.groups == 1 {
		return ws.side[0].put(ws, i, c)
	}
	found := ws.side[0].put(ws, i, c)
	return ws.side[1].put(ws, i, c) || found
}

// put is windowScratch.put for the windows of a group.
func (sd *windowSide) put(ws *windowScratch, i int, c int8) bool {
	ci := int(c-1) & 1
	found := false
	{
		win, off, add, stones, chunks := sd.win, &sd.off, &sd.add[ci], &sd.stones[ci], sd.chunks
		for ks := sd.cells[i]; ks != 0; ks &= ks - 1 {
			k := bits.TrailingZeros32(ks) & (maxWindowCells - 1)
			p := i - off[k]
			w := &win[p]
			code := w.code ^ add[k]
			w.code = code
			vs := stones[k] & w.mask
			if vs == 0 {
				continue
			}
			if len(chunks) == 2 { // up to 10 cells: 3x3, 2x4, ...
				vs &= chunks[0][code&(1<<(2*chunkCells)-1)] & chunks[1][code>>(2*chunkCells)&(1<<(2*chunkCells)-1)]
			} else {
				vs = lookup(chunks, code, vs)
			}
			if vs != 0 {
				ws.newHits(vs, p)
				found = true
			}
		}
	}
	return found
}

// newHits appends the variants vs at the window of upper left point p to
// ws.found.
func (ws *windowScratch) newHits(vs uint16, p int) {
	for ; vs != 0; vs &= vs - 1 {
		ws.found = append(ws.found, candidate{bits.TrailingZeros16(vs), p % ws.cols, p / ws.cols})
	}
}

// change records point i going from old to nw in every candidate window
// that holds it, and the windows' codes before the node (dirty, before).
func (ws *windowScratch) change(i int, old, nw int8) {
	flip := uint64(old ^ nw)
	for g := range ws.groups {
		sd := &ws.side[g&1]
		for ks := sd.cells[i]; ks != 0; ks &= ks - 1 {
			k := bits.TrailingZeros32(ks) & (maxWindowCells - 1)
			p := i - sd.off[k]
			w := &sd.win[p]
			if w.touched != ws.node+1 {
				w.touched = ws.node + 1
				ws.dirty = append(ws.dirty, int32(g<<24|p))
				ws.before = append(ws.before, w.code)
			}
			w.code ^= flip << (2 * k)
		}
	}
}

// windowHits is lineHits by windows: it fills sc.nodeHits and sc.moves and
// returns the candidates sc.nodeHits name.
//
// Only the game's candidate windows are kept (plan): a move outside them
// costs a look at its point. A node that only puts a stone on an empty
// point (most nodes) changes one cell of each window that holds the
// point: a variant can start to match there only if that cell is one of
// its stones of the colour (put). Another node (captures, setup) compares
// each window it touched before and after. sc.moves keeps the moves
// inside candidate windows only: hitsOf looks for the moves inside a
// hit's window. The board's cells outside the candidate windows are not
// kept (no window reads them).
func (m *matcher) windowHits(g *gameRow, sc *scratch, pk *packedRows, res []uint64) []candidate {
	wp := m.win
	ws := &sc.win
	cols, rows := g.cols, g.rows
	ws.plan(wp, pk, res, cols, rows)
	defer ws.unplan(rows)
	ws.dirty, ws.before = ws.dirty[:0], ws.before[:0]
	ws.cands, ws.found = ws.cands[:0], ws.found[:0]
	b := sc.emptyBoard(cols, rows)
	cells := b.cells
	cover := &ws.cover
	sc.moves, sc.nodeHits = sc.moves[:0], sc.nodeHits[:0]
	limit := m.q.MoveLimit
	countOnly := sc.countOnly
	// covered reports whether a move's point is in a candidate window.
	covered := func(s *step) bool {
		return !s.pass && b.in(s.x, s.y) && ws.cover[s.y]>>s.x&1 != 0
	}
	r := &sc.reader // its slices kept from game to game
	r.reset(g.moveList)
	stop := math.MaxInt // the moves played before the limit
	if limit > 0 {
		stop = limit
	}
	for {
		// Moves in two bytes (mlCompact) before the move limit: read
		// here, without the step, the reader's and board's counts kept in
		// registers. A move outside the candidate windows (or off the
		// board) is only counted; one on an empty point of a window is
		// put there.
		if ml := r.b; len(ml) >= 2 && ml[0]&mlCompact != 0 && b.moves < stop {
			// at < end: a record of two bytes at at, before the limit
			// (record j is the move moves0+j)
			moves0, at, end := b.moves, 0, len(ml)-1
			if rem := stop - moves0; rem <= end/2 {
				end = 2 * rem
			}
			for at < end {
				// the moves in no candidate window (cover has no bit
				// off the board), only counted
				h, y := ml[at], int(ml[at+1])
				if h&mlCompact == 0 {
					break
				}
				if y >= len(cover) || cover[y]>>(h&63)&1 == 0 {
					at += 2
					continue
				}
				x := int(h & 63)
				i := y*cols + x
				if cells[i] != 0 {
					break
				}
				c := 1 + int8(h>>6&1)
				cells[i] = c
				at += 2
				if !countOnly {
					sc.moves = append(sc.moves, played{r.node + at/2, c, x, y})
				}
				if ws.put(i, c) {
					sc.nodeFound(ws.found, r.node+at/2, moves0+at/2)
					ws.found = ws.found[:0]
				}
			}
			if at > 0 {
				n := at / 2
				r.b, r.parent, r.node, b.moves = ml[at:], r.node+n-1, r.node+n, moves0+n
			}
		}
		if !r.next() {
			break
		}
		if r.s.back > 0 {
			break // cannot happen: an index without variations has no such list
		}
		ws.node = int32(r.node)
		s := &r.s
		if limit > 0 && b.moves >= limit && (s.color != 0 || b.moves > limit) {
			// No hit after the limit: the moves only, for the
			// continuations of the hits, if any.
			if len(sc.nodeHits) == 0 || countOnly {
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
			ws.put(i, s.color) // ws.found, if any: below
		} else {
			b.apply(s, ws.change)
			for j, d := range ws.dirty {
				gi, p := d>>24, int(d&(1<<24-1))
				chunks := wp.groups[gi].chunks
				w := &ws.side[gi&1].win[p]
				now := lookup(chunks, w.code, w.mask)
				ws.newHits(now&^lookup(chunks, ws.before[j], now), p)
			}
			ws.dirty, ws.before = ws.dirty[:0], ws.before[:0]
			if s.color != 0 && covered(s) {
				sc.moves = append(sc.moves, played{r.node, s.color, s.x, s.y})
			}
		}
		if len(ws.found) > 0 {
			sc.nodeFound(ws.found, r.node, b.moves)
			ws.found = ws.found[:0]
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
