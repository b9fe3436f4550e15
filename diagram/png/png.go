// Package png draws a diagram (package diagram) as a PNG picture, in pure
// Go: shapes are filled by golang.org/x/image/vector (anti-aliased), text
// is drawn with the Go fonts (golang.org/x/image/font/gofont), so no cgo,
// no system font and no other program is needed. The same diagram gives
// the same bytes on every run and on every platform: coordinates are
// rounded to 1/256 pixel, curves and glyph outlines are cut into lines
// here, in integers, and colours are blended in integers, so that no
// result depends on whether the compiler fuses a multiply and an add
// (diagram's TestGoldenTargets checks the goldens for 386, amd64 with FMA
// and arm64).
//
// Draw paints into an image (the GIF encoder reuses it); Encode writes
// the PNG. The background of a picture (page, board, grid, coordinates)
// depends only on its size, the theme and the board, so the last few are
// kept and copied under the next picture's stones.
package png

import (
	"fmt"
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
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"github.com/sgf-toolkit/sgf/diagram"
	"github.com/sgf-toolkit/sgf/value"
)

// Options are the choices of Encode and Draw (see diagram.PictureOptions). The
// zero value draws with the flat theme, 32 pixels between points, the
// caption and listed moves under the board.
type Options = diagram.PictureOptions

// Encode writes d as a PNG to w.
func Encode(w io.Writer, d *diagram.Diagram, opts *Options) error {
	img, _ := pictures.Get().(*image.RGBA)
	img = DrawTo(img, d, opts)
	err := encode(w, img)
	pictures.Put(img)
	return err
}

// pictures keeps the images Encode painted, to paint the next into.
var pictures sync.Pool

// Size returns the size in pixels of the picture of d.
func Size(d *diagram.Diagram, opts *Options) (w, h int) {
	l, _ := diagram.PictureLayout(d, opts)
	return int(math.Ceil(l.Width)), int(math.Ceil(l.Height))
}

// Draw returns the picture of d.
func Draw(d *diagram.Diagram, opts *Options) *image.RGBA {
	return DrawTo(nil, d, opts)
}

// DrawTo paints the picture of d into dst when dst has its size (see
// Size), else into a new image, and returns the image painted.
func DrawTo(dst *image.RGBA, d *diagram.Diagram, opts *Options) *image.RGBA {
	l, t := diagram.PictureLayout(d, opts)
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
	cov *image.Alpha // the coverage of the path filled (see fill)
	d   *diagram.Diagram
	l   *diagram.Layout
	t   *diagram.Theme

	sbuf sfnt.Buffer // for the fonts

	// The path being built, filled by fill with a rasterizer the size of
	// its box only (a rasterizer costs its area on every Draw).
	ops        []pathOp
	minX, minY float32
	maxX, maxY float32
}

// pathOp is a step of a path: 'M' move, 'L' line, 'Z' close. Its point
// is on the grid of 1/256 pixel (see quantize).
type pathOp struct {
	kind byte
	p    [2]float32
}

// Byte stability. Go may fuse x*y+z into one FMA instruction on some
// platforms (arm64, ppc64le, s390x, amd64 with GOAMD64=v3) and not on
// others, so a float computed in two ways can differ in its last bit. To
// give the same bytes everywhere, every coordinate is rounded to 1/256
// pixel before it reaches the rasterizer (a last-bit difference moves it
// only if it lies within about 1e-13 pixel of a rounding tie), curves are
// flattened here into lines (x/image/vector's QuadTo and CubeTo compute
// their points with fusable arithmetic; its LineTo is written to be
// exact), glyph outlines are flattened in integers, and colours are
// blended in integers. TestGolden runs under GOAMD64=v3 and GOARCH=386
// (TestGoldenTargets) to hold this.

// quantize rounds v to the grid of 1/256 pixel.
func quantize(v float64) float64 { return math.Round(v*256) / 256 }

func (p *painter) add(kind byte, x, y float64) {
	q := [2]float32{float32(quantize(x)), float32(quantize(y))}
	if len(p.ops) == 0 {
		p.minX, p.maxX, p.minY, p.maxY = q[0], q[0], q[1], q[1]
	}
	p.minX, p.maxX = min(p.minX, q[0]), max(p.maxX, q[0])
	p.minY, p.maxY = min(p.minY, q[1]), max(p.maxY, q[1])
	p.ops = append(p.ops, pathOp{kind: kind, p: q})
}

func (p *painter) moveTo(x, y float64) { p.add('M', x, y) }
func (p *painter) lineTo(x, y float64) { p.add('L', x, y) }
func (p *painter) closePath()          { p.ops = append(p.ops, pathOp{kind: 'Z'}) }

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
	// x/image/vector accumulates a box wider or taller than 512 pixels in
	// floating point, with SIMD on amd64 and without elsewhere, and the
	// two round differently (a large Hex board differed between amd64 and
	// 386 or arm64: TestGoldenLarge under TestGoldenTargets). A large box
	// is therefore drawn in tiles of at most tile pixels, each in vector's
	// fixed-point arithmetic, which is the same on every platform. A path
	// reaching past a tile is cut by the rasterizer: rows above and below
	// are skipped, and columns left of the tile add to its first column,
	// as the accumulation along a row needs.
	const tile = 512
	for ty := y0; ty < y1; ty += tile {
		for tx := x0; tx < x1; tx += tile {
			p.fillBox(src, tx, ty, min(tx+tile, x1), min(ty+tile, y1))
		}
	}
}

// fillBox fills the part of the path inside the box [x0,x1)x[y0,y1), at
// most 512 pixels wide and high, with src.
func (p *painter) fillBox(src *image.Uniform, x0, y0, x1, y1 int) {
	w, h := x1-x0, y1-y0
	z := p.z
	z.Reset(w, h)
	ox, oy := float32(x0), float32(y0)
	for _, op := range p.ops {
		q := op.p
		switch op.kind {
		case 'M':
			z.MoveTo(q[0]-ox, q[1]-oy)
		case 'L':
			z.LineTo(q[0]-ox, q[1]-oy)
		case 'Z':
			z.ClosePath()
		}
	}
	// The coverage of each pixel of the box, 0-255 (vector's fast path),
	// then src over the picture where it is not 0: compositing every
	// pixel of the box in 16 bits (vector's path to an image.RGBA) was a
	// quarter of the time of a picture.
	if p.cov == nil || cap(p.cov.Pix) < w*h {
		p.cov = image.NewAlpha(image.Rect(0, 0, w, h))
	}
	m := p.cov
	m.Pix, m.Stride, m.Rect = m.Pix[:w*h], w, image.Rect(0, 0, w, h)
	z.DrawOp = draw.Src
	z.Draw(m, m.Rect, image.Opaque, image.Point{})
	c := src.C.(color.RGBA)
	for y := range h {
		row := p.img.Pix[p.img.PixOffset(x0, y0+y):][: 4*w : 4*w]
		for x, a := range m.Pix[y*w : y*w+w] {
			if a == 0 {
				continue
			}
			px := row[4*x : 4*x+4 : 4*x+4]
			if a == 255 && c.A == 255 {
				px[0], px[1], px[2], px[3] = c.R, c.G, c.B, 255
				continue
			}
			over(px, c, int(a)*257+int(a>>7))
		}
	}
}

// over paints c (premultiplied) over the pixel px with coverage a/65536,
// in integers (see Byte stability above).
func over(px []byte, c color.RGBA, a int) {
	sa := int(c.A) * a / 255 // the source's alpha, 0-65536
	blend := func(s, d uint8) uint8 {
		return uint8((int(s)*a + int(d)*(1<<16-sa) + 1<<15) >> 16)
	}
	px[0], px[1], px[2] = blend(c.R, px[0]), blend(c.G, px[1]), blend(c.B, px[2])
	px[3] = uint8((255*sa + int(px[3])*(1<<16-sa) + 1<<15) >> 16)
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
	// The edges in 1/256 pixel: the coverages are integers.
	e0x, e0y := int(math.Round(x0*256)), int(math.Round(y0*256))
	e1x, e1y := int(math.Round(x1*256)), int(math.Round(y1*256))
	ix0, iy0 := max(e0x>>8, b.Min.X), max(e0y>>8, b.Min.Y)
	ix1, iy1 := min((e1x+255)>>8, b.Max.X), min((e1y+255)>>8, b.Max.Y)
	cover := func(lo, hi, i int) int { // of pixel i, 0-256
		return max(0, min(hi, (i+1)<<8)-max(lo, i<<8))
	}
	for y := iy0; y < iy1; y++ {
		cy := cover(e0y, e1y, y)
		row := p.img.Pix[p.img.PixOffset(ix0, y):]
		for x := ix0; x < ix1; x++ {
			a := cy << 8 // coverage 0-65536
			if x == ix0 || x == ix1-1 {
				a = cy * cover(e0x, e1x, x)
			}
			k := (x - ix0) * 4
			px := row[k : k+4 : k+4]
			if a >= 1<<16 && c.A == 255 {
				px[0], px[1], px[2], px[3] = c.R, c.G, c.B, 255
				continue
			}
			over(px, c, a)
		}
	}
}

// circle adds a circle, a polygon whose sides stray at most 1/50 pixel
// from the circle; ccw draws it the other way round (a hole).
func (p *painter) circle(cx, cy, r float64, ccw bool) {
	if r <= 0 {
		return
	}
	// The sagitta of a side, r(1-cos(pi/n)) ~ r*pi^2/(2n^2), at most
	// 1/50: n^2 >= 247r. Counted in integers, a multiple of 4.
	r256 := int(math.Round(r * 256))
	n := 4
	for n*n*256 < 247*r256 && n < 1024 {
		n += 4
	}
	pts := circlePoints(n)
	p.moveTo(cx+float64(r*pts[0][0]), cy+float64(r*pts[0][1]))
	for i := 1; i < n; i++ {
		k := i
		if ccw {
			k = n - i
		}
		p.lineTo(cx+float64(r*pts[k][0]), cy+float64(r*pts[k][1]))
	}
	p.closePath()
}

// circleTables are the points of the unit circle by their number.
var circleTables sync.Map // int -> [][2]float64

// circlePoints returns n points of the unit circle, from (1, 0) on
// clockwise on the screen, each coordinate rounded to 2^-30.
func circlePoints(n int) [][2]float64 {
	if v, ok := circleTables.Load(n); ok {
		return v.([][2]float64)
	}
	pts := make([][2]float64, n)
	for i := range pts {
		a := 2 * math.Pi * float64(i) / float64(n)
		pts[i] = [2]float64{math.Round(math.Cos(a)*(1<<30)) / (1 << 30), math.Round(math.Sin(a)*(1<<30)) / (1 << 30)}
	}
	circleTables.Store(n, pts)
	return pts
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
	z.moveTo(ax+nx, ay+ny)
	z.lineTo(bx+nx, by+ny)
	z.lineTo(bx-nx, by-ny)
	z.lineTo(ax-nx, ay-ny)
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
	p.background()
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

// background paints what lies under the stones: the page, the board,
// its grid and the coordinates. They depend on the size of the picture,
// the theme and the board, not on the position, so the last few are kept
// (backgrounds) and copied: painting them was a third of the time of a
// 600-pixel picture.
func (p *painter) background() {
	d, l := p.d, *p.l
	l.Lines, l.TextTop, l.LineHeight = nil, 0, 0 // the text is painted later
	key := fmt.Sprintf("%v|%+v|%+v|%d %d %d %+v %v|%v|%d %d %q %q", p.img.Bounds(), *p.t, l,
		d.Kind, d.Cols, d.Rows, d.View, d.Hidden, d.Hoshi, d.Coords, d.Sides, d.ColLabels, d.RowLabels)
	if bg := backgrounds.get(key); bg != nil {
		copyPixels(p.img, bg)
		return
	}
	p.paintBackground()
	bg := image.NewRGBA(p.img.Bounds())
	copyPixels(bg, p.img)
	backgrounds.put(key, bg)
}

// copyPixels copies src to dst, of the same bounds.
func copyPixels(dst, src *image.RGBA) {
	b := dst.Bounds()
	n := 4 * b.Dx()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		copy(dst.Pix[dst.PixOffset(b.Min.X, y):][:n], src.Pix[src.PixOffset(b.Min.X, y):][:n])
	}
}

// backgrounds are the backgrounds painted last, by what they depend on:
// at most maxBackgrounds, and at most maxBackgroundBytes of pixels.
var backgrounds bgCache

const (
	maxBackgrounds     = 8
	maxBackgroundBytes = 64 << 20
)

type bgCache struct {
	mu    sync.Mutex
	keys  []string
	imgs  []*image.RGBA
	bytes int
}

func (c *bgCache) get(key string) *image.RGBA {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, k := range c.keys {
		if k == key {
			return c.imgs[i]
		}
	}
	return nil
}

func (c *bgCache) put(key string, img *image.RGBA) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(img.Pix) > maxBackgroundBytes {
		return
	}
	c.keys, c.imgs = append(c.keys, key), append(c.imgs, img)
	c.bytes += len(img.Pix)
	for len(c.keys) > maxBackgrounds || c.bytes > maxBackgroundBytes {
		c.bytes -= len(c.imgs[0].Pix)
		c.keys, c.imgs = c.keys[1:], c.imgs[1:]
	}
}

func (p *painter) paintBackground() {
	d, l, t := p.d, p.l, p.t
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
			// f in 1/4096 (see Byte stability above).
			f := int(math.Round((1 - 0.07*(v+0.75)) * 4096))
			i := p.img.PixOffset(x, y)
			c := p.img.Pix[i : i+4 : i+4]
			if c[0] != base.R || c[1] != base.G || c[2] != base.B {
				continue // the anti-aliased edge
			}
			c[0] = uint8(int(base.R) * f >> 12)
			c[1] = uint8(int(base.G) * f >> 12)
			c[2] = uint8(int(base.B) * f >> 12)
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
	cells := l.HexCells(d)
	for _, c := range cells {
		p.moveTo(c[0][0], c[0][1])
		for _, q := range c[1:] {
			p.lineTo(q[0], q[1])
		}
		p.closePath()
	}
	p.fill(col(t.Background))
	lw := t.LineWidth * u
	for _, c := range cells {
		for i := range c {
			a, b := c[i], c[(i+1)%6]
			p.segment(a[0], a[1], b[0], b[1], lw)
		}
	}
	p.fill(col(t.Line))
	for e, edge := range l.HexEdges(d) {
		var pts [][2]float64
		for _, c := range edge {
			pts = append(pts, c[:]...)
		}
		if len(pts) > 1 {
			p.polyline(pts, false, t.EdgeWidth*u*2, col([4]string{t.HexBlackEdge, t.HexBlackEdge, t.HexWhiteEdge, t.HexWhiteEdge}[e]))
		}
	}
}

// fonts are the parsed Go fonts.
var fonts struct {
	once          sync.Once
	regular, bold *sfnt.Font
}

// goFont returns the Go font, regular or bold.
func goFont(bold bool) *sfnt.Font {
	fonts.once.Do(func() {
		fonts.regular, _ = sfnt.Parse(goregular.TTF)
		fonts.bold, _ = sfnt.Parse(gobold.TTF)
	})
	if bold {
		return fonts.bold
	}
	return fonts.regular
}

// ppemOf is the size of an em in 26.6 pixels, at least one pixel.
func ppemOf(size float64) fixed.Int26_6 {
	return max(fixed.Int26_6(math.Round(size*64)), 64)
}

// advance returns the width of s at ppem, kerning counted.
func (p *painter) advance(f *sfnt.Font, s string, ppem fixed.Int26_6) fixed.Int26_6 {
	var w fixed.Int26_6
	prev := sfnt.GlyphIndex(0)
	for i, r := range s {
		g, _ := f.GlyphIndex(&p.sbuf, r)
		if i > 0 {
			k, _ := f.Kern(&p.sbuf, prev, g, ppem, font.HintingNone)
			w += k
		}
		a, _ := f.GlyphAdvance(&p.sbuf, g, ppem, font.HintingNone)
		w += a
		prev = g
	}
	return w
}

// text draws s centred on x, with its middle at y, at most maxW wide
// (squeezed by a smaller size) when maxW > 0. The glyphs' outlines are
// flattened in 26.6 fixed point (flattenQuad) and filled as one path.
func (p *painter) text(s string, x, y, size float64, src *image.Uniform, bold bool, maxW float64) {
	if src == nil || s == "" {
		return
	}
	f := goFont(bold)
	if f == nil {
		return
	}
	ppem := ppemOf(size)
	w := p.advance(f, s, ppem)
	if maxW > 0 && float64(w)/64 > maxW {
		size *= maxW / (float64(w) / 64)
		ppem = ppemOf(size)
		w = p.advance(f, s, ppem)
	}
	capH := fixed.Int26_6(math.Round(size * 0.7 * 64))
	if m, err := f.Metrics(&p.sbuf, ppem, font.HintingNone); err == nil && m.CapHeight > 0 {
		capH = m.CapHeight
	}
	dot := fixed.Point26_6{X: fixed.Int26_6(math.Round(x*64)) - w/2, Y: fixed.Int26_6(math.Round(y*64)) + capH/2}
	prev := sfnt.GlyphIndex(0)
	for i, r := range s {
		g, _ := f.GlyphIndex(&p.sbuf, r)
		if i > 0 {
			k, _ := f.Kern(&p.sbuf, prev, g, ppem, font.HintingNone)
			dot.X += k
		}
		segs, err := f.LoadGlyph(&p.sbuf, g, ppem, nil)
		if err == nil {
			p.glyph(segs, dot)
		}
		a, _ := f.GlyphAdvance(&p.sbuf, g, ppem, font.HintingNone)
		dot.X += a
		prev = g
	}
	p.fill(src)
}

// glyph adds the outline of a glyph at dot to the path, its curves cut
// into lines in 26.6 fixed point, so that the points do not depend on
// floating-point rounding.
func (p *painter) glyph(segs sfnt.Segments, dot fixed.Point26_6) {
	pt := func(q fixed.Point26_6) (float64, float64) {
		return float64(q.X+dot.X) / 64, float64(q.Y+dot.Y) / 64
	}
	var pen, start fixed.Point26_6
	open := false
	for _, sg := range segs {
		a := sg.Args
		switch sg.Op {
		case sfnt.SegmentOpMoveTo:
			if open {
				p.closePath()
			}
			pen, start, open = a[0], a[0], true
			p.moveTo(pt(pen))
		case sfnt.SegmentOpLineTo:
			pen = a[0]
			p.lineTo(pt(pen))
		case sfnt.SegmentOpQuadTo:
			flattenQuad(pen, a[0], a[1], func(q fixed.Point26_6) { p.lineTo(pt(q)) })
			pen = a[1]
		case sfnt.SegmentOpCubeTo:
			flattenCube(pen, a[0], a[1], a[2], func(q fixed.Point26_6) { p.lineTo(pt(q)) })
			pen = a[2]
		}
	}
	if open && pen != start {
		p.lineTo(pt(start))
	}
	if open {
		p.closePath()
	}
}

// pieces returns into how many lines a curve whose control polygon
// strays dev (26.6) from its chord is cut: as x/image/vector does,
// 1+sqrt(sqrt(3*dev^2)) with dev in pixels, here in integers.
func pieces(devX, devY fixed.Int26_6) int64 {
	d2 := (int64(devX)*int64(devX) + int64(devY)*int64(devY)) * 3 / 4096
	return 1 + isqrt(isqrt(d2))
}

// isqrt is the integer square root of v >= 0.
func isqrt(v int64) int64 {
	r := int64(0)
	for (r+1)*(r+1) <= v {
		r++
	}
	return r
}

// flattenQuad calls line with the ends of the lines that approximate the
// quadratic curve from a by b to c: the points of the curve at t = i/n,
// ((n-i)^2 a + 2i(n-i) b + i^2 c) / n^2, rounded to 1/64 pixel.
func flattenQuad(a, b, c fixed.Point26_6, line func(fixed.Point26_6)) {
	n := pieces(a.X-2*b.X+c.X, a.Y-2*b.Y+c.Y)
	nn := n * n
	at := func(a, b, c fixed.Int26_6, i int64) fixed.Int26_6 {
		j := n - i
		return fixed.Int26_6(divRound(j*j*int64(a)+2*i*j*int64(b)+i*i*int64(c), nn))
	}
	for i := int64(1); i <= n; i++ {
		line(fixed.Point26_6{X: at(a.X, b.X, c.X, i), Y: at(a.Y, b.Y, c.Y, i)})
	}
}

// flattenCube is flattenQuad for a cubic curve from a by b and c to d.
func flattenCube(a, b, c, d fixed.Point26_6, line func(fixed.Point26_6)) {
	n := max(pieces(a.X-2*b.X+c.X, a.Y-2*b.Y+c.Y), pieces(b.X-2*c.X+d.X, b.Y-2*c.Y+d.Y))
	nnn := n * n * n
	at := func(a, b, c, d fixed.Int26_6, i int64) fixed.Int26_6 {
		j := n - i
		return fixed.Int26_6(divRound(j*j*j*int64(a)+3*i*j*j*int64(b)+3*i*i*j*int64(c)+i*i*i*int64(d), nnn))
	}
	for i := int64(1); i <= n; i++ {
		line(fixed.Point26_6{X: at(a.X, b.X, c.X, d.X, i), Y: at(a.Y, b.Y, c.Y, d.Y, i)})
	}
}

// divRound returns v/d rounded to the nearest integer (d > 0).
func divRound(v, d int64) int64 {
	if v >= 0 {
		return (v + d/2) / d
	}
	return -((-v + d/2) / d)
}

func (p *painter) coords() {
	src := col(p.t.Coord)
	size := p.t.CoordSize * p.l.Unit
	for _, c := range p.l.Coords(p.d) {
		p.text(c.Text, c.X, c.Y, size, src, false, 0)
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
	if head, ok := p.l.ArrowHead(ax, ay, bx, by); ok && ln.Kind == diagram.Arrow {
		p.polyline(head[:], false, mw, src)
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
