package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// stallWrites makes the temporary file of an atomic write stop half-way
// through its first write: the half is written, the file marker is
// created, and the process waits there to be killed.
func stallWrites(marker string) {
	old := createTemp
	createTemp = func(dir, base string) (tempFile, error) {
		f, err := old(dir, base)
		if err != nil {
			return nil, err
		}
		return &stallingFile{tempFile: f, marker: marker}, nil
	}
}

type stallingFile struct {
	tempFile
	marker string
}

func (f *stallingFile) Write(p []byte) (int, error) {
	n, err := f.tempFile.Write(p[:len(p)/2])
	if err != nil {
		return n, err
	}
	f.Sync()
	// The marker appears whole (a rename), naming the temporary file.
	os.WriteFile(f.marker+".part", []byte(f.Name()), 0o644)
	os.Rename(f.marker+".part", f.marker)
	select {} // killed here
}

// TestKillDuringInPlace kills (SIGKILL) sgf fmt --in-place and sgf fix
// --in-place half-way through writing the new file (issue 11, item 5:
// every kill during an --in-place write left a hidden
// ".NAME.sgf-tmp-RANDOM" file behind, up to the full size). The file
// keeps its old bytes, and no temporary file is left: on Linux it has no
// name while it is written (O_TMPFILE). Where a named one is used
// instead (SGF_TEST_NAMED_TEMP: as on other systems), the kill leaves it,
// and the next write into the folder removes it, its process being gone.
func TestKillDuringInPlace(t *testing.T) {
	sgfBin, err := exec.LookPath("sgf")
	if err != nil {
		t.Skip("no sgf command on PATH (testscript's)")
	}
	// A file that both commands rewrite, large enough to be written in
	// more than one piece.
	var b bytes.Buffer
	for i := range 2000 {
		b.WriteString("(;GM[1]FF[4]SZ[19]  C[game ")
		b.WriteString(strings.Repeat("x", i%50))
		b.WriteString("]  ;B[pd];W[dp]   ;B[qp])\n")
	}
	src := b.Bytes()
	for _, tc := range []struct {
		name  string
		args  []string
		named bool
	}{
		{"fmt", []string{"fmt", "--in-place"}, false},
		{"fix", []string{"fix", "--in-place"}, false},
		{"fmt named", []string{"fmt", "--in-place"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			name := filepath.Join(dir, "g.sgf")
			if err := os.WriteFile(name, src, 0o644); err != nil {
				t.Fatal(err)
			}
			marker := filepath.Join(t.TempDir(), "writing")
			cmd := exec.Command(sgfBin, append(tc.args, name)...)
			cmd.Env = append(os.Environ(), "SGF_TEST_STALL_WRITE="+marker)
			if tc.named {
				cmd.Env = append(cmd.Env, "SGF_TEST_NAMED_TEMP=1")
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			deadline := time.Now().Add(60 * time.Second)
			var temp []byte
			for {
				if temp, err = os.ReadFile(marker); err == nil {
					break
				}
				if time.Now().After(deadline) {
					cmd.Process.Kill()
					cmd.Wait()
					t.Fatal("the write did not start within 60 s")
				}
				time.Sleep(5 * time.Millisecond)
			}
			// Half-way through the write.
			during := dirNames(t, dir)
			if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
				t.Fatal(err)
			}
			err := cmd.Wait()
			if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
				t.Fatalf("the process was not killed: %v", err)
			}
			if got, _ := os.ReadFile(name); !bytes.Equal(got, src) {
				t.Errorf("after the kill the file holds %d bytes, not its %d old ones", len(got), len(src))
			}
			after := dirNames(t, dir)
			if !tc.named {
				if _, err := openAnonymous(dir); err != nil {
					t.Skipf("no O_TMPFILE here: %v", err)
				}
				if !slices.Equal(during, []string{"g.sgf"}) || !slices.Equal(after, []string{"g.sgf"}) {
					t.Errorf("the folder holds %q while writing, %q after the kill; want only g.sgf", during, after)
				}
				return
			}
			// A named temporary file is left; the next write removes it.
			if len(temp) == 0 || !slices.Contains(after, filepath.Base(string(temp))) || len(after) != 2 {
				t.Fatalf("after the kill the folder holds %q, want g.sgf and the temporary file %s", after, temp)
			}
			out, err := exec.Command(sgfBin, "fmt", "--in-place", name).CombinedOutput()
			if err != nil {
				t.Fatalf("fmt --in-place again: %v\n%s", err, out)
			}
			if got := dirNames(t, dir); !slices.Equal(got, []string{"g.sgf"}) {
				t.Errorf("the next write left %q, want only g.sgf", got)
			}
			if got, _ := os.ReadFile(name); bytes.Equal(got, src) || !bytes.Contains(got, []byte("C[game ]\n;B[pd]")) {
				t.Errorf("the next write did not format the file:\n%.200s", got)
			}
		})
	}
}
