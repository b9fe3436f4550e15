//go:build unix

package training_test

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time (user and system) the process has used:
// on a loaded machine it measures the work, where the wall clock measures
// the wait too.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
