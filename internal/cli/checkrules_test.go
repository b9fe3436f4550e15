package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var sgfcMessage = regexp.MustCompile(`^(?:Line:(\d+) Col:(\d+) - )?(Warning|Error|Fatal error) (\d+)`)

// TestSGFCConformanceCLI checks that the conformance results of package
// check hold through "sgf check": every message SGFC prints for its test
// files (each run its README lists, with the flags of its options, and
// test.sgf without options) is found among the JSON Lines of sgf check, by
// SGFC message number and line.
func TestSGFCConformanceCLI(t *testing.T) {
	dir := filepath.Join("..", "..", "check", "testdata", "sgfc")
	tests := []struct {
		sgf, output string
		flags       []string
	}{
		{"test.sgf", "test-output.txt", nil},
		{"strict.sgf", "strict-output.txt", []string{"--strict"}},
		{"escaping.sgf", "escaping-output.txt", nil},
		// SGFC's other runs of its README, with the flags of its options
		// (README: SGFC's options): every message SGFC prints for them is
		// reachable from the command line (issue 12, item 6).
		{"test.sgf", "test-roun-output.txt", []string{"--strict", "--delete-obsolete", "--delete-unknown", "--empty-nodes"}},
		{"reorder.sgf", "reorder-output.txt", []string{"--variations"}},
		{"reorder.sgf", "reorder-z-output.txt", []string{"--variations", "--reverse-variations"}},
		{"mixed-encoding.sgf", "mixed-encoding-output.txt", nil},
	}
	for _, tc := range tests {
		t.Run(tc.sgf+" "+strings.Join(tc.flags, " "), func(t *testing.T) {
			want, err := os.ReadFile(filepath.Join(dir, tc.output))
			if err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			args := append([]string{"check", "--jsonl"}, tc.flags...)
			args = append(args, filepath.Join(dir, tc.sgf))
			if code := Main(args, strings.NewReader(""), &stdout, &stderr); code == exitFailure {
				t.Fatalf("exit %d: %s", code, stderr.String())
			}
			type diag struct {
				SGFC, Line int
				Code       string
				used       bool
			}
			var got []diag
			dec := json.NewDecoder(&stdout)
			for dec.More() {
				var d diag
				if err := dec.Decode(&d); err != nil {
					t.Fatal(err)
				}
				got = append(got, d)
			}
			n := 0
			sc := bufio.NewScanner(bytes.NewReader(want))
			for sc.Scan() {
				m := sgfcMessage.FindStringSubmatch(sc.Text())
				if m == nil {
					continue
				}
				n++
				line, _ := strconv.Atoi(m[1])
				num, _ := strconv.Atoi(m[4])
				ok := false
				for i := range got {
					g := &got[i]
					if !g.used && g.SGFC == num && (line == 0 || g.Line == line) {
						g.used, ok = true, true
						break
					}
				}
				if !ok {
					t.Errorf("SGFC message not found in sgf check's output: %s", sc.Text())
				}
			}
			if n == 0 {
				t.Fatal("no expected messages read")
			}
		})
	}
}
