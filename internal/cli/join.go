package cli

import (
	"flag"

	"github.com/sgf-toolkit/sgf/collection"
	"github.com/sgf-toolkit/sgf/syntax"
)

func init() {
	register(&command{
		name:    "join",
		summary: "put the games of many files into one collection",
		usage:   "join [flags] PATH... [-o OUT]",
		doc: `Join writes the game trees of the files one after another, as one SGF
collection: each tree exactly as it was read, byte for byte, on lines of
its own. Each tree keeps its CA[], which the specification allows per game
tree. Text after the last tree of a file is left out (and counted in the
summary); text in front of a tree, such as a mail header, stays with it.

A file in UTF-16 or UTF-32 cannot share a collection with others as it is:
it is decoded to UTF-8 first, the root of each of its trees gets
CA[UTF-8] (the nodes so edited are written anew), and a line says so.

A summary goes to standard error (not with --quiet). A file with no game
tree is named on a line of its own (even with --quiet) and left out. A file
that cannot be read stops the join, and so does one whose reading stopped
at a fatal problem (a limit): the output is incomplete, and -o OUT is not
written.`,
		examples: `$ sgf join a.sgf b.sgf -o ab.sgf   # two files into one
$ sgf join games/ > all.sgf         # every *.sgf below games/`,
		exit: `0  joined
1  reading a file stopped at a fatal problem (-o OUT is not written)
2  usage error, or a file could not be read or written (-o OUT is not written)`,
		shared: flagsWalk | flagOutput | flagCharset,
		paths:  true,
		setup:  setupJoin,
	})
}

func setupJoin(fs *flag.FlagSet, common *commonFlags) func(*env, []string) int {
	return func(e *env, args []string) int {
		var rep collection.JoinReport
		var buf []byte
		run := eachParsed(e, common, args, func(in input, r parsedFile, run *parsedRun) {
			var fr collection.JoinReport
			buf, fr = collection.Join(buf[:0], []*syntax.File{r.f})
			rep.Files += fr.Files
			rep.Trees += fr.Trees
			rep.Tail += fr.Tail
			if e.failures == 0 && !run.incomplete {
				e.stdout.Write(buf)
			}
		})
		if e.failures > 0 || run.incomplete {
			e.failed = true // -o leaves its file alone
			if e.failures > 0 {
				return e.failf("the output is incomplete, as a file could not be read")
			}
			return e.problemf("the output is incomplete, as reading a file stopped at a fatal problem")
		}
		if !common.quiet {
			msg := "joined " + plural(rep.Trees, "game tree") + " of " + plural(rep.Files, "file")
			if rep.Tail > 0 {
				msg += "; left out " + plural(rep.Tail, "byte") + " of text after the last tree of a file"
			}
			e.errorf("%s", msg)
		}
		return exitOK
	}
}
