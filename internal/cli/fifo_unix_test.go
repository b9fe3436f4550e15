//go:build unix

package cli

import "syscall"

// mkfifo makes a named pipe (tests of walks and outputs that meet one).
func mkfifo(name string) error { return syscall.Mkfifo(name, 0o644) }
