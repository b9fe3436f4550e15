package diagram_test

import (
	"errors"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/diagram"
	"github.com/sgf-toolkit/sgf/diagram/internal/cases"
	"github.com/sgf-toolkit/sgf/value"
)

func game(t *testing.T, src string) *sgf.Game {
	t.Helper()
	c, err := sgf.Read(strings.NewReader(src), nil)
	if c == nil || c.Len() == 0 {
		t.Fatalf("read: %v", err)
	}
	return c.Game(0)
}

// at returns the diagram of the node at path of the game of src.
func at(t *testing.T, src, path string, opts *diagram.Options) *diagram.Diagram {
	t.Helper()
	g := game(t, src)
	n, err := cases.Node(g, path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := g.PositionAt(n)
	if err != nil {
		t.Fatal(err)
	}
	d, err := diagram.New(p, opts)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func pt(s string) value.Point {
	p, err := value.ParsePoint([]byte(s))
	if err != nil {
		panic(err)
	}
	return p
}

func names(d *diagram.Diagram, pts []value.Point) []string {
	var out []string
	for _, p := range pts {
		out = append(out, value.Point.String(p))
	}
	_ = d
	return out
}

// TestView: FF[4] VW "View only part of the board. The points listed are
// visible, all other points are invisible." ... "VW[] clears any setting,
// i.e. the whole board is visible again." and VW is inherited ("a VW at
// the beginning of a variation is valid for the whole variation tree").
func TestView(t *testing.T) {
	const src = `(;SZ[9]VW[bb:dd]AB[cc];B[ee];W[ff]VW[aa][ab][ba];B[gg]VW[])`
	d := at(t, src, "1", nil)
	if d.View != (diagram.Rect{1, 1, 3, 3}) || d.Hidden != nil {
		t.Errorf("inherited VW: view %v hidden %v", d.View, d.Hidden != nil)
	}
	if !d.Visible(pt("cc")) || d.Visible(pt("ee")) {
		t.Error("cc should be visible, ee not")
	}
	d = at(t, src, "2", nil)
	if d.View != (diagram.Rect{0, 0, 1, 1}) || d.Hidden == nil || d.Visible(pt("bb")) || !d.Visible(pt("ab")) {
		t.Errorf("VW of three points: view %v, bb visible %v", d.View, d.Visible(pt("bb")))
	}
	d = at(t, src, "3", nil)
	if d.View != (diagram.Rect{0, 0, 8, 8}) {
		t.Errorf("VW[] clears: view %v", d.View)
	}
	d = at(t, src, "1", &diagram.Options{Region: diagram.RegionWhole})
	if d.View != (diagram.Rect{0, 0, 8, 8}) {
		t.Errorf("RegionWhole: %v", d.View)
	}
	d = at(t, src, "1", &diagram.Options{Region: diagram.RegionRect, Rect: diagram.Rect{2, 2, 20, 4}})
	if d.View != (diagram.Rect{2, 2, 8, 4}) {
		t.Errorf("RegionRect clipped to the board: %v", d.View)
	}
}

// TestDim: DD "Dim (grey out) the given points." (inherit) and "DD[]
// clears any setting, i.e. it undims everything."
func TestDim(t *testing.T) {
	const src = `(;SZ[9]DD[aa:bb];B[ee];W[ff]DD[])`
	if d := at(t, src, "1", nil); !reflect.DeepEqual(names(d, d.Dimmed), []string{"aa", "ba", "ab", "bb"}) {
		t.Errorf("inherited DD: %v", names(d, d.Dimmed))
	}
	if d := at(t, src, "2", nil); len(d.Dimmed) != 0 {
		t.Errorf("DD[] clears: %v", d.Dimmed)
	}
}

// TestMarkup: each markup property becomes marks of its kind, with the
// colour under it; AR "Viewers should draw an arrow pointing FROM the
// first point TO the second point."
func TestMarkup(t *testing.T) {
	d := at(t, `(;SZ[9]AB[aa]AW[bb];TR[aa]SQ[bb]CR[cc]MA[dd]SL[ee]LB[ff:hi]TB[gg]TW[hh]AR[ab:cd]LN[ef:gh])`, "end", nil)
	var got []string
	for _, m := range d.Marks {
		got = append(got, m.Kind.Class()+":"+m.Point.String()+":"+m.Text+":"+string(rune(max(m.On, '.'))))
	}
	want := []string{"tr:aa::B", "sq:bb::W", "cr:cc::.", "ma:dd::.", "sl:ee::.", "lb:ff:hi:.", "tb:gg::.", "tw:hh::."}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("marks\n got %v\nwant %v", got, want)
	}
	wantLines := []diagram.Line{{diagram.Arrow, pt("ab"), pt("cd")}, {diagram.Plain, pt("ef"), pt("gh")}}
	if !reflect.DeepEqual(d.Lines, wantLines) {
		t.Errorf("lines %v", d.Lines)
	}
	if len(d.Skipped) != 0 {
		t.Errorf("skipped %v", d.Skipped)
	}
}

// TestMarkupOffBoard: markup on impossible points is not drawn and said.
func TestMarkupOffBoard(t *testing.T) {
	d := at(t, `(;SZ[5];TR[aa][zz]TB[yy]LB[xx:a]AR[aa:zz]CR[!!])`, "end", nil)
	if len(d.Marks) != 1 {
		t.Errorf("marks %v", d.Marks)
	}
	want := []string{"TR[zz]: point off the board", "CR[!!]: not a point or rectangle"}
	for _, w := range want {
		if !slices.Contains(d.Skipped, w) {
			t.Errorf("Skipped %q lacks %q", d.Skipped, w)
		}
	}
	if len(d.Skipped) != 5 {
		t.Errorf("Skipped %q", d.Skipped)
	}
}

// TestLastMoveAndNumbers: the last move, and MN: "Sets the move number
// to the given value, i.e. a move specified in this node has exactly this
// move-number."
func TestLastMoveAndNumbers(t *testing.T) {
	const src = `(;SZ[9];B[aa];W[bb];B[cc]MN[10];W[aa];B[];W[dd])`
	d := at(t, src, "end", &diagram.Options{Numbers: -1})
	if !d.HasLastMove || d.LastMove != pt("dd") || d.MoveNumber != 13 {
		t.Errorf("last move %v %v, move number %d", d.HasLastMove, d.LastMove, d.MoveNumber)
	}
	got := map[string]int{}
	for _, s := range d.Stones {
		got[s.Point.String()] = s.Number
	}
	// W[aa] (move 11) stands where B[aa] was: its number wins.
	want := map[string]int{"bb": 2, "cc": 10, "aa": 11, "dd": 13}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("numbers %v, want %v", got, want)
	}
	d = at(t, src, "end", &diagram.Options{Numbers: 2})
	for _, s := range d.Stones {
		if s.Number != 0 && s.Point != pt("dd") {
			t.Errorf("last 2 moves (a pass and dd): %v numbered", s)
		}
	}
	d = at(t, src, "5", nil)
	if d.HasLastMove {
		t.Error("a pass has no point to mark")
	}
}

// TestAnnotations: "Viewers should display a message": as words.
func TestAnnotations(t *testing.T) {
	d := at(t, `(;SZ[9];B[aa]GB[2]TE[1]HO[1]V[-3.5]C[Good.]N[Start])`, "end", nil)
	want := []string{"very good for Black", "hotspot", "tesuji", "value -3.5"}
	if !reflect.DeepEqual(d.Text.Annotations, want) || d.Text.Comment != "Good." || d.Text.NodeName != "Start" {
		t.Errorf("text %+v", d.Text)
	}
	d = at(t, `(;SZ[9]PB[Honinbo Shusaku]BR[4p]PW[Gennan]RE[B+2]KM[0];B[aa]DM[1]BM[2])`, "end", nil)
	if !reflect.DeepEqual(d.Text.Annotations, []string{"even position", "very bad move"}) {
		t.Errorf("annotations %v", d.Text.Annotations)
	}
	wantInfo := []diagram.Field{{"Black", "Honinbo Shusaku 4p"}, {"White", "Gennan"}, {"Result", "B+2"}, {"Komi", "0"}}
	if !reflect.DeepEqual(d.Text.Info, wantInfo) {
		t.Errorf("info %v", d.Text.Info)
	}
}

// TestVariations: the next moves of the variations as letters; ST: "no
// (auto-) board markup" (value 2) turns them off, and "the automatic
// variation board markup DOESN'T overwrite any markup of other
// properties".
func TestVariations(t *testing.T) {
	const src = `(;SZ[9]TR[cc](;B[aa])(;B[bb])(;B[cc])(;W[]))`
	d := at(t, src, "0", &diagram.Options{Variations: true})
	var got []string
	for _, m := range d.Marks {
		got = append(got, m.Kind.Class()+":"+m.Point.String()+":"+m.Text)
	}
	if want := []string{"tr:cc:", "var:aa:A", "var:bb:B"}; !reflect.DeepEqual(got, want) {
		t.Errorf("marks %v, want %v", got, want)
	}
	d = at(t, `(;SZ[9]ST[2](;B[aa])(;B[bb]))`, "0", &diagram.Options{Variations: true})
	if len(d.Marks) != 0 {
		t.Errorf("ST[2]: %v", d.Marks)
	}
}

func TestHoshi(t *testing.T) {
	for _, c := range []struct {
		size string
		want []string
	}{
		{"19", []string{"dd", "jd", "pd", "dj", "jj", "pj", "dp", "jp", "pp"}},
		{"13", []string{"dd", "jd", "dj", "jj", "gg"}},
		{"9", []string{"cc", "gc", "cg", "gg", "ee"}},
		{"5", []string{"cc"}},
		{"4", nil},
		{"19:9", []string{"dc", "jc", "pc", "dg", "jg", "pg", "je"}},
	} {
		d := at(t, "(;SZ["+c.size+"])", "0", nil)
		if got := names(d, d.Hoshi); !reflect.DeepEqual(got, c.want) {
			t.Errorf("SZ[%s]: %v, want %v", c.size, got, c.want)
		}
	}
}

func TestCoords(t *testing.T) {
	d := at(t, `(;SZ[19])`, "0", nil)
	if d.Coords != diagram.CoordsGo || d.ColLabels[8] != "J" || d.RowLabels[0] != "19" || d.PointName(pt("pd")) != "Q16" {
		t.Errorf("go coords: %v %v %v", d.Coords, d.ColLabels, d.RowLabels)
	}
	d = at(t, `(;SZ[30])`, "0", nil)
	if d.Coords != diagram.CoordsSGF || d.ColLabels[27] != "B" || d.PointName(pt("Bc")) != "Bc" {
		t.Errorf("30x30: %v %v", d.Coords, d.ColLabels)
	}
	d = at(t, `(;SZ[9])`, "0", &diagram.Options{Coords: diagram.CoordsNumbers})
	if d.PointName(pt("ci")) != "3-9" {
		t.Errorf("numbers: %s", d.PointName(pt("ci")))
	}
	d = at(t, `(;SZ[9])`, "0", &diagram.Options{Coords: diagram.CoordsNone})
	if d.ColLabels != nil {
		t.Error("none has labels")
	}
	d = at(t, `(;GM[11]SZ[30])`, "0", nil)
	if d.ColLabels[26] != "aa" || d.PointName(value.Point{X: 27, Y: 9}) != "ab10" {
		t.Errorf("hex: %v", d.ColLabels)
	}
	for _, s := range []string{"auto", "go", "sgf", "numbers", "none"} {
		if c, ok := diagram.ParseCoords(s); !ok || c.String() != s {
			t.Errorf("ParseCoords(%s)", s)
		}
	}
}

// TestHexGeometry: neighbouring cells (as games/hex counts them) are one
// unit apart; the corners of a hexagon are 1/√3 from its centre.
func TestHexGeometry(t *testing.T) {
	d := at(t, `(;GM[11]SZ[5])`, "0", nil)
	x, y := d.Center(value.Point{X: 2, Y: 2})
	for _, n := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}, {1, -1}, {-1, 1}} {
		nx, ny := d.Center(value.Point{X: 2 + n[0], Y: 2 + n[1]})
		if dist := math.Hypot(nx-x, ny-y); math.Abs(dist-1) > 1e-9 {
			t.Errorf("neighbour %v at %v", n, dist)
		}
	}
	for _, c := range diagram.HexCorners() {
		if r := math.Hypot(c[0], c[1]); math.Abs(r-1/math.Sqrt(3)) > 1e-9 {
			t.Errorf("corner %v at %v", c, r)
		}
	}
	if d.Sides != diagram.Top|diagram.Left {
		t.Errorf("hex sides %v", d.Sides)
	}
}

func TestAutoCrop(t *testing.T) {
	d := at(t, `(;SZ[19]AB[qc][rc]AW[rd];B[pe])`, "end", &diagram.Options{Region: diagram.RegionAuto})
	if d.View != (diagram.Rect{14, 0, 18, 5}) {
		t.Errorf("corner: %v", d.View)
	}
	d = at(t, `(;SZ[19]AB[jj])`, "end", &diagram.Options{Region: diagram.RegionAuto, Margin: 2})
	if d.View != (diagram.Rect{7, 7, 11, 11}) {
		t.Errorf("centre: %v", d.View)
	}
	d = at(t, `(;SZ[19])`, "end", &diagram.Options{Region: diagram.RegionAuto})
	if d.View != (diagram.Rect{0, 0, 18, 18}) {
		t.Errorf("empty board: %v", d.View)
	}
}

func TestSizes(t *testing.T) {
	d := at(t, `(;SZ[52]AB[ZZ])`, "0", nil)
	if d.Cols != 52 || d.StoneAt(value.Point{X: 51, Y: 51}) < 0 {
		t.Errorf("52: %d %v", d.Cols, d.Stones)
	}
	d = at(t, `(;SZ[7:3]AB[gc])`, "0", nil)
	if d.Cols != 7 || d.Rows != 3 || d.View != (diagram.Rect{0, 0, 6, 2}) {
		t.Errorf("7:3: %v", d.View)
	}
	g := game(t, `(;SZ[60];B[aa])`)
	p, _ := g.PositionAt(g.Root())
	if _, err := diagram.New(p, nil); !errors.Is(err, diagram.ErrSize) {
		t.Errorf("SZ[60]: %v", err)
	}
	d = at(t, `(;GM[2]SZ[8]AB[dd][??]AW[ee])`, "0", nil)
	if d.Kind != diagram.Grid || len(d.Stones) != 2 || len(d.Skipped) != 1 {
		t.Errorf("othello: %v %v", d.Stones, d.Skipped)
	}
}

func TestParseRect(t *testing.T) {
	r, err := diagram.ParseRect("jj:aa", diagram.Go)
	if err != nil || r != (diagram.Rect{0, 0, 9, 9}) {
		t.Errorf("%v %v", r, err)
	}
	r, err = diagram.ParseRect("a1:c5", diagram.Hex)
	if err != nil || r != (diagram.Rect{0, 0, 2, 4}) {
		t.Errorf("%v %v", r, err)
	}
	for _, bad := range []string{"", "aa", "aa:", "aa:b", ":bb", "a:b:c"} {
		if _, err := diagram.ParseRect(bad, diagram.Go); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestViewAfterEdit: a VW set on a node after reading is honoured (the
// ancestors' text is not read for VW and DD once the tree is edited).
func TestViewAfterEdit(t *testing.T) {
	g := game(t, "(;SZ[9];B[aa];W[bb];B[cc])")
	if err := g.Node(1).Set("VW", "aa:cc"); err != nil {
		t.Fatal(err)
	}
	cur := g.NewCursor()
	for cur.Next() {
	}
	d, err := diagram.New(cur.Position(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := (diagram.Rect{X0: 0, Y0: 0, X1: 2, Y1: 2}); d.View != want {
		t.Errorf("view %+v, want %+v", d.View, want)
	}
}
