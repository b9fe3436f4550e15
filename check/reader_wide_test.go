package check

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/sgf-toolkit/sgf/diag"
)

// wideTestInputs are the wide files of the corpus, and UTF-16 and UTF-32
// with and without byte order mark, with sequences that do not decode.
func wideTestInputs(t *testing.T) map[string][]byte {
	in := map[string][]byte{}
	// The corpus's wide files (conformance/libsgfcplusplus), as charset
	// keeps them.
	dir := filepath.Join("..", "charset", "testdata")
	for _, name := range []string{"encoding-utf16-nobom.sgf", "encoding-utf16-withbom.sgf", "encoding-japanese-iso2022jp.sgf"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		in[name] = b
	}
	text := []rune("(;GM[1]FF[4]CA[UTF-16]SZ[19]PB[黒]C[bad \x00 here];B[pd];W[dp]C[x])\n(;GM[1]FF[3]SZ[9];B[ee];B[ee]C[second])\n")
	text[strings.Index(string(text), "\x00")] = 0xD800 // lone surrogate
	var le, be, le32 []byte
	for _, u := range utf16.Encode(text) {
		le = append(le, byte(u), byte(u>>8))
		be = append(be, byte(u>>8), byte(u))
	}
	le = append(le, 0xD8, 0x00) // a lone surrogate at the end
	for _, r := range text {
		le32 = append(le32, byte(r), byte(r>>8), byte(r>>16), 0)
	}
	in["utf16le-bom"] = append([]byte("\xFF\xFE"), le...)
	in["utf16be"] = be
	in["utf32le-bom"] = append([]byte("\xFF\xFE\x00\x00"), le32...)
	// Text that, once decoded, looks wide itself: the escape sequences of
	// ISO-2022-JP, the NUL bytes of UTF-16. The input is decoded once (as
	// sgf.Reader decides it); before, the streaming readers decoded it
	// and sgf.NewReader looked at the decoded text again and decoded it a
	// second time.
	var jis []byte
	for _, u := range utf16.Encode([]rune("(;GM[1]FF[4]SZ[19]C[\x1b$B$3$s$K$A$O\x1b(B];B[pd])\n")) {
		jis = append(jis, byte(u), byte(u>>8))
	}
	in["utf16le-bom-escapes"] = append([]byte("\xFF\xFE"), jis...)
	var nuls []byte
	for _, u := range utf16.Encode([]rune("(;GM[1]FF[4]SZ[19]C[" + strings.Repeat("a\x00", 3000) + "];B[pd])\n")) {
		nuls = append(nuls, byte(u), byte(u>>8))
	}
	in["utf16le-bom-nuls"] = append([]byte("\xFF\xFE"), nuls...)
	in["utf16-no-tree"] = append([]byte("\xFF\xFE"), []byte("n\x00o\x00 \x00t\x00r\x00e\x00e\x00")...)
	in["utf16-bom-only"] = []byte("\xFF\xFE")
	return in
}

// pipe hides the io.Seeker of a reader: the Reader copies a wide input
// to a temporary file to read it again.
type pipe struct{ io.Reader }

// TestReaderWideAsAll: a wide input checked tree by tree (decoded as it
// is read, read again from a file or from a temporary copy) gives All's
// list of the whole, C47 and its count of faults first.
func TestReaderWideAsAll(t *testing.T) {
	for name, src := range wideTestInputs(t) {
		want := diagLines(All(src, Options{Strict: true}))
		for _, seek := range []bool{true, false} {
			var in io.Reader = bytes.NewReader(src)
			if !seek {
				in = pipe{in}
			}
			r := NewReader(in, Options{Strict: true})
			var got diag.List
			for {
				tr, err := r.Next()
				if tr != nil {
					got = append(got, r.Diagnostics(tr)...)
				}
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			if err := r.Close(); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(diagLines(got), want) {
				t.Errorf("%s (seek %v): tree by tree:\n%q\nwhole:\n%q", name, seek, diagLines(got), want)
			}
		}
	}
}

// utf16Games yields n games in UTF-16LE with a byte order mark as it is
// read, never held whole.
type utf16Games struct {
	n, k int
	buf  []byte
	bom  bool
}

func (g *utf16Games) Read(p []byte) (int, error) {
	for len(g.buf) == 0 {
		if !g.bom {
			g.bom, g.buf = true, []byte("\xFF\xFE")
			continue
		}
		if g.k == g.n {
			return 0, io.EOF
		}
		g.k++
		for _, u := range utf16.Encode([]rune("(;GM[1]FF[4]SZ[19]PB[黒]PW[白]C[" + strings.Repeat("一手", 200) + "];B[pd];W[dp];B[pp];W[dd])\n")) {
			g.buf = append(g.buf, byte(u), byte(u>>8))
		}
	}
	n := copy(p, g.buf)
	g.buf = g.buf[n:]
	return n, nil
}

// TestReaderWideMemory: a UTF-16 collection of 64 MB from a pipe is
// checked in memory that does not grow with it (issue 11, item 3): the
// heap stays under 24 MB. It was read whole (the heap held the input and
// its decoded text).
func TestReaderWideMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("64 MB")
	}
	in := &utf16Games{n: 64 << 20 / 1000}
	r := NewReader(pipe{in}, Options{})
	defer r.Close()
	var ms runtime.MemStats
	peak, trees := uint64(0), 0
	for {
		tr, err := r.Next()
		if tr != nil {
			r.Diagnostics(tr)
			if tr.Game != nil {
				trees++
			}
			if trees%2000 == 0 {
				runtime.GC()
				runtime.ReadMemStats(&ms)
				peak = max(peak, ms.HeapAlloc)
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if trees != in.n {
		t.Fatalf("%d trees, want %d", trees, in.n)
	}
	if peak > 24<<20 {
		t.Errorf("heap %d MB while checking a 64 MB UTF-16 input, want less than 24", peak>>20)
	}
}
