package check

import (
	"bytes"
	"cmp"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/diag"
	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/syntax"
)

// Options choose the rules to run. The zero Options run every rule that SGFC
// runs without options.
type Options struct {
	// Strict adds the restrictive checks of SGFC's -r (C37-C40) and makes
	// the warnings of C08, C16, C19, C20, C25, C31, C35, C45 and C46 errors,
	// as SGFC does.
	Strict bool
	// Variations reports moves in the root node (C10) and variations one
	// level too deep (C33, C34), as SGFC's -v does; Fix moves the move into
	// a node of its own and the variations up one level.
	Variations bool
	// ReverseVariations reports the nodes with variations (C58) and Fix
	// writes their variations in reverse order, A, B, C as C, B, A, as
	// SGFC's -z does for files whose main line is the last variation.
	ReverseVariations bool
	// ExpandLists reports compressed point lists of Go games (C59) and Fix
	// writes their points one by one, as SGFC's -e does.
	ExpandLists bool
	// EmptyNodes reports nodes without properties (C32), as SGFC's -n does.
	EmptyNodes bool
	// DeleteObsolete reports (and Fix deletes) the properties that FF[4]
	// does not define and that have no FF[4] counterpart (C12), as SGFC's -o.
	DeleteObsolete bool
	// DeleteUnknown makes C16 say that Fix deletes the unknown properties
	// it reports, and gives it the fix that does, as SGFC's -u.
	DeleteUnknown bool
	// DeleteProps lists FF[4] identifiers to report (C12) and delete, as
	// SGFC's -yID.
	DeleteProps []string
	// Disable turns rules off (a set of codes; codes of other classes,
	// such as syntax codes, are ignored here).
	Disable diag.Set
	// Quirks reads the habits of these producers their way (see Quirks).
	Quirks Quirks
	// AutoQuirks adds, for each game tree, the quirks DetectQuirks finds.
	AutoQuirks bool
	// Superko chooses the superko rule of C55; the zero value follows
	// each game's RU (see CodeSuperko).
	Superko Superko
	// Read holds the choices of the reading of All and FixFile, which take
	// a file's bytes (nil: sgf.Read's defaults): Charset overrides CA and
	// detection for every game tree, as --charset does; Syntax holds the
	// limits of the parse. Check and Fix, given a parse, do not read.
	Read *sgf.ReadOptions
	// TreeCharset, if not nil, gives the charset in which game tree i of
	// the file is written, as package sgf decided it (sgf.Game.Charset),
	// so that a message that quotes a value quotes it decoded to UTF-8.
	// Without it a tree is read in the charset its CA names, ISO-8859-1
	// (the specification's default) without one.
	TreeCharset func(tree int) charset.Charset
}

// Superko is a superko rule for C55.
type Superko uint8

const (
	SuperkoByRules     Superko = iota // follow RU: Chinese positional, AGA and NZ situational, Japanese and Korean none, others positional
	SuperkoPositional                 // a move may not recreate an earlier position (the stones)
	SuperkoSituational                // nor an earlier position with the same player to move
	SuperkoNone                       // no superko check
)

// ParseSuperko reads the names "rules", "positional", "situational" and
// "none".
func ParseSuperko(s string) (Superko, bool) {
	for k, name := range superkoNames {
		if s == name {
			return Superko(k), true
		}
	}
	return 0, false
}

var superkoNames = [...]string{"rules", "positional", "situational", "none"}

// String returns the name ParseSuperko reads.
func (k Superko) String() string {
	if int(k) < len(superkoNames) {
		return superkoNames[k]
	}
	return "Superko(" + strconv.Itoa(int(k)) + ")"
}

// SuperkoFor returns the superko rule of a game whose RU value is ru, as
// C55 chooses it: Japanese and Korean none, AGA and New Zealand
// situational, Chinese and every other (or no) RU positional. The viewer
// (sgf serve) refuses moves by the same choice.
func SuperkoFor(ru string) Superko { return superkoFor([]byte(ru)) }

// superkoFor returns the rule for a game whose RU value is ru.
func superkoFor(ru []byte) Superko {
	var buf [32]byte
	if t := bytes.TrimSpace(ru); len(t) <= len(buf) && asciiLower(buf[:len(t)], t) {
		// An ASCII value (nearly every RU) in lower case on the stack: no
		// string made of it (16,000 of the standard collection's trees).
		return superkoOf(buf[:len(t)])
	}
	return superkoOf([]byte(strings.ToLower(strings.TrimSpace(string(ru)))))
}

// asciiLower writes src in lower case into dst (as long as src) and
// reports whether src is ASCII (else dst is not to be used): then it is
// strings.ToLower of src.
func asciiLower(dst, src []byte) bool {
	for i, c := range src {
		if c >= 0x80 {
			return false
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst[i] = c
	}
	return true
}

// superkoOf is superkoFor of RU's value trimmed and in lower case.
func superkoOf(b []byte) Superko {
	switch {
	case bytes.HasPrefix(b, []byte("japan")), bytes.HasPrefix(b, []byte("korea")), string(b) == "jp", string(b) == "ko":
		return SuperkoNone
	case bytes.HasPrefix(b, []byte("aga")), string(b) == "nz", bytes.HasPrefix(b, []byte("new zealand")):
		return SuperkoSituational
	}
	return SuperkoPositional
}

// Diagnostic is one fault found by a rule: package diag's Diagnostic, the
// one type of the syntax layer, this package and the command line. Check
// fills every field but Fix where there is no repair; Node is -1 for the
// whole tree; Quirk names the quirk profile (Options.Quirks) that explains
// the diagnostic, which is then expected and fixed as FF[4].
type Diagnostic = diag.Diagnostic

// SuggestedFix is a suggested repair: edits of one node of the tree of its
// diagnostic. Fix applies them.
type SuggestedFix = diag.SuggestedFix

// EditOp is what an Edit does.
type EditOp = diag.EditOp

// The edits of a SuggestedFix (package diag's).
const (
	ReplaceValue      = diag.ReplaceValue      // replace value Value of property Prop by the values New (none deletes it)
	DeleteProp        = diag.DeleteProp        // delete property Prop
	ReplaceProp       = diag.ReplaceProp       // replace property Prop by property ID with the values New
	AppendValues      = diag.AppendValues      // add the values New at the end of property Prop
	SplitNode         = diag.SplitNode         // write the node as the nodes of Groups, in sequence
	DeleteNode        = diag.DeleteNode        // write the node's children in its place
	AddProp           = diag.AddProp           // add property ID with the values New at the end of the node
	DeleteText        = diag.DeleteText        // delete the first Value bytes of the text in front of the first tree
	RaiseVariation    = diag.RaiseVariation    // write the variation at Node as a sibling of its parent, after it
	ReverseVariations = diag.ReverseVariations // write the children of Node in reverse order
)

// Edit is one change of one node. Prop and Value index the node's properties
// (in the order syntax.Node.Props yields them) and a property's values.
// New values are raw: escaped as they stand between "[" and "]".
type Edit = diag.Edit

// Pass is what a rule sees of one game tree: the tree as package sgf reads
// it (sgf.TreeView: its nodes with their properties, in pre-order, and the
// facts of its root), and Report.
type Pass struct {
	File      *syntax.File
	Tree      *syntax.Tree
	TreeIndex int
	Options   *Options
	// TreeView holds the nodes (Nodes) and the root facts (FF, Game,
	// Cols, Rows, GoodSize) of Tree.
	sgf.TreeView

	rule  *Rule
	diags []Diagnostic
	file  *fileState

	play *replay
	vc   valueChecker
	// rd decodes the values the rules read (decoded); rdViewed says it
	// is set for the tree.
	rd       sgf.Decoder
	rdViewed bool
	root     treeRoot
	only     Code // when set, Report keeps only diagnostics of this code

	quirks Quirks // in force for the tree

	msgCS     charset.Charset // the tree's charset (charset)
	msgCSTree *syntax.Tree    // the tree msgCS was found for

	buf []int32

	dupSeen  [property.Slots]uint32 // runDuplicate: stamp of the node that has each identifier
	dupStamp uint32

	memo memos // messages made once (memo)
	// laterPos: Report leaves the lines and columns to treeDiags, which
	// sets them once the tree's list is sorted (syntax.Tree.FillPositions).
	laterPos bool

	// lastCA is the CA value of the last tree with one that view read,
	// and what it read of it (ca, caRaw, caUnknown).
	lastCA struct {
		raw  string
		root *treeRoot
	}
}

// NodeView is a node with its properties decoded once for all rules
// (package sgf's).
type NodeView = sgf.NodeView

// PropView is a property of a NodeView (package sgf's).
type PropView = sgf.PropView

// treeRoot is what the rules that compare trees need of a root node.
type treeRoot struct {
	off       int64  // the root's first property (or the node)
	gmOff     int64  // GM, or off
	caOff     int64  // CA, or off
	ca        string // CA folded (normCharset); "" for ISO-8859-1 or none
	caRaw     string // CA as the file wrote it, white space trimmed; "" for none
	caUnknown bool   // CA names no known charset
}

type fileState struct {
	firstFF, firstGM     int
	prevCA               string
	prevCARaw            string // prevCA as the file wrote it
	reportedFF, reportGM bool
}

// Report records a diagnostic of the running rule. Zero fields are filled
// in: Code, Severity and Critical from the rule, Tree, and the position from
// Offset (given in Position.Offset).
func (p *Pass) Report(d Diagnostic) {
	if d.Code == 0 {
		d.Code = p.rule.Code
	}
	if p.Options.Disable[d.Code] || p.only != 0 && d.Code != p.only {
		return
	}
	if p.quirks != 0 && d.Quirk == "" && p.quirkSuppressed(&d) {
		return
	}
	r := ruleOf(d.Code)
	if d.Severity == 0 {
		d.Severity = r.Severity
		if r.ff4Error && p.FF < 4 {
			d.Severity = syntax.Warning
		}
		if r.strictUp && p.Options.Strict {
			d.Severity = syntax.Error
		}
	}
	if !d.Critical {
		d.Critical = r.Critical
	}
	d.Tree = p.TreeIndex
	if !isASCII(d.Message) {
		d.Message = p.decodeMessage(d.Message)
	}
	if off := d.Offset; off >= 0 && !p.laterPos {
		d.Position = p.Tree.Position(off)
	}
	if d.Fix != nil {
		for i := range d.Fix.Edits {
			if d.Fix.Edits[i].Node == 0 && d.Node > 0 {
				d.Fix.Edits[i].Node = d.Node
			}
		}
	}
	p.diags = append(p.diags, d)
}

// decodeMessage decodes a message that quotes raw value bytes from the
// tree's charset to UTF-8. The messages' own words are ASCII, which every
// charset a tree is read in keeps (wide input is decoded before parsing).
func (p *Pass) decodeMessage(msg string) string {
	s, _ := charset.Decode(p.charset(), []byte(msg))
	return s
}

// charset returns the charset of the tree's texts: the one the caller
// chose (Options.TreeCharset), else the one the CA of the root names
// (sgf.CharsetOfCA), else the default.
func (p *Pass) charset() charset.Charset {
	if p.msgCSTree != p.Tree {
		p.msgCSTree = p.Tree
		p.msgCS = charset.Default
		if f := p.Options.TreeCharset; f != nil {
			p.msgCS = f(p.TreeIndex)
		} else if len(p.Nodes) > 0 {
			if ca := p.Find(&p.Nodes[0], "CA"); ca != nil && len(ca.Values) > 0 {
				if cs, err := sgf.CharsetOfCA(ca.Values[0].Raw); err == nil {
					p.msgCS = cs
				}
			}
		}
	}
	return p.msgCS
}

// isASCII reports whether s has no byte >= 0x80, eight bytes at a time
// (one load: a message of 60 bytes took 400 instructions byte by byte,
// 25M of the standard collection's 64,818 diagnostics).
func isASCII(s string) bool {
	const high = 0x8080808080808080
	i := 0
	for ; i+8 <= len(s); i += 8 {
		b := s[i : i+8]
		w := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
			uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
		if w&high != 0 {
			return false
		}
	}
	for ; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// atMsg builds a diagnostic at an offset of a node with its message (for
// the frequent ones: no fmt).
func atMsg(n *NodeView, off int64, prop, msg string) Diagnostic {
	return Diagnostic{
		Position: syntax.Position{Offset: off},
		Node:     int(n.Index),
		Property: prop,
		Message:  msg,
	}
}

// at builds a diagnostic at an offset of a node.
func at(n *NodeView, off int64, prop string, format string, args ...any) Diagnostic {
	return Diagnostic{
		Position: syntax.Position{Offset: off},
		Node:     int(n.Index),
		Property: prop,
		Message:  fmt.Sprintf(format, args...),
	}
}

// Check runs the rules over every game tree of f and returns the
// diagnostics in input order (tree, then offset). It does not include the
// syntax diagnostics of f (f.Diagnostics). Trees are checked in parallel
// when the file holds several and GOMAXPROCS allows; the result is the same.
func Check(f *syntax.File, opts Options) []Diagnostic {
	n := len(f.Trees)
	workers := min(runtime.GOMAXPROCS(0), n/4)
	if workers < 2 {
		return checkSequential(f, opts)
	}
	results := make([][]Diagnostic, n)
	roots := make([]treeRoot, n)
	facts := make([]treeFacts, n)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			c := getChecker(f, &opts)
			defer putChecker(c)
			c.noFile = true
			// The diagnostics of the worker's trees go into chunks that
			// never move (no allocation per tree, no copy as they grow).
			var chunk []Diagnostic
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				ds := c.treeDiags(f.Trees[i])
				if len(ds) > cap(chunk)-len(chunk) {
					chunk = make([]Diagnostic, 0, max(len(ds), 1024))
				}
				start := len(chunk)
				chunk = append(chunk, ds...)
				results[i] = chunk[start:len(chunk):len(chunk)]
				roots[i] = c.p.root
				facts[i] = treeFacts{ok: len(c.p.Nodes) > 0, ff: c.p.FF, game: c.p.Game}
			}
		})
	}
	wg.Wait()
	// the rules that compare trees, in file order
	c := getChecker(f, &opts)
	defer putChecker(c)
	p := &c.p
	total := 0
	for _, r := range results {
		total += len(r)
	}
	all := make([]Diagnostic, 0, total+8)
	for i, t := range f.Trees {
		if facts[i].ok && len(c.fileRules) > 0 {
			p.Tree, p.TreeIndex = t, t.Index()
			p.FF, p.Game, p.root = facts[i].ff, facts[i].game, roots[i]
			p.diags = append(p.diags[:0], results[i]...)
			n0 := len(p.diags)
			for _, r := range c.fileRules {
				p.rule = r
				r.Run(p)
			}
			if len(p.diags) > n0 {
				sortDiags(p.diags)
				results[i] = slices.Clone(p.diags)
			}
		}
		all = append(all, results[i]...)
	}
	return all
}

func checkSequential(f *syntax.File, opts Options) []Diagnostic {
	c := getChecker(f, &opts)
	defer putChecker(c)
	var all []Diagnostic
	for _, t := range f.Trees {
		all = append(all, c.treeDiags(t)...)
	}
	return all
}

type treeFacts struct {
	ok   bool
	ff   int
	game property.Game
}

type checker struct {
	p         Pass
	opts      Options // checkTree's copy of the caller's
	file      fileState
	nodeRules []*Rule
	treeRules []*Rule
	fileRules []*Rule
	noFile    bool          // leave the file rules to the caller
	values    bool          // some rule of the value checker is on
	play      bool          // some rule of the Go replay is on
	nodeMask  sgf.NodeFlags // the flags of the nodes some node rule runs on
	allNodes  bool          // some node rule runs on every node
	// rulesFor is what the rule lists above were chosen for, when no
	// rule was disabled (rulesKept): a checker taken for each tree of
	// an input (CheckTree) keeps them.
	rulesFor  ruleChoice
	rulesKept bool
}

// ruleChoice is what of Options chooses the rules, but Disable.
type ruleChoice struct {
	deleteObsolete, deleteProps, emptyNodes bool
}

// checkers keeps checkers, with the buffers they have grown, from file to
// file: checking many small files (one game each) must not allocate a
// board and buffers for each.
var checkers = sync.Pool{New: func() any { return new(checker) }}

// getChecker returns a checker of f with opts from the pool; putChecker
// gives it back (the diagnostics it returned must have been copied).
func getChecker(f *syntax.File, opts *Options) *checker {
	c := checkers.Get().(*checker)
	c.init(f, opts)
	return c
}

func putChecker(c *checker) {
	p := &c.p
	p.File, p.Tree, p.Options, p.rule = nil, nil, nil, nil
	checkers.Put(c)
}

// init readies c for file f: the rules opts asks for, and a fresh file
// state (a pooled checker keeps only its buffers).
func (c *checker) init(f *syntax.File, opts *Options) {
	c.file = fileState{firstFF: -1}
	c.noFile = false
	c.p.File = f
	c.p.Options = opts
	c.p.file = &c.file
	c.p.vc.p = &c.p
	c.p.only, c.p.quirks = 0, 0
	c.p.diags = c.p.diags[:0]
	choice := ruleChoice{opts.DeleteObsolete, len(opts.DeleteProps) > 0, opts.EmptyNodes}
	if len(opts.Disable) > 0 || !c.rulesKept || c.rulesFor != choice {
		c.chooseRules(opts)
		c.rulesFor, c.rulesKept = choice, len(opts.Disable) == 0
	}
	// A Go move that the replay takes from its brief concerns no node
	// rule and no value check (treeDiags skips it) unless a rule runs on
	// every node; the rules of Strict and of the quirks read the moves of
	// the main line, and Fix edits any node: only without them are the
	// moves' property views left out (sgf.TreeView.BriefMoves).
	c.p.BriefMoves = !c.allNodes && !opts.Strict && opts.Quirks == 0 && !opts.AutoQuirks
}

// chooseRules sets the rule lists of c for opts.
func (c *checker) chooseRules(opts *Options) {
	c.nodeRules, c.treeRules, c.fileRules = c.nodeRules[:0], c.treeRules[:0], c.fileRules[:0]
	c.values, c.play, c.nodeMask, c.allNodes = false, false, 0, false
	for i := range ruleTable {
		r := &ruleTable[i]
		if len(opts.Disable) > 0 && opts.Disable[r.Code] {
			continue
		}
		switch r.engine {
		case engineNode:
			// rules that do nothing without their option are left out
			switch r.Code {
			case CodePropertyDeleted:
				if !opts.DeleteObsolete && len(opts.DeleteProps) == 0 {
					continue
				}
			case CodeEmptyNode:
				if !opts.EmptyNodes {
					continue
				}
			}
			c.nodeRules = append(c.nodeRules, r)
			if r.mask == 0 {
				c.allNodes = true
			}
			c.nodeMask |= r.mask
		case engineValues:
			c.values = true
		case enginePlay:
			c.play = true
		case engineFile:
			c.fileRules = append(c.fileRules, r)
		default:
			c.treeRules = append(c.treeRules, r)
		}
	}
}

// tree runs the rules on one tree and returns its diagnostics.
func (c *checker) tree(t *syntax.Tree) []Diagnostic {
	return slices.Clone(c.treeDiags(t))
}

// treeDiags runs the rules on one tree; the result is valid until the next
// call.
func (c *checker) treeDiags(t *syntax.Tree) []Diagnostic {
	p := &c.p
	p.Tree = t
	p.TreeIndex = t.Index()
	p.diags = p.diags[:0]
	if p.play != nil {
		p.play.done = false
	}
	p.laterPos = true
	defer func() { p.laterPos = false }()
	p.view()
	if len(p.Nodes) == 0 {
		return nil
	}
	p.quirks = p.Options.Quirks
	if p.Options.AutoQuirks {
		p.quirks |= p.detectQuirks()
	}
	// One walk over the nodes for every node-local rule and the value
	// checks, then the Go replay, then the rules of whole trees.
	for i := 0; i < len(p.Nodes); i++ {
		if !c.allNodes {
			// Moves on the board (most nodes): no node rule, no value
			// check fires.
			if i = p.SkipMoves(i); i == len(p.Nodes) {
				break
			}
		}
		n := &p.Nodes[i]
		if !c.allNodes && n.Flags&c.nodeMask == 0 {
			goto values
		}
		for _, r := range c.nodeRules {
			if r.mask != 0 && n.Flags&r.mask == 0 {
				continue
			}
			p.rule = r
			r.node(p, n)
		}
	values:
		if c.values {
			p.vc.node(n)
		}
	}
	if c.play {
		p.replay()
	}
	for _, r := range c.treeRules {
		p.rule = r
		r.Run(p)
	}
	if !c.noFile {
		for _, r := range c.fileRules {
			p.rule = r
			r.Run(p)
		}
	}
	sortDiags(p.diags)
	t.FillPositions(p.diags)
	return p.diags
}

func sortDiags(ds []Diagnostic) {
	for i := 1; i < len(ds); i++ {
		if ds[i].Offset < ds[i-1].Offset {
			if len(ds) > 16 {
				slices.SortStableFunc(ds, func(a, b Diagnostic) int {
					return cmp.Compare(a.Offset, b.Offset)
				})
				return
			}
			// A tree's few diagnostics (four on average in the
			// standard collection, in the order of the rules):
			// stable insertion from the first out of order, a third
			// of the instructions of the general sort.
			for j := i; j < len(ds); j++ {
				if ds[j].Offset >= ds[j-1].Offset {
					continue
				}
				d := ds[j]
				k := j
				for k > 0 && ds[k-1].Offset > d.Offset {
					ds[k] = ds[k-1]
					k--
				}
				ds[k] = d
			}
			return
		}
	}
}
