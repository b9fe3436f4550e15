package cli

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// TestRunesBefore: the code points counted in one reading of a stream
// (sgf check --sarif reads a file again for its columns) are those
// utf8.RuneCount counts in the text between a line's start and an ASCII
// byte of the line, across the reader's 64 KB blocks, with characters of
// 2-4 bytes and invalid bytes.
func TestRunesBefore(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"a", "[", "\n", "é", "黒", "𝄞", "\xff", "\xe9\x00", "\xe4\xb8"}
	var b bytes.Buffer
	for b.Len() < 300<<10 {
		b.WriteString(pieces[r.IntN(len(pieces))])
	}
	src := b.Bytes()
	type span struct{ start, off int64 }
	var spans []span
	var points []int64
	start := int64(0)
	for i, c := range src {
		if c == '\n' {
			start = int64(i + 1)
		}
		if c == '[' && r.IntN(8) == 0 {
			spans = append(spans, span{start, int64(i)})
			points = append(points, start, int64(i))
		}
	}
	points = append(points, int64(len(src)), int64(len(src)+5))
	slicesSortCompact := func(p []int64) []int64 {
		var out []int64
		for _, x := range p {
			if len(out) == 0 || out[len(out)-1] != x {
				out = append(out, x)
			}
		}
		return out
	}
	points = slicesSortCompact(points) // points are added in order
	counts, size, err := runesBefore(bytes.NewReader(src), points)
	if err != nil || size != int64(len(src)) {
		t.Fatalf("size %d, %v", size, err)
	}
	at := func(p int64) int64 {
		for k, x := range points {
			if x == p {
				return counts[k]
			}
		}
		t.Fatalf("point %d missing", p)
		return 0
	}
	for _, s := range spans {
		if got, want := at(s.off)-at(s.start), int64(utf8.RuneCount(src[s.start:s.off])); got != want {
			t.Fatalf("[%d, %d): %d code points, want %d", s.start, s.off, got, want)
		}
	}
	if got, want := at(int64(len(src))), int64(utf8.RuneCount(src)); got != want || at(int64(len(src)+5)) != want {
		t.Errorf("at the end: %d, want %d", got, want)
	}
	if len(spans) < 100 {
		t.Errorf("only %d spans", len(spans))
	}
}

// TestSarifTreeByTree: check --sarif reads a file tree by tree, and its
// columns, counted in a second reading, are those of the whole text
// (issue 11: --sarif read every input whole); standard input is still
// read whole, and gives the same log. The results wait in spools, not in
// memory.
func TestSarifTreeByTree(t *testing.T) {
	var src strings.Builder
	for i := range 1000 {
		// Trees on one line (more than spoolMemory of results), code points above ASCII before the problems.
		src.WriteString("(;GM[1]FF[4]CA[UTF-8]C[黒é𝄞]SZ[19];B[pd]KM[x]) (;C[é]GM[1]SZ[19]VW[zz])")
		if i%7 == 0 {
			src.WriteString("\n")
		}
	}
	name := filepath.Join(t.TempDir(), "g.sgf")
	if err := os.WriteFile(name, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var file, stdin, errb strings.Builder
	Main([]string{"check", "--sarif", name}, strings.NewReader(""), &file, &errb)
	Main([]string{"check", "--sarif", "-"}, strings.NewReader(src.String()), &stdin, &errb)
	got := strings.ReplaceAll(file.String(), `"uri": "`+sarifURI(name)+`"`, `"uri": "stdin"`)
	if got != stdin.String() {
		t.Errorf("the log of the file read tree by tree differs from that of standard input read whole:\n%.3000s", got)
	}
	if strings.Count(got, `"ruleId"`) < 600 {
		t.Errorf("results are missing:\n%.2000s", got)
	}
}

// TestSarifWide: --sarif reads a file in UTF-16 tree by tree too, and
// counts its columns in code points of the decoded text, which the
// offsets of the results are in (issue 11, item 3). Read whole, the file
// was, and its columns were counted in its UTF-16 bytes: the move after
// "黒黒" was column 34, the byte column.
func TestSarifWide(t *testing.T) {
	text := "(;GM[1]FF[4]SZ[19]C[黒黒];B[pd]W[dd])\n"
	var src []byte
	src = append(src, 0xFF, 0xFE)
	for _, u := range utf16.Encode([]rune(text)) {
		src = append(src, byte(u), byte(u>>8))
	}
	name := filepath.Join(t.TempDir(), "g.sgf")
	if err := os.WriteFile(name, src, 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb strings.Builder
	Main([]string{"check", "--sarif", name}, strings.NewReader(""), &out, &errb)
	if !sarifStreams(name) {
		t.Errorf("%s is read whole", name)
	}
	want := `"startColumn": 30,`
	if !strings.Contains(out.String(), want) || !strings.Contains(out.String(), `"ruleId": "C17"`) {
		t.Errorf("C17 of the move after \"黒黒\" is not at %s:\n%s", want, out.String())
	}
}
