package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// FuzzCheckJSON feeds any input to "sgf check --json -" and "sgf json -":
// they must not fail as if the input could not be read, and their output
// must be valid JSON whatever bytes the input holds.
func FuzzCheckJSON(f *testing.F) {
	for _, s := range []string{
		"", "(;)", "(;B[aa]())", "(;C[\xff\xfe]XX[\x00])", "((;", "(;B[aa", "x]\\", "(;A(;B) ;C)",
		"\xef\xbb\xbf(;CA[UTF-8]C[é])", "(;CA[Shift_JIS]C[\x83\x5d])",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, cmd := range [][]string{{"check", "--json", "--jobs", "1", "-"}, {"json", "-"}} {
			var stdout, stderr bytes.Buffer
			code := Main(cmd, bytes.NewReader(src), &stdout, &stderr)
			if code != exitOK && code != exitProblems {
				t.Fatalf("%s: exit status %d\n%s", strings.Join(cmd, " "), code, stderr.String())
			}
			if !json.Valid(stdout.Bytes()) {
				t.Fatalf("%s: output is not JSON:\n%s", strings.Join(cmd, " "), stdout.String())
			}
		}
	})
}
