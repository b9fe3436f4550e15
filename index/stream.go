package index

import (
	"cmp"
	"context"
	"database/sql"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// The streamed pattern search: the fast path of a window replay over
// every game of the index (no game-information filter, the hits in the
// order of the files).
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

// streamSearch turns the streamed search on (tests compare it with the
// batches in the order of the games).
var streamSearch = true

// streamable reports whether the search of q with m goes by spans of ids
// (DB.stream).
func streamable(q *Query, p *Pattern, m *matcher) bool {
	if !streamSearch || q.Pattern == nil || m.win == nil || m.tree || q.hasFilters() || (q.Sort != "" && q.Sort != "file") {
		return false
	}
	_, whole := cornerPatternHashes(p) // its games come by hash
	return !whole
}

// streamGame is a game of the list with its hits.
type streamGame struct {
	key  uint64
	g    *gameRow
	hits []matchHit
}

// streamSpan is the result of a span: its games' numbers of hits and the
// hits of those made in full.
type streamSpan struct {
	n    []int32
	full []streamGame
	err  error
}

// stream runs the search of the games that cond and args name (of
// gamesOf) by spans of ids.
func (db *DB) stream(ctx context.Context, m *matcher, cond string, args []any) (*Result, error) {
	q := m.q
	rank := map[int64]int64{}
	err := eachRow(ctx, db.db, `SELECT id FROM files ORDER BY path`, nil, func(rows *sql.Rows) error {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return err
		}
		rank[id] = int64(len(rank))
		return nil
	})
	if err != nil {
		return nil, err
	}
	var lo, hi sql.NullInt64
	if err := db.db.QueryRowContext(ctx, `SELECT MIN(id), MAX(id) FROM games`).Scan(&lo, &hi); err != nil {
		return nil, err
	}
	span := int64(max(searchBatch, 1))
	spans := int64(0)
	if lo.Valid && hi.Valid && hi.Int64 >= lo.Int64 {
		spans = (hi.Int64-lo.Int64)/span + 1
	}
	cols := `g.id, g.file_id, g.tree, g.board_cols, g.board_rows`
	if q.Continuations {
		cols += `, g.winner` // for the win rates only
	}
	sel := db.d.rebind(`SELECT ` + cols + ` FROM games g WHERE g.id BETWEEN ? AND ? AND ` + cond)
	// Once the list is full, the hits of the games past the key of the
	// last one listed are only counted, unless their sequence or
	// continuations are asked for.
	countable := q.Limit > 0 && !q.Sequence && !q.Continuations
	var past atomic.Uint64 // the key past which a game's hits are only counted
	past.Store(math.MaxUint64)

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
			var sc scratch
			packed := map[[2]int]*packedRows{}
			var winner string
			var ncols, nrows, file, tree int64
			for {
				k := next.Add(1) - 1
				if k >= spans || wctx.Err() != nil {
					return
				}
				first := lo.Int64 + k*span
				var part []*gameRow
				var keys []uint64
				err := eachRow(wctx, db.db, sel, append([]any{first, first + span - 1}, args...), func(rows *sql.Rows) error {
					g := &gameRow{}
					dest := []any{&g.hit.gameID, &file, &tree, &ncols, &nrows}
					if q.Continuations {
						dest = append(dest, &winner)
					}
					if err := rows.Scan(dest...); err != nil {
						return err
					}
					g.cols, g.rows, g.hit.winner = int(ncols), int(nrows), winner
					part = append(part, g)
					keys = append(keys, uint64(rank[file])<<32|uint64(uint32(tree)))
					return nil
				})
				if err == nil && len(part) > 0 {
					err = db.gameData(wctx, part, true, true)
				}
				res := streamSpan{err: err, n: make([]int32, len(part))}
				for i, g := range part {
					if err != nil {
						break
					}
					size := [2]int{g.cols, g.rows}
					pk := packed[size]
					if pk == nil {
						sizes.Lock()
						pk = m.packedFor(g.cols, g.rows)
						sizes.Unlock()
						packed[size] = pk
					}
					sc.countOnly = countable && keys[i] > past.Load()
					hits, n := m.windowGame(g, &sc, pk)
					res.n[i] = int32(n)
					if len(hits) > 0 {
						res.full = append(res.full, streamGame{keys[i], g, hits})
					}
				}
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
		for i := range sp.full {
			sg := &sp.full[i]
			if q.Continuations {
				for j := range sg.hits {
					m.count(&sg.hits[j])
				}
			}
			if q.Limit == 0 || sg.key <= past.Load() {
				kept = append(kept, *sg)
			}
		}
		if q.Limit > 0 && len(sp.full) > 0 {
			// The games of the first Limit hits, and the key of the
			// last of them.
			slices.SortFunc(kept, streamOrder)
			n := 0
			for i := range kept {
				if n += len(kept[i].hits); n >= q.Limit {
					kept = kept[:i+1]
					past.Store(kept[i].key)
					break
				}
			}
		}
	}
	if err != nil {
		return nil, err
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

// streamOrder is the order of the list: by key (file, tree), then id.
func streamOrder(a, b streamGame) int {
	if c := cmp.Compare(a.key, b.key); c != 0 {
		return c
	}
	return cmp.Compare(a.g.hit.gameID, b.g.hit.gameID)
}
