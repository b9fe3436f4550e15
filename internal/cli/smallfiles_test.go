package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestCheckSmallFilesAllocs: sgf check of many small files allocates for
// each about what its game needs, not the 64 KB buffers of a large input
// (issue 14, the shape of 10,000 tiny files: each file's reading
// allocated and cleared 192 KB, 2 GB for the shape, and the collector
// scanned for a third of the command's instructions). The readers size
// their buffers by the file (openInput, check.NewReader and sgf.NewReader
// share one; syntax.Reader reads the file in one piece of its size).
func TestCheckSmallFilesAllocs(t *testing.T) {
	dir := t.TempDir()
	const files = 200
	var game strings.Builder
	game.WriteString("(;GM[1]FF[4]CA[UTF-8]SZ[19]KM[6.5]PB[Black]PW[White]\n")
	for i := range 150 {
		fmt.Fprintf(&game, ";%c[%c%c]", "BW"[i%2], 'a'+i%19, 'a'+i/19)
	}
	game.WriteString(")\n")
	for i := range files {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%03d.sgf", i)), []byte(game.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func() {
		var out, errs strings.Builder
		if code := Main([]string{"check", "--quiet", dir}, nil, &out, &errs); code != exitOK {
			t.Fatalf("check: exit %d: %s%s", code, out.String(), errs.String())
		}
	}
	run() // the tables made once per process
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	run()
	runtime.ReadMemStats(&after)
	per := (after.TotalAlloc - before.TotalAlloc) / files
	t.Logf("%d bytes allocated per file of %d bytes", per, game.Len())
	// A file of 1 KB: its tree, views, replay and output take about
	// 22 KB (220 KB before); one 64 KB buffer would break the bound.
	if per > 48<<10 {
		t.Errorf("sgf check allocated %d bytes per file of %d bytes, want at most 48 KB", per, game.Len())
	}
}
