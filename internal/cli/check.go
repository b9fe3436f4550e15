package cli

import (
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/sgf-toolkit/sgf/check"
	"github.com/sgf-toolkit/sgf/diag"
	"github.com/sgf-toolkit/sgf/syntax"
)

func init() {
	register(&command{
		name:    "check",
		summary: "report problems in SGF files",
		usage:   "check [flags] PATH...",
		doc: `Check reads each file and prints one line for each problem found:

    FILE:LINE:COLUMN: SEVERITY CODE: MESSAGE

with " (critical)" at the end when information may be lost or misread.
SEVERITY is warning (readable as it is), error (breaks the specification;
a recovery was made) or fatal (reading stopped there). Lines and columns
count from 1, columns in bytes. A summary line follows on standard error.

The checks are those of the syntax layer (codes S..) and the rules of
package check (codes C..: values, properties in the wrong node, game-info,
a replay of Go and Hex games), each with the number of the equivalent SGFC
message where there is one. --strict adds SGFC's restrictive checks (-r).
'sgf check --explain CODE' prints what a rule checks and why.

A file in UTF-16 or UTF-32 is decoded to UTF-8 before it is checked, and
reported once (C47); its lines and columns then refer to the decoded text.

--quirks NAME reads the habits of known producers their way: what the
profile explains is not reported (and 'sgf fix' rewrites it as FF[4]).
The profiles are listed below; "auto" picks them for each game tree by AP
and by shape.

--jsonl prints one JSON object a line, a diagnostic with its "file" (or
{"file", "error"} for a file that could not be read). --sarif prints one
SARIF 2.1.0 log for code scanning in CI: one run, every rule with its
documentation, and a result for each diagnostic with its file, startLine
and startColumn (columns in code points, as the run's columnKind says).
Like the other outputs it reads a file tree by tree; it counts the columns
in the text of each tree (those of the text after the last tree in a
second reading of the file), and holds the results until the end
(standard input is read whole). A file in UTF-16, UTF-32 or ISO-2022-JP
too: its columns are counted in the decoded text, which the lines and
offsets refer to.

With --json the output is one JSON object instead:

    {"files": [{"file": "a.sgf", "diagnostics": [
        {"code": "S07", "name": "empty-variation", "sgfc": 12,
         "severity": "error", "critical": false,
         "offset": 8, "line": 1, "column": 9, "tree": 0, "node": -1,
         "message": "empty variation \"()\" (ignored)"}]}],
     "summary": {"files": 1, "unreadable": 0, "errors": 1, "warnings": 0,
                 "critical": 0, "codes": {"S07": 1}}}

"files" are in the order of the arguments; "offset" counts bytes from 0;
"tree" counts the game trees from 0 (game 1 of the messages of 'sgf fix',
'sgf convert' and 'sgf show' is tree 0), "node" is the node's number as
'sgf tree' prints it (pre-order from 0); both are -1 outside any game tree
or node; "sgfc" is 0 where
SGFC has no equivalent message. A file that could not be read has an
"error" string and no diagnostics. "errors" counts errors and fatal ones.
Codes are stable: new ones are added, meanings never change.`,
		examples: `$ sgf check game.sgf              # one file
$ sgf check games/                # every *.sgf below games/
$ sgf check --disable S16,S11 .   # ignore lowercase and long identifiers
$ cat game.sgf | sgf check -      # standard input
$ sgf check --json games/ > report.json
$ sgf check --strict --sarif . > sgf.sarif   # for code scanning in CI
$ sgf check --quirks auto fox-games/      # Fox's KM[750] is 7.5, not a fault
$ sgf check --explain C48                 # what a rule checks`,
		exit: `0  no errors (warnings allowed)
1  errors found (severity error or fatal), in any file
2  usage error, or a file could not be read (this wins over 1)`,
		extra:  codeList,
		shared: flagsWalk | flagJSON | flagOutput | flagCharset | flagQuirks,
		setup:  setupCheck,
	})
}

func codeList() string {
	var b strings.Builder
	b.WriteString("Quirk profiles (for --quirks; codes they explain):\n\n")
	for _, p := range check.Profiles() {
		var codes []string
		for _, c := range p.Codes {
			codes = append(codes, c.String())
		}
		fmt.Fprintf(&b, "    %s (%s)\n%s\n", p.Name, strings.Join(codes, ", "), indent(indent(wrap(p.Doc, 64))))
	}
	b.WriteString("    auto\n        the profiles of each game tree, by AP and by shape\n\n")
	b.WriteString("Codes (for --disable, by code or name):\n\n")
	for _, c := range allCodes {
		sgfc := ""
		if c.SGFC() != 0 {
			sgfc = fmt.Sprintf("SGFC %d", c.SGFC())
		}
		fmt.Fprintf(&b, "    %-5s %-31s %-8s %s\n", c, c.Name(), sgfc, firstSentence(c.Doc()))
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// firstSentence returns s up to the end of its first sentence or line.
func firstSentence(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	if i := strings.Index(s, ". "); i >= 0 {
		s = s[:i+1]
	}
	return s
}

type checkResult struct {
	diags diag.List
	err   error  // the file could not be read
	src   []byte // the text checked, for --sarif's columns
}

func setupCheck(fs *flag.FlagSet, common *commonFlags) func(*env, []string) int {
	asJSON := &common.json
	var disable listFlag
	fs.Var(&disable, "disable", "do not report `CODE`; repeat the flag or give a comma-separated list")
	strict := fs.Bool("strict", false, "add the restrictive checks of SGFC's -r (C37-C40: several game trees,\nHA and setup stones, setup in the main line, two moves of one colour)\nand make the warnings of C08, C16, C19, C20, C25, C31, C35, C45, C46 errors")
	explain := fs.String("explain", "", "print the documentation of the rule `CODE` (S.. or C.., or its name) and exit")
	sarif := fs.Bool("sarif", false, "print one SARIF 2.1.0 log (for code-scanning in CI) instead of text")
	jsonl := fs.Bool("jsonl", false, "print JSON Lines: one diagnostic object a line, with its \"file\"")
	var opts check.Options
	sgfcFlags(fs, &opts)
	superko := fs.String("superko", "rules", "the superko rule of C55: `RULE` is rules (each game's RU: Chinese\npositional, AGA and NZ situational, Japanese and Korean none, others\npositional), positional, situational or none")
	return func(e *env, args []string) int {
		if *explain != "" {
			return explainCode(e, *explain)
		}
		if countTrue(*asJSON, *sarif, *jsonl) > 1 {
			return e.usageError("--json, --jsonl and --sarif do not go together: choose one output format")
		}
		if len(args) == 0 {
			return e.usageError("no PATH given (use - for standard input)")
		}
		opts.Strict = *strict
		if k, ok := check.ParseSuperko(*superko); ok {
			opts.Superko = k
		} else {
			return e.usageError("--superko %s: not a superko rule (rules, positional, situational or none)", *superko)
		}
		var silenced []string
		opts.Quirks, opts.AutoQuirks, silenced = quirkSettings(common)
		disabled := diag.Set{}
		for _, s := range silenced {
			if c, ok := diag.Lookup(s); ok {
				disabled[c] = true
			}
		}
		for _, s := range disable {
			c, ok := diag.Lookup(s)
			if !ok {
				return e.usageError("--disable %s: unknown code (the list is in 'sgf help check')", s)
			}
			disabled[c] = true
		}
		// An input read whole (checkUnit.readWhole): u.whole is what was
		// read of it, an import, or nil to read it here.
		checkWhole := func(u checkUnit) (r checkResult) {
			defer catch(&r.err)
			src, err := u.whole, u.err
			if err == nil {
				err = u.in.err
			}
			if err == nil && src == nil {
				src, err = readInput(e, u.in.name)
			}
			if err != nil {
				return checkResult{err: err}
			}
			// text is what the offsets refer to: a file in UTF-16,
			// UTF-32 or ISO-2022-JP decoded, as check read it.
			ds, text := checkFile(u.in.name, src, common, &opts)
			r.diags = e.withImport(u.in.name, ds, disabled)
			if *sarif {
				r.src = text
			}
			return r
		}
		opts.Disable = disabled
		p := &checkPrinter{e: e, json: *asJSON, jsonl: *jsonl, sarif: *sarif}
		p.sum.codes = map[string]int{}
		sum, log := &p.sum, &p.log
		units := &checkUnits{e: e, walk: common.walker(args).next, opts: opts,
			whole: func(in input) bool { return *sarif && !sarifStreams(in.name) || overLimit(e, in.name) }}
		units.opts.Read = common.readOptions()
		if common.workers() > 1 {
			units.ahead = new(readAhead)
		}
		work := func(u checkUnit) checkTreeResult { return runCheckUnit(u, checkWhole) }
		if *asJSON {
			e.stdout.WriteString(`{"files":[`)
		}
		eachUnit(e, common, args, units.next, func(u checkUnit) unitOf { return unitOf{u.in, u.last} }, work, p.emit)
		switch {
		case *asJSON:
			if sum.files > 0 {
				e.stdout.WriteString("\n")
			}
			e.stdout.WriteString(`],"summary":`)
			e.stdout.Write(sum.appendJSON(nil))
			e.stdout.WriteString("}\n")
		case *sarif:
			log.write(e.stdout)
		}
		if !*asJSON && !*sarif && !common.quiet {
			e.stdout.Flush()
			fmt.Fprintln(e.stderr, sum.String())
		}
		switch {
		case sum.unreadable > 0:
			return exitFailure
		case sum.errors > 0:
			return exitProblems
		}
		return exitOK
	}
}

// sarifStreams reports whether --sarif reads the input name tree by tree,
// counting the columns of its results in code points in the text of each
// tree (sarifLog.addPart; those it does not give at its end, in a second
// reading): a regular file (one in UTF-16, UTF-32 or ISO-2022-JP too,
// whose trees' text is the decoded text, decoded again for the second
// reading). Other inputs are read whole.
func sarifStreams(name string) bool { return isRegular(name) }

// explainCode prints the documentation of one code for --explain.
func explainCode(e *env, s string) int {
	c, ok := diag.Lookup(s)
	if !ok {
		return e.usageError("--explain %s: unknown code (the list is in 'sgf help check')", s)
	}
	fmt.Fprintf(e.stdout, "%s %s", c, c.Name())
	if c.SGFC() != 0 {
		fmt.Fprintf(e.stdout, " (SGFC message %d)", c.SGFC())
	}
	fmt.Fprintf(e.stdout, ", reported by the %s checker\n\n", c.Reporter())
	fmt.Fprintf(e.stdout, "%s\n", indent(wrap(c.Doc(), 72)))
	var qs []string
	for _, p := range check.Profiles() {
		if slices.Contains(p.Codes, c) {
			qs = append(qs, p.Name)
		}
	}
	if len(qs) > 0 {
		fmt.Fprintf(e.stdout, "\nQuirk profiles that read it the producer's way: %s (see 'sgf help check').\n", strings.Join(qs, ", "))
	}
	return exitOK
}

// wrap breaks s into lines of at most width bytes at spaces.
func wrap(s string, width int) string {
	var b strings.Builder
	n := 0
	for i, w := range strings.Fields(s) {
		if i > 0 {
			if n+1+len(w) > width {
				b.WriteByte('\n')
				n = 0
			} else {
				b.WriteByte(' ')
				n++
			}
		}
		b.WriteString(w)
		n += len(w)
	}
	return b.String()
}

// checkFile returns the diagnostics of one file as check.All reads and
// merges them, with the reading the shared flags ask for (--charset,
// limits), and the text their positions refer to (check.AllText).
func checkFile(name string, src []byte, common *commonFlags, opts *check.Options) (diag.List, []byte) {
	o := *opts
	o.Read = common.readOptions()
	if checkHook != nil {
		f, _ := parseAsRead(src, common)
		checkHook(name, f)
	}
	return check.AllText(src, o)
}

// appendDiagnostic appends the line "file:line:col: severity CODE: message"
// (without ":line:col" when there is no position). A report can have
// hundreds of thousands: no fmt.
func appendDiagnostic(b []byte, name string, d diag.Diagnostic) []byte {
	b = append(b, name...)
	if d.Line > 0 {
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(d.Line), 10)
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(d.Column), 10)
	}
	b = append(b, ": "...)
	b = append(b, d.Severity.String()...)
	b = append(b, ' ')
	b = append(b, d.Code.String()...)
	b = append(b, ": "...)
	b = append(b, d.Message...)
	if d.Critical {
		b = append(b, " (critical)"...)
	}
	return append(b, '\n')
}

func appendDiagnosticJSON(b []byte, d diag.Diagnostic) []byte {
	b = appendStringField(b, `{"code":`, d.Code.String())
	b = appendStringField(b, `,"name":`, d.Code.Name())
	b = appendIntField(b, `,"sgfc":`, d.Code.SGFC())
	b = appendStringField(b, `,"severity":`, d.Severity.String())
	b = appendBoolField(b, `,"critical":`, d.Critical)
	b = appendIntField(b, `,"offset":`, d.Offset)
	b = appendIntField(b, `,"line":`, d.Line)
	b = appendIntField(b, `,"column":`, d.Column)
	b = appendIntField(b, `,"tree":`, d.Tree)
	b = appendIntField(b, `,"node":`, d.Node)
	b = appendStringField(b, `,"message":`, d.Message)
	b = appendStringField(b, `,"property":`, d.Property)
	b = appendBoolField(b, `,"fixable":`, d.Fix != nil)
	return append(b, '}')
}

// writeCheckJSONL prints the diagnostics of one file as JSON Lines: each
// the object of --json with "file" first; a file that could not be read
// is one line {"file": ..., "error": ...}.
func writeCheckJSONL(w io.Writer, name string, r checkResult) {
	b := make([]byte, 0, 256)
	if r.err != nil {
		b = appendJSONFile(append(b, `{"file":`...), name)
		b = append(appendErrorField(b, r.err), "}\n"...)
	}
	for _, d := range r.diags {
		b = append(b, `{"file":`...)
		b = appendJSONFile(b, name)
		b = append(b, ',')
		n := len(b)
		b = appendDiagnosticJSON(b, d)
		b = append(b[:n], b[n+1:]...) // the object's fields after "file"
		b = append(b, '\n')
	}
	w.Write(b)
}

// checkSummary counts what "sgf check" found.
type checkSummary struct {
	files, unreadable          int
	errors, warnings, critical int
	codes                      map[string]int // by the code as printed: sortedCodes adds counts to it
	counts                     []codeCount    // by code, as addDiags counts them
}

// codeCount is the number of diagnostics of a code.
type codeCount struct {
	code diag.Code
	n    int
}

func (s *checkSummary) add(r checkResult) {
	s.files++
	if r.err != nil {
		s.unreadable++
	}
	s.addDiags(r.diags)
}

// addDiags counts diagnostics.
func (s *checkSummary) addDiags(ds diag.List) {
	for i := range ds {
		d := &ds[i]
		if d.Severity >= syntax.Error {
			s.errors++
		} else {
			s.warnings++
		}
		if d.Critical {
			s.critical++
		}
		s.count(d.Code)
	}
}

// count counts a diagnostic of code c: a look along the few codes
// counted so far, not a map's assignment by the code's string for each
// diagnostic (64,818 of them on the standard collection).
func (s *checkSummary) count(c diag.Code) {
	for i := range s.counts {
		if s.counts[i].code == c {
			s.counts[i].n++
			return
		}
	}
	s.counts = append(s.counts, codeCount{c, 1})
}

// sortedCodes returns the codes found as printed, sorted; s.codes then
// holds the number of each.
func (s *checkSummary) sortedCodes() []string {
	if s.codes == nil {
		s.codes = map[string]int{}
	}
	for _, cc := range s.counts {
		s.codes[cc.code.String()] += cc.n
	}
	s.counts = s.counts[:0]
	return slices.Sorted(maps.Keys(s.codes))
}

// plural returns n and the noun one, in the plural unless n is 1: "2
// games", "3 properties" (a y after a consonant becomes ies).
func plural(n int, one string) string {
	if n == 1 {
		return "1 " + one
	}
	if k := len(one); k >= 2 && one[k-1] == 'y' && !strings.ContainsRune("aeiou", rune(one[k-2])) {
		return strconv.Itoa(n) + " " + one[:k-1] + "ies"
	}
	return strconv.Itoa(n) + " " + one + "s"
}

// String returns the summary line:
// "checked 3 files: 2 errors, 1 warning (1 critical); S07 2, S16 1".
func (s *checkSummary) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "checked %s", plural(s.files, "file"))
	if s.unreadable > 0 {
		fmt.Fprintf(&b, " (%d unreadable)", s.unreadable)
	}
	fmt.Fprintf(&b, ": %s, %s", plural(s.errors, "error"), plural(s.warnings, "warning"))
	if s.critical > 0 {
		fmt.Fprintf(&b, " (%d critical)", s.critical)
	}
	for i, c := range s.sortedCodes() {
		sep := ", "
		if i == 0 {
			sep = "; "
		}
		fmt.Fprintf(&b, "%s%s %d", sep, c, s.codes[c])
	}
	return b.String()
}

func (s *checkSummary) appendJSON(b []byte) []byte {
	b = fmt.Appendf(b, `{"files":%d,"unreadable":%d,"errors":%d,"warnings":%d,"critical":%d,"codes":{`,
		s.files, s.unreadable, s.errors, s.warnings, s.critical)
	for i, c := range s.sortedCodes() {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, c)
		b = fmt.Appendf(b, ":%d", s.codes[c])
	}
	return append(b, "}}"...)
}
