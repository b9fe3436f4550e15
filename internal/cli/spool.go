package cli

import (
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

// spoolWriter collects output in a spool file (newSpool), created on the
// first write, so that a large output is not held in memory: sgf fix -o
// writes OUT only once every file was fixed.
type spoolWriter struct {
	f   *os.File
	err error // the first error
}

func (s *spoolWriter) Write(p []byte) (int, error) {
	if s.err == nil && s.f == nil {
		s.f, s.err = newSpool()
	}
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.f.Write(p)
	if err != nil {
		s.err = err
	}
	return n, err
}

// copyFrom appends the content of the spool f from where it stands, and
// closes it.
func (s *spoolWriter) copyFrom(f *os.File) {
	if _, err := io.Copy(s, f); err != nil && s.err == nil {
		s.err = err
	}
	f.Close()
}

// copyFile appends the content of the file name.
func (s *spoolWriter) copyFile(name string) {
	f, err := os.Open(name)
	if err != nil {
		if s.err == nil {
			s.err = err
		}
		return
	}
	s.copyFrom(f)
}

// writeTo writes what was collected to w.
func (s *spoolWriter) writeTo(w io.Writer) error {
	if s.err != nil || s.f == nil {
		return s.err
	}
	if _, err := s.f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	_, err := io.Copy(w, s.f)
	return err
}

// commit writes what was collected to the file name, atomically, as
// writeAtomic does (created if it does not exist).
func (s *spoolWriter) commit(name string) error {
	a, err := createAtomic(name, !mayCreate)
	if err != nil {
		return err
	}
	if err = s.writeTo(a); err == nil {
		err = a.commit()
	}
	if err != nil {
		a.abort()
		return &writeError{err}
	}
	return nil
}

// remove closes the spool (and removes it where newSpool could not).
func (s *spoolWriter) remove() {
	if s.f != nil {
		s.f.Close()
		os.Remove(s.f.Name())
	}
}
