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
	if width < 16 {
		width = 16
	}
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
