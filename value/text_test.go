package value

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf/internal/sgftest"
)

// The spec's escaping example (ff4-basics.txt, "Text" type), with the line
// breaks of the original HTML page. Our copy of the spec has them collapsed
// into spaces; TestMeijinExampleMatchesSpecFile checks that this is the
// same text once whitespace is collapsed.
const (
	meijinRaw = "Meijin NR: yeah, k4 is won\\\nderful\n" +
		"sweat NR: thank you! :\\)\n" +
		"dada NR: yup. I like this move too. It's a move only to be expected from a pro. I really like it :)\n" +
		"jansteen 4d: Can anyone\\\n explain [me\\] k4?"
	meijinRendered = "Meijin NR: yeah, k4 is wonderful\n" +
		"sweat NR: thank you! :)\n" +
		"dada NR: yup. I like this move too. It's a move only to be expected from a pro. I really like it :)\n" +
		"jansteen 4d: Can anyone explain [me] k4?"
)

func TestMeijinExample(t *testing.T) {
	// "C[Meijin NR: ...] could be rendered as: Meijin NR: yeah, k4 is wonderful ..."
	if got := string(Text([]byte(meijinRaw))); got != meijinRendered {
		t.Errorf("Text(meijin) =\n%s\nwant\n%s", got, meijinRendered)
	}
	// As SimpleText the hard breaks become spaces.
	want := strings.ReplaceAll(meijinRendered, "\n", " ")
	if got := string(SimpleText([]byte(meijinRaw))); got != want {
		t.Errorf("SimpleText(meijin) = %q, want %q", got, want)
	}
}

func TestMeijinExampleMatchesSpecFile(t *testing.T) {
	spec := readSpec(t, "ff4-basics.txt")
	collapse := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	if !strings.Contains(spec, "C["+collapse(meijinRaw)+"]could be rendered as:") {
		t.Errorf("spec file does not hold the example raw text %q", collapse(meijinRaw))
	}
	if !strings.Contains(spec, collapse(meijinRendered)) {
		t.Errorf("spec file does not hold the rendering %q", collapse(meijinRendered))
	}
}

// readSpec reads a file of ../shared/spec, found from the module root, or
// skips the test.
func readSpec(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(sharedDir(t), "spec", name))
	if err != nil {
		sgftest.SkipShared(t, fmt.Sprintf("spec not available: %v", err))
	}
	return string(b)
}

// sharedDir returns ../shared beside the module root, or skips the test.
func sharedDir(t testing.TB) string {
	t.Helper()
	return sgftest.Shared(t)
}

func TestText(t *testing.T) {
	tests := []struct {
		name, raw, text, simple string
	}{
		{"empty", "", "", ""},
		{"plain", "hello", "hello", "hello"},
		// "Any char following "\" is inserted verbatim"
		{"escaped bracket", `a\]b`, "a]b", "a]b"},
		{"escaped backslash", `a\\b`, `a\b`, `a\b`},
		{"escaped colon", `a\:b`, "a:b", "a:b"},
		{"escaped letter", `\n\e`, "ne", "ne"},
		{"escaped non-ASCII byte", "\\\xe4", "\xe4", "\xe4"},
		{"non-ASCII kept", "\xe4\xb8\xad\x81\\", "\xe4\xb8\xad\x81\\", "\xe4\xb8\xad\x81\\"},
		{"lone trailing backslash kept", `ab\`, `ab\`, `ab\`},
		// "Soft line break: linebreaks preceded by a "\" ... are removed"
		{"soft LF", "won\\\nderful", "wonderful", "wonderful"},
		{"soft CR", "won\\\rderful", "wonderful", "wonderful"},
		{"soft CRLF", "won\\\r\nderful", "wonderful", "wonderful"},
		{"soft LFCR", "won\\\n\rderful", "wonderful", "wonderful"},
		{"soft then hard", "a\\\n\nb", "a\nb", "a b"},
		// "An application should be able to deal with following
		// linebreaks: LF, CR, LFCR, CRLF."
		{"hard LF", "a\nb", "a\nb", "a b"},
		{"hard CR", "a\rb", "a\nb", "a b"},
		{"hard CRLF", "a\r\nb", "a\nb", "a b"},
		{"hard LFCR", "a\n\rb", "a\nb", "a b"},
		{"two CRLF", "a\r\n\r\nb", "a\n\nb", "a  b"},
		{"two LFCR", "a\n\r\n\rb", "a\n\nb", "a  b"},
		{"LF LF", "a\n\nb", "a\n\nb", "a  b"},
		{"CR CR", "a\r\rb", "a\n\nb", "a  b"},
		// "whitespace characters other than newlines ... are converted to spaces"
		{"tab", "a\tb", "a b", "a b"},
		{"vt ff", "a\v\fb", "a  b", "a  b"},
		// "exception: whitespaces still have to be converted to space!"
		{"escaped tab", "a\\\tb", "a b", "a b"},
		{"escaped space", `a\ b`, "a b", "a b"},
		{"spaces kept", "  a  ", "  a  ", "  a  "},
		// SGFC's escaping.sgf: unnecessary escapes vanish.
		{"sgfc escaping", `Text \: value with \u\n\n\e\c\c\e\s\s\a\r\y \: escape`,
			"Text : value with unneccessary : escape", "Text : value with unneccessary : escape"},
		{"sgfc necessary", `Text : value with [neces\\sary\] escape`,
			`Text : value with [neces\sary] escape`, `Text : value with [neces\sary] escape`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(Text([]byte(tt.raw))); got != tt.text {
				t.Errorf("Text(%q) = %q, want %q", tt.raw, got, tt.text)
			}
			if got := string(SimpleText([]byte(tt.raw))); got != tt.simple {
				t.Errorf("SimpleText(%q) = %q, want %q", tt.raw, got, tt.simple)
			}
			// Append forms keep dst.
			if got := string(AppendText([]byte("x"), []byte(tt.raw))); got != "x"+tt.text {
				t.Errorf("AppendText(x, %q) = %q", tt.raw, got)
			}
		})
	}
}

func TestAppendEscapedText(t *testing.T) {
	tests := []struct {
		s        string
		composed bool
		want     string
	}{
		{"", false, ""},
		{"plain text", false, "plain text"},
		// "Following chars have to be escaped, when used in Text: "]", "\"
		// and ":" (only if used in compose data type)."
		{`a]b\c:d`, false, `a\]b\\c:d`},
		{`a]b\c:d`, true, `a\]b\\c\:d`},
		{"line\nbreak [x]", false, "line\nbreak [x\\]"},
		{"\xe4\\", false, "\xe4\\\\"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			got := string(AppendEscapedText(nil, []byte(tt.s), tt.composed))
			if got != tt.want {
				t.Errorf("AppendEscapedText(%q, %v) = %q, want %q", tt.s, tt.composed, got, tt.want)
			}
			if back := string(Text([]byte(got))); back != tt.s {
				t.Errorf("Text(%q) = %q, want %q", got, back, tt.s)
			}
		})
	}
}

func TestSplitCompose(t *testing.T) {
	tests := []struct {
		raw, left, right string
		ok               bool
	}{
		{"aa:bb", "aa", "bb", true},
		{"aa", "aa", "", false},
		{"", "", "", false},
		{":", "", "", true},
		{`a\:b:c`, `a\:b`, "c", true},
		{`a\\:b`, `a\\`, "b", true},
		{"a:b:c", "a", "b:c", true},
		{`a\`, `a\`, "", false},
		// SGFC escaping.sgf, AR value: the first unescaped ':' splits.
		{`First \: Point 中:中Second \: Point`, `First \: Point 中`, `中Second \: Point`, true},
	}
	for _, tt := range tests {
		t.Run(tt.raw, func(t *testing.T) {
			l, r, ok := SplitCompose([]byte(tt.raw))
			if string(l) != tt.left || string(r) != tt.right || ok != tt.ok {
				t.Errorf("SplitCompose(%q) = %q, %q, %v; want %q, %q, %v", tt.raw, l, r, ok, tt.left, tt.right, tt.ok)
			}
		})
	}
}

// TestTextOnSGFCEscapingFile decodes every C and N value of SGFC's
// escaping test and compares with SGFC's result file, where SGFC removed
// the unnecessary escapes of the same texts.
func TestTextOnSGFCEscapingFile(t *testing.T) {
	dir := filepath.Join(sharedDir(t), "corpus", "conformance", "sgfc", "test-files")
	in, err1 := os.ReadFile(filepath.Join(dir, "escaping.sgf"))
	out, err2 := os.ReadFile(filepath.Join(dir, "escaping-result.sgf"))
	if err1 != nil || err2 != nil {
		sgftest.SkipShared(t, "SGFC test files not available")
	}
	re := regexp.MustCompile(`;(C|N)\[((?:[^\\\]]|\\.)*)\]`)
	src, res := re.FindAllSubmatch(in, -1), re.FindAllSubmatch(out, -1)
	if len(src) != 4 || len(res) != 4 {
		t.Fatalf("found %d and %d C/N values, want 4 and 4", len(src), len(res))
	}
	for i := range src {
		a, b := Text(src[i][2]), Text(res[i][2])
		if !bytes.Equal(a, b) {
			t.Errorf("value %d: Text(%q) = %q, but SGFC's rewrite %q decodes to %q", i, src[i][2], a, res[i][2], b)
		}
	}
}
