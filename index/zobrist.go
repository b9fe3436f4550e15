package index

import (
	"sync"

	"github.com/sgf-toolkit/sgf/collection"
	"github.com/sgf-toolkit/sgf/games/gogame"
)

// MaxSize is the largest board the index replays (52x52, as FF[4] allows).
const MaxSize = gogame.MaxSize

// zobristTable holds one fixed random key per colour and point (y*MaxSize
// + x). The keys come from a fixed seed: hashes stored in a database must
// not change between runs or versions (the schema version would have to).
// The table is made on first use (a hash of a board takes it once), not
// at every start of the process: commands that do not touch an index do
// not pay for it (146,000 instructions, 11 fresh pages).
type zobristTable = [2][MaxSize * MaxSize]uint64

var zobristKeys = sync.OnceValue(func() *zobristTable {
	z := new(zobristTable)
	s := uint64(0x7367662d696e6478) // "sgf-indx"
	for c := range z {
		for i := range z[c] {
			s += 0x9e3779b97f4a7c15
			z[c][i] = mix(s)
		}
	}
	return z
})

// mix is the SplitMix64 finaliser.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// sizeKey separates the hashes of boards of different sizes.
func sizeKey(cols, rows int) uint64 { return mix(uint64(cols)<<16 | uint64(rows) | 1<<40) }

// Transform maps (x, y) by symmetry k (0-7) of a cols x rows board, as the
// index numbers its symmetries: bit 2 transposes, bit 0 mirrors
// left-right, bit 1 mirrors top-bottom (after the transposition).
// Symmetry 0 is the identity. (bench/index/tenfold writes its variants of
// a collection with it, so that a search's hits over them are known.) It
// is collection.Transform, which numbers the symmetries of duplicates so.
func Transform(k, x, y, cols, rows int) (int, int) { return collection.Transform(k, x, y, cols, rows) }

// symHash keeps the Zobrist hash of a board under each of its symmetries,
// updated stone by stone.
type symHash struct {
	cols, rows, n int
	h             [8]uint64
	keys          [8][]int32 // keys[k][y*cols+x]: the key index of the transformed point
	zob           *zobristTable
}

func newSymHash(cols, rows int) *symHash {
	s := &symHash{cols: cols, rows: rows, n: collection.Symmetries(cols, rows), zob: zobristKeys()}
	for k := 0; k < s.n; k++ {
		s.keys[k] = make([]int32, cols*rows)
		for y := 0; y < rows; y++ {
			for x := 0; x < cols; x++ {
				tx, ty := Transform(k, x, y, cols, rows)
				s.keys[k][y*cols+x] = int32(ty*MaxSize + tx)
			}
		}
	}
	return s
}

// toggle adds or removes a stone of colour c (1 black, 2 white) at point i.
func (s *symHash) toggle(i int, c int8) {
	z := &s.zob[c-1]
	for k := 0; k < s.n; k++ {
		s.h[k] ^= z[s.keys[k][i]]
	}
}

// canonical returns the smallest of the symmetric hashes, with the board
// size mixed in: equal for a position and its rotations and reflections.
func (s *symHash) canonical() uint64 {
	m := s.h[0]
	for k := 1; k < s.n; k++ {
		m = min(m, s.h[k])
	}
	return m ^ sizeKey(s.cols, s.rows)
}

// canonicalHash returns the canonical hash of a board given as cells
// (0 empty, 1 black, 2 white, row by row); with swap, of the board with the
// colours swapped.
func canonicalHash(cells []int8, cols, rows int, swap bool) uint64 {
	s := newSymHash(cols, rows)
	for i, c := range cells {
		if c == 0 {
			continue
		}
		if swap {
			c = 3 - c
		}
		s.toggle(i, c)
	}
	return s.canonical()
}
