package index

import (
	"encoding/binary"
	"errors"
)

// The compact move list of a game's main line (or, in an index with
// variations, of its whole tree): one record per node, in pre-order, so
// that record i is the node numbered i (Node.Number; on the main line its
// depth). A record is a header byte, then what the header announces:
//
//	bits 0-1  the move's colour: 0 none, 1 black, 2 white
//	bit 2     the move is a pass (or a point off the board)
//	bit 3     setup follows: a uvarint count, then colour, x, y per stone
//	          (colour 0 for AE)
//	bit 4     removals follow: a uvarint count, then x, y per stone taken
//	          off the board by the move (captures, or the mover's own
//	          stones on suicide)
//	bit 5     the node's parent is not the node before it (the node starts
//	          a variation): a uvarint d follows first, the parent being
//	          node i-1-d
//
// then, for a move that is not a pass, its point as x, y. Since schema
// version 6 (cornerRows) a move with none of bits 2-5 is two bytes: the
// first has bit 7 set (mlCompact), the colour less one in bit 6 and x in
// bits 0-5; the second is y (boards are at most 52 wide: both fit in 6
// bits). A header of an older list never has bit 7, so one reader reads
// both. Replaying the
// list needs no rules of Go: the captures are in it. A list without bit 5
// is one line of play (the main line); with it, the replay goes back to
// the parent's position before each node that has the bit (schema
// version 4: version 3 lists never have it).
const (
	mlColor   = 3
	mlPass    = 1 << 2
	mlSetup   = 1 << 3
	mlRemoved = 1 << 4
	mlParent  = 1 << 5
	mlCompact = 1 << 7
)

var errMoveList = errors.New("index: malformed move list")

// A step is one node of a decoded move list.
type step struct {
	back    int  // the parent is node i-1-back (0: the node before)
	color   int8 // 0 none, 1 black, 2 white
	pass    bool
	x, y    int
	setup   []stone
	removed []stone // colour 0
}

type stone struct {
	c    int8
	x, y int
}

// appendStep appends the record of one node; with compact, a plain move
// as two bytes (schema version 6).
func appendStep(dst []byte, s *step, compact bool) []byte {
	if compact && s.color != 0 && !s.pass && s.back == 0 && len(s.setup) == 0 && len(s.removed) == 0 && s.x < 64 && s.y < 64 {
		return append(dst, mlCompact|byte(s.color-1)<<6|byte(s.x), byte(s.y))
	}
	h := byte(s.color)
	if s.color != 0 && s.pass {
		h |= mlPass
	}
	if len(s.setup) > 0 {
		h |= mlSetup
	}
	if len(s.removed) > 0 {
		h |= mlRemoved
	}
	if s.back > 0 {
		h |= mlParent
	}
	dst = append(dst, h)
	if s.back > 0 {
		dst = binary.AppendUvarint(dst, uint64(s.back))
	}
	if len(s.setup) > 0 {
		dst = binary.AppendUvarint(dst, uint64(len(s.setup)))
		for _, st := range s.setup {
			dst = append(dst, byte(st.c), byte(st.x), byte(st.y))
		}
	}
	if len(s.removed) > 0 {
		dst = binary.AppendUvarint(dst, uint64(len(s.removed)))
		for _, st := range s.removed {
			dst = append(dst, byte(st.x), byte(st.y))
		}
	}
	if s.color != 0 && !s.pass {
		dst = append(dst, byte(s.x), byte(s.y))
	}
	return dst
}

// moveReader decodes a move list node by node, reusing its slices.
type moveReader struct {
	b      []byte
	node   int // the number of the node last read; -1 before the first
	parent int // its parent's number (-1 for the root)
	s      step
	err    error
}

func newMoveReader(b []byte) *moveReader { return &moveReader{b: b, node: -1} }

// reset makes r a reader of b, keeping the memory of its slices.
func (r *moveReader) reset(b []byte) {
	r.b, r.node, r.parent, r.err = b, -1, 0, nil
	r.s.setup, r.s.removed = r.s.setup[:0], r.s.removed[:0]
}

// next decodes the next node's record into r.s; it returns false at the end
// or on a malformed list (r.err).
func (r *moveReader) next() bool {
	if len(r.b) == 0 || r.err != nil {
		return false
	}
	h := r.b[0]
	b := r.b[1:]
	s := &r.s
	if h&mlCompact != 0 {
		if len(b) == 0 {
			r.err = errMoveList
			return false
		}
		s.color, s.pass, s.back = 1+int8(h>>6&1), false, 0
		s.setup, s.removed = s.setup[:0], s.removed[:0]
		s.x, s.y = int(h&63), int(b[0])
		r.b = b[1:]
		r.parent = r.node
		r.node++
		return true
	}
	s.color = int8(h & mlColor)
	s.pass = h&mlPass != 0
	s.setup, s.removed = s.setup[:0], s.removed[:0]
	s.back = 0
	if h&mlParent != 0 {
		d, k := binary.Uvarint(b)
		if k <= 0 || d == 0 || r.node < 0 || d > uint64(r.node) {
			r.err = errMoveList
			return false
		}
		b = b[k:]
		s.back = int(d)
	}
	if h&mlSetup != 0 {
		n, k := binary.Uvarint(b)
		if k <= 0 || uint64(len(b)-k)/3 < n {
			r.err = errMoveList
			return false
		}
		b = b[k:]
		for range n {
			s.setup = append(s.setup, stone{int8(b[0]), int(b[1]), int(b[2])})
			b = b[3:]
		}
	}
	if h&mlRemoved != 0 {
		n, k := binary.Uvarint(b)
		if k <= 0 || uint64(len(b)-k)/2 < n {
			r.err = errMoveList
			return false
		}
		b = b[k:]
		for range n {
			s.removed = append(s.removed, stone{0, int(b[0]), int(b[1])})
			b = b[2:]
		}
	}
	if s.color != 0 && !s.pass {
		if len(b) < 2 {
			r.err = errMoveList
			return false
		}
		s.x, s.y = int(b[0]), int(b[1])
		b = b[2:]
	}
	r.b = b
	r.parent = r.node - s.back
	r.node++
	return true
}

// board is a plain board replayed from a move list: no rules, the list has
// the captures.
type board struct {
	cols, rows int
	cells      []int8 // 0 empty, 1 black, 2 white; y*cols + x
	moves      int    // moves played (passes included)
}

func newBoard(cols, rows int) *board {
	return &board{cols: cols, rows: rows, cells: make([]int8, cols*rows)}
}

func (b *board) in(x, y int) bool { return x >= 0 && y >= 0 && x < b.cols && y < b.rows }

// apply plays one node on the board and calls changed (if not nil) for each
// point whose content changed, with its old and new colour.
func (b *board) apply(s *step, changed func(i int, old, new int8)) {
	set := func(x, y int, c int8) {
		if !b.in(x, y) {
			return
		}
		i := y*b.cols + x
		if old := b.cells[i]; old != c {
			b.cells[i] = c
			if changed != nil {
				changed(i, old, c)
			}
		}
	}
	for _, st := range s.setup {
		set(st.x, st.y, st.c)
	}
	if s.color != 0 {
		b.moves++
		if !s.pass {
			set(s.x, s.y, s.color)
		}
	}
	for _, st := range s.removed {
		set(st.x, st.y, 0)
	}
}
