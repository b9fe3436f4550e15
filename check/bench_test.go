package check

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/sgf-toolkit/sgf/internal/sgftest"
	"github.com/sgf-toolkit/sgf/syntax"
)

// kgsCollection concatenates the KGS games of the shared corpus into one
// collection, or skips the benchmark when the corpus is absent.
func kgsCollection(b testing.TB) []byte {
	b.Helper()
	shared := sharedDir()
	if shared == "" {
		sgftest.SkipShared(b, "../shared is absent")
	}
	var paths []string
	filepath.WalkDir(filepath.Join(shared, "corpus", "games", "kgs"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Ext(p) == ".sgf" {
			paths = append(paths, p)
		}
		return nil
	})
	if len(paths) == 0 {
		sgftest.SkipShared(b, "no KGS games in the corpus")
	}
	sort.Strings(paths)
	var all []byte
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		all = append(all, src...)
		all = append(all, '\n')
	}
	return all
}

// BenchmarkCheck measures Check alone (the parse is done once, outside the
// timer) over the KGS collection.
func BenchmarkCheck(b *testing.B) {
	src := kgsCollection(b)
	f, err := syntax.Parse(src, caOpts)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		Check(f, Options{})
	}
}

// BenchmarkCheckStrict is BenchmarkCheck with every option on.
func BenchmarkCheckStrict(b *testing.B) {
	src := kgsCollection(b)
	f, err := syntax.Parse(src, caOpts)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		Check(f, Options{Strict: true, Variations: true, EmptyNodes: true})
	}
}

// BenchmarkFix measures Fix over the KGS collection.
func BenchmarkFix(b *testing.B) {
	src := kgsCollection(b)
	f, err := syntax.Parse(src, caOpts)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		Fix(f, FixOptions{})
	}
}

// BenchmarkCheckNoPlay is BenchmarkCheck without the rules that replay Go
// positions (C19, C35, C42, C43).
func BenchmarkCheckNoPlay(b *testing.B) {
	src := kgsCollection(b)
	f, err := syntax.Parse(src, caOpts)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	off := map[Code]bool{CodeNoEffect: true, CodeOccupied: true, CodeSuicide: true, CodeKo: true}
	for b.Loop() {
		Check(f, Options{Disable: off})
	}
}

// BenchmarkParse is the syntax parse of the same collection, for scale.
func BenchmarkParse(b *testing.B) {
	src := kgsCollection(b)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		syntax.Parse(src, caOpts)
	}
}

// BenchmarkCheckSequential is BenchmarkCheck on one goroutine.
func BenchmarkCheckSequential(b *testing.B) {
	src := kgsCollection(b)
	f, err := syntax.Parse(src, caOpts)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		checkSequential(f, Options{})
	}
}

// BenchmarkCheckCollection measures Check over the standard collection
// (../shared/bench/make-collection writes it; SGF_BENCH_COLLECTION names
// the file), the parse outside the timer.
func BenchmarkCheckCollection(b *testing.B) {
	src := standardCollection(b)
	f, _ := syntax.Parse(src, caOpts)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		Check(f, Options{})
	}
}

// BenchmarkReaderCollection is what sgf check does with the standard
// collection, on one goroutine: Reader reads it tree by tree (the typed
// view of each tree), the rules run on each tree, and the diagnostics
// come in input order.
func BenchmarkReaderCollection(b *testing.B) {
	src := standardCollection(b)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		r := NewReader(bytes.NewReader(src), Options{})
		for {
			t, err := r.Next()
			if t != nil {
				t.Run()
				r.Diagnostics(t)
			}
			if err != nil {
				break
			}
		}
	}
}

// standardCollection reads the file SGF_BENCH_COLLECTION names, or skips.
func standardCollection(b *testing.B) []byte {
	name := os.Getenv("SGF_BENCH_COLLECTION")
	if name == "" {
		b.Skip("SGF_BENCH_COLLECTION is not set (run ../shared/bench/make-collection /tmp/coll.sgf)")
	}
	src, err := os.ReadFile(name)
	if err != nil {
		b.Fatal(err)
	}
	return src
}
