package check

import (
	"github.com/sgf-toolkit/sgf"
	"slices"
	"strconv"
	"strings"

	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/convert"
	"github.com/sgf-toolkit/sgf/syntax"
)

// FixOptions choose the rules (Options) and which fixes Fix applies.
type FixOptions struct {
	Options
	// Critical also applies the fixes of critical diagnostics, which may
	// lose information (extra values of a one-value property, a second
	// game-info node's differing value, a contradicting KI).
	Critical bool
}

// Change is one change Fix made.
type Change struct {
	Code     Code // the rule whose fix it is; 0 for the conversion to FF[4] itself
	Tree     int
	Node     int    // pre-order number of the node in the input
	Property string // FF[4] identifier, or "" for a node-level change
	Before   string // the property (or node) as it was, "" when added
	After    string // the property (or node) as written, "" when deleted
	// Syntax is set (and Code is 0) when the change is the removal of text
	// the parser could not read (a critical syntax diagnostic: Before is
	// the text dropped, At its position, Message the diagnostic's message).
	Syntax  syntax.Code
	At      syntax.Position
	Message string
	// Convert is set (and Code is 0) when the change is FixFile's
	// conversion to UTF-8 and FF[4] (package convert): Message then says
	// what was done when Before and After do not.
	Convert convert.Code
}

// Fix checks f and writes it anew as FF[4] with the suggested fixes of the
// diagnostics applied: those of critical diagnostics only when
// opts.Critical is set. It returns the new text and every change made; a
// diagnostic without fix leaves its fault as it is. Text outside the game
// trees is kept as it is; properties and values that no fix touches are
// written as they were read (escapes intact), unknown properties included.
//
// A tree with text the parser could not read (a critical syntax
// diagnostic of f, such as a property without value or stray characters
// between nodes) cannot be written anew without losing that text: without
// opts.Critical it is written as it was read, no fix applied to it; with
// opts.Critical it is fixed and each piece of text dropped is a Change
// (Syntax set). FixFile reports what was left unfixed.
func Fix(f *syntax.File, opts FixOptions) ([]byte, []Change) {
	out, changes := fixTrees(f, opts, 0, 0)
	out = append(out, f.Tail()...)
	if len(f.Tail()) == 0 && len(out) > 0 {
		out = append(out, '\n')
	}
	return out, changes
}

// fixTrees writes the trees of f fixed, each with the text in front of
// it, as Fix does; f.Src starts at input offset base (the File of one
// tree of an input read tree by tree, FixReader), and last is the last
// byte written before it (0 for none).
func fixTrees(f *syntax.File, opts FixOptions, base int64, last byte) ([]byte, []Change) {
	o := opts.Options
	c := getChecker(f, &o)
	defer putChecker(c)
	return fixTreesWith(c, f, opts, base, last)
}

// fixTreesWith is fixTrees with c, a checker of f with opts.Options
// (getChecker).
func fixTreesWith(c *checker, f *syntax.File, opts FixOptions, base int64, last byte) ([]byte, []Change) {
	c.p.BriefMoves = false // the edits may concern any node's properties
	w := fixWriter{opts: &opts}
	out := make([]byte, 0, len(f.Src)+len(f.Src)/16+64)
	start := base
	for _, t := range f.Trees {
		diags := c.tree(t)
		src := t.Source()
		lead := int(t.Offset() - start)
		if lead >= 0 && lead <= len(src) && int(start-base)+len(src) <= len(f.Src) {
			text := src[:lead]
			if cut := w.deletedText(t, diags, text); cut > 0 {
				text = text[cut:]
			}
			out = append(out, text...)
			start += int64(len(src))
		}
		if len(out) > 0 {
			last = out[len(out)-1]
		}
		if last != 0 && last != '\n' && last != '\r' {
			out = append(out, '\n')
		}
		lost := lostText(f, t.Index())
		if len(lost) > 0 && !opts.Critical {
			if lead < 0 || lead > len(src) {
				lead = 0
			}
			out = append(out, src[lead:]...)
			continue
		}
		for _, d := range lost {
			w.changes = append(w.changes, lostChange(f.Src, base, d))
		}
		n0 := len(out)
		out = w.tree(out, &c.p, diags)
		if !wideCA(&c.p) {
			if ch, ok := nulToSpace(f, t.Index(), out[n0:]); ok {
				w.changes = append(w.changes, ch)
			}
		}
	}
	return out, w.changes
}

// wideCA reports whether the tree of p declares a charset whose characters
// may hold NUL bytes (UTF-16, UTF-32: CA[UTF-16LE] in a tree read byte by
// byte, as SGFC's -E2 reads mixed-encoding.sgf): those are no NUL
// characters, and are decoded later, not written as spaces.
func wideCA(p *Pass) bool {
	if len(p.Nodes) == 0 {
		return false
	}
	ca := p.Find(&p.Nodes[0], "CA")
	if ca == nil || len(ca.Values) == 0 {
		return false
	}
	cs, err := sgf.CharsetOfCA(ca.Values[0].Raw)
	return err == nil && cs.LeadBytes() == charset.NotASCII
}

// nulToSpace writes the NUL bytes of tree ti as written (out) as spaces,
// as SGFC does, and returns the change that says so: at the first NUL
// byte of the tree (syntax code S10), with their number.
func nulToSpace(f *syntax.File, ti int, out []byte) (Change, bool) {
	n := 0
	for i, b := range out {
		if b == 0 {
			out[i] = ' '
			n++
		}
	}
	if n == 0 {
		return Change{}, false
	}
	c := Change{Syntax: syntax.CodeNULByte, Tree: ti, Node: -1, Before: "\x00", After: " ",
		Message: "NUL byte written as a space"}
	if n > 1 {
		c.Message = strconv.Itoa(n) + " NUL bytes written as spaces"
	}
	for _, d := range f.Diagnostics {
		if d.Code == syntax.CodeNULByte && d.Tree == ti {
			c.At = d.Position
			if c.At.Line == 0 {
				c.At = f.Position(d.Offset)
			}
			break
		}
	}
	return c, true
}

// Lost reports whether d, a diagnostic of the parse, is text the parser
// could not read and a tree written anew would not contain: a critical
// diagnostic inside a game tree (text before, between and after the trees
// is written back as it was).
func Lost(d syntax.Diagnostic) bool {
	return d.Critical && d.Code != syntax.CodeTextBeforeTree && d.Code != syntax.CodeTextAfterTree
}

// lostText returns the diagnostics of f that are text of tree ti the
// parser could not read (Lost).
func lostText(f *syntax.File, ti int) []syntax.Diagnostic {
	var ds []syntax.Diagnostic
	for _, d := range f.Diagnostics {
		if d.Tree == ti && Lost(d) {
			ds = append(ds, d)
		}
	}
	return ds
}

// lostChange is the change of a Lost diagnostic d: the text the parser
// dropped (Before), or the token it assumed (After).
func lostChange(src []byte, base int64, d syntax.Diagnostic) Change {
	c := Change{Tree: d.Tree, Node: d.Node, Syntax: d.Code, At: d.Position, Message: d.Message}
	switch d.Code {
	case syntax.CodeMissingParen, syntax.CodeLimit:
		c.After = ")"
	case syntax.CodeUnexpectedEOF:
		c.After = "]"
	case syntax.CodeMissingSemicolon, syntax.CodeMissingSemicolonInVar:
		c.After = ";"
	case syntax.CodeNodeOutsideVariation:
		c.After = "("
	}
	if d.Code == syntax.CodeLimit || c.After == "" {
		c.Before = unreadText(src, d.Offset-base)
	}
	if c.Before == "" && c.After == "" {
		c.Before = d.Message
	}
	return c
}

// unreadText returns the text at offset off of src that the parser could
// not read: values in brackets, or up to the next space, bracket,
// parenthesis or semicolon; at least one byte, at most 64 (then "...").
func unreadText(src []byte, off int64) string {
	if off < 0 || off >= int64(len(src)) {
		return ""
	}
	const most = 64
	rest := src[off:]
	end := 1
	if rest[0] == '[' {
		// values: through the last "]" of consecutive bracketed values
		for end = 0; end < len(rest) && rest[end] == '['; {
			k := end + 1
			for k < len(rest) && rest[k] != ']' {
				if rest[k] == '\\' {
					k++
				}
				k++
			}
			end = min(k+1, len(rest))
		}
	} else {
	scan:
		for end < len(rest) {
			switch rest[end] {
			case ' ', '\t', '\n', '\r', ';', '(', ')', '[', ']':
				break scan
			}
			end++
		}
	}
	if end > most {
		return string(rest[:most]) + "..."
	}
	return string(rest[:end])
}

// deletedText returns how many bytes at the start of text, the text in
// front of tree t, a DeleteText fix deletes, and records the change.
func (w *fixWriter) deletedText(t *syntax.Tree, diags []Diagnostic, text []byte) int {
	for _, d := range diags {
		if d.Fix == nil || d.Critical && !w.opts.Critical {
			continue
		}
		for _, e := range d.Fix.Edits {
			if e.Op == DeleteText && e.Value > 0 && e.Value <= len(text) {
				w.changes = append(w.changes, Change{Code: d.Code, Tree: t.Index(), Node: -1, Before: string(text[:e.Value])})
				return e.Value
			}
		}
	}
	return 0
}

type fixWriter struct {
	opts    *FixOptions
	changes []Change
	edits   map[int][]codedEdit
	// splitRoot: the root's move goes into rootRest, the nodes after the
	// root's first, written where the layout puts them (variations raised
	// next to the root's move).
	splitRoot bool
	rootRest  []byte
}

type codedEdit struct {
	Edit
	code Code
}

type outProp struct {
	id      string
	vals    [][]string // per input value: its replacement (nil: unchanged)
	changed []bool
	by      []Code   // per input value: the rule of its replacement
	whole   []string // a ReplaceProp's values, or nil
	replace bool
	extra   []string
	deleted bool
	code    Code
}

func (w *fixWriter) tree(out []byte, p *Pass, diags []Diagnostic) []byte {
	if len(p.Nodes) == 0 {
		return p.Tree.AppendTo(out)
	}
	if w.edits == nil {
		w.edits = map[int][]codedEdit{}
	}
	clear(w.edits)
	rootSplit := false
	for _, d := range diags {
		if w.applies(d) {
			for _, e := range d.Fix.Edits {
				if e.Op == SplitNode && e.Node == 0 && len(e.Groups) > 1 {
					rootSplit = true
				}
			}
		}
	}
	var lay layout
	for _, d := range diags {
		if !w.applies(d) || !lay.add(p, d, rootSplit) {
			continue
		}
		w.structureChanges(p, d)
		for _, e := range d.Fix.Edits {
			switch d.Code {
			case CodeNotUnique:
				// The points of a value not listed before (C18) replace
				// it before any other rewrite of it: they are read from
				// the value as corrected (C03: AE[b b] is bb), and a
				// correction kept instead would write the point again
				// (AB[aa:cc]AE[bb], C18 once more).
				w.edits[e.Node] = append([]codedEdit{{e, d.Code}}, w.edits[e.Node]...)
				continue
			case CodeCompressedList:
				// The points one by one (-e) replace the value before a
				// value rule's rewrite of its rectangle (C15, corners),
				// after C18's.
				k := 0
				for k < len(w.edits[e.Node]) && w.edits[e.Node][k].code == CodeNotUnique {
					k++
				}
				w.edits[e.Node] = slices.Insert(w.edits[e.Node], k, codedEdit{e, d.Code})
				continue
			}
			w.edits[e.Node] = append(w.edits[e.Node], codedEdit{e, d.Code})
		}
	}
	w.rootRest, w.splitRoot = w.rootRest[:0], len(lay.raised[0]) > 0
	// Iterative pre-order writing of the tree's structure.
	type frame struct {
		kids []item // the children of a node with several
		next int
	}
	var stack []frame
	out = append(out, '(')
	cur := item{n: p.Tree.Root()}
	var rootItems []item // the root's variations when variations are raised to it
	flattened := 0
	defer func() {
		if flattened > 0 {
			w.changes = append(w.changes, Change{Code: CodeNestedVariations, Tree: p.TreeIndex, Node: -1,
				Before: strconv.Itoa(flattened) + " variations that were the only child of their node", After: "written in sequence"})
		}
	}()
	var kids []item
	for {
		n := cur.n
		if cur.rootRest {
			out = append(out, w.rootRest...)
		} else {
			out = w.node(out, p, n)
			if n.Index() == 0 && w.splitRoot {
				// The root's first node, then its move and the variations
				// raised next to it (RaiseVariation).
				rootItems = append(rootItems[:0], item{n: n, rootRest: true})
				for _, k := range lay.raised[0] {
					rootItems = lay.emit(rootItems, p, p.NodeOf(&p.Nodes[k]))
				}
				if lay.reversed[0] {
					slices.Reverse(rootItems)
				}
				stack = append(stack, frame{rootItems, 1})
				out = append(out, '(')
				cur = rootItems[0]
				continue
			}
		}
		kids = lay.kids(kids[:0], p, n)
		k := len(kids)
		if k == 1 {
			if n.NumChildren() == 1 && !n.InSequence() {
				flattened++
			}
			cur = kids[0]
			continue
		}
		if k > 1 {
			stack = append(stack, frame{slices.Clone(kids), 1})
			out = append(out, "\n("...)
			cur = stack[len(stack)-1].kids[0]
			continue
		}
		for {
			out = append(out, ')')
			if len(stack) == 0 {
				return out
			}
			top := &stack[len(stack)-1]
			if top.next < len(top.kids) {
				out = append(out, "\n("...)
				cur = top.kids[top.next]
				top.next++
				break
			}
			stack = stack[:len(stack)-1]
		}
	}
}

// isPointEdit reports whether code's rewrite of a setup value is the points
// of the value that it keeps: those not set before in the node (C18), and
// those that change the board (C19).
func isPointEdit(code Code) bool {
	return code == CodeNotUnique || code == CodeNoEffect
}

// bothKeep returns the points of a that b has too, in a's order.
func bothKeep(a, b []string) []string {
	inB := make(map[string]bool, len(b))
	for _, pt := range b {
		inB[pt] = true
	}
	var both []string
	for _, pt := range a {
		if inB[pt] {
			both = append(both, pt)
		}
	}
	return both
}

// structureChanges lists the changes of the edits of d that move
// variations.
func (w *fixWriter) structureChanges(p *Pass, d Diagnostic) {
	for _, e := range d.Fix.Edits {
		switch e.Op {
		case RaiseVariation:
			m := p.Nodes[e.Node].Parent
			after := "a variation of node " + strconv.Itoa(int(p.Nodes[m].Parent))
			if m == 0 {
				after = "a variation next to the root's move"
			}
			w.changes = append(w.changes, Change{Code: d.Code, Tree: p.TreeIndex, Node: e.Node,
				Before: "a variation of node " + strconv.Itoa(int(m)), After: after})
		case ReverseVariations:
			w.changes = append(w.changes, Change{Code: d.Code, Tree: p.TreeIndex, Node: e.Node,
				Before: "the variations of node " + strconv.Itoa(e.Node), After: "in reverse order"})
		}
	}
}

// applies reports whether Fix applies the fix of d.
func (w *fixWriter) applies(d Diagnostic) bool {
	return d.Fix != nil && (!d.Critical || w.opts.Critical)
}

// item is a node to write, or (rootRest) the nodes a split root writes
// after its first when variations are raised next to its move.
type item struct {
	n        syntax.Node
	rootRest bool
}

// layout is the shape of a tree as Fix writes it when fixes move
// variations: raised[m] are the variations (their first nodes) that leave
// node m to follow it as its siblings (RaiseVariation); reversed[m] writes
// the variations of m in reverse order (ReverseVariations). Nodes are
// numbered as Pass.Nodes.
type layout struct {
	raised   map[int][]int
	isRaised map[int]bool
	reversed map[int]bool
}

// add takes the structural edits of d, and reports false (d is not to be
// applied) when one of them cannot be: a variation raised from the root,
// whose move no split puts in a node of its own.
func (l *layout) add(p *Pass, d Diagnostic, rootSplit bool) bool {
	for _, e := range d.Fix.Edits {
		if e.Op == RaiseVariation {
			if e.Node <= 0 || e.Node >= len(p.Nodes) || p.Nodes[e.Node].Parent < 0 || p.Nodes[e.Node].Parent == 0 && !rootSplit {
				return false
			}
		}
	}
	for _, e := range d.Fix.Edits {
		switch e.Op {
		case RaiseVariation:
			if l.raised == nil {
				l.raised, l.isRaised = map[int][]int{}, map[int]bool{}
			}
			if !l.isRaised[e.Node] {
				m := p.Nodes[e.Node].Parent
				l.raised[int(m)] = append(l.raised[int(m)], e.Node)
				l.isRaised[e.Node] = true
			}
		case ReverseVariations:
			if l.reversed == nil {
				l.reversed = map[int]bool{}
			}
			l.reversed[e.Node] = true
		}
	}
	return true
}

// kids appends to dst the variations of n as they are written: its
// children that stay, each followed by the variations raised out of it
// (and out of those, without recursion), in reverse order when asked.
func (l *layout) kids(dst []item, p *Pass, n syntax.Node) []item {
	start := len(dst)
	if len(l.raised) == 0 {
		for c := range n.Children() {
			dst = append(dst, item{n: c})
		}
	} else {
		for c := range n.Children() {
			if ci := nodeIndex(p, c); ci < 0 || !l.isRaised[ci] {
				dst = l.emit(dst, p, c)
			}
		}
	}
	if len(l.reversed) > 0 && l.reversed[nodeIndex(p, n)] {
		slices.Reverse(dst[start:])
	}
	return dst
}

// emit appends c and the variations raised out of it, depth first.
func (l *layout) emit(dst []item, p *Pass, c syntax.Node) []item {
	todo := []syntax.Node{c}
	for len(todo) > 0 {
		x := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		dst = append(dst, item{n: x})
		r := l.raised[nodeIndex(p, x)]
		for k := len(r) - 1; k >= 0; k-- {
			todo = append(todo, p.NodeOf(&p.Nodes[r[k]]))
		}
	}
	return dst
}

// nodeIndex maps a syntax node to its place in Pass.Nodes.
func nodeIndex(p *Pass, n syntax.Node) int {
	// Pass.Nodes is in pre-order, as Tree.Nodes yields; record numbers of
	// a tree as read are pre-order numbers.
	i := n.Index()
	if i >= 0 && i < len(p.Nodes) && p.NodeOf(&p.Nodes[i]) == n {
		return i
	}
	for j := range p.Nodes {
		if p.NodeOf(&p.Nodes[j]) == n {
			return j
		}
	}
	return -1
}

func propText(id string, vals []string) string {
	var b strings.Builder
	b.WriteString(id)
	for _, v := range vals {
		b.WriteByte('[')
		b.WriteString(v)
		b.WriteByte(']')
	}
	return b.String()
}

func rawValues(pr *PropView) []string {
	vs := make([]string, len(pr.Values))
	for i, v := range pr.Values {
		vs[i] = string(v.Raw)
	}
	return vs
}

func (w *fixWriter) node(out []byte, p *Pass, sn syntax.Node) []byte {
	i := nodeIndex(p, sn)
	if i < 0 {
		return out
	}
	n := &p.Nodes[i]
	nprops := p.PropsOf(n)
	edits := w.edits[i]
	if len(edits) == 0 && i != 0 && n.Flags&(sgf.FlagRenamed|sgf.FlagUnknown|sgf.FlagOld) == 0 {
		// fast path: nothing changes in this node
		out = append(out, ';')
		for k := range nprops {
			pr := &nprops[k]
			out = append(out, pr.ID...)
			for _, v := range pr.Values {
				out = append(out, '[')
				out = append(out, v.Raw...)
				out = append(out, ']')
			}
		}
		return out
	}
	props := make([]outProp, len(nprops))
	for k := range nprops {
		pr := &nprops[k]
		op := &props[k]
		op.id = string(pr.Raw)
		if pr.Info != nil {
			op.id = pr.ID
		}
	}
	// FF[4] output: obsolete properties with an FF[4] counterpart are
	// converted even where the input's FF defines them (L, M).
	if n.Flags&sgf.FlagOld != 0 {
		for k := range nprops {
			pr := &nprops[k]
			if pr.Info == nil || !pr.Info.Obsolete || pr.ID == "KI" || hasPropEdit(edits, k) {
				continue
			}
			if to := pr.Info.Convert.To; to != "" && to != pr.ID {
				for _, e := range convertFix(p, n, pr).Edits {
					edits = append(edits, codedEdit{e, CodeNotInFF})
				}
			}
		}
	}
	var groups [][]int
	var added []codedEdit
	deleteNode := false
	for _, e := range edits {
		if e.Op == SplitNode {
			if groups == nil {
				groups = e.Groups
				w.changes = append(w.changes, Change{Code: e.code, Tree: p.TreeIndex, Node: i, Before: string(trimSpace(sn.Source())), After: "split into " + strconv.Itoa(len(groups)) + " nodes"})
			}
			continue
		}
		if e.Op == DeleteNode {
			deleteNode = true
			continue
		}
		if e.Op == AddProp {
			added = append(added, e)
			continue
		}
		if e.Prop < 0 || e.Prop >= len(props) {
			continue
		}
		op := &props[e.Prop]
		pr := &nprops[e.Prop]
		if op.code == 0 {
			op.code = e.code
		}
		switch e.Op {
		case ReplaceValue:
			if e.Value < 0 || e.Value >= len(pr.Values) {
				continue
			}
			if op.vals == nil {
				op.vals = make([][]string, len(pr.Values))
				op.changed = make([]bool, len(pr.Values))
				op.by = make([]Code, len(pr.Values))
			}
			switch by := op.by[e.Value]; {
			case !op.changed[e.Value], isPointEdit(e.code) && !isPointEdit(by):
				// The first rewrite of the value, or the points that C18
				// or C19 keep, read from the value as corrected (C03:
				// AB[a a:bb], C59: the points one by one), instead of a
				// correction of its form that would write them all.
				op.vals[e.Value] = e.New
				op.changed[e.Value] = true
				op.by[e.Value] = e.code
			case isPointEdit(e.code) && e.code != by:
				// C18 and C19 both: the points that both keep.
				op.vals[e.Value] = bothKeep(op.vals[e.Value], e.New)
			}
		case DeleteProp:
			op.deleted = true
		case ReplaceProp:
			if !op.replace {
				op.replace = true
				op.id = e.ID
				op.whole = e.New
				op.code = e.code
			}
		case AppendValues:
			op.extra = append(op.extra, e.New...)
		}
	}
	if deleteNode && len(nprops) == 0 {
		w.changes = append(w.changes, Change{Code: CodeEmptyNode, Tree: p.TreeIndex, Node: i, Before: ";"})
		return out
	}
	if deleteNode && allDeleted(props) {
		code := CodeEmptyNode
		for _, e := range edits {
			if e.Op == DeleteNode {
				code = e.code
			}
		}
		for k := range nprops {
			pr := &nprops[k]
			w.changes = append(w.changes, Change{Code: props[k].code, Tree: p.TreeIndex, Node: i, Property: pr.ID, Before: propText(string(pr.Raw), rawValues(pr))})
		}
		w.changes = append(w.changes, Change{Code: code, Tree: p.TreeIndex, Node: i, Before: ";"})
		return out
	}
	// the texts of the properties as written
	texts := make([]string, len(props))
	for k := range props {
		pr := &nprops[k]
		op := &props[k]
		before := propText(string(pr.Raw), rawValues(pr))
		if op.deleted {
			w.changes = append(w.changes, Change{Code: op.code, Tree: p.TreeIndex, Node: i, Property: pr.ID, Before: before})
			continue
		}
		var vals []string
		if op.replace {
			vals = op.whole
			if vals == nil {
				vals = rawValues(pr)
			}
		} else {
			for vi, v := range pr.Values {
				if op.changed != nil && op.changed[vi] {
					vals = append(vals, op.vals[vi]...)
				} else {
					vals = append(vals, string(v.Raw))
				}
			}
		}
		vals = append(vals, op.extra...)
		code := op.code
		if code == 0 && op.id != string(pr.Raw) {
			code = CodeLowercaseFF4
		}
		if i == 0 && pr.ID == "FF" && !op.replace {
			vals = []string{"4"}
			code = op.code
		}
		if len(vals) == 0 {
			w.changes = append(w.changes, Change{Code: code, Tree: p.TreeIndex, Node: i, Property: pr.ID, Before: before})
			continue
		}
		texts[k] = propText(op.id, vals)
		if texts[k] != before {
			w.changes = append(w.changes, Change{Code: code, Tree: p.TreeIndex, Node: i, Property: pr.ID, Before: before, After: texts[k]})
		}
	}
	if groups == nil {
		groups = [][]int{nil}
		for k := range props {
			groups[0] = append(groups[0], k)
		}
	}
	for _, e := range added {
		text := propText(e.ID, e.New)
		texts = append(texts, text)
		if len(groups) > 0 {
			groups[0] = append(groups[0], len(texts)-1)
		}
		w.changes = append(w.changes, Change{Code: e.code, Tree: p.TreeIndex, Node: i, Property: e.ID, After: text})
	}
	first := out
	for gi, g := range groups {
		if i == 0 && gi == 1 && w.splitRoot {
			first, out = out, w.rootRest[:0]
		}
		if len(groups) > 1 && !(i == 0 && gi == 0) && emptyGroup(g, texts) && (gi > 0 || !allEmpty(groups[1:], texts)) {
			continue // a split node's part whose properties all went (an AE of -v)
		}
		out = append(out, ';')
		if i == 0 && gi == 0 && p.Find(n, "FF") == nil {
			out = append(out, "FF[4]"...)
			w.changes = append(w.changes, Change{Tree: p.TreeIndex, Node: 0, Property: "FF", After: "FF[4]"})
		}
		for _, k := range g {
			if k >= 0 && k < len(texts) && texts[k] != "" {
				out = append(out, texts[k]...)
			}
		}
		if i == 0 && gi == 0 {
			out = append(out, '\n')
		}
	}
	if i == 0 && w.splitRoot && len(groups) > 1 {
		w.rootRest = out
		return first
	}
	return out
}

// emptyGroup reports whether the properties g of a split node write
// nothing.
func emptyGroup(g []int, texts []string) bool {
	for _, k := range g {
		if k >= 0 && k < len(texts) && texts[k] != "" {
			return false
		}
	}
	return true
}

// allEmpty reports whether every group writes nothing.
func allEmpty(groups [][]int, texts []string) bool {
	for _, g := range groups {
		if !emptyGroup(g, texts) {
			return false
		}
	}
	return true
}

// allDeleted reports whether every property of a node is deleted.
func allDeleted(props []outProp) bool {
	for k := range props {
		if !props[k].deleted {
			return false
		}
	}
	return true
}

// hasPropEdit reports whether an edit replaces or deletes property k.
func hasPropEdit(edits []codedEdit, k int) bool {
	for _, e := range edits {
		if e.Prop == k && (e.Op == ReplaceProp || e.Op == DeleteProp) {
			return true
		}
	}
	return false
}
