package diagram

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/games/gogame"
	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/value"
)

// MaxSize is the largest number of columns or rows a diagram draws: the
// FF[4] limit of Go boards ("boards go up to 52x52").
const MaxSize = 52

// ErrSize is the error of a board with no points or more than MaxSize
// columns or rows.
var ErrSize = errors.New("board size out of range 1-52")

// Region says which part of the board a diagram shows.
type Region uint8

const (
	// RegionView shows the points of the inherited VW (all the board when
	// there is none): the default.
	RegionView Region = iota
	// RegionWhole shows the whole board, whatever VW says.
	RegionWhole
	// RegionRect shows Options.Rect.
	RegionRect
	// RegionAuto shrinks the board to the stones, marks and moves drawn,
	// with Options.Margin points around them; a side that comes within
	// three lines of the edge goes to the edge.
	RegionAuto
)

// Options are the choices of New and Figures. The zero value is the
// default: VW honoured, coordinates of the board's kind on all four sides,
// hoshi and the last move marked, no move numbers, no variation letters.
type Options struct {
	Region Region
	Rect   Rect // for RegionRect
	Margin int  // for RegionAuto: points around what is drawn (0: 1)

	Coords Coords
	Sides  Sides // 0: all four (Top and Left on Hex boards)

	// Numbers numbers the stones of the last Numbers moves on the path to
	// the node that are still on the board (<0: every move).
	Numbers int
	// Variations marks the points of the next moves of the node's
	// variations with letters A, B, ... (when the node has more than one
	// child and the root's ST does not say "no board markup").
	Variations bool
	NoHoshi    bool
	NoLastMove bool
}

// New returns the diagram of a position (what Cursor.Position returns).
// The error wraps ErrSize for a board larger than MaxSize; everything
// else that cannot be drawn is left out and listed in Diagram.Skipped.
func New(p sgf.Position, opts *Options) (*Diagram, error) {
	if opts == nil {
		opts = &Options{}
	}
	d, err := newBoard(p, opts)
	if err != nil {
		return nil, err
	}
	n := p.Node
	d.addStones(p)
	if p.HasLastMove && !opts.NoLastMove && d.Kind != Grid {
		m := p.LastMove
		if !m.Pass && m.Err == nil && (d.Kind == Go || m.Hex == value.HexPlace) && m.Point.In(d.Cols, d.Rows) {
			d.LastMove, d.HasLastMove = m.Point, true
		}
	}
	if opts.Numbers != 0 && d.Kind != Grid {
		d.numberMoves(n, opts.Numbers)
	}
	for _, m := range p.Illegal {
		d.addIllegal(m.Move, m.MoveNumber, m.Broken)
	}
	vw, dd := inherited(n)
	d.addMarkup(n, dd)
	if opts.Variations {
		d.addVariations(n)
	}
	d.Text = nodeText(n)
	d.setRegion(n, vw, opts)
	return d, nil
}

// newBoard returns a diagram with the board of p and no content but
// coordinates, hoshi and counters.
func newBoard(p sgf.Position, opts *Options) (*Diagram, error) {
	if p.Cols < 1 || p.Rows < 1 || p.Cols > MaxSize || p.Rows > MaxSize {
		return nil, fmt.Errorf("diagram: %dx%d: %w", p.Cols, p.Rows, ErrSize)
	}
	d := &Diagram{GameType: p.GameType, Cols: p.Cols, Rows: p.Rows}
	switch p.GameType {
	case sgf.GameGo:
		d.Kind = Go
	case sgf.GameHex:
		d.Kind = Hex
	default:
		d.Kind = Grid
	}
	if d.Kind == Go && !opts.NoHoshi {
		d.Hoshi = hoshi(d.Cols, d.Rows)
	}
	d.resolveCoords(opts.Coords)
	d.Sides = opts.Sides
	if d.Sides == 0 {
		d.Sides = AllSides
		if d.Kind == Hex {
			d.Sides = Top | Left
		}
	}
	d.View = Rect{0, 0, d.Cols - 1, d.Rows - 1}
	d.ToPlay, d.MoveNumber = p.ToPlay, p.MoveNumber
	d.CapturedByBlack, d.CapturedByWhite = p.CapturedByBlack, p.CapturedByWhite
	return d, nil
}

// addStones adds the stones of p. For games other than Go and Hex the
// points as written are read as SGF points ("dd") on a grid; others are
// skipped.
func (d *Diagram) addStones(p sgf.Position) {
	d.Stones = make([]Stone, 0, len(p.Stones))
	for _, s := range p.Stones {
		st := Stone{Point: s.Point, Color: s.Color, Name: s.Raw}
		if d.Kind == Grid {
			pt, err := value.ParsePoint([]byte(s.Raw))
			if err != nil || !pt.In(d.Cols, d.Rows) {
				d.skip(string(s.Color)+" stone", s.Raw, "not a point of the grid")
				continue
			}
			st.Point = pt
		}
		d.Stones = append(d.Stones, st)
	}
}

// addIllegal adds move number k, which broke the rules broken, to
// d.Illegal.
func (d *Diagram) addIllegal(m sgf.Move, k int, broken gogame.Rule) {
	var why []string
	if broken&gogame.RuleOccupied != 0 {
		why = append(why, "on a stone")
	}
	if broken&gogame.RuleKo != 0 {
		why = append(why, "retakes the ko at once")
	}
	if broken&gogame.RuleSuicide != 0 {
		why = append(why, "suicide")
	}
	if why == nil {
		return // superko only: see Diagram.Illegal
	}
	s := "move " + strconv.Itoa(k) + " " + m.Color.String() + "[" + string(m.Raw) + "]"
	if name := d.PointName(m.Point); name != string(m.Raw) {
		s += " (" + name + ")"
	}
	d.Illegal = append(d.Illegal, s+": "+strings.Join(why, ", "))
}

// numberMoves numbers the stones of the last k moves up to n (all when k
// < 0) that still stand where they were played.
func (d *Diagram) numberMoves(n sgf.Node, k int) {
	done := make(map[value.Point]bool)
	for m := n; !m.IsZero() && k != 0; m = m.Parent() {
		mv, ok := m.Move()
		if !ok {
			continue
		}
		k--
		if mv.Pass || mv.Err != nil || done[mv.Point] {
			continue
		}
		done[mv.Point] = true // a later move there hides this one
		if i := d.StoneAt(mv.Point); i >= 0 && d.Stones[i].Color == mv.Color {
			d.Stones[i].Number = moveNumberAt(m)
		}
	}
}

// moveNumberAt returns the number of the move of node m: its MN, or one
// more than the moves above it (MN counted).
func moveNumberAt(m sgf.Node) int {
	count := 0
	for a := m; !a.IsZero(); a = a.Parent() {
		if _, ok := a.Move(); !ok {
			continue
		}
		if mn, ok := a.MoveNumber(); ok {
			return count + mn
		}
		count++
	}
	return count
}

// points reads a list of points of property id of n, adding what does not
// fit the board to Skipped.
func (d *Diagram) points(n sgf.Node, id string, vals [][]byte) []value.Point {
	if len(vals) == 0 || len(vals) == 1 && len(vals[0]) == 0 {
		return nil
	}
	var pts []value.Point
	switch d.Kind {
	case Go:
		var probs []value.ListProblem
		pts, probs = value.ExpandPointList(vals, d.Cols, d.Rows)
		for _, pr := range probs {
			if pr.Kind != value.ListSyntax && pr.Kind != value.ListOffBoard {
				continue // the point is kept
			}
			raw := ""
			if pr.Index >= 0 && pr.Index < len(vals) {
				raw = string(vals[pr.Index])
			}
			d.skip(id, raw, pr.Kind.String())
		}
	case Hex:
		for _, v := range vals {
			c, err := value.ParseHexCell(v)
			p := value.Point{X: c.Col, Y: c.Row}
			switch {
			case err != nil:
				d.skip(id, string(v), "not a cell")
			case !p.In(d.Cols, d.Rows):
				d.skip(id, string(v), "off the board")
			case !slices.Contains(pts, p):
				pts = append(pts, p)
			}
		}
	}
	return pts
}

// skip records something not drawn.
func (d *Diagram) skip(id, raw, why string) {
	if len(raw) > 40 {
		raw = raw[:40] + "..."
	}
	d.Skipped = append(d.Skipped, id+"["+raw+"]: "+why)
}

// inherited returns the values of the inherited VW and DD that apply at
// n (nil when none does, or "VW[]" / "DD[]" cleared them), in one walk up
// the tree that reads each node's identifiers only.
func inherited(n sgf.Node) (vw, dd [][]byte) {
	needVW, needDD := true, true
	// In a tree not edited since it was read, a node whose text holds no
	// "V" and no "D" has neither (an identifier keeps its capitals in
	// every spelling): most nodes (";B[pd]") are passed over without
	// reading their properties, which was a fifth of a diagram at move
	// 200. (An edited node's text is no longer its properties.)
	asRead := !n.IsZero() && !n.Syntax().Tree().Modified()
	for m := n; !m.IsZero() && (needVW || needDD); m = m.Parent() {
		if src := m.Syntax().SourceRest(); asRead && src != nil && bytes.IndexByte(src, 'V') < 0 && bytes.IndexByte(src, 'D') < 0 {
			continue
		}
		hasVW, hasDD := false, false
		for p := range m.Syntax().Props() {
			id := p.ID
			if len(id) > 2 {
				id = []byte(property.Canonical(id))
			}
			if len(id) == 2 {
				hasVW = hasVW || id[0] == 'V' && id[1] == 'W'
				hasDD = hasDD || id[0] == 'D' && id[1] == 'D'
			}
		}
		if needVW && hasVW {
			needVW = false
			if v := m.Values("VW"); !(len(v) == 1 && len(v[0]) == 0) {
				vw = v
			}
		}
		if needDD && hasDD {
			needDD = false
			if v := m.Values("DD"); !(len(v) == 1 && len(v[0]) == 0) {
				dd = v
			}
		}
	}
	return vw, dd
}

// addMarkup adds the markup of n: TR SQ CR MA SL LB TB TW, AR LN, and
// the points of the inherited DD (dd).
func (d *Diagram) addMarkup(n sgf.Node, dd [][]byte) {
	if d.Kind == Grid {
		for _, id := range [...]string{"TR", "SQ", "CR", "MA", "SL", "LB", "TB", "TW", "AR", "LN", "DD"} {
			if n.Has(id) {
				d.Skipped = append(d.Skipped, id+": no board for this game")
			}
		}
		return
	}
	mk := n.Markup()
	// Points that do not fit: Markup drops them silently; say so.
	for _, id := range [...]string{"TR", "SQ", "CR", "MA", "SL"} {
		d.points(n, id, n.Values(id))
	}
	lists := []struct {
		kind MarkKind
		pts  []value.Point
	}{
		{Triangle, mk.Triangle}, {Square, mk.Square}, {Circle, mk.Circle},
		{Cross, mk.Cross}, {Selected, mk.Selected},
	}
	for _, l := range lists {
		for _, p := range l.pts {
			d.mark(l.kind, p, "")
		}
	}
	for _, l := range mk.Labels {
		d.mark(Label, l.Point, l.Text)
	}
	if n := len(n.Values("LB")) + len(n.Values("L")) - len(mk.Labels); n > 0 {
		d.Skipped = append(d.Skipped, "LB: "+strconv.Itoa(n)+" label(s) that do not parse or are off the board")
	}
	for _, p := range d.points(n, "TB", n.Values("TB")) {
		d.mark(TerritoryBlack, p, "")
	}
	for _, p := range d.points(n, "TW", n.Values("TW")) {
		d.mark(TerritoryWhite, p, "")
	}
	for _, a := range mk.Arrows {
		d.Lines = append(d.Lines, Line{Arrow, a.From, a.To})
	}
	for _, a := range mk.Lines {
		d.Lines = append(d.Lines, Line{Plain, a.From, a.To})
	}
	if k := len(n.Values("AR")) + len(n.Values("LN")) - len(mk.Arrows) - len(mk.Lines); k > 0 {
		d.Skipped = append(d.Skipped, "AR/LN: "+strconv.Itoa(k)+" value(s) that do not parse or are off the board")
	}
	if dd != nil {
		d.Dimmed = d.points(n, "DD", dd)
	}
}

// mark adds a mark at p, noting the stone under it.
func (d *Diagram) mark(k MarkKind, p value.Point, text string) {
	var on value.Color
	if i := d.StoneAt(p); i >= 0 {
		on = d.Stones[i].Color
	}
	d.Marks = append(d.Marks, Mark{Kind: k, Point: p, Text: text, On: on})
}

// addVariations marks the next moves of n's variations A, B, ...
func (d *Diagram) addVariations(n sgf.Node) {
	if n.NumChildren() < 2 {
		return
	}
	if raw, ok := n.Game().Root().Get("ST"); ok {
		// as every reader reads a Number (sgf.Value.Number: ST[ 2 ] is
		// 2), and one out of the range 0-3 as sgf check takes it (ST[0])
		if st, ok := (&sgf.Value{Raw: raw}).Number(); ok && st >= 0 && st <= 3 && st&2 != 0 {
			return // "no (auto-) board markup"
		}
	}
	k := 0
	for c := range n.Children() {
		label := sgf.VariationLabel(k)
		k++
		m, ok := c.Move()
		if !ok || m.Pass || m.Err != nil || !m.Point.In(d.Cols, d.Rows) {
			continue
		}
		taken := false
		for _, mk := range d.Marks {
			taken = taken || mk.Point == m.Point && mk.Kind != Variation
		}
		if !taken { // "DOESN'T overwrite any markup of other properties"
			d.mark(Variation, m.Point, label)
		}
	}
}

// setRegion sets View and Hidden; vw is the inherited VW.
func (d *Diagram) setRegion(n sgf.Node, vals [][]byte, opts *Options) {
	switch opts.Region {
	case RegionView:
		if vals == nil || d.Kind == Grid {
			return
		}
		pts := d.points(n, "VW", vals)
		if len(pts) == 0 {
			return
		}
		r := Rect{d.Cols, d.Rows, -1, -1}
		seen := make([]bool, d.Cols*d.Rows)
		for _, p := range pts {
			r = r.add(p)
			seen[p.Y*d.Cols+p.X] = true
		}
		d.View = r
		if len(pts) < r.Cols()*r.Rows() {
			d.Hidden = make([]bool, d.Cols*d.Rows)
			for i := range d.Hidden {
				d.Hidden[i] = !seen[i]
			}
		}
	case RegionRect:
		r := opts.Rect
		r.X0, r.Y0 = max(r.X0, 0), max(r.Y0, 0)
		r.X1, r.Y1 = min(r.X1, d.Cols-1), min(r.Y1, d.Rows-1)
		if r.Empty() {
			d.Skipped = append(d.Skipped, "region: no point of the board in it, the whole board drawn")
			return
		}
		d.View = r
	case RegionAuto:
		d.View = d.autoRect(opts.Margin)
	}
}

// add returns r grown to hold p.
func (r Rect) add(p value.Point) Rect {
	return Rect{min(r.X0, p.X), min(r.Y0, p.Y), max(r.X1, p.X), max(r.Y1, p.Y)}
}

// autoRect returns the rectangle of what is drawn, margin points around,
// snapped to an edge within three lines; the whole board when nothing is
// drawn.
func (d *Diagram) autoRect(margin int) Rect {
	if margin <= 0 {
		margin = 1
	}
	r := Rect{d.Cols, d.Rows, -1, -1}
	for _, s := range d.Stones {
		r = r.add(s.Point)
	}
	for _, m := range d.Marks {
		r = r.add(m.Point)
	}
	for _, l := range d.Lines {
		r = r.add(l.From).add(l.To)
	}
	if r.Empty() {
		return Rect{0, 0, d.Cols - 1, d.Rows - 1}
	}
	r = Rect{r.X0 - margin, r.Y0 - margin, r.X1 + margin, r.Y1 + margin}
	const snap = 3
	if r.X0 <= snap {
		r.X0 = 0
	}
	if r.Y0 <= snap {
		r.Y0 = 0
	}
	if r.X1 >= d.Cols-1-snap {
		r.X1 = d.Cols - 1
	}
	if r.Y1 >= d.Rows-1-snap {
		r.Y1 = d.Rows - 1
	}
	return r
}

// ParseRect reads a rectangle of points written as SGF points "aa:jj"
// (upper left and lower right, either order), for Hex as cells "a1:f6".
func ParseRect(s string, kind Kind) (Rect, error) {
	var a, b string
	for i := 0; i < len(s); i++ {
		if s[i] == ':' {
			a, b = s[:i], s[i+1:]
		}
	}
	if a == "" || b == "" {
		return Rect{}, fmt.Errorf("region %q: not two points joined by ':' (such as aa:jj)", s)
	}
	parse := func(v string) (value.Point, error) {
		if kind == Hex {
			c, err := value.ParseHexCell([]byte(v))
			return value.Point{X: c.Col, Y: c.Row}, err
		}
		return value.ParsePoint([]byte(v))
	}
	p, err1 := parse(a)
	q, err2 := parse(b)
	if err1 != nil || err2 != nil {
		return Rect{}, fmt.Errorf("region %q: not two points joined by ':' (such as aa:jj)", s)
	}
	return Rect{min(p.X, q.X), min(p.Y, q.Y), max(p.X, q.X), max(p.Y, q.Y)}, nil
}
