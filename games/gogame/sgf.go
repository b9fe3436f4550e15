package gogame

import (
	"github.com/sgf-toolkit/sgf/games"
	"github.com/sgf-toolkit/sgf/value"
)

// The board of GM[1] for sgf.Cursor and the checker.
func init() {
	games.Register(1, func(cols, rows int) (games.Board, error) { return New(cols, rows) })
}

var (
	_ games.Board          = (*Board)(nil)
	_ games.Points         = (*Board)(nil)
	_ games.SuperkoChooser = (*Board)(nil)
	_ games.Reserver       = (*Board)(nil)
	_ games.Forgetter      = (*Board)(nil)
)

// fromValue maps value.Black and value.White to Black and White, anything
// else to Empty.
var fromValue = [256]Color{value.Black: Black, value.White: White}

// toValue maps a colour to value.Black, value.White or 0.
var toValue = [4]value.Color{Empty: 0, Black: value.Black, White: value.White}

// PlaySGF executes the SGF move raw (B or W as written) of colour c, as
// Play does, and returns the rules it broke ([games.Board]): the empty
// value is a pass, and so is "tt" on a board of at most 19x19 (the FF[3]
// pass FF[4] keeps); a value written with white space in it ("B[ dd ]")
// is the move sgf check corrects it to (value.ReadMove, as every reader
// reads it); a value that is no point of the board changes nothing.
func (b *Board) PlaySGF(c value.Color, raw []byte) Rule {
	// Small enough to inline (sgf.Cursor plays its moves of two letters
	// by PlayLetters).
	if raw == nil {
		raw = noValue // for playSGF, nil is PlayLetters' letters
	}
	return b.playSGF(fromValue[c], raw)
}

// noValue is the empty value, not nil.
var noValue = []byte{}

// PlayLetters is PlaySGF for the value of two letters x and y ("pd": 'p'
// and 'd'), for a reader that has them as bytes (sgf.Cursor's runs of
// moves): no slice to make.
func (b *Board) PlayLetters(c value.Color, x, y byte) Rule {
	b.letters = [2]byte{x, y} // for playSGF, when play does not take the move at once
	return b.play(fromValue[c], b.padX[x]+b.padY[y])
}

// playSGF is PlaySGF for a move that play does not take at once: a
// colour other than Black and White (col Empty), or a value that is not
// two letters naming a point of the board. raw nil is PlayLetters'
// letters.
//
//go:noinline
func (b *Board) playSGF(col Color, raw []byte) Rule {
	if raw == nil {
		raw = b.letters[:]
	}
	if len(raw) == 2 && col != Empty {
		// PlaySGF's common move: two letters naming a point of the board.
		if i := b.padX[raw[0]] + b.padY[raw[1]]; i >= 0 {
			return b.play(col, i)
		}
	}
	if x, y, ok := value.BoardMove(raw, b.cols, b.rows); ok {
		// A point of the board comes here with col Empty: refused, as
		// PlayRules does.
		if col == Empty {
			return b.refuse()
		}
		return b.play(col, int32((y+1)*b.stride+x))
	}
	p, pass, err := value.ReadMove(raw, b.cols, b.rows)
	switch {
	case pass:
		b.Pass(col)
	case err == nil:
		if r := b.PlayRules(col, b.Point(p.X, p.Y)); r != AllRules {
			return r
		}
	}
	return 0
}

// broken returns the rules a move broke.
func broken(mi MoveInfo) Rule {
	var r Rule
	if mi.Occupied {
		r |= RuleOccupied
	}
	if mi.Suicide {
		r |= RuleSuicide
	}
	if mi.Ko {
		r |= RuleKo
	}
	if mi.Superko {
		r |= RuleSuperko
	}
	return r
}

// SetupSGF executes one value of AB (c value.Black), AW (value.White) or
// AE (c 0) with Set: a point or a compressed list "ul:lr" of points, read
// as every reader reads it (value.ExpandPointList: white space in a point
// removed, as sgf check corrects it). Values that are no points, and
// those with a point off the board ("AB[aa:zz]" on 19x19, which sgf check
// deletes), are skipped.
func (b *Board) SetupSGF(c value.Color, raw []byte) { b.SetupSGFOnce(c, raw, nil, 0) }

// SetupSGFOnce is SetupSGF that sets a point only once a node: seen
// holds a stamp for each point (index y*cols+x); a point whose stamp is
// stamp is skipped, the others are set and stamped. A caller gives each
// node a new stamp, so that a point that two of a node's AB, AW and AE
// set keeps the setting written first, as sgf check keeps it (C18). With
// seen nil every point is set.
func (b *Board) SetupSGFOnce(c value.Color, raw []byte, seen []uint32, stamp uint32) {
	col := fromValue[c]
	set := func(x, y int) {
		if seen != nil {
			k := y*b.cols + x
			if seen[k] == stamp {
				return
			}
			seen[k] = stamp
		}
		b.Set(b.Point(x, y), col)
	}
	if x, y, ok := value.BoardMove(raw, b.cols, b.rows); ok {
		set(x, y)
		return
	}
	pts, _ := value.ExpandPointList([][]byte{raw}, b.cols, b.rows)
	for _, pt := range pts {
		set(pt.X, pt.Y)
	}
}

// SetPlayer is SetToPlay for value.Black or value.White (PL); other
// colours change nothing.
func (b *Board) SetPlayer(c value.Color) { b.SetToPlay(fromValue[c]) }

// Player returns the player to move as value.Black or value.White.
func (b *Board) Player() value.Color { return toValue[b.toPlay] }

// Forbidden returns the rules a stone of c at p would break (as Try
// reports them), without changing the board; RuleOccupied for a point off
// the board or a colour other than value.Black and value.White, which Play
// refuses.
func (b *Board) Forbidden(c value.Color, p value.Point) Rule {
	mi := b.Try(fromValue[c], b.Point(p.X, p.Y))
	if mi.Err != nil {
		return RuleOccupied
	}
	return broken(mi)
}

// AppendGrid appends the colour of every point as value.Black, value.White
// or 0, row by row from the upper left, and returns the extended slice.
func (b *Board) AppendGrid(dst []value.Color) []value.Color {
	for p := range Point(b.n) {
		dst = append(dst, toValue[b.At(p)])
	}
	return dst
}

// ColorAt returns the colour at column p.X, row p.Y as value.Black,
// value.White or 0 (empty, or off the board) ([games.Points]).
func (b *Board) ColorAt(p value.Point) value.Color { return toValue[b.At(b.Point(p.X, p.Y))] }

// PlayPoint plays c (value.Black or value.White) at column p.X, row p.Y
// with PlayRules and returns the rules it broke ([games.Points]).
func (b *Board) PlayPoint(c value.Color, p value.Point) Rule {
	return b.PlayRules(fromValue[c], b.Point(p.X, p.Y))
}

// SetPoints puts c (value.Black, value.White, or 0 for empty) on the
// points pts (columns and rows) as Set does, in one action for Undo
// ([games.Points]); points off the board are skipped.
func (b *Board) SetPoints(c value.Color, pts []value.Point) {
	b.newFrame()
	b.ko, b.koColor = 0, Empty
	col := fromValue[c]
	for _, p := range pts {
		if q := b.Point(p.X, p.Y); q != NoPoint {
			if i := b.toInt[q]; Color(b.cells[i]&colorBits) != col {
				b.set(i, col)
				b.pending = true
			}
		}
	}
}

// Reserve makes room for n more actions in the history and, when superko
// is checked, in the positions seen, so that a replay of known length
// allocates them once instead of growing as it goes ([games.Reserver]).
// Each action puts at most one stone on a point, and every stone taken off
// (captured, or by a suicide) was put on by one of them or is on the board
// now: the cell log needs at most 2n entries more and the board's size.
func (b *Board) Reserve(n int) {
	b.frames = withRoom(b.frames, n)
	b.log = withRoom(b.log, 2*n+b.n)
	b.ReservePositions(n)
}

// withRoom returns s with room for n more elements: a copy of s in a new
// slice of that capacity when it has less, the room not written to.
// (slices.Grow clears all of it, and memory is faulted in by the first
// write: a replay that forgets its history as it goes reserves more
// frames than it uses, three times as many for a line of 10,000 moves.)
func withRoom[E any](s []E, n int) []E {
	if cap(s)-len(s) >= n {
		return s
	}
	g := make([]E, len(s), len(s)+n)
	copy(g, s)
	return g
}

// ReservePositions makes room for n more positions seen, when superko is
// checked, as Reserve does, but none in the history: for a replay that
// forgets its history as it goes ([Board.Forget], [games.Forgetter]).
func (b *Board) ReservePositions(n int) {
	if !b.noSuperko {
		b.seen.reserve(n)
	}
}

// Forget drops the history that [Board.Undo] takes back, keeping the
// position, the player to move, the prisoners, the ko and the positions
// seen (superko): History is then 0. A replay that will not go back
// before the present position (a line without branches) forgets as it
// goes: the history of a main line of 200,000 moves took 11 MB, each
// page of it touched once ([games.Forgetter]).
func (b *Board) Forget() {
	for n := range b.maxStones + 1 {
		b.flushDeferred(n) // the positions the frames defer (see state.maxStones)
	}
	b.frames = b.frames[:0]
	b.log = b.log[:0]
	b.capLog = b.capLog[:0]
	if b.planes != nil {
		b.resetPlanes() // the changes not yet in them were in the log
	}
}
