package syntax

import (
	"bytes"
	"cmp"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
)

// Format returns the canonical form of a parsed file, SGF's equivalent of
// gofmt:
//
//   - each game tree starts on a new line with "(;", and the properties of
//     its root node (where root and game-info properties live) stand one
//     to a line;
//   - the other nodes are packed, a line broken before a node that would
//     pass column 79, and a node whose values hold a line break starts a
//     line of its own;
//   - each variation starts on a new line, indented by two spaces for each
//     level of nesting (at most 16 levels, so that a deeply nested file
//     does not grow quadratically), and ")" closes it on the line of its
//     last node;
//   - escapes are normalised to the minimum: "\" is kept before "]", "\",
//     ":" and line breaks (soft line breaks), dropped before any other
//     character, which the specification inserts verbatim anyway;
//   - only well-formed properties are written: what the parser reported
//     and ignored (illegal characters, identifiers without values, values
//     without identifiers) is left out, and the missing ";", "(" and ")"
//     that it assumed are written;
//   - text outside game trees (mail headers, notes) is kept, trimmed of
//     surrounding white space, on lines of its own; a UTF-8 byte order
//     mark is dropped.
//
// Format(Parse(Format(x))) == Format(x) for every input.
func Format(f *File) []byte { return FormatWith(f, FormatOptions{}) }

// FormatOptions changes what FormatWith does.
type FormatOptions struct {
	// KeepEscapes reports, for a game tree by its index in the file,
	// whether its charset is unsure (not declared, or declared and not
	// verified): then its values keep their bytes, and an escape is
	// dropped only when it is one in every ASCII-compatible charset, that
	// is when the "\" follows an ASCII byte other than "\", or only ASCII
	// bytes, in the value. Elsewhere the "\" might be the second byte of a
	// Shift_JIS, GBK or Big5 character (黒 is 0xFC 0x5C in GBK), which
	// dropped would change the text. A value holding ESC (ISO-2022-JP,
	// whose characters are made of ASCII bytes) is kept whole. nil
	// drops every escape not needed.
	KeepEscapes func(tree int) bool
}

// FormatWith is Format with options. A large file's trees are formatted
// in parallel (on GOMAXPROCS goroutines); the output is the same.
func FormatWith(f *File, o FormatOptions) []byte {
	keep := make([]bool, len(f.Trees))
	if o.KeepEscapes != nil {
		for i := range keep {
			keep[i] = o.KeepEscapes(i)
		}
	}
	var out []byte
	if w := runtime.GOMAXPROCS(0); w > 1 && len(f.Trees) >= 4*w && len(f.Src) >= parallelFormatBytes {
		out = formatParallel(f, keep, w)
	} else {
		out = make([]byte, 0, len(f.Src)+len(f.Src)/8)
		out = appendTrees(out, f, keep, 0, len(f.Trees))
	}
	tail := f.Tail()
	if len(f.Trees) == 0 {
		tail = trimBOM(tail)
	}
	return appendOutside(out, tail)
}

// parallelFormatBytes is the size from which FormatWith formats in
// parallel: below it, starting goroutines costs more than it gains.
const parallelFormatBytes = 1 << 20

// appendTrees appends the canonical form of trees lo..hi-1 with the text
// before each.
func appendTrees(out []byte, f *File, keep []bool, lo, hi int) []byte {
	for i := lo; i < hi; i++ {
		out = appendTree(out, f.Trees[i], i, keep[i])
	}
	return out
}

// appendTree appends the canonical form of tree t, the i-th of its file,
// with the text before it.
func appendTree(out []byte, t *Tree, i int, keep bool) []byte {
	lead := t.src[t.begin:t.begin]
	if len(t.vars) > 0 && t.vars[0].open < missingPos {
		lead = t.src[t.begin:t.vars[0].open]
	}
	if i == 0 {
		lead = trimBOM(lead)
	}
	out = appendOutside(out, lead)
	return formatTree(out, t, keep)
}

// trimBOM returns b without a leading UTF-8 byte order mark.
func trimBOM(b []byte) []byte { return bytes.TrimPrefix(b, []byte("\xEF\xBB\xBF")) }

// formatParallel formats the trees in chunks of about equal source size on
// w goroutines and joins the chunks in order.
func formatParallel(f *File, keep []bool, w int) []byte {
	chunks := 4 * w
	per := len(f.Src)/chunks + 1
	var bounds []int // tree indexes where chunks start
	for i, next := 0, 0; i < len(f.Trees); i++ {
		if t := f.Trees[i]; int(t.begin) >= next {
			bounds = append(bounds, i)
			next = int(t.begin) + per
		}
	}
	bounds = append(bounds, len(f.Trees))
	parts := make([][]byte, len(bounds)-1)
	var next atomic.Int32
	help := newHelpers()
	defer help.wg.Wait() // a panic here waits for them too
	for range w {
		help.goHelp(func() {
			for {
				k := int(next.Add(1)) - 1
				if k >= len(parts) {
					return
				}
				lo, hi := bounds[k], bounds[k+1]
				size := max(int(f.Trees[hi-1].end)-int(f.Trees[lo].begin), 0)
				parts[k] = appendTrees(make([]byte, 0, size+size/8), f, keep, lo, hi)
			}
		})
	}
	help.wait()
	total := 0
	for _, p := range parts {
		total += len(p)
	}
	out := make([]byte, 0, total+len(f.Tail())+1)
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func appendOutside(out, text []byte) []byte {
	text = bytes.TrimSpace(text)
	if len(text) == 0 {
		return out
	}
	out = append(out, text...)
	return append(out, '\n')
}

const (
	formatWidth     = 79
	formatMaxIndent = 16
)

// FormatTree appends the canonical form of one game tree (see Format) and
// a final newline to dst.
func FormatTree(dst []byte, t *Tree) []byte { return formatTree(dst, t, false) }

// formatTree is FormatTree; keep keeps the escapes that are not provably
// escapes in every charset (FormatOptions.KeepEscapes).
func formatTree(dst []byte, t *Tree, keep bool) []byte {
	if len(t.vars) == 0 || t.vars[0].first < 0 {
		return dst
	}
	if starts := t.formatGroups(); starts != nil {
		return t.formatWide(dst, keep, starts)
	}
	return append(t.formatVars(dst, keep, 0, 0, -1), '\n')
}

// formatVars appends the variation v, at nesting depth, with everything
// below it, and then, when v is not the root's, its next siblings up to
// stop (a variation index, -1 for all of them).
func (t *Tree) formatVars(dst []byte, keep bool, v int32, depth int, stop int32) []byte {
	t.walk(v, depth, stop, func(v int32, depth int, _ bool) (l int32) {
		dst, l = t.formatSeq(dst, keep, v, depth)
		return l
	}, func(int32) { dst = append(dst, ')') })
	return dst
}

// walk visits the variation v, at nesting depth, with everything below it,
// and then, when v is not the root's, its next siblings up to stop (a
// variation index, -1 for all of them), in the order they print, without
// recursion. open(v, depth, later) writes the opening of variation v and
// its sequence of nodes and returns the link of its last node (noLink, or
// its first child variation); later says v is not the first variation
// walked among its siblings. close(v) follows the last variation below v.
func (t *Tree) walk(v int32, depth int, stop int32, open func(v int32, depth int, later bool) int32, close func(v int32)) {
	type item struct {
		v       int32
		depth   int
		closing bool
		later   bool
	}
	// The work stack holds, for each open variation on the path, its
	// closing item, and on top the next variation to open: a variation's
	// closing opens its next sibling, so that the stack stays as deep as
	// the tree and not as wide (a root may have a million children).
	work := []item{{v, depth, false, false}}
	for len(work) > 0 {
		it := work[len(work)-1]
		work = work[:len(work)-1]
		if it.closing {
			close(it.v)
			if it.v != 0 {
				if next := t.vars[it.v].next; next >= 0 && !(it.depth == depth && next == stop) {
					work = append(work, item{next, it.depth, false, true})
				}
			}
			continue
		}
		l := open(it.v, it.depth, it.later)
		work = growPreemptible(work, 2)
		work = append(work, item{it.v, it.depth, true, false})
		if l != noLink {
			work = append(work, item{-(l + 1), it.depth + 1, false, false})
		}
	}
}

// formatSeq appends the opening of variation v at nesting depth and its
// sequence of nodes, and returns the link of its last node: noLink, or
// its first child variation.
func (t *Tree) formatSeq(dst []byte, keep bool, v int32, depth int) ([]byte, int32) {
	indent := min(depth, formatMaxIndent) * 2
	if len(dst) > 0 && dst[len(dst)-1] != '\n' {
		dst = append(dst, '\n')
	}
	for range indent {
		dst = append(dst, ' ')
	}
	dst = append(dst, '(')
	col := indent + 1
	n := t.vars[v].first
	l := n
	if v == 0 {
		// The root, its properties one to a line (written alike
		// when it is a simple move).
		dst = growPreemptible(dst, 256)
		dst, col = t.appendNodeLaidOut(dst, n, true, keep, indent, col)
		if l = t.nodes[n].link; l != noLink {
			dst = append(dst, '\n')
			col = 0
		}
	}
	// The parser's bits (Tree.simple) say which records are the
	// common node ";B[pd]", already in canonical form: written as
	// they are, without a scan.
	var bits []uint64
	if formatSimpleMoves && t.edited == nil {
		bits = t.simple
	}
	src, nodes := t.src, t.nodes
	for l >= 0 {
		n = l
		// Room for the node, made where the goroutine can be
		// preempted (the output of a deep tree is several times
		// its input, and append would copy it whole to grow).
		if cap(dst)-len(dst) < 256 {
			dst = growPreemptible(dst, 256)
		}
		if w := int(n >> 6); w < len(bits) && bits[w]&(1<<(n&63)) != 0 && int(n) < t.parsed {
			if col > indent+1 && col+6 > formatWidth {
				dst = append(dst, lineBreaks[:1+indent]...)
				col = indent
			}
			s := int(nodes[n].start)
			dst = append(dst, src[s:s+6:s+6]...)
			col += 6
		} else {
			dst, col = t.appendNodeLaidOut(dst, n, false, keep, indent, col)
		}
		l = nodes[n].link
	}
	return dst, l
}

// wideTreeNodes is the number of nodes from which a tree whose root
// sequence ends in several variations is formatted in parallel, its
// variations in groups (formatWide); parallel on more than maxWideGroups
// cores would gain little more.
const (
	wideTreeNodes = 1 << 16
	maxWideGroups = 8
)

// formatGroups returns, for a large tree whose root sequence ends in
// variations, the variations where groups of them of about equal numbers
// of nodes start, and -1: the groups formatWide formats in parallel. It
// returns nil when the tree is not formatted so (small, edited, one core).
func (t *Tree) formatGroups() []int32 {
	w := min(runtime.GOMAXPROCS(0), maxWideGroups)
	if w < 2 || len(t.nodes) < wideTreeNodes || t.edited != nil || t.structural {
		return nil
	}
	l := t.vars[0].first
	for l >= 0 {
		l = t.nodes[l].link
	}
	if l == noLink {
		return nil
	}
	// Variations and nodes are numbered in the order of the source:
	// the nodes of a variation and of those below it come before the
	// next sibling's first node.
	first := -(l + 1)
	lo := int(t.vars[first].first)
	per := (len(t.nodes)-lo)/w + 1
	starts := []int32{first}
	next := lo + per
	if lo < 0 {
		return nil
	}
	if head := &t.vars[first]; formatGroupsFound && head.last-first+1 == head.nkids && t.vars[head.last].first >= 0 {
		// The children are the variations first to head.last, one
		// after the other (none has variations below it: 10^6 moves
		// as siblings): the group starts are found by their first
		// nodes, which grow with the variation, without walking a
		// million siblings (26M instructions).
		vs := t.vars[first : head.last+1]
		for {
			k, _ := slices.BinarySearchFunc(vs, int32(next), func(r varRec, n int32) int { return cmp.Compare(r.first, n) })
			if k >= len(vs) {
				break
			}
			v := first + int32(k)
			starts = append(starts, v)
			next = int(t.vars[v].first) + per
		}
		if len(starts) < 2 {
			return nil
		}
		return append(starts, -1)
	}
	for v := t.vars[first].next; v >= 0; v = t.vars[v].next {
		if f := int(t.vars[v].first); f < 0 {
			return nil // no node: not seen in a parsed tree
		} else if f >= next {
			starts = append(starts, v)
			next = int(t.vars[v].first) + per
		}
	}
	if len(starts) < 2 {
		return nil
	}
	return append(starts, -1)
}

// formatWide is formatTree for a tree that formatGroups split: the root
// sequence, then the groups of variations below it, the first into dst,
// each other on a goroutine of its own into a buffer that starts with the
// line break formatSeq writes after the ")" before it, appended to dst in
// order: a wide tree's output is formatted on several cores (and
// allocated once more, but for the first group).
func (t *Tree) formatWide(dst []byte, keep bool, starts []int32) []byte {
	dst, _ = t.formatSeq(dst, keep, 0, 0)
	parts := make([][]byte, len(starts)-1)
	help := newHelpers()
	defer help.wg.Wait() // a panic here waits for them too
	for g := 1; g < len(parts); g++ {
		help.goHelp(func() {
			// Room for the group's output: its source and a fourth.
			lo, hi := t.nodes[t.vars[starts[g]].first].start, t.end
			if starts[g+1] >= 0 {
				hi = t.nodes[t.vars[starts[g+1]].first].start
			}
			size := 0
			if lo < hi && hi != noPos {
				size = int(hi - lo)
			}
			b := make([]byte, 0, size+size/4+64)
			parts[g] = t.formatVars(append(b, '\n'), keep, starts[g], 1, starts[g+1])
		})
	}
	// The first group here, into dst.
	dst = t.formatVars(dst, keep, starts[0], 1, starts[1])
	help.wait()
	total := 0
	for _, p := range parts {
		total += len(p)
	}
	dst = growPreemptible(dst, total+2)
	for _, p := range parts[1:] {
		dst = appendPreemptible(dst, p)
	}
	return append(dst, ')', '\n')
}

// appendPreemptible is append(dst, p...) in pieces of preemptibleCopy
// bytes, where the goroutine can be preempted: a copy of megabytes in one
// memmove cannot be, and the collector spins until it ends. dst has room.
func appendPreemptible(dst, p []byte) []byte {
	for len(p) > 0 {
		k := min(len(p), preemptibleCopy)
		dst = append(dst, p[:k]...)
		p = p[k:]
	}
	return dst
}

// formatGroupsFound turns on formatGroups' search of the group starts
// among consecutive children (off in a test that compares it with the
// walk of the siblings).
var formatGroupsFound = true

// formatSimpleMoves turns on formatTree's path for nodes like ";B[pd]"
// (off in a test that compares it with the general path).
var formatSimpleMoves = true

// isNodeEnd reports whether c, after a node, ends it.
func isNodeEnd(c byte) bool { return c == ';' || c == '(' || c == ')' }

// appendNodeLaidOut appends node n at column col of a line indented by
// indent, after a line break when it would pass formatWidth or holds a
// line break itself, and returns the column after it. The node is written
// in place at the end of dst, then moved right when a line break must come
// before it.
func (t *Tree) appendNodeLaidOut(dst []byte, n int32, root, keep bool, indent, col int) ([]byte, int) {
	at := len(dst)
	dst = t.appendNode(dst, n, root, keep)
	node := dst[at:]
	multi := bytes.IndexByte(node, '\n') >= 0 || bytes.IndexByte(node, '\r') >= 0
	if !root && col > indent+1 && (multi || col+len(node) > formatWidth) {
		dst = slices.Insert(dst, at, lineBreaks[:1+indent]...)
		col = indent
		node = dst[at+1+indent:]
	}
	if multi {
		return dst, len(node) - bytes.LastIndexAny(node, "\r\n") - 1
	}
	return dst, col + len(node)
}

// lineBreaks is a line break and the deepest indentation.
var lineBreaks = []byte("\n" + strings.Repeat(" ", 2*formatMaxIndent))

// appendNode appends the canonical form of node n: for a node as read, in
// one pass over its source (appendNodeSource), for an edited one from its
// properties (appendNodeCanonical).
func (t *Tree) appendNode(dst []byte, n int32, root, keep bool) []byte {
	if t.edited != nil && t.edited[n] != nil {
		return t.appendNodeCanonical(dst, n, root, keep)
	}
	r := t.nodes[n]
	if r.start == noPos {
		return append(dst, ';')
	}
	return t.appendNodeSource(dst, int(r.start), root, keep)
}

// appendNodeSource is appendNodeCanonical for a node as read, from the
// source at start: it reads the properties with a PropScanner and writes
// each value as appendNodeCanonical does, without going over the source
// twice. A test holds the two equal on every node of the corpus, and a
// fuzz target on any input.
func (t *Tree) appendNodeSource(dst []byte, start int, root, keep bool) []byte {
	s := NewPropScanner(t.src, start, t.mode)
	dst = append(dst, ';')
	first := true
	for id, _ := s.Next(); id != nil; id, _ = s.Next() {
		if root && !first {
			dst = append(dst, '\n')
		}
		first = false
		dst = append(dst, id...)
		raw, ok := s.First()
		dst = appendValueCanonical(dst, raw, t.mode, keep)
		for ok && s.More() {
			raw, ok = s.Value()
			dst = appendValueCanonical(dst, raw, t.mode, keep)
		}
		if !ok {
			return dst
		}
	}
	return dst
}

// appendValueCanonical appends "[", the value written with the escapes it
// needs, and "]".
func appendValueCanonical(dst, raw []byte, mode LeadBytes, keep bool) []byte {
	dst = append(dst, '[')
	if mode == ASCIISafe && bytes.IndexByte(raw, '\\') < 0 {
		dst = append(dst, raw...)
		return append(dst, ']')
	}
	start := len(dst)
	if keep && bytes.IndexByte(raw, 0x1B) >= 0 {
		dst = append(dst, raw...)
	} else {
		dst = appendMinimalEscapes(dst, raw, mode, keep)
	}
	dst = trimCutLead(dst, start, mode)
	return append(dst, ']')
}

// appendNodeCanonical appends ";" and the node's properties; in the root,
// one property to a line. keep is formatTree's.
func (t *Tree) appendNodeCanonical(dst []byte, n int32, root, keep bool) []byte {
	dst = append(dst, ';')
	first := true
	for p := range (Node{t, n}).Props() {
		if root && !first {
			dst = append(dst, '\n')
		}
		first = false
		dst = append(dst, p.ID...)
		for v := range p.Values() {
			dst = appendValueCanonical(dst, v.Raw, t.mode, keep)
		}
	}
	return dst
}

// appendMinimalEscapes copies a raw value, dropping the escapes that are
// not needed: "\" stays before "]", "\", ":" and line breaks. With keep,
// an escape stays too unless provablyEscape.
func appendMinimalEscapes(dst, raw []byte, mode LeadBytes, keep bool) []byte {
	if mode == ASCIISafe && bytes.IndexByte(raw, '\\') < 0 {
		return append(dst, raw...)
	}
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch {
		case c == '\\' && i+1 == len(raw):
			// A lone "\" at the end of a value cut by the end of input:
			// written, it would escape the "]".
		case c == '\\':
			d := raw[i+1]
			switch d {
			case ']', '\\', ':', '\n', '\r':
				dst = append(dst, c, d)
			default:
				if mode.isLead(d) && i+2 == len(raw) {
					i++ // as above: a cut lead byte
					continue
				}
				if keep && !provablyEscape(raw, i) {
					dst = append(dst, c, d)
					i++
					continue
				}
				if mode.isLead(d) && i+2 < len(raw) && mode.isTrail(raw[i+2]) {
					// An escaped two-byte character: keep the escape so
					// that the trail byte is never read alone.
					dst = append(dst, c, d, raw[i+2])
					i += 2
					continue
				}
				dst = append(dst, d)
			}
			i++
		case mode.isLead(c) && i+1 == len(raw):
			// A lead byte cut by the end of input: written, the "]"
			// after it would be read as its trail byte.
		case mode.isLead(c) && i+1 < len(raw) && mode.isTrail(raw[i+1]):
			dst = append(dst, c, raw[i+1])
			i++
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// trimCutLead drops lone lead bytes from the end of the value written at
// dst[start:]: before the closing "]" a lead byte would take the "]" for
// its trail byte. Such bytes are only left by a value cut by the end of
// input, which the parser reported as critical.
func trimCutLead(dst []byte, start int, mode LeadBytes) []byte {
	if mode == ASCIISafe {
		return dst
	}
	for {
		v := dst[start:]
		lone := false
		for i := 0; i < len(v); {
			c := v[i]
			switch {
			case c == '\\':
				i++
				if i < len(v) && mode.isLead(v[i]) && i+1 < len(v) && mode.isTrail(v[i+1]) {
					i++
				}
				i++
			case mode.isLead(c) && i+1 < len(v) && mode.isTrail(v[i+1]):
				i += 2
			default:
				lone = mode.isLead(c) && i == len(v)-1
				i++
			}
		}
		if !lone {
			return dst
		}
		dst = dst[:len(dst)-1]
	}
}

// provablyEscape reports whether the "\" at raw[i] is an escape in every
// ASCII-compatible charset, and not the second byte of a character: it
// starts the value, follows an ASCII byte other than "\" (which, escaped,
// plain or the second byte of a character, ends a character: no lead
// byte is ASCII), or follows only ASCII bytes.
func provablyEscape(raw []byte, i int) bool {
	if i == 0 || raw[i-1] < 0x80 && raw[i-1] != '\\' {
		return true
	}
	for _, c := range raw[:i] {
		if c >= 0x80 {
			return false
		}
	}
	return true
}
