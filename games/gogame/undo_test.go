package gogame

import (
	"math/rand/v2"
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
// when the generation (a slot's low byte) wraps round; a table grown past
// tombstones keeps every live key with its count; keys present several
// times keep their count through removals, also the hashes whose high
// bits are 0 (the key bits of a tombstone).
func TestHashSetGenerations(t *testing.T) {
	spread := func(k uint64) uint64 { return k * 0x9e3779b97f4a7c15 }
	var s hashSet
	s.init()
	// A key of generation 1 left in the table when the generation wraps
	// round to 1 again.
	s.add(spread(1))
	s.gen = 0xff
	s.reset()
	if c := s.add(spread(1)); c != 0 {
		t.Fatal("a key of generation 1 is present after the generation wrapped round")
	}
	for _, gen := range []uint64{1, 0xfe, 0xff} {
		s.gen = gen
		s.reset()
		if s.gen == 0 || s.gen > 0xff {
			t.Fatalf("generation %d after reset from %d", s.gen, gen)
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
		s.remove(spread(2999))
	}
	for _, k := range []uint64{0, 0xff, 1 << 8, spread(5)} {
		for want := range int32(3) {
			if c := s.add(k); c != want {
				t.Fatalf("key %#x: count %d before the add, want %d", k, c, want)
			}
		}
		for range 3 {
			s.remove(k)
		}
		if c := s.add(k); c != 0 {
			t.Fatalf("key %#x: count %d after its removals, want 0", k, c)
		}
		s.remove(k)
	}
	if s.live != 0 || len(s.more) != 0 {
		t.Fatalf("%d live keys, %d counted more than once: want none", s.live, len(s.more))
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
	// The history, its cell log and the stones taken (captures and
	// suicides) all fit in what Reserve made room for: what is left, under
	// a byte a move, is the counts of the positions repeated (superko).
	// Reserving the cell log for one entry an action allocated 3.1 MB.
	if with > n || without < 10*n {
		t.Errorf("%d moves allocated %d bytes after Reserve, %d without", n, with, without)
	}
}

// checkLibs fails unless every point of b has in its cell the number of
// empty cells among its four neighbours, and every cell of the border the
// border's colour.
func checkLibs(t *testing.T, b *Board, when string) {
	t.Helper()
	for _, i := range b.toInt {
		want := uint8(0)
		for _, d := range b.dirs {
			if b.cells[(i+d)&cellMask]&colorBits == uint8(Empty) {
				want++
			}
		}
		if got := b.cells[i] / libOne; got != want {
			t.Fatalf("%s: cell %d has %d empty neighbours, want %d", when, i, got, want)
		}
	}
	for i := range (b.rows + 2) * b.stride {
		if p := b.toPoint[i]; (p < 0 || int(p) >= b.n) != (Color(b.cells[i]&colorBits) == border) {
			t.Fatalf("%s: cell %d is %d: border or not wrong", when, i, b.cells[i])
		}
	}
}

// TestLibsKept: the board's counts of empty neighbours (in its cells, which play's
// test for captures and touchesEmpty read) stay those of its cells through
// moves with captures and suicides, stones played on stones, setup, passes,
// undo of each, UndoTo and Reset, on boards of several sizes.
func TestLibsKept(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 19))
	for _, sz := range [][2]int{{19, 19}, {9, 9}, {5, 3}, {1, 1}, {2, 7}, {52, 52}, {25, 13}} {
		b, _ := New(sz[0], sz[1])
		checkLibs(t, b, "New")
		for game := range 6 {
			marks := []int{}
			for step := range 400 {
				p := Point(rng.IntN(b.n))
				switch k := rng.IntN(20); {
				case k < 14:
					b.PlayRules(Color(1+step%2), p)
				case k < 16:
					b.Set(p, Color(rng.IntN(3)))
				case k < 17:
					b.Pass(Color(1 + step%2))
				case k < 18:
					marks = append(marks, b.History())
				case k < 19:
					b.Undo()
				default:
					if len(marks) > 0 {
						b.UndoTo(marks[len(marks)-1])
						marks = marks[:len(marks)-1]
					}
				}
				if step%37 == 0 {
					checkLibs(t, b, "after a step")
				}
			}
			checkLibs(t, b, "at the end of a game")
			for b.Undo() {
			}
			checkLibs(t, b, "undone to the start")
			if game%2 == 0 {
				b.Reset()
				checkLibs(t, b, "Reset")
			}
		}
	}
}
