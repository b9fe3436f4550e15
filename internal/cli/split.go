package cli

import (
	"errors"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/sgf-toolkit/sgf/collection"
)

func init() {
	register(&command{
		name:    "split",
		summary: "write each game of SGF files to a file of its own",
		usage:   "split [flags] PATH... [-o DIR]",
		doc: `Split writes every game of the files to a file of its own in DIR (default:
the current folder), named by --template. A game tree that holds one game
is written exactly as it was read; a merged tree (see 'sgf merge') is split
into its games again, each with its game information back in its root.

The template is text with placeholders in braces:

    {PB} {PW} {DT} {RE} {EV} ...  the first value of that property of the
                                  game's root (any identifier)
    {n}                           the number of the game, from 1, across all files
    {n:04}                        the same, zero-padded to 4 digits (any width)
    {file}                        the input file's name without folder and extension
    {tree}                        the number of the game tree in its file, from 1
    {{ }}                         a literal brace

Values are decoded (escapes, CA[]) and made safe for file names: "/",
"\", ":", "*", "?", '"', "<", ">", "|" and control characters become "_",
white space is collapsed, leading and trailing dots and spaces are dropped,
and a value is cut to 60 bytes; a missing value is "unknown". The template
may name subfolders ("{DT}/{n}.sgf"), which are made as needed, as DIR
is, but no absolute path and no "..". Names that repeat within a run get "-2", "-3",
... before the extension.

An existing file is never overwritten unless --force is given (then it is
replaced safely); split reports it and goes on with the other games.`,
		examples: `$ sgf split all.sgf -o games/                       # 0001.sgf, 0002.sgf, ...
$ sgf split all.sgf --template "{PB}-{PW}-{DT}.sgf" -o games/
$ sgf split merged.sgf --template "{file}-{n:03}.sgf"`,
		exit: `0  every game written
1  a file existed and was not overwritten (without --force)
2  usage error, or a file could not be read or written`,
		shared: flagsWalk | flagCharset,
		paths:  true,
		setup:  setupSplit,
	})
}

// dirFlag is the value of split's -o, a folder. Its String is always empty:
// the command framework sends the standard output of a command with a
// non-empty -o to that file (runToFile), which is not what -o means here.
type dirFlag struct{ dir string }

func (d *dirFlag) String() string     { return "" }
func (d *dirFlag) Set(s string) error { d.dir = s; return nil }

func setupSplit(flags *flag.FlagSet, common *commonFlags) func(*env, []string) int {
	tmplText := flags.String("template", "{n:04}.sgf", "name the files by `TEMPLATE` (placeholders above)")
	var out dirFlag
	flags.Var(&out, "o", "write the files to the folder `DIR` (default: the current folder)")
	force := flags.Bool("force", false, "overwrite existing files")
	return func(e *env, args []string) int {
		tmpl, err := collection.ParseTemplate(*tmplText)
		if err != nil {
			return e.usageError("--template: %v", errors.Unwrap(err))
		}
		dir := out.dir
		if dir == "" {
			dir = "."
		}
		info, err := os.Stat(dir)
		if errors.Is(err, fs.ErrNotExist) {
			// Made as the template's subfolders are.
			err = os.MkdirAll(dir, 0o755)
			info, _ = os.Stat(dir)
		}
		if err == nil && (info == nil || !info.IsDir()) {
			err = errors.New("not a folder")
		}
		if err != nil {
			return e.failf("-o %s: %s", dir, describeError(err))
		}
		n, written := 0, 0
		seen := map[string]bool{}
		// A file whose reading stopped at a fatal problem after some
		// trees is incomplete, and none of it is written.
		run := eachParsed(e, common, args, func(in input, r parsedFile, _ *parsedRun) {
			file := in.name
			if isStdin(file) {
				file = "stdin"
			}
			for _, g := range collection.Split(r.f) {
				n++
				name := filepath.FromSlash(tmpl.Name(&g, n, file))
				name = uniqueName(seen, name)
				path := filepath.Join(dir, name)
				err := writeNew(path, g.SGF, *force)
				switch {
				case errors.Is(err, fs.ErrExist):
					e.problemf("%s: exists, not overwritten (game %d, from %s; --force overwrites)", path, n, in.name)
				case err != nil:
					e.failf("%s: %s", path, describeError(err))
				default:
					written++
				}
			}
		})
		if !common.quiet {
			e.errorf("wrote %s to %s", plural(written, "game"), dir)
		}
		if run.incomplete {
			return exitProblems
		}
		return exitOK
	}
}

// uniqueName returns name, or name with "-2", "-3", ... before its
// extension when an earlier game of the run had it (compared without case).
func uniqueName(seen map[string]bool, name string) string {
	ext := filepath.Ext(name)
	base := name[:len(name)-len(ext)]
	for k := 2; seen[strings.ToLower(name)]; k++ {
		name = base + "-" + strconv.Itoa(k) + ext
	}
	seen[strings.ToLower(name)] = true
	return name
}

// writeNew writes a new file, making its folder; an existing file is an
// error wrapping fs.ErrExist unless force, when it is replaced atomically.
func writeNew(path string, data []byte, force bool) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	if force {
		if _, err := os.Lstat(path); err == nil {
			return writeAtomic(path, data, replaceOnly)
		}
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(path)
		return err
	}
	return f.Close()
}
