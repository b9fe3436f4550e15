package sgf_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/internal/sgftest"
	"github.com/sgf-toolkit/sgf/syntax"
	"github.com/sgf-toolkit/sgf/value"
)

func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "sgfroot", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func mustParse(t testing.TB, src string) *sgf.Collection {
	t.Helper()
	c, err := sgf.Parse([]byte(src))
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	return c
}

// TestRoundTrip: "Printing an unmodified parse gives back the input byte
// for byte" (DESIGN.md), transcoded inputs included.
func TestRoundTrip(t *testing.T) {
	files, _ := filepath.Glob("testdata/sgfroot/*.sgf")
	if len(files) == 0 {
		t.Fatal("no test files")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			c, err := sgf.Parse(src)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if _, err := c.WriteTo(&buf); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(buf.Bytes(), src) {
				t.Errorf("WriteTo differs from the input")
			}
		})
	}
}

func TestReadErrors(t *testing.T) {
	_, err := sgf.Read(strings.NewReader("(;C[x])"), &sgf.ReadOptions{Charset: "no-such-charset"})
	if !errors.Is(err, sgf.ErrCharset) {
		t.Errorf("unknown override: err = %v, want ErrCharset", err)
	}
	var se *sgf.Error
	if !errors.As(err, &se) || se.Value != "no-such-charset" {
		t.Errorf("error %v does not carry the name", err)
	}
	c, err := sgf.Parse([]byte("no game here"))
	if !errors.Is(err, syntax.ErrSyntax) {
		t.Errorf("no game tree: err = %v, want syntax.ErrSyntax", err)
	}
	if c == nil || c.Len() != 0 {
		t.Errorf("no game tree: want an empty collection")
	}
	if _, err := sgf.ReadFile("testdata/sgfroot/does-not-exist.sgf", nil); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: err = %v", err)
	}
	// A broken file gives what could be read, with diagnostics.
	c, err = sgf.Parse([]byte("(;GM[1];B[aa]C[unclosed"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Len() != 1 || len(c.Diagnostics()) == 0 {
		t.Errorf("broken file: %d games, %d diagnostics", c.Len(), len(c.Diagnostics()))
	}
}

func TestCollection(t *testing.T) {
	c := mustParse(t, "header\n(;GM[1]PB[a])\n(;GM[11]SZ[7])(;GM[4]) tail")
	if c.Len() != 3 || len(c.Games()) != 3 {
		t.Fatalf("Len = %d", c.Len())
	}
	if c.Game(3) != nil || c.Game(-1) != nil {
		t.Error("Game out of range is not nil")
	}
	for i, want := range []int{1, 11, 4} {
		g := c.Game(i)
		if g.Index() != i || g.Type() != want || g.Collection() != c {
			t.Errorf("game %d: index %d type %d", i, g.Index(), g.Type())
		}
	}
	if cols, rows := c.Game(1).Size(); cols != 7 || rows != 7 {
		t.Errorf("hex size %dx%d", cols, rows)
	}
	if c.File() == nil || c.Game(0).Tree() == nil {
		t.Error("no syntax file or tree")
	}
	// Writing one game writes its tree with the text before it.
	var buf bytes.Buffer
	if _, err := c.Game(1).WriteTo(&buf); err != nil || buf.String() != "\n(;GM[11]SZ[7])" {
		t.Errorf("Game.WriteTo = %q, %v", buf.String(), err)
	}
}

func TestCharsetLibsgfcpp(t *testing.T) {
	dir := sgftest.Corpus(t, "conformance", "libsgfcplusplus", "test", "test-files")
	const (
		zhHans = "围棋是一种古老的游戏，从被遗忘的中国起源先传到东亚其他地区，然后传到整个世界。"
		zhHant = "圍棋是一種古老的遊戲，從其被遺忘的中國起源開始，首先傳播到東亞其他地區，然後傳播到整個世界。"
		ja     = "Goは古代のゲームであり、中国での起源を忘れてから、最初に東アジアの他の地域に広がり、次に全世界に広がりました。"
		ko     = "바둑은 중국에서 잊혀진 기원에서 처음에는 동아시아의 나머지 지역으로 퍼진 후 전 세계로 퍼진 고대 게임입니다."
		ru     = "Го - древняя игра, которая со времен ее забытого происхождения в Китае распространилась сначала на остальную часть Восточной Азии, а затем и на весь мир."
		en     = "Go is an ancient game which, from its forgotten origins in China, spread first to the rest of East Asia, and then to the entire world."
		latin  = "Ää Àà Ââ Åå Ææ Çç Èè Éé Êê Ëë Îî Ïï Ññ Öö Ôô Øø ß Üü Ùù Ûû ÿ ¿¡ «»"
	)
	tests := []struct {
		file, charset string
		source        sgf.CharsetSource
		transcoded    bool
		comment       string
	}{
		{"encoding-chinese-gb18030.sgf", "GB18030", sgf.SourceCA, false, zhHans},
		{"encoding-chinese-gbk.sgf", "GBK", sgf.SourceCA, false, zhHans},
		{"encoding-simplifiedchinese-gb2312.sgf", "GB2312", sgf.SourceCA, false, zhHans},
		{"encoding-simplifiedchinese-macos.sgf", "GB2312", sgf.SourceCA, false, zhHans},
		{"encoding-traditionalchinese-big5.sgf", "Big5", sgf.SourceCA, false, zhHant},
		{"encoding-traditionalchinese-macos.sgf", "Big5", sgf.SourceCA, false, zhHant},
		{"encoding-japanese-shiftjis.sgf", "Shift_JIS", sgf.SourceCA, false, ja},
		{"encoding-japanese-macos.sgf", "Shift_JIS", sgf.SourceCA, false, ja},
		{"encoding-japanese-iso2022jp.sgf", "ISO-2022-JP", sgf.SourceCA, true, ja},
		{"encoding-korean-macos.sgf", "EUC-KR", sgf.SourceCA, false, ko},
		{"encoding-cyrillic-windows.sgf", "windows-1251", sgf.SourceCA, false, ru},
		{"encoding-utf8-nobom.sgf", "UTF-8", sgf.SourceCA, false, en},
		{"encoding-utf8-withbom.sgf", "UTF-8", sgf.SourceCA, false, en},
		{"encoding-utf16-nobom.sgf", "UTF-16BE", sgf.SourceDetected, true, en},
		{"encoding-utf16-withbom.sgf", "UTF-16BE", sgf.SourceDetected, true, en},
		{"encoding-western-isolatin1.sgf", "ISO-8859-1", sgf.SourceCA, false, latin},
		{"encoding-western-isolatin9.sgf", "ISO-8859-15", sgf.SourceCA, false, latin},
		{"encoding-western-macosroman.sgf", "macintosh", sgf.SourceCA, false, latin},
		{"encoding-western-windowslatin1.sgf", "windows-1252", sgf.SourceCA, false, latin},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join(dir, tt.file))
			if err != nil {
				t.Fatal(err)
			}
			c, err := sgf.Parse(src)
			if err != nil {
				t.Fatal(err)
			}
			g := c.Game(0)
			cs := g.Charset()
			if cs.Name != tt.charset || cs.Source != tt.source || cs.Transcoded != tt.transcoded {
				t.Errorf("Charset = %s from %s (transcoded %v), want %s from %s (%v)", cs.Name, cs.Source, cs.Transcoded, tt.charset, tt.source, tt.transcoded)
			}
			// "The comment in the following node is in ..." is node 2;
			// the text is node 3.
			if got := g.Node(3).Comment(); got != tt.comment {
				t.Errorf("comment = %q\nwant        %q", got, tt.comment)
			}
			b, err := c.Bytes()
			if err != nil || !bytes.Equal(b, src) {
				t.Errorf("not written back byte for byte (err %v)", err)
			}
		})
	}
}

// Without CA, the charset is detected, and a multibyte charset whose trail
// bytes can be "]" or "\" makes the tree be split again by characters.
func TestCharsetDetection(t *testing.T) {
	withCA := readTestdata(t, "encoding-chinese-gbk.sgf")
	noCA := bytes.Replace(withCA, []byte("CA[GBK]"), nil, 1)
	want := mustParse(t, string(withCA)).Game(0).Node(3).Comment()
	c := mustParse(t, string(noCA))
	g := c.Game(0)
	cs := g.Charset()
	if cs.Source != sgf.SourceDetected || cs.Declared != "" || cs.Confidence <= 0 || cs.Detail == "" {
		t.Errorf("Charset() = %+v, want a detection", cs)
	}
	if got := g.Node(3).Comment(); got != want {
		t.Errorf("detected %s: comment %q, want %q", cs.Name, got, want)
	}

	ascii := mustParse(t, "(;GM[1]C[plain])").Game(0).Charset()
	if ascii.Source != sgf.SourceDefault || ascii.Name != "ISO-8859-1" {
		t.Errorf("ASCII game: %+v, want the ISO-8859-1 default", ascii)
	}
}

// In Shift_JIS "表" is 95 5C and "ソ" 83 5C: their second byte is "\",
// which a byte-wise reader takes for an escape; "ゾ" is 83 5D, whose second
// byte a byte-wise reader takes for the end of the value.
func TestShiftJISTrailBytes(t *testing.T) {
	body := "\x95\x5C\x83\x5C\\]\x83\x5D"
	want := "表ソ]ゾ"
	tests := []struct {
		name string
		src  string
		opts *sgf.ReadOptions
		src2 sgf.CharsetSource
	}{
		{"CA", "(;CA[Shift_JIS]C[" + body + "];B[aa])", nil, sgf.SourceCA},
		{"override", "(;C[" + body + "];B[aa])", &sgf.ReadOptions{Charset: "sjis"}, sgf.SourceOverride},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := sgf.Read(strings.NewReader(tt.src), tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			g := c.Game(0)
			if got := g.Root().Comment(); got != want {
				t.Errorf("comment = %q, want %q", got, want)
			}
			if g.Charset().Source != tt.src2 || g.Charset().Name != "Shift_JIS" {
				t.Errorf("charset %+v", g.Charset())
			}
			if n := g.Root().Child(0); n.IsZero() {
				t.Errorf("the move node was swallowed")
			} else if m, ok := n.Move(); !ok || m.Point != (value.Point{}) {
				t.Errorf("move = %+v", m)
			}
		})
	}
}

// A CA that the bytes contradict (CA[UTF-8] over GBK) is reported, and
// the detected charset is used.
func TestCharsetMismatch(t *testing.T) {
	gbk := readTestdata(t, "encoding-chinese-gbk.sgf")
	src := bytes.Replace(gbk, []byte("CA[GBK]"), []byte("CA[UTF-8]"), 1)
	g := mustParse(t, string(src)).Game(0)
	cs := g.Charset()
	if cs.Source != sgf.SourceDetected || cs.Declared != "UTF-8" || !strings.Contains(cs.Detail, "does not fit") {
		t.Errorf("Charset() = %+v", cs)
	}
	if !strings.HasPrefix(g.Node(3).Comment(), "围棋") {
		t.Errorf("comment %q", g.Node(3).Comment())
	}
	// An unknown CA falls back on detection.
	g = mustParse(t, "(;CA[klingon]C[plain])").Game(0)
	if cs := g.Charset(); cs.Declared != "klingon" || !strings.Contains(cs.Detail, "unknown") {
		t.Errorf("unknown CA: %+v", cs)
	}
}

// Each game tree has its own charset (DESIGN.md: "a collection may carry a
// different CA per game tree").
func TestCharsetPerTree(t *testing.T) {
	src := "(;CA[UTF-8]PB[\xe6\x97\xa5])(;CA[ISO-8859-1]PB[\xe9])(;PB[x])"
	c := mustParse(t, src)
	want := []struct{ name, pb string }{{"UTF-8", "日"}, {"ISO-8859-1", "é"}, {"ISO-8859-1", "x"}}
	for i, w := range want {
		g := c.Game(i)
		if g.Charset().Name != w.name || g.Info().PlayerBlack != w.pb {
			t.Errorf("game %d: %s %q, want %s %q", i, g.Charset().Name, g.Info().PlayerBlack, w.name, w.pb)
		}
	}
}

func TestReader(t *testing.T) {
	src := "junk (;CA[Shift_JIS]C[\x95\x5C])\n(;GM[11]SZ[5];B[a1])(;C[\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e])tail"
	r, err := sgf.NewReader(strings.NewReader(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	var out []byte
	for {
		g, err := r.Next()
		if err != nil {
			if !errors.Is(err, io.EOF) {
				t.Fatal(err)
			}
			break
		}
		got = append(got, g.Charset().Name+":"+g.Root().Comment())
		b, err := g.Collection().Bytes()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b...)
		if g.Collection().Len() != 1 || g.Collection().File() != nil {
			t.Error("a game of a Reader comes in a collection of its own")
		}
	}
	want := []string{"Shift_JIS:表", "ISO-8859-1:", "UTF-8:日本語"}
	if !slices.Equal(got, want) {
		t.Errorf("games %q, want %q", got, want)
	}
	if !strings.HasPrefix(src, string(out)) {
		t.Errorf("games written back %q", out)
	}
	if _, err := sgf.NewReader(strings.NewReader(src), &sgf.ReadOptions{Charset: "nope"}); !errors.Is(err, sgf.ErrCharset) {
		t.Errorf("bad charset: %v", err)
	}
}

// A CA naming a charset that is not ASCII-compatible, over ASCII bytes,
// is wrong: the tree does not decode into a game tree, and detection
// decides.
func TestCharsetWrongWideCA(t *testing.T) {
	g := mustParse(t, "(;CA[UTF-16LE]PB[M\xfcller];B[aa])").Game(0)
	cs := g.Charset()
	if cs.Source != sgf.SourceDetected || cs.Declared != "UTF-16LE" || !strings.Contains(cs.Detail, "does not fit") || cs.Transcoded {
		t.Errorf("Charset() = %+v", cs)
	}
	if pb := g.Info().PlayerBlack; pb != "Müller" {
		t.Errorf("PB = %q", pb)
	}
}

// TestReaderRewriteByteIdentical: writing every game a Reader yields, then
// its Tail, gives back the input byte for byte, also with an edit of one
// property of a later game (its layout kept) (issue 19, defects 3 and 4).
func TestReaderRewriteByteIdentical(t *testing.T) {
	src := "header\n(;GM[1]FF[4]\nPB[a]\nRE[B+R]\n;B[aa])\n\n(;GM[1]FF[4]\nPB[b]\nRE[w+r]\n;B[bb])\n"
	rewrite := func(edit bool) string {
		r, err := sgf.NewReader(strings.NewReader(src), nil)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		for {
			g, err := r.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if edit && g.Index() == 1 {
				if err := g.Root().Set("RE", "W+R"); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := g.WriteTo(&out); err != nil {
				t.Fatal(err)
			}
		}
		out.Write(r.Tail())
		return out.String()
	}
	if got := rewrite(false); got != src {
		t.Errorf("streamed rewrite %q\nwant %q", got, src)
	}
	if got, want := rewrite(true), strings.Replace(src, "RE[w+r]", "RE[W+R]", 1); got != want {
		t.Errorf("streamed rewrite with an edit %q\nwant %q", got, want)
	}
}

// TestCharsetLatinPairsOneStory: issue 19, defect 5, through the typed
// view. libsgfc++'s Latin test files without their CA (a list of accented
// capitals each with its small letter) were read as windows-1251 with
// confidence 0.98, and Game.Charset() told three stories at once: Name
// ISO-8859-1, Confidence 0.75, Detail "windows-1252 0.97". Now the game is
// ISO-8859-1, the FF[4] default, with the confidence 0.5 that a guess
// deserves, and the Detail ends in that same decision.
func TestCharsetLatinPairsOneStory(t *testing.T) {
	const latin = "Ää Àà Ââ Åå Ææ Çç Èè Éé Êê Ëë Îî Ïï Ññ Öö Ôô Øø ß Üü Ùù Ûû ÿ ¿¡ «»"
	ca := regexp.MustCompile(`CA\[[^\]]*\]`)
	for _, f := range []string{"encoding-western-isolatin1.sgf", "encoding-western-isolatin9.sgf", "encoding-western-windowslatin1.sgf"} {
		t.Run(f, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("charset", "testdata", f))
			if err != nil {
				t.Fatal(err)
			}
			src = ca.ReplaceAll(src, nil)
			c := mustParse(t, string(src))
			g := c.Game(0)
			cs := g.Charset()
			if cs.Name != "ISO-8859-1" || cs.Charset.Name() != cs.Name || cs.Source != sgf.SourceDetected || cs.Declared != "" {
				t.Errorf("Charset() = %s (%s) from %s, declared %q; want ISO-8859-1 detected", cs.Name, cs.Charset.Name(), cs.Source, cs.Declared)
			}
			if cs.Confidence != 0.5 {
				t.Errorf("Confidence = %v, want 0.5: a list of letters shows no language", cs.Confidence)
			}
			// The Detail's last clause is the decision: the same name and
			// the same confidence as the other two fields.
			want := fmt.Sprintf("%s, the FF[4] default, confidence %.2f", cs.Name, cs.Confidence)
			if !strings.HasSuffix(cs.Detail, want) {
				t.Errorf("Detail = %q,\nwant it to end in %q", cs.Detail, want)
			}
			if got := g.Node(3).Comment(); got != latin {
				t.Errorf("comment = %q, want %q", got, latin)
			}
		})
	}
}

// TestCharsetMacRomanNotSure is issue 19's defect 5 on libsgfc++'s Mac OS
// Roman file without its CA[macintosh]: its lists of accented letters
// ("Ää" is 0x80 0x8A) were detected as windows-1251 with confidence
// 0.98. A list of letters shows no language: ISO-8859-1, the FF[4]
// default, with confidence 0.5, and the three fields tell that story.
func TestCharsetMacRomanNotSure(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("charset", "testdata", "encoding-western-macosroman.sgf"))
	if err != nil {
		t.Fatal(err)
	}
	src = regexp.MustCompile(`CA\[[^\]]*\]`).ReplaceAll(src, nil)
	cs := mustParse(t, string(src)).Game(0).Charset()
	if cs.Confidence > 0.5 {
		t.Errorf("Charset() = %s with confidence %.2f: a list of letters in an unknown charset is no evidence", cs.Name, cs.Confidence)
	}
	want := fmt.Sprintf("%s, the FF[4] default, confidence %.2f", cs.Name, cs.Confidence)
	if cs.Name != "ISO-8859-1" || cs.Source != sgf.SourceDetected || !strings.HasSuffix(cs.Detail, want) {
		t.Errorf("Charset() = %s from %s, Detail %q; want ISO-8859-1 detected, the Detail ending in %q", cs.Name, cs.Source, cs.Detail, want)
	}
}
