//go:build linux

package cli

import (
	"os"
	"path/filepath"
	"strconv"

	"golang.org/x/sys/unix"
)

// openAnonymous opens a file without a name in dir (O_TMPFILE): killed
// before linkAnonymous, the process leaves nothing behind. It fails on
// file systems without O_TMPFILE (and before Linux 3.11).
func openAnonymous(dir string) (*os.File, error) {
	fd, err := unix.Open(dir, unix.O_TMPFILE|unix.O_WRONLY|unix.O_CLOEXEC, 0o600)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: dir, Err: err}
	}
	return os.NewFile(uintptr(fd), filepath.Join(dir, "(temporary)")), nil
}

// linkAnonymous gives the file of openAnonymous the name path.
func linkAnonymous(f *os.File, path string) error {
	fd := int(f.Fd())
	err := unix.Linkat(fd, "", unix.AT_FDCWD, path, unix.AT_EMPTY_PATH)
	if err != nil {
		// AT_EMPTY_PATH needs CAP_DAC_READ_SEARCH; /proc does not.
		err = unix.Linkat(unix.AT_FDCWD, "/proc/self/fd/"+strconv.Itoa(fd), unix.AT_FDCWD, path, unix.AT_SYMLINK_FOLLOW)
	}
	if err != nil {
		return &os.LinkError{Op: "link", Old: f.Name(), New: path, Err: err}
	}
	return nil
}
