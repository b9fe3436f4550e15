package cli

import (
	"bytes"
	"errors"
	"slices"
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
and every point of a game other than Go and Hex. A number out of its
property's range (FF[5]) and a move off the board are kept as a number
and [x, y]: 'sgf check' reports them. The values are those of the
library's Decoder (package sgf). The whole file is read before the
output is written.`

// jsonDecoded runs "sgf json --decoded NAME".
func jsonDecoded(e *env, common *commonFlags, name string) int {
	src, err := readInput(e, name)
	if err != nil {
		return e.failf("%s: %s", name, describeError(err))
	}
	c, err := sgf.Read(bytes.NewReader(src), common.readOptions())
	code := exitOK
	buf := appendJSONFile([]byte(`{"file":`), name)
	buf = append(buf, `,"games":[`...)
	if c != nil {
		d := new(decodedJSON)
		for i, g := range c.Games() {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = d.appendTree(buf, g)
			e.stdout.Write(buf)
			buf = buf[:0]
		}
	}
	if err != nil {
		code = outputStops(e, name, err)
	}
	e.stdout.Write(append(buf, "]}\n"...))
	return code
}

// decodedJSON writes the values of sgf.Decoder as JSON (see
// decodedJSONHelp); one serves every game of a file.
type decodedJSON struct {
	dec    sgf.Decoder
	g      *sgf.Game
	gm     int
	cs     charset.Charset
	tmp    []byte
	text   []byte
	faults []charset.Fault
	open   []int // per open list of variations, the trees still to come
}

// appendTree appends the game's tree in the shape of sgf json, without
// recursion: d.dec.Game yields the nodes in pre-order, and a node's
// place in the tree follows from the node before it. After a node in
// sequence with its child comes that child; after a node with
// variations, its first variation; after a leaf, the next variation of
// the innermost list that has one left.
func (d *decodedJSON) appendTree(dst []byte, g *sgf.Game) []byte {
	d.g, d.gm = g, g.Type()
	d.cs = g.Charset().Charset
	if g.Charset().Transcoded {
		d.cs = charset.UTF8
	}
	open := d.open[:0]
	started, inSeq, kids := false, false, 0
	for n, props := range d.dec.Game(g) {
		switch {
		case !started:
			dst = append(dst, `{"nodes":[`...)
			started = true
		case inSeq:
			dst = append(dst, ',')
		default:
			if kids > 0 {
				dst = append(dst, `],"variations":[`...)
				open = append(open, kids)
			} else {
				dst = append(dst, ',')
			}
			open[len(open)-1]--
			dst = append(dst, `{"nodes":[`...)
		}
		dst = d.appendNode(dst, props)
		s := n.Syntax()
		inSeq, kids = s.InSequence(), 0
		if !inSeq {
			kids = s.NumChildren()
		}
		if !inSeq && kids == 0 {
			dst = append(dst, `],"variations":[]}`...)
			for len(open) > 0 && open[len(open)-1] == 0 {
				open = open[:len(open)-1]
				dst = append(dst, "]}"...)
			}
		}
	}
	d.open = open
	if !started {
		return append(dst, `{"nodes":[],"variations":[]}`...)
	}
	return dst
}

func (d *decodedJSON) appendNode(dst []byte, props []sgf.Prop) []byte {
	dst = append(dst, `{"props":[`...)
	for i := range props {
		p := &props[i]
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"id":`...)
		dst = appendJSONString(dst, p.ID)
		dst = append(dst, `,"values":[`...)
		for j := range p.Values {
			if j > 0 {
				dst = append(dst, ',')
			}
			dst = d.appendValue(dst, p, &p.Values[j])
		}
		dst = append(dst, "]}"...)
	}
	return append(dst, "]}"...)
}

// appendValue appends one value as decodedJSONHelp says. A value that the
// Decoder could not read (Err) is its raw text as a SimpleText, unless the
// Decoder kept what it read: a number out of its property's range, a move
// off the board (Err wraps value.ErrRange, First holds them).
func (d *decodedJSON) appendValue(dst []byte, p *sgf.Prop, v *sgf.Value) []byte {
	if v.Err != nil && (v.First.Base == property.Unknown || !errors.Is(v.Err, value.ErrRange)) {
		return d.appendRaw(dst, v.Raw)
	}
	if len(v.Raw) == 0 && p.Info != nil && p.Info.Value.Form == property.EList {
		// VW[]: the Decoder reads it as the elist's none in Go and Hex,
		// as an empty point elsewhere.
		return append(dst, "null"...)
	}
	if !v.Type.Composed() {
		return d.appendAtom(dst, v.Type.First, &v.First)
	}
	dst = append(dst, '[')
	dst = d.appendAtom(dst, v.Type.First, &v.First)
	dst = append(dst, ',')
	dst = d.appendAtom(dst, v.Type.Second, &v.Second)
	return append(dst, ']')
}

// appendAtom appends one value, or one side of a composed value, of base
// type t.
func (d *decodedJSON) appendAtom(dst []byte, t property.Base, a *sgf.Atom) []byte {
	switch t {
	case property.None:
		return append(dst, "null"...)
	case property.Number:
		return strconv.AppendInt(dst, int64(a.Number), 10)
	case property.Real:
		return value.AppendReal(dst, a.Real)
	case property.Double:
		return strconv.AppendInt(dst, int64(a.Double), 10)
	case property.Color:
		return appendJSONString(dst, a.Color.String())
	case property.Point, property.Stone:
		if d.gm == sgf.GameGo || d.gm == sgf.GameHex {
			return appendXY(dst, a.Point)
		}
	case property.Move:
		switch {
		case d.gm != sgf.GameGo && d.gm != sgf.GameHex:
		case a.Pass:
			return append(dst, "null"...)
		case d.gm == sgf.GameHex && a.Hex != value.HexPlace:
			return appendJSONString(dst, a.Hex.String())
		default:
			return appendXY(dst, a.Point)
		}
	}
	return syntax.AppendJSONString(dst, a.Text)
}

func appendXY(dst []byte, p value.Point) []byte {
	dst = append(dst, '[')
	dst = strconv.AppendInt(dst, int64(p.X), 10)
	dst = append(dst, ',')
	dst = strconv.AppendInt(dst, int64(p.Y), 10)
	return append(dst, ']')
}

// appendRaw appends a value that the Decoder could not read as its type:
// decoded from the game's charset as the Decoder decodes a property it
// does not know (undecodable bytes as U+FFFD), then unescaped as a
// SimpleText. The Decoder leaves Atom.Text unset for such a value.
func (d *decodedJSON) appendRaw(dst, raw []byte) []byte {
	u := raw
	if slices.ContainsFunc(raw, func(c byte) bool { return c >= utf8.RuneSelf }) && !(d.cs.IsUTF8() && utf8.Valid(raw)) {
		d.tmp, d.faults = charset.AppendDecode(d.tmp[:0], d.cs, raw, d.faults[:0])
		u = d.tmp
	}
	d.text = value.AppendSimpleText(d.text[:0], u)
	return syntax.AppendJSONString(dst, d.text)
}
