package check

import (
	"errors"
	"io"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/diag"
	"github.com/sgf-toolkit/sgf/syntax"
)

// A Reader checks an input one game tree at a time, in the manner of
// archive/tar's Reader.Next: it gives, tree by tree, what All gives of
// the whole input, in memory bounded by the largest game tree, not by the
// input (sgf.Reader underneath; the rules that compare trees keep only
// what they compare, see Stream). Input in UTF-16, UTF-32 or
// ISO-2022-JP is decoded as it is read (see NewReader), its C47 on the
// first Tree.
//
// The reading and the rules are apart so that the trees of one input can
// be checked in parallel: Next reads (call it from one goroutine), Tree.Run
// runs the rules on a tree alone (on any goroutine), and Diagnostics, in
// input order, runs the rules that compare trees and gives the list:
//
//	for {
//		t, err := r.Next()
//		if t != nil {
//			t.Run()
//			report(r.Diagnostics(t))
//		}
//		if err != nil {
//			break // io.EOF at the end; else a read error
//		}
//	}
//
// A fatal syntax problem (a limit, no game tree) is a diagnostic of the
// last Tree, not an error: Next's error is io.EOF then, or the error of
// the underlying reader.
type Reader struct {
	opts   Options
	in     io.Reader
	r      *sgf.Reader
	stream *Stream
	trees  int
	done   bool
	err    error
	// the C47 of a wide input until it is reported
	c47 *Diagnostic
}

// NewReader returns a Reader that checks r with opts (opts.Read as for
// All). Input in UTF-16, UTF-32 or ISO-2022-JP is decoded as it is read
// (sgf.Reader decides it, as sgf.Read does for All), after a first reading
// to its end that counts what does not decode (C47 says how many, before
// anything else; sgf.ReadOptions.WideFaults): again, when r is an
// io.Seeker (sought back to where it was), else from a temporary copy
// that Close removes.
func NewReader(r io.Reader, opts Options) *Reader {
	return &Reader{opts: opts, in: r, stream: NewStream(opts)}
}

// Wide returns, once Next has read, how a wide input (UTF-16, UTF-32,
// ISO-2022-JP) is decoded, as sgf.Reader decided it (C47 reports it), and
// false for other input: what a caller that reads the input again (SARIF's
// columns) asks rather than detect again.
func (r *Reader) Wide() (charset.Detection, bool) {
	if r.r == nil {
		return charset.Detection{}, false
	}
	return r.r.Wide()
}

// Close removes the temporary copy of a wide input read from a pipe, if
// there is one.
func (r *Reader) Close() error {
	if r.r == nil {
		return nil
	}
	return r.r.Close()
}

// Tree is one game tree of a Reader's input (with the text in front of
// it, and after it for the last one).
type Tree struct {
	// Game is the game of the tree as the typed view reads it (a wide
	// input's tree too, as decoded); nil for the text after the last tree.
	Game *sgf.Game

	file *syntax.File
	tree *syntax.Tree
	opts *Options
	wide *Diagnostic // on the first Tree of a wide input: C47
	syn  diag.List
	res  TreeResult
	ran  bool
	last bool
	// ownFile and trees are file's and its list of trees for a tree that
	// Next read.
	ownFile syntax.File
	trees   [1]*syntax.Tree
}

// Next reads the next game tree. After the last it returns io.EOF, with a
// last Tree holding the diagnostics of the text after the last game tree
// (or of an input without any) when there are some.
func (r *Reader) Next() (*Tree, error) {
	if r.done {
		return nil, r.errOrEOF()
	}
	if r.r == nil {
		var ro sgf.ReadOptions
		if r.opts.Read != nil {
			ro = *r.opts.Read
		}
		// A wide input is decoded as it is read, after a first reading
		// that counts the faults C47 reports.
		ro.WideFaults = true
		sr, err := sgf.NewReader(r.in, &ro)
		if err != nil {
			r.done, r.err = true, err
			return nil, err
		}
		r.r = sr
		if d, ok := sr.Wide(); ok {
			c47 := wideDiagnostic(d, sr.WideFaults())
			r.c47 = &c47
		}
	}
	g, err := r.r.Next()
	if g != nil {
		r.trees++
		st := g.SyntaxTree()
		ds := g.Collection().Diagnostics()
		// The Tree holds its one-tree File (one allocation a tree, not three).
		t := &Tree{Game: g, tree: st, opts: &r.opts, wide: r.c47}
		t.trees[0] = st
		t.ownFile = syntax.File{Src: st.Source(), Trees: t.trees[:], Diagnostics: ds}
		t.file = &t.ownFile
		r.c47 = nil
		if err != nil {
			// A fatal problem in this tree (a limit): reading stops.
			r.done = true
			return t, r.stopped(err)
		}
		return t, nil
	}
	r.done = true
	if err == io.EOF || isParseError(err) {
		// The text after the last tree, or an input without a game
		// tree (S02, fatal).
		ds := r.r.Diagnostics()
		if len(ds) == 0 && r.c47 == nil {
			return nil, io.EOF
		}
		t := &Tree{file: &syntax.File{Diagnostics: ds}, opts: &r.opts, last: true, res: TreeResult{}, wide: r.c47}
		r.c47 = nil
		return t, io.EOF
	}
	r.err = err
	return nil, err
}

func isParseError(err error) bool {
	var pe *syntax.ParseError
	return errors.As(err, &pe)
}

// stopped returns io.EOF for a fatal syntax error (it is a diagnostic of
// the tree), or err.
func (r *Reader) stopped(err error) error {
	if isParseError(err) {
		return io.EOF
	}
	r.err = err
	return err
}

func (r *Reader) errOrEOF() error {
	if r.err != nil {
		return r.err
	}
	return io.EOF
}

// Run runs the rules on the tree alone (CheckTree) and reads the
// diagnostics of its syntax. It may run on any goroutine, each Tree on
// one; Diagnostics runs it if it was not run.
func (t *Tree) Run() {
	if t.ran {
		return
	}
	t.ran = true
	t.syn = syntaxDiagnostics(t.opts, t.file)
	if t.tree != nil {
		if t.opts.TreeCharset == nil && t.Game != nil {
			// The texts' charset as the typed view read the tree.
			cs := t.Game.SyntaxCharset()
			t.res = checkTree(t.file, t.tree, t.opts, &cs)
		} else {
			t.res = checkTree(t.file, t.tree, t.opts, nil)
		}
	}
}

// Diagnostics returns the diagnostics of t, the next tree of the input in
// order, as All lists them: the syntax layer's and the rules' (those that
// compare trees too), sorted by offset, the disabled codes left out; on
// the first Tree of a wide input, C47 too.
func (r *Reader) Diagnostics(t *Tree) diag.List {
	t.Run()
	ds := t.syn
	if t.wide != nil {
		// C47 comes first, as All lists it.
		ds = append(diag.List{*t.wide}, ds...)
	}
	if t.tree != nil {
		if rs := r.stream.Add(t.res); len(ds) == 0 {
			// The rules' list alone (most trees): it is t's own, not
			// copied again.
			ds = rs
		} else {
			ds = append(ds, rs...)
		}
	}
	return tidy(ds, r.opts.Disable)
}
