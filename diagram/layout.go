package diagram

import "math"

// Layout is where things go in a picture of a diagram, in pixels: the
// geometry that the SVG and PNG encoders (and the viewer) share.
type Layout struct {
	// Unit is the distance between two neighbouring points.
	Unit float64
	// X0, Y0 is the centre of View's upper left point.
	X0, Y0 float64
	// Board is the rectangle of the board (the grid and half a point
	// around it; for Hex the hexagons' box): left, top, right, bottom.
	Board [4]float64
	// Width and Height are the size of the picture.
	Width, Height float64
	// TextTop is the baseline of the first line of text under the board,
	// and LineHeight the distance between lines; Lines are the lines.
	TextTop, LineHeight float64
	Lines               []string
}

// coordBand is the room for coordinates on a side, in units.
const coordBand = 0.85

// NewLayout lays d out in a picture width pixels wide (at least 16),
// with the text lines under the board (caption, listed moves, ...) that
// lines gives.
func NewLayout(d *Diagram, width float64, t *Theme, lines []string) Layout {
	width = max(width, 16)
	ew, eh := d.Extent()
	// Room around the centres of the outer points.
	padX, padY := 0.5, 0.5
	if d.Kind == Hex {
		padX, padY = 0.5, 1/math.Sqrt(3)
	}
	left, right, top, bottom := padX+0.1, padX+0.1, padY+0.1, padY+0.1
	if d.Coords != CoordsNone && d.ColLabels != nil {
		if d.Sides&Left != 0 {
			left += coordBand
		}
		if d.Sides&Right != 0 {
			right += coordBand
		}
		if d.Sides&Top != 0 {
			top += coordBand
		}
		if d.Sides&Bottom != 0 {
			bottom += coordBand
		}
	}
	if d.Kind == Hex {
		// Room for the players' thick edges.
		left, right, top, bottom = left+0.15, right+0.15, top+0.15, bottom+0.15
	}
	unitsW := left + ew + right
	l := Layout{Unit: width / unitsW}
	u := l.Unit
	l.X0, l.Y0 = left*u, top*u
	l.Board = [4]float64{l.X0 - padX*u, l.Y0 - padY*u, l.X0 + (ew+padX)*u, l.Y0 + (eh+padY)*u}
	if d.Kind == Hex {
		l.Board[2] = l.X0 + (ew+padX)*u
	}
	l.Width = width
	boardH := (top + eh + bottom) * u
	l.LineHeight = t.TextSize * u * 1.35
	l.Lines = lines
	l.TextTop = boardH + t.TextSize*u*1.1
	l.Height = boardH
	if len(lines) > 0 {
		l.Height = boardH + float64(len(lines))*l.LineHeight + 0.4*u
	}
	return l
}

// Point returns the pixel centre of p.
func (l *Layout) Point(d *Diagram, x, y int) (px, py float64) {
	cx, cy := d.Center(pt(x, y))
	return l.X0 + cx*l.Unit, l.Y0 + cy*l.Unit
}

// TextLines returns the lines of text an encoder writes under the board
// of d: the caption, then the listed moves ("12 at 5, 15 at 9 (ko)")
// wrapped at about perLine characters.
func TextLines(d *Diagram, perLine int) []string {
	var lines []string
	if d.Caption != "" {
		lines = append(lines, d.Caption)
	}
	line := ""
	for _, s := range d.Listed {
		switch {
		case line == "":
			line = s
		case len(line)+2+len(s) > perLine:
			lines = append(lines, line)
			line = s
		default:
			line += ", " + s
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// PictureOptions are the choices of the PNG and SVG encoders (their
// Options). The zero value draws with the flat theme, 32 pixels between
// points, the caption and listed moves under the board.
type PictureOptions struct {
	Theme *Theme
	// Width is the width of the picture in pixels (0: 32 pixels a point).
	Width int
	// NoText leaves out the text under the board.
	NoText bool
}

// PictureLayout lays d out as the PNG and SVG encoders draw it: opts.Width
// pixels wide (0: 32 pixels a point, see DefaultWidth), with opts.Theme
// (nil: the flat theme, which it returns then), and under the board the
// caption and listed moves unless opts.NoText. Nil opts are the zero
// options.
func PictureLayout(d *Diagram, opts *PictureOptions) (Layout, *Theme) {
	if opts == nil {
		opts = &PictureOptions{}
	}
	theme := opts.Theme
	if theme == nil {
		theme = Themes["flat"]
	}
	w := float64(opts.Width)
	if w <= 0 {
		w = DefaultWidth(d)
	}
	var lines []string
	if !opts.NoText {
		lines = TextLines(d, 60)
	}
	return NewLayout(d, w, theme, lines), theme
}

// DefaultWidth returns the default width of a picture of d: 32 pixels a
// point.
func DefaultWidth(d *Diagram) float64 {
	ew, _ := d.Extent()
	return math.Round((ew + 2.9) * 32)
}

// CoordLabel is a coordinate a picture shows centred on X, Y.
type CoordLabel struct {
	X, Y float64
	Text string
}

// Coords returns the coordinates on the sides of View that d shows (none
// when it has no labels or CoordsNone), each centred in the room NewLayout
// leaves for it: for each column its label above and below, then for each
// row its label left and right.
func (l *Layout) Coords(d *Diagram) []CoordLabel {
	if d.ColLabels == nil || d.Coords == CoordsNone {
		return nil
	}
	u := l.Unit
	off := 0.5 + 0.1 + coordBand/2
	if d.Kind == Hex {
		off = 1/math.Sqrt(3) + 0.1 + coordBand/2
	}
	var labels []CoordLabel
	v := d.View
	for x := v.X0; x <= v.X1; x++ {
		if d.Sides&Top != 0 {
			px, py := l.Point(d, x, v.Y0)
			labels = append(labels, CoordLabel{px, py - off*u, d.ColLabels[x]})
		}
		if d.Sides&Bottom != 0 {
			px, py := l.Point(d, x, v.Y1)
			labels = append(labels, CoordLabel{px, py + off*u, d.ColLabels[x]})
		}
	}
	side := 0.5 + 0.1 + coordBand/2
	for y := v.Y0; y <= v.Y1; y++ {
		if d.Sides&Left != 0 {
			px, py := l.Point(d, v.X0, y)
			labels = append(labels, CoordLabel{px - side*u, py, d.RowLabels[y]})
		}
		if d.Sides&Right != 0 {
			px, py := l.Point(d, v.X1, y)
			labels = append(labels, CoordLabel{px + side*u, py, d.RowLabels[y]})
		}
	}
	return labels
}

// HexCells returns the corners (as HexCorners orders them) of the cells
// of a Hex board that View shows, row by row.
func (l *Layout) HexCells(d *Diagram) [][6][2]float64 {
	var cells [][6][2]float64
	v := d.View
	for y := v.Y0; y <= v.Y1; y++ {
		for x := v.X0; x <= v.X1; x++ {
			if d.Visible(pt(x, y)) {
				cells = append(cells, l.hexCell(d, x, y))
			}
		}
	}
	return cells
}

func (l *Layout) hexCell(d *Diagram, x, y int) [6][2]float64 {
	px, py := l.Point(d, x, y)
	c := HexCorners()
	for i, k := range c {
		c[i] = [2]float64{px + k[0]*l.Unit, py + k[1]*l.Unit}
	}
	return c
}

// HexEdges returns the players' edges of a Hex board that View shows:
// Black's top and bottom rows, then White's left and right columns, each
// as the three corners of each of its cells that lie on the edge, in
// order along it.
func (l *Layout) HexEdges(d *Diagram) [4][][3][2]float64 {
	var edges [4][][3][2]float64
	v := d.View
	add := func(e, x, y int, ks [3]int) {
		c := l.hexCell(d, x, y)
		edges[e] = append(edges[e], [3][2]float64{c[ks[0]], c[ks[1]], c[ks[2]]})
	}
	for x := v.X0; x <= v.X1; x++ {
		if v.Y0 <= 0 && 0 <= v.Y1 {
			add(0, x, 0, [3]int{5, 0, 1})
		}
		if v.Y0 <= d.Rows-1 && d.Rows-1 <= v.Y1 {
			add(1, x, d.Rows-1, [3]int{2, 3, 4})
		}
	}
	for y := v.Y0; y <= v.Y1; y++ {
		if v.X0 <= 0 && 0 <= v.X1 {
			add(2, 0, y, [3]int{5, 4, 3})
		}
		if v.X0 <= d.Cols-1 && d.Cols-1 <= v.X1 {
			add(3, d.Cols-1, y, [3]int{0, 1, 2})
		}
	}
	return edges
}

// ArrowHead returns the three points of the head of an arrow from a to b,
// the tip in the middle, in a picture of l; false when a is b.
func (l *Layout) ArrowHead(ax, ay, bx, by float64) ([3][2]float64, bool) {
	dx, dy := bx-ax, by-ay
	n := math.Hypot(dx, dy)
	if !(n > 0) {
		return [3][2]float64{}, false
	}
	h := l.Unit * 0.3
	ux, uy := dx/n*h, dy/n*h
	return [3][2]float64{{bx - ux - uy*0.6, by - uy + ux*0.6}, {bx, by}, {bx - ux + uy*0.6, by - uy - ux*0.6}}, true
}
