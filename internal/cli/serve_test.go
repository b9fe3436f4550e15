package cli

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for a writer and a reader at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestServe runs 'sgf serve': it prints the URL it listens on, serves the
// page and the library there, warns when the address is not the loopback
// interface, and stops cleanly (exit 0) when its context ends.
func TestServe(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "g.sgf"), []byte("(;GM[1]SZ[9]PB[Serve test];B[cc])"), 0o644)
	for _, c := range []struct {
		addr, warning string
	}{
		{"127.0.0.1:0", ""},
		{"0.0.0.0:0", "warning: listening on"},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		old := serveContext
		serveContext = func() (context.Context, context.CancelFunc) { return ctx, cancel }
		pr, pw := io.Pipe()
		var stderr syncBuffer
		done := make(chan int)
		go func() {
			done <- Main([]string{"serve", "--addr", c.addr, "--read-only", dir}, strings.NewReader(""), pw, &stderr)
			pw.Close()
		}()
		line, err := bufio.NewReader(pr).ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		go io.Copy(io.Discard, pr)
		i := strings.Index(line, "http://127.0.0.1:")
		if !strings.HasPrefix(line, "serving 1 path(s) at http://127.0.0.1:") || i < 0 {
			t.Fatalf("%s: first line %q", c.addr, line)
		}
		url := strings.Fields(line[i:])[0]
		var body []byte
		for range 100 {
			resp, err := http.Get(url + "api/library")
			if err != nil {
				t.Fatal(err)
			}
			body, _ = io.ReadAll(resp.Body)
			resp.Body.Close()
			if bytes.Contains(body, []byte(`"done":true`)) {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		if !bytes.Contains(body, []byte("Serve test")) {
			t.Errorf("%s: library %s", c.addr, body)
		}
		if c.warning == "" && stderr.String() != "" || !strings.Contains(stderr.String(), c.warning) {
			t.Errorf("%s: stderr %q, want %q", c.addr, stderr.String(), c.warning)
		}
		cancel()
		select {
		case code := <-done:
			if code != 0 {
				t.Errorf("%s: exit %d", c.addr, code)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: the server did not stop", c.addr)
		}
		serveContext = old
	}
}
