package check

import (
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf/syntax"
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
	}{{"wide", wide.String(), 1}, {"line", line.String(), 10_003}} {
		f, _ := syntax.Parse([]byte(c.src), caOpts)
		var ch checker
		opts := Options{}
		ch.init(f, &opts)
		p := &ch.p
		p.Tree = f.Trees[0]
		p.view()
		along := make([]int, len(p.Nodes))
		if got := p.actions(along); got != c.want {
			t.Errorf("%s: the replay reserves %d actions, want %d", c.name, got, c.want)
		}
	}
}
