package charset

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sgf-toolkit/sgf/internal/sgftest"
)

// benchTexts returns the text values of a libsgfc++ file, with its charset.
func benchTexts(b *testing.B, file string) (Charset, [][]byte, int) {
	data := readTestdata(b, file)
	cs, err := Lookup(caValue(data))
	if err != nil {
		b.Fatal(err)
	}
	texts := textValues(data, cs.LeadBytes())
	n := 0
	for _, t := range texts {
		n += len(t)
	}
	return cs, texts, n
}

func BenchmarkDecode(b *testing.B) {
	for _, file := range []string{"encoding-chinese-gbk.sgf", "encoding-japanese-shiftjis.sgf", "encoding-utf8-nobom.sgf", "encoding-western-isolatin1.sgf", "encoding-cyrillic-windows.sgf"} {
		cs, texts, n := benchTexts(b, file)
		b.Run(cs.Name(), func(b *testing.B) {
			b.SetBytes(int64(n))
			b.ReportAllocs()
			var buf []byte
			var faults []Fault
			for b.Loop() {
				for _, t := range texts {
					buf, faults = AppendDecode(buf[:0], cs, t, faults[:0])
				}
			}
		})
	}
	b.Run("GBK-with-faults", func(b *testing.B) {
		gbk, _ := Lookup("GBK")
		in := []byte("\xba\xda\xc6\xe5 \xba \xd6\xd0\xc5\xcc\xca\xa4 some ASCII text \xff\xba\xda")
		b.SetBytes(int64(len(in)))
		b.ReportAllocs()
		var buf []byte
		var faults []Fault
		for b.Loop() {
			buf, faults = AppendDecode(buf[:0], gbk, in, faults[:0])
		}
	})
}

func BenchmarkDetect(b *testing.B) {
	for _, file := range []string{"encoding-chinese-gbk.sgf", "encoding-japanese-shiftjis.sgf", "encoding-utf8-nobom.sgf", "encoding-cyrillic-windows.sgf"} {
		cs, texts, n := benchTexts(b, file)
		b.Run(cs.Name(), func(b *testing.B) {
			b.SetBytes(int64(n))
			b.ReportAllocs()
			for b.Loop() {
				Detect(texts)
			}
		})
	}
}

// BenchmarkDetectFile runs over a whole real file: a KGS game (ASCII) if
// the shared corpus is there, else a libsgfc++ file.
func BenchmarkDetectFile(b *testing.B) {
	data := readTestdata(b, "encoding-chinese-gbk.sgf")
	if dir := sharedDirOrEmpty(); dir != "" {
		if m, _ := filepath.Glob(filepath.Join(dir, "corpus", "regression", "gnugo", "regression", "games", "trevor", "trevor_42.sgf")); len(m) > 0 {
			if d, err := os.ReadFile(m[0]); err == nil {
				data = d
			}
		}
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		DetectFile(data)
	}
}

func sharedDirOrEmpty() string {
	p, ok := sgftest.SharedPath()
	if !ok {
		return ""
	}
	return p
}
