package charset

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"

	"io"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf16"
)

// wideInputs returns inputs for the streaming decoder and the streaming
// detection: the wide files of testdata, and generated UTF-16 and UTF-32
// (with and without byte order mark, larger than the sample DetectFile
// looks at, with lone surrogates, odd lengths, an encoded U+FFFD) and
// ISO-2022-JP (with broken escape sequences and a character cut at the
// end, and with a byte above 0x7F after the first 64 KB).
func wideInputs(t testing.TB) map[string][]byte {
	in := map[string][]byte{}
	for _, name := range []string{"encoding-utf16-nobom.sgf", "encoding-utf16-withbom.sgf", "encoding-japanese-iso2022jp.sgf"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		in[name] = b
	}
	rng := rand.New(rand.NewSource(11))
	var text []rune
	for len(text) < 50000 {
		switch k := rng.Intn(40); {
		case k == 0:
			text = append(text, 0xD800+rune(rng.Intn(0x800))) // lone surrogate
		case k == 1:
			text = append(text, 0xFFFD)
		case k == 2:
			text = append(text, 0x1F600+rune(rng.Intn(50))) // a pair
		case k < 8:
			text = append(text, 0x4E00+rune(rng.Intn(0x5000)))
		default:
			text = append(text, []rune("(;GM[1]C[ab])\n")[rng.Intn(14)])
		}
	}
	u16 := utf16.Encode(text)
	le, be := make([]byte, 0, 2*len(u16)), make([]byte, 0, 2*len(u16))
	for _, u := range u16 {
		le = append(le, byte(u), byte(u>>8))
		be = append(be, byte(u>>8), byte(u))
	}
	var le32, be32 []byte
	for _, r := range text {
		le32 = append(le32, byte(r), byte(r>>8), byte(r>>16), byte(r>>24))
		be32 = append(be32, byte(r>>24), byte(r>>16), byte(r>>8), byte(r))
	}
	in["utf16le"] = le
	in["utf16le-bom"] = append([]byte("\xFF\xFE"), le...)
	in["utf16le-odd"] = append(append([]byte("\xFF\xFE"), le...), 'x')
	in["utf16be"] = be
	in["utf16be-bom"] = append([]byte("\xFE\xFF"), be...)
	in["utf16be-cut-pair"] = append([]byte("\xFE\xFF"), be[:len(be)-1]...)
	in["utf32le-bom"] = append([]byte("\xFF\xFE\x00\x00"), le32...)
	in["utf32be"] = be32
	in["utf32be-bad"] = append(append([]byte("\x00\x00\xFE\xFF"), be32...), 0x00, 0x11, 0, 0, 1)
	var jis []byte
	for len(jis) < 100000 {
		switch rng.Intn(12) {
		case 0:
			jis = append(jis, "\x1b$B"...)
		case 1:
			jis = append(jis, "\x1b(B"...)
		case 2:
			jis = append(jis, "\x1b(I"...)
		case 3:
			jis = append(jis, "\x1b$(D"...)
		case 4:
			jis = append(jis, '\n')
		case 5:
			jis = append(jis, "\x1b$"...) // broken
		default:
			jis = append(jis, byte(0x21+rng.Intn(0x5E)), byte(0x21+rng.Intn(0x5E)))
		}
	}
	in["jis"] = jis
	in["jis-cut"] = append(append([]byte(nil), jis...), "\x1b$B\x30"...)
	in["jis-esc-end"] = append(append([]byte(nil), jis...), "\x1b$("...)
	in["jis-then-high"] = append(append([]byte(nil), jis...), 0xA4, 0xA2)
	// NUL bytes only after the sample: the whole file decides.
	in["late-nul"] = append(bytes.Repeat([]byte("(;C[a])"), 10000), bytes.Repeat([]byte("a\x00"), 200000)...)
	return in
}

// TestWideReaderAsDecode: the streaming decoder gives Decode's text and
// count of faults of the whole input, whatever the size of the pieces it
// reads.
func TestWideReaderAsDecode(t *testing.T) {
	for name, src := range wideInputs(t) {
		d, ok := DetectWide(src)
		if !ok {
			continue
		}
		want, faults := Decode(d.Charset, src[d.BOM:])
		for _, chunk := range []int{1, 2, 3, 5, 4096, wideChunk} {
			w := NewWideReader(iotest.HalfReader(bytes.NewReader(src)), d)
			w.chunk = chunk
			got, err := io.ReadAll(w)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != want || w.Faults() != len(faults) {
				t.Errorf("%s (%s), pieces of %d: %d bytes, %d faults; Decode: %d bytes, %d faults", name, d.Charset.Name(), chunk, len(got), w.Faults(), len(want), len(faults))
			}
		}
	}
}

// TestWideScanAsDetectWide: the detection of an input written in pieces
// is DetectWide's of the whole.
func TestWideScanAsDetectWide(t *testing.T) {
	for name, src := range wideInputs(t) {
		want, wantOK := DetectWide(src)
		for _, piece := range []int{1, 2, 3, 7, 4096, 1 << 20} {
			var s wideScan
			for b := src; len(b) > 0; b = b[min(piece, len(b)):] {
				s.Write(b[:min(piece, len(b))])
			}
			got, ok := s.detection()
			if got != want || ok != wantOK {
				t.Errorf("%s in pieces of %d: %v %v, DetectWide: %v %v", name, piece, got, ok, want, wantOK)
			}
		}
	}
}

// TestOpenWide: OpenWide gives DecodeWide's detection, count of faults
// and text of the whole input, read again (a file) or spooled (a pipe).
func TestOpenWide(t *testing.T) {
	for name, src := range wideInputs(t) {
		head, _ := DetectWide(src[:min(len(src), 4096)])
		if head == (Detection{}) {
			continue
		}
		text, d, faults, wide := DecodeWide(src)
		for _, seek := range []bool{false, true} {
			for _, count := range []bool{false, true} {
				var again func() (io.Reader, error)
				if seek {
					again = func() (io.Reader, error) { return bytes.NewReader(src), nil }
				}
				w, ok, err := OpenWide(iotest.HalfReader(bytes.NewReader(src)), again, count)
				if err != nil {
					t.Fatal(err)
				}
				got, err := io.ReadAll(w)
				if err != nil {
					t.Fatal(err)
				}
				w.Close()
				wantFaults := faults
				if !count {
					wantFaults = 0
				}
				if ok != wide || w.Detection != d && wide || w.Faults != wantFaults || !bytes.Equal(got, text) {
					t.Errorf("%s (again %v, faults %v): %v %v %d faults %d bytes; DecodeWide: %v %v %d faults %d bytes",
						name, seek, count, ok, w.Detection, w.Faults, len(got), wide, d, wantFaults, len(text))
				}
			}
		}
	}
}

// TestOpenWideAs: OpenWideAs gives Decode's text of the whole input in
// the charset named, and its count of faults when asked, read again (a
// file) or spooled (a pipe), whatever DetectWide would say of it.
func TestOpenWideAs(t *testing.T) {
	for name, src := range wideInputs(t) {
		for _, c := range []Charset{csUTF16LE, csUTF16BE, csUTF32LE, csISO2022JP} {
			text, fs := Decode(c, src)
			d := Detection{Charset: c, Confidence: 1, Path: "named"}
			for _, seek := range []bool{false, true} {
				for _, count := range []bool{false, true} {
					var again func() (io.Reader, error)
					if seek {
						again = func() (io.Reader, error) { return bytes.NewReader(src), nil }
					}
					w, err := OpenWideAs(iotest.HalfReader(bytes.NewReader(src)), again, d, count)
					if err != nil {
						t.Fatal(err)
					}
					got, err := io.ReadAll(w)
					if err != nil {
						t.Fatal(err)
					}
					w.Close()
					want := len(fs)
					if !count {
						want = 0
					}
					if w.Detection != d || w.Faults != want || string(got) != text {
						t.Errorf("%s as %s (again %v, faults %v): %v, %d faults, %d bytes; Decode: %d faults, %d bytes",
							name, c.Name(), seek, count, w.Detection, w.Faults, len(got), want, len(text))
					}
				}
			}
		}
	}
}

// TestOpenWideReadError: a read error of the first reading is returned.
func TestOpenWideReadError(t *testing.T) {
	boom := errors.New("boom")
	r := io.MultiReader(bytes.NewReader([]byte("\xFF\xFE(\x00;\x00")), iotest.ErrReader(boom))
	if _, _, err := OpenWide(r, nil, true); !errors.Is(err, boom) {
		t.Fatalf("error %v, want %v", err, boom)
	}
}

// FuzzWideReader compares the streaming decoder with Decode of the whole
// input in each wide charset, read in pieces of a size the fuzzer picks.
func FuzzWideReader(f *testing.F) {
	for _, src := range wideInputs(f) {
		f.Add(src[:min(len(src), 3000)], uint8(7))
	}
	f.Add([]byte("\x00\xD8\x00\xDC\x00\xD8a"), uint8(1))
	f.Add([]byte("\x1b$B\x30\x21\x1b(I\n\x1b$"), uint8(2))
	cs := []Charset{csUTF16LE, csUTF16BE, csUTF32LE, csUTF32BE, csISO2022JP}
	f.Fuzz(func(t *testing.T, src []byte, chunk uint8) {
		for _, c := range cs {
			want, faults := Decode(c, src)
			w := NewWideReader(bytes.NewReader(src), Detection{Charset: c})
			w.chunk = int(chunk%16) + 1
			got, err := io.ReadAll(w)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != want || w.Faults() != len(faults) {
				t.Fatalf("%s, pieces of %d: %d faults, Decode %d; first difference: %s", c.Name(), w.chunk, w.Faults(), len(faults), firstDiff(string(got), want))
			}
		}
	})
}

func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return fmt.Sprintf("at %d: %q against %q", i, a[max(0, i-8):min(len(a), i+12)], b[max(0, i-8):min(len(b), i+12)])
}

// TestSeekBack: a seekable input is read again from where it was when
// SeekBack was asked; an input that cannot seek gives nil (OpenWide then
// copies it).
func TestSeekBack(t *testing.T) {
	r := strings.NewReader("(;GM[1]C[x])")
	if _, err := r.Seek(2, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	again := SeekBack(r)
	if again == nil {
		t.Fatal("SeekBack of a strings.Reader is nil")
	}
	if _, err := io.ReadAll(r); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		rr, err := again()
		if err != nil {
			t.Fatal(err)
		}
		if b, _ := io.ReadAll(rr); string(b) != "GM[1]C[x])" {
			t.Errorf("read again: %q, want from offset 2", b)
		}
	}
	if SeekBack(io.MultiReader(strings.NewReader("x"))) != nil {
		t.Error("SeekBack of a reader that cannot seek is not nil")
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	defer pw.Close()
	if SeekBack(pr) != nil {
		t.Error("SeekBack of a pipe is not nil (a pipe cannot tell where it is)")
	}
}

// TestBuffered: Buffered takes a reader that already buffers enough as it
// is, and buffers any other (issue 14: sgf check of a small file read it
// through three buffers of 64 KB).
func TestBuffered(t *testing.T) {
	small := bufio.NewReaderSize(strings.NewReader("(;)"), 16)
	big := bufio.NewReaderSize(strings.NewReader("(;)"), 8<<10)
	embedded := struct{ *bufio.Reader }{bufio.NewReaderSize(strings.NewReader("(;)"), 8<<10)}
	for _, c := range []struct {
		name string
		r    io.Reader
		same bool
	}{
		{"bufio of 8 KB", big, true},
		{"a type embedding one", embedded, true},
		{"bufio of 16 bytes", small, false},
		{"no buffer", strings.NewReader("(;)"), false},
	} {
		got := Buffered(c.r, 4<<10, 64<<10)
		if same := any(got) == any(c.r); same != c.same {
			t.Errorf("%s: Buffered returned the reader itself: %v, want %v", c.name, same, c.same)
		}
		if b, err := io.ReadAll(got); err != nil || string(b) != "(;)" {
			t.Errorf("%s: read %q, %v", c.name, b, err)
		}
	}
}
