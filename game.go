package sgf

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"unicode/utf8"

	"golang.org/x/text/encoding"

	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/syntax"
	"github.com/sgf-toolkit/sgf/value"
)

// Game is one game tree of a Collection: the nodes, the charset its text is
// decoded with, and its game type and board size from the root node. A Game
// is not safe for concurrent use, reading included: the syntax layer builds
// some of its state (parent links) on first use.
type Game struct {
	c     *Collection
	index int
	tree  *syntax.Tree
	seg   []byte // the tree's bytes as read (with the text in front of it)
	start int64  // offset of seg in the parsed input
	sub   *syntax.File
	enc   encoding.Encoding // the tree was transcoded from this encoding
	// first is, in a Reader, the tree as first read (before reparse),
	// with the offsets, lines and columns of the input; nil in a
	// Collection read whole.
	first *syntax.Tree
	// subAt is set when sub was parsed at the tree's place in the input
	// (syntax.ParseAt): its offsets and positions are the input's.
	subAt bool
	cs    CharsetInfo
	dec   charset.Charset // what raw values are decoded with
	gm    int
	cols  int
	rows  int
}

// Go and Hex are the GM values with a board of their own in this module.
const (
	GameGo  = 1
	GameHex = 11
)

// caString returns ca as a string, the same string for the same CA as
// the last game's.
func (c *Collection) caString(ca []byte) string {
	if string(ca) != c.lastCA {
		c.lastCA, c.lastCAOK = string(ca), false
	}
	return c.lastCA
}

// lookupCA is CharsetOfCA of a CA value, kept for the next game: the
// games of a collection mostly have the same CA.
func (c *Collection) lookupCA(ca []byte) (charset.Charset, error) {
	if c.caString(ca); !c.lastCAOK {
		c.lastCS, c.lastCAErr = CharsetOfCA(ca)
		c.lastCAOK = true
	}
	return c.lastCS, c.lastCAErr
}

func (g *Game) init(override *charset.Charset, base syntax.Options) {
	rp := scanRoot(g.tree)
	ca := rp.vals[rootCA]
	info := CharsetInfo{Declared: g.c.caString(ca), Confidence: 1}
	var cs charset.Charset
	switch {
	case g.c.wideCS != (charset.Charset{}):
		cs = g.c.wideCS
		info.Source = SourceDetected
		info.Detail = "the whole input is " + cs.Name() + ", decoded before parsing"
		if declared, err := g.c.lookupCA(ca); len(ca) > 0 && err == nil && declared == cs && cs.Name() == "ISO-2022-JP" {
			// Seven-bit text whose escape sequences say what its CA
			// says: the CA is read (UTF-16 is found by its bytes).
			info.Source = SourceCA
		}
		if override != nil && *override == cs {
			info.Source = SourceOverride
		} else if override != nil {
			info.Detail += " (not in " + override.Name() + ", which no byte-wise reading of it can reach)"
		}
		info.Transcoded = true
	case override != nil:
		cs = *override
		info.Source = SourceOverride
	case len(ca) > 0:
		declared, err := g.c.lookupCA(ca)
		if err != nil {
			cs, info = g.detect(info, base)
			info.Detail = "CA[" + string(ca) + "] is unknown; " + info.Detail
			break
		}
		cs, info.Source = declared, SourceCA
		if asciiOnly(g.seg) || declared.LeadBytes() == charset.NotASCII {
			break
		}
		if declared.IsUTF8() && utf8.Valid(g.seg) && bytes.IndexByte(g.seg, 0x1B) < 0 {
			// Every text value is valid UTF-8 too (a value is cut at
			// ASCII bytes only): charset.Verify would find them Clean.
			// ISO-2022-JP is valid UTF-8 byte for byte: its escape
			// sequences (ESC) are left to Verify.
			break
		}
		v := charset.Verify(declared, textValues(g.tree))
		switch v.Verdict {
		case charset.Superset:
			cs = v.Charset
			info.Detail = "CA[" + string(ca) + "] holds characters of its superset " + v.Charset.Name()
		case charset.Truncated:
			info.Detail = "some texts end in the middle of a character"
		case charset.Mismatch:
			cs = v.Charset
			if fits := g.pairedReadings(base); fits != nil && !slices.Contains(fits, cs.LeadBytes()) {
				v.Detection = charset.DetectAmong([][]byte{g.seg}, fits...)
				v.Detection.Path = "only two-byte characters keep the tree whole; " + v.Detection.Path
				cs, v.Charset = v.Detection.Charset, v.Detection.Charset
			}
			if v.Damaged {
				// A few corrupt bytes in text that is otherwise in
				// the declared charset: it stands.
				info.Detail = "CA[" + string(ca) + "] kept: a few bytes do not decode (damaged text); the detector's choice would be " + v.Detection.String()
				break
			}
			info.Source = SourceDetected
			info.Confidence = v.Detection.Confidence
			info.Detail = "CA[" + string(ca) + "] does not fit the bytes: " + v.Detection.Path
		}
	default:
		cs, info = g.detect(info, base)
	}
	info.Charset, info.Name = cs, cs.Name()
	g.cs = info
	g.dec = cs
	if info.Transcoded {
		g.dec = charset.UTF8
	}
	tree := g.tree
	if g.c.wideCS == (charset.Charset{}) && !g.reparse(cs, base) {
		// The declared charset is not ASCII-compatible, and the tree
		// decoded in it does not parse: the CA is wrong.
		cs, info = g.detect(CharsetInfo{Declared: info.Declared}, base)
		info.Detail = "CA[" + info.Declared + "] does not fit the bytes; " + info.Detail
		info.Charset, info.Name = cs, cs.Name()
		g.cs, g.dec = info, cs
		g.reparse(cs, base)
	}
	if override == nil && g.c.wideCS == (charset.Charset{}) {
		g.guardPairs(base)
	}
	if g.tree != tree {
		rp = scanRoot(g.tree)
	}
	g.readRoot(rp)
}

// guardPairs checks a tree read with the two-byte characters of its
// charset (Shift_JIS, GBK, Big5) where a lead byte is followed by "\" or
// "]": read byte by byte instead, the tree may fit better. Pairing never
// makes structure, it can only swallow it: a CA[GB2312] on Latin-1 text
// ("Ren\xe9]PW[...") turns the rest of the node into one value, without
// any syntax error. The byte-wise reading wins when it has fewer syntax
// errors, or as many and more properties. Then either the text was escaped
// byte by byte (a "\" between the two bytes of a character, as SGFC -E2
// writes and reads), and the tree is read again with each such escape in
// front of its character (unsplitEscapes: the bytes keep their places),
// or the charset does not fit, and it is detected again from the
// byte-wise reading.
func (g *Game) guardPairs(base syntax.Options) {
	lb := syntax.LeadBytes(g.dec.LeadBytes())
	if lb == syntax.ASCIISafe || g.cs.Transcoded || g.tree.LeadBytes() != lb || !pairsDelimiter(g.seg, lb) {
		return
	}
	paired, pErr, pProps := g.parseWeighed(g.seg, lb, base)
	ascii, aErr, aProps := g.parseWeighed(g.seg, syntax.ASCIISafe, base)
	if paired == nil || ascii == nil || !(aErr < pErr || aErr == pErr && aProps > pProps) {
		return
	}
	cs := g.dec
	if un := unsplitEscapes(g.seg, lb); un != nil {
		f, uErr, uProps := g.parseWeighed(un, lb, base)
		if f != nil && uErr <= aErr && uProps == aProps {
			if v := charset.Verify(cs, textValues(f.Trees[0])); v.Verdict == charset.Clean || v.Verdict == charset.Superset {
				g.tree, g.sub, g.subAt = f.Trees[0], f, g.first != nil
				g.cs.Detail = joinDetail(g.cs.Detail, "\\ and ] escaped inside two-byte characters (byte by byte, as SGFC -E2 reads): read so")
				return
			}
		}
	}
	g.tree, g.sub, g.subAt = ascii.Trees[0], ascii, g.first != nil
	texts := textValues(g.tree)
	switch v := charset.Verify(cs, texts); {
	case v.Verdict == charset.Clean, v.Verdict == charset.Truncated,
		v.Verdict == charset.Mismatch && fewFaults(cs, v, highBytes(texts)):
		// The charset fits the texts read byte by byte (a lead byte
		// before "]" is a character cut short): it stands.
		g.cs.Detail = joinDetail(g.cs.Detail, "read byte by byte: a two-byte character cut short before \"\\\" or \"]\" would swallow the structure of the tree")
		return
	}
	info := g.cs
	d := charset.Detect(texts)
	switch {
	case d.Path == "ascii":
		cs, info.Source, info.Confidence = charset.Default, SourceDefault, 1
	case d.Charset == cs:
		// The detector agrees with the charset: the text read byte by
		// byte is damaged (a character cut short), the charset stands.
		g.cs.Detail = joinDetail(g.cs.Detail, "read byte by byte: a two-byte character cut short would swallow the structure of the tree")
		return
	case d.Charset.LeadBytes() != charset.ASCIISafe:
		// Another two-byte charset would swallow the structure too.
		cs, info.Source, info.Confidence = charset.Default, SourceDefault, 0
	default:
		cs, info.Source, info.Confidence = d.Charset, SourceDetected, d.Confidence
	}
	info.Detail = "read as " + info.Name + ", two-byte characters swallow the structure of the tree; " + d.Path
	info.Charset, info.Name = cs, cs.Name()
	g.cs, g.dec = info, cs
}

// fewFaults reports whether the texts of a Mismatch of the declared
// charset cs have so few bytes that do not decode (at most one in four of
// their n non-ASCII bytes), and no other charset so clearly better
// (confidence < 0.9), that cs stands and the bytes are reported. Not for
// UTF-8: bytes that are no UTF-8 are strong evidence of another charset.
func fewFaults(cs charset.Charset, v charset.Verification, n int) bool {
	return !cs.IsUTF8() && v.Faults > 0 && v.Faults*4 <= n && v.Detection.Confidence < 0.9
}

// highBytes counts the bytes >= 0x80 of texts.
func highBytes(texts [][]byte) int {
	n := 0
	for _, t := range texts {
		for _, c := range t {
			if c >= 0x80 {
				n++
			}
		}
	}
	return n
}

func joinDetail(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// pairsDelimiter reports whether src, read with the two-byte characters of
// lb, has one whose second byte is "\" or "]".
func pairsDelimiter(src []byte, lb syntax.LeadBytes) bool {
	for i := 0; i+1 < len(src); i++ {
		if lb.IsLead(src[i]) && lb.IsTrail(src[i+1]) {
			if src[i+1] == '\\' || src[i+1] == ']' {
				return true
			}
			i++
		}
	}
	return false
}

// unsplitEscapes returns a copy of src in which each "\" that stands
// between the two bytes of a character of lb, before a second byte "\" or
// "]" (text escaped byte by byte, as SGFC -E2 writes it), is moved in front
// of the character: lead "\" "]" reads "\" lead "]", an escaped two-byte
// character, which a parse with lb reads as the character the writer meant
// and SimpleText and Text decode to it. The bytes keep their number and
// every byte outside such characters its place, so that the offsets,
// lines and columns of a tree read so are the input's. It returns nil when
// there is none.
func unsplitEscapes(src []byte, lb syntax.LeadBytes) []byte {
	var out []byte
	for i := 0; i+1 < len(src); i++ {
		if !lb.IsLead(src[i]) {
			continue
		}
		if i+2 < len(src) && src[i+1] == '\\' && (src[i+2] == '\\' || src[i+2] == ']') {
			if out == nil {
				out = slices.Clone(src)
			}
			out[i], out[i+1] = '\\', src[i]
			i += 2
			continue
		}
		if lb.IsTrail(src[i+1]) {
			i++
		}
	}
	return out
}

// parseWeighed parses src as one game tree with the grouping lb, and
// returns it with its number of syntax errors and of properties; nil when
// src does not parse as one tree.
func (g *Game) parseWeighed(src []byte, lb syntax.LeadBytes, base syntax.Options) (*syntax.File, int, int) {
	opts := base
	opts.LeadBytes, opts.ForceLeadBytes = lb, true
	f, err := g.parseSeg(src, &opts)
	if err != nil || len(f.Trees) != 1 {
		return nil, 0, 0
	}
	errs, props := 0, 0
	for _, d := range f.Diagnostics {
		if d.Severity >= syntax.Error {
			errs++
		}
	}
	for n := range f.Trees[0].Nodes() {
		for range n.Props() {
			props++
		}
	}
	return f, errs, props
}

// The root properties that Game.init reads.
const (
	rootCA = iota
	rootGM
	rootSZ
	numRootProps
)

// rootProps holds the raw first values of CA, GM and SZ of a root node.
type rootProps struct {
	vals  [numRootProps][]byte
	has   [numRootProps]bool
	exact [numRootProps]bool // found under the FF[4] identifier itself
}

// scanRoot reads CA, GM and SZ from the root of t in one pass over its
// properties, finding each as Node.Get does: the first property of that
// identifier, else the first FF[3] spelling of it ("GaMe").
func scanRoot(t *syntax.Tree) rootProps {
	var rp rootProps
	root := t.Root()
	if root.IsZero() {
		return rp
	}
	add := func(id, val []byte) {
		exact := len(id) == 2
		k := rootIndex(id)
		if len(id) > 2 {
			k = rootIndex(property.Canonical(id))
		}
		if k < 0 || rp.exact[k] || rp.has[k] && !exact {
			return
		}
		rp.vals[k], rp.has[k], rp.exact[k] = val, true, exact
	}
	if t.Modified() {
		for p := range root.Props() {
			add(p.ID, p.Value())
		}
		return rp
	}
	if sc, ok := t.RootScanner(); ok {
		// The root's properties as the parser found them (a Reader's
		// tree): its text is not read again.
		for id, _ := sc.Next(); id != nil; id, _ = sc.Next() {
			first, _, _ := sc.Value()
			add(id, first)
			if rp.exact[rootCA] && rp.exact[rootGM] && rp.exact[rootSZ] {
				break
			}
		}
		return rp
	}
	s := syntax.NewPropScanner(root.SourceRest(), 0, t.LeadBytes())
	for id, _ := s.Next(); id != nil; id, _ = s.Next() {
		first, _ := s.First()
		add(id, first)
		if rp.exact[rootCA] && rp.exact[rootGM] && rp.exact[rootSZ] {
			// Nothing after the first CA, GM and SZ can change what was read.
			break
		}
	}
	return rp
}

// detect chooses the charset of a game tree without a usable CA.
func (g *Game) detect(info CharsetInfo, base syntax.Options) (charset.Charset, CharsetInfo) {
	if g.index == 0 && bytes.HasPrefix(g.tree.Source(), []byte("\xef\xbb\xbf")) {
		// A UTF-8 byte order mark at the start of the file decides.
		info.Source, info.Confidence, info.Detail = SourceDetected, 1, "UTF-8 byte order mark"
		return charset.UTF8, info
	}
	if asciiOnly(g.seg) {
		info.Source, info.Confidence, info.Detail = SourceDefault, 1, "ascii"
		return charset.Default, info
	}
	// The charset is chosen from the raw bytes of the whole tree, before
	// they were split into values: the first parse may have split them
	// byte by byte inside two-byte characters whose second byte is "]"
	// or "\\" (each candidate reads its own lead/trail pairs). UTF-16
	// inside one value shows only in the values.
	d := g.detectRaw(base)
	info.Source, info.Confidence, info.Detail = SourceDetected, d.Confidence, d.Path
	if d.Path == "ascii" {
		// Only the skeleton has high bytes: the text values are ASCII.
		info.Source = SourceDefault
		return charset.Default, info
	}
	return d.Charset, info
}

// detectRaw detects the charset of a game tree without a usable CA from
// the raw bytes of the whole tree, before they were split into values: the
// first parse may have split them byte by byte inside two-byte characters
// whose second byte is "]" or "\\", and each candidate of the detector reads
// its own lead/trail pairs. When some two-byte grouping reads the tree
// with fewer syntax errors (or as many and more properties) than the
// byte-wise reading, only the charsets of the best groupings are
// candidates. UTF-16 inside values (NUL bytes) shows only in the values.
func (g *Game) detectRaw(base syntax.Options) charset.Detection {
	if bytes.IndexByte(g.seg, 0) >= 0 {
		return charset.Detect(textValues(g.tree))
	}
	raw := [][]byte{g.seg}
	d := charset.Detect(raw)
	if d.Path == "ascii" || d.Charset.LeadBytes() == charset.NotASCII {
		return d
	}
	if fits := g.pairedReadings(base); fits != nil && !slices.Contains(fits, d.Charset.LeadBytes()) {
		d = charset.DetectAmong(raw, fits...)
		d.Path = "only two-byte characters keep the tree whole; " + d.Path
	}
	return d
}

// pairedReadings returns the two-byte groupings (Shift_JIS, GBK, Big5)
// that read the tree best, when they read it better than byte by byte:
// fewer syntax errors, or as many and more properties. A grouping pairs
// a lead byte with a "\\" or "]" only to swallow structure or to keep it
// whole where the byte-wise reading breaks it. nil when byte by byte is
// as good as any.
func (g *Game) pairedReadings(base syntax.Options) []charset.LeadBytes {
	var best []charset.LeadBytes
	aErr, aProps := -1, 0
	bestErr, bestProps := 0, 0
	for _, lb := range [...]syntax.LeadBytes{syntax.ShiftJIS, syntax.GBK, syntax.Big5} {
		if !pairsDelimiter(g.seg, lb) {
			continue
		}
		if aErr < 0 {
			if f, e, p := g.parseWeighed(g.seg, syntax.ASCIISafe, base); f != nil {
				aErr, aProps = e, p
			} else {
				aErr, aProps = 1<<30, 0
			}
			bestErr, bestProps = aErr, aProps
		}
		f, e, p := g.parseWeighed(g.seg, lb, base)
		switch {
		case f == nil:
		case e < bestErr || e == bestErr && p > bestProps:
			best = append(best[:0], charset.LeadBytes(lb))
			bestErr, bestProps = e, p
		case e == bestErr && p == bestProps && best != nil:
			best = append(best, charset.LeadBytes(lb))
		}
	}
	return best
}

// reparse parses the game tree again when its charset groups bytes other
// than the first parse did (Shift_JIS, GBK, Big5 without CA), or decodes
// it to UTF-8 first when the charset is not ASCII-compatible (ISO-2022-JP).
// It reports false when a transcoded tree does not parse as one tree.
func (g *Game) reparse(cs charset.Charset, base syntax.Options) bool {
	opts := base
	want := cs.LeadBytes()
	src := g.seg
	var enc encoding.Encoding
	switch {
	case want == charset.NotASCII:
		s, _ := charset.Decode(cs, g.seg)
		src = []byte(s)
		enc = cs.Encoding()
		opts.LeadBytes, opts.ForceLeadBytes = syntax.ASCIISafe, true
	case syntax.LeadBytes(want) != g.tree.LeadBytes():
		opts.LeadBytes, opts.ForceLeadBytes = syntax.LeadBytes(want), true
	default:
		return true
	}
	var f *syntax.File
	var err error
	if enc != nil {
		// Decoded text: its offsets are not the input's.
		f, err = syntax.Parse(src, &opts)
	} else {
		f, err = g.parseSeg(src, &opts)
	}
	if err != nil || len(f.Trees) != 1 {
		return enc == nil // keep the first parse
	}
	g.tree, g.sub, g.enc, g.subAt = f.Trees[0], f, enc, enc == nil && g.first != nil
	if enc != nil {
		g.cs.Transcoded = true
		g.dec = charset.UTF8
	}
	return true
}

// parseSeg parses src, the tree's bytes (or a reading of them), again. In
// a Reader the File has the offsets, lines, columns and tree number of the
// input (syntax.ParseAt), so that a tree read again is reported where it
// stands; in a Collection read whole they count from the tree's text
// (SyntaxFile reads the whole again), but the tree number is the input's
// all the same: text in front of a tree other than the first is outside
// any game tree (S18), not in front of the game tree (S01).
func (g *Game) parseSeg(src []byte, opts *syntax.Options) (*syntax.File, error) {
	if g.first == nil {
		return syntax.ParseAt(src, syntax.Position{Offset: 0, Line: 1, Column: 1}, g.index, opts)
	}
	return syntax.ParseAt(src, g.first.Position(g.start), g.index, opts)
}

// takeDiags replaces the diagnostics of g's tree in its collection by
// those of the second parse (reparse), if there was one.
func (g *Game) takeDiags() {
	f := g.sub
	if f == nil {
		return
	}
	c := g.c
	ds := slices.DeleteFunc(slices.Clone(c.diags), func(d syntax.Diagnostic) bool { return d.Tree == g.index })
	for _, d := range f.Diagnostics {
		d.Tree = g.index
		if !g.subAt {
			d.Offset += g.start
			if g.enc == nil && c.file != nil {
				d.Position = c.file.Position(d.Offset)
			}
		}
		ds = append(ds, d)
	}
	slices.SortStableFunc(ds, func(a, b syntax.Diagnostic) int { return int(a.Offset - b.Offset) })
	c.diags = ds
}

// rootIndex returns the index in rootProps of the identifier id, -1 for
// any but CA, GM and SZ. (switch string(id) makes no string of a []byte.)
func rootIndex[T string | []byte](id T) int {
	switch string(id) {
	case "CA":
		return rootCA
	case "GM":
		return rootGM
	case "SZ":
		return rootSZ
	}
	return -1
}

// readRoot reads GM and SZ.
func (g *Game) readRoot(rp rootProps) {
	g.gm, g.cols, g.rows = boardOf(rp.vals[rootGM], rp.vals[rootSZ])
}

// boardOf reads the game and the board size from the first values of GM
// and SZ of a root (nil when there is none), as every reader of package
// sgf does (Game, TreeView): leniently, white space in the numbers
// removed (Value.Number, value.StripSpace: the correction sgf check
// reports and takes, value.CorrectNumber);
// a GM that is no positive number is Go (GM[1]); an SZ that is
// no size gives the game's default (19x19, 11x11 for Hex); a square board
// written "19:19" is 19x19.
func boardOf(gm, sz []byte) (game, cols, rows int) {
	game, cols, rows = GameGo, 19, 19
	if n, ok := readNumber(gm); ok && n > 0 {
		game = n
	}
	if game == GameHex {
		cols, rows = 11, 11
	}
	if n, ok := value.PlainNumber(sz); ok {
		// SZ[19] and the like (every root of the standard collection):
		// what ParseSize reads of it without its 370 instructions
		// (unescaping, strconv); 0 is no size.
		if n > 0 {
			cols, rows = n, n
		}
		return game, cols, rows
	}
	if c, r, err := value.ParseSize(value.StripSpace(sz)); err == nil || errorsIsNonCanonical(err) {
		cols, rows = c, r
	}
	return game, cols, rows
}

// TreeBoard returns the game (GM) and the board size (SZ) of the game
// tree t as a Game of it reads them (Game.Type, Game.Size), without
// reading the tree as a Game: for readers of syntax trees (the duplicate
// signatures of package collection), so that they play a game on the
// board every other reader plays it on. An empty tree is Go on 19x19.
func TreeBoard(t *syntax.Tree) (game, cols, rows int) {
	rp := scanRoot(t)
	return boardOf(rp.vals[rootGM], rp.vals[rootSZ])
}

// Index returns the number of the game in its collection, from 0.
func (g *Game) Index() int { return g.index }

// Collection returns the collection of the game.
func (g *Game) Collection() *Collection { return g.c }

// Tree returns the syntax tree of the game.
func (g *Game) Tree() *syntax.Tree { return g.tree }

// SyntaxTree returns the game's tree as Collection.SyntaxFile holds it:
// split with the two-byte characters of the game's charset, with the
// offsets, lines, columns and tree number of the input, also for a game
// of a Reader. A tree transcoded before it was read again (a charset that
// is not ASCII-compatible, such as HZ-GB-2312) is given as first read.
func (g *Game) SyntaxTree() *syntax.Tree {
	if g.first != nil {
		if g.enc != nil {
			return g.first
		}
		return g.tree
	}
	if f := g.c.SyntaxFile(); f != nil && len(f.Trees) == len(g.c.games) {
		return f.Trees[g.index]
	}
	return g.tree
}

// Root returns the root node; it is the zero Node only for a game tree
// without nodes (after a fatal syntax error).
func (g *Game) Root() Node { return Node{g, g.tree.Root()} }

// Charset reports the charset the game's text values are decoded with and
// how it was chosen.
func (g *Game) Charset() CharsetInfo { return g.cs }

// Type returns the game type, the value of GM (1, Go, when it is missing
// or not a positive number).
func (g *Game) Type() int { return g.gm }

// Size returns the board size from SZ: columns and rows. Without SZ it is
// 19x19, or 11x11 for Hex (GM[11]).
func (g *Game) Size() (cols, rows int) { return g.cols, g.rows }

// Modified reports whether the game was edited.
func (g *Game) Modified() bool { return g.tree.Modified() }

// WriteTo writes the game tree (with the text in front of it) as
// Collection.WriteTo does.
func (g *Game) WriteTo(w io.Writer) (int64, error) {
	b, err := g.appendTo(nil)
	if err != nil {
		return 0, err
	}
	if g.c.enc != nil {
		// The whole input was transcoded: write the game in its encoding
		// (without the input's byte order mark).
		if b, err = g.c.enc.NewEncoder().Bytes(b); err != nil {
			return 0, newError("WriteTo", "", nil, ErrEncode, err)
		}
	}
	n, err := w.Write(b)
	return int64(n), err
}

func (g *Game) appendTo(dst []byte) ([]byte, error) {
	if !g.tree.Modified() {
		return append(dst, g.seg...), nil
	}
	if g.sub == nil {
		return g.tree.AppendTo(dst), nil
	}
	b := g.sub.Bytes()
	if g.enc != nil {
		enc, err := g.enc.NewEncoder().Bytes(b)
		if err != nil {
			return dst, newError("WriteTo", "", nil, ErrEncode, err)
		}
		b = enc
	}
	return append(dst, b...), nil
}

// utf8Raw returns a raw value (escapes intact) in UTF-8: decoding comes
// before unescaping, so that a "\" that is the second byte of a Shift_JIS,
// GBK or Big5 character is not taken for an escape.
func (g *Game) utf8Raw(raw []byte) []byte {
	if asciiOnly(raw) || g.dec.IsUTF8() && utf8.Valid(raw) {
		return raw
	}
	s, _ := charset.Decode(g.dec, raw)
	return []byte(s)
}

// text decodes a raw Text (or SimpleText) value to a UTF-8 string.
func (g *Game) text(raw []byte, simple bool) string {
	if plainText(raw, simple) {
		return string(raw)
	}
	raw = g.utf8Raw(raw)
	if simple {
		return string(value.SimpleText(raw))
	}
	return string(value.Text(raw))
}

// plainText reports whether raw is ASCII text that value.Text (or
// value.SimpleText) gives back unchanged: no escape, no ESC, no whitespace
// other than ' ' (and LF for Text).
func plainText(raw []byte, simple bool) bool {
	for _, c := range raw {
		if c < ' ' && (c != '\n' || simple) || c == '\\' || c >= 0x80 || c == 0x1B {
			return false
		}
	}
	return true
}

// SetCharset writes the game's text in the charset name and sets its CA
// to it: every value holding bytes other than ASCII is decoded from the
// game's charset and encoded in the new one, and the game reads and
// writes text in it from then on. Node.Set("CA", name) on the root does
// the same. The new charset must keep every byte of a character above
// ASCII, as UTF-8, ISO-8859-*, windows-125x, EUC-* and KOI8-R do (not
// Shift_JIS, GBK, GB18030 or Big5, whose characters may hold "]" and "\";
// a game read in those is refused too: convert the file instead, see
// package convert). Nothing is changed, and
// the error wraps ErrEncode, when a value does not decode in the game's
// charset or a character cannot be written in the new one; a game whose
// whole input was transcoded (UTF-16) is refused likewise.
func (g *Game) SetCharset(name string) error {
	cs, err := charset.Lookup(name)
	if err != nil {
		return newError("SetCharset", "CA", []byte(name), ErrCharset, err)
	}
	if cs.LeadBytes() != charset.ASCIISafe {
		return newError("SetCharset", "CA", []byte(name), ErrEncode,
			fmt.Errorf("%s characters may hold \"]\" or \"\\\": convert the file to it instead", cs.Name()))
	}
	if g.tree.LeadBytes() != syntax.ASCIISafe {
		return newError("SetCharset", "CA", []byte(name), ErrEncode,
			fmt.Errorf("the game is read in the two-byte characters of %s: convert the file instead", g.cs.Name))
	}
	if g.cs.Transcoded || g.c.enc != nil {
		return newError("SetCharset", "CA", []byte(name), ErrEncode,
			fmt.Errorf("the game was decoded from %s as a whole: convert the file instead", g.cs.Name))
	}
	root := g.tree.Root()
	if root.IsZero() {
		return newError("SetCharset", "CA", []byte(name), ErrNoNode, nil)
	}
	type prop struct {
		id   string
		vals [][]byte
	}
	type nodeEdit struct {
		n     syntax.Node
		props []prop
	}
	var edits []nodeEdit
	for n := range g.tree.Nodes() {
		var props []prop
		changed := false
		for p := range n.Props() {
			var vals [][]byte
			for v := range p.Values() {
				raw := v.Raw
				if !asciiOnly(raw) {
					s, faults := charset.Decode(g.dec, raw)
					if len(faults) > 0 {
						return newError("SetCharset", string(p.ID), raw, ErrEncode,
							fmt.Errorf("bytes that do not decode in %s", g.dec.Name()))
					}
					b := []byte(s)
					if !cs.IsUTF8() {
						if b, err = cs.Encoding().NewEncoder().Bytes(b); err != nil {
							return newError("SetCharset", string(p.ID), raw, ErrEncode, err)
						}
					}
					raw, changed = b, true
				}
				vals = append(vals, raw)
			}
			props = append(props, prop{string(p.ID), vals})
		}
		if changed {
			edits = append(edits, nodeEdit{n, props})
		}
	}
	for _, e := range edits {
		for _, p := range e.props {
			e.n.DeleteProp(p.id)
		}
		for _, p := range e.props {
			if err := e.n.AddProp(p.id, p.vals...); err != nil {
				return newError("SetCharset", p.id, nil, ErrEdit, err)
			}
		}
	}
	match := func(id []byte) bool { return string(id) == "CA" || len(id) > 2 && property.Canonical(id) == "CA" }
	if err := root.ReplaceProps("CA", match, []byte(cs.Name())); err != nil {
		return newError("SetCharset", "CA", nil, ErrEdit, err)
	}
	g.dec = cs
	g.cs = CharsetInfo{Charset: cs, Name: cs.Name(), Source: SourceCA, Confidence: 1, Declared: cs.Name(), Detail: "set by SetCharset"}
	return nil
}

// encode turns UTF-8 text into the game's charset.
func (g *Game) encode(s []byte) ([]byte, error) {
	if asciiOnly(s) || g.dec.IsUTF8() {
		return s, nil
	}
	return g.dec.Encoding().NewEncoder().Bytes(s)
}
