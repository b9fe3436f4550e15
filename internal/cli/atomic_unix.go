//go:build unix

package cli

import (
	"io/fs"
	"syscall"
)

// ownerOf returns the owner of the file info describes, nil where the
// system does not say.
func ownerOf(info fs.FileInfo) *owner {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	return &owner{int(st.Uid), int(st.Gid)}
}

// processRuns reports whether a process pid runs (or may: one of another
// user answers EPERM).
func processRuns(pid int) bool {
	if pid <= 0 {
		return true
	}
	err := syscall.Kill(pid, 0)
	return err == nil || err == syscall.EPERM
}
