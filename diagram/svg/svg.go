// Package svg writes a diagram (package diagram) as an SVG picture,
// directly as bytes: valid XML, the same bytes for the same diagram on
// every run and platform, themeable by CSS.
//
// Every element that stands for something in the game says so in its
// class: a stone is <circle class="stone black" data-point="pd" .../> (or
// "stone white"; data-point is the SGF point, for Hex the cell name such
// as "c5", for other games the point as written); a markup element has
// the class of its property, in lower case: tr, sq, cr, ma, sl, lb, ar,
// ln, tb, tw (and dd for a dimmed point, var for a variation letter, num
// for a move number, last for the last move's marker), each with
// data-point. Markup is grouped by what lies under it (<g class="on-empty">,
// "on-black", "on-white"), so that CSS can colour it. Text is written in
// <text> elements, escaped.
package svg

import (
	"io"
	"math"
	"slices"
	"strconv"

	"github.com/sgf-toolkit/sgf/diagram"
	"github.com/sgf-toolkit/sgf/value"
)

// Options are the choices of Encode (see diagram.PictureOptions). The
// zero value draws with the flat theme, 32 pixels between points, the
// caption and listed moves under the board.
type Options = diagram.PictureOptions

// Encode writes d as SVG to w.
func Encode(w io.Writer, d *diagram.Diagram, opts *Options) error {
	_, err := w.Write(Append(nil, d, opts))
	return err
}

// Width returns the default width of a picture of d: 32 pixels a point.
func Width(d *diagram.Diagram) float64 { return diagram.DefaultWidth(d) }

// Append appends the SVG of d to dst.
func Append(dst []byte, d *diagram.Diagram, opts *Options) []byte {
	l, t := diagram.PictureLayout(d, opts)
	w := &writer{b: dst, d: d, l: &l, t: t}
	w.svg()
	return w.b
}

type writer struct {
	b []byte
	d *diagram.Diagram
	l *diagram.Layout
	t *diagram.Theme
}

func (w *writer) s(s string) { w.b = append(w.b, s...) }

// num appends v rounded to two decimals, without trailing zeros.
func (w *writer) num(v float64) { w.b = appendNum(w.b, v) }

// appendNum appends v rounded to two decimals, without trailing zeros.
// The writer's methods build what they write in a local slice and store
// it in w.b once: every store of w.b is a pointer write, which costs a
// write barrier while the collector marks (27% of the time of a picture).
func appendNum(b []byte, v float64) []byte {
	n := int64(math.Round(v * 100))
	if n < 0 {
		b = append(b, '-')
		n = -n
	}
	if i := n / 100; i < 10000 {
		// strconv.AppendInt formats into a buffer and copies it.
		switch {
		case i >= 1000:
			b = append(b, byte('0'+i/1000), byte('0'+i/100%10), byte('0'+i/10%10), byte('0'+i%10))
		case i >= 100:
			b = append(b, byte('0'+i/100), byte('0'+i/10%10), byte('0'+i%10))
		case i >= 10:
			b = append(b, byte('0'+i/10), byte('0'+i%10))
		default:
			b = append(b, byte('0'+i))
		}
	} else {
		b = strconv.AppendInt(b, i, 10)
	}
	if f := n % 100; f != 0 {
		b = append(b, '.', byte('0'+f/10))
		if f%10 != 0 {
			b = append(b, byte('0'+f%10))
		}
	}
	return b
}

// pt appends a path command (M, L) and its point.
func (w *writer) pt(cmd byte, x, y float64) {
	b := append(w.b, cmd)
	b = appendNum(b, x)
	b = append(b, ' ')
	w.b = appendNum(b, y)
}

// pathCmd is the command of the i-th point of a polygon: M, then L.
func pathCmd(i int) byte {
	if i == 0 {
		return 'M'
	}
	return 'L'
}

// attr appends ` name="v"` with v a number.
func (w *writer) attr(name string, v float64) { w.b = appendAttr(w.b, name, v) }

func appendAttr(b []byte, name string, v float64) []byte {
	b = append(b, ' ')
	b = append(b, name...)
	b = append(b, '=', '"')
	b = appendNum(b, v)
	return append(b, '"')
}

// text appends s escaped for XML text and attributes, dropping what XML
// cannot hold (control characters other than tab, newline, CR; invalid
// UTF-8 becomes U+FFFD).
func (w *writer) text(s string) {
	for _, r := range s {
		switch {
		case r == '&':
			w.s("&amp;")
		case r == '<':
			w.s("&lt;")
		case r == '>':
			w.s("&gt;")
		case r == '"':
			w.s("&quot;")
		case r == '\'':
			w.s("&#39;")
		case r < 0x20 && r != '\t' && r != '\n' && r != '\r', r == 0xFFFE, r == 0xFFFF:
		case r >= 0xD800 && r <= 0xDFFF:
		default:
			w.b = append(w.b, string(r)...)
		}
	}
}

// pointAttr appends ` data-point="..."` for p.
func (w *writer) pointAttr(p value.Point) {
	if w.d.Kind == diagram.Go {
		b := append(w.b, ` data-point="`...)
		b = value.AppendPoint(b, p)
		w.b = append(b, '"')
		return
	}
	w.s(` data-point="`)
	if w.d.Kind == diagram.Grid {
		if i := w.d.StoneAt(p); i >= 0 && w.d.Stones[i].Name != "" {
			w.text(w.d.Stones[i].Name)
		} else {
			w.b = value.AppendPoint(w.b, p)
		}
	} else if w.d.Kind == diagram.Hex {
		w.text(w.d.PointName(p))
	} else {
		w.b = value.AppendPoint(w.b, p)
	}
	w.s(`"`)
}

// circle writes a circle of the class centred on x, y, with the
// data-point of p unless p is nil.
func (w *writer) circle(class string, p *value.Point, x, y, r float64) {
	b := append(w.b, `<circle class="`...)
	b = append(b, class...)
	w.b = append(b, '"')
	if p != nil {
		w.pointAttr(*p)
	}
	b = appendAttr(w.b, "cx", x)
	b = appendAttr(b, "cy", y)
	b = appendAttr(b, "r", r)
	w.b = append(b, `/>`...)
}

// textLength squeezes a text into width pixels.
func (w *writer) textLength(width float64) {
	w.s(` textLength="`)
	w.num(width)
	w.s(`" lengthAdjust="spacingAndGlyphs"`)
}

func (w *writer) xy(p value.Point) (float64, float64) { return w.l.Point(w.d, p.X, p.Y) }

func (w *writer) svg() {
	d, l, t := w.d, w.l, w.t
	u := l.Unit
	w.s(`<svg xmlns="http://www.w3.org/2000/svg" class="sgf-diagram `)
	w.s(d.Kind.String())
	w.s(`"`)
	w.attr("width", l.Width)
	w.attr("height", l.Height)
	w.s(` viewBox="0 0 `)
	w.num(l.Width)
	w.s(" ")
	w.num(l.Height)
	w.s(`">`)
	w.style()
	w.s(`<rect class="page" width="100%" height="100%"/>`)
	if d.Kind == diagram.Hex {
		w.hexBoard()
	} else {
		w.s(`<rect class="board"`)
		w.attr("x", l.Board[0])
		w.attr("y", l.Board[1])
		w.attr("width", l.Board[2]-l.Board[0])
		w.attr("height", l.Board[3]-l.Board[1])
		w.s(`/>`)
		w.grid()
	}
	w.coords()
	// Territory under the stones' marks, stones, dimming.
	r := t.StoneSize / 2 * u
	for _, s := range d.Stones {
		if !d.Visible(s.Point) {
			continue
		}
		x, y := w.xy(s.Point)
		class := "stone white"
		if s.Color == value.Black {
			class = "stone black"
		}
		w.circle(class, &s.Point, x, y, r)
	}
	for _, p := range d.Dimmed {
		if !d.Visible(p) {
			continue
		}
		x, y := w.xy(p)
		w.s(`<rect class="dd"`)
		w.pointAttr(p)
		w.attr("x", x-u/2)
		w.attr("y", y-u/2)
		w.attr("width", u)
		w.attr("height", u)
		w.s(`/>`)
	}
	w.marks(0, "on-empty")
	w.marks(value.Black, "on-black")
	w.marks(value.White, "on-white")
	if len(d.Lines) > 0 {
		w.s(`<g class="lines">`)
		for _, ln := range d.Lines {
			w.line(ln)
		}
		w.s(`</g>`)
	}
	if len(l.Lines) > 0 {
		w.s(`<g class="text">`)
		for i, line := range l.Lines {
			w.s(`<text`)
			if i == 0 && d.Caption != "" {
				w.s(` class="caption"`)
			}
			w.attr("x", l.Width/2)
			w.attr("y", l.TextTop+float64(i)*l.LineHeight)
			w.s(`>`)
			w.text(line)
			w.s(`</text>`)
		}
		w.s(`</g>`)
	}
	w.s("</svg>\n")
}

// style writes the theme as CSS.
func (w *writer) style() {
	t, u := w.t, w.l.Unit
	w.s(`<style>`)
	w.s(`.page{fill:` + t.Page + `}.board{fill:` + t.Background + `}`)
	w.s(`.grid{stroke:` + t.Line + `;stroke-width:`)
	w.num(t.LineWidth * u)
	w.s(`;fill:none;stroke-linecap:square}.edge{stroke-width:`)
	w.num(t.EdgeWidth * u)
	w.s(`}.hoshi{fill:` + t.Hoshi + `}`)
	w.s(`.stone{stroke-width:`)
	w.num(t.EdgeWidth * u * 0.6)
	w.s(`}.stone.black{fill:` + t.Black + `;stroke:` + t.BlackEdge + `}.stone.white{fill:` + t.White + `;stroke:` + t.WhiteEdge + `}`)
	w.s(`text{font-family:"Go","DejaVu Sans",Arial,sans-serif;text-anchor:middle;stroke:none}`)
	w.s(`.coord{fill:` + t.Coord + `;font-size:`)
	w.num(t.CoordSize * u)
	w.s(`px}.text text{fill:` + t.Text + `;font-size:`)
	w.num(t.TextSize * u)
	w.s(`px}.caption{font-weight:bold}`)
	w.s(`.tr,.sq,.cr,.ma,.ar,.ln,.last{fill:none;stroke-width:`)
	w.num(t.MarkWidth * u)
	w.s(`;stroke-linecap:round;stroke-linejoin:round}`)
	w.s(`.num,.lb,.var{font-size:`)
	w.num(t.NumberSize * u)
	w.s(`px}.var{font-style:italic}`)
	w.s(`.on-empty{stroke:` + t.MarkOnEmpty + `}.on-empty text{fill:` + t.MarkOnEmpty + `}`)
	w.s(`.on-black{stroke:` + t.MarkOnBlack + `}.on-black text{fill:` + t.MarkOnBlack + `}`)
	w.s(`.on-white{stroke:` + t.MarkOnWhite + `}.on-white text{fill:` + t.MarkOnWhite + `}`)
	w.s(`.lbg{fill:` + t.Background + `;stroke:none}`)
	w.s(`.last{stroke:` + t.LastMove + `}.sl{fill:` + t.Selected + `;fill-opacity:0.45;stroke:none}`)
	w.s(`.dd{fill:` + t.Dim + `;fill-opacity:0.6;stroke:none}`)
	w.s(`.tb{fill:` + t.Black + `;stroke:` + t.White + `;stroke-width:`)
	w.num(u * 0.02)
	w.s(`}.tw{fill:` + t.White + `;stroke:` + t.Black + `;stroke-width:`)
	w.num(u * 0.02)
	w.s(`}.lines{stroke:` + t.MarkOnEmpty + `}`)
	w.s(`.cell{fill:` + t.Background + `;stroke:` + t.Line + `;stroke-width:`)
	w.num(t.LineWidth * u)
	w.s(`}.hexb{stroke:` + t.HexBlackEdge + `;fill:none;stroke-linecap:round;stroke-width:`)
	w.num(t.EdgeWidth * u * 2)
	w.s(`}.hexw{stroke:` + t.HexWhiteEdge + `;fill:none;stroke-linecap:round;stroke-width:`)
	w.num(t.EdgeWidth * u * 2)
	w.s(`}</style>`)
}

// grid draws the lines of a Go (or grid) board in View and the hoshi.
func (w *writer) grid() {
	d, l := w.d, w.l
	v := d.View
	w.s(`<path class="grid" d="`)
	if d.Hidden == nil {
		for y := v.Y0; y <= v.Y1; y++ {
			x0, py := l.Point(d, v.X0, y)
			x1, _ := l.Point(d, v.X1, y)
			w.pt('M', x0, py)
			w.s("H")
			w.num(x1)
		}
		for x := v.X0; x <= v.X1; x++ {
			px, y0 := l.Point(d, x, v.Y0)
			_, y1 := l.Point(d, x, v.Y1)
			w.pt('M', px, y0)
			w.s("V")
			w.num(y1)
		}
	} else {
		// Half segments from each visible point towards its visible
		// neighbours.
		for y := v.Y0; y <= v.Y1; y++ {
			for x := v.X0; x <= v.X1; x++ {
				p := value.Point{X: x, Y: y}
				if !d.Visible(p) {
					continue
				}
				px, py := l.Point(d, x, y)
				if d.Visible(value.Point{X: x + 1, Y: y}) {
					w.pt('M', px, py)
					w.s("h")
					w.num(l.Unit)
				}
				if d.Visible(value.Point{X: x, Y: y + 1}) {
					w.pt('M', px, py)
					w.s("v")
					w.num(l.Unit)
				}
				if !d.Visible(value.Point{X: x + 1, Y: y}) && !d.Visible(value.Point{X: x - 1, Y: y}) &&
					!d.Visible(value.Point{X: x, Y: y + 1}) && !d.Visible(value.Point{X: x, Y: y - 1}) {
					w.pt('M', px-l.Unit/4, py)
					w.s("h")
					w.num(l.Unit / 2)
				}
			}
		}
	}
	w.s(`"/>`)
	// The outline of the whole board where View reaches its edges.
	if d.Hidden == nil && (v.X0 == 0 || v.Y0 == 0 || v.X1 == d.Cols-1 || v.Y1 == d.Rows-1) {
		w.s(`<path class="grid edge" d="`)
		edge := func(x0, y0, x1, y1 int) {
			ax, ay := l.Point(d, x0, y0)
			bx, by := l.Point(d, x1, y1)
			w.pt('M', ax, ay)
			w.pt('L', bx, by)
		}
		if v.Y0 == 0 {
			edge(v.X0, 0, v.X1, 0)
		}
		if v.Y1 == d.Rows-1 {
			edge(v.X0, v.Y1, v.X1, v.Y1)
		}
		if v.X0 == 0 {
			edge(0, v.Y0, 0, v.Y1)
		}
		if v.X1 == d.Cols-1 {
			edge(v.X1, v.Y0, v.X1, v.Y1)
		}
		w.s(`"/>`)
	}
	for _, p := range d.Hoshi {
		if !d.Visible(p) {
			continue
		}
		x, y := w.xy(p)
		w.circle("hoshi", nil, x, y, l.Unit*0.1)
	}
}

// hexBoard draws the cells of a Hex board and the players' edges.
func (w *writer) hexBoard() {
	w.s(`<path class="cell" d="`)
	for _, c := range w.l.HexCells(w.d) {
		for i, q := range c {
			w.pt(pathCmd(i), q[0], q[1])
		}
		w.s("Z")
	}
	w.s(`"/>`)
	// Edges: Black's top and bottom rows, White's left and right columns.
	for e, cells := range w.l.HexEdges(w.d) {
		w.s(`<path class="` + [4]string{"hexb", "hexb", "hexw", "hexw"}[e] + `" d="`)
		for _, c := range cells {
			for i, q := range c {
				w.pt(pathCmd(i), q[0], q[1])
			}
		}
		w.s(`"/>`)
	}
}

// coords writes the coordinates on the sides of View.
func (w *writer) coords() {
	if w.d.ColLabels == nil || w.d.Coords == diagram.CoordsNone {
		return
	}
	dy := w.t.CoordSize * w.l.Unit * 0.35
	w.s(`<g class="coord">`)
	for _, c := range w.l.Coords(w.d) {
		w.s(`<text`)
		w.attr("x", c.X)
		w.attr("y", c.Y+dy)
		w.s(`>`)
		w.text(c.Text)
		w.s(`</text>`)
	}
	w.s(`</g>`)
}

// marks writes, in a group of the given class, the marks, move numbers
// and last-move marker on points under which lies colour on.
func (w *writer) marks(on value.Color, class string) {
	d, l, t := w.d, w.l, w.t
	u := l.Unit
	open := false
	start := func() {
		if !open {
			w.s(`<g class="` + class + `">`)
			open = true
		}
	}
	dy := t.NumberSize * u * 0.35
	marked := func(p value.Point) bool {
		return slices.ContainsFunc(d.Marks, func(m diagram.Mark) bool {
			return m.Point == p && m.Kind != diagram.TerritoryBlack && m.Kind != diagram.TerritoryWhite
		})
	}
	for _, s := range d.Stones {
		if s.Number == 0 || s.Color != on || !d.Visible(s.Point) || marked(s.Point) {
			continue
		}
		start()
		x, y := w.xy(s.Point)
		w.s(`<text class="num"`)
		w.pointAttr(s.Point)
		w.attr("x", x)
		w.attr("y", y+dy)
		if s.Number >= 100 {
			w.textLength(u * 0.78)
		}
		w.s(`>`)
		w.b = strconv.AppendInt(w.b, int64(s.Number), 10)
		w.s(`</text>`)
	}
	for _, m := range d.Marks {
		if m.On != on || !d.Visible(m.Point) {
			continue
		}
		start()
		x, y := w.xy(m.Point)
		switch m.Kind {
		case diagram.Triangle:
			h := u * 0.3
			w.s(`<path class="tr"`)
			w.pointAttr(m.Point)
			w.s(` d="`)
			w.pt('M', x, y-h)
			w.pt('L', x+h*0.866, y+h/2)
			w.pt('L', x-h*0.866, y+h/2)
			w.s(`Z"/>`)
		case diagram.Square, diagram.Selected, diagram.TerritoryBlack, diagram.TerritoryWhite:
			h := u * 0.22
			switch m.Kind {
			case diagram.Selected:
				h = u * 0.5
			case diagram.TerritoryBlack, diagram.TerritoryWhite:
				h = u * 0.16
			}
			w.s(`<rect class="` + m.Kind.Class() + `"`)
			w.pointAttr(m.Point)
			w.attr("x", x-h)
			w.attr("y", y-h)
			w.attr("width", 2*h)
			w.attr("height", 2*h)
			w.s(`/>`)
		case diagram.Circle:
			w.circle("cr", &m.Point, x, y, u*0.25)
		case diagram.Cross:
			h := u * 0.2
			w.s(`<path class="ma"`)
			w.pointAttr(m.Point)
			w.s(` d="`)
			w.pt('M', x-h, y-h)
			w.pt('L', x+h, y+h)
			w.pt('M', x+h, y-h)
			w.pt('L', x-h, y+h)
			w.s(`"/>`)
		case diagram.Label, diagram.Variation:
			if on == 0 {
				w.circle("lbg", nil, x, y, u*0.36)
			}
			w.s(`<text class="` + m.Kind.Class() + `"`)
			w.pointAttr(m.Point)
			w.attr("x", x)
			w.attr("y", y+dy)
			if len(m.Text) > 2 {
				w.textLength(u * 0.9)
			}
			w.s(`>`)
			w.text(m.Text)
			w.s(`</text>`)
		}
	}
	if d.HasLastMove && d.Visible(d.LastMove) && !marked(d.LastMove) {
		if i := d.StoneAt(d.LastMove); i >= 0 && d.Stones[i].Color == on && d.Stones[i].Number == 0 {
			start()
			x, y := w.xy(d.LastMove)
			w.circle("last", &d.LastMove, x, y, u*0.22)
		}
	}
	if open {
		w.s(`</g>`)
	}
}

// line writes an arrow or a line.
func (w *writer) line(ln diagram.Line) {
	d := w.d
	if !d.View.Contains(ln.From) || !d.View.Contains(ln.To) {
		return
	}
	ax, ay := w.xy(ln.From)
	bx, by := w.xy(ln.To)
	w.s(`<path class="` + ln.Kind.Class() + `" data-point="`)
	if d.Kind == diagram.Hex {
		w.text(d.PointName(ln.From) + ":" + d.PointName(ln.To))
	} else {
		w.b = value.AppendPointPair(w.b, ln.From, ln.To)
	}
	w.s(`" d="`)
	w.pt('M', ax, ay)
	w.pt('L', bx, by)
	if head, ok := w.l.ArrowHead(ax, ay, bx, by); ok && ln.Kind == diagram.Arrow {
		for i, q := range head {
			w.pt(pathCmd(i), q[0], q[1])
		}
	}
	w.s(`"/>`)
}
