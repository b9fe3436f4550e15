package cli

import (
	"flag"

	"github.com/sgf-toolkit/sgf/check"
	"github.com/sgf-toolkit/sgf/diag"
	"github.com/sgf-toolkit/sgf/syntax"
)

// The diagnostics of sgf check are package diag's, one type for the syntax
// layer (codes S..) and the rules of package check (codes C..); every code
// is registered there with its name, SGFC number and documentation.

// allCodes is every code sgf check can report, in order: the syntax codes,
// then the rules.
var allCodes = diag.Codes()

// sgfcFlags defines the flags of SGFC's options on check and fix, with the
// same meaning on both, into o.
func sgfcFlags(fs *flag.FlagSet, o *check.Options) {
	fs.BoolVar(&o.Variations, "variations", false, "SGFC's -v: report a move in the root node (C10, which fix moves into a\nnode of its own) and variations written one level too deep (C33, C34, whose\nvariations fix moves up one level)")
	fs.BoolVar(&o.ReverseVariations, "reverse-variations", false, "SGFC's -z: report nodes with variations (C58); fix writes their variations\nin reverse order, the last first")
	fs.BoolVar(&o.ExpandLists, "expand-lists", false, "SGFC's -e: report compressed point lists AB[aa:cc] of Go games (C59); fix\nwrites their points one by one")
	fs.BoolVar(&o.EmptyNodes, "empty-nodes", false, "SGFC's -n: report nodes without properties (C32); fix deletes them")
	fs.BoolVar(&o.DeleteUnknown, "delete-unknown", false, "SGFC's -u: unknown properties (C16) are to be deleted; fix deletes them")
	fs.BoolVar(&o.DeleteObsolete, "delete-obsolete", false, "SGFC's -o: report properties that FF[4] does not define and that have no\nFF[4] counterpart (C12); fix deletes them")
}

// checkHook, when a test sets it, is called with each file sgf check
// reads, before its rules run.
var checkHook func(name string, f *syntax.File)
