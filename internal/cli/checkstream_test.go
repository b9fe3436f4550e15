package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckReadAhead checks the hint that lets sgf check's reader run
// when the workers are about to wait for it: a unit read counts as waiting
// until a worker starts it, and a worker gives up its core before each
// tree (yieldToReader) only when no unit waits and the reader has more to
// read.
func TestCheckReadAhead(t *testing.T) {
	name := filepath.Join(t.TempDir(), "three.sgf")
	if err := os.WriteFile(name, []byte("(;GM[1];B[aa])(;GM[1];B[bb])(;GM[1];W[cc])\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	yields := 0
	defer func(f func()) { yieldToReader = f }(yieldToReader)
	yieldToReader = func() { yields++ }

	var stderr bytes.Buffer
	u := &checkUnits{e: testEnv(&stderr), ahead: new(readAhead),
		walk: walkOne(name), whole: func(input) bool { return false }}
	unit, ok := u.next()
	if !ok || len(unit.trees) != 3 || unit.ahead != u.ahead {
		t.Fatalf("next: %d trees, ok %v, ahead %v: want the file's 3 trees with the hint", len(unit.trees), ok, unit.ahead != nil)
	}
	if w := u.ahead.waiting.Load(); w != 1 {
		t.Fatalf("a unit read: %d waiting, want 1", w)
	}
	// Another unit waits for a worker: no yield.
	u.ahead.waiting.Add(1)
	runCheckUnit(unit, nil)
	if w := u.ahead.waiting.Load(); yields != 0 || w != 1 {
		t.Errorf("with a unit waiting: %d yields and %d waiting after the work, want 0 and 1", yields, w)
	}
	// None waits and the reader reads on: a yield before each tree.
	u.ahead.waiting.Store(1)
	runCheckUnit(unit, nil)
	if yields != 3 {
		t.Errorf("the reader behind: %d yields, want 3 (one a tree)", yields)
	}
	// The reader is done: no yield.
	if _, ok := u.next(); ok {
		t.Fatal("next after the last input: ok")
	}
	yields = 0
	u.ahead.waiting.Store(1)
	runCheckUnit(unit, nil)
	if yields != 0 {
		t.Errorf("every input read: %d yields, want 0", yields)
	}
	// One worker (no hint): nothing counted, no yield.
	unit.ahead = nil
	runCheckUnit(unit, nil)
	if yields != 0 {
		t.Errorf("without the hint: %d yields", yields)
	}
}

// TestCheckUnitsGrow checks that the units of an input read tree by tree
// start small, so that the workers start at once, and double up to
// unitBytes: each holds trees up to its limit and one tree more.
func TestCheckUnitsGrow(t *testing.T) {
	tree := "(;GM[1]FF[4]SZ[19]" + strings.Repeat(";B[pd];W[dp]", 40) + ")\n" // 500 bytes
	name := filepath.Join(t.TempDir(), "many.sgf")
	if err := os.WriteFile(name, []byte(strings.Repeat(tree, 600)), 0o666); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	u := &checkUnits{e: testEnv(&stderr), whole: func(input) bool { return false },
		walk: walkOne(name)}
	var sizes []int
	for {
		unit, ok := u.next()
		if !ok {
			break
		}
		size := 0
		for _, tr := range unit.trees {
			if tr.Game != nil {
				size += len(tr.Game.Tree().Source())
			}
		}
		sizes = append(sizes, size)
	}
	limit := firstUnitBytes
	total := 0
	for i, size := range sizes {
		total += size
		if i < len(sizes)-1 && (size < limit || size >= limit+len(tree)) {
			t.Errorf("unit %d: %d bytes of trees, want %d and less than one tree more (sizes %v)", i, size, limit, sizes)
		}
		limit = min(2*limit, unitBytes)
	}
	// (the last newline is the text after the last tree)
	if total != 600*len(tree)-1 {
		t.Errorf("the units hold %d bytes of trees, want %d", total, 600*len(tree)-1)
	}
}

// walkOne is a checkUnits walk that yields the file name once.
func walkOne(name string) func() (input, bool) {
	done := false
	return func() (input, bool) {
		if done {
			return input{}, false
		}
		done = true
		return input{name: name}, true
	}
}
