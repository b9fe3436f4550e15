package index

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/binary"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
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

//
// Since schema version 8 (buckets) a row holds the positions of a run of
// keys of a bucket, the keys that share their top 12 bits (the column
// hash holds the bucket, key >> bucketShift), of one write batch: a batch
// writes about a thousand bytes a row (partSize) instead of a row per key
// (1.8 million rows for the standard collection with corners, where a
// row costs SQLite more than its bytes), and a lookup reads a few rows
// of its bucket. The row's seg is the first game id the batch could give
// times 2^16, plus the number of the row in the bucket and batch (the
// part), negated for corners (as in version 6). The blob is the keys of
// the row in order, each as its low 36 bits (the difference from the
// previous key's, the first from 0, a uvarint), the length of its posting
// list in bytes (a uvarint) and the posting list as above (without
// chunks): a reader skips the other keys by their lengths.

var errPostings = errors.New("index: malformed position list")

// bucketShift is how far a key is shifted to give its bucket (schema
// version 8): the keys are 48 bits, a bucket their top 12; lowMask keeps
// the rest.
const (
	bucketShift = 36
	lowMask     = 1<<bucketShift - 1
)

// partSize is the size beyond which a bucket's positions of a write batch
// go on in another row (part): a lookup reads a few KB a batch, and a row
// stays within an SQLite page (16 KB, see createSchema) with room for
// others. The rows of the standard collection are 1-2 KB, those of
// larger batches reach it.
const partSize = 3900

// partBits is the number of low bits of a version 8 row's seg that number
// the parts of a bucket and batch.
const partBits = 16

// appendEntry appends a key's entry to a bucket row: its low bits as the
// difference from prev (the previous entry's key, which it updates), the
// length of its posting list and the list.
func appendEntry(dst []byte, prev *int64, key int64, list []byte) []byte {
	low := key & lowMask
	dst = binary.AppendUvarint(dst, uint64(low-*prev))
	*prev = low
	dst = binary.AppendUvarint(dst, uint64(len(list)))
	return append(dst, list...)
}

// eachEntry calls fn for each key of a bucket row (its bucket given)
// with its posting list.
func eachEntry(bucket int64, b []byte, fn func(key int64, list []byte) error) error {
	var low uint64
	for len(b) > 0 {
		d, k := binary.Uvarint(b)
		if k <= 0 {
			return errPostings
		}
		b = b[k:]
		n, k := binary.Uvarint(b)
		if k <= 0 || n > uint64(len(b)-k) {
			return errPostings
		}
		b = b[k:]
		low += d
		if low > lowMask {
			return errPostings
		}
		if err := fn(bucket<<bucketShift|int64(low), b[:n]); err != nil {
			return err
		}
		b = b[n:]
	}
	return nil
}

// rowLists calls fn for each key of a row of the positions table with its
// posting list: the row's own key and blob, or in a version 8 index each
// key of the bucket.
func (db *DB) rowLists(hash int64, b []byte, fn func(key int64, list []byte) error) error {
	if !db.rows8 {
		return fn(hash, b)
	}
	return eachEntry(hash, b, fn)
}

// eachKeyList calls fn with the posting list of each row of the positions
// table whose key is one of keys (DB.key), with the row's seg; cond (""
// or "AND ...") restricts the rows by seg. In a version 8 index it reads
// the keys' buckets and picks the keys out of them.
func (db *DB) eachKeyList(ctx context.Context, keys []int64, cond string, fn func(key, seg int64, list []byte) error) error {
	want, asked := map[int64]bool{}, map[int64]bool{}
	var args []any
	for _, k := range keys {
		want[k] = true
		r := k
		if db.rows8 {
			r = k >> bucketShift
		}
		if !asked[r] {
			args = append(args, r)
			asked[r] = true
		}
	}
	if len(args) == 0 {
		return nil
	}
	q := `SELECT hash, seg, games FROM positions WHERE hash IN (?` + strings.Repeat(", ?", len(args)-1) + `) ` + cond
	return eachRow(ctx, db.db, db.d.rebind(q), args, func(rows *sql.Rows) error {
		var h, seg int64
		var b []byte
		if err := rows.Scan(&h, &seg, &b); err != nil {
			return err
		}
		return db.rowLists(h, b, func(key int64, list []byte) error {
			if !want[key] {
				return nil
			}
			return fn(key, seg, list)
		})
	})
}

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

// posParts holds the positions of a write batch as the writer adds them,
// dealt out at once by the top 8 bits of their key's order into 256
// parts, each a list of blocks: no list is grown by copying (4.4 million
// rows of 24 bytes with corners: the copies of a growing list were a
// quarter of the writer's time, and the list and its last copy a third
// of the peak memory). each sorts the parts, two at a time, and gives
// them in order: keys never cross parts, so the parts in order are the
// batch sorted.
type posParts struct {
	tail  [256][]posRow   // each part's last block, being filled
	full  [256][][]posRow // each part's full blocks, in order
	n     int             // rows held
	free  [][]posRow      // blocks of posBlock rows to reuse
	top   uint            // the shift that gives a key's part
	flip  uint64          // the bit that makes signed keys sort as unsigned
	short bool
}

// posBlock is the number of rows of a full block of posParts; a part's
// first blocks are smaller (a small batch, as of one game, stays small).
const posBlock = 1024

// newPosParts returns an empty posParts. With short, every key fits in 48
// bits (signed: a key of schema version 5 or later), else in 64.
func newPosParts(short bool) *posParts {
	p := &posParts{top: 56, flip: 1 << 63, short: short}
	if short {
		p.top, p.flip = 40, 1<<47
	}
	return p
}

// add appends a row to its part.
func (p *posParts) add(r posRow) {
	d := uint8((uint64(r.hash) ^ p.flip) >> p.top)
	t := p.tail[d]
	if len(t) == cap(t) {
		t = p.grow(d)
	}
	p.tail[d] = append(t, r)
	p.n++
}

// grow files part d's full tail block and returns a new empty one.
func (p *posParts) grow(d uint8) []posRow {
	t := p.tail[d]
	if len(t) > 0 {
		p.full[d] = append(p.full[d], t)
	}
	if c := 2 * cap(t); c < posBlock {
		return make([]posRow, 0, max(c, 16))
	}
	if k := len(p.free); k > 0 {
		b := p.free[k-1]
		p.free = p.free[:k-1]
		return b[:0]
	}
	return make([]posRow, 0, posBlock)
}

// reset empties p, keeping its full-size blocks for the next batch.
func (p *posParts) reset() {
	keep := func(b []posRow) {
		if cap(b) == posBlock {
			p.free = append(p.free, b[:0])
		}
	}
	for d := range p.tail {
		for _, b := range p.full[d] {
			keep(b)
		}
		keep(p.tail[d])
		p.full[d], p.tail[d] = p.full[d][:0], nil
	}
	p.n = 0
}

// partsAhead is the number of sorted parts each may hold before fn takes
// them.
const partsAhead = 4

// each calls fn with the rows of each part, sorted by hash (as signed
// numbers, the order of the table's key), keeping the order of rows with
// the same hash (the writer adds them by game and node): the parts in
// order are the batch sorted. fn may change the rows, but not keep them.
// Two goroutines sort the next parts while fn runs (a radix sort by the
// 40 or 56 bits below the part's, 8 bits a pass: a part's rows and their
// 256 destinations stay in the processor's caches). It stops at fn's
// first error and returns it. Then p is reset.
func (p *posParts) each(fn func(rows []posRow) error) error {
	defer p.reset()
	var out [256]chan []posRow
	for d := range out {
		out[d] = make(chan []posRow, 1)
	}
	bufs := make(chan []posRow, partsAhead) // a part's buffer, taken before the part
	for range partsAhead {
		bufs <- nil
	}
	stop := make(chan struct{})
	var next atomic.Int32
	var wg sync.WaitGroup
	defer wg.Wait()
	defer close(stop)
	for range 2 {
		wg.Go(func() {
			var scratch []posRow
			for {
				var buf []posRow
				select {
				case buf = <-bufs:
				case <-stop:
					return
				}
				d := int(next.Add(1) - 1)
				if d >= 256 {
					return
				}
				var res []posRow
				res, scratch = p.sortPart(d, buf, scratch)
				out[d] <- res
			}
		})
	}
	for d := range out {
		rows := <-out[d]
		if err := fn(rows); err != nil {
			return err
		}
		bufs <- rows[:0]
	}
	return nil
}

// sortPart gathers part d into buf and sorts it, with scratch; it returns
// the sorted rows and the other buffer, each grown as needed.
func (p *posParts) sortPart(d int, buf, scratch []posRow) (rows, spare []posRow) {
	n := len(p.tail[d])
	for _, b := range p.full[d] {
		n += len(b)
	}
	buf = slices.Grow(buf[:0], n)
	for _, b := range p.full[d] {
		buf = append(buf, b...)
	}
	buf = append(buf, p.tail[d]...)
	if n < 64 {
		slices.SortStableFunc(buf, func(a, b posRow) int { return cmp.Compare(a.hash, b.hash) })
		return buf, scratch
	}
	scratch = slices.Grow(scratch[:0], n)[:n]
	src, dst := buf, scratch
	key := func(r *posRow) uint64 { return uint64(r.hash) ^ p.flip }
	var count [256]int
	for shift := uint(0); shift < p.top; shift += 8 {
		clear(count[:])
		for i := range src {
			count[uint8(key(&src[i])>>shift)]++
		}
		if count[uint8(key(&src[0])>>shift)] == n {
			continue // one value of these bits: in order already
		}
		sum := 0
		for i, c := range count {
			count[i] = sum
			sum += c
		}
		for i := range src {
			b := uint8(key(&src[i]) >> shift)
			dst[count[b]] = src[i]
			count[b]++
		}
		src, dst = dst, src
	}
	return src, dst
}

// gamesWithHashes returns the ids of the games of the index (dangling ones
// included: the caller joins with games) whose positions have the key of
// one of hashes (DB.key), sorted and without repeats.
func (db *DB) gamesWithHashes(ctx context.Context, hashes []uint64) ([]int64, error) {
	keys := make([]int64, len(hashes))
	for i, h := range hashes {
		keys[i] = db.key(h)
	}
	var ids []int64
	err := db.eachKeyList(ctx, keys, "", func(_, seg int64, b []byte) error {
		last := int64(-1)
		return eachPostingNext(b, db.isCornerRow(seg), func(g int64, _ int32, _ byte) {
			if g != last {
				ids = append(ids, g)
				last = g
			}
		})
	})
	if err != nil {
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
	ids := map[int64]bool{}
	err := eachRow(ctx, db.db, `SELECT id FROM games`, nil, func(rows *sql.Rows) error {
		var id int64
		err := rows.Scan(&id)
		ids[id] = true
		return err
	})
	return ids, err
}

// eachPosition calls fn for each position of a game of the index (not the
// dangling ones), in the order of the table: by hash (in a version 8
// index the keys of a bucket are put in order, its rows' positions of
// each key in the order of their rows). The hash is the key of a version
// 5 index, the top 48 bits (keyShift), also in an older one.
func (db *DB) eachPosition(ctx context.Context, fn func(hash, game int64, node int32) error) error {
	live, err := db.gameIDs(ctx)
	if err != nil {
		return err
	}
	// A version 8 bucket's positions, put in order of key when the next
	// bucket starts.
	var bucket []posRow
	last := int64(0)
	flush := func() error {
		slices.SortStableFunc(bucket, func(a, b posRow) int { return cmp.Compare(a.hash, b.hash) })
		for _, p := range bucket {
			if err := fn(p.hash, p.game, p.node); err != nil {
				return err
			}
		}
		bucket = bucket[:0]
		return nil
	}
	err = eachRow(ctx, db.db, `SELECT hash, seg, games FROM positions ORDER BY hash, seg`, nil, func(rows *sql.Rows) error {
		var h, seg int64
		var b []byte
		if err := rows.Scan(&h, &seg, &b); err != nil {
			return err
		}
		if db.rows8 && h != last && len(bucket) > 0 {
			if err := flush(); err != nil {
				return err
			}
		}
		last = h
		var ferr error
		if err := db.rowLists(h, b, func(key int64, list []byte) error {
			key >>= keyShift - db.shift
			return eachPostingNext(list, db.isCornerRow(seg), func(g int64, n int32, _ byte) {
				switch {
				case ferr != nil || !live[g]:
				case db.rows8:
					bucket = append(bucket, posRow{hash: key, game: g, node: n})
				default:
					ferr = fn(key, g, n)
				}
			})
		}); err != nil {
			return err
		}
		return ferr
	})
	if err != nil {
		return err
	}
	return flush()
}
