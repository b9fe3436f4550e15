package diagram

import (
	"math"
	"slices"
	"strconv"

	"github.com/sgf-toolkit/sgf/games/hex"
	"github.com/sgf-toolkit/sgf/value"
)

// Kind is the shape of a board.
type Kind uint8

const (
	// Go is a grid of lines whose points are the intersections (GM[1]).
	Go Kind = iota
	// Hex is a rhombus of hexagonal cells, each row shifted half a cell to
	// the right of the row above (GM[11]).
	Hex
	// Grid is a square grid for the setup stones of games other than Go
	// and Hex; its points are named as the file writes them.
	Grid
)

// String returns "go", "hex" or "grid".
func (k Kind) String() string {
	switch k {
	case Go:
		return "go"
	case Hex:
		return "hex"
	}
	return "grid"
}

// Rect is a rectangle of points, X0..X1 and Y0..Y1 included (columns and
// rows from 0, from the upper left).
type Rect struct{ X0, Y0, X1, Y1 int }

// Contains reports whether p is in r.
func (r Rect) Contains(p value.Point) bool {
	return p.X >= r.X0 && p.X <= r.X1 && p.Y >= r.Y0 && p.Y <= r.Y1
}

// Cols and Rows return the size of r in points.
func (r Rect) Cols() int { return r.X1 - r.X0 + 1 }

// Rows returns the number of rows of r.
func (r Rect) Rows() int { return r.Y1 - r.Y0 + 1 }

// Empty reports whether r holds no point.
func (r Rect) Empty() bool { return r.X1 < r.X0 || r.Y1 < r.Y0 }

// Stone is a stone drawn on the board.
type Stone struct {
	Point value.Point
	Color value.Color // value.Black or value.White
	// Number is the move number written on the stone, 0 for none.
	Number int
	// Name is the point as the file writes it, for games other than Go
	// and Hex (whose points the toolkit does not know: Point is then that
	// name read as an SGF point); "" otherwise.
	Name string
}

// MarkKind is the kind of a mark on a point. Its Class is the name of the
// SGF property it comes from, in lower case: the class of its element in
// SVG and the viewer.
type MarkKind uint8

const (
	Triangle       MarkKind = iota + 1 // TR
	Square                             // SQ
	Circle                             // CR
	Cross                              // MA
	Selected                           // SL
	Label                              // LB: Mark.Text
	TerritoryBlack                     // TB
	TerritoryWhite                     // TW
	// Variation is the letter of a variation's next move (Mark.Text), when
	// Options.Variations asks for them.
	Variation
)

var markClass = [...]string{"", "tr", "sq", "cr", "ma", "sl", "lb", "tb", "tw", "var"}

// Class returns "tr", "sq", "cr", "ma", "sl", "lb", "tb", "tw" or "var".
func (k MarkKind) Class() string {
	if int(k) < len(markClass) {
		return markClass[k]
	}
	return ""
}

// Mark is a mark on a point.
type Mark struct {
	Kind  MarkKind
	Point value.Point
	// Text is the text of a Label or the letter of a Variation.
	Text string
	// On is the colour of the stone under the mark (0: an empty point),
	// so that an encoder can draw it in the contrasting colour.
	On value.Color
}

// LineKind is the kind of a Line: an arrow (AR) or a line (LN).
type LineKind uint8

const (
	Arrow LineKind = iota + 1 // AR: from From to To
	Plain                     // LN
)

// Class returns "ar" or "ln".
func (k LineKind) Class() string {
	if k == Arrow {
		return "ar"
	}
	return "ln"
}

// Line is an arrow or a line between two points.
type Line struct {
	Kind     LineKind
	From, To value.Point
}

// Coords is a style of coordinates.
type Coords uint8

const (
	// CoordsAuto is CoordsGo for Go boards up to 25 columns, CoordsSGF
	// for wider Go boards and other games, and the cell names of Hex.
	CoordsAuto Coords = iota
	// CoordsGo: columns A, B, ... without I, rows numbered from the
	// bottom, as on a real Go board (up to 25 columns).
	CoordsGo
	// CoordsSGF: the letters the file writes (a..z, A..Z) on both axes,
	// rows from the top.
	CoordsSGF
	// CoordsNumbers: columns and rows numbered from 1, from the upper left.
	CoordsNumbers
	// CoordsNone: no coordinates.
	CoordsNone
)

var coordsNames = [...]string{"auto", "go", "sgf", "numbers", "none"}

// String returns the name of the style as ParseCoords reads it.
func (c Coords) String() string {
	if int(c) < len(coordsNames) {
		return coordsNames[c]
	}
	return "auto"
}

// ParseCoords reads "auto", "go", "sgf", "numbers" or "none".
func ParseCoords(s string) (Coords, bool) {
	for i, n := range coordsNames {
		if n == s {
			return Coords(i), true
		}
	}
	return 0, false
}

// Sides are the sides of the board that have coordinates.
type Sides uint8

const (
	Top Sides = 1 << iota
	Bottom
	Left
	Right
	AllSides = Top | Bottom | Left | Right
)

// Field is a line of game information: a name and its value.
type Field struct{ Name, Value string }

// Text is the text that goes with a diagram.
type Text struct {
	// Info is the game information (players, ranks, event, date, result,
	// komi, ...), in a fixed order, only what the game has.
	Info []Field
	// NodeName is the node's name (N).
	NodeName string
	// Comment is the node's comment (C), decoded.
	Comment string
	// Annotations are the node's annotations as words ("good for Black",
	// "very bad move", "value 3.5", ...).
	Annotations []string
}

// Note is a comment of a move of a figure.
type Note struct {
	Move int // the move number as printed, 0 for a node without a move
	Text string
}

// Diagram is what to draw of a position or a figure. Coordinates are
// board points (column X, row Y from the upper left, from 0) whatever
// part of the board is drawn.
type Diagram struct {
	Kind     Kind
	GameType int // GM
	// Cols and Rows are the size of the whole board.
	Cols, Rows int
	// View is the part of the board drawn.
	View Rect
	// Hidden marks the points of View that are not shown (a VW that is
	// no rectangle), indexed y*Cols+x; nil when all of View is shown. Use
	// Visible.
	Hidden []bool

	// Stones are the stones, in View or not, row by row from the upper
	// left (for Grid games in the order of Name).
	Stones []Stone
	// LastMove is the point of the last move, if HasLastMove (a pass or
	// a Hex swap has none).
	LastMove    value.Point
	HasLastMove bool
	// Marks are the marks on points, in the order TR, SQ, CR, MA, SL, LB,
	// TB, TW, variation letters; each in the order of the file.
	Marks []Mark
	// Lines are the arrows (AR) and lines (LN).
	Lines []Line
	// Dimmed are the points DD greys out.
	Dimmed []value.Point
	// Hoshi are the star points of a Go board.
	Hoshi []value.Point

	// Coords is the style of the coordinates (never CoordsAuto) and Sides
	// the sides they are drawn on; ColLabels and RowLabels are the labels
	// of every column and row of the board (nil with CoordsNone).
	Coords               Coords
	Sides                Sides
	ColLabels, RowLabels []string

	// ToPlay is the player to move; MoveNumber the number of moves made
	// (MN counted); CapturedByBlack and CapturedByWhite the stones each
	// side has taken (Go).
	ToPlay                           value.Color
	MoveNumber                       int
	CapturedByBlack, CapturedByWhite int

	Text Text

	// Caption is the name of a figure (FG's text, or "Moves 1-50").
	Caption string
	// Listed are the moves of a figure that are not drawn: "12 at 5",
	// "15 at 9 (ko)", "20: pass".
	Listed []string
	// Notes are the comments of a figure's nodes.
	Notes []Note
	// FirstMove and LastMoveNumber are the numbers of the first and last
	// moves of a figure as printed (0 when it has none).
	FirstMove, LastMoveNumber int

	// Skipped says what the model left out and why: "TR[zz]: off the
	// board", ...
	Skipped []string
	// Illegal are the moves that broke a rule of the game, drawn as FF[4]
	// executes them: "move 57 B[pd] (Q16): on a stone", "move 3 W[bb]
	// (B4): retakes the ko at once", "move 6 B[ea] (E5): suicide". A
	// position lists those on the path to its node, a figure those among
	// its moves. (Superko, whose rule depends on the rule set, is left to
	// sgf check's C55.)
	Illegal []string
}

// Visible reports whether point p is drawn: in View and not hidden.
func (d *Diagram) Visible(p value.Point) bool {
	if !d.View.Contains(p) {
		return false
	}
	return d.Hidden == nil || !d.Hidden[p.Y*d.Cols+p.X]
}

// StoneAt returns the index in Stones of the stone at p, or -1.
func (d *Diagram) StoneAt(p value.Point) int {
	for i, s := range d.Stones {
		if s.Point == p {
			return i
		}
	}
	return -1
}

// hexRowHeight is the distance between the centres of two rows of hexagons
// whose neighbours in a row are 1 apart.
var hexRowHeight = math.Sqrt(3) / 2

// Center returns the centre of point p in units of the distance between
// two neighbouring points, from the centre of View's upper left point:
// (p.X-View.X0, p.Y-View.Y0) on a grid; on a Hex board each row is shifted
// half a cell further right and rows are √3/2 apart.
func (d *Diagram) Center(p value.Point) (x, y float64) {
	dx, dy := float64(p.X-d.View.X0), float64(p.Y-d.View.Y0)
	if d.Kind == Hex {
		return dx + dy/2, dy * hexRowHeight
	}
	return dx, dy
}

// Extent returns the width and height of the box of the centres of View's
// points, in the units of Center.
func (d *Diagram) Extent() (w, h float64) {
	if d.View.Empty() {
		return 0, 0
	}
	w, h = float64(d.View.Cols()-1), float64(d.View.Rows()-1)
	if d.Kind == Hex {
		return w + h/2, h * hexRowHeight
	}
	return w, h
}

// HexCorners returns the six corners of the hexagon of a Hex cell centred
// on (0, 0), in the units of Center, from the top clockwise (pointy-top
// hexagons whose neighbours in a row touch along a vertical side).
func HexCorners() [6][2]float64 {
	r := 1 / math.Sqrt(3) // centre to corner
	return [6][2]float64{{0, -r}, {0.5, -r / 2}, {0.5, r / 2}, {0, r}, {-0.5, r / 2}, {-0.5, -r / 2}}
}

// PointName returns the name of p in the diagram's coordinates ("D4",
// "dd", "4-16", or a Hex cell "d4"); for a point off the board, or with
// CoordsNone, the SGF letters.
func (d *Diagram) PointName(p value.Point) string {
	if !p.In(d.Cols, d.Rows) {
		return string(value.AppendPoint(nil, p))
	}
	switch d.Kind {
	case Hex:
		return hex.FormatCell(p.X, p.Y)
	}
	switch d.Coords {
	case CoordsGo:
		return d.ColLabels[p.X] + d.RowLabels[p.Y]
	case CoordsNumbers:
		return d.ColLabels[p.X] + "-" + d.RowLabels[p.Y]
	}
	return string(value.AppendPoint(nil, p))
}

// goColumns are the column letters of a Go board, without I.
const goColumns = "ABCDEFGHJKLMNOPQRSTUVWXYZ"

// resolveCoords fixes the style and the labels of d.
func (d *Diagram) resolveCoords(style Coords) {
	if d.Kind == Hex {
		if style != CoordsNone {
			style = CoordsAuto // cells have one naming
		}
	} else if style == CoordsAuto || style == CoordsGo && d.Cols > len(goColumns) {
		style = CoordsSGF
		if d.Kind == Go && d.Cols <= len(goColumns) {
			style = CoordsGo
		}
	}
	d.Coords = style
	if style == CoordsNone {
		return
	}
	d.ColLabels = make([]string, d.Cols)
	d.RowLabels = make([]string, d.Rows)
	for x := range d.Cols {
		switch {
		case d.Kind == Hex:
			d.ColLabels[x] = hex.ColumnLabel(x)
		case style == CoordsGo:
			d.ColLabels[x] = goColumns[x : x+1]
		case style == CoordsNumbers:
			d.ColLabels[x] = strconv.Itoa(x + 1)
		default:
			d.ColLabels[x] = string(value.AppendPoint(nil, value.Point{X: x})[:1])
		}
	}
	for y := range d.Rows {
		switch {
		case d.Kind == Hex, style == CoordsNumbers:
			d.RowLabels[y] = strconv.Itoa(y + 1)
		case style == CoordsGo:
			d.RowLabels[y] = strconv.Itoa(d.Rows - y)
		default:
			d.RowLabels[y] = string(value.AppendPoint(nil, value.Point{Y: y})[1:])
		}
	}
	if d.Kind == Hex {
		// Hex names use these labels; Coords says only "shown".
		d.Coords = CoordsAuto
	}
}

// hoshi returns the star points of a Go board of cols x rows: the points
// on the fourth line from the edges (third on boards under 12 lines, none
// under 7; the centre of 5x5), on the middle lines of odd sides of 15 lines
// or more, and the centre of other odd boards (9x9, 13x13).
func hoshi(cols, rows int) []value.Point {
	axis := func(n int) []int {
		var edge int
		switch {
		case n >= 12:
			edge = 3
		case n >= 7:
			edge = 2
		default:
			if n == 5 {
				return []int{2}
			}
			return nil
		}
		pts := []int{edge, n - 1 - edge}
		if n%2 == 1 && n >= 15 {
			pts = []int{edge, n / 2, n - 1 - edge}
		}
		return pts
	}
	xs, ys := axis(cols), axis(rows)
	var pts []value.Point
	for _, y := range ys {
		for _, x := range xs {
			pts = append(pts, value.Point{X: x, Y: y})
		}
	}
	// The centre of an odd board that has no middle lines of stars.
	if cols%2 == 1 && rows%2 == 1 && cols >= 7 && rows >= 7 {
		if c := (value.Point{X: cols / 2, Y: rows / 2}); !slices.Contains(pts, c) {
			pts = append(pts, c)
		}
	}
	return pts
}

// pt returns the point x, y.
func pt(x, y int) value.Point { return value.Point{X: x, Y: y} }
