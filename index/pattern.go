package index

import (
	"errors"
	"fmt"
	"strings"
)

// ErrPattern is wrapped by the errors of pattern parsing and checking.
var ErrPattern = errors.New("bad pattern")

// The contents a pattern cell asks for, in Kombilo's characters.
const (
	CellBlack        = 'X' // a black stone
	CellWhite        = 'O' // a white stone
	CellEmpty        = '.' // an empty point
	CellBlackOrEmpty = 'x' // black or empty
	CellWhiteOrEmpty = 'o' // white or empty
	CellAny          = '*' // anything
)

// A Pattern is a rectangle of cells to find on a board.
type Pattern struct {
	W, H  int
	Cells []byte // W*H cells, row by row, top row first: X O . x o *

	// Board is the size of the board the pattern was taken from (from an
	// SGF file or a whole-board position); 0 when it may match any board
	// (text patterns).
	Cols, Rows int
	// X, Y is where the pattern lies on that board, and Anchor how it may
	// move (see Anchor).
	X, Y   int
	Anchor Anchor
	// anySize: Cols and Rows only place the edges (a diagram): the
	// pattern is found on boards of any size.
	anySize bool

	// Sequence are moves to find after the pattern, in the pattern's
	// coordinates (colour 1 black, 2 white).
	Sequence []SeqMove
}

// A SeqMove is a move of a sequence, in pattern coordinates.
type SeqMove struct {
	Color int8 // 1 black, 2 white
	X, Y  int
}

// Anchor says where a pattern may be found.
type Anchor int

// The anchors. The zero Anchor chooses from the pattern: a pattern that
// touches two edges of its board is a corner pattern, one edge a side
// pattern, none is found anywhere; a text pattern is found anywhere.
const (
	AnchorAuto     Anchor = iota
	AnchorCorner          // the pattern's top and left (for text; else the edges it touches) on edges of the board
	AnchorSide            // the pattern's top (for text; else the edge it touches) on an edge, sliding along it
	AnchorCentre          // touching no edge
	AnchorAnywhere        // any placement
	AnchorFixed           // exactly where it is on its board (no symmetry, as given)
)

// ParseAnchor reads the names of --anchor: corner, side, centre (or
// center), anywhere, fixed.
func ParseAnchor(s string) (Anchor, error) {
	switch s {
	case "", "auto":
		return AnchorAuto, nil
	case "corner":
		return AnchorCorner, nil
	case "side", "edge":
		return AnchorSide, nil
	case "centre", "center":
		return AnchorCentre, nil
	case "anywhere", "any":
		return AnchorAnywhere, nil
	case "fixed":
		return AnchorFixed, nil
	}
	return 0, fmt.Errorf("%w: anchor %q: want corner, side, centre, anywhere or fixed", ErrPattern, s)
}

// ParsePatternText reads rows of Kombilo's characters (X O . x o *; also
// "," and "+" for empty), one row a line, or separated by "/" — the top row
// first. Spaces are ignored.
func ParsePatternText(s string) (*Pattern, error) {
	s = strings.ReplaceAll(s, "/", "\n")
	var rows []string
	for _, line := range strings.Split(s, "\n") {
		line = strings.Map(func(r rune) rune {
			switch r {
			case ' ', '\t', '\r':
				return -1
			case ',', '+':
				return '.'
			}
			return r
		}, line)
		if line != "" {
			rows = append(rows, line)
		}
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("%w: empty pattern", ErrPattern)
	}
	p := &Pattern{W: len(rows[0]), H: len(rows), Anchor: AnchorAuto}
	for i, r := range rows {
		if len(r) != p.W {
			return nil, fmt.Errorf("%w: row %d has %d cells, row 1 has %d: rows must be equally long", ErrPattern, i+1, len(r), p.W)
		}
		for j := 0; j < len(r); j++ {
			if !strings.ContainsRune("XO.xo*", rune(r[j])) {
				return nil, fmt.Errorf("%w: row %d: %q is none of X O . x o *", ErrPattern, i+1, r[j])
			}
		}
		p.Cells = append(p.Cells, r...)
	}
	return p, p.check()
}

// check refuses a pattern without a stone or larger than any board.
func (p *Pattern) check() error {
	if p.W < 1 || p.H < 1 {
		return fmt.Errorf("%w: empty pattern", ErrPattern)
	}
	if p.W > MaxSize || p.H > MaxSize {
		return fmt.Errorf("%w: %dx%d is larger than the largest board (%dx%d)", ErrPattern, p.W, p.H, MaxSize, MaxSize)
	}
	if p.Cols > 0 && (p.X < 0 || p.Y < 0 || p.X+p.W > p.Cols || p.Y+p.H > p.Rows) {
		return fmt.Errorf("%w: the region lies outside the %dx%d board", ErrPattern, p.Cols, p.Rows)
	}
	for _, c := range p.Cells {
		if c == CellBlack || c == CellWhite {
			return nil
		}
	}
	return fmt.Errorf("%w: the pattern has no stone (X or O): it would match everywhere", ErrPattern)
}

// String returns the pattern's rows separated by "/".
func (p *Pattern) String() string {
	var b strings.Builder
	for y := 0; y < p.H; y++ {
		if y > 0 {
			b.WriteByte('/')
		}
		b.Write(p.Cells[y*p.W : (y+1)*p.W])
	}
	return b.String()
}

// edges returns which sides of the pattern must lie on board edges.
type edges struct{ top, bottom, left, right bool }

func (p *Pattern) edges() (e edges, centre bool) {
	onBoard := edges{}
	if p.Cols > 0 {
		onBoard = edges{p.Y == 0, p.Y+p.H == p.Rows, p.X == 0, p.X+p.W == p.Cols}
	}
	n := 0
	for _, b := range []bool{onBoard.top, onBoard.bottom, onBoard.left, onBoard.right} {
		if b {
			n++
		}
	}
	switch p.Anchor {
	case AnchorCorner:
		if p.Cols > 0 && n >= 2 {
			return onBoard, false
		}
		return edges{top: true, left: true}, false
	case AnchorSide:
		if p.Cols > 0 && n >= 1 {
			return onBoard, false
		}
		return edges{top: true}, false
	case AnchorCentre:
		return edges{}, true
	case AnchorAnywhere:
		return edges{}, false
	}
	return onBoard, false // auto: the edges it touches
}

// variant is the pattern under one symmetry, colours maybe swapped.
type variant struct {
	sym    int
	swap   bool
	w, h   int
	cells  []byte
	e      edges
	centre bool
	toOrig []int     // variant cell -> pattern cell
	seq    []SeqMove // the sequence in variant coordinates and colours
	// blackAt and whiteAt are the cells that must be black and white, as
	// (column, row) in the variant
	blackAt, whiteAt [][2]int
	// stones are the same for matcher.candidates: a row of its table
	// (MaxSize*colour + row in the variant) and a column
	stones  []stoneAt
	fixedAt [2]int // AnchorFixed: the only placement
	// checks are the cells to compare, stones first (they fail soonest),
	// then empty points, then the wildcards that are not "*".
	checks []check
}

// stoneAt is a stone of a variant for matcher.candidates.
type stoneAt struct {
	row int
	dx  uint
}

type check struct {
	dx, dy int
	c      byte
	ok     uint8 // bit k set: a point of colour k (0, 1, 2) matches c
}

func swapCell(c byte) byte {
	switch c {
	case 'X':
		return 'O'
	case 'O':
		return 'X'
	case 'x':
		return 'o'
	case 'o':
		return 'x'
	}
	return c
}

// variants returns the distinct variants of p: 8 symmetries (1 for a
// fixed anchor), and the colours swapped unless fixedColor.
func (p *Pattern) variants(fixedColor bool) []*variant {
	e, centre := p.edges()
	nsym := 8
	if p.Anchor == AnchorFixed {
		nsym = 1
	}
	var out []*variant
	seen := map[string]bool{}
	for _, swap := range []bool{false, true} {
		if swap && fixedColor {
			break
		}
		for k := 0; k < nsym; k++ {
			w, h := p.W, p.H
			if k&4 != 0 {
				w, h = h, w
			}
			v := &variant{sym: k, swap: swap, w: w, h: h, cells: make([]byte, w*h), toOrig: make([]int, w*h), centre: centre}
			for y := 0; y < p.H; y++ {
				for x := 0; x < p.W; x++ {
					tx, ty := Transform(k, x, y, p.W, p.H)
					c := p.Cells[y*p.W+x]
					if swap {
						c = swapCell(c)
					}
					v.cells[ty*w+tx] = c
					v.toOrig[ty*w+tx] = y*p.W + x
				}
			}
			// The edges move with the pattern: map each side's middle.
			v.e = transformEdges(k, e)
			for _, m := range p.Sequence {
				tx, ty := Transform(k, m.X, m.Y, p.W, p.H)
				c := m.Color
				if swap {
					c = 3 - c
				}
				v.seq = append(v.seq, SeqMove{c, tx, ty})
			}
			for i, c := range v.cells {
				switch c {
				case 'X':
					v.blackAt = append(v.blackAt, [2]int{i % w, i / w})
				case 'O':
					v.whiteAt = append(v.whiteAt, [2]int{i % w, i / w})
				}
			}
			for _, c := range v.blackAt {
				v.stones = append(v.stones, stoneAt{c[1], uint(c[0])})
			}
			for _, c := range v.whiteAt {
				v.stones = append(v.stones, stoneAt{MaxSize + c[1], uint(c[0])})
			}
			v.fixedAt = [2]int{p.X, p.Y}
			for _, kinds := range []string{"XO", ".", "xo"} {
				for i, c := range v.cells {
					if strings.IndexByte(kinds, c) >= 0 {
						ck := check{dx: i % w, dy: i / w, c: c}
						for k := range int8(3) {
							if matchCell(c, k) {
								ck.ok |= 1 << k
							}
						}
						v.checks = append(v.checks, ck)
					}
				}
			}
			key := fmt.Sprint(w, h, string(v.cells), v.e, v.seq)
			if seen[key] {
				continue
			}
			seen[key] = true
			out = append(out, v)
		}
	}
	return out
}

// transformEdges maps the edge flags of a pattern by symmetry k.
func transformEdges(k int, e edges) edges {
	if k&4 != 0 {
		e = edges{top: e.left, bottom: e.right, left: e.top, right: e.bottom}
	}
	if k&1 != 0 {
		e.left, e.right = e.right, e.left
	}
	if k&2 != 0 {
		e.top, e.bottom = e.bottom, e.top
	}
	return e
}

// placements returns the upper left corners where v may lie on a board.
func (v *variant) placements(cols, rows int, fixed bool) [][2]int {
	if v.w > cols || v.h > rows {
		return nil
	}
	if fixed {
		x, y := v.fixedAt[0], v.fixedAt[1]
		if x+v.w > cols || y+v.h > rows {
			return nil
		}
		return [][2]int{{x, y}}
	}
	xs := span(v.e.left, v.e.right, cols-v.w, v.centre)
	ys := span(v.e.top, v.e.bottom, rows-v.h, v.centre)
	var out [][2]int
	for _, y := range ys {
		for _, x := range xs {
			out = append(out, [2]int{x, y})
		}
	}
	return out
}

// span returns the offsets 0..last allowed by the edge flags of one axis.
func span(lo, hi bool, last int, centre bool) []int {
	switch {
	case lo && hi:
		if last == 0 {
			return []int{0}
		}
		return nil
	case lo:
		return []int{0}
	case hi:
		return []int{last}
	}
	var out []int
	for i := 0; i <= last; i++ {
		if centre && (i == 0 || i == last) {
			continue
		}
		out = append(out, i)
	}
	return out
}

// matchCell reports whether a board point of colour c (0, 1, 2) matches a
// pattern cell.
func matchCell(p byte, c int8) bool {
	switch p {
	case 'X':
		return c == 1
	case 'O':
		return c == 2
	case '.':
		return c == 0
	case 'x':
		return c != 2
	case 'o':
		return c != 1
	}
	return true
}
