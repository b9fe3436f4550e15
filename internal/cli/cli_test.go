package cli

import (
	"database/sql"
	"errors"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	_ "modernc.org/sqlite" // the sql command of the scripts
)

// TestMain makes the test binary double as the sgf command for the scripts.
// The scripts can set these variables to reach the paths that a test run
// cannot reach for real (we run as root; writes do not fail on demand):
//
//	SGF_TEST_TERMINAL=1     standard error is taken for a terminal
//	SGF_TEST_PROGRESS=file  the progress line is redrawn after every file
//	SGF_TEST_DENY=WORD      paths holding WORD cannot be read (permission denied)
//	SGF_TEST_FAIL_WRITE=N   written files fail after N bytes (no space left)
//	SGF_TEST_MAX_VALUE=N    a value of more than N bytes is a fatal problem (a limit)
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"sgf": func() {
			setTestHooks()
			os.Exit(Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
		},
	})
}

func setTestHooks() {
	if os.Getenv("SGF_TEST_TERMINAL") == "1" {
		isTerminal = func(w io.Writer) bool { return w == io.Writer(os.Stderr) }
	}
	if os.Getenv("SGF_TEST_PROGRESS") == "file" {
		progressInterval = 0
	}
	if word := os.Getenv("SGF_TEST_DENY"); word != "" {
		denyPaths(word)
	}
	if word := os.Getenv("SGF_TEST_DENY_WRITE"); word != "" {
		denyWrites(word)
	}
	if n, err := strconv.Atoi(os.Getenv("SGF_TEST_FAIL_WRITE")); err == nil {
		failWritesAfter(n)
	}
	if os.Getenv("SGF_TEST_NAMED_TEMP") == "1" {
		createTemp = func(dir, base string) (tempFile, error) {
			f, err := os.CreateTemp(dir, tempPrefix(base)+"*")
			if err != nil {
				return nil, err
			}
			return namedTemp{f}, nil
		}
	}
	if marker := os.Getenv("SGF_TEST_STALL_WRITE"); marker != "" {
		stallWrites(marker)
	}
	if n, err := strconv.Atoi(os.Getenv("SGF_TEST_MAX_VALUE")); err == nil {
		testMaxValueBytes = n
	}
}

// denyPaths makes every path holding word unreadable, as a folder or file
// without read permission is for a user other than root.
func denyPaths(word string) (restore func()) {
	oldRead, oldDir, oldOpen := readFile, readDir, openFile
	openFile = func(name string) (io.ReadCloser, error) {
		if strings.Contains(name, word) {
			return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
		}
		return oldOpen(name)
	}
	readFile = func(name string) ([]byte, error) {
		if strings.Contains(name, word) {
			return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
		}
		return oldRead(name)
	}
	readDir = func(name string) ([]os.DirEntry, error) {
		if strings.Contains(name, word) {
			return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
		}
		return oldDir(name)
	}
	return func() { readFile, readDir, openFile = oldRead, oldDir, oldOpen }
}

// denyWrites makes every folder whose path holds word refuse new files,
// as a read-only folder does for a user other than root.
func denyWrites(word string) (restore func()) {
	old := createTemp
	createTemp = func(dir, base string) (tempFile, error) {
		if strings.Contains(dir, word) {
			return nil, &fs.PathError{Op: "open", Path: dir, Err: fs.ErrPermission}
		}
		return old(dir, base)
	}
	return func() { createTemp = old }
}

// failWritesAfter makes the temporary files of atomic writes fail with
// "no space left on device" after n bytes.
func failWritesAfter(n int) (restore func()) {
	old := createTemp
	createTemp = func(dir, pattern string) (tempFile, error) {
		f, err := old(dir, pattern)
		if err != nil {
			return nil, err
		}
		return &failingFile{tempFile: f, left: n}, nil
	}
	return func() { createTemp = old }
}

type failingFile struct {
	tempFile
	left int
}

func (f *failingFile) Write(p []byte) (int, error) {
	if len(p) <= f.left {
		f.left -= len(p)
		return f.tempFile.Write(p)
	}
	n, _ := f.tempFile.Write(p[:f.left])
	f.left = 0
	return n, &fs.PathError{Op: "write", Path: f.Name(), Err: syscall.ENOSPC}
}

// TestScripts runs the end-to-end scripts in testdata/script. Besides the
// standard commands of testscript they have
//
//	exits CODE sgf ARGS...
//
// which runs a command like exec and fails unless its exit status is CODE,
// and
//
//	sql DB STATEMENT
//
// which runs an SQL statement on the SQLite database DB (to make an index
// of another schema version, say).
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"exits": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) < 2 {
					ts.Fatalf("usage: exits CODE COMMAND [ARGS...]")
				}
				want, err := strconv.Atoi(args[0])
				if err != nil {
					ts.Fatalf("exits: bad CODE %q", args[0])
				}
				got := 0
				if err := ts.Exec(args[1], args[2:]...); err != nil {
					var ee *exec.ExitError
					if !errors.As(err, &ee) {
						ts.Fatalf("exits: %v", err)
					}
					got = ee.ExitCode()
				}
				if got != want {
					ts.Fatalf("exit status %d, want %d", got, want)
				}
			},
			"sql": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 2 {
					ts.Fatalf("usage: sql DB STATEMENT")
				}
				db, err := sql.Open("sqlite", ts.MkAbs(args[0]))
				if err != nil {
					ts.Fatalf("sql: %v", err)
				}
				defer db.Close()
				if _, err := db.Exec(args[1]); err != nil {
					ts.Fatalf("sql: %v", err)
				}
			},
		},
	})
}
