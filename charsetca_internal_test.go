package sgf

import (
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/value"
)

// TestCharsetOfCACache: CharsetOfCA, which keeps the charsets of the CA
// values it looked up last, gives what a look-up of each value gives, in
// any order of values of equal and different lengths (which share the
// cache's slots), and a value looked up again costs no allocation.
func TestCharsetOfCACache(t *testing.T) {
	lookup := func(ca []byte) (charset.Charset, error) {
		if !plainText(ca, true) {
			ca = value.SimpleText(ca)
		}
		return charset.Lookup(strings.TrimSpace(string(ca)))
	}
	cas := []string{
		"UTF-8", "utf-8", " UTF-8 ", "UTF-8\\", "GB2312", "gb2312", "Big5", "SJIS",
		"ISO-8859-1", "latin1", "", "no-such-set", "UTF\\-8", "UTF-8\n", "EUC-KR",
		strings.Repeat("x", 100), "UTF-16", "windows-1252",
	}
	for round := range 3 {
		for i := range cas {
			ca := cas[(i*7+round)%len(cas)]
			got, gotErr := CharsetOfCA([]byte(ca))
			want, wantErr := lookup([]byte(ca))
			if got != want || (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() {
				t.Errorf("CA[%s]: %v, %v; want %v, %v", ca, got, gotErr, want, wantErr)
			}
		}
	}
	ca := []byte("UTF-8")
	CharsetOfCA(ca)
	if n := testing.AllocsPerRun(100, func() { CharsetOfCA(ca) }); n != 0 {
		t.Errorf("CA[UTF-8] looked up again: %v allocations, want 0", n)
	}
}
