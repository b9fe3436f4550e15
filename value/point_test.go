package value

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestParsePoint(t *testing.T) {
	tests := []struct {
		raw  string
		want Point
		ok   bool
	}{
		// "a..z are 1..26 and A..Z are 27..52"
		{"aa", Point{0, 0}, true},
		{"cd", Point{2, 3}, true},
		{"ss", Point{18, 18}, true},
		{"zz", Point{25, 25}, true},
		{"Aa", Point{26, 0}, true},
		{"ZZ", Point{51, 51}, true},
		{"tt", Point{19, 19}, true},
		{"", Point{}, false},
		{"a", Point{}, false},
		{"abc", Point{}, false},
		{"a1", Point{}, false},
		{"c   c", Point{}, false},
		{"{a", Point{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.raw, func(t *testing.T) {
			got, err := ParsePoint([]byte(tt.raw))
			if got != tt.want || (err == nil) != tt.ok {
				t.Fatalf("ParsePoint(%q) = %v, %v", tt.raw, got, err)
			}
			if err != nil && !errors.Is(err, ErrSyntax) {
				t.Errorf("error %v does not wrap ErrSyntax", err)
			}
			if tt.ok && got.String() != tt.raw {
				t.Errorf("Point%v.String() = %q, want %q", got, got.String(), tt.raw)
			}
		})
	}
	if got := string(AppendPoint(nil, Point{52, -1})); got != "??" {
		t.Errorf("AppendPoint(off range) = %q, want ??", got)
	}
}

func TestParseMove(t *testing.T) {
	tests := []struct {
		raw        string
		cols, rows int
		want       Point
		pass       bool
		err        error
	}{
		// "A pass is written B[] (FF[4]) or B[tt] (... only on boards of
		// 19x19 or smaller)."
		{"", 19, 19, Point{}, true, nil},
		{"tt", 19, 19, Point{}, true, nil},
		{"tt", 9, 9, Point{}, true, nil},
		{"tt", 19, 13, Point{}, true, nil},
		{"tt", 21, 21, Point{19, 19}, false, nil},
		{"tt", 20, 19, Point{19, 19}, false, ErrRange},
		{"dd", 19, 19, Point{3, 3}, false, nil},
		{"jj", 9, 9, Point{9, 9}, false, ErrRange},
		{"ia", 9, 9, Point{8, 0}, false, nil},
		// rectangular board: 5 columns, 11 rows
		{"ak", 5, 11, Point{0, 10}, false, nil},
		{"ka", 5, 11, Point{10, 0}, false, ErrRange},
		{"90", 19, 19, Point{}, false, ErrSyntax},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s@%dx%d", tt.raw, tt.cols, tt.rows), func(t *testing.T) {
			p, pass, err := ParseMove([]byte(tt.raw), tt.cols, tt.rows)
			if p != tt.want || pass != tt.pass || !errors.Is(err, tt.err) || (err == nil) != (tt.err == nil) {
				t.Errorf("ParseMove = %v, %v, %v; want %v, %v, %v", p, pass, err, tt.want, tt.pass, tt.err)
			}
			if err == nil && !pass && string(AppendMove(nil, p, pass)) != tt.raw {
				t.Errorf("AppendMove = %q", AppendMove(nil, p, pass))
			}
		})
	}
	if got := AppendMove([]byte("x"), Point{3, 3}, true); string(got) != "x" {
		t.Errorf("AppendMove(pass) = %q, want empty", got)
	}
}

// TestBoardMove: the readers' fast path takes exactly the points of the
// board, as the spec's Go page defines moves ("tt" is a pass on boards up
// to 19x19), on every two-byte value and board shape, and ParseMove agrees.
func TestBoardMove(t *testing.T) {
	for _, sz := range [][2]int{{19, 19}, {9, 9}, {19, 20}, {20, 19}, {25, 25}, {52, 52}, {1, 1}, {0, 0}} {
		for a := range 256 {
			for b := range 256 {
				raw := []byte{byte(a), byte(b)}
				x, y, ok := BoardMove(raw, sz[0], sz[1])
				pt, err := ParsePoint(raw)
				tt := pt == Point{19, 19} && sz[0] <= 19 && sz[1] <= 19
				if want := err == nil && pt.In(sz[0], sz[1]) && !tt; ok != want || ok && (Point{x, y}) != pt {
					t.Fatalf("BoardMove(%q, %dx%d) = %d, %d, %v; the point %v, %v", raw, sz[0], sz[1], x, y, ok, pt, err)
				}
				p, pass, err := ParseMove(raw, sz[0], sz[1])
				if want := err == nil && !pass; ok != want || ok && p != pt {
					t.Fatalf("ParseMove(%q, %dx%d) = %v, %v, %v; BoardMove %v", raw, sz[0], sz[1], p, pass, err, ok)
				}
			}
		}
	}
	if _, _, ok := BoardMove([]byte("pdd"), 19, 19); ok {
		t.Error("three letters taken as a move")
	}
}

func TestParsePointPair(t *testing.T) {
	from, to, err := ParsePointPair([]byte("aa:cr"))
	if err != nil || from != (Point{0, 0}) || to != (Point{2, 17}) {
		t.Errorf("ParsePointPair(aa:cr) = %v, %v, %v", from, to, err)
	}
	if got := string(AppendPointPair(nil, from, to)); got != "aa:cr" {
		t.Errorf("AppendPointPair = %q", got)
	}
	// "It's illegal to specify a one point arrow, e.g. AR[cc:cc]"
	from, to, err = ParsePointPair([]byte("cc:cc"))
	if !errors.Is(err, ErrRange) || from != to || from != (Point{2, 2}) {
		t.Errorf("ParsePointPair(cc:cc) = %v, %v, %v; want the points and ErrRange", from, to, err)
	}
	for _, raw := range []string{"aa", "a a: c r", "aa:", ":bb", "aa:bb:cc"} {
		if _, _, err := ParsePointPair([]byte(raw)); !errors.Is(err, ErrSyntax) {
			t.Errorf("ParsePointPair(%q) error = %v, want ErrSyntax", raw, err)
		}
	}
}

func values(s ...string) [][]byte {
	out := make([][]byte, len(s))
	for i, v := range s {
		out[i] = []byte(v)
	}
	return out
}

func pts(s string) []Point {
	var out []Point
	for _, f := range strings.Fields(s) {
		p, err := ParsePoint([]byte(f))
		if err != nil {
			panic(err)
		}
		out = append(out, p)
	}
	return out
}

func TestExpandPointList(t *testing.T) {
	tests := []struct {
		name     string
		values   [][]byte
		cols     int
		rows     int
		want     []Point
		problems []ListProblem
	}{
		{"empty", nil, 19, 19, nil, nil},
		{"single points", values("aa", "bb"), 19, 19, pts("aa bb"), nil},
		// "AB[aa:cc] is the rectangle from the upper left point aa to the
		// lower right point cc (9 points)"
		{"rectangle", values("aa:cc"), 19, 19, pts("aa ba ca ab bb cb ac bc cc"), nil},
		{"mixed", values("dd", "aa:bb", "ee"), 19, 19, pts("dd aa ba ab bb ee"), nil},
		// "the points have to be unique, i.e. overlap and duplication are forbidden"
		{"duplicate point", values("aa", "bb", "aa"), 19, 19, pts("aa bb"),
			[]ListProblem{{2, ListDuplicate, Point{0, 0}}}},
		{"overlap", values("aa:bb", "bb:cb"), 19, 19, pts("aa ba ab bb cb"),
			[]ListProblem{{1, ListDuplicate, Point{1, 1}}}},
		// "1x1 Rectangles are illegal - they've to be listed as single point."
		{"1x1", values("cc:cc"), 19, 19, pts("cc"), []ListProblem{{0, ListOneByOne, Point{2, 2}}}},
		// "the first point specifies the upper left corner, the second
		// point the lower right corner"
		{"lr:ul", values("bb:aa"), 19, 19, pts("aa ba ab bb"), []ListProblem{{0, ListCorners, Point{1, 1}}}},
		{"ur:ll", values("ba:ab"), 19, 19, pts("aa ba ab bb"), []ListProblem{{0, ListCorners, Point{1, 0}}}},
		{"off board point", values("aa", "jj"), 9, 9, pts("aa"), []ListProblem{{1, ListOffBoard, Point{9, 9}}}},
		// A rectangle partly off the board is dropped whole, as sgf check
		// and SGFC delete it (C03): before, its points on the board were
		// kept, and the Cursor's board had stones that sgf fix deletes.
		{"rectangle partly off board", values("hh:jj", "aa"), 9, 9, pts("aa"), []ListProblem{{0, ListOffBoard, Point{9, 7}}}},
		{"rectangle off board below", values("ah:bj"), 9, 9, nil, []ListProblem{{0, ListOffBoard, Point{0, 9}}}},
		{"rectangle off board", values("jj:kk"), 9, 9, nil, []ListProblem{{0, ListOffBoard, Point{9, 9}}}},
		{"rectangle corners swapped off board", values("jb:aa"), 9, 9, nil, []ListProblem{{0, ListCorners, Point{9, 1}}, {0, ListOffBoard, Point{9, 0}}}},
		// White space in a point is read without it, as sgf check
		// corrects it (C03, CorrectPoint); before, such a value was
		// skipped (ListSyntax).
		{"white space", values(" dd ", "e e", `aa : b\b`), 19, 19, pts("dd ee aa ba ab bb"),
			[]ListProblem{{0, ListWhiteSpace, Point{3, 3}}, {1, ListWhiteSpace, Point{4, 4}}, {2, ListWhiteSpace, Point{0, 0}}}},
		{"white space only", values(" ", "a a a"), 19, 19, nil,
			[]ListProblem{{0, ListSyntax, Point{}}, {1, ListSyntax, Point{}}}},
		{"syntax", values("aa", "", "a", "aa:b", "bb"), 19, 19, pts("aa bb"),
			[]ListProblem{{1, ListSyntax, Point{}}, {2, ListSyntax, Point{}}, {3, ListSyntax, Point{}}}},
		{"rectangular board", values("aa:ek"), 5, 11, nil, nil},
		// SGFC test.sgf: AB[ss][rs] on 19x19 is fine, written back as rs:ss.
		{"sgfc", values("ss", "rs"), 19, 19, pts("ss rs"), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, problems := ExpandPointList(tt.values, tt.cols, tt.rows)
			if tt.name == "rectangular board" {
				if len(got) != 55 || len(problems) != 0 {
					t.Errorf("got %d points, %v; want 55 points", len(got), problems)
				}
				return
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("points = %v, want %v", got, tt.want)
			}
			if !slices.Equal(problems, tt.problems) {
				t.Errorf("problems = %v, want %v", problems, tt.problems)
			}
		})
	}
}

func TestListProblemKindString(t *testing.T) {
	for k := ListSyntax; k <= ListWhiteSpace; k++ {
		if s := k.String(); s == "" || strings.HasPrefix(s, "ListProblemKind(") {
			t.Errorf("kind %d has no name", k)
		}
	}
	if s := ListProblemKind(99).String(); s != "ListProblemKind(99)" {
		t.Errorf("String() = %q", s)
	}
}

func rectsString(rs []Rect) string {
	var b []byte
	for i, r := range rs {
		if i > 0 {
			b = append(b, ' ')
		}
		b = AppendRect(b, r)
	}
	return string(b)
}

// grid turns a picture ("X" for a point) into points.
func grid(rows ...string) []Point {
	var out []Point
	for y, row := range rows {
		for x, c := range row {
			if c == 'X' {
				out = append(out, Point{x, y})
			}
		}
	}
	return out
}

func TestCompressPointList(t *testing.T) {
	tests := []struct {
		name   string
		points []Point
		want   string
	}{
		{"empty", nil, ""},
		{"single", pts("dd"), "dd"},
		{"duplicates", pts("dd dd dd"), "dd"},
		{"rectangle", pts("aa ba ca ab bb cb ac bc cc"), "aa:cc"},
		{"row", grid("XXXX"), "aa:da"},
		{"column", grid("X", "X", "X"), "aa:ac"},
		{"L", grid(
			"X..",
			"X..",
			"XXX"), "aa:ab ac:cc"},
		{"U", grid(
			"X.X",
			"X.X",
			"XXX"), "aa:ab ca:cb ac:cc"},
		{"H: column-wise wins", grid(
			"X.X",
			"XXX",
			"X.X"), "aa:ac ca:cc bb"},
		{"plus", grid(
			".X.",
			"XXX",
			".X."), "ba ab:cb bc"},
		{"ring", grid(
			"XXX",
			"X.X",
			"XXX"), "aa:ca ab cb ac:cc"},
		{"two blocks", grid(
			"XX..",
			"XX..",
			"..XX",
			"..XX"), "aa:bb cc:dd"},
		{"full 19x19", ExpandOrDie("aa:ss", 19), "aa:ss"},
		{"full 52x52", ExpandOrDie("aa:ZZ", 52), "aa:ZZ"},
		{"outside kept", []Point{{60, 1}, {0, 0}, {-1, 3}, {60, 1}}, "aa ?b ?d"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := CompressPointList(tt.points)
			if s := rectsString(got); s != tt.want {
				t.Errorf("CompressPointList = %q, want %q", s, tt.want)
			}
		})
	}
}

// ExpandOrDie expands one value on a size x size board.
func ExpandOrDie(v string, size int) []Point {
	p, problems := ExpandPointList(values(v), size, size)
	if len(problems) > 0 {
		panic(fmt.Sprint(problems))
	}
	return p
}

// runs counts the maximal horizontal and vertical runs of a point set.
func runs(set map[Point]bool) (h, v int) {
	for p := range set {
		if !set[Point{p.X - 1, p.Y}] {
			h++
		}
		if !set[Point{p.X, p.Y - 1}] {
			v++
		}
	}
	return h, v
}

// checkPartition checks the documented guarantees of CompressPointList.
func checkPartition(t *testing.T, points []Point, rects []Rect) {
	t.Helper()
	set := map[Point]bool{}
	for _, p := range points {
		set[p] = true
	}
	covered := map[Point]bool{}
	var vals [][]byte
	for _, r := range rects {
		if r.Len() == 0 {
			t.Fatalf("empty rectangle %v", r)
		}
		for y := r.Min.Y; y <= r.Max.Y; y++ {
			for x := r.Min.X; x <= r.Max.X; x++ {
				p := Point{x, y}
				if covered[p] {
					t.Fatalf("point %v covered twice by %s", p, rectsString(rects))
				}
				if !set[p] {
					t.Fatalf("point %v not in the input, but covered by %v", p, r)
				}
				covered[p] = true
			}
		}
		vals = append(vals, AppendRect(nil, r))
	}
	if len(covered) != len(set) {
		t.Fatalf("covered %d points, input has %d", len(covered), len(set))
	}
	h, v := runs(set)
	if len(rects) > min(h, v) {
		t.Fatalf("%d rectangles, more than min(%d horizontal, %d vertical runs)", len(rects), h, v)
	}
	// And the written list expands back to the set with no problem.
	back, problems := ExpandPointList(vals, MaxBoard, MaxBoard)
	if len(problems) > 0 || len(back) != len(set) {
		t.Fatalf("expanding %q: %d points, problems %v", vals, len(back), problems)
	}
}

func TestCompressPointListRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 300 {
		size := 1 + r.IntN(19)
		density := r.Float64()
		var points []Point
		for y := range size {
			for x := range size {
				if r.Float64() < density {
					points = append(points, Point{x, y})
				}
			}
		}
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			checkPartition(t, points, CompressPointList(points))
		})
	}
}

func TestRectLen(t *testing.T) {
	if n := (Rect{Point{0, 0}, Point{2, 2}}).Len(); n != 9 {
		t.Errorf("Len = %d, want 9", n)
	}
	if n := (Rect{Point{2, 2}, Point{0, 0}}).Len(); n != 0 {
		t.Errorf("Len of inverted rect = %d, want 0", n)
	}
}

// TestReadMove: a Go move with white space in it is read as sgf check
// corrects it (CorrectMove: the white space removed, as SGFC does); a
// value that is only white space, or still no move without it, is not.
func TestReadMove(t *testing.T) {
	for _, c := range []struct {
		raw   string
		fixed string // CorrectMove's, "" when not ok
		p     Point
		pass  bool
		err   bool // ReadMove's error
	}{
		{"dd", "", Point{3, 3}, false, false},
		{" dd ", "dd", Point{3, 3}, false, false},
		{"p\nd", "pd", Point{15, 3}, false, false},
		{" p\\d", `p\d`, Point{15, 3}, false, false},
		{"t t", "tt", Point{}, true, false},
		{"", "", Point{}, true, false},
		{" ", "", Point{}, false, true},
		{" zz ", "", Point{}, false, true},
		{"d", "", Point{}, false, true},
		{"d d d", "", Point{}, false, true},
	} {
		fixed, fp, fpass, ok := CorrectMove([]byte(c.raw), 19, 19)
		if string(fixed) != c.fixed || ok != (c.fixed != "") || ok && (fp != c.p || fpass != c.pass) {
			t.Errorf("CorrectMove(%q) = %q, %v, %v, %v", c.raw, fixed, fp, fpass, ok)
		}
		p, pass, err := ReadMove([]byte(c.raw), 19, 19)
		if p != c.p || pass != c.pass || (err != nil) != c.err {
			t.Errorf("ReadMove(%q) = %v, %v, %v", c.raw, p, pass, err)
		}
	}
}

// TestReadListValue: one value of a list of points, as every reader reads
// it: white space in a point removed (CorrectPoint), spaced then set.
func TestReadListValue(t *testing.T) {
	for _, c := range []struct {
		raw              string
		a, b             string // "" for an error
		composed, spaced bool
	}{
		{"dd", "dd", "dd", false, false},
		{"d d", "dd", "dd", false, true},
		{"aa:cc", "aa", "cc", true, false},
		{"cc : a a", "cc", "aa", true, true},
		{`a\a: b\b`, "aa", "bb", true, true},
		{`a\a:b\b`, "aa", "bb", true, false},
		{"a a a", "", "", false, false},
		{"aa: ", "", "", true, false},
		{" ", "", "", false, false},
	} {
		a, b, composed, spaced, err := ReadListValue([]byte(c.raw))
		if c.a == "" {
			if err == nil {
				t.Errorf("ReadListValue(%q): no error", c.raw)
			}
			continue
		}
		if err != nil || a.String() != c.a || b.String() != c.b || composed != c.composed || spaced != c.spaced {
			t.Errorf("ReadListValue(%q) = %v, %v, %v, %v, %v", c.raw, a, b, composed, spaced, err)
		}
	}
}
