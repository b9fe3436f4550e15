package cli

import (
	"bytes"
	"flag"
	"fmt"
	"runtime"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/syntax"
)

func init() {
	register(&command{
		name:    "fmt",
		summary: "print SGF files in canonical form, or rewrite them",
		usage:   "fmt [flags] PATH...",
		doc: `Fmt prints each file in the canonical layout (one property to a line in
the root node, moves packed on lines of at most 79 columns, one variation
to a line, indented by nesting; minimal escapes), one file after another.
As gofmt: -l lists the files whose canonical form differs, -d prints a
unified diff of what would change (one hunk a file), instead of the files;
with --in-place they rewrite the files as well.

With --in-place each file is rewritten instead, safely: the new text goes
to a temporary file in the same folder, is synced to disk and renamed over
the old one, keeping its permissions and owner. A file already in
canonical form is left alone; a read-only one is refused. --in-place
cannot rewrite standard input: "-" with --in-place is a usage error.

Formatting keeps every well-formed property, unknown and private ones
included, in order; it leaves out what the parser had to ignore. When the
parse of a file had a critical problem (information may be lost, such as a
value without its "]"), fmt does not rewrite the file and says why; --force
rewrites it anyway. Without --in-place such a file is printed, the problem
is reported on standard error, and the exit status is 1 unless --force.
'sgf check FILE' lists every problem. A file with a game in Shift_JIS,
GBK or Big5 without a CA that says so (or under a wrong one) is not
formatted at all (exit status 1): read byte by byte its text would change;
--charset names the charset, --force formats it byte by byte anyway.

A file whose parse a limit stopped (S17: --max-bytes, --max-nodes,
--max-value, --max-depth, or their defaults) is neither printed nor
rewritten, even with --force: the rest of it was not read. Nor is a
file of binary data (NUL bytes before any game tree: a picture, a program):
fmt says "not SGF: binary data" once.

Fmt never changes the bytes of a value whose charset was not declared (CA,
verified against the bytes, or --charset): there it removes only the
escapes that are escapes in every charset, and keeps a "\" that follows a
byte above ASCII, which may be the second byte of a GBK or Shift_JIS
character (U+9ED2 is 0xFC 0x5C in GBK).`,
		examples: `$ sgf fmt game.sgf > tidy.sgf          # print the canonical form
$ sgf fmt -l games/                    # which files are not in canonical form
$ sgf fmt -d game.sgf                  # what formatting would change
$ sgf fmt --in-place games/            # rewrite every *.sgf below games/
$ sgf fmt --in-place --force bad.sgf   # rewrite even after critical problems
$ curl -s URL | sgf fmt -              # standard input to standard output`,
		exit: `0  every file formatted (or already in canonical form); with -l or -d
   also when some differ, as gofmt
1  a file had a critical problem: not rewritten (or printed, without --force);
   or a limit stopped its parse (S17): not printed;
   or a file is binary data, not SGF (S02): not printed, even with --force;
   or a file is UTF-16 or UTF-32 (convert it to UTF-8 first: sgf convert)
2  usage error, or a file could not be read or written`,
		shared: flagsWalk | flagOutput | flagInPlace | flagCharset,
		paths:  true,
		setup:  setupFmt,
	})
}

type fmtResult struct {
	out      [][]byte           // the canonical form, when it is to be printed: these pieces in turn
	critical *syntax.Diagnostic // the first critical diagnostic, if any
	limit    *syntax.Diagnostic // S17: a limit stopped the parse; nothing printed
	binary   *syntax.Diagnostic // S02: binary data, not SGF; nothing printed
	ncrit    int                // the number of critical diagnostics
	refused  bool               // not rewritten because of critical
	rewrote  bool               // the file was rewritten
	wide     bool               // UTF-16 or UTF-32: not formatted
	reread   string             // a game read in this charset's characters: not formatted
	differs  bool               // -l, -d: the canonical form differs from the file
	diff     []byte             // -d: the unified diff
}

func setupFmt(fs *flag.FlagSet, common *commonFlags) func(*env, []string) int {
	inPlace := &common.inPlace
	force := fs.Bool("force", false, "format files even after a critical problem (see above)")
	list := fs.Bool("l", false, "list the files whose formatting differs from fmt's, instead of printing them")
	diff := fs.Bool("d", false, "print a unified diff of the changes instead of the files")
	return func(e *env, args []string) int {
		work := func(in input) (r fmtResult, err error) {
			src := in.src
			// One parse serves both: the typed view's first parse is the
			// syntax parse with the same options (a fatal error is among
			// its diagnostics).
			ropts := common.readOptions()
			// Read keeps the charset of the last CA for the next tree's
			// (the trees of a collection mostly have the same CA), where
			// LeadBytesOfCA looks each up again: the same answer.
			ropts.Syntax.TreeLeadBytes = nil
			// A large file is formatted while it is parsed, tree by
			// tree on the other cores (syntax.FormatStream).
			var stream *syntax.FormatStream
			if len(src) >= streamFormatBytes && runtime.GOMAXPROCS(0) > 1 && ropts.Syntax.OnTree == nil {
				stream = syntax.NewFormatStream()
				ropts.Syntax.OnTree = stream.OnTree
				defer stream.Wait()
			}
			c, rerr := sgf.ReadBytes(src, ropts)
			if c != nil {
				if _, wide := c.Wide(); wide {
					// Canonical form is written in the file's own
					// bytes; a UTF-16 or UTF-32 file must first
					// become UTF-8.
					return fmtResult{wide: true}, nil
				}
			}
			var f *syntax.File
			var bytewise []bool // the trees of f read byte by byte as the typed view reads them
			if c != nil {
				f = c.File()
				if bw, trees := readBytewise(c, ropts.Syntax); bw != nil {
					// Format the file as the typed view reads it
					// (issue 11, item 9): the stream formatted the
					// first parse, which read such a tree otherwise.
					f, stream, bytewise = bw, nil, trees
				}
			} else {
				f, _ = syntax.Parse(src, common.syntaxOptions())
			}
			for _, d := range f.Diagnostics {
				if d.Code == syntax.CodeLimit {
					// The rest of the file was not read: formatted, it
					// would look whole. Not even --force prints it.
					r.limit = &d
					return r, nil
				}
				if syntax.IsBinaryData(d) {
					// Not SGF at all: nothing to format, list or diff.
					r.binary = &d
					return r, nil
				}
				if d.Critical {
					if r.critical == nil {
						r.critical = &d
					}
					r.ncrit++
				}
			}
			if !*force {
				// A game that the typed view reads in other characters
				// than this parse (a two-byte charset without CA, or a
				// wrong CA) would have its text changed by formatting.
				if rerr == nil && c.Len() == len(f.Trees) {
					for i, g := range c.Games() {
						if bytewise != nil && bytewise[i] {
							continue
						}
						if t := g.Tree(); t.LeadBytes() != f.Trees[i].LeadBytes() || g.Charset().Transcoded {
							r.reread = g.Charset().Name
							return r, nil
						}
					}
				}
			}
			fo := syntax.FormatOptions{KeepEscapes: c.CharsetUnsure}
			var out []byte
			if stream != nil {
				if !*list && !*diff && (!*inPlace || isStdin(in.name)) {
					// Printed: the chunks as they were formatted, in
					// turn, not copied into one.
					r.out = stream.FinishBuffers(f, fo)
					return r, nil
				}
				out = stream.Finish(f, fo)
			} else {
				out = syntax.FormatWith(f, fo)
			}
			if *list || *diff {
				r.differs = !bytes.Equal(out, src)
				if *diff {
					r.diff = unifiedDiff(in.name, src, out)
				}
				if !*inPlace || isStdin(in.name) || !r.differs {
					return r, nil
				}
			}
			if !*inPlace || isStdin(in.name) {
				r.out = [][]byte{out}
				return r, nil
			}
			if r.critical != nil && !*force {
				r.refused = true
				return r, nil
			}
			if bytes.Equal(out, src) {
				return r, nil
			}
			if err := writeAtomic(in.name, out, replaceOnly); err != nil {
				return r, err
			}
			r.rewrote = true
			return r, nil
		}
		emit := func(in input, r fmtResult) {
			name := in.name
			if r.wide {
				e.problemf("%s: the file is UTF-16, UTF-32 or ISO-2022-JP, not formatted: convert it to UTF-8 first with 'sgf convert'", name)
				return
			}
			if d := r.limit; d != nil {
				e.problemf("%s:%d:%d: %s %s; not formatted: the parse stopped there and the rest of the file was not read (raise the limit: --max-bytes, --max-nodes, --max-value, --max-depth)",
					name, d.Line, d.Column, d.Code, d.Message)
				return
			}
			if d := r.binary; d != nil {
				e.problemf("%s:%d:%d: %s %s; not formatted", name, d.Line, d.Column, d.Code, d.Message)
				return
			}
			if r.reread != "" {
				e.problemf("%s: a game is in %s without a CA that says so (or under a wrong one), not formatted: its text would change; convert it with 'sgf convert', add the CA, or give --charset (--force formats it anyway)", name, r.reread)
				return
			}
			if *list && r.differs {
				fmt.Fprintln(e.stdout, name)
			}
			e.stdout.Write(r.diff)
			if !*list && !*diff {
				for _, b := range r.out {
					e.stdout.Write(b)
				}
			}
			if r.critical != nil && !*force {
				reportCritical(e, name, r.critical, r.ncrit, r.refused, "formats")
			}
			if r.rewrote && !common.quiet && !*list {
				fmt.Fprintf(e.stdout, "formatted %s\n", name)
			}
		}
		eachMappedSource(e, common, args, work, emit)
		return exitOK
	}
}

// readBytewise returns c's input parsed again with the game trees that
// the typed view read byte by byte read so, when there is one (nil
// otherwise): a tree whose two-byte characters hold a "\\" or "]" that,
// read as pairs, would end a value early or swallow the tree's structure
// (sgf.Game's guard: "\\ and ] escaped inside two-byte characters", as
// SGFC -E2 writes them, or "read byte by byte"). Formatted from the first
// parse, which pairs them, such a tree lost the text after the "]" (S03,
// dropped: SGFC's mixed-encoding.sgf). Read byte by byte, every escape of
// such a tree stays (a "\\" or "]" must be escaped), so its text reads
// back as the typed view reads it, by SGFC too. Every other tree is read
// as in the first parse.
func readBytewise(c *sgf.Collection, opts syntax.Options) (*syntax.File, []bool) {
	f := c.File()
	if f == nil || c.Len() != len(f.Trees) {
		return nil, nil
	}
	var lbs []syntax.LeadBytes
	var bytewise []bool
	for i, g := range c.Games() {
		t := f.Trees[i]
		if t.LeadBytes() == syntax.ASCIISafe || g.SyntaxTree() == t || g.Charset().Transcoded {
			continue
		}
		if g.Tree().LeadBytes() == syntax.ASCIISafe || !bytes.Equal(g.SyntaxTree().Source(), t.Source()) {
			if lbs == nil {
				lbs, bytewise = make([]syntax.LeadBytes, len(f.Trees)), make([]bool, len(f.Trees))
				for k, t := range f.Trees {
					lbs[k] = t.LeadBytes()
				}
			}
			lbs[i], bytewise[i] = syntax.ASCIISafe, true
		}
	}
	if lbs == nil {
		return nil, nil
	}
	opts.OnTree = nil
	opts.TreeLeadBytes = func(i int, _ []byte) syntax.LeadBytes {
		if i >= 0 && i < len(lbs) {
			return lbs[i]
		}
		return syntax.ASCIISafe
	}
	bw, _ := syntax.Parse(f.Src, &opts)
	if len(bw.Trees) != len(f.Trees) {
		return nil, nil
	}
	return bw, bytewise
}

// streamFormatBytes is the size from which fmt formats a file while it
// is parsed: below it, starting goroutines costs more than it gains.
const streamFormatBytes = 1 << 20

// reportCritical says that a file had a critical syntax problem (the first
// one, d, of n) and what was done: output printed anyway, or the file not
// rewritten (refused). verb names what --force does ("formats").
func reportCritical(e *env, name string, d *syntax.Diagnostic, n int, refused bool, verb string) {
	more := ""
	if n > 1 {
		more = fmt.Sprintf(" and %d more critical problems", n-1)
	}
	what := "information may be lost in the output"
	if refused {
		what = "not rewritten, as information may be lost"
	}
	e.problemf("%s:%d:%d: %s %s%s; %s (see 'sgf check %s'; --force %s it anyway)",
		name, d.Line, d.Column, d.Code, d.Message, more, what, name, verb)
}
