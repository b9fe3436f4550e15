package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"

	"github.com/sgf-toolkit/sgf/internal/cli"
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
// more. A GOGC set in the environment stands. The floor is raised by the
// bytes that work in progress holds (holdHeap, as cli.HoldHeap).
func keepHeapFloor(floor uint64) {
	if _, set := os.LookupEnv("GOGC"); set {
		return
	}
	heap.mu.Lock()
	heap.floor, heap.last = floor, -1
	heap.mu.Unlock()
	var adjust func()
	adjust = func() {
		setFloorPercent()
		armAfterGC(adjust)
	}
	adjust()
	cli.HoldHeap = holdHeap
}

// heap is the state of keepHeapFloor.
var heap struct {
	mu    sync.Mutex
	floor uint64 // keepHeapFloor's
	held  uint64 // the sum of the holds in progress (holdHeap)
	last  int    // the percent last set
}

// setFloorPercent sets GOGC for the floor and the holds, from the live
// heap of the last collection.
func setFloorPercent() {
	heap.mu.Lock()
	defer heap.mu.Unlock()
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(sample)
	live := uint64(0)
	if sample[0].Value.Kind() == metrics.KindUint64 {
		live = sample[0].Value.Uint64()
	}
	if pct := floorPercent(live, heap.floor+heap.held); pct != heap.last {
		debug.SetGCPercent(pct)
		heap.last = pct
	}
}

// holdHeap raises the floor by n bytes until the function it returns is
// called: work that will hold n more bytes live while it runs, all of them
// until it ends (sgf fmt of a large file: the file's tree and its
// canonical form, kept until printed), says so, and no collection starts
// in the middle of it to find them all live (on the standard collection,
// two cycles of about 10 ms of CPU each, with the write barriers on
// meanwhile). What is held is counted in the floor only: a heap of more
// than twice the live one is collected as before.
func holdHeap(n uint64) (release func()) {
	heap.mu.Lock()
	heap.held += n
	heap.mu.Unlock()
	setFloorPercent()
	return func() {
		heap.mu.Lock()
		heap.held -= n
		heap.mu.Unlock()
		setFloorPercent()
	}
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
