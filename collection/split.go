package collection

import (
	"bytes"
	"slices"

	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/syntax"
)

// Game is one game of a split: a complete SGF game tree.
type Game struct {
	// Tree is the index of the game tree it came from in its input.
	Tree int
	// SGF is the game's text: the game tree as read for a tree that holds
	// one game, a new game tree in canonical layout for a game taken out of
	// a merged tree.
	SGF []byte
	// Root holds the first raw value of each property of the game's root
	// node (game information included), by FF[4] identifier.
	Root map[string][]byte
}

// Value returns the first raw value of the root property id ("PB", "DT").
func (g *Game) Value(id string) ([]byte, bool) {
	v, ok := g.Root[id]
	return v, ok
}

// Split returns the games of every game tree of f (see SplitTree).
func Split(f *syntax.File) []Game {
	var games []Game
	for _, t := range f.Trees {
		games = append(games, SplitTree(t)...)
	}
	return games
}

// SplitTree returns the games of a game tree. A tree whose game information
// is in its root (or nowhere) is one game, its text as read with the white
// space in front of it left out. A merged tree, with game-info nodes below the
// root (ff4-basics.txt: "game infos are stored at the nodes where a game first
// becomes distinguishable from all other games in the tree"), gives one game
// for each game-info node: the root, the nodes on the path to the game-info
// node and everything below it, with the game information moved to the root.
// An empty node that holds nothing but game information and ends its path
// (what Merger writes for a game that is a prefix of another) is left out.
func SplitTree(t *syntax.Tree) []Game {
	root := t.Root()
	if root.IsZero() {
		return nil
	}
	var infoNodes []syntax.Node
	for n := range t.Nodes() {
		if n == root {
			continue
		}
		for p := range n.Props() {
			if isGameInfo(p.ID) {
				infoNodes = append(infoNodes, n)
				break
			}
		}
	}
	if len(infoNodes) == 0 {
		return []Game{{Tree: t.Index(), SGF: TreeText(t), Root: rootValues(root, false)}}
	}
	games := make([]Game, 0, len(infoNodes))
	for _, d := range infoNodes {
		games = append(games, splitAt(t, d))
	}
	return games
}

// TreeText returns the text of the game tree as read (edits included), with
// white space and a byte order mark in front of it left out.
func TreeText(t *syntax.Tree) []byte {
	b := t.AppendTo(nil)
	b = bytes.TrimPrefix(bytes.TrimLeft(b, " \t\r\n"), []byte("\xef\xbb\xbf"))
	return bytes.TrimLeft(b, " \t\r\n")
}

// rootValues returns the first value of each property of n (of its
// game-info properties only when infoOnly), by its FF[4] identifier (as
// written when it has none).
func rootValues(n syntax.Node, infoOnly bool) map[string][]byte {
	m := map[string][]byte{}
	for p := range n.Props() {
		if infoOnly && !isGameInfo(p.ID) {
			continue
		}
		c := canonicalOr(p.ID)
		if _, ok := m[c]; !ok {
			m[c] = p.Value()
		}
	}
	return m
}

// splitAt builds the game whose game-info node is d.
func splitAt(t *syntax.Tree, d syntax.Node) Game {
	root := t.Root()
	var path []syntax.Node
	for n := d.Parent(); !n.IsZero() && n != root; n = n.Parent() {
		path = append(path, n)
	}
	out := []byte("(;")
	out = appendNodeProps(out, root, all)
	out = appendNodeProps(out, d, infoOnly)
	// A first node that holds only setup is the setup of the root, which
	// Merger moves to a node of its own.
	dSetup := d.Parent() == root && onlySetup(d, noInfo)
	if len(path) > 0 && onlySetup(path[len(path)-1], all) {
		out = appendNodeProps(out, path[len(path)-1], all)
		path = path[:len(path)-1]
	} else if dSetup {
		out = appendNodeProps(out, d, noInfo)
	}
	for i := len(path) - 1; i >= 0; i-- {
		out = append(out, ';')
		out = appendNodeProps(out, path[i], all)
	}
	marker := d.NumChildren() == 0
	if marker {
		for p := range d.Props() {
			if !isGameInfo(p.ID) {
				marker = false
				break
			}
		}
	}
	if dSetup {
		out = appendChildren(out, d)
	} else if !marker {
		out = append(out, ';')
		out = appendNodeProps(out, d, noInfo)
		out = appendChildren(out, d)
	}
	out = append(out, ")\n"...)
	if f, err := syntax.Parse(out, &syntax.Options{LeadBytes: t.LeadBytes(), ForceLeadBytes: true}); err == nil && len(f.Trees) == 1 {
		out = syntax.Format(f)
	}
	vals := rootValues(root, false)
	for k, v := range rootValues(d, true) {
		vals[k] = v
	}
	return Game{Tree: t.Index(), SGF: out, Root: vals}
}

// onlySetup reports whether the node has properties (of the filter) and
// all of them are setup properties.
func onlySetup(n syntax.Node, which propFilter) bool {
	k := 0
	for p := range n.Props() {
		if which != all && isGameInfo(p.ID) != (which == infoOnly) {
			continue
		}
		if !isSetup(property.Canonical(p.ID)) {
			return false
		}
		k++
	}
	return k > 0
}

type propFilter int

const (
	all propFilter = iota
	infoOnly
	noInfo
)

func appendNodeProps(dst []byte, n syntax.Node, which propFilter) []byte {
	for p := range n.Props() {
		if which != all && isGameInfo(p.ID) != (which == infoOnly) {
			continue
		}
		dst = appendProp(dst, p)
	}
	return dst
}

// appendChildren appends the subtree below n (n itself written already),
// without recursion.
func appendChildren(dst []byte, n syntax.Node) []byte {
	type item struct {
		n     syntax.Node
		paren byte // '(' or ')' when n is zero
	}
	push := func(stack []item, n syntax.Node) []item {
		k := n.NumChildren()
		if k == 1 {
			return append(stack, item{n: n.Child(0)})
		}
		mark := len(stack)
		for c := range n.Children() {
			stack = append(stack, item{paren: '('}, item{n: c}, item{paren: ')'})
		}
		slices.Reverse(stack[mark:])
		return stack
	}
	stack := push(nil, n)
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if it.n.IsZero() {
			dst = append(dst, it.paren)
			continue
		}
		dst = append(dst, ';')
		dst = appendNodeProps(dst, it.n, all)
		stack = push(stack, it.n)
	}
	return dst
}
