package sgf_test

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/syntax"
)

// twoByteCases are games without CA[] written in a two-byte charset whose
// characters have "\" (0x5C) or "]" (0x5D) as their second byte: a reader
// that splits the file byte by byte before it knows the charset ends PB
// inside 望 (Shift_JIS 0x96 0x5D). Each charset has a short file (names
// only) and a long one (a comment). The charset must be chosen from the
// raw bytes of the tree, with lead/trail pairs as each candidate reads
// them (issue 12).
var twoByteCases = []struct {
	name, cs string
	pb, pw   string
	c        string
}{
	{"sjis-short", "Shift_JIS", "望月", "江川", ""},
	{"sjis-short-backslash", "Shift_JIS", "十河", "能美", ""},
	{"sjis-long", "Shift_JIS", "望月", "江川", "云余 従 曽望 表示 十分 能力 ソフト、今日は良い天気ですね。白の勝ちです。"},
	{"sjis-long-backslash", "Shift_JIS", "表", "十段", "この手は能率が悪い。十分に考えてから打つべきでした。表面だけを見ていてはいけません。"},
	{"gbk-short", "GBK", "王誠", "李謀", ""},
	{"gbk-short-bracket", "GBK", "张廬", "刘揮", ""},
	{"gbk-long", "GBK", "王誠", "李謀", "黑棋這手是誠實的下法，白棋揮手應對，謀求先手。考慮到全局，黑棋應該在右邊打入，白棋的應手很難。"},
	{"big5-short", "Big5", "許功", "蓋餐", ""},
	{"big5-short-bracket", "Big5", "孫珠", "包也", ""},
	{"big5-long", "Big5", "許家元", "蓋餐", "黑棋這手是功夫棋，白棋設法吞掉，許多人認為黑棋稍好。這盤棋的館內解說很精彩。"},
}

func encodeIn(t *testing.T, cs, s string) []byte {
	t.Helper()
	c, err := charset.Lookup(cs)
	if err != nil {
		t.Fatal(err)
	}
	b, err := c.Encoding().NewEncoder().Bytes([]byte(s))
	if err != nil {
		t.Fatalf("%q in %s: %v", s, cs, err)
	}
	return b
}

func twoByteFile(t *testing.T, cs, pb, pw, c string) []byte {
	var b strings.Builder
	b.WriteString("(;GM[1]FF[4]SZ[19]PB[" + pb + "]PW[" + pw + "]")
	if c != "" {
		b.WriteString("C[" + c + "]")
	}
	b.WriteString(";B[pd];W[dp])")
	return encodeIn(t, cs, b.String())
}

// sameFamily reports whether the charset read fits the one written: GBK
// text is also GB18030 text.
func sameFamily(got, want string) bool {
	fold := func(s string) string {
		switch s {
		case "GBK", "GB18030", "GB2312":
			return "GB"
		}
		return s
	}
	return fold(got) == fold(want)
}

func TestTwoByteTrailsWithoutCA(t *testing.T) {
	for _, tc := range twoByteCases {
		t.Run(tc.name, func(t *testing.T) {
			src := twoByteFile(t, tc.cs, tc.pb, tc.pw, tc.c)
			if !strings.Contains(string(src), "]") {
				t.Fatal("no test")
			}
			col, err := sgf.Parse(src)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range col.Diagnostics() {
				if d.Severity >= syntax.Error {
					t.Errorf("diagnostic %v", d)
				}
			}
			g := col.Game(0)
			if ci := g.Charset(); !sameFamily(ci.Name, tc.cs) {
				t.Errorf("charset %s (%s), want %s", ci.Name, ci.Detail, tc.cs)
			}
			root := g.Root()
			for id, want := range map[string]string{"PB": tc.pb, "PW": tc.pw, "C": tc.c} {
				if got, _ := root.Text(id); got != want {
					t.Errorf("%s = %q, want %q", id, got, want)
				}
			}
			n := 0
			for range g.MainLine() {
				n++
			}
			if n != 3 {
				t.Errorf("%d nodes on the main line, want 3", n)
			}
		})
	}
}

// TestTwoByteTrailsWrongCA: the same files with a CA[UTF-8] their bytes
// contradict are read in the charset they were written in.
func TestTwoByteTrailsWrongCA(t *testing.T) {
	for _, tc := range twoByteCases {
		if tc.c == "" {
			continue // a CA the bytes contradict needs text enough to say so
		}
		t.Run(tc.name, func(t *testing.T) {
			src := twoByteFile(t, tc.cs, tc.pb, tc.pw, tc.c)
			src = []byte(strings.Replace(string(src), "FF[4]", "FF[4]CA[UTF-8]", 1))
			col, err := sgf.Parse(src)
			if err != nil {
				t.Fatal(err)
			}
			g := col.Game(0)
			if ci := g.Charset(); !sameFamily(ci.Name, tc.cs) {
				t.Errorf("charset %s (%s), want %s", ci.Name, ci.Detail, tc.cs)
			}
			if got, _ := g.Root().Text("C"); got != tc.c {
				t.Errorf("C = %q, want %q", got, tc.c)
			}
		})
	}
}

// ExampleTreeCharset asks how a tree without CA[] is read, and why: its
// charset is chosen from the raw bytes, where only two-byte characters keep
// PB whole (望 is 0x96 0x5D in Shift_JIS).
func ExampleTreeCharset() {
	src := []byte("(;GM[1]PB[\x96\x5d\x8c\x8e]PW[\x8d\x5d\x90\xec];B[pd])")
	ci, err := sgf.TreeCharset(src, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(ci.Name, ci.Source)
	// Output: Shift_JIS detected
}

// TestReaderPositions: a Reader reports every game tree where it stands in
// the input, as Read does, also a tree read again with the two-byte
// characters of its detected charset: node and property offsets, lines
// and columns of Game.SyntaxTree, tree numbers and the diagnostics.
func TestReaderPositions(t *testing.T) {
	for _, tc := range twoByteCases {
		t.Run(tc.name, func(t *testing.T) {
			var src []byte
			src = append(src, "(;GM[1]FF[4]\r\nC[one\ntwo]\n;B[aa])\njunk [B]\n"...)
			src = append(src, twoByteFile(t, tc.cs, tc.pb, tc.pw, tc.c)...)
			src = append(src, "\n(;GM[1]\n;W[bb]\n;B[cc] ~ )\n"...)
			whole, err := sgf.ReadBytes(src, nil)
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			for _, g := range whole.Games() {
				want = append(want, treePositions(g.SyntaxTree())...)
			}
			for _, d := range whole.Diagnostics() {
				want = append(want, d.String())
			}
			r, err := sgf.NewReader(bytes.NewReader(src), nil)
			if err != nil {
				t.Fatal(err)
			}
			var got, diags []string
			reread := false
			for {
				g, err := r.Next()
				if g != nil {
					got = append(got, treePositions(g.SyntaxTree())...)
					for _, d := range g.Collection().Diagnostics() {
						diags = append(diags, d.String())
					}
					if g.Index() == 1 && g.SyntaxTree().LeadBytes() != syntax.ASCIISafe {
						reread = true
					}
				}
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			if !reread {
				t.Fatal("the two-byte tree was not read again with its charset: no test")
			}
			got = append(got, diags...)
			if !slices.Equal(got, want) {
				t.Errorf("Reader:\n%q\nRead:\n%q", got, want)
			}
		})
	}
}

func treePositions(t *syntax.Tree) []string {
	out := []string{fmt.Sprintf("tree %d at %d", t.Index(), t.Offset())}
	for n := range t.Nodes() {
		out = append(out, fmt.Sprintf("node %v", t.Position(n.Offset())))
		for p := range n.Props() {
			out = append(out, fmt.Sprintf("%s %v", p.ID, t.Position(p.Offset)))
		}
	}
	return out
}
