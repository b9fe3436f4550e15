package gogame

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// refBoard is a Go board written as plainly as possible, for comparison:
// a grid of colours, groups found by a flood fill of their own, the
// positions seen in a map, undo by copies of the whole state.
type refBoard struct {
	cols, rows int
	st         refState
	seen       map[uint64]int // positions seen (positional superko), counted
	hist       []refAction
}

type refState struct {
	cells      []Color
	prisoners  [2]int
	ko         Point
	koColor    Color
	toPlay     Color
	moveNumber int
	pending    bool // the position is not yet in seen
}

type refAction struct {
	before refState
	added  []uint64 // positions added to seen by the action
}

func newRef(cols, rows int) *refBoard {
	r := &refBoard{cols: cols, rows: rows, seen: map[uint64]int{}}
	r.st = refState{cells: make([]Color, cols*rows), ko: NoPoint, toPlay: Black, pending: true}
	return r
}

func (r *refBoard) hash() uint64 {
	h := splitmix(uint64(r.cols)<<8 | uint64(r.rows))
	for p, c := range r.st.cells {
		if c != Empty {
			h ^= zobristKey(int(c)-1, p/r.cols*MaxSize+p%r.cols)
		}
	}
	return h
}

func (r *refBoard) neighbours(p int) []int {
	x, y := p%r.cols, p/r.cols
	var n []int
	for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		if nx, ny := x+d[0], y+d[1]; nx >= 0 && nx < r.cols && ny >= 0 && ny < r.rows {
			n = append(n, ny*r.cols+nx)
		}
	}
	return n
}

// group returns the group at p and whether it has a liberty.
func (r *refBoard) group(p int) ([]int, bool) {
	c := r.st.cells[p]
	in := map[int]bool{p: true}
	g := []int{p}
	lib := false
	for k := 0; k < len(g); k++ {
		for _, n := range r.neighbours(g[k]) {
			switch r.st.cells[n] {
			case Empty:
				lib = true
			case c:
				if !in[n] {
					in[n] = true
					g = append(g, n)
				}
			}
		}
	}
	return g, lib
}

func (r *refBoard) push() *refAction {
	st := r.st
	st.cells = slices.Clone(st.cells)
	r.hist = append(r.hist, refAction{before: st})
	return &r.hist[len(r.hist)-1]
}

func (r *refBoard) add(a *refAction, h uint64) {
	r.seen[h]++
	a.added = append(a.added, h)
}

// play plays c at p and returns what Play reports, Captured and Suicided
// sorted.
func (r *refBoard) play(c Color, p int) MoveInfo {
	mi := MoveInfo{Color: c, Point: Point(p)}
	a := r.push()
	if r.st.pending {
		r.add(a, r.hash())
		r.st.pending = false
	}
	mi.Ko = Point(p) == r.st.ko && c == r.st.koColor
	mi.Overwritten = r.st.cells[p]
	mi.Occupied = mi.Overwritten != Empty
	r.st.cells[p] = c
	opp := c.Opponent()
	for _, n := range r.neighbours(p) {
		if r.st.cells[n] != opp {
			continue
		}
		if g, lib := r.group(n); !lib {
			for _, s := range g {
				r.st.cells[s] = Empty
				mi.Captured = append(mi.Captured, Point(s))
			}
		}
	}
	r.st.prisoners[c-Black] += len(mi.Captured)
	r.st.ko, r.st.koColor = NoPoint, Empty
	if len(mi.Captured) == 0 {
		if g, lib := r.group(p); !lib {
			for _, s := range g {
				r.st.cells[s] = Empty
				mi.Suicided = append(mi.Suicided, Point(s))
			}
			mi.Suicide = true
			r.st.prisoners[opp-Black] += len(g)
		}
	} else if len(mi.Captured) == 1 {
		libs, friends := 0, 0
		for _, n := range r.neighbours(p) {
			switch r.st.cells[n] {
			case Empty:
				libs++
			case c:
				friends++
			}
		}
		if libs == 1 && friends == 0 {
			r.st.ko, r.st.koColor = mi.Captured[0], opp
		}
	}
	h := r.hash()
	mi.Superko = r.seen[h] > 0
	r.add(a, h)
	r.st.toPlay = opp
	r.st.moveNumber++
	slices.Sort(mi.Captured)
	slices.Sort(mi.Suicided)
	if mi.Captured == nil {
		mi.Captured = []Point{}
	}
	if mi.Suicided == nil {
		mi.Suicided = []Point{}
	}
	return mi
}

func (r *refBoard) pass(c Color) {
	r.push()
	r.st.ko, r.st.koColor = NoPoint, Empty
	r.st.toPlay = c.Opponent()
	r.st.moveNumber++
}

func (r *refBoard) set(p int, c Color) {
	r.push()
	r.st.ko, r.st.koColor = NoPoint, Empty
	if r.st.cells[p] != c {
		r.st.cells[p] = c
		r.st.pending = true
	}
}

func (r *refBoard) undo() {
	if len(r.hist) == 0 {
		return
	}
	a := r.hist[len(r.hist)-1]
	r.hist = r.hist[:len(r.hist)-1]
	for _, h := range a.added {
		if r.seen[h]--; r.seen[h] == 0 {
			delete(r.seen, h)
		}
	}
	r.st = a.before
}

func (r *refBoard) state() string {
	ko := r.st.ko
	koc := r.st.koColor
	return fmt.Sprintf("%v hash %x prisoners %d %d to play %v ko %d %v move %d history %d",
		r.st.cells, r.hash(), r.st.prisoners[0], r.st.prisoners[1], r.st.toPlay, ko, koc, r.st.moveNumber, len(r.hist))
}

func boardStateRef(b *Board) string {
	ko, koc := b.KoPoint()
	return fmt.Sprintf("%v hash %x prisoners %d %d to play %v ko %d %v move %d history %d",
		b.AppendColors(nil), b.Hash(), b.Prisoners(Black), b.Prisoners(White), b.ToPlay(), ko, koc, b.MoveNumber(), b.History())
}

// TestAgainstReference plays long random sequences of moves (many on
// occupied points; captures, suicides, ko and superko on small boards),
// passes, setup, Try and undos of one or many actions on the board and on
// refBoard, and compares every report and state (issue 14: the board's
// liberty tests were rewritten for speed).
func TestAgainstReference(t *testing.T) {
	for _, size := range [][2]int{{1, 1}, {2, 2}, {3, 5}, {5, 5}, {7, 3}, {9, 9}, {19, 19}} {
		name := fmt.Sprintf("%dx%d", size[0], size[1])
		b, _ := New(size[0], size[1])
		r := newRef(size[0], size[1])
		rng := rand.New(rand.NewPCG(uint64(size[0]), uint64(size[1])))
		for step := range 8000 {
			n := b.Len()
			p := rng.IntN(n)
			c := Color(1 + rng.IntN(2))
			if rng.IntN(3) > 0 {
				c = b.ToPlay()
			}
			switch op := rng.IntN(100); {
			case op < 75:
				// Mostly empty points: an occupied one one time in five.
				if b.At(Point(p)) != Empty && rng.IntN(5) > 0 {
					for k := 0; k < n && b.At(Point(p)) != Empty; k++ {
						p = (p + 1) % n
					}
				}
				mi := b.Play(c, Point(p))
				mi.Captured, mi.Suicided = slices.Sorted(slices.Values(mi.Captured)), slices.Sorted(slices.Values(mi.Suicided))
				if mi.Captured == nil {
					mi.Captured = []Point{}
				}
				if mi.Suicided == nil {
					mi.Suicided = []Point{}
				}
				if got, want := fmt.Sprintf("%+v", mi), fmt.Sprintf("%+v", r.play(c, p)); got != want {
					t.Fatalf("%s step %d: Play(%v, %d):\n%s\nwant\n%s", name, step, c, p, got, want)
				}
			case op < 79:
				b.Pass(c)
				r.pass(c)
			case op < 81:
				col := Color(rng.IntN(3))
				b.Set(Point(p), col)
				r.set(p, col)
			case op < 85:
				before := boardStateRef(b)
				b.Try(c, Point(p))
				if after := boardStateRef(b); after != before {
					t.Fatalf("%s step %d: Try changed the board:\n%s\nwas\n%s", name, step, after, before)
				}
			case op < 97:
				b.Undo()
				r.undo()
			default:
				mark := rng.IntN(b.History() + 1)
				b.UndoTo(mark)
				for len(r.hist) > mark {
					r.undo()
				}
			}
			if got, want := boardStateRef(b), r.state(); got != want {
				t.Fatalf("%s step %d:\n%s\nwant\n%s", name, step, got, want)
			}
		}
		for b.Undo() {
			r.undo()
			if got, want := boardStateRef(b), r.state(); got != want {
				t.Fatalf("%s: undo all:\n%s\nwant\n%s", name, got, want)
			}
		}
	}
}
