package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

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

For now the checks are those of the syntax layer (codes S01 to S19, each
with the number of the equivalent SGFC message).

With --json the output is one JSON object instead:

    {"files": [{"file": "a.sgf", "diagnostics": [
        {"code": "S07", "name": "empty-variation", "sgfc": 12,
         "severity": "error", "critical": false,
         "offset": 8, "line": 1, "column": 9, "tree": 0, "node": -1,
         "message": "empty variation \"()\" (ignored)"}]}],
     "summary": {"files": 1, "unreadable": 0, "errors": 1, "warnings": 0,
                 "critical": 0, "codes": {"S07": 1}}}

"files" are in the order of the arguments; "offset" counts bytes from 0;
"tree" and "node" are -1 outside any game tree or node; "sgfc" is 0 where
SGFC has no equivalent message. A file that could not be read has an
"error" string and no diagnostics. "errors" counts errors and fatal ones.
Codes are stable: new ones are added, meanings never change.`,
		examples: `$ sgf check game.sgf              # one file
$ sgf check games/                # every *.sgf below games/
$ sgf check --disable S16,S11 .   # ignore lowercase and long identifiers
$ cat game.sgf | sgf check -      # standard input
$ sgf check --json games/ > report.json`,
		exit: `0  no errors (warnings allowed)
1  errors found (severity error or fatal), in any file
2  usage error, or a file could not be read (this wins over 1)`,
		extra: codeList,
		setup: setupCheck,
	})
}

func codeList() string {
	var b strings.Builder
	b.WriteString("Codes (for --disable, by code or name):\n\n")
	for _, ch := range checkers {
		for _, c := range ch.Codes {
			sgfc := ""
			if c.SGFC != 0 {
				sgfc = fmt.Sprintf("SGFC %d", c.SGFC)
			}
			fmt.Fprintf(&b, "    %-5s %-31s %-8s %s\n", c.Code, c.Name, sgfc, firstSentence(c.Doc))
		}
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
	diags []diagnostic
	err   error // the file could not be read
}

func setupCheck(fs *flag.FlagSet) func(*env, []string) int {
	var common commonFlags
	common.defineShared(fs, flagsWalk|flagJSON|flagOutput|flagCharset|flagQuirks)
	asJSON := &common.json
	var disable listFlag
	fs.Var(&disable, "disable", "do not report `CODE`; repeat the flag or give a comma-separated list")
	for _, ch := range checkers {
		if ch.Flags != nil {
			ch.Flags(fs)
		}
	}
	return func(e *env, args []string) int {
		if code := common.check(e); code != exitOK {
			return code
		}
		if len(args) == 0 {
			return e.usageError("no PATH given (use - for standard input)")
		}
		disabled := map[string]bool{}
		for _, c := range common.quirkCodes() {
			disabled[c] = true
		}
		for _, s := range disable {
			c, ok := lookupCode(s)
			if !ok {
				return e.usageError("--disable %s: unknown code (the list is in 'sgf help check')", s)
			}
			disabled[c] = true
		}
		work := func(in input) (r checkResult) {
			defer catch(&r.err)
			if in.err != nil {
				return checkResult{err: in.err}
			}
			src, err := readInput(e, in.name)
			if err != nil {
				return checkResult{err: err}
			}
			return checkResult{diags: checkFile(in.name, src, common.syntaxOptions(), disabled)}
		}
		var sum checkSummary
		sum.codes = map[string]int{}
		emit := func(in input, r checkResult) {
			name := in.name
			if *asJSON {
				writeCheckJSON(e.stdout, sum.files == 0, name, r)
			}
			sum.add(r)
			if *asJSON {
				return
			}
			if r.err != nil {
				e.errorf("%s: %s", name, describeError(r.err))
				return
			}
			for _, d := range r.diags {
				writeDiagnostic(e.stdout, name, d)
			}
		}
		if *asJSON {
			e.stdout.WriteString(`{"files":[`)
		}
		eachInput(e, &common, args, work, emit)
		if *asJSON {
			if sum.files > 0 {
				e.stdout.WriteString("\n")
			}
			e.stdout.WriteString(`],"summary":`)
			e.stdout.Write(sum.appendJSON(nil))
			e.stdout.WriteString("}\n")
		} else if !common.quiet {
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

// checkFile parses src and runs every checker on it. The diagnostics are
// sorted by offset (stable, so that each checker's order is kept), without
// the disabled codes.
func checkFile(name string, src []byte, opts *syntax.Options, disabled map[string]bool) []diagnostic {
	f, err := syntax.Parse(src, opts)
	var ds []diagnostic
	for _, ch := range checkers {
		for _, d := range ch.Run(name, f) {
			if !disabled[d.Code] {
				ds = append(ds, d)
			}
		}
	}
	// A fatal error is also a diagnostic of the file; keep it even if the
	// syntax layer ever stops listing it.
	var pe *syntax.ParseError
	if errors.As(err, &pe) && !slices.ContainsFunc(f.Diagnostics, func(d syntax.Diagnostic) bool { return d == pe.Diagnostic }) {
		if d := fromSyntax(pe.Diagnostic); !disabled[d.Code] {
			ds = append(ds, d)
		}
	}
	if len(checkers) > 1 {
		slices.SortStableFunc(ds, func(a, b diagnostic) int {
			switch {
			case a.Offset < b.Offset:
				return -1
			case a.Offset > b.Offset:
				return 1
			}
			return 0
		})
	}
	return ds
}

// writeDiagnostic prints "file:line:col: severity CODE: message".
func writeDiagnostic(w io.Writer, name string, d diagnostic) {
	crit := ""
	if d.Critical {
		crit = " (critical)"
	}
	if d.Line > 0 {
		fmt.Fprintf(w, "%s:%d:%d: %s %s: %s%s\n", name, d.Line, d.Column, d.Severity, d.Code, d.Message, crit)
	} else {
		fmt.Fprintf(w, "%s: %s %s: %s%s\n", name, d.Severity, d.Code, d.Message, crit)
	}
}

func writeCheckJSON(w io.Writer, first bool, name string, r checkResult) {
	b := make([]byte, 0, 256)
	if !first {
		b = append(b, ',')
	}
	b = append(b, "\n{\"file\":"...)
	b = appendJSONString(b, name)
	if r.err != nil {
		b = append(b, `,"error":`...)
		b = appendJSONString(b, describeError(r.err))
	}
	b = append(b, `,"diagnostics":[`...)
	for i, d := range r.diags {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendDiagnosticJSON(b, d)
	}
	b = append(b, "]}"...)
	w.Write(b)
}

func appendJSONString(dst []byte, s string) []byte {
	return syntax.AppendJSONString(dst, []byte(s))
}

func appendDiagnosticJSON(b []byte, d diagnostic) []byte {
	b = append(b, `{"code":`...)
	b = appendJSONString(b, d.Code)
	b = append(b, `,"name":`...)
	b = appendJSONString(b, d.Name)
	b = append(b, `,"sgfc":`...)
	b = strconv.AppendInt(b, int64(d.SGFC), 10)
	b = append(b, `,"severity":`...)
	b = appendJSONString(b, d.Severity.String())
	b = append(b, `,"critical":`...)
	b = strconv.AppendBool(b, d.Critical)
	b = append(b, `,"offset":`...)
	b = strconv.AppendInt(b, d.Offset, 10)
	b = append(b, `,"line":`...)
	b = strconv.AppendInt(b, int64(d.Line), 10)
	b = append(b, `,"column":`...)
	b = strconv.AppendInt(b, int64(d.Column), 10)
	b = append(b, `,"tree":`...)
	b = strconv.AppendInt(b, int64(d.Tree), 10)
	b = append(b, `,"node":`...)
	b = strconv.AppendInt(b, int64(d.Node), 10)
	b = append(b, `,"message":`...)
	b = appendJSONString(b, d.Message)
	return append(b, '}')
}

// checkSummary counts what "sgf check" found.
type checkSummary struct {
	files, unreadable          int
	errors, warnings, critical int
	codes                      map[string]int
}

func (s *checkSummary) add(r checkResult) {
	s.files++
	if r.err != nil {
		s.unreadable++
	}
	for _, d := range r.diags {
		if d.Severity >= syntax.Error {
			s.errors++
		} else {
			s.warnings++
		}
		if d.Critical {
			s.critical++
		}
		s.codes[d.Code]++
	}
}

func (s *checkSummary) sortedCodes() []string {
	codes := make([]string, 0, len(s.codes))
	for c := range s.codes {
		codes = append(codes, c)
	}
	slices.Sort(codes)
	return codes
}

func plural(n int, one string) string {
	if n == 1 {
		return "1 " + one
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
