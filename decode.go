package sgf

import (
	"iter"
	"slices"
	"unicode/utf8"

	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/syntax"
	"github.com/sgf-toolkit/sgf/value"
)

// Atom is one value, or one side of a composed value, decoded as its base
// type (Atom.Base) says. Only the field of that type is set.
type Atom struct {
	// Text is the text of a SimpleText or Text: in UTF-8 (the game's
	// charset decoded), escapes removed, line breaks as the type says
	// (value.Text, value.SimpleText). For a point, stone or move of a game
	// other than Go and Hex, which has no meaning in this module, it is the
	// value with its escapes removed (value.SimpleText). It may share
	// memory with the input or with the Decoder (see Decoder).
	Text []byte
	// Point is the point of a Point, Stone or Move of a Go game, or the
	// cell of a Hex game (X the column, Y the row, from 0).
	Point  value.Point
	Number int          // Number
	Real   float64      // Real
	Double value.Double // Double
	Base   property.Base
	Color  value.Color       // Color
	Pass   bool              // a Move that is a pass
	Hex    value.HexMoveKind // the kind of a Move of a Hex game
	// Undecodable says that some bytes of the value do not decode in the
	// game's charset: Text holds U+FFFD for them (Value.Raw keeps them).
	Undecodable bool
}

// Value is one decoded property value.
type Value struct {
	// Raw is the value as written (escapes intact, in the game's charset).
	Raw []byte
	// Type is what the value was read as: the catalogue's element type, its
	// alternative when the element did not fit (SZ[19:19], FG[257:fig]),
	// or the rectangle "point:point" of a compressed point list.
	Type          property.Element
	First, Second Atom // Second is set for a composed value only
	// Err is set when the value does not have the form of its type: an
	// *Error wrapping ErrValue and the error of package value. First and
	// Second are then unset, except for a Go move off the board, whose
	// point is kept (as in Move), and a number out of the range its
	// property allows (FF[5], ST[7], a Go SZ[53]), which is kept too (the
	// error wraps value.ErrRange).
	Err error
}

// Date reads v, a value of DT, as a date: value.ParseDate of the value as
// written (its escapes removed; a date is ASCII in every charset a tree
// is read in). The catalogue types DT as SimpleText, which First.Text
// holds; this is its typed form, the reading sgf check judges.
func (v *Value) Date() (value.Date, error) { return value.ParseDate(v.Raw) }

// Result reads v, a value of RE, as a result: value.ParseResult of the
// value as written, as Date reads DT.
func (v *Value) Result() (value.Result, error) { return value.ParseResult(v.Raw) }

// Color reads v, a value of PL (a Color), as every reader of the module
// reads it (the Cursor, sgf check's rules and its replay): the Color as
// written, else the colour sgf check corrects it to without loss (C03,
// value.CorrectColor): "B" or "W" with white space around it or in lower
// case, "black" or "white" in any case, FF[1]-FF[3]'s 1 (black) and 2
// (white). ok is false for any other value: one the check cannot
// correct (PL[r]) or corrects with a loss (PL[w 123], reported as
// critical). First.Color holds the Color as written only.
func (v *Value) Color() (c value.Color, ok bool) { return readColor(v.Raw) }

// Number reads v, a Number (MN, HA, KI, ...), as Color reads a Color: the
// Number as written, else the number sgf check corrects it to without
// loss (C03, value.CorrectNumber): white space dropped ("HA[ 2 ]", "MN[1
// 0]").
func (v *Value) Number() (n int, ok bool) { return readNumber(v.Raw) }

// Real reads v, a Real (KM, ...), as Color reads a Color: the Real as
// written, else the number sgf check corrects it to without loss (C03,
// value.CorrectReal): white space around it, a decimal comma ("6,5"),
// "34.", ".5", a fraction ("5 1/2"), white space in a number ("14\n0" is
// 140).
func (v *Value) Real() (f float64, ok bool) { return readReal(v.Raw) }

// Time reads v, a value of TM, as a time limit in seconds, as Real reads
// a Real: the Real as written (value.ParseTime), else the time sgf check
// corrects it to (C03, value.FixTime: "9 hours" is 32400, "1:30:00"
// 5400). ok is false for any other value and for a negative time.
func (v *Value) Time() (secs float64, ok bool) { return readTime(v.Raw) }

func readReal(raw []byte) (float64, bool) {
	if f, ok := fastReal(raw); ok {
		return f, true
	}
	if f, err := value.ParseReal(raw); err == nil {
		return f, true
	}
	fixed, lossless, ok := value.CorrectReal(raw)
	if !ok || !lossless {
		return 0, false
	}
	f, err := value.ParseReal([]byte(fixed))
	return f, err == nil
}

func readTime(raw []byte) (float64, bool) {
	if f, err := value.ParseTime(raw); err == nil {
		return f, true
	}
	fixed, _, err := value.FixTime(string(raw))
	if err != nil {
		return 0, false
	}
	f, err := value.ParseTime([]byte(fixed))
	return f, err == nil
}

func readColor(raw []byte) (value.Color, bool) {
	if len(raw) == 1 && (raw[0] == 'B' || raw[0] == 'W') {
		return value.Color(raw[0]), true
	}
	if c, lossless, ok := value.CorrectColor(raw); ok && lossless {
		return c, true
	}
	return 0, false
}

func readNumber(raw []byte) (int, bool) {
	if n, ok := value.PlainNumber(raw); ok {
		return n, true
	}
	if n, lossless, ok := value.CorrectNumber(raw); ok && lossless {
		return n, true
	}
	return 0, false
}

// Prop is one decoded property of a node.
type Prop struct {
	// ID is the FF[4] identifier (property.Canonical of an FF[3] spelling
	// such as "CoPyright"); an identifier without an FF[4] form is as
	// written.
	ID string
	// Info is the catalogue's entry for ID in the game's GM
	// (property.LookupGame); nil for a property the catalogue does not
	// know, whose values are read as SimpleText.
	Info *property.Info
	// Written is the identifier as written, and Offset its offset in the
	// input (-1 for a property set by an edit).
	Written []byte
	Offset  int64
	// Values are the values in order.
	Values []Value
	// Points are the points of a list of points or stones of a Go or Hex
	// game (AB, TR, VW, ...): compressed rectangles expanded, each point
	// once, as every reader reads them (value.ExpandPointList): a point
	// written with white space in it ("AB[d d]") read without it, as sgf
	// check corrects it, and a value with a point off the board left out
	// whole ("AB[aa:zz]" on 19x19 names no point), as check and SGFC
	// delete it. For other properties and games it is nil.
	Points []value.Point
	// Problems are the faults of such a list.
	Problems []value.ListProblem
}

// Decoder decodes the typed values of nodes: every property of a node,
// each value as the catalogue's value type says (package property;
// unknown properties as SimpleText), in one pass over the node.
//
// A Decoder reuses its memory: the Props it returns, and the slices and
// texts in them, are valid until its next call. Texts that need no change
// (no escapes, no line breaks to convert, UTF-8 or ASCII already) are not
// copied: they share memory with the game's source. Copy what must be
// kept, and do not modify them: the Decoder writes only what changed
// from one node to the next. The zero Decoder is ready for use; a Decoder
// is not safe for concurrent use.
type Decoder struct {
	g    *Game // nil for a TreeView's tree (View)
	game property.Game
	// The board and the charset of the texts: the Game's, or those given
	// to View.
	cols, rows int
	// ucols and urows are cols and rows, 0 for a negative one: the
	// bounds of a move on the board in simpleSpan's test.
	ucols, urows uint
	dec          charset.Charset
	props        []syntax.Property
	vbuf         []syntax.Value
	raws         [][]byte
	slots        *slotTable // identifiers of one or two upper-case letters, by slot
	moves        [2]knownID // B and W
	// mv holds simpleSpan's result for a B and a W node, filled for the
	// game by setBoard: a move node rewrites only what changes. Apart
	// from the Decoder, so that a copy of it does not point into it.
	mv [2]*moveSlot
	// undecodable is set by decodeText and utf8Raw when bytes did not
	// decode; the callers put it in the Atom.
	undecodable bool
	// reuse says that out[0] and vals[0] hold a move written by move,
	// unchanged since.
	reuse bool
	// lists is the number of Props at the start of out that may hold
	// Points or Problems (set by pointList), which reset clears: prop
	// and move find them nil.
	lists int
	// general holds the indices of the Values of vals that may hold a
	// Second or an Err (those of the general path: newValue, appendValue),
	// which reset clears: prop's fast paths write Raw, Type and First.
	general []int32
	out     []Prop
	vals    []Value
	pts     []value.Point
	probs   []value.ListProblem
	text    []byte
	tmp     []byte
	faults  []charset.Fault
	ids     map[string]string // identifiers without a catalogue entry
}

// Decode returns the node's properties decoded (see Decoder). The result
// does not share memory with other calls.
func (n Node) Decode() []Prop {
	var d Decoder
	return d.Node(n)
}

// Node decodes the properties of n. The result is valid until the next
// call of d.
func (d *Decoder) Node(n Node) []Prop {
	if n.IsZero() {
		return nil
	}
	if d.g != n.g {
		d.setGame(n.g)
	}
	d.reset()
	vc, pc, qc := cap(d.vals), cap(d.pts), cap(d.probs)
	t := n.g.tree
	if t.Modified() || t.LeadBytes() != syntax.ASCIISafe || !d.scan(n) {
		d.reset()
		d.props = n.n.AppendProps(d.props[:0])
		for _, p := range d.props {
			d.vbuf = p.AppendValues(d.vbuf[:0])
			d.propOf(p.ID, p.Offset, d.vbuf)
		}
	}
	if cap(d.vals) != vc || cap(d.pts) != pc || cap(d.probs) != qc {
		d.rebase()
	}
	return d.out
}

// View prepares d to decode the properties of the tree that v read
// (Prop): of its game and on its board as v read them (TreeView), with
// texts in charset cs.
func (d *Decoder) View(v *TreeView, cs charset.Charset) {
	d.setBoard(v.Game, v.Cols, v.Rows, cs)
	d.g = nil
}

// Prop decodes pr, a property of a node of the tree given to View, as
// Node decodes the properties of a node. The result is valid until the
// next call of d.
func (d *Decoder) Prop(pr *PropView) *Prop {
	d.reset()
	vc, pc, qc := cap(d.vals), cap(d.pts), cap(d.probs)
	d.propOf(pr.Raw, pr.Offset, pr.Values)
	if cap(d.vals) != vc || cap(d.pts) != pc || cap(d.probs) != qc {
		d.rebase()
	}
	return &d.out[0]
}

// propOf decodes the property written id, at offset off, of values vals.
func (d *Decoder) propOf(id []byte, off int64, vals []syntax.Value) {
	d.raws = d.raws[:0]
	for _, v := range vals {
		d.raws = append(d.raws, v.Raw)
	}
	d.prop(id, off, d.raws)
}

// rebase points the slices of the Props at the Decoder's buffers again
// after one of them grew while the node was decoded: each Prop's part of a
// buffer follows the previous one's.
func (d *Decoder) rebase() {
	v, q, r := 0, 0, 0
	for i := range d.out {
		p := &d.out[i]
		n := len(p.Values)
		p.Values = d.vals[v : v+n : v+n]
		v += n
		if p.Points != nil {
			n = len(p.Points)
			p.Points = d.pts[q : q+n : q+n]
			q += n
		}
		if p.Problems != nil {
			n = len(p.Problems)
			p.Problems = d.probs[r : r+n : r+n]
			r += n
		}
	}
}

// setGame prepares d for the nodes of g.
func (d *Decoder) setGame(g *Game) {
	d.setBoard(property.Game(g.gm), g.cols, g.rows, g.dec)
	d.g = g
}

// setBoard prepares d for the nodes of a game of type game on a board of
// cols x rows whose texts are in charset cs.
func (d *Decoder) setBoard(game property.Game, cols, rows int, cs charset.Charset) {
	fresh := d.slots == nil || d.game != game
	d.game, d.cols, d.rows, d.dec = game, cols, rows, cs
	d.ucols, d.urows = uint(max(cols, 0)), uint(max(rows, 0))
	if !fresh {
		// The identifiers, their entries and the moves' slots are
		// those of the game before, of the same type.
		return
	}
	d.slots = slotTableFor(game)
	for k, id := range idBW {
		d.moves[k].id, d.moves[k].info = d.lookup(id)
	}
	if d.mv[0] == nil {
		mv := new([2]moveSlot)
		d.mv = [2]*moveSlot{&mv[0], &mv[1]}
	}
	for k, s := range d.mv {
		s.v[0] = Value{Type: moveElem, First: Atom{Base: property.Move}}
		s.p[0] = Prop{ID: d.moves[k].id, Info: d.moves[k].info, Written: idBW[k], Values: s.v[:]}
	}
}

// idBW are the identifiers of the moves, B and W (read only): for
// setBoard's look-ups (a []byte{'B'} made there was allocated for each
// game) and as simpleSpan's moves have them written, one letter.
var idBW = [2][]byte{[]byte("B"), []byte("W")}

// A moveSlot is what simpleSpan yields for a node that is only a move of
// one colour: the property and its value as move decodes them, of which
// each node writes only its offset, the value's bytes and the point.
type moveSlot struct {
	p [1]Prop
	v [1]Value
}

// simpleSpan yields records i to end-1 of g, nodes that the parser
// marked as ";B[pd]" (syntax.Tree.SimpleSpan), each decoded as move
// decodes it when it is a move of B or W on the board, into d.mv (only
// the fields that change are written), else by Node. It returns where it
// stopped, and false when yield did.
func (d *Decoder) simpleSpan(g *Game, i, end int, yield func(Node, []Prop) bool) (int, bool) {
	t := g.tree
	for ; i < end; i++ {
		if d.g != g {
			// The loop's body decoded a node of another game.
			d.setGame(g)
		}
		sn, m, off := t.SimpleRunNode(i) // m is ";B[pd]"
		n := Node{g, sn}
		x, y := value.Coord(m[3]), value.Coord(m[4]) // -1 off the letters
		var props []Prop
		if c := m[1]; (c == 'B' || c == 'W') && uint(x) < d.ucols && uint(y) < d.urows {
			s := d.mv[c>>4&1] // 'B' is 0x42, 'W' 0x57
			p, v := &s.p[0], &s.v[0]
			p.Offset = off + 1
			v.Raw, v.First.Point = m[3:5:5], value.Point{X: x, Y: y}
			props = s.p[:]
		} else {
			props = d.Node(n)
		}
		if !yield(n, props) {
			return i, false
		}
	}
	return i, true
}

// reuseMove makes the node's only property the move written at x, y,
// when out[0] and vals[0] hold the previous node's move (d.reuse): only
// what differs is written (a third of the stores).
func (d *Decoder) reuseMove(written, raw []byte, off int64, x, y int) {
	m := &d.moves[0]
	if written[0] == 'W' {
		m = &d.moves[1]
	}
	d.out, d.vals = d.out[:1], d.vals[:1]
	p, v := &d.out[0], &d.vals[0]
	p.ID, p.Info, p.Written, p.Offset = m.id, m.info, written, off
	v.Raw, v.First.Point = raw, value.Point{X: x, Y: y}
}

func (d *Decoder) reset() {
	if d.lists > 0 || len(d.general) > 0 {
		d.clean()
	}
	d.out = d.out[:0]
	d.vals = d.vals[:0]
	d.pts = d.pts[:0]
	d.probs = d.probs[:0]
	d.text = d.text[:0]
}

// scan reads the properties of an unedited node of an ASCII-safe tree from
// its source with the syntax layer's scanner (syntax.PropScanner: the same
// properties as syntax.Node.AppendProps), and decodes each property as
// soon as it is read: one pass over the node. A move of two letters on
// the board, the bulk of a game, is decoded without the general path.
// It reports false, having decoded part of the node, for a value that the
// input ends in, which the caller leaves to the syntax layer.
func (d *Decoder) scan(n Node) bool {
	src := n.n.SourceRest()
	base := n.n.Offset()
	var s syntax.PropScanner
	s.Reset(src, 0, syntax.ASCIISafe)
	var one [1][]byte // the values of a property of one value
	for id, off := s.Next(); id != nil; id, off = s.Next() {
		first, ok := s.First()
		if !ok {
			return false
		}
		more := s.More()
		if !more {
			if len(first) == 2 && len(id) == 1 && (id[0] == 'B' || id[0] == 'W') && d.game == property.Go {
				if x, y, ok := value.BoardMove(first, d.cols, d.rows); ok {
					d.move(id, first, base+int64(off), x, y)
					continue
				}
			}
			one[0] = first
			d.prop(id, base+int64(off), one[:])
			continue
		}
		d.raws = append(d.raws[:0], first)
		for ; more; more = s.More() {
			raw, ok := s.Value()
			if !ok {
				return false
			}
			d.raws = append(d.raws, raw)
		}
		d.prop(id, base+int64(off), d.raws)
	}
	return true
}

// clean clears what the general path set (lists, general) for reset.
func (d *Decoder) clean() {
	for i := range d.out[:d.lists] {
		d.out[i].Points, d.out[i].Problems = nil, nil
	}
	for _, i := range d.general {
		d.vals[i].Second, d.vals[i].Err = Atom{}, nil
	}
	d.lists, d.general = 0, d.general[:0]
}

// newValue appends a zero Value to d.vals and returns it, for the
// general path (see general; appendValue appends a Value built whole).
func (d *Decoder) newValue() *Value {
	var v *Value
	d.vals, v = extend(d.vals)
	*v = Value{}
	d.general = append(d.general, int32(len(d.vals)-1))
	return v
}

// appendValue appends v, of the general path, to d.vals (see general).
func (d *Decoder) appendValue(v Value) {
	d.vals = append(d.vals, v)
	d.general = append(d.general, int32(len(d.vals)-1))
}

// fastValue appends a Value to d.vals and returns it, for a fast path:
// its Second and Err are unset (see general); the caller writes its Raw,
// Type and First, First whole (fewer stores than newValue's zero Value
// and the fields after it).
func (d *Decoder) fastValue() *Value {
	var v *Value
	d.vals, v = extend(d.vals)
	return v
}

// prop decodes the property written id, of raw values raws: each value
// as value decodes it, the common forms without its general path (and
// without a call: the dispatch on the type is prop's own).
func (d *Decoder) prop(written []byte, off int64, raws [][]byte) {
	var id string
	var info *property.Info
	if k := property.Slot(written); k >= 0 {
		// lookup's common case, without the call (a catalogued
		// identifier's entry has the slot's identifier).
		id, info = slotIDs[k], d.slots.info[k]
	} else {
		id, info = d.lookup(written)
	}
	if len(d.out) == 0 {
		d.reuse = false
	}
	// Fields are written in place: appending a composite literal of
	// this size copies it through the stack, which stalls the CPU.
	var p *Prop
	d.out, p = extend(d.out)
	p.ID, p.Info, p.Written, p.Offset = id, info, written, off
	// (Points and Problems are nil: see lists.)
	v0 := len(d.vals)
	vt := &unknownType
	if info != nil {
		vt = &info.Value
	}
	switch first := vt.Elem.First; {
	case info == nil:
		// Read as SimpleText.
		for _, raw := range raws {
			text := d.decodeText(raw, true, false)
			v := d.fastValue()
			v.Raw, v.Type = raw, property.Element{First: property.SimpleText}
			v.First = Atom{Base: property.SimpleText, Text: text, Undecodable: d.undecodable}
		}
	case vt.Elem.Composed():
		for _, raw := range raws {
			d.value(d.newValue(), id, vt, raw)
		}
	case first == property.SimpleText || first == property.Text:
		// Most values of a game's root. A text has no error, hence
		// no alternative and no range.
		for _, raw := range raws {
			v := d.fastValue()
			v.Raw, v.Type = raw, vt.Elem
			if kinds := textKinds(raw); kinds == 0 {
				// decodeText's common case, without the call.
				v.First = Atom{Base: first, Text: raw}
			} else {
				text := d.decodeKinds(raw, kinds, first == property.SimpleText, false)
				v.First = Atom{Base: first, Text: text, Undecodable: d.undecodable}
			}
		}
	case first == property.Real:
		// KM, BL, WL, TM: a Real of the common form.
		for _, raw := range raws {
			if f, ok := fastReal(raw); ok {
				v := d.fastValue()
				v.Raw, v.Type = raw, vt.Elem
				v.First = Atom{Base: first, Real: f}
			} else {
				d.value(d.newValue(), id, vt, raw)
			}
		}
	case first == property.Number:
		// GM, FF, HA, SZ, ST: a plain number within its range.
		for _, raw := range raws {
			n, ok := value.PlainNumber(raw)
			if ok && (!vt.Ranged || vt.Min <= n && n <= vt.Max) && (id != "SZ" || d.game != property.Go || 1 <= n && n <= value.MaxBoard) {
				v := d.fastValue()
				v.Raw, v.Type = raw, vt.Elem
				v.First = Atom{Base: first, Number: n}
			} else {
				d.value(d.newValue(), id, vt, raw)
			}
		}
	case vt.Form != property.Single && (first == property.Point || first == property.Stone) && (d.game == property.Go || d.game == property.Hex):
		d.pointList(p, id, *vt, raws)
	case vt.Elem == moveElem && d.game == property.Go && len(raws) == 1 && len(raws[0]) == 2:
		// B and W, the bulk of a game: a move of two letters on the board.
		raw := raws[0]
		if x, y, ok := value.BoardMove(raw, d.cols, d.rows); ok {
			v := d.fastValue()
			v.Raw, v.Type = raw, moveElem
			v.First = Atom{Base: property.Move, Point: value.Point{X: x, Y: y}}
		} else {
			d.value(d.newValue(), id, vt, raw)
		}
	default:
		for _, raw := range raws {
			d.value(d.newValue(), id, vt, raw)
		}
	}
	v1 := len(d.vals)
	p.Values = d.vals[v0:v1:v1]
}

// unknownType stands for the value type of a property without a
// catalogue entry, whose values prop reads as SimpleText.
var unknownType property.ValueType

// move adds the property B or W (written) of a Go game with a move of two
// letters on the board at x, y.
func (d *Decoder) move(written, raw []byte, off int64, x, y int) {
	m := &d.moves[0]
	if written[0] == 'W' {
		m = &d.moves[1]
	}
	id, info := m.id, m.info
	if len(d.out) == 0 && d.reuse {
		d.reuseMove(written, raw, off, x, y)
		return
	}
	v0 := len(d.vals)
	v := d.fastValue()
	v.Raw, v.Type = raw, moveElem
	v.First = Atom{Base: property.Move, Point: value.Point{X: x, Y: y}}
	d.reuse = len(d.out) == 0
	var p *Prop
	d.out, p = extend(d.out)
	p.ID, p.Info, p.Written, p.Offset = id, info, written, off
	p.Values = d.vals[v0 : v0+1 : v0+1]
}

// Game yields every node of g in pre-order with its decoded properties
// (see Node). The properties are valid until the next step.
func (d *Decoder) Game(g *Game) iter.Seq2[Node, []Prop] {
	return func(yield func(Node, []Prop) bool) {
		t := g.tree
		if !t.Modified() {
			// Pre-order is the order of the records.
			d.setGame(g)
			fast := g.gm == GameGo && t.LeadBytes() == syntax.ASCIISafe
			for i, nn := 0, t.NumNodes(); i < nn; {
				if fast {
					// A span of nodes that the parser marked as
					// ";B[pd]" (syntax.Node.SimpleMove).
					var ok bool
					if i, ok = d.simpleSpan(g, i, i+t.SimpleSpan(i), yield); !ok {
						return
					}
					if i == nn {
						break
					}
				}
				n := Node{g, t.Node(i)}
				if !yield(n, d.Node(n)) {
					return
				}
				i++
			}
			return
		}
		for s := range t.Nodes() {
			n := Node{g, s}
			if !yield(n, d.Node(n)) {
				return
			}
		}
	}
}

// knownID is a result of lookup.
type knownID struct {
	id   string
	info *property.Info
}

// lookup finds the FF[4] identifier and the catalogue entry of an
// identifier as written: from the game's slot table (shared with
// TreeView) for one or two upper-case letters.
func (d *Decoder) lookup(id []byte) (string, *property.Info) {
	if k := property.Slot(id); k >= 0 {
		return slotIDs[k], d.slots.info[k]
	}
	var s string
	if info, ok := property.LookupBytes(id); ok {
		s = info.ID
	} else {
		s = d.intern(id)
	}
	info, ok := property.LookupGame(s, d.game)
	if ok {
		s = info.ID
	} else {
		info = nil
	}
	return s, info
}

// intern returns the FF[4] form of an identifier that is not one as
// written (property.Canonical), or the identifier itself when it has no
// FF[4] form. Strings are kept, so each is allocated once per Decoder.
func (d *Decoder) intern(id []byte) string {
	if s, ok := d.ids[string(id)]; ok {
		return s
	}
	s := property.Canonical(id)
	if s == "" {
		s = string(id)
	}
	if d.ids == nil {
		d.ids = make(map[string]string)
	}
	d.ids[string(id)] = s
	return s
}

var moveElem = property.Element{First: property.Move}

// pointList reports whether values of type vt are a list of points or
// stones, which may be compressed.
func pointList(vt property.ValueType) bool {
	return vt.Form != property.Single && !vt.Elem.Composed() &&
		(vt.Elem.First == property.Point || vt.Elem.First == property.Stone)
}

func (d *Decoder) bad(id string, raw []byte, err error) error {
	return newError("Decode", id, raw, ErrValue, err)
}

// value decodes one value of a catalogued property into v: as its
// element type, else as the alternative.
func (d *Decoder) value(v *Value, id string, vt *property.ValueType, raw []byte) {
	d.element(v, id, vt.Elem, raw)
	if v.Err != nil && vt.HasAlt() {
		var w Value
		if d.element(&w, id, vt.Alt, raw); w.Err == nil {
			*v = w
		}
	}
	if v.Err != nil {
		return
	}
	switch {
	case vt.Ranged && v.First.Base == property.Number && (v.First.Number < vt.Min || v.First.Number > vt.Max):
		// "number (range: 0-3)": the number is kept.
		v.Err = d.bad(id, raw, &value.Error{Type: "Number", Value: string(raw[:min(len(raw), 64)]), Err: value.ErrRange})
	case id == "SZ" && d.game == property.Go && (outSize(v.First) || v.Second.Base == property.Number && outSize(v.Second)):
		// Go boards are 1x1 to 52x52 (ff4 Go page): the numbers are kept.
		v.Err = d.bad(id, raw, &value.Error{Type: "Size", Value: string(raw[:min(len(raw), 64)]), Err: value.ErrRange})
	}
}

func outSize(a Atom) bool { return a.Number < 1 || a.Number > value.MaxBoard }

func isTextBase(b property.Base) bool { return b == property.Text || b == property.SimpleText }

// isPointBase reports whether b is a point, stone or move: texts in games
// other than Go and Hex.
func isPointBase(b property.Base) bool {
	return b == property.Point || b == property.Stone || b == property.Move
}

func (d *Decoder) element(v *Value, id string, el property.Element, raw []byte) {
	v.Raw, v.Type = raw, el
	if !el.Composed() {
		if err := d.atom(&v.First, el.First, raw, false); err != nil {
			v.Err = d.bad(id, raw, err)
			p := v.First.Point
			v.First = Atom{}
			if el.First == property.Move {
				v.First.Base, v.First.Point = el.First, p
			}
		}
		return
	}
	src, isUTF8 := raw, false
	if isTextBase(el.First) || isTextBase(el.Second) || d.game != property.Go && d.game != property.Hex && (isPointBase(el.First) || isPointBase(el.Second)) {
		// Decode before splitting: a ':' may be the second byte of a
		// character of a multibyte charset.
		src, isUTF8 = d.utf8Raw(raw), true
		if d.undecodable {
			v.First.Undecodable, v.Second.Undecodable = true, true
		}
	}
	left, right, ok := value.SplitCompose(src)
	if !ok && id == "AP" {
		// AP[name] without ":version", which many programs write (sgf
		// check reports it, C09): the name, and an empty version.
		ok = true
	}
	if !ok {
		v.Err = d.bad(id, raw, &value.Error{Type: "Compose", Value: string(raw[:min(len(raw), 64)]), Err: value.ErrSyntax})
		return
	}
	err := d.atom(&v.First, el.First, left, isUTF8)
	if err == nil {
		err = d.atom(&v.Second, el.Second, right, isUTF8)
	}
	if err != nil {
		v.Err = d.bad(id, raw, err)
		v.First, v.Second = Atom{}, Atom{}
	}
}

// atom decodes one value, or one side of a composed value, as base b.
// isUTF8 says that raw was decoded to UTF-8 already. Each case tries the
// common spelling first and otherwise calls the parser of package value.
func (d *Decoder) atom(a *Atom, b property.Base, raw []byte, isUTF8 bool) error {
	a.Base = b
	d.undecodable = false
	var err error
	switch b {
	case property.None:
		err = value.ParseNone(raw)
	case property.Number:
		if n, ok := value.PlainNumber(raw); ok {
			a.Number = n
		} else {
			a.Number, err = value.ParseNumber(raw)
		}
	case property.Real:
		if f, ok := fastReal(raw); ok {
			a.Real = f
		} else {
			a.Real, err = value.ParseReal(raw)
		}
	case property.Double:
		if len(raw) == 1 && (raw[0] == '1' || raw[0] == '2') {
			a.Double = value.Double(raw[0] - '0')
		} else {
			a.Double, err = value.ParseDouble(raw)
		}
	case property.Color:
		if len(raw) == 1 && (raw[0] == 'B' || raw[0] == 'W') {
			a.Color = value.Color(raw[0])
		} else {
			a.Color, err = value.ParseColor(raw)
		}
	case property.SimpleText, property.Text:
		a.Text = d.decodeText(raw, b == property.SimpleText, isUTF8)
		a.Undecodable = a.Undecodable || d.undecodable
	case property.Point, property.Stone:
		switch d.game {
		case property.Go:
			a.Point, err = value.ParsePoint(raw)
		case property.Hex:
			var c value.HexCell
			if c, err = value.ParseHexCell(raw); err == nil {
				a.Point = value.Point{X: c.Col, Y: c.Row}
				if !a.Point.In(d.cols, d.rows) {
					err = hexOffBoard(raw)
				}
			}
		default:
			a.Text = d.decodeText(raw, true, isUTF8)
			a.Undecodable = a.Undecodable || d.undecodable
		}
	case property.Move:
		switch d.game {
		case property.Go:
			a.Point, a.Pass, err = value.ParseMove(raw, d.cols, d.rows)
		case property.Hex:
			var m value.HexMove
			if m, err = value.ParseHexMove(raw); err == nil {
				a.Hex = m.Kind
				a.Point = value.Point{X: m.Cell.Col, Y: m.Cell.Row}
				a.Pass = m.Kind == value.HexPass
				if m.Kind == value.HexPlace && !a.Point.In(d.cols, d.rows) {
					err = hexOffBoard(raw) // the point is kept, as for Go
				}
			}
		default:
			a.Text = d.decodeText(raw, true, isUTF8)
			a.Undecodable = a.Undecodable || d.undecodable
		}
	default:
		a.Text = d.decodeText(raw, true, isUTF8)
		a.Undecodable = a.Undecodable || d.undecodable
	}
	return err
}

// pow10 are the powers of ten that float64 holds exactly.
var pow10 = [...]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15}

// fastReal reads "digits[.digits]" of at most 15 digits without sign or
// escapes. The mantissa and the power of ten are exact in a float64, so
// the one division is correctly rounded: the result is strconv.ParseFloat's.
func fastReal(raw []byte) (float64, bool) {
	if len(raw) == 0 || len(raw) > 16 {
		return 0, false
	}
	var m uint64
	i := 0
	for ; i < len(raw) && raw[i]-'0' < 10; i++ {
		m = m*10 + uint64(raw[i]-'0')
	}
	digits, frac := i, 0
	if i < len(raw) {
		// A '.' after a digit, then digits to the end.
		if raw[i] != '.' || i == 0 {
			return 0, false
		}
		j := i + 1
		for ; j < len(raw) && raw[j]-'0' < 10; j++ {
			m = m*10 + uint64(raw[j]-'0')
		}
		if frac = j - i - 1; j < len(raw) || frac == 0 {
			return 0, false
		}
		digits += frac
	}
	if digits > 15 {
		return 0, false
	}
	return float64(m) / pow10[frac], true
}

// utf8Raw is Game.utf8Raw into the Decoder's buffer.
func (d *Decoder) utf8Raw(raw []byte) []byte {
	d.undecodable = false
	if asciiOnly(raw) || d.dec.IsUTF8() && utf8.Valid(raw) {
		return raw
	}
	start := len(d.text)
	d.text, d.faults = charset.AppendDecode(d.text, d.dec, raw, d.faults[:0])
	d.undecodable = len(d.faults) > 0
	return d.text[start:len(d.text):len(d.text)]
}

// textClass marks the bytes that make a text need work, one bit a kind:
// '\' and the white space that value.Text changes (CR, HT, VT, FF), LF
// (which SimpleText changes too), and bytes that may need charset
// decoding (ESC, 0x80 and above).
var textClass = func() (t [256]uint8) {
	for _, c := range []byte{'\\', '\r', '\t', '\v', '\f'} {
		t[c] = textEscape
	}
	t['\n'] = textLF
	t[0x1B] = textHigh
	for c := 0x80; c < 0x100; c++ {
		t[c] = textHigh
	}
	return t
}()

const (
	textEscape = 1 << iota
	textLF
	textHigh
)

// textKinds returns the kinds of bytes in raw (textClass), without a
// branch a byte: 0 for a text that needs no change.
func textKinds(raw []byte) uint8 {
	var kinds uint8
	for _, c := range raw {
		kinds |= textClass[c]
	}
	return kinds
}

// decodeText decodes a raw SimpleText or Text: as Game.text, but without
// copying a text that needs no change.
func (d *Decoder) decodeText(raw []byte, simple, isUTF8 bool) []byte {
	return d.decodeKinds(raw, textKinds(raw), simple, isUTF8)
}

// decodeKinds is decodeText of raw whose textKinds are kinds.
func (d *Decoder) decodeKinds(raw []byte, kinds uint8, simple, isUTF8 bool) []byte {
	d.undecodable = false
	escape := kinds&textEscape != 0 || simple && kinds&textLF != 0
	high := kinds&textHigh != 0
	if high && !isUTF8 {
		if d.dec.IsUTF8() && utf8.Valid(raw) {
			high = false
		} else {
			d.tmp, d.faults = charset.AppendDecode(d.tmp[:0], d.dec, raw, d.faults[:0])
			d.undecodable = len(d.faults) > 0
			raw = d.tmp
			escape = true // copy out of tmp
		}
	}
	if !escape {
		return raw
	}
	start := len(d.text)
	if simple {
		d.text = value.AppendSimpleText(d.text, raw)
	} else {
		d.text = value.AppendText(d.text, raw)
	}
	return d.text[start:len(d.text):len(d.text)]
}

// pointList decodes the values of a list of points or stones of a Go or
// Hex game, expands them into d.pts and sets p's Points and Problems.
func (d *Decoder) pointList(p *Prop, id string, vt property.ValueType, raws [][]byte) {
	d.lists = max(d.lists, len(d.out)) // p is the last Prop
	p0, q0 := len(d.pts), len(d.probs)
	d.listValues(id, vt, raws)
	p1, q1 := len(d.pts), len(d.probs)
	if p1 > p0 || q1 > q0 {
		p.Points = d.pts[p0:p1:p1]
	}
	if q1 > q0 {
		p.Problems = d.probs[q0:q1:q1]
	}
}

// listValues is pointList's reading of the values raws.
func (d *Decoder) listValues(id string, vt property.ValueType, raws [][]byte) {
	if len(raws) == 1 && len(raws[0]) == 0 {
		// An elist's "[]" (or an empty list value, which
		// value.ExpandPointList would report).
		v := Value{Raw: raws[0], Type: property.Element{First: property.None}, First: Atom{Base: property.None}}
		if vt.Form != property.EList {
			v.Type, v.First = vt.Elem, Atom{}
			_, err := value.ParsePoint(v.Raw)
			v.Err = d.bad(id, v.Raw, err)
			d.probs = append(d.probs, value.ListProblem{Index: 0, Kind: value.ListSyntax})
		}
		d.appendValue(v)
		return
	}
	if d.game == property.Hex {
		p0 := len(d.pts)
		for i, r := range raws {
			v := Value{Raw: r, Type: vt.Elem, First: Atom{Base: vt.Elem.First}}
			c, err := value.ParseHexCell(r)
			switch {
			case err != nil:
				v.Err = d.bad(id, r, err)
				d.probs = append(d.probs, value.ListProblem{Index: i, Kind: value.ListSyntax})
			case c.Col >= d.cols || c.Row >= d.rows:
				v.First.Point = value.Point{X: c.Col, Y: c.Row}
				d.probs = append(d.probs, value.ListProblem{Index: i, Kind: value.ListOffBoard, Point: v.First.Point})
			case slices.Contains(d.pts[p0:], value.Point{X: c.Col, Y: c.Row}):
				v.First.Point = value.Point{X: c.Col, Y: c.Row}
				d.probs = append(d.probs, value.ListProblem{Index: i, Kind: value.ListDuplicate, Point: v.First.Point})
			default:
				v.First.Point = value.Point{X: c.Col, Y: c.Row}
				d.pts = append(d.pts, v.First.Point)
			}
			d.appendValue(v)
		}
		return
	}
	// Each value read as every reader reads it (value.ReadListValue,
	// value.ListRect, as value.ExpandPointList): white space in a point
	// removed, as sgf check corrects it (Err is set all the same: the
	// value does not have the form of its type), a value with a point off
	// the board left out whole.
	cols, rows := min(max(d.cols, 0), value.MaxBoard), min(max(d.rows, 0), value.MaxBoard)
	var seen [(value.MaxBoard*value.MaxBoard + 63) / 64]uint64
	for i, r := range raws {
		if x, y, ok := value.BoardMove(r, cols, rows); ok {
			// A point of two letters on the board, the common value,
			// as ReadListValue and ListRect read it.
			v := d.fastValue()
			v.Raw, v.Type = r, vt.Elem
			v.First = Atom{Base: vt.Elem.First, Point: value.Point{X: x, Y: y}}
			d.addPoint(&seen, i, v.First.Point)
			continue
		}
		v := Value{Raw: r, Type: vt.Elem, First: Atom{Base: vt.Elem.First}}
		a, b, composed, spaced, err := value.ReadListValue(r)
		if err != nil {
			v.Err = d.bad(id, r, err)
			d.probs = append(d.probs, value.ListProblem{Index: i, Kind: value.ListSyntax})
			d.appendValue(v)
			continue
		}
		switch {
		case spaced:
			v.Err = d.bad(id, r, spacedError(r, composed))
		case composed:
			v.Type = property.Element{First: vt.Elem.First, Second: vt.Elem.First}
			v.First.Point = a
			v.Second = Atom{Base: vt.Elem.First, Point: b}
		default:
			v.First.Point = a
		}
		d.appendValue(v)
		rect, ok := value.Rect{}, false
		if rect, ok, d.probs = value.ListRect(i, a, b, composed, spaced, cols, rows, d.probs); !ok {
			continue
		}
		for y := rect.Min.Y; y <= rect.Max.Y; y++ {
			for x := rect.Min.X; x <= rect.Max.X; x++ {
				d.addPoint(&seen, i, value.Point{X: x, Y: y})
			}
		}
	}
}

// addPoint adds p, a point of value i of a list, to d.pts, or a
// ListDuplicate problem when seen has it already.
func (d *Decoder) addPoint(seen *[(value.MaxBoard*value.MaxBoard + 63) / 64]uint64, i int, p value.Point) {
	bit := p.Y*value.MaxBoard + p.X
	if seen[bit/64]&(1<<(bit%64)) != 0 {
		d.probs = append(d.probs, value.ListProblem{Index: i, Kind: value.ListDuplicate, Point: p})
		return
	}
	seen[bit/64] |= 1 << (bit % 64)
	d.pts = append(d.pts, p)
}

// spacedError is the error of a value of a Go list of points with white
// space in a point ("AB[d d]", "AB[dd : ee]"): ParsePoint's of the point
// as written, the Err a Value has for it though its points are read
// (value.CorrectPoint).
func spacedError(raw []byte, composed bool) error {
	l, r, _ := value.SplitCompose(raw)
	if _, err := value.ParsePoint(l); err != nil || !composed {
		return err
	}
	_, err := value.ParsePoint(r)
	return err
}
