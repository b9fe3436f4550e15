package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"github.com/sgf-toolkit/sgf/charset"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sgf-toolkit/sgf/diag"
	"github.com/sgf-toolkit/sgf/syntax"
)

// sarifLog collects the results of "sgf check --sarif": one SARIF 2.1.0
// log with one run, whose tool lists every rule (syntax S.., rules C..)
// with its documentation, and one result per diagnostic with the file and
// the line and column of its start. SARIF counts columns in Unicode code
// points here (run.columnKind), so the byte columns of the text output are
// converted; the byte offset is given too (region.byteOffset). Files that
// could not be read are tool execution notifications.
//
// The shape follows the OASIS SARIF 2.1.0 standard, the format that code
// scanning services (GitHub, GitLab, Azure DevOps) read.
//
// The results are not held: each is written as the log will show it, to
// a spool (spoolWriter) that write copies into the log, so that memory is
// bounded by the notifications, not by the results (the 1 GB benchmark
// collection has millions). Those of an input read tree by tree wait in a
// spool of their own until the input ends (columns); their columns are
// counted in the text of their tree (addPart), and only those that text
// does not give wait in bytes for a second reading of the input.
type sarifLog struct {
	results       spoolWriter // the results written, each after ",\n" but the first
	n             int         // results written
	notifications []sarifNotification
	failed        bool
	part          spoolWriter   // the results of the input read tree by tree
	pending       []sarifColumn // of those, the ones whose columns are in bytes
	// Of the input read tree by tree: the offset of the next tree's text
	// (at), and the line the text before it ends in: the offset of its
	// start (lineStart; -1 when not known) and its characters before at
	// (lineRunes).
	at, lineStart, lineRunes int64
	// how the input read tree by tree was decoded, when wide
	// (check.Reader.Wide): columns reads it again so
	wide   charset.Detection
	isWide bool
}

// sarifResultsIndent is the indentation of a result in the log (write).
const sarifResultsIndent = "    "

// sarifColumnTBD is the column a result waiting for its column is
// written with, to be replaced: no text of a result can hold it, as the
// quotes of a JSON string's text are escaped.
const sarifColumnTBD = `"startColumn":-1,`

// marshalSarifResult returns res in JSON on one line (compact: it has no
// line break unescaped), as the log writes it but for the indentation
// (indentSarifResult).
func marshalSarifResult(res sarifResult) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(res)
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// indentSarifResult returns a result of marshalSarifResult indented as
// the log writes it (write).
func indentSarifResult(compact []byte) []byte {
	var b bytes.Buffer
	json.Indent(&b, compact, sarifResultsIndent, " ")
	return b.Bytes()
}

// appendResult appends the result as write writes it.
func (l *sarifLog) appendResult(b []byte) {
	if l.n > 0 {
		l.results.Write([]byte(",\n" + sarifResultsIndent))
	}
	l.results.Write(b)
	l.n++
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
	Props     *sarifResProps  `json:"properties,omitempty"`
}

type sarifResProps struct {
	Critical bool   `json:"critical"`
	Tree     int    `json:"tree"`
	Node     int    `json:"node"`
	Property string `json:"property,omitempty"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine   int   `json:"startLine"`
	StartColumn int   `json:"startColumn"`
	ByteOffset  int64 `json:"byteOffset"`
}

type sarifNotification struct {
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
}

// sarifURI turns a path into a relative URI reference (forward slashes,
// escaped), as SARIF's artifactLocation.uri wants.
func sarifURI(name string) string {
	if name == "-" {
		return "stdin"
	}
	u := url.URL{Path: filepath.ToSlash(name)}
	return u.EscapedPath()
}

func sarifLevel(d diag.Diagnostic) string {
	if d.Severity >= syntax.Error {
		return "error"
	}
	return "warning"
}

// codePointColumn converts the byte column of d to a column in code points
// of src (the text checked).
func codePointColumn(src []byte, d diag.Diagnostic) int {
	start := d.Offset - int64(d.Column-1)
	if d.Column < 1 || start < 0 || d.Offset > int64(len(src)) {
		return d.Column
	}
	return utf8.RuneCount(src[start:d.Offset]) + 1
}

func (l *sarifLog) add(name string, r checkResult) {
	loc := sarifLocation{PhysicalLocation: sarifPhysical{ArtifactLocation: sarifArtifact{URI: sarifURI(name)}}}
	if r.err != nil {
		l.failed = true
		l.notifications = append(l.notifications, sarifNotification{Level: "error",
			Message: sarifMessage{Text: name + ": " + describeError(r.err)}, Locations: []sarifLocation{loc}})
		return
	}
	for _, d := range r.diags {
		col := 1
		if d.Line > 0 {
			col = codePointColumn(r.src, d)
		}
		l.appendResult(indentSarifResult(marshalSarifResult(sarifResultOf(loc, d, col))))
	}
}

// sarifResultOf returns the result of d at loc, in column col.
func sarifResultOf(loc sarifLocation, d diag.Diagnostic, col int) sarifResult {
	res := sarifResult{RuleID: d.Code.String(), RuleIndex: slices.Index(allCodes, d.Code), Level: sarifLevel(d), Message: sarifMessage{Text: d.Message}}
	if d.Critical {
		res.Message.Text += " (critical)"
	}
	loc.PhysicalLocation.Region = &sarifRegion{StartLine: max(d.Line, 1), StartColumn: col, ByteOffset: max(d.Offset, 0)}
	res.Locations = []sarifLocation{loc}
	res.Props = &sarifResProps{Critical: d.Critical, Tree: d.Tree, Node: d.Node, Property: d.Property}
	return res
}

// sarifColumn is a result of an input read tree by tree whose column is
// still in bytes: columns converts it to code points, reading the input
// again, as codePointColumn does with the whole text.
type sarifColumn struct {
	start int64 // the offset of the start of its line
	off   int64 // its offset
}

// beginPart starts an input read tree by tree (addPart).
func (l *sarifLog) beginPart() {
	l.at, l.lineStart, l.lineRunes = 0, 0, 0
}

// addPart adds the results of the diagnostics ds of the input name, read
// tree by tree and not held whole: src is the text of their tree as read
// (the text in front of it and the tree; the trees of the input are given
// in order, each with its text), or nil for none. A column is counted in
// code points in src (and the line's characters before it), as columns
// counts it in the whole input; one src does not give (a line that starts
// before the text of the tree before, an offset outside src) waits in
// bytes for columns.
func (l *sarifLog) addPart(name string, ds diag.List, src []byte) {
	loc := sarifLocation{PhysicalLocation: sarifPhysical{ArtifactLocation: sarifArtifact{URI: sarifURI(name)}}}
	base, end := l.at, l.at+int64(len(src))
	// Characters are decoded from the start of src as from the start of
	// the input: src starts after a tree's ")" (or at the start), and it
	// must end in ASCII, where no character of the input runs on.
	known := len(src) > 0 && src[len(src)-1] < utf8.RuneSelf
	var atStart, atOff runeCursor
	for _, d := range ds {
		col := 1
		if d.Line > 0 {
			col = d.Column
			if start := d.Offset - int64(d.Column-1); d.Column >= 1 && start >= 0 {
				switch {
				case !known || d.Offset < base || d.Offset > end || start < base && start != l.lineStart:
					l.pending = append(l.pending, sarifColumn{start, d.Offset})
					col = -1 // sarifColumnTBD
				case start < base:
					col = int(l.lineRunes+atOff.before(src, d.Offset-base)) + 1
				default:
					col = int(atOff.before(src, d.Offset-base)-atStart.before(src, start-base)) + 1
				}
			}
		}
		// One result a line of the spool.
		l.part.Write(append(marshalSarifResult(sarifResultOf(loc, d, col)), '\n'))
	}
	// The line the text ends in, for the trees after it.
	rest := src
	if k := bytes.LastIndexAny(src, "\r\n"); k >= 0 {
		l.lineStart, l.lineRunes = base+int64(k)+1, 0
		rest = src[k+1:]
	}
	l.lineRunes += int64(utf8.RuneCount(rest))
	if !known {
		l.lineStart = -1
	}
	l.at = end
}

// runeCursor counts the UTF-8 characters of a text that start before an
// offset (as runesBefore, decoding from the start of the text), moving on
// from the last offset asked for: offsets asked for in order cost one
// pass over the text.
type runeCursor struct {
	pos  int64 // the offset reached: the end of a character
	last int64 // the start of the last character counted, -1 for none
	n    int64 // the characters before pos
}

func (c *runeCursor) before(src []byte, off int64) int64 {
	if off <= c.last || c.pos == 0 {
		*c = runeCursor{last: -1}
	}
	for c.pos < off {
		c.last = c.pos
		if src[c.pos] < utf8.RuneSelf {
			c.pos++
		} else {
			_, size := utf8.DecodeRune(src[c.pos:])
			c.pos += int64(size)
		}
		c.n++
	}
	return c.n
}

// columns converts the columns of the results addPart added for the
// regular file name to code points, reading it again: the code points
// between the start of a result's line and its offset, plus one. A
// result past the end of the file keeps its byte column, as
// codePointColumn keeps it.
func (l *sarifLog) columns(name string) error {
	pending := l.pending
	l.pending = l.pending[:0]
	defer l.part.remove()
	var counts, points []int64
	size := int64(-1)
	if len(pending) > 0 {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		defer f.Close()
		points = make([]int64, 0, 2*len(pending))
		for _, p := range pending {
			points = append(points, p.start, p.off)
		}
		slices.Sort(points)
		points = slices.Compact(points)
		text := decodedText(f, l.wide, l.isWide)
		if counts, size, err = runesBefore(text, points); err != nil {
			return err
		}
	}
	// The results of the input, in order, their columns filled in.
	text, err := l.part.reader()
	if err != nil {
		return err
	}
	br := bufio.NewReaderSize(text, 64<<10)
	k := 0
	for {
		line, err := br.ReadBytes('\n')
		if len(line) == 0 {
			if err != nil && err != io.EOF {
				return err
			}
			break
		}
		res := bytes.TrimSuffix(line, []byte("\n"))
		if i := bytes.Index(res, []byte(sarifColumnTBD)); i >= 0 && k < len(pending) {
			p := pending[k]
			k++
			col := p.off - p.start + 1 // the byte column
			if p.off <= size {
				a, _ := slices.BinarySearch(points, p.start)
				b, _ := slices.BinarySearch(points, p.off)
				col = counts[b] - counts[a] + 1
			}
			res = slices.Concat(res[:i], []byte(`"startColumn":`+strconv.FormatInt(col, 10)+","), res[i+len(sarifColumnTBD):])
		}
		l.appendResult(indentSarifResult(res))
	}
	return nil
}

// decodedText returns the text of the file f whose offsets the results
// of sgf check have: f itself, or, when its reading decoded it as wide (d,
// as check.Reader.Wide reports it: UTF-16, UTF-32 or ISO-2022-JP), its
// text decoded so as it is read (charset.WideReader), without a second
// look at its bytes.
func decodedText(f *os.File, d charset.Detection, wide bool) io.Reader {
	br := bufio.NewReaderSize(f, 64<<10)
	if !wide {
		return br
	}
	return charset.NewWideReader(br, d)
}

// runesBefore reads r to its end and returns, for each of the sorted
// offsets points, the number of UTF-8 characters that start before it
// (as utf8.RuneCount counts them: a byte that starts none counts as one),
// and the size of r.
func runesBefore(r io.Reader, points []int64) ([]int64, int64, error) {
	counts := make([]int64, len(points))
	buf := make([]byte, 64<<10)
	var pos, n int64 // the offset of buf[0]; the characters before it
	carry, k := 0, 0
	for eof := false; !eof; {
		m, err := io.ReadFull(r, buf[carry:])
		switch err {
		case nil:
		case io.EOF, io.ErrUnexpectedEOF:
			eof = true
		default:
			return nil, 0, err
		}
		b := buf[:carry+m]
		i := 0
		for i < len(b) {
			for k < len(points) && points[k] <= pos+int64(i) {
				counts[k] = n
				k++
			}
			if b[i] < utf8.RuneSelf {
				i++
			} else if eof || utf8.FullRune(b[i:]) {
				_, size := utf8.DecodeRune(b[i:])
				i += size
			} else {
				break // the rest of the character is still to be read
			}
			n++
		}
		carry = copy(buf, b[i:])
		pos += int64(i)
	}
	for ; k < len(points); k++ {
		counts[k] = n
	}
	return counts, pos, nil
}

type sarifRule struct {
	ID               string         `json:"id"`
	Name             string         `json:"name"`
	ShortDescription sarifMessage   `json:"shortDescription"`
	FullDescription  sarifMessage   `json:"fullDescription"`
	Help             sarifMessage   `json:"help"`
	Properties       map[string]any `json:"properties,omitempty"`
}

func (l *sarifLog) write(w io.Writer) {
	var rules []sarifRule
	for _, c := range allCodes {
		r := sarifRule{ID: c.String(), Name: c.Name(), ShortDescription: sarifMessage{firstSentence(c.Doc())},
			FullDescription: sarifMessage{c.Doc()}, Help: sarifMessage{"sgf check --explain " + c.String()}}
		if c.SGFC() != 0 {
			r.Properties = map[string]any{"sgfc": c.SGFC()}
		}
		rules = append(rules, r)
	}
	notes := l.notifications
	if notes == nil {
		notes = []sarifNotification{}
	}
	log := map[string]any{
		"$schema": "https://json.schemastore.org/sarif-2.1.0.json",
		"version": "2.1.0",
		"runs": []any{map[string]any{
			"tool": map[string]any{"driver": map[string]any{
				"name":           "sgf",
				"fullName":       "sgf check",
				"version":        strings.TrimPrefix(strings.Fields(versionLine() + " x x")[1], "v"),
				"informationUri": "https://github.com/sgf-toolkit/sgf",
				"rules":          rules,
			}},
			"columnKind": "unicodeCodePoints",
			"invocations": []any{map[string]any{
				"executionSuccessful":        !l.failed,
				"toolExecutionNotifications": notes,
			}},
			"results": json.RawMessage("[]"),
		}},
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	enc.Encode(log)
	// The results, from their spool, where the log has none: the only
	// place a line break is followed by that text, as a JSON string
	// escapes line breaks.
	const at = "\n   \"results\": []"
	head, tail, _ := bytes.Cut(b.Bytes(), []byte(at))
	w.Write(head)
	if l.n == 0 {
		io.WriteString(w, at)
	} else {
		io.WriteString(w, at[:len(at)-1]+"\n"+sarifResultsIndent)
		l.results.writeTo(w)
		io.WriteString(w, "\n   ]")
	}
	w.Write(tail)
	l.results.remove()
}
