// Package training_test holds benchmarks of whole programs built on the
// library, on the standard collection of ../shared/bench/make-collection.
package training_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/games/gogame"
	"github.com/sgf-toolkit/sgf/internal/sgftest"
)

// collection returns the standard benchmark collection: the file named by
// SGF_BENCH_COLLECTION, or one ../shared/bench/make-collection writes.
var collection = sync.OnceValues(func() ([]byte, error) {
	if name := os.Getenv("SGF_BENCH_COLLECTION"); name != "" {
		return os.ReadFile(name)
	}
	maker, ok := sgftest.SharedPath("bench", "make-collection")
	if !ok {
		return nil, os.ErrNotExist
	}
	dir, err := os.MkdirTemp("", "sgf-bench-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "coll.sgf")
	if err := exec.Command(maker, out).Run(); err != nil {
		return nil, err
	}
	return os.ReadFile(out)
})

// goGames parses the collection and returns its Go games.
func goGames(b *testing.B) ([]*sgf.Game, int) {
	b.Helper()
	src, err := collection()
	if err != nil {
		sgftest.SkipShared(b, "the standard collection:", err)
	}
	c, err := sgf.Parse(src)
	if err != nil {
		b.Fatal(err)
	}
	var games []*sgf.Game
	for _, g := range c.Games() {
		if g.Type() == sgf.GameGo {
			games = append(games, g)
		}
	}
	return games, len(src)
}

// BenchmarkTrainingColors is training-data extraction as a program does
// it: every position of every main line of the standard collection
// (replayed with one Cursor, setup and captures included) copied into a
// reused array with Board.AppendColors (one byte per point). It reports
// positions/s on one core (go test -cpu 1).
func BenchmarkTrainingColors(b *testing.B) {
	games, size := goGames(b)
	b.SetBytes(int64(size))
	b.ReportAllocs()
	var buf []gogame.Color
	var cur sgf.Cursor
	positions := 0
	cpu0 := sgftest.CPUTime()
	for b.Loop() {
		for _, g := range games {
			cur.Reset(g)
			for {
				buf = cur.GoBoard().AppendColors(buf[:0])
				positions++
				if !cur.Next() {
					break
				}
			}
		}
	}
	reportRates(b, positions, sgftest.CPUTime()-cpu0)
}

// BenchmarkTrainingPlanes is BenchmarkTrainingColors with the three
// feature planes of Cursor.AppendPlanes (own stones, the opponent's,
// empty; from the player to move's side) for each position.
func BenchmarkTrainingPlanes(b *testing.B) {
	games, size := goGames(b)
	b.SetBytes(int64(size))
	b.ReportAllocs()
	var buf []byte
	var cur sgf.Cursor
	positions := 0
	cpu0 := sgftest.CPUTime()
	for b.Loop() {
		for _, g := range games {
			cur.Reset(g)
			for {
				buf = cur.AppendPlanes(buf[:0], 0)
				positions++
				if !cur.Next() {
					break
				}
			}
		}
	}
	reportRates(b, positions, sgftest.CPUTime()-cpu0)
}

// reportRates reports positions per second of wall time and, where the
// process's CPU time is known, per second of CPU time: on a loaded machine
// the second measures the work.
func reportRates(b *testing.B, positions int, cpu time.Duration) {
	b.ReportMetric(float64(positions)/b.Elapsed().Seconds(), "positions/s")
	if cpu > 0 {
		b.ReportMetric(float64(positions)/cpu.Seconds(), "positions/cpu-s")
	}
}
