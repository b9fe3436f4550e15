package convert

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/syntax"
)

// textSep joins the texts of a repeated text property: SGFC's test.sgf
// "C[text1] C[text2]" is "C[text1\n\ntext2]" in its test-result.sgf.
var textSep = []byte("\n\n")

// merge gives each identifier of a node one property (FF[4]: "Only one of
// each property is allowed per node", SGFC message 28 "property <%s>
// already exists (values merged/deleted)"). The copies read from the node
// are joined as their value type allows (see join) and each join is
// reported; values that a conversion made (LB from L, MA and TR from M,
// KM from KI) are added to the node's own without a report of their own.
// It reports whether anything was joined.
func (tc *treeConverter) merge(idx int, props []outProp) ([]outProp, bool) {
	if !hasRepeat(props) {
		return props, false
	}
	type group struct {
		orig  []outProp // copies read from the node
		added [][]byte  // values made by conversions
	}
	var order []string
	groups := map[string]*group{}
	for _, p := range props {
		g := groups[p.id]
		if g == nil {
			g = &group{}
			groups[p.id] = g
			order = append(order, p.id)
		}
		if p.orig {
			g.orig = append(g.orig, p)
		} else {
			g.added = append(g.added, p.vals...)
		}
	}
	out := make([]outProp, 0, len(order))
	for _, id := range order {
		g := groups[id]
		var vals [][]byte
		switch len(g.orig) {
		case 0:
		case 1:
			vals = g.orig[0].vals
		default:
			vals = tc.join(idx, id, g.orig)
		}
		vals = append(vals[:len(vals):len(vals)], g.added...)
		out = append(out, outProp{id: id, vals: vals, orig: len(g.orig) > 0})
	}
	return out, true
}

// hasRepeat reports whether an identifier stands twice in props.
func hasRepeat(props []outProp) bool {
	for i := 1; i < len(props); i++ {
		for j := range i {
			if props[i].id == props[j].id {
				return true
			}
		}
	}
	return false
}

// join returns the values of the copies of one property read from a node,
// and reports the change:
//
//   - a list (and a property the catalogue does not know): the values of
//     every copy in order, each once (SGFC: "values merged");
//   - one text or simple text value: the different texts joined, a text
//     by a blank line, as SGFC joins C, a simple text by a space (as
//     sgf.Node.Text reads them);
//   - any other single value (FF, SZ, B, W, KM, ...; also CA, DT and RE,
//     whose texts have a format): the first copy,
//     which is the one readers take (SGFC: "deleted"); the others are
//     listed.
func (tc *treeConverter) join(idx int, id string, copies []outProp) [][]byte {
	var before []byte
	for _, c := range copies {
		before = append(before, tc.show(c.id, c.vals)...)
	}
	info, known := property.LookupGame(id, property.Game(tc.gm))
	var distinct [][]byte // the values of the copies, each once
	for _, c := range copies {
		for _, v := range c.vals {
			if !slices.ContainsFunc(distinct, func(w []byte) bool { return bytes.Equal(w, v) }) {
				distinct = append(distinct, v)
			}
		}
	}
	var vals [][]byte
	var msg string
	switch {
	case !known || info.Value.Form != property.Single:
		vals = distinct
		if known && info.Value.Form == property.EList && len(vals) > 1 {
			// "[]" is the empty list: it adds nothing to values.
			kept := vals[:0]
			for _, v := range vals {
				if len(bytes.Trim(v, " \t\n\r")) > 0 {
					kept = append(kept, v)
				}
			}
			vals = kept
		}
		msg = fmt.Sprintf("a node holds each property once; the values of the %d copies are merged, each once", len(copies))
	case joinsText(id, info):
		sep, how := textSep, "a blank line"
		if info.Value.Elem.First == property.SimpleText {
			sep, how = []byte(" "), "a space"
		}
		vals = [][]byte{bytes.Join(distinct, sep)}
		msg = fmt.Sprintf("a node holds each property once; %s takes one text: the texts of the %d copies are joined by %s", id, len(copies), how)
	default:
		vals = copies[0].vals
		var lost []byte
		for _, c := range copies[1:] {
			if !slices.EqualFunc(c.vals, vals, bytes.Equal) {
				lost = append(lost, tc.show(c.id, c.vals)...)
			}
		}
		if len(lost) == 0 {
			msg = fmt.Sprintf("a node holds each property once; the %d copies are the same: one is kept", len(copies))
		} else {
			msg = fmt.Sprintf("a node holds each property once and %s takes one value: the first is kept (the one readers take), %s is deleted", id, lost)
		}
	}
	tc.add(CodeMerged, idx, id, string(before), tc.show(id, vals), msg)
	return vals
}

// joinsText reports whether the copies of id are joined as texts: a text
// or simple text value, but not CA, DT and RE, whose values have a format
// that joined texts would break.
func joinsText(id string, info *property.Info) bool {
	v := info.Value
	if v.Elem.Composed() || v.HasAlt() {
		return false
	}
	switch id {
	case "CA", "DT", "RE":
		return false
	}
	return v.Elem.First == property.Text || v.Elem.First == property.SimpleText
}

// rawOf returns the raw bytes of v, a value of node idx. The value the
// input ended in gets what it lacked before its "]" (Closers), so that a
// rewritten node closes it well-formed.
func (tc *treeConverter) rawOf(idx int, v syntax.Value) []byte {
	if tc.open != nil && v.Offset >= 0 && v.Offset+1+int64(len(v.Raw)) == tc.treeEnd {
		tc.openNode = idx
		return append(v.Raw[:len(v.Raw):len(v.Raw)], tc.open...)
	}
	return v.Raw
}

// rewritten reports whether node idx was printed anew.
func (tc *treeConverter) rewritten(idx int) bool {
	return idx >= 0 && idx < len(tc.rewrote) && tc.rewrote[idx]
}
