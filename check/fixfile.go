package check

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/convert"
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

// ErrBinaryData is returned by FixFile for an input that is binary data
// (NUL bytes before any game tree: syntax.BinaryData, its message). It is an
// ErrNoGameTree too (errors.Is).
var ErrBinaryData error = binaryData{}

type binaryData struct{}

func (binaryData) Error() string        { return syntax.BinaryData }
func (binaryData) Is(target error) bool { return target == ErrNoGameTree }

// FixFile runs in one call the whole pipeline of sgf fix on the bytes of
// one SGF file, and returns what sgf fix would write:
//
//  1. a UTF-16 or UTF-32 file is decoded to UTF-8 (sgf.Collection.Wide; a
//     Change of code CodeWideEncoding, Tree and Node -1, says so);
//  2. the file is read as the typed view reads it (sgf.ReadBytes with
//     opts.Read: each game tree split in the two-byte characters of its
//     charset) and checked (Check with opts.Options);
//  3. when a fix would lose information and opts.Critical is not set,
//     nothing is fixed: the error is a *LossError wrapping ErrLossy that
//     lists the problems;
//  4. the fixes are applied (Fix), and the text is converted from each
//     game's charset (CA, detection, or opts.Read.Charset) to UTF-8 with
//     CA[UTF-8] and FF[4] (package convert; those changes have Convert
//     set). A conversion that fails is its *convert.Error;
//  5. a file with nothing to change is returned byte for byte as it was,
//     with no changes; a changed file is written in the layout of sgf fmt.
//
// changes lists every change made, each once, and only where bytes
// change. unfixed holds the diagnostics of the input that have no fix,
// whose faults remain in the output. An input without a game tree is
// ErrNoGameTree.
func FixFile(src []byte, opts FixOptions) (out []byte, changes []Change, unfixed []Diagnostic, err error) {
	orig := src
	var ro sgf.ReadOptions
	if opts.Read != nil {
		ro = *opts.Read
	}
	conv := convert.Options{Charset: ro.Charset, Syntax: ro.Syntax}
	rd, _ := readAsTyped(src, &ro)
	if rd.wide != nil {
		changes = append(changes, Change{Code: CodeWideEncoding, Tree: -1, Node: -1, Message: "decoded from " + rd.wide.Charset.Name() + " to UTF-8"})
		if conv.Charset == "" {
			conv.Charset = "UTF-8"
		}
	}
	f := rd.f
	if opts.TreeCharset == nil {
		opts.TreeCharset = rd.treeCS
	}
	if len(f.Trees) == 0 {
		if slices.ContainsFunc(f.Diagnostics, syntax.IsBinaryData) {
			return nil, nil, nil, ErrBinaryData
		}
		return nil, nil, nil, ErrNoGameTree
	}
	diags := Check(f, opts.Options)
	if !opts.Critical {
		if loss := lossIn(f.Diagnostics, diags); len(loss.Syntax)+len(loss.Check) > 0 {
			return nil, nil, nil, &loss
		}
	}
	fixed, fixes := Fix(f, opts)
	if cs := opts.TreeCharset; cs != nil {
		// Fix's changes hold the bytes of each tree's charset: they are
		// given decoded, as convert's are.
		for i := range fixes {
			c := &fixes[i]
			c.Before, c.After, c.Message = decodeIn(cs, c.Tree, c.Before), decodeIn(cs, c.Tree, c.After), decodeIn(cs, c.Tree, c.Message)
		}
	}
	changes = append(changes, fixes...)
	converted, convs, err := convert.Convert(fixed, conv)
	if err != nil && converted == nil {
		return nil, nil, nil, err
	}
	for _, c := range convs {
		if c.Code == convert.CodeFF && c.Before == "" && setsFF(changes) {
			// Fix set FF already: said once.
			continue
		}
		changes = append(changes, Change{Convert: c.Code, Tree: c.Tree, Node: c.Node,
			Property: c.Property, Before: c.Before, After: c.After, Message: c.Message})
	}
	// A change only where the bytes change: notes that a value was kept
	// as written (TC[3] -> TC[3]) are not changes.
	changes = slices.DeleteFunc(changes, func(c Change) bool { return c.Before != "" && c.Before == c.After })
	for _, d := range diags {
		if d.Fix == nil {
			unfixed = append(unfixed, d)
		}
	}
	if len(changes) == 0 {
		// Nothing to fix: the file stays byte for byte as it is.
		return orig, nil, unfixed, nil
	}
	return fmtLayout(converted), changes, unfixed, nil
}

// lossIn returns the problems a fix would lose information for: the
// syntax diagnostics that Lost says so of, and the rule diagnostics that
// are critical and have a fix.
func lossIn(syn []syntax.Diagnostic, rules []Diagnostic) (loss LossError) {
	for _, d := range syn {
		if Lost(d) {
			loss.Syntax = append(loss.Syntax, d)
		}
	}
	for _, d := range rules {
		if d.Critical && d.Fix != nil {
			loss.Check = append(loss.Check, d)
		}
	}
	return loss
}

// decodeIn decodes s, bytes of game tree tree, from the charset cs gives.
func decodeIn(cs func(int) charset.Charset, tree int, s string) string {
	if isASCII(s) {
		return s
	}
	d, _ := charset.Decode(cs(tree), []byte(s))
	return d
}

func setsFF(cs []Change) bool {
	for _, c := range cs {
		if c.Property == "FF" {
			return true
		}
	}
	return false
}

// fmtLayout returns src in the layout of sgf fmt, or src itself when its
// parse has a critical problem (formatting would leave out what the parser
// ignored) or a game reads in other characters than a plain parse.
func fmtLayout(src []byte) []byte {
	if out, ok := fmtLayoutOK(src); ok {
		return out
	}
	return src
}

// fmtLayoutOK returns src in the layout of sgf fmt, or false when
// fmtLayout leaves it as it is.
func fmtLayoutOK(src []byte) ([]byte, bool) {
	c, err := sgf.ReadBytes(src, nil)
	if c == nil || err != nil {
		return nil, false
	}
	f := c.File()
	for _, d := range f.Diagnostics {
		if d.Critical {
			return nil, false
		}
	}
	if c.Len() != len(f.Trees) {
		return nil, false
	}
	for i, g := range c.Games() {
		if g.Tree().LeadBytes() != f.Trees[i].LeadBytes() || g.Charset().Transcoded {
			return nil, false
		}
	}
	return syntax.FormatWith(f, syntax.FormatOptions{KeepEscapes: c.CharsetUnsure}), true
}

// typedReading is a file read as the typed view reads it (readAsTyped).
type typedReading struct {
	f *syntax.File
	// treeCS gives the charset of each tree (Collection.SyntaxCharset),
	// for Options.TreeCharset; nil when the typed view could not read
	// the file.
	treeCS func(int) charset.Charset
	// wide is set for a file decoded to UTF-8 as a whole before it was
	// parsed (Collection.Wide): its detection, and the sequences that
	// did not decode.
	wide   *charset.Detection
	faults int
	// text is what the positions of f refer to: the input, or the
	// UTF-8 text of a wide one.
	text []byte
}

// c47 returns the diagnostic of a wide file (C47), or false.
func (r *typedReading) c47() (Diagnostic, bool) {
	if r.wide == nil {
		return Diagnostic{}, false
	}
	return wideDiagnostic(*r.wide, r.faults), true
}

// readAsTyped parses src as the typed view reads it (Collection.SyntaxFile:
// a wide file decoded to UTF-8, each game tree split in the two-byte
// characters of its charset), or with the syntax layer alone when the
// typed view cannot read it. The error is the parse's (a
// *syntax.ParseError for a fatal problem).
func readAsTyped(src []byte, ro *sgf.ReadOptions) (typedReading, error) {
	c, err := sgf.ReadBytes(src, ro)
	if c != nil && c.SyntaxFile() != nil {
		r := typedReading{f: c.SyntaxFile(), treeCS: c.SyntaxCharset, text: src}
		if d, ok := c.Wide(); ok {
			r.wide, r.faults, r.text = &d, c.WideFaults(), c.File().Src
		}
		return r, err
	}
	var r typedReading
	if text, d, faults, ok := charset.DecodeWide(src); ok {
		src, r.wide, r.faults = text, &d, faults
	}
	so := ro.Syntax
	if so.TreeLeadBytes == nil && !so.ForceLeadBytes {
		so.TreeLeadBytes = sgf.LeadBytesOfCA
	}
	r.text = src
	r.f, err = syntax.Parse(src, &so)
	return r, err
}
