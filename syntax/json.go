package syntax

import (
	"unicode/utf8"
)

// AppendTreeJSON appends the tree as JSON in the shape of `sgf json`:
//
//	TREE = {"nodes": [NODE...], "variations": [TREE...]}
//	NODE = {"props": [{"id": "B", "values": ["pd"]}...]}
//
// A TREE is a game tree of the grammar: a sequence and its child trees, so
// a long main line does not nest. Identifiers are as written; values are
// the raw text between the brackets, escapes intact, in file order. Bytes
// that are not UTF-8 are written as the ISO-8859-1 characters they are by
// the specification's default charset (decoding by CA is the job of the
// layers above). The output is produced without recursion.
func AppendTreeJSON(dst []byte, t *Tree) []byte {
	return AppendTreeJSONFunc(dst, t, nil)
}

// AppendTreeJSONFunc is AppendTreeJSON with the raw bytes of every
// value passed through text first: text appends the
// UTF-8 form of raw to dst (for instance decoding the tree's charset while
// keeping its escapes). A nil text is AppendTreeJSON.
func AppendTreeJSONFunc(dst []byte, t *Tree, text func(dst, raw []byte) []byte) []byte {
	var tmp []byte
	appendValue := func(dst, raw []byte) []byte {
		if text == nil {
			return AppendJSONString(dst, raw)
		}
		tmp = text(tmp[:0], raw)
		return AppendJSONString(dst, tmp)
	}
	if len(t.vars) == 0 || t.vars[0].first < 0 {
		return append(dst, `{"nodes":[],"variations":[]}`...)
	}
	t.walk(0, 0, -1, func(v int32, _ int, later bool) int32 {
		if later {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"nodes":[`...)
		n := t.vars[v].first
		for {
			dst = appendNodeJSON(dst, Node{t, n}, appendValue)
			l := t.nodes[n].link
			if l < 0 {
				dst = append(dst, `],"variations":[`...)
				return l
			}
			dst = append(dst, ',')
			n = l
		}
	}, func(int32) { dst = append(dst, "]}"...) })
	return dst
}

func appendNodeJSON(dst []byte, n Node, appendValue func(dst, raw []byte) []byte) []byte {
	dst = append(dst, `{"props":[`...)
	first := true
	for p := range n.Props() {
		if !first {
			dst = append(dst, ',')
		}
		first = false
		dst = append(dst, `{"id":`...)
		dst = AppendJSONString(dst, p.ID)
		dst = append(dst, `,"values":[`...)
		vf := true
		for v := range p.Values() {
			if !vf {
				dst = append(dst, ',')
			}
			vf = false
			dst = appendValue(dst, v.Raw)
		}
		dst = append(dst, "]}"...)
	}
	return append(dst, "]}"...)
}

const hexDigits = "0123456789abcdef"

// AppendJSONString appends b as a JSON string. Valid UTF-8 is kept; each
// byte of an invalid sequence is written as the ISO-8859-1 character it
// is (U+0080-U+00FF), so no byte is lost.
func AppendJSONString(dst, b []byte) []byte {
	dst = append(dst, '"')
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				dst = append(dst, '\\', c)
			case c == '\n':
				dst = append(dst, '\\', 'n')
			case c == '\r':
				dst = append(dst, '\\', 'r')
			case c == '\t':
				dst = append(dst, '\\', 't')
			case c < 0x20 || c == 0x7f:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			default:
				dst = append(dst, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			dst = utf8.AppendRune(dst, rune(c))
			i++
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
		} else {
			dst = append(dst, b[i:i+size]...)
		}
		i += size
	}
	return append(dst, '"')
}
