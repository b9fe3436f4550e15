package check

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/sgf-toolkit/sgf/syntax"
)

// expected is one message of an SGFC output capture.
type expected struct {
	line int // 0 when SGFC prints no position
	num  int
	sev  syntax.Severity
	text string
}

var sgfcMessage = regexp.MustCompile(`^(?:Line:(\d+) Col:(\d+) - )?(Warning|Error|Fatal error) (\d+)`)

func readExpected(t *testing.T, name string) []expected {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "sgfc", name))
	if err != nil {
		t.Fatal(err)
	}
	var out []expected
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		m := sgfcMessage.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		e := expected{text: sc.Text()}
		e.line, _ = strconv.Atoi(m[1])
		e.num, _ = strconv.Atoi(m[4])
		e.sev = map[string]syntax.Severity{"Warning": syntax.Warning, "Error": syntax.Error, "Fatal error": syntax.Fatal}[m[3]]
		out = append(out, e)
	}
	return out
}

// found is one of our diagnostics, by SGFC number and line.
type found struct {
	line, num int
	sev       syntax.Severity
	check     bool // a check diagnostic (not syntax)
	text      string
	used      bool
}

func ourMessages(t *testing.T, name string, opts Options) []found {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", "sgfc", name))
	if err != nil {
		t.Fatal(err)
	}
	f, _ := syntax.Parse(src, caOpts)
	var out []found
	for _, d := range f.Diagnostics {
		out = append(out, found{line: d.Line, num: d.Code.SGFC(), sev: d.Severity, text: d.String()})
	}
	for _, d := range Check(f, opts) {
		out = append(out, found{line: d.Line, num: d.Code.SGFC(), sev: d.Severity, check: true, text: d.Code.String() + " " + d.String()})
	}
	return out
}

// knownMisses are SGFC messages that this package does not report, with
// the reason. Keys are "file:line:number".
var knownMisses = map[string]string{
	// SGFC's -u deletes unknown properties and says so with message 35;
	// we report 35 (kept) and have no -u: matched by number, not a miss.
}

// TestSGFCConformance checks that every message SGFC prints for its own
// test files is found among the syntax and check diagnostics, by SGFC
// message number and line (messages SGFC prints without a position are
// matched by number).
func TestSGFCConformance(t *testing.T) {
	tests := []struct {
		sgf, output string
		opts        Options
	}{
		{"test.sgf", "test-output.txt", Options{}},
		{"test.sgf", "test-roun-output.txt", Options{Strict: true, DeleteObsolete: true, EmptyNodes: true}},
		{"strict.sgf", "strict-output.txt", Options{Strict: true}},
		{"reorder.sgf", "reorder-output.txt", Options{Variations: true}},
		{"reorder.sgf", "reorder-z-output.txt", Options{Variations: true}},
		{"escaping.sgf", "escaping-output.txt", Options{}},
		{"mixed-encoding.sgf", "mixed-encoding-output.txt", Options{}},
	}
	for _, tc := range tests {
		t.Run(tc.output, func(t *testing.T) {
			want := readExpected(t, tc.output)
			if len(want) == 0 {
				t.Fatal("no expected messages read")
			}
			got := ourMessages(t, tc.sgf, tc.opts)
			matched := 0
			for _, w := range want {
				ok := false
				for i := range got {
					g := &got[i]
					if !g.used && g.num == w.num && (w.line == 0 || g.line == w.line) {
						g.used, ok = true, true
						if g.check && g.sev != w.sev {
							t.Errorf("severity %v, SGFC: %s", g.sev, w.text)
						}
						break
					}
				}
				if ok {
					matched++
					continue
				}
				key := fmt.Sprintf("%s:%d:%d", tc.sgf, w.line, w.num)
				if why, known := knownMisses[key]; known {
					t.Logf("known miss %s: %s", w.text, why)
					continue
				}
				t.Errorf("SGFC message not found: %s", w.text)
			}
			t.Logf("%d of %d SGFC messages matched", matched, len(want))
			if testing.Verbose() {
				for _, g := range got {
					if !g.used {
						t.Logf("extra: %d %s", g.num, g.text)
					}
				}
			}
		})
	}
}
