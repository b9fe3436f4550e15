package check

import (
	"bytes"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/syntax"
)

// TestBlank compares blank, which stops at the first ASCII byte that is
// not white space, with the reading it replaces: bytes.TrimSpace of the
// value is empty (Unicode white space such as U+3000 and U+00A0
// included, bytes that are no UTF-8 not).
func TestBlank(t *testing.T) {
	vals := []string{"", " ", "\t\n\v\f\r ", "a", " a", "a ", "\x00", "\x1c", "\u3000", " \u3000 ", "\u3000a",
		"\u00a0", " \u0085", "\x85", "\xa0", "\xc2", "\xe3\x80", " \xe3\x80\x80", "x\u3000", "\u2028\u2029", "\ufeff"}
	for _, v := range vals {
		if got, want := blank([]byte(v)), len(bytes.TrimSpace([]byte(v))) == 0; got != want {
			t.Errorf("blank(%q) = %v, want %v", v, got, want)
		}
	}
}

// TestPlainValues: a value that plainValues takes (the value checker
// then neither decodes it nor looks at it) is one that sgf.Decoder
// decodes without an error and that sgf check reports nothing about, in
// a property of each type it takes (a Number, a ranged Number, a Real, a
// Double, a Color); and the plainest spellings are taken.
func TestPlainValues(t *testing.T) {
	raws := []string{"", "0", "7", "12", "007", "123456789", "1234567890", "3", "4", "-1", "+1", " 1", "1 ", "1\n",
		"1.5", "30.25", ".5", "5.", "1..2", "1.2.3", "123456789012345", "1234567890123456", "12345678901234.5",
		"1e5", "1,5", "B", "W", "b", "w", "BW", "1", "2", "\\1", "B ", "0x1", "\u0661"}
	props := []string{"HA", "MN", "ST", "BL", "TM", "DM", "PL"}
	for _, id := range props {
		info, ok := property.LookupGame(id, property.Go)
		if !ok {
			t.Fatalf("%s: not catalogued", id)
		}
		for _, raw := range raws {
			vals := []syntax.Value{{Raw: []byte(raw)}}
			if !plainValues(info.Value, vals) {
				continue
			}
			src := "(;FF[4]GM[1]SZ[19]CA[UTF-8]AP[a:1];" + id + "[" + raw + "])"
			if id == "ST" {
				src = "(;FF[4]GM[1]SZ[19]CA[UTF-8]AP[a:1]ST[" + raw + "])"
			}
			c, err := sgf.ReadBytes([]byte(src), nil)
			if err != nil {
				t.Fatal(err)
			}
			g := c.Games()[0]
			node := g.Node(1)
			if id == "ST" {
				node = g.Root()
			}
			for _, pr := range node.Decode() {
				if pr.ID != id {
					continue
				}
				for _, v := range pr.Values {
					if v.Err != nil {
						t.Errorf("%s[%s]: plain, but decoded with an error: %v", id, raw, v.Err)
					}
				}
			}
			for _, d := range All([]byte(src), Options{}) {
				if ruleOf(d.Code).engine == engineValues {
					t.Errorf("%s[%s]: plain, but the value checker reports %v", id, raw, d)
				}
			}
		}
	}
	for _, c := range []struct{ id, raw string }{{"HA", "2"}, {"MN", "123456789"}, {"ST", "3"}, {"BL", "30.25"}, {"BL", "1795"}, {"DM", "2"}, {"PL", "W"}} {
		info, _ := property.LookupGame(c.id, property.Go)
		if !plainValues(info.Value, []syntax.Value{{Raw: []byte(c.raw)}}) {
			t.Errorf("%s[%s]: not plain", c.id, c.raw)
		}
	}
	info, _ := property.LookupGame("ST", property.Go)
	if plainValues(info.Value, []syntax.Value{{Raw: []byte("4")}}) {
		t.Errorf("ST[4], out of its range, is plain")
	}
}

// TestIsASCII: isASCII, eight bytes at a time, finds a byte >= 0x80 at any
// place of strings of 0 to 24 bytes.
func TestIsASCII(t *testing.T) {
	for n := range 25 {
		b := bytes.Repeat([]byte{'a'}, n)
		if !isASCII(string(b)) {
			t.Errorf("isASCII(%q) = false", b)
		}
		for i := range n {
			for _, c := range []byte{0x80, 0xC3, 0xFF} {
				b[i] = c
				if isASCII(string(b)) {
					t.Errorf("isASCII(%q) = true", b)
				}
				b[i] = 0x7F
				if !isASCII(string(b)) {
					t.Errorf("isASCII(%q) = false", b)
				}
				b[i] = 'a'
			}
		}
	}
}
