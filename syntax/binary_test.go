package syntax

import (
	"bytes"
	"errors"
	"io"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf/charset"
)

// TestBinaryData: an input with NUL bytes before any game tree (a picture, a
// program, compressed data) is one fatal S02 that says it is binary data,
// not a warning for each NUL byte, in each of the three readings (Parse,
// Check, Reader), also when a "(;" comes by chance after the first NUL
// byte. Text without a game tree is "no SGF data"; UTF-16 text read as it
// is keeps its S10 hints when the caller's Options.Wide (here charset's,
// as package sgf and the command line pass it) takes it for wide text; a
// NUL byte in or after a game tree is an S10. (Issue 13, item 15.)
func TestBinaryData(t *testing.T) {
	opts := &Options{Wide: charset.IsWide}
	exe, err := os.ReadFile(os.Args[0]) // the test binary: a real program
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(exe, []byte("(;")) {
		t.Fatal("the test binary has no (; in it")
	}
	clean := bytes.ReplaceAll(exe, []byte("(;"), []byte("(:"))
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10\x00\x00\x00\x10\x08\x06\x00\x00\x00\x1f\xf3\xffa")
	for _, tc := range []struct {
		name, src string
		want      []string // code and message of each diagnostic
	}{
		{"program", string(exe), []string{"S02 " + BinaryData}}, // with "(;" in its data
		{"program without (;", string(clean[:min(len(clean), 1<<20)]), []string{"S02 " + BinaryData}},
		{"png", string(png), []string{"S02 " + BinaryData}},
		{"junk", "\x00\x01\x02junk\x00[aa]", []string{"S02 " + BinaryData}},
		{"text", "no game here", []string{`S02 no SGF data found: no "(;" in the input`}},
		{"utf-16 text", "\xff\xfeh\x00i\x00", nil}, // S02, then S10s
		{"tree with NUL", "(;C[a\x00b])", []string{"S10 NUL byte: binary or UTF-16 file?"}},
		{"NUL after a tree", "(;C[a])\x00(;C[b])", []string{"S10 NUL byte: binary or UTF-16 file?"}},
		{"utf-16be without BOM", "\x00(\x00;\x00B\x00[\x00a\x00a\x00]\x00)", nil}, // read as a tree: no S02 but S10s
	} {
		for how, ds := range threeReadings(t, tc.src, opts) {
			var got []string
			for _, d := range ds {
				got = append(got, d.Code.String()+" "+d.Message)
			}
			if tc.want == nil {
				if len(got) < 2 || slices.ContainsFunc(got, func(s string) bool { return strings.Contains(s, "binary data") }) || !strings.HasPrefix(got[len(got)-1], "S10 ") {
					t.Errorf("%s, %s: %q, want no binary data, S10s", tc.name, how, got)
				}
				continue
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("%s, %s: %q, want %q", tc.name, how, got, tc.want)
			}
			if len(ds) == 1 && IsBinaryData(ds[0]) != (tc.want[0] == "S02 "+BinaryData) {
				t.Errorf("%s, %s: IsBinaryData %v", tc.name, how, IsBinaryData(ds[0]))
			}
		}
	}
}

// threeReadings returns the diagnostics of src in each of the three
// readings of this package: Parse, Check and Reader.
func threeReadings(t *testing.T, src string, opts *Options) map[string][]Diagnostic {
	t.Helper()
	readings := map[string][]Diagnostic{}
	f, _ := Parse([]byte(src), opts)
	readings["Parse"] = f.Diagnostics
	readings["Check"] = Check([]byte(src), opts)
	r := NewReader(strings.NewReader(src), opts)
	var rd []Diagnostic
	for {
		_, err := r.Next()
		rd = append(rd, r.Diagnostics()...)
		var pe *ParseError
		if errors.Is(err, io.EOF) || errors.As(err, &pe) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	readings["Reader"] = rd
	return readings
}

// TestBinaryDataAsksWide: this package recognises no encoding (issue 12,
// item 1: wide input is recognised in one function of charset). Whether
// NUL bytes before the first game tree are binary data or text in UTF-16
// is the caller's Options.Wide's answer: without one, UTF-16 text given
// undecoded is binary data; with one that says wide, junk is not.
func TestBinaryDataAsksWide(t *testing.T) {
	asked := 0
	always := func(src []byte) bool { asked++; return true }
	for _, tc := range []struct {
		name, src string
		opts      *Options
		binary    bool
	}{
		{"utf-16 text, no Wide", "\xff\xfeh\x00i\x00", nil, true},
		{"utf-16 text, charset.IsWide", "\xff\xfeh\x00i\x00", &Options{Wide: charset.IsWide}, false},
		{"junk, no Wide", "\x00\x01\x02junk\x00[aa]", nil, true},
		{"junk, Wide says wide", "\x00\x01\x02junk\x00[aa]", &Options{Wide: always}, false},
	} {
		for how, ds := range threeReadings(t, tc.src, tc.opts) {
			binary := len(ds) == 1 && IsBinaryData(ds[0])
			if binary != tc.binary {
				t.Errorf("%s, %s: binary data %v, want %v (%d diagnostics)", tc.name, how, binary, tc.binary, len(ds))
			}
		}
	}
	if asked == 0 {
		t.Error("Options.Wide was never asked")
	}
}
