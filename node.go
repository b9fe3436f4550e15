package sgf

import (
	"errors"
	"iter"
	"slices"
	"strings"

	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/syntax"
	"github.com/sgf-toolkit/sgf/value"
)

// Node is a node of a Game: a small handle around a syntax.Node, compared
// with ==. The zero Node is no node. Getters read the node's properties
// from the source on each call; they never fail: a value that does not
// parse is reported in the result (Move.Err, GameInfo.Errors) or skipped
// (markup), and Get and Values always give the raw bytes.
//
// Properties are found by their FF[4] identifier; FF[3] identifiers written
// with lowercase letters ("CoPyright") are found under their FF[4] form
// ("CP").
type Node struct {
	g *Game
	n syntax.Node
}

// IsZero reports whether n is no node.
func (n Node) IsZero() bool { return n.g == nil || n.n.IsZero() }

// Game returns the node's game.
func (n Node) Game() *Game { return n.g }

// Syntax returns the syntax node.
func (n Node) Syntax() syntax.Node { return n.n }

// Number returns the node's number: its pre-order number in the game tree
// from 0, in the order the nodes are written (ff4-basics: "Nodes should be
// numbered in the way they are stored in the file"). After an edit of the
// tree's structure (AddChild, Promote, Delete) it is the number in the
// tree as it would be written now; a deleted node has -1.
func (n Node) Number() int { return n.n.Preorder() }

func (n Node) wrap(s syntax.Node) Node {
	if s.IsZero() {
		return Node{}
	}
	return Node{n.g, s}
}

// prop finds the property id, written as id or (FF[3]) with lowercase
// letters added.
func (n Node) prop(id string) (syntax.Property, bool) {
	var alt syntax.Property
	found := false
	for p := range n.n.Props() {
		if string(p.ID) == id {
			return p, true
		}
		if !found && len(p.ID) > len(id) && property.Canonical(p.ID) == id {
			alt, found = p, true
		}
	}
	return alt, found
}

// Has reports whether the node has the property id.
func (n Node) Has(id string) bool {
	_, ok := n.prop(id)
	return ok
}

// Get returns the raw first value of property id (escapes intact, in the
// game's charset) and whether the node has the property.
func (n Node) Get(id string) ([]byte, bool) {
	if n.IsZero() {
		return nil, false
	}
	p, ok := n.prop(id)
	if !ok {
		return nil, false
	}
	return p.Value(), true
}

// props returns every property id of the node, in order: those written
// as id, or when there is none those written (FF[3]) with lowercase
// letters added.
func (n Node) props(id string) []syntax.Property {
	var exact, alt []syntax.Property
	for p := range n.n.Props() {
		switch {
		case string(p.ID) == id:
			exact = append(exact, p)
		case exact == nil && len(p.ID) > len(id) && property.Canonical(p.ID) == id:
			alt = append(alt, p)
		}
	}
	if exact != nil {
		return exact
	}
	return alt
}

// Values returns the raw values of property id, nil when the node does not
// have it. A property written more than once in the node (which FF[4]
// forbids) gives the values of every occurrence, in order, as SGFC merges
// them ("property <AB> already exists (values merged)").
func (n Node) Values(id string) [][]byte {
	if n.IsZero() {
		return nil
	}
	var out [][]byte
	for _, p := range n.props(id) {
		for v := range p.Values() {
			out = append(out, v.Raw)
		}
	}
	return out
}

// Props yields the identifiers (as written) and raw values of the node's
// properties in file order: unknown and private properties included.
func (n Node) Props() iter.Seq2[string, [][]byte] {
	return func(yield func(string, [][]byte) bool) {
		if n.IsZero() {
			return
		}
		for p := range n.n.Props() {
			var vals [][]byte
			for v := range p.Values() {
				vals = append(vals, v.Raw)
			}
			if !yield(string(p.ID), vals) {
				return
			}
		}
	}
}

// Text returns the first value of property id decoded to UTF-8: escapes
// removed, line breaks handled as the catalogue's value type says
// (SimpleText turns them into spaces, Text keeps hard ones as "\n"; an
// unknown property is read as Text), and the game's charset decoded. A
// property written more than once in the node gives the texts of every
// occurrence joined, as SGFC merges them: Text with a blank line between
// them ("text1\n\ntext2"), SimpleText with a space.
func (n Node) Text(id string) (string, bool) {
	if n.IsZero() {
		return "", false
	}
	ps := n.props(id)
	if len(ps) == 0 {
		return "", false
	}
	simple := simpleText(id)
	s := n.g.text(ps[0].Value(), simple)
	for _, p := range ps[1:] {
		sep := "\n\n"
		if simple {
			sep = " "
		}
		s += sep + n.g.text(p.Value(), simple)
	}
	return s, true
}

func simpleText(id string) bool {
	info, ok := property.Lookup(id)
	return ok && info.Value.Elem.First == property.SimpleText
}

// Comment returns the decoded comment (C), "" when there is none.
func (n Node) Comment() string {
	s, _ := n.Text("C")
	return s
}

// Name returns the decoded node name (N), "" when there is none.
func (n Node) Name() string {
	s, _ := n.Text("N")
	return s
}

// Move is the move of a node (B or W).
type Move struct {
	Color value.Color // value.Black or value.White
	// Point is the point of a Go move, or the cell of a Hex move (X the
	// column, Y the row, from 0).
	Point value.Point
	Pass  bool
	// Hex is the kind of a Hex move (value.HexPlace for a cell); only set
	// for Hex games.
	Hex value.HexMoveKind
	// Raw is the value as written.
	Raw []byte
	// Err is set when the value is no move of the game (Point and Pass are
	// then unset, except for a Go point off the board, which is kept). A
	// Go move is read as every reader reads it (value.ReadMove): written
	// with white space in it ("B[ dd ]", "B[p d]"), it is the move sgf
	// check corrects it to without loss (C03), without an Err. For games
	// other than Go and Hex moves are not parsed and Err is nil.
	Err error
}

// Move returns the node's move (B, else W) and whether it has one.
func (n Node) Move() (Move, bool) {
	if n.IsZero() {
		return Move{}, false
	}
	var m Move
	found := false
	for p := range n.n.Props() {
		var c value.Color
		switch {
		case len(p.ID) == 1 && p.ID[0] == 'B', len(p.ID) > 1 && property.Canonical(p.ID) == "B":
			c = value.Black
		case len(p.ID) == 1 && p.ID[0] == 'W', len(p.ID) > 1 && property.Canonical(p.ID) == "W":
			c = value.White
		default:
			continue
		}
		m = n.g.parseMove(c, p.Value())
		found = true
		break
	}
	return m, found
}

func (g *Game) parseMove(c value.Color, raw []byte) Move {
	m := Move{Color: c, Raw: raw}
	switch g.gm {
	case GameGo:
		p, pass, err := value.ReadMove(raw, g.cols, g.rows)
		m.Point, m.Pass = p, pass
		if err != nil {
			m.Err = newError("Move", c.String(), raw, ErrValue, err)
		}
	case GameHex:
		hm, err := value.ParseHexMove(raw)
		if err != nil {
			m.Err = newError("Move", c.String(), raw, ErrValue, err)
			break
		}
		m.Hex = hm.Kind
		m.Point = value.Point{X: hm.Cell.Col, Y: hm.Cell.Row}
		m.Pass = hm.Kind == value.HexPass
		if hm.Kind == value.HexPlace && !m.Point.In(g.cols, g.rows) {
			// As for Go: the point off the board is kept.
			m.Err = newError("Move", c.String(), raw, ErrValue, hexOffBoard(raw))
		}
	}
	return m
}

// hexOffBoard is the error of a Hex cell off the board.
func hexOffBoard(raw []byte) error {
	return &value.Error{Type: "HexCell", Value: string(raw[:min(len(raw), 64)]), Err: value.ErrRange}
}

// Setup is the setup of a node: the points of AB, AW and AE, compressed
// lists expanded. Points are Go points, or Hex cells (X the column, Y the
// row); for other games the lists are empty (see Node.Values).
type Setup struct {
	Black, White, Empty []value.Point
	// Problems are the faults of the lists (duplicates, points off the
	// board, ...), in the order AB, AW, AE.
	Problems []value.ListProblem
}

// Setup returns the node's setup stones. A point that two of AB, AW and
// AE list keeps the setting of the one written first ("AB[bb]AE[bb]": a
// black stone), as the Cursor executes it, sgf check keeps it (C18
// deletes the later one) and sgf fix writes it: the three lists have no
// point in common.
func (n Node) Setup() Setup {
	var s Setup
	var pr []value.ListProblem
	s.Black, pr = n.g.points(n.Values("AB"))
	s.Problems = append(s.Problems, pr...)
	s.White, pr = n.g.points(n.Values("AW"))
	s.Problems = append(s.Problems, pr...)
	s.Empty, pr = n.g.points(n.Values("AE"))
	s.Problems = append(s.Problems, pr...)
	if k := min(len(s.Black), 1) + min(len(s.White), 1) + min(len(s.Empty), 1); k > 1 {
		// the lists in the order their properties are written
		var order []*[]value.Point
		for p := range n.n.Props() {
			var l *[]value.Point
			switch property.Canonical(p.ID) {
			case "AB":
				l = &s.Black
			case "AW":
				l = &s.White
			case "AE":
				l = &s.Empty
			default:
				continue
			}
			if !slices.Contains(order, l) {
				order = append(order, l)
			}
		}
		seen := map[value.Point]bool{}
		for _, l := range order {
			kept := (*l)[:0:0]
			for _, p := range *l {
				if !seen[p] {
					seen[p] = true
					kept = append(kept, p)
				}
			}
			*l = kept
		}
	}
	return s
}

// points expands a list of points of the game.
func (g *Game) points(vals [][]byte) ([]value.Point, []value.ListProblem) {
	if len(vals) == 0 || len(vals) == 1 && len(vals[0]) == 0 {
		return nil, nil // absent, or an elist's "[]"
	}
	switch g.gm {
	case GameGo:
		return value.ExpandPointList(vals, g.cols, g.rows)
	case GameHex:
		var pts []value.Point
		var probs []value.ListProblem
		for i, v := range vals {
			p, err := hexPoint(v)
			switch {
			case err != nil:
				probs = append(probs, value.ListProblem{Index: i, Kind: value.ListSyntax})
			case !p.In(g.cols, g.rows):
				probs = append(probs, value.ListProblem{Index: i, Kind: value.ListOffBoard, Point: p})
			case slices.Contains(pts, p):
				probs = append(probs, value.ListProblem{Index: i, Kind: value.ListDuplicate, Point: p})
			default:
				pts = append(pts, p)
			}
		}
		return pts, probs
	}
	return nil, nil
}

// hexPoint reads a value of a Hex game's point list (AB, AW, AE, the
// markup) as a cell, X the column and Y the row: the one reading of
// Node.Setup, Node.Markup and the Cursor's setup (value.ParseHexCell, as
// the Decoder's Prop.Points and so sgf check read it).
func hexPoint(raw []byte) (value.Point, error) {
	c, err := value.ParseHexCell(raw)
	return value.Point{X: c.Col, Y: c.Row}, err
}

// Label is a value of LB: a point and its text, decoded to UTF-8.
type Label struct {
	Point value.Point
	Text  string
}

// Line is a value of AR (an arrow) or LN (a line): two points.
type Line struct{ From, To value.Point }

// Markup is the board markup of a node (Go and Hex points).
type Markup struct {
	Triangle, Circle, Square, Cross, Selected []value.Point // TR, CR, SQ, MA, SL
	Labels                                    []Label       // LB
	Arrows, Lines                             []Line        // AR, LN
}

// Markup returns the node's markup. Values that do not parse are skipped.
// The FF[1]-FF[3] properties count too: M as MA (Cross), L as labels a,
// b, c, ... in the order of its points.
func (n Node) Markup() Markup {
	var m Markup
	m.Triangle, _ = n.g.points(n.Values("TR"))
	m.Circle, _ = n.g.points(n.Values("CR"))
	m.Square, _ = n.g.points(n.Values("SQ"))
	m.Cross, _ = n.g.points(n.Values("MA"))
	m.Selected, _ = n.g.points(n.Values("SL"))
	if n.g.gm == GameGo || n.g.gm == GameHex {
		// FF[1]-FF[3]: M marks points (read as MA), L labels them a, b,
		// c, ... in order (as package convert turns them into LB).
		mk, _ := n.g.points(n.Values("M"))
		m.Cross = append(m.Cross, mk...)
		k := 0
		for _, raw := range n.Values("L") {
			pts, _ := n.g.points([][]byte{raw})
			if len(pts) == 1 {
				m.Labels = append(m.Labels, Label{pts[0], value.OldLabel(k)})
				k++
			}
		}
	}
	for _, raw := range n.Values("LB") {
		left, right, ok := value.SplitCompose(n.g.utf8Raw(raw))
		if !ok {
			continue
		}
		pts, _ := n.g.points([][]byte{left})
		if len(pts) != 1 {
			continue
		}
		m.Labels = append(m.Labels, Label{pts[0], string(value.SimpleText(right))})
	}
	for _, id := range [...]string{"AR", "LN"} {
		for _, raw := range n.Values(id) {
			left, right, ok := value.SplitCompose(raw)
			if !ok {
				continue
			}
			a, _ := n.g.points([][]byte{left})
			b, _ := n.g.points([][]byte{right})
			if len(a) != 1 || len(b) != 1 {
				continue
			}
			if id == "AR" {
				m.Arrows = append(m.Arrows, Line{a[0], b[0]})
			} else {
				m.Lines = append(m.Lines, Line{a[0], b[0]})
			}
		}
	}
	return m
}

// Annotations are the node and move annotations of a node. A Double is 0
// when the property is absent.
type Annotations struct {
	GoodForBlack, GoodForWhite value.Double // GB, GW
	Even, Unclear              value.Double // DM, UC
	Hotspot                    value.Double // HO
	Value                      float64      // V
	HasValue                   bool
	Bad, Tesuji                value.Double // BM, TE
	Doubtful, Interesting      bool         // DO, IT
}

// Annotations returns the node's annotations. A Double whose value does not
// parse counts as normal (1), as the property is there.
func (n Node) Annotations() Annotations {
	var a Annotations
	if n.IsZero() {
		return a
	}
	double := func(raw []byte) value.Double {
		d, err := value.ParseDouble(raw)
		if err != nil {
			return value.Normal
		}
		return d
	}
	for p := range n.n.Props() {
		id := string(p.ID)
		if len(id) > 2 {
			id = property.Canonical(p.ID)
		}
		switch id {
		case "GB":
			a.GoodForBlack = double(p.Value())
		case "GW":
			a.GoodForWhite = double(p.Value())
		case "DM":
			a.Even = double(p.Value())
		case "UC":
			a.Unclear = double(p.Value())
		case "HO":
			a.Hotspot = double(p.Value())
		case "BM":
			a.Bad = double(p.Value())
		case "TE":
			a.Tesuji = double(p.Value())
		case "DO":
			a.Doubtful = true
		case "IT":
			a.Interesting = true
		case "V":
			if v, err := value.ParseReal(p.Value()); err == nil {
				a.Value, a.HasValue = v, true
			}
		}
	}
	return a
}

// PlayerToMove returns the colour of PL and whether the node has a valid PL.
func (n Node) PlayerToMove() (value.Color, bool) {
	raw, ok := n.Get("PL")
	if !ok {
		return 0, false
	}
	c, err := value.ParseColor(raw)
	if err != nil {
		// FF[3] and some programs write "1" and "2", or lowercase.
		switch strings.ToUpper(string(raw)) {
		case "B", "1", "BLACK":
			return value.Black, true
		case "W", "2", "WHITE":
			return value.White, true
		}
		return 0, false
	}
	return c, true
}

// MoveNumber returns the value of MN and whether the node has a valid one.
func (n Node) MoveNumber() (int, bool) {
	raw, ok := n.Get("MN")
	if !ok {
		return 0, false
	}
	v, err := value.ParseNumber(raw)
	return v, err == nil
}

// Figure returns the node's FG as the typed view decodes it (Decoder): FG[]
// is f.None, a figure with the application's defaults; "flags:name"
// gives the flags and the name, a SimpleText decoded to UTF-8 (escapes
// removed, line breaks as spaces); a number without ":name" (FG[1], which
// sgf check corrects by adding the ":", C09) gives the flags and no name.
// ok is false when the node has no FG, or its value is none of these
// (FG[1\:a], FG[x:name]: sgf check deletes it).
func (n Node) Figure() (f value.Figure, ok bool) {
	if n.IsZero() {
		return f, false
	}
	p, ok := n.prop("FG")
	if !ok {
		return f, false
	}
	var d Decoder
	d.setGame(n.g)
	d.reset()
	d.propOf(p.ID, p.Offset, p.AppendValues(nil))
	if len(d.out) == 0 || len(d.out[0].Values) == 0 {
		return f, false
	}
	v := &d.out[0].Values[0]
	switch {
	case v.Err == nil && !v.Type.Composed():
		f.None = true
	case v.Err == nil:
		f.Flags, f.Name = v.First.Number, string(v.Second.Text)
	default:
		k, err := value.ParseNumber(v.Raw)
		if err != nil {
			return value.Figure{}, false
		}
		f.Flags = k
	}
	return f, true
}

// Inherited returns the raw values of the inherited property id (VW, DD,
// PM; any id is accepted) that apply at n: those of n or of its nearest
// ancestor that has the property, and that node. ok is false when no node
// on the path sets it, or when the nearest setting clears it with the
// empty value ("VW[] clears any setting").
func (n Node) Inherited(id string) (values [][]byte, from Node, ok bool) {
	for m := n; !m.IsZero(); m = m.Parent() {
		if vals := m.Values(id); vals != nil {
			if len(vals) == 1 && len(vals[0]) == 0 {
				return nil, m, false
			}
			return vals, m, true
		}
	}
	return nil, Node{}, false
}

// Set sets property id to the given values, written the way the
// catalogue's value type needs: text (SimpleText, Text, and properties the
// catalogue does not know) is encoded in the game's charset and escaped
// ("]" and "\"); in a composed value such as LB's "dd:label" or AP's
// "name:1.0" the first ":" separates the two sides, and a ":" in a text
// side after it is escaped. Other values (points, numbers) are written as
// given, "]" and "\" escaped. The property replaces the node's property of
// that identifier in place, or is added at the end; other properties of
// that identifier (written twice, or in an FF[3] spelling such as
// "CoPyright" for "CP") are deleted, as the getters read them all; nothing
// else in the node changes (syntax.Node.ReplaceProps): written out, only
// the bytes of that property differ, the other properties keep their text,
// white space and line breaks (a property added at the end follows the
// line break of the last one).
func (n Node) Set(id string, values ...string) error {
	if n.IsZero() {
		return newError("Set", id, nil, ErrNoNode, nil)
	}
	if id == "CA" {
		if len(values) != 1 {
			return newError("Set", id, nil, ErrEdit, errors.New("CA takes one value"))
		}
		// CA names the charset of the text: the text follows it.
		if n.n != n.g.tree.Root() {
			return newError("Set", id, []byte(values[0]), ErrEdit, errors.New("CA belongs in the root"))
		}
		return n.g.SetCharset(values[0])
	}
	info, known := property.Lookup(id)
	isText := func(b property.Base) bool { return b == property.Text || b == property.SimpleText }
	raws := make([][]byte, len(values))
	for i, v := range values {
		var esc []byte
		composedText := known && ((info.Value.Elem.Composed() && (isText(info.Value.Elem.First) || isText(info.Value.Elem.Second))) ||
			(info.Value.Alt.Composed() && (isText(info.Value.Alt.First) || isText(info.Value.Alt.Second))))
		if left, right, ok := strings.Cut(v, ":"); composedText && ok {
			esc = value.AppendEscapedText(esc, []byte(left), true)
			esc = append(esc, ':')
			esc = value.AppendEscapedText(esc, []byte(right), true)
		} else {
			esc = value.AppendEscapedText(esc, []byte(v), false)
		}
		enc, err := n.g.encode(esc)
		if err != nil {
			return newError("Set", id, []byte(v), ErrEncode, err)
		}
		raws[i] = enc
	}
	return n.SetRaw(id, raws...)
}

// SetRaw sets property id to raw values, written between "[" and "]" as
// they are: they must be escaped and in the game's charset.
func (n Node) SetRaw(id string, raw ...[]byte) error {
	if n.IsZero() {
		return newError("SetRaw", id, nil, ErrNoNode, nil)
	}
	// Every occurrence goes, the FF[3] spellings too: the getters read
	// them all.
	match := func(w []byte) bool {
		return string(w) == id || len(w) > len(id) && property.Canonical(w) == id
	}
	if err := n.n.ReplaceProps(id, match, raw...); err != nil {
		return newError("Set", id, nil, ErrEdit, err)
	}
	return nil
}

// Delete deletes property id (also written with FF[3] lowercase letters)
// and reports whether the node had it.
func (n Node) Delete(id string) bool {
	if n.IsZero() {
		return false
	}
	var ids []string
	for p := range n.n.Props() {
		if string(p.ID) == id || len(p.ID) > len(id) && property.Canonical(p.ID) == id {
			ids = append(ids, string(p.ID))
		}
	}
	for _, w := range ids {
		n.n.DeleteProp(w)
	}
	return len(ids) > 0
}
