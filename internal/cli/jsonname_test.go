package cli

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestAppendJSONFile(t *testing.T) {
	tests := []struct{ name, want string }{
		{"a.sgf", `"a.sgf"`},
		{"été/\"q\".sgf", `"été/\"q\".sgf"`},
		{"e\xffrr.sgf", `"e\udcffrr.sgf","file_bytes":"Zf9yci5zZ2Y="`},
		{"\xe9t\xe9 \"x\".sgf", `"\udce9t\udce9 \"x\".sgf","file_bytes":"6XTpICJ4Ii5zZ2Y="`},
		{"ok-ü-\x80\x80.sgf", `"ok-ü-\udc80\udc80.sgf","file_bytes":"b2stw7wtgIAuc2dm"`},
	}
	for _, tt := range tests {
		got := string(appendJSONFile(nil, tt.name))
		if got != tt.want {
			t.Errorf("appendJSONFile(%q) = %s, want %s", tt.name, got, tt.want)
		}
		var v struct {
			File      string `json:"file"`
			FileBytes []byte `json:"file_bytes"`
		}
		if err := json.Unmarshal([]byte(`{"file":`+got+`}`), &v); err != nil {
			t.Errorf("%q: not JSON: %v", tt.name, err)
			continue
		}
		// The name maps back: from "file" when it is UTF-8, else from
		// "file_bytes".
		back := v.File
		if v.FileBytes != nil {
			back = string(v.FileBytes)
		}
		if back != tt.name {
			t.Errorf("%q: read back as %q", tt.name, back)
		}
	}
}

// TestJSONFileNamesNotUTF8: every command's JSON writes a file name that
// is not UTF-8 so that it can be mapped back (issue 11, item 8: "e\xffrr.sgf"
// was written as "eÿrr.sgf", the name of another file).
func TestJSONFileNamesNotUTF8(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "e\xffrr.sgf")
	if err := os.WriteFile(name, []byte("(;GM[1]FF[3]SZ[19];B[aa]())"), 0o644); err != nil {
		t.Skip("the file system refuses a name that is not UTF-8:", err)
	}
	writeFile(t, filepath.Join(dir, "copy.sgf"), "(;GM[1]FF[3]SZ[19];B[aa]())")
	want := `"file_bytes":"` + base64.StdEncoding.EncodeToString([]byte(name)) + `"`
	escaped := dir + `/e\udcffrr.sgf"`
	for _, args := range [][]string{
		{"check", "--json", dir},
		{"check", "--jsonl", "--strict", dir},
		{"info", "--json", dir},
		{"fix", "--json", "-o", "-", name},
		{"convert", "--json", "-o", "-", name},
		{"json", name},
		{"json", "--decoded", name},
		{"dupes", "--json", dir},
	} {
		var stdout, stderr bytes.Buffer
		Main(args, nil, &stdout, &stderr)
		out := stdout.String() + stderr.String()
		if !strings.Contains(out, escaped) || !strings.Contains(out, want) {
			t.Errorf("sgf %s: no %s with %s in\n%s", strings.Join(args, " "), escaped, want, out)
		}
		if strings.Contains(out, "eÿrr") {
			t.Errorf("sgf %s: the name as Latin-1 letters", strings.Join(args, " "))
		}
	}
}
