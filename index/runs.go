package index

import (
	"context"
	"database/sql"
	"encoding/binary"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
)

// Runs of game data (schema version 9): the pattern data of a run of
// games (their bitsets and move lists, with the few columns of the games
// table a board search reads: file, tree, board size and winner) in one
// row of the table game_runs, keyed by the id of its first game. A board
// search reads every game of the index: one row of a run costs the
// driver's and SQLite's work per row and per column once for up to
// runGames games, where a row per game (game_data, joined to games)
// cost it per game, and the games table is not read at all.
//
// A run's games are consecutive games of one write batch (ids in
// increasing order, only Go games with a move list); a run holds the
// games whose ids are at least its key and below the next run's key. Each
// game is, in order:
//
//	uvarint  id - the id before (the first: id - the run's key)
//	uvarint  file id, tree
//	uvarint  board columns, rows
//	byte     winner (winnerCode)
//	uvarint  the lengths of the black bitset, the white bitset and the move list
//	         then their bytes
//
// Dropping a file writes the runs that hold its games again without them
// (dropRuns); a run keeps its key when its first game goes.

// runGames and runBytes bound a run: at most runGames games (a variable
// for the tests), and at most runBytes bytes unless it is one game. A
// run of at most runBytes is a row that fits in a page of the SQLite
// file (16 KB, see createSchema) with no overflow page: a run a page,
// where runs of 24 KB, cut after they passed it, left a fifth of their
// pages unused (the file of the standard collection 35.0 MB instead of
// 32.8 MB).
var runGames = 64

const runBytes = 16<<10 - 64

// runHead is at most the bytes of a game of a run before its bitsets.
const runHead = 6*binary.MaxVarintLen64 + 1

// runGame is a game of a run; its byte slices point into the run.
type runGame struct {
	id, file, tree      int64
	cols, rows          int
	winner              byte
	black, white, moves []byte
}

// appendRunGame appends g to the run run, whose last game's id (or the
// run's key, for its first game) is prev.
func appendRunGame(run []byte, prev int64, g *runGame) []byte {
	run = binary.AppendUvarint(run, uint64(g.id-prev))
	run = binary.AppendUvarint(run, uint64(g.file))
	run = binary.AppendUvarint(run, uint64(g.tree))
	run = binary.AppendUvarint(run, uint64(g.cols))
	run = binary.AppendUvarint(run, uint64(g.rows))
	run = append(run, g.winner)
	run = binary.AppendUvarint(run, uint64(len(g.black)))
	run = binary.AppendUvarint(run, uint64(len(g.white)))
	run = binary.AppendUvarint(run, uint64(len(g.moves)))
	run = append(run, g.black...)
	run = append(run, g.white...)
	return append(run, g.moves...)
}

// errRun is the error of a run that does not read.
var errRun = errors.New("index: a run of game data that does not read (a damaged index: index the files again into a new database)")

// runReader reads the games of a run in turn.
type runReader struct {
	b   []byte
	id  int64 // the last game's id, or the run's key
	err error
}

func newRunReader(first int64, b []byte) runReader { return runReader{b: b, id: first} }

// uvarint reads a uvarint of at most max.
func (r *runReader) uvarint(max uint64) uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 || v > max {
		r.err, r.b = errRun, nil
		return 0
	}
	r.b = r.b[n:]
	return v
}

// bytes reads n bytes.
func (r *runReader) bytes(n uint64) []byte {
	if n > uint64(len(r.b)) {
		r.err, r.b = errRun, nil
		return nil
	}
	b := r.b[:n:n]
	r.b = r.b[n:]
	return b
}

// next reads the next game into g; false at the end of the run or at an
// error (r.err).
func (r *runReader) next(g *runGame) bool {
	if len(r.b) == 0 {
		return false
	}
	const maxInt = 1<<62 - 1
	g.id = r.id + int64(r.uvarint(maxInt))
	g.file = int64(r.uvarint(maxInt))
	g.tree = int64(r.uvarint(maxInt))
	g.cols = int(r.uvarint(MaxSize))
	g.rows = int(r.uvarint(MaxSize))
	if w := r.bytes(1); len(w) == 1 {
		g.winner = w[0]
	}
	nb, nw, nm := r.uvarint(maxInt), r.uvarint(maxInt), r.uvarint(maxInt)
	g.black, g.white, g.moves = r.bytes(nb), r.bytes(nw), r.bytes(nm)
	if r.err != nil || g.id < r.id {
		r.err, r.b = errRun, nil
		return false
	}
	r.id = g.id
	return true
}

// runsOf returns the condition on game_runs of the runs that hold the
// games ids (each game's run: the one of the greatest key not above its
// id), and its argument.
func (d *dialect) runsOf(ids []int64) (string, any) {
	b, _ := json.Marshal(ids)
	if d == postgresDialect {
		return `first IN (SELECT (SELECT MAX(first) FROM game_runs WHERE first <= j::bigint) FROM jsonb_array_elements_text(?::jsonb) j)`, string(b)
	}
	return `first IN (SELECT (SELECT MAX(first) FROM game_runs WHERE first <= j.value) FROM json_each(?) j)`, string(b)
}

// runsFrom is the condition on game_runs of the runs that hold the games
// with ids from ? to ? (their arguments: lo, lo, hi).
const runsFrom = `first BETWEEN COALESCE((SELECT MAX(first) FROM game_runs WHERE first <= ?), ?) AND ?`

// runData is gameData on an index of runs: byID are the games, ids their
// sorted ids; keep copies a game's bytes.
func (db *DB) runData(ctx context.Context, byID map[int64]*gameRow, ids []int64, bits, moves bool, keep func([]byte) []byte) error {
	var first int64
	var b sql.RawBytes
	var g runGame
	row := func(rows *sql.Rows) error {
		if err := rows.Scan(&first, &b); err != nil {
			return err
		}
		r := newRunReader(first, b)
		for r.next(&g) {
			gr := byID[g.id]
			if gr == nil {
				continue
			}
			if bits {
				gr.blackBits, gr.whiteBits = keep(g.black), keep(g.white)
			}
			if moves {
				gr.moveList = keep(g.moves)
			}
		}
		return r.err
	}
	sel := `SELECT first, games FROM game_runs WHERE `
	var rest []int64
	err := idRanges(ids, func(lo, hi int64) error {
		return eachRow(ctx, db.db, db.d.rebind(sel+runsFrom), []any{lo, lo, hi}, row)
	}, func(id int64) { rest = append(rest, id) })
	if err != nil {
		return err
	}
	for start := 0; start < len(rest); start += 500 {
		c, arg := db.d.runsOf(rest[start:min(len(rest), start+500)])
		if err := eachRow(ctx, db.db, db.d.rebind(sel+c), []any{arg}, row); err != nil {
			return err
		}
	}
	return nil
}

// runBuilder makes runs of games given in the order of their ids.
type runBuilder struct {
	buf   []byte // the run being made
	first int64  // its key: its first game's id
	prev  int64  // its last game's id
	n     int    // its number of games
}

// add adds g to the run being made, after giving the run to emit (with
// its key) if g would take it past runBytes; it gives it to emit once it
// has runGames games.
func (b *runBuilder) add(g *runGame, emit func(first int64, run []byte) error) error {
	if b.n > 0 && len(b.buf)+runHead+len(g.black)+len(g.white)+len(g.moves) > runBytes {
		if err := b.end(emit); err != nil {
			return err
		}
	}
	if b.n == 0 {
		b.first, b.prev = g.id, g.id
	}
	b.buf = appendRunGame(b.buf, b.prev, g)
	b.prev = g.id
	if b.n++; b.n >= runGames {
		return b.end(emit)
	}
	return nil
}

// end gives the run being made, if any, to emit; the run is emit's.
func (b *runBuilder) end(emit func(first int64, run []byte) error) error {
	if b.n == 0 {
		return nil
	}
	run := b.buf
	b.buf, b.n = nil, 0
	return emit(b.first, run)
}

// insertRun adds a run to the batch of rows w.data, which holds it until
// its INSERT.
func (w *writer) insertRun(first int64, run []byte) error { return w.data.add(w, first, run) }

// migrateRuns turns the game_data of an index of version 8 (a row per
// game) into runs (game_runs) and marks it version 9, in one transaction:
// an index opened for writing by this version (sgf index) is then read
// as fast as a new one. It goes migrateChunkSize ids at a time, each chunk's
// rows of game_data deleted once its runs are written, so that SQLite
// reuses their pages for the next chunk's runs: the file grows by about a
// chunk's data, not by the whole table.
func (db *DB) migrateRuns(ctx context.Context) error {
	tx, err := db.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	exec := func(q string, args ...any) error {
		_, err := tx.ExecContext(ctx, db.d.rebind(q), args...)
		return err
	}
	for _, s := range db.d.ddl {
		if strings.HasPrefix(s, `CREATE TABLE game_runs`) {
			if err := exec(s); err != nil {
				return err
			}
		}
	}
	var lo, hi sql.NullInt64
	if err := tx.QueryRowContext(ctx, `SELECT (SELECT MIN(id) FROM game_data), (SELECT MAX(id) FROM game_data)`).Scan(&lo, &hi); err != nil {
		return err
	}
	type run struct {
		first int64
		games []byte
	}
	var runs []run
	emit := func(first int64, games []byte) error {
		runs = append(runs, run{first, games})
		return nil
	}
	var rb runBuilder
	var g runGame
	var winner string
	for start := lo.Int64; lo.Valid && start <= hi.Int64; start += int64(migrateChunkSize) {
		end := start + int64(migrateChunkSize) - 1
		// read whole (PostgreSQL runs no statement while a result is
		// read), then written
		err := eachRow(ctx, tx, db.d.rebind(`SELECT g.id, g.file_id, g.tree, g.board_cols, g.board_rows, g.winner, d.black_bits, d.white_bits, d.move_list
			FROM game_data d JOIN games g ON g.id = d.id WHERE d.id BETWEEN ? AND ? ORDER BY d.id`), []any{start, end}, func(rows *sql.Rows) error {
			var b, w, m []byte
			if err := rows.Scan(&g.id, &g.file, &g.tree, &g.cols, &g.rows, &winner, &b, &w, &m); err != nil {
				return err
			}
			g.winner, g.black, g.white, g.moves = winnerCode(winner), b, w, m
			return rb.add(&g, emit)
		})
		if err == nil {
			err = rb.end(emit)
		}
		if err != nil {
			return err
		}
		for _, r := range runs {
			if err := exec(`INSERT INTO game_runs (first, games) VALUES (?, ?)`, r.first, r.games); err != nil {
				return err
			}
		}
		runs = runs[:0]
		if err := exec(`DELETE FROM game_data WHERE id BETWEEN ? AND ?`, start, end); err != nil {
			return err
		}
	}
	if err := exec(`DROP TABLE game_data`); err != nil {
		return err
	}
	if err := exec(`UPDATE sgf_index SET value = ? WHERE name = 'schema_version'`, strconv.Itoa(SchemaVersion)); err != nil {
		return err
	}
	return tx.Commit()
}

// migrateChunkSize is the number of ids of a step of migrateRuns (a
// variable for the tests).
var migrateChunkSize = 4096

// dropRuns writes the runs that hold games of the file id again without
// them (or deletes them). The file's games are still in games.
func (w *writer) dropRuns(id int64) error {
	var lo, hi sql.NullInt64
	if err := w.tx.QueryRowContext(w.ctx, w.db.d.rebind(`SELECT MIN(id), MAX(id) FROM games WHERE file_id = ?`), id).Scan(&lo, &hi); err != nil {
		return err
	}
	if !lo.Valid {
		return nil
	}
	type change struct {
		first int64
		games []byte // nil: delete the row
	}
	var changes []change
	var first int64
	var b []byte
	var g runGame
	err := eachRow(w.ctx, w.tx, w.db.d.rebind(`SELECT first, games FROM game_runs WHERE `+runsFrom), []any{lo.Int64, lo.Int64, hi.Int64}, func(rows *sql.Rows) error {
		if err := rows.Scan(&first, &b); err != nil {
			return err
		}
		var out []byte
		prev, dropped := first, false
		r := newRunReader(first, b)
		for r.next(&g) {
			if g.file == id {
				dropped = true
				continue
			}
			out = appendRunGame(out, prev, &g)
			prev = g.id
		}
		if r.err != nil {
			return r.err
		}
		if dropped {
			changes = append(changes, change{first, out})
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, c := range changes {
		if c.games == nil {
			err = w.exec(`DELETE FROM game_runs WHERE first = ?`, c.first)
		} else {
			err = w.exec(`UPDATE game_runs SET games = ? WHERE first = ?`, c.games, c.first)
		}
		if err != nil {
			return err
		}
	}
	return nil
}
