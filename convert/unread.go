package convert

import (
	"bytes"
	"fmt"
	"unicode/utf8"

	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/syntax"
)

// utf8BOM is the byte order mark of UTF-8 (U+FEFF).
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// stripBOM removes a UTF-8 byte order mark from the start of the output
// and reports it: the output is UTF-8 without one, so that files joined
// into one (-o FILE) have none in the middle.
func (tc *treeConverter) stripBOM(out []byte) []byte {
	if !bytes.HasPrefix(out, utf8BOM) {
		return out
	}
	tc.add(CodeCharset, -1, "", "", "",
		"the byte order mark (U+FEFF) at the start of the file is removed: the output is UTF-8 without one")
	return out[len(utf8BOM):]
}

// unread reports the text of the tree that the parser could not read as
// properties (the critical syntax diagnostics): CodeDropped where the
// output has lost it (it stood among the properties of a node that was
// printed anew), CodeUnread where the output still holds it as written.
func (tc *treeConverter) unread(t *syntax.Tree) {
	for _, d := range tc.g.Collection().Diagnostics() {
		if d.Tree != t.Index() || !d.Critical {
			continue
		}
		switch d.Code {
		case syntax.CodeMissingParen, syntax.CodeUnexpectedEOF:
			continue // closed at the end of the output (CodeClosed), nothing lost
		case syntax.CodeTextBeforeTree, syntax.CodeTextAfterTree:
			continue // text outside the trees is written as it is
		}
		where := fmt.Sprintf("line %d column %d: %s %s: %s", d.Line, d.Column, d.Code, d.Code.Name(), d.Message)
		text, kept := tc.unreadText(t, d)
		if kept {
			tc.add(CodeUnread, d.Node, "", text, text, where+"; kept as written (sgf check shows it)")
		} else {
			tc.add(CodeDropped, d.Node, "", text, "", where)
		}
	}
}

// unreadText returns the text a diagnostic is about, for display, and
// whether the output keeps it. Text outside nodes, and in nodes that were
// not printed anew, is copied from the input. A node printed anew keeps
// only the text after its last property from the first white space on
// (syntax's printer keeps the white space that followed the node).
func (tc *treeConverter) unreadText(t *syntax.Tree, d syntax.Diagnostic) (string, bool) {
	if d.Node < 0 || d.Node >= t.NumNodes() {
		return "", true
	}
	n := t.Node(d.Node)
	src := n.Source()
	rel := int(d.Offset - n.Offset())
	if rel < 0 || rel >= len(src) {
		return "", !tc.rewritten(d.Node)
	}
	mode := t.LeadBytes()
	end := unreadEnd(src, rel, mode)
	text := src[rel:end]
	kept := !tc.rewritten(d.Node) || rel >= keptTail(src, mode)
	if needsDecoding(tc.dec, text) || !utf8.Valid(text) {
		s, _ := charset.Decode(tc.dec, text)
		return s, kept
	}
	return string(text), kept
}

// unreadEnd returns the end of the text the parser reported at src[i], as
// it reads it (syntax scanNode): an identifier it ignored with its values,
// values without an identifier, letters without a value, or a run of
// characters that belong to no token.
func unreadEnd(src []byte, i int, mode syntax.LeadBytes) int {
	switch c := src[i]; {
	case isLetter(c):
		e := i
		for e < len(src) && isLetter(src[e]) {
			e++
		}
		j := skipSpace(src, e)
		switch {
		case j < len(src) && src[j] == '[':
			return valuesEnd(src, j, mode)
		case j < len(src) && !isLetter(src[j]) && !isToken(src[j]):
			if je := junkEnd(src, e); je > e {
				return je
			}
			return e + 1
		}
		return e
	case c == '[':
		return valuesEnd(src, i, mode)
	}
	if je := junkEnd(src, i); je > i {
		return je
	}
	return i + 1
}

// valuesEnd returns the end of the values starting at src[i] == '['.
func valuesEnd(src []byte, i int, mode syntax.LeadBytes) int {
	e := i
	for i < len(src) && src[i] == '[' {
		end, ok := syntax.ScanValue(src, i, mode)
		if !ok {
			return len(src)
		}
		e = end + 1
		i = skipSpace(src, e)
	}
	return e
}

// keptTail returns where the text of a node that syntax's printer keeps
// when it prints the node anew begins: after its last property (or values),
// at the first white space.
func keptTail(src []byte, mode syntax.LeadBytes) int {
	i := 0
	if len(src) > 0 && src[0] == ';' {
		i++
	}
	last := i
scan:
	for i < len(src) {
		c := src[i]
		switch {
		case isSpace(c):
			i++
		case isToken(c):
			break scan
		case isLetter(c):
			e := i
			for e < len(src) && isLetter(src[e]) {
				e++
			}
			j := skipSpace(src, e)
			if j >= len(src) || src[j] != '[' {
				i = e
				continue
			}
			last = valuesEnd(src, j, mode)
			i = skipSpace(src, last)
		case c == '[':
			last = valuesEnd(src, i, mode)
			i = skipSpace(src, last)
		default:
			i++
		}
	}
	for last < len(src) && !isSpace(src[last]) {
		last++
	}
	return last
}

// junkEnd returns the end of a run of characters that belong to no token
// (syntax scanJunk): up to white space, a token, "[" or an uppercase letter.
func junkEnd(src []byte, i int) int {
	for i < len(src) {
		c := src[i]
		if isSpace(c) || isToken(c) || c == '[' || c >= 'A' && c <= 'Z' {
			return i
		}
		i++
	}
	return i
}

func isSpace(c byte) bool  { return c <= ' ' }
func isLetter(c byte) bool { return (c|0x20) >= 'a' && (c|0x20) <= 'z' }
func isToken(c byte) bool  { return c == ';' || c == '(' || c == ')' }

func skipSpace(src []byte, i int) int {
	for i < len(src) && isSpace(src[i]) {
		i++
	}
	return i
}
