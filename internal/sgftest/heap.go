package sgftest

import (
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"time"
)

// HeapObjects returns the bytes of live and not yet swept heap objects
// (runtime/metrics "/memory/classes/heap/objects:bytes").
func HeapObjects() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// HeapPeak runs run while a goroutine samples HeapObjects every interval,
// and returns the heap before run (as the caller left it: collect first
// for a clean base) and the largest sample taken while it ran.
func HeapPeak(every time.Duration, run func()) (base, peak uint64) {
	base = HeapObjects()
	var max atomic.Uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		for {
			if h := HeapObjects(); h > max.Load() {
				max.Store(h)
			}
			select {
			case <-stop:
				return
			case <-time.After(every):
			}
		}
	})
	run()
	close(stop)
	wg.Wait()
	return base, max.Load()
}
