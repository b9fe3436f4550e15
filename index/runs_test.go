package index

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestRunRoundTrip: the games appended to a run read back as written,
// and a damaged run (cut short anywhere, a length past its end, a board
// wider than MaxSize) is an error, not a panic nor a wrong game.
func TestRunRoundTrip(t *testing.T) {
	games := []runGame{
		{id: 7, file: 1, tree: 0, cols: 19, rows: 19, winner: 1, black: []byte{1, 2}, white: []byte{3, 4}, moves: []byte{5, 6, 7}},
		{id: 8, file: 1, tree: 1, cols: 9, rows: 9, winner: 0, black: []byte{}, white: []byte{}, moves: []byte{}},
		{id: 300, file: 1 << 40, tree: 1 << 20, cols: MaxSize, rows: 1, winner: 2, black: []byte{9}, white: []byte{10}, moves: make([]byte, 1000)},
	}
	const first = 5
	var run []byte
	prev := int64(first)
	for i := range games {
		run = appendRunGame(run, prev, &games[i])
		prev = games[i].id
	}
	r := newRunReader(first, run)
	var got []runGame
	var g runGame
	for r.next(&g) {
		got = append(got, g)
	}
	if r.err != nil || len(got) != len(games) {
		t.Fatalf("%d games read (%v), want %d", len(got), r.err, len(games))
	}
	for i := range games {
		if !reflect.DeepEqual(fmt.Sprint(got[i]), fmt.Sprint(games[i])) {
			t.Errorf("game %d: %+v, want %+v", i, got[i], games[i])
		}
	}
	// cut short: every length but the ends of games
	ends := map[int]bool{}
	n, prev := 0, first
	for i := range games {
		n = len(appendRunGame(make([]byte, n), prev, &games[i]))
		prev = games[i].id
		ends[n] = true
	}
	for cut := 1; cut < len(run); cut++ {
		r := newRunReader(first, run[:cut])
		k := 0
		for r.next(&g) {
			k++
		}
		if ends[cut] != (r.err == nil) {
			t.Errorf("cut at %d of %d: %d games, error %v", cut, len(run), k, r.err)
		}
	}
	wide := appendRunGame(nil, 0, &runGame{id: 1, cols: MaxSize + 1, rows: 19})
	if r := newRunReader(0, wide); r.next(&g) || !errors.Is(r.err, errRun) {
		t.Errorf("a board %d wide read: %v", MaxSize+1, r.err)
	}
}

// TestRuns: a new index keeps its game data in runs (schema version 9,
// game_runs, no game_data): fewer rows than games, each game in the run
// of the greatest key not above its id.
func TestRuns(t *testing.T) {
	db := newIndex(t, append(testFiles(t, 0), "testdata/capture/ponnuki.sgf"))
	var v string
	db.db.QueryRow(`SELECT value FROM sgf_index WHERE name = 'schema_version'`).Scan(&v)
	if v != "9" || !db.runs {
		t.Fatalf("schema version %s, runs %v: want 9 with game_runs", v, db.runs)
	}
	var games, runs, data int
	db.db.QueryRow(`SELECT COUNT(*) FROM games WHERE game_type = 1`).Scan(&games)
	db.db.QueryRow(`SELECT COUNT(*) FROM game_runs`).Scan(&runs)
	if err := db.db.QueryRow(`SELECT COUNT(*) FROM game_data`).Scan(&data); err == nil {
		t.Errorf("a table game_data (%d rows) beside game_runs", data)
	}
	if games < 10 || runs < 1 || runs >= games {
		t.Errorf("%d Go games in %d runs", games, runs)
	}
	// every Go game's data found from its id alone
	for _, g := range gameDataOf(t, db) {
		if len(g.moveList) == 0 && len(g.blackBits) == 0 {
			var typ int
			db.db.QueryRow(`SELECT game_type FROM games WHERE id = ?`, g.hit.gameID).Scan(&typ)
			if typ == 1 {
				t.Errorf("game %d: no data", g.hit.gameID)
			}
		}
	}
}

// TestRunsIncremental: files added, changed and removed over several
// runs of sgf index leave each game's data (bitsets, move list) and the
// streamed search's hits as in an index made at once of the files as
// they are at the end, whether the runs hold many files' games (runs of
// 64), a game or two each (runs of 2), or a row of game_data per game
// (an index of version 8), on SQLite and PostgreSQL; no run keeps a game
// of a file no longer indexed.
func TestRunsIncremental(t *testing.T) {
	defer func(n int) { runGames = n }(runGames)
	defer func() { oldData = false }()
	src, err := os.ReadFile("testdata/small.sgf")
	if err != nil {
		t.Fatal(err)
	}
	one := func(i int) string {
		return "(;GM[1]SZ[9]PB[P" + itoa(i) + "];B[" + sgfPoint(i%9, i/9%9) + "];W[" + sgfPoint((i+4)%9, 4) + "];B[cc];W[dc];B[cd];W[dd])"
	}
	for name, backend := range backends(t) {
		for _, layout := range []struct {
			name string
			runs int
			old  bool
		}{{"runs of 64", 64, false}, {"runs of 2", 2, false}, {"version 8", 64, true}} {
			t.Run(name+" "+layout.name, func(t *testing.T) {
				runGames, oldData = layout.runs, layout.old
				dir := t.TempDir()
				var files []string
				write := func(i int, text string) {
					f := filepath.Join(dir, fmt.Sprintf("f%d.sgf", i))
					if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				for i := range 6 {
					text := one(i)
					if i == 2 {
						text = string(src) // several games
					}
					write(i, text)
					files = append(files, filepath.Join(dir, fmt.Sprintf("f%d.sgf", i)))
				}
				db, err := Open(backend(t), true)
				if err != nil {
					t.Fatal(err)
				}
				defer db.Close()
				if db.runs == layout.old {
					t.Fatalf("game_runs %v, want %v", db.runs, !layout.old)
				}
				ctx := context.Background()
				if _, err := db.Update(ctx, files, []string{dir}, nil); err != nil {
					t.Fatal(err)
				}
				// f1 changed (two games), f4 removed, then f2 (in the
				// middle of the runs) changed and f6 added
				write(1, one(10)+one(11))
				os.Remove(files[4])
				if _, err := db.Update(ctx, sgfFiles(dir), []string{dir}, nil); err != nil {
					t.Fatal(err)
				}
				write(2, one(12))
				write(6, string(src))
				if _, err := db.Update(ctx, sgfFiles(dir), []string{dir}, nil); err != nil {
					t.Fatal(err)
				}
				fresh := newIndexOn(t, filepath.Join(t.TempDir(), "fresh.db"), sgfFiles(dir))
				if d, w := runsDump(t, db), runsDump(t, fresh); !reflect.DeepEqual(d, w) {
					t.Errorf("game data after the updates:\n%s\nindexed at once:\n%s", strings.Join(d, "\n"), strings.Join(w, "\n"))
				}
				q := Query{Pattern: mustText(t, "X./XO", AnchorAnywhere), Continuations: true, Limit: 5}
				got, err := db.Search(ctx, &q)
				if err != nil {
					t.Fatal(err)
				}
				want, err := fresh.Search(ctx, &q)
				if err != nil {
					t.Fatal(err)
				}
				if want.Hits == 0 || got.Hits != want.Hits || got.Games != want.Games || fmt.Sprint(got.Continuations) != fmt.Sprint(want.Continuations) {
					t.Errorf("search after the updates: %d hits in %d games %v, indexed at once %d in %d %v", got.Hits, got.Games, got.Continuations, want.Hits, want.Games, want.Continuations)
				}
				for i := range min(len(got.List), len(want.List)) {
					if g, w := got.List[i], want.List[i]; g.File != w.File || g.Game != w.Game || g.Node != w.Node || g.Region != w.Region {
						t.Errorf("hit %d: %+v, indexed at once %+v", i, g, w)
					}
				}
				if !db.runs {
					return
				}
				// the runs hold the games of the index, each once
				var runGamesN, games int
				rows, err := db.db.Query(`SELECT first, games FROM game_runs`)
				if err != nil {
					t.Fatal(err)
				}
				for rows.Next() {
					var first int64
					var b []byte
					rows.Scan(&first, &b)
					r := newRunReader(first, b)
					var g runGame
					for r.next(&g) {
						runGamesN++
					}
					if r.err != nil {
						t.Error(r.err)
					}
				}
				rows.Close()
				db.db.QueryRow(`SELECT COUNT(*) FROM games WHERE game_type = 1`).Scan(&games)
				if runGamesN != games {
					t.Errorf("%d games in the runs, %d Go games in the index", runGamesN, games)
				}
			})
		}
	}
}

// runsDump returns each game of db as its file's name, tree and data.
func runsDump(t *testing.T, db *DB) []string {
	t.Helper()
	gs := gameDataOf(t, db)
	var paths []string
	rows, err := db.db.Query(`SELECT f.path, g.tree FROM games g JOIN files f ON f.id = g.file_id ORDER BY f.path, g.tree`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var p string
		var tree int
		rows.Scan(&p, &tree)
		paths = append(paths, fmt.Sprintf("%s#%d", filepath.Base(p), tree))
	}
	rows.Close()
	if len(paths) != len(gs) {
		t.Fatalf("%d paths, %d games", len(paths), len(gs))
	}
	out := make([]string, len(gs))
	for i, g := range gs {
		out[i] = fmt.Sprintf("%s %x %x %x", paths[i], g.blackBits, g.whiteBits, g.moveList)
	}
	return out
}

// sgfFiles returns the .sgf files of dir.
func sgfFiles(dir string) []string {
	files, _ := filepath.Glob(filepath.Join(dir, "*.sgf"))
	return files
}

// TestMigrateRuns: an index of version 8 (a row of game_data per game)
// opened for reading stays as it is; opened for writing, its game data
// becomes runs (version 9, no game_data): each game's data and the
// searches as before, and a later update as in a new index, on SQLite and
// PostgreSQL.
func TestMigrateRuns(t *testing.T) {
	defer func(n int) { runGames = n }(runGames)
	defer func(n int) { migrateChunkSize = n }(migrateChunkSize)
	runGames, migrateChunkSize = 3, 5 // several runs and chunks
	files := append(testFiles(t, 0), "testdata/capture/ponnuki.sgf")
	q := Query{Pattern: mustText(t, "xOX/OX*/X.o", AnchorAnywhere), Continuations: true, Limit: 7}
	for name, backend := range backends(t) {
		t.Run(name, func(t *testing.T) {
			url := backend(t)
			oldData = true
			db, err := Open(url, true)
			oldData = false
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			if _, err := db.Update(ctx, files, nil, nil); err != nil {
				t.Fatal(err)
			}
			dump := runsDump(t, db)
			want, err := db.Search(ctx, &q)
			if err != nil {
				t.Fatal(err)
			}
			db.Close()
			version := func(db *DB) string {
				var v string
				db.db.QueryRow(`SELECT value FROM sgf_index WHERE name = 'schema_version'`).Scan(&v)
				return v
			}
			for _, create := range []bool{false, true} {
				db, err := Open(url, create)
				if err != nil {
					t.Fatal(err)
				}
				defer db.Close()
				wantV := map[bool]string{false: "8", true: "9"}[create]
				if v := version(db); v != wantV || db.runs != create {
					t.Fatalf("opened with create=%v: version %s, runs %v; want %s", create, v, db.runs, wantV)
				}
				if d := runsDump(t, db); !reflect.DeepEqual(d, dump) {
					t.Errorf("create=%v: game data\n%s\nbefore\n%s", create, strings.Join(d, "\n"), strings.Join(dump, "\n"))
				}
				got, err := db.Search(ctx, &q)
				if err != nil {
					t.Fatal(err)
				}
				if want.Hits == 0 || !reflect.DeepEqual(got, want) {
					t.Errorf("create=%v: %d hits in %d games, before %d in %d", create, got.Hits, got.Games, want.Hits, want.Games)
				}
			}
			db, err = Open(url, true)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			var n int
			if err := db.db.QueryRow(`SELECT COUNT(*) FROM game_data`).Scan(&n); err == nil {
				t.Errorf("game_data (%d rows) left after the migration", n)
			}
			// a file changed after the migration: as in a new index
			dir := t.TempDir()
			f := filepath.Join(dir, "x.sgf")
			src, _ := os.ReadFile("testdata/small.sgf")
			os.WriteFile(f, src, 0o644)
			if _, err := db.Update(ctx, append(files, f), nil, nil); err != nil {
				t.Fatal(err)
			}
			os.WriteFile(f, []byte("(;GM[1]SZ[9];B[cc];W[dd])"), 0o644)
			if _, err := db.Update(ctx, append(files, f), nil, nil); err != nil {
				t.Fatal(err)
			}
			fresh := newIndexOn(t, filepath.Join(t.TempDir(), "fresh.db"), append(files, f))
			if d, w := runsDump(t, db), runsDump(t, fresh); !reflect.DeepEqual(d, w) {
				t.Errorf("after an update of the migrated index:\n%s\nin a new one:\n%s", strings.Join(d, "\n"), strings.Join(w, "\n"))
			}
		})
	}
}
