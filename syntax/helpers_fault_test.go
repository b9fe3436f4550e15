//go:build linux

package syntax

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"syscall"
	"testing"
)

// mapCutShort maps a file of n bytes and cuts the file to nothing: every
// byte of the mapping then faults (SIGBUS) when read.
func mapCutShort(t *testing.T, n int) []byte {
	name := filepath.Join(t.TempDir(), "cut.sgf")
	if err := os.WriteFile(name, make([]byte, n), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := syscall.Mmap(int(f.Fd()), 0, n, syscall.PROT_READ, syscall.MAP_PRIVATE)
	if err != nil {
		t.Skip("mmap:", err)
	}
	t.Cleanup(func() { syscall.Munmap(b) })
	if err := os.Truncate(name, 0); err != nil {
		t.Fatal(err)
	}
	return b
}

var faultSink byte

// TestHelpersFault: a helper goroutine runs with its caller's
// SetPanicOnFault, and its panic is raised by wait on the caller's
// goroutine: a fault on a mapped file cut short is a panic the caller
// recovers from (sgf fmt reports the file as changed), not a crash of the
// process; so is any other panic of a helper.
func TestHelpersFault(t *testing.T) {
	b := mapCutShort(t, 1<<16)
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	var got any
	func() {
		defer func() { got = recover() }()
		h := newHelpers()
		for i := range 4 {
			h.goHelp(func() {
				if i == 2 {
					faultSink += b[4096*i+7] // faults
				}
			})
		}
		h.wait()
	}()
	if _, ok := got.(interface{ Addr() uintptr }); !ok {
		t.Errorf("wait panicked with %v, want the helper's fault", got)
	}
	got = nil
	func() {
		defer func() { got = recover() }()
		h := newHelpers()
		h.goHelp(func() { panic("helper") })
		h.wait()
	}()
	if got != "helper" {
		t.Errorf("wait panicked with %v, want the helper's panic", got)
	}
}
