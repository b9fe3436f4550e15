package index

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"sync"
	"testing"
)

// TestCandidatesPacked: the placements that candidates finds with the
// bitsets' rows packed several to a word (and the variants of the same
// stones tested once) are those of a test of each stone of each variant at
// each placement, in the same order, on boards of every width class
// (several rows to a word, two, one) and for every anchor.
func TestCandidatesPacked(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	patterns := []struct {
		text   string
		anchor Anchor
	}{
		{"xOX/OX*/X.o", AnchorAnywhere},
		{"XO../.XOx", AnchorAnywhere},
		{"...../...../..X../...O./.....", AnchorCorner},
		{"..*../...../..X..", AnchorSide},
		{".X./XOX", AnchorCentre},
		{"X", AnchorAnywhere},
		{"XX/XX", AnchorAnywhere},
	}
	sizes := [][2]int{{19, 19}, {9, 9}, {13, 13}, {7, 5}, {21, 21}, {22, 17}, {32, 32}, {33, 20}, {52, 52}, {3, 3}, {2, 7}}
	total := 0
	for _, pt := range patterns {
		p := mustText(t, pt.text, pt.anchor)
		for _, fixed := range []bool{false, true} {
			m := newMatcher(p, &Query{Pattern: p, FixedColor: fixed})
			var buf []uint64
			for _, sz := range sizes {
				cols, rows := sz[0], sz[1]
				for _, density := range []float64{0.2, 0.5, 0.9} {
					g := &gameRow{cols: cols, rows: rows, blackBits: make([]byte, (cols*rows+7)/8), whiteBits: make([]byte, (cols*rows+7)/8)}
					for i := range cols * rows {
						if rng.Float64() < density {
							g.blackBits[i/8] |= 1 << (i % 8)
						}
						if rng.Float64() < density {
							g.whiteBits[i/8] |= 1 << (i % 8)
						}
					}
					var want []candidate
					for vi, v := range m.variants {
						for _, pl := range m.placementsFor(cols, rows)[vi] {
							ok := true
							for _, c := range v.blackAt {
								i := (pl[1]+c[1])*cols + pl[0] + c[0]
								ok = ok && g.blackBits[i/8]>>(i%8)&1 != 0
							}
							for _, c := range v.whiteAt {
								i := (pl[1]+c[1])*cols + pl[0] + c[0]
								ok = ok && g.whiteBits[i/8]>>(i%8)&1 != 0
							}
							if ok {
								want = append(want, candidate{vi, pl[0], pl[1]})
							}
						}
					}
					got := m.candidates(g, nil, &buf)
					if !slices.Equal(got, want) {
						t.Errorf("%s fixed=%v on %dx%d, density %.1f: %d candidates, want %d", pt.text, fixed, cols, rows, density, len(got), len(want))
					}
					total += len(want)
				}
			}
		}
	}
	if total == 0 {
		t.Error("no candidate at all: a test that cannot fail")
	}
}

// TestGameDataRanges: gameData reads the bitsets and move lists of any
// set of games, in any order, whether their ids lie in ranges (read as
// ranges) or apart, as a query of each game alone gives them.
func TestGameDataRanges(t *testing.T) {
	for name, backend := range backends(t) {
		t.Run(name, func(t *testing.T) {
			// two files of many games each: two ranges of ids
			src, err := os.ReadFile("testdata/small.sgf")
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			var files []string
			for _, n := range []string{"a.sgf", "b.sgf"} {
				files = append(files, filepath.Join(dir, n))
				if err := os.WriteFile(files[len(files)-1], bytes.Repeat(src, 2*rangeMin), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			db := newIndexOn(t, backend(t), files)
			all, err := db.gamesOf(context.Background(), &Query{}, `g.game_type = 1`, nil, true)
			if err != nil {
				t.Fatal(err)
			}
			if len(all) < 4*rangeMin {
				t.Fatalf("%d games: too few for a range", len(all))
			}
			// each game alone
			want := map[int64][3][]byte{}
			for _, g := range all {
				one := &gameRow{hit: Hit{gameID: g.hit.gameID}}
				if err := db.gameData(context.Background(), []*gameRow{one}, true, true); err != nil {
					t.Fatal(err)
				}
				if len(one.moveList) == 0 || len(one.blackBits) == 0 {
					t.Fatalf("game %d: no data", g.hit.gameID)
				}
				want[g.hit.gameID] = [3][]byte{one.blackBits, one.whiteBits, one.moveList}
			}
			rng := rand.New(rand.NewPCG(3, 4))
			sets := map[string][]*gameRow{"all": all}
			var odd, mixed []*gameRow
			for i, g := range all {
				if i%2 == 1 {
					odd = append(odd, g)
				}
				if i < rangeMin+3 || i%(rangeGap+5) == 0 {
					mixed = append(mixed, g)
				}
			}
			sets["every other"], sets["a range and games apart"] = odd, mixed
			shuffled := slices.Clone(all)
			rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
			sets["shuffled"] = shuffled
			for setName, set := range sets {
				part := make([]*gameRow, len(set))
				for i, g := range set {
					part[i] = &gameRow{hit: Hit{gameID: g.hit.gameID}}
				}
				for _, what := range [][2]bool{{true, true}, {true, false}, {false, true}} {
					for _, g := range part {
						g.blackBits, g.whiteBits, g.moveList = nil, nil, nil
					}
					if err := db.gameData(context.Background(), part, what[0], what[1]); err != nil {
						t.Fatal(err)
					}
					for _, g := range part {
						w := want[g.hit.gameID]
						if what[0] && (!bytes.Equal(g.blackBits, w[0]) || !bytes.Equal(g.whiteBits, w[1])) {
							t.Errorf("%s: game %d: other bitsets", setName, g.hit.gameID)
						}
						if what[1] != bytes.Equal(g.moveList, w[2]) {
							t.Errorf("%s (moves %v): game %d: move list %d bytes, alone %d", setName, what[1], g.hit.gameID, len(g.moveList), len(w[2]))
						}
						if !what[0] && g.blackBits != nil {
							t.Errorf("%s: bitsets not asked for", setName)
						}
					}
				}
			}
		})
	}
}

// TestSlimOrder: the games of a board search, read without the order of
// the database and sorted by their file's rank and tree, come in the
// order of the files' paths and trees as the database sorts them, also
// when a file added later has the smaller path (its games' ids are
// larger); and a search's hits listed first are those of that file.
func TestSlimOrder(t *testing.T) {
	src, err := os.ReadFile("testdata/small.sgf")
	if err != nil {
		t.Fatal(err)
	}
	for name, backend := range backends(t) {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			var files []string
			for _, n := range []string{"m.sgf", "z.sgf", "a.sgf"} {
				files = append(files, filepath.Join(dir, n))
				if err := os.WriteFile(files[len(files)-1], src, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			db, err := Open(backend(t), true)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			for _, f := range files { // one at a time: a.sgf's ids come last
				if _, err := db.Update(context.Background(), []string{f}, nil, nil); err != nil {
					t.Fatal(err)
				}
			}
			full, err := db.games(context.Background(), &Query{}, `g.game_type = 1`, nil)
			if err != nil {
				t.Fatal(err)
			}
			slim, err := db.gamesOf(context.Background(), &Query{}, `g.game_type = 1`, nil, true)
			if err != nil {
				t.Fatal(err)
			}
			if len(full) != len(slim) || len(full) == 0 {
				t.Fatalf("%d games slim, %d in full", len(slim), len(full))
			}
			if filepath.Base(full[0].hit.File) != "a.sgf" || full[0].hit.gameID < full[len(full)-1].hit.gameID {
				t.Fatalf("the first game %s (id %d), the last id %d: a test that cannot fail", full[0].hit.File, full[0].hit.gameID, full[len(full)-1].hit.gameID)
			}
			for i := range full {
				if full[i].hit.gameID != slim[i].hit.gameID {
					t.Fatalf("game %d: id %d slim, %d in the database's order", i, slim[i].hit.gameID, full[i].hit.gameID)
				}
			}
			res, err := db.Search(context.Background(), &Query{Pattern: mustText(t, "X.X", AnchorAnywhere), Limit: 3})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.List) == 0 || filepath.Base(res.List[0].File) != "a.sgf" {
				t.Errorf("the first hit: %+v, want one in a.sgf", res.List)
			}
		})
	}
}

// TestCountOnly: once a search's list is full, the window replay counts
// the hits of the later batches without making them (matcher.countOnly):
// the same numbers of hits and games as a search that lists them all,
// and the same first hits, with and without a move limit (the replay of
// a counted game stops at the limit).
func TestCountOnly(t *testing.T) {
	// the test files three times over: hits in several batches
	coll := streamTestColl(t)
	name := filepath.Join(t.TempDir(), "coll.sgf")
	if err := os.WriteFile(name, bytes.Repeat(coll, 3), 0o644); err != nil {
		t.Fatal(err)
	}
	db := newIndexOn(t, filepath.Join(t.TempDir(), "c.db"), []string{name})
	defer func(n int) { searchBatch = n }(searchBatch)
	searchBatch = 2
	counted := 0
	for _, q := range []Query{
		{Pattern: mustText(t, "xOX/OX*/X.o", AnchorAnywhere)},
		{Pattern: mustText(t, "X.X", AnchorAnywhere)},
		{Pattern: mustText(t, "XO/OX", AnchorAnywhere), MoveLimit: 40},
		{Pattern: mustText(t, ".X./X.X/.X.", AnchorAnywhere)},
	} {
		all, err := db.Search(context.Background(), &q)
		if err != nil {
			t.Fatal(err)
		}
		if all.Games < 3 {
			t.Fatalf("%s: hits in %d games: too few for a later batch", q.Pattern, all.Games)
		}
		q.Limit = 2
		some, err := db.Search(context.Background(), &q)
		if err != nil {
			t.Fatal(err)
		}
		if some.Hits != all.Hits || some.Games != all.Games {
			t.Errorf("%s with --limit 2: %d hits in %d games, listed all: %d in %d", q.Pattern, some.Hits, some.Games, all.Hits, all.Games)
		}
		if !slices.EqualFunc(some.List, all.List[:2], func(a, b Hit) bool { return a == b }) {
			t.Errorf("%s: the first hits %+v, listed all: %+v", q.Pattern, some.List, all.List[:2])
		}
		counted += all.Hits - 2
	}
	if counted == 0 {
		t.Error("no hit only counted: a test that cannot fail")
	}
}

// TestStreamAsBatches: the streamed search (spans of ids read and replayed
// by several workers, the list kept by the games' keys) gives what the
// batches in the order of the games give (every field of the result),
// for spans of 1, 2, 3 and 4096 ids, with and without a limit (one that
// ends inside a game's hits, one past them all), continuations, a move
// limit and a sequence (the winner, not shown, is read for the
// continuations only), on an index whose files' paths are not in the
// order of their games' ids (z.sgf's games first, a.sgf's last).
func TestStreamAsBatches(t *testing.T) {
	coll := streamTestColl(t)
	// in runs of 64 games and of 3 (a span of ids holds several runs),
	// and with a row of game_data per game (schema version 8)
	for _, layout := range []struct {
		name string
		runs int
		old  bool
	}{{"runs of 64", 64, false}, {"runs of 3", 3, false}, {"version 8", 64, true}} {
		t.Run(layout.name, func(t *testing.T) {
			defer func(n int, old bool) { runGames, oldData = n, old }(runGames, oldData)
			runGames, oldData = layout.runs, layout.old
			db := threeCopies(t, coll)
			if db.runs == layout.old {
				t.Fatalf("an index with game_runs %v, want %v", db.runs, !layout.old)
			}
			defer func(n int) { searchBatch = n }(searchBatch)
			queries := append(streamQueries(t),
				Query{Pattern: mustText(t, "X.X", AnchorAnywhere), MoveLimit: 60, Limit: 3},
				Query{Pattern: mustText(t, "...../..X..", AnchorSide), Limit: 4, Continuations: true})
			streamed := 0
			for _, q := range queries {
				want := batchResult(t, db, &q, q.Pattern.String())
				for _, span := range []int{1, 2, 3, 4096} {
					searchBatch = span
					got, err := db.Search(context.Background(), &q)
					if err != nil {
						t.Fatal(err)
					}
					// the winner (not shown) is read for the continuations only
					for i := range want.List {
						if !q.Continuations {
							want.List[i].winner = ""
						}
					}
					if !reflect.DeepEqual(got, want) {
						t.Errorf("%s limit %d, spans of %d: %d hits in %d games, %d listed; in batches %d in %d, %d listed", q.Pattern, q.Limit, span, got.Hits, got.Games, len(got.List), want.Hits, want.Games, len(want.List))
						for i := 0; i < min(len(got.List), len(want.List)); i++ {
							if got.List[i] != want.List[i] {
								t.Logf("first difference at %d: %+v\n in batches %+v", i, got.List[i], want.List[i])
								break
							}
						}
					}
					streamed++
				}
			}
			if streamed == 0 {
				t.Error("nothing streamed")
			}
		})
	}
}

// TestStreamCache: the workers of a streamed search read with a small
// page cache (streamCacheKB) and give their connections back with the
// searches' cache (searchCacheKB), and the pool back to one connection.
func TestStreamCache(t *testing.T) {
	defer func(n int) { runGames = n }(runGames)
	runGames = 2 // spans of runs: several
	db := newIndexOn(t, filepath.Join(t.TempDir(), "c.db"), append(testFiles(t, 0), "testdata/capture/ponnuki.sgf"))
	defer func(n int) { searchBatch = n }(searchBatch)
	searchBatch = 2
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	// the cache a worker's connection has while it reads
	var during []int
	var mu sync.Mutex
	streamRead = func(conn *sql.Conn) {
		var kb int
		if err := conn.QueryRowContext(context.Background(), `PRAGMA cache_size`).Scan(&kb); err != nil {
			t.Error(err)
		}
		mu.Lock()
		during = append(during, kb)
		mu.Unlock()
	}
	defer func() { streamRead = nil }()
	res, err := db.Search(context.Background(), &Query{Pattern: mustText(t, "X.X", AnchorAnywhere), Limit: 3})
	if err != nil {
		t.Fatal(err)
	}
	if res.Hits == 0 || len(during) < 2 {
		t.Fatalf("%d hits, %d workers: a test that cannot fail", res.Hits, len(during))
	}
	for _, kb := range during {
		if kb != -streamCacheKB {
			t.Errorf("a worker's cache %d, want %d", kb, -streamCacheKB)
		}
	}
	if n := db.db.Stats().MaxOpenConnections; n != 1 {
		t.Errorf("%d connections at most after the search, want 1", n)
	}
	var kb int
	if err := db.db.QueryRow(`PRAGMA cache_size`).Scan(&kb); err != nil || kb != -searchCacheKB {
		t.Errorf("cache after the search %d (%v), want %d", kb, err, -searchCacheKB)
	}
	// Sorted by date: the games with hits are read in the order of the
	// sort with the small cache too.
	workers := len(during)
	during = nil
	if _, err := db.Search(context.Background(), &Query{Pattern: mustText(t, "X.X", AnchorAnywhere), Limit: 3, Sort: "date"}); err != nil {
		t.Fatal(err)
	}
	if len(during) != workers+1 {
		t.Errorf("sorted by date: %d connections read, want the %d workers' and the sort's", len(during), workers)
	}
	for _, kb := range during {
		if kb != -streamCacheKB {
			t.Errorf("sorted by date: a cache of %d, want %d", kb, -streamCacheKB)
		}
	}
	if n := db.db.Stats().MaxOpenConnections; n != 1 {
		t.Errorf("sorted by date: %d connections at most after the search, want 1", n)
	}
	if err := db.db.QueryRow(`PRAGMA cache_size`).Scan(&kb); err != nil || kb != -searchCacheKB {
		t.Errorf("sorted by date: cache after the search %d (%v), want %d", kb, err, -searchCacheKB)
	}
}

// streamQueries are the searches TestStreamAsBatches and TestStreamSorted
// stream and compare with the batch path: a wildcard pattern anywhere
// with limits inside a game's hits, past them all and none, a move limit
// with continuations, and a sequence.
func streamQueries(t *testing.T) []Query {
	return []Query{
		{Pattern: mustText(t, "xOX/OX*/X.o", AnchorAnywhere), Limit: 5},
		{Pattern: mustText(t, "xOX/OX*/X.o", AnchorAnywhere)},
		{Pattern: mustText(t, "X.X", AnchorAnywhere), Limit: 7},
		{Pattern: mustText(t, "X.X", AnchorAnywhere), Limit: 100000},
		{Pattern: mustText(t, "X.X", AnchorAnywhere), MoveLimit: 60, Limit: 3, Continuations: true},
		{Pattern: mustText(t, ".X./X.X/.X.", AnchorAnywhere), Continuations: true},
		{Pattern: anywhereSequence(t), Sequence: true, Limit: 2, Continuations: true},
	}
}

// TestStreamSorted: a pattern search sorted by another key than the file
// (date, players, event, result, moves, reversed, and the file reversed)
// streamed (the games with hits counted, then read in the order of the
// sort and the first replayed again) gives what the batches in the order
// of the sort give (every field of the result), with limits that end
// inside the hits of a game, past them all, none, continuations and a
// sequence, on an index of three copies of the test files (every key
// tied thrice: the order of the ties, by file and tree, is tested).
func TestStreamSorted(t *testing.T) {
	coll := streamTestColl(t)
	db := threeCopies(t, coll)
	defer func(n int) { searchBatch = n }(searchBatch)
	queries := streamQueries(t)
	differ := map[string]bool{} // sort keys whose first hit is not that of the file order
	for _, q0 := range queries {
		q0.Sort = ""
		byFile, err := db.Search(context.Background(), &q0)
		if err != nil {
			t.Fatal(err)
		}
		for _, key := range []string{"date", "black", "white", "event", "result", "moves"} {
			for _, s := range []string{key, "-" + key, "-file"} {
				q := q0
				q.Sort = s
				want := batchResult(t, db, &q, fmt.Sprintf("%s sorted by %s", q.Pattern, s))
				if len(want.List) > 0 && want.List[0] != byFile.List[0] {
					differ[s] = true
				}
				for _, span := range []int{1, 3, 4096} {
					searchBatch = span
					got, err := db.Search(context.Background(), &q)
					if err != nil {
						t.Fatal(err)
					}
					for i := range want.List {
						if !q.Continuations {
							want.List[i].winner = ""
						}
					}
					for i := range got.List {
						if !q.Continuations {
							got.List[i].winner = ""
						}
					}
					if !reflect.DeepEqual(got, want) {
						t.Errorf("%s sorted by %s, limit %d, spans of %d: %d hits in %d games, %d listed; in batches %d in %d, %d listed", q.Pattern, s, q.Limit, span, got.Hits, got.Games, len(got.List), want.Hits, want.Games, len(want.List))
						for i := 0; i < min(len(got.List), len(want.List)); i++ {
							if got.List[i] != want.List[i] {
								t.Logf("first difference at %d: %+v\n in batches %+v", i, got.List[i], want.List[i])
								break
							}
						}
					}
				}
			}
		}
	}
	if len(differ) < 4 {
		t.Errorf("the first hit differs from the file order's for %d sorts only (%v): the sorts are not tested", len(differ), differ)
	}
	if _, err := db.Search(context.Background(), &Query{Pattern: mustText(t, "X.X", AnchorAnywhere), Sort: "colour"}); !errors.Is(err, ErrQuery) {
		t.Errorf("sorted by colour: %v, want ErrQuery", err)
	}
}

// streamTestColl returns the test files (but broken.sgf) and ponnuki.sgf
// as one collection.
func streamTestColl(t *testing.T) []byte {
	t.Helper()
	var coll []byte
	for _, f := range append(testFiles(t, 0), "testdata/capture/ponnuki.sgf") {
		if filepath.Base(f) == "broken.sgf" {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		coll = append(coll, b...)
	}
	return coll
}

// threeCopies returns a new index of coll written as z.sgf, m.sgf and
// a.sgf, indexed one at a time: a.sgf's ids come last.
func threeCopies(t *testing.T, coll []byte) *DB {
	t.Helper()
	dir := t.TempDir()
	db := newIndexOn(t, filepath.Join(dir, "s.db"), nil)
	for _, n := range []string{"z.sgf", "m.sgf", "a.sgf"} {
		name := filepath.Join(dir, n)
		if err := os.WriteFile(name, coll, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Update(context.Background(), []string{name}, nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	return db
}

// anywhereSequence returns small.sgf's moves after node 2 in aa:ee as a
// sequence anchored anywhere.
func anywhereSequence(t *testing.T) *Pattern {
	t.Helper()
	seq, err := LoadPattern("testdata/small.sgf", "2", "aa:ee")
	if err != nil {
		t.Fatal(err)
	}
	seq.Anchor = AnchorAnywhere
	return seq
}

// batchResult returns q's result through the batches (not streamed, in
// one batch of 4096 games), after checking that q is streamable (named
// as label) and has hits beyond its limit: a case that can fail.
func batchResult(t *testing.T, db *DB, q *Query, label string) *Result {
	t.Helper()
	if !streamable(q, q.Pattern, newMatcher(q.Pattern, q)) {
		t.Errorf("%s: not streamed", label)
	}
	searchBatch = 4096
	streamSearch = false
	want, err := db.Search(context.Background(), q)
	streamSearch = true
	if err != nil {
		t.Fatal(err)
	}
	if want.Hits == 0 || q.Limit > 0 && want.Hits <= q.Limit && q.Limit < 1000 {
		t.Errorf("%s: %d hits: a case that cannot fail", q.Pattern, want.Hits)
	}
	return want
}
