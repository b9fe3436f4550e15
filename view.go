package sgf

import (
	"bytes"
	"slices"
	"strings"
	"sync"

	"github.com/sgf-toolkit/sgf/games/gogame"
	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/syntax"
	"github.com/sgf-toolkit/sgf/value"
)

// TreeView is every node of a game tree with its properties read once, for
// a program that looks at all of them (sgf check's rules): the nodes in
// pre-order with their parents, each property with its FF[4] identifier,
// its catalogue entry and its raw values with their offsets, each node
// with flags that say what kinds of properties it has. The facts of the
// root (FF, GM, SZ) are read leniently, with the specification's defaults.
//
// It is built for speed: most nodes of a game record are one move,
// ";B[pd]", and such a node is read straight from the source (its
// identifier interned, catalogue entry and flags from a table per game;
// see NodeBrief). A TreeView reuses its memory from tree to tree; the
// zero TreeView is ready for use. The values it holds are raw (escapes
// intact, in the tree's charset); Decoder decodes them to typed values.
type TreeView struct {
	// Nodes are the nodes of the tree in pre-order, root first.
	Nodes []NodeView
	// FF, Game and the board size come from the root node, with the
	// specification's defaults (FF[1], GM[1], SZ[19] for Go, 11 for Hex).
	FF         int
	Game       property.Game
	Cols, Rows int
	// GoodSize is false when the board size is unusable for points.
	GoodSize bool
	// InfoNodes lists the nodes with game-info properties, in order.
	InfoNodes []int32
	// BriefMoves, set before Read, leaves out the property view of every
	// node that is one Go move of two letters (or a pass), the nodes whose
	// Brief IsMove: their NodeView has no properties (NumProps 0), its Flags and Offset are
	// those the property gives, and Props(i) gives the property when it is
	// wanted. Most nodes of a game record are such moves: a reader that
	// takes them from their brief (sgf check) is spared a property view
	// and a value (120 bytes, five pointers) a move.
	BriefMoves bool

	tree    *syntax.Tree
	props   []PropView
	vals    []syntax.Value
	brief   []NodeBrief // per node, parallel to Nodes
	raw     []syntax.Property
	idx     []int32
	stack   []openNode
	ids     *slotTable // of idsGame
	idsGame property.Game
	oneProp [1]PropView     // Props of a brief move
	oneVal  [1]syntax.Value // its value
}

// NodeView is a node with its properties read once: where it stands in
// the tree and what kinds of properties it has. Its properties are
// TreeView.PropsOf(n), its node of the syntax tree TreeView.NodeOf(n).
//
// A NodeView holds no pointer: its properties are a range of the
// TreeView's buffer, its syntax node a record number. A NodeView is 24
// bytes, a tree of 10^7 nodes has 10^7 of them, and the garbage collector
// need not scan them (a line of 200,000 moves: 11 MB of NodeViews with
// 400,000 pointers before, scanned at each collection).
type NodeView struct {
	// Index is the node's position in TreeView.Nodes (the pre-order
	// number), Parent its parent's, -1 for the root. They are 32-bit, as
	// syntax numbers its records.
	Index  int32
	Parent int32
	Flags  NodeFlags
	rec    int32 // the node's record in the syntax tree
	props  int32 // its first property in TreeView.props
	nprops int32 // its number of properties there
}

// PropView is a property of a NodeView.
type PropView struct {
	ID     string // FF[4] identifier (property.Canonical); "" when there is none
	Raw    []byte // identifier as written
	Info   *property.Info
	Offset int64
	Index  int // index in the node
	Values []syntax.Value
}

// NumProps returns the number of properties of n in its view: 0 for a move
// whose view Read left out (TreeView.BriefMoves).
func (n *NodeView) NumProps() int { return int(n.nprops) }

// PropsOf returns the properties of n, a node of v.Nodes: none for a move
// whose view Read left out (BriefMoves; Props gives it).
func (v *TreeView) PropsOf(n *NodeView) []PropView {
	a, b := int(n.props), int(n.props)+int(n.nprops)
	return v.props[a:b:b]
}

// NodeOf returns the node of the syntax tree that n views.
func (v *TreeView) NodeOf(n *NodeView) syntax.Node { return v.tree.Node(int(n.rec)) }

// Find returns the first property of n with FF[4] identifier id, or nil.
func (v *TreeView) Find(n *NodeView, id string) *PropView {
	props := v.PropsOf(n)
	for i := range props {
		if props[i].ID == id {
			return &props[i]
		}
	}
	return nil
}

// Offset returns the offset that node-level diagnostics of n point to: its
// first property, or the node.
func (v *TreeView) Offset(n *NodeView) int64 {
	if n.nprops > 0 {
		return v.props[n.props].Offset
	}
	o := v.NodeOf(n).Offset()
	if n.Flags&FlagMove != 0 {
		// A move left to its brief (TreeView.BriefMoves): ";B[pd]", its
		// property right after the ";".
		return o + 1
	}
	return o
}

// Props returns the properties of node i: PropsOf(&Nodes[i]), or for a move
// whose view Read left out (BriefMoves) its one property, read again from
// the source into a buffer of v that the next call of Props reuses.
func (v *TreeView) Props(i int) []PropView {
	n := &v.Nodes[i]
	if n.nprops > 0 || n.Flags&FlagMove == 0 {
		return v.PropsOf(n)
	}
	node := v.NodeOf(n)
	letter, val, ok := node.SimpleMove()
	if !ok {
		return nil // not a brief move
	}
	o := node.Offset()
	s := int(letter-'A') * 27
	v.oneVal[0] = syntax.Value{Raw: val, Offset: o + 2}
	rest := node.SourceRest()
	v.oneProp[0] = PropView{ID: slotIDs[s], Raw: rest[1:2:2], Info: v.ids.info[s], Offset: o + 1, Values: v.oneVal[:]}
	return v.oneProp[:]
}

// NodeFlags summarise a node's properties, so that a reader of every node
// skips quickly the nodes that cannot concern it. The kinds are those of
// the catalogue in the tree's game (property.Info.Kind).
type NodeFlags uint16

const (
	FlagMove      NodeFlags = 1 << iota // B or W
	FlagSetup                           // a setup property
	FlagMoveKind                        // a move-type property
	FlagRoot                            // a root property
	FlagGameInfo                        // a game-info property
	FlagPosAnnot                        // DM, UC, GB, GW
	FlagMoveAnnot                       // BM, DO, IT, TE
	FlagRenamed                         // an identifier not written in its FF[4] form
	FlagUnknown                         // an unknown property
	FlagOld                             // a property not in every FF, or private, or obsolete
	FlagKI                              // KI
	FlagBoth                            // B and W
	FlagMany                            // two properties or more
)

// NodeBrief is what a replay needs of a node, in 8 bytes instead of a
// NodeView and its properties: the parent, and for a node of one Go move
// of two letters on the board (or "tt", a pass on boards up to 19x19),
// the move.
type NodeBrief struct {
	Parent int32
	move   uint32 // 0, or quickMove | colour<<16 | y<<8 | x (quickPass for a pass)
}

const (
	quickMove = 1 << 31
	quickPass = 1 << 30
)

// IsMove reports whether the node is one Go move of two letters.
func (b NodeBrief) IsMove() bool { return b.move != 0 }

// Move returns the move of a node that IsMove: its colour
// (gogame.Black or gogame.White), its point, or a pass.
func (b NodeBrief) Move() (c gogame.Color, x, y int, pass bool) {
	return gogame.Color(b.move >> 16 & 3), int(b.move & 0xff), int(b.move >> 8 & 0xff), b.move&quickPass != 0
}

// Brief returns the brief of node i.
func (v *TreeView) Brief(i int) NodeBrief { return v.brief[i] }

// Briefs returns the briefs of the nodes, Brief(i) for each: a reader of
// every node's brief (a replay) takes them once. They are valid until
// the next Read, and are not to be changed.
func (v *TreeView) Briefs() []NodeBrief { return v.brief }

// SkipMoves returns the first node from i on whose brief is no move
// (IsMove false), or len(Nodes): a walk of the nodes that has nothing to
// do on a move passes over a run of them in one call.
func (v *TreeView) SkipMoves(i int) int {
	b := v.brief
	// Four at a time (the moves of a game record come in runs of
	// hundreds): 8 instructions a node one by one, 3 so.
	for i+4 <= len(b) {
		q := b[i : i+4 : i+4]
		if q[0].move == 0 || q[1].move == 0 || q[2].move == 0 || q[3].move == 0 {
			break
		}
		i += 4
	}
	for i < len(b) && b[i].move != 0 {
		i++
	}
	return i
}

// slotIDs holds the identifier of each slot: interned strings, so that
// PropView.ID costs no allocation and no look-up. They are slices of one
// string ("A", "AA" ... "AZ", "B", "BA" ...): one allocation at the
// start of the process, not 702.
var slotIDs = func() (ids [property.Slots]string) {
	var b strings.Builder
	b.Grow(26 * (1 + 26*2))
	for a := range 26 {
		b.WriteByte(byte('A' + a))
		for c := range 26 {
			b.WriteByte(byte('A' + a))
			b.WriteByte(byte('A' + c))
		}
	}
	all := b.String()
	for a := range 26 {
		o := a * (1 + 26*2)
		ids[a*27] = all[o : o+1]
		for c := range 26 {
			ids[a*27+c+1] = all[o+1+2*c : o+3+2*c]
		}
	}
	return ids
}()

// slotTable holds, for one game, the catalogue entry and the node flags of
// every slot. Tables are built once per game and shared (read only) by
// TreeView and Decoder.
type slotTable struct {
	info  [property.Slots]*property.Info
	flags [property.Slots]NodeFlags
}

var slotTables sync.Map // property.Game -> *slotTable

// slotTableFor returns the table of game g.
func slotTableFor(g property.Game) *slotTable {
	if t, ok := slotTables.Load(g); ok {
		return t.(*slotTable)
	}
	t := new(slotTable)
	for s := range property.Slots {
		info, _ := property.LookupGame(slotIDs[s], g)
		t.info[s] = info
		t.flags[s] = infoFlags(slotIDs[s], info)
	}
	// GM is read from files: keep at most a few hundred games' tables
	// (GM[1]..GM[40] are defined; others are as rare as they are odd).
	if g >= 0 && g < 1024 {
		slotTables.Store(g, t)
	}
	return t
}

const allFF = property.FF1 | property.FF2 | property.FF3 | property.FF4

// infoFlags returns the node flags that a property sets, except FlagMove,
// FlagBoth and FlagRenamed, which depend on the other properties of the
// node and on the identifier as written.
func infoFlags(id string, info *property.Info) NodeFlags {
	if info == nil {
		return FlagUnknown
	}
	var fl NodeFlags
	switch info.Kind {
	case property.KindMove:
		fl |= FlagMoveKind
	case property.KindSetup:
		fl |= FlagSetup
	case property.KindRoot:
		fl |= FlagRoot
	case property.KindGameInfo:
		fl |= FlagGameInfo
	}
	if info.FF != allFF || info.Private || info.Obsolete {
		fl |= FlagOld
	}
	switch id {
	case "DM", "UC", "GB", "GW":
		fl |= FlagPosAnnot
	case "BM", "DO", "IT", "TE":
		fl |= FlagMoveAnnot
	case "KI":
		fl |= FlagKI
	}
	return fl
}

// openNode is a node of the pre-order walk whose children are not all
// seen yet.
type openNode struct {
	index int32
	left  int32 // children not seen yet
}

// Read reads the nodes of t into v, in one pass over the properties of the
// tree that sets, for each, its FF[4] identifier (interned), its catalogue
// entry (a table per game) and the node's flags, with no allocation once
// the buffers have grown. The views are valid until the next Read.
func (v *TreeView) Read(t *syntax.Tree) {
	v.tree = t
	v.Nodes = v.Nodes[:0]
	v.brief = v.brief[:0]
	v.InfoNodes = v.InfoNodes[:0]
	v.props = v.props[:0]
	v.vals = v.vals[:0]
	if t.Root().IsZero() {
		return
	}
	n := t.NumNodes()
	if cap(v.Nodes) < n {
		v.Nodes = make([]NodeView, 0, n+min(n/4, 1<<16))
	}
	if cap(v.brief) < n {
		// Grown by append, a brief for each of 10^7 nodes would be copied
		// 24 times, the old arrays alive while the new ones fill.
		v.brief = make([]NodeBrief, 0, n+min(n/4, 1<<16))
	}
	// Most nodes have one property of one value. In a large tree, the
	// number of "[" (a value starts with one) bounds the values and the
	// properties better: 10^7 empty nodes need none, and the collector
	// scans the buffers as far as they reach. If the buffers grow while
	// slices into them are taken (an edited tree), the slices are taken
	// again below.
	bound := 2*n + 64
	if n > 1<<16 && !t.Modified() {
		bound = min(bound, bytes.Count(t.Source(), []byte{'['})+64)
		if v.BriefMoves {
			// A move that the brief holds has no view of its
			// property (most nodes of a line of 200,000 moves): room
			// for them, 26 MB with pointers in it and never written,
			// was scanned by the collector page by page, a third of
			// the page faults of sgf check of such a line. Room for
			// the moves of another game or another size is made as
			// they are read.
			bound = max(bound-t.NumSimple(), 64)
		}
	}
	if cap(v.vals) < bound || cap(v.props) < bound {
		v.vals = make([]syntax.Value, 0, max(bound, cap(v.vals)))
		v.props = make([]PropView, 0, max(bound, cap(v.props)))
	}
	vals0 := cap(v.vals)
	if t.Modified() {
		v.readEdited()
	} else {
		// Record i is node i in pre-order; a node's parent is the nearest
		// node before it that has children left to see.
		stack := v.stack[:0]
		for i := 0; i < n; {
			parent := -1
			for len(stack) > 0 && stack[len(stack)-1].left == 0 {
				stack = stack[:len(stack)-1]
			}
			if len(stack) > 0 {
				top := &stack[len(stack)-1]
				parent = int(top.index)
				if top.left--; top.left == 0 {
					// The last child: the stack holds only nodes with
					// children to come, so a main line of any length
					// needs one entry, not one for each node.
					stack = stack[:len(stack)-1]
				}
			}
			// A run of moves ";B[pd];W[dd]..." each the only child of
			// the one before (most nodes of a game record), in one
			// sequence or in variations nested one in the other, is read
			// in one go; any other node alone.
			k := 0
			if i > 0 {
				k = t.SimpleLine(i)
			}
			if k > 0 {
				v.readRun(i, k, parent)
			} else {
				k = 1
				v.readNode(t.Node(i), parent)
			}
			last := i + k - 1
			if c := t.Node(last).NumChildren(); c > 0 {
				stack = append(stack, openNode{int32(last), int32(c)})
			}
			i += k
		}
		v.stack = stack
	}
	if cap(v.vals) != vals0 {
		// The buffer grew: take the slices again, in the order of the
		// appends. (A NodeView holds the range of its properties, not a
		// slice.)
		k := 0
		for i := range v.props {
			pr := &v.props[i]
			c := len(pr.Values)
			pr.Values = v.vals[k : k+c : k+c]
			k += c
		}
	}
}

// readEdited is Read's walk for an edited tree, whose records may be out
// of pre-order.
func (v *TreeView) readEdited() {
	t := v.tree
	n := t.NumNodes()
	if cap(v.idx) < n {
		v.idx = make([]int32, n)
	}
	idx := v.idx[:n]
	for node := range t.Nodes() {
		parent := -1
		if par := node.Parent(); !par.IsZero() {
			if k := par.Index(); k >= 0 && k < n {
				parent = int(idx[k])
			}
		}
		if k := node.Index(); k >= 0 && k < n {
			idx[k] = int32(len(v.Nodes))
		}
		v.readNode(node, parent)
	}
}

// readNode appends the NodeView of node. The first node (the root) sets
// the root facts, and with them the game whose catalogue entries the
// properties get.
func (v *TreeView) readNode(node syntax.Node, parent int) {
	p0 := len(v.props)
	r := nodeReading{root: len(v.Nodes) == 0, tab: v.ids}
	if sc, ok := v.tree.RootScanner(); ok && r.root && node.Index() == 0 {
		// The root's properties as the parser found them (a Reader's
		// tree): its text is not read again.
		base := node.Offset()
		k := 0
		for id, off := sc.Next(); id != nil; id, off = sc.Next() {
			v0 := len(v.vals)
			for raw, at, ok := sc.Value(); ok; raw, at, ok = sc.Value() {
				v.vals = append(v.vals, syntax.Value{Raw: raw, Offset: base + int64(at)})
			}
			v.readProp(&r, id, base+int64(off), k, v0)
			k++
		}
	} else if rest := node.SourceRest(); rest != nil && !v.tree.Modified() {
		// The properties straight from the node's text, each value read
		// once (syntax.Property's values were read again by
		// AppendValues, 100 instructions a property).
		base := node.Offset()
		s := syntax.NewPropScanner(rest, 0, v.tree.LeadBytes())
		k := 0
		for id, off := s.Next(); id != nil; id, off = s.Next() {
			v0 := len(v.vals)
			raw, ok := s.First()
			v.vals = append(v.vals, syntax.Value{Raw: raw, Offset: base + int64(s.FirstPos())})
			for ok && s.More() {
				at := s.Pos()
				raw, ok = s.Value()
				v.vals = append(v.vals, syntax.Value{Raw: raw, Offset: base + int64(at)})
			}
			v.readProp(&r, id, base+int64(off), k, v0)
			k++
		}
	} else {
		v.raw = node.AppendProps(v.raw[:0])
		for i := range v.raw {
			pr := &v.raw[i]
			v0 := len(v.vals)
			v.vals = pr.AppendValues(v.vals)
			v.readProp(&r, pr.ID, pr.Offset, i, v0)
		}
	}
	fl := r.fl
	p1 := len(v.props)
	if p1-p0 > 1 {
		fl |= FlagMany
	}
	v.appendNode(node, parent, p0, p1-p0, fl)
	if r.root {
		v.rootFacts()
		if v.ids == nil || v.idsGame != v.Game {
			v.ids, v.idsGame = slotTableFor(v.Game), v.Game
		}
		v.rootFlags()
	}
}

// nodeReading is what readNode gathers over the properties of a node.
type nodeReading struct {
	fl        NodeFlags
	firstMove string
	root      bool
	tab       *slotTable
}

// readProp appends the PropView of the property written id at input
// offset off, the node's k-th, whose values are v.vals[v0:].
func (v *TreeView) readProp(r *nodeReading, written []byte, off int64, k, v0 int) {
	v1 := len(v.vals)
	var id string
	var info *property.Info
	if s := property.Slot(written); s >= 0 {
		id = slotIDs[s]
		if !r.root {
			info = r.tab.info[s]
			r.fl |= r.tab.flags[s]
		}
	} else {
		id = property.Canonical(written)
		if len(id) != len(written) {
			r.fl |= FlagRenamed
		}
		if s := property.Slot(id); s >= 0 && !r.root {
			info = r.tab.info[s]
			r.fl |= r.tab.flags[s]
		} else if !r.root {
			r.fl |= FlagUnknown
		}
	}
	if info != nil && (id == "B" || id == "W") {
		if r.fl&FlagMove != 0 && id != r.firstMove {
			r.fl |= FlagBoth
		}
		if r.fl&FlagMove == 0 {
			r.firstMove = id
		}
		r.fl |= FlagMove
	}
	var pv *PropView
	v.props, pv = extend(v.props) // every field is written below
	pv.ID = id
	pv.Raw = written
	pv.Info = info
	pv.Offset = off
	pv.Index = k
	pv.Values = v.vals[v0:v1:v1]
}

// extend returns s one element longer and that element, as an earlier
// use of the buffer left it: the caller writes every field. Appending a
// composite literal instead builds it on the stack and copies it, and the
// copy's loads stall on the stores just made (TreeView and Decoder fill
// their buffers this way).
func extend[T any](s []T) ([]T, *T) {
	n := len(s)
	if n < cap(s) {
		s = s[:n+1]
	} else {
		var zero T
		s = append(s, zero)
	}
	return s, &s[n]
}

// appendNode appends a NodeView, field by field (see readRun), and its
// NodeBrief.
func (v *TreeView) appendNode(node syntax.Node, parent int, props, nprops int, fl NodeFlags) {
	v.brief = append(v.brief, NodeBrief{Parent: int32(parent)})
	k := len(v.Nodes)
	if fl&FlagGameInfo != 0 {
		v.InfoNodes = append(v.InfoNodes, int32(k))
	}
	var nv *NodeView
	v.Nodes, nv = extend(v.Nodes) // every field is written below
	nv.Index = int32(k)
	nv.Parent = int32(parent)
	nv.Flags = fl
	nv.rec = int32(node.Index())
	nv.props = int32(props)
	nv.nprops = int32(nprops)
}

// quickMoveOf returns the NodeBrief move of a move letter (B or W) with the
// two-letter value val on a Go board of cols x rows: the point, a pass
// ("tt" up to 19x19), or 0 for any other value.
func quickMoveOf(letter byte, val []byte, cols, rows int) uint32 {
	c := uint32(gogame.Black)
	if letter == 'W' {
		c = uint32(gogame.White)
	}
	if x, y, ok := value.BoardMove(val, cols, rows); ok {
		return quickMove | c<<16 | uint32(y)<<8 | uint32(x)
	}
	return quickPassOf(c, val, cols, rows)
}

// quickPassOf is quickMoveOf for a value that is no point of the board:
// the pass, or 0.
func quickPassOf(c uint32, val []byte, cols, rows int) uint32 {
	if _, pass, err := value.ParseMove(val, cols, rows); pass && err == nil {
		return quickMove | quickPass | c<<16
	}
	return 0
}

// readRun appends the NodeViews of the k nodes from record i on, a run of
// moves that syntax.Tree.SimpleLine found (each the only child of the one
// before, the first a child of parent).
func (v *TreeView) readRun(i, k, parent int) {
	t := v.tree
	tab := v.ids
	goMoves := v.Game == property.Go && v.GoodSize
	if v.BriefMoves && goMoves {
		v.readRunLean(i, k, parent)
		return
	}
	// Room for the run, taken before the loop: Nodes and brief have room
	// for every node of the tree, vals and props are grown here if need
	// be (Read takes the slices into them again then).
	v.vals = slices.Grow(v.vals, k)
	v.props = slices.Grow(v.props, k)
	n0, m0, p0 := len(v.Nodes), len(v.vals), len(v.props)
	nodes, briefs := v.Nodes[n0:n0+k], v.brief[n0:n0+k]
	vals, props := v.vals[m0:m0+k], v.props[p0:p0+k]
	v.Nodes, v.brief = v.Nodes[:n0+k], v.brief[:n0+k]
	cols, rows := v.Cols, v.Rows
	for j := range k {
		id, val, o := t.SimpleRunMove(i + j)
		letter := id[0]
		s := int(letter-'A') * 27
		info, fl := tab.info[s], tab.flags[s]
		var move uint32
		if info != nil && (letter == 'B' || letter == 'W') {
			fl |= FlagMove
			if goMoves {
				// quickMoveOf, its common case inlined
				c := uint32(gogame.Black)
				if letter == 'W' {
					c = uint32(gogame.White)
				}
				if x, y, ok := value.BoardMove(val, cols, rows); ok {
					move = quickMove | c<<16 | uint32(y)<<8 | uint32(x)
				} else {
					move = quickPassOf(c, val, cols, rows)
				}
			}
		}
		// Field by field into the buffers: composite literals are
		// built on the stack and copied, and the copy's loads stall on
		// the stores just made. Every field is written: the buffers are
		// resliced, not zeroed first.
		nv := &nodes[j]
		nv.Index = int32(n0 + j)
		nv.Parent = int32(parent)
		nv.Flags = fl
		nv.rec = int32(i + j)
		nv.props = int32(p0 + j)
		nv.nprops = 1
		sv := &vals[j]
		sv.Raw = val
		sv.Offset = o + 2
		pr := &props[j]
		pr.ID = slotIDs[s]
		pr.Raw = id
		pr.Info = info
		pr.Offset = o + 1
		pr.Index = 0
		pr.Values = vals[j : j+1 : j+1]
		if fl&FlagGameInfo != 0 {
			v.InfoNodes = append(v.InfoNodes, int32(n0+j))
		}
		briefs[j] = NodeBrief{Parent: int32(parent), move: move}
		parent = n0 + j
	}
	v.vals, v.props = v.vals[:m0+k], v.props[:p0+k]
}

// readRunLean is readRun for a Go tree on a good board whose moves the
// brief holds (BriefMoves): a move gets no property view, and room for
// the views of the others (a move off the board, a node of another
// property) is made as they come, not for every node of the run before
// it (Read sizes the buffers for the nodes that are not moves).
//
// Most nodes of a collection are read here (2.8 million of the 2.9
// million of the standard collection): a B or W on the board is taken
// from the node's three letters with the flags of B and W looked up once
// for the run, and no slice of the node's text is made (130 instructions
// a node before, 2.2% of sgf check).
func (v *TreeView) readRunLean(i, k, parent int) {
	t := v.tree
	n0 := len(v.Nodes)
	nodes, briefs := v.Nodes[n0:n0+k:n0+k], v.brief[n0:n0+k:n0+k]
	v.Nodes, v.brief = v.Nodes[:n0+k], v.brief[:n0+k]
	tab := v.ids
	cols, rows := uint(v.Cols), uint(v.Rows)
	// The flags and the colour of B and W, 0 for a letter that is no
	// move of the catalogue (read as any other node below).
	var flBW [3]NodeFlags
	var okBW [3]bool // okBW[2], any other letter, stays false
	moveBW := [3]uint32{quickMove | uint32(gogame.Black)<<16, quickMove | uint32(gogame.White)<<16}
	for c, s := range [2]int{int('B'-'A') * 27, int('W'-'A') * 27} {
		if tab.info[s] != nil {
			flBW[c], okBW[c] = tab.flags[s]|FlagMove, true
		}
	}
	infoBW := (flBW[0]|flBW[1])&FlagGameInfo != 0
	// What the loop writes of the views is kept in locals: a store into a
	// view could be one into v for the compiler, which would load
	// len(v.props) again at each node.
	np := int32(len(v.props))
	briefs = briefs[:len(nodes)]
	// The moves in a loop of their own (leanRun.moves), the other nodes
	// read between its runs; a catalogue whose B or W is game info has
	// those moves listed in InfoNodes after each run, in node order.
	run := leanRun{t: t, i: i, n0: n0, nodes: nodes, briefs: briefs, cols: cols, rows: rows, fl: flBW, ok: okBW, move: moveBW}
	for j := 0; ; j++ {
		j0 := j
		if j, parent = run.moves(j, parent, np); infoBW {
			for m := j0; m < j; m++ {
				if nodes[m].Flags&FlagGameInfo != 0 {
					v.InfoNodes = append(v.InfoNodes, int32(n0+m))
				}
			}
		}
		if j == len(nodes) {
			return
		}
		v.readRunOther(&nodes[j], &briefs[j], i+j, n0+j, parent)
		np = int32(len(v.props))
		parent = n0 + j
	}
}

// leanRun is what readRunLean's loop of moves (moves) reads: the run of
// record i, its nodes' views and briefs, the board, and the flags, the
// look-up and the brief of B and W.
type leanRun struct {
	t      *syntax.Tree
	i, n0  int
	nodes  []NodeView
	briefs []NodeBrief
	cols   uint
	rows   uint
	fl     [3]NodeFlags
	ok     [3]bool
	move   [3]uint32
}

// moves writes the views and briefs of the nodes of the run from j on
// that are moves of B or W on the board, each
// the child of the one before (parent the first's), np their views' place
// in props, and returns the first node that is none (or len(nodes)) and
// its parent. On its own, without readRunOther's call and the appends in
// its loop, its values stay in registers: readRunLean's loop loaded ten
// of them again at each node.
func (l *leanRun) moves(j, parent int, np int32) (int, int) {
	t, i, n0, nodes, briefs := l.t, l.i, l.n0, l.nodes, l.briefs[:len(l.nodes)]
	cols, rows, fl, ok, move := l.cols, l.rows, l.fl, l.ok, l.move
	for ; j < len(nodes); j++ {
		letter, a, b := t.SimpleRunLetters(i + j)
		c := bwClass[letter] // B 0, W 1, any other letter 2
		x, y := uint(value.Coord(a)), uint(value.Coord(b))
		if !ok[c] || x >= cols || y >= rows {
			break
		}
		nv := &nodes[j]
		nv.Index = int32(n0 + j)
		nv.Parent = int32(parent)
		nv.Flags = fl[c]
		nv.rec = int32(i + j)
		nv.props = np
		nv.nprops = 0
		briefs[j] = NodeBrief{Parent: int32(parent), move: move[c] | uint32(y)<<8 | uint32(x)}
		parent = n0 + j
	}
	return j, parent
}

// bwClass classes the letter of a move for readRunLean: 0 for B, 1 for W,
// 2 for any other byte.
var bwClass = func() (t [256]uint8) {
	for i := range t {
		t[i] = 2
	}
	t['B'], t['W'] = 0, 1
	return t
}()

// readRunOther is readRunLean for node k (record i), a node of a run that
// is no move on the board: a pass, a move off the board, or a property
// of one letter other than B and W.
func (v *TreeView) readRunOther(nv *NodeView, br *NodeBrief, i, k, parent int) {
	t := v.tree
	id, val, o := t.SimpleRunMove(i)
	letter := id[0]
	s := int(letter-'A') * 27
	info, fl := v.ids.info[s], v.ids.flags[s]
	var move uint32
	if info != nil && (letter == 'B' || letter == 'W') {
		fl |= FlagMove
		move = quickMoveOf(letter, val, v.Cols, v.Rows)
	}
	nv.Index = int32(k)
	nv.Parent = int32(parent)
	nv.Flags = fl
	nv.rec = int32(i)
	nv.props = int32(len(v.props))
	nv.nprops = 0
	if move == 0 {
		v.appendRunProp(nv, s, info, id, val, o)
	}
	if fl&FlagGameInfo != 0 {
		v.InfoNodes = append(v.InfoNodes, int32(k))
	}
	*br = NodeBrief{Parent: int32(parent), move: move}
}

// appendRunProp gives nv, a node of a run that is no brief move, the view
// of its one property of one value (readRunLean).
func (v *TreeView) appendRunProp(nv *NodeView, s int, info *property.Info, id, val []byte, o int64) {
	m, p := len(v.vals), len(v.props)
	v.vals = append(v.vals, syntax.Value{Raw: val, Offset: o + 2})
	v.props = append(v.props, PropView{ID: slotIDs[s], Raw: id, Info: info, Offset: o + 1})
	pr := &v.props[p]
	pr.Values = v.vals[m : m+1 : m+1]
	nv.props, nv.nprops = int32(p), 1
}

// rootFlags sets the catalogue entries of the root's properties and its
// flags, once the root facts tell the game.
func (v *TreeView) rootFlags() {
	n := &v.Nodes[0]
	props := v.PropsOf(n)
	var fl NodeFlags
	var firstMove string
	for k := range props {
		pr := &props[k]
		if len(pr.Raw) != len(pr.ID) {
			fl |= FlagRenamed
		}
		s := property.Slot(pr.ID)
		if s < 0 {
			fl |= FlagUnknown
			continue
		}
		pr.Info = v.ids.info[s]
		fl |= v.ids.flags[s]
		if pr.Info != nil && (pr.ID == "B" || pr.ID == "W") {
			if fl&FlagMove != 0 && pr.ID != firstMove {
				fl |= FlagBoth
			}
			if fl&FlagMove == 0 {
				firstMove = pr.ID
			}
			fl |= FlagMove
		}
	}
	if len(props) > 1 {
		fl |= FlagMany
	}
	n.Flags = fl
	if fl&FlagGameInfo != 0 {
		v.InfoNodes = append(v.InfoNodes, 0) // the root is the first node
	}
}

// rootFacts reads FF, GM and SZ of the root node leniently (boardOf).
func (v *TreeView) rootFacts() {
	v.FF, v.Game, v.Cols, v.Rows, v.GoodSize = 1, property.Go, 19, 19, true
	root := &v.Nodes[0]
	if pr := v.Find(root, "FF"); pr != nil && len(pr.Values) > 0 {
		if n, ok := readNumber(pr.Values[0].Raw); ok {
			v.FF = n
		}
	}
	var gm, sz []byte
	if pr := v.Find(root, "GM"); pr != nil && len(pr.Values) > 0 {
		gm = pr.Values[0].Raw
	}
	if pr := v.Find(root, "SZ"); pr != nil && len(pr.Values) > 0 {
		sz = pr.Values[0].Raw
	}
	game, cols, rows := boardOf(gm, sz)
	v.Game, v.Cols, v.Rows = property.Game(game), cols, rows
	if v.Game == property.Go {
		v.Cols, v.Rows = min(v.Cols, value.MaxBoard), min(v.Rows, value.MaxBoard)
	}
	if v.Cols < 1 || v.Rows < 1 || v.Cols > 1<<12 || v.Rows > 1<<12 {
		v.GoodSize = false
	}
}
