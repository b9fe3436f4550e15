package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestReadWhole reads files of sizes around the pieces' boundaries in
// pieces on up to four goroutines, and compares what it read with the
// file's bytes; then as if the file had grown or shrunk since it was
// looked at (readOpen told a wrong size): every byte of the file now, as
// os.ReadFile reads it.
func TestReadWhole(t *testing.T) {
	defer func(n int64, procs int) { readPieceBytes = n; runtime.GOMAXPROCS(procs) }(readPieceBytes, runtime.GOMAXPROCS(4))
	readPieceBytes = 1000
	dir := t.TempDir()
	for _, size := range []int{0, 1, 999, 1999, 2000, 2001, 3999, 4000, 4003, 9_999, 100_003} {
		want := make([]byte, size)
		for i := range want {
			want[i] = byte(i*7 + i/251)
		}
		name := filepath.Join(dir, "f.sgf")
		if err := os.WriteFile(name, want, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := readWhole(name)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("size %d: read %d bytes (%v), differ: %v", size, len(got), err, !bytes.Equal(got, want))
		}
		for _, told := range []int64{0, int64(size) / 2, int64(size) - 1, int64(size) + 1, int64(size)*2 + 5000} {
			f, err := os.Open(name)
			if err != nil {
				t.Fatal(err)
			}
			got, err := readOpen(f, told, true)
			f.Close()
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("size %d, looked at as %d: read %d bytes (%v), differ: %v", size, told, len(got), err, !bytes.Equal(got, want))
			}
		}
	}
	if _, err := readWhole(filepath.Join(dir, "missing.sgf")); !os.IsNotExist(err) {
		t.Errorf("missing file: %v, want not exist", err)
	}
}
