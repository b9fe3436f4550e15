// Package index_test measures sgf index and sgf search (issue 18) on the
// standard collection: SGF_BENCH_COLLECTION=/tmp/coll.sgf go test
// ./bench/index -bench . (../shared/bench/make-collection writes it).
package index_test

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/sgf-toolkit/sgf/index"
	"github.com/sgf-toolkit/sgf/internal/sgftest"
)

// cpu returns the CPU time the process used so far (user and system): on
// a shared machine it says more than the wall time.
var cpu = sgftest.CPUTime

func collection(b *testing.B) string {
	name := os.Getenv("SGF_BENCH_COLLECTION")
	if name == "" {
		b.Skip("SGF_BENCH_COLLECTION is not set (run ../shared/bench/make-collection /tmp/coll.sgf)")
	}
	return name
}

// BenchmarkIndex indexes the collection into a new SQLite file: games/s,
// and the size of the database against that of the SGF file.
func BenchmarkIndex(b *testing.B) {
	coll := collection(b)
	fi, err := os.Stat(coll)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(fi.Size())
	b.ReportAllocs()
	var games int
	var size int64
	c0 := cpu()
	for i := 0; b.Loop(); i++ {
		name := filepath.Join(b.TempDir(), "bench.db")
		db, err := index.Open(name, true)
		if err != nil {
			b.Fatal(err)
		}
		st, err := db.Update(context.Background(), []string{coll}, nil, nil)
		if err != nil {
			b.Fatal(err)
		}
		db.Close()
		games = st.Games
		dfi, _ := os.Stat(name)
		size = dfi.Size()
	}
	b.ReportMetric(float64(cpu()-c0)/float64(b.N)/1e6, "cpu-ms/op")
	b.ReportMetric(float64(games)*float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(size)/float64(fi.Size()), "db/sgf")
}

type builtIndex struct {
	once sync.Once
	db   *index.DB
	dir  string
	err  error
}

// plain and corners are the indexes of the collection, without and with
// corner positions, built once for the searches.
var plain, corners builtIndex

func (bi *builtIndex) get(b *testing.B, withCorners bool) *index.DB {
	coll := collection(b)
	bi.once.Do(func() {
		bi.dir, bi.err = os.MkdirTemp("", "sgf-bench-")
		if bi.err != nil {
			return
		}
		bi.db, bi.err = index.Open(filepath.Join(bi.dir, "bench.db"), true)
		if bi.err != nil {
			return
		}
		_, bi.err = bi.db.Update(context.Background(), []string{coll}, nil, &index.UpdateOptions{Corners: withCorners})
	})
	if bi.err != nil {
		b.Fatal(bi.err)
	}
	return bi.db
}

func TestMain(m *testing.M) {
	code := m.Run()
	for _, bi := range []*builtIndex{&plain, &corners} {
		if bi.db != nil {
			bi.db.Close()
		}
		if bi.dir != "" {
			os.RemoveAll(bi.dir)
		}
	}
	os.Exit(code)
}

func search(b *testing.B, q *index.Query) { searchIn(b, plain.get(b, false), q) }

func searchIn(b *testing.B, d *index.DB, q *index.Query) {
	b.ReportAllocs()
	var hits int
	c0 := cpu()
	for b.Loop() {
		r, err := d.Search(context.Background(), q)
		if err != nil {
			b.Fatal(err)
		}
		hits = r.Hits
	}
	b.ReportMetric(float64(cpu()-c0)/float64(b.N)/1e6, "cpu-ms/op")
	b.ReportMetric(float64(hits), "hits")
}

// The whole-board position after move 40 of a game of the collection
// (a position of a few games: found by its hash, verified by replay).
const positionSGF = `(;GM[1]FF[4]SZ[19];B[pd];W[dd];B[pq];W[dp];B[fc];W[cf];B[ql];W[qc];B[qd];W[pc];B[oc]
;W[ob];B[nc];W[nb];B[mc];W[mb];B[lc];W[fq];B[gp];W[fp];B[ol];W[oe]
;B[og];W[nh];B[ng];W[lh];B[mg];W[nq];B[lp];W[qq];B[qp];W[pp];B[rq]
;W[qr];B[op];W[po];B[oq];W[rp];B[qo];W[ro])`

func BenchmarkSearchPosition(b *testing.B) {
	search(b, &index.Query{Position: loadPosition(b)})
}

func loadPosition(b *testing.B) *index.Pattern {
	f := filepath.Join(b.TempDir(), "pos.sgf")
	os.WriteFile(f, []byte(positionSGF), 0o644)
	p, err := index.LoadPosition(f, "")
	if err != nil {
		b.Fatal(err)
	}
	return p
}

// BenchmarkSearchCornerContinuations: a 4-4 stone and a 3-3 invasion in a
// 7x7 corner, every symmetry and colour swap, with the continuations.
func BenchmarkSearchCornerContinuations(b *testing.B) {
	p, err := index.ParsePatternText("......./......./......./...X.../......./......./.......")
	if err != nil {
		b.Fatal(err)
	}
	p.Anchor = index.AnchorCorner
	search(b, &index.Query{Pattern: p, Continuations: true})
}

// BenchmarkSearchCornerContinuationsIndexed: the same in an index made
// with corner positions (sgf index --corners), the first 100 hits listed:
// the hits and continuations are counted from the corner rows, only the
// games listed are replayed.
func BenchmarkSearchCornerContinuationsIndexed(b *testing.B) {
	p, err := index.ParsePatternText("......./......./......./...X.../......./......./.......")
	if err != nil {
		b.Fatal(err)
	}
	p.Anchor = index.AnchorCorner
	searchIn(b, corners.get(b, true), &index.Query{Pattern: p, Continuations: true, Limit: 100})
}

// BenchmarkSearchAnyRectangle: a 3x3 wildcard shape anywhere on the board.
func BenchmarkSearchAnyRectangle(b *testing.B) {
	p, err := index.ParsePatternText("xOX/OX*/X.o")
	if err != nil {
		b.Fatal(err)
	}
	p.Anchor = index.AnchorAnywhere
	search(b, &index.Query{Pattern: p})
}

// BenchmarkSearchInfo: a game-information query (a player and a range of
// dates).
func BenchmarkSearchInfo(b *testing.B) {
	search(b, &index.Query{Player: "leela", Date: "2018..2019", Result: "B+", Limit: 100})
}

// invasion is a 4-4 stone and a 3-3 invasion, the whole 7x7 corner given.
const invasion = "......./......./..O..../...X.../......./......./......."

// BenchmarkSearchCornerInvasion: the invasion with continuations, through
// the bitsets and replay.
func BenchmarkSearchCornerInvasion(b *testing.B) {
	p, err := index.ParsePatternText(invasion)
	if err != nil {
		b.Fatal(err)
	}
	p.Anchor = index.AnchorCorner
	search(b, &index.Query{Pattern: p, Continuations: true})
}

// BenchmarkSearchCornerInvasionIndexed: the same in an index made with
// corner positions (sgf index --corners): found by the corner's hash.
func BenchmarkSearchCornerInvasionIndexed(b *testing.B) {
	p, err := index.ParsePatternText(invasion)
	if err != nil {
		b.Fatal(err)
	}
	p.Anchor = index.AnchorCorner
	searchIn(b, corners.get(b, true), &index.Query{Pattern: p, Continuations: true})
}

// BenchmarkIndexCorners indexes the collection with corner positions.
func BenchmarkIndexCorners(b *testing.B) { benchIndexWith(b, &index.UpdateOptions{Corners: true}) }

// BenchmarkIndexVariations indexes the collection with the positions of
// its variations too (sgf index --variations).
func BenchmarkIndexVariations(b *testing.B) {
	benchIndexWith(b, &index.UpdateOptions{Variations: true})
}

// benchIndexWith indexes the collection into a new SQLite file with opts:
// CPU time, the size of the database against that of the SGF file, and
// the positions written.
func benchIndexWith(b *testing.B, opts *index.UpdateOptions) {
	coll := collection(b)
	fi, _ := os.Stat(coll)
	var size int64
	var positions int
	c0 := cpu()
	for b.Loop() {
		name := filepath.Join(b.TempDir(), "bench.db")
		db, err := index.Open(name, true)
		if err != nil {
			b.Fatal(err)
		}
		st, err := db.Update(context.Background(), []string{coll}, nil, opts)
		if err != nil {
			b.Fatal(err)
		}
		db.Close()
		dfi, _ := os.Stat(name)
		size, positions = dfi.Size(), st.Positions
	}
	b.ReportMetric(float64(cpu()-c0)/float64(b.N)/1e6, "cpu-ms/op")
	b.ReportMetric(float64(size)/float64(fi.Size()), "db/sgf")
	b.ReportMetric(float64(positions), "positions")
}
