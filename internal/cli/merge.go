package cli

import (
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/collection"
	"github.com/sgf-toolkit/sgf/syntax"
)

func init() {
	register(&command{
		name:    "merge",
		summary: "merge games into one game tree, sharing their common moves",
		usage:   "merge [flags] PATH... [-o OUT]",
		doc: `Merge reads every game of the files and writes one game tree in which
games share their common beginning and branch where they differ, in the
canonical layout of 'sgf fmt'.

The game information of each game (PB, PW, DT, RE, KM, ...) goes to the node
where the game first becomes distinguishable from all the others, as the
specification asks. A game that ends where another goes on, or that has
the same moves as another but other game information, gets an empty node of
its own for its game information. An exact copy of an earlier game (same
nodes, same game information) is left out and reported.

By default two nodes are shared only when they hold the same properties, so
nothing is lost: 'sgf split' gives every game back. With --moves-only nodes
are shared when their moves and setup (B, W, AB, AW, AE, PL) are the same;
a shared node then keeps the comments and other properties of the first
game, and what is dropped is counted on standard error.

Games whose root nodes differ in more than game information (board size,
charset, application) cannot share a root: each such set of games becomes
a game tree of its own in the output. Handicap stones (AB in the root) go
to a node below the shared root, so handicap games merge with the others.
A game whose variations start at its root stays a tree of its own.

A summary goes to standard error (not with --quiet), with a line for each
file that had no game tree (left out) and each file in UTF-16 or UTF-32
(decoded to UTF-8, CA[UTF-8]). A file that cannot be read, or whose
reading stopped at a fatal problem (a limit), stops the merge: nothing is
written.`,
		examples: `$ sgf merge games/ -o all.sgf           # every game below games/
$ sgf merge a.sgf b.sgf > ab.sgf         # to standard output
$ sgf merge --moves-only kgs/ -o tree.sgf`,
		exit: `0  merged
1  reading a file stopped at a fatal problem (nothing is written)
2  usage error, or a file could not be read or written (nothing is written)`,
		shared: flagsWalk | flagOutput | flagCharset,
		paths:  true,
		setup:  setupMerge,
	})
}

func setupMerge(fs *flag.FlagSet, common *commonFlags) func(*env, []string) int {
	movesOnly := fs.Bool("moves-only", false, "share nodes with the same moves and setup, whatever else they hold")
	return func(e *env, args []string) int {
		m := collection.NewMerger(&collection.MergeOptions{MovesOnly: *movesOnly})
		run := eachParsed(e, common, args, func(in input, r parsedFile, _ *parsedRun) {
			for i, t := range r.f.Trees {
				if t.Root().IsZero() {
					continue
				}
				if err := m.Add(t, gameName(in.name, i, len(r.f.Trees))); err != nil {
					e.errorf("%s: %v", in.name, err)
				}
			}
		})
		if e.failures > 0 || run.incomplete {
			e.failed = true // -o leaves its file alone
			if e.failures > 0 {
				return e.failf("nothing written, as a file could not be read")
			}
			return e.problemf("nothing written, as reading a file stopped at a fatal problem")
		}
		out, rep := m.Bytes()
		e.stdout.Write(out)
		if !common.quiet {
			e.errorf("%s", mergeSummary(rep))
			for _, d := range rep.Duplicates {
				e.errorf("%s: left out, the same game as %s", d.Name, d.Of)
			}
		}
		return exitOK
	}
}

// mergeSummary is the summary line of a merge.
func mergeSummary(r collection.MergeReport) string {
	s := fmt.Sprintf("merged %s into %s of %s", plural(r.Distinct, "game"), plural(r.Trees, "game tree"), plural(r.Nodes, "node"))
	if n := len(r.Duplicates); n > 0 {
		s += fmt.Sprintf("; %s left out", plural(n, "duplicate"))
	}
	if len(r.Dropped) > 0 {
		var ids []string
		n := 0
		for id, k := range r.Dropped {
			ids = append(ids, fmt.Sprintf("%s %d", id, k))
			n += k
		}
		slices.Sort(ids)
		s += fmt.Sprintf("; --moves-only dropped %s at shared nodes (%s)", plural(n, "property"), strings.Join(ids, ", "))
	}
	return s
}

// parsedFile is a file read and parsed by a worker.
type parsedFile struct {
	f    *syntax.File
	size int

	// wide names the encoding of a file in UTF-16 or UTF-32 ("UTF-16BE"),
	// decoded to UTF-8 before parsing; the root of each of its trees then
	// says CA[UTF-8]. It is "" for any other file.
	wide string

	// fatal is the fatal diagnostic (a *syntax.ParseError) at which the
	// parse stopped: f holds only what was read before it. A file with no
	// game tree has one (S02).
	fatal error
}

// parseInput parses one input that eachSource read (a fatal diagnostic still gives
// the trees read before it). A file in UTF-16, UTF-32 or ISO-2022-JP,
// which no SGF parser can split as it is, is decoded to UTF-8 first, as
// the typed view reads it (sgf.Collection.Wide), and its trees get
// CA[UTF-8] (see parsedFile.wide).
func parseInput(common *commonFlags, src []byte) (r parsedFile, err error) {
	r.size = len(src)
	var wide *charset.Detection
	r.f, wide, r.fatal = parseAsReadWide(src, common)
	if wide != nil {
		r.wide = wide.Charset.Name()
	}
	if r.wide != "" {
		for _, t := range r.f.Trees {
			if root := t.Root(); !root.IsZero() {
				if err := root.SetProp("CA", []byte("UTF-8")); err != nil {
					return r, err
				}
			}
		}
	}
	return r, nil
}

// reportParse says on standard error that the file was decoded from UTF-16
// or UTF-32 (unless --quiet) and that it held no game tree (always): a
// command that puts the trees of files together would otherwise leave such
// a file out without a word.
//
// It returns false, having said so, when the parse stopped at a fatal
// problem after some trees (a limit): what was read is incomplete, and the
// caller must write nothing.
func reportParse(e *env, common *commonFlags, name string, r parsedFile) bool {
	if r.wide != "" && !common.quiet {
		e.errorf("%s: decoded from %s to UTF-8 (CA[UTF-8])", name, r.wide)
	}
	if len(r.f.Trees) == 0 {
		e.errorf("%s: %s, left out", name, noTreeReason(r.f))
		return true
	}
	if r.fatal != nil {
		e.errorf("%s: %s", name, describeError(r.fatal))
		return false
	}
	return true
}

// parsedRun is what eachParsed has met so far: a file whose reading
// stopped at a fatal problem (incomplete). A file that could not be read
// is counted in e.failures (eachFile).
type parsedRun struct{ incomplete bool }

// eachParsed parses each input of args (parseInput, on the cores as
// eachSource does) and hands use, in the order of the inputs, each file
// that was read and has trees to use; a file that could not be read
// (eachFile), or whose reading stopped at a fatal problem, is reported
// (reportParse) and counted, not handed on. The prologue of join, merge
// and split.
func eachParsed(e *env, common *commonFlags, args []string, use func(in input, r parsedFile, run *parsedRun)) parsedRun {
	var run parsedRun
	eachSource(e, common, args, func(in input) (parsedFile, error) {
		return parseInput(common, in.src)
	}, func(in input, r parsedFile) {
		if !reportParse(e, common, in.name, r) {
			run.incomplete = true
			return
		}
		use(in, r, &run)
	})
	return run
}

// noTreeReason says why f holds no game tree: binary data
// (syntax.BinaryData, the one diagnostic of such a file), or "no game
// tree". Every command says so of such a file (issue 13, item 15).
func noTreeReason(f *syntax.File) string {
	if f != nil {
		for _, d := range f.Diagnostics {
			if syntax.IsBinaryData(d) {
				return d.Message
			}
		}
	}
	return "no game tree"
}

// gameName names a game in messages: the file, and "#k" when the file
// holds more than one game.
func gameName(file string, i, n int) string {
	if n <= 1 {
		return file
	}
	return fmt.Sprintf("%s#%d", file, i+1)
}
