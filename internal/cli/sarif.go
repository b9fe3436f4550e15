package cli

import (
	"encoding/json"
	"io"
	"net/url"
	"path/filepath"
	"slices"
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
type sarifLog struct {
	results       []sarifResult
	notifications []sarifNotification
	failed        bool
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
		res := sarifResult{RuleID: d.Code.String(), RuleIndex: slices.Index(allCodes, d.Code), Level: sarifLevel(d), Message: sarifMessage{Text: d.Message}}
		if d.Critical {
			res.Message.Text += " (critical)"
		}
		rl := loc
		line, col := max(d.Line, 1), 1
		if d.Line > 0 {
			col = codePointColumn(r.src, d)
		}
		rl.PhysicalLocation.Region = &sarifRegion{StartLine: line, StartColumn: col, ByteOffset: max(d.Offset, 0)}
		res.Locations = []sarifLocation{rl}
		res.Props = &sarifResProps{Critical: d.Critical, Tree: d.Tree, Node: d.Node, Property: d.Property}
		l.results = append(l.results, res)
	}
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
	results := l.results
	if results == nil {
		results = []sarifResult{}
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
			"results": results,
		}},
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	enc.Encode(log)
}
