//go:build !unix

package sgftest

import "time"

// CPUTime is 0 where getrusage is missing: no CPU-time figure is reported.
func CPUTime() time.Duration { return 0 }
