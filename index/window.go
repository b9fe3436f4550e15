package index

import (
	"math"
	"math/bits"
	"slices"
	"strings"
)

// The window replay: the fast path of a pattern search over main lines.
//
// Every placement of a variant is a window of the board, named by its
// upper left point. A game keeps only its candidate windows: those where
// its bitsets allow a variant (matcher.candidates: each stone of the
// variant on a point that had the stone's colour at some time), about 20
// of the 4,600 of a 3x3 pattern's 16 variants on 19x19, and, for most
// patterns, its lifetimes too (life.go: the stones and the empty points
// of the variant can stand together at some node); a game left with none
// is not replayed. Each keeps a code
// of its content, two bits a cell (cell k = dy*w + dx at bits 2k, 2k+1:
// 1 black, 2 white), changed by an exclusive or when one of its points
// changes. The candidate windows that hold a point are found from the
// point (windowSide.cells). A game's replay decodes its move list once:
// runs of moves of two bytes in a loop of their own (playCompact), where
// a move on a point of no candidate window (half of them) costs a look at
// a bit; moves with captures and nothing else read straight from their
// bytes too (playCapture); the other records (the root, setup, passes,
// the move limit) through moveReader and board.apply. A stone put on an
// empty point updates the codes of the candidate windows that hold the
// point and tests only those where a variant has a stone of that colour
// at that cell (put; put2 for windows of 6 to 10 cells, its two table
// lookups inline and no call in its loop); captures and setup compare
// the windows they touched before and after the node (change, settle).
// It gives the hits lineHits gives (the same nodes, in the same order): a
// window's variants that match after a node and did not before it.
//
// A window of more than 32 cells (a wide group: 6x6, 7x7, a whole board)
// keeps no code: a stone put on an empty point looks only at the candidate
// windows where that point is a stone of that colour of one of their
// variants (a bit per point and such cell: windowSide.trig) and compares
// those variants with the board, stones first (matchBoard: the board is
// kept on the windows' points); captures and setup compare with the board
// after the node the variants of the windows that hold a changed point
// whose cell there did not match its colour before the node (changeWide,
// settle).

// windowReplay turns the window replay on (tests compare it with lineHits).
var windowReplay = true

// windowLife turns the lifetimes' test of the candidate windows on (tests
// compare the searches with and without it).
var windowLife = true

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
	// pair: chunks' two tables, when the group's windows have 6 to 10
	// cells (3x3, 2x4, ...), side by side (windowSide.put2)
	pair *[2]chunkTable
	// stones[c-1][k]: the variants whose cell k is a stone of colour c
	stones [2][]uint16
	// A wide group (more than maxWindowCells cells) has no tables:
	// stoneCells[c-1] are the cells that are a stone of colour c in some
	// variant of the group, and vstones[vi][c-1] the indexes in it of
	// variant vi's (its index in matcher.variants)
	wide       bool
	stoneCells [2][]int
	vstones    [16][2][]int
	// reject[c][k]: the variants whose cell k does not match colour c
	reject [3][]uint16
}

// windowPlan is what the window replay of a query needs.
type windowPlan struct {
	groups []windowGroup
	group  []int // per variant, its group
	// stones[c-1][g][k]: the variants of group g whose cell k is a stone
	// of colour c
	stones [2][2][maxWindowCells]uint16
	// checks: per variant, its cells to compare (variant.checks, in the
	// order of nearFirst), for the wide groups and the lifetimes' test
	checks [][]check
}

// maxWindowCells is the largest variant of a code of one word (two bits
// a cell) matched by tables; larger ones are wide groups.
const maxWindowCells = 32

// chunkCells is the number of cells of a lookup table.
const chunkCells = 5

// chunkTable is a lookup table of windowGroup.chunks.
type chunkTable [1 << (2 * chunkCells)]uint16

// newWindowPlan returns the plan of the variants, or nil when they do not
// fit it (more than 16 variants).
func newWindowPlan(vs []*variant) *windowPlan {
	if len(vs) > 16 {
		return nil
	}
	wp := &windowPlan{}
	for _, v := range vs {
		g := -1
		for i, gr := range wp.groups {
			if gr.w == v.w && gr.h == v.h {
				g = i
			}
		}
		if g < 0 {
			g = len(wp.groups)
			n := v.w * v.h
			gr := windowGroup{w: v.w, h: v.h, stones: [2][]uint16{make([]uint16, n), make([]uint16, n)}, wide: n > maxWindowCells}
			if gr.wide {
				gr.reject = [3][]uint16{make([]uint16, n), make([]uint16, n), make([]uint16, n)}
			} else {
				tables := make([]chunkTable, (n+chunkCells-1)/chunkCells)
				for j := range tables {
					gr.chunks = append(gr.chunks, &tables[j])
				}
				if len(tables) == 2 {
					gr.pair = (*[2]chunkTable)(tables)
				}
			}
			wp.groups = append(wp.groups, gr)
		}
		wp.group = append(wp.group, g)
	}
	for vi, v := range vs {
		gr := &wp.groups[wp.group[vi]]
		wp.checks = append(wp.checks, nearFirst(v))
		for j, t := range gr.chunks {
			cells := v.cells[chunkCells*j : min(len(v.cells), chunkCells*(j+1))]
			fillChunk(t[:], cells, 0, 0, 1<<vi)
		}
		for k, c := range v.cells {
			for col := range int8(3) {
				if gr.wide && !matchCell(c, col) {
					gr.reject[col][k] |= 1 << vi
				}
			}
			if ci := strings.IndexByte("XO", c); ci >= 0 && gr.wide {
				j := slices.Index(gr.stoneCells[ci], k)
				if j < 0 {
					j = len(gr.stoneCells[ci])
					gr.stoneCells[ci] = append(gr.stoneCells[ci], k)
				}
				gr.vstones[vi][ci] = append(gr.vstones[vi][ci], j)
			}
			switch c {
			case 'X':
				gr.stones[0][k] |= 1 << vi
			case 'O':
				gr.stones[1][k] |= 1 << vi
			}
			if k < maxWindowCells {
				wp.stones[0][wp.group[vi]][k] = gr.stones[0][k]
				wp.stones[1][wp.group[vi]][k] = gr.stones[1][k]
			}
		}
	}
	return wp
}

// nearFirst returns the checks of a wide variant in the order matchBoard
// compares them: its stones, then the other cells nearest a stone first
// (a point next to a stone is more often taken: the comparison ends
// sooner).
func nearFirst(v *variant) []check {
	dist := func(ck check) int {
		d := math.MaxInt
		for _, at := range append(slices.Clone(v.blackAt), v.whiteAt...) {
			d = min(d, max(abs(ck.dx-at[0]), abs(ck.dy-at[1])))
		}
		return d
	}
	cks := slices.Clone(v.checks)
	slices.SortStableFunc(cks, func(a, b check) int { return dist(a) - dist(b) })
	return cks
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
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
	wp     *windowPlan // the plan of the sides
	groups int         // the plan's groups
	wide   bool        // its groups are wide (more than 32 cells)
	board  []int8      // the board's cells (windowHits)
	// wide groups: the node of changes (counted from scratch to
	// scratch), and per point the last such node that changed it and its
	// colour before that node
	epoch   uint64
	changed []uint64
	before  []int8
	cols    int             // the board width of the sides' off
	pos     []int32         // the candidate windows: group<<24 | upper left point
	cover   [MaxSize]uint64 // the points of the candidate windows: a bit per column, a word per row
	node    int32           // the node replayed (change)
	dirty   []dirtyWindow   // the windows touched by the node
	found   []candidate     // the node's new hits
	cands   []candidate     // the game's hits' candidates
	// the game's lifetimes (life.go), from a copy of lifeInit; ok:
	// they are read and the game's windows tested (plan)
	life     []pointLife
	lifeInit []pointLife // every point's emptyLife
	lread    moveReader
	ok       bool
	// the games replayed, and the candidate windows' variants before
	// and after the test of the games tested (lifeWorth)
	games, lifeIn, lifeOut int
}

// dirtyWindow is a window touched by a node (as windowScratch.pos) and its
// code before the node (of a wide group: unused).
type dirtyWindow struct {
	at     int32
	before uint64
}

// windowSide is the game's windows of a group.
type windowSide struct {
	win []windowState // per upper left point: the window there
	// per point i: bit k set when the candidate window whose cell k is
	// point i (the window at i - off[k]) is one of the game's
	cells []uint32
	off   [maxWindowCells]int // per cell k = dy*w + dx: dy*cols + dx
	// add[c-1][k]: colour c in cell k of a code (c = 3: a change of
	// colour; 4 entries: an index masked, not checked)
	add    [4][maxWindowCells]uint64
	stones [2][maxWindowCells]uint16 // the plan's stones of the group
	w, h   int                       // the group's size
	chunks []*chunkTable             // the plan's tables of the group
	pair   *[2]chunkTable            // and the group's pair, if any
	// put2's hits: upper left point << 16 | variants (a window holds a
	// point once: at most a hit a cell)
	found [maxWindowCells]uint64

	// life[vi]: variant vi's cells for the lifetimes' test (feasible),
	// stones last; lifeStones[vi] its stones
	life, lifeStones [16][]lifeCheck

	// A wide group's (cells, off, add, stones, chunks unused): per cell
	// k, woff (as off); trig: per point i and colour c (from
	// (2*i+c-1)*tw), tw words of a bit j for the candidate window (at i -
	// woff[k], k = stoneCells[c-1][j]) that has a variant with a stone of
	// colour c at its cell k; per variant, its checks with the offsets of
	// their points in the window (stones first, then the cells nearest
	// them: nearFirst) and its stones' words and bits of trig; per row, a
	// bit per column: the candidate windows' upper left points; the
	// plan's stones, reject and stoneCells of the group.
	wide       bool
	tw         int
	woff       []int
	trig       []uint64
	checks     [16][]boardCheck
	trigs      [16][]trigOp
	ul         [MaxSize]uint64
	wstones    [2][]uint16
	reject     *[3][]uint16
	stoneCells [2][]int
}

// boardCheck is a cell of a variant to compare with the board: the offset
// of its point in the window, the colours that match it (a bit each).
type boardCheck struct {
	off int32
	ok  uint8
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
	if ws.wp != wp {
		// another plan (a scratch serves one matcher at a time)
		ws.wp, ws.groups, ws.cols = wp, len(wp.groups), 0
		ws.wide = wp.groups[0].wide // both groups' windows have as many cells
		for gi := range wp.groups {
			sd, gr := &ws.side[gi], &wp.groups[gi]
			sd.chunks, sd.pair = gr.chunks, gr.pair
			sd.w, sd.h = gr.w, gr.h
			sd.wide, sd.wstones, sd.stoneCells, sd.reject = gr.wide, gr.stones, gr.stoneCells, &gr.reject
			sd.tw = (max(len(gr.stoneCells[0]), len(gr.stoneCells[1])) + 63) / 64
			for c := range 3 {
				if c < 2 {
					sd.stones[c] = wp.stones[c][gi]
				}
				for k := range maxWindowCells {
					sd.add[c][k] = uint64(c+1) << (2 * k)
				}
			}
		}
	}
	if ws.cols != cols {
		ws.cols = cols
		for gi, gr := range wp.groups {
			sd := &ws.side[gi]
			sd.woff = sd.woff[:0]
			for k := range gr.w * gr.h {
				if off := k/gr.w*cols + k%gr.w; gr.wide {
					sd.woff = append(sd.woff, off)
				} else {
					sd.off[k] = off
				}
			}
			for vi, g := range wp.group {
				if g != gi {
					continue
				}
				// the cells nearest the stones first, the stones
				// last (a stone seldom leaves its point)
				sd.life[vi], sd.lifeStones[vi] = sd.life[vi][:0], sd.lifeStones[vi][:0]
				for _, ck := range wp.checks[vi] {
					if lc, ok := newLifeCheck(ck, cols); !ok {
						continue
					} else if ck.ok == 2 || ck.ok == 4 { // a stone
						sd.lifeStones[vi] = append(sd.lifeStones[vi], lc)
					} else {
						sd.life[vi] = append(sd.life[vi], lc)
					}
				}
				sd.life[vi] = append(sd.life[vi], sd.lifeStones[vi]...)
				if gr.wide {
					sd.trigs[vi] = sd.trigs[vi][:0]
					for c, js := range gr.vstones[vi] {
						for _, j := range js {
							sd.trigs[vi] = append(sd.trigs[vi], trigOp{int32((2*sd.woff[gr.stoneCells[c][j]]+c)*sd.tw + j/64), 1 << (j % 64)})
						}
					}
					sd.checks[vi] = sd.checks[vi][:0]
					for _, ck := range wp.checks[vi] {
						sd.checks[vi] = append(sd.checks[vi], boardCheck{int32(ck.dy*cols + ck.dx), ck.ok})
					}
				}
			}
		}
	}
	for gi := range ws.groups {
		sd := &ws.side[gi]
		if len(sd.win) < npoints {
			sd.win = make([]windowState, npoints)
			sd.cells = make([]uint32, npoints)
		}
		if sd.wide && len(ws.changed) < npoints {
			ws.changed, ws.before = make([]uint64, npoints), make([]int8, npoints)
			ws.epoch++ // not 0, the stamp of no change
		}
		if sd.wide && len(sd.trig) < 2*npoints*sd.tw {
			sd.trig = make([]uint64, 2*npoints*sd.tw)
		}
	}
	// The candidate windows (the placements of the words that have
	// any), their variants and the points they cover.
	pos := ws.pos[:0]
	for i, xs := range res {
		if xs == 0 {
			continue
		}
		pw := &pk.words[i]
		g := wp.group[pk.firstOf[pw.class]] & 1
		vs := pk.classes[pw.class].mask
		sd := &ws.side[g]
		win := sd.win[:npoints]
		y0 := int(pw.y)
		base := y0 * cols
		for ; xs != 0; xs &= xs - 1 {
			b := bits.TrailingZeros64(xs) // the point base+b (packedRows.s = cols)
			p := base + b
			mask := vs
			if ws.ok {
				// only the variants that can match there at some node
				mask = sd.feasible(ws.life, p, vs)
				ws.lifeIn += bits.OnesCount16(vs)
				if mask == 0 {
					continue
				}
				ws.lifeOut += bits.OnesCount16(mask)
			}
			w := &win[p]
			if w.mask == 0 {
				w.code, w.touched = 0, 0
				pos = append(pos, int32(g<<24|p))
				if sd.wide {
					x, y := int(pk.col[b]), y0+int(pk.row[b])
					sd.ul[y] |= 1 << x
					row := (uint64(1)<<sd.w - 1) << x
					for dy := range sd.h {
						ws.cover[y+dy] |= row
					}
				} else {
					sd.cover(p, int(pk.col[b]), y0+int(pk.row[b]), cols, &ws.cover)
				}
			}
			if sd.wide {
				sd.trigger(p, mask&^w.mask)
			}
			w.mask |= mask
		}
	}
	ws.pos = pos
}

// cover marks the points of the window of upper left point p = (x, y):
// in cells, and in cover (a bit per column, a word per row).
func (sd *windowSide) cover(p, x, y, cols int, cover *[MaxSize]uint64) {
	cells := sd.cells
	w, h := sd.w, sd.h
	row := (uint64(1)<<w - 1) << x
	bit := uint32(1)
	for dy := 0; dy < h; dy++ {
		for e := p + w; p < e; p++ {
			cells[p] |= bit
			bit <<= 1
		}
		cover[y+dy] |= row
		p += cols - w
	}
}

// trigger marks in trig the stones of the variants vs of the wide window
// at p.
func (sd *windowSide) trigger(p int, vs uint16) {
	at := 2 * p * sd.tw
	for ; vs != 0; vs &= vs - 1 {
		for _, t := range sd.trigs[bits.TrailingZeros16(vs)] {
			sd.trig[at+int(t.at)] |= t.bit
		}
	}
}

// trigOp is a stone of a variant for trigger: its word in trig, from the
// window's upper left point's first, and its bit.
type trigOp struct {
	at  int32
	bit uint64
}

// unplan clears what plan leaves.
func (ws *windowScratch) unplan(rows int) {
	if len(ws.pos) == 0 {
		return // plan marked nothing (every window left out)
	}
	for _, wp := range ws.pos {
		ws.side[wp>>24&1].win[wp&(1<<24-1)].mask = 0
	}
	for g := range ws.groups {
		if sd := &ws.side[g]; sd.wide {
			clear(sd.trig[:2*rows*ws.cols*sd.tw])
			clear(sd.ul[:rows])
		} else {
			clear(sd.cells[:rows*ws.cols])
		}
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
// match there: only those whose cell there is a stone of the colour (the
// other cells matched or not before as after).
func (ws *windowScratch) put(i int, c int8) {
	ci := int(c-1) & 1
	for g := range ws.groups {
		if sd := &ws.side[g&1]; sd.pair != nil {
			if n := sd.put2(i, ci); n > 0 {
				ws.foundIn(sd, n)
			}
		} else if sd.wide {
			if sd.tw > 1 || sd.trig[2*i+ci] != 0 {
				sd.putWide(ws, i, ci)
			}
		} else {
			sd.put(ws, i, ci)
		}
	}
}

// put is windowScratch.put for the windows of a group (ci: the colour
// less one).
func (sd *windowSide) put(ws *windowScratch, i, ci int) {
	win, off, stones, chunks, add := sd.win, &sd.off, &sd.stones[ci], sd.chunks, &sd.add[ci]
	for ks := sd.cells[i]; ks != 0; ks &= ks - 1 {
		k := bits.TrailingZeros32(ks) & (maxWindowCells - 1)
		p := i - off[k]
		w := &win[p]
		code := w.code ^ add[k]
		w.code = code
		if vs := lookup(chunks, code, stones[k]&w.mask); vs != 0 {
			ws.newHits(vs, p)
		}
	}
}

// putWide is put for the windows of a wide group: only those where point
// i is a stone of colour ci+1 of a variant (trig), compared with the board.
func (sd *windowSide) putWide(ws *windowScratch, i, ci int) {
	cells, stones := sd.stoneCells[ci], sd.wstones[ci]
	for j0, ts := range sd.trig[(2*i+ci)*sd.tw : (2*i+ci+1)*sd.tw] {
		for ; ts != 0; ts &= ts - 1 {
			k := cells[j0*64+bits.TrailingZeros64(ts)]
			p := i - sd.woff[k]
			if vs := sd.matchBoard(ws.board, p, stones[k]&sd.win[p].mask); vs != 0 {
				ws.newHits(vs, p)
			}
		}
	}
}

// matchBoard returns the variants of vs that match the board at the wide
// window of upper left point p.
func (sd *windowSide) matchBoard(board []int8, p int, vs uint16) uint16 {
	for v := vs; v != 0; v &= v - 1 {
		vi := bits.TrailingZeros16(v)
		for _, ck := range sd.checks[vi] {
			if ck.ok>>uint8(board[p+int(ck.off)])&1 == 0 {
				vs &^= 1 << vi
				break
			}
		}
	}
	return vs
}

// put2 is put for a group with a pair of tables, without a call in its
// loop (so its values stay in registers): it notes the new hits in
// sd.found and returns their number (windowScratch.foundIn adds them to
// ws.found).
func (sd *windowSide) put2(i, ci int) int {
	win, t, stones, add := sd.win, sd.pair, &sd.stones[ci], &sd.add[ci]
	n := 0
	for ks := sd.cells[i]; ks != 0; ks &= ks - 1 {
		k := bits.TrailingZeros32(ks) & (maxWindowCells - 1)
		p := i - sd.off[k]
		w := &win[p]
		code := w.code ^ add[k]
		w.code = code
		if vs := stones[k] & w.mask; vs != 0 {
			if vs &= t[0][code&(1<<(2*chunkCells)-1)] & t[1][code>>(2*chunkCells)&(1<<(2*chunkCells)-1)]; vs != 0 {
				sd.found[n&(maxWindowCells-1)] = uint64(p)<<16 | uint64(vs)
				n++
			}
		}
	}
	return n
}

// foundIn adds the n hits that put2 noted in sd to ws.found.
func (ws *windowScratch) foundIn(sd *windowSide, n int) {
	for _, f := range sd.found[:n] {
		ws.newHits(uint16(f), int(f>>16))
	}
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
	f := int(old^nw-1) & 3
	node := ws.node + 1
	if ws.wide {
		ws.changeWide(i, old, node)
		return
	}
	for g := range ws.groups {
		sd := &ws.side[g&1]
		win, add := sd.win, &sd.add[f]
		for ks := sd.cells[i]; ks != 0; ks &= ks - 1 {
			k := bits.TrailingZeros32(ks) & (maxWindowCells - 1)
			p := i - sd.off[k]
			w := &win[p]
			if w.touched != node {
				w.touched = node
				ws.dirty = append(ws.dirty, dirtyWindow{int32(g<<24 | p), w.code})
			}
			w.code ^= add[k]
		}
	}
}

// changeWide is change for the windows of wide groups: in those that
// hold point i (the candidate windows whose upper left point is within
// their size up and left of it), it notes (in the window's code, from the
// node's first change there) the variants whose cell there did not match
// old. Only those can start to match at the node: a variant all of whose
// changed cells matched their old colours matched before the node if it
// matches after it.
func (ws *windowScratch) changeWide(i int, old int8, node int32) {
	x, y, cols := i%ws.cols, i/ws.cols, ws.cols
	if ws.cover[y]>>x&1 == 0 {
		return
	}
	if ws.changed[i] != ws.epoch {
		ws.changed[i], ws.before[i] = ws.epoch, old
	}
	old = ws.before[i] // its colour before the node
	for g := range ws.groups {
		sd := &ws.side[g&1]
		reject := sd.reject[old&3]
		xs := (uint64(1)<<(x+1) - 1) &^ (uint64(1)<<max(0, x-sd.w+1) - 1)
		for py := max(0, y-sd.h+1); py <= y; py++ {
			for us := sd.ul[py] & xs; us != 0; us &= us - 1 {
				px := bits.TrailingZeros64(us)
				p := py*cols + px
				w := &sd.win[p]
				if w.touched != node {
					w.touched, w.code = node, 0
					ws.dirty = append(ws.dirty, dirtyWindow{at: int32(g<<24 | p)})
				}
				w.code |= uint64(reject[(y-py)*sd.w+x-px] & w.mask)
			}
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
	ws.ok = windowLife && ws.lifeWorth() && ws.lifetimes(g.moveList, cols, rows)
	ws.plan(wp, pk, res, cols, rows)
	defer ws.unplan(rows)
	ws.dirty = ws.dirty[:0]
	ws.cands, ws.found = ws.cands[:0], ws.found[:0]
	sc.moves, sc.nodeHits = sc.moves[:0], sc.nodeHits[:0]
	if len(ws.pos) == 0 {
		return nil // no window can match: no replay
	}
	b := sc.emptyBoard(cols, rows)
	cells := b.cells
	ws.board = cells
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
			// the records before the limit (record j is the move
			// moves0+j+1)
			moves0, run := b.moves, ml
			if rem := stop - moves0; rem <= (len(ml)-1)/2 {
				run = ml[:2*rem]
			}
			if at := ws.playCompact(sc, run, cells, cols, r.node, moves0); at > 0 {
				n := at / 2
				r.b, r.parent, r.node, b.moves = ml[at:], r.node+n-1, r.node+n, moves0+n
			}
		}
		if b.moves < stop && ws.playCapture(sc, r, b) {
			continue
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
			ws.settle()
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

// settle appends to ws.found the variants that match the windows the node
// touched (ws.dirty) and did not before it.
func (ws *windowScratch) settle() {
	if ws.wide {
		ws.epoch++
		for _, d := range ws.dirty {
			p := int(d.at & (1<<24 - 1))
			sd := &ws.side[d.at>>24&1]
			if vs := uint16(sd.win[p].code); vs != 0 {
				ws.newHits(sd.matchBoard(ws.board, p, vs), p)
			}
		}
		ws.dirty = ws.dirty[:0]
		return
	}
	for _, d := range ws.dirty {
		p := int(d.at & (1<<24 - 1))
		sd := &ws.side[d.at>>24&1]
		chunks := sd.chunks
		w := &sd.win[p]
		if now := lookup(chunks, w.code, w.mask); now != 0 {
			ws.newHits(now&^lookup(chunks, d.before, now), p)
		}
	}
	ws.dirty = ws.dirty[:0]
}

// playCapture plays the next record of r if it is a move with captures
// and nothing else (a uvarint count of one byte), as windowHits' general
// path does with r.next and board.apply, without them: only the points
// of candidate windows are changed on the board (no window reads the
// others). It reports whether it played the record; the move must come
// before the move limit.
func (ws *windowScratch) playCapture(sc *scratch, r *moveReader, b *board) bool {
	ml := r.b
	if len(ml) < 2 || ml[0]&^mlColor != mlRemoved || ml[0]&mlColor == 0 || ml[1] >= 0x80 {
		return false
	}
	n := int(ml[1])
	rec := ml[2:]
	if len(rec) < 2*n+2 {
		return false // malformed: r.next says so
	}
	c := int8(ml[0] & mlColor)
	r.b, r.parent, r.node, b.moves = rec[2*n+2:], r.node, r.node+1, b.moves+1
	ws.node = int32(r.node)
	cover, cells, cols := &ws.cover, b.cells, b.cols
	// the move, then the stones it takes, as board.apply
	x, y := rec[2*n], rec[2*n+1]
	if y < MaxSize && cover[y]>>x&1 != 0 {
		i := int(y)*cols + int(x)
		if old := cells[i]; old != c {
			cells[i] = c
			ws.change(i, old, c)
		}
		if !sc.countOnly {
			sc.moves = append(sc.moves, played{r.node, c, int(x), int(y)})
		}
	}
	for j := 0; j < 2*n; j += 2 {
		x, y := rec[j], rec[j+1]
		if y < MaxSize && cover[y]>>x&1 != 0 {
			i := int(y)*cols + int(x)
			if old := cells[i]; old != 0 {
				cells[i] = 0
				ws.change(i, old, 0)
			}
		}
	}
	ws.settle()
	if len(ws.found) > 0 {
		sc.nodeFound(ws.found, r.node, b.moves)
		ws.found = ws.found[:0]
	}
	return true
}

// playCompact plays the moves of two bytes (mlCompact) at the start of
// ml, the moves after node node0 and moves0 moves, as windowHits does,
// in a loop of its own (its values in registers) and returns the bytes
// read: up to the end of ml or the first record that is not such a move
// or is a move on a stone. A move outside the candidate windows (or off
// the board: cover has no bit there) is only counted; one on an empty
// point of a window is put there (windowScratch.put).
func (ws *windowScratch) playCompact(sc *scratch, ml []byte, cells []int8, cols, node0, moves0 int) int {
	cover := &ws.cover
	sd := &ws.side[0]
	one := ws.groups == 1 && sd.pair != nil
	keep := !sc.countOnly
	at := 0
	for ; at+1 < len(ml); at += 2 {
		h, y := ml[at], int(ml[at+1])
		if h&mlCompact == 0 {
			break
		}
		if y >= MaxSize || cover[y]>>(h&63)&1 == 0 {
			continue
		}
		x := int(h & 63)
		i := y*cols + x
		if cells[i] != 0 {
			break
		}
		ci := int(h >> 6 & 1)
		cells[i] = int8(ci + 1)
		if keep {
			sc.moves = append(sc.moves, played{node0 + at/2 + 1, int8(ci + 1), x, y})
		}
		if !one {
			ws.put(i, int8(ci+1))
		} else if n := sd.put2(i, ci); n > 0 {
			ws.foundIn(sd, n)
		}
		if len(ws.found) > 0 {
			sc.nodeFound(ws.found, node0+at/2+1, moves0+at/2+1)
			ws.found = ws.found[:0]
		}
	}
	return at
}

// nodeFound records the new hits of a node (found), in the order of the
// candidates: by variant, then row, then column (insertion sort: a node
// has few).
func (sc *scratch) nodeFound(found []candidate, node, moves int) {
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
