package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// heapFloor is the heap size below which the collector does not start a
// cycle. The runtime's own minimum goal is 4 MB: sgf check, which holds
// one game tree at a time (a live heap of 1-5 MB), ran 115 collections
// over the 21 MB standard collection, the write barriers on for much of
// the time, and spent a third of its CPU on them. With the floor it runs a
// few. A live heap above half the floor is collected as GOGC=100 does, so
// a large input (10^7 nodes) does not need more memory than before. (A
// floor of 64 MB ran fewer collections but touched twice the fresh pages,
// and cost as much CPU in page faults; 16 MB, more collections.)
const heapFloor = 32 << 20

// runtimeHeapMinimum is the runtime's minimum heap goal at GOGC=100; it
// scales with GOGC.
const runtimeHeapMinimum = 4 << 20

// keepHeapFloor sets GOGC, after each collection, so that the next one
// starts when the heap reaches floor, or twice the live heap if that is
// more. A GOGC set in the environment stands.
func keepHeapFloor(floor uint64) {
	if _, set := os.LookupEnv("GOGC"); set {
		return
	}
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	last := -1
	var adjust func()
	adjust = func() {
		metrics.Read(sample)
		live := uint64(0)
		if sample[0].Value.Kind() == metrics.KindUint64 {
			live = sample[0].Value.Uint64()
		}
		if pct := floorPercent(live, floor); pct != last {
			debug.SetGCPercent(pct)
			last = pct
		}
		armAfterGC(adjust)
	}
	adjust()
}

// floorPercent returns the GOGC that makes the heap goal of a live heap
// of live bytes floor, at least 100 (the default). The runtime's goal is
// the larger of live*(1+GOGC/100) and its minimum scaled by GOGC/100.
func floorPercent(live, floor uint64) int {
	max := int(floor / runtimeHeapMinimum * 100)
	if live == 0 {
		return max
	}
	if 2*live >= floor {
		return 100
	}
	return min(max, int(floor*100/live)-100)
}

// armAfterGC calls fn once after the next collection (a finalizer runs
// after the cycle that found its object unreachable).
func armAfterGC(fn func()) {
	sentinel := new([16]byte)
	runtime.SetFinalizer(sentinel, func(*[16]byte) { fn() })
}
