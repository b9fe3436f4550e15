package gogame

import "sync/atomic"

// zobrist holds one random 64-bit key per colour and point of the largest
// board, indexed by y*MaxSize + x, from a fixed seed so that hashes do not
// change between runs or versions.
var zobrist = func() (z [2][MaxSize * MaxSize]uint64) {
	s := uint64(0x5347462d676f2d31) // "SGF-go-1"
	for c := range z {
		for i := range z[c] {
			s += 0x9e3779b97f4a7c15
			z[c][i] = splitmix(s)
		}
	}
	return z
}()

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
// probing, tombstones (count 0) for removed keys, no allocation once grown.
// A key and its count share a slot, so that a probe reads one cache line.
// A slot is in use only when its generation is the set's: reset starts a
// new generation instead of clearing the slots, and add keeps no list of
// the slots it used.
type hashSet struct {
	slots []hashSlot
	used  int    // slots in use (present or removed)
	live  int    // slots with count > 0
	gen   uint32 // the generation of the slots in use, never 0
}

type hashSlot struct {
	key   uint64
	count int32  // 0: removed; > 0: present (when gen is the set's)
	gen   uint32 // free unless it is the set's generation
}

const hashSetMin = 1024

func (s *hashSet) init() {
	s.slots = make([]hashSlot, hashSetMin)
	s.gen = 1
}

func (s *hashSet) reset() {
	s.gen++
	if s.gen == 0 {
		// After 2^32 - 1 resets: slots of generation 1 would look used.
		clear(s.slots)
		s.gen = 1
	}
	s.used, s.live = 0, 0
}

// addFresh adds h and reports true when its first slot is free and the
// set need not grow: then h was not in the set (a key is always found
// before the first free slot of its probe). It is add's common case, small
// enough to inline into Board.play; when it reports false, nothing
// changed and add does the rest.
func (s *hashSet) addFresh(h uint64) bool {
	sl := &s.slots[h&uint64(len(s.slots)-1)]
	if sl.gen == s.gen || 2*(s.used+1) > len(s.slots) {
		return false
	}
	*sl = hashSlot{h, 1, s.gen}
	s.used++
	s.live++
	return true
}

// add adds h and returns its count before.
func (s *hashSet) add(h uint64) int32 {
	slots := s.slots
	mask := uint64(len(slots) - 1)
	gen := s.gen
	tomb := -1
	i := h & mask
	for ; ; i = (i + 1) & mask {
		sl := &slots[i]
		if sl.gen != gen {
			break
		}
		c := sl.count
		if sl.key == h {
			if c == 0 {
				s.live++
			}
			sl.count = c + 1
			return c
		}
		if c == 0 && tomb < 0 {
			tomb = int(i)
		}
	}
	s.live++
	if tomb >= 0 {
		slots[tomb] = hashSlot{h, 1, gen}
		return 0
	}
	slots[i] = hashSlot{h, 1, gen}
	s.used++
	if s.used*2 > len(slots) {
		s.grow()
	}
	return 0
}

func (s *hashSet) remove(h uint64) {
	slots := s.slots
	mask := uint64(len(slots) - 1)
	gen := s.gen
	for i := h & mask; ; i = (i + 1) & mask {
		sl := &slots[i]
		if sl.gen != gen {
			return
		}
		if sl.key == h {
			if c := sl.count; c > 0 {
				sl.count = c - 1
				if c == 1 {
					s.live--
				}
			}
			return
		}
	}
}

// reserve makes room for n more keys, so that adding them does not grow
// the table on the way (each growth rehashes every key).
func (s *hashSet) reserve(n int) {
	size := len(s.slots)
	for 2*(s.used+n) > size {
		size *= 2
	}
	if size > len(s.slots) {
		s.rehash(size)
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

// rehash moves the live keys into a new table of n slots (a power of two).
func (s *hashSet) rehash(n int) {
	old, gen := s.slots, s.gen
	s.slots = make([]hashSlot, n)
	s.used, s.live = 0, 0
	mask := uint64(n - 1)
	for _, sl := range old {
		if sl.gen != gen || sl.count <= 0 {
			continue
		}
		i := sl.key & mask
		for s.slots[i].gen == gen {
			i = (i + 1) & mask
		}
		s.slots[i] = sl
		s.used++
		s.live++
	}
}

// layout holds what every board of one width shares, for the tallest board
// of that width: the maps between compact and padded indices and the
// Zobrist keys by padded index. Layouts are built once per width, on first
// use, and never change; boards only read them, so New allocates no more
// than the board's own cells and buffers.
type layout struct {
	toInt   []int32     // compact (y*cols + x) -> padded, for MaxSize rows
	toPoint []int32     // padded -> compact, -1 on the border columns
	zob     [4][]uint64 // by colour: Empty and border all zero
}

var layouts [MaxSize + 1]atomic.Pointer[layout]

// layoutFor returns the layout of boards with cols columns.
func layoutFor(cols int) *layout {
	if l := layouts[cols].Load(); l != nil {
		return l
	}
	stride := cols + 1
	size := (MaxSize + 2) * stride
	l := &layout{toInt: make([]int32, cols*MaxSize), toPoint: make([]int32, size)}
	l.zob[Black] = make([]uint64, size)
	l.zob[White] = make([]uint64, size)
	l.zob[Empty] = make([]uint64, size) // all zero: XOR with it is a no-op
	l.zob[border] = l.zob[Empty]
	for i := range l.toPoint {
		l.toPoint[i] = -1
	}
	for y := range MaxSize {
		for x := range cols {
			p := y*cols + x
			i := (y+1)*stride + x
			l.toInt[p] = int32(i)
			l.toPoint[i] = int32(p)
			l.zob[Black][i] = zobrist[0][y*MaxSize+x]
			l.zob[White][i] = zobrist[1][y*MaxSize+x]
		}
	}
	// Two boards may build the same layout at once; either result is good.
	layouts[cols].CompareAndSwap(nil, l)
	return layouts[cols].Load()
}
