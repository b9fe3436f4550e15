package index

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/charset"
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
	// CornerSize), each with its continuation, which makes exact corner
	// patterns fast to find and count (see searchCorner) and the database
	// about a third larger. It is a property of the index:
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

// fileResult is one file being read and turned into records, which come
// in chunks of recordChunk games, in order, while the file is read: the
// memory of a file is that of the chunks in flight (at most chunksAhead),
// not of the file.
type fileResult struct {
	path        string
	size, mtime int64
	known       *knownFile
	// chunks delivers, in order, one channel per chunk, which gives the
	// chunk's records when they are made. It is closed at the end of the
	// file; then hash, touchOnly, diagnostics and err are set.
	chunks      chan chan []*gameRecord
	hash        string
	touchOnly   bool // same content: only size and time change
	diagnostics int
	err         string
}

// chunksAhead is the number of chunks of a file read ahead of the writer.
const chunksAhead = 8

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
	if db.d == sqliteDialect {
		// The writer's page cache: the positions are written in the
		// order of their keys and the games at the end of their tables,
		// so a small one does. A cache takes about twice its size (a
		// page of 16 KB and its header are an allocation of its own,
		// outside Go's heap): the searches' 64 MB took about 120 MB of
		// the peak of indexing a large collection (bench/README.md).
		if _, err := db.db.ExecContext(ctx, `PRAGMA cache_size = -`+strconv.Itoa(writeCacheKB)); err != nil {
			return fail(err)
		}
		defer db.db.Exec(`PRAGMA cache_size = -` + strconv.Itoa(searchCacheKB))
	}

	known := map[string]*knownFile{}
	err := eachRow(ctx, db.db, `SELECT id, path, size, mtime, hash FROM files`, nil, func(rows *sql.Rows) error {
		var k knownFile
		var p string
		err := rows.Scan(&k.id, &p, &k.size, &k.mtime, &k.hash)
		known[p] = &k
		return err
	})
	if err != nil {
		return fail(err)
	}

	ro := recordOptions{compact: db.rows6}
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
	budget := newReadBudget()
	var wg sync.WaitGroup
	for range o.Workers {
		wg.Go(func() {
			for j := range next {
				if budget.acquire(ctx, j.size) != nil {
					return
				}
				r := readFile(ctx, j.path, j.known, o.Workers, o.Read, ro)
				r.size, r.mtime = j.size, j.mtime
				select {
				case results <- r:
				case <-ctx.Done():
					return
				}
			}
		})
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

	w := &writer{db: db, ctx: ctx, players: map[string]bool{}, pos: newPosParts(db.shift == keyShift)}
	if err := w.begin(); err != nil {
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
		games, positions, err := w.writeFile(r)
		if err != nil {
			return fail(err)
		}
		budget.release(r.size)
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
		st.Games += games
		st.Positions += positions
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

// readAhead is the size of the files (of their SGF) that are read ahead
// of the writer, beyond the two first: many small files are read at
// once (each a game or a few: the cores busy), large ones two at a time
// (each holds up to chunksAhead chunks of records while it waits for the
// writer; five files of 21 MB were read at once, their waiting records
// a fifth of the memory of indexing the ten-fold collection).
const readAhead = 32 << 20

// readBudget holds the files being read or written: a file may start
// when fewer than two are, or when their sizes and its own make at most
// readAhead.
type readBudget struct {
	mu    sync.Mutex
	files int
	size  int64
	freed chan struct{} // closed (and made anew) when a file is done
}

func newReadBudget() *readBudget { return &readBudget{freed: make(chan struct{})} }

// acquire waits until a file of size bytes may be read, or ctx is done.
func (b *readBudget) acquire(ctx context.Context, size int64) error {
	for {
		b.mu.Lock()
		if b.files < 2 || b.size+size <= readAhead {
			b.files++
			b.size += size
			b.mu.Unlock()
			return nil
		}
		freed := b.freed
		b.mu.Unlock()
		select {
		case <-freed:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// release says that a file of size bytes is written.
func (b *readBudget) release(size int64) {
	b.mu.Lock()
	b.files--
	b.size -= size
	close(b.freed)
	b.freed = make(chan struct{})
	b.mu.Unlock()
}

// readFile starts reading one file into records, its games in parallel
// (workers goroutines), and returns at once: the records come through
// the result's chunks. ctx stops the reading.
func readFile(ctx context.Context, path string, known *knownFile, workers int, ropts *sgf.ReadOptions, ro recordOptions) *fileResult {
	r := &fileResult{path: path, known: known, chunks: make(chan chan []*gameRecord, chunksAhead)}
	go func() {
		defer close(r.chunks)
		r.read(ctx, workers, ropts, ro)
	}()
	return r
}

// read reads the file: its games go in chunks to workers goroutines that
// make their records, and the chunks, in order, to r.chunks.
func (r *fileResult) read(ctx context.Context, workers int, ropts *sgf.ReadOptions, ro recordOptions) {
	f, err := os.Open(r.path)
	if err != nil {
		r.err = err.Error()
		return
	}
	defer f.Close()
	h := sha256.New()
	if r.known != nil {
		// A file whose size or time changed: the same content is only
		// touched, not read again.
		if _, err := io.Copy(h, f); err != nil {
			r.err = err.Error()
			return
		}
		if hex.EncodeToString(h.Sum(nil)) == r.known.hash {
			r.hash, r.touchOnly = r.known.hash, true
			return
		}
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			r.err = err.Error()
			return
		}
		h.Reset()
	}
	br := bufio.NewReaderSize(io.TeeReader(f, h), 64<<10)
	defer func() {
		io.Copy(io.Discard, br) // the rest of the file, for its hash
		r.hash = hex.EncodeToString(h.Sum(nil))
	}()
	next, finish, closeGames, err := openGames(br, r.path, ropts)
	if err != nil {
		r.err = err.Error()
		return
	}
	defer closeGames()

	type job struct {
		games []*sgf.Game
		first int
		out   chan []*gameRecord
	}
	jobs := make(chan job)
	var wg sync.WaitGroup
	defer wg.Wait()
	defer close(jobs)
	for range max(workers, 1) {
		wg.Go(func() {
			for j := range jobs {
				recs := make([]*gameRecord, len(j.games))
				for i, g := range j.games {
					recs[i] = safeRecord(g, j.first+i, ro)
				}
				j.out <- recs
			}
		})
	}
	send := func(j job) bool {
		select {
		case r.chunks <- j.out: // in order: the writer waits for each
		case <-ctx.Done():
			return false
		}
		select {
		case jobs <- j:
			return true
		case <-ctx.Done():
			return false
		}
	}
	var chunk []*sgf.Game
	n := 0
	for {
		g, diags, err := next()
		r.diagnostics += len(diags)
		for _, d := range diags {
			if d.Severity >= syntax.Error && r.err == "" {
				r.err = d.String()
			}
		}
		if g != nil {
			chunk = append(chunk, g)
			if len(chunk) == recordChunk {
				if !send(job{chunk, n, make(chan []*gameRecord, 1)}) {
					return
				}
				n += len(chunk)
				chunk = nil
			}
		}
		if err != nil {
			if err != io.EOF {
				r.err = err.Error()
			}
			break
		}
	}
	if len(chunk) > 0 && !send(job{chunk, n, make(chan []*gameRecord, 1)}) {
		return
	}
	diags := finish()
	r.diagnostics += len(diags)
	for _, d := range diags {
		if d.Severity >= syntax.Error && r.err == "" {
			r.err = d.String()
		}
	}
}

// openGames returns the games of a file one by one, each with its
// diagnostics (next gives io.EOF at the end), and, after them, the
// diagnostics outside the games; close removes what the reading left
// (the temporary copy of a wide file). An SGF file is read game tree by
// game tree (sgf.Reader: the memory of the largest tree), one in UTF-16,
// UTF-32 or ISO-2022-JP too, decoded as it is read (charset.OpenWide;
// without a byte order mark it is read to the end first and again from a
// temporary copy). A Tygem GIB, WBaduk NGF or PandaNet UGF/UGI file (by
// formats.Detect: its content, its extension breaking ties) is read whole
// and indexed as the package formats reads it into (UTF-8, CA[UTF-8]),
// unless the sgf.Reader of its bytes decodes them as wide input: then it
// is SGF (a UTF-16 file named .gib). Whether the input is wide is the
// Reader's one decision (Reader.Wide), not looked at here. A charset
// that ReadOptions.Charset names is the charset of the other format's
// text: a file that the Reader decodes as wide only because the charset
// named is wide is read as its format, and as SGF when the package formats
// cannot read it.
func openGames(br *bufio.Reader, path string, ropts *sgf.ReadOptions) (next func() (*sgf.Game, []syntax.Diagnostic, error), finish func() []syntax.Diagnostic, close func(), err error) {
	head, _ := br.Peek(4 << 10)
	f := formats.Detect(head, path)
	if f != formats.GIB && f != formats.NGF && f != formats.UGF {
		rd, err := sgf.NewReader(br, ropts)
		if err != nil {
			return nil, nil, nil, err
		}
		next, finish, close = readerGames(rd)
		return next, finish, close, nil
	}
	src, err := io.ReadAll(br)
	if err != nil {
		return nil, nil, nil, err
	}
	named := false
	rd, rerr := sgf.NewReader(bytes.NewReader(src), ropts)
	if rerr == nil {
		d, wide := rd.Wide()
		if wide && ropts != nil && ropts.Charset != "" {
			cs, err := charset.Lookup(ropts.Charset)
			named = err == nil && cs == d.Charset
		}
		if wide && !named {
			next, finish, close = readerGames(rd)
			return next, finish, close, nil
		}
	}
	fo := &formats.Options{}
	if ropts != nil {
		fo.Charset = ropts.Charset
	}
	res, err := formats.Read(src, f, fo)
	if err != nil {
		if named {
			// Not of its format after all: SGF in the charset named.
			next, finish, close = readerGames(rd)
			return next, finish, close, nil
		}
		return nil, nil, nil, err
	}
	src, ropts = res.SGF, nil
	c, err := safeRead(func() (*sgf.Collection, error) { return sgf.Read(bytes.NewReader(src), ropts) })
	if c == nil {
		if err == nil {
			err = io.ErrUnexpectedEOF
		}
		return nil, nil, nil, err
	}
	games := c.Games()
	i := 0
	next = func() (*sgf.Game, []syntax.Diagnostic, error) {
		if i == len(games) {
			if err != nil {
				return nil, nil, err
			}
			return nil, nil, io.EOF
		}
		i++
		// The games read whole share the collection's diagnostics:
		// they come once, with the first game.
		var diags []syntax.Diagnostic
		if i == 1 {
			diags = c.Diagnostics()
		}
		return games[i-1], diags, nil
	}
	return next, func() []syntax.Diagnostic {
		if len(games) == 0 {
			return c.Diagnostics()
		}
		return nil
	}, func() {}, nil
}

// readerGames returns openGames' functions for the games of rd.
func readerGames(rd *sgf.Reader) (next func() (*sgf.Game, []syntax.Diagnostic, error), finish func() []syntax.Diagnostic, close func()) {
	done := false
	next = func() (*sgf.Game, []syntax.Diagnostic, error) {
		if done {
			return nil, nil, io.EOF
		}
		var g *sgf.Game
		_, err := safeRead(func() (*sgf.Collection, error) {
			var err error
			g, err = rd.Next()
			return nil, err
		})
		var pe *syntax.ParseError
		if err != nil && err != io.EOF && !errors.As(err, &pe) {
			return nil, nil, err // a read error
		}
		done = pe != nil // a fatal error: the file is indexed as far as it read
		var diags []syntax.Diagnostic
		if g != nil {
			diags = g.Collection().Diagnostics()
		}
		if pe != nil && g != nil {
			err = nil // its diagnostics say it; the next call ends
		}
		return g, diags, err
	}
	return next, rd.Diagnostics, func() { rd.Close() }
}

// safeRead runs read, turning a panic into an error: one broken file never
// stops a run.
func safeRead(read func() (*sgf.Collection, error)) (c *sgf.Collection, err error) {
	defer func() {
		if p := recover(); p != nil {
			c, err = nil, fmt.Errorf("internal error reading the file: %v", p)
		}
	}()
	return read()
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
	db          *DB
	pos         *posParts // the positions of the transaction, written at commit
	ctx         context.Context
	tx          *sql.Tx
	rows        int
	nextGame    int64
	nextFile    int64
	games, data rowBatch   // the rows of games and game_runs (or game_data), inserted gameBatch at once
	run         runBuilder // the run of game data being made (runs.go)
	insPlayer   *sql.Stmt
	insText     *sql.Stmt
	texts       []gameText // the full texts of the games added, inserted after their rows (flushGames)
	textBytes   int
	players     map[string]bool // the player keys written by this run
	insPos      *sql.Stmt       // posBatch rows at once
	seg         int64           // the positions' seg of this transaction: the first game id it can give
	winners     []byte          // the winners of the games from seg on (winnerCode), written with the positions
}

// winnerCode is a game's winner as the game_winners table keeps it, a
// byte per game: 1 black, 2 white, 0 none (a draw, no result, unknown).
func winnerCode(w string) byte {
	switch w {
	case "B":
		return 1
	case "W":
		return 2
	}
	return 0
}

const posBatch = 256

func (w *writer) begin() error {
	tx, err := w.db.db.BeginTx(w.ctx, nil)
	if err != nil {
		return err
	}
	w.tx, w.rows, w.run = tx, 0, runBuilder{}
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
	w.games = rowBatch{head: insertGame, row: `(` + strings.TrimSuffix(strings.Repeat(`?, `, gameColumns), `, `) + `)`, cols: gameColumns}
	w.data = rowBatch{head: insertData, row: `(?, ?, ?, ?)`, cols: 4}
	if w.db.runs {
		w.data = rowBatch{head: insertRuns, row: `(?, ?)`, cols: 2}
	}
	for _, b := range []*rowBatch{&w.games, &w.data} {
		if d != postgresDialect {
			// A statement of several rows that may stop half-way
			// (ABORT, the default) keeps a journal of its own to undo
			// its rows, and opens a savepoint, at which FTS5 writes its
			// pending terms out as a segment: FAIL keeps the rows
			// before an error, which the transaction's rollback undoes.
			b.head = strings.Replace(b.head, "INSERT INTO", "INSERT OR FAIL INTO", 1)
		}
		if err := b.prepare(w); err != nil {
			return err
		}
	}
	// The full text a row at a time: FTS5 writes its pending terms out at
	// each statement of several rows (a savepoint), which would make its
	// index of many small segments.
	textQ := `INSERT INTO game_text (rowid, text) VALUES (?, ?)`
	if d == postgresDialect {
		textQ = `INSERT INTO game_text (game_id, tsv) VALUES (?, to_tsvector('simple', ?))`
	}
	if w.insText, err = tx.PrepareContext(w.ctx, d.rebind(textQ)); err != nil {
		return err
	}
	playerQ := `INSERT OR IGNORE INTO players (key) VALUES (?)`
	if d == postgresDialect {
		playerQ = `INSERT INTO players (key) VALUES (?) ON CONFLICT DO NOTHING`
	}
	if w.insPlayer, err = tx.PrepareContext(w.ctx, d.rebind(playerQ)); err != nil {
		return err
	}
	w.seg = w.nextGame
	w.insPos, err = tx.PrepareContext(w.ctx, d.rebind(w.insertPositions(posBatch)))
	return err
}

// The heads of the INSERT statements of a game's rows, and the number of
// columns of games.
const (
	insertGame = `INSERT INTO games (id, file_id, tree, black, white, black_key, white_key, black_rank, white_rank,
	date, date_first, date_last, result, winner, margin, result_kind, win_by, komi, handicap,
	board_cols, board_rows, game_type, rules, rules_key, event, event_key, round, place, source, charset, game_name,
	moves, nodes, dupe_sig, final_hash) VALUES `
	gameColumns = 35
	insertData  = `INSERT INTO game_data (id, black_bits, white_bits, move_list) VALUES `
	insertRuns  = `INSERT INTO game_runs (first, games) VALUES `
)

// gameBatch is the number of rows of one INSERT of rowBatch: one
// statement for 64 games instead of 64, whose work (binding the
// arguments, starting the statement, each an allocation or a goroutine of
// the driver) was about half the time of writing a game's rows.
const gameBatch = 64

// rowBatch gathers the rows of one table and inserts them gameBatch at
// once, through a statement prepared once per transaction; flush inserts
// those left.
type rowBatch struct {
	head string // "INSERT INTO table (columns) VALUES "
	row  string // a row's placeholders: "(?, ?)"
	cols int
	full *sql.Stmt // the statement of gameBatch rows
	args []any
}

func (b *rowBatch) query(rows int) string {
	return b.head + strings.TrimSuffix(strings.Repeat(b.row+", ", rows), ", ")
}

func (b *rowBatch) prepare(w *writer) error {
	var err error
	b.full, err = w.tx.PrepareContext(w.ctx, w.db.d.rebind(b.query(gameBatch)))
	b.args = b.args[:0]
	return err
}

// add adds a row (its cols values) and inserts the batch when it is full.
func (b *rowBatch) add(w *writer, values ...any) error {
	b.args = append(b.args, values...)
	if len(b.args) < gameBatch*b.cols {
		return nil
	}
	_, err := b.full.ExecContext(w.ctx, b.args...)
	clear(b.args) // the rows' strings and blobs
	b.args = b.args[:0]
	return err
}

// flush inserts the rows added since the last INSERT.
func (b *rowBatch) flush(w *writer) error {
	if len(b.args) == 0 {
		return nil
	}
	err := w.exec(b.query(len(b.args)/b.cols), b.args...)
	clear(b.args)
	b.args = b.args[:0]
	return err
}

// gameText is the full text of a game, waiting for its INSERT.
type gameText struct {
	id   int64
	text string
}

// maxPendingText is the size of the full texts (of the comments) kept
// before flushGames inserts them with the games' rows waiting.
const maxPendingText = 16 << 20

// flushGames inserts the games' rows not yet inserted, then their full
// texts. The texts come after the rows, a row at a time: FTS5 writes
// its pending terms out as a segment of its index at each statement of
// several rows (a savepoint), and would make an index of many small
// segments if the texts came between the statements of gameBatch rows;
// so its segments are those that a row at a time gives.
func (w *writer) flushGames() error {
	if err := w.run.end(w.insertRun); err != nil { // the run being made
		return err
	}
	for _, b := range []*rowBatch{&w.games, &w.data} {
		if err := b.flush(w); err != nil {
			return err
		}
	}
	for i, t := range w.texts {
		if _, err := w.insText.ExecContext(w.ctx, t.id, t.text); err != nil {
			return err
		}
		w.texts[i] = gameText{}
	}
	w.texts, w.textBytes = w.texts[:0], 0
	return nil
}

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

// posRow is a position of a game: its key, game and node, and for a
// corner position its continuation.
type posRow struct {
	hash, game int64
	node       int32
	corner     bool
	next       byte
}

// writePositions inserts the positions of the transaction as posting
// lists, in the order of the table's key: the B-tree is walked once from
// left to right instead of at random. The parts of the batch are sorted
// on two goroutines while the rows of the ones before are written.
func (w *writer) writePositions() error {
	if err := w.flushGames(); err != nil {
		return err
	}
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
			err = w.exec(w.insertPositions(rows), args...)
		}
		args, rows = args[:0], 0
		return err
	}
	var corner []posRow
	seg := w.seg
	if w.db.rows7 {
		seg = 1 // one row per key and kind
	}
	var bw bucketWriter
	if err := w.pos.each(func(pos []posRow) error {
		if w.db.rows8 {
			return w.writeBuckets(&bw, pos, flush, &args, &rows)
		}
		for i := 0; i < len(pos); {
			j := i + 1
			for j < len(pos) && pos[j].hash == pos[i].hash {
				j++
			}
			// In a version 6 index the corner positions of the key go in a
			// row of their own, after the whole-board row (its seg negated).
			whole := pos[i:j]
			if w.db.rows6 {
				whole, corner = pos[i:i], corner[:0]
				for _, p := range pos[i:j] {
					if p.corner {
						corner = append(corner, p)
					} else {
						whole = append(whole, p) // in place: behind the reading
					}
				}
			}
			for _, r := range []struct {
				pairs  []posRow
				seg    int64
				corner bool
			}{{whole, seg, false}, {corner, -seg, true}} {
				if len(r.pairs) == 0 {
					continue
				}
				args = append(args, pos[i].hash, r.seg, appendPostings(nil, r.pairs, r.corner))
				rows++
				if rows == posBatch {
					if err := flush(); err != nil {
						return err
					}
				}
			}
			i = j
		}
		return nil
	}); err != nil {
		return err
	}
	if err := flush(); err != nil {
		return err
	}
	if w.db.rows6 && len(w.winners) > 0 {
		if err := w.exec(`INSERT INTO game_winners (first, winners) VALUES (?, ?)`, w.seg, w.winners); err != nil {
			return err
		}
	}
	w.winners = nil
	return nil
}

// bucketWriter is what writeBuckets keeps from one part to the next.
type bucketWriter struct {
	list          []byte
	whole, corner []posRow
}

// writeBuckets writes sorted positions of the transaction (whole buckets
// of keys: a part of posParts) as the rows of a version 8 index: per
// bucket of keys, rows of whole-board positions and rows of corner
// positions, each of about partSize bytes at most, their seg the batch's
// (w.seg) and the part's number (negated for corners). It appends each
// row's arguments to args and counts it in rows; flush inserts them.
func (w *writer) writeBuckets(bw *bucketWriter, pos []posRow, flush func() error, args *[]any, rows *int) error {
	var blobs [2][]byte // the row being made: whole board, corners
	var prev [2]int64
	var part [2]int64
	var bucket int64
	emit := func(k int) error {
		if len(blobs[k]) == 0 {
			return nil
		}
		seg := w.seg<<partBits | part[k]
		if k == 1 {
			seg = -seg
		}
		*args = append(*args, bucket, seg, blobs[k])
		blobs[k], prev[k] = nil, 0
		part[k] = min(part[k]+1, 1<<partBits-1) // the last part takes the rest
		if *rows++; *rows == posBatch {
			return flush()
		}
		return nil
	}
	for i := 0; i < len(pos); {
		bucket = pos[i].hash >> bucketShift
		part = [2]int64{}
		for i < len(pos) && pos[i].hash>>bucketShift == bucket {
			key := pos[i].hash
			bw.whole, bw.corner = bw.whole[:0], bw.corner[:0]
			for ; i < len(pos) && pos[i].hash == key; i++ {
				if pos[i].corner {
					bw.corner = append(bw.corner, pos[i])
				} else {
					bw.whole = append(bw.whole, pos[i])
				}
			}
			for k, pairs := range [2][]posRow{bw.whole, bw.corner} {
				if len(pairs) == 0 {
					continue
				}
				bw.list = appendPostings(bw.list[:0], pairs, k == 1)
				if len(blobs[k]) > 0 && len(blobs[k])+len(bw.list)+2*binary.MaxVarintLen64 > partSize && part[k] < 1<<partBits-1 {
					if err := emit(k); err != nil {
						return err
					}
				}
				blobs[k] = appendEntry(blobs[k], &prev[k], key, bw.list)
			}
		}
		for k := range blobs {
			if err := emit(k); err != nil {
				return err
			}
		}
	}
	return nil
}

// insertPositions is the statement that inserts n rows of positions; in
// a version 7 index a row of the key and kind already there gets the
// pairs appended as a chunk.
func (w *writer) insertPositions(n int) string {
	q := `INSERT INTO positions (hash, seg, games) VALUES ` + strings.Repeat("(?, ?, ?), ", n-1) + `(?, ?, ?)`
	switch {
	case !w.db.rows7:
	case w.db.d == postgresDialect:
		q += ` ON CONFLICT (hash, seg) DO UPDATE SET games = positions.games || '\x8000'::bytea || EXCLUDED.games`
	default:
		q += ` ON CONFLICT (hash, seg) DO UPDATE SET games = CAST(games || x'8000' || excluded.games AS BLOB)`
	}
	return q
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
	dataQ := `DELETE FROM game_data WHERE id IN (SELECT id FROM games WHERE file_id = ?)`
	if w.db.runs {
		if err := w.dropRuns(id); err != nil {
			return err
		}
		dataQ = ""
	}
	for _, q := range []string{textQ, dataQ, `DELETE FROM games WHERE file_id = ?`, `DELETE FROM files WHERE id = ?`} {
		if q == "" {
			continue
		}
		if err := w.exec(q, id); err != nil {
			return err
		}
	}
	if err := w.exec(`DELETE FROM sgf_index WHERE name = 'dangling'`); err != nil {
		return err
	}
	return w.exec(`INSERT INTO sgf_index (name, value) VALUES ('dangling', '1')`)
}

// writeFile writes the records of a file as they come, then the file's
// row; it returns the numbers of games and positions written.
func (w *writer) writeFile(r *fileResult) (games, positions int, err error) {
	fileID := w.nextFile
	for {
		var out chan []*gameRecord
		var ok bool
		select {
		case out, ok = <-r.chunks:
		case <-w.ctx.Done():
			return games, positions, w.ctx.Err()
		}
		if !ok {
			break
		}
		var recs []*gameRecord
		select {
		case recs = <-out:
		case <-w.ctx.Done():
			return games, positions, w.ctx.Err()
		}
		for _, g := range recs {
			if err := w.writeGame(fileID, g); err != nil {
				return games, positions, err
			}
			games++
			positions += len(g.positions)
		}
		if w.pos.n >= posFlush {
			// Within the transaction, as rows of a new seg: the memory of
			// a file's positions is bounded.
			if err := w.writePositions(); err != nil {
				return games, positions, err
			}
			w.seg = w.nextGame
		}
	}
	if r.touchOnly {
		return 0, 0, w.exec(`UPDATE files SET size = ?, mtime = ? WHERE id = ?`, r.size, r.mtime, r.known.id)
	}
	if r.known != nil {
		if err := w.flushGames(); err != nil { // before the deletes, as a row at a time
			return games, positions, err
		}
		if err := w.dropFile(r.known.id); err != nil {
			return games, positions, err
		}
	}
	w.nextFile++
	if err := w.exec(`INSERT INTO files (id, path, size, mtime, hash, games, diagnostics, error) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		fileID, r.path, r.size, r.mtime, r.hash, games, r.diagnostics, r.err); err != nil {
		return games, positions, err
	}
	if w.rows >= 500000 {
		if err := w.commit(); err != nil {
			return games, positions, err
		}
		return games, positions, w.begin()
	}
	return games, positions, nil
}

// posFlush is the number of positions kept before they are written (a
// variable for the tests).
var posFlush = 4 << 20

// writeGame writes one game's rows; its positions are kept for
// writePositions.
func (w *writer) writeGame(fileID int64, g *gameRecord) error {
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
	if err := w.games.add(w, id, fileID, g.tree, g.black, g.white, bk, wk,
		strings.ToLower(g.blackRank), strings.ToLower(g.whiteRank),
		g.dateText, nullString(g.dateFirst), nullString(g.dateLast),
		g.resultText, g.winner, nullFloat(g.margin, g.hasMargin), g.resultKind, g.winBy,
		nullFloat(g.komi, g.hasKomi), g.handicap, g.cols, g.rows, g.gameType,
		g.rules, Key(g.rules), g.event, Key(g.event), g.round, g.place, g.source, g.charset, g.gameName,
		g.moves, g.nodes, g.dupeSig, int64(g.finalHash)); err != nil {
		return err
	}
	if g.moveList != nil {
		if w.db.runs {
			// to the run being made
			if err := w.run.add(&runGame{id: id, file: fileID, tree: int64(g.tree), cols: g.cols, rows: g.rows,
				winner: winnerCode(g.winner), black: g.blackBits, white: g.whiteBits, moves: g.moveList}, w.insertRun); err != nil {
				return err
			}
		} else if err := w.data.add(w, id, g.blackBits, g.whiteBits, g.moveList); err != nil {
			return err
		}
	}
	if g.text != "" {
		w.texts = append(w.texts, gameText{id, g.text})
		if w.textBytes += len(g.text); w.textBytes > maxPendingText {
			if err := w.flushGames(); err != nil {
				return err
			}
		}
	}
	for _, p := range g.positions {
		w.pos.add(posRow{w.db.key(p.hash), id, int32(p.node), p.corner, p.next})
	}
	w.winners = append(w.winners, winnerCode(g.winner))
	w.rows += 1 + len(g.positions)
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
	var keep []posRow
	err = eachRow(ctx, db.db, `SELECT hash, seg, games FROM positions`, nil, func(rows *sql.Rows) error {
		var c change
		var b []byte
		if err := rows.Scan(&c.hash, &c.seg, &b); err != nil {
			return err
		}
		dropped := false
		corner := db.isCornerRow(c.seg)
		var out []byte // the row without the dropped games
		var prev int64
		if err := db.rowLists(c.hash, b, func(key int64, list []byte) error {
			keep = keep[:0]
			if err := eachPostingNext(list, corner, func(g int64, n int32, next byte) {
				if live[g] {
					keep = append(keep, posRow{hash: key, game: g, node: n, next: next})
				} else {
					dropped = true
				}
			}); err != nil || len(keep) == 0 {
				return err
			}
			if !db.rows8 {
				out = appendPostings(out, keep, corner)
				return nil
			}
			out = appendEntry(out, &prev, key, appendPostings(nil, keep, corner))
			return nil
		}); err != nil {
			return err
		}
		if dropped {
			c.games = out // nil when no position is left
			changes = append(changes, c)
		}
		return nil
	})
	if err != nil {
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
	compact    bool // plain moves in two bytes (schema version 6)
}

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
