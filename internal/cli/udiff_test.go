package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestUnifiedDiff: the diff applies with patch(1) where it is installed,
// and reads as expected on a small case.
func TestUnifiedDiff(t *testing.T) {
	got := string(unifiedDiff("a.sgf", []byte("1\n2\n3\n4\n5\n6\n7\n8\n9\n"), []byte("1\n2\n3\n4\nfive\n6\n7\n8\n9\n")))
	want := "diff -u a.sgf.orig a.sgf\n--- a.sgf.orig\n+++ a.sgf\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if unifiedDiff("x", []byte("a"), []byte("a")) != nil {
		t.Error("a diff of equal texts")
	}
	patch, err := exec.LookPath("patch")
	if err != nil {
		t.Skip("no patch(1)")
	}
	for _, tc := range [][2]string{
		{"(;GM[1]FF[4]SZ[9];B[ee];W[cc])", "(;GM[1]\nFF[4]\nSZ[9]\n;B[ee];W[cc])\n"},
		{"a\nb\nc\n", "x\na\nb\nc\ny"},
		{"a\nb\nc\nd\ne\nf\ng\nh\n", "a\nb\nc\nD\ne\nf\ng\nh\n"},
		{"", "a\n"},
		{"a\n", ""},
	} {
		dir := t.TempDir()
		name := filepath.Join(dir, "f.sgf")
		os.WriteFile(name, []byte(tc[0]), 0o644)
		d := unifiedDiff("f.sgf", []byte(tc[0]), []byte(tc[1]))
		cmd := exec.Command(patch, "-s", "f.sgf")
		cmd.Dir = dir
		cmd.Stdin = strings.NewReader(string(d))
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%q -> %q: patch: %v %s\n%s", tc[0], tc[1], err, out, d)
			continue
		}
		if b, _ := os.ReadFile(name); string(b) != tc[1] {
			t.Errorf("%q -> %q: patched to %q\n%s", tc[0], tc[1], b, d)
		}
	}
}
