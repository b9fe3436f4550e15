//go:build linux

package index

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// The tests of a full disk and of a read-only database run Update in a
// child process (this test binary again, told by diskChildEnv what to
// do): a full disk is a limit on the size of the files it writes
// (RLIMIT_FSIZE: its writes fail as on a full disk, for any user), a
// read-only database one it may not write, under the uid of nobody when
// the tests run as root (root writes any file).
const diskChildEnv = "SGF_INDEX_DISK_CHILD"

func init() {
	spec := os.Getenv(diskChildEnv)
	if spec == "" {
		return
	}
	// mode|db|file
	parts := strings.SplitN(spec, "|", 3)
	if len(parts) != 3 {
		os.Exit(3)
	}
	mode, name, file := parts[0], parts[1], parts[2]
	switch mode {
	case "full":
		fi, err := os.Stat(name)
		if err != nil {
			os.Exit(3)
		}
		lim := uint64(fi.Size()) + 16<<10
		if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: lim, Max: lim}); err != nil {
			os.Stdout.WriteString("setrlimit: " + err.Error())
			os.Exit(3)
		}
	case "readonly":
		if os.Getuid() == 0 {
			if err := syscall.Setgid(65534); err != nil {
				os.Exit(3)
			}
			if err := syscall.Setuid(65534); err != nil {
				os.Exit(3)
			}
		}
	}
	db, err := Open(name, true)
	if err == nil {
		_, err = db.Update(context.Background(), []string{file}, nil, nil)
		db.Close()
	}
	if err == nil {
		os.Stdout.WriteString("no error")
		os.Exit(1)
	}
	os.Stdout.WriteString(err.Error())
	os.Exit(0)
}

// runDiskChild runs the child and returns the error it printed.
func runDiskChild(t *testing.T, mode, name, file string) string {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), diskChildEnv+"="+mode+"|"+name+"|"+file)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: the update did not fail as it should: %v: %s", mode, err, out)
	}
	return string(out)
}

// diskFixture makes an index of small.sgf in dir, and a file of many
// games to add to it; it returns the index's name, the file, and what a
// search of every game finds.
func diskFixture(t *testing.T, dir string) (name, big string, before []Hit) {
	name = filepath.Join(dir, "t.db")
	db := newIndexOn(t, name, []string{"testdata/small.sgf"})
	r, err := db.Search(context.Background(), &Query{})
	if err != nil || r.Hits == 0 {
		t.Fatalf("the index before: %v %+v", err, r)
	}
	db.Close()
	var b strings.Builder
	for i := range 3000 {
		b.WriteString("(;GM[1]FF[4]SZ[19]PB[Black " + strconv.Itoa(i) + "]PW[White]C[" + strings.Repeat("words of a comment ", 20) + strconv.Itoa(i) + "]")
		for k := range 60 {
			b.WriteString(";B[" + sgfPoint((i+k)%19, k%19) + "]")
		}
		b.WriteString(")\n")
	}
	big = filepath.Join(dir, "big.sgf")
	if err := os.WriteFile(big, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return name, big, r.List
}

// checkIntact opens the index again: it reads, its integrity check
// passes, and it holds what it held before.
func checkIntact(t *testing.T, name string, before []Hit) {
	t.Helper()
	db, err := Open(name, false)
	if err != nil {
		t.Fatalf("the index after: %v", err)
	}
	defer db.Close()
	var ok string
	if err := db.db.QueryRow(`PRAGMA integrity_check`).Scan(&ok); err != nil || ok != "ok" {
		t.Errorf("integrity check: %q %v", ok, err)
	}
	r, err := db.Search(context.Background(), &Query{})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.List) != len(before) {
		t.Fatalf("the index after: %d games, before %d", len(r.List), len(before))
	}
	for i := range before {
		if r.List[i].File != before[i].File || r.List[i].Black != before[i].Black {
			t.Errorf("game %d after: %+v, before %+v", i, r.List[i], before[i])
		}
	}
}

// TestFullDisk: an update that runs out of disk fails with one line of
// error, and leaves the index as it was (the transaction is rolled back,
// also from the journal when the index is opened again).
func TestFullDisk(t *testing.T) {
	name, big, before := diskFixture(t, t.TempDir())
	msg := runDiskChild(t, "full", name, big)
	t.Log(msg)
	if strings.Contains(msg, "\n") || !strings.HasPrefix(msg, "index update "+name+": ") ||
		!(strings.Contains(msg, "disk is full") || strings.Contains(msg, "I/O error")) {
		t.Errorf("full disk: %q", msg)
	}
	checkIntact(t, name, before)
}

// TestReadOnlyIndex: an update of an index that may not be written fails
// with one line of error and changes nothing.
func TestReadOnlyIndex(t *testing.T) {
	dir := t.TempDir()
	name, big, before := diskFixture(t, dir)
	// readable by all (the child may run as nobody), writable by none
	for _, d := range []string{filepath.Dir(dir), dir} {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.Chmod(big, 0o644)
	if err := os.Chmod(name, 0o444); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(dir, 0o755); os.Chmod(name, 0o644) })
	fi, _ := os.Stat(name)
	msg := runDiskChild(t, "readonly", name, big)
	t.Log(msg)
	if strings.Contains(msg, "\n") || !strings.HasPrefix(msg, "index update "+name+": ") || !strings.Contains(msg, "readonly") {
		t.Errorf("read-only index: %q", msg)
	}
	if fi2, _ := os.Stat(name); fi2.Size() != fi.Size() || fi2.ModTime() != fi.ModTime() {
		t.Errorf("the read-only index changed: %d bytes at %v, was %d at %v", fi2.Size(), fi2.ModTime(), fi.Size(), fi.ModTime())
	}
	checkIntact(t, name, before)
}
