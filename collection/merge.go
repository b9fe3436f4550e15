package collection

import (
	"io"
	"slices"
	"strconv"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/syntax"
)

// MergeOptions are the choices of a merge. The zero value merges losslessly.
type MergeOptions struct {
	// MovesOnly shares nodes that have the same moves and setup (B, W, AB,
	// AW, AE, PL), whatever else they hold. A shared node keeps the other
	// properties of the first game that passed through it; those of later
	// games that differ are dropped and counted in MergeReport.Dropped.
	// By default nodes are shared only when they hold the same properties
	// (game information aside), so that Split gives every game back.
	MovesOnly bool
}

// MergeReport says what a merge did.
type MergeReport struct {
	Games      int            // games added
	Distinct   int            // games in the output: Games less the duplicates
	Trees      int            // game trees written: one per set of games that share a root
	Nodes      int            // nodes written
	Markers    int            // empty nodes added to hold the game information of a game that is a prefix of another
	Duplicates []Duplicate    // games left out as exact copies of an earlier game
	Dropped    map[string]int // MovesOnly: properties dropped at shared nodes, by identifier
}

// A Duplicate is a game left out of a merge because an earlier game has the
// same nodes and the same game information.
type Duplicate struct {
	Name, Of string // the names given to Merger.Add
}

// Merger merges games into as few game trees as possible (see the package
// documentation). Add the games with Add, then write the result with
// WriteTo or Bytes. The zero Merger is not usable; call NewMerger.
type Merger struct {
	opts     MergeOptions
	groups   []*mgroup
	byRoot   map[string]int
	games    []mgame
	dropped  map[string]int
	dups     []Duplicate
	scratch  []string
	textBuf  []byte
	valueBuf []syntax.Value
}

// mgroup is one output tree: the games that share a root.
type mgroup struct {
	root  string // text of the root node, game information left out
	nodes []mnode
	index map[childKey]int32
	ends  map[int32][]int32 // node -> games (of Merger.games) that end there
	games []int32
}

type mnode struct {
	parent, first, last, next int32
	count                     int32 // games that pass through the node
	closed                    bool  // part of one game's variations: never shared
	rootSetup                 bool  // holds the setup of a root (AB, AW, AE, PL)
	text                      string
}

type childKey struct {
	parent int32
	key    string
}

type mgame struct {
	name  string
	group int32
	end   int32  // last node of a game without variations; first node of its variations otherwise
	vars  bool   // the game has variations
	info  string // game-info properties as text
	dup   bool
}

// NewMerger returns an empty Merger. opts may be nil for the defaults.
func NewMerger(opts *MergeOptions) *Merger {
	m := &Merger{byRoot: map[string]int{}, dropped: map[string]int{}}
	if opts != nil {
		m.opts = *opts
	}
	return m
}

// nodeText returns the properties of n as text in file order, the key under
// which n is shared, and the game-info properties as text when root is set
// (which are then left out of text and key).
func (m *Merger) nodeText(n syntax.Node, root bool) (text, key, info string) {
	text, key, info, _ = m.nodeTextSetup(n, root)
	return
}

// nodeTextSetup is nodeText that, for the root, also returns the root's
// setup properties (AB, AW, AE, PL) as text, left out of text and key.
func (m *Merger) nodeTextSetup(n syntax.Node, root bool) (text, key, info, setup string) {
	m.scratch = m.scratch[:0]
	buf := m.textBuf[:0]
	var infoBuf, setupBuf []byte
	for p := range n.Props() {
		if root && isGameInfo(p.ID) {
			infoBuf = appendProp(infoBuf, p)
			continue
		}
		if root && isSetup(property.Canonical(p.ID)) {
			setupBuf = appendProp(setupBuf, p)
			continue
		}
		start := len(buf)
		buf = appendProp(buf, p)
		if m.opts.MovesOnly && !root {
			c := property.Canonical(p.ID)
			if !isMoveOrSetup(c) {
				continue
			}
			if c == "AB" || c == "AW" || c == "AE" {
				m.valueBuf = p.AppendValues(m.valueBuf[:0])
				slices.SortFunc(m.valueBuf, func(a, b syntax.Value) int { return slices.Compare(a.Raw, b.Raw) })
				s := c
				for _, v := range m.valueBuf {
					s += "[" + string(v.Raw) + "]"
				}
				m.scratch = append(m.scratch, s)
				continue
			}
			m.scratch = append(m.scratch, c+string(buf[start+len(p.ID):]))
			continue
		}
		m.scratch = append(m.scratch, string(buf[start:]))
	}
	m.textBuf = buf
	text = string(buf)
	if (!m.opts.MovesOnly || root) && len(m.scratch) == 1 {
		key = text
	} else {
		key = sortedKey(m.scratch)
	}
	return text, key, string(infoBuf), string(setupBuf)
}

func isSetup(c string) bool {
	switch c {
	case "AB", "AW", "AE", "PL":
		return true
	}
	return false
}

func (g *mgroup) add(parent int32, text string, closed bool) int32 {
	id := int32(len(g.nodes))
	g.nodes = append(g.nodes, mnode{parent: parent, first: -1, last: -1, next: -1, closed: closed, text: text})
	if parent >= 0 {
		p := &g.nodes[parent]
		if p.last < 0 {
			p.first = id
		} else {
			g.nodes[p.last].next = id
		}
		p.last = id
	}
	return id
}

// Add adds a game: one game tree, with a name that the report uses. A game
// with variations is merged too: its moves are shared up to the first node
// that has variations, and everything from there on is its own.
func (m *Merger) Add(t *syntax.Tree, name string) error {
	root := t.Root()
	if root.IsZero() {
		return &Error{Op: "merge", Name: name, Err: ErrEmpty}
	}
	rootText, rootKey, info, setup := m.nodeTextSetup(root, true)
	gameIdx := int32(len(m.games))
	if root.NumChildren() > 1 {
		// Variations from the root: the game cannot share its root.
		rootKey += "\x00" + strconv.Itoa(int(gameIdx))
		rootText += setup
		setup = ""
	}
	gi, ok := m.byRoot[rootKey]
	if !ok {
		gi = len(m.groups)
		m.byRoot[rootKey] = gi
		g := &mgroup{root: rootText, index: map[childKey]int32{}, ends: map[int32][]int32{}}
		g.add(-1, rootText, false)
		m.groups = append(m.groups, g)
	}
	g := m.groups[gi]
	game := mgame{name: name, group: int32(gi), info: info}

	// The setup of the root (handicap stones) goes to a node of its own
	// below the shared root, so that games with other stones share the
	// root too. Its key is marked, so that it is never shared with a node
	// that was not a root's setup.
	cur, at := root, int32(0)
	if setup != "" && root.NumChildren() <= 1 {
		ck := childKey{0, "\x01" + setup}
		next, found := g.index[ck]
		if !found {
			next = g.add(0, setup, false)
			g.nodes[next].rootSetup = true
			g.index[ck] = next
		}
		at = next
	}

	// Walk the trunk: the nodes up to the first one with variations.
	for cur.NumChildren() == 1 {
		c := cur.Child(0)
		if c.NumChildren() > 1 {
			break
		}
		text, key, _ := m.nodeText(c, false)
		ck := childKey{at, key}
		next, found := g.index[ck]
		if !found {
			next = g.add(at, text, false)
			g.index[ck] = next
		} else if m.opts.MovesOnly && g.nodes[next].text != text {
			m.countDropped(g.nodes[next].text, c)
		}
		cur, at = c, next
	}

	switch cur.NumChildren() {
	case 0:
		game.end = at
		for _, o := range g.ends[at] {
			if m.games[o].info == info {
				game.dup = true
				m.dups = append(m.dups, Duplicate{Name: name, Of: m.games[o].name})
				break
			}
		}
		if !game.dup {
			g.ends[at] = append(g.ends[at], gameIdx)
		}
	default:
		// cur has one child with variations, or variations itself (the
		// root): everything from that node on is this game's alone.
		game.vars = true
		from := cur
		if cur.NumChildren() == 1 {
			from = cur.Child(0)
		} else {
			at = g.nodes[at].parent // only the root gets here
		}
		game.end = m.copyClosed(g, at, from)
		if at < 0 {
			at = game.end
		}
	}
	if !game.dup {
		for n := at; n >= 0; n = g.nodes[n].parent {
			g.nodes[n].count++
		}
		g.games = append(g.games, gameIdx)
	}
	m.games = append(m.games, game)
	return nil
}

// copyClosed copies the subtree of src under parent (or as the group's root
// when parent is -1, for a game whose root has variations), every node of it
// closed, and returns the copy of src.
func (m *Merger) copyClosed(g *mgroup, parent int32, src syntax.Node) int32 {
	type item struct {
		n      syntax.Node
		parent int32
	}
	var top int32 = -1
	stack := []item{{src, parent}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		var id int32
		if it.parent < 0 {
			id = 0 // the group's root exists already
			g.nodes[0].closed = true
		} else {
			text, _, _ := m.nodeText(it.n, false)
			id = g.add(it.parent, text, true)
			g.nodes[id].count = 1
		}
		if top < 0 {
			top = id
		}
		mark := len(stack)
		for c := range it.n.Children() {
			stack = append(stack, item{c, id})
		}
		slices.Reverse(stack[mark:])
	}
	return top
}

// countDropped counts the properties of n that the shared node's text
// (kept) does not hold as they are.
func (m *Merger) countDropped(kept string, n syntax.Node) {
	var b []byte
	for p := range n.Props() {
		b = appendProp(b[:0], p)
		if !containsProp(kept, string(b)) {
			m.dropped[canonicalOr(p.ID)]++
		}
	}
}

func canonicalOr(id []byte) string {
	if c := property.Canonical(id); c != "" {
		return c
	}
	return string(id)
}

// containsProp reports whether the node text holds the property text p,
// starting at a property boundary.
func containsProp(text, p string) bool {
	for i := 0; i+len(p) <= len(text); i++ {
		if text[i:i+len(p)] == p && (i == 0 || text[i-1] == ']') &&
			(i+len(p) == len(text) || text[i+len(p)] != '[') {
			return true
		}
	}
	return false
}

// Report returns what the merge did so far. Trees, Nodes and Markers are
// known once the output was written.
func (m *Merger) Report() MergeReport {
	r := MergeReport{Games: len(m.games), Duplicates: slices.Clone(m.dups), Dropped: map[string]int{}}
	r.Distinct = r.Games - len(m.dups)
	for k, v := range m.dropped {
		r.Dropped[k] = v
	}
	return r
}

// Bytes returns the merged collection as SGF text in canonical layout (see
// syntax.Format) and the report.
func (m *Merger) Bytes() ([]byte, MergeReport) {
	r := m.Report()
	var out []byte
	for _, g := range m.groups {
		if len(g.games) == 0 {
			continue
		}
		var nodes, markers int
		out, nodes, markers = m.appendGroup(out, g)
		r.Trees++
		r.Nodes += nodes
		r.Markers += markers
	}
	f, _ := syntax.Parse(out, &syntax.Options{TreeLeadBytes: sgf.LeadBytesOfCA, MaxBytes: 1 << 62, MaxNodes: 1 << 40, MaxDepth: 1 << 40, MaxValueBytes: 1 << 40})
	if f == nil || len(f.Trees) == 0 {
		return out, r
	}
	return syntax.Format(f), r
}

// WriteTo writes the merged collection (see Bytes).
func (m *Merger) WriteTo(w io.Writer) (int64, error) {
	b, _ := m.Bytes()
	n, err := w.Write(b)
	return int64(n), err
}

// appendGroup places the game information of each game of g and writes
// the group's tree. It does not change g, so that it can be written again.
func (m *Merger) appendGroup(dst []byte, g *mgroup) ([]byte, int, int) {
	info := map[int32]string{}
	type marker struct {
		parent int32
		info   string
	}
	var markers []marker
	for _, gi := range g.games {
		game := &m.games[gi]
		e := game.end
		if !game.vars && g.nodes[e].count > 1 {
			// The game is a prefix of another, or has the same nodes with
			// other game information: it is told apart by a node of its own.
			markers = append(markers, marker{e, game.info})
			continue
		}
		d := e
		for p := g.nodes[d].parent; p >= 0 && g.nodes[p].count == 1; p = g.nodes[p].parent {
			d = p
		}
		info[d] += game.info
	}
	extra := map[int32][]string{}
	for _, mk := range markers {
		extra[mk.parent] = append(extra[mk.parent], mk.info)
	}

	// Write without recursion: a stack of nodes (>= 0), markers and
	// parentheses.
	const open, close = -1, -2
	type item struct {
		kind int32 // node id, open or close, or -3 for a marker
		info string
	}
	nodes := 0
	dst = append(dst, '(')
	stack := []item{{kind: 0}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch it.kind {
		case open:
			dst = append(dst, "\n("...)
			continue
		case close:
			dst = append(dst, ')')
			continue
		case -3:
			dst = append(dst, ';')
			dst = append(dst, it.info...)
			nodes++
			continue
		}
		n := &g.nodes[it.kind]
		dst = append(dst, ';')
		dst = append(dst, n.text...)
		dst = append(dst, info[it.kind]...)
		nodes++
		if it.kind == 0 && info[0] != "" && n.first >= 0 && g.nodes[n.first].rootSetup {
			// One game alone: its setup goes back to its root.
			n = &g.nodes[n.first]
			dst = append(dst, n.text...)
		}
		var kids []item
		for c := n.first; c >= 0; c = g.nodes[c].next {
			if g.nodes[c].count > 0 {
				kids = append(kids, item{kind: c})
			}
		}
		for _, s := range extra[it.kind] {
			kids = append(kids, item{kind: -3, info: s})
		}
		if len(kids) == 1 {
			stack = append(stack, kids[0])
			continue
		}
		for k := len(kids) - 1; k >= 0; k-- {
			stack = append(stack, item{kind: close}, kids[k], item{kind: open})
		}
	}
	dst = append(dst, ")\n"...)
	return dst, nodes, len(markers)
}

// Merge merges the game trees into as few trees as possible and returns
// the SGF text and the report. names, if not nil, names the trees in the
// report.
func Merge(trees []*syntax.Tree, names []string, opts *MergeOptions) ([]byte, MergeReport, error) {
	m := NewMerger(opts)
	for i, t := range trees {
		name := strconv.Itoa(i)
		if i < len(names) {
			name = names[i]
		}
		if err := m.Add(t, name); err != nil {
			return nil, MergeReport{}, err
		}
	}
	b, r := m.Bytes()
	return b, r, nil
}
