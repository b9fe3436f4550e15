package cli

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sgf-toolkit/sgf/syntax"
)

func TestProgressLine(t *testing.T) {
	tests := []struct {
		done, total, bytes int64
		elapsed            time.Duration
		want               string
	}{
		{0, -1, 0, 0, "sgf check: 0 files"},
		{1234, -1, 5e6, time.Second, "sgf check: 1,234 files  5.0 MB/s"},
		{1234, 11300, 12_500_000, 2 * time.Second, "sgf check: 1,234/11,300 files  6.2 MB/s  ETA 0:16"},
		{0, 10, 0, time.Second, "sgf check: 0/10 files  0.0 MB/s"},
		{1, 4000, 1e6, 2 * time.Second, "sgf check: 1/4,000 files  0.5 MB/s  ETA 2:13:18"},
		{10, 10, 1e9, 10 * time.Second, "sgf check: 10/10 files  100.0 MB/s  ETA 0:00"},
	}
	for _, tt := range tests {
		if got := progressLine("check", tt.done, tt.total, tt.bytes, tt.elapsed); got != tt.want {
			t.Errorf("progressLine(%d, %d, %d, %v) = %q, want %q", tt.done, tt.total, tt.bytes, tt.elapsed, got, tt.want)
		}
	}
}

func TestGroup(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 11300: "11,300", 1234567: "1,234,567", -5: "-5"} {
		if got := group(n); got != want {
			t.Errorf("group(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestIsTerminal: files, pipes and the null device are not terminals.
func TestIsTerminal(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "f"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	for name, w := range map[string]io.Writer{"file": f, "pipe": w, "null": null, "buffer": new(bytes.Buffer), "nil file": (*os.File)(nil)} {
		if isTerminal(w) {
			t.Errorf("isTerminal(%s) = true", name)
		}
	}
	if tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err == nil {
		defer tty.Close()
		if !isTerminal(tty) {
			t.Error("isTerminal(/dev/tty) = false")
		}
	}
}

// fakeTerminal makes standard error (the writer w) a terminal for the test,
// redrawn every interval.
func fakeTerminal(t *testing.T, w io.Writer, interval time.Duration) {
	oldTerm, oldInterval := isTerminal, progressInterval
	isTerminal = func(x io.Writer) bool { return x == w }
	progressInterval = interval
	t.Cleanup(func() { isTerminal, progressInterval = oldTerm, oldInterval })
}

// TestProgressShown runs check on slow files with a fake terminal: the
// line is redrawn by the ticker, erased before the summary and before an
// error line, and absent with --quiet or without a terminal.
func TestProgressShown(t *testing.T) {
	// The slow checker waits (at most 5 s) until the progress line was
	// drawn once, so that the test does not depend on the machine's speed.
	var drawn chan struct{}
	withCheckHook(t, func(string, *syntax.File) {
		select {
		case <-drawn:
		case <-time.After(5 * time.Second):
		}
		time.Sleep(5 * time.Millisecond)
	})
	dir := t.TempDir()
	for _, n := range []string{"a", "b", "c", "d", "e", "f"} {
		os.WriteFile(filepath.Join(dir, n+".sgf"), []byte("(;GM[1];B[aa])"), 0o644)
	}
	run := func(args ...string) (string, string) {
		var stdout bytes.Buffer
		stderr := &drawnWriter{drawn: make(chan struct{})}
		drawn = stderr.drawn
		fakeTerminal(t, stderr, 10*time.Millisecond)
		Main(args, nil, &stdout, stderr)
		return stdout.String(), stderr.String()
	}
	_, stderr := run("check", "--jobs", "1", dir, filepath.Join(dir, "missing.sgf"))
	if !strings.Contains(stderr, "\rsgf check: ") || !strings.Contains(stderr, "/7 files  ") || !strings.Contains(stderr, " MB/s  ETA ") {
		t.Errorf("no progress line with total, rate and ETA in %q", stderr)
	}
	if !strings.Contains(stderr, "\r\x1b[Ksgf check: "+filepath.Join(dir, "missing.sgf")+": no such file") {
		t.Errorf("the error line does not erase the progress line first: %q", stderr)
	}
	// The ticker may redraw the line once more after the error line; the
	// summary must then follow an erased line, alone on its own.
	const summary = "checked 7 files (1 unreadable): 0 errors, 0 warnings\n"
	last := stderr[strings.LastIndex(strings.TrimSuffix(stderr, "\n"), "\n")+1:]
	if !strings.Contains(stderr, "(check the path)\n") || (last != summary && !strings.HasSuffix(last, "\r\x1b[K"+summary)) {
		t.Errorf("the summary is not alone on its line: %q", stderr)
	}
	if _, stderr := run("check", "--jobs", "2", dir); !strings.HasSuffix(stderr, "\r\x1b[Kchecked 6 files: 0 errors, 0 warnings\n") {
		t.Errorf("the summary does not follow an erased line: %q", stderr)
	}
	drawn = make(chan struct{}) // --quiet draws nothing: do not wait
	close(drawn)
	var quietOut, quietErr bytes.Buffer
	fakeTerminal(t, &quietErr, 10*time.Millisecond)
	Main([]string{"check", "--quiet", "--jobs", "1", dir}, nil, &quietOut, &quietErr)
	if quietErr.String() != "" {
		t.Errorf("--quiet: stderr %q", quietErr.String())
	}
	var stdout, stderr2 bytes.Buffer
	fakeTerminal(t, new(bytes.Buffer), 10*time.Millisecond) // some other writer is the terminal
	Main([]string{"check", "--jobs", "1", dir}, nil, &stdout, &stderr2)
	if strings.Contains(stderr2.String(), "\r") {
		t.Errorf("progress on a standard error that is not a terminal: %q", stderr2.String())
	}
}

// TestProgressWithTerminalStdout: when standard output is the same
// terminal, the progress line is erased before output is written.
func TestProgressWithTerminalStdout(t *testing.T) {
	var term bytes.Buffer // both streams write to one screen
	stdout, stderr := &namedWriter{&term}, &namedWriter{&term}
	oldTerm, oldInterval := isTerminal, progressInterval
	isTerminal = func(io.Writer) bool { return true }
	progressInterval = 0
	defer func() { isTerminal, progressInterval = oldTerm, oldInterval }()
	dir := t.TempDir()
	for _, n := range []string{"a", "b"} {
		os.WriteFile(filepath.Join(dir, n+".sgf"), []byte("(;B[aa]())"), 0o644)
	}
	// A small buffer so that output is written between two redraws.
	Main([]string{"check", "--jobs", "1", dir}, nil, stdout, stderr)
	screen := term.String()
	for _, line := range strings.Split(screen, "\n") {
		if i := strings.LastIndex(line, "\r"); i >= 0 {
			line = line[i+1:]
		}
		if strings.Contains(line, "files  ") && strings.Contains(line, "error S07") {
			t.Errorf("progress and output on one line: %q", line)
		}
	}
	if !strings.Contains(screen, "a.sgf:1:9: error S07") {
		t.Errorf("no output: %q", screen)
	}
}

type namedWriter struct{ w io.Writer }

func (n *namedWriter) Write(p []byte) (int, error) { return n.w.Write(p) }

// drawnWriter is a terminal's standard error that closes drawn once a
// progress line was written to it.
type drawnWriter struct {
	mu    sync.Mutex
	buf   bytes.Buffer
	drawn chan struct{}
	once  sync.Once
}

func (w *drawnWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if bytes.Contains(p, []byte("\rsgf check: ")) {
		w.once.Do(func() { close(w.drawn) })
	}
	return w.buf.Write(p)
}

func (w *drawnWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}
