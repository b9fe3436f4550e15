package hex

import (
	"errors"
	"iter"
	"strconv"
)

// MaxSize is the largest number of columns or rows: enough for every
// two-letter column label (a..z, aa..zz).
const MaxSize = 702

// Color is the content of a cell, or a player.
type Color uint8

// The colours. Black connects the top and bottom edges (rows 1 and n),
// White the left and right edges (columns a and the last).
const (
	Empty Color = iota
	Black
	White
)

// Opponent returns White for Black, Black for White, Empty otherwise.
func (c Color) Opponent() Color {
	switch c {
	case Black:
		return White
	case White:
		return Black
	}
	return Empty
}

// String returns "B", "W" or "." for empty.
func (c Color) String() string {
	if int(c) < len(".BW") {
		return ".BW"[c : c+1]
	}
	return "Color(" + strconv.Itoa(int(c)) + ")"
}

// Cell is a cell as a compact index row*cols + col, both 0-based; cell a1
// is 0. NoCell is on no board.
type Cell int

// NoCell is returned by [Board.Cell] for coordinates off the board.
const NoCell Cell = -1

// Sentinel errors, wrapped by [*Error].
var (
	ErrSize      = errors.New("board size out of range")
	ErrCell      = errors.New("cell off the board")
	ErrColor     = errors.New("invalid color")
	ErrSyntax    = errors.New("invalid cell name")
	ErrNotSquare = errors.New("swap-pieces needs the mirrored cell on the board")
)

// Error reports a bad argument: the function, the value and the reason, one
// of the sentinel errors (the model is strconv.NumError).
type Error struct {
	Func  string
	Value string
	Err   error
}

func (e *Error) Error() string {
	return "hex." + e.Func + ": " + strconv.Quote(e.Value) + ": " + e.Err.Error()
}

// Unwrap returns the sentinel error.
func (e *Error) Unwrap() error { return e.Err }

// MoveKind says what a move is: SGF's Hex move values.
type MoveKind uint8

// The kinds of move: a cell, or one of the special moves.
const (
	Stone      MoveKind = iota // a cell, e.g. B[a3]
	SwapPieces                 // "swap-pieces"
	SwapSides                  // "swap-sides"
	Pass                       // "pass"
	Resign                     // "resign"
	Forfeit                    // "forfeit"
)

var kindNames = [...]string{"cell", "swap-pieces", "swap-sides", "pass", "resign", "forfeit"}

// String returns the SGF spelling of the special moves, "cell" for Stone.
func (k MoveKind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "MoveKind(" + strconv.Itoa(int(k)) + ")"
}

// Reason says how a game was decided.
type Reason uint8

// The reasons for a result.
const (
	Undecided  Reason = iota
	Connection        // a chain joins the winner's two edges
	Resigned          // the loser resigned
	Forfeited         // the loser forfeited
)

// MoveInfo reports a move. Moves are executed even when they break the
// rules (SGF: "The SGF format does not enforce that moves are alternating");
// the flags only describe them.
type MoveInfo struct {
	Color Color
	Kind  MoveKind
	Cell  Cell // the cell of a Stone move, NoCell otherwise

	// Occupied is set when a Stone move replaced a stone (Overwritten).
	Occupied    bool
	Overwritten Color

	// OutOfTurn is set when Color was not the player to move.
	OutOfTurn bool

	// Late is set for a swap that is not the second move of the game.
	Late bool

	// Connects is set when the move completed a chain joining the
	// mover's two edges (for SwapPieces: when the mirrored position has
	// one for the mover).
	Connects bool

	// Err is set, and nothing was done, for an invalid colour or cell,
	// or a swap-pieces whose mirrored cell is off a rectangular board.
	Err error
}

type frame struct {
	hash     uint64
	logStart int32
	moves    int32
	kind     MoveKind
	setup    bool
	toPlay   Color
	swapped  bool
	loser    Color
	reason   Reason
}

// Board is a Hex board with its history. Use [New].
type Board struct {
	cols, rows int
	cells      []Color
	hash       uint64
	toPlay     Color
	swapped    bool  // players have swapped sides an odd number of times
	moves      int32 // moves made (cells, swaps, passes)
	loser      Color // who resigned or forfeited
	reason     Reason

	frames []frame
	log    []uint64 // cell << 2 | previous colour

	marks []uint32
	gen   uint32
	stack []int32
}

// New returns an empty board of cols columns and rows rows (1..[MaxSize]),
// Black to play. SGF's SZ[c:r] gives columns first.
func New(cols, rows int) (*Board, error) {
	if cols < 1 || cols > MaxSize || rows < 1 || rows > MaxSize {
		return nil, &Error{"New", strconv.Itoa(cols) + ":" + strconv.Itoa(rows), ErrSize}
	}
	n := cols * rows
	b := &Board{
		cols: cols, rows: rows,
		cells:  make([]Color, n),
		marks:  make([]uint32, n),
		stack:  make([]int32, 0, 64),
		frames: make([]frame, 0, 128),
		log:    make([]uint64, 0, 128),
	}
	b.Reset()
	return b, nil
}

// Reset empties the board and its history; Black is to play.
func (b *Board) Reset() {
	clear(b.cells)
	b.hash = splitmix(uint64(b.cols)<<32 | uint64(b.rows))
	b.toPlay = Black
	b.swapped = false
	b.moves = 0
	b.loser, b.reason = Empty, Undecided
	b.frames = b.frames[:0]
	b.log = b.log[:0]
}

// Cols returns the number of columns (the distance between White's edges).
func (b *Board) Cols() int { return b.cols }

// Rows returns the number of rows (the distance between Black's edges).
func (b *Board) Rows() int { return b.rows }

// Len returns the number of cells.
func (b *Board) Len() int { return len(b.cells) }

// Cell returns the cell at 0-based column col and row row, or NoCell.
func (b *Board) Cell(col, row int) Cell {
	if col < 0 || col >= b.cols || row < 0 || row >= b.rows {
		return NoCell
	}
	return Cell(row*b.cols + col)
}

// ColRow returns the 0-based column and row of c, (-1, -1) off the board.
func (b *Board) ColRow(c Cell) (col, row int) {
	if c < 0 || int(c) >= len(b.cells) {
		return -1, -1
	}
	return int(c) % b.cols, int(c) / b.cols
}

// Name returns the name of c, such as "a1" or "ab28"; "" off the board.
func (b *Board) Name(c Cell) string {
	col, row := b.ColRow(c)
	if col < 0 {
		return ""
	}
	return FormatCell(col, row)
}

// ParseCell returns the cell named s on this board (see [ParseCell]).
func (b *Board) ParseCell(s string) (Cell, error) {
	col, row, err := ParseCell(s)
	if err != nil {
		return NoCell, err
	}
	c := b.Cell(col, row)
	if c == NoCell {
		return NoCell, &Error{"ParseCell", s, ErrCell}
	}
	return c, nil
}

// At returns the colour at c (Empty off the board).
func (b *Board) At(c Cell) Color {
	if c < 0 || int(c) >= len(b.cells) {
		return Empty
	}
	return b.cells[c]
}

// Stones yields every stone with its colour, row by row from a1.
func (b *Board) Stones() iter.Seq2[Cell, Color] {
	return func(yield func(Cell, Color) bool) {
		for i, c := range b.cells {
			if c != Empty && !yield(Cell(i), c) {
				return
			}
		}
	}
}

// Hash returns the Zobrist hash of the stones (fixed seed; equal positions
// on boards of equal size hash equal).
func (b *Board) Hash() uint64 { return b.hash }

// ToPlay returns the colour to move: Black first, then the opponent of the
// mover, except after swap-sides (the same colour moves again, now played
// by the other person), or as set by [Board.SetToPlay] (PL).
func (b *Board) ToPlay() Color { return b.toPlay }

// SidesSwapped reports whether the players have exchanged colours (an odd
// number of swap-sides moves): the first player then plays White.
func (b *Board) SidesSwapped() bool { return b.swapped }

// Moves returns the number of moves made (cells, swaps, passes, resign,
// forfeit), not counting setup.
func (b *Board) Moves() int { return int(b.moves) }

// History returns the number of actions [Board.Undo] can take back: a mark
// for [Board.UndoTo].
func (b *Board) History() int { return len(b.frames) }

func zobrist(col, row int, c Color) uint64 {
	return splitmix(0x5347462d6865782d ^ uint64(col)<<40 ^ uint64(row)<<16 ^ uint64(c))
}

func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

func (b *Board) key(i int, c Color) uint64 {
	if c == Empty {
		return 0
	}
	return zobrist(i%b.cols, i/b.cols, c)
}

func (b *Board) set(i int, c Color) {
	old := b.cells[i]
	b.log = append(b.log, uint64(i)<<2|uint64(old))
	b.hash ^= b.key(i, old) ^ b.key(i, c)
	b.cells[i] = c
}

func (b *Board) push(kind MoveKind, setup bool) {
	b.frames = append(b.frames, frame{
		hash: b.hash, logStart: int32(len(b.log)), moves: b.moves, kind: kind, setup: setup,
		toPlay: b.toPlay, swapped: b.swapped, loser: b.loser, reason: b.reason,
	})
}

func (b *Board) checkColor(fn string, c Color) error {
	if c != Black && c != White {
		return &Error{fn, strconv.Itoa(int(c)), ErrColor}
	}
	return nil
}

// move starts a move of kind k by c.
func (b *Board) move(c Color, k MoveKind) MoveInfo {
	info := MoveInfo{Color: c, Kind: k, Cell: NoCell, OutOfTurn: c != b.toPlay}
	b.push(k, false)
	b.moves++
	b.toPlay = c.Opponent()
	return info
}

// Play puts a stone of colour c on cell, replacing whatever was there (an
// occupied cell is reported, not refused).
func (b *Board) Play(c Color, cell Cell) MoveInfo {
	if err := b.checkColor("Play", c); err != nil {
		return MoveInfo{Color: c, Cell: cell, Err: err}
	}
	if cell < 0 || int(cell) >= len(b.cells) {
		return MoveInfo{Color: c, Cell: cell, Err: &Error{"Play", strconv.Itoa(int(cell)), ErrCell}}
	}
	info := b.move(c, Stone)
	info.Cell = cell
	if old := b.cells[cell]; old != Empty {
		info.Occupied, info.Overwritten = true, old
	}
	b.set(int(cell), c)
	info.Connects = b.connectsFrom(int(cell))
	return info
}

// SwapPieces is the swap rule as HexGui and Benzene write it, and as the
// HexWiki SGF description's example uses it (";B[c5] ... ;W[swap-pieces]
// ;B[c4];W[c5]": c5 is free again and Black moves next): every stone (in a
// real game, the first move) is mirrored across the long diagonal, cell
// (col, row) going to (row, col), and changes colour. The mover keeps its
// colour and the opponent moves next. It is refused (Err wraps
// ErrNotSquare) when a mirrored cell is off a rectangular board.
func (b *Board) SwapPieces(c Color) MoveInfo {
	if err := b.checkColor("SwapPieces", c); err != nil {
		return MoveInfo{Color: c, Kind: SwapPieces, Cell: NoCell, Err: err}
	}
	type st struct {
		i int
		c Color
	}
	var buf [8]st
	stones := buf[:0]
	for i, s := range b.cells {
		if s != Empty {
			col, row := i%b.cols, i/b.cols
			if row >= b.cols || col >= b.rows {
				return MoveInfo{Color: c, Kind: SwapPieces, Cell: NoCell,
					Err: &Error{"SwapPieces", FormatCell(col, row), ErrNotSquare}}
			}
			stones = append(stones, st{i, s})
		}
	}
	late := b.moves != 1
	info := b.move(c, SwapPieces)
	info.Late = late
	for _, s := range stones {
		b.set(s.i, Empty)
	}
	for _, s := range stones {
		col, row := s.i%b.cols, s.i/b.cols
		b.set(col*b.cols+row, s.c.Opponent())
	}
	info.Connects = b.Connected(c)
	return info
}

// SwapSides is the other form of the swap rule: the players exchange
// colours and the board stays as it is. The colour c moves again, now
// played by the other person; [Board.SidesSwapped] tells who is who.
func (b *Board) SwapSides(c Color) MoveInfo {
	if err := b.checkColor("SwapSides", c); err != nil {
		return MoveInfo{Color: c, Kind: SwapSides, Cell: NoCell, Err: err}
	}
	late := b.moves != 1
	info := b.move(c, SwapSides)
	info.Late = late
	b.swapped = !b.swapped
	b.toPlay = c
	return info
}

// Pass records a pass by c.
func (b *Board) Pass(c Color) MoveInfo { return b.special("Pass", c, Pass) }

// Resign records that c resigns: the opponent wins.
func (b *Board) Resign(c Color) MoveInfo { return b.special("Resign", c, Resign) }

// Forfeit records that c forfeits: the opponent wins.
func (b *Board) Forfeit(c Color) MoveInfo { return b.special("Forfeit", c, Forfeit) }

func (b *Board) special(fn string, c Color, k MoveKind) MoveInfo {
	if err := b.checkColor(fn, c); err != nil {
		return MoveInfo{Color: c, Kind: k, Cell: NoCell, Err: err}
	}
	info := b.move(c, k)
	if b.reason == Undecided || b.reason == Connection {
		switch k {
		case Resign:
			b.loser, b.reason = c, Resigned
		case Forfeit:
			b.loser, b.reason = c, Forfeited
		}
	}
	return info
}

// Set puts c (Black, White or Empty) on cell: the setup properties AB, AW
// and AE ("The cell contents overwrite whatever was there before"). Each
// call is one action for [Board.Undo].
func (b *Board) Set(cell Cell, c Color) error {
	if c > White {
		return &Error{"Set", strconv.Itoa(int(c)), ErrColor}
	}
	if cell < 0 || int(cell) >= len(b.cells) {
		return &Error{"Set", strconv.Itoa(int(cell)), ErrCell}
	}
	b.push(Stone, true)
	b.set(int(cell), c)
	return nil
}

// SetToPlay sets the colour to move (PL). It is one action for Undo.
func (b *Board) SetToPlay(c Color) error {
	if err := b.checkColor("SetToPlay", c); err != nil {
		return err
	}
	b.push(Stone, true)
	b.toPlay = c
	return nil
}

// Undo takes back the last action, restoring stones, hash, player to move,
// sides and result exactly. It reports false when there is nothing to undo.
func (b *Board) Undo() bool {
	if len(b.frames) == 0 {
		return false
	}
	f := b.frames[len(b.frames)-1]
	for k := len(b.log) - 1; k >= int(f.logStart); k-- {
		e := b.log[k]
		b.cells[e>>2] = Color(e & 3)
	}
	b.log = b.log[:f.logStart]
	b.hash = f.hash
	b.moves = f.moves
	b.toPlay = f.toPlay
	b.swapped = f.swapped
	b.loser, b.reason = f.loser, f.reason
	b.frames = b.frames[:len(b.frames)-1]
	return true
}

// UndoTo undoes actions until [Board.History] is mark.
func (b *Board) UndoTo(mark int) {
	for len(b.frames) > mark && b.Undo() {
	}
}

// Result returns the winner and how: a resignation or forfeit recorded by a
// move, else a winning connection on the board, else (Empty, Undecided).
func (b *Board) Result() (Color, Reason) {
	if b.reason == Resigned || b.reason == Forfeited {
		return b.loser.Opponent(), b.reason
	}
	if w := b.Winner(); w != Empty {
		return w, Connection
	}
	return Empty, Undecided
}

// Winner returns the colour whose stones join its two edges: Black the
// top and bottom rows, White the leftmost and rightmost columns. It returns
// Empty when neither does. (In play only one side can connect; a setup that
// connects both reports Black.)
func (b *Board) Winner() Color {
	if b.Connected(Black) {
		return Black
	}
	if b.Connected(White) {
		return White
	}
	return Empty
}
