package sgf

import (
	"io"

	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/syntax"
)

// Reader reads the games of an input one at a time, in the manner of
// archive/tar's Reader.Next: memory is bounded by the largest game tree,
// not by the input (syntax.Reader underneath). Each game comes in a
// Collection of its own holding only that game.
//
// Unlike Read, a Reader does not look at the input as a whole, so it does
// not recognise UTF-16 or UTF-32 input (convert it first, or use Read);
// charsets per game tree (CA, detection, ReadOptions.Charset) work as in
// Read. Diagnostics of a game tree parsed again with its detected charset
// have offsets into the input but lines and columns counted from the
// start of the tree's text.
type Reader struct {
	r        *syntax.Reader
	override *charset.Charset
	base     syntax.Options
	n        int
	off      int64
}

// NewReader returns a Reader of r. opts may be nil. The error wraps
// ErrCharset when ReadOptions.Charset is unusable.
func NewReader(r io.Reader, opts *ReadOptions) (*Reader, error) {
	var o ReadOptions
	if opts != nil {
		o = *opts
	}
	rd := &Reader{base: o.Syntax}
	rd.base.OnTree = nil // not for the second parse of a tree
	sopts := o.Syntax
	if o.Charset != "" {
		cs, err := charset.Lookup(o.Charset)
		if err != nil {
			return nil, newError("NewReader", "", []byte(o.Charset), ErrCharset, err)
		}
		rd.override = &cs
		if lb := cs.LeadBytes(); lb != charset.NotASCII {
			sopts.LeadBytes, sopts.ForceLeadBytes = syntax.LeadBytes(lb), true
		}
	}
	if rd.override == nil && sopts.TreeLeadBytes == nil {
		sopts.TreeLeadBytes = LeadBytesOfCA
	}
	rd.base.TreeLeadBytes = nil
	rd.r = syntax.NewReader(r, &sopts)
	return rd, nil
}

// Tail returns, after Next returned io.EOF, the text after the last game
// tree (a final newline, a signature): a rewrite that writes every game
// (Game.WriteTo) and then Tail gives back an unchanged input byte for
// byte. Before the end it is nil.
func (r *Reader) Tail() []byte { return r.r.Tail() }

// Diagnostics returns, after Next returned io.EOF or a fatal
// *syntax.ParseError without a game, the diagnostics of the text after
// the last game tree (or of an input without one: S02). Those of a game
// are its Collection's. Offsets, lines and columns are the input's.
func (r *Reader) Diagnostics() []syntax.Diagnostic { return r.r.Diagnostics() }

// Next returns the next game. At the end of the input it returns io.EOF;
// a read error is returned as it is, and a fatal syntax diagnostic as a
// *syntax.ParseError, with the partial game when there is one.
func (r *Reader) Next() (*Game, error) {
	t, err := r.r.Next()
	if t == nil {
		return nil, err
	}
	src := t.Source()
	c := &Collection{orig: src, diags: r.r.Diagnostics()}
	// Trees follow each other: each source starts where the last ended.
	g := &Game{c: c, index: r.n, tree: t, seg: src, start: r.off, first: t}
	r.n++
	r.off += int64(len(src))
	g.init(r.override, r.base)
	g.takeDiags()
	c.games = []*Game{g}
	return g, err
}
