package cli

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"
)

func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// TestAtomicWriteNoNameWhileWriting: on Linux the temporary file of an
// atomic write has no name until it is complete (O_TMPFILE), so that a
// process killed while writing leaves nothing behind (issue 11, item 5).
func TestAtomicWriteNoNameWhileWriting(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "g.sgf")
	writeFile(t, name, "(;)")
	if f, err := openAnonymous(dir); err != nil {
		t.Skipf("no O_TMPFILE here: %v", err)
	} else {
		f.Close()
	}
	a, err := createAtomic(name, true)
	if err != nil {
		t.Fatal(err)
	}
	a.Write([]byte("(;GM[1])"))
	if got := dirNames(t, dir); !slices.Equal(got, []string{"g.sgf"}) {
		t.Errorf("while writing, the folder holds %q, want only g.sgf", got)
	}
	if err := a.commit(); err != nil {
		t.Fatal(err)
	}
	if got := dirNames(t, dir); !slices.Equal(got, []string{"g.sgf"}) {
		t.Errorf("after the write, the folder holds %q", got)
	}
	if b, _ := os.ReadFile(name); string(b) != "(;GM[1])" {
		t.Errorf("written %q", b)
	}
	// Aborted, it leaves nothing either.
	a, err = createAtomic(name, true)
	if err != nil {
		t.Fatal(err)
	}
	a.Write([]byte("x"))
	a.abort()
	if got := dirNames(t, dir); !slices.Equal(got, []string{"g.sgf"}) {
		t.Errorf("after abort, the folder holds %q", got)
	}
}

// TestRemoveStaleTemps: the first write into a folder removes the
// temporary files of processes that no longer run, and those without a
// PID older than an hour; it keeps those of running processes and recent
// ones (issue 11, item 5: every kill during --in-place left a file).
func TestRemoveStaleTemps(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skip("no true(1):", err)
	}
	dead := cmd.Process.Pid
	if processRuns(dead) {
		t.Skipf("PID %d was reused", dead)
	}
	old := time.Now().Add(-2 * time.Hour)
	files := map[string]bool{ // name -> removed
		".g.sgf.sgf-tmp-p" + strconv.Itoa(dead) + "-12":        true,
		".g.sgf.sgf-tmp-p" + strconv.Itoa(os.Getpid()) + "-34": false,
		".h.sgf.sgf-tmp-56":  true, // made old below
		".k.sgf.sgf-tmp-78":  false,
		".notes.txt":         false,
		"g.sgf":              false,
		".x.sgf.sgf-tmp-p1x": false, // not the pattern
	}
	for n := range files {
		writeFile(t, filepath.Join(dir, n), "(;)")
	}
	os.Chtimes(filepath.Join(dir, ".h.sgf.sgf-tmp-56"), old, old)
	if err := writeAtomic(filepath.Join(dir, "g.sgf"), []byte("(;GM[1])"), replaceOnly); err != nil {
		t.Fatal(err)
	}
	for n, removed := range files {
		_, err := os.Stat(filepath.Join(dir, n))
		if gone := err != nil; gone != removed {
			t.Errorf("%s: removed %v, want %v", n, gone, removed)
		}
	}
}

// TestMayWrite: the decision of --in-place goes by the mode bits, for root
// too (issue 11, item 6: a 0444 file was replaced).
func TestMayWrite(t *testing.T) {
	o := &owner{uid: 1000, gid: 100}
	tests := []struct {
		mode       fs.FileMode
		euid, egid int
		groups     []int
		want       bool
	}{
		{0o644, 1000, 100, nil, true},
		{0o444, 1000, 100, nil, false},
		{0o444, 0, 0, nil, false}, // root too
		{0o464, 2000, 100, nil, true},
		{0o444, 2000, 200, []int{100}, false},
		{0o464, 2000, 200, []int{100}, true},
		{0o646, 2000, 200, nil, true},
		{0o644, 2000, 200, nil, false},
		{0o640, 0, 0, nil, true},  // root, not the owner: any write bit
		{0o440, 0, 0, nil, false}, // none
	}
	for _, tt := range tests {
		if got := mayWrite(tt.mode, o, tt.euid, tt.egid, tt.groups); got != tt.want {
			t.Errorf("mayWrite(%v, owner 1000:100, user %d:%d %v) = %v, want %v", tt.mode, tt.euid, tt.egid, tt.groups, got, tt.want)
		}
	}
}
