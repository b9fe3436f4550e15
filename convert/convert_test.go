package convert_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/convert"
)

func codes(ch []convert.Change) []string {
	var s []string
	for _, c := range ch {
		s = append(s, c.Code.String())
	}
	return s
}

func TestConvert(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		opts  convert.Options
		want  string
		codes []string
	}{
		{"ff4 utf8 unchanged", "(;FF[4]CA[UTF-8]GM[1];B[aa])", convert.Options{}, "(;FF[4]CA[UTF-8]GM[1];B[aa])", nil},
		// ISO-2022-JP: 丸 is ESC $ B "4]" ESC ( B. Read byte by byte the
		// tree is left open; decoded, it is whole: nothing to close.
		{"iso-2022-jp bracket byte", "(;FF[4]CA[ISO-2022-JP]GM[1]PB[\x1b$B;04]\x1b(B];B[pd])", convert.Options{},
			"(;FF[4]CA[UTF-8]GM[1]PB[三丸];B[pd])", []string{"charset"}},
		// FF page: "Default value: 1".
		{"no FF", "(;GM[1]\n;B[aa]\n;W[bb])", convert.Options{},
			"(;FF[4]CA[UTF-8]GM[1]\n;B[aa]\n;W[bb])", []string{"ff", "charset"}},
		// SGFC README: message 16 "lowercase char not allowed in property identifier".
		{"mixed-case identifiers", "(;FF[3]CoPyright[c]GaMe[1];Black[aa]Comment[x];White[bb])", convert.Options{},
			"(;FF[4]CA[UTF-8]CP[c]GM[1];B[aa]C[x];W[bb])",
			[]string{"identifier", "identifier", "ff", "charset", "identifier", "identifier", "identifier"}},
		// SGFC execute.c Do_Letter: LB[p:a], LB[p:b], ...; a labelled point is skipped.
		{"L to LB", "(;FF[3];L[aa][bb][cc])", convert.Options{}, "(;FF[4]CA[UTF-8];LB[aa:a][bb:b][cc:c])", []string{"ff", "charset", "label"}},
		{"L with LB", "(;FF[3];LB[aa:x]L[aa][bb]C[c])", convert.Options{}, "(;FF[4]CA[UTF-8];LB[aa:x][bb:a]C[c])", []string{"ff", "charset", "label"}},
		// SGFC execute.c Do_Mark: TR where a stone stands, MA elsewhere.
		{"M to MA and TR", "(;FF[3]AB[cc];B[aa]M[aa][bb][cc])", convert.Options{},
			"(;FF[4]CA[UTF-8]AB[cc];B[aa]MA[bb]TR[aa][cc])", []string{"ff", "charset", "mark"}},
		{"M with MA", "(;FF[1];MA[dd]M[bb][dd])", convert.Options{}, "(;FF[4]CA[UTF-8];MA[dd][bb])", []string{"ff", "charset", "mark"}},
		{"L in another game", "(;FF[3]GM[2]L[aa])", convert.Options{}, "(;FF[4]CA[UTF-8]GM[2]L[aa])", []string{"obsolete", "ff", "charset"}},
		// SGFC test.sgf KI[11] becomes KM[5.5] in test-result.sgf.
		{"KI to KM", "(;FF[3]KI[11]PB[x])", convert.Options{}, "(;FF[4]CA[UTF-8]KM[5.5]PB[x])", []string{"komi", "ff", "charset"}},
		{"KI negative", "(;KI[-1])", convert.Options{}, "(;FF[4]CA[UTF-8]KM[-0.5])", []string{"komi", "ff", "charset"}},
		{"KI with KM", "(;FF[3]KM[5.5]KI[11])", convert.Options{}, "(;FF[4]CA[UTF-8]KM[5.5])", []string{"komi", "ff", "charset"}},
		{"KI not a number", "(;FF[3]KI[x])", convert.Options{}, "(;FF[4]CA[UTF-8]KI[x])", []string{"komi", "ff", "charset"}},
		// SGFC execute.c Do_View: FF[1]-FF[3] VW of two points is the rectangle.
		{"VW two points", "(;FF[3];VW[sa][as])", convert.Options{}, "(;FF[4]CA[UTF-8];VW[aa:ss])", []string{"ff", "charset", "view"}},
		{"VW one point rectangle", "(;FF[3];VW[cc][cc])", convert.Options{}, "(;FF[4]CA[UTF-8];VW[cc])", []string{"ff", "charset", "view"}},
		{"VW FF4 kept", "(;FF[4]CA[UTF-8];VW[aa][bb])", convert.Options{}, "(;FF[4]CA[UTF-8];VW[aa][bb])", nil},
		{"VW FF3 list kept", "(;FF[3];VW[aa][bb][cc])", convert.Options{}, "(;FF[4]CA[UTF-8];VW[aa][bb][cc])", []string{"ff", "charset"}},
		// ff4 Go notes: "tt" is a pass only on boards up to 19x19.
		{"tt pass", "(;FF[3];B[tt];W[tt])", convert.Options{}, "(;FF[4]CA[UTF-8];B[];W[])", []string{"ff", "charset", "pass", "pass"}},
		{"tt on 21x21", "(;FF[3]SZ[21];B[tt])", convert.Options{}, "(;FF[4]CA[UTF-8]SZ[21];B[tt])", []string{"ff", "charset"}},
		{"obsolete kept", "(;FF[3]BS[1]ID[x]XX[y]MULTIGOGM[1])", convert.Options{}, "(;FF[4]CA[UTF-8]BS[1]ID[x]XX[y]MULTIGOGM[1])",
			[]string{"obsolete", "obsolete", "ff", "charset"}},
		{"obsolete dropped", "(;FF[3]BS[1]ID[x]XX[y];CH[1])", convert.Options{DropObsolete: true}, "(;FF[4]CA[UTF-8]XX[y];)",
			[]string{"obsolete", "obsolete", "ff", "charset", "obsolete"}},
		// SGFC README, message 28: "property <%s> already exists (%s)"
		// (merged/deleted); its test.sgf "C[text1] C[text2]" is
		// "C[text1\n\ntext2]" in test-result.sgf, "MA[jj] MA[kk]" is
		// "MA[jj][kk]", "W[ff] W[ff]" is "W[ff]".
		{"merged", "(;FF[3];C[a]Comment[b])", convert.Options{}, "(;FF[4]CA[UTF-8];C[a\n\nb])", []string{"ff", "charset", "identifier", "merged"}},
		{"repeated list in root", "(;GM[1]FF[4]SZ[9]AB[gc]AB[cg];W[ee])", convert.Options{},
			"(;GM[1]FF[4]CA[UTF-8]SZ[9]AB[gc][cg];W[ee])", []string{"merged", "charset"}},
		{"repeated text", "(;GM[1]FF[3]SZ[9]C[one]C[two];W[ee])", convert.Options{},
			"(;GM[1]FF[4]CA[UTF-8]SZ[9]C[one\n\ntwo];W[ee])", []string{"merged", "ff", "charset"}},
		{"repeated unknown, lists", "(;FF[3]GM[1]SZ[19]XX[1]XX[2]AB[aa]AW[bb]AB[cc]LB[dd:x]LB[ee:y];B[pd])", convert.Options{},
			"(;FF[4]CA[UTF-8]GM[1]SZ[19]XX[1][2]AB[aa][cc]AW[bb]LB[dd:x][ee:y];B[pd])", []string{"merged", "merged", "merged", "ff", "charset"}},
		{"repeated move and comment", "(;FF[4]GM[1]SZ[19]CA[UTF-8];B[pd]C[c1]B[tt]C[c2])", convert.Options{},
			"(;FF[4]GM[1]SZ[19]CA[UTF-8];B[pd]C[c1\n\nc2])", []string{"pass", "merged", "merged"}},
		{"repeated in a node that needs nothing else", "(;FF[4]CA[UTF-8];MA[jj] MA[kk];W[ff] W[ff];AB[aa]AB[aa][bb])", convert.Options{},
			"(;FF[4]CA[UTF-8];MA[jj][kk];W[ff];AB[aa][bb])", []string{"merged", "merged", "merged"}},
		{"repeated CA: the first", "(;FF[4]CA[UTF-8]CA[ISO-8859-1]C[x])", convert.Options{},
			"(;FF[4]CA[UTF-8]C[x])", []string{"merged"}},
		{"repeated elist", "(;FF[4]CA[UTF-8];TW[]TW[aa])", convert.Options{}, "(;FF[4]CA[UTF-8];TW[aa])", []string{"merged"}},
		{"repeated simple text, the same", "(;FF[4]CA[UTF-8]PB[x]PB[x]PW[a]PW[b])", convert.Options{}, "(;FF[4]CA[UTF-8]PB[x]PW[a b])", []string{"merged", "merged"}},
		// A value the input ended in: a rewritten node closes it.
		{"open value, node rewritten", "(;FF[4]C[unterminated", convert.Options{}, "(;FF[4]CA[UTF-8]C[unterminated])", []string{"charset", "closed"}},
		{"open value after a backslash", "(;FF[4]C[abc\\", convert.Options{}, "(;FF[4]CA[UTF-8]C[abc\\\\])", []string{"charset", "closed"}},
		{"open value, node kept", "(;FF[4]CA[UTF-8]C[x", convert.Options{}, "(;FF[4]CA[UTF-8]C[x])", []string{"closed"}},
		{"open value, keep charset", "(;FF[3]C[x", convert.Options{KeepCharset: true}, "(;FF[4]C[x])", []string{"ff", "closed"}},
		// Text the parser could not read: kept where the node is not
		// printed anew, dropped (and said so) where it is.
		{"stray bracket kept", "(;FF[4]CA[UTF-8]GM[1];C[x]]B[aa])", convert.Options{}, "(;FF[4]CA[UTF-8]GM[1];C[x]]B[aa])", []string{"unread"}},
		{"stray bracket dropped", "(;FF[3]GM[1]C[x]]B[aa])", convert.Options{}, "(;FF[4]CA[UTF-8]GM[1]C[x]B[aa])", []string{"ff", "charset", "dropped"}},
		{"junk after the last property kept", "(;FF[3]GM[1] junk ;B[aa])", convert.Options{}, "(;FF[4]CA[UTF-8]GM[1] junk ;B[aa])", []string{"ff", "charset", "unread"}},
		{"BOM removed", "\xef\xbb\xbf(;FF[3]C[x])", convert.Options{}, "(;FF[4]CA[UTF-8]C[x])", []string{"ff", "charset", "charset"}},
		{"keep charset, override", "(;FF[4]PB[\xd5\xc5])", convert.Options{Charset: "GBK", KeepCharset: true}, "(;FF[4]CA[GBK]PB[\xd5\xc5])", []string{"charset"}},
		{"keep charset, CA already right", "(;FF[4]CA[gbk]PB[\xd5\xc5])", convert.Options{Charset: "GBK", KeepCharset: true}, "(;FF[4]CA[gbk]PB[\xd5\xc5])", nil},
		{"keep charset, ASCII", "(;FF[4]PB[x])", convert.Options{Charset: "GBK", KeepCharset: true}, "(;FF[4]PB[x])", nil},
		{"latin1", "(;FF[3]PB[J\xfcrgen])", convert.Options{}, "(;FF[4]CA[UTF-8]PB[Jürgen])", []string{"ff", "charset"}},
		{"keep charset", "(;FF[3]CA[ISO-8859-1]PB[J\xfcrgen];L[aa])", convert.Options{KeepCharset: true},
			"(;FF[4]CA[ISO-8859-1]PB[J\xfcrgen];LB[aa:a])", []string{"ff", "label"}},
		{"override", "(;FF[4]CA[UTF-8]PB[\xb9\xd9\xb5\xcf])", convert.Options{Charset: "EUC-KR"}, "(;FF[4]CA[UTF-8]PB[바둑])", []string{"charset"}},
		{"cut utf-8", "(;FF[4]CA[UTF-8]PB[\xe9\xbb\x91\xe6\xa3])", convert.Options{}, "(;FF[4]CA[UTF-8]PB[黑\uFFFD])", []string{"undecodable", "charset"}},
		{"collection", "(;FF[3]KI[1])\n(;FF[4]CA[UTF-8])\n", convert.Options{}, "(;FF[4]CA[UTF-8]KM[0.5])\n(;FF[4]CA[UTF-8])\n", []string{"komi", "ff", "charset"}},
		{"text around kept", "header\n(;FF[3])tail", convert.Options{}, "header\n(;FF[4]CA[UTF-8])tail", []string{"ff", "charset"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, ch, err := convert.Convert([]byte(tt.in), tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != tt.want {
				t.Errorf("Convert(%q)\n got %q\nwant %q", tt.in, out, tt.want)
			}
			if got := codes(ch); !slices.Equal(got, tt.codes) {
				t.Errorf("codes %v, want %v\n%v", got, tt.codes, ch)
			}
			if !tt.opts.KeepCharset && !utf8.Valid(out) {
				t.Errorf("output is not UTF-8")
			}
			// Converting again changes nothing but the kept obsolete
			// properties, which are reported each time.
			opts := tt.opts
			opts.Charset = ""
			again, ch2, err := convert.Convert(out, opts)
			if err != nil || !bytes.Equal(again, out) {
				t.Errorf("second conversion: %q, %v", again, err)
			}
			for _, c := range ch2 {
				if c.Code != convert.CodeObsolete && c.Code != convert.CodeKomi && c.Code != convert.CodeUnread {
					t.Errorf("second conversion changed: %v", c)
				}
			}
		})
	}
}

func TestChangeFields(t *testing.T) {
	_, ch, err := convert.Convert([]byte("(;FF[3]GM[1](;B[aa])(;W[bb];L[cc][dd]))"), convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := convert.Change{Code: convert.CodeLabel, Tree: 0, Node: 3, Property: "L", Before: "L[cc][dd]", After: "LB[cc:a][dd:b]"}
	i := slices.IndexFunc(ch, func(c convert.Change) bool { return c.Code == convert.CodeLabel })
	if i < 0 {
		t.Fatalf("no label change in %v", ch)
	}
	got := ch[i]
	got.Message = ""
	if got != want {
		t.Errorf("change = %+v, want %+v", got, want)
	}
	if convert.CodeLabel.SGFC() != 40 || convert.CodeKomi.SGFC() != 59 || convert.CodeView.SGFC() != 52 || convert.CodeFF.SGFC() != 0 {
		t.Error("SGFC numbers")
	}
	for _, c := range convert.Codes() {
		if strings.HasPrefix(c.String(), "Code(") {
			t.Errorf("code %d has no name", c)
		}
	}
}

func TestErrors(t *testing.T) {
	_, _, err := convert.Convert([]byte("no sgf here"), convert.Options{})
	var e *convert.Error
	if !errors.As(err, &e) || !errors.Is(err, convert.ErrInput) {
		t.Errorf("err = %v, want *Error wrapping ErrInput", err)
	}
	_, _, err = convert.Convert([]byte("(;FF[4])"), convert.Options{Charset: "no-such-charset"})
	if !errors.Is(err, convert.ErrInput) || !errors.Is(err, sgf.ErrCharset) {
		t.Errorf("err = %v, want ErrInput and sgf.ErrCharset", err)
	}
}

// The sentences of the libsgfc++ charset test files: the last comment of
// each file (node 3) is in the language its second comment names.
const (
	zhHans = "围棋是一种古老的游戏，从被遗忘的中国起源先传到东亚其他地区，然后传到整个世界。"
	zhHant = "圍棋是一種古老的遊戲，從其被遺忘的中國起源開始，首先傳播到東亞其他地區，然後傳播到整個世界。"
	ja     = "Goは古代のゲームであり、中国での起源を忘れてから、最初に東アジアの他の地域に広がり、次に全世界に広がりました。"
	ko     = "바둑은 중국에서 잊혀진 기원에서 처음에는 동아시아의 나머지 지역으로 퍼진 후 전 세계로 퍼진 고대 게임입니다."
	ru     = "Го - древняя игра, которая со времен ее забытого происхождения в Китае распространилась сначала на остальную часть Восточной Азии, а затем и на весь мир."
	en     = "Go is an ancient game which, from its forgotten origins in China, spread first to the rest of East Asia, and then to the entire world."
	latin  = "Ää Àà Ââ Åå Ææ Çç Èè Éé Êê Ëë Îî Ïï Ññ Öö Ôô Øø ß Üü Ùù Ûû ÿ ¿¡ «»"
)

var charsetFiles = []struct{ file, text string }{
	{"encoding-chinese-gb18030.sgf", zhHans},
	{"encoding-chinese-gbk.sgf", zhHans},
	{"encoding-simplifiedchinese-gb2312.sgf", zhHans},
	{"encoding-simplifiedchinese-macos.sgf", zhHans},
	{"encoding-traditionalchinese-big5.sgf", zhHant},
	{"encoding-traditionalchinese-macos.sgf", zhHant},
	{"encoding-japanese-shiftjis.sgf", ja},
	{"encoding-japanese-macos.sgf", ja},
	{"encoding-japanese-iso2022jp.sgf", ja},
	{"encoding-korean-macos.sgf", ko},
	{"encoding-cyrillic-windows.sgf", ru},
	{"encoding-utf8-nobom.sgf", en},
	{"encoding-utf8-withbom.sgf", en},
	{"encoding-utf16-nobom.sgf", en},
	{"encoding-utf16-withbom.sgf", en},
	{"encoding-western-isolatin1.sgf", latin},
	{"encoding-western-isolatin9.sgf", latin},
	{"encoding-western-macosroman.sgf", latin},
	{"encoding-western-windowslatin1.sgf", latin},
}

// checkUTF8 parses a converted file and checks that game i is UTF-8 by
// its CA and that node 3 has the comment want.
func checkUTF8(t *testing.T, out []byte, i int, want string) {
	t.Helper()
	if !utf8.Valid(out) {
		t.Fatal("output is not UTF-8")
	}
	c, err := sgf.Parse(out)
	if err != nil {
		t.Fatal(err)
	}
	g := c.Game(i)
	if cs := g.Charset(); cs.Name != "UTF-8" || cs.Source != sgf.SourceCA {
		t.Errorf("game %d: charset %s from %s, want UTF-8 from CA", i, cs.Name, cs.Source)
	}
	if ff, _ := g.Root().Get("FF"); string(ff) != "4" {
		t.Errorf("game %d: FF[%s]", i, ff)
	}
	if got := g.Node(3).Comment(); got != want {
		t.Errorf("game %d: comment %q\nwant %q", i, got, want)
	}
}

func TestLibsgfcppCharsets(t *testing.T) {
	for _, tt := range charsetFiles {
		t.Run(tt.file, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("testdata", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			out, ch, err := convert.Convert(src, convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			checkUTF8(t, out, 0, tt.text)
			for _, c := range ch {
				if c.Code != convert.CodeCharset {
					t.Errorf("unexpected change %v", c)
				}
			}
			if len(ch) == 0 && !bytes.Contains(src, []byte("CA[UTF-8]")) {
				t.Errorf("no charset change")
			}
		})
	}
}

// A collection of games in different charsets is converted in one call,
// each game decoded with its own CA.
func TestMixedCollection(t *testing.T) {
	var src []byte
	var want []string
	for _, tt := range charsetFiles {
		if strings.Contains(tt.file, "utf16") || strings.Contains(tt.file, "utf8-withbom") {
			continue // not ASCII-compatible, or a BOM that belongs at the start
		}
		b, err := os.ReadFile(filepath.Join("testdata", tt.file))
		if err != nil {
			t.Fatal(err)
		}
		src = append(append(src, b...), '\n')
		want = append(want, tt.text)
	}
	out, ch, err := convert.Convert(src, convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range want {
		checkUTF8(t, out, i, w)
	}
	n := 0
	for _, c := range ch {
		if c.Code == convert.CodeCharset {
			n++
		}
	}
	if n != len(want)-1 { // the UTF-8 file needs no change
		t.Errorf("%d charset changes, want %d", n, len(want)-1)
	}
}

// SGFC's mixed-encoding.sgf: five trees in UTF-16LE (text values only, in
// an ASCII skeleton), ISO-8859-15, no CA, GB18030 and Shift_JIS. The
// comments must come out as in sgfc -E2's result, except where noted.
func TestSGFCMixedEncoding(t *testing.T) {
	src, err := os.ReadFile("testdata/mixed-encoding.sgf")
	if err != nil {
		t.Fatal(err)
	}
	res, err := os.ReadFile("testdata/sgfc-mixed-encoding-result.sgf")
	if err != nil {
		t.Fatal(err)
	}
	out, _, err := convert.Convert(src, convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := sgf.Parse(out)
	if err != nil {
		t.Fatal(err)
	}
	want, err := sgf.Parse(res)
	if err != nil {
		t.Fatal(err)
	}
	if got.Len() != want.Len() {
		t.Fatalf("%d games, want %d", got.Len(), want.Len())
	}
	for i := range got.Len() {
		g, w := got.Game(i).Root().Comment(), want.Game(i).Root().Comment()
		switch i {
		case 4:
			// Shift_JIS 0x5C is "¥" in SGFC's iconv and "\" in the
			// WHATWG Shift_JIS that package charset decodes.
			if g != `Yen: \` || w != "Yen: ¥" {
				t.Errorf("game %d: %q (SGFC %q)", i, g, w)
			}
		default:
			if g != w {
				t.Errorf("game %d: %q, want %q", i, g, w)
			}
		}
	}
}

// SGFC's test.sgf, converted as "sgfc test.sgf" does it where the
// conversions of this package apply: the snippets below stand, white space
// aside, in SGFC's test-result.sgf as well.
func TestSGFCTestFile(t *testing.T) {
	src, err := os.ReadFile("testdata/sgfc-test.sgf")
	if err != nil {
		t.Fatal(err)
	}
	res, err := os.ReadFile("testdata/sgfc-test-result.sgf")
	if err != nil {
		t.Fatal(err)
	}
	out, ch, err := convert.Convert(src, convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	squeeze := func(b []byte) string {
		return strings.Map(func(r rune) rune {
			if r == ' ' || r == '\n' || r == '\r' || r == '\t' {
				return -1
			}
			return r
		}, string(b))
	}
	o, r := squeeze(out), squeeze(res)
	for _, snip := range []string{
		";LB[aa:a]MA[dd];",                    // test.sgf line 38: ;L[aa]M[dd];
		"(;KM[5.5];C[filecontainsmorethanone", // line 60: (;KI[11];
		";W[aa];",                             // line 16: ;nolowercaseinpropidallowedW[aa]
		"SC[aa][bb][cc]",                      // line 38: SC is kept (message 40)
		"C[illegalbytesequence:öüä",           // line 71: Latin-1 decoded
	} {
		if !strings.Contains(r, snip) {
			t.Errorf("SGFC's result lacks %q", snip)
		}
		if !strings.Contains(o, snip) {
			t.Errorf("output lacks %q", snip)
		}
	}
	if !slices.ContainsFunc(ch, func(c convert.Change) bool {
		return c.Before == "nolowercaseinpropidallowedW[aa]" && c.After == "W[aa]"
	}) {
		t.Errorf("no identifier change for line 16")
	}
	for _, want := range []convert.Code{convert.CodeLabel, convert.CodeMark, convert.CodeKomi, convert.CodeIdentifier, convert.CodeObsolete} {
		if !slices.ContainsFunc(ch, func(c convert.Change) bool { return c.Code == want }) {
			t.Errorf("no %s change", want)
		}
	}
}
