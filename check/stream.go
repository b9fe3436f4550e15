package check

import (
	"slices"

	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/syntax"
)

// TreeResult is what the rules found in one game tree on their own
// (CheckTree): the diagnostics and the facts of its root that the rules
// comparing trees need. Give it to Stream.Add in input order.
type TreeResult struct {
	Diagnostics []Diagnostic

	tree  *syntax.Tree
	root  treeRoot
	facts treeFacts
}

// CheckTree runs the rules of opts on one game tree of an input, every
// rule but those that compare the trees of a file (C25, C31, C46: see
// Stream). f is what the caller has of the input: the whole File, or a
// File holding only t and its diagnostics, as for a tree of a
// syntax.Reader or sgf.Reader (t's offsets, lines and columns are then
// those of the input; syntax.ParseAt). CheckTree may be called from
// several goroutines at once, each with its own tree, so that the trees
// of one input are checked in parallel.
func CheckTree(f *syntax.File, t *syntax.Tree, opts Options) TreeResult {
	return checkTree(f, t, &opts, nil)
}

// checkTree is CheckTree with the charset of the tree's texts, cs, when
// the caller knows it (Tree.Run: the typed view's), else as Pass.charset
// finds it. The pooled checker holds a copy of opts: opts does not
// escape, and neither does a function for Options.TreeCharset (two
// allocations a tree).
func checkTree(f *syntax.File, t *syntax.Tree, opts *Options, cs *charset.Charset) TreeResult {
	c := checkers.Get().(*checker)
	c.opts = *opts
	c.init(f, &c.opts)
	defer func() {
		c.opts = Options{}
		putChecker(c)
	}()
	c.noFile = true
	if cs != nil {
		c.p.msgCSTree, c.p.msgCS = t, *cs
	}
	ds := slices.Clone(c.treeDiags(t))
	p := &c.p
	return TreeResult{Diagnostics: ds, tree: t, root: p.root,
		facts: treeFacts{ok: len(p.Nodes) > 0, ff: p.FF, game: p.Game}}
}

// A Stream checks the game trees of one input given one at a time, in
// input order, in memory bounded by the largest tree, not by the input:
// the rules that compare trees (C25 different FF, C31 different GM, C46
// different CA) keep only what they compare. For an input whose trees are
// given in order, Stream.Tree of each gives what Check gives of the whole.
// A Stream is not safe for use by several goroutines; CheckTree is.
type Stream struct {
	opts Options
	file fileState
	c    *checker
}

// NewStream returns a Stream that runs the rules of opts.
func NewStream(opts Options) *Stream {
	return &Stream{opts: opts, file: fileState{firstFF: -1}}
}

// Tree checks t, the next game tree of the input, with every rule (see
// CheckTree for f), and returns its diagnostics in offset order.
func (s *Stream) Tree(f *syntax.File, t *syntax.Tree) []Diagnostic {
	r := CheckTree(f, t, s.opts)
	return s.Add(r)
}

// Add runs the rules that compare trees on r, the result of CheckTree of
// the next game tree of the input, and returns r's diagnostics with
// theirs, in offset order.
func (s *Stream) Add(r TreeResult) []Diagnostic {
	if !r.facts.ok {
		return r.Diagnostics
	}
	if s.c == nil {
		s.c = new(checker)
		s.c.init(nil, &s.opts)
	}
	c := s.c
	if len(c.fileRules) == 0 {
		return r.Diagnostics
	}
	p := &c.p
	p.file = &s.file
	p.Tree, p.TreeIndex = r.tree, r.tree.Index()
	p.FF, p.Game, p.root = r.facts.ff, r.facts.game, r.root
	p.diags = append(p.diags[:0], r.Diagnostics...)
	n0 := len(p.diags)
	for _, rule := range c.fileRules {
		p.rule = rule
		rule.Run(p)
	}
	if len(p.diags) == n0 {
		return r.Diagnostics
	}
	sortDiags(p.diags)
	return slices.Clone(p.diags)
}
