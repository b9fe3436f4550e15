package index

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/formats"
	"github.com/sgf-toolkit/sgf/syntax"
)

// UpdateOptions tune Update. The zero value is ready to use.
type UpdateOptions struct {
	// Workers is the number of files (and of games of one file) read at
	// once; 0 means runtime.GOMAXPROCS(0).
	Workers int
	// Progress, if not nil, is called after each file is written, with the
	// number of files done and to do.
	Progress func(done, total int, path string)
	// Read are the options of reading each file (charset, limits).
	Read *sgf.ReadOptions
	// Corners keeps the positions of the 7x7 corner regions too (see
	// CornerSize), which makes exact corner patterns fast to find and the
	// database about half as large again. It is a property of the index:
	// it can be chosen only while the index is empty, and an index made
	// with it keeps them whatever later runs say.
	Corners bool
	// Variations keeps the positions of every node of each game tree,
	// not only those of the main line: searches then find positions and
	// patterns in variations too (their hits name the node by its path,
	// such as 60.1.3). Like Corners, it can be chosen only while the index
	// is empty, and stays.
	Variations bool
}

// UpdateStats says what Update did.
type UpdateStats struct {
	Files       int // files given
	Added       int // new files indexed
	Changed     int // files indexed again because their content changed
	Unchanged   int // files skipped: same size and time, or same content
	Removed     int // files dropped: under a root given, gone from the disk
	Games       int // games written
	Positions   int // position rows written
	Diagnostics int // diagnostics of the files read
	Broken      int // files with errors (indexed as far as they read; the first error is kept in the files table)
}

type knownFile struct {
	id          int64
	size, mtime int64
	hash        string
}

// fileResult is one file read and turned into records.
type fileResult struct {
	path        string
	size, mtime int64
	hash        string
	known       *knownFile
	touchOnly   bool // same content: only size and time change
	games       []*gameRecord
	// chunks, when not nil, are closed as the records of games are made,
	// recordChunk games each in order: the writer waits for each.
	chunks      []chan struct{}
	diagnostics int
	err         string
}

// Update brings the index up to date with files: it adds new files,
// reads again those whose size, time and content changed, and drops the
// files of the index that lie under one of roots but are not in files
// (removed from the disk). Paths are stored absolute. Each file is written
// in a transaction, so an interrupted Update (ctx cancelled, the process
// killed) leaves the index as it was before that file, and the next Update
// goes on from there. Files that cannot be read in full are indexed as far
// as they read, with their diagnostics counted.
func (db *DB) Update(ctx context.Context, files, roots []string, opts *UpdateOptions) (UpdateStats, error) {
	var o UpdateOptions
	if opts != nil {
		o = *opts
	}
	if o.Workers <= 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	st := UpdateStats{Files: len(files)}
	fail := func(err error) (UpdateStats, error) { return st, &Error{"update", db.name, err} }

	known := map[string]*knownFile{}
	rows, err := db.db.QueryContext(ctx, `SELECT id, path, size, mtime, hash FROM files`)
	if err != nil {
		return fail(err)
	}
	for rows.Next() {
		var k knownFile
		var p string
		if err := rows.Scan(&k.id, &p, &k.size, &k.mtime, &k.hash); err != nil {
			rows.Close()
			return fail(err)
		}
		known[p] = &k
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fail(err)
	}

	var ro recordOptions
	for _, f := range []struct {
		want  bool
		have  *bool
		name  string
		value string
		what  string
	}{{o.Corners, &ro.corners, "corners", "7", "corner positions"}, {o.Variations, &ro.variations, "variations", "1", "the positions of variations"}} {
		if *f.have, err = db.flag(ctx, f.name); err != nil {
			return fail(err)
		}
		if f.want && !*f.have {
			if len(known) > 0 {
				return fail(fmt.Errorf("the index was made without %s: index into a new database to have them", f.what))
			}
			if _, err := db.db.ExecContext(ctx, db.d.rebind(`INSERT INTO sgf_index (name, value) VALUES (?, ?)`), f.name, f.value); err != nil {
				return fail(err)
			}
			*f.have = true
		}
	}

	// What to read.
	type job struct {
		path        string
		size, mtime int64
		known       *knownFile
	}
	var jobs []job
	seen := map[string]bool{}
	for _, f := range files {
		abs, err := filepath.Abs(f)
		if err != nil {
			return fail(err)
		}
		if seen[abs] {
			continue
		}
		seen[abs] = true
		fi, err := os.Stat(abs)
		if err != nil {
			return fail(err)
		}
		k := known[abs]
		if k != nil && k.size == fi.Size() && k.mtime == fi.ModTime().UnixNano() {
			st.Unchanged++
			continue
		}
		jobs = append(jobs, job{abs, fi.Size(), fi.ModTime().UnixNano(), k})
	}
	var absRoots []string
	for _, r := range roots {
		abs, err := filepath.Abs(r)
		if err != nil {
			return fail(err)
		}
		absRoots = append(absRoots, abs)
	}
	var removed []int64
	for p, k := range known {
		if seen[p] {
			continue
		}
		for _, r := range absRoots {
			if p == r || strings.HasPrefix(p, r+string(filepath.Separator)) {
				if _, err := os.Stat(p); os.IsNotExist(err) {
					removed = append(removed, k.id)
				}
				break
			}
		}
	}
	slices.Sort(removed)

	// Read in parallel, write in one goroutine (this one).
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make(chan *fileResult, o.Workers)
	next := make(chan job)
	var wg sync.WaitGroup
	for range o.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range next {
				r := readFile(j.path, j.known, o.Workers, o.Read, ro)
				r.size, r.mtime = j.size, j.mtime
				select {
				case results <- r:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(next)
		for _, j := range jobs {
			select {
			case next <- j:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()

	w, err := db.newWriter(ctx)
	if err != nil {
		return fail(err)
	}
	defer w.rollback()
	if len(removed) > 0 {
		if err := w.dropFiles(removed); err != nil {
			return fail(err)
		}
		st.Removed = len(removed)
	}
	done := 0
	for r := range results {
		if err := ctx.Err(); err != nil {
			return fail(err)
		}
		switch {
		case r.touchOnly:
			st.Unchanged++
		case r.known != nil:
			st.Changed++
		default:
			st.Added++
		}
		if r.err != "" {
			st.Broken++
		}
		st.Diagnostics += r.diagnostics
		if err := w.writeFile(r); err != nil {
			return fail(err)
		}
		st.Games += len(r.games)
		for _, g := range r.games {
			st.Positions += len(g.positions)
		}
		done++
		if o.Progress != nil {
			o.Progress(done, len(jobs), r.path)
		}
	}
	if err := ctx.Err(); err != nil {
		return fail(err)
	}
	if err := w.commit(); err != nil {
		return fail(err)
	}
	if err := db.cleanPositions(ctx); err != nil {
		return fail(err)
	}
	return st, nil
}

// readFile reads one file into records, its games in parallel.
func readFile(path string, known *knownFile, workers int, ropts *sgf.ReadOptions, ro recordOptions) *fileResult {
	r := &fileResult{path: path, known: known}
	src, err := os.ReadFile(path)
	if err != nil {
		r.err = err.Error()
		return r
	}
	sum := sha256.Sum256(src)
	r.hash = hex.EncodeToString(sum[:])
	if known != nil && known.hash == r.hash {
		r.touchOnly = true
		return r
	}
	// Tygem GIB, WBaduk NGF and PandaNet UGF/UGI files are indexed as the
	// SGF package formats reads them into (UTF-8, CA[UTF-8]).
	if f := formats.Detect(src, path); f == formats.GIB || f == formats.NGF || f == formats.UGF {
		fo := &formats.Options{}
		if ropts != nil {
			fo.Charset = ropts.Charset
		}
		res, ferr := formats.Read(src, f, fo)
		if ferr != nil {
			r.err = ferr.Error()
			return r
		}
		src, ropts = res.SGF, nil
	}
	var c *sgf.Collection
	func() {
		defer func() {
			if p := recover(); p != nil {
				c, err = nil, fmt.Errorf("internal error reading the file: %v", p)
			}
		}()
		c, err = sgf.Read(bytes.NewReader(src), ropts)
	}()
	if err != nil {
		r.err = err.Error()
	}
	if c == nil {
		return r
	}
	r.diagnostics = len(c.Diagnostics())
	for _, d := range c.Diagnostics() {
		if d.Severity >= syntax.Error && r.err == "" {
			r.err = d.String()
		}
	}
	games := c.Games()
	r.games = make([]*gameRecord, len(games))
	if len(games) <= recordChunk {
		for i, g := range games {
			r.games[i] = safeRecord(g, i, ro)
		}
		return r
	}
	// A file of many games: its records are made in chunks, in parallel,
	// while the writer writes the chunks done (see fileResult.chunks).
	r.chunks = make([]chan struct{}, (len(games)+recordChunk-1)/recordChunk)
	for k := range r.chunks {
		r.chunks[k] = make(chan struct{})
	}
	var next atomic.Int64
	for range min(workers, len(r.chunks)) {
		go func() {
			for {
				k := int(next.Add(1)) - 1
				if k >= len(r.chunks) {
					return
				}
				for i := k * recordChunk; i < min(len(games), (k+1)*recordChunk); i++ {
					r.games[i] = safeRecord(games[i], i, ro)
				}
				close(r.chunks[k])
			}
		}()
	}
	return r
}

// recordChunk is the number of games of a chunk of records.
const recordChunk = 64

// safeRecord is newRecord that turns a panic into a record of the game
// information only: one broken game never stops a run.
func safeRecord(g *sgf.Game, i int, ro recordOptions) (rec *gameRecord) {
	defer func() {
		if p := recover(); p != nil {
			rec = &gameRecord{tree: i, gameType: g.Type()}
			rec.cols, rec.rows = g.Size()
		}
	}()
	return newRecord(g, i, ro)
}

// writer writes files in transactions of a few thousand rows.
type writer struct {
	db               *DB
	pos              []posRow // the positions of the transaction, written at commit
	ctx              context.Context
	tx               *sql.Tx
	rows             int
	nextGame         int64
	nextFile         int64
	insGame, insText *sql.Stmt
	insData          *sql.Stmt
	insPlayer        *sql.Stmt
	players          map[string]bool // the player keys written by this run
	insPos           *sql.Stmt       // posBatch rows at once
	seg              int64           // the positions' seg of this transaction: the first game id it can give
}

const posBatch = 256

func (db *DB) newWriter(ctx context.Context) (*writer, error) {
	w := &writer{db: db, ctx: ctx, players: map[string]bool{}}
	return w, w.begin()
}

func (w *writer) begin() error {
	tx, err := w.db.db.BeginTx(w.ctx, nil)
	if err != nil {
		return err
	}
	w.tx, w.rows = tx, 0
	for _, kv := range []struct {
		k string
		v *int64
	}{{"next_game", &w.nextGame}, {"next_file", &w.nextFile}} {
		var s string
		if err := tx.QueryRowContext(w.ctx, w.db.d.rebind(`SELECT value FROM sgf_index WHERE name = ?`), kv.k).Scan(&s); err != nil {
			return err
		}
		*kv.v, _ = strconv.ParseInt(s, 10, 64)
	}
	d := w.db.d
	if w.insGame, err = tx.PrepareContext(w.ctx, d.rebind(insertGame)); err != nil {
		return err
	}
	if w.insData, err = tx.PrepareContext(w.ctx, d.rebind(insertData)); err != nil {
		return err
	}
	playerQ := `INSERT OR IGNORE INTO players (key) VALUES (?)`
	if d == postgresDialect {
		playerQ = `INSERT INTO players (key) VALUES (?) ON CONFLICT DO NOTHING`
	}
	if w.insPlayer, err = tx.PrepareContext(w.ctx, d.rebind(playerQ)); err != nil {
		return err
	}
	textQ := `INSERT INTO game_text (rowid, text) VALUES (?, ?)`
	if d == postgresDialect {
		textQ = `INSERT INTO game_text (game_id, tsv) VALUES (?, to_tsvector('simple', ?))`
	}
	if w.insText, err = tx.PrepareContext(w.ctx, d.rebind(textQ)); err != nil {
		return err
	}
	w.seg = w.nextGame
	w.insPos, err = tx.PrepareContext(w.ctx, d.rebind(insertPositions(posBatch)))
	return err
}

const insertGame = `INSERT INTO games (id, file_id, tree, black, white, black_key, white_key, black_rank, white_rank,
	date, date_first, date_last, result, winner, margin, result_kind, win_by, komi, handicap,
	board_cols, board_rows, game_type, rules, rules_key, event, event_key, round, place, source, charset, game_name,
	moves, nodes, dupe_sig, final_hash)
	VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`

const insertData = `INSERT INTO game_data (id, black_bits, white_bits, move_list) VALUES (?, ?, ?, ?)`

func (w *writer) exec(q string, args ...any) error {
	_, err := w.tx.ExecContext(w.ctx, w.db.d.rebind(q), args...)
	return err
}

func (w *writer) saveCounters() error {
	if err := w.exec(`UPDATE sgf_index SET value = ? WHERE name = 'next_game'`, strconv.FormatInt(w.nextGame, 10)); err != nil {
		return err
	}
	return w.exec(`UPDATE sgf_index SET value = ? WHERE name = 'next_file'`, strconv.FormatInt(w.nextFile, 10))
}

// posRow is a position of a game: its hash, game and node.
type posRow struct {
	hash, game int64
	node       int32
}

// writePositions inserts the positions of the transaction as posting
// lists, one row per hash, in the order of the table's key: the B-tree is
// walked once from left to right instead of at random.
func (w *writer) writePositions() error {
	sortPositions(w.pos)
	args := make([]any, 0, posBatch*3)
	rows := 0
	flush := func() error {
		if rows == 0 {
			return nil
		}
		var err error
		if rows == posBatch {
			_, err = w.insPos.ExecContext(w.ctx, args...)
		} else {
			err = w.exec(insertPositions(rows), args...)
		}
		args, rows = args[:0], 0
		return err
	}
	for i := 0; i < len(w.pos); {
		j := i + 1
		for j < len(w.pos) && w.pos[j].hash == w.pos[i].hash {
			j++
		}
		args = append(args, w.pos[i].hash, w.seg, appendPostings(nil, w.pos[i:j]))
		rows++
		if rows == posBatch {
			if err := flush(); err != nil {
				return err
			}
		}
		i = j
	}
	if err := flush(); err != nil {
		return err
	}
	w.pos = nil
	return nil
}

// insertPositions is the statement that inserts n rows of positions.
func insertPositions(n int) string {
	return `INSERT INTO positions (hash, seg, games) VALUES ` + strings.Repeat("(?, ?, ?), ", n-1) + `(?, ?, ?)`
}

func (w *writer) commit() error {
	if w.tx == nil {
		return nil
	}
	if err := w.writePositions(); err != nil {
		return err
	}
	if err := w.saveCounters(); err != nil {
		return err
	}
	err := w.tx.Commit()
	w.tx = nil
	return err
}

func (w *writer) rollback() {
	if w.tx != nil {
		w.tx.Rollback()
		w.tx = nil
	}
}

// dropFiles deletes files and their games. Their positions are left for
// cleanPositions (a scan of the table, done once per run; until then every
// reader skips them): the flag "dangling" says that one is due, also to
// the next run if this one stops.
func (w *writer) dropFiles(ids []int64) error {
	for _, id := range ids {
		if err := w.dropFile(id); err != nil {
			return err
		}
	}
	return nil
}

func (w *writer) dropFile(id int64) error {
	textQ := `DELETE FROM game_text WHERE rowid IN (SELECT id FROM games WHERE file_id = ?)`
	if w.db.d == postgresDialect {
		textQ = `DELETE FROM game_text WHERE game_id IN (SELECT id FROM games WHERE file_id = ?)`
	}
	for _, q := range []string{textQ, `DELETE FROM game_data WHERE id IN (SELECT id FROM games WHERE file_id = ?)`,
		`DELETE FROM games WHERE file_id = ?`, `DELETE FROM files WHERE id = ?`} {
		if err := w.exec(q, id); err != nil {
			return err
		}
	}
	if err := w.exec(`DELETE FROM sgf_index WHERE name = 'dangling'`); err != nil {
		return err
	}
	return w.exec(`INSERT INTO sgf_index (name, value) VALUES ('dangling', '1')`)
}

func (w *writer) writeFile(r *fileResult) error {
	if r.touchOnly {
		return w.exec(`UPDATE files SET size = ?, mtime = ? WHERE id = ?`, r.size, r.mtime, r.known.id)
	}
	if r.known != nil {
		if err := w.dropFile(r.known.id); err != nil {
			return err
		}
	}
	fileID := w.nextFile
	w.nextFile++
	if err := w.exec(`INSERT INTO files (id, path, size, mtime, hash, games, diagnostics, error) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		fileID, r.path, r.size, r.mtime, r.hash, len(r.games), r.diagnostics, r.err); err != nil {
		return err
	}
	for i := range r.games {
		if r.chunks != nil && i%recordChunk == 0 {
			select {
			case <-r.chunks[i/recordChunk]:
			case <-w.ctx.Done():
				return w.ctx.Err()
			}
		}
		g := r.games[i]
		id := w.nextGame
		w.nextGame++
		bk, wk := Key(g.black), Key(g.white)
		for _, k := range []string{bk, wk} {
			if !w.players[k] {
				if _, err := w.insPlayer.ExecContext(w.ctx, k); err != nil {
					return err
				}
				w.players[k] = true
			}
		}
		if _, err := w.insGame.ExecContext(w.ctx, id, fileID, g.tree, g.black, g.white, bk, wk,
			strings.ToLower(g.blackRank), strings.ToLower(g.whiteRank),
			g.dateText, nullString(g.dateFirst), nullString(g.dateLast),
			g.resultText, g.winner, nullFloat(g.margin, g.hasMargin), g.resultKind, g.winBy,
			nullFloat(g.komi, g.hasKomi), g.handicap, g.cols, g.rows, g.gameType,
			g.rules, Key(g.rules), g.event, Key(g.event), g.round, g.place, g.source, g.charset, g.gameName,
			g.moves, g.nodes, g.dupeSig, int64(g.finalHash)); err != nil {
			return err
		}
		if g.moveList != nil {
			if _, err := w.insData.ExecContext(w.ctx, id, g.blackBits, g.whiteBits, g.moveList); err != nil {
				return err
			}
		}
		if g.text != "" {
			if _, err := w.insText.ExecContext(w.ctx, id, g.text); err != nil {
				return err
			}
		}
		for _, p := range g.positions {
			w.pos = append(w.pos, posRow{int64(p.hash), id, int32(p.node)})
		}
		w.rows += 1 + len(g.positions)
	}
	if w.rows >= 500000 {
		if err := w.commit(); err != nil {
			return err
		}
		return w.begin()
	}
	return nil
}

func nullString(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func nullFloat(f float64, ok bool) any {
	if !ok {
		return nil
	}
	return f
}

// cleanPositions takes the positions of games no longer in the index out
// of the posting lists, when a run dropped some: the rows that hold one
// are written again without it (or deleted).
func (db *DB) cleanPositions(ctx context.Context) error {
	var s string
	err := db.db.QueryRowContext(ctx, `SELECT value FROM sgf_index WHERE name = 'dangling'`).Scan(&s)
	if err == sql.ErrNoRows {
		return nil
	}
	if err != nil {
		return err
	}
	live, err := db.gameIDs(ctx)
	if err != nil {
		return err
	}
	type change struct {
		hash, seg int64
		games     []byte // nil: delete the row
	}
	var changes []change
	rows, err := db.db.QueryContext(ctx, `SELECT hash, seg, games FROM positions`)
	if err != nil {
		return err
	}
	var keep []posRow
	for rows.Next() {
		var c change
		var b []byte
		if err := rows.Scan(&c.hash, &c.seg, &b); err != nil {
			rows.Close()
			return err
		}
		keep = keep[:0]
		dropped := false
		if err := eachPosting(b, func(g int64, n int32) {
			if live[g] {
				keep = append(keep, posRow{c.hash, g, n})
			} else {
				dropped = true
			}
		}); err != nil {
			rows.Close()
			return err
		}
		if dropped {
			if len(keep) > 0 {
				c.games = appendPostings(nil, keep)
			}
			changes = append(changes, c)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	tx, err := db.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	del, err := tx.PrepareContext(ctx, db.d.rebind(`DELETE FROM positions WHERE hash = ? AND seg = ?`))
	if err != nil {
		return err
	}
	upd, err := tx.PrepareContext(ctx, db.d.rebind(`UPDATE positions SET games = ? WHERE hash = ? AND seg = ?`))
	if err != nil {
		return err
	}
	for _, c := range changes {
		if c.games == nil {
			_, err = del.ExecContext(ctx, c.hash, c.seg)
		} else {
			_, err = upd.ExecContext(ctx, c.games, c.hash, c.seg)
		}
		if err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM sgf_index WHERE name = 'dangling'`); err != nil {
		return err
	}
	return tx.Commit()
}

// recordOptions are the properties of the index that say what a game's
// record holds.
type recordOptions struct {
	corners    bool // the positions of the corner regions too
	variations bool // the positions of every node, not only the main line's
}

// corners reports whether the index keeps corner positions.
func (db *DB) corners(ctx context.Context) (bool, error) { return db.flag(ctx, "corners") }

// flag reports whether the sgf_index table has the row name: a property
// of the index (corners, variations).
func (db *DB) flag(ctx context.Context, name string) (bool, error) {
	var v string
	err := db.db.QueryRowContext(ctx, db.d.rebind(`SELECT value FROM sgf_index WHERE name = ?`), name).Scan(&v)
	if err == sql.ErrNoRows {
		return false, nil
	}
	return err == nil, err
}
