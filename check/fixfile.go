package check

import (
	"errors"
	"strconv"
	"strings"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/syntax"
)

// ErrLossy is wrapped by the *LossError of FixFile: the file needs a fix
// that loses information, and FixOptions.Critical is not set.
var ErrLossy = errors.New("a fix would lose information")

// LossError lists the problems whose fixes would lose information: text
// the parser could not read (Syntax, see Lost) and critical diagnostics
// with a fix (Check).
type LossError struct {
	Syntax []syntax.Diagnostic
	Check  []Diagnostic
}

func (e *LossError) Error() string {
	var b strings.Builder
	b.WriteString("check: ")
	b.WriteString(ErrLossy.Error())
	first := ""
	switch {
	case len(e.Syntax) > 0:
		first = e.Syntax[0].String()
	case len(e.Check) > 0:
		first = e.Check[0].String()
	}
	if first != "" {
		b.WriteString(": ")
		b.WriteString(first)
	}
	if n := len(e.Syntax) + len(e.Check); n > 1 {
		b.WriteString(" (and " + strconv.Itoa(n-1) + " more)")
	}
	b.WriteString("; FixOptions.Critical applies such fixes")
	return b.String()
}

// Unwrap returns ErrLossy.
func (e *LossError) Unwrap() error { return ErrLossy }

// ErrNoGameTree is returned by FixFile for an input without a game tree.
var ErrNoGameTree = errors.New("no game tree")

// FixFile fixes the bytes of one SGF file in one call, as sgf fix does
// before its conversion to UTF-8: a UTF-16 or UTF-32 file is decoded to
// UTF-8 (DecodeWide), the file is parsed as the typed view reads it (each
// game tree split in the two-byte characters of its charset), checked,
// and written anew by Fix. When a fix would lose information and
// opts.Critical is not set, nothing is fixed: the error is a *LossError
// wrapping ErrLossy that lists the problems. Otherwise it returns the
// fixed text, every change made, and unfixed: the diagnostics of the
// input that have no fix, whose faults remain in the output. An input
// without a game tree is ErrNoGameTree.
func FixFile(src []byte, opts FixOptions) (out []byte, changes []Change, unfixed []Diagnostic, err error) {
	if text, _, ok := DecodeWide(src); ok {
		src = text
	}
	var f *syntax.File
	if c, _ := sgf.ReadBytes(src, nil); c != nil && c.SyntaxFile() != nil {
		f = c.SyntaxFile()
	} else {
		f, _ = syntax.Parse(src, nil)
	}
	if len(f.Trees) == 0 {
		return nil, nil, nil, ErrNoGameTree
	}
	diags := Check(f, opts.Options)
	if !opts.Critical {
		var loss LossError
		for _, d := range f.Diagnostics {
			if Lost(d) {
				loss.Syntax = append(loss.Syntax, d)
			}
		}
		for _, d := range diags {
			if d.Critical && d.Fix != nil {
				loss.Check = append(loss.Check, d)
			}
		}
		if len(loss.Syntax)+len(loss.Check) > 0 {
			return nil, nil, nil, &loss
		}
	}
	out, changes = Fix(f, opts)
	for _, d := range diags {
		if d.Fix == nil {
			unfixed = append(unfixed, d)
		}
	}
	return out, changes, unfixed, nil
}
