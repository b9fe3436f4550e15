package cli

import (
	"flag"
	"strings"

	"github.com/sgf-toolkit/sgf/check"
	"github.com/sgf-toolkit/sgf/syntax"
)

// diagnostic is one finding of "sgf check", whichever checker made it.
// Checkers other than the syntax layer convert their own findings to it.
type diagnostic struct {
	Code     string // stable code as printed: "S07"
	Name     string // short kebab-case name: "empty-variation"
	SGFC     int    // the equivalent SGFC message number, 0 if none
	Severity syntax.Severity
	Critical bool // information may be lost or misread
	syntax.Position
	Tree    int // index of the game tree, from 0; -1 outside any tree
	Node    int // pre-order number of the node in its tree; -1 outside any node
	Message string

	Property string // FF[4] identifier of the property concerned, or ""
	Fixable  bool   // sgf fix repairs it (critical ones only with --critical)
	Quirk    string // the --quirks profile that explains it; such diagnostics are not printed
}

// codeInfo describes a code that a checker can report, for --disable and for
// the list of codes in "sgf help check".
type codeInfo struct {
	Code string // "S07"
	Name string // "empty-variation"
	SGFC int
	Doc  string // one line
}

// A checker adds diagnostics to a parsed file. The syntax layer is the first
// checker; the rules of package check plug in by registering another one from
// a file of their own:
//
//	func init() {
//		registerChecker(&checker{Name: "rules", Codes: ..., Run: ...})
//	}
//
// Diagnostics of all checkers are merged in the order of their offsets.
type checker struct {
	Name  string     // for messages: "syntax"
	Codes []codeInfo // every code Run can report, in order

	// Flags, if not nil, defines the checker's own flags on the FlagSet of
	// "sgf check".
	Flags func(fs *flag.FlagSet)

	// Run returns the diagnostics of one file. name is the path as given
	// ("-" for standard input); f is the whole parse, never nil, possibly
	// partial after a fatal diagnostic. Run is called from several goroutines
	// at once, each with its own file; it must not keep f.
	Run func(name string, f *syntax.File) []diagnostic

	// RunWith, if not nil, is used instead of Run: it also gets the
	// settings of the run (--strict, --quirks).
	RunWith func(cfg *checkConfig, name string, f *syntax.File) []diagnostic
}

// checkConfig holds the settings of "sgf check" that checkers read.
type checkConfig struct {
	strict bool
	quirks check.Quirks // --quirks profiles of package check
	auto   bool         // --quirks auto
	// superko is --superko (C55): the zero value follows each game's RU
	superko check.Superko
	// SGFC's options: --variations (-v), --empty-nodes (-n),
	// --delete-obsolete (-o)
	variations, emptyNodes, deleteObsolete bool
}

// sgfcFlags defines the flags of SGFC's options on check and fix, with
// the same meaning on both.
func (cfg *checkConfig) sgfcFlags(fs interface {
	BoolVar(p *bool, name string, value bool, usage string)
}) {
	fs.BoolVar(&cfg.variations, "variations", false, "SGFC's -v: report a move in the root node (C10, which fix moves into a\nnode of its own) and variations written one level too deep (C33, C34)")
	fs.BoolVar(&cfg.emptyNodes, "empty-nodes", false, "SGFC's -n: report nodes without properties (C32); fix deletes them")
	fs.BoolVar(&cfg.deleteObsolete, "delete-obsolete", false, "SGFC's -o: report properties that FF[4] does not define and that have no\nFF[4] counterpart (C12); fix deletes them")
}

// run runs ch on f.
func (ch *checker) run(cfg *checkConfig, name string, f *syntax.File) []diagnostic {
	if ch.RunWith != nil {
		return ch.RunWith(cfg, name, f)
	}
	return ch.Run(name, f)
}

var checkers []*checker

// registerChecker adds a checker to "sgf check".
func registerChecker(c *checker) {
	checkers = append(checkers, c)
}

// lookupCode returns the code that s names: a code ("S07", case and leading
// zeros aside for syntax codes) or a name ("empty-variation"), among the
// codes of every registered checker.
func lookupCode(s string) (string, bool) {
	if c, ok := syntax.ParseCode(s); ok {
		s = c.String()
	}
	for _, ch := range checkers {
		for _, ci := range ch.Codes {
			if strings.EqualFold(s, ci.Code) || strings.EqualFold(s, ci.Name) {
				return ci.Code, true
			}
		}
	}
	return "", false
}

// fromSyntax converts a diagnostic of the syntax layer.
func fromSyntax(d syntax.Diagnostic) diagnostic {
	return diagnostic{
		Code:     d.Code.String(),
		Name:     d.Code.Name(),
		SGFC:     d.Code.SGFC(),
		Severity: d.Severity,
		Critical: d.Critical,
		Position: d.Position,
		Tree:     d.Tree,
		Node:     d.Node,
		Message:  d.Message,
	}
}

func init() {
	var codes []codeInfo
	for _, c := range syntax.Codes() {
		codes = append(codes, codeInfo{Code: c.String(), Name: c.Name(), SGFC: c.SGFC(), Doc: c.Doc()})
	}
	registerChecker(&checker{
		Name:  "syntax",
		Codes: codes,
		Run: func(_ string, f *syntax.File) []diagnostic {
			return syntaxDiagnostics(&checkConfig{}, f)
		},
		RunWith: func(cfg *checkConfig, _ string, f *syntax.File) []diagnostic {
			return syntaxDiagnostics(cfg, f)
		},
	})
}

// syntaxDiagnostics converts the diagnostics of the syntax layer; those that
// a quirk in force explains (check.Quirks.AcceptsSyntax) are marked.
func syntaxDiagnostics(cfg *checkConfig, f *syntax.File) []diagnostic {
	ds := make([]diagnostic, len(f.Diagnostics))
	q := cfg.quirks
	if cfg.auto && len(f.Diagnostics) > 0 {
		for _, t := range f.Trees {
			q |= check.DetectQuirks(f, t)
		}
	}
	for i, d := range f.Diagnostics {
		ds[i] = fromSyntax(d)
		if q != 0 && q.AcceptsSyntax(f, d) {
			ds[i].Quirk = q.String()
		}
	}
	return ds
}
