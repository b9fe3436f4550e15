package sgf_test

import (
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/games/gogame"
	"github.com/sgf-toolkit/sgf/internal/sgftest"
	"github.com/sgf-toolkit/sgf/value"
)

// replaySet is a set of parsed games for the replay benchmarks.
type replaySet struct {
	games []*sgf.Game
	bytes int64
	moves int // moves on the main lines
}

// loadReplaySet parses every .sgf file under dir (the corpus, relative to
// it), or skips when the corpus is absent.
func loadReplaySet(b *testing.B, elem ...string) replaySet {
	b.Helper()
	dir, ok := sgftest.Find(elem...)
	if !ok {
		sgftest.SkipShared(b, "../shared corpus not present")
	}
	var s replaySet
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".sgf" {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		c, _ := sgf.Parse(src)
		if c == nil {
			return nil
		}
		s.bytes += int64(len(src))
		for _, g := range c.Games() {
			s.games = append(s.games, g)
			cur := g.NewCursor()
			for cur.Next() {
			}
			s.moves += cur.MoveNumber()
		}
		return nil
	})
	if s.moves == 0 {
		b.Fatal("no moves")
	}
	return s
}

// reportMoves reports n moves as a rate per second of wall time (unit/s)
// and, where the process's CPU time is known, per second of CPU time
// (unit/cpu-s): on a loaded machine the second measures the work, the
// first the wait for a core too. Run with -cpu 1 so that the CPU time is
// the benchmark's alone.
func reportMoves(b *testing.B, n int, unit string, start time.Time, cpu time.Duration) {
	b.ReportMetric(float64(n)/time.Since(start).Seconds(), unit+"/s")
	if d := sgftest.CPUTime() - cpu; d > 0 {
		b.ReportMetric(float64(n)/d.Seconds(), unit+"/cpu-s")
	}
}

var replaySets = []struct {
	name string
	dir  []string
}{
	{"kgs", []string{"games", "kgs"}},
	{"fox", []string{"games", "fox-tygem-ai"}},
}

// BenchmarkReplay replays the main line of every game of the KGS and Fox
// sets with one cursor (Cursor.Reset between games): the sgf layer's
// replay speed, node decoding included. SetBytes is the size of the files.
// MN is rare in these sets, so the move number at the end of the main line
// is the number of moves played.
func BenchmarkReplay(b *testing.B) {
	for _, set := range replaySets {
		b.Run(set.name, func(b *testing.B) {
			s := loadReplaySet(b, set.dir...)
			cur := s.games[0].NewCursor()
			for _, g := range s.games { // grow the cursor's buffers once
				cur.Reset(g)
				for cur.Next() {
				}
			}
			b.SetBytes(s.bytes)
			b.ReportAllocs()
			start, cpu := time.Now(), sgftest.CPUTime()
			for b.Loop() {
				for _, g := range s.games {
					cur.Reset(g)
					for cur.Next() {
					}
				}
			}
			reportMoves(b, s.moves*b.N, "moves", start, cpu)
		})
	}
}

// BenchmarkReplayNewCursor is BenchmarkReplay with a new cursor per game:
// one board allocated per game, none per move.
func BenchmarkReplayNewCursor(b *testing.B) {
	for _, set := range replaySets {
		b.Run(set.name, func(b *testing.B) {
			s := loadReplaySet(b, set.dir...)
			b.SetBytes(s.bytes)
			b.ReportAllocs()
			start, cpu := time.Now(), sgftest.CPUTime()
			for b.Loop() {
				for _, g := range s.games {
					cur := g.NewCursor()
					for cur.Next() {
					}
				}
			}
			reportMoves(b, s.moves*b.N, "moves", start, cpu)
		})
	}
}

// BenchmarkReplayUndo walks every main line forward and back again, as a
// viewer does: each step back is one Cursor.Parent.
func BenchmarkReplayUndo(b *testing.B) {
	s := loadReplaySet(b, "games", "kgs")
	cur := s.games[0].NewCursor()
	b.SetBytes(s.bytes)
	b.ReportAllocs()
	start, cpu := time.Now(), sgftest.CPUTime()
	for b.Loop() {
		for _, g := range s.games {
			cur.Reset(g)
			for cur.Next() {
			}
			for cur.Parent() {
			}
		}
	}
	reportMoves(b, s.moves*b.N, "moves+undos", start, cpu)
}

// BenchmarkAppendPlanes is the feature planes of one 19x19 position of
// 200 moves (Cursor.AppendPlanes into a reused buffer, the planes kept by
// the board): the part of training-data extraction that is not the
// replay.
func BenchmarkAppendPlanes(b *testing.B) {
	g, _ := sgf.NewGame(sgf.GameGo, 19, 19)
	c := g.NewCursor()
	rng := rand.New(rand.NewPCG(200, 19))
	for move := 0; move < 200; {
		col := []value.Color{value.Black, value.White}[move%2]
		if _, err := c.Play(col, value.Point{X: rng.IntN(19), Y: rng.IntN(19)}, gogame.AllRules); err == nil {
			move++
		}
	}
	buf := c.AppendPlanes(nil, 0)
	b.SetBytes(int64(len(buf)))
	b.ReportAllocs()
	for b.Loop() {
		buf = c.AppendPlanes(buf[:0], 0)
	}
}
