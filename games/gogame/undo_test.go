package gogame

import (
	"reflect"
	"runtime"
	"testing"
	"unsafe"
)

// hasPointers reports whether a value of type t holds a pointer that the
// garbage collector must follow.
func hasPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Array:
		return hasPointers(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if hasPointers(t.Field(i).Type) {
				return true
			}
		}
		return false
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.String, reflect.Interface, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		return true
	}
	return false
}

// TestUndoStackNoPointers: the undo stack (the frames, the log of changed
// cells, the log of captures) holds no pointers, so that on a main line of
// 10^6 moves the garbage collector never scans it (issue 14: "no
// GC-visible pointers in it").
func TestUndoStackNoPointers(t *testing.T) {
	var b Board
	for name, typ := range map[string]reflect.Type{
		"frames": reflect.TypeOf(b.frames).Elem(),
		"log":    reflect.TypeOf(b.log).Elem(),
		"capLog": reflect.TypeOf(b.capLog).Elem(),
	} {
		if hasPointers(typ) {
			t.Errorf("the elements of Board.%s (%v) hold pointers", name, typ)
		}
	}
	if !hasPointers(reflect.TypeOf(struct{ s []int32 }{})) || hasPointers(reflect.TypeOf([2]int32{})) {
		t.Fatal("hasPointers is wrong")
	}
}

// TestHashSetGenerations: after reset no key of before is present, also
// when the generation counter wraps round, and a table grown past
// tombstones keeps every live key with its count.
func TestHashSetGenerations(t *testing.T) {
	spread := func(k uint64) uint64 { return k * 0x9e3779b97f4a7c15 }
	var s hashSet
	s.init()
	// A key of generation 1 left in the table when the counter wraps
	// round to 1 again.
	s.gen = 1
	s.add(spread(1))
	s.gen = ^uint32(0)
	s.reset()
	if c := s.add(spread(1)); c != 0 {
		t.Fatal("a key of generation 1 is present after the counter wrapped round")
	}
	for _, gen := range []uint32{1, ^uint32(0) - 1, ^uint32(0)} {
		s.gen = gen
		s.reset()
		if s.gen == 0 {
			t.Fatalf("generation 0 after reset from %d", gen)
		}
		for k := range uint64(3000) {
			if c := s.add(spread(k)); c != 0 {
				t.Fatalf("gen %d: key %d was present (%d) after reset", gen, k, c)
			}
		}
		s.add(spread(7))
		for k := range uint64(1500) {
			s.remove(spread(k)) // tombstones, then growth over them
		}
		for k := uint64(3000); k < 6000; k++ {
			s.add(spread(k))
		}
		if c := s.add(spread(7)); c != 1 {
			t.Fatalf("gen %d: key 7 counted %d, want 1", gen, c)
		}
		if c := s.add(spread(2999)); c != 1 {
			t.Fatalf("gen %d: key 2999 counted %d, want 1", gen, c)
		}
		if s.live != 4501 { // 1500..5999 and 7, added twice and removed once
			t.Fatalf("gen %d: %d live keys, want 4501", gen, s.live)
		}
		s.reset()
		if c := s.add(spread(2999)); c != 0 {
			t.Fatalf("gen %d: key 2999 present after reset", gen)
		}
	}
}

// TestHistoryGrowth: a long history allocates about twice its frames in
// all, not the five times that append's quarter-more growth of a long
// slice costs (200,000 moves: 68 MB of frames before).
func TestHistoryGrowth(t *testing.T) {
	b, _ := New(19, 19)
	const n = 200_000
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := range n {
		b.Set(Point(i%361), Color(1+i%2))
	}
	runtime.ReadMemStats(&after)
	per := float64(after.TotalAlloc-before.TotalAlloc) / float64(n*int(unsafe.Sizeof(frame{})))
	if per > 3 {
		t.Errorf("%d actions allocated %.1f times their frames", n, per)
	}
}

// TestReserve: after Reserve(n), n moves take no more memory for their
// frames, their undo log and the positions seen (a replay of known length
// allocates them once).
func TestReserve(t *testing.T) {
	const n = 100_000
	during := func(reserve bool) uint64 {
		b, _ := New(19, 19)
		if reserve {
			b.Reserve(n)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for i := range n {
			b.PlayRules(Color(1+i%2), Point(i*7%361))
		}
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	with, without := during(true), during(false)
	// what is left is the stones taken, which the history keeps too
	if with > without/3 {
		t.Errorf("%d moves allocated %d bytes after Reserve, %d without", n, with, without)

	}
}
