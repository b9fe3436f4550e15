package sgf

import (
	"encoding/binary"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync/atomic"

	"golang.org/x/text/encoding"

	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/syntax"
	"github.com/sgf-toolkit/sgf/value"
)

// ReadOptions are the choices of Read. The zero value (or a nil pointer)
// means: the default limits of package syntax, charsets from CA[] or
// detection.
type ReadOptions struct {
	// Syntax holds the limits of the parse (see syntax.Options). Its
	// LeadBytes is used for the first parse of game trees without CA[];
	// Read parses a tree again when the charset it settles on (override,
	// CA, detection) groups bytes differently.
	Syntax syntax.Options
	// Charset, when not empty, overrides CA[] and detection for every game
	// tree: text values are decoded with it, and multibyte charsets
	// (Shift_JIS, GBK, Big5) split values by its characters. Any name
	// charset.Lookup knows is accepted. An input that is not ASCII-
	// compatible (Collection.Wide: UTF-16, UTF-32, ISO-2022-JP) is
	// decoded as such whatever an ASCII-compatible Charset says: read
	// byte by byte, its text would be NUL bytes or escape sequences.
	Charset string
	// WideFaults asks NewReader to count, for an input it decodes as
	// wide (Reader.Wide), the sequences that do not decode, as Read counts
	// them for Collection.WideFaults (Reader.WideFaults gives the count):
	// a first reading of the whole input, one with a byte order mark too
	// (which is otherwise decoded as it is read, without one). Read counts
	// them always.
	WideFaults bool
}

// CharsetSource says how the charset of a game was chosen.
type CharsetSource string

// The ways a charset is chosen.
const (
	SourceCA       CharsetSource = "CA"       // the game's CA[] property
	SourceDetected CharsetSource = "detected" // charset.Detect over the text values (no CA, an unknown CA, or a CA the bytes contradict)
	SourceDefault  CharsetSource = "default"  // no CA and only ASCII text: ISO-8859-1, the FF[4] default
	SourceOverride CharsetSource = "override" // ReadOptions.Charset
)

// CharsetInfo reports the charset a game's SimpleText and Text values are
// decoded with, and how it was chosen.
type CharsetInfo struct {
	Charset    charset.Charset
	Name       string // Charset.Name(): "UTF-8", "ISO-8859-1", "GB2312", ...
	Source     CharsetSource
	Confidence float64 // 1 for CA, override and default; the detector's confidence otherwise
	Declared   string  // the raw CA[] value, "" when the game has none
	Detail     string  // the detector's path, or why a declared CA was not used
	// Transcoded is set when the game's bytes are not ASCII-compatible
	// (UTF-16, UTF-32, ISO-2022-JP): they were decoded to UTF-8 as a whole
	// before parsing, and are encoded back when an edited game is written.
	// Offsets and positions of such a game refer to the UTF-8 text.
	Transcoded bool
}

// Collection is a parsed SGF file: its game trees as Games, with the
// syntax layer's diagnostics. An unedited Collection writes back byte for
// byte what was read.
type Collection struct {
	orig  []byte // the input as read
	file  *syntax.File
	games []*Game
	// whole-file transcoding (UTF-16 and the like): the decision
	// (Wide), the faults of the decoding (WideFaults)
	enc        encoding.Encoding
	bom        int
	wideCS     charset.Charset
	wide       charset.Detection
	wideFaults int
	diags      []syntax.Diagnostic
	// the charset of ReadOptions.Charset, nil without; the number of
	// games added (Add) after those read
	override *charset.Charset
	added    int
	// the last CA read, and its charset (Collection.lookupCA, for the
	// setup of games)
	lastCA    string
	lastCAOK  bool
	lastCS    charset.Charset
	lastCAErr error
	// the last CA of the parse's question, and its grouping
	// (Collection.treeLeadBytes: on the parser's goroutine, while the
	// games may be set up on another, see gameSetup)
	leadCA string
	leadOK bool
	leadLB syntax.LeadBytes
	// the options of the parse (SyntaxFile parses again with them)
	sopts  syntax.Options
	synced *syntax.File // SyntaxFile's result, once asked for
}

// Parse parses src with the default options. See Read.
func Parse(src []byte) (*Collection, error) { return parse(src, nil) }

// ReadFile reads and parses the named file. See Read.
func ReadFile(name string, opts *ReadOptions) (*Collection, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	return parse(b, opts)
}

// Read reads all of r and parses it into a Collection, one Game per game
// tree. Like the syntax layer it is tolerant: a broken file gives a
// Collection with what could be read and every diagnostic (see
// Collection.Diagnostics); the error is non-nil for a read error, an
// unusable ReadOptions.Charset, or a fatal syntax diagnostic (no game tree
// at all, a limit reached: a *syntax.ParseError), and the Collection is then
// still returned when the input could be parsed in part. opts may be nil.
//
// The charset of each game tree is chosen by ReadOptions.Charset, else by
// its CA[] (checked against the bytes with charset.Verify), else by
// charset.Detect over its text values; see Game.Charset.
func Read(r io.Reader, opts *ReadOptions) (*Collection, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return parse(b, opts)
}

func parse(src []byte, opts *ReadOptions) (*Collection, error) {
	var o ReadOptions
	if opts != nil {
		o = *opts
	}
	c := &Collection{orig: src}
	var override *charset.Charset
	if o.Charset != "" {
		cs, err := charset.Lookup(o.Charset)
		if err != nil {
			return nil, newError("Read", "", []byte(o.Charset), ErrCharset, err)
		}
		override = &cs
		c.override = override
	}
	sopts := o.Syntax
	if override == nil && sopts.TreeLeadBytes == nil {
		sopts.TreeLeadBytes = c.treeLeadBytes
	}
	// How the input is read is decided here, once (callers ask Wide):
	// an input that is not ASCII-compatible, found by charset.DecodeWide
	// or named by the override, is decoded to UTF-8 as a whole.
	parseSrc := src
	if override != nil && override.LeadBytes() == charset.NotASCII {
		c.wideCS = *override
		c.wide = charset.Detection{Charset: *override, Confidence: 1, Path: "ReadOptions.Charset"}
		s, fs := charset.Decode(c.wideCS, src)
		parseSrc, c.wideFaults = []byte(s), len(fs)
	} else if text, d, faults, ok := charset.DecodeWide(src); ok {
		// With an override too: its charset is that of the text values,
		// which no byte-wise split of the input can reach.
		c.wideCS, c.bom, c.wide, c.wideFaults = d.Charset, d.BOM, d, faults
		parseSrc = text
	} else if override != nil {
		sopts.LeadBytes = syntax.LeadBytes(override.LeadBytes())
		sopts.ForceLeadBytes = true
	}
	if c.wideCS != (charset.Charset{}) {
		c.enc = c.wideCS.Encoding()
	}
	// Each game is set up as soon as its tree is read, while its bytes
	// are still in the CPU's caches.
	var start int64
	user := sopts.OnTree
	base := o.Syntax
	base.OnTree, base.TreeLeadBytes = nil, nil
	c.sopts = sopts
	c.sopts.OnTree = nil
	// A large input's games are set up on another goroutine while the
	// parse reads on (gameSetup).
	var setup *gameSetup
	if len(parseSrc) >= setupAsideBytes && runtime.GOMAXPROCS(0) > 1 {
		setup = newGameSetup(override, base)
		defer setup.end()
	}
	sopts.OnTree = func(t *syntax.Tree) {
		g := &Game{c: c, index: len(c.games), tree: t, seg: t.Source(), start: start}
		start += int64(len(g.seg))
		if setup != nil {
			setup.add(g)
		} else {
			g.init(override, base)
		}
		c.games = append(c.games, g)
		if user != nil {
			user(t)
		}
	}
	f, err := syntax.Parse(parseSrc, &sopts)
	if setup != nil {
		setup.wait()
	}
	c.file = f
	c.diags = f.Diagnostics
	for _, g := range c.games {
		g.takeDiags()
	}
	if err != nil && len(c.games) == 0 {
		return c, err
	}
	return c, err
}

// LeadBytesOfCA is the policy by which Read first splits each game tree
// (syntax.Options.TreeLeadBytes): the grouping of the charset its CA
// names (charset.LeadBytesOf), byte by byte without a CA. Read then
// decides the tree's charset (see Game.Charset) and reads the tree again
// when the decision groups bytes otherwise.
func LeadBytesOfCA(tree int, ca []byte) syntax.LeadBytes {
	cs, err := CharsetOfCA(ca)
	if err != nil || cs.LeadBytes() == charset.NotASCII {
		return syntax.ASCIISafe
	}
	return syntax.LeadBytes(cs.LeadBytes())
}

// CharsetOfCA returns the charset a CA value names, as every reader of
// the module reads a CA: ca, the value as written (escapes intact), read
// as the SimpleText it is (value.SimpleText: escapes removed, white space
// as spaces), its white space trimmed, looked up by charset.Lookup. It is
// the one reading of CA: Read's first split of a tree (LeadBytesOfCA),
// the charset a Game declares (Game.Charset), and package check's rules
// (C45, C46) and quotes of values read CA through it.
func CharsetOfCA(ca []byte) (charset.Charset, error) {
	// The CA values of a collection are nearly always the same few:
	// sgf check read each one four times (the tree's first split, the
	// game's setup, two rules), 830 instructions a look-up, 1.7% of its
	// work on the standard collection.
	slot := &caCache[len(ca)%len(caCache)]
	if e := slot.Load(); e != nil && e.raw == string(ca) {
		return e.cs, nil
	}
	raw := ca
	if !plainText(ca, true) {
		ca = value.SimpleText(ca)
	}
	cs, err := charset.Lookup(strings.TrimSpace(string(ca)))
	if err == nil && len(raw) <= maxCachedCA {
		slot.Store(&caEntry{raw: string(raw), cs: cs})
	}
	return cs, err
}

// caCache keeps the charsets of the CA values looked up last, a few of
// them (by the value's length), for any goroutine: CharsetOfCA is a pure
// function of the bytes. Only names found are kept; an error is made
// anew for each caller.
var caCache [4]atomic.Pointer[caEntry]

// maxCachedCA is the longest CA value that caCache keeps.
const maxCachedCA = 64

type caEntry struct {
	raw string
	cs  charset.Charset
}

// treeLeadBytes is LeadBytesOfCA with the last CA looked up kept.
func (c *Collection) treeLeadBytes(tree int, ca []byte) syntax.LeadBytes {
	if ca == nil {
		return syntax.ASCIISafe
	}
	if !c.leadOK || string(ca) != c.leadCA {
		c.leadCA, c.leadOK, c.leadLB = string(ca), true, LeadBytesOfCA(tree, ca)
	}
	return c.leadLB
}

// setupAsideBytes is the input size from which Read sets up the games on
// another goroutine than the parse's: below it, the goroutine costs more
// than it gains. A variable for the tests.
var setupAsideBytes = 1 << 20

// gameSetup sets up the games of a Collection (Game.init: the charset,
// the second parse of a tree read in other characters, GM and SZ) on a
// goroutine of its own, in the order of the input, while the parser reads
// the next trees: the parse of a collection no longer waits for that
// work, which is an eighth of it. Only that goroutine uses the
// Collection's cache of the last CA (lookupCA); the parser has its own
// (treeLeadBytes).
type gameSetup struct {
	override *charset.Charset
	base     syntax.Options
	batch    []*Game
	bytes    int
	todo     chan []*Game
	done     chan struct{}
	stopped  bool
	fault    bool // the parse's goroutine's debug.SetPanicOnFault
	panicked any  // what a Game.init panicked with, panicked again by wait
}

// setupBatchBytes is the source size of the games handed over at once.
const setupBatchBytes = 64 << 10

func newGameSetup(override *charset.Charset, base syntax.Options) *gameSetup {
	s := &gameSetup{override: override, base: base, todo: make(chan []*Game, 64), done: make(chan struct{})}
	// The goroutine reads the input as the parse's would: a caller
	// that reads a memory-mapped file asks for a panic (recovered
	// here, raised again by wait) where the bytes of a file cut short
	// under it fault.
	s.fault = debug.SetPanicOnFault(true)
	debug.SetPanicOnFault(s.fault)
	go s.run()
	return s
}

func (s *gameSetup) run() {
	defer close(s.done)
	if s.fault {
		debug.SetPanicOnFault(true)
	}
	defer func() {
		if r := recover(); r != nil {
			s.panicked = r
			for range s.todo {
				// Drained, so that the parse never waits on a send.
			}
		}
	}()
	for b := range s.todo {
		for _, g := range b {
			g.init(s.override, s.base)
		}
	}
}

// add takes the next game as the parser reads it.
func (s *gameSetup) add(g *Game) {
	s.batch = append(s.batch, g)
	if s.bytes += len(g.seg); s.bytes >= setupBatchBytes {
		s.todo <- s.batch
		s.batch, s.bytes = nil, 0
	}
}

// stop ends the setup goroutine once the games handed over are done.
func (s *gameSetup) stop() {
	if !s.stopped {
		s.stopped = true
		if len(s.batch) > 0 {
			s.todo <- s.batch
			s.batch = nil
		}
		close(s.todo)
	}
}

// end stops the goroutine and waits for it to end, without raising its
// panic: the parse's deferred cleanup, so that nothing reads the input
// after the parse returned, or panicked.
func (s *gameSetup) end() {
	s.stop()
	<-s.done
}

// wait returns once every game is set up.
func (s *gameSetup) wait() {
	s.stop()
	<-s.done
	if s.panicked != nil {
		panic(s.panicked)
	}
}

// ReadBytes parses src as Read does, without copying it: src must not be
// changed while the Collection is in use. opts may be nil.
func ReadBytes(src []byte, opts *ReadOptions) (*Collection, error) { return parse(src, opts) }

// SyntaxCharset returns the charset in which the raw values of game tree
// i of SyntaxFile are written (Game.SyntaxCharset), ISO-8859-1 for no game
// i.
func (c *Collection) SyntaxCharset(i int) charset.Charset {
	if i < 0 || i >= len(c.games) {
		return charset.Default
	}
	return c.games[i].SyntaxCharset()
}

// SyntaxCharset returns the charset in which the raw values of the game's
// tree as SyntaxTree (and Collection.SyntaxFile) hold it are written, so
// that a reader of the syntax layer can decode what it quotes (sgf check
// and fix quote values decoded in their messages): the game's charset
// (Charset), UTF-8 for a file decoded as a whole before parsing (UTF-16,
// UTF-32).
func (g *Game) SyntaxCharset() charset.Charset {
	if g.cs.Transcoded && g.c.wideCS == (charset.Charset{}) {
		return g.cs.Charset // a tree transcoded on its own: SyntaxFile keeps its bytes
	}
	return g.dec
}

// SyntaxFile returns the input as the typed view reads it, for readers of
// the syntax layer (sgf check and fix): each game tree split into values
// with the two-byte characters of the charset decided for it (see
// Game.Charset), byte-wise escapes inside two-byte characters read as the
// game reads them, so that every command reads the same trees, values and
// text. It is File itself when every tree was read in its first parse
// (nearly always); otherwise the input parsed once more with those
// choices. Its offsets, lines and columns are the input's: Src has the
// input's length, a "\" escaped byte by byte inside a two-byte character
// (SGFC -E2) being moved in front of the character (see Game.Charset's
// Detail). A game transcoded on its own (a tree in UTF-16 or
// ISO-2022-JP inside an ASCII file) is left as the first parse read it.
// nil for the Collection of a game from Reader.
func (c *Collection) SyntaxFile() *syntax.File {
	if c.file == nil || c.synced != nil {
		return c.synced
	}
	c.synced = c.file
	redo := false
	for _, g := range c.games {
		if g.sub != nil && g.enc == nil {
			redo = true
		}
	}
	if !redo || len(c.file.Trees) != len(c.games) {
		return c.synced
	}
	src := make([]byte, 0, len(c.file.Src))
	lbs := make([]syntax.LeadBytes, len(c.games))
	for i, g := range c.games {
		lbs[i] = c.file.Trees[i].LeadBytes()
		if g.sub != nil && g.enc == nil {
			src = append(src, g.sub.Src...)
			lbs[i] = g.tree.LeadBytes()
		} else {
			src = append(src, g.seg...)
		}
	}
	src = append(src, c.file.Tail()...)
	opts := c.sopts
	opts.TreeLeadBytes = func(i int, _ []byte) syntax.LeadBytes {
		if i >= 0 && i < len(lbs) {
			return lbs[i]
		}
		return c.sopts.LeadBytes
	}
	if f, _ := syntax.Parse(src, &opts); len(f.Trees) == len(c.games) {
		c.synced = f
	}
	return c.synced
}

// Wide reports how the input was read when it is not ASCII-compatible:
// UTF-16 or UTF-32 (with or without a byte order mark) or ISO-2022-JP, as
// charset.DecodeWide, the one test of the module, finds it, or the
// charset of ReadOptions.Charset when that is such a charset. It returns
// the detection (the charset, why, and the length of the byte order mark
// skipped) and true: the input was decoded to UTF-8 as a whole before
// parsing, every game is Transcoded, and offsets and positions are those
// of the UTF-8 text. For an ASCII-compatible input (a UTF-8 byte order
// mark included: File().HasBOM) it returns false. Callers ask it rather
// than detect again. The Collection of a game from Reader reports what
// Reader.Wide reports.
func (c *Collection) Wide() (charset.Detection, bool) {
	if c.wideCS == (charset.Charset{}) {
		return charset.Detection{}, false
	}
	return c.wide, true
}

// WideFaults returns, for an input that Wide reports, the number of its
// sequences that did not decode (each became U+FFFD), as
// charset.DecodeWide counts them; 0 for other input, and for a game from
// Reader.
func (c *Collection) WideFaults() int { return c.wideFaults }

// Games returns the games in file order.
func (c *Collection) Games() []*Game { return c.games }

// Game returns the i-th game (from 0), or nil.
func (c *Collection) Game(i int) *Game {
	if i < 0 || i >= len(c.games) {
		return nil
	}
	return c.games[i]
}

// Len returns the number of games.
func (c *Collection) Len() int { return len(c.games) }

// File returns the syntax layer's parse of the input (nil for the
// Collection of a game from Reader). For a file that was
// transcoded as a whole (UTF-16) it is the parse of the UTF-8 text. Game
// trees that were parsed again with another charset (see Game.Charset) are
// those of Game.Tree, not the ones in File.Trees.
func (c *Collection) File() *syntax.File { return c.file }

// CharsetUnsure reports whether the charset of game tree i was not
// declared and verified: it was detected (no CA, or a CA its bytes
// contradict), or c does not read as its File (a nil c, or a game count
// that differs from File's trees). It is syntax.FormatOptions.KeepEscapes
// for File, as sgf fmt formats it: in such a tree a "\" after a lead byte
// may be the second byte of a GBK or Shift_JIS character, so only the
// escapes that are escapes in every charset may go.
func (c *Collection) CharsetUnsure(i int) bool {
	if c == nil || c.file == nil || c.Len() != len(c.file.Trees) || i < 0 || i >= c.Len() {
		return true
	}
	switch c.games[i].cs.Source {
	case SourceCA, SourceOverride, SourceDefault:
		return false
	}
	return true
}

// Closers returns what the input left open at its end, as
// syntax.File.Closers does, but as the last game was finally read: in its
// charset's two-byte characters, or decoded (ISO-2022-JP), when that
// reading differs from the first one.
func (c *Collection) Closers() []byte {
	if n := len(c.games) - c.added; n > 0 && c.games[n-1].sub != nil {
		return c.games[n-1].sub.Closers()
	}
	if c.file == nil {
		return c.readerClosers()
	}
	return c.file.Closers()
}

// readerClosers returns Closers for the Collection of a game from Reader:
// what its tree left open when it ended the input (a tree that ended
// with S04 or S05), found by parsing the tree's text alone as it was read.
func (c *Collection) readerClosers() []byte {
	if len(c.games) != 1 || !slices.ContainsFunc(c.diags, func(d syntax.Diagnostic) bool {
		return d.Code == syntax.CodeUnexpectedEOF || d.Code == syntax.CodeMissingParen
	}) {
		return nil
	}
	g := c.games[0]
	t := g.first
	if t == nil {
		t = g.tree
	}
	n := len(t.Source()) + 1 // limits the tree, read already, passes
	f, _ := syntax.Parse(t.Source(), &syntax.Options{LeadBytes: t.LeadBytes(), ForceLeadBytes: true,
		MaxBytes: int64(n), MaxNodes: n, MaxValueBytes: n, MaxDepth: n})
	if f == nil {
		return nil
	}
	return f.Closers()
}

// Diagnostics returns every diagnostic of the syntax layer, in input order.
// Those of a game tree that was parsed again with the charset found for
// it replace the first parse's; their offsets are those of the input (of
// the UTF-8 text for a transcoded game).
func (c *Collection) Diagnostics() []syntax.Diagnostic { return c.diags }

// Modified reports whether a game was edited or added (Add).
func (c *Collection) Modified() bool {
	if c.added > 0 {
		return true
	}
	for _, g := range c.games {
		if g.Modified() {
			return true
		}
	}
	return false
}

// WriteTo writes the collection: byte for byte the input when nothing was
// edited; after edits, each unedited game as read and each edited game with
// only its edited nodes printed anew (package syntax), encoded back into the
// charset of a transcoded game.
func (c *Collection) WriteTo(w io.Writer) (int64, error) {
	b, err := c.Bytes()
	if err != nil {
		return 0, err
	}
	n, err := w.Write(b)
	return int64(n), err
}

// Bytes returns what WriteTo writes. The error wraps ErrEncode when an
// edited text cannot be encoded back into a transcoded file's charset.
func (c *Collection) Bytes() ([]byte, error) {
	if !c.Modified() {
		return c.orig, nil
	}
	var out []byte
	for _, g := range c.games {
		var err error
		if out, err = g.appendTo(out); err != nil {
			return nil, err
		}
	}
	if c.file != nil {
		out = append(out, c.file.Tail()...)
	}
	if c.enc != nil {
		enc, err := c.enc.NewEncoder().Bytes(out)
		if err != nil {
			return nil, newError("WriteTo", "", nil, ErrEncode, err)
		}
		out = append(append([]byte(nil), c.orig[:c.bom]...), enc...)
	}
	return out, nil
}

// textProp reports whether the catalogue gives id a SimpleText or Text
// value, alone or as one side of a composed value.
func textProp(id []byte) bool {
	info, ok := property.LookupBytes(id)
	if !ok {
		if canon := property.Canonical(id); canon != "" {
			info, ok = property.Lookup(canon)
		}
		if !ok {
			return false
		}
	}
	isText := func(b property.Base) bool { return b == property.Text || b == property.SimpleText }
	v := info.Value
	return isText(v.Elem.First) || isText(v.Elem.Second) || isText(v.Alt.First) || isText(v.Alt.Second)
}

// textValues returns the raw values of the text properties of t.
func textValues(t *syntax.Tree) [][]byte {
	var texts [][]byte
	var vals []syntax.Value
	for n := range t.Nodes() {
		for p := range n.Props() {
			if !textProp(p.ID) {
				continue
			}
			vals = p.AppendValues(vals[:0])
			for _, v := range vals {
				if len(v.Raw) > 0 {
					texts = append(texts, v.Raw)
				}
			}
		}
	}
	return texts
}

// asciiOnly reports whether b holds no byte >= 0x80 and no ESC (which
// starts the escape sequences of ISO-2022-JP).
func asciiOnly(b []byte) bool {
	// Eight bytes at a time: no high bit set, and no byte equal to ESC
	// (a zero byte in w^0x1B.., found by the classic has-zero-byte test,
	// exact when no high bit is set).
	const ones, highs, esc = 0x0101010101010101, 0x8080808080808080, 0x1B1B1B1B1B1B1B1B
	// Thirty-two bytes at a time, the tests of the four words ORed into
	// one (a high bit in any word makes the whole false, so the ESC tests
	// need be exact only without one): 21 instructions a word one at a
	// time, the whole source of each game tree read (0.8% of sgf check of
	// the standard collection).
	for len(b) >= 32 {
		w0 := binary.LittleEndian.Uint64(b)
		w1 := binary.LittleEndian.Uint64(b[8:])
		w2 := binary.LittleEndian.Uint64(b[16:])
		w3 := binary.LittleEndian.Uint64(b[24:])
		x0, x1, x2, x3 := w0^esc, w1^esc, w2^esc, w3^esc
		if (w0|w1|w2|w3|(x0-ones)&^x0|(x1-ones)&^x1|(x2-ones)&^x2|(x3-ones)&^x3)&highs != 0 {
			return false
		}
		b = b[32:]
	}
	for len(b) >= 8 {
		w := binary.LittleEndian.Uint64(b)
		x := w ^ esc
		if w&highs != 0 || (x-ones)&^x&highs != 0 {
			return false
		}
		b = b[8:]
	}
	for _, c := range b {
		if c >= 0x80 || c == 0x1B {
			return false
		}
	}
	return true
}

// TreeCharset answers how the typed view reads a game tree, and why: the
// charset decided for the first game tree of src (by ReadOptions.Charset,
// else its CA[] checked against the bytes, else detection over the raw
// bytes of the whole tree; see CharsetInfo.Detail) as every command reads
// it. It is the decision Read makes for each tree, in one call.
func TreeCharset(src []byte, opts *ReadOptions) (CharsetInfo, error) {
	c, err := parse(src, opts)
	if c == nil || c.Len() == 0 {
		if err == nil {
			err = newError("TreeCharset", "", nil, ErrNoNode, nil)
		}
		return CharsetInfo{}, err
	}
	return c.Game(0).Charset(), nil
}
