package check

import (
	"bytes"
	"sync"

	"github.com/sgf-toolkit/sgf/games/gogame"
	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/syntax"
)

// numSlots is the number of one- and two-letter upper-case identifiers:
// slot(id) is first letter * 27, plus 0 for one letter or 1 + the second.
const numSlots = 26 * 27

// slotOf returns the slot of an identifier of one or two upper-case
// letters, or -1.
func slotOf(id []byte) int {
	switch len(id) {
	case 1:
		if a := id[0] - 'A'; a < 26 {
			return int(a) * 27
		}
	case 2:
		a, b := id[0]-'A', id[1]-'A'
		if a < 26 && b < 26 {
			return int(a)*27 + int(b) + 1
		}
	}
	return -1
}

func slotOfString(id string) int {
	switch len(id) {
	case 1:
		if a := id[0] - 'A'; a < 26 {
			return int(a) * 27
		}
	case 2:
		a, b := id[0]-'A', id[1]-'A'
		if a < 26 && b < 26 {
			return int(a)*27 + int(b) + 1
		}
	}
	return -1
}

// slotIDs holds the identifier of each slot: interned strings, so that
// PropView.ID costs no allocation and no look-up.
var slotIDs = func() (ids [numSlots]string) {
	for a := range 26 {
		ids[a*27] = string(rune('A' + a))
		for b := range 26 {
			ids[a*27+b+1] = string([]byte{byte('A' + a), byte('A' + b)})
		}
	}
	return ids
}()

// idTable holds, for one game, the catalogue entry and the node flags of
// every slot. Tables are built once per game and shared (read only).
type idTable struct {
	info  [numSlots]*property.Info
	flags [numSlots]nodeFlags
}

var idTables sync.Map // property.Game -> *idTable

// idTableFor returns the table of game g.
func idTableFor(g property.Game) *idTable {
	if t, ok := idTables.Load(g); ok {
		return t.(*idTable)
	}
	t := new(idTable)
	for s := range numSlots {
		info, _ := property.LookupGame(slotIDs[s], g)
		t.info[s] = info
		t.flags[s] = infoFlags(slotIDs[s], info)
	}
	// GM is read from files: keep at most a few hundred games' tables
	// (GM[1]..GM[40] are defined; others are as rare as they are odd).
	if g >= 0 && g < 1024 {
		idTables.Store(g, t)
	}
	return t
}

// infoFlags returns the node flags that a property sets, except fMove,
// fBoth and fRenamed, which depend on the other properties of the node and
// on the identifier as written.
func infoFlags(id string, info *property.Info) nodeFlags {
	if info == nil {
		return fUnknown
	}
	var fl nodeFlags
	switch info.Kind {
	case property.KindMove:
		fl |= fMoveKind
	case property.KindSetup:
		fl |= fSetup
	case property.KindRoot:
		fl |= fRoot
	case property.KindGameInfo:
		fl |= fGameInfo
	}
	if info.FF != allFF || info.Private || info.Obsolete {
		fl |= fOld
	}
	switch id {
	case "DM", "UC", "GB", "GW":
		fl |= fPosAnnot
	case "BM", "DO", "IT", "TE":
		fl |= fMoveAnnot
	case "KI":
		fl |= fKI
	}
	return fl
}

// openNode is a node of the pre-order walk whose children are not all
// seen yet.
type openNode struct {
	index int32
	left  int32 // children not seen yet
}

// decode fills Nodes and the root facts.
//
// It is the hot path of Check: one pass over the properties of the tree
// that sets, for each, its FF[4] identifier (interned), its catalogue entry
// (a table per game) and the node's flags, with no allocation once the
// buffers have grown.
func (p *Pass) decode() {
	t := p.Tree
	p.Nodes = p.Nodes[:0]
	p.brief = p.brief[:0]
	p.infoNodes = p.infoNodes[:0]
	p.props = p.props[:0]
	p.vals = p.vals[:0]
	if t.Root().IsZero() {
		return
	}
	n := t.NumNodes()
	if cap(p.Nodes) < n {
		p.Nodes = make([]NodeView, 0, n+min(n/4, 1<<16))
	}
	if cap(p.brief) < n {
		// Grown by append, a brief for each of 10^7 nodes would be copied
		// 24 times, the old arrays alive while the new ones fill.
		p.brief = make([]nodeBrief, 0, n+min(n/4, 1<<16))
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
	}
	if cap(p.vals) < bound || cap(p.props) < bound {
		p.vals = make([]syntax.Value, 0, max(bound, cap(p.vals)))
		p.props = make([]PropView, 0, max(bound, cap(p.props)))
	}
	vals0, props0 := cap(p.vals), cap(p.props)
	if t.Modified() {
		p.decodeEdited()
	} else {
		// Record i is node i in pre-order; a node's parent is the nearest
		// node before it that has children left to see.
		stack := p.stack[:0]
		for i := range n {
			node := t.Node(i)
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
			if k := node.NumChildren(); k > 0 {
				stack = append(stack, openNode{int32(i), int32(k)})
			}
			if i == 0 || !p.decodeSimple(node, parent) {
				p.decodeNode(node, parent)
			}
		}
		p.stack = stack
	}
	if cap(p.vals) != vals0 || cap(p.props) != props0 {
		// The buffers grew: take the slices again, in the order of the
		// appends.
		v, k := 0, 0
		for i := range p.props {
			pr := &p.props[i]
			m := len(pr.Values)
			pr.Values = p.vals[v : v+m : v+m]
			v += m
		}
		for i := range p.Nodes {
			nv := &p.Nodes[i]
			m := len(nv.Props)
			nv.Props = p.props[k : k+m : k+m]
			k += m
		}
	}
}

// decodeEdited is decode's walk for an edited tree, whose records may be
// out of pre-order.
func (p *Pass) decodeEdited() {
	t := p.Tree
	n := t.NumNodes()
	if cap(p.idx) < n {
		p.idx = make([]int32, n)
	}
	idx := p.idx[:n]
	for node := range t.Nodes() {
		parent := -1
		if par := node.Parent(); !par.IsZero() {
			if k := par.Index(); k >= 0 && k < n {
				parent = int(idx[k])
			}
		}
		if k := node.Index(); k >= 0 && k < n {
			idx[k] = int32(len(p.Nodes))
		}
		p.decodeNode(node, parent)
	}
}

// decodeNode appends the NodeView of node. The first node (the root) sets
// the root facts, and with them the game whose catalogue entries the
// properties get.
func (p *Pass) decodeNode(node syntax.Node, parent int) {
	p.raw = node.AppendProps(p.raw[:0])
	p0 := len(p.props)
	var fl nodeFlags
	var firstMove string
	root := len(p.Nodes) == 0
	tab := p.ids
	for i := range p.raw {
		pr := &p.raw[i]
		v0 := len(p.vals)
		p.vals = pr.AppendValues(p.vals)
		v1 := len(p.vals)
		var id string
		var info *property.Info
		if s := slotOf(pr.ID); s >= 0 {
			id = slotIDs[s]
			if !root {
				info = tab.info[s]
				fl |= tab.flags[s]
			}
		} else {
			id = property.Canonical(pr.ID)
			if len(id) != len(pr.ID) {
				fl |= fRenamed
			}
			if s := slotOfString(id); s >= 0 && !root {
				info = tab.info[s]
				fl |= tab.flags[s]
			} else if !root {
				fl |= fUnknown
			}
		}
		if info != nil && (id == "B" || id == "W") {
			if fl&fMove != 0 && id != firstMove {
				fl |= fBoth
			}
			if fl&fMove == 0 {
				firstMove = id
			}
			fl |= fMove
		}
		p.props = append(p.props, PropView{})
		pv := &p.props[len(p.props)-1]
		pv.ID = id
		pv.Raw = pr.ID
		pv.Info = info
		pv.Offset = pr.Offset
		pv.Index = i
		pv.Values = p.vals[v0:v1:v1]
	}
	p1 := len(p.props)
	if p1-p0 > 1 {
		fl |= fMany
	}
	p.appendNode(node, parent, p.props[p0:p1:p1], fl)
	if root {
		p.rootFacts()
		if p.ids == nil || p.idsGame != p.Game {
			p.ids, p.idsGame = idTableFor(p.Game), p.Game
		}
		p.rootFlags()
	}
}

// nodeBrief is what the hot loops need of a node, 8 bytes instead of a
// NodeView and its properties: the parent, and for a node of one Go move
// of two letters on the board (decodeSimple) the move.
type nodeBrief struct {
	parent int32
	move   uint32 // 0, or quickMove | colour<<16 | y<<8 | x (quickPass for a pass)
}

const (
	quickMove = 1 << 31
	quickPass = 1 << 30
)

// appendNode appends a NodeView, field by field (see decodeSimple), and its
// nodeBrief.
func (p *Pass) appendNode(node syntax.Node, parent int, props []PropView, fl nodeFlags) {
	p.brief = append(p.brief, nodeBrief{parent: int32(parent)})
	k := len(p.Nodes)
	if fl&fGameInfo != 0 {
		p.infoNodes = append(p.infoNodes, int32(k))
	}
	if k < cap(p.Nodes) {
		p.Nodes = p.Nodes[:k+1] // every field is written below
	} else {
		p.Nodes = append(p.Nodes, NodeView{})
	}
	nv := &p.Nodes[k]
	nv.Node = node
	nv.Index = k
	nv.Parent = parent
	nv.Props = props
	nv.flags = fl
}

// decodeSimple appends the NodeView of a node written ";B[pd]" (one
// property of one upper-case letter with one two-byte ASCII value, and
// nothing else up to the next node or parenthesis: syntax.Node.SimpleMove)
// straight from the source, as AppendProps would have it; it reports
// false, having done nothing, for any other node. Most nodes of game
// records are such moves. It works on any tree as read, a whole file's or
// one read alone at its place in the input (syntax.ParseAt), whose
// offsets are the input's, not indices of the tree's source.
func (p *Pass) decodeSimple(node syntax.Node, parent int) bool {
	letter, value, ok := node.SimpleMove()
	if !ok {
		return false
	}
	rest := node.SourceRest()
	if len(rest) < 6 {
		return false
	}
	o := int(node.Offset())
	s := int(letter-'A') * 27
	id, info, fl := slotIDs[s], p.ids.info[s], p.ids.flags[s]
	if info != nil && (id == "B" || id == "W") {
		fl |= fMove
	}
	// Field by field into the buffers: composite literals are built on the
	// stack and copied, and the copy's loads stall on the stores just made.
	// Every field is written: the buffers are resliced, not zeroed first.
	v := len(p.vals)
	if v < cap(p.vals) {
		p.vals = p.vals[:v+1]
	} else {
		p.vals = append(p.vals, syntax.Value{})
	}
	val := &p.vals[v]
	val.Raw = value
	val.Offset = int64(o + 2)
	k := len(p.props)
	if k < cap(p.props) {
		p.props = p.props[:k+1]
	} else {
		p.props = append(p.props, PropView{})
	}
	pr := &p.props[k]
	pr.ID = id
	pr.Raw = rest[1:2:2]
	pr.Info = info
	pr.Offset = int64(o + 1)
	pr.Index = 0
	pr.Values = p.vals[v : v+1 : v+1]
	p.appendNode(node, parent, p.props[k:k+1:k+1], fl)
	if fl&fMove != 0 && p.Game == property.Go && p.GoodSize {
		if x, y, pass, ok := simpleMove(value, p.Cols, p.Rows); ok {
			c := uint32(gogame.Black)
			if id == "W" {
				c = uint32(gogame.White)
			}
			q := quickMove | c<<16 | uint32(y)<<8 | uint32(x)
			if pass {
				q = quickMove | quickPass | c<<16
			}
			p.brief[len(p.brief)-1].move = q
		}
	}
	return true
}

// rootFlags sets the catalogue entries of the root's properties and its
// flags, once the root facts tell the game.
func (p *Pass) rootFlags() {
	n := &p.Nodes[0]
	var fl nodeFlags
	var firstMove string
	for k := range n.Props {
		pr := &n.Props[k]
		if len(pr.Raw) != len(pr.ID) {
			fl |= fRenamed
		}
		s := slotOfString(pr.ID)
		if s < 0 {
			fl |= fUnknown
			continue
		}
		pr.Info = p.ids.info[s]
		fl |= p.ids.flags[s]
		if pr.Info != nil && (pr.ID == "B" || pr.ID == "W") {
			if fl&fMove != 0 && pr.ID != firstMove {
				fl |= fBoth
			}
			if fl&fMove == 0 {
				firstMove = pr.ID
			}
			fl |= fMove
		}
	}
	if len(n.Props) > 1 {
		fl |= fMany
	}
	n.flags = fl
	if fl&fGameInfo != 0 {
		p.infoNodes = append(p.infoNodes, 0) // the root is the first node
	}
}
