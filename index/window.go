package index

import (
	"math/bits"
)

// The window replay: the fast path of a pattern search over main lines.
//
// Every placement of a variant is a window of the board, named by its
// upper left point. Each window of a variant's size keeps a code of its
// content, a bit per cell for black (the low 32 bits) and one for white
// (the high 32), cell k = dy*w + dx, changed by an exclusive or when one of
// its points changes. A variant matches a window when the code has the
// variant's stones and empty points (code & care == want). A game's
// replay decodes its move list once, updates the codes of the windows
// that hold each changed point and, after the node, tests only those
// windows, only against the variants that allow the changed point's new
// colour at its cell and may lie there (the anchor): a plain move costs
// w*h exclusive ors and a few compares, whatever the number of
// placements. It gives the hits lineHits gives (the same nodes, in the
// same order): a window's variants that match after a node and did not
// before it.

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
	sizes  map[[2]int]*windowSize
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
	wp := &windowPlan{sizes: map[[2]int]*windowSize{}}
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

// windowSize is the windows of a board size.
type windowSize struct {
	valid [][]uint16 // per group, per window (y*cols + x): the variants that may lie there
	// per group, the windows that hold point i where a variant may lie:
	// ents[from[i]:from[i+1]]
	from [][]int32
	ents [][]windowEntry
}

// windowEntry is a window that holds a point.
type windowEntry struct {
	p     int32     // the window
	shift uint8     // the point's bits in the window's code
	mask  [2]uint16 // the variants that may lie there with a stone of colour c+1 at the point
}

// validFor returns the windows of a board size, computed once per size
// (before the games of the size are replayed in parallel: it writes
// wp.sizes).
func (m *matcher) validFor(cols, rows int) *windowSize {
	wp := m.win
	key := [2]int{cols, rows}
	if sz, ok := wp.sizes[key]; ok {
		return sz
	}
	sz := &windowSize{}
	for range wp.groups {
		sz.valid = append(sz.valid, make([]uint16, cols*rows))
	}
	for vi, list := range m.rowPlacementsFor(cols, rows) {
		g := wp.group[vi]
		for _, rp := range list {
			for xs := rp.xs; xs != 0; xs &= xs - 1 {
				sz.valid[g][rp.y*cols+bits.TrailingZeros64(xs)] |= 1 << vi
			}
		}
	}
	for gi := range wp.groups {
		gr := &wp.groups[gi]
		v := sz.valid[gi]
		from := make([]int32, 1, cols*rows+1)
		var ents []windowEntry
		for y := range rows {
			for x := range cols {
				for dy := 0; dy < gr.h && dy <= y; dy++ {
					for dx := 0; dx < gr.w && dx <= x; dx++ {
						p := (y-dy)*cols + x - dx
						if v[p] == 0 {
							continue
						}
						k := dy*gr.w + dx
						ents = append(ents, windowEntry{int32(p), uint8(2 * k), [2]uint16{v[p] & gr.stones[0][k], v[p] & gr.stones[1][k]}})
					}
				}
				from = append(from, int32(len(ents)))
			}
		}
		sz.from = append(sz.from, from)
		sz.ents = append(sz.ents, ents)
	}
	wp.sizes[key] = sz
	return sz
}

// windowScratch is the window replay's memory, kept from game to game.
type windowScratch struct {
	code    [2][]uint64 // per group, per window
	touched [2][]int32  // per group: the node that last touched a window, +1
	dirty   [2][]int32  // per group: the windows touched by the node
	before  [2][]uint64 // per group: their codes before the node
	found   []candidate // the node's new hits
	cands   []candidate // the game's hits' candidates
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
// A node that only puts a stone on an empty point (most nodes) changes
// one cell of each window that holds the point: a variant can start to
// match there only if that cell is one of its stones of the colour (the
// other cells matched or not before as after), so only those variants
// are looked up. Another node (captures, setup) compares each window it
// touched before and after.
func (m *matcher) windowHits(g *gameRow, sc *scratch) []candidate {
	wp := m.win
	ws := &sc.win
	cols, rows := g.cols, g.rows
	sz := wp.sizes[[2]int{cols, rows}]
	for gi := range wp.groups {
		ws.code[gi] = grow(ws.code[gi], cols*rows)
		ws.touched[gi] = grow(ws.touched[gi], cols*rows)
		ws.dirty[gi], ws.before[gi] = ws.dirty[gi][:0], ws.before[gi][:0]
	}
	ws.cands = ws.cands[:0]
	b := sc.emptyBoard(cols, rows)
	sc.moves, sc.nodeHits = sc.moves[:0], sc.nodeHits[:0]
	var node int32
	limit := m.q.MoveLimit
	// change records point i going from old to nw in every window of
	// every group that holds it, and the windows' codes before the node.
	change := func(i int, old, nw int8) {
		flip := uint64(old ^ nw)
		for gi := range wp.groups {
			code, touched := ws.code[gi], ws.touched[gi]
			for _, e := range sz.ents[gi][sz.from[gi][i]:sz.from[gi][i+1]] {
				if touched[e.p] != node+1 {
					touched[e.p] = node + 1
					ws.dirty[gi] = append(ws.dirty[gi], e.p)
					ws.before[gi] = append(ws.before[gi], code[e.p])
				}
				code[e.p] ^= flip << e.shift
			}
		}
	}
	r := newMoveReader(g.moveList)
	for r.next() {
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
				if !s.pass {
					sc.moves = append(sc.moves, played{r.node, s.color, s.x, s.y})
				}
			}
			continue
		}
		found := ws.found[:0]
		if i := s.y*cols + s.x; s.color != 0 && !s.pass && len(s.setup) == 0 && len(s.removed) == 0 && b.in(s.x, s.y) && b.cells[i] == 0 {
			// A stone on an empty point.
			b.cells[i] = s.color
			b.moves++
			add, col := uint64(s.color), s.color-1
			for gi := range wp.groups {
				chunks, code := wp.groups[gi].chunks, ws.code[gi]
				for _, e := range sz.ents[gi][sz.from[gi][i]:sz.from[gi][i+1]] {
					c := code[e.p] ^ add<<e.shift
					code[e.p] = c
					if vs := e.mask[col]; vs != 0 {
						for nw := lookup(chunks, c, vs); nw != 0; nw &= nw - 1 {
							found = append(found, candidate{bits.TrailingZeros16(nw), int(e.p) % cols, int(e.p) / cols})
						}
					}
				}
			}
		} else {
			b.apply(s, change)
			for gi := range wp.groups {
				chunks, code, v := wp.groups[gi].chunks, ws.code[gi], sz.valid[gi]
				for j, p := range ws.dirty[gi] {
					now := lookup(chunks, code[p], v[p])
					for nw := now &^ lookup(chunks, ws.before[gi][j], now); nw != 0; nw &= nw - 1 {
						found = append(found, candidate{bits.TrailingZeros16(nw), int(p) % cols, int(p) / cols})
					}
				}
				ws.dirty[gi], ws.before[gi] = ws.dirty[gi][:0], ws.before[gi][:0]
			}
		}
		if s.color != 0 && !s.pass {
			sc.moves = append(sc.moves, played{r.node, s.color, s.x, s.y})
		}
		// In the order of the candidates: by variant, then row, then
		// column (insertion sort: a node has few).
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
			sc.nodeHits = append(sc.nodeHits, nodeHit{r.node, len(ws.cands), b.moves, ""})
			ws.cands = append(ws.cands, c)
		}
		ws.found = found
	}
	return ws.cands
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
