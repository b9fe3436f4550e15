package charset

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzDecode checks, for every charset family, that Decode never panics,
// always returns valid UTF-8, reports faults in order inside the input,
// and shows each fault as U+FFFD.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{"", "abc", "\xba\xda\xb0", "\x95\x5c]", "\x1b$B$3\x1b(B", "h\x00i", "\xe5\x9b", "\x84\x31\xa4\x37", "\x81\x30\x81"} {
		f.Add(s)
	}
	names := []string{"ISO-8859-1", "US-ASCII", "UTF-8", "windows-1252", "GB18030", "GBK", "Big5", "Shift_JIS",
		"EUC-JP", "ISO-2022-JP", "EUC-KR", "UTF-16", "UTF-16LE", "UTF-32", "HZ-GB-2312", "IBM037", "macintosh"}
	var sets []Charset
	for _, n := range names {
		cs, err := Lookup(n)
		if err != nil {
			f.Fatal(err)
		}
		sets = append(sets, cs)
	}
	f.Fuzz(func(t *testing.T, in string) {
		for _, cs := range sets {
			s, faults := Decode(cs, []byte(in))
			if !utf8.ValidString(s) {
				t.Fatalf("%s: invalid UTF-8 output %q", cs, s)
			}
			end := 0
			for _, fl := range faults {
				if fl.Offset < end || fl.Len < 1 || fl.End() > len(in) {
					t.Fatalf("%s: fault %+v out of order or range (input %d bytes)", cs, fl, len(in))
				}
				end = fl.End()
			}
			if n := strings.Count(s, "\uFFFD"); n < len(faults) {
				t.Fatalf("%s: %d faults but only %d U+FFFD in %q", cs, len(faults), n, s)
			}
		}
	})
}

// FuzzDetect checks that Detect, DetectFile and Verify never panic and
// keep confidences in [0, 1].
func FuzzDetect(f *testing.F) {
	for _, s := range []string{"", "a", "\xb0\xd7", "cr\xe9\xe9", "\x00(\x00;", "\xfe\xff", "\x1b$B", "\xe5\x9b"} {
		f.Add(s, "\xc5\xcc")
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		texts := [][]byte{[]byte(a), []byte(b)}
		for _, d := range []Detection{Detect(texts), DetectFile([]byte(a + b))} {
			if !(d.Confidence >= 0 && d.Confidence <= 1) || d.Path == "" {
				t.Fatalf("bad detection %+v", d)
			}
		}
		for _, cs := range []Charset{Default, UTF8, csGB2312, csSJIS, csBig5, csEUCKR} {
			v := Verify(cs, texts)
			if v.Verdict == Clean && v.Faults != 0 {
				t.Fatalf("clean with %d faults", v.Faults)
			}
		}
	})
}
