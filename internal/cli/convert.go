package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/convert"
	"github.com/sgf-toolkit/sgf/syntax"
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
written. Each file is read and converted game by game, so that memory is
bounded by the largest game tree, not by the file. The output is UTF-8
without a byte order mark. The changes are listed on standard error, one line
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
   written for it with --in-place or -o; standard output, written game by
   game, stops there), or --in-place refused a file with text the parser
   could not read that the conversion would drop (without --force)
2  usage error, or a file could not be read or written`,
		shared:    flagsWalk | flagJSON | flagOutput | flagInPlace | flagCharset,
		paths:     true,
		setup:     setupConvert,
		outputDir: true,
	})
}

type convertResult struct {
	changes []convert.Change
	rewrote bool
	wrote   string // -o DIR: the file written
	refused bool   // --in-place without --force on a file with text the parser could not read
	err     error  // the file could not be converted (no game tree)
	ioErr   error  // the file could not be read or written
}

func setupConvert(fs *flag.FlagSet, common *commonFlags) func(*env, []string) int {
	keep := fs.Bool("keep-charset", false, "keep the text in its charset and CA[] as it is")
	drop := fs.Bool("drop-obsolete", false, "delete obsolete properties (BS, WS, ID, ...) instead of keeping them")
	force := fs.Bool("force", false, "rewrite a file in place even after a critical problem (text the parser could not read is then lost)")
	return func(e *env, args []string) int {
		var outDir string
		if common.output != "" && common.output != "-" && isOutputDir(common.output) {
			outDir = common.output
			if code := checkOutputDir(e, common, args, outDir); code != exitOK {
				return code
			}
		}
		opts := convert.Options{Charset: common.charset, KeepCharset: *keep, DropObsolete: *drop, Syntax: *common.syntaxOptions()}
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
		// Game by game (gameUnits): each game is converted on its own and
		// written as soon as it and the games before it are, to standard
		// output or to the file being written (--in-place, -o DIR), so
		// that memory is bounded by the largest game tree, not by the
		// file (UTF-16 and UTF-32 too, decoded as they are read). An
		// input read whole is converted whole with its first game.
		var cur *convertFile
		eachGame(e, common, args, func(u gameUnit) (r convertGame, err error) {
			c := u.g.Collection()
			if c.File() != nil {
				// Read whole: the first game converts them all.
				r.whole = true
				if u.k > 0 {
					return r, nil
				}
			} else {
				r.orig, _ = c.Bytes() // as read: nothing is converted yet
				r.cs = u.g.Charset()
			}
			r.out, r.changes, err = convert.Collection(c, opts)
			return r, err
		}, func(u gameUnit, r convertGame, err error) {
			if u.first {
				cur = &convertFile{in: u.in}
				cur.start(e, common, outDir)
			}
			f := cur
			f.add(e, common, r, err, *force)
			if !u.last {
				return
			}
			f.end(e, common, u, opts)
			if common.json {
				b := appendFileHead(make([]byte, 0, 256), first, u.in.name, errors.Join(f.res.ioErr, f.res.err), `,"changes":[`)
				report.Write(append(appendJSONList(b, f.res.changes, appendConvertChangeJSON), "]}"...))
				first = false
			}
			f.report(e, common)
			cur = nil
		})
		if common.json {
			report.WriteString("\n]}\n")
		}
		return exitOK
	}
}

// convertGame is what the work of convert gives for one game.
type convertGame struct {
	out     []byte
	changes []convert.Change
	orig    []byte          // the game's bytes as read (a game read from a stream)
	cs      sgf.CharsetInfo // its charset
	whole   bool            // the game of an input read whole (its first game converted them all)
}

// convertFile is the conversion of one input, game by game.
type convertFile struct {
	in      input
	res     convertResult
	dest    *atomicFile // the file being written (--in-place, -o DIR), or nil
	toOut   bool        // the output goes to standard output
	changed bool        // the output differs from the input
	inPlace bool        // the input is rewritten (--in-place), once a game changes
	same    int64       // with inPlace, the bytes of the input unchanged before the first change
	whole   bool        // the input was read whole
	lastCS  charset.Charset
	games   int
	// nChanges counts the changes; lines holds the change lines not yet
	// printed.
	nChanges int
	lines    []byte
}

// start opens where the conversion of f's input goes.
func (f *convertFile) start(e *env, common *commonFlags, outDir string) {
	f.lastCS = charset.UTF8
	name := f.in.name
	switch {
	case f.in.err != nil:
		f.res.ioErr = f.in.err
	case outDir != "":
		out := outputPath(outDir, f.in)
		f.res.wrote = out
		err := os.MkdirAll(filepath.Dir(out), 0o777)
		if err != nil {
			f.res.ioErr = &writeError{err}
		} else if f.dest, err = createAtomic(out, !mayCreate); err != nil {
			f.res.ioErr = err
		}
	case common.inPlace && !isStdin(name):
		// The file is replaced only once a game changes (a file with
		// nothing to change is left alone): see emit.
		f.inPlace = true
	default:
		f.toOut = !common.json || e.terminal != nil
	}
}

// add takes the conversion of the next game, and the error of a game that
// could not be converted (or a panic).
func (f *convertFile) add(e *env, common *commonFlags, r convertGame, err error, force bool) {
	f.nChanges += len(r.changes)
	if common.json || f.dest != nil || f.inPlace {
		// Listed once the file is written (or in its JSON object).
		f.res.changes = append(f.res.changes, r.changes...)
	} else if !common.quiet {
		// Written to standard output as it comes: so are the changes,
		// a few kilobytes at a time (memory stays bounded).
		for _, c := range r.changes {
			f.lines = fmt.Appendf(f.lines, "%s: %s\n", f.in.name, c)
		}
		if len(f.lines) >= 64<<10 {
			f.printLines(e)
		}
	}
	if r.whole {
		f.whole = true
	} else if r.out != nil {
		f.games++
	}
	if err != nil && f.res.err == nil {
		f.res.err = err
	}
	if common.inPlace && !force {
		for _, c := range r.changes {
			if c.Code == convert.CodeDropped {
				f.res.refused = true
			}
		}
	}
	if r.out == nil || !f.writing() {
		return
	}
	if !r.cs.Transcoded && !r.whole {
		f.lastCS = r.cs.Charset
	}
	f.emit(e, r.out, r.orig, r.whole)
}

// emit writes out, the conversion of orig (the input's bytes from where
// the last one ended), changed whatever it holds.
func (f *convertFile) emit(e *env, out, orig []byte, changed bool) {
	changed = changed || !bytes.Equal(out, orig)
	if f.inPlace && f.dest == nil {
		if !changed {
			// Still the input as it is: nothing to write yet.
			f.same += int64(len(out))
			return
		}
		// The first change: the file is replaced, starting with the
		// input's bytes before it.
		dest, err := createAtomic(f.in.name, !replaceOnly)
		if err != nil {
			f.res.ioErr = err
			return
		}
		f.dest = dest
		if f.same > 0 {
			in, err := os.Open(f.in.name)
			if err == nil {
				_, err = io.CopyN(dest, in, f.same)
				in.Close()
			}
			if err != nil {
				f.res.ioErr = err
				return
			}
		}
	}
	f.changed = f.changed || changed
	f.write(e, out)
}

// writing reports whether output is still written: not after a problem
// that stops the conversion of the file.
func (f *convertFile) writing() bool {
	return f.res.ioErr == nil && f.res.err == nil && !f.res.refused
}

func (f *convertFile) write(e *env, b []byte) {
	switch {
	case f.dest != nil:
		if _, err := f.dest.Write(b); err != nil {
			f.res.ioErr = &writeError{err}
		}
	case f.toOut:
		e.stdout.Write(b)
	}
}

// end ends the conversion at the last unit u of the input: the text after
// the last game tree, then the file written (or not).
func (f *convertFile) end(e *env, common *commonFlags, u gameUnit, opts convert.Options) {
	var pe *syntax.ParseError
	switch {
	case u.err == nil:
	case errors.As(u.err, &pe):
		// No game tree, or a limit: what was read is not a conversion
		// of the file (standard output has the games before it).
		if f.res.err == nil {
			f.res.err = &convert.Error{Tree: -1, Node: -1, Err: convert.ErrInput, Cause: u.err}
		}
	case f.res.ioErr == nil:
		f.res.ioErr = u.err // the input could not be read
	}
	if f.games == 0 && !f.whole && f.res.err == nil && f.res.ioErr == nil {
		f.res.err = &convert.Error{Tree: -1, Node: -1, Err: convert.ErrInput, Cause: errors.New("no game tree")}
	}
	if f.writing() && !f.whole {
		f.emit(e, convert.Tail(u.tail, f.lastCS, opts), u.tail, false)
	}
	if f.dest == nil {
		return
	}
	if !f.writing() || common.inPlace && !f.changed {
		f.dest.abort()
		if f.res.ioErr == nil {
			f.res.wrote = ""
		}
		return
	}
	if err := f.dest.commit(); err != nil {
		f.dest.abort()
		f.res.ioErr = &writeError{err}
		return
	}
	f.res.rewrote = common.inPlace
}

// report prints what happened to the file (failf, problemf: the exit
// status).
func (f *convertFile) report(e *env, common *commonFlags) {
	r := f.res
	name := f.in.name
	switch {
	case r.ioErr != nil && r.wrote != "":
		e.failf("%s: %s: %s", name, r.wrote, describeError(r.ioErr))
		return
	case r.ioErr != nil:
		e.failf("%s: %s", name, describeError(r.ioErr))
		return
	case r.err != nil && f.toOut && f.games > 0:
		// Standard output has the games before the problem.
		e.problemf("%s: %s; the output stops there", name, describeError(r.err))
	case r.err != nil:
		e.problemf("%s: %s; nothing written", name, describeError(r.err))
	case r.refused:
		e.problemf("%s: not rewritten: it holds text the parser could not read, which the conversion would drop (see 'sgf check %s'; --force converts it anyway)", name, name)
	}
	if common.json || common.quiet {
		return
	}
	for _, c := range r.changes {
		f.lines = fmt.Appendf(f.lines, "%s: %s\n", name, c)
	}
	if r.rewrote {
		f.lines = fmt.Appendf(f.lines, "%s: converted (%s)\n", name, plural(f.nChanges, "change"))
	}
	if r.wrote != "" && r.err == nil && !r.refused {
		f.lines = fmt.Appendf(f.lines, "%s: converted to %s (%s)\n", name, r.wrote, plural(f.nChanges, "change"))
	}
	f.printLines(e)
}

// printLines prints the change lines waiting, after the output before
// them.
func (f *convertFile) printLines(e *env) {
	if len(f.lines) == 0 {
		return
	}
	e.stdout.Flush()
	e.screen.print(e.stderr, string(f.lines))
	f.lines = f.lines[:0]
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

// appendConvertChangeJSON appends the JSON object of a change.
func appendConvertChangeJSON(b []byte, c convert.Change) []byte {
	b = appendStringField(b, `{"code":`, c.Code.String())
	b = appendIntField(b, `,"sgfc":`, c.Code.SGFC())
	b = appendIntField(b, `,"game":`, c.Tree)
	b = appendIntField(b, `,"node":`, c.Node)
	b = appendStringField(b, `,"property":`, c.Property)
	b = appendStringField(b, `,"before":`, c.Before)
	b = appendStringField(b, `,"after":`, c.After)
	b = appendStringField(b, `,"message":`, c.Message)
	return append(b, '}')
}
