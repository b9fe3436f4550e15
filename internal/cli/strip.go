package cli

import (
	"flag"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/sgf-toolkit/sgf/collection"
	"github.com/sgf-toolkit/sgf/syntax"
)

func init() {
	register(&command{
		name:    "strip",
		summary: "remove comments, variations, markup or private properties",
		usage:   "strip [flags] PATH... (-o OUT | --in-place)",
		doc: `Strip removes from each file what the flags name, and keeps everything
else byte for byte: only the edited nodes are written anew, in their
well-formed properties (text the parser had to ignore in an edited node,
such as illegal characters, is not kept in it).

    --comments    C, the comments of nodes (GC, the game comment, stays)
    --variations  every variation: only the main line is kept
    --markup      TR CR SQ MA SL LB AR LN DD
    --prop X,Y    the properties X and Y (FF[3] spellings such as
                  "Comment" are matched by their FF[4] form)
    --private     properties that no SGF specification defines: Leela
                  Zero's LZ, KaTrain's KT, Fox's TT, RL and, in the root
                  of a file written by Fox (AP[YuanYu] or AP[Fox...]), TC
                  (elsewhere TC is the territory count of FF[1]), ...
                  (and every other unknown identifier)

At least one of them must be given. Without -o or --in-place the result is
printed on standard output; with -o OUT it goes to OUT; with --in-place each
file is rewritten safely (a temporary file is renamed over it). A line on
standard error says, for each file, what was removed and how many bytes
were saved (not with --quiet).

When the parse of a file stopped at a fatal problem (no game tree, a value
or file past a limit), nothing of it is written: not in place, not to
standard output, and -o OUT is not written at all. When it had a critical
problem (information may be lost, such as text the parser ignored), strip
does not rewrite the file and says why; --force rewrites it anyway.
Without --in-place such a file is printed, the problem is reported on
standard error, and the exit status is 1 unless --force. Text outside the
game trees (before the first, after the last) is kept as it is and does
not count. A file in UTF-16 or UTF-32 is decoded to UTF-8 first, as by
'sgf join' (CA[UTF-8]), and a line says so: the result is in UTF-8.`,
		examples: `$ sgf strip --comments --markup game.sgf -o clean.sgf
$ sgf strip --private --in-place analysed/     # drop LZ, KT, ... everywhere
$ sgf strip --variations --prop BL,WL,OB,OW game.sgf > main.sgf`,
		exit: `0  done
1  a file had a fatal problem (nothing of it written; -o OUT not written)
   or a critical one (not rewritten; printed, without --force)
2  usage error, or a file could not be read or written`,
		shared: flagsWalk | flagOutput | flagInPlace | flagCharset,
		setup:  setupStrip,
	})
}

type stripResult struct {
	out      []byte
	rep      collection.StripReport
	rewrote  bool
	wide     string             // decoded from this encoding (parsedFile.wide)
	fatal    error              // the parse stopped: nothing is written
	critical *syntax.Diagnostic // the first critical diagnostic inside the trees, if any
	ncrit    int                // the number of them
	refused  bool               // not rewritten because of critical
}

func setupStrip(fs *flag.FlagSet, common *commonFlags) func(*env, []string) int {
	var opts collection.StripOptions
	fs.BoolVar(&opts.Comments, "comments", false, "remove comments (C)")
	fs.BoolVar(&opts.Variations, "variations", false, "remove every variation: keep the main line")
	fs.BoolVar(&opts.Markup, "markup", false, "remove markup (TR CR SQ MA SL LB AR LN DD)")
	fs.BoolVar(&opts.Private, "private", false, "remove private and unknown properties (LZ, KT, ...)")
	var props listFlag
	fs.Var(&props, "prop", "remove the properties in `LIST` (comma-separated identifiers)")
	force := fs.Bool("force", false, "strip files even after a critical problem (see above)")
	return func(e *env, args []string) int {
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
		eachSource(e, common, args, func(in input) (r stripResult, err error) {
			p, err := parseInput(common, in.src)
			if err != nil {
				return r, err
			}
			r.wide = p.wide
			if p.fatal != nil {
				r.fatal = p.fatal
				return r, nil
			}
			for _, d := range p.f.Diagnostics {
				// Text outside the trees keeps its bytes: nothing is lost.
				if d.Critical && d.Code != syntax.CodeTextBeforeTree && d.Code != syntax.CodeTextAfterTree {
					if r.critical == nil {
						r.critical = &d
					}
					r.ncrit++
				}
			}
			if common.inPlace && !isStdin(in.name) && r.critical != nil && !*force {
				r.refused = true
				return r, nil
			}
			rep, err := collection.Strip(p.f, opts)
			if err != nil {
				return r, err
			}
			r.rep = rep
			out := p.f.Bytes()
			if !common.inPlace || isStdin(in.name) {
				r.out = out
				return r, nil
			}
			if rep.Removed() || r.wide != "" {
				if err := writeAtomic(in.name, out, replaceOnly); err != nil {
					return r, err
				}
				r.rewrote = true
			}
			return r, nil
		}, func(in input, r stripResult) {
			name := in.name
			if r.wide != "" && !common.quiet {
				e.errorf("%s: decoded from %s to UTF-8 (CA[UTF-8])", name, r.wide)
			}
			if r.fatal != nil {
				what := "nothing of it is written"
				if common.output != "" {
					what += ", and " + common.output + " is not written"
				}
				e.problemf("%s: %s; %s", name, describeError(r.fatal), what)
				e.failed = true // -o leaves its file alone
				return
			}
			e.stdout.Write(r.out)
			if r.critical != nil && !*force {
				reportCritical(e, name, r.critical, r.ncrit, r.refused, "strips")
			}
			if !common.quiet && !r.refused {
				e.errorf("%s: %s", name, stripSummary(r.rep))
			}
		})
		return exitOK
	}
}

// stripSummary says what was removed from a file.
func stripSummary(r collection.StripReport) string {
	if !r.Removed() {
		return "nothing to remove"
	}
	var parts []string
	for _, id := range slices.Sorted(maps.Keys(r.Props)) {
		parts = append(parts, fmt.Sprintf("%d %s", r.Props[id], id))
	}
	if r.Variations > 0 {
		parts = append(parts, fmt.Sprintf("%s (%s)", plural(r.Variations, "variation"), plural(r.Nodes, "node")))
	}
	return fmt.Sprintf("removed %s; %s saved (%d to %d)", strings.Join(parts, ", "), plural(r.Saved(), "byte"), r.Before, r.After)
}
