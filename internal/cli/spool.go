package cli

import (
	"bytes"
	"io"
	"os"
)

// newSpool returns a temporary file to hold output until it may be
// written out: removed at once where the system allows it (the open file
// stays usable), so that nothing is left behind however the process ends.
func newSpool() (*os.File, error) {
	f, err := os.CreateTemp("", "sgf-spool-")
	if err != nil {
		return nil, err
	}
	os.Remove(f.Name()) // best effort: not where an open file cannot be removed
	return f, nil
}

// spoolMemory is how much a spoolWriter holds in memory before it writes
// to a spool file.
const spoolMemory = 1 << 20

// spoolWriter collects output to be written out later: in memory up to
// spoolMemory, then in a spool file (newSpool), so that a large output is
// not held in memory (sgf fix -o writes OUT only once every file was
// fixed, and the change lines of a file after it was written).
type spoolWriter struct {
	mem []byte
	f   *os.File
	err error // the first error
}

func (s *spoolWriter) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	if s.f == nil {
		if len(s.mem)+len(p) <= spoolMemory {
			s.mem = append(s.mem, p...)
			return len(p), nil
		}
		if s.f, s.err = newSpool(); s.err != nil {
			return 0, s.err
		}
		_, s.err = s.f.Write(s.mem)
		s.mem = nil
	}
	n, err := s.f.Write(p)
	if err != nil && s.err == nil {
		s.err = err
	}
	return n, s.err
}

// copyFrom appends what the spool from collected, and drops it.
func (s *spoolWriter) copyFrom(from *spoolWriter) {
	if err := from.writeTo(s); err != nil && s.err == nil {
		s.err = err
	}
	from.remove()
}

// copyFile appends the content of the file name.
func (s *spoolWriter) copyFile(name string) {
	f, err := os.Open(name)
	if err == nil {
		_, err = io.Copy(s, f)
		f.Close()
	}
	if err != nil && s.err == nil {
		s.err = err
	}
}

// writeTo writes what was collected to w.
func (s *spoolWriter) writeTo(w io.Writer) error {
	r, err := s.reader()
	if err == nil {
		_, err = io.Copy(w, r)
	}
	return err
}

// reader returns a reader of what was collected.
func (s *spoolWriter) reader() (io.Reader, error) {
	if s.err != nil {
		return nil, s.err
	}
	if s.f == nil {
		return bytes.NewReader(s.mem), nil
	}
	if _, err := s.f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	return s.f, nil
}

// remove drops what was collected (and the spool file where newSpool
// could not remove it).
func (s *spoolWriter) remove() {
	s.mem = nil
	if s.f != nil {
		s.f.Close()
		os.Remove(s.f.Name())
		s.f = nil
	}
}
