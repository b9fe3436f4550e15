package cli

import (
	"bytes"
	"strings"
	"testing"
)

// TestJSONDecodesCharsets checks that `sgf json` writes values decoded
// from each game tree's charset, escapes kept: a Shift_JIS value whose
// second byte is "\" (0x5C) and "]" (0x5D), a Latin-1 value, and a
// CA[UTF-8] value cut in the middle of a character (its bytes kept as
// ISO-8859-1 characters, none lost).
func TestJSONDecodesCharsets(t *testing.T) {
	in := "(;CA[Shift_JIS]C[\x83\x5c\x83\x5d \\] end])" + // ソ ゾ
		"(;CA[ISO-8859-1]PB[Andr\xe9])" +
		"(;CA[UTF-8]PW[\xe9\x99\x88\xe8])"
	var out, errb bytes.Buffer
	code := Main([]string{"json", "-"}, strings.NewReader(in), &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{
		`"values":["ソゾ \\] end"]`,
		`"values":["André"]`,
		`"values":["陈è"]`,
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %s:\n%s", want, out.String())
		}
	}
}
