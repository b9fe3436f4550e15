// Package png draws a diagram (package diagram) as a PNG picture, in pure
// Go: shapes are filled by golang.org/x/image/vector (anti-aliased), text
// is drawn with the Go fonts (golang.org/x/image/font/gofont), so no cgo,
// no system font and no other program is needed. The same diagram gives
// the same bytes on every run.
//
// Draw paints into an image (the GIF encoder reuses it); Encode writes
// the PNG.
package png

import (
	"image"
	"image/color"
	"image/draw"
	"io"
	"math"
	"strconv"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"github.com/sgf-toolkit/sgf/diagram"
	"github.com/sgf-toolkit/sgf/value"
)

// Options are the choices of Encode and Draw. The zero value draws with
// the flat theme, 32 pixels between points, the caption and listed moves
// under the board.
type Options struct {
	Theme *diagram.Theme
	// Width is the width of the picture in pixels (0: 32 pixels a point).
	Width int
	// NoText leaves out the text under the board.
	NoText bool
}

// Encode writes d as a PNG to w.
func Encode(w io.Writer, d *diagram.Diagram, opts *Options) error {
	return encode(w, Draw(d, opts))
}

// Size returns the size in pixels of the picture of d.
func Size(d *diagram.Diagram, opts *Options) (w, h int) {
	l := layout(d, opts)
	return int(math.Ceil(l.Width)), int(math.Ceil(l.Height))
}

func layout(d *diagram.Diagram, opts *Options) diagram.Layout {
	t := theme(opts)
	width := float64(0)
	if opts != nil {
		width = float64(opts.Width)
	}
	if width <= 0 {
		ew, _ := d.Extent()
		width = math.Round((ew + 2.9) * 32)
	}
	var lines []string
	if opts == nil || !opts.NoText {
		lines = diagram.TextLines(d, 60)
	}
	return diagram.NewLayout(d, width, t, lines)
}

func theme(opts *Options) *diagram.Theme {
	if opts != nil && opts.Theme != nil {
		return opts.Theme
	}
	return diagram.Themes["flat"]
}

// Draw returns the picture of d.
func Draw(d *diagram.Diagram, opts *Options) *image.RGBA {
	return DrawTo(nil, d, opts)
}

// DrawTo paints the picture of d into dst when dst has its size (see
// Size), else into a new image, and returns the image painted.
func DrawTo(dst *image.RGBA, d *diagram.Diagram, opts *Options) *image.RGBA {
	l := layout(d, opts)
	t := theme(opts)
	w, h := int(math.Ceil(l.Width)), int(math.Ceil(l.Height))
	if dst == nil || dst.Bounds() != image.Rect(0, 0, w, h) {
		dst = image.NewRGBA(image.Rect(0, 0, w, h))
	}
	p := &painter{
		img: dst,
		z:   vector.NewRasterizer(1, 1),
		d:   d, l: &l, t: t,
	}
	p.paint()
	return p.img
}

type painter struct {
	img *image.RGBA
	z   *vector.Rasterizer
	d   *diagram.Diagram
	l   *diagram.Layout
	t   *diagram.Theme

	// The path being built, filled by fill with a rasterizer the size of
	// its box only (a rasterizer costs its area on every Draw).
	ops        []pathOp
	minX, minY float32
	maxX, maxY float32
}

// pathOp is a step of a path: 'M' move, 'L' line, 'C' cubic, 'Z' close.
type pathOp struct {
	kind byte
	p    [3][2]float32
}

func (p *painter) add(kind byte, pts ...[2]float32) {
	op := pathOp{kind: kind}
	for i, q := range pts {
		op.p[i] = q
		if len(p.ops) == 0 && i == 0 {
			p.minX, p.maxX, p.minY, p.maxY = q[0], q[0], q[1], q[1]
		}
		p.minX, p.maxX = min(p.minX, q[0]), max(p.maxX, q[0])
		p.minY, p.maxY = min(p.minY, q[1]), max(p.maxY, q[1])
	}
	p.ops = append(p.ops, op)
}

func (p *painter) moveTo(x, y float32) { p.add('M', [2]float32{x, y}) }
func (p *painter) lineTo(x, y float32) { p.add('L', [2]float32{x, y}) }
func (p *painter) cubeTo(ax, ay, bx, by, cx, cy float32) {
	p.add('C', [2]float32{ax, ay}, [2]float32{bx, by}, [2]float32{cx, cy})
}
func (p *painter) closePath() { p.ops = append(p.ops, pathOp{kind: 'Z'}) }

// col returns a theme colour as an image.Uniform (nil for "none").
func col(s string) *image.Uniform {
	c, ok := diagram.ParseColor(s)
	if !ok || c.A == 0 {
		return nil
	}
	return image.NewUniform(color.RGBA{c.R, c.G, c.B, c.A})
}

// withAlpha returns the colour s at opacity a (premultiplied).
func withAlpha(s string, a float64) *image.Uniform {
	c, ok := diagram.ParseColor(s)
	if !ok || c.A == 0 {
		return nil
	}
	f := func(v uint8) uint8 { return uint8(math.Round(float64(v) * a)) }
	return image.NewUniform(color.RGBA{f(c.R), f(c.G), f(c.B), f(255)})
}

// fill fills the path built so far with src and starts a new one.
func (p *painter) fill(src *image.Uniform) {
	defer func() { p.ops = p.ops[:0] }()
	if src == nil || len(p.ops) == 0 {
		return
	}
	b := p.img.Bounds()
	x0, y0 := max(int(math.Floor(float64(p.minX)))-1, b.Min.X), max(int(math.Floor(float64(p.minY)))-1, b.Min.Y)
	x1, y1 := min(int(math.Ceil(float64(p.maxX)))+1, b.Max.X), min(int(math.Ceil(float64(p.maxY)))+1, b.Max.Y)
	if x1 <= x0 || y1 <= y0 {
		return
	}
	z := p.z
	z.Reset(x1-x0, y1-y0)
	ox, oy := float32(x0), float32(y0)
	for _, op := range p.ops {
		q := op.p
		switch op.kind {
		case 'M':
			z.MoveTo(q[0][0]-ox, q[0][1]-oy)
		case 'L':
			z.LineTo(q[0][0]-ox, q[0][1]-oy)
		case 'C':
			z.CubeTo(q[0][0]-ox, q[0][1]-oy, q[1][0]-ox, q[1][1]-oy, q[2][0]-ox, q[2][1]-oy)
		case 'Z':
			z.ClosePath()
		}
	}
	z.Draw(p.img, image.Rect(x0, y0, x1, y1), src, image.Point{})
}

// fillRect fills an axis-aligned rectangle with src directly, with the
// coverage of its partly covered edge pixels (anti-aliased), without the
// rasterizer: the grid, the board and square marks are most of a picture.
func (p *painter) fillRect(x0, y0, x1, y1 float64, src *image.Uniform) {
	if src == nil || x1 <= x0 || y1 <= y0 {
		return
	}
	b := p.img.Bounds()
	c := src.C.(color.RGBA)
	ix0, iy0 := max(int(math.Floor(x0)), b.Min.X), max(int(math.Floor(y0)), b.Min.Y)
	ix1, iy1 := min(int(math.Ceil(x1)), b.Max.X), min(int(math.Ceil(y1)), b.Max.Y)
	cover := func(lo, hi float64, i int) float64 {
		return max(0, min(hi, float64(i+1))-max(lo, float64(i)))
	}
	for y := iy0; y < iy1; y++ {
		cy := cover(y0, y1, y)
		row := p.img.Pix[p.img.PixOffset(ix0, y):]
		for x := ix0; x < ix1; x++ {
			a := cy
			if x == ix0 || x == ix1-1 {
				a *= cover(x0, x1, x)
			}
			k := (x - ix0) * 4
			px := row[k : k+4 : k+4]
			if a >= 1 && c.A == 255 {
				px[0], px[1], px[2], px[3] = c.R, c.G, c.B, 255
				continue
			}
			// Over, with src premultiplied at coverage a.
			sa := float64(c.A) / 255 * a
			px[0] = uint8(float64(c.R)*a + float64(px[0])*(1-sa) + 0.5)
			px[1] = uint8(float64(c.G)*a + float64(px[1])*(1-sa) + 0.5)
			px[2] = uint8(float64(c.B)*a + float64(px[2])*(1-sa) + 0.5)
			px[3] = uint8(255*sa + float64(px[3])*(1-sa) + 0.5)
		}
	}
}

// circle adds a circle; ccw draws it the other way round (a hole).
func (p *painter) circle(cx, cy, r float64, ccw bool) {
	const k = 0.5522847498
	z := p
	s := float32(1)
	if ccw {
		s = -1
	}
	x, y, rr, kr := float32(cx), float32(cy), float32(r), float32(r*k)
	z.moveTo(x+rr, y)
	z.cubeTo(x+rr, y+s*kr, x+kr, y+s*rr, x, y+s*rr)
	z.cubeTo(x-kr, y+s*rr, x-rr, y+s*kr, x-rr, y)
	z.cubeTo(x-rr, y-s*kr, x-kr, y-s*rr, x, y-s*rr)
	z.cubeTo(x+kr, y-s*rr, x+rr, y-s*kr, x+rr, y)
	z.closePath()
}

// segment adds a line from a to b of width w as a quadrilateral.
func (p *painter) segment(ax, ay, bx, by, w float64) {
	dx, dy := bx-ax, by-ay
	n := math.Hypot(dx, dy)
	if n == 0 {
		return
	}
	nx, ny := -dy/n*w/2, dx/n*w/2
	z := p
	z.moveTo(float32(ax+nx), float32(ay+ny))
	z.lineTo(float32(bx+nx), float32(by+ny))
	z.lineTo(float32(bx-nx), float32(by-ny))
	z.lineTo(float32(ax-nx), float32(ay-ny))
	z.closePath()
}

// polyline strokes the points (closed when close) with round joins,
// filling with src.
func (p *painter) polyline(pts [][2]float64, close bool, w float64, src *image.Uniform) {
	n := len(pts)
	for i := range n {
		if i == n-1 && !close {
			break
		}
		a, b := pts[i], pts[(i+1)%n]
		p.segment(a[0], a[1], b[0], b[1], w)
		p.fill(src)
	}
	for _, q := range pts {
		p.circle(q[0], q[1], w/2, false)
		p.fill(src)
	}
}

func (p *painter) xy(pt value.Point) (float64, float64) { return p.l.Point(p.d, pt.X, pt.Y) }

func (p *painter) paint() {
	d, l, t := p.d, p.l, p.t
	u := l.Unit
	if page := col(t.Page); page != nil {
		draw.Draw(p.img, p.img.Bounds(), page, image.Point{}, draw.Src)
	} else {
		clear(p.img.Pix) // "none": transparent (DrawTo may reuse an image)
	}
	if d.Kind == diagram.Hex {
		p.hexBoard()
	} else {
		b := l.Board
		p.fillRect(b[0], b[1], b[2], b[3], col(t.Background))
		if t.Grain {
			p.grain()
		}
		p.grid()
	}
	p.coords()
	r := t.StoneSize / 2 * u
	edge := t.EdgeWidth * u * 0.6
	for _, s := range d.Stones {
		if !d.Visible(s.Point) {
			continue
		}
		x, y := p.xy(s.Point)
		fillC, edgeC := t.Black, t.BlackEdge
		if s.Color == value.White {
			fillC, edgeC = t.White, t.WhiteEdge
		}
		p.circle(x, y, r, false)
		p.fill(col(edgeC))
		p.circle(x, y, r-edge, false)
		p.fill(col(fillC))
	}
	for _, q := range d.Dimmed {
		if !d.Visible(q) {
			continue
		}
		x, y := p.xy(q)
		p.fillRect(x-u/2, y-u/2, x+u/2, y+u/2, withAlpha(t.Dim, 0.6))
	}
	p.marks()
	for _, ln := range d.Lines {
		p.line(ln)
	}
	p.textLines()
}

// grain paints a wood grain over the board: darker bands that waver.
func (p *painter) grain() {
	b := p.l.Board
	base, _ := diagram.ParseColor(p.t.Background)
	x0, y0 := int(math.Floor(b[0])), int(math.Floor(b[1]))
	x1, y1 := int(math.Ceil(b[2])), int(math.Ceil(b[3]))
	r := p.img.Bounds()
	x0, y0, x1, y1 = max(x0, r.Min.X), max(y0, r.Min.Y), min(x1, r.Max.X), min(y1, r.Max.Y)
	scale := p.l.Unit / 32
	for y := y0; y < y1; y++ {
		fy := float64(y) / scale
		for x := x0; x < x1; x++ {
			fx := float64(x) / scale
			// Rings of a log cut along its length: bands along y that
			// bend slowly, with a finer ripple.
			v := math.Sin(fx*0.09+3*math.Sin(fy*0.011)+0.8*math.Sin(fy*0.043+fx*0.005)) * 0.5
			v += 0.25 * math.Sin(fx*0.31+fy*0.02)
			f := 1 - 0.07*(v+0.75)
			i := p.img.PixOffset(x, y)
			c := p.img.Pix[i : i+4 : i+4]
			if c[0] != base.R || c[1] != base.G || c[2] != base.B {
				continue // the anti-aliased edge
			}
			c[0] = uint8(float64(base.R) * f)
			c[1] = uint8(float64(base.G) * f)
			c[2] = uint8(float64(base.B) * f)
		}
	}
}

func (p *painter) grid() {
	d, l, t := p.d, p.l, p.t
	u := l.Unit
	v := d.View
	line := col(t.Line)
	lw := t.LineWidth * u
	for y := v.Y0; y <= v.Y1; y++ {
		for x := v.X0; x <= v.X1; x++ {
			q := value.Point{X: x, Y: y}
			if !d.Visible(q) {
				continue
			}
			px, py := p.xy(q)
			if x < v.X1 && d.Visible(value.Point{X: x + 1, Y: y}) {
				p.fillRect(px-lw/2, py-lw/2, px+u-lw/2, py+lw/2, line)
			}
			if y < v.Y1 && d.Visible(value.Point{X: x, Y: y + 1}) {
				p.fillRect(px-lw/2, py+lw/2, px+lw/2, py+u-lw/2, line)
			}
			p.fillRect(px-lw/2, py-lw/2, px+lw/2, py+lw/2, line)
		}
	}
	if d.Hidden == nil {
		ew := t.EdgeWidth * u
		x0, y0 := l.Point(d, v.X0, v.Y0)
		x1, y1 := l.Point(d, v.X1, v.Y1)
		if v.Y0 == 0 {
			p.fillRect(x0-ew/2, y0-ew/2, x1+ew/2, y0+ew/2, line)
		}
		if v.Y1 == d.Rows-1 {
			p.fillRect(x0-ew/2, y1-ew/2, x1+ew/2, y1+ew/2, line)
		}
		if v.X0 == 0 {
			p.fillRect(x0-ew/2, y0+ew/2, x0+ew/2, y1-ew/2, line)
		}
		if v.X1 == d.Cols-1 {
			p.fillRect(x1-ew/2, y0+ew/2, x1+ew/2, y1-ew/2, line)
		}
	}
	for _, h := range d.Hoshi {
		if d.Visible(h) {
			x, y := p.xy(h)
			p.circle(x, y, u*0.1, false)
		}
	}
	p.fill(col(t.Hoshi))
}

func (p *painter) hexBoard() {
	d, l, t := p.d, p.l, p.t
	u := l.Unit
	c := diagram.HexCorners()
	v := d.View
	var cells [][][2]float64
	for y := v.Y0; y <= v.Y1; y++ {
		for x := v.X0; x <= v.X1; x++ {
			if !d.Visible(value.Point{X: x, Y: y}) {
				continue
			}
			px, py := l.Point(d, x, y)
			var pts [][2]float64
			for _, k := range c {
				pts = append(pts, [2]float64{px + k[0]*u, py + k[1]*u})
			}
			cells = append(cells, pts)
			p.moveTo(float32(pts[0][0]), float32(pts[0][1]))
			for _, q := range pts[1:] {
				p.lineTo(float32(q[0]), float32(q[1]))
			}
			p.closePath()
		}
	}
	p.fill(col(t.Background))
	lw := t.LineWidth * u
	for _, pts := range cells {
		for i := range pts {
			a, b := pts[i], pts[(i+1)%6]
			p.segment(a[0], a[1], b[0], b[1], lw)
		}
	}
	p.fill(col(t.Line))
	side := func(src string, cellsOf func(func(x, y int)), ks [3]int) {
		var pts [][2]float64
		cellsOf(func(x, y int) {
			px, py := l.Point(d, x, y)
			for _, k := range ks {
				pts = append(pts, [2]float64{px + c[k][0]*u, py + c[k][1]*u})
			}
		})
		if len(pts) > 1 {
			p.polyline(pts, false, t.EdgeWidth*u*2, col(src))
		}
	}
	row := func(y int) func(func(x, y int)) {
		return func(yield func(x, y int)) {
			if y >= v.Y0 && y <= v.Y1 {
				for x := v.X0; x <= v.X1; x++ {
					yield(x, y)
				}
			}
		}
	}
	column := func(x int) func(func(x, y int)) {
		return func(yield func(x, y int)) {
			if x >= v.X0 && x <= v.X1 {
				for y := v.Y0; y <= v.Y1; y++ {
					yield(x, y)
				}
			}
		}
	}
	side(t.HexBlackEdge, row(0), [3]int{5, 0, 1})
	side(t.HexBlackEdge, row(d.Rows-1), [3]int{2, 3, 4})
	side(t.HexWhiteEdge, column(0), [3]int{5, 4, 3})
	side(t.HexWhiteEdge, column(d.Cols-1), [3]int{0, 1, 2})
}

// fonts are the parsed Go fonts.
var fonts struct {
	once          sync.Once
	regular, bold *opentype.Font
}

// face returns a face of the Go font at size pixels.
func face(size float64, bold bool) font.Face {
	fonts.once.Do(func() {
		fonts.regular, _ = opentype.Parse(goregular.TTF)
		fonts.bold, _ = opentype.Parse(gobold.TTF)
	})
	f := fonts.regular
	if bold {
		f = fonts.bold
	}
	fc, err := opentype.NewFace(f, &opentype.FaceOptions{Size: max(size, 1), DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return nil
	}
	return fc
}

// text draws s centred on x, with its middle at y, at most maxW wide
// (squeezed by a smaller face) when maxW > 0.
func (p *painter) text(s string, x, y, size float64, src *image.Uniform, bold bool, maxW float64) {
	if src == nil || s == "" {
		return
	}
	fc := face(size, bold)
	if fc == nil {
		return
	}
	defer fc.Close()
	adv := font.MeasureString(fc, s)
	w := float64(adv) / 64
	if maxW > 0 && w > maxW {
		fc.Close()
		size *= maxW / w
		fc = face(size, bold)
		adv = font.MeasureString(fc, s)
		w = float64(adv) / 64
	}
	m := fc.Metrics()
	capH := float64(m.CapHeight) / 64
	if capH <= 0 {
		capH = size * 0.7
	}
	dr := font.Drawer{Dst: p.img, Src: src, Face: fc,
		Dot: fixed.Point26_6{X: fixed.Int26_6(math.Round((x - w/2) * 64)), Y: fixed.Int26_6(math.Round((y + capH/2) * 64))}}
	dr.DrawString(s)
}

func (p *painter) coords() {
	d, l, t := p.d, p.l, p.t
	if d.ColLabels == nil || d.Coords == diagram.CoordsNone {
		return
	}
	u := l.Unit
	const band = 0.85
	off := 0.5 + 0.1 + band/2
	if d.Kind == diagram.Hex {
		off = 1/math.Sqrt(3) + 0.1 + band/2
	}
	src := col(t.Coord)
	size := t.CoordSize * u
	v := d.View
	for x := v.X0; x <= v.X1; x++ {
		if d.Sides&diagram.Top != 0 {
			px, py := l.Point(d, x, v.Y0)
			p.text(d.ColLabels[x], px, py-off*u, size, src, false, 0)
		}
		if d.Sides&diagram.Bottom != 0 {
			px, py := l.Point(d, x, v.Y1)
			p.text(d.ColLabels[x], px, py+off*u, size, src, false, 0)
		}
	}
	side := 0.5 + 0.1 + band/2
	for y := v.Y0; y <= v.Y1; y++ {
		if d.Sides&diagram.Left != 0 {
			px, py := l.Point(d, v.X0, y)
			p.text(d.RowLabels[y], px-side*u, py, size, src, false, 0)
		}
		if d.Sides&diagram.Right != 0 {
			px, py := l.Point(d, v.X1, y)
			p.text(d.RowLabels[y], px+side*u, py, size, src, false, 0)
		}
	}
}

// markColor is the colour of a mark on what lies under it.
func (p *painter) markColor(on value.Color) *image.Uniform {
	switch on {
	case value.Black:
		return col(p.t.MarkOnBlack)
	case value.White:
		return col(p.t.MarkOnWhite)
	}
	return col(p.t.MarkOnEmpty)
}

func (p *painter) marks() {
	d, l, t := p.d, p.l, p.t
	u := l.Unit
	mw := t.MarkWidth * u
	marked := make(map[value.Point]bool)
	for _, m := range d.Marks {
		if m.Kind != diagram.TerritoryBlack && m.Kind != diagram.TerritoryWhite {
			marked[m.Point] = true
		}
	}
	for _, s := range d.Stones {
		if s.Number == 0 || !d.Visible(s.Point) || marked[s.Point] {
			continue
		}
		x, y := p.xy(s.Point)
		p.text(strconv.Itoa(s.Number), x, y, t.NumberSize*u, p.markColor(s.Color), false, u*0.8)
	}
	for _, m := range d.Marks {
		if !d.Visible(m.Point) {
			continue
		}
		x, y := p.xy(m.Point)
		src := p.markColor(m.On)
		switch m.Kind {
		case diagram.Triangle:
			h := u * 0.3
			p.polyline([][2]float64{{x, y - h}, {x + h*0.866, y + h/2}, {x - h*0.866, y + h/2}}, true, mw, src)
		case diagram.Square:
			h := u * 0.22
			p.polyline([][2]float64{{x - h, y - h}, {x + h, y - h}, {x + h, y + h}, {x - h, y + h}}, true, mw, src)
		case diagram.Circle:
			p.circle(x, y, u*0.25+mw/2, false)
			p.circle(x, y, u*0.25-mw/2, true)
			p.fill(src)
		case diagram.Cross:
			h := u * 0.2
			p.polyline([][2]float64{{x - h, y - h}, {x + h, y + h}}, false, mw, src)
			p.polyline([][2]float64{{x + h, y - h}, {x - h, y + h}}, false, mw, src)
		case diagram.Selected:
			h := u * 0.5
			p.fillRect(x-h, y-h, x+h, y+h, withAlpha(t.Selected, 0.45))
		case diagram.TerritoryBlack, diagram.TerritoryWhite:
			h := u * 0.16
			a, b := t.Black, t.White
			if m.Kind == diagram.TerritoryWhite {
				a, b = b, a
			}
			p.fillRect(x-h, y-h, x+h, y+h, col(b))
			h -= u * 0.02
			p.fillRect(x-h, y-h, x+h, y+h, col(a))
		case diagram.Label, diagram.Variation:
			if m.On == 0 {
				p.circle(x, y, u*0.36, false)
				p.fill(col(t.Background))
			}
			p.text(m.Text, x, y, t.NumberSize*u, src, false, u*0.9)
		}
	}
	if d.HasLastMove && d.Visible(d.LastMove) && !marked[d.LastMove] {
		if i := d.StoneAt(d.LastMove); i >= 0 && d.Stones[i].Number == 0 {
			x, y := p.xy(d.LastMove)
			p.circle(x, y, u*0.22+mw/2, false)
			p.circle(x, y, u*0.22-mw/2, true)
			p.fill(col(t.LastMove))
		}
	}
}

func (p *painter) line(ln diagram.Line) {
	d := p.d
	if !d.View.Contains(ln.From) || !d.View.Contains(ln.To) {
		return
	}
	ax, ay := p.xy(ln.From)
	bx, by := p.xy(ln.To)
	src := col(p.t.MarkOnEmpty)
	mw := p.t.MarkWidth * p.l.Unit
	p.polyline([][2]float64{{ax, ay}, {bx, by}}, false, mw, src)
	if ln.Kind == diagram.Arrow {
		dx, dy := bx-ax, by-ay
		n := math.Hypot(dx, dy)
		if n > 0 {
			h := p.l.Unit * 0.3
			ux, uy := dx/n*h, dy/n*h
			p.polyline([][2]float64{{bx - ux - uy*0.6, by - uy + ux*0.6}, {bx, by}, {bx - ux + uy*0.6, by - uy - ux*0.6}}, false, mw, src)
		}
	}
}

func (p *painter) textLines() {
	l, t := p.l, p.t
	src := col(t.Text)
	for i, s := range l.Lines {
		y := l.TextTop + float64(i)*l.LineHeight - t.TextSize*l.Unit*0.35
		p.text(s, l.Width/2, y, t.TextSize*l.Unit, src, i == 0 && p.d.Caption != "", l.Width*0.96)
	}
}
