package cli

import "runtime/debug"

// mapInputBytes is the least size of a file that eachMappedSource maps
// into memory instead of reading it. A variable for the tests.
var mapInputBytes int64 = 4 << 20

// HoldHeap, when not nil (the sgf command's main sets it), is told the
// bytes that work will hold live while it runs, all of them until it ends,
// and returns the function that says it ended: the collector then does
// not start a cycle in the middle of it, which would find them all live.
var HoldHeap func(n uint64) (release func())

// heldPerByte is what fmt's work holds live for each byte of its input:
// the parse's node records (8 bytes for each ";"), its trees and games,
// the canonical form (as long as the input, or a little longer).
const heldPerByte = 3

// afterMap, when not nil, is called with the name of each file mapped, before
// work: the tests cut the file short there.
var afterMap func(name string)

// eachMappedSource is eachSource for a command whose work reads the bytes
// of each file only while it runs, keeps none of them in its result, and
// recovers from its panics (catch): sgf fmt. A regular file of
// mapInputBytes or more is mapped into memory (mapInput, on Linux) instead
// of read: its pages are those of the page cache, where a read fills as
// many fresh pages, a page fault and a cleared page for every 4 KB of the
// file (the 21 MB standard collection: about 15 ms of CPU, before its
// parse can start). It is unmapped once work has returned.
//
// work then runs with debug.SetPanicOnFault set, as do the goroutines
// that help it (syntax and sgf start theirs with their caller's setting):
// should the file be cut short meanwhile, reading its pages past the new
// end faults (SIGBUS), which is a panic that catch reports as the file
// having changed, not a crash.
func eachMappedSource[R any](e *env, c *commonFlags, args []string, work func(in input) (R, error), emit func(in input, r R)) {
	eachFile(e, c, args, func(in input) (r R, err error) {
		src, unmap := mapInput(e, in.name)
		if unmap == nil {
			if in.src, err = readInput(e, in.name); err != nil {
				return r, err
			}
			return work(in)
		}
		if HoldHeap != nil {
			defer HoldHeap(heldPerByte * uint64(len(src)))()
		}
		defer unmap()
		defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
		if afterMap != nil {
			afterMap(in.name)
		}
		// Read as readInput reads a file (the formats of --from).
		if in.src = src; e.imports != nil {
			if in.src, err = e.imports.read(e, in.name, src); err != nil {
				return r, err
			}
		}
		return work(in)
	}, emit)
}
