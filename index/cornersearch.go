package index

import (
	"context"
	"database/sql"
	"sync/atomic"
)

// cornerSearches counts the searches answered by searchCorner (for the
// tests: that the fast way was taken).
var cornerSearches atomic.Int64

// searchCorner answers the search of a whole corner region (CornerSize
// square of X, O and ., see cornerPatternOf) from the corner rows of a
// version 6 index, without replaying every game: the rows of the
// region's hash are its hits (the nodes where a corner became the
// position), each with its continuation byte; the winners come from
// game_winners. Only the games whose rows say nextUnsure, and those of
// the hits listed (at most Limit), are replayed, so that the list is the
// one the replay of every game gives.
//
// ok is false when the search needs the general way: an index without
// corner rows or with variations or with games dropped whose rows are not
// yet cleaned; game-information filters, a sort other than by file, a
// move limit, a sequence, no Limit, a pattern tied to its board's size.
// Its hits are trusted to the 48 bits of the key (keyShift): a position
// of the index sharing the key with the region's would be counted too;
// among 30 million positions that is about one chance in ten million.
func (db *DB) searchCorner(ctx context.Context, q *Query, p *Pattern, m *matcher) (res *Result, ok bool, err error) {
	if !db.rows6 || m.tree || q.Pattern == nil || q.Sequence || q.MoveLimit > 0 || q.Limit == 0 ||
		(q.Sort != "" && q.Sort != "file") || q.hasFilters() || (p.Cols > 0 && !p.anySize) {
		return nil, false, nil
	}
	cp, ok := cornerPatternOf(p)
	if !ok {
		return nil, false, nil
	}
	for _, f := range []struct {
		name string
		want bool
	}{{"corners", true}, {"dangling", false}} {
		if has, err := db.flag(ctx, f.name); err != nil || has != f.want {
			return nil, false, err
		}
	}
	keys := []int64{db.key(cp.h[0])}
	if !q.FixedColor && cp.h[1] != cp.h[0] {
		if db.key(cp.h[1]) == keys[0] {
			return nil, false, nil // the two share the key: which one is it?
		}
		keys = append(keys, db.key(cp.h[1]))
	}
	var next int64
	if err := db.db.QueryRowContext(ctx, `SELECT value FROM sgf_index WHERE name = 'next_game'`).Scan(&next); err != nil {
		return nil, false, err
	}
	winners, err := db.winners(ctx, next)
	if err != nil {
		return nil, false, err
	}

	// The hits from the corner rows: per game the number of hits, and the
	// games to replay.
	type pair struct {
		game int64
		next byte
		swap int8
	}
	var pairs []pair
	hits := make([]int32, next)
	unsure := make([]bool, next)
	for swap, key := range keys {
		err := db.eachKeyList(ctx, []int64{key}, `AND seg < 0`, func(_, _ int64, b []byte) error {
			var bad bool
			if err := eachPostingNext(b, true, func(g int64, _ int32, nx byte) {
				if g <= 0 || g >= next {
					bad = true
					return
				}
				pairs = append(pairs, pair{g, nx, int8(swap)})
				hits[g]++
				if nx == nextUnsure {
					unsure[g] = true
				}
			}); err != nil || bad {
				return errPostings
			}
			return nil
		})
		if err != nil {
			return nil, false, err
		}
	}
	res = &Result{}
	for _, pr := range pairs {
		if unsure[pr.game] {
			continue
		}
		res.Hits++
		h := matchHit{winner: winnerOf(winners[pr.game])}
		if pr.swap == 1 {
			h.winner = swapWinner(h.winner)
		}
		if pr.next != nextNone {
			h.next.Color, h.next.X, h.next.Y = cp.patternPoint(pr.next, int(pr.swap))
			h.hasNext = true
		}
		m.count(&h)
	}
	var replayIDs []int64
	for g, n := range hits {
		switch {
		case unsure[g]:
			replayIDs = append(replayIDs, int64(g))
			hits[g] = 0 // until the replay counts them
		case n > 0:
			res.Games++
		}
	}
	pairs = nil
	// The games with an unsure row: replayed.
	if err := db.replayIDs(ctx, q, m, replayIDs, func(_ int64, hs []matchHit) {
		if len(hs) > 0 {
			res.Games++
		}
		for i := range hs {
			res.Hits++
			m.count(&hs[i])
		}
		hits[hs[0].game.gameID] = int32(len(hs))
	}); err != nil {
		return nil, false, err
	}
	// The list: the first games in the order of files and trees, replayed.
	if err := db.eachGameInOrder(ctx, func(ids []int64) (bool, error) {
		var take []int64
		n := 0
		for _, g := range ids {
			if hits[g] > 0 {
				take = append(take, g)
				n += int(hits[g])
				if len(res.List)+n >= q.Limit {
					break
				}
			}
		}
		err := db.replayIDs(ctx, q, m, take, func(_ int64, hs []matchHit) {
			for i := range hs {
				if len(res.List) < q.Limit {
					res.List = append(res.List, m.listed(&hs[i]))
				}
			}
		})
		return len(res.List) < q.Limit, err
	}); err != nil {
		return nil, false, err
	}
	if q.Continuations {
		res.Continuations, res.Diagram, res.Tenuki = m.continuations()
	}
	cornerSearches.Add(1)
	return res, true, nil
}

// winners returns the winner code of each game id below next (see
// winnerCode).
func (db *DB) winners(ctx context.Context, next int64) ([]byte, error) {
	out := make([]byte, next)
	err := eachRow(ctx, db.db, `SELECT first, winners FROM game_winners`, nil, func(rows *sql.Rows) error {
		var first int64
		var b []byte
		if err := rows.Scan(&first, &b); err != nil {
			return err
		}
		if first > 0 && first < next {
			copy(out[first:], b)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// winnerOf returns the winner ("B", "W" or "") of a winnerCode.
func winnerOf(code byte) string {
	switch code {
	case 1:
		return "B"
	case 2:
		return "W"
	}
	return ""
}

// replayIDs replays the games ids (in the order of files and trees) in
// batches and calls fn with each game's hits, in that order; games
// without a hit are skipped.
func (db *DB) replayIDs(ctx context.Context, q *Query, m *matcher, ids []int64, fn func(id int64, hits []matchHit)) error {
	for start := 0; start < len(ids); start += searchBatch {
		cond, arg := db.d.idsFilter(ids[start:min(len(ids), start+searchBatch)])
		gs, err := db.games(ctx, &Query{Sort: q.Sort}, cond, []any{arg})
		if err != nil {
			return err
		}
		bh, err := db.replay(ctx, m, gs)
		if err != nil {
			return err
		}
		for _, hs := range bh.all {
			if len(hs) > 0 {
				fn(hs[0].game.gameID, hs)
			}
		}
	}
	return nil
}

// eachGameInOrder calls fn with the ids of the games of the index in the
// order of a search sorted by file (the files' paths, then the trees), a
// page at a time, until fn returns false.
func (db *DB) eachGameInOrder(ctx context.Context, fn func(ids []int64) (bool, error)) error {
	const page = 512
	after := "" // no path is empty
	for {
		var files []int64
		err := eachRow(ctx, db.db, db.d.rebind(`SELECT id, path FROM files WHERE path > ? ORDER BY path LIMIT 512`), []any{after}, func(rows *sql.Rows) error {
			var id int64
			if err := rows.Scan(&id, &after); err != nil {
				return err
			}
			files = append(files, id)
			return nil
		})
		if err != nil {
			return err
		}
		for _, f := range files {
			tree := -1
			for {
				var ids []int64
				err := eachRow(ctx, db.db, db.d.rebind(`SELECT id, tree FROM games WHERE file_id = ? AND tree > ? ORDER BY tree LIMIT 512`), []any{f, tree}, func(r *sql.Rows) error {
					var id int64
					if err := r.Scan(&id, &tree); err != nil {
						return err
					}
					ids = append(ids, id)
					return nil
				})
				if err != nil {
					return err
				}
				if len(ids) == 0 {
					break
				}
				more, err := fn(ids)
				if err != nil || !more {
					return err
				}
				if len(ids) < page {
					break
				}
			}
		}
		if len(files) < page {
			return nil
		}
	}
}

// eachRow runs a query and calls fn for each row.
func eachRow(ctx context.Context, db querier, q string, args []any, fn func(*sql.Rows) error) error {
	rows, err := db.QueryContext(ctx, q, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// querier is a database or one of its connections.
type querier interface {
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
}

// hasFilters reports whether q has a game-information filter.
func (q *Query) hasFilters() bool {
	for _, s := range []string{q.Player, q.Black, q.White, q.Rank, q.Event, q.Date, q.Result, q.Komi, q.Handicap, q.Size, q.Rules, q.Text} {
		if s != "" {
			return true
		}
	}
	return false
}
