//go:build linux

package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// mappedCollection writes a collection of about size bytes, of games
// with variations and a comment each, and returns its name.
func mappedCollection(t *testing.T, size int) (string, []byte) {
	var src []byte
	for i := 0; len(src) < size; i++ {
		src = fmt.Appendf(src, "(;GM[1]FF[4]CA[UTF-8]SZ[19]PB[p%d]C[a \\] comment]\n;B[pd];W[dp]  ;B[%c%c]\n(;W[aa])(;W[bb];B[cc]))\n",
			i, 'a'+i%19, 'a'+i/19%19)
	}
	name := filepath.Join(t.TempDir(), "coll.sgf")
	if err := os.WriteFile(name, src, 0o644); err != nil {
		t.Fatal(err)
	}
	return name, src
}

// TestFmtMapped: fmt of a file mapped into memory prints what fmt of the
// file read prints, and its -l, -d and --in-place do what they do.
func TestFmtMapped(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	}
	name, src := mappedCollection(t, 3*streamFormatBytes)
	run := func(mapAt int64, args ...string) (int, string, string) {
		defer func(n int64) { mapInputBytes = n }(mapInputBytes)
		mapInputBytes = mapAt
		mapped := 0
		afterMap = func(string) { mapped++ }
		var held, holds uint64
		HoldHeap = func(n uint64) func() {
			held, holds = held+n, holds+n
			return func() { held -= n }
		}
		defer func() { afterMap, HoldHeap = nil, nil }()
		var out, errb bytes.Buffer
		code := Main(append(args, name), nil, &out, &errb)
		if want := 0; mapAt == 1 {
			if want = 1; mapped != want {
				t.Errorf("%v: %d files mapped, want %d", args, mapped, want)
			}
			// The work on the mapped file held room for its tree and
			// its output, and said when it ended.
			if want := uint64(heldPerByte * len(src)); holds != want || held != 0 {
				t.Errorf("%v: %d bytes held, %d still, want %d and 0", args, holds, held, want)
			}
		}
		return code, out.String(), errb.String()
	}
	for _, args := range [][]string{{"fmt"}, {"fmt", "-l"}, {"fmt", "-d"}} {
		code, out, errs := run(1, args...)
		wcode, wout, werrs := run(int64(len(src))+1, args...)
		if code != wcode || out != wout || errs != werrs {
			t.Errorf("%v of the mapped file: exit %d, %d bytes out, %q; read: exit %d, %d bytes, %q", args, code, len(out), errs, wcode, len(wout), werrs)
		}
	}
	_, want, _ := run(int64(len(src))+1, "fmt")
	if code, out, errs := run(1, "fmt", "--in-place"); code != exitOK || !strings.Contains(out, "formatted") {
		t.Fatalf("--in-place of the mapped file: exit %d, %q, %q", code, out, errs)
	}
	if got, err := os.ReadFile(name); err != nil || string(got) != want {
		t.Errorf("--in-place of the mapped file wrote %d bytes (%v), want the %d of fmt", len(got), err, len(want))
	}
}

// TestFmtMappedCutShort: a mapped file cut short while fmt reads it (its
// pages past the new end fault: SIGBUS) is reported as changed, with
// nothing printed, and the run goes on to the next file; the process does
// not crash, whichever goroutine (the parse's, a formatting one, the
// games' setup) reads those pages first.
func TestFmtMappedCutShort(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	}
	defer func(n int64) { mapInputBytes = n }(mapInputBytes)
	mapInputBytes = 1
	defer func() { afterMap = nil }()
	name, src := mappedCollection(t, 3*streamFormatBytes)
	other := filepath.Join(filepath.Dir(name), "other.sgf")
	if err := os.WriteFile(other, []byte("(;GM[1]B[aa])"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, keep := range []int{0, len(src) / 3, len(src) - 5000} {
		if err := os.WriteFile(name, src, 0o644); err != nil {
			t.Fatal(err)
		}
		afterMap = func(n string) {
			if n == name {
				if err := os.Truncate(n, int64(keep)); err != nil {
					t.Fatal(err)
				}
			}
		}
		var out, errb bytes.Buffer
		code := Main([]string{"fmt", name, other}, nil, &out, &errb)
		if code != exitFailure || !strings.Contains(errb.String(), name+": the file changed while it was read: it was cut short") {
			t.Errorf("cut to %d bytes: exit %d, %q; want %d and the file changed", keep, code, errb.String(), exitFailure)
		}
		if out.String() != "(;GM[1]\nB[aa])\n" {
			t.Errorf("cut to %d bytes: printed %d bytes %.80q, want only the other file's", keep, out.Len(), out.String())
		}
	}
}
