package gogame

import (
	"errors"
	"fmt"
	"iter"
	"math/bits"
	"slices"
	"strconv"

	"github.com/sgf-toolkit/sgf/games"
	"github.com/sgf-toolkit/sgf/value"
)

// MaxSize is the largest number of columns or rows: FF[4] writes points with
// the letters a..z and A..Z, so boards go up to 52x52.
const MaxSize = 52

// cellsLen is a power of two at least the padded size of the largest
// board, (MaxSize+2)*(MaxSize+1): the cells and marks are arrays of that
// length, and the hot paths index them with i&cellMask, which the compiler
// knows to be in range, so that they have no bounds checks.
const (
	cellsLen = 4096
	cellMask = cellsLen - 1
)

// offBoard is padX and padY's entry for a letter that names no column or
// row: the sum of two entries is negative when either is offBoard (a
// padded index is below cellsLen).
const offBoard = -2 * cellsLen

// Color is the content of a point, or the colour of a player.
type Color uint8

// The colours. Empty is the zero value.
const (
	Empty Color = iota
	Black
	White
	border // the frame around the board; never visible outside the package
)

// Opponent returns White for Black, Black for White, and Empty otherwise.
func (c Color) Opponent() Color {
	switch c {
	case Black:
		return White
	case White:
		return Black
	}
	return Empty
}

// String returns "B", "W" or "." (the SGF colour letters; "." for empty).
func (c Color) String() string {
	switch c {
	case Empty:
		return "."
	case Black:
		return "B"
	case White:
		return "W"
	}
	return "Color(" + strconv.Itoa(int(c)) + ")"
}

// Point is a point of a board as a compact index y*cols + x, with x (the
// column) and y (the row) 0-based and counted from the upper left corner, as
// in SGF. NoPoint is not on any board.
type Point int

// NoPoint is returned by [Board.Point] for coordinates off the board.
const NoPoint Point = -1

// Sentinel errors, wrapped by [*Error].
var (
	ErrSize  = errors.New("board size out of range (1..52 columns and rows)")
	ErrPoint = errors.New("point off the board")
	ErrColor = errors.New("invalid color")
)

// Error reports a bad argument: the function, the offending value and the
// reason, one of the sentinel errors (the model is strconv.NumError).
type Error struct {
	Func  string // the function that failed: "New", "Play", "Set", ...
	Value string // the value, e.g. "53x19" or "400"
	Err   error  // ErrSize, ErrPoint or ErrColor
}

func (e *Error) Error() string { return "gogame." + e.Func + ": " + e.Value + ": " + e.Err.Error() }

// Unwrap returns the sentinel error.
func (e *Error) Unwrap() error { return e.Err }

// MoveInfo is what [Board.Play], [Board.Pass] and [Board.Try] report.
//
// The contract of Play and Pass is one for every move: each call is one
// action for [Board.Undo], whether the move was played or refused. A move
// with a valid colour and point is always played, as FF[4] requires, and
// the flags describe it (Occupied, Suicide, Ko, Superko); a move with an
// invalid colour or a point off the board is refused (Err set): it changes
// nothing but still counts as one action. So a program that undoes every
// move that Illegal reports restores its board exactly, and one that wants
// a move only if legal asks [Board.Try] first.
type MoveInfo struct {
	Color Color
	Point Point // NoPoint for a pass
	Pass  bool

	// Occupied is set when the point held a stone (Overwritten) before
	// the move; the stone was replaced, as FF[4] requires.
	Occupied    bool
	Overwritten Color

	// Suicide is set when the mover's own group was left without
	// liberties and removed; its stones are in Suicided and became
	// prisoners of the other side.
	Suicide bool

	// Ko is set when the move retakes a ko at once: the previous move
	// captured exactly one stone with a single stone that was then left
	// in atari, and this move captures it back.
	Ko bool

	// Superko is set when the position after the move (stones only,
	// positional superko) occurred before on this board since [New] or
	// [Board.Reset], found by its Zobrist hash. A simple ko recapture
	// repeats the position before the previous move, so Ko usually comes
	// with Superko; so does a one-stone suicide, which changes nothing.
	// Under situational superko ([Board.SetSituationalSuperko]) it is set
	// only when the position occurred before with the same player to move
	// (the opponent of the mover).
	Superko bool

	// Captured are the stones of the other colour removed by the move;
	// Suicided are the mover's own stones removed. Both slices share the
	// board's memory: they are valid until the next call that changes the
	// board (clone them to keep them).
	Captured []Point
	Suicided []Point

	// Err is set, and the move was not played, when the colour or point
	// is invalid (an *Error wrapping ErrColor or ErrPoint).
	Err error
}

// Illegal reports whether the move breaks a rule of Go (occupied point,
// suicide, ko or superko) or was not played at all (Err). Which of the
// rules a given rule set forbids is for the caller to decide: suicide is
// legal under New Zealand rules; Forbids reports by a set of them.
func (m MoveInfo) Illegal() bool { return m.Occupied || m.Suicide || m.Ko || m.Superko || m.Err != nil }

// Rule is a set of the rules of Go a move can break, for [MoveInfo.Forbids]
// (the rules of every game board, [games.Rule]).
type Rule = games.Rule

// The rules a move can break. AllRules forbids them all.
const (
	RuleOccupied = games.RuleOccupied // a stone on the point
	RuleSuicide  = games.RuleSuicide  // the mover's own group left without liberties
	RuleKo       = games.RuleKo       // the simple ko: a stone retaken at once
	RuleSuperko  = games.RuleSuperko  // positional superko: a position repeated
	AllRules     = games.AllRules
)

// Forbids reports whether the move breaks one of the rules in r, or was
// not played at all (Err): whether a game played under r forbids it.
func (m MoveInfo) Forbids(r Rule) bool {
	return m.Err != nil || m.Occupied && r&RuleOccupied != 0 || m.Suicide && r&RuleSuicide != 0 ||
		m.Ko && r&RuleKo != 0 || m.Superko && r&RuleSuperko != 0
}

// state is what an action can change of a board besides its points: a
// frame keeps it as it was before the action, and Undo restores it with
// one copy, as newFrame takes it.
type state struct {
	hash      uint64
	ko        int32 // padded index of the ko point, 0 when none
	moveNum   int32
	prisoners [2]int32 // taken by Black and by White
	koColor   Color    // the colour that may not retake at ko
	toPlay    Color
	pending   bool // the current position is not yet in seen
	// inserted is a frame's (always 0 in the board's): 1: the position
	// before was added to seen; 2: the one after (or deferred, see
	// maxStones); 4 and 8: they were added as situations (with the
	// player to move).
	inserted uint8
	// stones is the number of stones on the board. maxStones is at least
	// the stones of every position seen or deferred: a position with more
	// stones is none of them. Under positional superko the position
	// after a move that has more stones than maxStones is therefore
	// neither looked up nor put into seen: it is deferred, kept as its
	// frame (Board.deferredOf), and maxStones raised to its stones. Most
	// moves capture nothing and add a stone (issue 14: the hash set's
	// insertion was about 35 instructions a move). A frame of a move
	// under positional superko (inserted 2 without 8) has the position
	// after it deferred exactly when the stones after the move are more
	// than the frame's maxStones. A board has at most MaxSize*MaxSize
	// stones.
	stones, maxStones int16
}

// frame is one undoable action: the board's state before it, and where
// its cell changes start in the log.
type frame struct {
	state
	logStart int32
}

// Board is a Go board with its history. The zero Board is not usable; call
// [New].
type Board struct {
	cols, rows int
	stride     int
	n          int // cols*rows

	toInt   []int32              // compact -> padded (shared by the boards of this width)
	cells0  []uint8              // cells of the empty board, (rows+2)*stride of them
	toPoint []int32              // padded -> compact, -1 on the border (shared)
	zob     *[4][cellsLen]uint64 // keys by colour and padded index (shared)
	gen     uint32
	stack   []int32
	dirs    [4]int32
	// letters are the value of PlayLetters' move, for playSGF.
	letters [2]byte

	state
	emptyHash uint64

	frames []frame
	log    []uint32 // padded index << 2 | previous colour
	// capLog holds the points the last Play or Try removed, which its
	// MoveInfo's Captured and Suicided share: made from the cell log by
	// playInfo alone, not by every move.
	capLog []Point
	seen   hashSet
	// planes is nil until AppendPlanes first asks for it: three planes of
	// n bytes, row by row, 1 where the point is black (plane 0), white (1)
	// or empty (2), as the cells were when len(log) was planesAt. Changes
	// logged after that are brought in by the next AppendPlanes; Undo
	// takes back those before it in the planes too.
	planes   []byte
	planesAt int
	// noSuperko turns the position history off (SetSuperko).
	noSuperko bool
	// situational keeps situations, positions with the player to move
	// (SetSituationalSuperko).
	situational bool
	// positional is !noSuperko && !situational: positions are kept
	// without the player to move, play's common case tested at once.
	positional bool
	// moveInserted is the inserted of the frame of play's common move,
	// which is taken under positional superko or without superko: 2 with
	// superko (SetSuperko), 0 without.
	moveInserted uint8

	// The arrays, in the Board rather than pointed to (no load and nil
	// check a use), after the fields with pointers (which the garbage
	// collector reads up to the last).
	//
	// cells are the points, padded: (rows+2) x (cols+1), border all
	// round. Each holds the point's colour in its low two bits (colorBits)
	// and, above them in steps of libOne, the number of empty cells among
	// its four neighbours, kept as the cells change (set, play, Undo;
	// Reset copies cells0, an empty board's). So one load tells a stone's
	// colour and whether it touches a liberty, and whether any of a move's
	// neighbours is of the other colour without an empty neighbour is one
	// test of the four bytes as a word (play). The border's counts change
	// with their neighbours' (wrapping below zero, which leaves the colour
	// bits as they are) but mean nothing.
	cells [cellsLen]uint8
	marks [cellsLen]uint32 // flood-fill marks, by padded index
	// padX and padY map the letters of an SGF point to the padded
	// index: padX[x]+padY[y] is the cell of the point "xy", negative when
	// either letter names no column or row of the board (PlaySGF).
	padX, padY [256]int32
	// deferredOf[n] is 1 + the index of the frame whose position after
	// it is deferred (see state.maxStones) and has n stones; 0 for none.
	// There is at most one: each deferred position raises maxStones to
	// its stones, and maxStones never falls from one frame to the next
	// (only Undo lowers it, taking frames off), so the deferred positions
	// have more stones from one frame to the next. Only a position of
	// as many stones can be the same: a look-up of a position of n
	// stones looks in seen and compares with the deferred one of n
	// stones (Board.addSeen). Indexed by n&cellMask (n is at most
	// MaxSize*MaxSize).
	deferredOf [cellsLen]int32
}

// New returns an empty board with cols columns and rows rows, each between
// 1 and [MaxSize]. Black is to play.
func New(cols, rows int) (*Board, error) {
	if cols < 1 || cols > MaxSize || rows < 1 || rows > MaxSize {
		return nil, &Error{"New", strconv.Itoa(cols) + "x" + strconv.Itoa(rows), ErrSize}
	}
	b := &Board{cols: cols, rows: rows, stride: cols + 1, n: cols * rows, positional: true, moveInserted: 2}
	l := layoutFor(cols, rows)
	size := (rows + 2) * b.stride
	b.toInt, b.toPoint = l.toInt[:b.n], l.toPoint
	b.zob = l.zob
	b.cells0 = make([]uint8, size)
	for i := range size {
		if p := l.toPoint[i]; p < 0 || int(p) >= b.n {
			b.cells0[i] = uint8(border)
		}
	}
	b.dirs = [4]int32{-1, 1, int32(-b.stride), int32(b.stride)}
	// An empty board's point has a liberty for each neighbour on the
	// board. The border's counts are never read (only stones' are).
	for _, i := range b.toInt {
		c, s := b.cells0, int32(b.stride)
		col := func(j int32) Color { return Color(c[j] & colorBits) }
		libs := is(col(i-1), Empty) + is(col(i+1), Empty) + is(col(i-s), Empty) + is(col(i+s), Empty)
		c[i] |= uint8(libs) * libOne
	}
	for l := range 256 {
		b.padX[l], b.padY[l] = offBoard, offBoard
		if v := value.Coord(byte(l)); v >= 0 {
			if v < cols {
				b.padX[l] = int32(v)
			}
			if v < rows {
				b.padY[l] = int32((v + 1) * b.stride)
			}
		}
	}
	b.emptyHash = splitmix(uint64(cols)<<8 | uint64(rows))
	b.stack = make([]int32, 0, b.n)
	b.frames = make([]frame, 0, 256)
	b.log = make([]uint32, 0, 512)
	b.capLog = make([]Point, 0, 128)
	b.seen.init()
	b.Reset()
	return b, nil
}

// Reset empties the board and forgets its history (prisoners, ko, the
// positions seen, undo), keeping its memory. Black is to play.
func (b *Board) Reset() {
	copy(b.cells[:], b.cells0) // the empty board, its border and counts
	b.hash = b.emptyHash
	b.ko, b.koColor = 0, Empty
	b.toPlay = Black
	b.moveNum = 0
	b.prisoners = [2]int32{}
	clear(b.deferredOf[:b.maxStones+1]) // none has more stones
	b.stones, b.maxStones = 0, 0
	b.pending = true
	b.frames = b.frames[:0]
	b.log = b.log[:0]
	b.capLog = b.capLog[:0]
	b.seen.reset()
	if b.planes != nil {
		b.resetPlanes()
	}
}

// SetSuperko turns the positional superko check on or off; it is on after
// New. Off, the board keeps no history of positions: Play never reports
// Superko and does less work (for callers that only need captures,
// suicide and simple ko). Undo stays exact either way, also across a
// change of the setting.
func (b *Board) SetSuperko(on bool) {
	b.noSuperko = !on
	b.positional = on && !b.situational
	b.moveInserted = 0
	if on {
		b.moveInserted = 2
	}
}

// SetSituationalSuperko chooses situational superko (on) or positional
// superko (off, the default after New) for [MoveInfo.Superko]: a
// situation is the stones together with the player to move, so a move is a
// situational superko only when it recreates an earlier position with the
// same player to move; positions after passes count too. Set it before the
// first move (after [Board.Reset]): the positions already seen were kept
// the other way. Undo stays exact either way.
func (b *Board) SetSituationalSuperko(on bool) {
	b.situational = on
	b.positional = !on && !b.noSuperko
}

// whiteToPlay is xor-ed into the hash of a situation with White to play.
var whiteToPlay = splitmix(0x5157)

// situation returns the key kept in seen for the stones hash h with c to
// play, and the bit of frame.inserted that says it was a situation.
func (b *Board) situation(h uint64, c Color) (uint64, uint8) {
	if !b.situational {
		return h, 0
	}
	if c == White {
		h ^= whiteToPlay
	}
	return h, 1
}

// Cols returns the number of columns.
func (b *Board) Cols() int { return b.cols }

// Rows returns the number of rows.
func (b *Board) Rows() int { return b.rows }

// Len returns the number of points, cols*rows; points are 0..Len()-1.
func (b *Board) Len() int { return b.n }

// Point returns the point at column x and row y (0-based, from the upper
// left), or NoPoint when that is off the board.
func (b *Board) Point(x, y int) Point {
	if x < 0 || x >= b.cols || y < 0 || y >= b.rows {
		return NoPoint
	}
	return Point(y*b.cols + x)
}

// XY returns the column and row of p; (-1, -1) when p is off the board.
func (b *Board) XY(p Point) (x, y int) {
	if p < 0 || int(p) >= b.n {
		return -1, -1
	}
	return int(p) % b.cols, int(p) / b.cols
}

// At returns the colour at p (Empty when p is off the board).
func (b *Board) At(p Point) Color {
	if p < 0 || int(p) >= b.n {
		return Empty
	}
	return Color(b.cells[b.toInt[p]] & colorBits)
}

// Stones yields every stone on the board with its colour, row by row from
// the upper left.
func (b *Board) Stones() iter.Seq2[Point, Color] {
	return func(yield func(Point, Color) bool) {
		for p := range b.n {
			if c := Color(b.cells[b.toInt[p]] & colorBits); c != Empty {
				if !yield(Point(p), c) {
					return
				}
			}
		}
	}
}

// Hash returns the Zobrist hash of the stones on the board. Equal
// positions on boards of the same size have equal hashes; the seed is fixed,
// so hashes are the same from run to run.
func (b *Board) Hash() uint64 { return b.hash }

// Prisoners returns the number of stones captured by c (including the
// other side's suicides).
func (b *Board) Prisoners(c Color) int {
	if c != Black && c != White {
		return 0
	}
	return int(b.prisoners[c-Black])
}

// ToPlay returns the player to move: Black at first, then the opponent of
// the last mover, unless set with [Board.SetToPlay] (PL).
func (b *Board) ToPlay() Color { return b.toPlay }

// MoveNumber returns the number of moves (plays and passes) made, or the
// number set with [Board.SetMoveNumber] (MN) plus the moves since.
func (b *Board) MoveNumber() int { return int(b.moveNum) }

// KoPoint returns the point that the player to move may not take at once
// because of the simple ko rule, and that player; NoPoint when there is none.
func (b *Board) KoPoint() (Point, Color) {
	if b.ko == 0 {
		return NoPoint, Empty
	}
	return Point(b.toPoint[b.ko]), b.koColor
}

// History returns the number of actions that [Board.Undo] can take back. It
// is a mark for [Board.UndoTo]: a cursor takes it before executing a node
// and undoes to it to step back.
func (b *Board) History() int { return len(b.frames) }

// newFrame adds a frame for a new action and returns it, filled with the
// board's scalars.
func (b *Board) newFrame() *frame {
	if len(b.frames) == cap(b.frames) {
		b.growFrames()
	}
	b.frames = b.frames[:len(b.frames)+1]
	f := &b.frames[len(b.frames)-1]
	// One copy of the state: the board's fields were stored by the last
	// action, long enough ago that the wide loads need not wait for them
	// (unlike a composite literal built on the stack and copied at once).
	f.state = b.state // b.inserted is 0
	f.logStart = int32(len(b.log))
	return f
}

// growFrames makes room for more frames (the history is kept): twice as
// many, not append's quarter more of a long slice, so that a history of
// n actions allocates about 2n frames in all, not 5n (a main line of
// 200,000 moves: 68 MB of frames allocated before). It is not inlined:
// in play, its code kept the frames' slice on the stack.
//
//go:noinline
func (b *Board) growFrames() {
	b.frames = slices.Grow(b.frames, max(len(b.frames), 64))
}

// The fields of a cell (Board.cells).
const (
	colorBits = 3 // the colour
	libOne    = 4 // one empty neighbour
)

// set changes one padded cell, logging it for undo and updating the hash.
func (b *Board) set(i int32, c Color) {
	cell := b.cells[i&cellMask]
	old := Color(cell & colorBits)
	b.log = append(b.log, uint32(i)<<2|uint32(old))
	// zob[Empty] is all zero: only stones change the hash
	if old != Empty {
		b.hash ^= b.zob[old&3][i&cellMask]
		b.stones--
	}
	if c != Empty {
		b.hash ^= b.zob[c&3][i&cellMask]
		b.stones++
	}
	b.cells[i&cellMask] = cell&^colorBits | uint8(c)
	if (old == Empty) != (c == Empty) {
		b.addLibs(i, c)
	}
}

// addLibs updates the counts of empty neighbours around padded index i,
// whose cell became c from empty or empty from a stone.
func (b *Board) addLibs(i int32, c Color) {
	d := uint8(libOne) // i became empty: one more empty neighbour each
	if c != Empty {
		d = -d
	}
	l, s := &b.cells, int32(b.stride)
	l[(i-1)&cellMask] += d
	l[(i+1)&cellMask] += d
	l[(i-s)&cellMask] += d
	l[(i+s)&cellMask] += d
}

// newMove makes room for the few mark generations one move uses and
// returns the first of them.
func (b *Board) newMove() uint32 {
	if b.gen > ^uint32(0)-8 {
		clear(b.marks[:])
		b.gen = 0
	}
	return b.gen + 1
}

// hasLiberty floods the group at i with a new mark generation and stops at
// the first liberty, seen from the stone next to it (a stone of the flood
// with an empty neighbour, or with a neighbour of its colour that has
// one: the group's stones are not all marked then, which only the
// answer false needs). A stone marked by an earlier flood of the same move
// (generation >= since) belongs to a group that was found to have a liberty
// (groups without one are removed), so meeting one ends the flood too. When
// it returns false, b.stack holds the whole group.
func (b *Board) hasLiberty(i int32, since uint32) bool {
	b.gen++
	gen := b.gen
	cells, marks := &b.cells, &b.marks
	c := cells[i&cellMask] & colorBits
	// The stack has room for every point (New): a group has at most as
	// many stones, each taken once (its mark), so the stones are written
	// by index, not appended: an append's call to grow made the loop keep
	// its values on the stack.
	st := b.stack[:cap(b.stack)]
	st[0] = i
	top := 1
	marks[i&cellMask] = gen
	sm := int32(b.stride)
	same := uint32(c) * 0x01010101
	for k := 0; k < top; k++ {
		s := st[k]
		// A stone with an empty neighbour (its count) gives the group a
		// liberty, and so does a neighbour of its colour with one (as
		// nearLiberty tests it: the flood ends a stone earlier). Else
		// its four neighbours as the bytes of one word, in the order of
		// b.dirs: those of the group are taken in that order, as a loop
		// over b.dirs would.
		nb := uint32(cells[(s-1)&cellMask]) | uint32(cells[(s+1)&cellMask])<<8 | uint32(cells[(s-sm)&cellMask])<<16 | uint32(cells[(s+sm)&cellMask])<<24
		x := nb ^ same
		group := zeroBytes(x & 0x03030303)
		if cells[s&cellMask] >= libOne || group&^zeroBytes(x) != 0 {
			b.stack = st[:top]
			return true
		}
		for m := group; m != 0; m &= m - 1 {
			n := s + b.dirs[bits.TrailingZeros32(m)>>3]
			if mk := marks[n&cellMask]; mk != gen {
				if mk >= since {
					b.stack = st[:top]
					return true
				}
				marks[n&cellMask] = gen
				st[top] = n
				top++
			}
		}
	}
	b.stack = st[:top]
	return false
}

// touchesEmpty reports whether the point at padded index i has an empty
// neighbour: the group there has a liberty, without a flood fill (the
// common case, checked first).
func (b *Board) touchesEmpty(i int32) bool {
	return b.cells[i&cellMask] >= libOne
}

// zeroBytes returns x with 0x80 in each byte that is zero in x and 0 in
// the others, without a branch.
func zeroBytes(x uint32) uint32 { return ^(x&0x7f7f7f7f + 0x7f7f7f7f | x) & 0x80808080 }

// is returns 1 when a == b, else 0, without a branch (colours are 0..3).
func is(a, b Color) uint32 { return uint32(uint8(a^b)-1) >> 7 & 1 }

// nearLiberty reports whether a stone of the same colour next to the one at
// padded index i has an empty neighbour: then the group at i has a liberty,
// found without a flood fill (stones usually join groups near their
// liberties).
func (b *Board) nearLiberty(i int32) bool {
	// The four neighbours as the bytes of a word, without a branch each
	// (which was hard to predict): a byte whose colour bits are the
	// stone's, and that is not the colour alone (no empty neighbour).
	c, s := &b.cells, int32(b.stride)
	same := uint32(c[i&cellMask]&colorBits) * 0x01010101
	nb := uint32(c[(i-1)&cellMask]) | uint32(c[(i+1)&cellMask])<<8 | uint32(c[(i-s)&cellMask])<<16 | uint32(c[(i+s)&cellMask])<<24
	x := nb ^ same
	return zeroBytes(x&0x03030303)&^zeroBytes(x) != 0
}

// removeStack empties every point in b.stack, logging them in the cell
// log.
func (b *Board) removeStack() {
	l, sm := &b.cells, int32(b.stride)
	for _, s := range b.stack {
		// set(s, Empty), written out: s holds a stone.
		cell := l[s&cellMask]
		old := cell & colorBits
		b.log = append(b.log, uint32(s)<<2|uint32(old))
		b.hash ^= b.zob[old&3][s&cellMask]
		b.stones--
		l[s&cellMask] = cell &^ colorBits
		l[(s-1)&cellMask] += libOne
		l[(s+1)&cellMask] += libOne
		l[(s-sm)&cellMask] += libOne
		l[(s+sm)&cellMask] += libOne
	}
}

func (b *Board) checkPoint(fn string, p Point) error {
	if p < 0 || int(p) >= b.n {
		return &Error{fn, b.pointName(p), ErrPoint}
	}
	return nil
}

// pointName names a point that is off the board, with its coordinates
// where the index has any: "NoPoint (as Point returns for coordinates off
// the 19x19 board)", "400 (x 1, y 21 on 19x19)".
func (b *Board) pointName(p Point) string {
	size := strconv.Itoa(b.cols) + "x" + strconv.Itoa(b.rows)
	if p < 0 {
		return "NoPoint (as Point returns for coordinates off the " + size + " board)"
	}
	return strconv.Itoa(int(p)) + " (x " + strconv.Itoa(int(p)%b.cols) + ", y " + strconv.Itoa(int(p)/b.cols) + " on " + size + ")"
}

// xyName names the coordinates x and y on b: "x 19, y 3 on 19x19".
func (b *Board) xyName(x, y int) string {
	return "x " + strconv.Itoa(x) + ", y " + strconv.Itoa(y) + " on " + strconv.Itoa(b.cols) + "x" + strconv.Itoa(b.rows)
}

func colorError(fn string, c Color) error {
	return &Error{fn, fmt.Sprint(uint8(c)), ErrColor}
}

// Play executes a move of colour c at p the way FF[4] says, whatever the
// rules of Go think of it, and reports what happened (see [MoveInfo] for
// the contract). When c is not Black or White or p is off the board the
// move is refused: MoveInfo.Err is set and nothing changes but the
// history, which gains one action that undoes nothing.
func (b *Board) Play(c Color, p Point) MoveInfo {
	// A small wrapper that the compiler inlines: playInfo fills the
	// caller's MoveInfo in place. Returning the large struct from it
	// costs copies whose loads stall on the stores just made.
	var info MoveInfo
	b.playInfo(c, p, &info)
	return info
}

// PlayRules is Play for replaying many moves: it executes the move exactly
// as Play does and returns only the rules of Go it broke (MoveInfo's
// flags as a Rule: RuleOccupied, RuleSuicide, RuleKo, RuleSuperko; 0 for
// a legal move), without building a MoveInfo. A refused move (c not Black
// or White, p off the board) changes nothing but the history, as with
// Play, and returns AllRules, which no played move breaks at once.
func (b *Board) PlayRules(c Color, p Point) Rule {
	if uint8(c-Black) > 1 || uint(p) >= uint(b.n) {
		return b.refuse()
	}
	return b.play(c, b.toInt[p])
}

// refuse records a refused Play for PlayRules.
func (b *Board) refuse() Rule {
	b.newFrame()
	return AllRules
}

// PlayAt is Play at column x and row y (0-based, from the upper left);
// an error for coordinates off the board names them.
func (b *Board) PlayAt(c Color, x, y int) MoveInfo {
	p := b.Point(x, y)
	info := b.Play(c, p)
	if p == NoPoint && info.Err != nil && errors.Is(info.Err, ErrPoint) {
		info.Err = &Error{"PlayAt", b.xyName(x, y), ErrPoint}
	}
	return info
}

// Try reports what Play would report for a move of c at p, without
// changing the board (its stones, history, ko and positions seen stay as
// they were). The slices Captured and Suicided share the board's memory
// as after Play: valid until the next change of the board.
func (b *Board) Try(c Color, p Point) MoveInfo {
	var info MoveInfo
	b.playInfo(c, p, &info)
	b.Undo()
	return info
}

// playInfo is Play, filling info.
func (b *Board) playInfo(c Color, p Point, info *MoveInfo) {
	info.Color, info.Point = c, p
	if c != Black && c != White {
		info.Err = colorError("Play", c)
		b.newFrame()
		return
	}
	if err := b.checkPoint("Play", p); err != nil {
		info.Err = err
		b.newFrame()
		return
	}
	i := b.toInt[p]
	old := Color(b.cells[i] & colorBits)
	r := b.play(c, i)
	info.Occupied, info.Overwritten = r&RuleOccupied != 0, old
	info.Ko = r&RuleKo != 0
	info.Superko = r&RuleSuperko != 0
	// The points removed are the cell log's entries after the stone's
	// own, the move's first (play), in the order removed: the captures,
	// or the mover's group of a suicide (which captures nothing).
	b.capLog = b.capLog[:0]
	for _, e := range b.log[b.frames[len(b.frames)-1].logStart+1:] {
		b.capLog = append(b.capLog, Point(b.toPoint[e>>2]))
	}
	removed := b.capLog[:len(b.capLog):len(b.capLog)]
	if r&RuleSuicide != 0 {
		info.Suicide = true
		info.Captured = b.capLog[:0:0]
		info.Suicided = removed
	} else {
		info.Captured = removed
	}
}

// play executes a move of c (Black or White) at the padded index i and
// returns the rules it broke. For PlayLetters (c any colour; i negative
// when its letters name no point of the board) it leaves a colour other
// than Black and White and a negative i to playSGF. It takes no value
// (PlaySGF calls playSGF): a value's three words were made and kept on
// the stack on every move.
func (b *Board) play(c Color, i int32) Rule {
	if i < 0 || c == Empty {
		return b.playSGF(c, nil)
	}
	var r Rule
	// The move's frame: the common cases (room for the frame and the
	// stone's entry in the cell log, and positional superko with the
	// position before the move in seen, or no superko) written out, any
	// other made by moveFrame.
	// Every call but the last ones (playCaptures, playEnd) is in that
	// branch, so that the values that live across them are kept on the
	// stack there, not on every move.
	if n := len(b.frames); n < cap(b.frames) && len(b.log) < cap(b.log) && (b.positional && !b.pending || b.noSuperko) {
		// Under positional superko the position after the move goes
		// into seen below (2), without superko nothing (0).
		b.addFrame(n).inserted = b.moveInserted
	} else {
		// c and i come back from the call: no value of play lives
		// across it but b.
		c, i = b.moveFrame(c, i)
	}
	if i == b.ko && c == b.koColor {
		r |= RuleKo
	}
	// set, written out: the point is read once, and a move puts a stone.
	// The stone's count of empty neighbours stays; its neighbours' fall
	// by one when it was empty.
	cells := &b.cells
	cell := cells[i&cellMask]
	old := Color(cell & colorBits)
	dec := uint8(libOne)
	if old != Empty {
		r |= RuleOccupied
		b.hash ^= b.zob[old&3][i&cellMask]
		b.stones--
		dec = 0 // a branch rarely taken, not the decrement by is(old, Empty)
	}
	k := len(b.log) // below cap(b.log): see moveFrame
	lg := b.log[:k+1]
	b.log = lg                         // before the store: only the length is written
	lg[k] = uint32(i)<<2 | uint32(old) // no bounds check: k < len(lg)
	b.hash ^= b.zob[c&3][i&cellMask]
	cells[i&cellMask] = cell&^colorBits | uint8(c)
	b.stones++

	// The four neighbours, their counts updated, as the bytes of a word
	// in the order of b.dirs.
	s := int32(b.stride)
	w, e, u, d := (i-1)&cellMask, (i+1)&cellMask, (i-s)&cellMask, (i+s)&cellMask
	cw, ce, cu, cd := cells[w]-dec, cells[e]-dec, cells[u]-dec, cells[d]-dec
	cells[w], cells[e], cells[u], cells[d] = cw, ce, cu, cd
	nb := uint32(cw) | uint32(ce)<<8 | uint32(cu)<<16 | uint32(cd)<<24
	// The common move takes nothing and keeps a liberty: no neighbour is
	// of the other colour without an empty neighbour (other than i, now
	// the stone), a byte of nb that is that colour alone, and the stone
	// has an empty neighbour. The four neighbours are tested at once,
	// without a branch each: a loop over the neighbours of the other
	// colour and its tests were play's most mispredicted branches (perf:
	// a third of play's time), and so was whether the move has a
	// neighbour of the other colour at all. Any other move goes on in
	// playCaptures, and a position that is looked up in playEnd: the
	// common path calls neither the flood fills nor the hash set, whose
	// calls kept more values on the stack (BenchmarkReplay, KGS: 2.3 % of
	// the instructions).
	if m := zeroBytes(nb ^ uint32(c^3)*0x01010101); m != 0 {
		// The neighbours of the other colour without an empty neighbour:
		// playCaptures looks at these alone.
		return b.playCaptures(c, r, m)
	}
	if cell < libOne {
		return b.playCaptures(c, r, 0)
	}
	b.ko, b.koColor = 0, Empty
	if st := b.stones; st > b.maxStones && b.positional {
		// playEnd's common case, written out: more stones than any
		// position seen (see state.maxStones).
		b.maxStones = st
		// This move's frame's index + 1, read again: n and i, kept
		// until here, were kept on the stack on every move.
		b.deferredOf[st&cellMask] = int32(len(b.frames))
		b.toPlay = c ^ 3
		b.moveNum++
		return r
	}
	return b.playEnd(c, r)
}

// addFrame adds frame n, below cap(b.frames), for play's common case,
// filled with the board's scalars (as newFrame), and returns it.
func (b *Board) addFrame(n int) *frame {
	fr := b.frames[:n+1]
	f := &fr[n] // no bounds check: n < len(fr)
	b.frames = fr
	f.state = b.state // b.inserted is 0
	f.logStart = int32(len(b.log))
	return f
}

// moveFrame makes the frame of a move for play when it is not play's
// common case: it makes room for more frames or more of the cell log, or
// takes the superko step before the move (seenBefore). It leaves room for
// one more entry in the cell log, the move's stone. It returns c and i as
// they were (see play).
//
//go:noinline
func (b *Board) moveFrame(c Color, i int32) (Color, int32) {
	if len(b.log) == cap(b.log) {
		b.log = slices.Grow(b.log, len(b.log)+1)
	}
	f := b.newFrame()
	if b.positional && !b.pending {
		f.inserted = 2 // the position after the move goes into seen
	} else if !b.noSuperko {
		b.seenBefore(f)
	}
	return c, i
}

// playCaptures is play from the neighbours of the other colour in m (a
// byte set for each of the four neighbours of the stone c put at padded
// index i, in the order of b.dirs) that have no empty neighbour (0 when
// there are none and the stone has no empty neighbour either): the groups
// without a liberty are taken, else the stone's own group when it has
// none (suicide). r is the rules broken so far.
func (b *Board) playCaptures(c Color, r Rule, m uint32) Rule {
	i := int32(b.log[len(b.log)-1] >> 2) // the stone's entry, play's last
	opp := c ^ 3                         // c.Opponent(): c is Black or White
	logStart := len(b.log)
	since := b.newMove()
	cells, s := &b.cells, int32(b.stride)
	same := uint32(opp) * 0x01010101
	for ; m != 0; m &= m - 1 {
		// A neighbour of m has no empty neighbour (play) unless a group
		// removed before it in this loop was next to it, which makes it
		// a stone of that group, marked as the groups already looked at
		// are (since): no test of its count.
		n := i + b.dirs[bits.TrailingZeros32(m)>>3]
		if b.marks[n&cellMask] >= since {
			continue
		}
		// nearLiberty(n), written out (not inlined, its call cost about
		// ten instructions): a stone of its group next to it has an
		// empty neighbour.
		nb := uint32(cells[(n-1)&cellMask]) | uint32(cells[(n+1)&cellMask])<<8 | uint32(cells[(n-s)&cellMask])<<16 | uint32(cells[(n+s)&cellMask])<<24
		if x := nb ^ same; zeroBytes(x&0x03030303)&^zeroBytes(x) != 0 {
			continue
		}
		if !b.hasLiberty(n, since) {
			b.removeStack()
		}
	}
	captured := len(b.log) - logStart // one entry a stone removed
	b.ko, b.koColor = 0, Empty
	if captured == 0 {
		if !b.touchesEmpty(i) && !b.nearLiberty(i) && !b.hasLiberty(i, b.gen+1) {
			r |= RuleSuicide
			b.removeStack()
			b.prisoners[opp-Black] += int32(len(b.stack))
		}
	} else {
		b.prisoners[c>>1] += int32(captured) // c-Black
		if captured == 1 {
			b.checkKo(i, c)
		}
	}
	return b.playEnd(c, r)
}

// playEnd ends a move of c that broke the rules r: the position after it
// deferred (see state.maxStones), or else looked up and put into seen.
// It is not inlined (play writes its common case out).
//
//go:noinline
func (b *Board) playEnd(c Color, r Rule) Rule {
	opp := c ^ 3
	if st := b.stones; st > b.maxStones && b.positional {
		// More stones than any position seen.
		b.maxStones = st
		b.deferredOf[st&cellMask] = int32(len(b.frames)) // this move's frame's index + 1
	} else if b.positional {
		if b.addSeen(b.hash) > 0 {
			r |= RuleSuperko
		}
	} else if !b.noSuperko {
		k, _ := b.situation(b.hash, opp)
		if b.addSeen(k) > 0 {
			r |= RuleSuperko
		}
	}
	b.toPlay = opp
	b.moveNum++
	return r
}

// checkKo sets the ko after a move of c at padded index i that captured
// one stone, the last entry of the cell log: a lone stone whose only
// liberty is the stone it just took is a ko, which the opponent may not
// take back at once. It is not inlined: in play, the neighbours' indices it shares with
// the move's first look at them were kept on the stack across the flood
// fills (eight instructions a move).
//
//go:noinline
func (b *Board) checkKo(i int32, c Color) {
	cells, s := &b.cells, int32(b.stride)
	libs := cells[i&cellMask] / libOne
	col := func(j int32) Color { return Color(cells[j&cellMask] & colorBits) }
	friends := is(col(i-1), c) + is(col(i+1), c) + is(col(i-s), c) + is(col(i+s), c)
	if libs == 1 && friends == 0 {
		b.ko = int32(b.log[len(b.log)-1] >> 2)
		b.koColor = c ^ 3
	}
}

// seenBefore is play's superko step before the move when it is not the
// common one (positional superko, the position before the move already in
// seen): the position after the move goes into seen (2, and 8 as a
// situation), and the one before it now when it is not there.
func (b *Board) seenBefore(f *frame) {
	inserted := uint8(2)
	if b.situational {
		inserted |= 8
	}
	if b.pending {
		k, sit := b.situation(b.hash, b.toPlay)
		b.seen.add(k)
		inserted |= 1 | sit<<2
		b.pending = false
		// The frame's maxStones too: whether the position after the
		// move is deferred is decided by it (see state.maxStones), and
		// a bound above the stones of every position seen stays one.
		b.maxStones = max(b.maxStones, b.stones)
		f.maxStones = b.maxStones
	}
	f.inserted = inserted
}

// addSeen adds the key k of the present position to seen and returns how
// many times it was seen or deferred before (see state.maxStones).
func (b *Board) addSeen(k uint64) int32 {
	var dup int32
	if d := int(b.deferredOf[b.stones&cellMask]); d != 0 && b.frames[d].hash == k {
		// The deferred position of as many stones: the position after
		// frame d-1 is the one before frame d (a look-up is made by an
		// action after it).
		dup = 1
	}
	b.maxStones = max(b.maxStones, b.stones)
	if b.seen.addFresh(k) {
		return dup
	}
	return b.seen.add(k) + dup
}

// deferred reports whether the position after the move of frame f, with
// stones stones, was deferred (see state.maxStones).
func deferred(f *frame, stones int16) bool {
	return f.inserted&10 == 2 && stones > f.maxStones
}

// flushDeferred puts the deferred position of n stones into seen, if there
// is one: for Forget, which drops the frames. The position after the action
// of frame k is the one before frame k+1, or the board's for the last
// frame.
func (b *Board) flushDeferred(n int16) {
	k := int(b.deferredOf[n&cellMask])
	if k == 0 {
		return
	}
	h := b.hash
	if k < len(b.frames) {
		h = b.frames[k].hash
	}
	b.seen.add(h)
	b.deferredOf[n&cellMask] = 0
}

// Pass records a pass by c: the player to move becomes the opponent, the
// move number grows, and any ko is lifted. Like Play, each call is one
// action for Undo, also when c is not Black or White (Err set, nothing
// changed).
func (b *Board) Pass(c Color) MoveInfo {
	info := MoveInfo{Color: c, Point: NoPoint, Pass: true}
	if c != Black && c != White {
		info.Err = colorError("Pass", c)
		b.newFrame()
		return info
	}
	f := b.newFrame()
	if b.situational && !b.noSuperko {
		// a pass changes the situation: the player to move
		if b.pending {
			k, _ := b.situation(b.hash, b.toPlay)
			b.seen.add(k)
			f.inserted |= 1 | 4
			b.pending = false
		}
		k, _ := b.situation(b.hash, c.Opponent())
		b.seen.add(k)
		f.inserted |= 2 | 8
		b.maxStones = max(b.maxStones, b.stones)
	}
	b.ko, b.koColor = 0, Empty
	b.toPlay = c.Opponent()
	b.moveNum++
	return info
}

// Set puts c (Black, White or Empty) on p, overwriting whatever was there,
// without any capture: the setup properties AB, AW and AE. "Adding a stone
// doesn't make any prisoners nor any other captures (e.g. suicide). Thus
// it's possible to create illegal board positions." Set lifts any ko. Each
// call is one action for [Board.Undo], even when it changes nothing.
func (b *Board) Set(p Point, c Color) error {
	if c > White {
		return colorError("Set", c)
	}
	if err := b.checkPoint("Set", p); err != nil {
		return err
	}
	b.newFrame()
	b.ko, b.koColor = 0, Empty
	i := b.toInt[p]
	if Color(b.cells[i]&colorBits) != c {
		b.set(i, c)
		b.pending = true
	}
	return nil
}

// SetToPlay sets the player to move (PL). It is one action for
// [Board.Undo].
func (b *Board) SetToPlay(c Color) error {
	if c != Black && c != White {
		return colorError("SetToPlay", c)
	}
	b.newFrame()
	if b.situational && b.toPlay != c {
		b.pending = true // a new situation
	}
	b.toPlay = c
	return nil
}

// SetMoveNumber sets the move number (MN: "a move specified in this node
// has exactly this move-number"; call it after the node's move). It is one
// action for [Board.Undo].
func (b *Board) SetMoveNumber(n int) {
	b.newFrame()
	b.moveNum = int32(n)
}

// Undo takes back the last action (Play, Pass, Set, SetToPlay or
// SetMoveNumber), restoring the stones, hash, prisoners, ko, player to move
// and move number exactly. It reports false when there is nothing to undo.
func (b *Board) Undo() bool {
	if len(b.frames) == 0 {
		return false
	}
	last := len(b.frames) - 1
	f := &b.frames[last]
	if f.inserted&2 != 0 && deferred(f, b.stones) {
		b.deferredOf[b.stones&cellMask] = 0
	} else if f.inserted&2 != 0 {
		k := b.hash
		if f.inserted&8 != 0 && b.toPlay == White {
			k ^= whiteToPlay
		}
		b.seen.remove(k)
	}
	for k := len(b.log) - 1; k >= int(f.logStart); k-- {
		e := b.log[k]
		if k < b.planesAt {
			b.setPlanes(int32(e>>2), Color(e&3))
		}
		x, c := int32(e>>2), Color(e&3)
		cell := b.cells[x&cellMask]
		if (cell&colorBits == 0) != (c == Empty) {
			b.addLibs(x, c)
		}
		b.cells[x&cellMask] = cell&^colorBits | uint8(c)
	}
	b.planesAt = min(b.planesAt, int(f.logStart))
	b.log = b.log[:f.logStart]
	if f.inserted&1 != 0 {
		k := f.hash
		if f.inserted&4 != 0 && f.toPlay == White {
			k ^= whiteToPlay
		}
		b.seen.remove(k)
	}
	b.state = f.state
	b.inserted = 0
	b.frames = b.frames[:last]
	return true
}

// UndoTo undoes actions until [Board.History] is mark (it does nothing
// when History is already at or below mark).
func (b *Board) UndoTo(mark int) {
	for len(b.frames) > mark && b.Undo() {
	}
}

// AppendColors appends the colour of every point to dst, row by row from
// the upper left (index y*Cols()+x, as Point numbers them), and returns
// the extended slice: Len() bytes, 0 for empty, 1 for Black, 2 for White.
// With a dst of enough capacity it does not allocate.
func (b *Board) AppendColors(dst []Color) []Color {
	dst = slices.Grow(dst, b.n)
	for y := range b.rows {
		for _, cell := range b.cells[(y+1)*b.stride:][:b.cols] {
			dst = append(dst, Color(cell&colorBits))
		}
	}
	return dst
}

// planeOf is the plane of each colour in Board.planes.
var planeOf = [4]int{Black: 0, White: 1, Empty: 2}

// setPlanes puts the point at padded index i in the plane of c only.
func (b *Board) setPlanes(i int32, c Color) {
	p := int(b.toPoint[i])
	n := b.n
	b.planes[p], b.planes[n+p], b.planes[2*n+p] = 0, 0, 0
	b.planes[planeOf[c&3]*n+p] = 1
}

// resetPlanes fills the planes from the cells.
func (b *Board) resetPlanes() {
	pl := b.planes
	clear(pl)
	for p := range b.n {
		pl[planeOf[b.cells[b.toInt[p]]&3]*b.n+p] = 1
	}
	b.planesAt = len(b.log)
}

// AppendPlanes appends three feature planes of the position to dst, for
// machine learning, and returns the extended slice: 3*Len() bytes, each
// plane row by row from the upper left (as Point numbers the points), 1
// where the point holds a stone of perspective (plane 0), a stone of its
// opponent (plane 1), or nothing (plane 2), 0 elsewhere. perspective
// Empty means the player to move.
//
// Once asked, the board keeps the planes: each call brings in the points
// changed since the last one (Undo takes them back as it goes), so that a
// position's planes cost a copy of 3*Len() bytes and a few points; with
// a dst of enough capacity it does not allocate (after the first call).
// As it brings the kept planes up to date, it changes the board as Play
// does for the rules of concurrent use: not at the same time as any other
// call on the board.
func (b *Board) AppendPlanes(dst []byte, perspective Color) []byte {
	if b.planes == nil {
		b.planes = make([]byte, 3*b.n)
		b.resetPlanes()
	}
	for _, e := range b.log[b.planesAt:] {
		b.setPlanes(int32(e>>2), Color(b.cells[e>>2]&colorBits))
	}
	b.planesAt = len(b.log)
	if perspective != Black && perspective != White {
		perspective = b.toPlay
	}
	n := b.n
	own, opp := b.planes[:n], b.planes[n:2*n]
	if perspective == White {
		own, opp = opp, own
	}
	dst = slices.Grow(dst, 3*n)
	dst = append(dst, own...)
	dst = append(dst, opp...)
	return append(dst, b.planes[2*n:]...)
}
