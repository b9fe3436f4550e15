//go:build unix

package sgftest

import (
	"syscall"
	"time"
)

// CPUTime returns the CPU time (user and system) the process has used:
// on a loaded machine it measures the work, where the wall clock measures
// the wait too. Benchmarks report rates per CPU-second with it.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
