package convert

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/syntax"
	"github.com/sgf-toolkit/sgf/value"
)

// treeConverter converts one game tree.
type treeConverter struct {
	g       *sgf.Game
	opts    Options
	changes []Change

	dec        charset.Charset // what raw values are in
	ff         int
	gm         int
	cols, rows int
	cursor     *sgf.Cursor // for M, made on first use
	perValue   bool        // decode text values one by one (see convert)
	props      []syntax.Property
	vals       []syntax.Value

	// open is what the input lacked before the "]" of a value it ended
	// in ("\\" after a lone backslash, " " after a cut lead byte, or
	// nothing), set for the last tree of such an input; nil otherwise.
	open     []byte
	treeEnd  int64  // input offset of the end of the tree
	openNode int    // node holding the open value, -1 when none
	closed   bool   // that node was rewritten: its value is closed in the output
	rewrote  []bool // nodes rewritten, by index (nil when none)
}

// outProp is a property as it is to be written.
type outProp struct {
	id   string
	vals [][]byte
	orig bool // read from the node (not made by a conversion)
}

func (tc *treeConverter) convert() ([]byte, error) {
	g := tc.g
	t := g.Tree()
	info := g.Charset()
	tc.dec = info.Charset
	if info.Transcoded {
		tc.dec = charset.UTF8
	}
	tc.gm = g.Type()
	tc.cols, tc.rows = g.Size()
	root := t.Root()
	if root.IsZero() {
		return t.AppendTo(nil), nil
	}
	tc.ff = 1 // FF page: "Default value: 1"
	if raw, ok := g.Root().Get("FF"); ok {
		if n, err := value.ParseNumber(bytes.Trim(raw, " \t\n\r")); err == nil {
			tc.ff = n
		}
	}
	decode := false
	if !tc.opts.KeepCharset && !info.Transcoded {
		if tc.dec.LeadBytes() == charset.NotASCII {
			// Text values in a charset that is not ASCII-compatible
			// (UTF-16) inside an ASCII skeleton: SGFC -E2 files.
			tc.perValue = true
		} else if needsDecoding(tc.dec, t.Source()) {
			decode = true
			tc.faults(t)
		}
	}
	tc.openNode = -1
	tc.treeEnd = t.Offset() + int64(len(t.Source()))
	for n := range t.Nodes() {
		props, changed := tc.node(n)
		if n == root {
			props, changed = tc.root(props, changed, info, decode || tc.perValue)
		}
		if changed {
			if err := rebuild(n, props); err != nil {
				return nil, &Error{Tree: g.Index(), Node: n.Index(), Err: ErrEdit, Cause: err}
			}
			if tc.rewrote == nil {
				tc.rewrote = make([]bool, t.NumNodes())
			}
			tc.rewrote[n.Index()] = true
		}
	}
	tc.closed = tc.openNode >= 0 && tc.rewritten(tc.openNode)
	tc.unread(t)
	out := t.AppendTo(nil)
	if g.Index() == 0 {
		out = tc.stripBOM(out)
	}
	if decode {
		s, _ := charset.Decode(tc.dec, out)
		out = []byte(s)
	}
	if !tc.opts.KeepCharset && !utf8.Valid(out) {
		s, fs := charset.Decode(charset.UTF8, out)
		out = []byte(s)
		tc.add(CodeUndecodable, -1, "", "", "",
			fmt.Sprintf("%d byte sequence(s) outside text values are not UTF-8; each is replaced by U+FFFD", len(fs)))
	}
	return out, nil
}

// needsDecoding reports whether b must be decoded to be UTF-8.
func needsDecoding(cs charset.Charset, b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return !cs.IsUTF8() || !utf8.Valid(b)
		}
	}
	return false
}

func (tc *treeConverter) add(code Code, node int, prop, before, after, msg string) {
	tc.changes = append(tc.changes, Change{Code: code, Tree: tc.g.Index(), Node: node, Property: prop, Before: before, After: after, Message: msg})
}

// faults reports the values (and the text outside values) that do not
// decode in the tree's charset.
func (tc *treeConverter) faults(t *syntax.Tree) {
	_, all := charset.Decode(tc.dec, t.Source())
	if len(all) == 0 {
		return
	}
	found := 0
	for n := range t.Nodes() {
		tc.props = n.AppendProps(tc.props[:0])
		for _, p := range tc.props {
			tc.vals = p.AppendValues(tc.vals[:0])
			for _, v := range tc.vals {
				if !needsDecoding(tc.dec, v.Raw) {
					continue
				}
				s, fs := charset.Decode(tc.dec, v.Raw)
				if len(fs) == 0 {
					continue
				}
				found += len(fs)
				id := canonical(p.ID)
				tc.add(CodeUndecodable, n.Index(), id, id+"["+showBytes(tc.dec, v.Raw, fs)+"]", id+"["+s+"]",
					fmt.Sprintf("%d byte sequence(s) are not %s; each is replaced by U+FFFD", len(fs), tc.dec.Name()))
			}
		}
	}
	if found < len(all) {
		tc.add(CodeUndecodable, -1, "", "", "",
			fmt.Sprintf("%d byte sequence(s) outside property values are not %s; each is replaced by U+FFFD", len(all)-found, tc.dec.Name()))
	}
}

// showBytes decodes b for display, writing each undecodable sequence as
// \xNN.
func showBytes(cs charset.Charset, b []byte, faults []charset.Fault) string {
	var sb strings.Builder
	last := 0
	for _, f := range faults {
		s, _ := charset.Decode(cs, b[last:f.Offset])
		sb.WriteString(s)
		for _, c := range b[f.Offset:f.End()] {
			fmt.Fprintf(&sb, `\x%02X`, c)
		}
		last = f.End()
	}
	s, _ := charset.Decode(cs, b[last:])
	sb.WriteString(s)
	return sb.String()
}

// show returns a property in SGF form, decoded to UTF-8 for display.
func (tc *treeConverter) show(id string, vals [][]byte) string {
	var b []byte
	b = append(b, id...)
	for _, v := range vals {
		b = append(b, '[')
		if needsDecoding(tc.dec, v) {
			s, _ := charset.Decode(tc.dec, v)
			b = append(b, s...)
		} else {
			b = append(b, v...)
		}
		b = append(b, ']')
	}
	return string(b)
}

// canonical returns the FF[4] identifier of id, or id itself when it has
// none.
func canonical(id []byte) string {
	for _, c := range id {
		if c < 'A' || c > 'Z' {
			if s := property.Canonical(id); s != "" {
				return s
			}
			return string(id)
		}
	}
	return string(id)
}

// node converts the properties of one node. It returns them as they are to
// be written and whether anything changed.
func (tc *treeConverter) node(n syntax.Node) ([]outProp, bool) {
	tc.props = n.AppendProps(tc.props[:0])
	if !tc.perValue && !tc.needsWork() {
		return nil, false
	}
	idx := n.Index()
	var out []outProp
	changed := false
	// hasKM, labelled and marked describe the node as read, for KI, L, M.
	var hasKM, needSets bool
	var labelled, marked map[string]bool
	for _, p := range tc.props {
		switch canonical(p.ID) {
		case "KM":
			hasKM = true
		case "L", "M":
			needSets = true
		}
	}
	if needSets {
		labelled, marked = map[string]bool{}, map[string]bool{}
		for _, p := range tc.props {
			switch id := canonical(p.ID); id {
			case "LB":
				for v := range p.Values() {
					pt, _, _ := value.SplitCompose(v.Raw)
					labelled[string(pt)] = true
				}
			case "MA", "TR", "CR", "SQ", "SL":
				for v := range p.Values() {
					marked[string(v.Raw)] = true
				}
			}
		}
	}
	for _, p := range tc.props {
		raw := string(p.ID)
		id := canonical(p.ID)
		tc.vals = p.AppendValues(tc.vals[:0])
		vals := make([][]byte, len(tc.vals))
		for i, v := range tc.vals {
			vals[i] = tc.rawOf(idx, v)
		}
		if tc.perValue && decodeAlone(id) {
			for i, v := range vals {
				if d, ok := tc.decodeValue(idx, id, v); ok {
					vals[i] = d
					changed = true
				}
			}
		}
		if id != raw {
			changed = true
			tc.add(CodeIdentifier, idx, id, tc.show(raw, vals), tc.show(id, vals),
				"FF[4] identifiers are upper case; FF[1]-FF[3] readers ignore the lower-case letters")
		}
		info, known := property.LookupGame(id, property.Game(tc.gm))
		switch {
		case id == "L" && tc.gm == sgf.GameGo:
			changed = true
			out = append(out, tc.label(idx, vals, labelled)...)
			continue
		case id == "M" && tc.gm == sgf.GameGo:
			changed = true
			out = append(out, tc.mark(n, vals, marked)...)
			continue
		case id == "KI":
			if km, ok := tc.komi(idx, vals, hasKM); ok {
				changed = true
				if km != nil {
					out = append(out, *km)
				}
				continue
			}
		case id == "VW" && tc.ff < 4 && tc.gm == sgf.GameGo && len(vals) == 2:
			if v, ok := tc.view(idx, vals); ok {
				changed = true
				vals = v
			}
		case id == "PL" && len(vals) == 1 && (string(vals[0]) == "1" || string(vals[0]) == "2"):
			changed = true
			c := map[string]string{"1": "B", "2": "W"}[string(vals[0])]
			tc.add(CodePlayer, idx, id, tc.show(id, vals), "PL["+c+"]",
				"FF[1]-FF[3] wrote the player to move as a number: 1 black, 2 white")
			vals = [][]byte{[]byte(c)}
		case (id == "B" || id == "W") && tc.gm == sgf.GameGo && tc.cols <= 19 && tc.rows <= 19 &&
			len(vals) == 1 && string(vals[0]) == "tt":
			changed = true
			tc.add(CodePass, idx, id, tc.show(id, vals), id+"[]",
				`FF[4]: a pass is "[]"; "tt" is only kept for compatibility on boards up to 19x19`)
			vals = [][]byte{{}}
		case known && info.Obsolete && (info.Convert.To == "" || id == "L" || id == "M"):
			if tc.opts.DropObsolete {
				changed = true
				tc.add(CodeObsolete, idx, id, tc.show(id, vals), "",
					fmt.Sprintf("%s (%s) is not defined in FF[4]; deleted as asked", id, info.Name))
				continue
			}
			why := "FF[4] has no counterpart"
			if id == "L" || id == "M" {
				why = "only converted in Go games"
			}
			s := tc.show(id, vals)
			tc.add(CodeObsolete, idx, id, s, s,
				fmt.Sprintf("%s (%s) is not defined in FF[4]; kept as written (%s)", id, info.Name, why))
		}
		out = append(out, outProp{id: id, vals: vals, orig: true})
	}
	out, merged := tc.merge(idx, out)
	if !changed && !merged {
		return nil, false
	}
	return out, true
}

// label converts L to LB: each point gets the next letter, a point already
// labelled is skipped (SGFC execute.c Do_Letter).
func (tc *treeConverter) label(idx int, vals [][]byte, labelled map[string]bool) []outProp {
	var lb [][]byte
	var skipped []string
	k := 0
	for _, v := range vals {
		if labelled[string(v)] {
			skipped = append(skipped, string(v))
			continue
		}
		labelled[string(v)] = true
		lb = append(lb, append(append(append([]byte(nil), v...), ':'), value.OldLabel(k)...))
		k++
	}
	msg := "FF[4] has no L; each point is labelled with the next letter"
	if len(skipped) > 0 {
		msg += "; already labelled, not repeated: " + strings.Join(skipped, ", ")
	}
	after := ""
	if len(lb) > 0 {
		after = tc.show("LB", lb)
	}
	tc.add(CodeLabel, idx, "L", tc.show("L", vals), after, msg)
	if len(lb) == 0 {
		return nil
	}
	return []outProp{{id: "LB", vals: lb}}
}

// mark converts M to MA where the point is empty and TR where a stone
// stands, in the position after the node (SGFC execute.c Do_Mark).
func (tc *treeConverter) mark(n syntax.Node, vals [][]byte, marked map[string]bool) []outProp {
	var pos *sgf.Position
	if tc.cursor == nil {
		tc.cursor = tc.g.NewCursor()
	}
	if err := tc.cursor.Goto(tc.g.Node(n.Index())); err == nil {
		p := tc.cursor.Position()
		pos = &p
	}
	var ma, tr [][]byte
	var skipped []string
	for _, v := range vals {
		if marked[string(v)] {
			skipped = append(skipped, string(v))
			continue
		}
		marked[string(v)] = true
		if pt, err := value.ParsePoint(v); err == nil && pos != nil && pos.At(pt.X, pt.Y) != 0 {
			tr = append(tr, v)
		} else {
			ma = append(ma, v)
		}
	}
	var out []outProp
	var after string
	if len(ma) > 0 {
		out = append(out, outProp{id: "MA", vals: ma})
		after = tc.show("MA", ma)
	}
	if len(tr) > 0 {
		out = append(out, outProp{id: "TR", vals: tr})
		after += tc.show("TR", tr)
	}
	msg := "FF[4] has no M; MA (a cross) marks an empty point, TR (a triangle) a stone"
	if len(skipped) > 0 {
		msg += "; already marked, not repeated: " + strings.Join(skipped, ", ")
	}
	tc.add(CodeMark, n.Index(), "M", tc.show("M", vals), after, msg)
	return out
}

// komi converts KI to KM = KI/2, or deletes KI where the node has KM. It
// reports false when KI has no number and is kept.
func (tc *treeConverter) komi(idx int, vals [][]byte, hasKM bool) (*outProp, bool) {
	before := tc.show("KI", vals)
	ki, err := value.ParseNumber(bytes.Trim(vals[0], " \t\n\r"))
	if hasKM {
		msg := "KI (integer komi of Smart Game Board) is obsolete; the node has KM, so KI is deleted"
		if err == nil {
			msg += fmt.Sprintf(" (KI[%d] is komi %s)", ki, value.AppendReal(nil, float64(ki)/2))
		}
		tc.add(CodeKomi, idx, "KI", before, "", msg)
		return nil, true
	}
	if err != nil {
		tc.add(CodeKomi, idx, "KI", before, before, "KI holds no number; kept as written")
		return nil, false
	}
	km := value.AppendReal(nil, float64(ki)/2)
	tc.add(CodeKomi, idx, "KM", before, "KM["+string(km)+"]", "KI is twice the komi; KM = KI/2")
	return &outProp{id: "KM", vals: [][]byte{km}}, true
}

// view converts an FF[1]-FF[3] VW of two points, the corners of the
// rectangle shown, to the FF[4] compressed form (SGFC execute.c Do_View).
func (tc *treeConverter) view(idx int, vals [][]byte) ([][]byte, bool) {
	a, err1 := value.ParsePoint(vals[0])
	b, err2 := value.ParsePoint(vals[1])
	if err1 != nil || err2 != nil {
		return nil, false
	}
	r := value.Rect{
		Min: value.Point{X: min(a.X, b.X), Y: min(a.Y, b.Y)},
		Max: value.Point{X: max(a.X, b.X), Y: max(a.Y, b.Y)},
	}
	v := [][]byte{value.AppendRect(nil, r)}
	tc.add(CodeView, idx, "VW", tc.show("VW", vals), tc.show("VW", v),
		fmt.Sprintf("in FF[%d] VW's two points are the corners of the part of the board shown; FF[4] writes the rectangle ul:lr", tc.ff))
	return v, true
}

// root sets FF[4] and CA[UTF-8] in the root node's properties.
func (tc *treeConverter) root(props []outProp, changed bool, info sgf.CharsetInfo, decoded bool) ([]outProp, bool) {
	if props == nil {
		props = tc.asRead(tc.g.Tree().Root())
	}
	find := func(id string) int {
		for i, p := range props {
			if p.id == id {
				return i
			}
		}
		return -1
	}
	ffAt := find("FF")
	if ffAt < 0 || string(props[ffAt].vals[0]) != "4" || len(props[ffAt].vals) != 1 {
		changed = true
		four := [][]byte{[]byte("4")}
		if ffAt < 0 {
			tc.add(CodeFF, 0, "FF", "", "FF[4]", "no FF: the file is FF[1]; it is written as FF[4]")
			props = append([]outProp{{id: "FF", vals: four, orig: true}}, props...)
			ffAt = 0
		} else {
			tc.add(CodeFF, 0, "FF", tc.show("FF", props[ffAt].vals), "FF[4]", "the file is written as FF[4]")
			props[ffAt].vals = four
		}
	}
	if tc.opts.KeepCharset {
		return tc.keepCA(props, changed, info, find("CA"), ffAt)
	}
	utf := [][]byte{[]byte("UTF-8")}
	caAt := find("CA")
	var msg string
	switch {
	case info.Transcoded:
		msg = fmt.Sprintf("the text was %s (%s); it is written in UTF-8", info.Name, info.Source)
	case decoded:
		msg = fmt.Sprintf("the text was decoded from %s (%s", info.Name, info.Source)
		if info.Detail != "" {
			msg += ": " + info.Detail
		}
		msg += ") to UTF-8"
	case info.Declared == "":
		msg = "the text is UTF-8 (or ASCII); CA[UTF-8] says so"
	default:
		msg = "the text is UTF-8 (or ASCII); CA[UTF-8] says so"
	}
	if caAt >= 0 {
		if len(props[caAt].vals) == 1 && string(props[caAt].vals[0]) == "UTF-8" && !decoded && !info.Transcoded {
			return props, changed
		}
		tc.add(CodeCharset, 0, "CA", tc.show("CA", props[caAt].vals), "CA[UTF-8]", msg)
		props[caAt].vals = utf
		return props, true
	}
	tc.add(CodeCharset, 0, "CA", "", "CA[UTF-8]", msg)
	props = append(props[:ffAt+1], append([]outProp{{id: "CA", vals: utf, orig: true}}, props[ffAt+1:]...)...)
	return props, true
}

// keepCA makes CA name the charset the text is kept in (KeepCharset),
// where it was not taken from CA[] (detected, or Options.Charset): without
// it readers would take the text for ISO-8859-1. A tree of ASCII text needs
// no CA.
func (tc *treeConverter) keepCA(props []outProp, changed bool, info sgf.CharsetInfo, caAt, ffAt int) ([]outProp, bool) {
	if info.Transcoded || info.Source == sgf.SourceCA || info.Source == sgf.SourceDefault || !slices.ContainsFunc(tc.g.Tree().Source(), func(c byte) bool { return c >= 0x80 }) {
		return props, changed
	}
	if caAt < 0 && info.Name == charset.Default.Name() {
		return props, changed // the FF[4] default: readers take it without CA
	}
	if caAt >= 0 && len(props[caAt].vals) == 1 {
		if cs, err := sgf.CharsetOfCA(props[caAt].vals[0]); err == nil && cs == info.Charset {
			return props, changed
		}
	}
	name := [][]byte{[]byte(info.Name)}
	msg := fmt.Sprintf("the text is kept in %s (%s", info.Name, info.Source)
	if info.Detail != "" {
		msg += ": " + info.Detail
	}
	msg += "); CA says so"
	if caAt >= 0 {
		tc.add(CodeCharset, 0, "CA", tc.show("CA", props[caAt].vals), tc.show("CA", name), msg)
		props[caAt].vals = name
		return props, true
	}
	tc.add(CodeCharset, 0, "CA", "", tc.show("CA", name), msg)
	props = append(props[:ffAt+1], append([]outProp{{id: "CA", vals: name, orig: true}}, props[ffAt+1:]...)...)
	return props, true
}

// asRead returns the properties of n as they were read.
func (tc *treeConverter) asRead(n syntax.Node) []outProp {
	var out []outProp
	for p := range n.Props() {
		var vals [][]byte
		for v := range p.Values() {
			vals = append(vals, tc.rawOf(n.Index(), v))
		}
		out = append(out, outProp{id: string(p.ID), vals: vals, orig: true})
	}
	return out
}

// rebuild replaces the properties of n by props, in order.
func rebuild(n syntax.Node, props []outProp) error {
	var ids []string
	for p := range n.Props() {
		ids = append(ids, string(p.ID))
	}
	for _, id := range ids {
		n.DeleteProp(id)
	}
	if len(ids) == 0 && len(props) == 0 {
		return nil
	}
	for _, p := range props {
		if len(p.vals) == 0 {
			continue
		}
		if err := n.SetProp(p.id, p.vals...); err != nil {
			return err
		}
	}
	return nil
}

// decodeAlone reports whether the values of id are decoded one by one in a
// tree whose charset is not ASCII-compatible: text values, and the values
// of properties the catalogue does not know.
func decodeAlone(id string) bool {
	info, ok := property.Lookup(id)
	if !ok {
		return true
	}
	isText := func(b property.Base) bool { return b == property.Text || b == property.SimpleText }
	v := info.Value
	return isText(v.Elem.First) || isText(v.Elem.Second) || isText(v.Alt.First) || isText(v.Alt.Second)
}

// decodeValue decodes one raw value of a tree whose charset is not
// ASCII-compatible, the way SGFC -E2 reads it: escapes are removed byte by
// byte, the bytes decoded, and "]" and "\" escaped again. A value of plain
// ASCII text is left alone.
func (tc *treeConverter) decodeValue(idx int, id string, raw []byte) ([]byte, bool) {
	plain := true
	for _, c := range raw {
		if c >= 0x80 || c < 0x20 && c != '\n' && c != '\r' && c != '\t' {
			plain = false
			break
		}
	}
	if plain {
		return nil, false
	}
	un := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); i++ {
		if raw[i] == '\\' && i+1 < len(raw) {
			i++
		}
		un = append(un, raw[i])
	}
	s, fs := charset.Decode(tc.dec, un)
	if len(fs) > 0 {
		tc.add(CodeUndecodable, idx, id, id+"["+showBytes(tc.dec, un, fs)+"]", id+"["+s+"]",
			fmt.Sprintf("%d byte sequence(s) are not %s; each is replaced by U+FFFD", len(fs), tc.dec.Name()))
	}
	return value.AppendEscapedText(nil, []byte(s), false), true
}

// needsWork reports whether any property of tc.props may need a change: the
// fast path for the nodes of clean FF[4] files.
func (tc *treeConverter) needsWork() bool {
	for i, p := range tc.props {
		for _, q := range tc.props[:i] {
			if string(q.ID) == string(p.ID) {
				return true // a repeated property, merged
			}
		}
		id := p.ID
		for _, c := range id {
			if c < 'A' || c > 'Z' {
				return true
			}
		}
		switch string(id) {
		case "L", "M", "KI", "VW":
			return true
		case "PL":
			if v := string(p.Value()); p.NumValues() == 1 && (v == "1" || v == "2") {
				return true
			}
			continue
		case "B", "W":
			if p.NumValues() == 1 && string(p.Value()) == "tt" {
				return true
			}
			continue
		}
		if info, ok := property.LookupBytes(id); ok && info.Obsolete {
			return true
		}
	}
	return false
}
