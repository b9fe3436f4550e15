package cli

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
)

// TestOutputToFIFO: -o naming a FIFO writes into it, as a shell redirection
// would, instead of refusing it or renaming a file over it.
func TestOutputToFIFO(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no FIFOs on Windows")
	}
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("cannot make a FIFO:", err)
	}
	game := filepath.Join(dir, "a.sgf")
	if err := os.WriteFile(game, []byte("(;GM[1]FF[4];B[aa])"), 0o644); err != nil {
		t.Fatal(err)
	}
	got := make(chan []byte)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- nil
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- b
	}()
	var stdout, stderr bytes.Buffer
	code := Main([]string{"fmt", "-o", fifo, game}, strings.NewReader(""), &stdout, &stderr)
	if code != exitOK {
		t.Fatalf("exit status %d, stderr %q", code, stderr.String())
	}
	if b := <-got; !bytes.HasPrefix(b, []byte("(;GM[1]\nFF[4]\n")) {
		t.Errorf("the FIFO got %q", b)
	}
	if info, err := os.Lstat(fifo); err != nil || info.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced: %v %v", info, err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("folder holds %d entries, want 2 (a temporary file left behind?)", len(entries))
	}
}
