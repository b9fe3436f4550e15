package gogame

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/sgf-toolkit/sgf/internal/sgftest"
)

// A game read with a few regexps: good enough for one-line records such as
// KGS's, and independent of the sgf packages (this one is a leaf).
type game struct {
	name       string
	size       int
	bytes      int
	setup      []stone
	moves      []stone // Point -1 is a pass
	tb, tw     []Point
	territoryB bool // the record has TB or TW
	variations bool // the record has variations: the regexps cannot follow them
}

type stone struct {
	c Color
	p Point
}

var (
	reSize  = regexp.MustCompile(`SZ\[(\d+)\]`)
	reMove  = regexp.MustCompile(`;\s*([BW])\[([a-zA-Z]{0,2})\]`)
	reList  = regexp.MustCompile(`(AB|AW|TB|TW)((?:\s*\[[a-zA-Z]{2}\])+)`)
	reValue = regexp.MustCompile(`\[([a-zA-Z]{2})\]`)
	reVar   = regexp.MustCompile(`\)\s*\(`)
)

func coord(ch byte) int {
	if ch >= 'a' && ch <= 'z' {
		return int(ch - 'a')
	}
	return int(ch-'A') + 26
}

func parseGame(t testing.TB, name string, data []byte) *game {
	g := &game{name: name, size: 19, bytes: len(data), variations: reVar.Match(data)}
	if m := reSize.FindSubmatch(data); m != nil {
		g.size, _ = strconv.Atoi(string(m[1]))
	}
	point := func(v []byte) Point {
		x, y := coord(v[0]), coord(v[1])
		if x >= g.size || y >= g.size {
			return -1 // "tt" pass, FF[3]
		}
		return Point(y*g.size + x)
	}
	for _, m := range reList.FindAllSubmatch(data, -1) {
		for _, v := range reValue.FindAllSubmatch(m[2], -1) {
			p := point(v[1])
			switch string(m[1]) {
			case "AB":
				g.setup = append(g.setup, stone{Black, p})
			case "AW":
				g.setup = append(g.setup, stone{White, p})
			case "TB":
				g.tb = append(g.tb, p)
				g.territoryB = true
			case "TW":
				g.tw = append(g.tw, p)
				g.territoryB = true
			}
		}
	}
	for _, m := range reMove.FindAllSubmatch(data, -1) {
		c := Black
		if m[1][0] == 'W' {
			c = White
		}
		p := Point(-1)
		if len(m[2]) == 2 {
			p = point(m[2])
		}
		g.moves = append(g.moves, stone{c, p})
	}
	return g
}

// loadGames reads every .sgf file under dir.
func loadGames(t testing.TB, dir string) []*game {
	var games []*game
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".sgf" {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		games = append(games, parseGame(t, path, data))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return games
}

// sharedDir returns ../shared/rel from the module root, or "" when absent.
func sharedDir(rel string) string {
	p, ok := sgftest.SharedPath(rel)
	if !ok {
		return ""
	}
	return p
}

// replay plays g on b (reset first) and checks it as a normal game: no move
// on an occupied point, no suicide, no simple ko violation.
func replay(t *testing.T, b *Board, g *game) {
	t.Helper()
	b.Reset()
	for _, s := range g.setup {
		if err := b.Set(s.p, s.c); err != nil {
			t.Fatalf("%s: setup: %v", g.name, err)
		}
	}
	for i, m := range g.moves {
		var info MoveInfo
		if m.p < 0 {
			info = b.Pass(m.c)
		} else {
			info = b.Play(m.c, m.p)
		}
		if info.Err != nil || info.Occupied || info.Suicide || info.Ko {
			x, y := b.XY(m.p)
			t.Fatalf("%s: move %d %v (%d,%d): %+v", g.name, i+1, m.c, x, y, info)
		}
	}
	if b.Hash() != scratchHash(b) {
		t.Errorf("%s: final hash differs from a hash computed from scratch", g.name)
	}
}

// checkTerritory: TB and TW mark territory; a point in it is empty or a
// dead stone of the other colour, and "a point must not be in both TB and TW".
func checkTerritory(t *testing.T, b *Board, g *game) {
	t.Helper()
	owner := make(map[Point]Color)
	for _, p := range g.tb {
		if b.At(p) == Black {
			x, y := b.XY(p)
			t.Errorf("%s: TB at (%d,%d) holds a black stone", g.name, x, y)
		}
		owner[p] = Black
	}
	for _, p := range g.tw {
		if b.At(p) == White {
			x, y := b.XY(p)
			t.Errorf("%s: TW at (%d,%d) holds a white stone", g.name, x, y)
		}
		if owner[p] == Black {
			t.Errorf("%s: point %d in both TB and TW", g.name, p)
		}
	}
}

func TestRealGames(t *testing.T) {
	sets := []struct{ name, dir string }{
		{"testdata", "testdata"},
		{"kgs", sharedDir("corpus/games/kgs")},
		{"fox-tygem-ai", sharedDir("corpus/games/fox-tygem-ai")},
	}
	for _, set := range sets {
		t.Run(set.name, func(t *testing.T) {
			if set.dir == "" {
				sgftest.SkipShared(t, "../shared corpus not present")
			}
			games := loadGames(t, set.dir)
			if len(games) == 0 {
				t.Fatal("no games")
			}
			boards := map[int]*Board{}
			moves, territory, superko, skipped := 0, 0, 0, 0
			for _, g := range games {
				if g.variations {
					skipped++
					continue
				}
				b := boards[g.size]
				if b == nil {
					var err error
					if b, err = New(g.size, g.size); err != nil {
						t.Fatalf("%s: %v", g.name, err)
					}
					boards[g.size] = b
				}
				replay(t, b, g)
				moves += len(g.moves)
				if g.territoryB {
					territory++
					checkTerritory(t, b, g)
				}
				// Replaying again while counting repetitions: positional
				// superko can happen legally under Japanese rules, so it
				// is counted, not failed.
				b.UndoTo(0)
				if b.Hash() != b.emptyHash || b.Prisoners(Black)+b.Prisoners(White) != 0 {
					t.Fatalf("%s: undo to the start did not give the empty board", g.name)
				}
				for _, s := range g.setup {
					b.Set(s.p, s.c)
				}
				for _, m := range g.moves {
					if m.p >= 0 && b.Play(m.c, m.p).Superko {
						superko++
					}
				}
			}
			t.Logf("%d games (%d with variations skipped), %d moves, %d with territory checked, %d superko repetitions",
				len(games), skipped, moves, territory, superko)
			if set.name == "testdata" && territory == 0 {
				t.Error("no testdata game has TB/TW")
			}
		})
	}
}

// benchSets are the game sets of the benchmarks: the testdata KGS games
// always, the KGS and Fox sets of the shared corpus when present (games
// with variations left out: the regexps cannot follow them).
func benchSets(b *testing.B, run func(b *testing.B, games []*game, moves, bytes int)) {
	sets := []struct{ name, dir string }{
		{"testdata", "testdata"},
		{"kgs", sharedDir("corpus/games/kgs")},
		{"fox", sharedDir("corpus/games/fox-tygem-ai")},
	}
	for _, set := range sets {
		b.Run(set.name, func(b *testing.B) {
			if set.dir == "" {
				sgftest.SkipShared(b, "../shared corpus not present")
			}
			var games []*game
			moves, bytes := 0, 0
			for _, g := range loadGames(b, set.dir) {
				if g.variations || g.size < 1 || g.size > MaxSize {
					continue
				}
				games = append(games, g)
				moves += len(g.moves)
				bytes += g.bytes
			}
			run(b, games, moves, bytes)
		})
	}
}

// boardFor returns a board of the game's size, one per size, reused.
func boardFor(boards map[int]*Board, size int) *Board {
	if b := boards[size]; b != nil {
		return b
	}
	b, _ := New(size, size)
	boards[size] = b
	return b
}

// BenchmarkReplay plays the moves of the KGS and Fox games; SetBytes is the
// size of the SGF files, so MB/s compares with parsing them. The figure
// that matters is moves/s (with 0 allocs/op once the boards have grown).
func BenchmarkReplay(b *testing.B) {
	benchSets(b, func(b *testing.B, games []*game, moves, bytes int) {
		boards := map[int]*Board{}
		for _, g := range games {
			boardFor(boards, g.size)
		}
		b.SetBytes(int64(bytes))
		b.ReportAllocs()
		start := time.Now()
		for b.Loop() {
			for _, g := range games {
				board := boards[g.size]
				board.Reset()
				for _, s := range g.setup {
					board.Set(s.p, s.c)
				}
				for _, m := range g.moves {
					if m.p < 0 {
						board.Pass(m.c)
					} else {
						board.Play(m.c, m.p)
					}
				}
			}
		}
		b.ReportMetric(float64(moves)*float64(b.N)/time.Since(start).Seconds(), "moves/s")
	})
}

// BenchmarkReplayUndo plays every game forward and steps all the way back,
// as a cursor does.
func BenchmarkReplayUndo(b *testing.B) {
	benchSets(b, func(b *testing.B, games []*game, moves, bytes int) {
		boards := map[int]*Board{}
		for _, g := range games {
			boardFor(boards, g.size)
		}
		b.SetBytes(int64(bytes))
		b.ReportAllocs()
		start := time.Now()
		for b.Loop() {
			for _, g := range games {
				board := boards[g.size]
				board.Reset()
				for _, m := range g.moves {
					if m.p < 0 {
						board.Pass(m.c)
					} else {
						board.Play(m.c, m.p)
					}
				}
				for board.Undo() {
				}
			}
		}
		b.ReportMetric(float64(moves)*float64(b.N)/time.Since(start).Seconds(), "moves+undos/s")
	})
}

// BenchmarkNew is the cost of a board: its cells and buffers (the tables
// of each width are shared).
func BenchmarkNew(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := New(19, 19); err != nil {
			b.Fatal(err)
		}
	}
}
