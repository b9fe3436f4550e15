package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"

	"github.com/sgf-toolkit/sgf/internal/cli"
)

func TestFloorPercent(t *testing.T) {
	const mb = 1 << 20
	for _, c := range []struct {
		live, floor uint64
		want        int
	}{
		{0, 64 * mb, 1600},       // nothing live: the runtime's minimum (4 MB) scaled to the floor
		{1 * mb, 64 * mb, 1600},  // capped: the minimum, scaled, is the floor
		{8 * mb, 64 * mb, 700},   // 8 MB * 8 = 64 MB
		{16 * mb, 64 * mb, 300},  // 16 MB * 4
		{32 * mb, 64 * mb, 100},  // half the floor: the default
		{900 * mb, 64 * mb, 100}, // a large input: the default, no more memory than before
		{20 * mb, 32 * mb, 100},  // above half the floor
		{10 * mb, 32 * mb, 220},  // 10 MB * 3.2 = 32 MB
		{3 * mb, 4 * mb, 100},    // a floor at the runtime's own minimum changes nothing
	} {
		if got := floorPercent(c.live, c.floor); got != c.want {
			t.Errorf("floorPercent(%d MB, %d MB) = %d, want %d", c.live/mb, c.floor/mb, got, c.want)
		}
		// The goal the runtime computes from the percent is the floor
		// (or twice the live heap when that is more).
		pct := uint64(floorPercent(c.live, c.floor))
		goal := max(c.live+c.live*pct/100, runtimeHeapMinimum*pct/100)
		if want := max(c.floor, 2*c.live); c.live > 0 && (goal < want*9/10 || goal > want*11/10) {
			t.Errorf("live %d MB, floor %d MB: goal %d MB, want about %d MB", c.live/mb, c.floor/mb, goal/mb, want/mb)
		}
	}
}

// TestKeepHeapFloor: after a collection with a small live heap, GOGC is
// raised so that the next goal is the floor; a GOGC of the environment
// stands.
func TestKeepHeapFloor(t *testing.T) {
	old := debug.SetGCPercent(100)
	defer debug.SetGCPercent(old)
	t.Setenv("GOGC", "100")
	keepHeapFloor(heapFloor)
	runtime.GC()
	if got := gogc(); got != 100 {
		t.Fatalf("GOGC set in the environment: percent %d, want 100", got)
	}
	// Without GOGC in the environment (Setenv restores it afterwards).
	t.Setenv("GOGC", "")
	unsetenv(t, "GOGC")
	keepHeapFloor(heapFloor)
	for range 3 {
		runtime.GC()
		time.Sleep(10 * time.Millisecond) // the finalizer runs on its own goroutine
	}
	if got := gogc(); got <= 100 {
		t.Fatalf("after a collection with a small live heap: percent %d, want more than 100", got)
	}
}

func gogc() int {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(s)
	return int(s[0].Value.Uint64())
}

func unsetenv(t *testing.T, key string) {
	t.Helper()
	if err := os.Unsetenv(key); err != nil {
		t.Fatal(err)
	}
}

// TestHoldHeap: while work holds n bytes (cli.HoldHeap, which
// keepHeapFloor sets), the goal of the next collection is the floor and n
// more; after, the floor again.
func TestHoldHeap(t *testing.T) {
	old := debug.SetGCPercent(100)
	defer debug.SetGCPercent(old)
	t.Setenv("GOGC", "")
	unsetenv(t, "GOGC")
	defer func() { cli.HoldHeap = nil }()
	keepHeapFloor(heapFloor)
	if cli.HoldHeap == nil {
		t.Fatal("keepHeapFloor did not set cli.HoldHeap")
	}
	runtime.GC()
	time.Sleep(10 * time.Millisecond) // the finalizer runs on its own goroutine
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	live := s[0].Value.Uint64()
	goal := func() uint64 {
		pct := uint64(gogc())
		return max(live+live*pct/100, runtimeHeapMinimum*pct/100)
	}
	before := goal()
	const n = 1 << 30
	release := cli.HoldHeap(n)
	if got, want := goal(), uint64(heapFloor+n); got < want*9/10 || got > want*11/10 {
		t.Errorf("holding 1 GB: goal %d MB, want about %d MB", got>>20, want>>20)
	}
	release()
	if got := goal(); got != before {
		t.Errorf("after the hold: goal %d MB, want %d MB as before", got>>20, before>>20)
	}
}
