package cli

import (
	"bytes"
	"errors"
	"strconv"
	"unicode/utf8"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/syntax"
	"github.com/sgf-toolkit/sgf/value"
)

// decodedJSONHelp documents the shape of "sgf json --decoded"; json.go
// adds it to the command's help.
const decodedJSONHelp = `With --decoded the tree has the same shape, but identifiers are in their
FF[4] form (CoPyright is CP) and each value is decoded by the type the
specification gives its property, in the game's charset (CA[], detection
or --charset):

    text, simpletext     a string in UTF-8, escapes removed (simpletext
                         line breaks become spaces)
    number, real, double a number
    color                "B" or "W"
    none                 null (also the empty value of an elist: VW[])
    point, stone         [x, y], columns and rows from 0 ("cd" is [2, 3]);
                         a Hex cell too ("c4" is [2, 3])
    move                 [x, y], or null for a pass ("[]", or "tt" on
                         boards up to 19x19); other Hex moves as their word
    composed "a:b"       a two-element array of the decoded halves; a
                         compressed point list "aa:cc" is [[0,0], [2,2]]

Properties that the catalogue does not know are decoded as simpletext
strings, and so is any value that does not have the form of its type,
and every point of a game other than Go and Hex. The whole file is read
before the output is written.`

// jsonDecoded runs "sgf json --decoded NAME".
func jsonDecoded(e *env, common *commonFlags, name string) int {
	src, err := readInput(e, name)
	if err != nil {
		e.errorf("%s: %s", name, describeError(err))
		return exitFailure
	}
	c, err := sgf.Read(bytes.NewReader(src), common.readOptions())
	code := exitOK
	buf := appendJSONString([]byte(`{"file":`), name)
	buf = append(buf, `,"games":[`...)
	if c != nil {
		for i, g := range c.Games() {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = appendDecodedTree(buf, g)
			e.stdout.Write(buf)
			buf = buf[:0]
		}
	}
	if err != nil {
		var pe *syntax.ParseError
		if errors.As(err, &pe) {
			d := pe.Diagnostic
			e.errorf("%s:%d:%d: %s %s: %s; the output stops there", name, d.Line, d.Column, d.Severity, d.Code, d.Message)
			code = exitProblems
		} else {
			e.errorf("%s: %s", name, describeError(err))
			code = exitFailure
		}
	}
	e.stdout.Write(append(buf, "]}\n"...))
	return code
}

// decoder decodes the values of one game.
type decoder struct {
	g          *sgf.Game
	cs         charset.Charset
	gm         int
	cols, rows int
	tmp        []byte
}

// appendDecodedTree appends the game's tree in the shape of sgf json,
// without recursion.
func appendDecodedTree(dst []byte, g *sgf.Game) []byte {
	d := &decoder{g: g, gm: g.Type()}
	d.cols, d.rows = g.Size()
	info := g.Charset()
	d.cs = info.Charset
	if info.Transcoded {
		d.cs = charset.UTF8
	}
	root := g.Tree().Root()
	if root.IsZero() {
		return append(dst, `{"nodes":[],"variations":[]}`...)
	}
	type item struct {
		n       syntax.Node
		closing bool
		comma   bool
	}
	work := []item{{n: root}}
	for len(work) > 0 {
		it := work[len(work)-1]
		work = work[:len(work)-1]
		if it.closing {
			dst = append(dst, "]}"...)
			continue
		}
		if it.comma {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"nodes":[`...)
		n := it.n
		for first := true; ; first = false {
			if !first {
				dst = append(dst, ',')
			}
			dst = d.appendNode(dst, n)
			if n.InSequence() {
				n = n.Child(0)
				continue
			}
			break
		}
		dst = append(dst, `],"variations":[`...)
		work = append(work, item{closing: true})
		for k := n.NumChildren() - 1; k >= 0; k-- {
			work = append(work, item{n: n.Child(k), comma: k > 0})
		}
	}
	return dst
}

func (d *decoder) appendNode(dst []byte, n syntax.Node) []byte {
	dst = append(dst, `{"props":[`...)
	first := true
	for p := range n.Props() {
		if !first {
			dst = append(dst, ',')
		}
		first = false
		id := string(p.ID)
		if c := property.Canonical(p.ID); c != "" {
			id = c
		}
		info, known := property.LookupGame(id, property.Game(d.gm))
		dst = append(dst, `{"id":`...)
		dst = appendJSONString(dst, id)
		dst = append(dst, `,"values":[`...)
		vf := true
		for v := range p.Values() {
			if !vf {
				dst = append(dst, ',')
			}
			vf = false
			if !known {
				dst = d.appendText(dst, v.Raw, true)
				continue
			}
			dst = d.appendValue(dst, info, v.Raw)
		}
		dst = append(dst, "]}"...)
	}
	return append(dst, "]}"...)
}

// appendValue appends one value of a catalogued property.
func (d *decoder) appendValue(dst []byte, info *property.Info, raw []byte) []byte {
	vt := info.Value
	el := vt.Elem
	a, b, composed := value.SplitCompose(raw)
	switch {
	case vt.HasAlt() && vt.Alt.Composed() == composed && !(el.Composed() == composed):
		el = vt.Alt
	case !el.Composed() && composed && vt.Form != property.Single &&
		(el.First == property.Point || el.First == property.Stone):
		// A compressed point list: "ul:lr".
		el = property.Element{First: el.First, Second: el.First}
	}
	if len(raw) == 0 && (el.First == property.None || vt.Form == property.EList) {
		return append(dst, "null"...)
	}
	if !el.Composed() {
		return d.appendBase(dst, el.First, raw, info.ID)
	}
	if !composed {
		return d.appendText(dst, raw, true)
	}
	dst = append(dst, '[')
	dst = d.appendBase(dst, el.First, a, info.ID)
	dst = append(dst, ',')
	dst = d.appendBase(dst, el.Second, b, info.ID)
	return append(dst, ']')
}

// appendBase appends one value (or half of a composed one) of base type t.
func (d *decoder) appendBase(dst []byte, t property.Base, raw []byte, id string) []byte {
	switch t {
	case property.None:
		if len(raw) == 0 {
			return append(dst, "null"...)
		}
	case property.Number:
		if n, err := value.ParseNumber(raw); err == nil {
			return strconv.AppendInt(dst, int64(n), 10)
		}
	case property.Real:
		if f, err := value.ParseReal(raw); err == nil {
			return value.AppendReal(dst, f)
		}
	case property.Double:
		if v, err := value.ParseDouble(raw); err == nil {
			return strconv.AppendInt(dst, int64(v), 10)
		}
	case property.Color:
		if c, err := value.ParseColor(raw); err == nil {
			return appendJSONString(dst, c.String())
		}
	case property.Text:
		return d.appendText(dst, raw, false)
	case property.SimpleText:
		return d.appendText(dst, raw, true)
	case property.Point, property.Stone, property.Move:
		return d.appendPoint(dst, t == property.Move, raw)
	}
	return d.appendText(dst, raw, true)
}

// appendPoint appends a Go or Hex point, stone or move.
func (d *decoder) appendPoint(dst []byte, move bool, raw []byte) []byte {
	xy := func(x, y int) []byte {
		dst = append(dst, '[')
		dst = strconv.AppendInt(dst, int64(x), 10)
		dst = append(dst, ',')
		dst = strconv.AppendInt(dst, int64(y), 10)
		return append(dst, ']')
	}
	switch d.gm {
	case sgf.GameGo:
		if move {
			p, pass, err := value.ParseMove(raw, d.cols, d.rows)
			if pass {
				return append(dst, "null"...)
			}
			if err == nil {
				return xy(p.X, p.Y)
			}
		} else if p, err := value.ParsePoint(raw); err == nil {
			return xy(p.X, p.Y)
		}
	case sgf.GameHex:
		if move {
			m, err := value.ParseHexMove(raw)
			switch {
			case err != nil:
			case m.Kind == value.HexPlace:
				return xy(m.Cell.Col, m.Cell.Row)
			case m.Kind == value.HexPass:
				return append(dst, "null"...)
			default:
				return appendJSONString(dst, m.Kind.String())
			}
		} else if c, err := value.ParseHexCell(raw); err == nil {
			return xy(c.Col, c.Row)
		}
	}
	return d.appendText(dst, raw, true)
}

// appendText appends raw decoded from the game's charset, then unescaped as
// Text or SimpleText.
func (d *decoder) appendText(dst, raw []byte, simple bool) []byte {
	u := raw
	if !ascii(raw) && !(d.cs.IsUTF8() && utf8.Valid(raw)) {
		s, _ := charset.Decode(d.cs, raw)
		u = []byte(s)
	}
	if simple {
		d.tmp = value.AppendSimpleText(d.tmp[:0], u)
	} else {
		d.tmp = value.AppendText(d.tmp[:0], u)
	}
	return syntax.AppendJSONString(dst, d.tmp)
}

func ascii(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
