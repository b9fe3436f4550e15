package index

// CornerSize is the side of the corner regions whose positions an index
// made with corners (UpdateOptions.Corners) keeps: 7x7, the area of most
// joseki.
const CornerSize = 7

// cornerKey separates the hashes of corner regions from those of whole
// boards (whose hashes mix in the board size instead).
var cornerKey = mix(CornerSize | 1<<50)

// cornerHash keeps the hashes of the four corner regions of a board, each
// seen from its corner (as if it were the upper left one) and transposed,
// updated stone by stone.
type cornerHash struct {
	cols, rows int
	h          [4][2]uint64
	stones     [4]int
	zob        *zobristTable
}

func newCornerHash(cols, rows int) *cornerHash {
	if cols < CornerSize || rows < CornerSize {
		return nil
	}
	return &cornerHash{cols: cols, rows: rows, zob: zobristKeys()}
}

// cornerCoords returns the coordinates of (x, y) seen from corner k (bit 0:
// right, bit 1: bottom), and whether it lies in that corner's region.
func cornerCoords(k, x, y, cols, rows int) (u, v int, ok bool) {
	u, v = x, y
	if k&1 != 0 {
		u = cols - 1 - x
	}
	if k&2 != 0 {
		v = rows - 1 - y
	}
	return u, v, u < CornerSize && v < CornerSize
}

// toggle adds or removes a stone of colour c at (x, y); it returns the
// corners it changed as a bit set.
func (ch *cornerHash) toggle(x, y int, c int8, add bool) (changed int) {
	z := &ch.zob[c-1]
	for k := 0; k < 4; k++ {
		u, v, ok := cornerCoords(k, x, y, ch.cols, ch.rows)
		if !ok {
			continue
		}
		ch.h[k][0] ^= z[v*MaxSize+u]
		ch.h[k][1] ^= z[u*MaxSize+v]
		if add {
			ch.stones[k]++
		} else {
			ch.stones[k]--
		}
		changed |= 1 << k
	}
	return changed
}

// canonical returns the canonical hash of corner k.
func (ch *cornerHash) canonical(k int) uint64 {
	return min(ch.h[k][0], ch.h[k][1]) ^ cornerKey
}

// transposed reports whether corner k's canonical hash is that of the
// corner transposed (strictly smaller than the untransposed one).
func (ch *cornerHash) transposed(k int) bool { return ch.h[k][1] < ch.h[k][0] }

// cornerPatternHashes returns the canonical corner hashes of a pattern that
// is a whole corner region (CornerSize square, only X, O and ., its two
// edges on the board's edges), with colours as given and swapped; ok is
// false for any other pattern.
func cornerPatternHashes(p *Pattern) (h [2]uint64, ok bool) {
	c, ok := cornerPatternOf(p)
	return c.h, ok
}

// cornerPattern is a pattern that is a whole corner region: its corner k
// (bit 0 right, bit 1 bottom), and with colours as given and swapped its
// canonical hash and whether that is the hash of the region transposed.
type cornerPattern struct {
	k int
	h [2]uint64
	t [2]bool
}

func cornerPatternOf(p *Pattern) (c cornerPattern, ok bool) {
	if p.W != CornerSize || p.H != CornerSize || p.Anchor == AnchorFixed {
		return c, false
	}
	e, centre := p.edges()
	if centre || e.top == e.bottom || e.left == e.right {
		return c, false
	}
	if e.right {
		c.k |= 1
	}
	if e.bottom {
		c.k |= 2
	}
	for swap := 0; swap < 2; swap++ {
		ch := &cornerHash{cols: CornerSize, rows: CornerSize, zob: zobristKeys()}
		for i, cell := range p.Cells {
			var col int8
			switch cell {
			case 'X':
				col = 1
			case 'O':
				col = 2
			case '.':
				continue
			default:
				return c, false // a wildcard: the region is not one position
			}
			if swap == 1 {
				col = 3 - col
			}
			ch.toggle(i%CornerSize, i/CornerSize, col, true)
		}
		c.h[swap], c.t[swap] = ch.canonical(c.k), ch.transposed(c.k)
	}
	return c, true
}

// patternPoint maps a continuation byte's point (seen from the corner's
// canonical side) to the pattern's coordinates, for a corner position
// found by the hash of the pattern with colours as given (swap 0) or
// swapped (1). The position and the pattern are the same seen from their
// canonical sides; a transposition-symmetric pattern has one variant per
// corner, which sees it from its corner untransposed, as cornerNext does.
func (c *cornerPattern) patternPoint(next byte, swap int) (col int8, x, y int) {
	i := int(next) - 1
	col = int8(1 + i/(CornerSize*CornerSize))
	i %= CornerSize * CornerSize
	u, v := i%CornerSize, i/CornerSize
	if c.t[swap] {
		u, v = v, u
	}
	x, y, _ = cornerCoords(c.k, u, v, CornerSize, CornerSize) // its own inverse
	if swap == 1 {
		col = 3 - col
	}
	return col, x, y
}
