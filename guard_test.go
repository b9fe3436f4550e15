package sgf_test

import (
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf"
)

// TestTwoByteReading checks the choice between reading a tree with the
// two-byte characters of its charset and reading it byte by byte, where a
// lead byte stands before "\" or "]". Issue 3: "The raw bytes are decoded
// before values are split: in Shift_JIS, GBK and Big5 the second byte of a
// character can be \ or ]" — and a wrong CA must not swallow the tree.
func TestTwoByteReading(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		nodes   int
		comment string // of the root (a part of it, for the cases that say so)
		part    bool
		pb      string
		cs      string
		detail  string // a part of CharsetInfo.Detail
	}{
		{
			// Latin-1 under CA[GB2312]: "\xe9]" is a GBK character, so
			// read in pairs PB would run to the end of the file.
			name: "latin1-under-gb2312", src: "(;FF[4]CA[GB2312]GM[1]SZ[19]PB[Ren\xe9]PW[Jos\xe9]C[Caf\xe9];B[pd];W[dd])",
			nodes: 3, comment: "Café", pb: "René", cs: "ISO-8859-1", detail: "swallow",
		},
		{
			// GBK written as text: "\xe9]" is 閉, the "]" no delimiter.
			name: "gbk-trail-bracket", src: "(;FF[4]CA[GBK]GM[1]PB[\xe9]\xb5\xea]C[\xd6\xd0\xb9\xfa];B[pd])",
			nodes: 2, comment: "中国", pb: "閉店", cs: "GBK",
		},
		{
			// Big5 許 is 0xB3 0x5C: the "\" is no escape.
			name: "big5-trail-backslash", src: "(;FF[4]CA[Big5]GM[1]PB[\xb3\\\xae\x61\xa4\xb8]C[ok];B[pd])",
			nodes: 2, comment: "ok", pb: "許家元", cs: "Big5",
		},
		{
			// Escaped byte by byte (SGFC -E2): 揮 is 0x93 0x5D, written
			// 0x93 "\" 0x5D; 權 follows.
			name: "gb18030-escaped-bytewise", src: "(;FF[4]CA[GB18030]GM[1]C[\xd6\xb8\x93\\]\x99\xe0]PB[x];B[pd])",
			nodes: 2, comment: "指揮權", pb: "x", cs: "GB18030", detail: "byte by byte",
		},
		{
			// A text cut short in the middle of a character before its
			// "]": read in pairs the lead byte would take the "]" and the
			// rest of the node; read byte by byte the CA still fits (the
			// cut character is U+FFFD, listed by convert).
			name: "gbk-cut-before-bracket", src: "(;FF[4]CA[GBK]GM[1]PB[\xd6\xd0\xb9\xfa]C[\xce\xa7\xc6\xe5\xce];B[aa])",
			nodes: 2, comment: "围棋\ufffd", pb: "中国", cs: "GBK", detail: "cut short",
		},
		{
			// One corrupt byte in GBK text: the CA stands (damaged text),
			// the byte is U+FFFD.
			name: "gbk-one-corrupt-byte", src: "(;FF[4]CA[GBK]GM[1]PB[\xb9\xc5\xff\xd6\xd0]C[\xb9\xfa];B[aa])",
			nodes: 2, comment: "国", pb: "古\ufffd中", cs: "GBK", detail: "damaged",
		},
		{
			// A byte missing in the middle of a long GBK comment: the
			// lead byte left takes the "]" in pairs; byte by byte the
			// detector still says GBK, which stands.
			name: "gbk-byte-missing", src: "(;FF[4]CA[GBK]PB[\xbf\xc2\xbd\xe0]C[\xd5\xe2\xca\xc7\xd2\xbb\xb8\xf6\xb2\xe2\xca\xd4\xc6\xe5\xc6\xd7\xa3\xac\xba\xda\xc6\xe5\xcf\xc8\xd0\xd0\xa3\xac\xb0\xc6\xe5\xcc\xf9\xc4\xbf\xc6\xdf\xb5\xe3\xce\xe5\xa1\xa3\xcb\xab\xb7\xbd\xb6\xbc\xcf\xc2\xb5\xc3\xba\xdc\xba\xc3\xa1\xa3];B[pd]C[\xd5\xe2\xca\xc7\xd2\xbb\xb8\xf6\xb2\xe2\xca\xd4\xc6\xe5\xc6\xd7\xa3\xac\xba\xda\xc6\xe5\xcf\xc8\xd0\xd0\xa3\xac\xb0\xd7\xc6\xe5\xcc\xf9\xc4\xbf\xc6\xdf\xb5\xe3\xce\xe5\xa1\xa3\xcb\xab\xb7\xbd\xb6\xbc\xcf\xc2\xb5\xc3\xba\xdc\xba\xc3\xa1\xa3])",
			nodes: 2, pb: "柯洁", cs: "GBK", comment: "黑棋先", part: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := sgf.Parse([]byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			g := c.Game(0)
			n := 0
			for range g.Nodes() {
				n++
			}
			info := g.Charset()
			okComment := g.Root().Comment() == tt.comment || tt.part && strings.Contains(g.Root().Comment(), tt.comment)
			if n != tt.nodes || !okComment || g.Info().PlayerBlack != tt.pb || info.Name != tt.cs {
				t.Errorf("%d nodes, C %q, PB %q, charset %s (%s); want %d, %q, %q, %s",
					n, g.Root().Comment(), g.Info().PlayerBlack, info.Name, info.Detail, tt.nodes, tt.comment, tt.pb, tt.cs)
			}
			if tt.detail != "" && !strings.Contains(info.Detail, tt.detail) {
				t.Errorf("Detail %q does not say %q", info.Detail, tt.detail)
			}
			// Unedited, the input comes back byte for byte.
			if b, _ := c.Bytes(); string(b) != tt.src {
				t.Errorf("printed %q", b)
			}
		})
	}
}

// UTF-32 with and without byte order mark is decoded as a whole.
func TestUTF32(t *testing.T) {
	text := "(;PB[Jürgen 井山]C[李昌镐コメント李昌镐コメント];B[aa])"
	for _, tt := range []struct {
		name string
		src  []byte
	}{
		{"le", utf32(text, false, false)},
		{"be", utf32(text, true, false)},
		{"le-bom", utf32(text, false, true)},
	} {
		c, err := sgf.Parse(tt.src)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if pb := c.Game(0).Info().PlayerBlack; pb != "Jürgen 井山" {
			t.Errorf("%s: PB %q (%s)", tt.name, pb, c.Game(0).Charset().Detail)
		}
	}
}

func utf32(s string, be, bom bool) []byte {
	var out []byte
	put := func(r rune) {
		b := []byte{byte(r), byte(r >> 8), byte(r >> 16), byte(r >> 24)}
		if be {
			b[0], b[1], b[2], b[3] = b[3], b[2], b[1], b[0]
		}
		out = append(out, b...)
	}
	if bom {
		put(0xFEFF)
	}
	for _, r := range s {
		put(r)
	}
	return out
}
