//go:build !unix

package sgftest

import "time"

// CPUTime is 0 where getrusage is missing: no CPU-time figure is reported.
func CPUTime() time.Duration { return 0 }

// PeakRSS is 0 where getrusage is missing.
func PeakRSS() int64 { return 0 }
