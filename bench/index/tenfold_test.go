package index_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf/index"
)

// BenchmarkTenfold runs the searches over the ten-fold collection (170k
// games: go run ./bench/index/tenfold /tmp/coll.sgf /tmp/ten, then sgf
// index --db /tmp/ten.db /tmp/ten, and SGF_BENCH_TENFOLD_INDEX=/tmp/ten.db),
// each checked against the same search over the standard collection: ten
// times its hits.
func BenchmarkTenfold(b *testing.B) {
	name := os.Getenv("SGF_BENCH_TENFOLD_INDEX")
	if name == "" {
		b.Skip("SGF_BENCH_TENFOLD_INDEX is not set")
	}
	ten, err := index.Open(name, false)
	if err != nil {
		b.Fatal(err)
	}
	defer ten.Close()
	pattern := func(rows string, a index.Anchor) *index.Pattern {
		p, err := index.ParsePatternText(rows)
		if err != nil {
			b.Fatal(err)
		}
		p.Anchor = a
		return p
	}
	pos := loadPosition(b)
	// With SGF_BENCH_TENFOLD_CORNERS=FILE (sgf index --corners of the ten
	// files), the corner searches over it too: answered from its corner
	// rows, checked against the standard collection without them.
	var tenCorners *index.DB
	if name := os.Getenv("SGF_BENCH_TENFOLD_CORNERS"); name != "" {
		if tenCorners, err = index.Open(name, false); err != nil {
			b.Fatal(err)
		}
		defer tenCorners.Close()
	}
	for _, c := range []struct {
		name string
		q    *index.Query
		db   *index.DB // nil: ten
	}{
		{"Position", &index.Query{Position: pos}, nil},
		{"CornerContinuations", &index.Query{Pattern: pattern("......./......./......./...X.../......./......./.......", index.AnchorCorner), Continuations: true, Limit: 100}, nil},
		{"CornerInvasion", &index.Query{Pattern: pattern(invasion, index.AnchorCorner), Continuations: true, Limit: 100}, nil},
		{"AnyRectangle", &index.Query{Pattern: pattern("xOX/OX*/X.o", index.AnchorAnywhere), Limit: 100}, nil},
		{"Info", &index.Query{Player: "leela", Date: "2018..2019", Result: "B+", Limit: 100}, nil},
		{"CornerContinuationsIndexed", &index.Query{Pattern: pattern("......./......./......./...X.../......./......./.......", index.AnchorCorner), Continuations: true, Limit: 100}, tenCorners},
		{"CornerInvasionIndexed", &index.Query{Pattern: pattern(invasion, index.AnchorCorner), Continuations: true, Limit: 100}, tenCorners},
	} {
		b.Run(c.name, func(b *testing.B) {
			ten := ten
			if strings.HasSuffix(c.name, "Indexed") {
				if c.db == nil {
					b.Skip("SGF_BENCH_TENFOLD_CORNERS is not set")
				}
				ten = c.db
			}
			base, err := plain.get(b, false).Search(context.Background(), c.q)
			if err != nil {
				b.Fatal(err)
			}
			var r *index.Result
			c0 := cpu()
			for b.Loop() {
				if r, err = ten.Search(context.Background(), c.q); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cpu()-c0)/float64(b.N)/1e6, "cpu-ms/op")
			b.ReportMetric(float64(r.Hits), "hits")
			if base.Hits == 0 || r.Hits != 10*base.Hits || r.Games != 10*base.Games {
				b.Errorf("ten-fold: %d hits in %d games, the collection %d in %d: want ten times", r.Hits, r.Games, base.Hits, base.Games)
			}
			// The continuations of a pattern that a symmetry maps onto
			// itself (a 4-4 stone, the 3-3 invasion) are counted at one
			// of the symmetric points, the first symmetry that matches:
			// which one depends on the game's orientation, so only their
			// totals are ten times those of the collection.
			sum := func(r *index.Result) (n [4]int) {
				for _, c := range r.Continuations {
					n[0] += c.Count
					n[1] += c.BlackWins
					n[2] += c.WhiteWins
				}
				n[3] = r.Tenuki
				return n
			}
			if bs, ts := sum(base), sum(r); ts != [4]int{10 * bs[0], 10 * bs[1], 10 * bs[2], 10 * bs[3]} {
				b.Errorf("continuations (count, black wins, white wins, tenuki): %v, the collection %v: want ten times", ts, bs)
			}
		})
	}
}
