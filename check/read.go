package check

import (
	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/value"
)

// The rules read a value as the typed view decodes it (sgf.Decoder), and a
// value that does not have the form of its type as the value checker
// corrects it without loss (C03): one decision per value. A rule that
// reads HA, KI, KM, PL or RU reads it through these.

// decoded returns the first value of pr decoded (sgf.Decoder.Prop), with
// a decoder of the rules' own (the value checker's holds the property it
// is checking).
func (p *Pass) decoded(pr *PropView) *sgf.Value {
	return &p.decodedProp(pr).Values[0]
}

// decodedProp returns pr decoded (sgf.Decoder.Prop), as decoded does:
// its values, and the points of a list of points of a Go or Hex game.
func (p *Pass) decodedProp(pr *PropView) *sgf.Prop {
	if !p.rdViewed {
		p.rd.View(&p.TreeView, p.charset())
		p.rdViewed = true
	}
	return p.rd.Prop(pr)
}

// first returns the first value of pr, nil or without values for a value
// that reads as nothing, for the readers of sgf.Value: a Number (HA, KI:
// Number), a Real (KM: Real) or a Color (PL: Color, as the Cursor reads
// it) as every reader reads it, as written, else as the value checker
// corrects it without loss (value.CorrectNumber: "HA[ 2 ]";
// value.FixReal: "6,5", " 6.5", "5 1/2"; value.CorrectColor: white space
// around it, a letter or "black"/"white" in any case, and FF[1]-FF[3]'s 1
// (black) and 2 (white)).
func first(pr *PropView) *sgf.Value {
	v := &sgf.Value{}
	if pr != nil && len(pr.Values) > 0 {
		v.Raw = pr.Values[0].Raw
	}
	return v
}

// text reads the first value of pr, a SimpleText (RU), as decoded:
// escapes removed, in UTF-8.
func (p *Pass) text(pr *PropView) []byte {
	if pr == nil || len(pr.Values) == 0 {
		return nil
	}
	if raw := pr.Values[0].Raw; plainASCII(raw) {
		return raw // what the Decoder gives back unchanged
	}
	return p.decoded(pr).First.Text
}

// plainASCII reports whether raw is printable ASCII without escapes: a
// SimpleText the Decoder gives back as it is, and a Number or Color it
// reads with value's parsers as written.
func plainASCII(raw []byte) bool {
	for _, c := range raw {
		if c < ' ' || c >= 0x7f || c == '\\' {
			return false
		}
	}
	return true
}

// move reads the first value of pr, a Go move (B, W), as every reader
// reads it (value.ReadMove): a move of two letters on the board by the
// typed view's fast path (value.BoardMove), else as decoded, else,
// written with white space in it ("B[p d]"), as the value checker
// corrects it (C03, value.CorrectMove). ok is false for a value that is
// no move on the board: "B[ ]" too, which the value checker deletes,
// except under the space-pass quirk, which reads it as a pass (C53).
func (p *Pass) move(pr *PropView) (pt value.Point, pass, ok bool) {
	raw := pr.Values[0].Raw
	if x, y, ok := value.BoardMove(raw, p.Cols, p.Rows); ok {
		return value.Point{X: x, Y: y}, false, true
	}
	if dv := p.decoded(pr); dv.Err == nil && dv.First.Base == property.Move {
		return dv.First.Point, dv.First.Pass, true
	}
	if _, pt, pass, ok := value.CorrectMove(raw, p.Cols, p.Rows); ok {
		return pt, pass, true
	}
	if p.quirks&QuirkSpacePass != 0 && isSpacePass(raw) {
		return value.Point{}, true, true
	}
	return value.Point{}, false, false
}
