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
		setup: func(fs *flag.FlagSet) func(*env, []string) int {
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

const pathsHelp = `A PATH is a file; a directory, searched recursively for *.sgf files (the
extension in any case, in sorted order, skipping folders whose name starts
with "."); DIR/... (the same, in the manner of the go command); or "-" for
standard input. Flags may come before or after paths; after "--" every
argument is a path.`

const exitHelp = `0  success (for check: no errors; warnings allowed)
1  problems found in the input: errors, or a file refused
2  usage error, or a file could not be read or written`

func printMainHelp(w io.Writer) {
	fmt.Fprint(w, `sgf reads, checks and formats SGF (Smart Game Format, FF[4]) files.

Usage:

    sgf COMMAND [flags] [PATH...]

Commands:

`)
	for _, name := range commandNames() {
		fmt.Fprintf(w, "    %-8s %s\n", name, commands[name].summary)
	}
	fmt.Fprintf(w, `
Paths:

%s

Exit status:

%s

Run 'sgf help COMMAND' for the flags and examples of a command.
`, indent(pathsHelp), indent(exitHelp))
}

func printCommandHelp(w io.Writer, c *command) {
	fmt.Fprintf(w, "usage: sgf %s\n\n%s\n", c.usage, c.doc)
	fs := newFlagSet(c.name)
	c.setup(fs)
	hasFlags := false
	fs.VisitAll(func(*flag.Flag) { hasFlags = true })
	if hasFlags {
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
	return "    " + strings.ReplaceAll(s, "\n", "\n    ")
}
