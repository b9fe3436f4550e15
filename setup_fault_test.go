//go:build linux

package sgf

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"syscall"
	"testing"

	"github.com/sgf-toolkit/sgf/syntax"
)

// TestSetupFault: the goroutine that sets up the games (gameSetup) runs
// with the parse's SetPanicOnFault: when a memory-mapped input is cut
// short under the parse, the games it sets up fault too, which is a panic
// the caller recovers from (sgf fmt reports the file as changed), not a
// crash of the process; and the parse waits for it before it returns.
func TestSetupFault(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	}
	defer func(n int) { setupAsideBytes = n }(setupAsideBytes)
	setupAsideBytes = 0
	src := bytes.Repeat([]byte("(;GM[1]FF[4]CA[UTF-8]SZ[19]PB[black]C[comment];B[pd];W[dp])\n"), 20000)
	name := filepath.Join(t.TempDir(), "cut.sgf")
	if err := os.WriteFile(name, src, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := syscall.Mmap(int(f.Fd()), 0, len(src), syscall.PROT_READ, syscall.MAP_PRIVATE)
	if err != nil {
		t.Skip("mmap:", err)
	}
	defer syscall.Munmap(b)
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	trees := 0
	opts := &ReadOptions{Syntax: syntax.Options{OnTree: func(*syntax.Tree) {
		if trees++; trees == 3 {
			// The games read so far are handed to the setup when
			// the parse ends, here in a panic.
			if err := os.Truncate(name, 0); err != nil {
				t.Fatal(err)
			}
		}
	}}}
	var got any
	func() {
		defer func() { got = recover() }()
		ReadBytes(b, opts)
	}()
	if _, ok := got.(interface{ Addr() uintptr }); !ok {
		t.Errorf("ReadBytes of a mapped file cut short panicked with %v, want a fault", got)
	}
}
