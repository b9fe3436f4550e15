package syntax

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf/internal/sgftest"
)

// collection concatenates the files of a corpus folder (sorted), as
// ../shared/bench/make-collection does for the games.
func collection(b *testing.B, dirs ...string) []byte {
	s := sharedDir(b)
	if s == "" {
		sgftest.SkipShared(b, "../shared/corpus is absent")
	}
	var names []string
	for _, d := range dirs {
		filepath.Walk(filepath.Join(s, "corpus", d), func(p string, fi os.FileInfo, err error) error {
			if err == nil && !fi.IsDir() && strings.EqualFold(filepath.Ext(p), ".sgf") {
				names = append(names, p)
			}
			return nil
		})
	}
	sort.Strings(names)
	var all []byte
	for _, n := range names {
		b, _ := os.ReadFile(n)
		all = append(all, b...)
	}
	return all
}

var benchSets = []struct{ name, dir string }{
	{"kgs", "games/kgs"},
	{"fox", "games/fox-tygem-ai"},
	{"glift", "stress/glift"},
	{"collection", "games"}, // twice: ../shared/bench/make-collection's 21 MB
}

// benchInput returns the bytes of a benchmark set.
func benchInput(b *testing.B, name, dir string) []byte {
	src := collection(b, dir)
	if name == "collection" {
		src = append(src, src...)
	}
	return src
}

func BenchmarkParse(b *testing.B) {
	for _, s := range benchSets {
		b.Run(s.name, func(b *testing.B) {
			src := benchInput(b, s.name, s.dir)
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				Parse(src, nil)
			}
		})
	}
}

// BenchmarkReader reads the sets tree by tree (Reader), as sgf check
// reads its inputs: to compare with BenchmarkParse.
func BenchmarkReader(b *testing.B) {
	for _, s := range benchSets {
		b.Run(s.name, func(b *testing.B) {
			src := benchInput(b, s.name, s.dir)
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				r := NewReader(bytes.NewReader(src), nil)
				for {
					if _, err := r.Next(); err != nil {
						break
					}
				}
			}
		})
	}
}

func BenchmarkFormat(b *testing.B) {
	for _, s := range benchSets {
		b.Run(s.name, func(b *testing.B) {
			src := benchInput(b, s.name, s.dir)
			f, _ := Parse(src, nil)
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				Format(f)
			}
		})
	}
}

func BenchmarkCheck(b *testing.B) {
	for _, s := range benchSets {
		b.Run(s.name, func(b *testing.B) {
			src := benchInput(b, s.name, s.dir)
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				Check(src, nil)
			}
		})
	}
}

// BenchmarkWalk parses and then reads every property and value of every
// node: the cost of a full tree.
func BenchmarkWalk(b *testing.B) {
	for _, s := range benchSets {
		b.Run(s.name, func(b *testing.B) {
			src := benchInput(b, s.name, s.dir)
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				f, _ := Parse(src, nil)
				for _, t := range f.Trees {
					for n := range t.Nodes() {
						for p := range n.Props() {
							for v := range p.Values() {
								_ = v
							}
						}
					}
				}
			}
		})
	}
}

// BenchmarkPrintEdited prints every tree after an edit of its root, so that
// the printer walks the tree and copies the source segment of every other
// node (an unedited tree prints as one copy of its source).
func BenchmarkPrintEdited(b *testing.B) {
	for _, s := range benchSets {
		b.Run(s.name, func(b *testing.B) {
			src := benchInput(b, s.name, s.dir)
			f, _ := Parse(src, nil)
			for _, t := range f.Trees {
				t.Root().SetProp("GC", []byte("edited"))
			}
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				f.Bytes()
			}
		})
	}
}

// BenchmarkAppendProps reads every property and value of every node with
// the allocation-free calls (buffers reused), after the parse.
func BenchmarkAppendProps(b *testing.B) {
	for _, s := range benchSets {
		b.Run(s.name, func(b *testing.B) {
			src := benchInput(b, s.name, s.dir)
			f, _ := Parse(src, nil)
			var props []Property
			var vals []Value
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				for _, t := range f.Trees {
					for i := range t.NumNodes() {
						props = t.Node(i).AppendProps(props[:0])
						for _, p := range props {
							vals = p.AppendValues(vals[:0])
						}
					}
				}
			}
		})
	}
}
