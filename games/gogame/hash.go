package gogame

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
}

const hashSetMin = 1024

func (s *hashSet) init() {
	s.keys = make([]uint64, hashSetMin)
	s.counts = make([]int32, hashSetMin)
	s.reset()
}

func (s *hashSet) reset() {
	for i := range s.counts {
		s.counts[i] = -1
	}
	s.used, s.live = 0, 0
}

func (s *hashSet) count(h uint64) int32 {
	mask := uint64(len(s.keys) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		switch c := s.counts[i]; {
		case c < 0:
			return 0
		case s.keys[i] == h:
			return c
		}
	}
}

func (s *hashSet) add(h uint64) {
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
			return
		}
		if c == 0 && tomb < 0 {
			tomb = int(i)
		}
	}
	s.live++
	if tomb >= 0 {
		s.keys[tomb], s.counts[tomb] = h, 1
		return
	}
	s.keys[i], s.counts[i] = h, 1
	s.used++
	if s.used*2 > len(s.keys) {
		s.grow()
	}
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
	s.reset()
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
		s.used++
		s.live++
	}
}
