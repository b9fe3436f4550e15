package formats

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/syntax"
)

// Format names a file format of game records.
type Format uint8

// The formats Sniff tells apart. UGF covers both of PandaNet's extensions,
// .ugf and .ugi: they are one format.
const (
	Unknown Format = iota
	SGF            // Smart Game Format: read by package sgf, not here
	GIB            // Tygem's .gib
	NGF            // WBaduk's (Cyberoro, Oro) .ngf
	UGF            // PandaNet's .ugf and .ugi
)

var formatNames = [...]struct{ short, long string }{
	Unknown: {"unknown", "an unknown format"},
	SGF:     {"sgf", "SGF"},
	GIB:     {"gib", "Tygem GIB"},
	NGF:     {"ngf", "WBaduk NGF"},
	UGF:     {"ugf", "PandaNet UGF"},
}

// String returns the short name of f: "sgf", "gib", "ngf", "ugf".
func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f].short
	}
	return fmt.Sprintf("Format(%d)", uint8(f))
}

// Name returns the name of f for people: "Tygem GIB", "WBaduk NGF", ...
func (f Format) Name() string {
	if int(f) < len(formatNames) {
		return formatNames[f].long
	}
	return f.String()
}

// ParseFormat reads a format's short name, in any case: "sgf", "gib",
// "ngf", "ugf" (or "ugi", the same format).
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(s) {
	case "sgf":
		return SGF, nil
	case "gib":
		return GIB, nil
	case "ngf":
		return NGF, nil
	case "ugf", "ugi":
		return UGF, nil
	}
	return Unknown, fmt.Errorf("unknown format %q (want sgf, gib, ngf or ugf)", s)
}

// ByExtension returns the format a file name's extension stands for
// (.sgf, .gib, .ngf, .ugf, .ugi, in any case), or Unknown.
func ByExtension(name string) Format {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".sgf":
		return SGF
	case ".gib":
		return GIB
	case ".ngf":
		return NGF
	case ".ugf", ".ugi":
		return UGF
	}
	return Unknown
}

// Sniff says which format src is in, by its content alone: GIB for a
// "\HS" header (or "\[KEY=value\]" lines), UGF for a "[Header]" section
// (after "#" comment lines), SGF for a game tree "(;", NGF for the twelve
// header lines with numbers where NGF has them (size, handicap, komi,
// minutes, moves). It returns Unknown when none fits.
func Sniff(src []byte) Format {
	src = bytes.TrimPrefix(src, utf8BOM)
	head := src
	if len(head) > 4096 {
		head = head[:4096]
	}
	first := ""
	for _, l := range bytes.Split(head, []byte("\n")) {
		l = bytes.TrimSpace(l)
		if len(l) == 0 || l[0] == '#' {
			continue
		}
		first = string(l)
		break
	}
	switch {
	case first == `\HS` || strings.HasPrefix(first, `\[`):
		return GIB
	case strings.EqualFold(first, "[Header]"):
		return UGF
	}
	if i := bytes.IndexByte(head, '('); i >= 0 && bytes.HasPrefix(bytes.TrimLeft(head[i+1:], " \t\r\n"), []byte(";")) {
		return SGF
	}
	if looksNGF(head) {
		return NGF
	}
	return Unknown
}

// Detect is Sniff with the file name's extension as a hint: when the
// content fits no format, the extension decides (so that a damaged .gib is
// read as GIB and its faults reported).
func Detect(src []byte, name string) Format {
	if f := Sniff(src); f != Unknown {
		return f
	}
	return ByExtension(name)
}

var utf8BOM = []byte("\xEF\xBB\xBF")

// Options are the choices of Read. The zero value (or nil) detects the
// charset.
type Options struct {
	// Charset, when not empty, is the charset of the file's text (any
	// name charset.Lookup knows) instead of the detected one.
	Charset string
}

// Result is a game record read into SGF.
type Result struct {
	// Format is the format the file was read as.
	Format Format
	// SGF is the game as an FF[4] SGF file in UTF-8 (CA[UTF-8]): one game
	// tree, followed by one more for each diagram (.Fig) of a UGI file,
	// named by its GN. Header fields that no SGF property holds in full are kept in
	// the root's private property XH, one "KEY=value" value each.
	SGF []byte
	// Charset is the charset the file's text was read in and how it was
	// chosen: SourceOverride (Options.Charset) or SourceDetected, with
	// the detector's confidence and path.
	Charset sgf.CharsetInfo
	// Diagnostics are the faults and guesses of the reading, with their
	// line in the file read (codes S19 to S21, and nothing else).
	Diagnostics []syntax.Diagnostic
}

// Collection parses r.SGF into the typed view.
func (r *Result) Collection() (*sgf.Collection, error) { return sgf.Parse(r.SGF) }

// ErrFormat is wrapped by the error of Read for an input that is not in
// the format it is read as.
var ErrFormat = errors.New("not a game record of this format")

// Error is the error of Read: a fatal diagnostic (S21) of the format f.
type Error struct {
	Format Format
	syntax.Diagnostic
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s: %s", e.Diagnostic.Position, e.Message)
}

// Unwrap returns ErrFormat.
func (e *Error) Unwrap() error { return ErrFormat }

// Read reads src, a file of the format f (GIB, NGF or UGF; see Detect),
// into SGF. It is tolerant: a damaged file gives what could be read and a
// diagnostic for each fault, with its line. The error is non-nil only for
// an unusable Options.Charset, a format this package does not read, or an
// input that is not a file of the format at all (a *Error wrapping
// ErrFormat); then the Result is nil.
func Read(src []byte, f Format, opts *Options) (*Result, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	var parse func(*reader)
	switch f {
	case GIB:
		parse = readGIB
	case NGF:
		parse = readNGF
	case UGF:
		parse = readUGF
	default:
		return nil, fmt.Errorf("formats: cannot read %s", f.Name())
	}
	r, err := newReader(src, f, o)
	if err != nil {
		return nil, err
	}
	parse(r)
	slices.SortStableFunc(r.diags, func(a, b syntax.Diagnostic) int { return a.Line - b.Line })
	if r.fatal != nil {
		return nil, r.fatal
	}
	return &Result{Format: f, SGF: r.g.appendSGF(nil), Charset: r.cs, Diagnostics: r.diags}, nil
}

// A line is one line of the file, decoded to UTF-8, with its number (from
// 1) and the offset of its first byte in the file.
type line struct {
	text   string
	num    int
	offset int
}

// reader holds the state of one reading: the lines, the game being built
// and the diagnostics.
type reader struct {
	format Format
	lines  []line
	cs     sgf.CharsetInfo
	g      *game
	diags  []syntax.Diagnostic
	fatal  *Error
}

func newReader(src []byte, f Format, o Options) (*reader, error) {
	r := &reader{format: f, g: &game{size: 19}}
	bom := 0
	if bytes.HasPrefix(src, utf8BOM) {
		bom = len(utf8BOM)
	}
	raw := splitLines(src, bom)
	if o.Charset != "" {
		cs, err := charset.Lookup(o.Charset)
		if err != nil {
			return nil, err
		}
		r.cs = sgf.CharsetInfo{Charset: cs, Name: cs.Name(), Source: sgf.SourceOverride, Confidence: 1}
	} else {
		var texts [][]byte
		for _, l := range raw {
			if !asciiOnly(l.b) {
				texts = append(texts, l.b)
			}
		}
		d := charset.Detect(texts)
		if bom > 0 {
			d = charset.Detection{Charset: charset.UTF8, Confidence: 1, Path: "utf-8 byte order mark"}
		}
		r.cs = sgf.CharsetInfo{Charset: d.Charset, Name: d.Charset.Name(), Source: sgf.SourceDetected, Confidence: d.Confidence, Detail: d.Path}
	}
	r.lines = make([]line, len(raw))
	for i, l := range raw {
		text := string(l.b)
		if !asciiOnly(l.b) {
			var faults []charset.Fault
			text, faults = charset.Decode(r.cs.Charset, l.b)
			if len(faults) > 0 {
				r.diag(line{num: i + 1, offset: l.offset}, syntax.CodeImportGuess, syntax.Warning, true,
					fmt.Sprintf("%d byte sequence(s) are not %s: read as U+FFFD", len(faults), r.cs.Name))
			}
		}
		r.lines[i] = line{text: text, num: i + 1, offset: l.offset}
	}
	return r, nil
}

type rawLine struct {
	b      []byte
	offset int
}

// splitLines splits src at LF, CRLF and lone CR, from the offset start.
// A NUL byte ends a line's text (GIB files end in one).
func splitLines(src []byte, start int) []rawLine {
	var out []rawLine
	i := start
	for i < len(src) {
		j := i
		for j < len(src) && src[j] != '\n' && src[j] != '\r' {
			j++
		}
		b := src[i:j]
		if k := bytes.IndexByte(b, 0); k >= 0 {
			b = b[:k]
		}
		out = append(out, rawLine{b: b, offset: i})
		if j < len(src) && src[j] == '\r' && j+1 < len(src) && src[j+1] == '\n' {
			j++
		}
		i = j + 1
	}
	return out
}

func asciiOnly(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

// diag records a diagnostic at the start of line l.
func (r *reader) diag(l line, code syntax.Code, sev syntax.Severity, critical bool, msg string) {
	r.diags = append(r.diags, syntax.Diagnostic{
		Code: code, Severity: sev, Critical: critical,
		Position: syntax.Position{Offset: int64(l.offset), Line: l.num, Column: 1},
		Tree:     0, Node: 0, Message: msg,
	})
}

// guess records a field read by a guess (S19, warning).
func (r *reader) guess(l line, format string, args ...any) {
	r.diag(l, syntax.CodeImportGuess, syntax.Warning, false, fmt.Sprintf(format, args...))
}

// unread records a line that could not be read (S20, error).
func (r *reader) unread(l line, format string, args ...any) {
	r.diag(l, syntax.CodeImportUnread, syntax.Error, true, fmt.Sprintf(format, args...))
}

// notFormat stops the reading: the input is not of the format (S21).
func (r *reader) notFormat(l line, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	d := syntax.Diagnostic{Code: syntax.CodeImportFormat, Severity: syntax.Fatal, Critical: true,
		Position: syntax.Position{Offset: int64(l.offset), Line: l.num, Column: 1}, Tree: -1, Node: -1,
		Message: fmt.Sprintf("not a %s file: %s", r.format.Name(), msg)}
	if l.num == 0 {
		d.Position = syntax.Position{Line: 1, Column: 1}
	}
	r.fatal = &Error{Format: r.format, Diagnostic: d}
}

// lastLine is the line after the last one, for faults at the end of input.
func (r *reader) lastLine() line {
	if len(r.lines) == 0 {
		return line{num: 1}
	}
	l := r.lines[len(r.lines)-1]
	return line{num: l.num, offset: l.offset + len(l.text)}
}
