package syntax

import (
	"runtime/debug"
	"sync"
)

// helpers runs the goroutines that help one call of the package (the
// chunks of a FormatStream, the groups of a wide tree, the parts of a
// parallel Format) as the caller's goroutine would run the work itself:
// with the caller's debug.SetPanicOnFault setting, and a panic kept for
// the caller to raise (wait), not ending the process. A caller that reads
// a memory-mapped file sets SetPanicOnFault, so that a file cut short
// under it (the pages past its new end fault, SIGBUS) is a panic it
// recovers from, on whichever goroutine read those bytes.
type helpers struct {
	wg       sync.WaitGroup
	fault    bool // the caller's SetPanicOnFault
	mu       sync.Mutex
	panicked any // the first panic of a helper
}

// newHelpers returns helpers for the calling goroutine.
func newHelpers() *helpers {
	return &helpers{fault: callerPanicsOnFault()}
}

// callerPanicsOnFault returns the calling goroutine's SetPanicOnFault
// setting, unchanged.
func callerPanicsOnFault() bool {
	fault := debug.SetPanicOnFault(true)
	debug.SetPanicOnFault(fault)
	return fault
}

// goHelp runs f on a goroutine of its own.
func (h *helpers) goHelp(f func()) {
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		defer func() {
			if p := recover(); p != nil {
				h.mu.Lock()
				if h.panicked == nil {
					h.panicked = p
				}
				h.mu.Unlock()
			}
		}()
		if h.fault {
			debug.SetPanicOnFault(true)
		}
		f()
	}()
}

// wait waits for the goroutines, then panics with what the first to panic
// panicked with, if one did.
func (h *helpers) wait() {
	h.wg.Wait()
	h.mu.Lock()
	p := h.panicked
	h.mu.Unlock()
	if p != nil {
		panic(p)
	}
}
