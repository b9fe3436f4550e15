// Package gif writes an animated GIF of a sequence of diagrams (package
// diagram), such as the positions of a game move by move (Frames). Each
// frame is painted as package png paints a picture; after the first, a
// frame holds only the rectangle that changed, with the pixels that did
// not change transparent, so that a game of 300 moves stays small.
package gif

import (
	"errors"
	"image"
	"image/color"
	"image/gif"
	"io"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/diagram"
	dpng "github.com/sgf-toolkit/sgf/diagram/png"
)

// Options are the choices of Encode.
type Options struct {
	Theme *diagram.Theme
	// Width is the width of the picture in pixels (0: 32 pixels a point).
	Width int
	// Delay is the time a frame is shown, in milliseconds (0: 500); the
	// last frame stays four times as long.
	Delay int
}

// ErrNoFrames is returned by Encode for an empty sequence.
var ErrNoFrames = errors.New("gif: no frames")

// Frames returns the diagrams of the main line of g from its root to its
// end: the start, then the position after each move (nodes without a
// move are skipped), each with its last move marked. Captured stones go
// as they are taken.
func Frames(g *sgf.Game, opts *diagram.Options) ([]*diagram.Diagram, error) {
	cur := g.NewCursor()
	if cur.Node().IsZero() {
		return nil, ErrNoFrames
	}
	var o diagram.Options
	if opts != nil {
		o = *opts
	}
	var frames []*diagram.Diagram
	add := func() error {
		d, err := diagram.New(cur.Position(), &o)
		if err != nil {
			return err
		}
		d.Text = diagram.Text{} // the frames show the board only
		frames = append(frames, d)
		return nil
	}
	if err := add(); err != nil {
		return nil, err
	}
	for cur.Next() {
		if _, ok := cur.Node().Move(); !ok {
			continue
		}
		if err := add(); err != nil {
			return nil, err
		}
	}
	return frames, nil
}

// Encode writes the frames as an animated GIF that loops.
func Encode(w io.Writer, frames []*diagram.Diagram, opts *Options) error {
	if len(frames) == 0 {
		return ErrNoFrames
	}
	if opts == nil {
		opts = &Options{}
	}
	t := opts.Theme
	if t == nil {
		t = diagram.Themes["flat"]
	}
	delay := opts.Delay
	if delay <= 0 {
		delay = 500
	}
	po := &dpng.Options{Theme: t, Width: opts.Width, NoText: true}
	pal := palette(t)
	q := &quantizer{pal: pal, cache: make(map[uint32]uint8)}
	anim := &gif.GIF{LoopCount: 0}
	var prev, spare *image.RGBA
	for i, d := range frames {
		img := dpng.DrawTo(spare, d, po)
		r := img.Bounds()
		if prev != nil {
			r = changed(prev, img)
			if r.Empty() {
				// Nothing moved (a pass): one transparent pixel.
				r = image.Rect(0, 0, 1, 1)
			}
		}
		pm := image.NewPaletted(r, pal)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				k := img.PixOffset(x, y)
				c := img.Pix[k : k+4 : k+4]
				if prev != nil {
					o := prev.Pix[k : k+4 : k+4]
					if c[0] == o[0] && c[1] == o[1] && c[2] == o[2] {
						pm.Pix[pm.PixOffset(x, y)] = 0 // transparent: unchanged
						continue
					}
				}
				pm.Pix[pm.PixOffset(x, y)] = q.index(c[0], c[1], c[2])
			}
		}
		dl := delay / 10
		if i == len(frames)-1 {
			dl *= 4
		}
		anim.Image = append(anim.Image, pm)
		anim.Delay = append(anim.Delay, max(dl, 1))
		anim.Disposal = append(anim.Disposal, gif.DisposalNone)
		prev, spare = img, prev
	}
	anim.Config = image.Config{ColorModel: pal, Width: anim.Image[0].Bounds().Dx(), Height: anim.Image[0].Bounds().Dy()}
	return gif.EncodeAll(w, anim)
}

// changed returns the rectangle of the pixels that differ.
func changed(a, b *image.RGBA) image.Rectangle {
	r := b.Bounds()
	x0, y0, x1, y1 := r.Max.X, r.Max.Y, r.Min.X, r.Min.Y
	w := r.Dx() * 4
	for y := r.Min.Y; y < r.Max.Y; y++ {
		off := a.PixOffset(r.Min.X, y)
		ra, rb := a.Pix[off:off+w], b.Pix[off:off+w]
		if string(ra) == string(rb) {
			continue
		}
		y0, y1 = min(y0, y), max(y1, y+1)
		for i := 0; i < w; i += 4 {
			if ra[i] != rb[i] || ra[i+1] != rb[i+1] || ra[i+2] != rb[i+2] {
				x0 = min(x0, r.Min.X+i/4)
				break
			}
		}
		for i := w - 4; i >= 0; i -= 4 {
			if ra[i] != rb[i] || ra[i+1] != rb[i+1] || ra[i+2] != rb[i+2] {
				x1 = max(x1, r.Min.X+i/4+1)
				break
			}
		}
	}
	if x1 <= x0 || y1 <= y0 {
		return image.Rectangle{}
	}
	return image.Rect(x0, y0, x1, y1)
}

// palette returns the colours of the theme and their blends (the
// anti-aliased edges); index 0 is transparent.
func palette(t *diagram.Theme) color.Palette {
	pal := color.Palette{color.RGBA{}}
	seen := map[color.RGBA]bool{}
	addc := func(c color.RGBA) {
		if !seen[c] && len(pal) < 256 {
			seen[c] = true
			pal = append(pal, c)
		}
	}
	var keys []color.RGBA
	for _, s := range []string{t.Background, t.Page, t.Line, t.Black, t.White, t.BlackEdge, t.WhiteEdge,
		t.LastMove, t.MarkOnEmpty, t.MarkOnBlack, t.MarkOnWhite, t.Coord, t.Hoshi, t.HexBlackEdge, t.HexWhiteEdge} {
		if c, ok := diagram.ParseColor(s); ok && c.A != 0 {
			rgba := color.RGBA{c.R, c.G, c.B, 255}
			keys = append(keys, rgba)
			addc(rgba)
		}
	}
	// mix blends a and b, f/100 of b, in integers (the same bytes on
	// every platform).
	mix := func(a, b color.RGBA, f int) color.RGBA {
		m := func(x, y uint8) uint8 { return uint8((int(x)*(100-f) + int(y)*f + 50) / 100) }
		return color.RGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), 255}
	}
	// The board's own shades (wood grain).
	for k := 1; k <= 8; k++ {
		addc(mix(keys[0], color.RGBA{0, 0, 0, 255}, 2*k))
	}
	for i := 0; i < len(keys) && i < 9; i++ {
		for j := i + 1; j < len(keys) && j < 9; j++ {
			for _, f := range []int{20, 40, 60, 80} {
				addc(mix(keys[i], keys[j], f))
			}
		}
	}
	for g := 0; len(pal) < 256 && g < 256; g += 16 {
		addc(color.RGBA{uint8(g), uint8(g), uint8(g), 255})
	}
	return pal
}

// quantizer maps colours to the nearest colour of a palette, remembering
// the answers.
type quantizer struct {
	pal   color.Palette
	cache map[uint32]uint8
}

func (q *quantizer) index(r, g, b uint8) uint8 {
	key := uint32(r)<<16 | uint32(g)<<8 | uint32(b)
	if i, ok := q.cache[key]; ok {
		return i
	}
	best, bestD := 1, int(^uint(0)>>1)
	for i := 1; i < len(q.pal); i++ {
		c := q.pal[i].(color.RGBA)
		dr, dg, db := int(c.R)-int(r), int(c.G)-int(g), int(c.B)-int(b)
		if d := dr*dr*3 + dg*dg*4 + db*db*2; d < bestD {
			best, bestD = i, d
		}
	}
	q.cache[key] = uint8(best)
	return uint8(best)
}
