package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeSiblings writes a game whose root has n children (;B[aa]) and
// returns its path (issue 13 item 2).
func writeSiblings(tb testing.TB, n int) string {
	var b bytes.Buffer
	b.WriteString("(;GM[1]FF[4]SZ[19]")
	for range n {
		b.WriteString("(;B[aa])")
	}
	b.WriteString(")\n")
	name := filepath.Join(tb.TempDir(), "siblings.sgf")
	if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
		tb.Fatal(err)
	}
	return name
}

// siblingCommands are the commands run on a tree of many siblings, with
// the flags each needs.
var siblingCommands = [][]string{
	{"tree"}, {"strip", "--variations"}, {"merge"}, {"fix", "-o", "-"},
	{"check"}, {"fmt"}, {"json"}, {"show"}, {"info"}, {"stats"},
	{"dupes"}, {"dupes", "--strict"}, {"convert", "-o", "-"}, {"join"},
}

// TestManySiblings runs every command on a root with 200,000 children.
// tree, strip --variations, merge and fix took time quadratic in the
// number of children: here tens of minutes, more than go test's timeout.
func TestManySiblings(t *testing.T) {
	if testing.Short() {
		t.Skip("200,000 variations")
	}
	const n = 200_000
	name := writeSiblings(t, n)
	for _, args := range siblingCommands {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := Main(append(append([]string{}, args...), name), strings.NewReader(""), &stdout, &stderr)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, stderr.String())
			}
			switch args[0] {
			case "tree":
				if got := strings.Count(stdout.String(), "\n"); got != n+2 {
					t.Errorf("tree: %d lines, want %d", got, n+2)
				}
			case "strip":
				if !strings.Contains(stderr.String(), "removed 199999 variations") {
					t.Errorf("strip: %s", stderr.String())
				}
			case "merge", "fix", "fmt", "convert", "join":
				if got := strings.Count(stdout.String(), "B[aa]"); got != n {
					t.Errorf("%s: %d moves written, want %d", args[0], got, n)
				}
			}
		})
	}
}

// BenchmarkSiblings runs each command on a root with a million children.
func BenchmarkSiblings(b *testing.B) {
	name := writeSiblings(b, 1_000_000)
	fi, _ := os.Stat(name)
	for _, args := range siblingCommands {
		b.Run(strings.Join(args, "_"), func(b *testing.B) {
			b.SetBytes(fi.Size())
			b.ReportAllocs()
			for b.Loop() {
				var stdout, stderr bytes.Buffer
				if code := Main(append(append([]string{}, args...), name), strings.NewReader(""), &stdout, &stderr); code != exitOK {
					b.Fatalf("exit %d: %s", code, stderr.String())
				}
			}
		})
	}
}
