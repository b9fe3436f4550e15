package value

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// A prop is one property value of a test file: its identifier and raw
// value (escapes intact).
type prop struct {
	id  string
	raw []byte
}

// props extracts every property value of a well-formed SGF file. It is a
// test helper, not a parser: it knows brackets, escapes and identifiers.
func props(data []byte) []prop {
	var out []prop
	id := ""
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch {
		case 'A' <= c && c <= 'Z':
			j := i
			for j < len(data) && 'A' <= data[j] && data[j] <= 'Z' {
				j++
			}
			id = string(data[i:j])
			i = j - 1
		case c == '[':
			j := i + 1
			for j < len(data) && data[j] != ']' {
				if data[j] == '\\' {
					j++
				}
				j++
			}
			if j > len(data) {
				j = len(data)
			}
			out = append(out, prop{id, data[i+1 : j]})
			i = j
		}
	}
	return out
}

func readTestFile(tb testing.TB, name string) []prop {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		tb.Fatal(err)
	}
	return props(data)
}

// TestRealFiles reads every typed value of the two test files.
func TestRealFiles(t *testing.T) {
	for _, name := range []string{"kgs-2019-04-03-21.sgf", "glift-173-timmins.sgf"} {
		t.Run(name, func(t *testing.T) {
			moves, texts := 0, 0
			for _, p := range readTestFile(t, name) {
				var err error
				switch p.id {
				case "B", "W":
					_, _, err = ParseMove(p.raw, 19, 19)
					moves++
				case "C", "GC":
					texts++
				case "SZ":
					_, _, err = ParseSize(p.raw)
				case "KM":
					_, err = ParseReal(p.raw)
				case "TM":
					_, err = ParseTime(p.raw)
				case "RE":
					_, err = ParseResult(p.raw)
				case "ST":
					_, err = ParseStyle(p.raw)
				case "PM":
					_, err = ParsePrintMode(p.raw)
				case "HA":
					_, err = ParseHandicap(p.raw)
				case "AP":
					_, _, err = ParseApplication(p.raw)
				case "FG":
					_, err = ParseFigure(p.raw)
				case "LB":
					_, err = ParseLabel(p.raw)
				case "DT":
					if _, err = ParseDate(p.raw); err != nil {
						// glift's file has DT[29th September 2012].
						fixed, changed, ferr := FixDate(string(p.raw))
						if ferr != nil || !changed || fixed != "2012-09-29" {
							t.Errorf("FixDate(%q) = %q, %v, %v", p.raw, fixed, changed, ferr)
						}
						err = nil
					}
				}
				if err != nil {
					t.Errorf("%s[%s]: %v", p.id, p.raw, err)
				}
			}
			if moves < 50 {
				t.Errorf("found only %d moves: the helper is broken", moves)
			}
			if name == "glift-173-timmins.sgf" && texts < 25 {
				t.Errorf("found only %d comments", texts)
			}
		})
	}
}

func benchValues(b *testing.B, name string, ids ...string) ([][]byte, int64) {
	var vals [][]byte
	var n int64
	for _, p := range readTestFile(b, name) {
		for _, id := range ids {
			if p.id == id {
				vals = append(vals, p.raw)
				n += int64(len(p.raw))
			}
		}
	}
	if len(vals) == 0 {
		b.Fatal("no values")
	}
	return vals, n
}

// BenchmarkText decodes the comments of an annotated game into a reused
// buffer.
func BenchmarkText(b *testing.B) {
	vals, n := benchValues(b, "glift-173-timmins.sgf", "C", "GC")
	b.SetBytes(n)
	b.ReportAllocs()
	var buf []byte
	for b.Loop() {
		for _, v := range vals {
			buf = AppendText(buf[:0], v)
		}
	}
}

// BenchmarkTextAlloc is Text with a fresh slice for every value.
func BenchmarkTextAlloc(b *testing.B) {
	vals, n := benchValues(b, "glift-173-timmins.sgf", "C", "GC")
	b.SetBytes(n)
	b.ReportAllocs()
	for b.Loop() {
		for _, v := range vals {
			_ = Text(v)
		}
	}
}

// BenchmarkParseMove parses the moves of a KGS game.
func BenchmarkParseMove(b *testing.B) {
	vals, n := benchValues(b, "kgs-2019-04-03-21.sgf", "B", "W")
	b.SetBytes(n)
	b.ReportAllocs()
	for b.Loop() {
		for _, v := range vals {
			if _, _, err := ParseMove(v, 19, 19); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkParsePoint parses the same values as plain points.
func BenchmarkParsePoint(b *testing.B) {
	vals, n := benchValues(b, "kgs-2019-04-03-21.sgf", "B", "W")
	vals = slices.DeleteFunc(vals, func(v []byte) bool { return len(v) == 0 }) // passes
	b.SetBytes(n)
	b.ReportAllocs()
	for b.Loop() {
		for _, v := range vals {
			if _, err := ParsePoint(v); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkPointList expands the moves of a KGS game as one point list and
// compresses the result.
func BenchmarkPointList(b *testing.B) {
	vals, n := benchValues(b, "kgs-2019-04-03-21.sgf", "B", "W")
	b.SetBytes(n)
	b.ReportAllocs()
	for b.Loop() {
		points, _ := ExpandPointList(vals, 19, 19)
		_ = CompressPointList(points)
	}
}

func BenchmarkParseDate(b *testing.B) {
	raw := []byte("1996-12-27,28,1997-01-03,04")
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseDate(raw); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseResult(b *testing.B) {
	raw := []byte("B+12.5")
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseResult(raw); err != nil {
			b.Fatal(err)
		}
	}
}
