package check_test

import (
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/check"
	"github.com/sgf-toolkit/sgf/diag"
	"github.com/sgf-toolkit/sgf/syntax"
)

// TestAll: check.All gives the diagnostics of a file's bytes as sgf check
// prints them: the reading's (S..) and the rules' (C..) in one list by
// offset, without the duplicates sgf check leaves out (issue 19, Build:
// "syntax and rule diagnostics merged and de-duplicated as the command
// line prints them"; Check alone gives the rules' only).
func TestAll(t *testing.T) {
	lines := func(l diag.List) string {
		var b strings.Builder
		for _, d := range l {
			b.WriteString(d.String())
			b.WriteByte('\n')
		}
		return b.String()
	}
	u16 := []byte{0xFF, 0xFE}
	for _, r := range "(;FF[4]GM[1]SZ[19]KM[abc])" {
		u16 = append(u16, byte(r), byte(r>>8))
	}
	tests := []struct {
		name string
		src  string
		opts check.Options
		want string // as sgf check prints them, without the file name
	}{
		{"merged by offset", "(;FF[4]GM[1]SZ[19]KM[abc]C[hi];B[aa]Xy;W[bb]()(;b[cc]))", check.Options{},
			"1:21: error C15: game-info property <KM> has an illegal format (not corrected) - value: [abc]\n" +
				"1:37: error S08: property <Xy> without any value (ignored) (critical)\n" +
				"1:46: error S07: empty variation \"()\" (ignored)\n" +
				"1:49: error S03: property identifier <b> has no uppercase letter (ignored) (critical)\n"},
		{"a syntax code disabled", "(;FF[4]GM[1]SZ[19]KM[abc];W[bb]())", check.Options{Disable: diag.Set{syntax.CodeEmptyVariation: true}},
			"1:21: error C15: game-info property <KM> has an illegal format (not corrected) - value: [abc]\n"},
		{"FF[3] lowercase: the syntax warning", "(;FF[3]GM[1]SZ[19]Co[x];B[aa])", check.Options{},
			"1:19: warning S16: lowercase letters in property identifier <Co> (FF[3] style)\n"},
		{"FF[4] lowercase: the rule's error only, not S16 too", "(;FF[4]GM[1]SZ[19]Co[x];B[aa])", check.Options{},
			"1:19: error C05: lowercase char not allowed in property identifier <Co> (read as <C>)\n"},
		{"UTF-16 said once", string(u16), check.Options{},
			"1:1: warning C47: file encoded in UTF-16LE (UTF-16LE byte order mark), decoded to UTF-8 before checking; lines and columns refer to the decoded text\n" +
				"1:21: error C15: game-info property <KM> has an illegal format (not corrected) - value: [abc]\n"},
		{"binary data: one error", "\x00\x01\x02junk\x00", check.Options{},
			"1:1: fatal S02: not SGF: binary data (NUL bytes before any game tree) (critical)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := lines(check.All([]byte(tt.src), tt.opts)); got != tt.want {
				t.Errorf("All =\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
	// Options.Read: the reading the command line's flags ask for (here
	// --max-nodes 2).
	l := check.All([]byte("(;FF[4]GM[1]SZ[19];B[aa];W[bb];B[cc])"), check.Options{Read: &sgf.ReadOptions{Syntax: syntax.Options{MaxNodes: 2}}})
	if len(l) != 1 || l[0].Code != syntax.CodeLimit {
		t.Errorf("MaxNodes 2: %s", lines(l))
	}
}
