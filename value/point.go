package value

import (
	"slices"
	"strconv"
)

// MaxBoard is the largest number of columns or rows a Go point can address
// in FF[4]: 'a'..'z' are 1..26 and 'A'..'Z' are 27..52.
const MaxBoard = 52

// A Point is a Go (GM[1]) point: X is the 0-based column counted from the
// left, Y the 0-based row counted from the top. "aa" is {0, 0}, "cd" is
// {2, 3}, "Aa" is {26, 0}.
type Point struct{ X, Y int }

// In reports whether p lies on a board of cols columns and rows rows.
func (p Point) In(cols, rows int) bool {
	return p.X >= 0 && p.Y >= 0 && p.X < cols && p.Y < rows
}

// String returns the SGF form of p ("cd").
func (p Point) String() string { return string(AppendPoint(nil, p)) }

// Coord returns the 0-based coordinate of an SGF point letter ('a'..'z'
// 0..25, 'A'..'Z' 26..51), or -1 for any other byte. It is a table look-up,
// for the readers' fast paths of two-letter points (package sgf's decoder
// and TreeView, gogame's PlaySGF and SetupSGF).
func Coord(c byte) int { return int(coords[c]) }

var coords = func() (t [256]int8) {
	for i := range t {
		t[i] = -1
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c] = int8(c - 'a')
	}
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = int8(c-'A') + 26
	}
	return t
}()

// letter is the inverse of coord; it gives '?' for coordinates outside
// 0..51, which ParsePoint rejects.
func letter(v int) byte {
	switch {
	case 0 <= v && v < 26:
		return byte('a' + v)
	case 26 <= v && v < MaxBoard:
		return byte('A' + v - 26)
	}
	return '?'
}

// ParsePoint parses a Go point: exactly two letters, column then row. It
// does not know the board size: see [Point.In] and [ParseMove].
func ParsePoint(raw []byte) (Point, error) {
	if len(raw) == 2 {
		if x, y := Coord(raw[0]), Coord(raw[1]); x >= 0 && y >= 0 {
			return Point{x, y}, nil
		}
	}
	s := unescape(raw)
	if len(s) != 2 {
		return Point{}, syntaxError("Point", raw)
	}
	x, y := Coord(s[0]), Coord(s[1])
	if x < 0 || y < 0 {
		return Point{}, syntaxError("Point", raw)
	}
	return Point{x, y}, nil
}

// AppendPoint appends the two letters of p to dst. A coordinate outside
// 0..51 cannot be written and comes out as '?', which ParsePoint rejects.
func AppendPoint(dst []byte, p Point) []byte {
	return append(dst, letter(p.X), letter(p.Y))
}

// BoardMove reads the common Go move, two letters naming a point of a
// board of cols x rows, as ParseMove does; ok is false for any other value
// (the pass, "tt", escapes, a point off the board), which ParseMove reads
// or rejects. It is the readers' fast path, small enough to be inlined:
// package sgf's Decoder and TreeView, gogame's PlaySGF and sgf check's
// rules read moves with it.
func BoardMove(raw []byte, cols, rows int) (x, y int, ok bool) {
	if len(raw) != 2 {
		return 0, 0, false
	}
	// "tt", the pass on boards up to 19x19, is never on such a board.
	x, y = Coord(raw[0]), Coord(raw[1])
	return x, y, x >= 0 && y >= 0 && x < cols && y < rows
}

// ParseMove parses a Go move on a board of cols x rows. pass is true for
// the empty value (FF[4] pass) and for "tt" when the board is at most 19x19
// (the FF[3] pass that FF[4] keeps for compatibility); then p is the zero
// Point. A point off the board is an error wrapping [ErrRange], returned
// together with the point.
func ParseMove(raw []byte, cols, rows int) (p Point, pass bool, err error) {
	if x, y, ok := BoardMove(raw, cols, rows); ok {
		return Point{x, y}, false, nil
	}
	if len(raw) == 0 {
		return Point{}, true, nil
	}
	p, err = ParsePoint(raw)
	if err != nil {
		err.(*Error).Type = "Move"
		return Point{}, false, err
	}
	if p == (Point{19, 19}) && cols <= 19 && rows <= 19 {
		return Point{}, true, nil
	}
	if !p.In(cols, rows) {
		return p, false, rangeError("Move", raw)
	}
	return p, false, nil
}

// CorrectMove reads raw, a Go move on a board of cols x rows that
// [ParseMove] rejects, as sgf check corrects it without loss (C03, as SGFC
// corrects it, message 15): written with white space in it ("B[ dd ]",
// "B[p d]", "B[t t]"), the move without the white space ([StripSpace]),
// which fixed holds as check writes it. ok is false for any other value:
// one without white space, one that is only white space ("B[ ]", which
// check deletes: it is no pass), and one that is still no move of the
// board without it ("B[ zz ]" on 19x19). It is the one correction of a
// move: sgf check's, and that of every reader through [ReadMove].
func CorrectMove(raw []byte, cols, rows int) (fixed []byte, p Point, pass, ok bool) {
	s := StripSpace(raw)
	if len(s) == len(raw) || len(s) == 0 {
		return nil, Point{}, false, false
	}
	p, pass, err := ParseMove(s, cols, rows)
	if err != nil {
		return nil, Point{}, false, false
	}
	return s, p, pass, true
}

// ReadMove reads raw, a Go move on a board of cols x rows, as every reader
// of the module reads it (sgf.Node.Move, sgf.Cursor and gogame.PlaySGF,
// sgf check's replay, the duplicate signatures and the index): as
// [ParseMove] parses it, else as sgf check corrects it without loss
// ([CorrectMove]: "B[ dd ]" is dd). Otherwise the result is ParseMove's,
// a point off the board included.
func ReadMove(raw []byte, cols, rows int) (p Point, pass bool, err error) {
	p, pass, err = ParseMove(raw, cols, rows)
	if err != nil {
		if _, q, qpass, ok := CorrectMove(raw, cols, rows); ok {
			return q, qpass, nil
		}
	}
	return p, pass, err
}

// CorrectPoint reads raw, a Go point that [ParsePoint] rejects, as sgf
// check corrects it without loss (C03, as SGFC does): written with white
// space in it ("AB[ dd ]", "AB[d d]"), the point without the white space
// ([StripSpace]), which fixed holds as check writes it. ok is false for
// any other value. It is the one correction of a point: sgf check's, and
// that of every reader through [ReadListValue] and [ExpandPointList].
func CorrectPoint(raw []byte) (fixed []byte, p Point, ok bool) {
	s := StripSpace(raw)
	if len(s) == len(raw) {
		return nil, Point{}, false
	}
	p, err := ParsePoint(s)
	if err != nil {
		return nil, Point{}, false
	}
	return s, p, true
}

// ReadListValue reads raw, one value of a Go list of points (AB, AW, AE,
// TR, VW, ...), as every reader of the module reads it: a point "xy"
// (composed false, b == a), or a rectangle "ul:lr" (composed; a and b
// its corners as written, in any order, possibly equal). Each point is
// read as [ParsePoint] parses it, else as sgf check corrects it without
// loss ([CorrectPoint]: "AB[d d]", "AB[dd : ee]"), and spaced is set. err
// is ParsePoint's syntax error for any other value. The board is not
// looked at: a value with a point off the board names no point of it
// (see [ExpandPointList]).
func ReadListValue(raw []byte) (a, b Point, composed, spaced bool, err error) {
	l, r, composed := SplitCompose(raw)
	a, spaced, err = readListPoint(l)
	if err != nil || !composed {
		return a, a, composed, spaced, err
	}
	b, sb, err := readListPoint(r)
	return a, b, true, spaced || sb, err
}

// readListPoint reads one point of a list value, as ReadListValue says.
func readListPoint(raw []byte) (Point, bool, error) {
	p, err := ParsePoint(raw)
	if err == nil {
		return p, false, nil
	}
	if _, q, ok := CorrectPoint(raw); ok {
		return q, true, nil
	}
	return Point{}, false, err
}

// AppendMove appends a Go move to dst: nothing for a pass (the FF[4] form),
// the point's letters otherwise.
func AppendMove(dst []byte, p Point, pass bool) []byte {
	if pass {
		return dst
	}
	return AppendPoint(dst, p)
}

// ParsePointPair parses a composed "point:point" value, as AR and LN hold
// (from, to). A one-point arrow or line ("cc:cc"), which the spec makes
// illegal, returns both points and an error wrapping [ErrRange].
func ParsePointPair(raw []byte) (from, to Point, err error) {
	l, r, ok := SplitCompose(raw)
	if !ok {
		return Point{}, Point{}, syntaxError("PointPair", raw)
	}
	from, err1 := ParsePoint(l)
	to, err2 := ParsePoint(r)
	if err1 != nil || err2 != nil {
		return Point{}, Point{}, syntaxError("PointPair", raw)
	}
	if from == to {
		return from, to, rangeError("PointPair", raw)
	}
	return from, to, nil
}

// AppendPointPair appends "from:to" to dst.
func AppendPointPair(dst []byte, from, to Point) []byte {
	dst = AppendPoint(dst, from)
	dst = append(dst, ':')
	return AppendPoint(dst, to)
}

// A Rect is a rectangle of Go points from Min (upper left) to Max (lower
// right), both included. A Rect with Min == Max is a single point.
type Rect struct{ Min, Max Point }

// AppendRect appends r in compressed point list form: "xy" for a single
// point, "ul:lr" otherwise.
func AppendRect(dst []byte, r Rect) []byte {
	dst = AppendPoint(dst, r.Min)
	if r.Max == r.Min {
		return dst
	}
	dst = append(dst, ':')
	return AppendPoint(dst, r.Max)
}

// Len returns the number of points in r (0 when Max is left of or above Min).
func (r Rect) Len() int {
	w, h := r.Max.X-r.Min.X+1, r.Max.Y-r.Min.Y+1
	if w <= 0 || h <= 0 {
		return 0
	}
	return w * h
}

// ListProblemKind says what is wrong with one value of a point list.
type ListProblemKind uint8

// The problems [ExpandPointList] reports.
const (
	// ListSyntax: the value is not a point nor "point:point"; it is skipped.
	ListSyntax ListProblemKind = iota + 1
	// ListDuplicate: the point was already listed (alone or in a
	// rectangle); it is kept once. Point is the duplicate.
	ListDuplicate
	// ListOneByOne: a rectangle of a single point ("aa:aa"); the point is
	// kept. The spec: "1x1 Rectangles are illegal".
	ListOneByOne
	// ListCorners: the first point of a rectangle is not its upper left
	// corner nor the second its lower right ("cc:aa", "ac:ca"); the
	// rectangle the two corners span is kept.
	ListCorners
	// ListOffBoard: a point of the value is off the board; the value is
	// dropped, a rectangle whole ("AB[aa:zz]" on 19x19 sets no stone).
	// Point is the first such point of the value, in the order of its
	// points. It is how sgf check reads such a value, and SGFC: an
	// illegal value, deleted (C03); so the points every reader sees (the
	// Cursor, the diagrams and the viewer, sgf dupes, the index) are
	// those of the file that sgf fix writes.
	ListOffBoard
	// ListWhiteSpace: the value has white space in a point ("AB[d d]",
	// "AB[dd : ee]"); it is read without it, as sgf check corrects it
	// without loss (C03; [CorrectPoint]). The points are kept.
	ListWhiteSpace
)

var listProblemNames = [...]string{
	ListSyntax:     "not a point or rectangle",
	ListDuplicate:  "duplicate point",
	ListOneByOne:   "1x1 rectangle",
	ListCorners:    "rectangle corners not upper-left:lower-right",
	ListOffBoard:   "point off the board",
	ListWhiteSpace: "white space in a point",
}

func (k ListProblemKind) String() string {
	if int(k) < len(listProblemNames) && listProblemNames[k] != "" {
		return listProblemNames[k]
	}
	return "ListProblemKind(" + strconv.Itoa(int(k)) + ")"
}

// A ListProblem is one problem found in a point list. Index is the index of
// the value in the list; Point is the point concerned, where there is one.
type ListProblem struct {
	Index int
	Kind  ListProblemKind
	Point Point
}

// ExpandPointList expands a (compressed) list of point values, each raw
// (escapes intact): "xy" or "ul:lr", on a board of cols x rows, each value
// read as every reader reads it ([ReadListValue], [ListRect]). The points
// come in list order, a rectangle row by row from its top, each row left
// to right; each point comes once.
//
// Faults do not stop the expansion: they are reported as problems, in list
// order, and the points that can be read are returned (see
// [ListProblemKind] for what happens to each fault). An empty list returns
// no points and no problems; an empty value in a list is a ListSyntax
// problem (an elist's lone "[]" is the caller's to recognise).
func ExpandPointList(values [][]byte, cols, rows int) (points []Point, problems []ListProblem) {
	cols, rows = min(max(cols, 0), MaxBoard), min(max(rows, 0), MaxBoard)
	var seen [(MaxBoard*MaxBoard + 63) / 64]uint64 // bit y*MaxBoard+x
	points = make([]Point, 0, len(values))
	for i, raw := range values {
		a, b, composed, spaced, err := ReadListValue(raw)
		if err != nil {
			problems = append(problems, ListProblem{Index: i, Kind: ListSyntax})
			continue
		}
		r, ok := Rect{}, false
		if r, ok, problems = ListRect(i, a, b, composed, spaced, cols, rows, problems); !ok {
			continue
		}
		for y := r.Min.Y; y <= r.Max.Y; y++ {
			for x := r.Min.X; x <= r.Max.X; x++ {
				p := Point{x, y}
				bit := y*MaxBoard + x
				if seen[bit/64]&(1<<(bit%64)) != 0 {
					problems = append(problems, ListProblem{i, ListDuplicate, p})
					continue
				}
				seen[bit/64] |= 1 << (bit % 64)
				points = append(points, p)
			}
		}
	}
	return points, problems
}

// ListRect returns the points on a board of cols x rows that value i of a
// Go list of points names, read as [ReadListValue] reads it (a, b,
// composed, spaced): the point, or the rectangle its two corners span,
// whatever their order; ok is false when a point of it is off the board,
// and then the value names none (ListOffBoard: "AB[aa:zz]" on 19x19
// sets no stone, as sgf check and SGFC delete it). It appends the value's
// problems to problems and returns them: ListWhiteSpace, ListOneByOne,
// ListCorners, ListOffBoard; a point listed twice (ListDuplicate) is the
// caller's to find as it adds the points. With ReadListValue it is the
// one reading of such a value: that of ExpandPointList, of sgf.Decoder
// (Prop.Points) and of sgf check's replay.
func ListRect(i int, a, b Point, composed, spaced bool, cols, rows int, problems []ListProblem) (r Rect, ok bool, _ []ListProblem) {
	if spaced {
		problems = append(problems, ListProblem{i, ListWhiteSpace, a})
	}
	if composed {
		switch {
		case a == b:
			problems = append(problems, ListProblem{i, ListOneByOne, a})
		case a.X > b.X || a.Y > b.Y:
			problems = append(problems, ListProblem{i, ListCorners, a})
		}
	}
	r = Rect{Point{min(a.X, b.X), min(a.Y, b.Y)}, Point{max(a.X, b.X), max(a.Y, b.Y)}}
	if !r.Max.In(cols, rows) {
		// The first point off the board, row by row from the top.
		off := r.Min
		switch {
		case !off.In(cols, rows):
		case r.Max.X >= cols:
			off.X = cols
		default:
			off.Y = rows
		}
		return Rect{}, false, append(problems, ListProblem{i, ListOffBoard, off})
	}
	return r, true, problems
}

// CompressPointList returns a partition of the given points into
// rectangles: every point is in exactly one Rect, duplicates in the input
// are counted once. The rectangles are sorted by upper left corner, top to
// bottom then left to right, and can be written with [AppendRect].
//
// What "smallest" it guarantees: the result has no more rectangles than
// the points have maximal horizontal runs (stretches of adjacent points in
// one row), and no more than they have maximal vertical runs. It is made
// both ways (runs of each row merged with identical runs below; runs of
// each column merged with identical runs to the right) and the smaller is
// kept. So a full rectangle is one Rect, an L two, a plus or an H three, a
// ring four (each the minimum). It is not guaranteed to be the minimum
// partition for every shape: that needs a bipartite matching over the
// shape's concave corners, which this function does not attempt.
//
// Points outside the 52x52 range that point letters can address are not
// merged: each is returned as its own single-point Rect at the end, so
// that nothing is dropped (AppendPoint writes such a point as "??").
func CompressPointList(points []Point) []Rect {
	var grid [(MaxBoard*MaxBoard + 63) / 64]uint64
	var outside []Rect
	w, h := 0, 0 // bounding box of the points in range
	for _, p := range points {
		if !p.In(MaxBoard, MaxBoard) {
			if !slices.Contains(outside, Rect{p, p}) {
				outside = append(outside, Rect{p, p})
			}
			continue
		}
		bit := p.Y*MaxBoard + p.X
		grid[bit/64] |= 1 << (bit % 64)
		w, h = max(w, p.X+1), max(h, p.Y+1)
	}
	has := func(x, y int) bool {
		bit := y*MaxBoard + x
		return grid[bit/64]&(1<<(bit%64)) != 0
	}
	rows := mergeRuns(h, w, func(major, minor int) bool { return has(minor, major) })
	cols := mergeRuns(w, h, func(major, minor int) bool { return has(major, minor) })
	best := cols // already in (x, y) form
	if len(rows) <= len(cols) {
		best = rows
		for i, r := range best { // (y, x) -> (x, y)
			best[i] = Rect{Point{r.Min.Y, r.Min.X}, Point{r.Max.Y, r.Max.X}}
		}
	}
	// Sort by upper left corner.
	slices.SortFunc(best, func(a, b Rect) int {
		if a.Min.Y != b.Min.Y {
			return a.Min.Y - b.Min.Y
		}
		return a.Min.X - b.Min.X
	})
	return append(best, outside...)
}

// mergeRuns partitions the set has(major, minor), major < majors and
// minor < minors, into rectangles: it finds the maximal runs along minor in
// each major line and merges a run with an identical run in the next line.
// The Rects it returns are in (major, minor) form: Min.X and Max.X are
// major coordinates.
func mergeRuns(majors, minors int, has func(major, minor int) bool) []Rect {
	type run struct{ lo, hi, rect int }
	var out []Rect
	var open, next []run // runs of the previous and the current line
	for major := range majors {
		next = next[:0]
		k := 0 // open[:k] lie left of the current run
		for minor := 0; minor < minors; {
			if !has(major, minor) {
				minor++
				continue
			}
			lo := minor
			for minor < minors && has(major, minor) {
				minor++
			}
			hi := minor - 1
			for k < len(open) && open[k].lo < lo {
				k++
			}
			if k < len(open) && open[k].lo == lo && open[k].hi == hi {
				out[open[k].rect].Max.X = major
				next = append(next, open[k])
			} else {
				next = append(next, run{lo, hi, len(out)})
				out = append(out, Rect{Point{major, lo}, Point{major, hi}})
			}
		}
		open, next = next, open
	}
	return out
}
