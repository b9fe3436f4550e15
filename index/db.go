package index

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver: PostgreSQL
	_ "modernc.org/sqlite"             // the "sqlite" driver: pure Go SQLite
)

// SchemaVersion is the version of the database layout this package writes
// and reads. A database of another version is refused (ErrVersion).
// Version 2 keeps the positions as posting lists (see postings.go);
// version 1 had a row per position. Version 3 keeps the bitsets and move
// lists apart from the game information (table game_data), and the
// players' search keys in a table of their own (players: a name filter
// looks through the names, then finds their games by the games' indexes).
// Version 4 adds the positions of variations (UpdateOptions.Variations):
// move lists that hold the whole tree (bit 5 of a record, see
// movelist.go), which a program of version 3 would misread. A version 3
// index has none: it is read as it is, and marked version 4 when opened
// for writing (migrateFrom). Version 5 keys the positions by the top 48
// bits of their hash (see keyShift), which makes the table about a tenth
// smaller; a version 3 or 4 index keeps whole hashes, is read as it is
// and written as it was (it stays version 4: what this version writes
// into it, a version 4 program reads).
// Version 6 keeps each corner position's continuation and the games'
// winners (cornerRows, game_winners), so that a search for a whole corner
// region counts its hits and continuations without replaying the games;
// a version 5 index is read and written as it is (and stays version 5).
// Version 7 keeps one row per key and kind (seg 1: whole board, -1:
// corner) instead of one per write batch: a batch appends its pairs to
// the row as a chunk (see postings.go), so that a position shared by many
// games is one row however many batches wrote it; a version 6 index is
// read as it is and written as it was (it stays version 6).
// Version 8 keeps one row per bucket of keys (their top 16 bits), kind
// and write batch (see postings.go): about a tenth of the rows, which
// halves the time of writing the positions and makes the table smaller;
// a version 7 index is read as it is and written as it was (it stays
// version 7).
// Version 9 keeps the bitsets and move lists of runs of up to 64 games in
// one row (table game_runs, see runs.go), with the file, tree, board size
// and winner of each game, instead of a row per game (game_data): a board
// search reads them without the games table, a row per run. An index
// with game_data is read as it is; opened for writing, one of version 8
// becomes version 9 (migrateRuns), one of versions 3 to 7 is written as
// it was (it keeps its version: its positions are of that version);
// which of the two tables it has says how (DB.runs).
const SchemaVersion = 9

// searchCacheKB and writeCacheKB are the sizes of SQLite's page cache,
// in KiB, of searches and of DB.Update (see there).
const (
	searchCacheKB = 64 << 10
	writeCacheKB  = 16 << 10
)

// keyShift is how far a version 5 index shifts a position's 64-bit hash
// (arithmetically) to make the key of the positions table: the top 48
// bits, which SQLite stores in 6 bytes instead of 8. Two positions whose
// hashes share them share the key; every search verifies its candidates
// by replay, so a shared key costs a game replayed, not a wrong hit (at
// 30 million positions, about one pair of positions in the whole index
// shares a key).
const keyShift = 16

// wholeKeys is the last schema version whose positions are keyed by the
// whole hash, and cornerRows the first whose corner positions are rows of
// their own (a negative seg) with a continuation byte after each pair.
const (
	wholeKeys  = 4
	cornerRows = 6
	oneRow     = 7 // one row per key and kind, batches appended as chunks
	buckets    = 8 // one row per bucket of keys, kind and write batch
)

// migrateFrom is the oldest schema version this package reads: an index
// of that version is one of SchemaVersion without the later additions.
const migrateFrom = 3

// application is the name written in the sgf_index table: a database
// without it is another program's.
const application = "sgf-toolkit index"

// Sentinel errors, wrapped by the errors of Open, Update and Search.
var (
	ErrNotIndex = errors.New("not an sgf index database")
	ErrVersion  = errors.New("index schema version not supported")
	ErrNoIndex  = errors.New("no index")
	ErrQuery    = errors.New("bad query")
)

// dialect holds what differs between SQLite and PostgreSQL: the table
// definitions, placeholders, full-text search.
type dialect struct {
	name   string
	driver string
	ddl    []string
}

var sqliteDialect = &dialect{name: "sqlite", driver: "sqlite", ddl: []string{
	`CREATE TABLE sgf_index (name TEXT PRIMARY KEY, value TEXT NOT NULL)`,
	filesDDL,
	fmt.Sprintf(gamesDDL, "BLOB", "INTEGER"),
	`CREATE TABLE game_runs (first INTEGER PRIMARY KEY, games BLOB NOT NULL)`,
	// Not WITHOUT ROWID since version 8: a table B-tree keeps rows of up
	// to 4 KB in its leaves (see partSize), and its inner pages only
	// rowids, where an index B-tree keeps about 1 KB of a row in a page
	// and copies of whole rows in its inner pages.
	`CREATE TABLE positions (hash BIGINT NOT NULL, seg BIGINT NOT NULL, games BLOB NOT NULL, PRIMARY KEY (hash, seg))`,
	`CREATE TABLE players (key TEXT PRIMARY KEY) WITHOUT ROWID`,
	`CREATE TABLE game_winners (first BIGINT PRIMARY KEY, winners BLOB NOT NULL)`,
	`CREATE VIRTUAL TABLE game_text USING fts5(text, content='', contentless_delete=1)`,
}}

var postgresDialect = &dialect{name: "postgres", driver: "pgx", ddl: []string{
	`CREATE TABLE sgf_index (name TEXT PRIMARY KEY, value TEXT NOT NULL)`,
	filesDDL,
	fmt.Sprintf(gamesDDL, "BYTEA", "BIGINT"),
	`CREATE TABLE game_runs (first BIGINT PRIMARY KEY, games BYTEA NOT NULL)`,
	`CREATE TABLE positions (hash BIGINT NOT NULL, seg BIGINT NOT NULL, games BYTEA NOT NULL, PRIMARY KEY (hash, seg))`,
	`CREATE TABLE players (key TEXT PRIMARY KEY)`,
	`CREATE TABLE game_winners (first BIGINT PRIMARY KEY, winners BYTEA NOT NULL)`,
	`CREATE TABLE game_text (game_id BIGINT PRIMARY KEY, tsv TSVECTOR NOT NULL)`,
	`CREATE INDEX game_text_tsv ON game_text USING GIN (tsv)`,
}}

const filesDDL = `CREATE TABLE files (
	id BIGINT PRIMARY KEY,
	path TEXT NOT NULL UNIQUE,
	size BIGINT NOT NULL,
	mtime BIGINT NOT NULL,
	hash TEXT NOT NULL,
	games INTEGER NOT NULL,
	diagnostics INTEGER NOT NULL,
	error TEXT NOT NULL
)`

// gamesDDL: %[1]s is the type of byte strings, %[2]s that of the ids
// (INTEGER in SQLite: the rowid itself). The bitsets and move lists, read
// only by board searches, are in a table of their own (game_runs; before
// version 9 game_data, dataDDL): the game information alone is a few
// times smaller to scan.
const gamesDDL = `CREATE TABLE games (
	id %[2]s PRIMARY KEY,
	file_id BIGINT NOT NULL,
	tree INTEGER NOT NULL,
	black TEXT NOT NULL, white TEXT NOT NULL,
	black_key TEXT NOT NULL, white_key TEXT NOT NULL,
	black_rank TEXT NOT NULL, white_rank TEXT NOT NULL,
	date TEXT NOT NULL, date_first TEXT, date_last TEXT,
	result TEXT NOT NULL, winner TEXT NOT NULL, margin DOUBLE PRECISION, result_kind TEXT NOT NULL, win_by TEXT NOT NULL,
	komi DOUBLE PRECISION, handicap INTEGER NOT NULL,
	board_cols INTEGER NOT NULL, board_rows INTEGER NOT NULL, game_type INTEGER NOT NULL,
	rules TEXT NOT NULL, rules_key TEXT NOT NULL, event TEXT NOT NULL, event_key TEXT NOT NULL,
	round TEXT NOT NULL, place TEXT NOT NULL, source TEXT NOT NULL, charset TEXT NOT NULL, game_name TEXT NOT NULL,
	moves INTEGER NOT NULL, nodes INTEGER NOT NULL,
	dupe_sig TEXT NOT NULL, final_hash BIGINT NOT NULL
);
CREATE INDEX games_file ON games (file_id, tree);
CREATE INDEX games_black ON games (black_key);
CREATE INDEX games_white ON games (white_key);
CREATE INDEX games_date ON games (date_first);
CREATE INDEX games_dupe ON games (dupe_sig);
CREATE INDEX games_final ON games (final_hash)`

// dataDDL is the table of a game's bitsets and move list of schema
// versions 3 to 8 (a row per game), made by the tests (oldData).
const dataDDL = `CREATE TABLE game_data (id %[2]s PRIMARY KEY, black_bits %[1]s, white_bits %[1]s, move_list %[1]s)`

// oldData makes createSchema make an index of version 8: game_data, not
// game_runs (tests).
var oldData = false

// rebind turns the ? placeholders of a query into PostgreSQL's $1, $2, ...
func (d *dialect) rebind(q string) string {
	if d != postgresDialect {
		return q
	}
	var b strings.Builder
	n := 0
	for i := 0; i < len(q); i++ {
		if q[i] == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteByte(q[i])
	}
	return b.String()
}

// textFilter returns the condition of a full-text search on games.id and
// its argument.
func (d *dialect) textFilter(words []string) (string, any) {
	if d == postgresDialect {
		return `g.id IN (SELECT game_id FROM game_text WHERE tsv @@ plainto_tsquery('simple', ?))`, strings.Join(words, " ")
	}
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = `"` + strings.ReplaceAll(w, `"`, `""`) + `"`
	}
	return `g.id IN (SELECT rowid FROM game_text WHERE game_text MATCH ?)`, strings.Join(q, " ")
}

// DB is an open index.
type DB struct {
	db    *sql.DB
	d     *dialect
	name  string // the file or URL, for messages
	shift uint   // keyShift, or 0 in an index of version 3 or 4 (whole hashes)
	rows6 bool   // version cornerRows or later: corner rows, game_winners
	rows7 bool   // version oneRow: one row per key and kind
	rows8 bool   // version buckets or later: one row per bucket, kind and batch
	runs  bool   // the table game_runs (version 9), not game_data
}

// key returns the key of the positions table for a position's hash.
func (db *DB) key(hash uint64) int64 { return int64(hash) >> db.shift }

// Error is an error of the index: the operation, the database and the
// reason, which wraps one of the sentinel errors or a driver's error.
type Error struct {
	Op  string // "open", "update", "search", "export"
	DB  string
	Err error
}

func (e *Error) Error() string {
	if e.DB == "" {
		return "index " + e.Op + ": " + e.Err.Error()
	}
	return "index " + e.Op + " " + e.DB + ": " + e.Err.Error()
}

func (e *Error) Unwrap() error { return e.Err }

// IsPostgres reports whether name is a PostgreSQL URL (postgres://... or
// postgresql://...) rather than the file of an SQLite database.
func IsPostgres(name string) bool {
	return strings.HasPrefix(name, "postgres://") || strings.HasPrefix(name, "postgresql://")
}

// Open opens the index name: an SQLite file, or a PostgreSQL URL. With
// create, a missing SQLite file or an empty database gets the schema;
// without it, a missing index is an error wrapping ErrNoIndex. A database
// that holds other tables but no sgf_index table is refused with
// ErrNotIndex, one of another schema version with ErrVersion.
func Open(name string, create bool) (*DB, error) {
	d := sqliteDialect
	dsn := name
	if IsPostgres(name) {
		d = postgresDialect
	} else {
		if _, err := os.Stat(name); err != nil && !create {
			return nil, &Error{"open", name, fmt.Errorf("%w (make one with sgf index)", ErrNoIndex)}
		}
		dsn = "file:" + name + "?_pragma=busy_timeout(10000)&_pragma=synchronous(normal)&_pragma=cache_size(-" + strconv.Itoa(searchCacheKB) + ")"
		if !create {
			dsn += "&mode=ro"
		}
	}
	sdb, err := sql.Open(d.driver, dsn)
	if err != nil {
		return nil, &Error{"open", name, err}
	}
	if d == sqliteDialect {
		sdb.SetMaxOpenConns(1) // one writer; the pool would open files again
	}
	db := &DB{db: sdb, d: d, name: name}
	if err := db.checkSchema(create); err != nil {
		sdb.Close()
		return nil, &Error{"open", name, err}
	}
	return db, nil
}

// Close closes the database.
func (db *DB) Close() error { return db.db.Close() }

// Dialect returns "sqlite" or "postgres".
func (db *DB) Dialect() string { return db.d.name }

func (db *DB) tables(ctx context.Context) ([]string, error) {
	q := `SELECT name FROM sqlite_master WHERE type = 'table'`
	if db.d == postgresDialect {
		q = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()`
	}
	var names []string
	err := eachRow(ctx, db.db, q, nil, func(rows *sql.Rows) error {
		var s string
		err := rows.Scan(&s)
		names = append(names, s)
		return err
	})
	return names, err
}

func (db *DB) checkSchema(create bool) error {
	ctx := context.Background()
	names, err := db.tables(ctx)
	if err != nil {
		if strings.Contains(err.Error(), "not a database") {
			return fmt.Errorf("%w: the file is not an SQLite database", ErrNotIndex)
		}
		return err
	}
	has := false
	for _, n := range names {
		switch n {
		case "sgf_index":
			has = true
		case "game_runs":
			db.runs = true
		}
	}
	if !has {
		if len(names) > 0 {
			return fmt.Errorf("%w: it has tables (%s) but no sgf_index table: a database of another program", ErrNotIndex, strings.Join(names[:min(len(names), 3)], ", "))
		}
		if !create {
			return fmt.Errorf("%w: the database is empty (make the index with sgf index)", ErrNoIndex)
		}
		db.shift, db.rows6, db.rows8, db.runs = keyShift, true, true, !oldData
		return db.createSchema(ctx)
	}
	meta := map[string]string{}
	err = eachRow(ctx, db.db, `SELECT name, value FROM sgf_index`, nil, func(rows *sql.Rows) error {
		var k, v string
		err := rows.Scan(&k, &v)
		meta[k] = v
		return err
	})
	if err != nil {
		return err
	}
	if meta["application"] != application {
		return fmt.Errorf("%w: its sgf_index table names %q, not %q", ErrNotIndex, meta["application"], application)
	}
	v := meta["schema_version"]
	n, err := strconv.Atoi(v)
	if err != nil || n < migrateFrom || n > SchemaVersion {
		return fmt.Errorf("%w: the database has schema version %s, this program reads versions %d to %d (index the files again into a new database)", ErrVersion, v, migrateFrom, SchemaVersion)
	}
	if n > wholeKeys {
		db.shift = keyShift
	}
	db.rows6, db.rows7, db.rows8 = n >= cornerRows, n == oneRow, n >= buckets
	if n == buckets && !db.runs && create {
		// Opened for writing: its game data goes into runs (version 9).
		if err := db.migrateRuns(ctx); err != nil {
			return fmt.Errorf("turning the game data into runs (schema version 8 to 9): %w", err)
		}
		db.runs = true
		return nil
	}
	if n < wholeKeys && create {
		// Opened for writing: from now on it may hold what only version
		// 4 reads (variations); its positions keep whole hashes.
		_, err := db.db.ExecContext(ctx, db.d.rebind(`UPDATE sgf_index SET value = ? WHERE name = 'schema_version'`), strconv.Itoa(wholeKeys))
		return err
	}
	return nil
}

func (db *DB) createSchema(ctx context.Context) error {
	if db.d == sqliteDialect {
		// Pages of 16 KB (4 KB is SQLite's default): the rows of the
		// positions table, 1-4 KB, fill them with less left over
		// (the standard collection's index with corners 2.10 times its
		// size instead of 2.31).
		if _, err := db.db.ExecContext(ctx, `PRAGMA page_size = 16384`); err != nil {
			return err
		}
	}
	tx, err := db.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	version := SchemaVersion
	for _, s := range db.d.ddl {
		if oldData && strings.HasPrefix(s, `CREATE TABLE game_runs`) {
			bytes, ids := "BLOB", "INTEGER"
			if db.d == postgresDialect {
				bytes, ids = "BYTEA", "BIGINT"
			}
			s, version = fmt.Sprintf(dataDDL, bytes, ids), buckets
		}
		for _, stmt := range strings.Split(s, ";\n") {
			if _, err := tx.ExecContext(ctx, stmt); err != nil {
				return fmt.Errorf("creating the schema: %w", err)
			}
		}
	}
	for _, kv := range [][2]string{{"application", application}, {"schema_version", strconv.Itoa(version)}, {"next_game", "1"}, {"next_file", "1"}} {
		if _, err := tx.ExecContext(ctx, db.d.rebind(`INSERT INTO sgf_index (name, value) VALUES (?, ?)`), kv[0], kv[1]); err != nil {
			return err
		}
	}
	return tx.Commit()
}
