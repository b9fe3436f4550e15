package collection

import (
	"os"
	"testing"

	"github.com/sgf-toolkit/sgf/syntax"
)

// loadFiles reads the files of a corpus set: their bytes and parses.
func loadFiles(b *testing.B, sub string, limit int) ([][]byte, []*syntax.File, int64) {
	files := sgfFiles(b, sharedDir(b, sub))
	if limit > 0 && len(files) > limit {
		files = files[:limit]
	}
	var srcs [][]byte
	var parsed []*syntax.File
	var total int64
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			b.Fatal(err)
		}
		f, _ := syntax.Parse(src, nil)
		srcs = append(srcs, src)
		parsed = append(parsed, f)
		total += int64(len(src))
	}
	return srcs, parsed, total
}

// BenchmarkMergeKGS merges the 1,255 KGS games (parsed) and writes the tree.
func BenchmarkMergeKGS(b *testing.B) {
	_, files, total := loadFiles(b, "corpus/games/kgs", 0)
	b.SetBytes(total)
	b.ReportAllocs()
	for b.Loop() {
		m := NewMerger(nil)
		for _, f := range files {
			for _, t := range f.Trees {
				m.Add(t, "")
			}
		}
		m.Bytes()
	}
}

// BenchmarkDupesFox computes the Dyer signatures of the Fox/Tygem AI games
// (parsed) and groups them.
func BenchmarkDupesFox(b *testing.B) {
	benchDupes(b, Signature)
}

// BenchmarkDupesFoxStrict is BenchmarkDupesFox with final positions.
func BenchmarkDupesFoxStrict(b *testing.B) {
	benchDupes(b, StrictSignature)
}

func benchDupes(b *testing.B, sign func(*syntax.Tree) (Sig, error)) {
	_, files, total := loadFiles(b, "corpus/games/fox-tygem-ai", 0)
	b.SetBytes(total)
	b.ReportAllocs()
	for b.Loop() {
		var d Dupes
		for _, f := range files {
			for i, t := range f.Trees {
				if s, err := sign(t); err == nil {
					d.Add(s, Entry{Tree: i})
				}
			}
		}
		d.Groups()
	}
}

// BenchmarkStatsCorpus parses and counts every file of the corpus, on one
// goroutine.
func BenchmarkStatsCorpus(b *testing.B) {
	srcs, _, total := loadFiles(b, "corpus", 0)
	b.SetBytes(total)
	b.ReportAllocs()
	for b.Loop() {
		var s Stats
		for _, src := range srcs {
			s.AddFile(src)
		}
	}
}
