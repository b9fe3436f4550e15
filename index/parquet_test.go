package index

import (
	"context"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/parquet-go/parquet-go"
)

// TestExportParquet writes the tables as Parquet files and reads them back.
func TestExportParquet(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.sgf")
	db := newIndex(t, files)
	testExportParquet(t, db)
	// An index of schema version 4 keeps whole hashes: exported as the
	// same 48-bit keys.
	name := filepath.Join(t.TempDir(), "v4.db")
	v4, err := Open(name, true)
	if err != nil {
		t.Fatal(err)
	}
	v4.db.Exec(`UPDATE sgf_index SET value = '4' WHERE name = 'schema_version'`)
	v4.Close()
	testExportParquet(t, newIndexOn(t, name, files))
}

// checkExportedKeys: the final position of each game with moves is among
// its exported positions, by the top 48 bits of its hash.
func checkExportedKeys(t *testing.T, games []GameRow, positions []PositionRow) {
	t.Helper()
	have := map[[2]int64]bool{}
	for _, p := range positions {
		have[[2]int64{p.Hash, p.GameID}] = true
	}
	n := 0
	for _, g := range games {
		if g.Moves == 0 {
			continue
		}
		n++
		if k := g.FinalHash >> keyShift; !have[[2]int64{k, g.ID}] {
			t.Errorf("game %d: its final position's key %x is not among its exported positions", g.ID, k)
		}
	}
	if n == 0 {
		t.Error("no game with moves")
	}
}

func testExportParquet(t *testing.T, db *DB) {
	dir := t.TempDir()
	st, err := db.ExportParquet(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	var games []GameRow
	parts, _ := filepath.Glob(filepath.Join(dir, "games", "size=*", "part-0.parquet"))
	if len(parts) != 2 { // 9x9 and 13x13
		t.Errorf("game partitions %v, want size=9 and size=13", parts)
	}
	for _, p := range parts {
		rows, err := parquet.ReadFile[GameRow](p)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			if want := "size=" + itoa(int(r.Cols)); filepath.Base(filepath.Dir(p)) != want {
				t.Errorf("%s holds a game of size %d", p, r.Cols)
			}
		}
		games = append(games, rows...)
	}
	var positions []PositionRow
	parts, _ = filepath.Glob(filepath.Join(dir, "positions", "part-*.parquet"))
	for _, p := range parts {
		rows, err := parquet.ReadFile[PositionRow](p)
		if err != nil {
			t.Fatal(err)
		}
		positions = append(positions, rows...)
	}
	if st.Games != len(games) || st.Positions != len(positions) {
		t.Errorf("stats %+v, read back %d games, %d positions", st, len(games), len(positions))
	}
	// Compare with the database.
	var wantGames []string
	rows, err := db.db.Query(`SELECT id, black, COALESCE(date_first, ''), final_hash FROM games ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id, h int64
		var b, d string
		rows.Scan(&id, &b, &d, &h)
		wantGames = append(wantGames, itoa(int(id))+b+d+itoa(int(h)))
	}
	rows.Close()
	var gotGames []string
	for _, g := range games {
		d := ""
		if g.DateFirst != nil {
			d = *g.DateFirst
		}
		gotGames = append(gotGames, itoa(int(g.ID))+g.Black+d+itoa(int(g.FinalHash)))
	}
	slices.Sort(gotGames)
	slices.Sort(wantGames)
	if len(wantGames) == 0 || !slices.Equal(gotGames, wantGames) {
		t.Errorf("games\n got %v\nwant %v", gotGames, wantGames)
	}
	checkExportedKeys(t, games, positions)
	var n int
	var sum int64
	eachList(t, db, "", func(_, seg int64, list []byte) error {
		return eachPostingNext(list, db.isCornerRow(seg), func(_ int64, node int32, _ byte) { n++; sum += int64(node) })
	})
	var got int64
	for _, p := range positions {
		got += int64(p.Node)
	}
	if n == 0 || n != len(positions) || got != sum {
		t.Errorf("positions: %d rows (node sum %d), database %d (%d)", len(positions), got, n, sum)
	}
}

func itoa(i int) string { return strconv.Itoa(i) }
