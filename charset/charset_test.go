package charset

import (
	"errors"
	"strings"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/ianaindex"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/encoding/unicode"
)

func TestLookup(t *testing.T) {
	tests := []struct {
		name, want string
		lead       LeadBytes
	}{
		// FF[4] CA: "Default value is 'ISO-8859-1' aka 'Latin1'."
		{"ISO-8859-1", "ISO-8859-1", ASCIISafe},
		{"iso-8859-1", "ISO-8859-1", ASCIISafe},
		{"ISO8859_1", "ISO-8859-1", ASCIISafe}, // Fuego files
		{"latin1", "ISO-8859-1", ASCIISafe},
		{"Latin-1", "ISO-8859-1", ASCIISafe},
		{"ISO_8859-1:1987", "ISO-8859-1", ASCIISafe},
		{"l1", "ISO-8859-1", ASCIISafe},
		{"UTF-8", "UTF-8", ASCIISafe},
		{"UTF8", "UTF-8", ASCIISafe}, // Fuego files
		{"utf-8", "UTF-8", ASCIISafe},
		{" utf-8 ", "UTF-8", ASCIISafe},
		{"unicode-1-1-utf-8", "UTF-8", ASCIISafe}, // WHATWG label
		{"US-ASCII", "US-ASCII", ASCIISafe},
		{"gb2312", "GB2312", GBK},
		{"EUC-CN", "GB2312", GBK},
		{"GBK", "GBK", GBK},
		{"CP936", "GBK", GBK},
		{"GB18030", "GB18030", GBK},
		{"Big5", "Big5", Big5},
		{"big5-hkscs", "Big5-HKSCS", Big5},
		{"Shift_JIS", "Shift_JIS", ShiftJIS},
		{"SHIFT_JIS", "Shift_JIS", ShiftJIS}, // SGFC mixed-encoding.sgf
		{"SJIS", "Shift_JIS", ShiftJIS},
		{"MS_KANJI", "Shift_JIS", ShiftJIS},
		{"CP932", "windows-31j", ShiftJIS},
		{"Windows-31J", "windows-31j", ShiftJIS},
		{"EUC-JP", "EUC-JP", ASCIISafe},
		{"ISO-2022-JP", "ISO-2022-JP", NotASCII},
		{"EUC-KR", "EUC-KR", ASCIISafe},
		{"CP949", "windows-949", ASCIISafe},
		{"ks_c_5601-1987", "EUC-KR", ASCIISafe},
		{"KOI8-R", "KOI8-R", ASCIISafe},
		{"MacRoman", "macintosh", ASCIISafe},
		{"x-mac-roman", "macintosh", ASCIISafe},
		{"macintosh", "macintosh", ASCIISafe},
		{"x-mac-cyrillic", "x-mac-cyrillic", ASCIISafe},
		{"Windows-1251", "windows-1251", ASCIISafe},
		{"cp1252", "windows-1252", ASCIISafe},
		{"ISO-8859-15", "ISO-8859-15", ASCIISafe},
		{"latin9", "ISO-8859-15", ASCIISafe},
		{"ISO_8859-5:1988", "ISO-8859-5", ASCIISafe}, // IANA alias
		{"csISOLatinGreek", "ISO-8859-7", ASCIISafe}, // IANA alias, exact spelling
		{"IBM437", "IBM437", ASCIISafe},
		{"cp437", "IBM437", ASCIISafe},
		{"IBM037", "IBM037", NotASCII}, // EBCDIC
		{"UTF-16", "UTF-16", NotASCII},
		{"UTF-16LE", "UTF-16LE", NotASCII},
		{"UTF-16BE", "UTF-16BE", NotASCII},
		{"utf_16le", "UTF-16LE", NotASCII},
		{"UTF-32", "UTF-32", NotASCII},
		{"HZ-GB-2312", "HZ-GB-2312", NotASCII},
		{"csISO2022JP", "ISO-2022-JP", NotASCII},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cs, err := Lookup(tt.name)
			if err != nil {
				t.Fatalf("Lookup(%q): %v", tt.name, err)
			}
			if cs.Name() != tt.want {
				t.Errorf("Lookup(%q).Name() = %q, want %q", tt.name, cs.Name(), tt.want)
			}
			if cs.LeadBytes() != tt.lead {
				t.Errorf("Lookup(%q).LeadBytes() = %v, want %v", tt.name, cs.LeadBytes(), tt.lead)
			}
			if got := cs.MultiByte(); got != (tt.lead != ASCIISafe) {
				t.Errorf("MultiByte() = %v, want %v", got, !got)
			}
			again, _ := Lookup(cs.Name())
			if again != cs {
				t.Errorf("Lookup(%q) != Lookup(%q)", cs.Name(), tt.name)
			}
		})
	}
}

func TestLookupEncodings(t *testing.T) {
	// The decoder behind each name: supersets where real files need them.
	tests := []struct {
		name string
		want any
	}{
		{"ISO-8859-1", charmap.ISO8859_1},
		{"windows-1252", charmap.Windows1252},
		{"gb2312", simplifiedchinese.GB18030}, // "gb2312 meaning GBK": GB18030 decodes both
		{"GBK", simplifiedchinese.GB18030},
		{"Shift_JIS", japanese.ShiftJIS},
		{"CP932", japanese.ShiftJIS},
		{"EUC-KR", korean.EUCKR},
		{"CP949", korean.EUCKR},
		{"Big5", traditionalchinese.Big5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cs, err := Lookup(tt.name)
			if err != nil {
				t.Fatal(err)
			}
			if cs.Encoding() != tt.want {
				t.Errorf("Lookup(%q).Encoding() = %v, want %v", tt.name, cs.Encoding(), tt.want)
			}
		})
	}
}

func TestLookupErrors(t *testing.T) {
	tests := []struct {
		name string
		want error
	}{
		{"", ErrUnknown},
		{"---", ErrUnknown},
		{"klingon-8", ErrUnknown},
		{"UTF-9", ErrUnknown},
		{"ISO-2022-KR", ErrUnsupported}, // WHATWG: replacement encoding
		{"ISO-2022-CN", ErrUnsupported},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cs, err := Lookup(tt.name)
			if !errors.Is(err, tt.want) {
				t.Fatalf("Lookup(%q) error = %v, want %v", tt.name, err, tt.want)
			}
			var e *Error
			if !errors.As(err, &e) || e.Name != tt.name {
				t.Errorf("error %v is not an *Error for %q", err, tt.name)
			}
			if cs != Default {
				t.Errorf("Lookup(%q) returned %v with an error, want Default", tt.name, cs)
			}
		})
	}
}

func TestDefault(t *testing.T) {
	var zero Charset
	if zero != Default || zero.Name() != "ISO-8859-1" {
		t.Errorf("zero Charset = %q, want the FF[4] default ISO-8859-1", zero.Name())
	}
	cs, _ := Lookup("ISO-8859-1")
	if cs != Default {
		t.Error("Lookup(ISO-8859-1) != Default")
	}
	if Default.Encoding() != charmap.ISO8859_1 {
		t.Error("Default decodes with", Default.Encoding())
	}
	if !UTF8.IsUTF8() || Default.IsUTF8() {
		t.Error("IsUTF8 wrong")
	}
}

func TestLeadBytesValues(t *testing.T) {
	// The syntax package keeps a copy of these values: they must not move.
	for v, want := range map[LeadBytes]uint8{ASCIISafe: 0, ShiftJIS: 1, GBK: 2, Big5: 3, NotASCII: 4} {
		if uint8(v) != want {
			t.Errorf("%v = %d, want %d", v, v, want)
		}
		if v.String() == "" {
			t.Errorf("%d has no name", v)
		}
	}
}

// TestLookupAllNames: every IANA (canonical and MIME) and WHATWG name of
// every encoding golang.org/x/text implements is found, also with its
// punctuation changed.
func TestLookupAllNames(t *testing.T) {
	var all []encoding.Encoding
	for _, list := range [][]encoding.Encoding{charmap.All, japanese.All, korean.All, simplifiedchinese.All, traditionalchinese.All, unicode.All} {
		all = append(all, list...)
	}
	n := 0
	for _, e := range all {
		for _, name := range []func(encoding.Encoding) (string, error){ianaindex.IANA.Name, ianaindex.MIME.Name, htmlindex.Name} {
			s, err := name(e)
			if err != nil {
				continue
			}
			n++
			for _, variant := range []string{s, strings.ToUpper(s), strings.ReplaceAll(strings.ReplaceAll(s, "-", "_"), ":", "")} {
				if _, err := Lookup(variant); err != nil {
					t.Errorf("Lookup(%q) (a name of %v): %v", variant, e, err)
				}
			}
		}
	}
	if n < 100 {
		t.Errorf("only %d names checked", n)
	}
}
