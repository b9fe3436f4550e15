package index

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// matcher finds a pattern in games by replaying their move lists.
type matcher struct {
	p        *Pattern
	q        *Query
	variants []*variant
	whole    bool // a whole-board position: checked by hash first
	tree     bool // the index has variations: move lists may branch
	target   [2]uint64

	// continuation counts: key colour<<16 | y<<8 | x in pattern coordinates
	counts map[int]*Continuation
	tenuki int

	placed    map[[2]int][][][2]int       // placements of the variants per board size
	rowPlaced map[[2]int][][]rowPlacement // the same by rows
	packed    map[[2]int]*packedRows      // the same packed for candidates
	win       *windowPlan                 // the window replay (nil: lineHits)
	// countOnly: the window replay only counts the hits of the batch
	// (set between batches: the hits listed are enough, no sequence and
	// no continuations are asked for)
	countOnly bool
}

// candidate is a variant at a placement.
type candidate struct {
	v    int // index into variants
	x, y int
}

// matchHit is a hit with what the continuations need.
// Its Hit is made only for the hits listed (listed): a search may count
// hundreds of thousands.
type matchHit struct {
	game       *Hit // the game's (file, players, ...)
	node, move int
	path       string    // the node's path; "" on the main line
	cand       candidate // where it matched
	next       SeqMove   // in pattern coordinates and colours, if hasNext
	hasNext    bool
	winner     string // in the pattern's colours
}

// listed returns the Hit of h.
func (m *matcher) listed(h *matchHit) Hit {
	hit := *h.game
	v := m.variants[h.cand.v]
	c := h.cand
	hit.Node, hit.Move, hit.Path = h.node, h.move, h.path
	if hit.Path == "" {
		hit.Path = strconv.Itoa(h.node)
	}
	hit.Region = sgfPoint(c.x, c.y) + ":" + sgfPoint(c.x+v.w-1, c.y+v.h-1)
	hit.Symmetry, hit.Swapped = v.sym, v.swap
	if h.hasNext {
		hit.Next = colorLetter(h.next.Color) + "[" + sgfPoint(h.next.X+m.p.X, h.next.Y+m.p.Y) + "]"
	}
	return hit
}

// swapWinner returns the winner with colours swapped.
func swapWinner(w string) string {
	switch w {
	case "B":
		return "W"
	case "W":
		return "B"
	}
	return w
}

func newMatcher(p *Pattern, q *Query) *matcher {
	m := &matcher{p: p, q: q, variants: p.variants(q.FixedColor), counts: map[int]*Continuation{}}
	if q.Position != nil {
		m.whole = true
		cells := make([]int8, len(p.Cells))
		for i, c := range p.Cells {
			cells[i] = map[byte]int8{'X': 1, 'O': 2}[c]
		}
		m.target[0] = canonicalHash(cells, p.W, p.H, false)
		m.target[1] = canonicalHash(cells, p.W, p.H, true)
	} else if windowReplay {
		m.win = newWindowPlan(m.variants)
	}
	return m
}

// candidates returns the placements of the variants that the game's
// bitsets allow, variant by variant, each in the order of its placements
// (by row, then column), appended to dst[:0]; buf is memory kept from
// call to call. The placements are tested k rows at a time (packedFor):
// the rows of a game's "ever black" and "ever white" bitsets are packed k
// to a word, as the placements are, and a stone of a variant at (dx, dy)
// keeps the placements whose stone's point had the colour: the packed
// word of the bitset from row y + dy, shifted by dx. Variants with the
// same stones and placements are tested once.
func (m *matcher) candidates(g *gameRow, dst []candidate, buf *[]uint64) []candidate {
	out := dst[:0]
	pk := m.packedFor(g.cols, g.rows)
	res := m.placementWords(g, pk, buf)
	for vi := range m.variants {
		cl := pk.classes[pk.class[vi]]
		r := res[cl.at : cl.at+len(cl.rows)]
		for j, rp := range cl.rows {
			for xs := r[j]; xs != 0; xs &= xs - 1 {
				b := bits.TrailingZeros64(xs)
				out = append(out, candidate{vi, int(pk.col[b]), rp.y + int(pk.row[b])})
			}
		}
	}
	return out
}

// placementWords returns, for each class of pk and each word of its
// placements (packedClass.rows), the placements that the game's bitsets
// allow (in *buf, after the game's packed rows). Each word is the AND of
// its placements and its stones' rows (packedRows.words: a flat list of
// the class's stones for each word), shifted by the stones' columns, and
// stops at the first stone that leaves none.
func (m *matcher) placementWords(g *gameRow, pk *packedRows, buf *[]uint64) []uint64 {
	b := *buf
	if n := packedBase + len(pk.words); cap(b) < n {
		b = make([]uint64, n)
	} else {
		b = b[:n]
	}
	*buf = b
	// The rows of "ever black" (from 0) and "ever white" (from MaxSize),
	// each k rows to a word (row y + j at bit j*cols): the bitset's own
	// bits from row y's first on, read as one word (its k rows, at most
	// 57 bits, lie in the 8 bytes from the byte of the first), the
	// bitset copied first where 8 bytes past any row can be read. Bits
	// of rows past the board are never read: a placement's stones lie
	// on the board.
	packed := (*[packedBase]uint64)(b[:packedBase])
	keep := uint64(1)<<(pk.k*pk.s) - 1
	packBits((*[MaxSize]uint64)(packed[:MaxSize]), g.blackBits, g.rows, g.cols, keep)
	packBits((*[MaxSize]uint64)(packed[MaxSize:]), g.whiteBits, g.rows, g.cols, keep)
	res := b[packedBase:]
	words, ops := pk.words, pk.ops
	// a word's stones are ops[from:to], the next word's from is its to
	j := 0
	for i := range words {
		xs, to := words[i].xs, int(words[i].to)
		for ; j < to; j++ {
			op := ops[j]
			if xs &= packed[op>>8&(packedBase-1)] >> (op & 63); xs == 0 {
				break
			}
		}
		j = to
		res[i] = xs
	}
	return res
}

// packBits writes to dst[y] the bits of a bitset from row y's first on,
// keep of them (k rows: bits of rows past the board are never read).
func packBits(dst *[MaxSize]uint64, bitset []byte, rows, cols int, keep uint64) {
	var bs [bitsetRoom + 8]byte
	copy(bs[:], bitset)
	for y := range min(rows, MaxSize) {
		at := y * cols
		dst[y] = binary.LittleEndian.Uint64(bs[at>>3&(bitsetRoom-1):]) >> (at & 7) & keep
	}
}

// bitsetRoom is the room of placementWords' copy of a bitset (8 bytes
// more are read from any byte): the bits of the largest board (338 bytes),
// rounded up to a power of two (so that an index into it is masked, not
// checked).
const bitsetRoom = 512

// packedBase is the room of a game's packed rows in placementWords'
// buffer: "ever black" rows from 0, "ever white" rows from MaxSize.
const packedBase = 128

// placeWord is a word of a class's placements (packedClass.rows) with its
// stones: ops[from:to] of packedRows.
type placeWord struct {
	xs       uint64
	from, to uint32
	y        int32 // the word's first row
	class    int32 // its class
}

// placeOp is a stone of a word: the packed row of the bitsets (the word's
// first row plus the stone's row, MaxSize more for a white stone) in bits
// 8-15, its column in bits 0-7.
type placeOp uint16

// packedRows is the placements of the variants on a board of a size,
// packed k rows to a word (a row every s = cols bits, k = 57/cols: as the
// bitsets hold them) for matcher.candidates. Since a placement's stones
// lie on the board, no stone's bit is taken from the next row of a word.
type packedRows struct {
	k, s     int
	row, col [64]uint8 // the row in the word and the column of bit b
	point    [64]int32 // the point of bit b on the board, from the word's first row
	classes  []packedClass
	class    []int // per variant, its class
	firstOf  []int // per class, its first variant
	// the words of the classes' placements in order (their results are
	// placementWords'), each with its stones
	words []placeWord
	ops   []placeOp
}

// packedClass is the variants of the same stones and placements.
type packedClass struct {
	stones []stoneAt
	rows   []rowPlacement // y: the first row of the word; xs: k rows of placements
	at     int            // the first of its words in candidates' results
	w, h   int            // the variants' size
	mask   uint16         // the variants (the first 16)
}

// packedFor returns the packed placements of a board size, computed with
// rowPlacementsFor.
func (m *matcher) packedFor(cols, rows int) *packedRows {
	m.rowPlacementsFor(cols, rows)
	return m.packed[[2]int{cols, rows}]
}

// pack makes the packed placements of the variants (rowsOf: by rows).
func (m *matcher) pack(cols int, rowsOf [][]rowPlacement) *packedRows {
	cols = max(cols, 1)
	k := max(1, 57/cols)
	pk := &packedRows{k: k, s: cols}
	for b := range 64 {
		pk.row[b], pk.col[b] = uint8(b/pk.s), uint8(b%pk.s)
		pk.point[b] = int32(b/pk.s*cols + b%pk.s)
	}
	keys := map[string]int{}
	for vi, v := range m.variants {
		var words []rowPlacement
		for _, rp := range rowsOf[vi] {
			y0 := rp.y - rp.y%k
			if n := len(words); n == 0 || words[n-1].y != y0 {
				words = append(words, rowPlacement{y: y0})
			}
			words[len(words)-1].xs |= rp.xs << ((rp.y - y0) * pk.s)
		}
		stones := slices.Clone(v.stones)
		slices.SortFunc(stones, func(a, b stoneAt) int { return cmp.Or(a.row-b.row, int(a.dx)-int(b.dx)) })
		key := fmt.Sprint(v.w, v.h, stones, words)
		c, ok := keys[key]
		if !ok {
			c = len(pk.classes)
			keys[key] = c
			at := 0
			if c > 0 {
				last := pk.classes[c-1]
				at = last.at + len(last.rows)
			}
			pk.classes = append(pk.classes, packedClass{stones: stones, rows: words, at: at, w: v.w, h: v.h})
			pk.firstOf = append(pk.firstOf, vi)
		}
		if vi < 16 {
			pk.classes[c].mask |= 1 << vi
		}
		pk.class = append(pk.class, c)
	}
	for ci, cl := range pk.classes {
		for _, rp := range cl.rows {
			w := placeWord{xs: rp.xs, from: uint32(len(pk.ops)), y: int32(rp.y), class: int32(ci)}
			for _, st := range cl.stones {
				pk.ops = append(pk.ops, placeOp(rp.y+st.row)<<8|placeOp(st.dx))
			}
			w.to = uint32(len(pk.ops))
			pk.words = append(pk.words, w)
		}
	}
	return pk
}

// rowPlacement is a row of a variant's placements: the row and a bit per
// column where the variant may lie.
type rowPlacement struct {
	y  int
	xs uint64
}

// rowPlacementsFor returns the placements of every variant on a board by
// rows, computed once per size.
func (m *matcher) rowPlacementsFor(cols, rows int) [][]rowPlacement {
	key := [2]int{cols, rows}
	if rp, ok := m.rowPlaced[key]; ok {
		return rp
	}
	pl := m.placementsFor(cols, rows)
	out := make([][]rowPlacement, len(pl))
	for vi, list := range pl {
		for _, p := range list {
			if n := len(out[vi]); n == 0 || out[vi][n-1].y != p[1] {
				out[vi] = append(out[vi], rowPlacement{y: p[1]})
			}
			out[vi][len(out[vi])-1].xs |= 1 << p[0]
		}
	}
	if m.rowPlaced == nil {
		m.rowPlaced = map[[2]int][][]rowPlacement{}
		m.packed = map[[2]int]*packedRows{}
	}
	m.rowPlaced[key] = out
	m.packed[key] = m.pack(cols, out)
	return out
}

// matches reports whether candidate c matches the board.
func (m *matcher) matches(b *board, c candidate) bool {
	v := m.variants[c.v]
	base := c.y*b.cols + c.x
	for _, ck := range v.checks {
		if !matchCell(ck.c, b.cells[base+ck.dy*b.cols+ck.dx]) {
			return false
		}
	}
	return true
}

// played is a move of a game, for the continuations.
type played struct {
	node  int
	color int8
	x, y  int
}

type nodeHit struct {
	node, cand, move int
	path             string // the node's path, when it is not on the main line
}

// pathFrame is a node on the path from the root to the node being
// replayed: what going back to it restores.
type pathFrame struct {
	node     int
	logMark  int // len(scratch.undo) after the node
	moves    int // moves played up to the node
	child    int // the node's index among its parent's children
	children int // children of the node met so far
}

// cellChange is a change of one point of the board, for going back.
type cellChange struct {
	i   int32
	old int8
}

// scratch is the memory of one goroutine's matchGame, kept from game to
// game.
type scratch struct {
	// countOnly: the window replay of the game only counts its hits
	// (matcher.countHits; no moves kept, the replay stopped at the move
	// limit)
	countOnly bool

	// lineHits: the points some candidate covers, the changes of those
	// points (by node, then bucketed by point: from[i] to from[i+1]), the
	// moves played up to each node, a candidate's changes
	cover   []bool
	changes []pointChange
	byPoint []pointChange
	from    []int32
	next    []int32
	movesAt []int32
	cellEvs []cellEvent
	colours []int8
	first   [2][]int32 // per colour less one
	end     [2][]int32

	words    int
	mask     []uint64 // per point, the candidates whose rectangle holds it (words each)
	dirty    []uint64 // candidates to check after the node
	matched  []uint64 // candidates that matched after the previous node
	board    *board
	reader   moveReader // windowHits'
	win      windowScratch
	packed   []uint64 // candidates' memory
	rects    [][4]int // hitsOf: the rectangles of a node's hits
	inRect   []played // hitsOf: the moves after a hit in its rectangle
	moves    []played
	nodeHits []nodeHit
	// Variations: the path from the root, the board's changes along it,
	// the matched candidates after each node of it (words each), and the
	// parent of every node.
	path      []pathFrame
	undo      []cellChange
	matchedAt []uint64
	parents   []int32
}

// pointChange is a point becoming colour c at a node.
type pointChange struct {
	i, node int32
	c       int8
}

// cellEvent is a cell of a candidate becoming colour c at a node.
type cellEvent struct {
	node int32
	cell int16 // index into the variant's checks (up to 52x52)
	c    int8
}

// lineHits finds the nodes of a main line where each candidate starts to
// match (sc.nodeHits, in the order of nodes, then candidates: as the
// replay node by node finds them) and the moves (sc.moves), without
// checking candidates node by node: the changes of the points the
// candidates cover are gathered in one pass over the move list, then each
// candidate sweeps the changes of its own cells in node order, keeping
// the number of cells that do not match; a node where it falls to zero is
// a hit. A candidate's cells change a few times in a game, so this is a
// fraction of the replay's work per node.
func (m *matcher) lineHits(g *gameRow, sc *scratch, cands []candidate) {
	npoints := g.cols * g.rows
	sc.cover = grow(sc.cover, npoints)
	for _, c := range cands {
		v := m.variants[c.v]
		for y := c.y; y < c.y+v.h; y++ {
			for x := c.x; x < c.x+v.w; x++ {
				sc.cover[y*g.cols+x] = true
			}
		}
	}
	b := sc.emptyBoard(g.cols, g.rows)
	sc.changes, sc.movesAt, sc.moves, sc.nodeHits, sc.parents = sc.changes[:0], sc.movesAt[:0], sc.moves[:0], sc.nodeHits[:0], sc.parents[:0]
	// Per point and colour, the first node where the point took it and
	// the node after which it last lost it (never: the end of time), a
	// hull of the nodes where it held it.
	for c := range sc.first {
		sc.first[c] = growFill(sc.first[c], npoints, -1)
		sc.end[c] = grow(sc.end[c], npoints)
	}
	var node int32
	changed := func(i int, old, nw int8) {
		if sc.cover[i] {
			sc.changes = append(sc.changes, pointChange{int32(i), node, nw})
			if old != 0 {
				sc.end[old-1][i] = node
			}
			if nw != 0 {
				if sc.first[nw-1][i] < 0 {
					sc.first[nw-1][i] = node
				}
				sc.end[nw-1][i] = math.MaxInt32
			}
		}
	}
	r := newMoveReader(g.moveList)
	for r.next() {
		if r.s.back > 0 {
			break // cannot happen: an index without variations has no such list
		}
		node = int32(r.node)
		b.apply(&r.s, changed)
		if r.s.color != 0 && !r.s.pass {
			sc.moves = append(sc.moves, played{r.node, r.s.color, r.s.x, r.s.y})
		}
		sc.movesAt = append(sc.movesAt, int32(b.moves))
	}
	// The changes by point, each point's in node order.
	sc.from = grow(sc.from, npoints+1)
	for _, ch := range sc.changes {
		sc.from[ch.i+1]++
	}
	for i := 1; i <= npoints; i++ {
		sc.from[i] += sc.from[i-1]
	}
	sc.byPoint = grow(sc.byPoint, len(sc.changes))
	sc.next = append(sc.next[:0], sc.from[:npoints]...)
	next := sc.next
	for _, ch := range sc.changes {
		sc.byPoint[next[ch.i]] = ch
		next[ch.i]++
	}
candidates:
	for ci, c := range cands {
		v := m.variants[c.v]
		// The stones must stand together at some node: the hulls of their
		// points' colours meet.
		lo, hi := int32(0), int32(math.MaxInt32)
		base := c.y*g.cols + c.x
		for col, at := range [2][][2]int{v.blackAt, v.whiteAt} {
			for _, p := range at {
				i := base + p[1]*g.cols + p[0]
				f, e := sc.first[col][i], sc.end[col][i]
				if f < 0 {
					continue candidates
				}
				lo, hi = max(lo, f), min(hi, e)
			}
		}
		if lo >= hi {
			continue
		}
		evs := sc.cellEvs[:0]
		bad := 0 // cells that do not match the empty board
		for k, ck := range v.checks {
			if ck.ok&1 == 0 {
				bad++
			}
			i := (c.y+ck.dy)*g.cols + c.x + ck.dx
			for _, ch := range sc.byPoint[sc.from[i]:sc.from[i+1]] {
				evs = append(evs, cellEvent{ch.node, int16(k), ch.c})
			}
		}
		sc.cellEvs = evs
		if len(evs) == 0 {
			continue
		}
		// by node, each cell's changes kept in order (insertion sort: a
		// few dozen events)
		for a := 1; a < len(evs); a++ {
			e := evs[a]
			z := a
			for z > 0 && evs[z-1].node > e.node {
				evs[z] = evs[z-1]
				z--
			}
			evs[z] = e
		}
		colours := grow(sc.colours, len(v.checks)) // every cell empty
		sc.colours = colours
		matched := false
		for a := 0; a < len(evs); {
			n := evs[a].node
			for ; a < len(evs) && evs[a].node == n; a++ {
				e := evs[a]
				ok := v.checks[e.cell].ok
				was, now := ok>>colours[e.cell]&1 != 0, ok>>e.c&1 != 0
				colours[e.cell] = e.c
				if was && !now {
					bad++
				} else if now && !was {
					bad--
				}
			}
			if bad == 0 && !matched && (m.q.MoveLimit == 0 || int(sc.movesAt[n]) <= m.q.MoveLimit) {
				sc.nodeHits = append(sc.nodeHits, nodeHit{int(n), ci, int(sc.movesAt[n]), ""})
			}
			matched = bad == 0
		}
	}
	slices.SortStableFunc(sc.nodeHits, func(a, b nodeHit) int { return a.node - b.node })
}

// emptyBoard returns the scratch board, empty, of the size.
func (sc *scratch) emptyBoard(cols, rows int) *board {
	if sc.board == nil || sc.board.cols != cols || sc.board.rows != rows {
		sc.board = newBoard(cols, rows)
	} else {
		clear(sc.board.cells)
		sc.board.moves = 0
	}
	return sc.board
}

func (sc *scratch) changed(i int, old, nw int8) {
	m := sc.mask[i*sc.words : (i+1)*sc.words]
	for k, w := range m {
		sc.dirty[k] |= w
	}
}

// growFill is grow with every element v.
func growFill[T any](s []T, n int, v T) []T {
	s = grow(s, n)
	for i := range s {
		s[i] = v
	}
	return s
}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// placementsFor returns the placements of every variant on a board,
// computed once per size.
func (m *matcher) placementsFor(cols, rows int) [][][2]int {
	key := [2]int{cols, rows}
	if pl, ok := m.placed[key]; ok {
		return pl
	}
	pl := make([][][2]int, len(m.variants))
	for vi, v := range m.variants {
		pl[vi] = v.placements(cols, rows, m.p.Anchor == AnchorFixed)
	}
	if m.placed == nil {
		m.placed = map[[2]int][][][2]int{}
	}
	m.placed[key] = pl
	return pl
}

// pathString returns the node path (sgf.Path's text form) of the last
// node of the path.
func pathString(path []pathFrame) string {
	var b []byte
	run, branched := 0, false
	for _, f := range path[1:] {
		if f.child == 0 {
			run++
			continue
		}
		b = strconv.AppendInt(b, int64(run), 10)
		b = append(b, '.')
		b = strconv.AppendInt(b, int64(f.child), 10)
		b = append(b, '.')
		run, branched = 0, true
	}
	if !branched {
		return strconv.Itoa(path[len(path)-1].node)
	}
	return string(strconv.AppendInt(b, int64(run), 10))
}

// matchGame replays a game and returns its hits: each node where a
// candidate that did not match at the node's parent matches after it (at
// most one hit per node and rectangle: the first variant in order). A
// move list with variations is replayed in pre-order, the board going
// back to the parent's position before each node that starts a variation.
// It changes nothing in m, so that games can be matched in parallel.
func (m *matcher) matchGame(g *gameRow, sc *scratch) []matchHit {
	var cands []candidate
	if m.whole {
		for vi, v := range m.variants {
			if v.w == g.cols && v.h == g.rows {
				cands = append(cands, candidate{vi, 0, 0})
			}
		}
	} else {
		cands = g.cands
	}
	if len(cands) == 0 {
		return nil
	}
	if !m.whole && !m.tree {
		m.lineHits(g, sc, cands)
		return m.hitsOf(g, sc, cands)
	}
	npoints := g.cols * g.rows
	sc.words = (len(cands) + 63) / 64
	words := sc.words
	sc.dirty = grow(sc.dirty, words)
	sc.matched = grow(sc.matched, words)
	if !m.whole {
		sc.mask = grow(sc.mask, npoints*words)
		for ci, c := range cands {
			v := m.variants[c.v]
			for y := c.y; y < c.y+v.h; y++ {
				for x := c.x; x < c.x+v.w; x++ {
					sc.mask[(y*g.cols+x)*words+ci/64] |= 1 << (ci % 64)
				}
			}
		}
	}
	b := sc.emptyBoard(g.cols, g.rows)
	var sh *symHash
	changed := sc.changed
	if m.whole {
		sh = newSymHash(g.cols, g.rows)
		changed = func(i int, old, nw int8) {
			if old != 0 {
				sh.toggle(i, old)
			}
			if nw != 0 {
				sh.toggle(i, nw)
			}
		}
	}
	// Only a move list with variations goes back: the undo log, the path
	// and the matched candidates per node are kept only in an index that
	// has them.
	apply := changed
	if m.tree {
		apply = func(i int, old, nw int8) {
			sc.undo = append(sc.undo, cellChange{int32(i), old})
			changed(i, old, nw)
		}
	}
	r := newMoveReader(g.moveList)
	sc.moves, sc.nodeHits = sc.moves[:0], sc.nodeHits[:0]
	sc.path, sc.undo, sc.matchedAt, sc.parents = sc.path[:0], sc.undo[:0], sc.matchedAt[:0], sc.parents[:0]
	branched := 0 // frames of the path that are not first children
	for r.next() {
		child := 0
		if !m.tree {
			if r.s.back > 0 {
				break // cannot happen: an index without variations has no such list
			}
		} else if sc.parents = append(sc.parents, int32(r.parent)); r.node > 0 {
			// Back to the parent: pop the path, undo the board.
			for len(sc.path) > 0 && sc.path[len(sc.path)-1].node != r.parent {
				if sc.path[len(sc.path)-1].child > 0 {
					branched--
				}
				sc.path = sc.path[:len(sc.path)-1]
			}
			if len(sc.path) == 0 {
				break // cannot happen: the reader checks the parents
			}
			top := &sc.path[len(sc.path)-1]
			child = top.children
			top.children++
			if r.parent != r.node-1 {
				for k := len(sc.undo) - 1; k >= top.logMark; k-- {
					u := sc.undo[k]
					cur := b.cells[u.i]
					b.cells[u.i] = u.old
					changed(int(u.i), cur, u.old)
				}
				sc.undo = sc.undo[:top.logMark]
				b.moves = top.moves
				d := len(sc.path) - 1
				copy(sc.matched, sc.matchedAt[d*words:(d+1)*words])
				sc.matchedAt = sc.matchedAt[:(d+1)*words]
			}
		}
		if child > 0 {
			branched++
		}
		var before [8]uint64
		if sh != nil {
			before = sh.h
		}
		b.apply(&r.s, apply)
		if r.s.color != 0 && !r.s.pass {
			sc.moves = append(sc.moves, played{r.node, r.s.color, r.s.x, r.s.y})
		}
		if m.tree {
			sc.path = append(sc.path, pathFrame{node: r.node, logMark: len(sc.undo), moves: b.moves, child: child})
		}
		hitAt := func(ci int) {
			nh := nodeHit{r.node, ci, b.moves, ""}
			if branched > 0 {
				nh.path = pathString(sc.path)
			}
			sc.nodeHits = append(sc.nodeHits, nh)
		}
		switch {
		case m.q.MoveLimit > 0 && b.moves > m.q.MoveLimit:
			// keep decoding: the continuations need the moves
		case m.whole:
			if before == sh.h {
				break
			}
			h := sh.canonical()
			match := h == m.target[0] || !m.q.FixedColor && h == m.target[1]
			for ci, c := range cands {
				now := match && m.matches(b, c)
				if now && sc.matched[ci/64]&(1<<(ci%64)) == 0 {
					hitAt(ci)
				}
				if now {
					sc.matched[ci/64] |= 1 << (ci % 64)
				} else {
					sc.matched[ci/64] &^= 1 << (ci % 64)
				}
			}
		default:
			if r.node == 0 {
				// the first node: every candidate is new
				for ci := range cands {
					sc.dirty[ci/64] |= 1 << (ci % 64)
				}
			}
			for k, w := range sc.dirty {
				for w != 0 {
					bit := bits.TrailingZeros64(w)
					w &^= 1 << bit
					ci := k*64 + bit
					now := m.matches(b, cands[ci])
					was := sc.matched[k]&(1<<bit) != 0
					if now && !was {
						hitAt(ci)
					}
					if now {
						sc.matched[k] |= 1 << bit
					} else {
						sc.matched[k] &^= 1 << bit
					}
				}
				sc.dirty[k] = 0
			}
		}
		if m.tree {
			sc.matchedAt = append(sc.matchedAt, sc.matched...)
		}
	}
	return m.hitsOf(g, sc, cands)
}

// countHits returns the number of hits hitsOf would make of a game
// without a sequence: one per node and rectangle.
func (m *matcher) countHits(sc *scratch, cands []candidate) int {
	n := 0
	rects, at := sc.rects[:0], -1
	for _, nh := range sc.nodeHits {
		c := cands[nh.cand]
		v := m.variants[c.v]
		if nh.node != at {
			rects, at = rects[:0], nh.node
		}
		key := [4]int{c.x, c.y, v.w, v.h}
		if !slices.Contains(rects, key) {
			rects = append(rects, key)
			n++
		}
	}
	sc.rects = rects
	return n
}

// hitsOf makes the hits of a game from the nodes where a candidate starts
// to match (sc.nodeHits, in the order of nodes, then candidates), the
// moves played (sc.moves) and, in a tree, each node's parent (sc.parents).
func (m *matcher) hitsOf(g *gameRow, sc *scratch, cands []candidate) []matchHit {
	var hits []matchHit
	movesAfter := sc.moves
	nodeHits := sc.nodeHits
	parents := sc.parents
	// One hit per node and rectangle (the rectangles of the node's hits
	// so far: nodeHits are in the order of nodes); then the sequence and
	// continuation.
	rects, at := sc.rects[:0], -1
	defer func() { sc.rects = rects }()
	for _, nh := range nodeHits {
		c := cands[nh.cand]
		v := m.variants[c.v]
		if nh.node != at {
			rects, at = rects[:0], nh.node
		}
		key := [4]int{c.x, c.y, v.w, v.h}
		if slices.Contains(rects, key) {
			continue
		}
		rects = append(rects, key)
		// the moves after the node inside the rectangle, along the node's
		// first children (in pre-order, node j+1 is the first child of j
		// when its parent is j)
		end := nh.node + 1
		for end < len(parents) && int(parents[end]) == end-1 {
			end++
		}
		if !m.tree {
			end = math.MaxInt // the main line
		}
		k := sort.Search(len(movesAfter), func(i int) bool { return movesAfter[i].node > nh.node })
		inRect := sc.inRect[:0]
		for _, mv := range movesAfter[k:] {
			if mv.node >= end {
				break
			}
			if mv.x >= c.x && mv.y >= c.y && mv.x < c.x+v.w && mv.y < c.y+v.h {
				inRect = append(inRect, mv)
				if len(inRect) > len(v.seq) {
					break
				}
			}
		}
		sc.inRect = inRect
		if m.q.Sequence {
			ok := len(inRect) >= len(v.seq)
			for i := 0; ok && i < len(v.seq); i++ {
				s := v.seq[i]
				ok = inRect[i].color == s.Color && inRect[i].x-c.x == s.X && inRect[i].y-c.y == s.Y
			}
			if !ok {
				continue
			}
			inRect = inRect[len(v.seq):]
		} else if len(inRect) > 0 {
			inRect = inRect[:1]
		}
		h := matchHit{game: &g.hit, node: nh.node, move: nh.move, path: nh.path, cand: c, winner: g.hit.winner}
		if v.swap {
			h.winner = swapWinner(h.winner)
		}
		if len(inRect) > 0 {
			mv := inRect[0]
			o := v.toOrig[(mv.y-c.y)*v.w+mv.x-c.x]
			col := mv.color
			if v.swap {
				col = 3 - col
			}
			h.next, h.hasNext = SeqMove{col, o % m.p.W, o / m.p.W}, true
		}
		hits = append(hits, h)
	}
	return hits
}

func colorLetter(c int8) string {
	if c == 1 {
		return "B"
	}
	return "W"
}

// count adds a hit's continuation to the counts.
func (m *matcher) count(h *matchHit) {
	if !h.hasNext {
		m.tenuki++
		return
	}
	key := int(h.next.Color)<<16 | h.next.Y<<8 | h.next.X
	c := m.counts[key]
	if c == nil {
		c = &Continuation{Color: colorLetter(h.next.Color), X: h.next.X + m.p.X, Y: h.next.Y + m.p.Y}
		c.Point = sgfPoint(c.X, c.Y)
		m.counts[key] = c
	}
	c.Count++
	switch h.winner {
	case "B":
		c.BlackWins++
	case "W":
		c.WhiteWins++
	}
}

// continuations returns the counted continuations, most played first,
// labelled A, B, ..., and the pattern drawn with the labels.
func (m *matcher) continuations() ([]Continuation, string, int) {
	var cs []Continuation
	for _, c := range m.counts {
		cs = append(cs, *c)
	}
	sortContinuations(cs)
	grid := slices.Clone(m.p.Cells)
	for i := range cs {
		cs[i].Label = label(i)
		at := (cs[i].Y-m.p.Y)*m.p.W + cs[i].X - m.p.X
		if len(cs[i].Label) == 1 && strings.IndexByte("XO", grid[at]) < 0 && !(grid[at] >= 'A' && grid[at] <= 'Z') {
			grid[at] = cs[i].Label[0]
		}
	}
	var b strings.Builder
	for y := 0; y < m.p.H; y++ {
		for x := 0; x < m.p.W; x++ {
			if x > 0 {
				b.WriteByte(' ')
			}
			b.WriteByte(grid[y*m.p.W+x])
		}
		b.WriteByte('\n')
	}
	return cs, b.String(), m.tenuki
}

// labelLetters are the letters of the continuations: not X and O, the
// stones of the diagram.
const labelLetters = "ABCDEFGHIJKLMNPQRSTUVWYZ"

// label returns A..Z (without O and X), then AA, AB, ...
func label(i int) string {
	n := len(labelLetters)
	if i < n {
		return labelLetters[i : i+1]
	}
	return label(i/n-1) + labelLetters[i%n:i%n+1]
}
