// Package games is the one small interface between the typed view's
// replay (sgf.Cursor, and the checker through it) and the board of each
// game, and the registry that maps an SGF game number (GM) to its board.
//
// A board executes nodes as FF[4] says: setup overwrites points without
// capturing, a move is played whatever the rules think of it and the
// rules it broke are reported, and every action can be taken back.
// Package games/gogame (GM[1]) and games/hex (GM[11]) implement [Board]
// and register themselves; a third game is one new package that does the
// same:
//
//	func init() { games.Register(7, func(cols, rows int) (games.Board, error) { return New(cols, rows) }) }
//
// and one import of it (the sgf package imports gogame and hex).
//
// This package holds no board and knows no game; it does not parse game
// trees.
package games

import (
	"errors"
	"strconv"
	"sync"

	"github.com/sgf-toolkit/sgf/value"
)

// Rule is a set of the rules of its game that a move can break.
type Rule uint8

// The rules a move can break. AllRules forbids them all. Go knows all
// four; Hex only RuleOccupied.
const (
	RuleOccupied Rule = 1 << iota // a stone on the point
	RuleSuicide                   // the mover's own group left without liberties
	RuleKo                        // the simple ko: a stone retaken at once
	RuleSuperko                   // positional superko: a position repeated
	AllRules     = RuleOccupied | RuleSuicide | RuleKo | RuleSuperko
)

// Board is the board of one game, as the replay of an SGF tree drives it.
// Colours are value.Black and value.White (0 for an empty point); points
// are columns and rows from 0, counted from the upper left as in SGF.
type Board interface {
	// Reset empties the board and its history: no stones, Black to play.
	Reset()
	// History returns the number of actions done, a mark for UndoTo.
	History() int
	// UndoTo takes back actions until History is mark.
	UndoTo(mark int)
	// PlaySGF executes the move raw (the value of B or W as written) of
	// colour c, even when it breaks a rule, and returns the rules it broke.
	// A value that is no move of the game on this board changes nothing
	// and returns 0.
	PlaySGF(c value.Color, raw []byte) Rule
	// SetupSGF executes one value of AB (c value.Black), AW (value.White)
	// or AE (c 0): a point, or a compressed list where the game has them.
	// Points off the board and values that do not parse change nothing.
	SetupSGF(c value.Color, raw []byte)
	// SetPlayer sets the player to move (PL).
	SetPlayer(c value.Color)
	// Player returns the player to move.
	Player() value.Color
	// Forbidden returns the rules a stone of c at p (on the board) would
	// break, without changing the board: the legality check of a program
	// that plays.
	Forbidden(c value.Color, p value.Point) Rule
	// AppendGrid appends the colour of every point to dst, row by row
	// from the upper left, and returns the extended slice.
	AppendGrid(dst []value.Color) []value.Color
	// Hash returns a Zobrist hash of the stones.
	Hash() uint64
}

// MoveNumberSetter is implemented by boards that count moves themselves
// (Go): MN sets the count through it.
type MoveNumberSetter interface {
	SetMoveNumber(n int)
}

// Points is implemented by boards whose points are columns and rows from
// the upper left, as value.Point gives them (Go's), for a replay that
// looks at single points as it executes nodes: the checker reports setup
// that changes nothing and groups without liberties from it.
type Points interface {
	// ColorAt returns the colour of the stone on p: value.Black,
	// value.White, or 0 for an empty point or one off the board.
	ColorAt(p value.Point) value.Color
	// PlayPoint plays a stone of c (value.Black or value.White) on p, a
	// point of the board, as PlaySGF plays the value that names p, and
	// returns the rules it broke.
	PlayPoint(c value.Color, p value.Point) Rule
	// SetPoints puts c (value.Black, value.White, or 0 for empty) on the
	// points pts of the board, as the values of AB, AW or AE naming them
	// do, in one action: a setup that clears the board is one step back.
	SetPoints(c value.Color, pts []value.Point)
}

// PointSetter is implemented by boards that take setup as decoded points
// (sgf.Prop.Points: Go points, or Hex cells with X the column and Y the
// row), Go's and Hex's: a replay that has decoded the values of AB, AW or
// AE (sgf check's, whose value rules read the same decoded values) puts
// them on the board without the board parsing the bytes again
// (SetupSGF).
type PointSetter interface {
	// SetPoints puts c (value.Black, value.White, or 0 for empty) on the
	// points pts of the board; points off the board are skipped.
	SetPoints(c value.Color, pts []value.Point)
}

// SuperkoChooser is implemented by boards of games with a superko rule
// (Go), so that a replay checks the rule its game was played under.
type SuperkoChooser interface {
	// SetSuperko turns the check for repeated positions (RuleSuperko)
	// on or off.
	SetSuperko(on bool)
	// SetSituationalSuperko chooses situational superko (on: the stones
	// and the player to move) or positional (off: the stones).
	SetSituationalSuperko(on bool)
}

// Reserver is implemented by boards that can make room for a replay of
// known length at once (Go's): its n more actions (moves, setup values)
// are then executed without the board's memory growing on the way.
type Reserver interface {
	Reserve(n int)
}

// Forgetter is implemented by boards that can drop their undo history
// (Go's): a replay that will not go back before the present position (a
// line without branches, or the rest of one after its last branch)
// forgets it every so often, and the history's memory stays that of a
// few actions however long the line.
type Forgetter interface {
	// Forget drops the history: the position stays as it is, History is
	// 0 and Undo has nothing to take back. Positions seen stay seen for
	// the superko rule.
	Forget()
	// ReservePositions makes room for n more positions seen (superko),
	// as Reserve does, without room for n actions in the history.
	ReservePositions(n int)
}

// New makes boards of a game: cols columns and rows rows.
type New func(cols, rows int) (Board, error)

var (
	mu     sync.RWMutex
	boards = map[int]New{}
)

// Register makes newBoard the board of game gm (the SGF GM number). It is
// meant to be called from the init function of the game's package; a
// second registration of the same number replaces the first.
func Register(gm int, newBoard New) {
	mu.Lock()
	defer mu.Unlock()
	boards[gm] = newBoard
}

// ErrNoBoard means that no board is registered for a game.
var ErrNoBoard = errors.New("games: no board for this game")

// NewBoard returns a new board of game gm, cols x rows. The error wraps
// ErrNoBoard when no package has registered gm, else it is the board's own
// (a size out of its range).
func NewBoard(gm, cols, rows int) (Board, error) {
	mu.RLock()
	nb := boards[gm]
	mu.RUnlock()
	if nb == nil {
		return nil, &noBoardError{gm}
	}
	return nb(cols, rows)
}

// Registered reports whether a board is registered for game gm.
func Registered(gm int) bool {
	mu.RLock()
	defer mu.RUnlock()
	return boards[gm] != nil
}

type noBoardError struct{ gm int }

func (e *noBoardError) Error() string {
	return "games: no board for GM[" + strconv.Itoa(e.gm) + "]"
}

func (e *noBoardError) Unwrap() error { return ErrNoBoard }
