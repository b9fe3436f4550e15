package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/sgf-toolkit/sgf/check"
	"github.com/sgf-toolkit/sgf/convert"
)

func init() {
	register(&command{
		name:    "fix",
		summary: "repair SGF files: FF[4], UTF-8, every fix of 'sgf check'",
		usage:   "fix [flags] (-o OUT | --in-place | -d) PATH...",
		doc: `Fix repairs each file and writes it as FF[4] in UTF-8: it applies the fix
of every diagnostic of 'sgf check' that has one (package check), then
decodes the text from the file's charset (CA[], detection, or --charset)
to UTF-8 and sets CA[UTF-8] and FF[4] (package convert). UTF-16 and UTF-32
files are decoded first. Properties and values that no fix touches are
written as they were, unknown and private properties included.

A file with nothing to fix is left byte for byte as it is, layout
included, and counted unchanged. A fixed file is written in the layout of
'sgf fmt', so that fmt after fix changes nothing. A change line appears
only where bytes change.

It prints one line for each change, on standard output:

    FILE: game G node N: CODE NAME: BEFORE -> AFTER
    FILE: game G node N: CODE NAME: deleted BEFORE
    FILE: game G node N: CODE NAME: added AFTER

(numbered as every message numbers games and nodes, 'sgf convert' and
'sgf show --node' too: G counts the games of the file from 1, N is the
node's number as 'sgf tree' prints it, in pre-order from 0 in the input;
"game G:" alone for text outside the nodes of a game, no number for the
whole file; CODE is a check code, or the kind of conversion: ff, charset,
identifier, ...). Nothing is deleted without a line that says so.

Some fixes lose information: deleting the second value of a one-value
property, an illegal move, or text the parser could not read (critical
diagnostics). Without --critical a file that needs one is not written:
fix says which problem and where, and the exit status is 1. With
--critical those fixes are applied too, each with its change line.

Each file is read and fixed game tree by game tree, each tree written as
the next is read, so that memory is bounded by the largest game tree, not
by the file. A file in UTF-16 or UTF-32, standard input, a file of another
format (--from), and a file the layout of fmt leaves as it is (one with
SGF-like text outside its game trees) are read whole.

-o OUT writes the fixed files to OUT, one after the other as one
collection ("-" for standard output; the change list then goes to
standard error); OUT is written only when every file could be fixed (the
files fixed wait in a temporary file until then).
--in-place rewrites each file that changes, atomically (a temporary file
renamed over it). -d prints a unified diff of the fixes of each file
instead (as gofmt -d), the change lines then going to standard error, and
writes nothing. One of the three is required.

--strict applies the fixes of SGFC's -r checks as well; --quirks reads the
habits of known producers their way and rewrites them as FF[4] (see the
profiles in 'sgf help check'): 'sgf fix --quirks fox' writes KM[750] as
KM[7.5], 'sgf fix --quirks auto' picks the profiles of each game by AP and
by shape.

With --json the output is one JSON object:

    {"files": [{"file": "a.sgf", "written": true, "changes": [
        {"code": "C48", "name": "scaled-komi", "tree": 0, "node": 0,
         "property": "KM", "before": "KM[750]", "after": "KM[7.5]"}]}],
     "summary": {"files": 1, "fixed": 1, "unchanged": 0, "refused": 0,
                 "unreadable": 0, "changes": 1, "not_written": 0}}

"tree" counts the games from 0 (game G of the lines is tree G-1), "node"
is N of the lines (-1 for text outside the nodes; both -1 for the whole
file). A refused file has "refused" (why) and "written": false; a file that could
not be read or written has "error". A file that --in-place could not
write (a read-only file or folder, a full disk) is left as it was: it
has no change lines (and no "changes" in JSON), and counts as not written
("not_written" in the summary), not as fixed.`,
		examples: `$ sgf fix --in-place games/                # repair every *.sgf below games/
$ sgf fix -o fixed.sgf game.sgf            # write the repaired file elsewhere
$ sgf fix --quirks fox --in-place fox/     # Fox komi KM[750] becomes KM[7.5]
$ sgf fix --critical --in-place bad.sgf    # apply the fixes that lose information
$ sgf fix --json -o - game.sgf > /dev/null # the change list only, as JSON (on stderr)`,
		exit: `0  every file fixed (or nothing to fix)
1  a file was refused: it needs a critical fix (see --critical), or has no game tree
2  usage error, or a file could not be read or written`,
		shared: flagsWalk | flagJSON | flagInPlace | flagCharset | flagQuirks,
		setup:  setupFix,
	})
}

type fixResult struct {
	out       []byte
	changes   []fixChange
	refused   string // why the file was not fixed
	written   bool   // --in-place rewrote it
	err       error  // the file could not be read
	writeErr  error  // --in-place could not write it: it was left as it was
	unchanged bool
	orig      []byte // the file as read (-d)
	// With -o, a file fixed tree by tree (fixStream): its output is in
	// spool, or it is the file as it is (asIs: nothing to change).
	spool *spoolWriter
	asIs  bool
	// A file fixed tree by tree has its changes rendered (as lines, or
	// as JSON objects with --json) in fixLines and then convLines, not
	// in changes; nChanges counts them either way.
	fixLines, convLines *changeSpool
	nChanges            int
}

// fixChange is one line of the change list.
type fixChange struct {
	Code, Name    string
	Tree, Node    int
	Property      string
	Before, After string
	Message       string
}

func setupFix(fs *flag.FlagSet, common *commonFlags) func(*env, []string) int {
	output := fs.String("o", "", "write the fixed files to `OUT` as one collection (\"-\": standard output);\nOUT is written only when every file was fixed")
	critical := fs.Bool("critical", false, "also apply the fixes of critical problems, which lose information\n(each one listed)")
	strict := fs.Bool("strict", false, "also fix what SGFC's -r checks find (as 'sgf check --strict')")
	var checkOpts check.Options
	sgfcFlags(fs, &checkOpts)
	diff := fs.Bool("d", false, "print a unified diff of the fixes instead of writing files (the\nchange lines go to standard error)")
	return func(e *env, args []string) int {
		if *output != "" && common.inPlace {
			return e.usageError("-o and --in-place do not go together: --in-place rewrites each file, -o writes one output")
		}
		if *diff && (*output != "" || common.inPlace) {
			return e.usageError("-d prints the fixes as a diff: it does not go with -o or --in-place")
		}
		if *output == "" && !common.inPlace && !*diff {
			return e.usageError("say where to write: -o OUT (\"-\" for standard output) or --in-place")
		}
		if len(args) == 0 {
			return e.usageError("no PATH given (use - for standard input)")
		}
		checkOpts.Strict = *strict
		checkOpts.Quirks, checkOpts.AutoQuirks, _ = quirkSettings(common)
		opts := check.FixOptions{Options: checkOpts, Critical: *critical}
		report := io.Writer(e.stdout)
		var collected spoolWriter // -o: the files fixed, written out at the end
		defer collected.remove()
		toStdout := *output == "-"
		if toStdout || *diff {
			report = e.stderr
		}
		var sum fixSummary
		if common.json {
			io.WriteString(report, `{"files":[`)
		}
		work := func(in input) (r fixResult) {
			defer catch(&r.err)
			if in.err != nil {
				return fixResult{err: in.err}
			}
			if !*diff && isRegular(in.name) {
				// Tree by tree (check.FixReader): memory bounded by the
				// largest game tree, not by the file.
				if r, ok := fixStream(e, in.name, common, opts, *output != ""); ok {
					return r
				}
			}
			src, err := readInput(e, in.name)
			if err != nil {
				return fixResult{err: err}
			}
			r = fixFile(src, common, opts)
			if r.refused != "" || !common.inPlace || isStdin(in.name) || r.unchanged {
				return r
			}
			if err := writeAtomic(in.name, r.out, replaceOnly); err != nil {
				r.writeErr, r.out = err, nil
				return r
			}
			r.written, r.out = true, nil
			return r
		}
		emit := func(in input, r fixResult) {
			defer r.fixLines.remove()
			defer r.convLines.remove()
			name := in.name
			sum.add(r)
			if common.json {
				writeFixJSON(report, sum.files == 1, name, r)
			} else {
				// A file that could not be written has no change lines:
				// nothing changed.
				if r.writeErr == nil {
					for _, c := range r.changes {
						io.WriteString(report, c.line(name))
					}
					r.fixLines.writeTo(report)
					r.convLines.writeTo(report)
				}
				if r.refused != "" {
					e.errorf("%s: not fixed: %s", name, r.refused)
				}
				if r.err != nil {
					e.errorf("%s: %s", name, describeError(r.err))
				}
				if r.writeErr != nil {
					e.errorf("%s: not fixed: %s", name, describeError(&writeError{r.writeErr}))
				}
			}
			if *diff && r.err == nil && r.refused == "" && !r.unchanged {
				e.stdout.Write(unifiedDiff(name, r.orig, r.out))
			}
			if *output != "" && r.err == nil && r.refused == "" {
				switch {
				case r.spool != nil:
					collected.copyFrom(r.spool)
				case r.asIs:
					collected.copyFile(name)
				default:
					collected.Write(r.out)
				}
			} else if common.inPlace && isStdin(name) && r.err == nil && r.refused == "" {
				e.stdout.Write(r.out)
			}
		}
		eachInput(e, common, args, work, emit)
		if common.json {
			if sum.files > 0 {
				io.WriteString(report, "\n")
			}
			fmt.Fprintf(report, `],"summary":%s}`+"\n", sum.json())
		} else if !common.quiet {
			if f, ok := report.(interface{ Flush() error }); ok {
				f.Flush()
			}
			e.stdout.Flush()
			fmt.Fprintln(e.stderr, sum.String())
		}
		code := exitOK
		if sum.refused > 0 {
			code = exitProblems
		}
		if sum.unreadable > 0 || sum.notWritten > 0 {
			code = exitFailure
		}
		if *output != "" {
			if code != exitOK {
				if !toStdout {
					e.errorf("%s not written, as not every file could be fixed", *output)
				}
				return code
			}
			if toStdout {
				if err := collected.writeTo(e.stdout); err != nil {
					return e.failf("%s: %s", *output, describeError(err))
				}
			} else if err := writeAtomicBy(*output, mayCreate, collected.writeTo); err != nil {
				return e.failf("%s: %s", *output, describeError(err))
			}
		}
		return code
	}
}

// fixFile repairs one file with check.FixFile, the pipeline of this
// command as one library call: UTF-16/32 decoded, check.Fix, the charset
// converted to UTF-8 and FF[4], the layout of fmt. A file that needs a fix
// of a critical problem is refused unless opts.Critical.
func fixFile(src []byte, common *commonFlags, opts check.FixOptions) fixResult {
	r := fixResult{orig: src}
	opts.Read = common.readOptions()
	out, changes, _, err := check.FixFile(src, opts)
	if r.refused = refusal(err); r.refused != "" {
		return r
	}
	r.changes = fixChanges(changes)
	r.nChanges = len(r.changes)
	r.out = out
	r.unchanged = len(changes) == 0 || bytes.Equal(out, src)
	return r
}

// refusal says why a file is not fixed, for the error of check.FixFile
// or check.FixReader; "" for none.
func refusal(err error) string {
	var loss *check.LossError
	var cerr *convert.Error
	switch {
	case errors.Is(err, check.ErrBinaryData):
		return err.Error()
	case errors.Is(err, check.ErrNoGameTree):
		return "no game tree found (see 'sgf check')"
	case errors.As(err, &loss):
		var crit []string
		for _, d := range slices.Concat(loss.Syntax, loss.Check) {
			crit = append(crit, fmt.Sprintf("%d:%d: %s %s", d.Line, d.Column, d.Code, d.Message))
		}
		more := ""
		if len(crit) > 1 {
			more = fmt.Sprintf(" (and %d more)", len(crit)-1)
		}
		return fmt.Sprintf("a fix would lose information: %s%s; --critical applies such fixes, each listed", crit[0], more)
	case errors.As(err, &cerr):
		return "cannot convert to UTF-8: " + cerr.Error()
	case err != nil:
		return err.Error()
	}
	return ""
}

// fixChanges returns the change lines of check's changes.
func fixChanges(changes []check.Change) []fixChange {
	var fcs []fixChange
	for _, c := range changes {
		fc := fixChange{Code: c.Code.String(), Name: c.Code.Name(), Tree: c.Tree, Node: c.Node, Property: c.Property, Before: c.Before, After: c.After, Message: c.Message}
		switch {
		case c.Syntax != 0:
			// Text the parser could not read is not in the output: say so.
			fc = fixChange{Code: c.Syntax.String(), Name: c.Syntax.Name(), Tree: c.Tree, Node: c.Node,
				Message: fmt.Sprintf("%d:%d: %s", c.At.Line, c.At.Column, c.Message)}
		case c.Convert != 0:
			fc.Code, fc.Name = c.Convert.String(), c.Convert.String()
		case c.Code == 0:
			fc.Code, fc.Name = "ff", "ff"
		}
		fcs = append(fcs, fc)
	}
	return fcs
}

// fixStream fixes the regular file name tree by tree (check.FixReader),
// writing the output as it goes: into the temporary file that replaces
// name with --in-place (toSpool false), or into a spool for -o, and
// returns what fixFile returns of the file read whole. ok is false when
// the file is to be fixed whole (check.ErrFixWhole: a file to
// refuse, a layout fmt leaves alone, ...); nothing is written then.
func fixStream(e *env, name string, common *commonFlags, opts check.FixOptions, toSpool bool) (r fixResult, ok bool) {
	br, _, closeIn, err := openInput(e, name)
	defer closeIn()
	if err != nil || br == nil {
		// Not readable (reported when read whole), or imported whole.
		return r, false
	}
	var sink io.Writer = io.Discard
	var dest *atomicFile
	var destErr error
	switch {
	case toSpool:
		r.spool = new(spoolWriter)
		sink = r.spool
	case common.inPlace:
		if dest, destErr = createAtomic(name, replaceOnly); destErr == nil {
			sink = dest
		}
	}
	opts.Read = common.readOptions()
	// The changes are rendered as they come, not held: a collection to
	// convert has a few for every game.
	r.fixLines, r.convLines = &changeSpool{name: name, json: common.json}, &changeSpool{name: name, json: common.json}
	n, unchanged, err := check.FixReaderTo(br, sink, opts, r.fixLines.add, r.convLines.add)
	if err != nil {
		r.fixLines.remove()
		r.convLines.remove()
		r.fixLines, r.convLines = nil, nil
		if dest != nil {
			dest.abort()
		}
		if r.spool != nil {
			r.spool.remove()
			r.spool = nil
		}
		if errors.Is(err, check.ErrFixWhole) {
			return r, false
		}
		if r.refused = refusal(err); errors.Is(err, check.ErrLossy) {
			return r, true
		}
		r.refused = ""
		r.err = err
		return r, true
	}
	r.nChanges, r.unchanged = n, unchanged
	switch {
	case toSpool:
		if n == 0 {
			// Nothing to change: the file as it is.
			r.spool.remove()
			r.spool, r.asIs = nil, true
		}
	case unchanged:
		if dest != nil {
			dest.abort()
		}
	case destErr != nil:
		r.writeErr = destErr
	default:
		if err := dest.commit(); err != nil {
			dest.abort()
			r.writeErr = &writeError{err}
			return r, true
		}
		r.written = true
	}
	return r, true
}

// line returns the change as a line of the text output: "FILE: game G
// node N: CODE name: ...", numbered as every message numbers games and
// nodes (games from 1, nodes as sgf tree prints them), as convert's
// changes; a change of a whole game has no node, of the whole file
// neither.
func (c fixChange) line(name string) string {
	var b strings.Builder
	b.WriteString(name)
	b.WriteString(": ")
	if c.Tree >= 0 {
		fmt.Fprintf(&b, "game %d", c.Tree+1)
		if c.Node >= 0 {
			fmt.Fprintf(&b, " node %d", c.Node)
		}
		b.WriteString(": ")
	}
	b.WriteString(c.Code)
	if c.Name != "" && c.Name != c.Code {
		fmt.Fprintf(&b, " %s", c.Name)
	}
	b.WriteString(": ")
	switch {
	case c.Before != "" && c.After != "":
		fmt.Fprintf(&b, "%s -> %s", quoteChange(c.Before), quoteChange(c.After))
	case c.Before != "":
		fmt.Fprintf(&b, "deleted %s", quoteChange(c.Before))
	case c.After != "":
		fmt.Fprintf(&b, "added %s", quoteChange(c.After))
	}
	if c.Message != "" {
		if c.Before != "" || c.After != "" {
			b.WriteString(" ")
		}
		fmt.Fprintf(&b, "(%s)", c.Message)
	}
	b.WriteString("\n")
	return b.String()
}

// quoteChange keeps a change on one line: line breaks are shown as \n.
func quoteChange(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	return strings.NewReplacer("\r", `\r`, "\n", `\n`).Replace(s)
}

func writeFixJSON(w io.Writer, first bool, name string, r fixResult) {
	b := appendFileObject(make([]byte, 0, 256), first, name)
	b = appendBoolField(b, `,"written":`, r.written || r.err == nil && r.writeErr == nil && r.refused == "" && !r.unchanged)
	if r.refused != "" {
		b = appendStringField(b, `,"refused":`, r.refused)
	}
	if r.err != nil {
		b = appendErrorField(b, r.err)
	}
	changes := r.changes
	streamed := r.writeErr == nil
	if r.writeErr != nil {
		b = appendErrorField(b, &writeError{r.writeErr})
		changes = nil // not written: nothing changed
	}
	b = appendJSONList(append(b, `,"changes":[`...), changes, appendChangeJSON)
	if streamed && r.fixLines != nil {
		w.Write(b)
		b = b[:0]
		r.fixLines.writeTo(w)
		if r.fixLines.n > 0 && r.convLines.n > 0 {
			w.Write([]byte{','})
		}
		r.convLines.writeTo(w)
	}
	b = append(b, "]}"...)
	w.Write(b)
}

// appendChangeJSON appends the JSON object of a change.
func appendChangeJSON(b []byte, c fixChange) []byte {
	b = appendStringField(b, `{"code":`, c.Code)
	b = appendStringField(b, `,"name":`, c.Name)
	b = appendIntField(b, `,"tree":`, c.Tree)
	b = appendIntField(b, `,"node":`, c.Node)
	b = appendStringField(b, `,"property":`, c.Property)
	b = appendStringField(b, `,"before":`, c.Before)
	b = appendStringField(b, `,"after":`, c.After)
	if c.Message != "" {
		b = appendStringField(b, `,"message":`, c.Message)
	}
	return append(b, '}')
}

// changeSpool renders the changes of a file fixed tree by tree as they
// come: as the lines of the text output, or as the JSON objects of
// --json, comma-separated, in a spool (spoolWriter).
type changeSpool struct {
	name string
	json bool
	n    int
	buf  []byte
	out  spoolWriter
}

func (s *changeSpool) add(c check.Change) {
	fc := fixChanges([]check.Change{c})[0]
	if s.json {
		if s.n > 0 {
			s.buf = append(s.buf, ',')
		}
		s.buf = appendChangeJSON(s.buf, fc)
	} else {
		s.buf = append(s.buf, fc.line(s.name)...)
	}
	s.n++
	if len(s.buf) >= 64<<10 {
		s.out.Write(s.buf)
		s.buf = s.buf[:0]
	}
}

// writeTo writes the changes rendered to w.
func (s *changeSpool) writeTo(w io.Writer) {
	if s == nil {
		return
	}
	s.out.writeTo(w)
	w.Write(s.buf)
}

// remove drops the spool.
func (s *changeSpool) remove() {
	if s != nil {
		s.out.remove()
	}
}

type fixSummary struct {
	files, fixed, unchanged, refused, unreadable, notWritten, changes int
}

func (s *fixSummary) add(r fixResult) {
	s.files++
	switch {
	case r.err != nil:
		s.unreadable++
	case r.writeErr != nil:
		s.notWritten++
		return // its changes were not made
	case r.refused != "":
		s.refused++
	case r.unchanged:
		s.unchanged++
	default:
		s.fixed++
	}
	s.changes += r.nChanges
}

func (s *fixSummary) String() string {
	line := fmt.Sprintf("fixed %s (%s): %d unchanged, %d refused, %d unreadable",
		plural(s.fixed, "file"), plural(s.changes, "change"), s.unchanged, s.refused, s.unreadable)
	if s.notWritten > 0 {
		line += fmt.Sprintf(", %d not written", s.notWritten)
	}
	return line
}

func (s *fixSummary) json() string {
	return fmt.Sprintf(`{"files":%d,"fixed":%d,"unchanged":%d,"refused":%d,"unreadable":%d,"changes":%d,"not_written":%d}`,
		s.files, s.fixed, s.unchanged, s.refused, s.unreadable, s.changes, s.notWritten)
}
