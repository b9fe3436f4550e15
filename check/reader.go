package check

import (
	"bufio"
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
// what they compare, see Stream). Input in UTF-16 or UTF-32, which no
// reader can split before decoding it, is read whole and given as one
// Tree.
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
	br     *bufio.Reader
	r      *sgf.Reader
	stream *Stream
	trees  int
	done   bool
	err    error
}

// NewReader returns a Reader that checks r with opts (opts.Read as for
// All).
func NewReader(r io.Reader, opts Options) *Reader {
	return &Reader{opts: opts, br: bufio.NewReaderSize(r, 64<<10), stream: NewStream(opts)}
}

// Tree is one game tree of a Reader's input (with the text in front of
// it, and after it for the last one), or the whole of a wide input.
type Tree struct {
	// Game is the game of the tree as the typed view reads it; nil for
	// the text after the last tree and for a wide input.
	Game *sgf.Game

	file  *syntax.File
	tree  *syntax.Tree
	opts  *Options
	whole diag.List // a wide input, checked by All
	syn   diag.List
	res   TreeResult
	ran   bool
	last  bool
}

// Next reads the next game tree. After the last it returns io.EOF, with a
// last Tree holding the diagnostics of the text after the last game tree
// (or of an input without any) when there are some.
func (r *Reader) Next() (*Tree, error) {
	if r.done {
		return nil, r.errOrEOF()
	}
	if r.r == nil {
		if head, _ := r.br.Peek(4 << 10); len(head) > 0 {
			if _, wide := charset.DetectWide(head); wide {
				r.done = true
				src, err := io.ReadAll(r.br)
				if err != nil {
					r.err = err
					return nil, err
				}
				return &Tree{whole: All(src, r.opts), opts: &r.opts, ran: true, last: true}, io.EOF
			}
		}
		var ro sgf.ReadOptions
		if r.opts.Read != nil {
			ro = *r.opts.Read
		}
		sr, err := sgf.NewReader(r.br, &ro)
		if err != nil {
			r.done, r.err = true, err
			return nil, err
		}
		r.r = sr
	}
	g, err := r.r.Next()
	if g != nil {
		r.trees++
		st := g.SyntaxTree()
		ds := g.Collection().Diagnostics()
		f := &syntax.File{Src: st.Source(), Trees: []*syntax.Tree{st}, Diagnostics: ds}
		t := &Tree{Game: g, file: f, tree: st, opts: &r.opts}
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
		if len(ds) == 0 {
			return nil, io.EOF
		}
		return &Tree{file: &syntax.File{Diagnostics: ds}, opts: &r.opts, last: true, res: TreeResult{}}, io.EOF
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
		opts := *t.opts
		if opts.TreeCharset == nil && t.Game != nil {
			cs := t.Game.SyntaxCharset()
			opts.TreeCharset = func(int) charset.Charset { return cs }
		}
		t.res = CheckTree(t.file, t.tree, opts)
	}
}

// Diagnostics returns the diagnostics of t, the next tree of the input in
// order, as All lists them: the syntax layer's and the rules' (those that
// compare trees too), sorted by offset, the disabled codes left out. A
// Tree of a wide input gives All's list of the whole.
func (r *Reader) Diagnostics(t *Tree) diag.List {
	if t.whole != nil {
		return t.whole
	}
	t.Run()
	ds := t.syn
	if t.tree != nil {
		ds = append(ds, r.stream.Add(t.res)...)
	}
	return tidy(ds, r.opts.Disable)
}
