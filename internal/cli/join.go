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

A summary goes to standard error (not with --quiet). A file that cannot be
read stops the join: nothing is written.`,
		examples: `$ sgf join a.sgf b.sgf -o ab.sgf   # two files into one
$ sgf join games/ > all.sgf         # every *.sgf below games/`,
		exit: `0  joined
2  usage error, or a file could not be read or written (nothing is written)`,
		setup: setupJoin,
	})
}

func setupJoin(fs *flag.FlagSet) func(*env, []string) int {
	var common commonFlags
	common.defineShared(fs, flagsWalk|flagOutput|flagCharset)
	return func(e *env, args []string) int {
		if code := common.check(e); code != exitOK {
			return code
		}
		if len(args) == 0 {
			return e.usageError("no PATH given (use - for standard input)")
		}
		failed := false
		var rep collection.JoinReport
		var buf []byte
		eachInput(e, &common, args, func(in input) parsedFile {
			return parseInput(e, &common, in)
		}, func(in input, r parsedFile) {
			if r.err != nil {
				e.errorf("%s: %s", in.name, describeError(r.err))
				failed = true
				return
			}
			var fr collection.JoinReport
			buf, fr = collection.Join(buf[:0], []*syntax.File{r.f})
			rep.Files += fr.Files
			rep.Trees += fr.Trees
			rep.Tail += fr.Tail
			if !failed {
				e.stdout.Write(buf)
			}
		})
		if failed {
			e.failed = true // -o leaves its file alone
			e.errorf("the output is incomplete, as a file could not be read")
			return exitFailure
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
