package cli

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"os"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/syntax"
)

func init() {
	register(&command{
		name:    "json",
		summary: "print the game trees of an SGF file as JSON",
		usage:   "json [flags] PATH",
		doc: `Json prints the syntax tree of one file as one JSON object:

    {"file": NAME, "games": [TREE...]}
    TREE = {"nodes": [NODE...], "variations": [TREE...]}
    NODE = {"props": [{"id": "B", "values": ["pd"]}...]}

NAME is the path as given ("-" for standard input). A TREE is a game tree
of the SGF grammar: its sequence of nodes and its child game trees, so a
long main line does not nest. Identifiers are as written; values are the
raw text between the brackets, escapes intact, in file order, decoded to
UTF-8 from the game tree's charset: its CA (checked against the bytes), or
the one detected when there is none (see 'sgf info'); --charset overrides
both. Bytes that do not decode are written as the ISO-8859-1 characters
they stand for, so none is lost. UTF-16 files are decoded as they are read.
What the parser had to ignore is left out: 'sgf check' reports it.

The output is written one game tree at a time, so a large collection needs
memory for its largest game only. When reading stops at a fatal problem,
what was read is printed, the problem is reported on standard error and
the exit status is 1.

` + decodedJSONHelp, // --decoded: jsondecoded.go
		examples: `$ sgf json game.sgf
$ sgf json game.sgf | jq '.games[0].nodes[0].props'
$ cat game.sgf | sgf json -
$ sgf json --decoded game.sgf | jq '.games[0].nodes[1].props'`,
		exit: `0  the whole file was read
1  reading stopped at a fatal problem (no game tree, a limit); the output is partial
2  usage error, or the file could not be read`,
		shared: flagOutput | flagCharset | flagLimits | flagFrom,
		setup:  setupJSON,
	})
}

func setupJSON(fs *flag.FlagSet, common *commonFlags) func(*env, []string) int {
	decoded := fs.Bool("decoded", false, "decode each value by its type (see above)") // jsondecoded.go
	return func(e *env, args []string) int {
		if len(args) != 1 {
			return e.usageError("json takes exactly one PATH (use - for standard input)")
		}
		name := args[0]
		if *decoded { // jsondecoded.go
			return jsonDecoded(e, common, name)
		}
		if info, err := os.Stat(name); err == nil && info.IsDir() && !isStdin(name) {
			return e.failf("%s: is a directory (json takes one file)", name)
		}
		// Game tree by game tree (openGames); a file of another format
		// (GIB, NGF, UGF) is read whole and imported, its reading's
		// diagnostics printed first. --max-bytes bounds the input, as
		// for every command: the trees before the cut are printed.
		opts := common.readOptions()
		src, whole, closeIn, err := openGames(e, name, opts)
		defer closeIn()
		e.printNotes(name)
		if err == nil && whole != nil {
			src, err = sgf.NewReader(bytes.NewReader(whole), opts)
		}
		if err != nil {
			return e.failf("%s: %s", name, describeError(err))
		}
		defer src.Close()
		w := e.stdout
		buf := appendJSONFile([]byte(`{"file":`), name)
		buf = append(buf, `,"games":[`...)
		code := exitOK
		for n := 0; ; {
			g, err := src.Next()
			if g != nil {
				if n > 0 {
					buf = append(buf, ',')
				}
				n++
				buf = syntax.AppendTreeJSONFunc(buf, g.Tree(), jsonText(g))
				w.Write(buf)
				buf = buf[:0]
			}
			if err == io.EOF {
				break
			}
			if err != nil {
				code = outputStops(e, name, err)
				break
			}
		}
		w.Write(append(buf, "]}\n"...))
		return code
	}
}

// outputStops reports the error that stopped the reading of name, where
// json's output stops, and returns the exit status: a fatal problem of
// the file (with its position) is exitProblems, any other error
// exitFailure.
func outputStops(e *env, name string, err error) int {
	var pe *syntax.ParseError
	if errors.As(err, &pe) {
		d := pe.Diagnostic
		return e.problemf("%s:%d:%d: %s %s: %s; the output stops there", name, d.Line, d.Column, d.Severity, d.Code, d.Message)
	}
	return e.failf("%s: %s", name, describeError(err))
}
