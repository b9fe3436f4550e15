package gif_test

import (
	"bytes"
	"flag"
	"image/gif"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/diagram"
	dgif "github.com/sgf-toolkit/sgf/diagram/gif"
	"github.com/sgf-toolkit/sgf/diagram/internal/cases"
	"github.com/sgf-toolkit/sgf/internal/sgftest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

func game(t testing.TB, src string) *sgf.Game {
	c, err := sgf.Read(strings.NewReader(src), nil)
	if c == nil {
		t.Fatal(err)
	}
	return c.Game(0)
}

// TestGolden animates the ko game and a Hex game; captures happen as they
// are played (the frames are the Cursor's positions).
func TestGolden(t *testing.T) {
	for _, c := range []struct{ name, src, theme string }{
		{"ko", cases.Ko, "flat"},
		{"hex", cases.Hex7, "wood"},
	} {
		t.Run(c.name, func(t *testing.T) {
			frames, err := dgif.Frames(game(t, c.src), nil)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := dgif.Encode(&buf, frames, &dgif.Options{Theme: diagram.Themes[c.theme], Width: 240, Delay: 300}); err != nil {
				t.Fatal(err)
			}
			g, err := gif.DecodeAll(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			if len(g.Image) != len(frames) || g.Delay[0] != 30 || g.Delay[len(g.Delay)-1] != 120 {
				t.Errorf("%d frames for %d diagrams, delays %v", len(g.Image), len(frames), g.Delay)
			}
			// After the first, frames hold only what changed.
			if b := g.Image[1].Bounds(); b.Dx() >= 240 {
				t.Errorf("frame 2 is %v", b)
			}
			want, err := cases.WriteGolden(filepath.Join("testdata", c.name+".gif"), buf.Bytes(), *update)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(buf.Bytes(), want) {
				t.Errorf("differs from testdata/%s.gif (go test -update rewrites it)", c.name)
			}
		})
	}
}

func TestFrames(t *testing.T) {
	frames, err := dgif.Frames(game(t, `(;SZ[5];B[ba];W[aa];C[no move];B[ab])`), nil)
	if err != nil {
		t.Fatal(err)
	}
	// The start and three moves; at the end White's aa is captured.
	if len(frames) != 4 || len(frames[3].Stones) != 2 || frames[3].CapturedByBlack != 1 {
		t.Errorf("%d frames, last %v", len(frames), frames[len(frames)-1].Stones)
	}
	if err := dgif.Encode(&bytes.Buffer{}, nil, nil); err != dgif.ErrNoFrames {
		t.Errorf("no frames: %v", err)
	}
}

// longGame returns a game of the corpus with at least 300 moves.
func longGame(b *testing.B) *sgf.Game {
	root, ok := sgftest.Find("games")
	if !ok {
		b.Skip("no corpus")
	}
	var found *sgf.Game
	filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil || found != nil || e.IsDir() {
			return nil
		}
		c, _ := sgf.ReadFile(path, nil)
		if c == nil || c.Len() == 0 {
			return nil
		}
		g := c.Game(0)
		cur := g.NewCursor()
		for cur.Next() {
		}
		if cur.MoveNumber() >= 300 && g.Info().Cols == 19 {
			found = g
			return fs.SkipAll
		}
		return nil
	})
	if found == nil {
		b.Skip("no game of 300 moves")
	}
	return found
}

// BenchmarkGIF300 animates a game of 300 moves or more at 400 pixels; the
// size of the GIF is reported as bytes/gif.
func BenchmarkGIF300(b *testing.B) {
	g := longGame(b)
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		frames, err := dgif.Frames(g, nil)
		if err != nil {
			b.Fatal(err)
		}
		if err := dgif.Encode(&buf, frames, &dgif.Options{Width: 400}); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(buf.Len()))
	b.ReportMetric(float64(buf.Len()), "bytes/gif")
}
