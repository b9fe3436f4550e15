package index

import (
	"cmp"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"slices"
)

// The positions table holds posting lists: one row per hash and write
// batch (seg, the first game id the batch could give), its blob the
// (game, node) pairs of the batch that hold the hash, sorted, as uvarints:
// the game as the difference from the previous pair's game (the first
// from 0), then the node. Most hashes are in a few games, and the
// positions of the opening in thousands: one row per hash instead of one
// per game and node makes the table about half as large and twice as
// fast to write (issue 18: 3x the SGF at most, 5,000 games/s).
//
// Games that are dropped leave their pairs in the rows ("dangling",
// filtered out by every reader through the games table) until
// cleanPositions rewrites the rows that hold them.
//
// Since schema version 6 (cornerRows) the corner positions are rows of
// their own, with the negated seg (a whole-board row and a corner row
// may share a key), each pair followed by the position's continuation
// byte (see cornerNext).
//
// Since schema version 7 (oneRow) a key has one row per kind, seg 1 for
// the whole board and -1 for corners, and each write batch after the
// first appends its pairs to the row as a chunk: chunkMark, then the
// pairs encoded as above (the first game again from 0). chunkMark is a
// uvarint that no encoder writes (zero in two bytes), so a reader tells
// it from a pair's game, and rows of older versions read the same.

var errPostings = errors.New("index: malformed position list")

// chunkMark starts each chunk of a posting list after the first.
var chunkMark = []byte{0x80, 0x00}

// appendPostings appends the encoding of pairs (sorted by game, node),
// with corner, each followed by its continuation byte.
func appendPostings(dst []byte, pairs []posRow, corner bool) []byte {
	var prev int64
	for _, p := range pairs {
		dst = binary.AppendUvarint(dst, uint64(p.game-prev))
		dst = binary.AppendUvarint(dst, uint64(p.node))
		if corner {
			dst = append(dst, p.next)
		}
		prev = p.game
	}
	return dst
}

// eachPosting calls fn for each (game, node) of a posting list.
func eachPosting(b []byte, fn func(game int64, node int32)) error {
	return eachPostingNext(b, false, func(g int64, n int32, _ byte) { fn(g, n) })
}

// eachPostingNext calls fn for each (game, node) of a posting list and, in
// a corner row (corner), its continuation byte.
func eachPostingNext(b []byte, corner bool, fn func(game int64, node int32, next byte)) error {
	var game int64
	for len(b) > 0 {
		if len(b) >= 2 && b[0] == chunkMark[0] && b[1] == chunkMark[1] {
			b, game = b[2:], 0 // the next chunk: its first game from 0
			continue
		}
		d, k := binary.Uvarint(b)
		if k <= 0 {
			return errPostings
		}
		b = b[k:]
		n, k := binary.Uvarint(b)
		if k <= 0 || n > 1<<31-1 {
			return errPostings
		}
		b = b[k:]
		var next byte
		if corner {
			if len(b) == 0 {
				return errPostings
			}
			next, b = b[0], b[1:]
		}
		game += int64(d)
		fn(game, int32(n), next)
	}
	return nil
}

// isCornerRow reports whether a row of the positions table with this seg
// is a corner row, whose pairs carry continuations.
func (db *DB) isCornerRow(seg int64) bool { return db.rows6 && seg < 0 }

// sortPositions sorts rows by hash (as signed numbers, the order of the
// table's key), keeping the order of rows with the same
// hash (the writer appends them by game and node): an LSD radix sort, 16
// bits a pass, several times faster than a comparison sort on the millions
// of rows of a large batch.
func sortPositions(rows []posRow) {
	if len(rows) < 1<<12 {
		slices.SortStableFunc(rows, func(a, b posRow) int { return cmp.Compare(a.hash, b.hash) })
		return
	}
	tmp := make([]posRow, len(rows))
	src, dst := rows, tmp
	var count [1 << 16]int
	for shift := 0; shift < 64; shift += 16 {
		clear(count[:])
		for _, r := range src {
			count[uint16(signKey(r.hash)>>shift)]++
		}
		sum := 0
		for i, c := range count {
			count[i] = sum
			sum += c
		}
		for _, r := range src {
			d := uint16(signKey(r.hash) >> shift)
			dst[count[d]] = r
			count[d]++
		}
		src, dst = dst, src
	}
	// four passes: the sorted rows are back in rows
}

// signKey maps a signed hash to an unsigned key of the same order.
func signKey(h int64) uint64 { return uint64(h) ^ 1<<63 }

// gamesWithHashes returns the ids of the games of the index (dangling ones
// included: the caller joins with games) whose positions have the key of
// one of hashes (DB.key), sorted and without repeats.
func (db *DB) gamesWithHashes(ctx context.Context, hashes []uint64) ([]int64, error) {
	args := make([]any, len(hashes))
	q := `SELECT seg, games FROM positions WHERE hash IN (`
	for i, h := range hashes {
		args[i] = db.key(h)
		if i > 0 {
			q += ", "
		}
		q += "?"
	}
	rows, err := db.db.QueryContext(ctx, db.d.rebind(q+")"), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var seg int64
		var b []byte
		if err := rows.Scan(&seg, &b); err != nil {
			return nil, err
		}
		last := int64(-1)
		if err := eachPostingNext(b, db.isCornerRow(seg), func(g int64, _ int32, _ byte) {
			if g != last {
				ids = append(ids, g)
				last = g
			}
		}); err != nil {
			return nil, err
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	slices.Sort(ids)
	return slices.Compact(ids), nil
}

// idsFilter returns the condition "g.id is one of ids" and its argument
// (a JSON array: one parameter however many ids).
func (d *dialect) idsFilter(ids []int64) (string, any) {
	b, _ := json.Marshal(ids)
	if d == postgresDialect {
		return `g.id IN (SELECT jsonb_array_elements_text(?::jsonb)::bigint)`, string(b)
	}
	return `g.id IN (SELECT value FROM json_each(?))`, string(b)
}

// gameIDs returns the ids of the games of the index.
func (db *DB) gameIDs(ctx context.Context) (map[int64]bool, error) {
	rows, err := db.db.QueryContext(ctx, `SELECT id FROM games`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	ids := map[int64]bool{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids[id] = true
	}
	return ids, rows.Err()
}

// eachPosition calls fn for each position of a game of the index (not the
// dangling ones), in the order of the table: by hash. The hash is the key
// of a version 5 index, the top 48 bits (keyShift), also in an older one.
func (db *DB) eachPosition(ctx context.Context, fn func(hash, game int64, node int32) error) error {
	live, err := db.gameIDs(ctx)
	if err != nil {
		return err
	}
	rows, err := db.db.QueryContext(ctx, `SELECT hash, seg, games FROM positions ORDER BY hash, seg`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var h, seg int64
		var b []byte
		if err := rows.Scan(&h, &seg, &b); err != nil {
			return err
		}
		h >>= keyShift - db.shift
		var ferr error
		if err := eachPostingNext(b, db.isCornerRow(seg), func(g int64, n int32, _ byte) {
			if ferr == nil && live[g] {
				ferr = fn(h, g, n)
			}
		}); err != nil {
			return err
		}
		if ferr != nil {
			return ferr
		}
	}
	return rows.Err()
}
