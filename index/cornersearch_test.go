package index

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sgf-toolkit/sgf/internal/sgftest"
)

// TestCornerRows: in an index with corner positions (schema version 6) a
// search of a whole corner region with a limit is answered from the
// corner rows (searchCorner) and gives what the replay of every game
// gives: the same hits, games, continuations and tenuki, and as its list
// the first hits of the full list; the full search is checked against the
// brute force. testdata/corner/setup.sgf holds a corner that keeps its
// position seen transposed (a game replayed: nextUnsure).
func TestCornerRows(t *testing.T) {
	files := testFiles(t, 0)
	if _, ok := sgftest.SharedPath("corpus", "games", "fox-tygem-ai"); ok || sgftest.RequireShared() {
		files = testFiles(t, 8)
	}
	extra, _ := filepath.Glob("testdata/corner/*.sgf")
	files = append(files, extra...)
	games := replayAll(t, files)
	for name, backend := range backends(t) {
		t.Run(name, func(t *testing.T) { testCornerRows(t, backend(t), files, games) })
	}
}

func testCornerRows(t *testing.T, name string, files []string, games []*bfGame) {
	db, err := Open(name, true)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Update(context.Background(), files, nil, &UpdateOptions{Corners: true}); err != nil {
		t.Fatal(err)
	}
	if n := unsureRows(t, db); n == 0 {
		t.Error("no corner position is marked unsure (setup.sgf's third node should be)")
	}
	cases := []struct {
		name  string
		rows  string
		fixed bool
	}{
		{"4-4", "......./......./......./...X.../......./......./.......", false},
		{"3-4", "......./......./...X.../......./......./......./.......", false},
		{"3-4 fixed colour", "......./......./...X.../......./......./......./.......", true},
		{"3-3 invasion", "......./......./..O..../...X.../......./......./.......", false},
		{"3-4 white", "......./......./...O.../......./......./......./.......", true},
	}
	for _, c := range cases {
		p := mustText(t, c.rows, AnchorCorner)
		q0 := Query{Pattern: p, FixedColor: c.fixed, Continuations: true}
		full, err := db.Search(context.Background(), &q0)
		if err != nil {
			t.Fatal(err)
		}
		compare(t, c.name, indexResult(t, db, &q0), bruteForce(games, p, &q0), true)
		compareCornerRows(t, db, c.name, q0, full)
	}
	// What the corner rows cannot answer goes the general way.
	before := cornerSearches.Load()
	for _, q := range []Query{
		{Pattern: mustText(t, cases[0].rows, AnchorCorner)},                             // no limit
		{Pattern: mustText(t, cases[0].rows, AnchorCorner), Limit: 5, MoveLimit: 20},    // a move limit
		{Pattern: mustText(t, cases[0].rows, AnchorCorner), Limit: 5, Player: "Lee"},    // a filter
		{Pattern: mustText(t, cases[0].rows, AnchorCorner), Limit: 5, Sort: "date"},     // another order
		{Pattern: mustText(t, "...../...../...X./...../.....", AnchorCorner), Limit: 5}, // not the whole region
	} {
		if _, err := db.Search(context.Background(), &q); err != nil {
			t.Fatal(err)
		}
	}
	if n := cornerSearches.Load() - before; n != 0 {
		t.Errorf("%d searches answered from the corner rows that cannot be", n)
	}
}

// compareCornerRows runs q0 with limits on db: each answered from the
// corner rows, with full's counts and continuations and its first hits.
func compareCornerRows(t *testing.T, db *DB, name string, q0 Query, full *Result) {
	t.Helper()
	for _, limit := range []int{1, 3, 100000} {
		q := q0
		q.Limit = limit
		before := cornerSearches.Load()
		r, err := db.Search(context.Background(), &q)
		if err != nil {
			t.Fatal(err)
		}
		if cornerSearches.Load() != before+1 {
			t.Errorf("%s, limit %d: not answered from the corner rows", name, limit)
		}
		name := fmt.Sprintf("%s, limit %d", name, limit)
		if r.Hits != full.Hits || r.Games != full.Games || r.Tenuki != full.Tenuki || r.Diagram != full.Diagram {
			t.Errorf("%s: %d hits in %d games, tenuki %d; replaying every game: %d in %d, %d", name, r.Hits, r.Games, r.Tenuki, full.Hits, full.Games, full.Tenuki)
		}
		if !slices.Equal(r.Continuations, full.Continuations) {
			t.Errorf("%s: continuations\n %v\nreplaying every game\n %v", name, r.Continuations, full.Continuations)
		}
		if want := full.List[:min(limit, len(full.List))]; !slices.EqualFunc(r.List, want, func(a, b Hit) bool { return fmt.Sprint(a) == fmt.Sprint(b) }) {
			t.Errorf("%s: list\n %v\nwant\n %v", name, r.List, want)
		}
	}
}

// TestCornerRowsIncremental: a file indexed again (its games dropped and
// written anew, the posting lists cleaned) is counted from the corner
// rows as the replay counts it, with its new winners.
func TestCornerRowsIncremental(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile("testdata/corner/setup.sgf")
	if err != nil {
		t.Fatal(err)
	}
	a, b := filepath.Join(dir, "a.sgf"), filepath.Join(dir, "b.sgf")
	other, err := os.ReadFile("testdata/corner34.sgf")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(b, other, 0o644)
	db, err := Open(filepath.Join(dir, "c.db"), true)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	p := mustText(t, "......./......./...X.../......./......./......./.......", AnchorCorner)
	var wins [2]int
	for i, s := range []string{string(src), strings.ReplaceAll(string(src), "RE[B+R]", "RE[W+R]")} {
		os.WriteFile(a, []byte(s), 0o644)
		os.Chtimes(a, time.Now(), time.Now().Add(time.Duration(i)*time.Hour))
		st, err := db.Update(context.Background(), []string{a, b}, []string{dir}, &UpdateOptions{Corners: true})
		if err != nil || st.Games == 0 || (i == 1) != (st.Changed == 1) {
			t.Fatalf("run %d: %+v %v", i+1, st, err)
		}
		q0 := Query{Pattern: p, Continuations: true}
		full, err := db.Search(context.Background(), &q0)
		if err != nil {
			t.Fatal(err)
		}
		if full.Hits == 0 {
			t.Fatalf("run %d: no hit", i+1)
		}
		compareCornerRows(t, db, fmt.Sprint("run ", i+1), q0, full)
		for _, c := range full.Continuations {
			wins[i] += c.BlackWins
		}
	}
	if wins[0] == wins[1] {
		t.Errorf("black wins %d before and after a game's result changed", wins[0])
	}
}

// unsureRows counts the corner positions of db whose continuation is
// nextUnsure.
func unsureRows(t *testing.T, db *DB) int {
	t.Helper()
	n := 0
	eachList(t, db, "WHERE seg < 0", func(_, _ int64, list []byte) error {
		return eachPostingNext(list, true, func(_ int64, _ int32, next byte) {
			if next == nextUnsure {
				n++
			}
		})
	})
	return n
}

// TestMoveListCompact: a move list of schema version 6 (plain moves in two
// bytes) and one of the older layout read back as the steps written, by
// the same reader; the compact one is shorter.
func TestMoveListCompact(t *testing.T) {
	steps := []step{
		{},
		{color: 1, x: 3, y: 3},
		{color: 2, x: 51, y: 51},
		{color: 1, pass: true},
		{color: 2, x: 0, y: 18, removed: []stone{{0, 0, 17}}},
		{setup: []stone{{1, 4, 4}, {0, 3, 3}}},
		{back: 2, color: 1, x: 15, y: 3},
		{color: 2, x: 3, y: 15},
	}
	var lens [2]int
	for i, compact := range []bool{false, true} {
		var b []byte
		for j := range steps {
			b = appendStep(b, &steps[j], compact)
		}
		lens[i] = len(b)
		r := newMoveReader(b)
		n := 0
		for r.next() {
			got, want := r.s, steps[n]
			if fmt.Sprint(got.back, got.color, got.pass, got.setup, got.removed) != fmt.Sprint(want.back, want.color, want.pass, want.setup, want.removed) ||
				(want.color != 0 && !want.pass && (got.x != want.x || got.y != want.y)) {
				t.Errorf("compact=%v, step %d: %+v, want %+v", compact, n, got, want)
			}
			n++
		}
		if r.err != nil || n != len(steps) {
			t.Errorf("compact=%v: %d steps read (%v), want %d", compact, n, r.err, len(steps))
		}
		r = newMoveReader(b[:len(b)-1])
		for r.next() {
		}
		if r.err == nil {
			t.Errorf("compact=%v: a list cut in its last record reads without error", compact)
		}
	}
	if lens[1] >= lens[0] {
		t.Errorf("compact list %d bytes, the older layout %d", lens[1], lens[0])
	}
}
