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
// the flags each needs: every command that reads SGF (serve is the
// viewer's server: TestPlaySuperko and the webui tests drive it). "{new}"
// stands for a path that does not exist yet (a fresh output folder or
// database each run), "{db}" for an index of the tree made with
// --variations (siblingArgs), whose search then meets every sibling.
var siblingCommands = [][]string{
	{"tree"}, {"strip", "--variations"}, {"merge"}, {"fix", "-o", "-"},
	{"check"}, {"fmt"}, {"json"}, {"show"}, {"info"}, {"stats"},
	{"dupes"}, {"dupes", "--strict"}, {"convert", "-o", "-"}, {"join"},
	{"split", "-o", "{new}"}, {"render", "-o", "{new}"},
	{"index", "--db", "{new}"}, {"index", "--variations", "--db", "{new}"},
	{"search", "--db", "{db}", "--pattern-text", "X../.../..."},
}

// siblingArgs returns args with its placeholders replaced (see
// siblingCommands) and the tree file name appended; search takes no file.
func siblingArgs(tb testing.TB, args []string, name string, db *string) []string {
	out := make([]string, 0, len(args)+1)
	for _, a := range args {
		switch a {
		case "{new}":
			d, err := os.MkdirTemp(tb.TempDir(), "out")
			if err != nil {
				tb.Fatal(err)
			}
			a = filepath.Join(d, "new")
		case "{db}":
			if *db == "" {
				*db = filepath.Join(tb.TempDir(), "variations.db")
				var stdout, stderr bytes.Buffer
				if code := Main([]string{"index", "--variations", "--db", *db, name}, nil, &stdout, &stderr); code != exitOK {
					tb.Fatalf("index --variations: exit %d: %s", code, stderr.String())
				}
			}
			a = *db
		}
		out = append(out, a)
	}
	if args[0] == "search" {
		return out
	}
	return append(out, name)
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
	var db string
	for _, args := range siblingCommands {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := Main(siblingArgs(t, args, name, &db), strings.NewReader(""), &stdout, &stderr)
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
			case "index":
				want := "1 positions written"
				if args[1] == "--variations" {
					want = "200000 positions written"
				}
				if !strings.Contains(stderr.String(), want) {
					t.Errorf("%s: %s, want %q", args, stderr.String(), want)
				}
			case "search":
				if !strings.Contains(stdout.String(), "hits in 1 games") {
					t.Errorf("search: %s", stdout.String())
				}
			}
		})
	}
}

// BenchmarkSiblings runs each command on a root with a million children
// (search: over the index of them all, made once before it is timed).
func BenchmarkSiblings(b *testing.B) {
	name := writeSiblings(b, 1_000_000)
	fi, _ := os.Stat(name)
	var db string
	for _, args := range siblingCommands {
		b.Run(strings.Join(args, "_"), func(b *testing.B) {
			siblingArgs(b, args, name, &db) // the index for search, untimed
			b.SetBytes(fi.Size())
			b.ReportAllocs()
			for b.Loop() {
				var stdout, stderr bytes.Buffer
				if code := Main(siblingArgs(b, args, name, &db), strings.NewReader(""), &stdout, &stderr); code != exitOK {
					b.Fatalf("exit %d: %s", code, stderr.String())
				}
			}
		})
	}
}
