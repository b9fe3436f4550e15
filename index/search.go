package index

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/sgf-toolkit/sgf/collection"
	"github.com/sgf-toolkit/sgf/value"
)

// Query is a search. The game-information fields are filters (all given
// ones must hold); Position and Pattern are the board searches (at most one).
type Query struct {
	Player   string // either player's name contains it (search keys: see Key)
	Black    string
	White    string
	Rank     string // either player's rank ("9p", "3d")
	Event    string // the event contains it
	Date     string // 1990..2000, 2001-03, 2001-03-12.., ..1999
	Result   string // B+, W+R, B+3.5, Draw, Void, ?
	Komi     string // 6.5
	Handicap string // 2
	Size     string // 19 or 19x13
	Rules    string // the rules contain it
	Text     string // full text: words of comments, game names, events, places

	Position *Pattern // a whole-board position (LoadPosition)
	Pattern  *Pattern // a partial pattern (LoadPattern, ParsePatternText, ParseDiagram)

	FixedColor    bool // no colour swap
	MoveLimit     int  // only positions after at most this many moves (0: no limit)
	Sequence      bool // the pattern's sequence must follow
	Continuations bool // count the next moves

	Limit int    // at most this many hits (0: all)
	Sort  string // file (default), date, black, white, event, result, moves; "-" in front to reverse
}

// Hit is one game found, and for board searches the node where the
// position or pattern appears.
type Hit struct {
	File      string `json:"file"`
	Game      int    `json:"game"` // the game tree's number in the file, from 1
	Node      int    `json:"node"` // the node's number (pre-order, 0 the root; on the main line its depth)
	Path      string `json:"path"` // the node path (as sgf show --node takes it)
	Move      int    `json:"move"` // moves played up to the node
	Black     string `json:"black,omitempty"`
	White     string `json:"white,omitempty"`
	BlackRank string `json:"black_rank,omitempty"`
	WhiteRank string `json:"white_rank,omitempty"`
	Date      string `json:"date,omitempty"`
	Result    string `json:"result,omitempty"`
	Event     string `json:"event,omitempty"`
	// Region is the rectangle of the board where the pattern matched
	// ("aa:gg"), Symmetry the symmetry of the pattern (0-7) and Swapped
	// whether its colours were swapped.
	Region   string `json:"region,omitempty"`
	Symmetry int    `json:"symmetry"`
	Swapped  bool   `json:"swapped"`
	// Next is the continuation (the next move inside the region after the
	// pattern and its sequence), in the pattern's coordinates: "B[cd]".
	Next string `json:"next,omitempty"`

	gameID int64
	winner string
}

// Continuation is a next move after the pattern, with its counts.
type Continuation struct {
	Label     string `json:"label"` // A, B, ... as in the diagram
	Color     string `json:"color"` // B or W, in the pattern's colours
	Point     string `json:"point"` // SGF point in the pattern's coordinates
	X         int    `json:"x"`
	Y         int    `json:"y"`
	Count     int    `json:"count"`
	BlackWins int    `json:"black_wins"` // games won by black (in the pattern's colours)
	WhiteWins int    `json:"white_wins"`
}

// Result is the answer of Search.
type Result struct {
	Games         int            `json:"games"` // games with at least one hit
	Hits          int            `json:"hits"`  // all hits (Limit does not cut them)
	List          []Hit          `json:"list"`  // the hits, at most Limit
	Continuations []Continuation `json:"continuations,omitempty"`
	Diagram       string         `json:"diagram,omitempty"` // the pattern with the continuations' letters
	Tenuki        int            `json:"tenuki,omitempty"`  // hits with no next move in the region
}

func badQuery(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrQuery, fmt.Sprintf(format, args...))
}

// likeArg returns a LIKE pattern for "contains s" (with \ escaping).
func likeArg(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(s) + "%"
}

// ParseDateRange reads "A..B", "A..", "..B" or "A" (A and B: YYYY, YYYY-MM
// or YYYY-MM-DD) into the first and last day it covers ("" when open).
func ParseDateRange(s string) (first, last string, err error) {
	a, b, isRange := strings.Cut(s, "..")
	if !isRange {
		b = a
	}
	if a == "" && b == "" {
		return "", "", badQuery("date range %q: want YEAR..YEAR, such as 1990..2000 or 2001-03-12", s)
	}
	day := func(t string, end bool) (string, error) {
		if t == "" {
			return "", nil
		}
		d, derr := value.ParseDate([]byte(t))
		if derr != nil || len(d) != 1 {
			return "", badQuery("date range %q: %q is no date (YYYY, YYYY-MM or YYYY-MM-DD)", s, t)
		}
		f, l := dateRange(d)
		if end {
			return l, nil
		}
		return f, nil
	}
	if first, err = day(a, false); err != nil {
		return
	}
	if last, err = day(b, true); err != nil {
		return
	}
	if first != "" && last != "" && first > last {
		return "", "", badQuery("date range %q ends before it starts", s)
	}
	return first, last, nil
}

// where builds the conditions of the game-information filters.
func (db *DB) where(q *Query) ([]string, []any, error) {
	var conds []string
	var args []any
	add := func(c string, a ...any) { conds = append(conds, c); args = append(args, a...) }
	// The names that contain the words are looked for among the players'
	// keys (a few thousand), their games then through the indexes.
	const named = `IN (SELECT key FROM players WHERE key LIKE ? ESCAPE '\')`
	if q.Player != "" {
		k := likeArg(Key(q.Player))
		add(`(g.black_key `+named+` OR g.white_key `+named+`)`, k, k)
	}
	if q.Black != "" {
		add(`g.black_key `+named, likeArg(Key(q.Black)))
	}
	if q.White != "" {
		add(`g.white_key `+named, likeArg(Key(q.White)))
	}
	if q.Rank != "" {
		r := strings.ToLower(strings.TrimSpace(q.Rank))
		add(`(g.black_rank = ? OR g.white_rank = ?)`, r, r)
	}
	if q.Event != "" {
		add(`g.event_key LIKE ? ESCAPE '\'`, likeArg(Key(q.Event)))
	}
	if q.Rules != "" {
		add(`g.rules_key LIKE ? ESCAPE '\'`, likeArg(Key(q.Rules)))
	}
	if q.Date != "" {
		first, last, err := ParseDateRange(q.Date)
		if err != nil {
			return nil, nil, err
		}
		if first != "" {
			add(`g.date_last >= ?`, first)
		}
		if last != "" {
			add(`g.date_first <= ?`, last)
		}
	}
	if q.Result != "" {
		s := strings.TrimSpace(q.Result)
		r, err := value.ParseResult([]byte(s))
		if err != nil {
			fixed, _, ferr := value.FixResult(s)
			if ferr != nil {
				return nil, nil, badQuery("result %q: want B+, W+, B+R, W+3.5, B+T, Draw, Void or ?", q.Result)
			}
			r, _ = value.ParseResult([]byte(fixed))
		}
		var rec gameRecord
		setResult(&rec, r)
		add(`g.result_kind = ?`, rec.resultKind)
		if rec.winner != "" {
			add(`g.winner = ?`, rec.winner)
		}
		if rec.winBy != "" && rec.winBy != "unstated" {
			add(`g.win_by = ?`, rec.winBy)
		}
		if rec.hasMargin {
			add(`g.margin = ?`, rec.margin)
		}
	}
	if q.Komi != "" {
		k, err := strconv.ParseFloat(strings.TrimSpace(q.Komi), 64)
		if err != nil {
			return nil, nil, badQuery("komi %q is no number", q.Komi)
		}
		add(`g.komi = ?`, k)
	}
	if q.Handicap != "" {
		h, err := strconv.Atoi(strings.TrimSpace(q.Handicap))
		if err != nil || h < 0 {
			return nil, nil, badQuery("handicap %q is no number of stones", q.Handicap)
		}
		add(`g.handicap = ?`, h)
	}
	if q.Size != "" {
		c, r, err := value.ParseSize([]byte(strings.ReplaceAll(strings.TrimSpace(q.Size), "x", ":")))
		if err != nil || c < 1 || r < 1 {
			return nil, nil, badQuery("size %q: want 19 or 19x13", q.Size)
		}
		add(`g.board_cols = ? AND g.board_rows = ?`, c, r)
	}
	if q.Text != "" {
		words := strings.Fields(q.Text)
		if len(words) == 0 {
			return nil, nil, badQuery("--text: no word to search")
		}
		c, a := db.d.textFilter(words)
		add(c, a)
	}
	return conds, args, nil
}

var sortColumns = map[string]string{
	"file": "f.path, g.tree", "date": "g.date_first", "black": "g.black_key", "white": "g.white_key",
	"event": "g.event_key", "result": "g.result", "moves": "g.moves",
}

func orderBy(s string) (string, error) {
	desc := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	if s == "" {
		s = "file"
	}
	col, ok := sortColumns[s]
	if !ok {
		return "", badQuery("sort %q: want file, date, black, white, event, result or moves (- in front to reverse)", s)
	}
	if desc {
		col = strings.ReplaceAll(col, ",", " DESC,") + " DESC"
	}
	if s != "file" {
		col += ", f.path, g.tree"
	}
	return col, nil
}

// gameRow is a game as the searches read it.
type gameRow struct {
	hit                  Hit
	cands                []candidate // the placements a pattern may have (bitsets)
	cols, rows           int
	sig                  string
	blackBits, whiteBits []byte
	moveList             []byte
}

// games returns the games that pass the filters and cond, in the order of
// q.Sort.
func (db *DB) games(ctx context.Context, q *Query, cond string, condArgs []any) ([]*gameRow, error) {
	return db.gamesOf(ctx, q, cond, condArgs, false)
}

// gameCols are the columns of a game's Hit, after its id.
const gameCols = `f.path, g.tree, g.black, g.white, g.black_rank, g.white_rank, g.date, g.result, g.event`

// gamesOf is games; with slim, the rows have only the id, winner and board
// size (fillHits adds the rest to the hits listed): a board search reads
// every game of the index.
func (db *DB) gamesOf(ctx context.Context, q *Query, cond string, condArgs []any, slim bool) ([]*gameRow, error) {
	conds, args, err := db.where(q)
	if err != nil {
		return nil, err
	}
	if cond != "" {
		conds = append(conds, cond)
		args = append(args, condArgs...)
	}
	order, err := orderBy(q.Sort)
	if err != nil {
		return nil, err
	}
	cols := `g.id, g.winner, g.board_cols, g.board_rows, g.dupe_sig, ` + gameCols
	// Read slim in the order of the files, the rows are sorted here by
	// the rank of their file (in the database's order of the paths) and
	// their tree: SQLite's sort of every game by its file's path costs
	// more than the query.
	byFile := slim && (q.Sort == "" || q.Sort == "file")
	if slim {
		cols = `g.id, g.winner, g.board_cols, g.board_rows`
	}
	sqlq := `SELECT ` + cols + ` FROM games g JOIN files f ON f.id = g.file_id`
	if byFile {
		sqlq = `SELECT ` + cols + `, g.file_id, g.tree FROM games g`
	}
	if len(conds) > 0 {
		sqlq += ` WHERE ` + strings.Join(conds, " AND ")
	}
	if !byFile {
		sqlq += ` ORDER BY ` + order
	}
	rows, err := db.db.QueryContext(ctx, db.d.rebind(sqlq), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*gameRow
	seen := map[string]string{}
	var winner string
	var chunk []gameRow // the rows, allocated a chunk at a time
	type place struct{ file, tree int64 }
	var places []place
	var pl place
	var ncols, nrows int64 // board size (int64: no conversion by reflection)
	var dest []any
	for rows.Next() {
		if len(chunk) == 0 {
			chunk = make([]gameRow, 1024)
		}
		r := &chunk[0]
		chunk = chunk[1:]
		h := &r.hit
		dest = append(dest[:0], &h.gameID, &winner, &ncols, &nrows)
		if byFile {
			dest = append(dest, &pl.file, &pl.tree)
		} else if !slim {
			dest = append(dest, &r.sig, &h.File, &h.Game, &h.Black, &h.White, &h.BlackRank, &h.WhiteRank, &h.Date, &h.Result, &h.Event)
		}
		if err := rows.Scan(dest...); err != nil {
			return nil, err
		}
		r.cols, r.rows = int(ncols), int(nrows)
		h.winner = winner
		if slim {
			out = append(out, r)
			if byFile {
				places = append(places, pl)
			}
			continue
		}
		h.Game++
		h.Path = "0"
		// A search may hold the rows of every game: the strings that
		// repeat from game to game (the file, players, ranks, ...) are
		// kept once.
		for _, s := range []*string{&h.File, &h.Black, &h.White, &h.BlackRank, &h.WhiteRank, &h.Date, &h.Result, &h.Event, &r.sig} {
			if v, ok := seen[*s]; ok {
				*s = v
			} else if len(seen) < 1<<16 {
				seen[*s] = *s
			}
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if byFile {
		rank, err := db.fileRanks(ctx)
		if err != nil {
			return nil, err
		}
		idx := make([]int32, len(out))
		for i := range idx {
			idx[i] = int32(i)
			places[i].file = rank[places[i].file]
		}
		slices.SortFunc(idx, func(a, b int32) int {
			pa, pb := places[a], places[b]
			if pa.file != pb.file {
				return cmp.Compare(pa.file, pb.file)
			}
			return cmp.Compare(pa.tree, pb.tree)
		})
		sorted := make([]*gameRow, len(out))
		for i, k := range idx {
			sorted[i] = out[k]
		}
		out = sorted
	}
	return out, nil
}

// fillHits adds to hits of games read slim (gamesOf) their games' file,
// tree, players and the rest, 500 games a query.
func (db *DB) fillHits(ctx context.Context, hits []Hit) error {
	byID := map[int64][]*Hit{}
	var ids []any
	for i := range hits {
		id := hits[i].gameID
		if _, ok := byID[id]; !ok {
			ids = append(ids, id)
		}
		byID[id] = append(byID[id], &hits[i])
	}
	for start := 0; start < len(ids); start += 500 {
		part := ids[start:min(len(ids), start+500)]
		q := `SELECT g.id, ` + gameCols + ` FROM games g JOIN files f ON f.id = g.file_id WHERE g.id IN (?` + strings.Repeat(", ?", len(part)-1) + `)`
		err := eachRow(ctx, db.db, db.d.rebind(q), part, func(rows *sql.Rows) error {
			var id int64
			var h Hit
			if err := rows.Scan(&id, &h.File, &h.Game, &h.Black, &h.White, &h.BlackRank, &h.WhiteRank, &h.Date, &h.Result, &h.Event); err != nil {
				return err
			}
			for _, t := range byID[id] {
				t.File, t.Game, t.Black, t.White, t.BlackRank, t.WhiteRank, t.Date, t.Result, t.Event = h.File, h.Game+1, h.Black, h.White, h.BlackRank, h.WhiteRank, h.Date, h.Result, h.Event
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// moveLists fills in the move lists of games.
func (db *DB) moveLists(ctx context.Context, gs []*gameRow) error {
	return db.gameData(ctx, gs, false, true)
}

// gameData fills in the bitsets of games (bits) and their move lists
// (moves), from game_runs (runData) or game_data. The ids of the games are read in ranges where they lie close
// together (a file's games have consecutive ids: a range is read in the
// order of the table, without a seek per game), the others 500 a query.
// The data of the games share one allocation.
func (db *DB) gameData(ctx context.Context, gs []*gameRow, bits, moves bool) error {
	byID := make(map[int64]*gameRow, len(gs))
	ids := make([]int64, 0, len(gs))
	for _, g := range gs {
		byID[g.hit.gameID] = g
		ids = append(ids, g.hit.gameID)
	}
	slices.Sort(ids)
	var cols []string
	if bits {
		cols = append(cols, `black_bits`, `white_bits`)
	}
	if moves {
		cols = append(cols, `move_list`)
	}
	var arena []byte
	keep := func(b []byte) []byte {
		if len(b) == 0 {
			return nil
		}
		if cap(arena)-len(arena) < len(b) {
			arena = make([]byte, 0, max(64<<10, len(b)))
		}
		arena = append(arena, b...)
		return arena[len(arena)-len(b) : len(arena) : len(arena)]
	}
	if db.runs {
		return db.runData(ctx, byID, ids, bits, moves, keep)
	}
	var b, w, ml sql.RawBytes
	var id int64
	dest := []any{&id}
	if bits {
		dest = append(dest, &b, &w)
	}
	if moves {
		dest = append(dest, &ml)
	}
	row := func(rows *sql.Rows) error {
		if err := rows.Scan(dest...); err != nil {
			return err
		}
		if g := byID[id]; g != nil {
			if bits {
				g.blackBits, g.whiteBits = keep(b), keep(w)
			}
			if moves {
				g.moveList = keep(ml)
			}
		}
		return nil
	}
	sel := `SELECT id, ` + strings.Join(cols, ", ") + ` FROM game_data WHERE `
	var rest []any
	err := idRanges(ids, func(lo, hi int64) error {
		return eachRow(ctx, db.db, db.d.rebind(sel+`id BETWEEN ? AND ?`), []any{lo, hi}, row)
	}, func(id int64) { rest = append(rest, id) })
	if err != nil {
		return err
	}
	for start := 0; start < len(rest); start += 500 {
		part := rest[start:min(len(rest), start+500)]
		if err := eachRow(ctx, db.db, db.d.rebind(sel+`id IN (?`+strings.Repeat(", ?", len(part)-1)+`)`), part, row); err != nil {
			return err
		}
	}
	return nil
}

// rangeGap and rangeMin: gameData reads the games whose ids are at most
// rangeGap apart, at least rangeMin of them, as a range.
const rangeGap, rangeMin = 8, 32

// idRanges splits ids (ascending) into the ranges gameData and the runs'
// reader read with one query each (ids at most rangeGap apart, at least
// rangeMin of them: inRange gets the first and the last id of each) and
// the ids read by list (each given to single), and stops at inRange's
// first error.
func idRanges(ids []int64, inRange func(lo, hi int64) error, single func(id int64)) error {
	for start := 0; start < len(ids); {
		end := start + 1
		for end < len(ids) && ids[end]-ids[end-1] <= rangeGap {
			end++
		}
		if end-start < rangeMin {
			for _, id := range ids[start:end] {
				single(id)
			}
		} else if err := inRange(ids[start], ids[end-1]); err != nil {
			return err
		}
		start = end
	}
	return nil
}

// Search runs a query.
func (db *DB) Search(ctx context.Context, q *Query) (*Result, error) {
	res, err := db.search(ctx, q)
	if err != nil {
		return nil, &Error{"search", db.name, err}
	}
	return res, nil
}

func (db *DB) search(ctx context.Context, q *Query) (*Result, error) {
	if q.Position != nil && q.Pattern != nil {
		return nil, badQuery("--position and --pattern do not go together")
	}
	if q.MoveLimit < 0 {
		return nil, badQuery("--move-limit %d: want a number of moves >= 0", q.MoveLimit)
	}
	if q.Limit < 0 {
		return nil, badQuery("--limit %d: want a number of hits >= 0", q.Limit)
	}
	p := q.Pattern
	if q.Position != nil {
		p = q.Position
	}
	if p == nil {
		if q.Sequence || q.Continuations {
			return nil, badQuery("--sequence and --continuations need --pattern or --position")
		}
		gs, err := db.games(ctx, q, "", nil)
		if err != nil {
			return nil, err
		}
		res := &Result{Games: len(gs), Hits: len(gs)}
		for _, g := range gs {
			if q.Limit > 0 && len(res.List) >= q.Limit {
				break
			}
			res.List = append(res.List, g.hit)
		}
		return res, nil
	}
	if err := p.check(); err != nil {
		return nil, err
	}
	if q.Sequence && len(p.Sequence) == 0 {
		return nil, badQuery("--sequence: the pattern has no moves after its position (give them in the SGF after the node, or as numbers in a diagram)")
	}
	m := newMatcher(p, q)
	var err error
	if m.tree, err = db.flag(ctx, "variations"); err != nil {
		return nil, err
	}
	if q.Pattern != nil {
		if res, ok, err := db.searchCorner(ctx, q, p, m); err != nil || ok {
			return res, err
		}
	}
	if streamable(q, p, m) {
		cond, args, _, err := db.patternCond(ctx, q, p)
		if err != nil {
			return nil, err
		}
		res, err := db.stream(ctx, m, cond, args)
		if err != nil {
			return nil, err
		}
		return db.finish(ctx, m, res)
	}
	var gs []*gameRow
	if q.Position != nil {
		gs, err = db.positionCandidates(ctx, q, p)
	} else {
		gs, err = db.patternCandidates(ctx, q, p)
	}
	if err != nil {
		return nil, err
	}
	// The games go in batches: their candidate placements (patterns), move
	// lists and hits are made and counted, then dropped, so that the
	// memory of a search is bounded by a batch, not by the index.
	res := &Result{}
	batches := db.batches(ctx, m, gs)
	for start := 0; start < len(gs); start += searchBatch {
		// Once the list is full, the hits are only counted, unless
		// their sequence or continuations are asked for.
		m.countOnly = q.Limit > 0 && len(res.List) >= q.Limit && !q.Sequence && !q.Continuations
		bh, err := batches(gs[start:min(len(gs), start+searchBatch)])
		if err != nil {
			return nil, err
		}
		for _, n := range bh.n {
			if n > 0 {
				res.Games++
				res.Hits += int(n)
			}
		}
		for _, hits := range bh.all {
			if len(hits) == 0 {
				continue
			}
			res.Games++
			for i := range hits {
				res.Hits++
				m.count(&hits[i])
				if q.Limit == 0 || len(res.List) < q.Limit {
					res.List = append(res.List, m.listed(&hits[i]))
				}
			}
		}
		clear(gs[start:min(len(gs), start+searchBatch)])
	}
	return db.finish(ctx, m, res)
}

// finish adds to a board search's result the game information of the
// hits listed and the continuations.
func (db *DB) finish(ctx context.Context, m *matcher, res *Result) (*Result, error) {
	if err := db.fillHits(ctx, res.List); err != nil {
		return nil, err
	}
	if m.q.Continuations {
		res.Continuations, res.Diagram, res.Tenuki = m.continuations()
	}
	return res, nil
}

// searchBatch is the number of games of a batch of a board search.
var searchBatch = 4096

// batches returns the function that gives the hits of each batch of gs in
// turn (replay). A pattern searched by the window replay reads the games'
// data (bitsets and move lists, one query) a batch ahead, on a goroutine
// of its own: the database is read while the previous batch is replayed on
// the other cores. The returned function must be called for every batch
// in order until it returns an error or the last batch.
func (db *DB) batches(ctx context.Context, m *matcher, gs []*gameRow) func(part []*gameRow) (batchHits, error) {
	if m.q.Pattern == nil || m.win == nil || m.tree || len(gs) <= searchBatch {
		return func(part []*gameRow) (batchHits, error) { return db.replay(ctx, m, part) }
	}
	// The placements of every board size, made before the goroutines
	// read them.
	for _, g := range gs {
		m.rowPlacementsFor(g.cols, g.rows)
	}
	type read struct {
		part []*gameRow
		err  error
	}
	rctx, cancel := context.WithCancel(ctx)
	ch := make(chan read, 1)
	go func() {
		defer close(ch)
		for start := 0; start < len(gs); start += searchBatch {
			part := gs[start:min(len(gs), start+searchBatch)]
			err := db.gameData(rctx, part, true, true)
			select {
			case ch <- read{part, err}:
			case <-rctx.Done():
				return
			}
			if err != nil {
				return
			}
		}
	}()
	return func(part []*gameRow) (batchHits, error) {
		r, ok := <-ch
		if !ok || r.err != nil || len(r.part) != len(part) || &r.part[0] != &part[0] {
			err := r.err
			if err == nil {
				err = ctx.Err()
			}
			if err == nil {
				err = errors.New("index: a batch read out of turn")
			}
			cancel()
			for range ch {
			}
			return batchHits{}, err
		}
		bh := m.matchBatch(ctx, part)
		if &part[len(part)-1] == &gs[len(gs)-1] {
			cancel() // the reader has ended
		}
		return bh, ctx.Err()
	}
}

// batchHits is the hits of a batch of games, one slice a game; with
// matcher.countOnly, only their numbers (n, one a game).
type batchHits struct {
	all [][]matchHit
	n   []int32
}

// matchBatch returns the hits of a batch of games whose bitsets and move
// lists are read, in parallel, for the window replay: a game whose bitsets
// allow no placement of the pattern is not replayed, the others replay
// only the placements they allow.
func (m *matcher) matchBatch(ctx context.Context, part []*gameRow) batchHits {
	var bh batchHits
	if m.countOnly {
		bh.n = make([]int32, len(part))
	} else {
		bh.all = make([][]matchHit, len(part))
	}
	parallel(ctx, len(part), func(i int, sc *scratch) {
		g := part[i]
		sc.countOnly = m.countOnly
		hits, n := m.windowGame(g, sc, m.packedFor(g.cols, g.rows))
		if m.countOnly {
			bh.n[i] = int32(n)
		} else {
			bh.all[i] = hits
		}
	})
	return bh
}

// windowGame returns the hits of a game whose bitsets and move list are
// read, by the window replay, or with sc.countOnly only their number; it
// drops the game's data. A game whose bitsets allow no placement of the
// pattern is not replayed.
func (m *matcher) windowGame(g *gameRow, sc *scratch, pk *packedRows) (hits []matchHit, n int) {
	if len(g.blackBits) > 0 {
		res := m.placementWords(g, pk, &sc.packed)
		for _, xs := range res {
			if xs == 0 {
				continue
			}
			cands := m.windowHits(g, sc, pk, res)
			if sc.countOnly {
				n = m.countHits(sc, cands)
			} else {
				hits = m.hitsOf(g, sc, cands)
				n = len(hits)
			}
			break
		}
	}
	g.blackBits, g.whiteBits, g.moveList = nil, nil, nil
	return hits, n
}

// replay returns the hits of a batch of games, in order: for a pattern,
// the placements their bitsets allow (no replay without one), then their
// move lists replayed in parallel.
func (db *DB) replay(ctx context.Context, m *matcher, part []*gameRow) (batchHits, error) {
	if m.q.Pattern != nil {
		for _, g := range part {
			m.rowPlacementsFor(g.cols, g.rows) // filled here, read in parallel
		}
	}
	if m.q.Pattern != nil && m.win != nil && !m.tree {
		// The window replay takes nearly every game: the move lists
		// come with the bitsets.
		if err := db.gameData(ctx, part, true, true); err != nil {
			return batchHits{}, err
		}
		return m.matchBatch(ctx, part), ctx.Err()
	}
	if m.q.Pattern != nil {
		// The bitsets are read a batch at a time too: the query of
		// the games (sorted) stays small.
		if err := db.gameData(ctx, part, true, false); err != nil {
			return batchHits{}, err
		}
		parallel(ctx, len(part), func(i int, sc *scratch) {
			g := part[i]
			if len(g.blackBits) > 0 {
				g.cands = m.candidates(g, nil, &sc.packed)
			}
			g.blackBits, g.whiteBits = nil, nil
		})
		keep := part[:0:0]
		for _, g := range part {
			if len(g.cands) > 0 {
				keep = append(keep, g)
			}
		}
		part = keep
	}
	if err := db.moveLists(ctx, part); err != nil {
		return batchHits{}, err
	}
	all := make([][]matchHit, len(part))
	parallel(ctx, len(part), func(i int, sc *scratch) {
		all[i] = m.matchGame(part[i], sc)
		part[i].moveList, part[i].cands = nil, nil
	})
	return batchHits{all: all}, ctx.Err()
}

// parallel calls fn(i) for i in [0, n) on GOMAXPROCS goroutines, each
// with its own scratch; it stops early when ctx is done.
func parallel(ctx context.Context, n int, fn func(i int, sc *scratch)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Go(func() {
			var sc scratch
			for {
				i := int(next.Add(1)) - 1
				if i >= n || ctx.Err() != nil {
					return
				}
				fn(i, &sc)
			}
		})
	}
	wg.Wait()
}

// positionCandidates returns the games that hold the position's canonical
// hash (or, unless FixedColor, that of the position with colours swapped).
func (db *DB) positionCandidates(ctx context.Context, q *Query, p *Pattern) ([]*gameRow, error) {
	cells := make([]int8, len(p.Cells))
	for i, c := range p.Cells {
		switch c {
		case 'X':
			cells[i] = 1
		case 'O':
			cells[i] = 2
		}
	}
	hashes := []uint64{canonicalHash(cells, p.W, p.H, false)}
	if !q.FixedColor {
		hashes = append(hashes, canonicalHash(cells, p.W, p.H, true))
	}
	ids, err := db.gamesWithHashes(ctx, hashes)
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	cond, arg := db.d.idsFilter(ids)
	cond += fmt.Sprintf(` AND g.board_cols = %d AND g.board_rows = %d`, p.W, p.H)
	return db.gamesOf(ctx, q, cond, []any{arg}, true)
}

// patternCandidates returns the games that may hold the pattern, with
// their bitsets: search keeps those that allow it somewhere (each black
// stone of the pattern on a point where a black stone stood at some time,
// and so for white, see matcher.candidates).
func (db *DB) patternCandidates(ctx context.Context, q *Query, p *Pattern) ([]*gameRow, error) {
	cond, args, hashed, err := db.patternCond(ctx, q, p)
	if err != nil || hashed && len(args) == 0 {
		return nil, err
	}
	return db.gamesOf(ctx, q, cond, args, true)
}

// patternCond returns the condition on the games that may hold the
// pattern (of gamesOf). hashed tells that it names the games that hold a
// whole corner region's hash (none when args is empty).
func (db *DB) patternCond(ctx context.Context, q *Query, p *Pattern) (cond string, args []any, hashed bool, err error) {
	cond = `g.game_type = 1`
	// A whole corner region without wildcards: the games that hold it are
	// those with its corner hash (in an index with corner positions).
	if h, ok := cornerPatternHashes(p); ok {
		corners, err := db.flag(ctx, "corners")
		if err != nil {
			return "", nil, false, err
		}
		if corners {
			hashes := []uint64{h[0]}
			if !q.FixedColor {
				hashes = append(hashes, h[1])
			}
			ids, err := db.gamesWithHashes(ctx, hashes)
			if err != nil || len(ids) == 0 {
				return "", nil, true, err
			}
			c, arg := db.d.idsFilter(ids)
			cond += ` AND ` + c
			args = append(args, arg)
			hashed = true
		}
	}
	if p.Cols > 0 && !p.anySize {
		cond += ` AND g.board_cols = ? AND g.board_rows = ?`
		args = append(args, p.Cols, p.Rows)
	}
	return cond, args, hashed, nil
}

func sgfPoint(x, y int) string {
	return string(value.AppendPoint(nil, value.Point{X: x, Y: y}))
}

func sortContinuations(cs []Continuation) {
	slices.SortStableFunc(cs, func(a, b Continuation) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Y, b.Y), cmp.Compare(a.X, b.X), strings.Compare(a.Color, b.Color))
	})
}

// DupeGroup is a group of games that are copies of each other.
type DupeGroup struct {
	Signature string `json:"signature"`
	Games     []Hit  `json:"games"`
}

// Dupes returns the groups of games of the index (those that pass q's
// game-information filters) that are copies of each other, as sgf dupes
// finds them: games with the same duplicate signature (that of
// collection.Signature: Dyer moves, under the 8 symmetries and the colour
// swap) are candidates, confirmed by their moves (collection.Dupes.Groups:
// under one symmetry and colour swap, the main line of one is that of the
// other or a start of it), replayed from the index's move lists.
func (db *DB) Dupes(ctx context.Context, q *Query) ([]DupeGroup, error) {
	groups, err := db.dupes(ctx, q)
	if err != nil {
		return nil, &Error{"search", db.name, err}
	}
	return groups, nil
}

func (db *DB) dupes(ctx context.Context, q *Query) ([]DupeGroup, error) {
	gs, err := db.games(ctx, q, `g.dupe_sig IN (SELECT dupe_sig FROM games WHERE dupe_sig <> '' GROUP BY dupe_sig HAVING COUNT(*) > 1)`, nil)
	if err != nil {
		return nil, err
	}
	var order []string
	bySig := map[string][]*gameRow{}
	for _, g := range gs {
		if _, ok := bySig[g.sig]; !ok {
			order = append(order, g.sig)
		}
		bySig[g.sig] = append(bySig[g.sig], g)
	}
	var all []*gameRow
	for _, sig := range order {
		if len(bySig[sig]) > 1 { // filters may leave one game of a group
			all = append(all, bySig[sig]...)
		}
	}
	if err := db.moveLists(ctx, all); err != nil {
		return nil, err
	}
	var out []DupeGroup
	for _, sig := range order {
		cands := bySig[sig]
		if len(cands) < 2 {
			continue
		}
		var d collection.Dupes
		for i, g := range cands {
			s, err := collection.MovesSignature(g.cols, g.rows, movesOf(g.moveList))
			if err != nil {
				continue
			}
			g.moveList = nil
			s.Key = sig // the candidates are those of the stored signature
			d.Add(s, collection.Entry{Name: strconv.Itoa(i)})
		}
		for _, grp := range d.Groups() {
			dg := DupeGroup{Signature: sig}
			for _, e := range grp.Games {
				i, _ := strconv.Atoi(e.Name)
				dg.Games = append(dg.Games, cands[i].hit)
			}
			out = append(out, dg)
		}
	}
	return out, nil
}

// movesOf returns the moves of a move list's main line, as
// collection.MovesSignature takes them.
func movesOf(ml []byte) []collection.Move {
	var out []collection.Move
	r := newMoveReader(ml)
	for r.next() {
		s := &r.s
		if s.back > 0 {
			break // the first variation: the main line has ended
		}
		if s.color == 0 {
			continue
		}
		m := collection.Move{C: 'B', X: s.x, Y: s.y}
		if s.color == 2 {
			m.C = 'W'
		}
		if s.pass {
			m.X, m.Y = -1, -1
		}
		out = append(out, m)
	}
	return out
}
