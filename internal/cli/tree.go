package cli

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/collection"
	"github.com/sgf-toolkit/sgf/syntax"
)

func init() {
	register(&command{
		name:    "tree",
		summary: "print the variation tree of SGF files as text",
		usage:   "tree [flags] PATH...",
		doc: `Tree prints the shape of each game tree: one line for each run of nodes
without a branch, indented by two spaces for each variation entered,
with its variation label, its node numbers and its move numbers:

    game.sgf: game 1, 25 nodes, 3 variations
    nodes 0-12  moves 1-12  B[pd] .. W[dd]
      A  nodes 13-20  moves 13-20  B[cc] .. W[ee]
      B  nodes 21-24  moves 13-16  B[hh] .. W[hg]

Labels follow the convention of the specification: among the variations
that leave a node the main line is "A", the first variation "B", and so
on. Nodes are numbered in pre-order from 0, the root (the order of the
file); moves count the B and W properties from the root, with MN taking
effect. These node numbers are what 'sgf show --node' and the other
commands take; they also take a node's path ("10.1.5": 10 steps down the
main line, to the second variation, then 5 steps down it; on the main
line a node's number is its path). Beyond 32 levels the indentation stops growing and the line starts
with the depth in brackets, so that deep trees stay readable.`,
		examples: `$ sgf tree game.sgf           # the shape of one game
$ sgf tree joseki.sgf | less  # a large dictionary`,
		exit: `0  every file outlined
1  a file had no game tree, or reading it stopped at a fatal problem (a
   limit): the outline shows what was read
2  usage error, or a file could not be read`,
		shared: flagsWalk | flagOutput | flagCharset,
		paths:  true,
		setup:  setupTree,
	})
}

func setupTree(fs *flag.FlagSet, common *commonFlags) func(*env, []string) int {
	return func(e *env, args []string) int {
		type result struct {
			out   []byte
			fatal error // no game tree, or the parse stopped: reported, exit 1
		}
		eachSource(e, common, args, func(in input) (result, error) {
			f, err := parseAsRead(in.src, common)
			if err == nil && len(f.Trees) == 0 {
				err = errors.New("no game tree")
			}
			var b strings.Builder
			for i, t := range f.Trees {
				writeOutline(&b, in.name, i, t)
			}
			return result{out: []byte(b.String()), fatal: err}, nil
		}, func(in input, r result) {
			e.stdout.Write(r.out)
			if r.fatal != nil {
				e.problemf("%s: %s", in.name, describeError(r.fatal))
			}
		})
		return exitOK
	}
}

// writeOutline writes the outline of one game tree.
func writeOutline(b *strings.Builder, name string, i int, t *syntax.Tree) {
	nodes, vars := 0, 0
	for n := range t.Nodes() {
		nodes++
		if k := n.NumChildren(); k > 1 {
			vars += k - 1
		}
	}
	fmt.Fprintf(b, "%s: game %d, %s, %s\n", name, i+1, plural(nodes, "node"), plural(vars, "variation"))
	const maxIndent = 32
	for s := range collection.Outline(t) {
		depth := s.Depth
		if depth > maxIndent {
			fmt.Fprintf(b, "[%d] ", depth)
			depth = maxIndent
		}
		b.WriteString(strings.Repeat("  ", depth))
		if s.Label != "" {
			b.WriteString(s.Label)
			b.WriteString("  ")
		}
		if s.First == s.Last {
			fmt.Fprintf(b, "node %s", sgf.NumberRef(s.First))
		} else {
			fmt.Fprintf(b, "nodes %s-%s", sgf.NumberRef(s.First), sgf.NumberRef(s.Last))
		}
		switch {
		case s.FirstPlay == "":
		case s.FirstMove == s.LastMove && s.FirstPlay == s.LastPlay:
			fmt.Fprintf(b, "  move %d  %s", s.FirstMove, s.FirstPlay)
		default:
			fmt.Fprintf(b, "  moves %d-%d  %s .. %s", s.FirstMove, s.LastMove, s.FirstPlay, s.LastPlay)
		}
		b.WriteByte('\n')
	}
}
