package syntax

import (
	"bytes"
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

// FormatWith is Format with options.
func FormatWith(f *File, o FormatOptions) []byte {
	out := make([]byte, 0, len(f.Src)+len(f.Src)/8)
	for i, t := range f.Trees {
		lead := t.src[t.begin:t.begin]
		if len(t.vars) > 0 && t.vars[0].open < missingPos {
			lead = t.src[t.begin:t.vars[0].open]
		}
		if i == 0 {
			lead = bytes.TrimPrefix(lead, []byte("\xEF\xBB\xBF"))
		}
		out = appendOutside(out, lead)
		out = formatTree(out, t, o.KeepEscapes != nil && o.KeepEscapes(i))
	}
	tail := f.Tail()
	if len(f.Trees) == 0 {
		tail = bytes.TrimPrefix(tail, []byte("\xEF\xBB\xBF"))
	}
	out = appendOutside(out, tail)
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
	type item struct {
		v       int32
		depth   int
		closing bool
	}
	var nodeBuf []byte
	col := 0
	work := []item{{0, 0, false}}
	for len(work) > 0 {
		it := work[len(work)-1]
		work = work[:len(work)-1]
		if it.closing {
			dst = append(dst, ')')
			col++
			continue
		}
		indent := min(it.depth, formatMaxIndent) * 2
		if len(dst) > 0 && dst[len(dst)-1] != '\n' {
			dst = append(dst, '\n')
		}
		for range indent {
			dst = append(dst, ' ')
		}
		dst = append(dst, '(')
		col = indent + 1
		n := t.vars[it.v].first
		var l int32
		for {
			root := it.v == 0 && n == t.vars[0].first
			nodeBuf = t.appendNodeCanonical(nodeBuf[:0], n, root, keep)
			multi := bytes.IndexByte(nodeBuf, '\n') >= 0 || bytes.IndexByte(nodeBuf, '\r') >= 0
			if !root && col > indent+1 && (multi || col+len(nodeBuf) > formatWidth) {
				dst = append(dst, '\n')
				for range indent {
					dst = append(dst, ' ')
				}
				col = indent
			}
			dst = append(dst, nodeBuf...)
			if k := bytes.LastIndexAny(nodeBuf, "\r\n"); k >= 0 {
				col = len(nodeBuf) - k - 1
			} else {
				col += len(nodeBuf)
			}
			if root && t.nodes[n].link != noLink {
				dst = append(dst, '\n')
				col = 0
			}
			l = t.nodes[n].link
			if l >= 0 {
				n = l
				continue
			}
			break
		}
		work = append(work, item{it.v, it.depth, true})
		if l != noLink {
			mark := len(work)
			for v := -(l + 1); v >= 0; v = t.vars[v].next {
				work = append(work, item{v, it.depth + 1, false})
			}
			for i, j := mark, len(work)-1; i < j; i, j = i+1, j-1 {
				work[i], work[j] = work[j], work[i]
			}
		}
	}
	return append(dst, '\n')
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
			dst = append(dst, '[')
			start := len(dst)
			if keep && bytes.IndexByte(v.Raw, 0x1B) >= 0 {
				dst = append(dst, v.Raw...)
			} else {
				dst = appendMinimalEscapes(dst, v.Raw, t.mode, keep)
			}
			dst = trimCutLead(dst, start, t.mode)
			dst = append(dst, ']')
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
