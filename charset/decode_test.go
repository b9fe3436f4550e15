package charset

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sgf-toolkit/sgf/internal/sgftest"
)

// The sentences of the libsgfc++ charset test files; each file's comments
// say which language the last comment node is in.
const (
	goSimplified  = "围棋是一种古老的游戏，从被遗忘的中国起源先传到东亚其他地区，然后传到整个世界。"
	goTraditional = "圍棋是一種古老的遊戲，從其被遺忘的中國起源開始，首先傳播到東亞其他地區，然後傳播到整個世界。"
	goJapanese    = "Goは古代のゲームであり、中国での起源を忘れてから、最初に東アジアの他の地域に広がり、次に全世界に広がりました。"
	goKorean      = "바둑은 중국에서 잊혀진 기원에서 처음에는 동아시아의 나머지 지역으로 퍼진 후 전 세계로 퍼진 고대 게임입니다."
	goCyrillic    = "Го - древняя игра, которая со времен ее забытого происхождения в Китае распространилась сначала на остальную часть Восточной Азии, а затем и на весь мир."
	goLatin1      = "Ää Àà Ââ Åå Ææ Çç Èè Éé Êê Ëë Îî Ïï Ññ Öö Ôô Øø ß Üü Ùù Ûû ÿ ¿¡ «»"
	goNotLatin1   = "Ÿ Œœ €"
	goNotMac      = "Šš Žž"
	goNotISO      = "ƒ ‰ ™"
)

// TestDecodeLibSGFCFiles decodes every text value of each libsgfc++
// charset test file with the charset its CA[] names, and checks the
// comment that shows the charset off.
func TestDecodeLibSGFCFiles(t *testing.T) {
	tests := []struct {
		file, ca string
		want     []string // comments that must appear, in order
	}{
		{"encoding-chinese-gb18030.sgf", "GB18030", []string{goSimplified}},
		{"encoding-chinese-gbk.sgf", "GBK", []string{goSimplified}},
		{"encoding-simplifiedchinese-gb2312.sgf", "GB2312", []string{goSimplified}},
		{"encoding-simplifiedchinese-macos.sgf", "GB2312", []string{goSimplified}},
		{"encoding-traditionalchinese-big5.sgf", "Big5", []string{goTraditional}},
		{"encoding-traditionalchinese-macos.sgf", "Big5", []string{goTraditional}},
		{"encoding-japanese-shiftjis.sgf", "Shift_JIS", []string{goJapanese}},
		{"encoding-japanese-macos.sgf", "Shift_JIS", []string{goJapanese}},
		{"encoding-japanese-iso2022jp.sgf", "ISO-2022-JP", []string{goJapanese}},
		{"encoding-korean-macos.sgf", "EUC-KR", []string{goKorean}},
		{"encoding-cyrillic-windows.sgf", "windows-1251", []string{goCyrillic}},
		{"encoding-western-isolatin1.sgf", "ISO-8859-1", []string{goLatin1}},
		{"encoding-western-isolatin9.sgf", "ISO-8859-15", []string{goLatin1, goNotLatin1, goNotMac}},
		{"encoding-western-windowslatin1.sgf", "windows-1252", []string{goLatin1, goNotLatin1, goNotMac, goNotISO}},
		{"encoding-western-macosroman.sgf", "macintosh", []string{goLatin1, goNotLatin1, goNotISO}},
		{"encoding-utf8-nobom.sgf", "UTF-8", []string{goCyrillic, goJapanese, goSimplified, goTraditional, goKorean}},
		{"encoding-utf8-withbom.sgf", "UTF-8", []string{goCyrillic, goJapanese, goSimplified, goTraditional, goKorean}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			b := readTestdata(t, tt.file)
			cs, err := Lookup(caValue(b))
			if err != nil {
				t.Fatal(err)
			}
			if cs.Name() != tt.ca {
				t.Fatalf("CA[%s] is %s, want %s", caValue(b), cs.Name(), tt.ca)
			}
			var comments []string
			for _, p := range scanProps(b, cs.LeadBytes()) {
				if p.id != "C" {
					continue
				}
				s, faults := Decode(cs, p.raw)
				if len(faults) > 0 {
					t.Errorf("Decode(%s, %q): faults %v", cs, p.raw, faults)
				}
				comments = append(comments, s)
			}
			next := 0
			for _, c := range comments {
				if next < len(tt.want) && c == tt.want[next] {
					next++
				}
			}
			if next < len(tt.want) {
				t.Errorf("comment %q not found in %q", tt.want[next], comments)
			}
		})
	}
}

// TestDecodeUTF16Files: the UTF-16 files are not ASCII-compatible; they
// are detected and decoded as a whole, then read as UTF-8.
func TestDecodeUTF16Files(t *testing.T) {
	for _, file := range []string{"encoding-utf16-nobom.sgf", "encoding-utf16-withbom.sgf"} {
		t.Run(file, func(t *testing.T) {
			b := readTestdata(t, file)
			d := DetectFile(b)
			if d.Charset.Name() != "UTF-16BE" || d.Charset.LeadBytes() != NotASCII {
				t.Fatalf("DetectFile = %v, want UTF-16BE", d)
			}
			s, faults := Decode(d.Charset, b[d.BOM:])
			if len(faults) > 0 {
				t.Fatalf("faults: %v", faults)
			}
			if !strings.HasPrefix(s, "(;FF[4]CA[UTF-16BE]") {
				t.Errorf("decoded file starts %q", s[:min(len(s), 30)])
			}
			for _, want := range []string{goCyrillic, goJapanese, goSimplified, goTraditional, goKorean} {
				if !strings.Contains(s, "C["+want+"]") {
					t.Errorf("decoded file lacks C[%s]", want)
				}
			}
		})
	}
}

// TestDecodeMixedEncoding decodes SGFC's mixed-encoding.sgf game tree by
// game tree, each with its own CA[] (SGFC README, option -E2: "SGFC is
// able to handle different encodings of game trees within a collection").
// Expected text from mixed-encoding.source and -result.sgf.
func TestDecodeMixedEncoding(t *testing.T) {
	b := readTestdata(t, "mixed-encoding.sgf")
	trees := bytes.Split(b, []byte(")\r\n"))
	tests := []struct {
		ca   string
		want string
	}{
		{"UTF-16LE", "hallö! DÜ! ßüper dich zu s€h€n-"},
		{"ISO-8859-15", "hallö! DÜ! ßüper dich zu s€h€n-"},
		{"", "s¤h¤n"}, // no CA: ISO-8859-1, where A4 is the currency sign
		// The writer escaped the bytes '\' and ']' even where they are
		// trail bytes of multibyte characters (SGFC -E2: "escaping is
		// done first"), so this file is split and unescaped byte-wise,
		// as ISO-8859-1, before the value is decoded.
		{"GB18030", "Cho Chikun (Cho Chihun, Japanese: 趙 治勲, Korean: 조치훈)\n交通運輸\n指揮權"},
		// Shift_JIS 0x5C: x/text follows WHATWG (U+005C), SGFC's iconv
		// gives U+00A5 YEN SIGN.
		{"SHIFT_JIS", `Yen: \`},
	}
	if len(trees) < len(tests) {
		t.Fatalf("found %d game trees, want %d", len(trees), len(tests))
	}
	for i, tt := range tests {
		t.Run(tt.ca, func(t *testing.T) {
			tree := trees[i]
			if got := caValue(tree); got != tt.ca {
				t.Fatalf("CA = %q, want %q", got, tt.ca)
			}
			cs := Default
			if tt.ca != "" {
				var err error
				if cs, err = Lookup(tt.ca); err != nil {
					t.Fatal(err)
				}
			}
			var raw []byte
			for _, p := range scanProps(tree, ASCIISafe) {
				if p.id == "C" {
					raw = unescape(p.raw, ASCIISafe)
				}
			}
			got, faults := Decode(cs, raw)
			if len(faults) > 0 {
				t.Errorf("faults %v", faults)
			}
			if got != tt.want {
				t.Errorf("Decode(%s) = %q, want %q", cs, got, tt.want)
			}
		})
	}
}

// unescape removes SGF '\' escapes, skipping trail bytes as LeadBytes
// says (the syntax package's job; here for the tests).
func unescape(b []byte, lead LeadBytes) []byte {
	var out []byte
	for i := 0; i < len(b); i++ {
		switch {
		case isLead(lead, b[i]) && i+1 < len(b):
			out = append(out, b[i], b[i+1])
			i++
		case b[i] == '\\' && i+1 < len(b):
			out = append(out, b[i+1])
			i++
		default:
			out = append(out, b[i])
		}
	}
	return out
}

func TestDecodeFaults(t *testing.T) {
	gbk, _ := Lookup("GBK")
	sjis, _ := Lookup("Shift_JIS")
	big5, _ := Lookup("Big5")
	eucjp, _ := Lookup("EUC-JP")
	iso2022, _ := Lookup("ISO-2022-JP")
	w1252, _ := Lookup("windows-1252")
	u16, _ := Lookup("UTF-16LE")
	u16be, _ := Lookup("UTF-16BE")
	u16bom, _ := Lookup("UTF-16")
	u32, _ := Lookup("UTF-32LE")
	tests := []struct {
		name   string
		cs     Charset
		in     string
		want   string
		faults []Fault
	}{
		{"latin1 never faults", Default, "caf\xe9 \x80", "café \u0080", nil},
		{"ascii high byte", csASCII, "a\xe9b", "a\uFFFDb", []Fault{{Offset: 1, Len: 1}}},
		{"utf8 valid", UTF8, "黑白", "黑白", nil},
		{"utf8 legit U+FFFD", UTF8, "a\uFFFDb", "a\uFFFDb", nil},
		{"utf8 stray byte", UTF8, "a\xe9b", "a\uFFFDb", []Fault{{Offset: 1, Len: 1}}},
		// Fox: PB[你若有\xe5\x9b] cut in the middle of 因.
		{"utf8 cut", UTF8, "你若有\xe5\x9b", "你若有\uFFFD", []Fault{{Offset: 9, Len: 2, Incomplete: true}}},
		{"utf8 bad continuation", UTF8, "\xe5\x9bx", "\uFFFDx", []Fault{{Offset: 0, Len: 2}}},
		{"utf8 surrogate", UTF8, "\xed\xa0\x80", "\uFFFD\uFFFD\uFFFD", []Fault{{0, 1, false}, {1, 1, false}, {2, 1, false}}},
		{"windows-1252 undefined", w1252, "a\x81b\x80", "a\uFFFDb€", []Fault{{Offset: 1, Len: 1}}},
		{"gbk valid", gbk, "\xba\xda\xb0\xd7", "黑白", nil},
		{"gbk ascii trail", gbk, "\xba ", "\uFFFD ", []Fault{{Offset: 0, Len: 1}}},
		{"gbk bad high trail", gbk, "\xba\xff", "\uFFFD", []Fault{{Offset: 0, Len: 2}}}, // one sequence, both bytes in Len
		{"gbk cut", gbk, "\xba\xda\xb0", "黑\uFFFD", []Fault{{Offset: 2, Len: 1, Incomplete: true}}},
		{"gb18030 four bytes", gbk, "\x81\x30\x81\x30", "\u0080", nil},
		{"gb18030 legit U+FFFD", gbk, "\x84\x31\xa4\x37", "\uFFFD", nil},
		{"sjis valid with 5C trail", sjis, "\x95\x5c", "表", nil},
		{"sjis bad trail", sjis, "\x81\x20", "\uFFFD ", []Fault{{Offset: 0, Len: 1}}},
		{"big5 valid with 5C trail", big5, "\xa5\x5c", "功", nil},
		{"big5 bad", big5, "x\xff", "x\uFFFD", []Fault{{Offset: 1, Len: 1}}},
		{"eucjp valid", eucjp, "\xa4\xb3", "こ", nil},
		{"iso2022jp", iso2022, "\x1b$B$3\x1b(B", "こ", nil},
		{"utf16le", u16, "h\x00i\x00", "hi", nil},
		{"utf16le odd", u16, "h\x00i", "h\uFFFD", []Fault{{Offset: 2, Len: 1, Incomplete: true}}},
		// An unpaired high surrogate: only its two bytes are the fault,
		// the character after it is kept (x/text's decoder took it into
		// the U+FFFD, and "B" was lost).
		{"utf16le lone high surrogate", u16, "A\x00\x00\xd8B\x00C\x00", "A\uFFFDBC", []Fault{{Offset: 2, Len: 2}}},
		{"utf16be lone high surrogate", u16be, "\x00A\xd8\x00\x00B\x00C", "A\uFFFDBC", []Fault{{Offset: 2, Len: 2}}},
		{"utf16 (BOM) lone high surrogate", u16bom, "\xff\xfeA\x00\x00\xd8B\x00", "A\uFFFDB", []Fault{{Offset: 4, Len: 2}}},
		{"utf16le two high surrogates, then a pair", u16, "\x00\xd8\x01\xd8\x00\xdc", "\uFFFD\U00010400", []Fault{{Offset: 0, Len: 2}}},
		{"utf16le lone low surrogate", u16, "\x00\xdcB\x00", "\uFFFDB", []Fault{{Offset: 0, Len: 2}}},
		{"utf32le bad unit", u32, "A\x00\x00\x00\x00\x00\x11\x00B\x00\x00\x00", "A\uFFFDB", []Fault{{Offset: 4, Len: 4}}},
		{"empty", gbk, "", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, faults := Decode(tt.cs, []byte(tt.in))
			if got != tt.want {
				t.Errorf("Decode(%s, %q) = %q, want %q", tt.cs, tt.in, got, tt.want)
			}
			if !reflect.DeepEqual(faults, tt.faults) {
				t.Errorf("faults = %+v, want %+v", faults, tt.faults)
			}
			// Every fault is one visible U+FFFD; nothing vanishes.
			if n := strings.Count(got, "\uFFFD") - strings.Count(tt.in, "\uFFFD"); tt.cs.IsUTF8() && n != len(faults) {
				t.Errorf("%d U+FFFD for %d faults", n, len(faults))
			}
			// AppendDecode appends to what is there.
			out, f2 := AppendDecode([]byte("x"), tt.cs, []byte(tt.in), nil)
			if string(out) != "x"+tt.want || !reflect.DeepEqual(f2, tt.faults) {
				t.Errorf("AppendDecode = %q, %v", out, f2)
			}
		})
	}
}

// TestDecodeFoxCut decodes the Fox files that declare CA[UTF-8] but cut
// player names in the middle of a character: every fault is Incomplete,
// at the end of its value.
func TestDecodeFoxCut(t *testing.T) {
	dir := filepath.Join(sharedDir(t), "corpus", "games", "fox-tygem-ai")
	cut := 0
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil || !bytes.Contains(b, []byte("CA[UTF-8]")) || utf8.Valid(b) {
			return err
		}
		cut++
		for _, v := range textValues(b, ASCIISafe) {
			_, faults := Decode(UTF8, v)
			for _, f := range faults {
				if !f.Incomplete || f.End() != len(v) {
					t.Errorf("%s: value %q: fault %+v is not a cut at the end", filepath.Base(path), v, f)
				}
			}
		}
		if v := Verify(UTF8, textValues(b, ASCIISafe)); v.Verdict != Truncated {
			t.Errorf("%s: Verify = %v, want truncated", filepath.Base(path), v.Verdict)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if cut == 0 {
		sgftest.SkipShared(t, "no cut CA[UTF-8] files in the corpus")
	}
	t.Logf("%d Fox files with cut UTF-8 names", cut)
}
