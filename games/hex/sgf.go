package hex

import (
	"github.com/sgf-toolkit/sgf/games"
	"github.com/sgf-toolkit/sgf/value"
)

// The board of GM[11] for sgf.Cursor and the checker.
func init() {
	games.Register(11, func(cols, rows int) (games.Board, error) { return New(cols, rows) })
}

var (
	_ games.Board       = (*Board)(nil)
	_ games.PointSetter = (*Board)(nil)
)

// fromValue maps value.Black and value.White to Black and White, anything
// else to Empty.
var fromValue = [256]Color{value.Black: Black, value.White: White}

// toValue maps a colour to value.Black, value.White or 0.
var toValue = [4]value.Color{Empty: 0, Black: value.Black, White: value.White}

// PlaySGF executes the SGF move raw (B or W as written) of colour c
// ([games.Board]): a cell ("c5") with Play, "swap-pieces" with
// SwapPieces, "swap-sides" with SwapSides, and "pass", "resign" and
// "forfeit". It returns games.RuleOccupied for a stone on a stone, 0
// otherwise; a value that is no move, or a cell off the board, changes
// nothing.
func (b *Board) PlaySGF(c value.Color, raw []byte) games.Rule {
	m, err := value.ParseHexMove(raw)
	if err != nil {
		return 0
	}
	col := fromValue[c]
	switch m.Kind {
	case value.HexPlace:
		if !b.on(m.Cell) {
			return 0
		}
		if b.Play(col, b.Cell(m.Cell.Col, m.Cell.Row)).Occupied {
			return games.RuleOccupied
		}
	case value.HexSwapPieces:
		b.SwapPieces(col)
	case value.HexSwapSides:
		b.SwapSides(col)
	case value.HexPass:
		b.Pass(col)
	case value.HexResign:
		b.Resign(col)
	case value.HexForfeit:
		b.Forfeit(col)
	}
	return 0
}

// on reports whether c is a cell of the board.
func (b *Board) on(c value.HexCell) bool {
	return c.Col >= 0 && c.Row >= 0 && c.Col < b.cols && c.Row < b.rows
}

// SetupSGF sets one cell of AB (c value.Black), AW (value.White) or AE
// (c 0) with Set; a value that is no cell of the board changes nothing.
func (b *Board) SetupSGF(c value.Color, raw []byte) {
	cell, err := value.ParseHexCell(raw)
	if err != nil || !b.on(cell) {
		return
	}
	b.Set(b.Cell(cell.Col, cell.Row), fromValue[c])
}

// SetPoints sets the cells pts (X the column, Y the row, as sgf.Decoder
// decodes the values of AB, AW and AE) to c (value.Black, value.White, or
// 0 for empty) with Set, as SetupSGF sets the cell each value names;
// cells off the board are skipped ([games.PointSetter]).
func (b *Board) SetPoints(c value.Color, pts []value.Point) {
	col := fromValue[c]
	for _, p := range pts {
		if cell := b.Cell(p.X, p.Y); cell != NoCell {
			b.Set(cell, col)
		}
	}
}

// SetPlayer is SetToPlay for value.Black or value.White (PL); other
// colours change nothing.
func (b *Board) SetPlayer(c value.Color) { b.SetToPlay(fromValue[c]) }

// Player returns the player to move as value.Black or value.White.
func (b *Board) Player() value.Color { return toValue[b.toPlay] }

// Forbidden returns games.RuleOccupied when the cell p holds a stone (or
// is off the board), 0 otherwise: Hex forbids nothing else.
func (b *Board) Forbidden(c value.Color, p value.Point) games.Rule {
	if p.X < 0 || p.Y < 0 || p.X >= b.cols || p.Y >= b.rows || b.At(b.Cell(p.X, p.Y)) != Empty {
		return games.RuleOccupied
	}
	return 0
}

// AppendGrid appends the colour of every cell as value.Black, value.White
// or 0, row by row from the upper left, and returns the extended slice.
func (b *Board) AppendGrid(dst []value.Color) []value.Color {
	for _, s := range b.cells {
		dst = append(dst, toValue[s])
	}
	return dst
}
