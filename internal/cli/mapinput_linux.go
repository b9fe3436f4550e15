//go:build linux

package cli

import (
	"os"

	"golang.org/x/sys/unix"
)

// mapInput maps the file name into memory, read only, its pages mapped at
// once (MAP_POPULATE), and returns its bytes and the function that unmaps
// them; nil, nil for standard input, a file that is not
// regular, smaller than mapInputBytes or larger than --max-bytes, or that
// could not be mapped (readInput then reads it, and reports its errors).
func mapInput(e *env, name string) ([]byte, func()) {
	if isStdin(name) {
		return nil, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		return nil, nil
	}
	size := info.Size()
	if size < mapInputBytes || size != int64(int(size)) || (e.maxRead > 0 && size > e.maxRead) {
		return nil, nil
	}
	b, err := unix.Mmap(int(f.Fd()), 0, int(size), unix.PROT_READ, unix.MAP_PRIVATE|unix.MAP_POPULATE)
	if err != nil {
		return nil, nil
	}
	e.screen.addBytes(len(b))
	return b, func() { unix.Munmap(b) }
}
