package syntax

// PropScanner reads the properties of a node as read from its source, one
// at a time: the one reading of node text that Node.Props, AppendProps,
// the printer and the typed view (package sgf) share. It keeps the
// parser's rules without reporting: a property is an identifier of up to
// 100 letters with an upper-case one, followed by at least one value;
// identifiers without a value, other identifiers with their values,
// values without an identifier and other bytes are passed over.
//
// It is a pull scanner of offsets into the source: no Property is built,
// no function value is called and nothing is allocated. Next finds a
// property and reads its first value (First), which is all there is to
// most properties, in one call; More and Value read the values after it;
// values not read are passed over by the next call of Next:
//
//	s := syntax.NewPropScanner(src, start, mode)
//	for id, off := s.Next(); id != nil; id, off = s.Next() {
//		first, ok := s.First()
//		...
//		for ok && s.More() {
//			raw, ok = s.Value()
//			...
//		}
//	}
//
// Offsets are indices of src.
type PropScanner struct {
	src  []byte
	i    int // where the scan is
	mode LeadBytes
	// first and firstEnd are the "[" and the "]" of the first value of
	// the property that Next found (firstEnd is len(src) when the input
	// ends in the value).
	first, firstEnd int
	// skipped is the index after the last value that Next passed over
	// (not read through Value), or where the node's properties start: see
	// End.
	skipped int
}

// NewPropScanner returns a scanner of the properties of the node whose
// text starts at src[start] (at its ";", or at its first property),
// grouping bytes into characters by mode as the parser does.
func NewPropScanner(src []byte, start int, mode LeadBytes) PropScanner {
	if start < len(src) && src[start] == ';' {
		start++
	}
	return PropScanner{src: src, i: start, mode: mode, skipped: start}
}

// Reset makes s a scanner of the node whose text starts at src[start], as
// NewPropScanner does, in place: assigning NewPropScanner's result copies
// the struct through a temporary.
func (s *PropScanner) Reset(src []byte, start int, mode LeadBytes) {
	if start < len(src) && src[start] == ';' {
		start++
	}
	s.src, s.i, s.mode, s.skipped = src, start, mode, start
	s.first, s.firstEnd = 0, 0
}

// Next returns the identifier of the next property, as written, and its
// offset, having read the property's first value (First); it returns nil
// at the end of the node (a ";", "(" or ")", or the end of src).
func (s *PropScanner) Next() (id []byte, off int) {
	// Inlined: the end of the node's text, where most nodes end.
	if s.i >= len(s.src) {
		return nil, s.i
	}
	return s.next()
}

// next is Next for what it does not inline. Its first part reads the
// common shapes without a call: white space, then the node's end or
// upper-case letters and at once the first value, which is often of two
// letters (a move, a point) and then ends at once in every mode (letters
// are neither lead bytes nor escapes), or else short (a number, a time),
// read by hand in an ASCII-safe tree.
func (s *PropScanner) next() (id []byte, off int) {
	src, i := s.src, s.i
	for i < len(src) && isSpace(src[i]) {
		i++
	}
	if i >= len(src) {
		s.i = i
		return nil, i
	}
	if src[i]-'A' < 26 {
		e := i + 1
		for e < len(src) && src[e]-'A' < 26 {
			e++
		}
		if e < len(src) && src[e] == '[' && e-i <= maxIdentLen {
			end := e + 3
			if end >= len(src) || src[end] != ']' || !isLetter(src[e+1]) || !isLetter(src[e+2]) {
				// Other short values (numbers, times) as scanValue
				// reads them in an ASCII-safe tree, without the call;
				// long ones by it.
				end = -1
				if s.mode == ASCIISafe {
					end = shortValue(src, e)
				}
				if end < 0 {
					end, _ = scanValue(src, e, s.mode)
				}
			}
			s.first, s.firstEnd, s.i = e, end, end+1
			return src[i:e], i
		}
	}
	s.i = i
	return s.scan()
}

// scan is next for any other text: it passes over what the parser
// ignored.
func (s *PropScanner) scan() (id []byte, off int) {
	src, i := s.src, s.i
	for i < len(src) {
		c := src[i]
		switch {
		case isSpace(c):
			i++
		case c == ';' || c == '(' || c == ')':
			s.i = i
			return nil, i
		case isLetter(c):
			e := scanLetters(src, i)
			j := skipSpace(src, e)
			if j >= len(src) || src[j] != '[' {
				i = e
				continue
			}
			s.i = j
			// c is a letter: c <= 'Z' an upper-case one.
			if e-i <= maxIdentLen && (c <= 'Z' || hasUpper(src[i:e])) {
				end, _ := scanValue(src, j, s.mode)
				s.first, s.firstEnd, s.i = j, end, end+1
				return src[i:e], i
			}
			_, s.skipped = s.Values()
			i = s.i
		case c == '[':
			s.i = i
			_, s.skipped = s.Values()
			i = s.i
		default:
			i++
		}
	}
	s.i = i
	return nil, i
}

// First returns the text of the first value of the property that Next
// found, between the brackets, escapes intact. When the input ends in the
// value (ok false), raw runs to the end of src and the scan is at the end.
func (s *PropScanner) First() (raw []byte, ok bool) {
	return s.src[s.first+1 : s.firstEnd], s.firstEnd < len(s.src)
}

// FirstPos returns the offset of the "[" of the first value of the
// property that Next found.
func (s *PropScanner) FirstPos() int { return s.first }

// Values passes over the values of the property that follow, and returns
// their number and the index after the last "]" (where the scan is when
// none follows): n is -1 and end is len(src) when the input ends in a
// value.
func (s *PropScanner) Values() (n, end int) {
	src, i := s.src, s.i
	end = i
	for i < len(src) && src[i] == '[' {
		e, ok := -1, true
		if s.mode == ASCIISafe {
			e = shortValue(src, i)
		}
		if e < 0 {
			e, ok = scanValue(src, i, s.mode)
		}
		if !ok {
			s.i = len(src)
			return -1, len(src)
		}
		n++
		end = e + 1
		i = skipSpace(src, end)
	}
	s.i = i
	return n, end
}

// More reports whether another value of the property follows.
func (s *PropScanner) More() bool {
	src, i := s.src, s.i
	for i < len(src) && isSpace(src[i]) {
		i++
	}
	s.i = i
	return i < len(src) && src[i] == '['
}

// Value reads the value that follows (More reports true): its text
// between the brackets, escapes intact. When the input ends in the value
// (ok false), raw runs to the end of src and the scan is at the end.
func (s *PropScanner) Value() (raw []byte, ok bool) {
	i := s.i
	end, ok := scanValue(s.src, i, s.mode)
	s.i = end + 1
	return s.src[i+1 : end], ok
}

// End returns, at the end of the node (Next returned nil), the index
// after its last value (where its properties start when it has none),
// given last, the index after the last value that the caller read (0 for
// none): values that Next passed over count.
func (s *PropScanner) End(last int) int { return max(last, s.skipped) }

// Pos returns where the scan is: after Next or Value, after the "]" of
// the value read; after More, at the "[" of the value that follows or
// where the next property is looked for.
func (s *PropScanner) Pos() int { return s.i }

// shortValue returns the offset of the "]" of the value whose "[" is at
// src[i] when it is within 24 bytes, as scanValue finds it in an
// ASCII-safe tree; -1 otherwise. It is scanValue's first loop for the
// scanner's loops, without the call: most values are short.
func shortValue(src []byte, i int) int {
	for k, lim := i+1, min(len(src), i+24); k < lim; k++ {
		if c := src[k]; c == ']' {
			return k
		} else if c == '\\' {
			k++
		}
	}
	return -1
}

// A SpanScanner reads the properties of a game tree's root from the spans
// that the parser of a Reader kept of them (Tree.RootScanner): the
// properties and values that a PropScanner reads from the root's text,
// without reading it again (the root, a few hundred bytes of game
// information, was read by the parser, then by the typed view's charset
// decision and by its view of the tree). Offsets are indices of the
// root's text from its ";" (Node.SourceRest), as a PropScanner's.
type SpanScanner struct {
	src   []byte
	spans []uint16
	i     int // the spans of the next property or value
	left  int // values of the property not read yet
}

// RootScanner returns a SpanScanner of the root of t, or false when t
// keeps no spans of it: a tree read whole (Parse), edited since, or whose
// root had something to report, or was too large for the record (a
// PropScanner of the root's text reads it then).
func (t *Tree) RootScanner() (SpanScanner, bool) {
	if t.rootSpans == nil || t.Modified() {
		return SpanScanner{}, false
	}
	return SpanScanner{src: t.Root().SourceRest(), spans: t.rootSpans}, true
}

// Next returns the identifier of the next property, as written, and its
// offset; nil at the end of the root. The values of the property before
// that were not read are passed over.
func (s *SpanScanner) Next() (id []byte, off int) {
	s.i += 2 * s.left
	if s.i+3 > len(s.spans) {
		s.left = 0
		return nil, len(s.src)
	}
	sp := s.spans[s.i : s.i+3 : s.i+3]
	s.i += 3
	s.left = int(sp[2])
	return s.src[sp[0]:sp[1]], int(sp[0])
}

// Value returns the next value of the property that Next found: its text
// between the brackets, escapes intact, and the offset of its "["; ok is
// false when the property has no more.
func (s *SpanScanner) Value() (raw []byte, pos int, ok bool) {
	if s.left == 0 {
		return nil, 0, false
	}
	sp := s.spans[s.i : s.i+2 : s.i+2]
	s.i += 2
	s.left--
	return s.src[sp[0]+1 : sp[1]], int(sp[0]), true
}
