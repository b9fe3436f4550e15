package sgf

import (
	"github.com/sgf-toolkit/sgf/games/gogame"
	"github.com/sgf-toolkit/sgf/games/hex"
	"github.com/sgf-toolkit/sgf/value"
)

// Conversions between the types of package value (what SGF text holds:
// 'B' and 'W', points as column and row) and those of the boards in
// games/gogame and games/hex (colours and compact point indices).

// GoColor returns the gogame colour of c: gogame.Black for value.Black,
// gogame.White for value.White, gogame.Empty otherwise.
func GoColor(c value.Color) gogame.Color { return goColor[c] }

// ColorOfGo returns the value colour of c: value.Black, value.White, or 0
// for gogame.Empty (no colour).
func ColorOfGo(c gogame.Color) value.Color { return colorOfGo[c] }

var colorOfGo = [256]value.Color{gogame.Black: value.Black, gogame.White: value.White}

// GoPoint returns the point of b at p (column X, row Y), or gogame.NoPoint
// when p is off b.
func GoPoint(b *gogame.Board, p value.Point) gogame.Point { return b.Point(p.X, p.Y) }

// PointOfGo returns the column and row of p on b, and false when p is no
// point of b.
func PointOfGo(b *gogame.Board, p gogame.Point) (value.Point, bool) {
	x, y := b.XY(p)
	return value.Point{X: x, Y: y}, x >= 0
}

// HexColor returns the hex colour of c (hex.Empty for no colour).
func HexColor(c value.Color) hex.Color { return hexColor[c] }

var hexColor = [256]hex.Color{value.Black: hex.Black, value.White: hex.White}

// ColorOfHex returns the value colour of c, or 0 for hex.Empty.
func ColorOfHex(c hex.Color) value.Color { return colorOfHex[c] }

var colorOfHex = [256]value.Color{hex.Black: value.Black, hex.White: value.White}

// HexCell returns the cell of b at p (X the column, Y the row, from 0, as
// Move.Point holds a Hex cell), or hex.NoCell when p is off b.
func HexCell(b *hex.Board, p value.Point) hex.Cell { return b.Cell(p.X, p.Y) }

// PointOfHex returns the column and row of cell c of b, and false when c
// is no cell of b.
func PointOfHex(b *hex.Board, c hex.Cell) (value.Point, bool) {
	if c < 0 || int(c) >= b.Cols()*b.Rows() {
		return value.Point{}, false
	}
	col, row := b.ColRow(c)
	return value.Point{X: col, Y: row}, true
}

// HexCellOf returns the value.HexCell (0-based, named "c3") of p, the
// column and row a Move of a Hex game holds.
func HexCellOf(p value.Point) value.HexCell { return value.HexCell{Col: p.X, Row: p.Y} }
