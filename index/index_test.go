package index

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"github.com/sgf-toolkit/sgf/internal/sgftest"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/collection"
	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/value"
)

func TestKey(t *testing.T) {
	for _, c := range [][2]string{
		{"Ｌｅｅ  Sedol", "lee sedol"},
		{"LEE SEDOL", "lee sedol"},
		{" Straße ", "strasse"},
	} {
		if got := Key(c[0]); got != c[1] {
			t.Errorf("Key(%q) = %q, want %q", c[0], got, c[1])
		}
	}
}

func TestTransform(t *testing.T) {
	// The 8 symmetries are 8 different permutations of the board.
	seen := map[string]bool{}
	for k := 0; k < 8; k++ {
		var b strings.Builder
		for y := 0; y < 5; y++ {
			for x := 0; x < 5; x++ {
				tx, ty := Transform(k, x, y, 5, 5)
				b.WriteString(sgfPoint(tx, ty))
			}
		}
		seen[b.String()] = true
	}
	if len(seen) != 8 {
		t.Errorf("%d distinct symmetries, want 8", len(seen))
	}
}

// TestGameInfoTextReadOnce: the index reads a DT or RE text of GameInfo
// (escapes removed) as sgf check reads the value: its escapes removed
// once. DT[2019-04-0\\3] is the text `2019-04-0\3`, no date; before, the
// index read it as 2019-04-03 (and RE[B+\\R] as B+R).
func TestGameInfoTextReadOnce(t *testing.T) {
	if d := parseDateText(`2019-04-0\3`); d != nil {
		t.Errorf("parseDateText: %v, want none", d)
	}
	if r, ok := parseResultText(`B+\R`); ok {
		t.Errorf("parseResultText: %v, want none", r)
	}
	if f, l := dateRange(parseDateText("2019-04-03")); f != "2019-04-03" || l != f {
		t.Errorf("dateRange = %s, %s", f, l)
	}
	if r, ok := parseResultText("b+r"); !ok || r.String() != "B+R" {
		t.Errorf("parseResultText(b+r) = %v, %v", r, ok)
	}
}

func TestDateRange(t *testing.T) {
	// "2001" and "2001-03-12,13" both match ranges (the example).
	d := parseDateText("2001-03-12,13")
	if f, l := dateRange(d); f != "2001-03-12" || l != "2001-03-13" {
		t.Errorf("dateRange = %s, %s", f, l)
	}
	if f, l := dateRange(parseDateText("2001")); f != "2001-01-01" || l != "2001-12-31" {
		t.Errorf("dateRange(2001) = %s, %s", f, l)
	}
	if f, l := dateRange(parseDateText("2000-02")); f != "2000-02-01" || l != "2000-02-29" {
		t.Errorf("dateRange(2000-02) = %s, %s", f, l)
	}
	for _, c := range []struct{ in, first, last string }{
		{"1990..2000", "1990-01-01", "2000-12-31"},
		{"2001-03", "2001-03-01", "2001-03-31"},
		{"2001..", "2001-01-01", ""},
		{"..1999", "", "1999-12-31"},
	} {
		f, l, err := ParseDateRange(c.in)
		if err != nil || f != c.first || l != c.last {
			t.Errorf("ParseDateRange(%q) = %q, %q, %v", c.in, f, l, err)
		}
	}
	for _, bad := range []string{"", "..", "1990..x", "2000..1990", "19a0", "2001-13"} {
		if _, _, err := ParseDateRange(bad); !errors.Is(err, ErrQuery) {
			t.Errorf("ParseDateRange(%q): %v, want ErrQuery", bad, err)
		}
	}
}

func TestPatternErrors(t *testing.T) {
	for _, s := range []string{"", "/", "...", "X./X", "XQ", strings.Repeat("X", 53)} {
		if _, err := ParsePatternText(s); !errors.Is(err, ErrPattern) {
			t.Errorf("ParsePatternText(%q): %v, want ErrPattern", s, err)
		}
	}
	if _, err := LoadPattern("testdata/small.sgf", "6", "aa:kk"); !errors.Is(err, ErrPattern) {
		t.Errorf("region outside the 9x9 board: %v", err)
	}
	if _, err := LoadPattern("testdata/small.sgf", "999", "aa:cc"); !errors.Is(err, ErrPattern) {
		t.Errorf("node 999: %v", err)
	}
	if _, err := LoadPosition("testdata/small.sgf", "0"); !errors.Is(err, ErrPattern) {
		t.Errorf("an empty position: %v", err)
	}
	if _, err := ParseAnchor("middle"); !errors.Is(err, ErrPattern) {
		t.Errorf("anchor middle: %v", err)
	}
}

func TestDiagram(t *testing.T) {
	p, err := ParseDiagram("$$B corner\n$$ +----------\n$$ | . . . . .\n$$ | . . 2 . .\n$$ | . . X 1 .\n$$ | . . . M .")
	if err != nil {
		t.Fatal(err)
	}
	if p.String() != "...../...../..X../...*." || len(p.Sequence) != 2 {
		t.Errorf("pattern %s, sequence %v", p, p.Sequence)
	}
	if p.Sequence[0] != (SeqMove{1, 3, 2}) || p.Sequence[1] != (SeqMove{2, 2, 1}) {
		t.Errorf("sequence %v", p.Sequence)
	}
	e, _ := p.edges()
	if !e.top || !e.left || e.bottom || e.right {
		t.Errorf("edges %+v, want top and left", e)
	}
}

func TestInfoSearch(t *testing.T) {
	for name, backend := range backends(t) {
		t.Run(name, func(t *testing.T) { testInfoSearch(t, backend(t)) })
	}
}

func testInfoSearch(t *testing.T, dbName string) {
	files, _ := filepath.Glob("testdata/*.sgf")
	db := newIndexOn(t, dbName, files)
	// what each query should find, from the games' information read by
	// the sgf package
	type game struct {
		name string
		gi   sgf.GameInfo
	}
	var all []game
	for _, f := range files {
		c, _ := sgf.ReadFile(f, nil)
		for i, g := range c.Games() {
			abs, _ := filepath.Abs(f)
			all = append(all, game{abs + "#" + string(rune('1'+i)), g.Info()})
		}
	}
	cases := []struct {
		q    Query
		want func(gi sgf.GameInfo) bool
	}{
		{Query{Player: "lee sedol"}, func(gi sgf.GameInfo) bool {
			return Key(gi.PlayerBlack) == "lee sedol" || Key(gi.PlayerWhite) == "lee sedol"
		}},
		{Query{Black: "GU"}, func(gi sgf.GameInfo) bool { return strings.Contains(Key(gi.PlayerBlack), "gu") }},
		{Query{Date: "2001..2002"}, func(gi sgf.GameInfo) bool {
			return strings.HasPrefix(gi.DateText, "2001") || strings.HasPrefix(gi.DateText, "2002")
		}},
		{Query{Date: "2001-03-13"}, func(gi sgf.GameInfo) bool { return gi.DateText == "2001-03-12,13" }},
		{Query{Result: "W+"}, func(gi sgf.GameInfo) bool { return strings.HasPrefix(gi.ResultText, "W+") }},
		{Query{Result: "W+R"}, func(gi sgf.GameInfo) bool { return gi.ResultText == "W+R" }},
		{Query{Result: "B+3.5"}, func(gi sgf.GameInfo) bool { return gi.ResultText == "B+3.5" }},
		{Query{Komi: "0.5"}, func(gi sgf.GameInfo) bool { return gi.KomiText == "0.5" }},
		{Query{Handicap: "2"}, func(gi sgf.GameInfo) bool { return gi.Handicap == 2 }},
		{Query{Size: "13"}, func(gi sgf.GameInfo) bool { return gi.Cols == 13 }},
		{Query{Rules: "japanese"}, func(gi sgf.GameInfo) bool { return gi.Rules == "Japanese" }},
		{Query{Rank: "9P"}, func(gi sgf.GameInfo) bool { return gi.RankBlack == "9p" }},
		{Query{Event: "test"}, func(gi sgf.GameInfo) bool { return gi.Event == "Test Cup" }},
		{Query{Text: "mirror"}, func(gi sgf.GameInfo) bool { return gi.GameName == "mirror of the first" }},
		{Query{Text: "captures"}, func(gi sgf.GameInfo) bool { return gi.PlayerBlack == "Ｌｅｅ  Sedol" }},
	}
	for _, c := range cases {
		r, err := db.Search(context.Background(), &c.q)
		if err != nil {
			t.Fatalf("%+v: %v", c.q, err)
		}
		var got, want []string
		for _, h := range r.List {
			got = append(got, h.File+"#"+string(rune('0'+h.Game)))
		}
		for _, g := range all {
			if c.want(g.gi) {
				want = append(want, g.name)
			}
		}
		slices.Sort(got)
		slices.Sort(want)
		if len(want) == 0 || !slices.Equal(got, want) {
			t.Errorf("%+v: got %v, want %v", c.q, got, want)
		}
	}
	for _, q := range []Query{{Date: "1990..x"}, {Result: "Q+"}, {Komi: "x"}, {Handicap: "-1"}, {Size: "0"}, {Sort: "elo"}, {Limit: -1}} {
		if _, err := db.Search(context.Background(), &q); !errors.Is(err, ErrQuery) {
			t.Errorf("%+v: %v, want ErrQuery", q, err)
		}
	}
	// --dupes: the game of small.sgf rotated in rot.sgf, and its copy.
	groups, err := db.Dupes(context.Background(), &Query{})
	if err != nil {
		t.Fatal(err)
	}
	if len(groups) != 1 || len(groups[0].Games) != 2 {
		t.Errorf("dupes: %+v", groups)
	}
}

func TestIncremental(t *testing.T) {
	for name, backend := range backends(t) {
		t.Run(name, func(t *testing.T) { testIncremental(t, backend(t)) })
	}
}

func testIncremental(t *testing.T, name string) {
	dir := t.TempDir()
	src, _ := os.ReadFile("testdata/small.sgf")
	a, b := filepath.Join(dir, "a.sgf"), filepath.Join(dir, "b.sgf")
	os.WriteFile(a, src, 0o644)
	os.WriteFile(b, []byte("(;GM[1]SZ[9]PB[B file];B[cc])"), 0o644)
	db, err := Open(name, true)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	st, err := db.Update(ctx, []string{a, b}, []string{dir}, nil)
	if err != nil || st.Added != 2 || st.Games != 4 {
		t.Fatalf("first run: %+v %v", st, err)
	}
	st, err = db.Update(ctx, []string{a, b}, []string{dir}, nil)
	if err != nil || st.Unchanged != 2 || st.Added+st.Changed != 0 {
		t.Fatalf("second run: %+v %v", st, err)
	}
	// touched, same content: skipped after hashing
	later := time.Now().Add(time.Hour)
	os.Chtimes(a, later, later)
	st, _ = db.Update(ctx, []string{a, b}, []string{dir}, nil)
	if st.Unchanged != 2 {
		t.Errorf("touched file: %+v", st)
	}
	// changed, removed
	os.WriteFile(b, []byte("(;GM[1]SZ[9]PB[Changed];B[cc];W[dd])(;GM[1]SZ[9]PB[Second];B[ee])"), 0o644)
	os.Remove(a)
	st, err = db.Update(ctx, []string{b}, []string{dir}, nil)
	if err != nil || st.Changed != 1 || st.Removed != 1 || st.Games != 2 {
		t.Fatalf("third run: %+v %v", st, err)
	}
	r, _ := db.Search(ctx, &Query{})
	if r.Hits != 2 || r.List[0].Black != "Changed" {
		t.Errorf("after the changes: %+v", r.List)
	}
	if n := danglingPositions(t, db); n != 0 {
		t.Errorf("%d positions of removed games left", n)
	}
	// A cancelled run writes nothing and leaves the index as it was.
	os.WriteFile(a, src, 0o644)
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := db.Update(cctx, []string{a, b}, []string{dir}, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled run: %v", err)
	}
	r, _ = db.Search(ctx, &Query{})
	if r.Hits != 2 {
		t.Errorf("after a cancelled run: %d games, want 2", r.Hits)
	}
	st, _ = db.Update(ctx, []string{a, b}, []string{dir}, nil)
	if st.Added != 1 || st.Unchanged != 1 {
		t.Errorf("run after the cancelled one: %+v", st)
	}
}

func TestBrokenFile(t *testing.T) {
	db := newIndex(t, []string{"testdata/broken.sgf"})
	r, err := db.Search(context.Background(), &Query{Player: "broken"})
	if err != nil || r.Hits != 1 {
		t.Fatalf("broken file: %v %+v", err, r)
	}
	var diags int
	var msg string
	db.db.QueryRow(`SELECT diagnostics, error FROM files`).Scan(&diags, &msg)
	if diags == 0 {
		t.Errorf("broken file: no diagnostic counted (error %q)", msg)
	}
}

func TestSchemaChecks(t *testing.T) {
	dir := t.TempDir()
	// another program's database
	other := filepath.Join(dir, "other.db")
	sdb, _ := sql.Open("sqlite", other)
	sdb.Exec(`CREATE TABLE users (id INTEGER)`)
	sdb.Close()
	if _, err := Open(other, true); !errors.Is(err, ErrNotIndex) {
		t.Errorf("another program's database: %v", err)
	}
	// not a database at all
	if _, err := Open("testdata/small.sgf", false); !errors.Is(err, ErrNotIndex) {
		t.Errorf("an SGF file as the database: %v", err)
	}
	// another schema version
	name := filepath.Join(dir, "v.db")
	db, err := Open(name, true)
	if err != nil {
		t.Fatal(err)
	}
	db.db.Exec(`UPDATE sgf_index SET value = '99' WHERE name = 'schema_version'`)
	db.Close()
	if _, err := Open(name, false); !errors.Is(err, ErrVersion) || !strings.Contains(err.Error(), "version 99") {
		t.Errorf("schema version 99: %v", err)
	}
	// A version 3 index (no variations) is read as it is, and becomes
	// version 4 when opened for writing.
	db, _ = Open(name, true)
	if db != nil {
		t.Errorf("schema version 99 opened for writing")
		db.Close()
	}
	sdb, _ = sql.Open("sqlite", name)
	sdb.Exec(`UPDATE sgf_index SET value = '3' WHERE name = 'schema_version'`)
	sdb.Close()
	version := func() string {
		sdb, _ := sql.Open("sqlite", name)
		defer sdb.Close()
		var v string
		sdb.QueryRow(`SELECT value FROM sgf_index WHERE name = 'schema_version'`).Scan(&v)
		return v
	}
	for _, create := range []bool{false, true} {
		db, err := Open(name, create)
		if err != nil {
			t.Fatalf("a version 3 index, create=%v: %v", create, err)
		}
		db.Close()
		want := map[bool]string{false: "3", true: "4"}[create] // whole hashes: not 5
		if v := version(); v != want {
			t.Errorf("a version 3 index opened with create=%v: version %s, want %s", create, v, want)
		}
	}
	// no index
	if _, err := Open(filepath.Join(dir, "none.db"), false); !errors.Is(err, ErrNoIndex) {
		t.Errorf("missing index: %v", err)
	}
}

func TestSchemaChecksPostgres(t *testing.T) {
	url := postgresURL(t)
	sdb, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	defer sdb.Close()
	if _, err := sdb.Exec(`CREATE TABLE users (id INTEGER)`); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(url, true); !errors.Is(err, ErrNotIndex) {
		t.Errorf("another program's database: %v", err)
	}
	sdb.Exec(`DROP TABLE users`)
	if _, err := Open(url, false); !errors.Is(err, ErrNoIndex) {
		t.Errorf("an empty database: %v", err)
	}
	db, err := Open(url, true)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	sdb.Exec(`UPDATE sgf_index SET value = '99' WHERE name = 'schema_version'`)
	if _, err := Open(url, false); !errors.Is(err, ErrVersion) {
		t.Errorf("schema version 99: %v", err)
	}
}

// danglingPositions counts the positions of the posting lists whose game
// is not in the index.
func danglingPositions(t *testing.T, db *DB) int {
	t.Helper()
	live, err := db.gameIDs(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	eachList(t, db, "", func(_, seg int64, list []byte) error {
		return eachPostingNext(list, db.isCornerRow(seg), func(g int64, _ int32, _ byte) {
			if !live[g] {
				n++
			}
		})
	})
	return n
}

// eachList calls fn with each posting list of db's positions table (of
// the rows that cond, "" or "WHERE ...", selects), its key and its row's
// seg.
func eachList(t *testing.T, db *DB, cond string, fn func(key, seg int64, list []byte) error) {
	t.Helper()
	rows, err := db.db.Query(`SELECT hash, seg, games FROM positions ` + cond)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var h, seg int64
		var b []byte
		if err := rows.Scan(&h, &seg, &b); err != nil {
			t.Fatal(err)
		}
		if err := db.rowLists(h, b, func(key int64, list []byte) error { return fn(key, seg, list) }); err != nil {
			t.Fatal(err)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
}

// TestManyGamesInOneFile: a file of more games than a chunk of records
// (recordChunk) is written while its records are made; every game comes
// in order, with its own positions.
func TestManyGamesInOneFile(t *testing.T) {
	var b strings.Builder
	const n = 3*recordChunk + 5
	for i := range n {
		// game i: a black stone at (i%19, i/19) on a 19x19 board
		// every third game with a comment, for the full text
		comment := ""
		if i%3 == 0 {
			comment = "C[note" + itoa(i) + " every third]"
		}
		b.WriteString("(;GM[1]FF[4]SZ[19]PB[P" + itoa(i) + "];B[" + sgfPoint(i%19, i/19) + "]" + comment + ")\n")
	}
	f := filepath.Join(t.TempDir(), "many.sgf")
	if err := os.WriteFile(f, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	// The positions of the file written in one batch, and in batches of
	// 5 positions (as a large file's are, every posFlush positions), into
	// an index of this version and into one of version 7, which is
	// written as it was.
	for _, version := range []int{SchemaVersion, oneRow} {
		for _, flush := range []int{posFlush, 5} {
			t.Run(fmt.Sprint("version ", version, " flush ", flush), func(t *testing.T) {
				defer func(f int) { posFlush = f }(posFlush)
				posFlush = flush
				name := filepath.Join(t.TempDir(), "t.db")
				db, err := Open(name, true)
				if err != nil {
					t.Fatal(err)
				}
				db.db.Exec(`UPDATE sgf_index SET value = ? WHERE name = 'schema_version'`, fmt.Sprint(version))
				db.Close()
				db = newIndexOn(t, name, []string{f})
				var v string
				db.db.QueryRow(`SELECT value FROM sgf_index WHERE name = 'schema_version'`).Scan(&v)
				if v != fmt.Sprint(version) {
					t.Errorf("schema version %s after the update, want %d", v, version)
				}
				manyGames(t, db, n, version)
			})
		}
	}
}

func manyGames(t *testing.T, db *DB, n, version int) {
	ctx := context.Background()
	r, err := db.Search(ctx, &Query{})
	if err != nil || r.Hits != n {
		t.Fatalf("%d games, want %d (%v)", r.Hits, n, err)
	}
	for i, h := range r.List {
		if h.Game != i+1 || h.Black != "P"+itoa(i) {
			t.Fatalf("game %d: %+v", i+1, h)
		}
	}
	// The full text of the games with a comment, each found by its own
	// word; the games' rows are written 64 at a time (rowBatch), the
	// texts a row at a time after them, so FTS5 writes one segment per
	// write batch of positions (its pending terms go out at the first
	// statement of several rows), as it did with every row written alone.
	r, err = db.Search(ctx, &Query{Text: "every third", Limit: n})
	if err != nil || r.Hits != (n+2)/3 {
		t.Errorf("full text: %d games, want %d (%v)", r.Hits, (n+2)/3, err)
	}
	for _, i := range []int{0, 63, 129, n - 2} {
		r, err = db.Search(ctx, &Query{Text: "note" + itoa(i)})
		if err != nil || r.Hits != 1 || r.List[0].Game != i+1 {
			t.Errorf("full text of game %d: %+v (%v)", i+1, r, err)
		}
	}
	var segments int
	db.db.QueryRow(`SELECT COUNT(DISTINCT segid) FROM game_text_idx`).Scan(&segments)
	if posFlush >= n && segments != 1 {
		t.Errorf("the full text in %d segments, want 1", segments)
	}
	// Game 150's stone, (17, 7), is a position of the games whose stone
	// is at one of its 8 symmetric points: found by the posting lists.
	p := &Pattern{W: 19, H: 19, Cols: 19, Rows: 19, Cells: []byte(strings.Repeat(".", 19*19))}
	p.Cells[7*19+17] = 'X'
	r, err = db.Search(ctx, &Query{Position: p, FixedColor: true})
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]bool{}
	for i := range n {
		x, y := i%19, i/19
		for k := range 8 {
			if tx, ty := Transform(k, x, y, 19, 19); tx == 17 && ty == 7 {
				want[i+1] = true
			}
		}
	}
	got := map[int]bool{}
	for _, h := range r.List {
		got[h.Game] = true
	}
	if len(want) < 2 || len(got) != len(want) {
		t.Errorf("position: games %v, want %v", got, want)
	}
	for g := range want {
		if !got[g] {
			t.Errorf("position: game %d not found (found %v)", g, got)
		}
	}
	if version == oneRow {
		// Schema version 7: one row per key and kind, the later batches'
		// pairs appended as chunks.
		var other, chunked int
		db.db.QueryRow(`SELECT COUNT(*) FROM positions WHERE seg NOT IN (1, -1)`).Scan(&other)
		db.db.QueryRow(`SELECT COUNT(*) FROM positions WHERE instr(games, x'8000') > 0`).Scan(&chunked)
		if other != 0 || (posFlush < n) != (chunked > 0) {
			t.Errorf("%d rows of a write batch (want none), %d rows with chunks (flush %d)", other, chunked, posFlush)
		}
		return
	}
	// Schema version 8: rows per bucket (the keys' top 12 bits), kind
	// and write batch, the buckets' keys in order, each key once.
	var rows, batches, wide int
	db.db.QueryRow(`SELECT COUNT(*), COUNT(DISTINCT seg >> ?) FROM positions`, partBits).Scan(&rows, &batches)
	db.db.QueryRow(`SELECT COUNT(*) FROM positions WHERE hash >= ? OR hash < ?`, 1<<(47-bucketShift), -1<<(47-bucketShift)).Scan(&wide)
	positions := 0
	last := map[int64]int64{}
	eachList(t, db, "ORDER BY hash, seg", func(key, seg int64, list []byte) error {
		if k, ok := last[seg]; ok && key <= k {
			t.Errorf("key %x after %x in a bucket row", key, k)
		}
		last[seg] = key
		return eachPostingNext(list, false, func(int64, int32, byte) { positions++ })
	})
	if wide != 0 || (posFlush < n) != (batches > 1) || positions != n || (posFlush >= n && rows >= n) {
		t.Errorf("%d rows (of %d positions), %d keys wider than a bucket, %d write batches (flush %d)", rows, positions, wide, batches, posFlush)
	}
}

func TestPostings(t *testing.T) {
	rows := []posRow{{hash: 5, game: 1, node: 0}, {hash: 5, game: 1, node: 7}, {hash: 5, game: 300, node: 2}, {hash: 5, game: 1 << 40, node: 1<<31 - 1}}
	var got []posRow
	if err := eachPostingNext(appendPostings(nil, rows, false), false, func(g int64, n int32, _ byte) { got = append(got, posRow{hash: 5, game: g, node: n}) }); err != nil || !slices.Equal(got, rows) {
		t.Errorf("round trip: %v %v", got, err)
	}
	// A corner row: each pair with its continuation byte.
	for i := range rows {
		rows[i].next = byte(i * 100)
	}
	got = got[:0]
	if err := eachPostingNext(appendPostings(nil, rows, true), true, func(g int64, n int32, next byte) {
		got = append(got, posRow{hash: 5, game: g, node: n, next: next})
	}); err != nil || !slices.Equal(got, rows) {
		t.Errorf("round trip of a corner row: %v %v", got, err)
	}
	// Chunks appended (schema version 7): each one's first game from 0.
	b := appendPostings(nil, rows[:2], false)
	b = append(b, chunkMark...)
	b = appendPostings(b, rows[2:], false)
	got = got[:0]
	if err := eachPostingNext(b, false, func(g int64, n int32, _ byte) {
		got = append(got, posRow{hash: 5, game: g, node: n, next: byte(len(got) * 100)})
	}); err != nil || !slices.Equal(got, rows) {
		t.Errorf("round trip of two chunks: %v %v", got, err)
	}
	if err := eachPostingNext([]byte{1, 2}, true, func(int64, int32, byte) {}); err == nil {
		t.Error("a corner pair without its continuation: no error")
	}
	if err := eachPostingNext([]byte{0x80}, false, func(int64, int32, byte) {}); err == nil {
		t.Error("a cut varint: no error")
	}
	// posParts gives the rows sorted as a stable sort by signed hash
	// would (the order of equal hashes kept), in parts by the top 8 bits
	// of the key's order, with keys of 64 bits and of 48 (schema version 5
	// on), a batch of 10,000 rows (parts of many blocks), then of 3 (the
	// blocks of the first batch reused, the small parts' sort).
	big := make([]posRow, 10000)
	s := uint64(1)
	for i := range big {
		s = mix(s + uint64(i))
		big[i] = posRow{hash: int64(s%1000) - 500, game: int64(i), node: int32(i % 7)}
		switch i % 3 {
		case 0:
			big[i].hash = int64(s) // large and negative hashes too
		case 1:
			big[i].hash = int64(s%5) << 58 // a few large keys, many rows each
		}
	}
	for _, short := range []bool{false, true} {
		if short {
			for i := range big {
				big[i].hash >>= keyShift
			}
		}
		pp := newPosParts(short)
		for _, rows := range [][]posRow{big, big[:3]} {
			want := slices.Clone(rows)
			slices.SortStableFunc(want, func(a, b posRow) int { return cmp.Compare(a.hash, b.hash) })
			for _, r := range rows {
				pp.add(r)
			}
			var got []posRow
			parts := 0
			if err := pp.each(func(part []posRow) error {
				parts++
				got = append(got, part...)
				clear(part) // fn may change the rows
				return nil
			}); err != nil || parts != 256 || !slices.Equal(got, want) {
				t.Errorf("posParts of %d rows (48-bit keys %v): %d parts, %v, differs from a stable sort by hash: %v", len(rows), short, parts, err, !slices.Equal(got, want))
			}
			if pp.n != 0 {
				t.Errorf("posParts holds %d rows after each", pp.n)
			}
		}
		// An error of fn stops the sort and is returned.
		for _, r := range big {
			pp.add(r)
		}
		stop := errors.New("stop")
		calls := 0
		if err := pp.each(func([]posRow) error { calls++; return stop }); err != stop || calls != 1 {
			t.Errorf("each with an error: %v after %d calls", err, calls)
		}
	}
}

// TestDupesConfirmed: games with the same Dyer signature whose moves
// differ (here move 10) are no copies; a copy under a symmetry and colour
// swap, or cut short, is. The groups are those of collection.Dupes over the
// same games.
func TestDupesConfirmed(t *testing.T) {
	moves := make([]string, 80)
	for i := range moves {
		moves[i] = sgfPoint(i%19, i/19*2+1)
	}
	game := func(name string, ms []string, sym int, swap bool, n int) string {
		var b strings.Builder
		b.WriteString("(;GM[1]FF[4]SZ[19]PB[" + name + "]")
		for i, m := range ms[:n] {
			c := "B"
			if (i%2 == 1) != swap {
				c = "W"
			}
			x, y := int(m[0]-'a'), int(m[1]-'a')
			x, y = Transform(sym, x, y, 19, 19)
			b.WriteString(";" + c + "[" + sgfPoint(x, y) + "]")
		}
		return b.String() + ")\n"
	}
	other := slices.Clone(moves)
	other[9] = "ss" // move 10: not one of the Dyer moves
	src := game("A", moves, 0, false, 80) + game("B", other, 0, false, 80) +
		game("C", moves, 5, true, 80) + game("D", moves, 0, false, 75) + game("E", other, 3, false, 80)
	f := filepath.Join(t.TempDir(), "d.sgf")
	os.WriteFile(f, []byte(src), 0o644)
	db := newIndex(t, []string{f})
	groups, err := db.Dupes(context.Background(), &Query{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, g := range groups {
		var names []string
		for _, h := range g.Games {
			names = append(names, h.Black)
		}
		got = append(got, strings.Join(names, ""))
	}
	// The index's groups are those of collection.Dupes.
	c, _ := sgf.Parse([]byte(src))
	var d collection.Dupes
	for i := range c.Len() {
		sig, err := collection.Signature(c.Game(i).Tree())
		if err != nil {
			t.Fatal(err)
		}
		d.Add(sig, collection.Entry{Name: c.Game(i).Info().PlayerBlack})
	}
	var want []string
	for _, g := range d.Groups() {
		var names []string
		for _, e := range g.Games {
			names = append(names, e.Name)
		}
		want = append(want, strings.Join(names, ""))
	}
	if !slices.Equal(got, []string{"ACD", "BE"}) || !slices.Equal(got, want) {
		t.Errorf("groups %v, want [ACD BE] as collection.Dupes finds %v", got, want)
	}
}

// TestIndexMemoryBounded: a file is read game tree by game tree, its
// records made and written while it is read: the memory of indexing a
// file is that of the games in flight, not of the file. (Before, the file
// was read whole: the peak heap held all of it.)
func TestIndexMemoryBounded(t *testing.T) {
	const games, big = 2000, 15 << 10
	var b strings.Builder
	pad := strings.Repeat("x", big) // an unknown property: kept in each tree, not indexed
	for i := range games {
		b.WriteString("(;GM[1]FF[4]SZ[19]PB[P" + itoa(i) + "]XX[" + pad + "];B[pd];W[dp])\n")
	}
	f := filepath.Join(t.TempDir(), "big.sgf")
	if err := os.WriteFile(f, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	size := b.Len()
	b = strings.Builder{}
	db, err := Open(filepath.Join(t.TempDir(), "m.db"), true)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	defer debug.SetGCPercent(debug.SetGCPercent(20)) // the heap near the live objects
	runtime.GC()
	var st UpdateStats
	base, peak := sgftest.HeapPeak(200*time.Microsecond, func() {
		st, err = db.Update(context.Background(), []string{f}, nil, &UpdateOptions{Workers: 2})
	})
	if err != nil || st.Games != games {
		t.Fatalf("%d games (%v)", st.Games, err)
	}
	grew := int64(peak) - int64(base)
	t.Logf("file %d MB, peak heap growth %d MB", size>>20, grew>>20)
	if grew > int64(size)/2 {
		t.Errorf("indexing a file of %d MB grew the heap by %d MB: the file is held whole", size>>20, grew>>20)
	}
}

// TestScanNode: the replay's one pass over a node's properties finds what
// n.Has("AB"/"AW"/"AE") and n.Move find, FF[3]'s long identifiers too,
// in every node of the test files and of a game written with them.
func TestScanNode(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.sgf")
	srcs := []string{"(;FF[3]GaMe[1]SiZe[19];AddBlack[aa][bb]AddWhite[cc];Black[dd]White[ee];WhiteComment[x]White[ff];B[]AE[aa];PL[B]C[c];Comment[d]B[aa]W[bb];Black[cc]B[dd])"}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, string(b))
	}
	nodes, moves, setups := 0, 0, 0
	for _, src := range srcs {
		c, err := sgf.Read(strings.NewReader(src), nil)
		if c == nil {
			t.Fatal(err)
		}
		for _, g := range c.Games() {
			for n := range g.Nodes() {
				sc := scanNode(n)
				setup, moved, color, raw := sc.setup, sc.moved, sc.color, sc.raw
				m, ok := n.Move()
				plain := 0
				for p := range n.Syntax().Props() {
					if string(p.ID) == "B" || string(p.ID) == "W" {
						plain++
					}
				}
				exact := false // the move's identifier B or W, not Black or White
				for p := range n.Syntax().Props() {
					if c := property.Canonical(p.ID); c == "B" || c == "W" {
						exact = len(p.ID) == 1
						break
					}
				}
				if sc.plain != plain || sc.exact != exact || (n.Comment() != "" && !sc.comment) || sc.comment != (n.Has("C")) {
					t.Errorf("node %d: %d B or W (exact %v), comment %v; want %d (exact %v), comment %q", n.Number(), sc.plain, sc.exact, sc.comment, plain, exact, n.Comment())
				}
				want := n.Has("AB") || n.Has("AW") || n.Has("AE")
				wantColor := int8(0)
				if ok {
					wantColor = 1
					if m.Color == value.White {
						wantColor = 2
					}
				}
				if setup != want || moved != ok || color != wantColor || string(raw) != string(m.Raw) {
					t.Errorf("node %d: setup %v moved %v %d %q, want %v %v %d %q", n.Number(), setup, moved, color, raw, want, ok, wantColor, m.Raw)
				}
				nodes++
				if ok {
					moves++
				}
				if want {
					setups++
				}
			}
		}
	}
	if moves == 0 || setups == 0 {
		t.Errorf("%d nodes: %d moves, %d with setup", nodes, moves, setups)
	}
}

// TestRecordTextAndSignature: the replay reads the comments and the
// duplicate signature's moves in its pass over the nodes; the record has
// the text of every node's comment in pre-order (variations too) and
// collection.Signature's key, as reading them apart gives, with and
// without variations and corners, on the test files, the shared corpus
// and trees made to differ: FF[3]'s Black and Comment, two moves in a
// node, an SZ that Signature reads otherwise, comments in variations.
func TestRecordTextAndSignature(t *testing.T) {
	srcs := []string{
		"(;FF[3]GaMe[1]SiZe[9]Comment[root];Black[cc]Comment[one];W[dd]B[ee]C[two](;B[aa]C[main])(;W[bb]C[var]Comment[x];B[cc]C[deep]))",
		"(;SZ[9]C[a];B[aa];W[]C[pass];B[zz];W[tt])",
		"(;SZ[19:19];B[aa];W[bb](;B[cc])(;C[only in a variation]))",
		"(;GM[1];C[no moves](;C[v1])(;C[v2]))",
		"(;SZ[5];AB[aa]AW[bb]C[setup];B[cc])",
	}
	files, _ := filepath.Glob("testdata/*.sgf")
	if dir, ok := sgftest.SharedPath("corpus"); ok {
		// every file but of the plain games, a fifth of those
		k := 0
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".sgf") {
				if strings.Contains(p, "/games/") {
					if k++; k%5 != 0 {
						return nil
					}
				}
				files = append(files, p)
			}
			return nil
		})
	} else if sgftest.RequireShared() {
		t.Fatal("SGF_REQUIRE_SHARED=1 but no shared corpus")
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, string(b))
	}
	games, sigs, texts := 0, 0, 0
	for i, src := range srcs {
		c, _ := sgf.Read(strings.NewReader(src), nil)
		if c == nil {
			continue
		}
		for _, g := range c.Games() {
			var want strings.Builder
			gi := g.Info()
			for _, s := range []string{gi.GameName, gi.Event, gi.Place, gi.GameComment} {
				if s != "" {
					want.WriteString(s + "\n")
				}
			}
			for n := range g.Nodes() {
				if c := n.Comment(); c != "" {
					want.WriteString(c + "\n")
				}
			}
			wantSig := ""
			if s, err := collection.Signature(g.Tree()); err == nil && g.Type() == sgf.GameGo {
				wantSig = s.Key
			}
			for _, ro := range []recordOptions{{}, {corners: true, compact: true}, {variations: true}} {
				rec := newRecord(g, 0, ro)
				if rec.cols > MaxSize || rec.rows > MaxSize {
					wantSig = ""
				}
				if rec.text != want.String() || rec.dupeSig != wantSig {
					name := fmt.Sprint("source ", i)
					if i >= len(srcs)-len(files) {
						name = files[i-(len(srcs)-len(files))]
					}
					t.Errorf("%s, game %d, %+v: text %q, signature %q; want %q, %q", name, g.Index(), ro, rec.text, rec.dupeSig, want.String(), wantSig)
				}
			}
			games++
			if wantSig != "" {
				sigs++
			}
			if want.Len() > 0 {
				texts++
			}
		}
	}
	if sigs == 0 || texts == 0 {
		t.Errorf("%d games: %d with a signature, %d with a text", games, sigs, texts)
	}
	t.Logf("%d games: %d with a signature, %d with a text", games, sigs, texts)
}

// TestReadBudget: two files are read at once whatever their size, more
// while their sizes make at most readAhead; a file waits until one is
// written, or until its context is done.
func TestReadBudget(t *testing.T) {
	b := newReadBudget()
	ctx := context.Background()
	for _, size := range []int64{readAhead * 2, readAhead} { // two large files: both read
		if err := b.acquire(ctx, size); err != nil {
			t.Fatal(err)
		}
	}
	got := make(chan error, 1)
	go func() { got <- b.acquire(ctx, 1) }()
	select {
	case err := <-got:
		t.Fatalf("a third file read with two large ones (%v)", err)
	case <-time.After(50 * time.Millisecond):
	}
	b.release(readAhead * 2)
	if err := <-got; err != nil {
		t.Fatal(err)
	}
	// readAhead+1 held by two files: a small one waits, then is cancelled.
	cctx, cancel := context.WithCancel(ctx)
	go func() { got <- b.acquire(cctx, readAhead) }()
	cancel()
	if err := <-got; err != context.Canceled {
		t.Errorf("a waiting file cancelled: %v", err)
	}
	b.release(readAhead)
	b.release(1)
	// Small files: as many as fit.
	for i := range 32 {
		if err := b.acquire(ctx, readAhead/32); err != nil || b.files != i+1 {
			t.Fatalf("small file %d: %v, %d files", i, err, b.files)
		}
	}
}

// TestUpdateCacheSize: Update writes with a small page cache (the peak
// memory of indexing, bench/README.md) and gives the searches theirs
// back, also when it fails.
func TestUpdateCacheSize(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.sgf")
	db := newIndex(t, files[:1])
	check := func(when string) {
		t.Helper()
		var kb int
		if err := db.db.QueryRow(`PRAGMA cache_size`).Scan(&kb); err != nil || kb != -searchCacheKB {
			t.Errorf("cache size %d %s (%v), want %d", kb, when, err, -searchCacheKB)
		}
	}
	check("after Update")
	db.db.Exec(`PRAGMA cache_size = -1000`)
	if _, err := db.Update(context.Background(), files[:2], nil, nil); err != nil {
		t.Fatal(err)
	}
	check("after a second Update")
	db.db.Exec(`PRAGMA cache_size = -1000`)
	if _, err := db.Update(context.Background(), []string{filepath.Join(t.TempDir(), "absent.sgf")}, nil, nil); err == nil {
		t.Error("an absent file: no error")
	}
	check("after a failed Update")
}

// TestRecordSignatureReadAsTyped: the duplicate signature of an indexed
// game reads its board and moves as the replay does (sgf.TreeBoard, Game.Size):
// a game with SZ[ 13 ] (or SZ[ 1 3 ], GM[ 1 ], an SZ that is no size)
// has the signature of its copy written plainly, and B[c\j] is B[cj].
// Before, such games were replayed on the board sgf reads but got no
// signature, so sgf search found no duplicates of them.
func TestRecordSignatureReadAsTyped(t *testing.T) {
	for _, tt := range []struct{ src, same string }{
		{`(;GM[1]SZ[ 13 ];B[cc];W[jj];B[c\j])`, `(;GM[1]SZ[13];B[cc];W[jj];B[cj])`},
		{`(;GM[ 1 ]SZ[1 3];B[cc];W[jj];B[cj])`, `(;GM[1]SZ[13];B[cc];W[jj];B[cj])`},
		{`(;GM[1]SZ[x];B[pd];W[dp];B[pp])`, `(;GM[1];B[pd];W[dp];B[pp])`},
		// moves with white space in them, read as sgf check corrects them
		// (value.ReadMove); before, passes
		{"(;GM[1]SZ[13];B[cc];W[ j j ];B[c j])", `(;GM[1]SZ[13];B[cc];W[jj];B[cj])`},
	} {
		sig := func(src string) string {
			c, err := sgf.ReadBytes([]byte(src), nil)
			if err != nil {
				t.Fatal(err)
			}
			return newRecord(c.Games()[0], 0, recordOptions{}).dupeSig
		}
		if a, b := sig(tt.src), sig(tt.same); a == "" || a != b {
			t.Errorf("%s: signature %q, want %q", tt.src, a, b)
		}
	}
}
