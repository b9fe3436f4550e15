package gogame

import "sync/atomic"

// zobristKey returns the random 64-bit key of colour c (0 black, 1 white)
// at point i = y*MaxSize + x of the largest board: the SplitMix64 sequence
// from a fixed seed, so that hashes do not change between runs or
// versions. Key k of the sequence (k = c*MaxSize*MaxSize + i + 1) is
// splitmix(seed + k*0x9e3779b97f4a7c15), computed when asked for: the
// keys are read only when a layout is built (once per width), and a table
// of all of them, made at every start of the process, cost 146,000
// instructions and 11 fresh pages.
func zobristKey(c, i int) uint64 {
	const seed = uint64(0x5347462d676f2d31) // "SGF-go-1"
	k := uint64(c*MaxSize*MaxSize + i + 1)
	return splitmix(seed + k*0x9e3779b97f4a7c15)
}

// splitmix is the SplitMix64 finalizer: a good 64-bit mixing function.
func splitmix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// hashSet is a multiset of position hashes: open addressing with linear
// probing, tombstones for removed keys, no allocation once grown. A slot
// is one uint64 (8 bytes: a long game's table touches half the pages it
// would with a count beside each key): the high 56 bits of its key and,
// in the low byte, the generation it was written in. A slot is in use only
// when its generation is the set's: reset starts a new generation instead
// of clearing the slots (every 255th clears them). A tombstone is a slot
// of the set's generation with key bits 0. A key present more than once
// keeps its further count in more, which only positions that repeat
// (superko) use. Two hashes that differ in their low byte only count as
// one key: a chance of 2^-56 for two positions.
//
// A large table (filterSlots or more, grown or reserved) is a cache miss a
// move: a main line of 200,000 moves spent a fifth of sgf check's time
// waiting for the slot of each new position. There a bit filter in front
// of it, 4 bits a slot (256 KB for a table of 4 MB), answers most
// questions: a key whose two bits are not both set is not in the set, and
// is added to pending, not to the table; the pending keys go into the
// table together, their misses overlapping, when a key is found in the
// filter (a position that repeats, or a false positive: 5% of keys at the
// table's fullest) or a key that is not the last pending one is removed.
// The bits of removed keys stay set until the filter is made again: a
// stale bit costs only a look in the table. reset drops the filter (a
// large table then works without one, as a small one does, until the
// next reserve or growth).
type hashSet struct {
	slots []uint64
	more  map[uint64]int32 // count - 1 of the entries present more than once
	used  int              // slots in use (present or removed)
	live  int              // entries present (in slots or pending)
	gen   uint64           // the generation of the slots in use, 1 to 255

	// filter, when not nil, has 4 bits a slot: see above.
	filter  []uint64
	pending []uint64 // entries (as entry makes them) added but not in slots
	spare   []uint64 // the memory of a filter dropped by reset
	sink    uint64   // flush's loads ahead go here, so that they are made
}

// filterSlots is the table size from which the set keeps a filter;
// pendingMax is the most keys pending (8 KB, made with the filter).
const (
	filterSlots = 1 << 16
	pendingMax  = 1024
)

// entry returns what a slot of generation gen holds for the hash h: its
// high 56 bits (1<<8 for 0, which marks tombstones) and gen.
func entry(h, gen uint64) uint64 {
	if h>>8 == 0 {
		h = 1 << 8
	}
	return h&^0xff | gen
}

const hashSetMin = 1024

func (s *hashSet) init() {
	s.slots = makeWritten(hashSetMin)
	s.gen = 1
}

// makeWritten returns n zero words whose pages have been written to. A
// set reads a slot (or a filter word) before it writes it, and a fresh
// page that is first read is mapped to the zero page, to fault again when
// written: sgf check of variations nested 10,000 deep faulted each of the
// 64 pages of its table of positions twice. (Memory the allocator reuses
// was cleared by make: the writes cost no fault there.)
func makeWritten(n int) []uint64 {
	s := make([]uint64, n)
	for i := 0; i < n; i += pageWords {
		s[i] = 0
	}
	return s
}

// pageWords is the number of words in a page of memory.
const pageWords = 4096 / 8

func (s *hashSet) reset() {
	s.gen++
	if s.gen > 0xff {
		// The low byte wrapped round: slots of generation 1 would look used.
		clear(s.slots)
		s.gen = 1
	}
	clear(s.more)
	s.used, s.live = 0, 0
	s.pending = s.pending[:0]
	if s.filter != nil {
		s.spare, s.filter = s.filter[:0], nil
	}
}

// makeFilter makes the filter of the table's size, with the bits of every
// key present.
func (s *hashSet) makeFilter() {
	n := len(s.slots) / 16
	if cap(s.spare) >= n {
		s.filter = s.spare[:n]
		clear(s.filter)
	} else {
		s.filter = makeWritten(n)
	}
	s.spare = nil
	if cap(s.pending) < pendingMax {
		s.pending = append(make([]uint64, 0, pendingMax), s.pending...)
	}
	gen := s.gen
	for _, k := range s.slots {
		if k&0xff == gen && k != gen {
			s.setBits(k)
		}
	}
	for _, k := range s.pending {
		s.setBits(k)
	}
}

// setBits sets the filter's bits of entry e.
func (s *hashSet) setBits(e uint64) {
	w, m := s.filterBits(e)
	s.filter[w] |= m
}

// filterBits returns the two bits of the filter for entry e: both in one
// word (one load), its index and the mask.
func (s *hashSet) filterBits(e uint64) (w uint64, m uint64) {
	return e >> 8 & uint64(len(s.filter)-1), 1<<(e>>40&63) | 1<<(e>>46&63)
}

// addFiltered adds e (an entry) to pending and its bits to the filter and
// reports true when the filter shows that e is not in the set; else it
// changes nothing and reports false.
func (s *hashSet) addFiltered(e uint64) bool {
	if len(s.pending) == pendingMax {
		s.flush() // first: a growth of the table makes the filter again
	}
	w, m := s.filterBits(e)
	f := &s.filter[w]
	if *f&m == m {
		return false
	}
	*f |= m
	s.pending = append(s.pending, e)
	s.live++
	return true
}

// flush puts the pending entries into the table. (A growth of the table
// on the way makes the filter again from the table alone: the bits of the
// entries are set again after.)
func (s *hashSet) flush() {
	p := s.pending
	s.pending = s.pending[:0]
	s.live -= len(p)
	// The first slot of each entry loaded ahead, the loads independent of
	// each other, so that their cache misses overlap (in addSlot's probe
	// each waits for the one before).
	slots, mask, x := s.slots, uint64(len(s.slots)-1), uint64(0)
	for _, e := range p {
		x += slots[e>>8&mask]
	}
	s.sink = x
	for _, e := range p {
		s.addSlot(e)
	}
	if s.filter != nil {
		for _, e := range p {
			s.setBits(e)
		}
	}
}

// addFresh adds h and reports true when its first slot is free and the
// set need not grow: then h was not in the set (a key is always found
// before the first free slot of its probe). It is add's common case, small
// enough to inline into Board.play; when it reports false, nothing
// changed and add does the rest. A set with a filter is left to add (its
// addFiltered is then called once, and addFresh stays small enough to
// inline).
func (s *hashSet) addFresh(h uint64) bool {
	if s.filter != nil {
		return false
	}
	sl := &s.slots[h>>8&uint64(len(s.slots)-1)]
	if *sl&0xff == s.gen || h>>8 == 0 || 2*(s.used+1) > len(s.slots) {
		return false
	}
	*sl = h&^0xff | s.gen
	s.used++
	s.live++
	return true
}

// add adds h and returns its count before.
func (s *hashSet) add(h uint64) int32 {
	e := entry(h, s.gen)
	if s.filter != nil {
		if s.addFiltered(e) {
			return 0
		}
		s.flush()
		s.setBits(e) // again: a growth in flush made the filter again
	}
	return s.addSlot(e)
}

// addSlot adds the entry e to the table and returns its count before.
func (s *hashSet) addSlot(e uint64) int32 {
	slots := s.slots
	mask := uint64(len(slots) - 1)
	gen := s.gen
	tomb := -1
	i := e >> 8 & mask
	for ; ; i = (i + 1) & mask {
		k := slots[i]
		if k == e {
			if s.more == nil {
				s.more = make(map[uint64]int32)
			}
			c := s.more[e] + 1
			s.more[e] = c
			return c
		}
		if k&0xff != gen {
			break
		}
		if k == gen && tomb < 0 {
			tomb = int(i)
		}
	}
	s.live++
	if tomb >= 0 {
		slots[tomb] = e
		return 0
	}
	slots[i] = e
	s.used++
	if s.used*2 > len(slots) {
		s.grow()
	}
	return 0
}

func (s *hashSet) remove(h uint64) {
	gen := s.gen
	e := entry(h, gen)
	if n := len(s.pending); n > 0 {
		if s.pending[n-1] == e {
			// the common case: the undo of the last addition
			s.pending = s.pending[:n-1]
			s.live--
			return
		}
		s.flush()
	}
	slots := s.slots
	mask := uint64(len(slots) - 1)
	for i := e >> 8 & mask; ; i = (i + 1) & mask {
		k := slots[i]
		if k&0xff != gen {
			return
		}
		if k == e {
			if c := s.more[e]; c > 0 {
				if c == 1 {
					delete(s.more, e)
				} else {
					s.more[e] = c - 1
				}
				return
			}
			slots[i] = gen // a tombstone
			s.live--
			return
		}
	}
}

// reserve makes room for n more keys, so that adding them does not grow
// the table on the way (each growth rehashes every key).
func (s *hashSet) reserve(n int) {
	size := len(s.slots)
	for 2*(s.used+len(s.pending)+n) > size {
		size *= 2
	}
	if size > len(s.slots) {
		s.rehash(size)
	} else if size >= filterSlots && s.filter == nil {
		s.makeFilter()
	}
}

// grow rehashes the live keys into a table at least four times their number.
func (s *hashSet) grow() {
	n := hashSetMin
	for n < 4*s.live {
		n *= 2
	}
	s.rehash(n)
}

// rehash moves the live keys into a new table of n slots (a power of two),
// with a filter of its size when it is large.
func (s *hashSet) rehash(n int) {
	old, gen := s.slots, s.gen
	s.slots = makeWritten(n)
	s.used = 0
	mask := uint64(n - 1)
	for _, k := range old {
		if k&0xff != gen || k == gen {
			continue
		}
		i := k >> 8 & mask
		for s.slots[i]&0xff == gen {
			i = (i + 1) & mask
		}
		s.slots[i] = k
		s.used++
	}
	if n >= filterSlots {
		s.makeFilter()
	} else if s.filter != nil {
		// A table made smaller (grow after many removals) works without.
		s.filter = nil
		s.flush()
	}
}

// layout holds what every board of one width shares, for as many rows as
// the tallest board of that width made so far: the maps between compact
// and padded indices and the Zobrist keys by padded index. Layouts are
// built on first use of a width (again for a taller board) and never
// change; boards only read them, so New allocates no more than the
// board's own cells and buffers. (Built for MaxSize rows, the layout of a
// 19x19 board was 52 rows of keys, 9 pages written and 2,000 keys made
// for each process that checks a game.)
type layout struct {
	rows    int
	toInt   []int32 // compact (y*cols + x) -> padded, for rows rows
	toPoint []int32 // padded -> compact, -1 on the border
	// zob are the keys by colour and padded index, all zero for Empty,
	// the border and the indices past the board: an array that the hot
	// paths index with i&cellMask, without a bounds check.
	zob *[4][cellsLen]uint64
}

var layouts [MaxSize + 1]atomic.Pointer[layout]

// layoutFor returns a layout of boards with cols columns and at least rows
// rows.
func layoutFor(cols, rows int) *layout {
	if l := layouts[cols].Load(); l != nil && l.rows >= rows {
		return l
	}
	stride := cols + 1
	size := (rows + 2) * stride
	l := &layout{rows: rows, toInt: make([]int32, cols*rows), toPoint: make([]int32, size)}
	l.zob = new([4][cellsLen]uint64)
	for i := range l.toPoint {
		l.toPoint[i] = -1
	}
	for y := range rows {
		for x := range cols {
			p := y*cols + x
			i := (y+1)*stride + x
			l.toInt[p] = int32(i)
			l.toPoint[i] = int32(p)
			l.zob[Black][i] = zobristKey(0, y*MaxSize+x)
			l.zob[White][i] = zobristKey(1, y*MaxSize+x)
		}
	}
	// Two boards may build a layout of the width at once: the one with
	// more rows is kept (either is good for a board it is tall enough for).
	for {
		old := layouts[cols].Load()
		if old != nil && old.rows >= rows {
			return old
		}
		if layouts[cols].CompareAndSwap(old, l) {
			return l
		}
	}
}
