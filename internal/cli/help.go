package cli

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

func init() {
	register(&command{
		name:    "help",
		summary: "show help for sgf or one of its commands",
		usage:   "help [COMMAND]",
		doc: `Help prints the list of commands, or the usage, flags, examples and exit
status of one command. "sgf COMMAND --help" (or -h) does the same.`,
		examples: `$ sgf help
$ sgf help check
$ sgf fmt --help`,
		exit: `0  help printed
2  unknown command`,
		args: commandNames,
		setup: func(*flag.FlagSet, *commonFlags) func(*env, []string) int {
			return func(e *env, args []string) int {
				switch len(args) {
				case 0:
					printMainHelp(e.stdout)
					return exitOK
				case 1:
					c := commands[args[0]]
					if c == nil {
						e.stdout.Flush()
						fmt.Fprintf(e.stderr, "sgf help: unknown command %q\nrun 'sgf help' for the list of commands\n", args[0])
						return exitFailure
					}
					printCommandHelp(e.stdout, c)
					return exitOK
				}
				return e.usageError("help takes at most one COMMAND")
			}
		},
	})
}

const pathsHelp = `A PATH is a file (read whatever its extension); a directory, whose *.sgf
files are read (the extension in any case), walking its subfolders by
default (--recursive=false: only the files directly in it), each folder's
entries in order of name, skipping folders whose name starts with ".";
DIR/... (the same, in the manner of the go command); or "-" for standard
input. Results come in this order whatever --jobs is. A file that cannot be
read is reported in its place and the others are still done. Flags may come
before or after paths; after "--" every argument is a path.

Only regular files are read (and symbolic links to them): a FIFO, device or
socket named *.sgf in a folder is reported as "not a regular file" and
never opened (a FIFO would wait for a writer for ever); one named as an
argument is read only with --special (sgf check --special <(curl -s URL)).

In JSON output a file name is written as it is when it is UTF-8. A name
that is not (on Unix a name is bytes: "e\xffrr.sgf") has each byte that is
no part of a UTF-8 character escaped as \udcXX, the lone surrogate
U+DC80-U+DCFF (as Python's surrogateescape reads it, PEP 383), and a field
"file_bytes" after "file" with the exact bytes of the name in base64.`

// writingHelp says how files are written: --in-place and -o.
const writingHelp = `--in-place and -o FILE write a temporary file in the folder of the file
they replace, sync it to disk and rename it over the file, which keeps its
old content if anything fails. On Linux the temporary file has no name
until it is complete (O_TMPFILE), so a process killed while writing leaves
nothing behind; elsewhere it is ".NAME.sgf-tmp-pPID-N", and the next write
into that folder removes those whose process no longer runs (and those
named ".NAME.sgf-tmp-N", as earlier versions wrote them, older than an
hour).

The new file keeps the mode, owner and group of the old one; a file that
would change owner (another user's file, which only root may give back)
is not replaced. A file whose mode does not let you write it is refused (for
root: a file without any write permission): make it writable first. The
rename gives the name a new file: another hard link to the old file keeps
the old content. A file that could not be written is left as it was and
reported; fix then prints no change lines for it.`

const exitHelp = `0  success (for check: no errors; warnings allowed)
1  problems found in the input: errors, or a file refused
2  usage error, or a file could not be read or written`

// errorsHelp lists the messages of failures that are not about the SGF
// text, and what to do about them.
const errorsHelp = `Every failure is one line on standard error that names the file and says
what to do; the run goes on with the other files.

A missing file or folder (exit status 2):
    sgf check: a.sgf: no such file or directory (check the path)
A folder that cannot be read, or a file (exit status 2):
    sgf check: games/private: permission denied (check the permissions
    of the file and its folder)
A folder without *.sgf files (not an error; not shown with --quiet):
    sgf check: notes: no .sgf files found in this folder (only *.sgf files
    are read from folders; name a file to read it whatever its extension)
A write that fails (exit status 2); the file keeps its old content, as
files are written to a temporary file that replaces them only once
complete (--in-place and -o alike):
    sgf fmt: a.sgf: could not write it: no space left on device (free some
    space and run again); the file is unchanged
A usage error (exit status 2):
    sgf check: --jobs -1: the number of jobs must be at least 1 (or 0 for
    the number of CPUs)
    run 'sgf help check' for usage`

// progressHelp says when the progress line is shown.
const progressHelp = `On a long run, when standard error is a terminal, one line on standard
error shows the files done out of the total, the rate in MB/s and the time
left, redrawn in place; it is erased before any other line is printed and
at the end. It is never shown when standard error is not a terminal (a
file, a pipe) or with --quiet.`

func printMainHelp(w io.Writer) {
	fmt.Fprint(w, `sgf reads, checks and formats SGF (Smart Game Format, FF[4]) files.

Usage:

    sgf COMMAND [flags] [PATH...]

Commands:

`)
	width := 0
	for _, name := range commandNames() {
		width = max(width, len(name))
	}
	for _, name := range commandNames() {
		fmt.Fprintf(w, "    %-*s  %s\n", width, name, commands[name].summary)
	}
	fmt.Fprintf(w, `
Flags that mean the same for every command that takes them:

`)
	printFlags(w, sharedFlagSet())
	fmt.Fprintf(w, `
Paths:

%s

Quirks (for --quirks; the codes each one explains):

%s

Progress:

%s

Writing files:

%s

Exit status:

%s

Errors:

%s

Run 'sgf help COMMAND' for the flags and examples of a command,
'sgf completion bash|zsh|fish' for shell completion and 'sgf man' for the
manual page.
`, indent(pathsHelp), indent(quirkList()), indent(progressHelp), indent(writingHelp), indent(exitHelp), indent(errorsHelp))
}

// sharedFlagSet returns a FlagSet with every shared flag.
func sharedFlagSet() *flag.FlagSet {
	fs := newFlagSet("shared")
	var c commonFlags
	c.defineShared(fs, ^sharedFlag(0))
	return fs
}

// quirkList returns every quirk registered (those of the syntax layer,
// ff3 and long-ids, then the profiles of package check and auto) and "all":
// for each its name, the diagnostic codes it explains in parentheses, and
// its description on the lines below, indented and wrapped to fit a
// terminal when indented once more.
func quirkList() string {
	var b strings.Builder
	item := func(name string, codes []string, doc string) {
		b.WriteString(name)
		if len(codes) > 0 {
			b.WriteString(" (" + strings.Join(codes, ", ") + ")")
		}
		b.WriteString("\n    " + strings.ReplaceAll(wrap(doc, 68), "\n", "\n    ") + "\n")
	}
	for _, q := range quirks {
		item(q.name, q.codes, q.doc)
	}
	item("all", nil, "every quirk above")
	return strings.TrimSuffix(b.String(), "\n")
}

func printCommandHelp(w io.Writer, c *command) {
	fmt.Fprintf(w, "usage: sgf %s\n\n%s\n", c.usage, c.doc)
	fs, _, _ := c.flagSet()
	if len(flagsOf(c)) > 0 {
		fmt.Fprintf(w, "\nFlags:\n\n")
		printFlags(w, fs)
	}
	if strings.Contains(c.usage, "PATH...") {
		fmt.Fprintf(w, "\nPaths:\n\n%s\n", indent(pathsHelp))
	}
	fmt.Fprintf(w, "\nExamples:\n\n%s\n", indent(c.examples))
	exit := c.exit
	if exit == "" {
		exit = exitHelp
	}
	fmt.Fprintf(w, "\nExit status:\n\n%s\n", indent(exit))
	if c.extra != nil {
		fmt.Fprintf(w, "\n%s\n", c.extra())
	}
}

// indent indents each line of s by four spaces.
func indent(s string) string {
	s = "    " + strings.ReplaceAll(s, "\n", "\n    ")
	return strings.ReplaceAll(s, "\n    \n", "\n\n")
}
