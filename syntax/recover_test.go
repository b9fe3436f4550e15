package syntax

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// golden renders everything the parser says of an input: diagnostics,
// the tree as JSON, and the canonical format.
func golden(src []byte) []byte {
	f, err := Parse(src, caPolicy)
	var b bytes.Buffer
	b.WriteString("-- diagnostics --\n")
	for _, d := range f.Diagnostics {
		fmt.Fprintf(&b, "%s (sgfc %d, tree %d, node %d)\n", d, d.Code.SGFC(), d.Tree, d.Node)
	}
	fmt.Fprintf(&b, "-- error --\n%v\n-- json --\n", err)
	for _, t := range f.Trees {
		b.Write(AppendTreeJSON(nil, t))
		b.WriteByte('\n')
	}
	b.WriteString("-- format --\n")
	b.Write(Format(f))
	return b.Bytes()
}

// TestRecoveryGolden checks every recovery on its own small input: the
// diagnostics (code, position, severity, critical), the tree read, and the
// canonical output; and that the input round-trips byte for byte.
// Run with -update to rewrite testdata/recover/*.golden.
func TestRecoveryGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/recover/*.sgf")
	if len(files) == 0 {
		t.Fatal("no test inputs")
	}
	for _, name := range files {
		t.Run(filepath.Base(name), func(t *testing.T) {
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			got := golden(src)
			gname := strings.TrimSuffix(name, ".sgf") + ".golden"
			if *update {
				os.WriteFile(gname, got, 0o644)
			}
			want, err := os.ReadFile(gname)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("got\n%s\nwant\n%s", got, want)
			}
			f, _ := Parse(src, caPolicy)
			if !bytes.Equal(f.Bytes(), src) {
				t.Error("not lossless")
			}
			// The file named after a code must report that code.
			if c, ok := ParseCode(strings.ToUpper(filepath.Base(name)[:3])); ok {
				found := false
				for _, d := range f.Diagnostics {
					found = found || d.Code == c
				}
				if !found {
					t.Errorf("no %s diagnostic", c)
				}
			}
		})
	}
}
