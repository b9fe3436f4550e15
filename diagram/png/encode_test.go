package png

import (
	"bytes"
	"compress/zlib"
	"io"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/diagram"
	"github.com/sgf-toolkit/sgf/diagram/internal/cases"
)

// deflateRows compresses rows as encode does and returns the zlib stream.
func deflateRows(bpp int, rows [][]byte) []byte {
	z := new(deflater)
	z.reset(bpp)
	for _, r := range rows {
		copy(z.row(len(r)), r)
		z.write()
	}
	return bytes.Clone(z.finish())
}

// TestDeflateInflates: compress/zlib reads back what the deflater wrote,
// and its Adler-32 checksum holds (zlib's reader checks it), for rows of
// every kind: runs longer than a match, pixels repeated (distance bpp),
// random bytes (literals only, more than one block), tiny rows.
func TestDeflateInflates(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	random := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.IntN(256))
		}
		return b
	}
	pixels := func(n int, px ...byte) []byte {
		var b []byte
		for len(b) < n {
			b = append(b, px...)
		}
		return b[:n]
	}
	sparse := func(n int) []byte {
		b := make([]byte, n)
		for i := 0; i < n; i += 1 + rng.IntN(700) {
			b[i] = byte(rng.IntN(256))
		}
		return b
	}
	cases := []struct {
		name string
		bpp  int
		rows [][]byte
	}{
		{"one byte", 3, [][]byte{{2}}},
		{"zeros", 3, [][]byte{make([]byte, 1801), make([]byte, 1801), make([]byte, 5)}},
		{"runs", 4, [][]byte{pixels(1000, 7), pixels(259, 1), pixels(517, 9)}},
		{"pixels", 3, [][]byte{pixels(1801, 2, 10, 20, 30), pixels(1801, 200, 100, 50)}},
		{"pixels rgba", 4, [][]byte{pixels(2401, 2, 10, 20, 30, 255), pixels(2401, 1, 2, 3, 4, 5, 6, 7, 8, 9)}},
		{"random", 3, [][]byte{random(30000), random(30000), random(30000)}},
		{"sparse", 3, [][]byte{sparse(20000), sparse(20000), sparse(50000), random(7)}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			stream := deflateRows(c.bpp, c.rows)
			r, err := zlib.NewReader(bytes.NewReader(stream))
			if err != nil {
				t.Fatal(err)
			}
			got, err := io.ReadAll(r)
			if err != nil {
				t.Fatal(err)
			}
			if want := bytes.Join(c.rows, nil); !bytes.Equal(got, want) {
				t.Fatalf("inflated %d bytes, want %d (equal: %v)", len(got), len(want), bytes.Equal(got, want))
			}
		})
	}
}

// TestHuffmanLengths: the code lengths are at most the limit and make a
// complete prefix code (Kraft's sum is exactly 1), also for frequencies
// that would need longer codes (Fibonacci numbers) and for one symbol.
func TestHuffmanLengths(t *testing.T) {
	fib := make([]uint32, 40)
	fib[0], fib[1] = 1, 1
	for i := 2; i < len(fib); i++ {
		fib[i] = fib[i-1] + fib[i-2]
	}
	one := make([]uint32, 30)
	one[17] = 5
	flat := make([]uint32, 286)
	for i := range flat {
		flat[i] = 3
	}
	for _, c := range []struct {
		name  string
		freq  []uint32
		limit int
	}{{"fibonacci 15", fib, 15}, {"fibonacci 7", fib[:19], 7}, {"one symbol", one, 15}, {"flat", flat, 15}} {
		lens := make([]uint8, len(c.freq))
		huffmanLengths(c.freq, lens, c.limit)
		kraft := 0 // in units of 2^-limit
		for s, l := range lens {
			if int(l) > c.limit {
				t.Errorf("%s: symbol %d has %d bits", c.name, s, l)
			}
			if l > 0 {
				kraft += 1 << (c.limit - int(l))
			}
			if c.freq[s] > 0 && l == 0 {
				t.Errorf("%s: symbol %d used but has no code", c.name, s)
			}
		}
		if kraft != 1<<c.limit {
			t.Errorf("%s: Kraft sum %d/%d, want 1", c.name, kraft, 1<<c.limit)
		}
	}
}

// TestBackgroundKept: a picture painted on a kept background (backgrounds)
// has the pixels of one painted from nothing, when the position, the
// theme, the size or the coordinates change between pictures.
func TestBackgroundKept(t *testing.T) {
	read := func(s string) *diagram.Diagram {
		c, err := sgf.Read(strings.NewReader(s), nil)
		if err != nil {
			t.Fatal(err)
		}
		cur := c.Game(0).NewCursor()
		for cur.Next() {
		}
		d, err := diagram.New(cur.Position(), nil)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	a := read("(;SZ[19];B[pd];W[dp];B[pp])")
	b := read("(;SZ[19];B[dd];W[qq]C[x];B[jj]TR[jj])")
	small := read("(;SZ[9];B[ee])")
	noCoords := read("(;SZ[19];B[dd])")
	noCoords.Coords, noCoords.ColLabels, noCoords.RowLabels = diagram.CoordsNone, nil, nil
	steps := []struct {
		d     *diagram.Diagram
		theme string
		width int
	}{
		{a, "flat", 300}, {b, "flat", 300}, {b, "dark", 300}, {a, "wood", 300},
		{b, "wood", 301}, {small, "wood", 301}, {noCoords, "wood", 301}, {a, "flat", 300},
	}
	for i, s := range steps {
		opts := &Options{Theme: diagram.Themes[s.theme], Width: s.width}
		kept := Draw(s.d, opts)
		backgrounds = bgCache{}
		fresh := Draw(s.d, opts)
		if !bytes.Equal(kept.Pix, fresh.Pix) {
			t.Errorf("step %d (%s, %d px): the picture on a kept background differs", i, s.theme, s.width)
		}
	}
}

// at200 returns the diagram of move 200 of the repository's KGS game.
func at200(b *testing.B) *diagram.Diagram {
	c, err := sgf.ReadFile(filepath.Join(cases.Root(), "testdata", "kgs-2019-04-14-37.sgf"), nil)
	if err != nil {
		b.Fatal(err)
	}
	cur := c.Game(0).NewCursor()
	for cur.Next() && cur.MoveNumber() < 200 {
	}
	d, err := diagram.New(cur.Position(), nil)
	if err != nil {
		b.Fatal(err)
	}
	return d
}

// benchmarkPNG600 encodes the picture of move 200 at 600 pixels; fresh
// paints the background for every picture.
func benchmarkPNG600(b *testing.B, fresh bool) {
	d := at200(b)
	opts := &Options{Width: 600}
	var buf bytes.Buffer
	Encode(&buf, d, opts)
	b.SetBytes(int64(buf.Len()))
	b.ReportAllocs()
	for b.Loop() {
		if fresh {
			backgrounds = bgCache{}
		}
		buf.Reset()
		Encode(&buf, d, opts)
	}
}

// BenchmarkPNG600 is the figure: a 19x19 position at move 200
// as a 600-pixel PNG, as when many positions of one size are drawn.
func BenchmarkPNG600(b *testing.B) { benchmarkPNG600(b, false) }

// BenchmarkPNG600NewBackground is BenchmarkPNG600 with the background
// painted for every picture, as for the first picture of a size and
// theme.
func BenchmarkPNG600NewBackground(b *testing.B) { benchmarkPNG600(b, true) }
