package cli

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
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
	if err := mkfifo(fifo); err != nil {
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

// TestMainHelpQuirks: the "Quirks" section of 'sgf help' (and so of the
// man page) lists every quirk that --quirks accepts, in lines that fit a
// terminal.
func TestMainHelpQuirks(t *testing.T) {
	var b bytes.Buffer
	printMainHelp(&b)
	help := b.String()
	start := strings.Index(help, "\nQuirks (for --quirks")
	end := strings.Index(help, "\nProgress:")
	if start < 0 || end < start {
		t.Fatalf("no Quirks section in:\n%s", help)
	}
	section := help[start:end]
	names := append(quirkNames(), "all")
	for _, want := range []string{"fox", "kgs", "handicap-moves", "multigo", "space-pass", "mail", "nested", "auto", "ff3", "long-ids"} {
		if !slices.Contains(names, want) {
			t.Errorf("quirk %s not registered", want)
		}
	}
	for _, name := range names {
		if !strings.Contains(section, "\n    "+name+"\n") && !strings.Contains(section, "\n    "+name+" (") {
			t.Errorf("quirk %s not listed:\n%s", name, section)
		}
	}
	for line := range strings.SplitSeq(section, "\n") {
		if len(line) > 79 {
			t.Errorf("line of %d columns: %q", len(line), line)
		}
	}
}
