package cli

import (
	"flag"
	"fmt"
	"slices"
	"strings"

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

A summary goes to standard error (not with --quiet). A file that cannot be
read stops the merge: nothing is written.`,
		examples: `$ sgf merge games/ -o all.sgf           # every game below games/
$ sgf merge a.sgf b.sgf > ab.sgf         # to standard output
$ sgf merge --moves-only kgs/ -o tree.sgf`,
		exit: `0  merged
2  usage error, or a file could not be read or written (nothing is written)`,
		setup: setupMerge,
	})
}

func setupMerge(fs *flag.FlagSet) func(*env, []string) int {
	var common commonFlags
	common.defineShared(fs, flagsWalk|flagOutput|flagCharset)
	movesOnly := fs.Bool("moves-only", false, "share nodes with the same moves and setup, whatever else they hold")
	return func(e *env, args []string) int {
		if code := common.check(e); code != exitOK {
			return code
		}
		if len(args) == 0 {
			return e.usageError("no PATH given (use - for standard input)")
		}
		m := collection.NewMerger(&collection.MergeOptions{MovesOnly: *movesOnly})
		failed := false
		eachInput(e, &common, args, func(in input) (r parsedFile) {
			return parseInput(e, &common, in)
		}, func(in input, r parsedFile) {
			if r.err != nil {
				e.errorf("%s: %s", in.name, describeError(r.err))
				failed = true
				return
			}
			for i, t := range r.f.Trees {
				if t.Root().IsZero() {
					continue
				}
				if err := m.Add(t, gameName(in.name, i, len(r.f.Trees))); err != nil {
					e.errorf("%s: %v", in.name, err)
				}
			}
		})
		if failed {
			e.failed = true // -o leaves its file alone
			e.errorf("nothing written, as a file could not be read")
			return exitFailure
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
	err  error
}

// parseInput reads and parses one input (a fatal diagnostic still gives
// the trees read before it).
func parseInput(e *env, common *commonFlags, in input) (r parsedFile) {
	defer catch(&r.err)
	if in.err != nil {
		return parsedFile{err: in.err}
	}
	src, err := readInput(e, in.name)
	if err != nil {
		return parsedFile{err: err}
	}
	f, _ := syntax.Parse(src, common.syntaxOptions())
	return parsedFile{f: f, size: len(src)}
}

// gameName names a game in messages: the file, and "#k" when the file
// holds more than one game.
func gameName(file string, i, n int) string {
	if n <= 1 {
		return file
	}
	return fmt.Sprintf("%s#%d", file, i+1)
}
