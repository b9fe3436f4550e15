package sgf_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"testing"
	"unicode/utf16"

	"github.com/sgf-toolkit/sgf"
)

// wideGames encodes n games (names in CJK, so that the text is not ASCII)
// in UTF-16LE, UTF-16BE or UTF-32LE with the byte order mark bom.
func wideGame(k int) string {
	return fmt.Sprintf("(;GM[1]FF[4]SZ[19]PB[黒%d]PW[白];B[pd];W[dp]C[一手 %d])\n", k, k)
}

func encodeWide(s, enc string) []byte {
	var b []byte
	switch enc {
	case "UTF-16LE", "UTF-16BE":
		for _, u := range utf16.Encode([]rune(s)) {
			if enc == "UTF-16LE" {
				b = binary.LittleEndian.AppendUint16(b, u)
			} else {
				b = binary.BigEndian.AppendUint16(b, u)
			}
		}
	case "UTF-32LE":
		for _, r := range s {
			b = binary.LittleEndian.AppendUint32(b, uint32(r))
		}
	}
	return b
}

var wideBOMs = map[string]string{"UTF-16LE": "\xFF\xFE", "UTF-16BE": "\xFE\xFF", "UTF-32LE": "\xFF\xFE\x00\x00"}

// wideGames yields a collection of n games in enc, with its byte order
// mark, as it is read, and records how much of it was read.
type wideGames struct {
	enc     string
	n, k    int
	buf     []byte
	read    int
	bomDone bool
	noBOM   bool
}

func (g *wideGames) Read(p []byte) (int, error) {
	for len(g.buf) == 0 {
		if !g.bomDone {
			g.bomDone = true
			if !g.noBOM {
				g.buf = []byte(wideBOMs[g.enc])
			}
			continue
		}
		if g.k == g.n {
			return 0, io.EOF
		}
		g.buf = encodeWide(wideGame(g.k), g.enc)
		g.k++
	}
	n := copy(p, g.buf)
	g.buf = g.buf[n:]
	g.read += n
	return n, nil
}

// TestReaderWideGameByGame: a Reader decodes UTF-16 and UTF-32 input with
// a byte order mark as it reads it (issue 11, item 3): the first game comes
// when a small part of the input was read, the last is the input's last.
// Before, it read such input byte by byte as if it were ASCII (no game).
func TestReaderWideGameByGame(t *testing.T) {
	for enc := range wideBOMs {
		in := &wideGames{enc: enc, n: 20000}
		r, err := sgf.NewReader(in, nil)
		if err != nil {
			t.Fatal(err)
		}
		var first, n int
		var last *sgf.Game
		for {
			g, err := r.Next()
			if g != nil {
				if n == 0 {
					first = in.read
				}
				n++
				last = g
			}
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", enc, err)
			}
		}
		r.Close()
		if n != 20000 || last.Info().PlayerBlack != "黒19999" {
			t.Fatalf("%s: %d games, want 20000, the last with PB[黒19999]", enc, n)
		}
		if ci := last.Charset(); !ci.Transcoded || ci.Name != enc {
			t.Errorf("%s: the games are read as %+v", enc, ci)
		}
		if first > in.read/10 {
			t.Errorf("%s: %d of %d bytes were read before the first game, want a small part", enc, first, in.read)
		}
	}
}

// TestReaderWideAsRead: the games a Reader reads of wide input, with a
// byte order mark or without (then read twice: again from an io.Seeker,
// or from a temporary copy), are those of Read.
func TestReaderWideAsRead(t *testing.T) {
	for enc := range wideBOMs {
		for _, noBOM := range []bool{false, true} {
			src, _ := io.ReadAll(&wideGames{enc: enc, n: 300, noBOM: noBOM})
			c, err := sgf.ReadBytes(src, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, seek := range []bool{false, true} {
				var in io.Reader = bytes.NewReader(src)
				if !seek {
					in = struct{ io.Reader }{in}
				}
				r, err := sgf.NewReader(in, nil)
				if err != nil {
					t.Fatal(err)
				}
				k := 0
				for ; ; k++ {
					g, err := r.Next()
					if err == io.EOF {
						break
					}
					if err != nil {
						t.Fatal(err)
					}
					w := c.Game(k)
					if w == nil || g.Charset() != w.Charset() || !bytes.Equal(g.SyntaxTree().Source(), w.SyntaxTree().Source()) {
						t.Fatalf("%s (no BOM %v, seek %v): game %d differs from Read's: %+v, %+v", enc, noBOM, seek, k, g.Charset(), w)
					}
				}
				r.Close()
				if k != c.Len() {
					t.Errorf("%s (no BOM %v, seek %v): %d games, Read %d", enc, noBOM, seek, k, c.Len())
				}
			}
		}
	}
}
