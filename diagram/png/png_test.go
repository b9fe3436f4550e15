package png_test

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/png"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/diagram"
	"github.com/sgf-toolkit/sgf/diagram/internal/cases"
	dpng "github.com/sgf-toolkit/sgf/diagram/png"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestGolden draws every case at 320 pixels and compares the PNG with
// testdata/NAME.png.
func TestGolden(t *testing.T) {
	all, err := cases.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range all {
		t.Run(c.Name, func(t *testing.T) { checkGolden(t, c, 320, c.Name+".png") })
	}
}

// largeCases are drawn at 1000 pixels by TestGoldenLarge: there every
// board-sized shape (the page, the board, the grid, long LN lines) is
// wider than 512 pixels, where x/image/vector switches from fixed-point
// to floating-point accumulation (with SIMD on amd64). TestGoldenTargets
// runs this test too, so the large pictures are held byte-stable across
// platforms as the 320-pixel ones are.
var largeCases = []string{"arrows-lines-dim", "theme-wood", "hex"}

// TestGoldenLarge draws largeCases at 1000 pixels and compares the PNG
// with testdata/large-NAME.png.
func TestGoldenLarge(t *testing.T) {
	all, err := cases.All()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range all {
		if !slices.Contains(largeCases, c.Name) {
			continue
		}
		n++
		t.Run(c.Name, func(t *testing.T) { checkGolden(t, c, 1000, "large-"+c.Name+".png") })
	}
	if n != len(largeCases) {
		t.Fatalf("%d of the %d large cases found", n, len(largeCases))
	}
}

// checkGolden draws case c width pixels wide and checks the PNG: its
// size, that it holds the pixels Draw paints, that two encodings are the
// same bytes, and that it equals testdata/file (-update rewrites it).
func checkGolden(t *testing.T, c cases.Case, width int, file string) {
	t.Helper()
	opts := &dpng.Options{Theme: diagram.Themes[c.Theme], Width: width}
	var buf bytes.Buffer
	if err := dpng.Encode(&buf, c.Diagram, opts); err != nil {
		t.Fatal(err)
	}
	got := buf.Bytes()
	img, err := png.Decode(bytes.NewReader(got))
	if err != nil {
		t.Fatal(err)
	}
	w, h := dpng.Size(c.Diagram, opts)
	if b := img.Bounds(); b.Dx() != width || b.Dx() != w || b.Dy() != h {
		t.Errorf("size %v, want %dx%d", b, w, h)
	}
	// Lossless: the file holds the pixels Draw paints.
	if !samePixels(img, dpng.Draw(c.Diagram, opts)) {
		t.Error("the decoded PNG differs from the picture drawn")
	}
	var again bytes.Buffer
	dpng.Encode(&again, c.Diagram, opts)
	if !bytes.Equal(got, again.Bytes()) {
		t.Fatal("two encodings differ")
	}
	want, err := cases.WriteGolden(filepath.Join("testdata", file), got, *update)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("differs from testdata/%s (go test -update rewrites it)", file)
	}
}

// samePixels reports whether a decoded PNG has the colours of the RGBA
// picture drawn, pixel by pixel.
func samePixels(got image.Image, want *image.RGBA) bool {
	if got.Bounds() != want.Bounds() {
		return false
	}
	b := want.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			// As PNG stores them: colours not premultiplied.
			if color.NRGBAModel.Convert(got.At(x, y)) != color.NRGBAModel.Convert(want.At(x, y)) {
				return false
			}
		}
	}
	return true
}

// TestTransparentPage: a page of colour "none" is transparent (it was a
// nil pointer dereference), written as RGBA without premultiplied
// colours, and reads back as drawn.
func TestTransparentPage(t *testing.T) {
	th := *diagram.Themes["flat"]
	th.Page = "none"
	c, err := sgf.Read(strings.NewReader("(;SZ[5];B[cc];W[dc])"), nil)
	if err != nil {
		t.Fatal(err)
	}
	cur := c.Game(0).NewCursor()
	for cur.Next() {
	}
	d, _ := diagram.New(cur.Position(), nil)
	opts := &dpng.Options{Theme: &th, Width: 100, NoText: true}
	var buf bytes.Buffer
	if err := dpng.Encode(&buf, d, opts); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := img.(*image.NRGBA); !ok {
		t.Errorf("decoded as %T, want *image.NRGBA", img)
	}
	if _, _, _, a := img.At(0, 0).RGBA(); a != 0 {
		t.Errorf("page alpha %#x", a>>8)
	}
	if !samePixels(img, dpng.Draw(d, opts)) {
		t.Error("the decoded PNG differs from the picture drawn")
	}
}

// TestStonesPainted: the centre of every stone has the stone's colour.
func TestStonesPainted(t *testing.T) {
	c, err := sgf.ReadFile(filepath.Join(cases.Root(), "testdata", "kgs-2019-04-14-37.sgf"), nil)
	if err != nil {
		t.Fatal(err)
	}
	g := c.Game(0)
	cur := g.NewCursor()
	for cur.Next() {
	}
	d, err := diagram.New(cur.Position(), &diagram.Options{NoLastMove: true})
	if err != nil {
		t.Fatal(err)
	}
	opts := &dpng.Options{Width: 600}
	img := dpng.Draw(d, opts)
	l := diagram.NewLayout(d, 600, diagram.Themes["flat"], diagram.TextLines(d, 60))
	for _, s := range d.Stones {
		x, y := l.Point(d, s.Point.X, s.Point.Y)
		r, _, _, _ := img.At(int(x)+3, int(y)+3).RGBA()
		if black := r < 0x4000; black != (s.Color == 'B') {
			t.Errorf("stone %v %c: red %x at its centre", s.Point, s.Color, r)
		}
	}
}
