package index

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
)

// The streamed pattern search: the fast path of a window replay over
// every game of the index (no game-information filter).
//
// The games are not read first and sorted (a query of every game's row
// before the first replay, on one core): the range of the games' ids is
// cut into spans, and each of GOMAXPROCS workers takes the next span,
// reads its games' rows and data (on a connection of its own) and
// replays them, while the others do the same with theirs. A game's place
// in the list (its key: the rank of its file's path, then its tree) is
// known from its row, so the spans can be done in any order: the
// collector keeps the games with hits whose keys are among the first
// --limit hits found so far, and tells the workers the key past which a
// game's hits are only counted (no hit made), as the batches in the
// order of the games did once the list was full.
//
// Sorted by another key (date, players, ...), a game's place is not known
// from its row: the stream then only counts each game's hits (and the
// continuations), keeping the ids of the games with hits, and the list is
// made after it (sortedList): the games with hits are read in the order
// of the sort (one query over their ids, the ORDER BY of the search in
// batches), and those of the first --limit hits replayed again.

// streamSearch turns the streamed search on (tests compare it with the
// batches in the order of the games).
var streamSearch = true

// streamable reports whether the search of q with m goes by spans of ids
// (DB.stream).
func streamable(q *Query, p *Pattern, m *matcher) bool {
	if !streamSearch || q.Pattern == nil || m.win == nil || m.tree || q.hasFilters() {
		return false
	}
	_, whole := cornerPatternHashes(p) // its games come by hash
	return !whole
}

// streamCacheKB is the size of SQLite's page cache, in KiB, of a
// worker's connection while it streams.
const streamCacheKB = 1 << 10

// streamRead, if set, is called with each worker's connection before it
// reads, and with sortedGames' (tests).
var streamRead func(*sql.Conn)

// streamGame is a game of the list with its hits.
type streamGame struct {
	key  uint64
	g    *gameRow
	hits []matchHit
}

// streamSpan is the result of a span: its games' numbers of hits and the
// hits of those made in full; sorted by another key than the file, the
// ids of its games with hits and their numbers of hits.
type streamSpan struct {
	n    []int32
	full []streamGame
	hit  []gameHits
	err  error
}

// gameHits is a game's id and its number of hits.
type gameHits struct {
	id int64
	n  int32
}

// stream runs the search of the games that cond and args name (of
// gamesOf) by spans of ids.
func (db *DB) stream(ctx context.Context, m *matcher, cond string, args []any) (*Result, error) {
	q := m.q
	// Sorted by another key than the file: the games with hits are kept
	// (their ids), the list made after the stream.
	sorted := q.Sort != "" && q.Sort != "file"
	gameCond, gameArgs := cond, args // the games streamed (sortedList)
	if sorted {
		if _, err := orderBy(q.Sort); err != nil {
			return nil, err
		}
	}
	rank, err := db.fileRanks(ctx)
	if err != nil {
		return nil, err
	}
	// The spans: of the runs' keys (a run is read by the span of its
	// key), or of the games' ids. MIN and MAX each in a query of its own:
	// SQLite finds one of them at an end of the B-tree, both in one query
	// by reading the whole table (into the search's 64 MB page cache,
	// before the workers begin: 0.1-0.2 s and 40 MB more for the
	// ten-fold index).
	bounds := `SELECT (SELECT MIN(id) FROM games), (SELECT MAX(id) FROM games)`
	if db.runs {
		bounds = `SELECT (SELECT MIN(first) FROM game_runs), (SELECT MAX(first) FROM game_runs)`
	}
	var lo, hi sql.NullInt64
	if err := db.db.QueryRowContext(ctx, bounds).Scan(&lo, &hi); err != nil {
		return nil, err
	}
	span := int64(max(searchBatch, 1))
	spans := int64(0)
	if lo.Valid && hi.Valid && hi.Int64 >= lo.Int64 {
		spans = (hi.Int64-lo.Int64)/span + 1
	}
	// A span's games with their data in one query (two, the rows of the
	// games and then their data, cost a third more), each game replayed
	// as its row is read, from the driver's bytes. An index of runs
	// (runs.go) gives them a run a row, without the games table: a run
	// holds only Go games (of game_type 1, cond's first condition), and
	// the board size of patternCond is checked here.
	cols := `g.id, g.file_id, g.tree, g.board_cols, g.board_rows, d.black_bits, d.white_bits, d.move_list`
	if q.Continuations {
		cols += `, g.winner` // for the win rates only
	}
	sel := db.d.rebind(`SELECT ` + cols + ` FROM games g JOIN game_data d ON d.id = g.id WHERE g.id BETWEEN ? AND ? AND ` + cond)
	p := m.p
	sized := p.Cols > 0 && !p.anySize
	if db.runs {
		sel = db.d.rebind(`SELECT first, games FROM game_runs WHERE first BETWEEN ? AND ?`)
		args = nil
	}
	// Once the list is full, the hits of the games past the key of the
	// last one listed are only counted, unless their sequence or
	// continuations are asked for.
	countable := q.Limit > 0 && !q.Sequence && !q.Continuations && !sorted
	var past atomic.Uint64 // the key past which a game's hits are only counted
	past.Store(math.MaxUint64)
	// lower sets past to k if k is below it: k is the key of a game
	// such that the games up to it (from the first) have at least Limit
	// hits.
	lower := func(k uint64) {
		for old := past.Load(); k < old && !past.CompareAndSwap(old, k); old = past.Load() {
		}
	}

	workers := int(min(int64(runtime.GOMAXPROCS(0)), spans))
	if db.d == sqliteDialect && workers > 1 {
		// a connection a worker (reads only: one writer is the rule)
		db.db.SetMaxOpenConns(workers)
		defer db.db.SetMaxOpenConns(1)
	}
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	out := make(chan streamSpan, workers)
	var next atomic.Int64
	var wg sync.WaitGroup
	var sizes sync.Mutex // m's placements of a new board size
	for range workers {
		wg.Go(func() {
			// A connection of the worker's own, with a small page
			// cache: the spans are read once, in the order of the
			// tables (SQLite's 64 MB a connection would hold pages
			// never read again).
			conn, err := db.db.Conn(wctx)
			if err != nil {
				out <- streamSpan{err: err}
				cancel()
				return
			}
			defer conn.Close()
			if db.d == sqliteDialect {
				if _, err := conn.ExecContext(wctx, `PRAGMA cache_size = -`+strconv.Itoa(streamCacheKB)); err != nil {
					out <- streamSpan{err: err}
					cancel()
					return
				}
				defer conn.ExecContext(context.Background(), `PRAGMA cache_size = -`+strconv.Itoa(searchCacheKB))
			}
			if streamRead != nil {
				streamRead(conn)
			}
			var sc scratch
			var order []streamGame
			packed := map[[2]int]*packedRows{}
			var row gameRow
			var res streamSpan
			var k int64
			// game replays a game of the span k into res.
			game := func(id, file, tree int64, ncols, nrows int, winner string, bb, wb, ml []byte) {
				key := uint64(rank[file])<<32 | uint64(uint32(tree))
				row = gameRow{cols: ncols, rows: nrows, blackBits: bb, whiteBits: wb, moveList: ml}
				row.hit.gameID, row.hit.winner = id, winner
				size := [2]int{row.cols, row.rows}
				pk := packed[size]
				if pk == nil {
					sizes.Lock()
					pk = m.packedFor(row.cols, row.rows)
					sizes.Unlock()
					packed[size] = pk
				}
				sc.countOnly = countable && key > past.Load()
				if sorted {
					// the hits made in full for the
					// continuations, or a sequence, only
					sc.countOnly = !q.Sequence && !q.Continuations
				}
				hits, n := m.windowGame(&row, &sc, pk)
				res.n = append(res.n, int32(n))
				if sorted && n > 0 {
					res.hit = append(res.hit, gameHits{id, int32(n)})
					if !q.Continuations {
						return
					}
				}
				if len(hits) > 0 {
					g := &gameRow{cols: row.cols, rows: row.rows, hit: row.hit}
					for i := range hits {
						hits[i].game = &g.hit
					}
					res.full = append(res.full, streamGame{key, g, hits})
					if countable {
						// The span's own games may fill the
						// list: the rest of it is then counted.
						if k, ok := listEnd(res.full, q.Limit, &order); ok {
							lower(k)
						}
					}
				}
			}
			// the integers scanned as they come (no conversion by
			// reflection), checked by ints
			var ints [5]any
			var id, file, tree, ncols, nrows int64
			var winner string
			var bb, wb, ml sql.RawBytes
			dest := []any{&ints[0], &ints[1], &ints[2], &ints[3], &ints[4], &bb, &wb, &ml}
			if q.Continuations {
				dest = append(dest, &winner)
			}
			each := func(rows *sql.Rows) error {
				if err := rows.Scan(dest...); err != nil {
					return err
				}
				if err := scanInts(ints[:], &id, &file, &tree, &ncols, &nrows); err != nil {
					return err
				}
				game(id, file, tree, int(ncols), int(nrows), winner, bb, wb, ml)
				return nil
			}
			if db.runs {
				var first int64
				var g runGame
				each = func(rows *sql.Rows) error {
					if err := rows.Scan(&first, &bb); err != nil {
						return err
					}
					r := newRunReader(first, bb)
					for r.next(&g) {
						if sized && (g.cols != p.Cols || g.rows != p.Rows) {
							continue
						}
						if q.Continuations {
							winner = winnerOf(g.winner)
						}
						game(g.id, g.file, g.tree, g.cols, g.rows, winner, g.black, g.white, g.moves)
					}
					return r.err
				}
			}
			for {
				k = next.Add(1) - 1
				if k >= spans || wctx.Err() != nil {
					return
				}
				first := lo.Int64 + k*span
				res = streamSpan{}
				res.err = eachRow(wctx, conn, sel, append([]any{first, first + span - 1}, args...), each)
				if res.err == nil {
					res.err = wctx.Err()
				}
				out <- res
				if res.err != nil {
					cancel()
					return
				}
			}
		})
	}
	go func() {
		wg.Wait()
		close(out)
	}()
	res := &Result{}
	var kept []streamGame
	var hit []gameHits // sorted: the games with hits
	streamed := 0      // games
	for sp := range out {
		if sp.err != nil {
			if err == nil {
				err = sp.err
			}
			continue
		}
		if err != nil {
			continue
		}
		for _, n := range sp.n {
			if n > 0 {
				res.Games++
				res.Hits += int(n)
			}
		}
		hit = append(hit, sp.hit...)
		streamed += len(sp.n)
		for i := range sp.full {
			sg := &sp.full[i]
			if q.Continuations {
				for j := range sg.hits {
					m.count(&sg.hits[j])
				}
			}
			if !sorted && (q.Limit == 0 || sg.key <= past.Load()) {
				kept = append(kept, *sg)
			}
		}
		if q.Limit > 0 && len(sp.full) > 0 && !sorted {
			// The games of the first Limit hits, and the key of the
			// last of them.
			slices.SortFunc(kept, streamOrder)
			n := 0
			for i := range kept {
				if n += len(kept[i].hits); n >= q.Limit {
					kept = kept[:i+1]
					lower(kept[i].key)
					break
				}
			}
		}
	}
	if err != nil {
		return nil, err
	}
	if sorted {
		if hit, err = db.sortedGames(ctx, q, hit, streamed, gameCond, gameArgs); err != nil {
			return nil, err
		}
		if res.List, err = db.sortedList(ctx, m, hit); err != nil {
			return nil, err
		}
		return res, nil
	}
	slices.SortFunc(kept, streamOrder)
	for _, sg := range kept {
		for i := range sg.hits {
			if q.Limit > 0 && len(res.List) >= q.Limit {
				break
			}
			res.List = append(res.List, m.listed(&sg.hits[i]))
		}
	}
	return res, nil
}

// sortedGames returns the games of hit (their ids and numbers of hits)
// in the order of q.Sort, as the search's query of every game gives them
// (gamesOf, slim): up to those of the first q.Limit hits. The order is
// SQL's (the sort's column, then the file's path and the tree), read
// over the ids of hit or, when they are more than a quarter of the games
// streamed (of cond), over the games streamed (no lookup of an id each).
func (db *DB) sortedGames(ctx context.Context, q *Query, hit []gameHits, streamed int, cond string, args []any) ([]gameHits, error) {
	if len(hit) == 0 {
		return nil, nil
	}
	order, err := orderBy(q.Sort)
	if err != nil {
		return nil, err
	}
	n := make(map[int64]int32, len(hit))
	for _, g := range hit {
		n[g.id] = g.n
	}
	if len(hit) <= streamed/4 {
		ids := make([]int64, len(hit))
		for i, g := range hit {
			ids[i] = g.id
		}
		slices.Sort(ids)
		c, arg := db.d.idsFilter(ids)
		cond, args = c, []any{arg}
	}
	sqlq := db.d.rebind(`SELECT g.id FROM games g JOIN files f ON f.id = g.file_id WHERE ` + cond + ` ORDER BY ` + order)
	out := make([]gameHits, 0, min(len(hit), max(q.Limit, 64)))
	total := 0
	errEnough := errors.New("enough")
	// on a connection with a small page cache, as the workers' (the
	// rows of the games with hits are read once, in no order of the
	// table: 40 MB less for a76 over the ten-fold index)
	var qr querier = db.db
	if db.d == sqliteDialect {
		conn, err := db.db.Conn(ctx)
		if err != nil {
			return nil, err
		}
		defer conn.Close()
		if _, err := conn.ExecContext(ctx, `PRAGMA cache_size = -`+strconv.Itoa(streamCacheKB)); err != nil {
			return nil, err
		}
		defer conn.ExecContext(context.Background(), `PRAGMA cache_size = -`+strconv.Itoa(searchCacheKB))
		if streamRead != nil {
			streamRead(conn)
		}
		qr = conn
	}
	err = eachRow(ctx, qr, sqlq, args, func(rows *sql.Rows) error {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return err
		}
		k, ok := n[id]
		if !ok {
			return nil
		}
		out = append(out, gameHits{id, k})
		if total += int(k); q.Limit > 0 && total >= q.Limit {
			return errEnough
		}
		return nil
	})
	if err != nil && err != errEnough {
		return nil, err
	}
	if err == nil && len(out) != len(hit) {
		return nil, fmt.Errorf("index: %d games with hits read back as %d", len(hit), len(out))
	}
	return out, nil
}

// sortedList returns the list of a streamed search sorted by another key
// than the file: the hits of the games hit (sortedGames: in the order of
// the sort, those of the first q.Limit hits), replayed again by batches.
// Their hits were counted (and their continuations) by the stream.
func (db *DB) sortedList(ctx context.Context, m *matcher, hit []gameHits) ([]Hit, error) {
	q := m.q
	if len(hit) == 0 {
		return nil, nil
	}
	n := make(map[int64]int32, len(hit))
	ids := make([]int64, len(hit))
	for i, g := range hit {
		n[g.id] = g.n
		ids[i] = g.id
	}
	slices.Sort(ids)
	cond, arg := db.d.idsFilter(ids)
	gs, err := db.gamesOf(ctx, &Query{Sort: q.Sort}, cond, []any{arg}, true)
	if err != nil {
		return nil, err
	}
	if len(gs) != len(hit) {
		return nil, fmt.Errorf("index: %d games with hits read back as %d", len(hit), len(gs))
	}
	var list []Hit
	m.countOnly = false
	batches := db.batches(ctx, m, gs)
	for start := 0; start < len(gs); start += searchBatch {
		part := gs[start:min(len(gs), start+searchBatch)]
		bh, err := batches(part)
		if err != nil {
			return nil, err
		}
		for i, hits := range bh.all {
			if len(hits) != int(n[part[i].hit.gameID]) {
				return nil, fmt.Errorf("index: game %d replayed with %d hits, counted %d", part[i].hit.gameID, len(hits), n[part[i].hit.gameID])
			}
			for j := range hits {
				if q.Limit == 0 || len(list) < q.Limit {
					list = append(list, m.listed(&hits[j]))
				}
			}
		}
		clear(part)
	}
	return list, nil
}

// streamOrder is the order of the list: by key (file, tree), then id.
func streamOrder(a, b streamGame) int {
	if c := cmp.Compare(a.key, b.key); c != 0 {
		return c
	}
	return cmp.Compare(a.g.hit.gameID, b.g.hit.gameID)
}

// listEnd returns the key of the game where the first limit hits of
// games end (in the order of the list), if they have that many; buf is
// memory kept from call to call.
func listEnd(games []streamGame, limit int, buf *[]streamGame) (uint64, bool) {
	n := 0
	for i := range games {
		n += len(games[i].hits)
	}
	if n < limit {
		return 0, false
	}
	sorted := append((*buf)[:0], games...)
	*buf = sorted
	slices.SortFunc(sorted, streamOrder)
	n = 0
	for i := range sorted {
		if n += len(sorted[i].hits); n >= limit {
			return sorted[i].key, true
		}
	}
	return 0, false
}

// scanInts sets *dst[i] to vs[i], each an int64 as the drivers give
// integers.
func scanInts(vs []any, dst ...*int64) error {
	for i, v := range vs {
		n, ok := v.(int64)
		if !ok {
			return fmt.Errorf("index: %T %v where an integer was expected", v, v)
		}
		*dst[i] = n
	}
	return nil
}

// fileRanks gives each file's id its rank in the order of the files'
// paths: a game's place in a list sorted by file is its file's rank, then
// its tree.
func (db *DB) fileRanks(ctx context.Context) (map[int64]int64, error) {
	rank := map[int64]int64{}
	err := eachRow(ctx, db.db, `SELECT id FROM files ORDER BY path`, nil, func(rows *sql.Rows) error {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return err
		}
		rank[id] = int64(len(rank))
		return nil
	})
	return rank, err
}
