package cli

// Flags are parsed with the standard library's flag package, one FlagSet per
// subcommand: it costs no dependency, and the needs are simple (booleans,
// numbers, a repeatable list). Two things are added on top of it: flags are
// accepted after paths as well as before them (parseArgs), and help is
// printed in the "--name VALUE" style (printFlags).

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime"
	"slices"
	"strings"
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

	// setup defines the command's flags on fs and returns the function that
	// runs the command on the positional arguments once flags are parsed.
	setup func(fs *flag.FlagSet) func(e *env, args []string) int
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
func commandNames() []string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// env is what a running command writes to and reads from.
type env struct {
	cmd    string // the subcommand's name, for messages
	stdin  io.Reader
	stdout *bufio.Writer
	stderr io.Writer
}

// errorf prints one line "sgf CMD: message" on standard error, after what is
// already written to standard output, so that the two stay in order on a
// terminal.
func (e *env) errorf(format string, args ...any) {
	e.stdout.Flush()
	fmt.Fprintf(e.stderr, "sgf %s: %s\n", e.cmd, fmt.Sprintf(format, args...))
}

// usageError reports a usage error and returns exitFailure.
func (e *env) usageError(format string, args ...any) int {
	e.stdout.Flush()
	fmt.Fprintf(e.stderr, "sgf %s: %s\nrun 'sgf help %s' for usage\n", e.cmd, fmt.Sprintf(format, args...), e.cmd)
	return exitFailure
}

// Main runs the sgf command with the arguments after the program name and
// returns the exit status: 0 success, 1 problems found in the input, 2 usage
// or I/O failure.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out := bufio.NewWriterSize(stdout, 64<<10)
	code := run(args, stdin, out, stderr)
	if err := out.Flush(); err != nil && !errors.Is(err, fs.ErrClosed) {
		fmt.Fprintf(stderr, "sgf: writing the output: %v\n", err)
		if code == exitOK {
			code = exitFailure
		}
	}
	return code
}

func run(args []string, stdin io.Reader, stdout *bufio.Writer, stderr io.Writer) int {
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
	e := &env{cmd: c.name, stdin: stdin, stdout: stdout, stderr: stderr}
	fs := newFlagSet(c.name)
	runCmd := c.setup(fs)
	pos, err := parseArgs(fs, args[1:])
	if errors.Is(err, flag.ErrHelp) {
		printCommandHelp(stdout, c)
		return exitOK
	}
	if err != nil {
		return e.usageError("%v", err)
	}
	return runCmd(e, pos)
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

// commonFlags are the flags shared by the commands that read many files.
type commonFlags struct {
	jobs  int
	quiet bool
}

func (c *commonFlags) define(fs *flag.FlagSet, withJobs bool) {
	if withJobs {
		fs.IntVar(&c.jobs, "jobs", 0, "work on `N` files at a time (default: the number of CPUs)")
	}
	fs.BoolVar(&c.quiet, "quiet", false, "print no summary or progress lines, only problems")
}

// workers returns the number of files to work on at a time.
func (c *commonFlags) workers() int {
	if c.jobs > 0 {
		return c.jobs
	}
	return runtime.NumCPU()
}

// check reports a bad --jobs value; it returns exitOK when the flags are good.
func (c *commonFlags) check(e *env) int {
	if c.jobs < 0 {
		return e.usageError("--jobs %d: the number of jobs must be at least 1 (or 0 for the number of CPUs)", c.jobs)
	}
	return exitOK
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

// printFlags prints the flags of fs as "--name VALUE" and the usage text.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		fmt.Fprintf(w, "  --%s", f.Name)
		if name != "" {
			fmt.Fprintf(w, " %s", name)
		}
		fmt.Fprintf(w, "\n        %s\n", strings.ReplaceAll(usage, "\n", "\n        "))
	})
}

// describeError returns err as one line that says what to do about it.
// The file name is left out of the error: the caller puts it first.
func describeError(err error) string {
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
	}
	return msg
}

// catch turns a panic of the current goroutine into an error in *err, so that
// one file that trips a bug does not stop the run. It must be deferred
// directly: defer catch(&r.err).
func catch(err *error) {
	if p := recover(); p != nil {
		*err = fmt.Errorf("internal error: %v (please report it with the file)", p)
	}
}

// isStdin reports whether a path argument names standard input.
func isStdin(name string) bool { return name == "-" }

// readInput reads a whole input: the file, or standard input for "-".
func readInput(e *env, name string) ([]byte, error) {
	if isStdin(name) {
		return io.ReadAll(e.stdin)
	}
	return os.ReadFile(name)
}
