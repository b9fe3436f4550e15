package cli

import (
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/sgf-toolkit/sgf/collection"
)

func init() {
	register(&command{
		name:    "strip",
		summary: "remove comments, variations, markup or private properties",
		usage:   "strip [flags] PATH... (-o OUT | --in-place)",
		doc: `Strip removes from each file what the flags name, and keeps everything
else byte for byte: only the edited nodes are written anew.

    --comments    C, the comments of nodes (GC, the game comment, stays)
    --variations  every variation: only the main line is kept
    --markup      TR CR SQ MA SL LB AR LN DD
    --prop X,Y    the properties X and Y (FF[3] spellings such as
                  "Comment" are matched by their FF[4] form)
    --private     properties that no SGF specification defines: Leela
                  Zero's LZ, KaTrain's KT, Fox's TC, TT, RL, ... (and every
                  other unknown identifier)

At least one of them must be given. Without -o or --in-place the result is
printed on standard output; with -o OUT it goes to OUT; with --in-place each
file is rewritten safely (a temporary file is renamed over it). A line on
standard error says, for each file, what was removed and how many bytes
were saved (not with --quiet).`,
		examples: `$ sgf strip --comments --markup game.sgf -o clean.sgf
$ sgf strip --private --in-place analysed/     # drop LZ, KT, ... everywhere
$ sgf strip --variations --prop BL,WL,OB,OW game.sgf > main.sgf`,
		exit: `0  done
2  usage error, or a file could not be read or written`,
		setup: setupStrip,
	})
}

type stripResult struct {
	out     []byte
	rep     collection.StripReport
	rewrote bool
	err     error
}

func setupStrip(fs *flag.FlagSet) func(*env, []string) int {
	var common commonFlags
	common.defineShared(fs, flagsWalk|flagOutput|flagInPlace|flagCharset)
	var opts collection.StripOptions
	fs.BoolVar(&opts.Comments, "comments", false, "remove comments (C)")
	fs.BoolVar(&opts.Variations, "variations", false, "remove every variation: keep the main line")
	fs.BoolVar(&opts.Markup, "markup", false, "remove markup (TR CR SQ MA SL LB AR LN DD)")
	fs.BoolVar(&opts.Private, "private", false, "remove private and unknown properties (LZ, KT, ...)")
	var props listFlag
	fs.Var(&props, "prop", "remove the properties in `LIST` (comma-separated identifiers)")
	return func(e *env, args []string) int {
		if code := common.check(e); code != exitOK {
			return code
		}
		opts.Props = props
		if !opts.Comments && !opts.Variations && !opts.Markup && !opts.Private && len(opts.Props) == 0 {
			return e.usageError("nothing to remove: give --comments, --variations, --markup, --private or --prop")
		}
		for _, id := range opts.Props {
			if strings.ContainsFunc(id, func(r rune) bool { return r < 'A' || r > 'z' || (r > 'Z' && r < 'a') }) {
				return e.usageError("--prop %s: a property identifier is letters only", id)
			}
		}
		if len(args) == 0 {
			return e.usageError("no PATH given (use - for standard input)")
		}
		code := exitOK
		eachInput(e, &common, args, func(in input) (r stripResult) {
			defer catch(&r.err)
			p := parseInput(e, &common, in)
			if p.err != nil {
				return stripResult{err: p.err}
			}
			rep, err := collection.Strip(p.f, opts)
			if err != nil {
				return stripResult{err: err}
			}
			r.rep = rep
			out := p.f.Bytes()
			if !common.inPlace || isStdin(in.name) {
				r.out = out
				return r
			}
			if rep.Removed() {
				if err := writeAtomic(in.name, out); err != nil {
					r.err = err
					return r
				}
				r.rewrote = true
			}
			return r
		}, func(in input, r stripResult) {
			if r.err != nil {
				e.errorf("%s: %s", in.name, describeError(r.err))
				code = exitFailure
				return
			}
			e.stdout.Write(r.out)
			if !common.quiet {
				e.errorf("%s: %s", in.name, stripSummary(r.rep))
			}
		})
		return code
	}
}

// stripSummary says what was removed from a file.
func stripSummary(r collection.StripReport) string {
	if !r.Removed() {
		return "nothing to remove"
	}
	var parts []string
	ids := make([]string, 0, len(r.Props))
	for id := range r.Props {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		parts = append(parts, fmt.Sprintf("%d %s", r.Props[id], id))
	}
	if r.Variations > 0 {
		parts = append(parts, fmt.Sprintf("%s (%s)", plural(r.Variations, "variation"), plural(r.Nodes, "node")))
	}
	return fmt.Sprintf("removed %s; %s saved (%d to %d)", strings.Join(parts, ", "), plural(r.Saved(), "byte"), r.Before, r.After)
}
