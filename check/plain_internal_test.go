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
		"\u00a0", " \u0085", "\x85", "\xa0", "\xc2", "\xe3\x80", " \xe3\x80\x80", "x\u3000", "\u2028\u2029", "\ufeff",
		"\u3000\u3000", "  \u00a0 \u3000x", "\xff", " \xe3\x80\x80a", "\u5bf9\u5c40", "\u3000\xe3"}
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

// TestPlainRoot: FF, GM, ST and SZ values that plainRoot takes (root then
// neither decodes nor judges them), and KM and TM values that gameInfo
// takes as plain reals, draw no value diagnostic and decode without an
// error, in the root, for Go and for Hex; and the usual ones are taken.
func TestPlainRoot(t *testing.T) {
	raws := []string{"", "0", "1", "2", "3", "4", "5", "11", "16", "17", "19", "019", "52", "53", "99", "1000000000",
		"19:19", "9:13", " 19", "19 ", "-1", "+4", "4.0", "7.5", "0.5", ".5", "6,5", "3600", "-5"}
	base := map[string]string{"FF": "4", "GM": "1", "SZ": "19", "ST": "0", "KM": "6.5", "TM": "60"}
	order := []string{"FF", "GM", "SZ", "ST", "KM", "TM"}
	for _, gm := range []string{"1", "11"} {
		for _, id := range order {
			for _, raw := range raws {
				pv := &PropView{ID: id, Values: []syntax.Value{{Raw: []byte(raw)}}}
				pv.Info, _ = property.LookupGame(id, property.Go)
				plain := false
				switch id {
				case "KM", "TM":
					plain = plainReal([]byte(raw))
				default:
					plain = plainRoot(pv)
				}
				if !plain {
					continue
				}
				src := "(;CA[UTF-8]AP[a:1]"
				for _, k := range order {
					val := base[k]
					if k == "GM" {
						val = gm
					}
					if k == id {
						val = raw
					}
					src += k + "[" + val + "]"
				}
				src += ")"
				c, err := sgf.ReadBytes([]byte(src), nil)
				if err != nil {
					t.Fatal(err)
				}
				for _, pr := range c.Games()[0].Root().Decode() {
					if pr.ID == id && pr.Values[0].Err != nil {
						t.Errorf("%s: %s[%s] plain, but decoded with an error: %v", src, id, raw, pr.Values[0].Err)
					}
				}
				for _, d := range All([]byte(src), Options{}) {
					if ruleOf(d.Code).engine == engineValues {
						t.Errorf("%s: %s[%s] plain, but the value checker reports %v", src, id, raw, d)
					}
				}
			}
		}
	}
	for _, c := range []struct{ id, raw string }{{"FF", "4"}, {"GM", "1"}, {"SZ", "19"}, {"SZ", "9"}, {"ST", "2"}} {
		pv := &PropView{ID: c.id, Values: []syntax.Value{{Raw: []byte(c.raw)}}}
		pv.Info, _ = property.LookupGame(c.id, property.Go)
		if !plainRoot(pv) {
			t.Errorf("%s[%s]: not plain", c.id, c.raw)
		}
	}
	for _, c := range []struct{ id, raw string }{{"FF", "5"}, {"GM", "0"}, {"SZ", "53"}, {"SZ", "0"}, {"SZ", "19:19"}, {"ST", "4"}, {"CA", "UTF-8"}} {
		pv := &PropView{ID: c.id, Values: []syntax.Value{{Raw: []byte(c.raw)}}}
		pv.Info, _ = property.LookupGame(c.id, property.Go)
		if plainRoot(pv) {
			t.Errorf("%s[%s]: plain", c.id, c.raw)
		}
	}
}
