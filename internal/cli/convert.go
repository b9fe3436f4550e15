package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/sgf-toolkit/sgf/convert"
)

func init() {
	register(&command{
		name:    "convert",
		summary: "convert SGF files of FF[1]-FF[3] (and any charset) to FF[4] in UTF-8",
		usage:   "convert [flags] PATH...",
		doc: `Convert writes each file as FF[4] in UTF-8, as SGFC does, and lists every
change it makes:

  - text is decoded from each game's charset (its CA[], detection, or
    --charset) to UTF-8, and CA[UTF-8] is set; bytes that do not decode
    become U+FFFD and are listed;
  - FF[1]-FF[3] identifiers with lowercase letters become their FF[4] form
    (CoPyright is CP, Black is B);
  - in Go games L becomes LB (labels a, b, c, ...), M becomes MA on empty
    points and TR on stones, a two-point VW of an old file becomes the FF[4]
    rectangle, and the pass B[tt] becomes B[] (boards up to 19x19);
  - KI (twice the komi) becomes KM, or is deleted where KM is given;
  - obsolete properties (BS, WS, ID, CH, SI, ...) are kept and listed, or
    deleted with --drop-obsolete;
  - a property written twice in a node is merged, as SGFC does: a list
    gets the values of both, each once (AB[aa]AB[bb] is AB[aa][bb]); a
    text the two texts, joined by a blank line (C, GC) or a space (PB, GN,
    ...); any other
    one-value property (FF, CA, SZ, B, W, KM, DT, RE, ...) keeps the first,
    the one readers take, and the other is listed as deleted;
  - a UTF-8 byte order mark at the start is removed;
  - FF is set to 4.

Everything else is kept as written: unknown and private properties, the
order of nodes and properties, the layout of unchanged nodes.

The converted file is printed on standard output (or written to FILE with
-o FILE, all the files one after the other), or with --in-place each file
is rewritten safely (a temporary file in the same folder, synced, renamed
over the old one; a file with nothing to change is left alone). With -o DIR
(a folder that exists, or a path that ends in "/", which is made) each file
is written safely to DIR under its name, or, for a file found in a folder
argument, under its path below that folder; two files that would be
written to one name, and standard input, are refused before anything is
written. The output is UTF-8 without a byte order mark. The changes are listed on standard error, one line
each (not with --quiet):

    FILE: game G node N: CODE: BEFORE -> AFTER (what was done)

With --json the changes are printed as one JSON object on standard output
instead of the converted files (which --in-place, -o FILE and -o DIR still
write):

    {"files": [{"file": "a.sgf", "changes": [
        {"code": "label", "sgfc": 40, "game": 0, "node": 3, "property": "L",
         "before": "L[aa]", "after": "LB[aa:a]",
         "message": "FF[4] has no L; ..."}]}]}

"game" counts from 0 (game 1 of the change lines is 0), "node" is the
node's number as 'sgf tree' prints it, in pre-order from 0 (-1 for text
outside nodes), "before" and "after" are "" when a property was added or
deleted and equal when it was kept; "sgfc" is the number of the SGFC
message that reports the same change, 0 where there is none. A file that
could not be converted has an "error" string.

Codes: ff, charset, undecodable, identifier, label, mark, komi, view,
pass, obsolete, merged, dropped (text the parser could not read, which is
not in the output, as it stood among the properties of a node that is
written anew; 'sgf check FILE' shows it), closed (the "]" and ")" that the
input lacked at its end, written so that the output is well-formed),
unread (text the parser could not read, kept in the output as written).

With --keep-charset the text stays in its charset; where that charset was
detected or given with --charset, CA names it (CA[GBK]), so that readers
do not take the text for ISO-8859-1.

Tygem .gib, WBaduk .ngf and PandaNet .ugf/.ugi files are converted too
(recognised by content; --from forces a format): standard error says
"FILE: read as Tygem GIB, charset EUC-KR (detected, confidence 0.98)" and
lists what was guessed (S19) or could not be read (S20) with its line.
Header fields that SGF has no property for are kept in the root's XH
property. Folders give them only with --formats all; -o DIR writes them
as .sgf.`,
		examples: `$ sgf convert old.sgf > new.sgf          # print the FF[4] file
$ sgf convert -o new.sgf old.sgf         # write it, list the changes
$ sgf convert --in-place games/          # rewrite every *.sgf below games/
$ sgf convert -o new/ games/             # write them below new/ instead
$ sgf convert --charset GBK -o u.sgf x.sgf  # the file is GBK whatever its CA says
$ sgf convert --json games/ | jq '.files[].changes[].code'
$ sgf convert game.gib -o game.sgf        # a Tygem record as FF[4] UTF-8`,
		exit: `0  every file converted
1  a file could not be converted (no game tree, a limit reached: nothing is
   written for it), or --in-place refused a file with text the parser could
   not read that the conversion would drop (without --force)
2  usage error, or a file could not be read or written`,
		setup:     setupConvert,
		outputDir: true,
	})
}

type convertResult struct {
	out     []byte
	changes []convert.Change
	rewrote bool
	wrote   string // -o DIR: the file written
	refused bool   // --in-place without --force on a file with text the parser could not read
	err     error  // the file could not be converted (no game tree)
	ioErr   error  // the file could not be read or written
}

func setupConvert(fs *flag.FlagSet) func(*env, []string) int {
	var common commonFlags
	common.defineShared(fs, flagsWalk|flagJSON|flagOutput|flagInPlace|flagCharset)
	keep := fs.Bool("keep-charset", false, "keep the text in its charset and CA[] as it is")
	drop := fs.Bool("drop-obsolete", false, "delete obsolete properties (BS, WS, ID, ...) instead of keeping them")
	force := fs.Bool("force", false, "rewrite a file in place even after a critical problem (text the parser could not read is then lost)")
	return func(e *env, args []string) int {
		if code := common.check(e); code != exitOK {
			return code
		}
		if len(args) == 0 {
			return e.usageError("no PATH given (use - for standard input)")
		}
		var outDir string
		if common.output != "" && common.output != "-" && isOutputDir(common.output) {
			outDir = common.output
			if code := checkOutputDir(e, &common, args, outDir); code != exitOK {
				return code
			}
		}
		opts := convert.Options{Charset: common.charset, KeepCharset: *keep, DropObsolete: *drop}
		if so := common.syntaxOptions(); so != nil {
			opts.Syntax = *so
		}
		code := exitOK
		// The JSON report goes to standard output, also when -o FILE
		// takes stdout's place for the converted files.
		report := e.stdout
		if e.terminal != nil {
			report = e.terminal
		}
		if common.json {
			report.WriteString(`{"files":[`)
		}
		first := true
		eachInput(e, &common, args, func(in input) (r convertResult) {
			defer catch(&r.err)
			if in.err != nil {
				r.ioErr = in.err
				return r
			}
			src, err := readInput(e, in.name)
			if err != nil {
				r.ioErr = err
				return r
			}
			out, changes, err := convert.Convert(src, opts)
			r.changes, r.err = changes, err
			if out == nil || err != nil {
				// Reading stopped (no game tree, a limit): what was read
				// is not a conversion of the file, so nothing is written.
				return r
			}
			if common.inPlace && !*force {
				for _, c := range changes {
					if c.Code == convert.CodeDropped {
						r.refused = true
						return r
					}
				}
			}
			if outDir != "" {
				name := outputPath(outDir, in)
				err := os.MkdirAll(filepath.Dir(name), 0o777)
				if err == nil {
					err = writeAtomic(name, out, mayCreate)
				} else {
					err = &writeError{err}
				}
				r.wrote, r.ioErr = name, err
				return r
			}
			if !common.inPlace || isStdin(in.name) {
				if !common.json || e.terminal != nil {
					r.out = out
				}
				return r
			}
			if !bytes.Equal(out, src) {
				if err := writeAtomic(in.name, out, replaceOnly); err != nil {
					r.ioErr = err
					return r
				}
				r.rewrote = true
			}
			return r
		}, func(in input, r convertResult) {
			if common.json {
				writeConvertJSON(report, first, in.name, r)
				first = false
			}
			e.stdout.Write(r.out)
			switch {
			case r.ioErr != nil && r.wrote != "":
				e.errorf("%s: %s: %s", in.name, r.wrote, describeError(r.ioErr))
				code = exitFailure
				return
			case r.ioErr != nil:
				e.errorf("%s: %s", in.name, describeError(r.ioErr))
				code = exitFailure
				return
			case r.err != nil:
				e.errorf("%s: %s; nothing written", in.name, describeError(r.err))
				code = max(code, exitProblems)
			case r.refused:
				e.errorf("%s: not rewritten: it holds text the parser could not read, which the conversion would drop (see 'sgf check %s'; --force converts it anyway)", in.name, in.name)
				code = max(code, exitProblems)
			}
			if common.json || common.quiet {
				return
			}
			e.stdout.Flush()
			var b strings.Builder
			for _, c := range r.changes {
				fmt.Fprintf(&b, "%s: %s\n", in.name, c)
			}
			if r.rewrote {
				fmt.Fprintf(&b, "%s: converted (%s)\n", in.name, plural(len(r.changes), "change"))
			}
			if r.wrote != "" {
				fmt.Fprintf(&b, "%s: converted to %s (%s)\n", in.name, r.wrote, plural(len(r.changes), "change"))
			}
			if b.Len() > 0 {
				e.screen.print(e.stderr, b.String())
			}
		})
		if common.json {
			report.WriteString("\n]}\n")
		}
		return code
	}
}

// outputPath returns where -o DIR writes the conversion of in: DIR and
// the file's name, or for a file found in a folder argument its path
// below that folder; a .gib, .ngf, .ugf or .ugi name ends in .sgf instead.
func outputPath(dir string, in input) string {
	if in.root != "" {
		if rel, err := filepath.Rel(in.root, in.name); err == nil && filepath.IsLocal(rel) {
			return filepath.Join(dir, sgfName(rel))
		}
	}
	return filepath.Join(dir, sgfName(filepath.Base(in.name)))
}

// checkOutputDir refuses, before anything is written, what -o DIR cannot
// do: standard input (it has no name), two inputs that would be written
// to one file, and an input that would be written over itself (that is
// --in-place).
func checkOutputDir(e *env, common *commonFlags, args []string, dir string) int {
	seen := map[string]string{}
	w := common.walker(args)
	for {
		in, ok := w.next()
		if !ok {
			return exitOK
		}
		if in.empty || in.err != nil {
			continue
		}
		if isStdin(in.name) {
			return e.usageError(`-o %s: standard input ("-") has no name to write it under in a folder; use -o FILE`, dir)
		}
		out := outputPath(dir, in)
		key, err := filepath.Abs(out)
		if err != nil {
			key = out
		}
		if prev, ok := seen[key]; ok {
			return e.usageError("-o %s: %s and %s would both be written to %s", dir, prev, in.name, out)
		}
		seen[key] = in.name
		if src, err := filepath.Abs(in.name); err == nil && src == key || sameFile(in.name, out) {
			return e.usageError("-o %s: %s would be written over itself (use --in-place to rewrite files)", dir, in.name)
		}
	}
}

// sameFile reports whether the paths a and b name one existing file (also
// through symbolic links).
func sameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}

func writeConvertJSON(w io.Writer, first bool, name string, r convertResult) {
	b := make([]byte, 0, 256)
	if !first {
		b = append(b, ',')
	}
	b = append(b, "\n{\"file\":"...)
	b = appendJSONFile(b, name)
	if err := errors.Join(r.ioErr, r.err); err != nil {
		b = append(b, `,"error":`...)
		b = appendJSONString(b, describeError(err))
	}
	b = append(b, `,"changes":[`...)
	for i, c := range r.changes {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"code":`...)
		b = appendJSONString(b, c.Code.String())
		b = append(b, `,"sgfc":`...)
		b = strconv.AppendInt(b, int64(c.Code.SGFC()), 10)
		b = append(b, `,"game":`...)
		b = strconv.AppendInt(b, int64(c.Tree), 10)
		b = append(b, `,"node":`...)
		b = strconv.AppendInt(b, int64(c.Node), 10)
		b = append(b, `,"property":`...)
		b = appendJSONString(b, c.Property)
		b = append(b, `,"before":`...)
		b = appendJSONString(b, c.Before)
		b = append(b, `,"after":`...)
		b = appendJSONString(b, c.After)
		b = append(b, `,"message":`...)
		b = appendJSONString(b, c.Message)
		b = append(b, '}')
	}
	b = append(b, "]}"...)
	w.Write(b)
}
