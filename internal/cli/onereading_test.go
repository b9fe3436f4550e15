package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
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

// TestGameInfoReadAlike: sgf info, sgf json --decoded and sgf check read
// the game information of a file alike (issue 12: every value read through
// the typed view, one decision per value). A DT, RE, KM or TM is a value
// as written whose escapes are removed once: RE[B+\\R] is the text `B+\R`,
// no result, and check reports it (C15); before, sgf info removed the
// escapes a second time, read it as B+R and reported nothing. RE[B+\R]
// is B+R everywhere.
func TestGameInfoReadAlike(t *testing.T) {
	dir := t.TempDir()
	for i, tc := range []struct {
		prop, raw, text string
		bad             bool // no value of its type: info and check report it
	}{
		{"RE", `B+\\R`, `B+\R`, true},
		{"RE", `B+\R`, `B+R`, false},
		{"RE", `W+\\`, `W+\`, true},
		{"DT", `2019-04-0\\3`, `2019-04-0\3`, true},
		{"DT", `2019\-04-03`, `2019-04-03`, false},
		{"KM", `6\\.5`, `6\.5`, true},
		{"KM", `6\.5`, `6.5`, false},
		{"TM", `30\\0`, `30\0`, true},
		{"TM", `30\0`, `300`, false},
	} {
		name := filepath.Join(dir, fmt.Sprintf("%d.sgf", i))
		writeFile(t, name, "(;FF[4]GM[1]SZ[19]"+tc.prop+"["+tc.raw+"];B[pd])")
		run := func(args ...string) []byte {
			var stdout, stderr bytes.Buffer
			Main(append(args, name), nil, &stdout, &stderr)
			return stdout.Bytes()
		}
		var info struct {
			Files []struct {
				Games []map[string]any
			}
		}
		if err := json.Unmarshal(run("info", "--json"), &info); err != nil || len(info.Files) != 1 || len(info.Files[0].Games) != 1 {
			t.Fatalf("%s[%s]: sgf info --json: %v", tc.prop, tc.raw, err)
		}
		gi := info.Files[0].Games[0]
		field := map[string]string{"RE": "result", "DT": "date", "KM": "komi", "TM": "time_limit"}[tc.prop]
		infoBad := false
		for _, e := range gi["errors"].([]any) {
			infoBad = infoBad || strings.HasPrefix(e.(string), tc.prop+" ")
		}
		var doc jsonDoc
		if err := json.Unmarshal(run("json", "--decoded"), &doc); err != nil {
			t.Fatalf("%s[%s]: sgf json --decoded: %v", tc.prop, tc.raw, err)
		}
		var decoded any
		for _, p := range doc.Games[0].Nodes[0].Props {
			if p.ID == tc.prop {
				decoded = p.Values[0]
			}
		}
		var chk struct {
			Files []struct {
				Diagnostics []struct{ Code, Property string }
			}
		}
		if err := json.Unmarshal(run("check", "--json"), &chk); err != nil {
			t.Fatalf("%s[%s]: sgf check --json: %v", tc.prop, tc.raw, err)
		}
		checkBad := false
		for _, d := range chk.Files[0].Diagnostics {
			checkBad = checkBad || d.Property == tc.prop && (d.Code == "C15" || d.Code == "C03")
		}
		if infoBad != tc.bad || checkBad != tc.bad {
			t.Errorf("%s[%s]: sgf info reports it: %v, sgf check: %v; want %v", tc.prop, tc.raw, infoBad, checkBad, tc.bad)
		}
		if gi[field] != tc.text && tc.bad {
			t.Errorf("%s[%s]: sgf info %s %q, want the text %q", tc.prop, tc.raw, field, gi[field], tc.text)
		}
		// json --decoded: the text where the value has no form of its
		// type; the number where it has.
		if s, ok := decoded.(string); tc.bad && (!ok || s != tc.text) || !tc.bad && tc.prop != "RE" && tc.prop != "DT" && ok {
			t.Errorf("%s[%s]: sgf json --decoded %#v", tc.prop, tc.raw, decoded)
		}
	}
}
