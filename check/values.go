package check

import (
	"bytes"
	"errors"
	"github.com/sgf-toolkit/sgf"
	"slices"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/syntax"
	"github.com/sgf-toolkit/sgf/value"
)

// view reads the tree (sgf.TreeView) and what the rules that compare
// trees need of its root.
func (p *Pass) view() {
	p.Read(p.Tree)
	p.vc.viewed, p.rdViewed = false, false
	if len(p.Nodes) == 0 {
		return
	}
	root := &p.Nodes[0]
	p.root = treeRoot{off: p.Offset(root)}
	p.root.gmOff, p.root.caOff = p.root.off, p.root.off
	if pr := p.Find(root, "GM"); pr != nil {
		p.root.gmOff = pr.Offset
	}
	if pr := p.Find(root, "CA"); pr != nil && len(pr.Values) > 0 {
		// CA read as the typed view reads it (sgf.CharsetOfCA): C46
		// compares the charsets so named; its message names them as
		// written.
		raw := pr.Values[0].Raw
		p.root.caOff = pr.Offset
		if string(raw) != p.lastCA.raw || p.lastCA.root == nil {
			// A CA other than the last tree's (of this checker): most
			// trees of a collection have the same, read once.
			r := &treeRoot{ca: normCharset(raw), caRaw: string(trimSpace(raw))}
			if _, err := sgf.CharsetOfCA(raw); errors.Is(err, charset.ErrUnknown) {
				r.caUnknown = true
			}
			p.lastCA.raw, p.lastCA.root = string(raw), r
		}
		l := p.lastCA.root
		p.root.ca, p.root.caRaw, p.root.caUnknown = l.ca, l.caRaw, l.caUnknown
	}
}

func trimSpace(b []byte) []byte { return bytes.TrimSpace(b) }

// blank reports whether b is white space only (or empty): whether
// bytes.TrimSpace of it is empty, decided at its first character that is
// not white space, without trimming: an ASCII byte, or a character of
// UTF-8 that unicode.IsSpace does not take (bytes.TrimSpace of a text
// that starts with one, "对局", decoded its first and its last character
// and looked both up: 490 instructions).
func blank(b []byte) bool {
	for i := 0; i < len(b); {
		c := b[i]
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRune(b[i:])
			if !unicode.IsSpace(r) {
				return false
			}
			i += n
			continue
		}
		if c != ' ' && (c < '\t' || c > '\r') {
			return false
		}
		i++
	}
	return true
}

// runValues is the Run of the rules that the value checker reports: it
// checks every value of the tree and keeps the diagnostics of the running
// rule only. Check itself runs the value checker once for all of them.
func runValues(p *Pass) {
	p.only = p.rule.Code
	for i := range p.Nodes {
		p.vc.node(&p.Nodes[i])
	}
	p.only = 0
}

type valueChecker struct {
	p     *Pass
	marks []uint32
	stamp uint32
	dups  []value.Point // point: the points of a rectangle listed before
	// dec decodes the values whose form the rules judge (decoded); cur
	// is the property being checked, decoded (nil when it is not).
	dec    sgf.Decoder
	viewed bool // dec is set for the tree (sgf.Decoder.View)
	cur    *sgf.Prop
}

// decoded reports whether the values of type vt are judged as the typed
// view decodes them (sgf.Decoder): numbers, reals, doubles, colours, the
// moves and points of Go and Hex, and the composed values of Go with a
// point or a number in them (LB, AR, LN, FG; AP's two texts are not
// judged).
func (v *valueChecker) decoded(vt property.ValueType) bool {
	el := vt.Elem
	if vt.HasAlt() && el.First == property.None {
		el = vt.Alt // FG
	}
	if el.Composed() {
		return v.p.Game == property.Go && v.p.GoodSize &&
			(el.First == property.Point || el.Second == property.Point || el.First == property.Number)
	}
	switch el.First {
	case property.Number, property.Real, property.Double, property.Color:
		return true
	case property.Move, property.Point, property.Stone:
		return v.p.Game == property.Go || v.p.Game == property.Hex
	}
	return false
}

// decode returns pr decoded.
func (v *valueChecker) decode(pr *PropView) *sgf.Prop {
	if !v.viewed {
		v.dec.View(&v.p.TreeView, v.p.charset())
		v.viewed = true
	}
	return v.dec.Prop(pr)
}

func (v *valueChecker) add(code Code, d Diagnostic, fix *SuggestedFix) {
	d.Code = code
	d.Fix = fix
	v.p.Report(d)
}

// oneEdit returns a fix of one edit, in one allocation.
func oneEdit(e Edit) *SuggestedFix {
	b := &struct {
		fix  SuggestedFix
		edit [1]Edit
	}{}
	b.edit[0] = e
	b.fix.Edits = b.edit[:]
	return &b.fix
}

func replaceValue(n *NodeView, pr *PropView, vi int, news ...string) *SuggestedFix {
	switch len(news) {
	case 0:
		e := Edit{Op: ReplaceValue, Node: int(n.Index), Prop: pr.Index, Value: vi}
		if news != nil {
			e.New = []string{} // as given: empty, not nil
		}
		return oneEdit(e)
	case 1:
		// The fix, its edit and its one new value in one allocation
		// (news, copied, stays on the caller's stack).
		b := &struct {
			fix  SuggestedFix
			edit [1]Edit
			news [1]string
		}{}
		b.news[0] = news[0]
		b.edit[0] = Edit{Op: ReplaceValue, Node: int(n.Index), Prop: pr.Index, Value: vi, New: b.news[:]}
		b.fix.Edits = b.edit[:]
		return &b.fix
	}
	return oneEdit(Edit{Op: ReplaceValue, Node: int(n.Index), Prop: pr.Index, Value: vi, New: slices.Clone(news)})
}

// replaceValueOwned is replaceValue for news made for the fix alone: the
// fix keeps the slice, not a copy of it (an AE that clears a board names
// hundreds of points, each a string of the slice: sgf check of a line of
// 10,000 moves that AE clears 20 times copied 100 KB of them).
func replaceValueOwned(n *NodeView, pr *PropView, vi int, news []string) *SuggestedFix {
	if len(news) < 2 {
		return replaceValue(n, pr, vi, news...)
	}
	return oneEdit(Edit{Op: ReplaceValue, Node: int(n.Index), Prop: pr.Index, Value: vi, New: news})
}

func deleteProp(n *NodeView, pr *PropView) *SuggestedFix {
	return oneEdit(Edit{Op: DeleteProp, Node: int(n.Index), Prop: pr.Index})
}

// point-uniqueness groups
const (
	groupSetup = iota
	groupMarkup
	groupTerritory
	groupOwn
	numGroups
)

func uniqueGroup(id string) int {
	switch id {
	case "AB", "AW", "AE":
		return groupSetup
	case "CR", "MA", "SL", "SQ", "TR":
		return groupMarkup
	case "TB", "TW":
		return groupTerritory
	}
	return groupOwn
}

func (v *valueChecker) node(n *NodeView) {
	p := v.p
	if n.NumProps() == 1 && n.Flags&sgf.FlagMove != 0 && p.Game == property.Go && p.GoodSize {
		// the common node: one move (sgf.FlagMove: B or W as catalogued)
		if vals := p.PropsOf(n)[0].Values; len(vals) == 1 {
			if _, _, ok := value.BoardMove(vals[0].Raw, p.Cols, p.Rows); ok {
				return
			}
		}
	}
	boardLen := 0
	if p.GoodSize && (p.Game == property.Go || p.Game == property.Hex) {
		boardLen = p.Cols * p.Rows
	}
	if boardLen > 0 && len(v.marks) < numGroups*boardLen {
		v.marks = make([]uint32, numGroups*boardLen)
		v.stamp = 0
	}
	v.stamp++
	nodeStamp := v.stamp
	props := p.PropsOf(n)
	for i := range props {
		pr := &props[i]
		info := pr.Info
		if info == nil || len(pr.Values) == 0 {
			continue
		}
		if info.Kind == property.KindRoot && n.Parent >= 0 {
			continue // C14 reports it; it is deleted
		}
		vals := pr.Values
		if len(vals) == 1 && info.Value.Elem.First == property.Move && p.Game == property.Go && p.GoodSize {
			if _, _, ok := value.BoardMove(vals[0].Raw, p.Cols, p.Rows); ok {
				continue // a move of two letters on the board: nothing to report
			}
		}
		vt := info.Value
		if vt.Form == property.Single && len(vals) > 1 {
			fix := &SuggestedFix{}
			for vi := 1; vi < len(vals); vi++ {
				fix.Edits = append(fix.Edits, Edit{Op: ReplaceValue, Node: int(n.Index), Prop: pr.Index, Value: vi})
			}
			v.add(CodeTooManyValues, at(n, vals[1].Offset, pr.ID, "property <%s> may have only one value (%d other values deleted)", pr.ID, len(vals)-1), fix)
			vals = vals[:1]
		}
		switch pr.ID {
		case "FF", "GM", "SZ", "ST", "CA":
			v.root(n, pr)
			continue
		case "DT", "RE", "KM", "TM":
			v.gameInfo(n, pr)
			continue
		case "VW":
			if v.view(n, pr) {
				continue
			}
		}
		v.cur = nil
		if v.decoded(vt) {
			if plainValues(vt, vals) {
				// Numbers, reals, colours as most are written (BL and
				// WL of 40,000 nodes of the standard collection):
				// nothing to report, no decoding.
				continue
			}
			v.cur = v.decode(pr)
		}
		grp := uniqueGroup(pr.ID)
		stamp := nodeStamp
		if grp == groupOwn {
			v.stamp++
			stamp = v.stamp
		}
		for vi, val := range vals {
			v.value(n, pr, vi, val.Raw, val.Offset, vt, grp, stamp, boardLen)
		}
	}
}

// plainValues reports whether every value of vals, of a property of
// type vt, is a number, real, double or colour in its plainest spelling
// ("12", "30.5", "1", "B"): one that sgf.Decoder decodes without an
// error (its fast readings take it) and value has nothing to say about.
func plainValues(vt property.ValueType, vals []syntax.Value) bool {
	el := vt.Elem
	if vt.HasAlt() || el.Composed() {
		return false
	}
	for _, val := range vals {
		raw := val.Raw
		switch el.First {
		case property.Number:
			n, ok := value.PlainNumber(raw)
			if !ok || vt.Ranged && (n < vt.Min || n > vt.Max) {
				return false
			}
		case property.Real:
			if !plainReal(raw) {
				return false
			}
		case property.Double:
			if len(raw) != 1 || raw[0] != '1' && raw[0] != '2' {
				return false
			}
		case property.Color:
			if len(raw) != 1 || raw[0] != 'B' && raw[0] != 'W' {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// plainReal reports whether raw is 1 to 15 digits with at most one "."
// between two of them.
func plainReal(raw []byte) bool {
	if len(raw) == 0 || len(raw) > 15 {
		return false
	}
	dot := false
	for i, c := range raw {
		if c == '.' && !dot && i > 0 && i < len(raw)-1 {
			dot = true
		} else if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func (v *valueChecker) value(n *NodeView, pr *PropView, vi int, raw []byte, off int64, vt property.ValueType, grp int, stamp uint32, boardLen int) {
	p := v.p
	el := vt.Elem
	if len(raw) == 0 || (isText(el.First) && !el.Composed() && blank(raw)) {
		switch {
		case el.First == property.None || vt.HasAlt() && vt.Elem.First == property.None:
			return
		case el.First == property.Move:
			if p.FF < 4 && p.Game == property.Go && len(raw) == 0 {
				v.add(CodeOldFFPass, at(n, off, pr.ID, "FF[4] style pass value \"[]\" in an FF[%d] file (FF[4] output keeps it)", p.FF), nil)
			}
			return
		case vt.Form == property.EList && len(pr.Values) == 1 && len(raw) == 0:
			return
		case el.First == property.Double:
			v.add(CodeValueCorrected, at(n, off, pr.ID, "illegal <%s> value corrected; new value: [1], old value: [%s]", pr.ID, raw), replaceValue(n, pr, vi, "1"))
			return
		case isText(el.First) && !el.Composed():
			d := atMsg(n, off, pr.ID, v.p.memo.emptyFound.ofID("empty <", pr.ID, "> value found (deleted)"))
			d.Severity = syntax.Warning
			v.add(CodeEmptyValue, d, replaceValue(n, pr, vi))
			return
		}
		d := atMsg(n, off, pr.ID, v.p.memo.emptyNotAllowed.ofID("empty <", pr.ID, "> value not allowed (deleted)"))
		v.add(CodeEmptyValue, d, replaceValue(n, pr, vi))
		return
	}
	if vt.HasAlt() && el.First == property.None {
		el = vt.Alt // FG: "none | composed number : simpletext"
	}
	if el.Composed() {
		v.composed(n, pr, vi, raw, off, el, vt)
		return
	}
	switch el.First {
	case property.None:
		v.lossy(n, pr, vi, off, raw, "", true)
	case property.Number:
		dv := &v.cur.Values[vi]
		switch {
		case dv.Err == nil:
		case dv.First.Base == property.Number:
			// a number out of the range its property allows
			v.illegal(n, pr, vi, off, raw)
		default:
			v.number(n, pr, vi, off, raw)
		}
	case property.Real:
		if v.cur.Values[vi].Err != nil {
			// the one correction of a Real, KM's too (gameInfo)
			if fixed, lossless, ok := value.CorrectReal(raw); ok {
				v.lossy(n, pr, vi, off, raw, fixed, !lossless)
			} else {
				v.illegal(n, pr, vi, off, raw)
			}
		}
	case property.Double:
		if v.cur.Values[vi].Err != nil {
			t := trimSpace(raw)
			if len(t) > 0 && (t[0] == '1' || t[0] == '2') {
				v.lossy(n, pr, vi, off, raw, string(t[:1]), len(t) > 1)
			} else {
				v.illegal(n, pr, vi, off, raw)
			}
		}
	case property.Color:
		if v.cur.Values[vi].Err != nil {
			// as the readers read it (sgf.Value.Color) when lossless
			if c, lossless, ok := value.CorrectColor(raw); ok {
				v.lossy(n, pr, vi, off, raw, c.String(), !lossless)
			} else {
				v.illegal(n, pr, vi, off, raw)
			}
		}
	case property.Move:
		switch p.Game {
		case property.Go:
			if !p.GoodSize {
				return
			}
			if v.cur.Values[vi].Err != nil {
				// as every reader reads it (value.ReadMove)
				if fixed, _, _, ok := value.CorrectMove(raw, p.Cols, p.Rows); ok {
					v.corrected(n, pr, vi, off, raw, string(fixed))
				} else {
					v.illegal(n, pr, vi, off, raw)
				}
			}
		case property.Hex:
			if v.cur.Values[vi].Err != nil { // off the board included
				v.illegal(n, pr, vi, off, raw)
			}
		}
	case property.Point, property.Stone:
		v.point(n, pr, vi, raw, off, grp, stamp, boardLen)
	}
}

func isText(b property.Base) bool { return b == property.Text || b == property.SimpleText }

// number reports the correction of raw, a Number, to the number it
// starts with (value.CorrectNumber, which
// the readers take when it is lossless: sgf.Value.Number), or deletes it.
func (v *valueChecker) number(n *NodeView, pr *PropView, vi int, off int64, raw []byte) {
	if k, lossless, ok := value.CorrectNumber(raw); ok {
		v.lossy(n, pr, vi, off, raw, strconv.Itoa(k), !lossless)
	} else {
		v.illegal(n, pr, vi, off, raw)
	}
}

func (v *valueChecker) corrected(n *NodeView, pr *PropView, vi int, off int64, raw []byte, fixed string) {
	v.lossy(n, pr, vi, off, raw, fixed, false)
}

// lossy reports a correction; lost says that the new value drops part of
// what was written (OB[1 kk], KO[7.5], a DT with a time of day), which makes
// the diagnostic critical.
func (v *valueChecker) lossy(n *NodeView, pr *PropView, vi int, off int64, raw []byte, fixed string, lost bool) {
	d := at(n, off, pr.ID, "illegal <%s> value corrected; new value: [%s], old value: [%s]", pr.ID, fixed, raw)
	if lost {
		d.Critical = true
		d.Message += " (part of the value is lost)"
	}
	v.add(CodeValueCorrected, d, replaceValue(n, pr, vi, fixed))
}

// hasTimeOfDay reports whether a date holds a time ("19:43", "T09:59").
func hasTimeOfDay(b []byte) bool {
	for i := 1; i+1 < len(b); i++ {
		if (b[i] == ':' || b[i] == 'T') && b[i-1] >= '0' && b[i-1] <= '9' && b[i+1] >= '0' && b[i+1] <= '9' {
			return true
		}
	}
	return false
}

func (v *valueChecker) illegal(n *NodeView, pr *PropView, vi int, off int64, raw []byte) {
	if (pr.ID == "B" || pr.ID == "W") && v.p.quirks&QuirkSpacePass != 0 && isSpacePass(raw) {
		d := at(n, off, pr.ID, "white space as a pass: %s[%s] is %s[]", pr.ID, raw, pr.ID)
		d.Quirk = QuirkSpacePass.String()
		v.add(CodeSpacePass, d, replaceValue(n, pr, vi, ""))
		return
	}
	d := at(n, off, pr.ID, "illegal <%s> value deleted: [%s]", pr.ID, raw)
	if pr.ID == "B" || pr.ID == "W" {
		d.Critical = true // deleting a move changes the game that follows
	}
	v.add(CodeIllegalValue, d, replaceValue(n, pr, vi))
}

// point checks one value of a list of points or stones.
func (v *valueChecker) point(n *NodeView, pr *PropView, vi int, raw []byte, off int64, grp int, stamp uint32, boardLen int) {
	p := v.p
	switch p.Game {
	case property.Hex:
		dv := &v.cur.Values[vi]
		c := dv.First.Point
		if dv.Err != nil || !c.In(p.Cols, p.Rows) {
			v.illegal(n, pr, vi, off, raw)
			return
		}
		if boardLen > 0 {
			k := grp*boardLen + c.Y*p.Cols + c.X
			if v.marks[k] == stamp {
				v.notUnique(n, pr, vi, off, raw, nil)
			}
			v.marks[k] = stamp
		}
		return
	case property.Go:
	default:
		return
	}
	if !p.GoodSize {
		return
	}
	dv := &v.cur.Values[vi]
	_, _, composed := value.SplitCompose(raw)
	if !composed {
		pt, err := dv.First.Point, dv.Err
		if err != nil {
			// as every reader reads it (value.ReadListValue)
			if fixed, pt2, ok := value.CorrectPoint(raw); ok && pt2.In(p.Cols, p.Rows) {
				v.corrected(n, pr, vi, off, raw, string(fixed))
				pt = pt2
			} else {
				v.illegal(n, pr, vi, off, raw)
				return
			}
		} else if !pt.In(p.Cols, p.Rows) {
			v.illegal(n, pr, vi, off, raw)
			return
		}
		k := grp*boardLen + pt.Y*p.Cols + pt.X
		if v.marks[k] == stamp {
			v.notUnique(n, pr, vi, off, raw, nil)
		}
		v.marks[k] = stamp
		return
	}
	if p.FF < 4 {
		v.add(CodeFeatureNotInFF, at(n, off, pr.ID, "compressed point list [%s] is not defined in FF[%d] (parsing done anyway)", raw, p.FF), nil)
	}
	a, b := dv.First.Point, dv.Second.Point
	fixed := false
	if dv.Err != nil {
		// white space in a point, corrected as every reader reads it
		// (value.ReadListValue)
		var err error
		if a, b, _, fixed, err = value.ReadListValue(raw); err != nil {
			v.illegal(n, pr, vi, off, raw)
			return
		}
	}
	if !a.In(p.Cols, p.Rows) || !b.In(p.Cols, p.Rows) {
		// SGFC deletes the value, and so the readers read it (no point:
		// value.ListRect)
		v.illegal(n, pr, vi, off, raw)
		return
	}
	lo := value.Point{X: min(a.X, b.X), Y: min(a.Y, b.Y)}
	hi := value.Point{X: max(a.X, b.X), Y: max(a.Y, b.Y)}
	if lo == hi {
		v.corrected(n, pr, vi, off, raw, lo.String())
	} else if fixed || lo != a || hi != b {
		v.corrected(n, pr, vi, off, raw, lo.String()+":"+hi.String())
	}
	// The points of the rectangle already listed: their names, and those
	// of the others, are written only when there are some (a board
	// cleared with AE[aa:ss] has none, and 361 names to write).
	v.dups = v.dups[:0]
	for y := lo.Y; y <= hi.Y; y++ {
		for x := lo.X; x <= hi.X; x++ {
			k := grp*boardLen + y*p.Cols + x
			if v.marks[k] == stamp {
				v.dups = append(v.dups, value.Point{X: x, Y: y})
			}
			v.marks[k] = stamp
		}
	}
	if len(v.dups) == 0 {
		return
	}
	var dup, keep []string
	j := 0
	for y := lo.Y; y <= hi.Y; y++ {
		for x := lo.X; x <= hi.X; x++ {
			pt := value.Point{X: x, Y: y}
			if j < len(v.dups) && v.dups[j] == pt {
				dup = append(dup, pt.String())
				j++
			} else {
				keep = append(keep, pt.String())
			}
		}
	}
	v.notUnique(n, pr, vi, off, []byte(joinValues(dup)), keep)
}

func joinValues(vs []string) string {
	var b []byte
	for i, s := range vs {
		if i > 0 {
			b = append(b, "]["...)
		}
		b = append(b, s...)
	}
	return string(b)
}

func (v *valueChecker) notUnique(n *NodeView, pr *PropView, vi int, off int64, dup []byte, keep []string) {
	kind := "Property"
	switch uniqueGroup(pr.ID) {
	case groupSetup:
		kind = "AddStone"
	case groupMarkup:
		kind = "Markup"
	case groupTerritory:
		kind = "Territory"
	}
	v.add(CodeNotUnique, at(n, off, pr.ID, "%s <%s> position not unique ([partially] deleted) - value(s): [%s]", kind, pr.ID, dup), replaceValue(n, pr, vi, keep...))
}

// composed checks a value of a composed type.
func (v *valueChecker) composed(n *NodeView, pr *PropView, vi int, raw []byte, off int64, el property.Element, vt property.ValueType) {
	p := v.p
	l, r, ok := value.SplitCompose(raw)
	if !ok {
		// FG first: ParseNumber makes an error for each other value
		// (14,000 AP values of the standard collection).
		if pr.ID == "FG" && isNumber(raw) {
			v.add(CodeComposeExpected, at(n, off, pr.ID, "property <FG> expects a composed value \"flags:name\": [%s] (\":\" added)", raw), replaceValue(n, pr, vi, string(raw)+":"))
			return
		}
		if pr.ID == "AP" {
			m := &v.p.memo
			d := atMsg(n, off, pr.ID, m.apMsg.of("property <AP> expects a composed value \"name:version\": [", raw, "] (\":\" added)"))
			d.Severity = syntax.Warning
			v.add(CodeComposeExpected, d, replaceValue(n, pr, vi, m.apFix.of("", raw, ":")))
			return
		}
		v.add(CodeComposeExpected, at(n, off, pr.ID, "property <%s> expects compose type value (value deleted): [%s]", pr.ID, raw), replaceValue(n, pr, vi))
		return
	}
	if p.Game != property.Go || !p.GoodSize {
		return
	}
	if el.First == property.SimpleText && el.Second == property.SimpleText {
		return // AP: two texts
	}
	if dv := &v.cur.Values[vi]; dv.Err == nil {
		// The sides as sgf.Decoder decodes them: points on the board,
		// and an arrow or a line between two points (FG's number is one).
		a, b := dv.First.Point, dv.Second.Point
		if el.First == property.Point && !a.In(p.Cols, p.Rows) || el.Second == property.Point && !b.In(p.Cols, p.Rows) ||
			el.First == property.Point && el.Second == property.Point && a == b {
			v.illegal(n, pr, vi, off, raw)
		}
		return
	}
	// A side is no value of its type: a point written with white space
	// in it is corrected (SGFC 25), anything else deleted.
	fixL, fixR := l, r
	changed := false
	side := func(b []byte, base property.Base) ([]byte, bool) {
		if base != property.Point {
			return b, true
		}
		pt, err := value.ParsePoint(b)
		if err != nil {
			s := value.StripSpace(b)
			pt, err = value.ParsePoint(s)
			if err != nil {
				return b, false
			}
			b = s
			changed = true
		}
		return b, pt.In(p.Cols, p.Rows)
	}
	var okL, okR bool
	fixL, okL = side(l, el.First)
	fixR, okR = side(r, el.Second)
	if !okL || !okR {
		v.illegal(n, pr, vi, off, raw)
		return
	}
	if el.First == property.Point && el.Second == property.Point && bytes.Equal(fixL, fixR) {
		v.illegal(n, pr, vi, off, raw)
		return
	}
	if changed {
		fixed := string(fixL) + ":" + string(fixR)
		v.add(CodeComposeCorrected, at(n, off, pr.ID, "illegal <%s> value corrected; new value: [%s], old value: [%s]", pr.ID, fixed, raw), replaceValue(n, pr, vi, fixed))
	}
	if pr.ID == "FG" {
		if _, err := value.ParseNumber(fixL); err != nil {
			v.illegal(n, pr, vi, off, raw)
		}
	}
}

// isNumber reports whether raw is a Number as value.ParseNumber reads it.
func isNumber(raw []byte) bool {
	_, err := value.ParseNumber(raw)
	return err == nil
}

// gameInfo checks DT, RE, KM and TM as sgf.Decoder decodes them: KM and
// TM as Reals, DT and RE in their typed forms (sgf.Value.Date, Result).
func (v *valueChecker) gameInfo(n *NodeView, pr *PropView) {
	val := pr.Values[0]
	raw := val.Raw
	var err error
	var fix func(string) (string, bool, error)
	switch pr.ID {
	case "DT":
		// The typed forms of DT and RE read the value as written: the
		// Decoder's texts are not needed.
		_, err = (&sgf.Value{Raw: raw}).Date()
		fix = value.FixDate
	case "RE":
		_, err = (&sgf.Value{Raw: raw}).Result()
		fix = value.FixResult
	case "KM":
		if plainReal(raw) {
			return // a Real as sgf.Decoder reads it at once
		}
		err = v.decode(pr).Values[0].Err
		// Corrected as every Real is (value.CorrectReal: KM[14\n0] is
		// 140, as BL[14\n0] is, and as sgf.Value.Real reads it), but
		// only without loss: a game-info value that would lose part of
		// itself is left as it is (C15).
		fix = func(s string) (string, bool, error) {
			if fixed, lossless, ok := value.CorrectReal([]byte(s)); ok && lossless {
				return fixed, true, nil
			}
			return s, false, value.ErrSyntax
		}
	case "TM":
		if plainReal(raw) {
			return // a Real (and no negative one), as KM
		}
		dv := &v.decode(pr).Values[0]
		if err = dv.Err; err == nil && dv.First.Real < 0 {
			err = value.ErrRange // seconds (value.ParseTime)
		}
		fix = value.FixTime
	}
	if blank(raw) {
		d := atMsg(n, val.Offset, pr.ID, v.p.memo.emptyFound.ofID("empty <", pr.ID, "> value found (deleted)"))
		d.Severity = syntax.Warning
		v.add(CodeEmptyValue, d, replaceValue(n, pr, 0))
		return
	}
	if err == nil {
		return
	}
	if fixed, _, ferr := fix(string(raw)); ferr == nil {
		v.lossy(n, pr, 0, val.Offset, raw, fixed, pr.ID == "DT" && hasTimeOfDay(value.SimpleText(raw)))
		return
	}
	v.add(CodeGameInfoFormat, at(n, val.Offset, pr.ID, "game-info property <%s> has an illegal format (not corrected) - value: [%s]", pr.ID, raw), nil)
}

// view checks VW; it reports whether the values need no further check.
func (v *valueChecker) view(n *NodeView, pr *PropView) bool {
	vals := pr.Values
	for i, val := range vals {
		if len(val.Raw) == 0 && len(vals) > 1 {
			_ = i
			edits := []Edit{{Op: ReplaceProp, Node: int(n.Index), Prop: pr.Index, ID: "VW", New: []string{""}}}
			v.add(CodeViewProblem, at(n, pr.Offset, "VW", "<VW> property: values after '[]' value found (deleted)"), &SuggestedFix{Edits: edits})
			return true
		}
	}
	if v.p.FF < 4 && len(vals) != 2 && !(len(vals) == 1 && len(vals[0].Raw) == 0) {
		v.add(CodeViewProblem, at(n, pr.Offset, "VW", "<VW> property: FF[4] definition in older FF found (parsing done anyway)"), nil)
	}
	return false
}

// plainRoot reports whether pr, FF, GM, ST or SZ of the root, has a value
// that root has nothing to say about and sgf.Decoder decodes without an
// error (plainValues): FF in 1-4, GM from 1, ST in 0-3, SZ one number in
// 1-52 (value.MaxBoard), written as plain digits. The 17,028 roots of the
// standard collection decoded each of them for nothing.
func plainRoot(pr *PropView) bool {
	vals := pr.Values[:1]
	switch pr.ID {
	case "FF", "ST":
		return plainValues(pr.Info.Value, vals)
	case "GM":
		k, ok := value.PlainNumber(vals[0].Raw)
		return ok && k >= 1 && plainValues(pr.Info.Value, vals)
	case "SZ":
		k, ok := value.PlainNumber(vals[0].Raw)
		return ok && k >= 1 && k <= value.MaxBoard
	}
	return false
}

// rootNumbers corrects raw, the value of FF, GM or ST (a Number) or of SZ
// (sz: a Number or "cols:rows"), as every number is corrected
// (value.CorrectNumber), each side of SZ on its own, when the correction
// is lossless ("FF[ 4 ]", "SZ[1 9]"). ok is false for a value that is no
// such number or whose correction loses part of it ("FF[4x]"): unlike
// other numbers, such a root value is not corrected (C07 assumes the
// default), as the game, board size and format it names decide how the
// whole tree is read and every reader reads them without a loss (sgf's
// boardOf, TreeView, GameInfo.FF). SGFC corrects FF[4x] to 4.
func rootNumbers(raw []byte, sz bool) ([]byte, bool) {
	if l, r, composed := value.SplitCompose(raw); sz && composed {
		a, ok1 := (&sgf.Value{Raw: l}).Number()
		b, ok2 := (&sgf.Value{Raw: r}).Number()
		s := strconv.AppendInt(nil, int64(a), 10)
		return strconv.AppendInt(append(s, ':'), int64(b), 10), ok1 && ok2
	}
	k, ok := (&sgf.Value{Raw: raw}).Number()
	return strconv.AppendInt(nil, int64(k), 10), ok
}

// root checks FF, GM, SZ, ST and CA in the root node, as sgf.Decoder
// decodes them. A number written with white space in it ("FF[ 4 ]",
// which is no Number) is corrected to the number without it, as SGFC
// corrects it and as the readers of package sgf read it (boardOf), and
// then judged so (rootNumbers).
func (v *valueChecker) root(n *NodeView, pr *PropView) {
	p := v.p
	val := pr.Values[0]
	raw := val.Raw
	if plainRoot(pr) {
		return
	}
	var dv sgf.Value
	if pr.ID != "CA" {
		// CA is judged by its raw value alone.
		dv = v.decode(pr).Values[0]
	}
	if dv.Err != nil && pr.ID != "CA" && !errors.Is(dv.Err, value.ErrRange) {
		if s, ok := rootNumbers(raw, pr.ID == "SZ"); ok {
			alt := *pr
			alt.Values = []syntax.Value{{Raw: s, Offset: val.Offset}}
			if w := v.decode(&alt).Values[0]; w.Err == nil || errors.Is(w.Err, value.ErrRange) {
				v.corrected(n, pr, 0, val.Offset, raw, string(s))
				dv, raw = w, s
			}
		}
	}
	switch pr.ID {
	case "FF":
		switch {
		case dv.Err == nil:
		case dv.First.Base == property.Number: // out of the range 1-4
			v.add(CodeUnknownFF, at(n, val.Offset, "FF", "unknown file format FF[%d] (only FF[1]-FF[4] are defined)", dv.First.Number), nil)
		default:
			v.add(CodeIllegalRootValue, at(n, val.Offset, "FF", "illegal root property <FF> found (assuming FF[1]): [%s]", raw), replaceValue(n, pr, 0, "4"))
		}
	case "GM":
		if dv.Err != nil || dv.First.Number < 1 {
			v.add(CodeIllegalRootValue, at(n, val.Offset, "GM", "illegal root property <GM> found (assuming GM[1]): [%s]", raw), replaceValue(n, pr, 0, "1"))
		}
	case "SZ":
		// A Number, or two: "cols:rows" (the catalogue's alternative);
		// a Go board beyond 52 keeps its numbers with an error.
		c, r := dv.First.Number, dv.First.Number
		if dv.Type.Composed() {
			r = dv.Second.Number
		}
		def := "19"
		if p.Game == property.Hex {
			def = "11"
		}
		if dv.Err != nil && !errors.Is(dv.Err, value.ErrRange) || c < 1 || r < 1 {
			v.add(CodeIllegalRootValue, at(n, val.Offset, "SZ", "illegal root property <SZ> found (assuming %sx%s): [%s]", def, def, raw), replaceValue(n, pr, 0, def))
			return
		}
		if dv.Type.Composed() && c == r {
			v.add(CodeSquareAsRect, at(n, pr.Offset, "SZ", "square board size in rectangular definition (corrected): [%s]", raw), replaceValue(n, pr, 0, strconv.Itoa(c)))
		}
		if p.Game == property.Go && (c > value.MaxBoard || r > value.MaxBoard) {
			nc, nr := min(c, value.MaxBoard), min(r, value.MaxBoard)
			v.add(CodeBoardTooBig, at(n, pr.Offset, "SZ", "board size too big (corrected to %dx%d)", nc, nr), replaceValue(n, pr, 0, string(value.AppendSize(nil, nc, nr))))
		}
		if c != r && p.FF < 4 && p.FF >= 1 {
			v.add(CodeFeatureNotInFF, at(n, pr.Offset, "SZ", "used feature (rectangular board SZ[%s]) is not defined in FF[%d] (parsing done anyway)", raw, p.FF), nil)
		}
	case "ST":
		if dv.Err != nil { // no Number, or out of the range 0-3
			v.add(CodeIllegalRootValue, at(n, val.Offset, "ST", "illegal root property <ST> found (assuming ST[0], deleted): [%s]", raw), deleteProp(n, pr))
		}
	case "CA":
		if _, err := sgf.CharsetOfCA(raw); errors.Is(err, charset.ErrUnknown) {
			v.add(CodeUnknownCharset, at(n, pr.Offset, "CA", "unknown charset %q: text is read as ISO-8859-1", raw), nil)
		}
	}
}
