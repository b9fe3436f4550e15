package convert

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/syntax"
)

// Options are the choices of a conversion. The zero value converts to FF[4]
// in UTF-8, keeps obsolete properties, and takes each tree's charset from
// its CA[] or from detection.
type Options struct {
	// Charset, when not empty, overrides CA[] and detection for every game
	// tree (any name charset.Lookup knows).
	Charset string
	// KeepCharset keeps the text in the charset it was read in: only
	// properties are converted. CA[] is kept as it is, unless the charset
	// was detected or given (Charset) and differs from it: CA then names
	// it.
	KeepCharset bool
	// DropObsolete deletes the obsolete properties that FF[4] has no
	// counterpart for (SGFC option -o) instead of keeping them.
	DropObsolete bool
	// Syntax holds the limits of the parse (Convert only).
	Syntax syntax.Options
}

// Sentinel errors wrapped by *Error.
var (
	// ErrInput means the input could not be read as SGF at all (no game
	// tree, a limit reached, an unusable Options.Charset).
	ErrInput = errors.New("input cannot be converted")
	// ErrEdit means the syntax layer refused an edit of the conversion,
	// which is a bug of this package.
	ErrEdit = errors.New("conversion edit refused")
)

// Error is the error type of this package, in the manner of
// strconv.NumError: which tree and node, and why. errors.Is works with the
// sentinel in Err and with the lower layer's error in Cause.
type Error struct {
	Tree  int // game tree index, -1 for the whole input
	Node  int // node number in the tree, -1 when none
	Err   error
	Cause error
}

func (e *Error) Error() string {
	s := "convert"
	if e.Tree >= 0 {
		s += fmt.Sprintf(": game %d", e.Tree+1)
	}
	if e.Node >= 0 {
		s += fmt.Sprintf(" node %d", e.Node)
	}
	s += ": " + e.Err.Error()
	if e.Cause != nil {
		s += ": " + e.Cause.Error()
	}
	return s
}

// Unwrap returns the sentinel and the lower layer's error.
func (e *Error) Unwrap() []error {
	if e.Cause == nil {
		return []error{e.Err}
	}
	return []error{e.Err, e.Cause}
}

// Convert parses src and converts every game tree to FF[4] (see the package
// documentation). It returns the new file and the changes made, in tree and
// node order. A broken file is converted as far as it could be read (the
// parse is tolerant); the error, an *Error wrapping ErrInput, is set only
// when there is nothing to convert or Options.Charset is unusable, or when
// reading stopped at a limit (the output then holds what was read).
func Convert(src []byte, opts Options) ([]byte, []Change, error) {
	c, err := sgf.Read(bytes.NewReader(src), &sgf.ReadOptions{Syntax: opts.Syntax, Charset: opts.Charset})
	if c == nil || c.Len() == 0 {
		if err == nil {
			err = errors.New("no game tree")
		}
		return nil, nil, &Error{Tree: -1, Node: -1, Err: ErrInput, Cause: err}
	}
	out, changes, cerr := Collection(c, opts)
	if cerr != nil {
		return out, changes, cerr
	}
	if err != nil {
		return out, changes, &Error{Tree: -1, Node: -1, Err: ErrInput, Cause: err}
	}
	return out, changes, nil
}

// Collection converts the games of c, as Convert does, editing c's trees
// in place. Options.Charset and Options.Syntax are not used: the charsets
// are those c was read with (sgf.ReadOptions).
func Collection(c *sgf.Collection, opts Options) ([]byte, []Change, error) {
	var changes []Change
	outs := make([][]byte, c.Len())
	var lastCS charset.Charset = charset.UTF8
	// What the input left open at its end (a value without "]", trees
	// without ")") is closed, so that the output is well-formed. A value
	// left open is in the last tree: if the conversion prints its node
	// anew, the node closes it.
	closers := c.Closers()
	valueEnd := bytes.IndexByte(closers, ']')
	valueClosed := false
	for i, g := range c.Games() {
		tc := &treeConverter{g: g, opts: opts}
		if valueEnd >= 0 && i == c.Len()-1 && !g.Charset().Transcoded {
			tc.open = closers[:valueEnd:valueEnd]
		}
		b, err := tc.convert()
		valueClosed = valueClosed || tc.closed
		changes = append(changes, tc.changes...)
		if err != nil {
			return nil, changes, err
		}
		outs[i] = b
		if cs := g.Charset(); !cs.Transcoded {
			lastCS = cs.Charset
		}
	}
	var out []byte
	if opts.KeepCharset {
		b, err := c.Bytes()
		if err != nil {
			return nil, changes, &Error{Tree: -1, Node: -1, Err: ErrEdit, Cause: err}
		}
		out = bytes.TrimPrefix(b, utf8BOM) // reported by the first tree
		for _, g := range c.Games() {
			if g.Charset().Transcoded {
				closers = nil // the output is not ASCII-compatible
			}
		}
	} else {
		n := 0
		for _, b := range outs {
			n += len(b)
		}
		var tail []byte // none for the Collection of a game from sgf.Reader (see Tail)
		if f := c.File(); f != nil {
			tail = Tail(f.Tail(), lastCS, opts)
		}
		out = make([]byte, 0, n+len(tail))
		for _, b := range outs {
			out = append(out, b...)
		}
		out = append(out, tail...)
	}
	if len(closers) > 0 {
		if valueClosed {
			out = append(out, closers[valueEnd+1:]...)
		} else {
			out = append(out, closers...)
		}
		changes = append(changes, Change{Code: CodeClosed, Tree: c.Games()[c.Len()-1].Index(), Node: -1,
			After: string(closers), Message: "the input ended with " + closedWhat(closers) + " open: closed"})
	}
	return out, changes, nil
}

// Tail returns the text after the last game tree of an input as Convert
// writes it: decoded to UTF-8 from cs, the charset of the last game not
// transcoded, when it is not UTF-8 already; as it is with KeepCharset.
// A caller that converts the games an sgf.Reader reads one at a time
// (Collection on each game's Collection) ends the output with the
// Reader's Tail so.
func Tail(tail []byte, cs charset.Charset, opts Options) []byte {
	if opts.KeepCharset || utf8.Valid(tail) {
		return tail
	}
	s, _ := charset.Decode(cs, tail)
	return []byte(s)
}

func closedWhat(closers []byte) string {
	n := bytes.Count(closers, []byte(")"))
	what := ""
	if bytes.IndexByte(closers, ']') >= 0 {
		what = "a value"
		if n > 0 {
			what += " and "
		}
	}
	switch {
	case n == 1:
		what += "a game tree"
	case n > 1:
		what += fmt.Sprintf("%d game trees or variations", n)
	}
	return what
}

// Code says what kind of change a Change is. Codes are stable: new codes are
// added at the end. A code prints as its name ("label").
type Code uint8

// The kinds of change. The comment after each gives the number of the SGFC
// message that reports the same conversion (SGFC README, Appendix C).
const (
	CodeFF          Code = iota + 1 // FF set to 4
	CodeCharset                     // text decoded to UTF-8 and CA[UTF-8] set
	CodeUndecodable                 // SGFC 71: bytes that do not decode in the charset, replaced by U+FFFD
	CodeIdentifier                  // SGFC 16: an identifier with lowercase letters to its FF[4] form
	CodeLabel                       // SGFC 40: L to LB
	CodeMark                        // SGFC 40: M to MA and TR
	CodeKomi                        // SGFC 59: KI to KM, or deleted
	CodeView                        // SGFC 52: an FF[1]-FF[3] two-point VW to the FF[4] rectangle
	CodePass                        // the FF[3] pass "tt" to the FF[4] pass "[]"
	CodeObsolete                    // SGFC 40 / 29: an obsolete property kept (or deleted)
	CodeMerged                      // SGFC 28: properties of one identifier in one node merged
	CodeDropped                     // text the parser could not read (a critical syntax diagnostic), not in the output
	CodeClosed                      // SGFC 9, 10: the "]" and ")" the input lacked at its end, written
	CodeUnread                      // text the parser could not read (a critical syntax diagnostic), kept in the output as written
	CodePlayer                      // the FF[1]-FF[3] numeric PL[1], PL[2] to PL[B], PL[W]
)

var codeNames = [...]string{
	CodeFF:          "ff",
	CodeCharset:     "charset",
	CodeUndecodable: "undecodable",
	CodeIdentifier:  "identifier",
	CodeLabel:       "label",
	CodeMark:        "mark",
	CodeKomi:        "komi",
	CodeView:        "view",
	CodePass:        "pass",
	CodeObsolete:    "obsolete",
	CodeMerged:      "merged",
	CodeDropped:     "dropped",
	CodeClosed:      "closed",
	CodeUnread:      "unread",
	CodePlayer:      "player",
}

var codeSGFC = [...]int{
	CodeUndecodable: 71,
	CodeIdentifier:  16,
	CodeLabel:       40,
	CodeMark:        40,
	CodeKomi:        59,
	CodeView:        52,
	CodeObsolete:    40,
	CodeMerged:      28,
	CodeClosed:      9,
}

// Codes returns every code in order.
func Codes() []Code {
	cs := make([]Code, 0, len(codeNames)-1)
	for c := CodeFF; int(c) < len(codeNames); c++ {
		cs = append(cs, c)
	}
	return cs
}

// String returns the name of the code ("label"), or "Code(n)".
func (c Code) String() string {
	if c > 0 && int(c) < len(codeNames) {
		return codeNames[c]
	}
	return fmt.Sprintf("Code(%d)", uint8(c))
}

// SGFC returns the number of the SGFC message that reports the same change,
// or 0 when SGFC has none.
func (c Code) SGFC() int {
	if int(c) < len(codeSGFC) {
		return codeSGFC[c]
	}
	return 0
}

// Change is one change of a conversion.
type Change struct {
	Code Code
	Tree int // game tree index, from 0
	Node int // pre-order number of the node in the input, from 0; -1 for text outside the nodes
	// Property is the FF[4] identifier concerned ("" for none).
	Property string
	// Before and After are the property as it was and as it is written,
	// in SGF form with text in UTF-8 ("L[aa][bb]", "LB[aa:a][bb:b]"); ""
	// when it was added or deleted. Bytes that do not decode are shown as
	// \xNN in Before.
	Before, After string
	// Message says what was done, in words.
	Message string
}

// String returns the change as one line: "game 1 node 3: label: L[aa] -> LB[aa:a] (message)".
func (c Change) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "game %d", c.Tree+1)
	if c.Node >= 0 {
		fmt.Fprintf(&b, " node %d", c.Node)
	}
	fmt.Fprintf(&b, ": %s: ", c.Code)
	switch {
	case c.Before == "" && c.After == "":
		b.WriteString(c.Message)
		return b.String()
	case c.Before == "" && c.After != "":
		b.WriteString("added " + c.After)
	case c.After == "" && c.Before != "":
		b.WriteString("deleted " + c.Before)
	case c.Before == c.After:
		b.WriteString("kept " + c.Before)
	default:
		b.WriteString(c.Before + " -> " + c.After)
	}
	if c.Message != "" {
		b.WriteString(" (" + c.Message + ")")
	}
	return b.String()
}
