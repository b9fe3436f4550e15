package index

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkWindowGame measures the window replay of the any-rectangle
// search alone, without SQL: a pattern over the games of
// SGF_BENCH_COLLECTION (default: the test files), their bitsets and move
// lists read once into memory. The patterns: "3x3", xOX/OX*/X.o anywhere
// (a code of one word, matched by tables); "6x6" and "7x6", shapes of a
// game of the standard collection (game 5's upper left corner after move
// 14, in a corner; game 1's M10:S5 after move 14, anywhere), wide groups
// (compared with the board). "count" only counts each game's hits, as the
// streamed search does for the games past its list; "hits" makes them.
// Figures: games/s, and instructions a game under callgrind (go test -c,
// then valgrind --tool=callgrind ./index.test -test.run '^$' -test.bench
// WindowGame/3x3/count -test.benchtime 1x).
func BenchmarkWindowGame(b *testing.B) {
	files, _ := filepath.Glob("testdata/*.sgf")
	if name := os.Getenv("SGF_BENCH_COLLECTION"); name != "" {
		files = []string{name}
	}
	db, err := Open(filepath.Join(b.TempDir(), "w.db"), true)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	if _, err := db.Update(ctx, files, nil, nil); err != nil {
		b.Fatal(err)
	}
	for _, pat := range []struct {
		name, text string
		anchor     Anchor
	}{
		{"3x3", "xOX/OX*/X.o", AnchorAnywhere},
		{"6x6", "....../....../..OOOX/..XX../....../.....*", AnchorCorner},
		{"7x6", "....X../......./...*.../......./....XX./.....O.", AnchorAnywhere},
	} {
		p, err := ParsePatternText(pat.text)
		if err != nil {
			b.Fatal(err)
		}
		p.Anchor = pat.anchor
		q := &Query{Pattern: p, Limit: 100}
		rows, err := db.gamesOf(ctx, q, "", nil, true)
		if err != nil {
			b.Fatal(err)
		}
		if err := db.gameData(ctx, rows, true, true); err != nil {
			b.Fatal(err)
		}
		m := newMatcher(p, q)
		if m.win == nil {
			b.Fatal("no window replay")
		}
		for _, countOnly := range []bool{true, false} {
			name := "hits"
			if countOnly {
				name = "count"
			}
			b.Run(pat.name+"/"+name, func(b *testing.B) {
				var sc scratch
				sc.countOnly = countOnly
				hits := 0
				for b.Loop() {
					hits = 0
					for _, g := range rows {
						row := *g // windowGame lets go of the row's bytes
						_, n := m.windowGame(&row, &sc, m.packedFor(row.cols, row.rows))
						hits += n
					}
				}
				b.ReportAllocs()
				b.ReportMetric(float64(len(rows))*float64(b.N)/b.Elapsed().Seconds(), "games/s")
				b.ReportMetric(float64(hits), "hits")
			})
		}
	}
}
