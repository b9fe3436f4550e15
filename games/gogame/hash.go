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
type hashSet struct {
	keys   []uint64
	counts []int32 // -1: never used; 0: removed; > 0: present
	used   int     // slots not -1
	live   int     // slots > 0
	// touched lists the slots made not -1 since the last reset, so that
	// reset clears only those: a game touches a few hundred slots of thousands.
	touched []int32
}

const hashSetMin = 1024

func (s *hashSet) init() {
	s.keys = make([]uint64, hashSetMin)
	s.counts = make([]int32, hashSetMin)
	s.touched = make([]int32, 0, hashSetMin/2)
	for i := range s.counts {
		s.counts[i] = -1
	}
}

func (s *hashSet) reset() {
	if len(s.touched) < len(s.counts)/8 {
		for _, i := range s.touched {
			s.counts[i] = -1
		}
	} else {
		for i := range s.counts {
			s.counts[i] = -1
		}
	}
	s.touched = s.touched[:0]
	s.used, s.live = 0, 0
}

// add adds h and returns its count before.
func (s *hashSet) add(h uint64) int32 {
	mask := uint64(len(s.keys) - 1)
	tomb := -1
	i := h & mask
	for ; ; i = (i + 1) & mask {
		c := s.counts[i]
		if c < 0 {
			break
		}
		if s.keys[i] == h {
			if c == 0 {
				s.live++
			}
			s.counts[i] = c + 1
			return c
		}
		if c == 0 && tomb < 0 {
			tomb = int(i)
		}
	}
	s.live++
	if tomb >= 0 {
		s.keys[tomb], s.counts[tomb] = h, 1
		return 0
	}
	s.keys[i], s.counts[i] = h, 1
	s.touched = append(s.touched, int32(i))
	s.used++
	if s.used*2 > len(s.keys) {
		s.grow()
	}
	return 0
}

func (s *hashSet) remove(h uint64) {
	mask := uint64(len(s.keys) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		c := s.counts[i]
		if c < 0 {
			return
		}
		if s.keys[i] == h {
			if c > 0 {
				s.counts[i] = c - 1
				if c == 1 {
					s.live--
				}
			}
			return
		}
	}
}

// grow rehashes the live keys into a table at least four times their number.
func (s *hashSet) grow() {
	n := hashSetMin
	for n < 4*s.live {
		n *= 2
	}
	keys, counts := s.keys, s.counts
	s.keys = make([]uint64, n)
	s.counts = make([]int32, n)
	for i := range s.counts {
		s.counts[i] = -1
	}
	s.touched = s.touched[:0]
	s.used, s.live = 0, 0
	mask := uint64(n - 1)
	for j, c := range counts {
		if c <= 0 {
			continue
		}
		i := keys[j] & mask
		for s.counts[i] >= 0 {
			i = (i + 1) & mask
		}
		s.keys[i], s.counts[i] = keys[j], c
		s.touched = append(s.touched, int32(i))
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
