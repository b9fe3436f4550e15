package cli

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// isTerminal reports whether w is a terminal: an *os.File that is a
// character device other than the null device. It needs no dependency (no
// ioctl): os.File.Stat says ModeCharDevice for a terminal. Tests replace it.
var isTerminal = func(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || f == nil {
		return false
	}
	info, err := f.Stat()
	if err != nil || info.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	if null, err := os.Stat(os.DevNull); err == nil && os.SameFile(info, null) {
		return false
	}
	return true
}

// progressInterval is the time between two redraws of the progress line, and
// before the first one, so that a short run shows none. Zero (in tests)
// redraws after every file, from the goroutine that prints the results.
var progressInterval = 200 * time.Millisecond

// now is the clock of the progress line; tests replace it.
var now = time.Now

// A screen owns the progress line on standard error. The line is shown only
// when standard error is a terminal and the command was not given --quiet.
// It is redrawn in place with "\r" and erased with "\r\x1b[K" before any
// other line is written to standard error (print), and before standard
// output is written when that is the same terminal (stdoutWriter), so that
// it never mixes with the output.
type screen struct {
	ttyErr    bool      // standard error is a terminal
	ttyOut    bool      // standard output is a terminal
	errWriter io.Writer // standard error, where the line is drawn

	mu    sync.Mutex
	shown bool // a progress line is on the screen

	cmd      string
	running  bool
	start    time.Time
	total    atomic.Int64 // files to do; -1 until the walk has counted them
	done     atomic.Int64 // files done
	bytes    atomic.Int64 // bytes read
	stopTick chan struct{}
	ticker   sync.WaitGroup
}

func newScreen(stdout, stderr io.Writer) *screen {
	return &screen{ttyErr: isTerminal(stderr), ttyOut: isTerminal(stdout), errWriter: stderr}
}

// print writes msg on w (standard error), erasing the progress line first.
func (s *screen) print(w io.Writer, msg string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clearLocked(w)
	io.WriteString(w, msg)
}

type clearingWriter struct {
	s   *screen
	w   io.Writer
	err io.Writer
}

func (c *clearingWriter) Write(p []byte) (int, error) {
	c.s.mu.Lock()
	defer c.s.mu.Unlock()
	c.s.clearLocked(c.err)
	return c.w.Write(p)
}

// stdoutWriter returns stdout, wrapped so as to erase the progress line
// before each write when standard output is a terminal too.
func (s *screen) stdoutWriter(stdout io.Writer) io.Writer {
	if !s.ttyOut || !s.ttyErr {
		return stdout
	}
	return &clearingWriter{s: s, w: stdout, err: s.errWriter}
}

// clearLocked erases the progress line, if one is shown, from w.
func (s *screen) clearLocked(w io.Writer) {
	if s.shown {
		io.WriteString(w, "\r\x1b[K")
		s.shown = false
	}
}

// addBytes counts n bytes read, for the rate.
func (s *screen) addBytes(n int) {
	if s != nil {
		s.bytes.Add(int64(n))
	}
}

// startProgress shows the progress of cmd on standard error from now on,
// if that is a terminal and quiet is false; the total is unknown until
// setTotal.
func (s *screen) startProgress(cmd string, quiet bool) {
	if quiet || !s.ttyErr || s.running {
		return
	}
	s.cmd = cmd
	s.running = true
	s.start = now()
	s.total.Store(-1)
	s.done.Store(0)
	s.bytes.Store(0)
	if progressInterval <= 0 {
		return
	}
	s.stopTick = make(chan struct{})
	s.ticker.Go(func() {
		t := time.NewTicker(progressInterval)
		defer t.Stop()
		for {
			select {
			case <-s.stopTick:
				return
			case <-t.C:
				s.draw()
			}
		}
	})
}

// setTotal sets the number of files to do, once the count is known.
func (s *screen) setTotal(n int64) { s.total.Store(n) }

// fileDone counts one file done.
func (s *screen) fileDone() {
	if !s.running {
		return
	}
	s.done.Add(1)
	if progressInterval <= 0 {
		s.draw()
	}
}

// stopProgress stops the redraws and erases the line.
func (s *screen) stopProgress() {
	if !s.running {
		return
	}
	if s.stopTick != nil {
		close(s.stopTick)
		s.ticker.Wait()
		s.stopTick = nil
	}
	s.mu.Lock()
	s.clearLocked(s.errWriter)
	s.running = false
	s.mu.Unlock()
}

func (s *screen) draw() {
	s.mu.Lock()
	defer s.mu.Unlock()
	line := progressLine(s.cmd, s.done.Load(), s.total.Load(), s.bytes.Load(), now().Sub(s.start))
	io.WriteString(s.errWriter, "\r"+line+"\x1b[K")
	s.shown = true
}

// progressLine returns the text of the progress line:
//
//	sgf check: 1,234/11,300 files  12.5 MB/s  ETA 0:42
//
// with "1,234 files" while the total is not known (total < 0), and no ETA
// before the first file is done.
func progressLine(cmd string, done, total, bytes int64, elapsed time.Duration) string {
	line := "sgf " + cmd + ": " + group(done)
	if total >= 0 {
		line += "/" + group(total)
	}
	line += " files"
	secs := elapsed.Seconds()
	if secs > 0 {
		line += fmt.Sprintf("  %.1f MB/s", float64(bytes)/1e6/secs)
	}
	if total >= 0 && done > 0 && secs > 0 {
		left := time.Duration(float64(elapsed) * float64(total-done) / float64(done))
		line += "  ETA " + clock(left)
	}
	return line
}

// group writes n with commas between groups of three digits.
func group(n int64) string {
	s := strconv.FormatInt(n, 10)
	if n < 0 {
		return s
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// clock writes d as M:SS, or H:MM:SS from an hour on.
func clock(d time.Duration) string {
	t := max(int64(d.Round(time.Second)/time.Second), 0)
	if t >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", t/3600, t/60%60, t%60)
	}
	return fmt.Sprintf("%d:%02d", t/60, t%60)
}
