package cli

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf/charset"
)

func encodeTo(t *testing.T, name, s string) []byte {
	t.Helper()
	cs, err := charset.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	b, err := cs.Encoding().NewEncoder().Bytes([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// escapeInside puts a "\" between a lead byte and a second byte "\" or
// "]", as SGFC -E2 writes two-byte text byte by byte.
func escapeInside(b []byte) []byte {
	var out []byte
	for i := 0; i < len(b); i++ {
		out = append(out, b[i])
		if b[i] >= 0x81 && i+1 < len(b) {
			if b[i+1] == '\\' || b[i+1] == ']' {
				out = append(out, '\\')
			}
			out = append(out, b[i+1])
			i++
		}
	}
	return out
}

// TestOneReading: json, info, check and fix read a file the same way
// (issue 12 item 1, issue 11 item 9): a Shift_JIS file without CA whose
// characters end in "]" and "\" (望 is 0x96 0x5D), and SGFC's CA[GB18030]
// tree with "\" and "]" as second bytes, escaped byte by byte (揮 is
// 0x93 0x5D). Before, check reported 14 critical S03 on the first, and
// check and fix ended the GB18030 comment at the "]" inside 揮.
func TestOneReading(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name    string
		src     []byte
		pb, c   string
		charset string
	}{
		{"sjis.sgf", encodeTo(t, "Shift_JIS", "(;GM[1]FF[4]SZ[19]PB[望月]PW[江川]C[云余 従 曽望 表示 十分 能力 ソフト、今日は良い天気ですね。白の勝ちです。];B[pd])"),
			"望月", "云余 従 曽望 表示 十分 能力 ソフト、今日は良い天気ですね。白の勝ちです。", "Shift_JIS"},
		{"gb18030.sgf", append([]byte("(;FF[4]CA[GB18030]PB[x]C["), append(escapeInside(encodeTo(t, "GB18030", "交通運輸\n指揮權")), "])\n"...)...),
			"x", "交通運輸\n指揮權", "GB18030"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			name := filepath.Join(dir, tt.name)
			writeFile(t, name, string(tt.src))
			run := func(args ...string) (string, string, int) {
				var stdout, stderr bytes.Buffer
				code := Main(append(args, name), nil, &stdout, &stderr)
				return stdout.String(), stderr.String(), code
			}
			if out, errs, code := run("check"); code != exitOK || out != "" {
				t.Errorf("sgf check: exit %d\n%s%s", code, out, errs)
			}
			out, _, _ := run("info")
			if !strings.Contains(out, tt.pb) || !strings.Contains(out, tt.charset) {
				t.Errorf("sgf info:\n%s", out)
			}
			out, errs, code := run("json", "--decoded")
			var doc jsonDoc
			if err := json.Unmarshal([]byte(out), &doc); err != nil || code != exitOK {
				t.Fatalf("sgf json --decoded: exit %d, %v: %s%s", code, err, out, errs)
			}
			for _, p := range doc.Games[0].Nodes[0].Props {
				if p.ID == "C" && (len(p.Values) != 1 || p.Values[0] != tt.c) {
					t.Errorf("sgf json --decoded: C %q, want %q", p.Values, tt.c)
				}
			}
			out, errs, code = run("fix", "-o", "-")
			if code != exitOK || !strings.Contains(out, "C["+strings.ReplaceAll(tt.c, "]", "\\]")+"]") || !strings.Contains(out, "PB["+tt.pb+"]") {
				t.Errorf("sgf fix: exit %d:\n%s%s", code, out, errs)
			}
		})
	}
}
