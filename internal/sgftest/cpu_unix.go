//go:build unix

package sgftest

import (
	"runtime"
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

// PeakRSS returns the largest resident set size the process has had, in
// bytes (0 where it is not known).
func PeakRSS() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
		return int64(ru.Maxrss) // bytes there, kilobytes elsewhere
	}
	return int64(ru.Maxrss) * 1024
}
