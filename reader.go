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
// Input in UTF-16, UTF-32 or ISO-2022-JP (charset.DetectWide of its first
// bytes, or such a charset that ReadOptions.Charset names) is decoded to
// UTF-8 as it is read, as Read decodes it whole
// (charset.OpenWide): the games are Transcoded, their offsets and
// positions those of the UTF-8 text. An input whose first bytes do not
// decide it (no byte order mark), or whose faults ReadOptions.WideFaults
// asks for, is read twice, the first time to the end: again when r is an
// io.Seeker (sought back to where it was), else from a temporary copy.
// That decision is made here once: callers that stream an input (sgf
// check, sgf fix, the index) ask Wide and WideFaults, as callers of Read
// ask the Collection. Charsets per game tree (CA, detection,
// ReadOptions.Charset) work as in Read. Diagnostics of a game tree parsed
// again with its detected charset have offsets into the input but lines
// and columns counted from the start of the tree's text.
type Reader struct {
	r        *syntax.Reader
	override *charset.Charset
	base     syntax.Options
	n        int
	off      int64
	wide     *charset.WideInput // a wide input, decoded as it is read
	// lastCA and the rest are the CA of the game Next returned last and
	// its look-up: the next game's collection starts with them
	// (Collection.caString, lookupCA), and reads the same CA (most often)
	// without a new string and a new look-up.
	lastCA    string
	lastCAOK  bool
	lastCS    charset.Charset
	lastCAErr error
}

// Wide returns the detection of a wide input (UTF-16, UTF-32,
// ISO-2022-JP) the Reader decodes as it reads it, and false for other
// input.
func (r *Reader) Wide() (charset.Detection, bool) {
	if r.wide == nil || r.wide.Detection.Charset == (charset.Charset{}) {
		return charset.Detection{}, false
	}
	return r.wide.Detection, true
}

// WideFaults returns, for an input that Wide reports, the number of its
// sequences that did not decode (each became U+FFFD), as
// Collection.WideFaults counts them for Read, when
// ReadOptions.WideFaults asked for them; else 0. Callers ask it (and Wide)
// rather than look at the input themselves.
func (r *Reader) WideFaults() int {
	if _, ok := r.Wide(); !ok {
		return 0
	}
	return r.wide.Faults
}

// Close removes the temporary copy of a wide input that was not an
// io.Seeker, if there is one.
func (r *Reader) Close() error {
	if r.wide == nil {
		return nil
	}
	return r.wide.Close()
}

// openWide returns what a Reader of r reads: r itself, or the text of a
// wide input decoded as it is read, its faults counted when countFaults
// asks for them.
func openWide(r io.Reader, override *charset.Charset, countFaults bool) (io.Reader, *charset.WideInput, error) {
	again := charset.SeekBack(r)
	if override != nil && override.LeadBytes() == charset.NotASCII {
		// A wide charset named: the whole input is decoded with it, as
		// Read decodes it.
		d := charset.Detection{Charset: *override, Confidence: 1, Path: "ReadOptions.Charset"}
		w, err := charset.OpenWideAs(r, again, d, countFaults)
		if err != nil {
			return nil, nil, err
		}
		return w, w, nil
	}
	br := charset.Buffered(r, 4<<10, 64<<10)
	head, _ := br.Peek(4 << 10)
	if _, wide := charset.DetectWide(head); !wide {
		return br, nil, nil
	}
	w, wide, err := charset.OpenWide(br, again, countFaults)
	if err != nil {
		return nil, nil, err
	}
	// Not wide after all (Detection is zero): w reads its bytes as they
	// are.
	_ = wide
	return w, w, nil
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
	}
	if rd.override == nil && sopts.TreeLeadBytes == nil {
		sopts.TreeLeadBytes = LeadBytesOfCA
	}
	rd.base.TreeLeadBytes = nil
	text, wide, err := openWide(r, rd.override, o.WideFaults)
	if err != nil {
		return nil, err
	}
	rd.wide = wide
	if _, decoded := rd.Wide(); !decoded && rd.override != nil {
		// The override's two-byte characters split the input; a wide
		// input is decoded to UTF-8 whatever it says, as Read does.
		if lb := rd.override.LeadBytes(); lb != charset.NotASCII {
			sopts.LeadBytes, sopts.ForceLeadBytes = syntax.LeadBytes(lb), true
		}
	}
	rd.r = syntax.NewReader(text, &sopts)
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
	// The game, its collection and the collection's list of games in one
	// allocation (three a game tree before).
	a := &readGame{}
	c := &a.c
	*c = Collection{orig: src, diags: r.r.Diagnostics()}
	if w := r.wide; w != nil && w.Detection.Charset != (charset.Charset{}) {
		c.wideCS, c.enc, c.wide = w.Detection.Charset, w.Detection.Charset.Encoding(), w.Detection
	}
	c.lastCA, c.lastCAOK, c.lastCS, c.lastCAErr = r.lastCA, r.lastCAOK, r.lastCS, r.lastCAErr
	// Trees follow each other: each source starts where the last ended.
	g := &a.g
	*g = Game{c: c, index: r.n, tree: t, seg: src, start: r.off, first: t}
	r.n++
	r.off += int64(len(src))
	g.init(r.override, r.base)
	r.lastCA, r.lastCAOK, r.lastCS, r.lastCAErr = c.lastCA, c.lastCAOK, c.lastCS, c.lastCAErr
	g.takeDiags()
	a.games[0] = g
	c.games = a.games[:]
	return g, err
}

// readGame is what Reader.Next allocates for a game.
type readGame struct {
	c     Collection
	g     Game
	games [1]*Game
}
