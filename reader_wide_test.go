package sgf_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"strings"
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

// TestCollectionWide: a Collection says how its input was read
// (Collection.Wide, WideFaults), so that its callers (sgf fmt, check, fix,
// merge) ask instead of detecting again (issue 12, item 1); and a wide
// input is decoded with an ASCII-compatible ReadOptions.Charset too, by
// Read and Reader alike, as sgf check read it (before, Read and Reader
// read its bytes as ISO-8859-1: no player names).
func TestCollectionWide(t *testing.T) {
	game := wideGame(7)
	bad := append(append([]byte("\xFE\xFF"), encodeWide(game[:len(game)-2], "UTF-16BE")...), 0xD8, 0x00, 0, ')') // a lone surrogate
	tests := []struct {
		name     string
		src      []byte
		charset  string // ReadOptions.Charset
		wide     string // Wide's charset, "" for not wide
		bom      int
		faults   int
		pbPrefix string
	}{
		{"ascii", []byte("(;GM[1]PB[x])"), "", "", 0, 0, "x"},
		{"utf8 bom", []byte("\xEF\xBB\xBF(;GM[1]CA[UTF-8]PB[黒])"), "", "", 0, 0, "黒"},
		{"utf16le bom", append([]byte(wideBOMs["UTF-16LE"]), encodeWide(game, "UTF-16LE")...), "", "UTF-16LE", 2, 0, "黒7"},
		{"utf16be no bom", encodeWide(game, "UTF-16BE"), "", "UTF-16BE", 0, 0, "黒7"},
		{"utf32le bom", append([]byte(wideBOMs["UTF-32LE"]), encodeWide(game, "UTF-32LE")...), "", "UTF-32LE", 4, 0, "黒7"},
		{"iso-2022-jp", []byte("(;GM[1]CA[ISO-2022-JP]PB[\x1b$B;04]\x1b(B])"), "", "ISO-2022-JP", 0, 0, "三丸"},
		{"a fault", bad, "", "UTF-16BE", 2, 1, "黒7"},
		{"utf16 with latin1 override", encodeWide(game, "UTF-16BE"), "ISO-8859-1", "UTF-16BE", 0, 0, "黒7"},
		{"utf16 with gbk override", append([]byte(wideBOMs["UTF-16LE"]), encodeWide(game, "UTF-16LE")...), "GBK", "UTF-16LE", 2, 0, "黒7"},
		{"utf16 named", encodeWide(game, "UTF-16BE"), "UTF-16BE", "UTF-16BE", 0, 0, "黒7"},
		{"a fault, named", bad, "UTF-16BE", "UTF-16BE", 0, 1, "黒7"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := &sgf.ReadOptions{Charset: tt.charset}
			c, err := sgf.ReadBytes(tt.src, opts)
			if err != nil {
				t.Fatal(err)
			}
			d, wide := c.Wide()
			if got := ""; wide {
				got = d.Charset.Name()
				if got != tt.wide || d.BOM != tt.bom {
					t.Errorf("Wide = %s, BOM %d; want %s, BOM %d", got, d.BOM, tt.wide, tt.bom)
				}
			} else if tt.wide != "" {
				t.Errorf("Wide = false; want %s", tt.wide)
			}
			if c.WideFaults() != tt.faults {
				t.Errorf("WideFaults = %d, want %d", c.WideFaults(), tt.faults)
			}
			if c.Len() != 1 {
				t.Fatalf("%d games", c.Len())
			}
			g := c.Game(0)
			if pb := g.Info().PlayerBlack; !strings.HasPrefix(pb, tt.pbPrefix) {
				t.Errorf("Read: PB %q, want %q", pb, tt.pbPrefix)
			}
			if g.Charset().Transcoded != wide {
				t.Errorf("Transcoded %v, Wide %v", g.Charset().Transcoded, wide)
			}
			r, err := sgf.NewReader(bytes.NewReader(tt.src), opts)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			rg, err := r.Next()
			if err != nil && err != io.EOF {
				t.Fatal(err)
			}
			if rg == nil {
				t.Fatal("Reader: no game")
			}
			if pb := rg.Info().PlayerBlack; pb != g.Info().PlayerBlack {
				t.Errorf("Reader: PB %q, Read %q", pb, g.Info().PlayerBlack)
			}
			if rd, rwide := r.Wide(); rwide != wide || rd.Charset != d.Charset {
				t.Errorf("Reader.Wide = %v %v, Collection.Wide = %v %v", rd.Charset.Name(), rwide, d.Charset.Name(), wide)
			}
			if cd, cwide := rg.Collection().Wide(); cwide != wide || cd.Charset != d.Charset {
				t.Errorf("a Reader game's Collection.Wide = %v %v, want %v", cd.Charset.Name(), cwide, wide)
			}
			// The faults of the input, counted by the Reader when asked
			// (ReadOptions.WideFaults), as Read counts them: what check's
			// C47 of a stream reports, from the Reader's one decision.
			fo := *opts
			fo.WideFaults = true
			fr, err := sgf.NewReader(bytes.NewReader(tt.src), &fo)
			if err != nil {
				t.Fatal(err)
			}
			defer fr.Close()
			if fr.WideFaults() != c.WideFaults() {
				t.Errorf("Reader.WideFaults = %d, Collection.WideFaults = %d", fr.WideFaults(), c.WideFaults())
			}
			if fd, fwide := fr.Wide(); fwide != wide || fd != d {
				t.Errorf("Reader.Wide with WideFaults = %+v %v, Collection.Wide = %+v %v", fd, fwide, d, wide)
			}
		})
	}
}
