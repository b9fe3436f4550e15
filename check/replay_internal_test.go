package check

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf/syntax"
	"github.com/sgf-toolkit/sgf/value"
)

// TestReplayActions: the replay reserves the board's history for the
// longest line of the tree, not for every action of it: a root with
// 10,000 children of one move holds one move at a time (the sum over the
// tree reserved 1,000,000 actions for the wide-1m shape of issue 14: 112
// MB of history and position set for a 9 MB file), a main line all its
// moves and setup values.
func TestReplayActions(t *testing.T) {
	var wide, line strings.Builder
	wide.WriteString("(;GM[1]SZ[19]")
	line.WriteString("(;GM[1]SZ[19]")
	for i := range 10_000 {
		mv := string(rune('a'+i%19)) + string(rune('a'+i/19%19))
		wide.WriteString("(;B[" + mv + "])")
		line.WriteString(";W[" + mv + "]")
	}
	line.WriteString(";AE[aa][bb]AB[cc])")
	wide.WriteString(")")
	for _, c := range []struct {
		name, src string
		want      int
		jump      int // the last node whose parent is not the one before
	}{{"wide", wide.String(), 1, 10_000}, {"line", line.String(), 10_003, 0}} {
		f, _ := syntax.Parse([]byte(c.src), caOpts)
		var ch checker
		opts := Options{}
		ch.init(f, &opts)
		p := &ch.p
		p.Tree = f.Trees[0]
		p.view()
		along := make([]int32, len(p.Nodes))
		got, jump := p.actions(along)
		if got != c.want {
			t.Errorf("%s: the replay reserves %d actions, want %d", c.name, got, c.want)
		}
		if jump != c.jump {
			t.Errorf("%s: the last node that goes back is %d, want %d", c.name, jump, c.jump)
		}
	}
}

// TestReplayForgets: on a line without branches the replay forgets the
// board's history every forgetEvery nodes (games.Forgetter), and reports
// what it reports with the history kept: 6,000 moves at random points
// of a 9x9 board (captures, moves on occupied points, suicides, kos,
// repeated positions), some nodes of setup (AE, AB) and some written as
// nested variations, checked as a line and with two variations added at
// its end, which keeps the replay from forgetting. The diagnostics of the
// line are the same; the history of the line stays short.
func TestReplayForgets(t *testing.T) {
	var line strings.Builder
	line.WriteString("(;GM[1]SZ[9]RU[Chinese]")
	seed := uint32(1)
	closes := 0
	for i := range 6000 {
		seed = seed*1664525 + 1013904223
		pt := string(rune('a'+seed>>24%9)) + string(rune('a'+seed>>16%9))
		switch {
		case i == 4000:
			// a ko, set up on a cleared corner: B takes at cb, W
			// retakes at bb at once
			line.WriteString(";AE")
			for y := range 4 {
				for x := range 5 {
					line.WriteString("[" + string(rune('a'+x)) + string(rune('a'+y)) + "]")
				}
			}
			line.WriteString(";AB[ba][ab][bc]AW[ca][db][cc][bb];B[cb];W[bb]")
		case i%701 == 700:
			line.WriteString(";AE[" + pt + "]AB[ee]")
		case i%97 == 50:
			line.WriteString("(;" + string("BW"[i%2]) + "[" + pt + "]")
			closes++
		default:
			line.WriteString(";" + string("BW"[i%2]) + "[" + pt + "]")
		}
	}
	body := line.String()
	end := strings.Repeat(")", closes+1)
	straight := body + end
	branched := body + "(;B[aa])(;W[aa])" + end
	diags := func(src string) ([]Diagnostic, int, int) {
		opts := Options{Superko: SuperkoPositional}
		r, p := firstReplay(t, src, opts)
		f, _ := syntax.Parse([]byte(src), caOpts)
		return Check(f, opts), r.board.History(), len(p.Nodes)
	}
	got, hist, n := diags(straight)
	want, keptHist, _ := diags(branched)
	var kept []Diagnostic
	for _, d := range want {
		if d.Offset < int64(len(body)) {
			kept = append(kept, d)
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(kept) {
		t.Errorf("forgetting: %d diagnostics, with the history kept %d", len(got), len(kept))
		for i := range min(len(got), len(kept)) {
			if fmt.Sprint(got[i]) != fmt.Sprint(kept[i]) {
				t.Fatalf("first difference: %v, kept %v", got[i], kept[i])
			}
		}
	}
	late := map[Code]int{}
	for _, d := range got {
		if d.Offset > int64(len(body)/3) {
			late[d.Code]++
		}
	}
	for _, c := range []Code{CodeOccupied, CodeSuicide, CodeKo, CodeSuperko} {
		if late[c] == 0 {
			t.Errorf("no %v after the first third of the line: the test proves less than it should (%v)", c, late)
		}
	}
	if hist > 2*forgetEvery || keptHist < n/2 {
		t.Errorf("history after the replay of %d nodes: %d for the line, %d with variations at its end; want at most %d and at least %d", n, hist, keptHist, 2*forgetEvery, n/2)
	}
}

// TestJoinedPointNames: the names of the points of an AE without effect
// are those joinValues(pointNames(...)) gave, made in one allocation.
func TestJoinedPointNames(t *testing.T) {
	var pts []value.Point
	for n := range 400 {
		if got, want := joinedPointNames(pts), joinValues(pointNames(pts)); got != want {
			t.Fatalf("%d points: %q, want %q", n, got, want)
		}
		pts = append(pts, value.Point{X: n * 7 % 52, Y: n * 11 % 52})
	}
	if a := testing.AllocsPerRun(10, func() { _ = joinedPointNames(pts) }); a != 1 {
		t.Errorf("%v allocations for %d points", a, len(pts))
	}
}
