package cli

// Flags are parsed with the standard library's flag package, one FlagSet per
// subcommand. The choice is deliberate: it costs no dependency (a command
// framework such as cobra would bring several, for a CLI whose needs are
// simple: booleans, numbers, strings and a repeatable list), and the
// registry below (one file per command, registering itself) gives what such
// a framework would: "sgf help", "sgf CMD --help", shell completion and the
// man page, all generated from the same table. Three things are added on top
// of the flag package: flags are accepted after paths as well as before them
// (parseArgs); the flags that mean the same on every command are defined
// once, by commonFlags.defineShared, so that every command spells and
// explains them the same way; and help prints them in the "--name VALUE"
// style (printFlags).

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/syntax"
)

// Exit codes of every subcommand.
const (
	exitOK       = 0 // success; for check: no errors (warnings allowed)
	exitProblems = 1 // problems found in the input: errors, or a file refused
	exitFailure  = 2 // usage error, or a file could not be read or written
)

// A command is a subcommand of sgf. Each lives in a file of its own and adds
// itself to the table with register in that file's init function.
type command struct {
	name     string        // as typed: "check"
	summary  string        // one line for "sgf help", lowercase, no final period
	usage    string        // synopsis without "sgf ": "check [flags] PATH..."
	doc      string        // what the command does, in paragraphs
	examples string        // lines of "$ sgf ..." with a comment each
	exit     string        // the exit status, when it says more than the general rule
	extra    func() string // more help made at run time, printed last; may be nil

	// outputDir is set for a command that writes each input to a folder
	// given with -o DIR itself (isOutputDir): -o is then not one file.
	outputDir bool

	// args, if not nil, lists the words the first positional argument can
	// be, for shell completion ("sgf help CHECK", "sgf completion bash").
	// A command whose usage has PATH completes file names instead.
	args func() []string

	// shared are the shared flags the command takes: they are defined
	// (commonFlags.defineShared) before setup is called, and their values
	// checked (commonFlags.check) before the command runs.
	shared sharedFlag

	// paths is set on a command that needs a PATH: without one it is a
	// usage error, said once the shared flags are checked.
	paths bool

	// setup defines the command's own flags on fs and returns the function
	// that runs the command on the positional arguments once flags are
	// parsed; common holds the values of the shared flags.
	setup func(fs *flag.FlagSet, common *commonFlags) func(e *env, args []string) int
}

var commands = map[string]*command{}

// register adds a command to the table. It panics on a duplicate name, which
// is a programming error found by any test.
func register(c *command) {
	if _, dup := commands[c.name]; dup {
		panic("cli: command registered twice: " + c.name)
	}
	commands[c.name] = c
}

// commandNames returns the names of the commands in sorted order.
func commandNames() []string { return slices.Sorted(maps.Keys(commands)) }

// flagSet returns the FlagSet of c with every flag of c defined, the
// values of its shared flags, and the function that runs it.
func (c *command) flagSet() (*flag.FlagSet, *commonFlags, func(e *env, args []string) int) {
	fs := newFlagSet(c.name)
	common := new(commonFlags)
	common.defineShared(fs, c.shared)
	return fs, common, c.setup(fs, common)
}

// flagsOf returns the flags of c in sorted order, as its setup defines them.
func flagsOf(c *command) []*flag.Flag {
	fs, _, _ := c.flagSet()
	var flags []*flag.Flag
	fs.VisitAll(func(f *flag.Flag) { flags = append(flags, f) })
	return flags
}

// env is what a running command writes to and reads from.
type env struct {
	cmd    string // the subcommand's name, for messages
	stdin  io.Reader
	stdout *bufio.Writer
	stderr io.Writer

	screen *screen // the terminal's progress line; never nil
	failed bool    // a usage error was reported: -o leaves its file alone

	// unreadableDirs counts the folders a walk could not read (eachUnit):
	// reported, counted as no file, and exit status 2.
	unreadableDirs int

	// failures counts the failures reported with failf (a file that
	// could not be read or written; eachFile): exit status 2.
	failures int

	// problems is set once a problem of the input was reported with
	// problemf: exit status 1, unless 2.
	problems bool

	// imports reads GIB, NGF and UGF inputs as SGF (imports.go); nil for
	// a command without --from
	imports *importer

	// maxRead is --max-bytes: readInput reads no more than one byte
	// beyond it (0: no limit)
	maxRead int64

	// terminal is standard output while -o FILE takes stdout's place
	// (runToFile), for a report that belongs there and not in the file
	// (convert --json); nil otherwise.
	terminal *bufio.Writer
}

// errorf prints one line "sgf CMD: message" on standard error, after what is
// already written to standard output, so that the two stay in order on a
// terminal. A progress line is cleared first.
func (e *env) errorf(format string, args ...any) {
	e.stdout.Flush()
	msg := fmt.Sprintf("sgf %s: %s\n", e.cmd, fmt.Sprintf(format, args...))
	e.screen.print(e.stderr, msg)
}

// failf reports a failure as errorf does (a file that could not be read
// or written): the exit status is then 2, which it returns.
func (e *env) failf(format string, args ...any) int {
	e.errorf(format, args...)
	e.failures++
	return exitFailure
}

// problemf reports a problem of the input as errorf does: the exit status
// is then 1, unless it is 2. It returns exitProblems.
func (e *env) problemf(format string, args ...any) int {
	e.errorf(format, args...)
	e.problems = true
	return exitProblems
}

// usageError reports a usage error and returns exitFailure.
func (e *env) usageError(format string, args ...any) int {
	e.stdout.Flush()
	e.failed = true
	msg := fmt.Sprintf("sgf %s: %s\nrun 'sgf help %s' for usage\n", e.cmd, fmt.Sprintf(format, args...), e.cmd)
	e.screen.print(e.stderr, msg)
	return exitFailure
}

// Main runs the sgf command with the arguments after the program name and
// returns the exit status: 0 success, 1 problems found in the input, 2 usage
// or I/O failure.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	sc := newScreen(stdout, stderr)
	out := bufio.NewWriterSize(sc.stdoutWriter(stdout), 64<<10)
	code := run(args, stdin, out, stderr, sc)
	if err := out.Flush(); err != nil && !errors.Is(err, fs.ErrClosed) && !errors.Is(err, syscall.EPIPE) {
		fmt.Fprintf(stderr, "sgf: writing the output: %v\n", err)
		if code == exitOK {
			code = exitFailure
		}
	}
	return code
}

func run(args []string, stdin io.Reader, stdout *bufio.Writer, stderr io.Writer, sc *screen) int {
	if len(args) == 0 {
		stdout.Flush()
		printMainHelp(stderr)
		return exitFailure
	}
	switch args[0] {
	case "-h", "-help", "--help":
		printMainHelp(stdout)
		return exitOK
	case "-version", "--version":
		args = []string{"version"}
	}
	c := commands[args[0]]
	if c == nil {
		stdout.Flush()
		if strings.HasPrefix(args[0], "-") {
			fmt.Fprintf(stderr, "sgf: flag %s before the command; flags go after it, as in 'sgf check --json PATH'\nrun 'sgf help' for usage\n", args[0])
		} else {
			fmt.Fprintf(stderr, "sgf: unknown command %q\nrun 'sgf help' for the list of commands\n", args[0])
		}
		return exitFailure
	}
	e := &env{cmd: c.name, stdin: stdin, stdout: stdout, stderr: stderr, screen: sc}
	fs, common, runCmd := c.flagSet()
	pos, err := parseArgs(fs, args[1:])
	if errors.Is(err, flag.ErrHelp) {
		printCommandHelp(stdout, c)
		return exitOK
	}
	if err != nil {
		return e.usageError("%s\nusage: sgf %s", flagError(err), c.usage)
	}
	if common.inPlace && slices.Contains(pos, "-") {
		return e.usageError(`--in-place cannot rewrite standard input ("-"): give files, or leave out --in-place to write to standard output`)
	}
	if stdinTwice(pos) {
		return e.usageError(`"-" (standard input) given more than once: it can be read only once`)
	}
	// The shared -o is done here for every command; a command that defines
	// a flag -o of its own handles it itself (common.output is then "").
	out := common.output
	run := func() int {
		if code := common.check(e); code != exitOK {
			return code
		}
		if c.paths && len(pos) == 0 {
			return e.usageError("no PATH given (use - for standard input)")
		}
		code := runCmd(e, pos)
		if e.problems {
			code = max(code, exitProblems)
		}
		if e.unreadableDirs > 0 || e.failures > 0 {
			code = max(code, exitFailure)
		}
		return code
	}
	if out == "" || out == "-" || c.outputDir && isOutputDir(out) {
		return run()
	}
	return runToFile(e, out, common.inPlace, run)
}

// flagError rewrites an error of package flag in the words of sgf: "unknown
// flag --bogus" for "flag provided but not defined: -bogus", and flags
// named with two dashes as 'sgf help' writes them.
func flagError(err error) string {
	msg := err.Error()
	dashed := func(name string) string { return flagName(strings.TrimLeft(name, "-")) }
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
		return "unknown flag " + dashed(name)
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: "); ok {
		return "flag " + dashed(name) + " needs a value"
	}
	if rest, ok := strings.CutPrefix(msg, "invalid value "); ok {
		// invalid value "x" for flag -top: parse error
		if i := strings.Index(rest, " for flag -"); i >= 0 {
			name, why, _ := strings.Cut(rest[i+len(" for flag -"):], ": ")
			return dashed(name) + " " + strings.Trim(rest[:i], `"`) + ": " + why
		}
	}
	return msg
}

// runToFile runs a command whose standard output goes to the file name
// (-o FILE). The output is written to a temporary file beside it, which
// replaces the file only when the command has run and all was written; on
// a usage error or a failed write the file is left as it was.
func runToFile(e *env, name string, inPlace bool, runCmd func() int) int {
	if inPlace {
		return e.usageError("-o and --in-place do not go together: --in-place rewrites each file, -o writes one output")
	}
	af, err := createAtomic(name, false)
	if err != nil {
		return e.failf("%s: %s", name, describeError(&writeError{err}))
	}
	stdout := e.stdout
	e.stdout = bufio.NewWriterSize(af, 64<<10)
	e.terminal = stdout
	code := runCmd()
	err = e.stdout.Flush()
	e.stdout, e.terminal = stdout, nil
	if e.failed && err == nil {
		af.abort()
		return code
	}
	if err == nil {
		err = af.commit()
	}
	if err != nil {
		af.abort()
		return e.failf("%s: %s", name, describeError(&writeError{err}))
	}
	return code
}

// isOutputDir reports whether -o names a folder: one that exists, or a
// path that ends in a path separator.
func isOutputDir(out string) bool {
	if strings.HasSuffix(out, "/") || strings.HasSuffix(out, string(filepath.Separator)) {
		return true
	}
	info, err := os.Stat(out)
	return err == nil && info.IsDir()
}

// newFlagSet returns an empty FlagSet that reports errors to its caller
// rather than printing them.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet("sgf "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parseArgs parses the flags of args wherever they stand, before or after
// paths, and returns the positional arguments in order. After "--" every
// argument is positional.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// sharedFlag names the flags that mean the same on every command. A command
// asks for those it takes with commonFlags.defineShared, and they are then
// spelled, explained, checked and completed the same way everywhere.
type sharedFlag uint16

const (
	flagJSON      sharedFlag = 1 << iota // --json: JSON instead of text
	flagOutput                           // -o FILE: the output to FILE (atomically) instead of standard output
	flagInPlace                          // --in-place: rewrite each input file (atomically)
	flagRecursive                        // --recursive (default true): walk folders into their subfolders
	flagJobs                             // --jobs N: files at a time
	flagQuiet                            // --quiet: no summary, no progress
	flagCharset                          // --charset NAME: decode every game as NAME, whatever CA says
	flagQuirks                           // --quirks LIST: accept these producers' habits silently
	flagSpecial                          // --special: read a FIFO or device named as an argument
	flagFormats                          // --formats sgf|all: the files folders are walked for (imports.go)
	flagFrom                             // --from FORMAT: read every input as FORMAT (imports.go)
	flagLimits                           // --max-bytes, --max-nodes, --max-value, --max-depth (limits.go)

	// flagsWalk are the flags of a command that works on many files.
	flagsWalk = flagRecursive | flagJobs | flagQuiet | flagSpecial | flagFormats | flagFrom | flagLimits
)

// commonFlags holds the values of the shared flags. A command names those
// it takes in its table entry (command.shared); run defines them, hands
// them to the command's setup and checks them before the command runs:
//
//	shared: flagsWalk | flagJSON | flagOutput,
//	setup: func(fs *flag.FlagSet, common *commonFlags) func(*env, []string) int {
//		return func(e *env, args []string) int {
//			...
//			eachInput(e, common, args, work, emit)
//
// -o needs nothing more: the output of a command that defines it goes to the
// file (see runToFile).
type commonFlags struct {
	defined   sharedFlag
	json      bool
	output    string
	inPlace   bool
	recursive bool
	jobs      int
	quiet     bool
	charset   string
	quirks    listFlag
	special   bool
	limits    limitFlags
	formats   string // --formats: "sgf" or "all"
	from      string // --from: "", "sgf", "gib", "ngf" or "ugf"

	cs charset.Charset // the charset --charset names, once check has run
}

// defineShared defines the shared flags of which on fs.
func (c *commonFlags) defineShared(fs *flag.FlagSet, which sharedFlag) {
	c.defined |= which
	c.recursive = true
	if which&flagJSON != 0 {
		fs.BoolVar(&c.json, "json", false, "print JSON instead of text (the shape is in the command's help)")
	}
	if which&flagOutput != 0 {
		fs.StringVar(&c.output, "o", "", "write the output to `FILE` instead of standard output (\"-\");\nFILE is replaced only once all of it was written")
	}
	if which&flagInPlace != 0 {
		fs.BoolVar(&c.inPlace, "in-place", false, "rewrite each file instead of printing it (safely: a temporary\nfile is renamed over it; the original stays if anything fails;\na read-only file is refused; see 'sgf help' on writing files)")
	}
	if which&flagRecursive != 0 {
		fs.BoolVar(&c.recursive, "recursive", true, "walk folders into their subfolders; --recursive=false reads\nonly the *.sgf files directly in each folder given")
	}
	if which&flagJobs != 0 {
		fs.IntVar(&c.jobs, "jobs", 0, "work on `N` files at a time (default: the number of CPUs)")
	}
	if which&flagQuiet != 0 {
		fs.BoolVar(&c.quiet, "quiet", false, "print no summary, progress or \"no .sgf files\" lines, only problems")
	}
	if which&flagLimits != 0 {
		c.limits.define(fs)
	}
	if which&flagSpecial != 0 {
		fs.BoolVar(&c.special, "special", false, "read a FIFO or device named as an argument (<(cmd), /dev/fd/3);\nwithout it only regular files are read (\"-\" is standard input),\nand folders never give anything else")
	}
	if which&flagCharset != 0 {
		fs.StringVar(&c.charset, "charset", "", "read every game as `NAME` (UTF-8, GB18030, Shift_JIS, ...) whatever\nits CA[] says (default: CA[], else detected)")
	}
	c.defineImports(fs, which)
	if which&flagQuirks != 0 {
		fs.Var(&c.quirks, "quirks", "accept the habits of old programs in `LIST` silently (comma-separated;\n\"all\" for every one; the list is in 'sgf help')")
	}
}

// workers returns the number of files to work on at a time.
func (c *commonFlags) workers() int {
	if c.jobs > 0 {
		return c.jobs
	}
	return runtime.NumCPU()
}

// check reports a bad value of a shared flag as a usage error; it returns
// exitOK when the flags are good.
func (c *commonFlags) check(e *env) int {
	if c.defined&flagLimits != 0 {
		if code := c.limits.check(e); code != exitOK {
			return code
		}
		e.maxRead = int64(c.limits.bytes)
	}
	if c.jobs < 0 {
		return e.usageError("--jobs %d: the number of jobs must be at least 1 (or 0 for the number of CPUs)", c.jobs)
	}
	if c.inPlace && c.output != "" {
		return e.usageError("-o and --in-place do not go together: --in-place rewrites each file, -o writes one output")
	}
	if c.charset != "" {
		cs, err := charset.Lookup(c.charset)
		if err != nil {
			return e.usageError("--charset %s: %s (names are those of CA[], such as UTF-8, GB18030, Shift_JIS, ISO-8859-1)", c.charset, charsetProblem(err))
		}
		c.cs = cs
	}
	for _, q := range c.quirks {
		if q != "all" && !isQuirk(q) {
			return e.usageError("--quirks %s: unknown quirk (known: %s, all)", q, strings.Join(quirkNames(), ", "))
		}
	}
	return c.checkImports(e)
}

func charsetProblem(err error) string {
	if errors.Is(err, charset.ErrUnsupported) {
		return "known but not supported"
	}
	return "unknown charset"
}

// syntaxOptions returns the parse options that the shared flags ask for:
// with --charset the byte grouping of that charset, forced over CA[];
// without it, the grouping of the charset each tree's CA names
// (sgf.LeadBytesOfCA), as the typed view's first parse splits it; the
// module's one test of wide input (charset.IsWide) for what reaches the
// syntax layer undecoded; and the limits of --max-bytes, --max-nodes,
// --max-value and --max-depth.
func (c *commonFlags) syntaxOptions() *syntax.Options {
	o := &syntax.Options{TreeLeadBytes: sgf.LeadBytesOfCA, Wide: charset.IsWide}
	if c.charset != "" {
		o = &syntax.Options{LeadBytes: syntax.LeadBytes(charset.LeadBytesOf([]byte(c.cs.Name()))), ForceLeadBytes: true, Wide: charset.IsWide}
	}
	c.limits.apply(o)
	if testMaxValueBytes > 0 {
		o.MaxValueBytes = testMaxValueBytes
	}
	return o
}

// testMaxValueBytes, when above 0, is the largest value a parse accepts;
// tests lower it (SGF_TEST_MAX_VALUE) to reach the fatal problem of a
// limit with small files.
var testMaxValueBytes int

// readOptions returns the options of sgf.Read that the shared flags ask
// for: --charset, and the parse options of syntaxOptions.
func (c *commonFlags) readOptions() *sgf.ReadOptions {
	return &sgf.ReadOptions{Charset: c.charset, Syntax: *c.syntaxOptions()}
}

// A quirk is a habit of the programs that wrote many existing files, which
// breaks the FF[4] specification without losing anything. "--quirks NAME"
// accepts it silently: the diagnostics of its codes are not reported.
// Checkers add theirs with registerQuirk.
type quirk struct {
	name  string   // as typed: "ff3"
	doc   string   // one line
	codes []string // the diagnostic codes it explains
}

var quirks = []*quirk{
	{name: "ff3", codes: []string{"S16"},
		doc: "lowercase letters in identifiers (FF[3] style: IGS CoPyright)"},
	{name: "long-ids", codes: []string{"S11"},
		doc: "identifiers of more than two letters (MultiGo MULTIGOGM)"},
}

// registerQuirk adds a quirk for --quirks. It is called from init
// functions only: once commands run, the list is read, never written.
func registerQuirk(q *quirk) {
	if isQuirk(q.name) {
		panic("cli: quirk registered twice: " + q.name)
	}
	quirks = append(quirks, q)
}

// isQuirk reports whether name (in any case) is a quirk.
func isQuirk(name string) bool {
	return slices.ContainsFunc(quirks, func(q *quirk) bool { return strings.EqualFold(q.name, name) })
}

func quirkNames() []string {
	var names []string
	for _, q := range quirks {
		names = append(names, q.name)
	}
	return names
}

// listFlag is a flag that can be repeated and takes comma-separated lists:
// "--disable S07 --disable S08,S16".
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(s string) error {
	for item := range strings.SplitSeq(s, ",") {
		if item = strings.TrimSpace(item); item != "" {
			*l = append(*l, item)
		}
	}
	return nil
}

// countTrue returns how many of bs are true: how many of the flags that
// do not go together were given.
func countTrue(bs ...bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

// flagName returns "--name", or "-o" for a one-letter flag.
func flagName(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// printFlags prints the flags of fs as "--name VALUE" and the usage text.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		fmt.Fprintf(w, "  %s", flagName(f.Name))
		if name != "" {
			fmt.Fprintf(w, " %s", name)
		}
		fmt.Fprintf(w, "\n        %s\n", strings.ReplaceAll(usage, "\n", "\n        "))
	})
}

// writeError is a failure to write a file that was left as it was.
type writeError struct{ err error }

func (w *writeError) Error() string {
	return "could not write it: " + describeError(w.err) + "; the file is unchanged"
}

func (w *writeError) Unwrap() error { return w.err }

// describeError returns err as one line that says what to do about it.
// The file name is left out of the error: the caller puts it first.
func describeError(err error) string {
	var we *writeError
	if errors.As(err, &we) {
		return we.Error()
	}
	var pe *fs.PathError
	msg := err.Error()
	if errors.As(err, &pe) {
		msg = pe.Err.Error()
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return msg + " (check the path)"
	case errors.Is(err, fs.ErrPermission):
		return msg + " (check the permissions of the file and its folder)"
	case errors.Is(err, syscall.ENOSPC), errors.Is(err, syscall.EDQUOT):
		return msg + " (free some space and run again)"
	case errors.Is(err, syscall.EROFS):
		return msg + " (write somewhere else, or remount the disk writable)"
	case errors.Is(err, syscall.EISDIR):
		return msg + " (give a file, not a folder)"
	}
	return msg
}

// catch turns a panic of the current goroutine into an error in *err, so that
// one file that trips a bug does not stop the run. It must be deferred
// directly: defer catch(&r.err).
//
// A memory fault at an address (a panic with an Addr method, which only
// debug.SetPanicOnFault gives) is a mapped file cut short while it was
// read (eachMappedSource), and is reported as such.
func catch(err *error) {
	if p := recover(); p != nil {
		if f, ok := p.(interface{ Addr() uintptr }); ok {
			*err = fmt.Errorf("the file changed while it was read: it was cut short (a fault at %#x)", f.Addr())
			return
		}
		*err = fmt.Errorf("internal error: %v (please report it with the file)", p)
	}
}

// isStdin reports whether a path argument names standard input.
func isStdin(name string) bool { return name == "-" }

// readFile reads a file; tests replace it to simulate failures.
var readFile = readWhole

// readInput reads a whole input: the file, or standard input for "-". The
// bytes read count for the progress line.
func readInput(e *env, name string) ([]byte, error) {
	var b []byte
	var err error
	switch {
	case isStdin(name) && e.maxRead > 0:
		b, err = io.ReadAll(io.LimitReader(e.stdin, e.maxRead+1))
	case isStdin(name):
		b, err = io.ReadAll(e.stdin)
	default:
		b, err = readLimited(name, e.maxRead)
	}
	e.screen.addBytes(len(b))
	if err == nil && e.imports != nil {
		return e.imports.read(e, name, b)
	}
	return b, err
}
