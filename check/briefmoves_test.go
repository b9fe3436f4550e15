package check

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/syntax"
)

// briefMovesOptions are option sets under which Check leaves the moves'
// property views out (sgf.TreeView.BriefMoves).
var briefMovesOptions = []Options{
	{},
	{Variations: true, ReverseVariations: true, ExpandLists: true, DeleteUnknown: true, Superko: SuperkoSituational},
}

// briefMovesCases are trees where a rule looks at the moves of the main
// line or reports a move: HA[2] with its stones set up after the first
// move (C56 must stop at the first move), a move on an occupied point, a
// suicide and a ko (the replay reports them at the move's property), a
// pass and a move off the board, variations of moves (C58's offset).
var briefMovesCases = []string{
	"(;FF[4]GM[1]SZ[19]HA[2];B[pd];W[dp];AB[dd][pp];W[qq])",
	"(;FF[4]GM[1]SZ[19]HA[2];C[x];B[pd];W[dp])",
	"(;FF[4]GM[1]SZ[19];B[pd];W[pd];B[tt];W[zz];B[aa])",
	"(;FF[4]GM[1]SZ[9];B[ba];W[ca];B[ab];W[db];B[cb];W[bb];B[ac];W[ba];B[aa])",
	"(;FF[4]GM[1]SZ[19];B[pd](;W[dp];B[pp])(;W[dd]C[x];B[dp])(;W[qq]))",
	"(;FF[4]GM[1]SZ[19];B[pd];W[ab];B[ab])(;FF[4]GM[1]SZ[13];B[mm];W[mm])",
}

// TestBriefMovesSameDiagnostics checks every tree of the cases above and
// of the shared corpus twice, with the moves' property views left out and
// with every view read, under the option sets where Check leaves them
// out: the diagnostics must be the same.
func TestBriefMovesSameDiagnostics(t *testing.T) {
	inputs := map[string][]byte{}
	for i, s := range briefMovesCases {
		inputs[fmt.Sprint("case ", i)] = []byte(s)
	}
	if !testing.Short() {
		if shared := sharedDir(); shared != "" {
			filepath.WalkDir(filepath.Join(shared, "corpus"), func(path string, d fs.DirEntry, err error) error {
				if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(path), ".sgf") {
					if src, err := os.ReadFile(path); err == nil {
						inputs[path] = src
					}
				}
				return nil
			})
		}
	}
	left := 0
	for name, src := range inputs {
		text, _, _, _ := charset.DecodeWide(src)
		f, _ := syntax.Parse(text, nil)
		if f == nil {
			continue
		}
		for oi := range briefMovesOptions {
			opts := briefMovesOptions[oi]
			lean := getChecker(f, &opts)
			if !lean.p.BriefMoves {
				t.Fatalf("options %d: BriefMoves off", oi)
			}
			full := new(checker)
			full.init(f, &opts)
			full.p.BriefMoves = false
			for _, tr := range f.Trees {
				got := fmt.Sprintf("%+v", lean.treeDiags(tr))
				for i := range lean.p.Nodes {
					if lean.p.Brief(i).IsMove() && lean.p.Nodes[i].NumProps() == 0 {
						left++
					}
				}
				want := fmt.Sprintf("%+v", full.treeDiags(tr))
				if got != want {
					t.Errorf("%s tree %d options %d:\nbrief moves: %s\nall views:   %s", name, tr.Index(), oi, got, want)
				}
			}
			putChecker(lean)
		}
	}
	if left == 0 {
		t.Error("no move's view was left out")
	}
}

// TestRuleChoiceKept: a checker that keeps its rule lists from one init to
// the next (CheckTree takes one for each tree) chooses them again when an
// option that chooses them changes or a rule is disabled.
func TestRuleChoiceKept(t *testing.T) {
	f, _ := syntax.Parse([]byte("(;FF[4];B[pd])"), nil)
	has := func(c *checker, code Code) bool {
		for _, r := range c.nodeRules {
			if r.Code == code {
				return true
			}
		}
		return false
	}
	c := new(checker)
	steps := []struct {
		opts        Options
		empty, ki   bool
		brief       bool
		description string
	}{
		{Options{}, false, true, true, "zero"},
		{Options{}, false, true, true, "zero again"},
		{Options{EmptyNodes: true}, true, true, false, "EmptyNodes"},
		{Options{}, false, true, true, "zero after EmptyNodes"},
		{Options{Disable: map[Code]bool{CodeKI: true}}, false, false, true, "KI disabled"},
		{Options{}, false, true, true, "zero after a Disable"},
		{Options{DeleteObsolete: true}, false, true, false, "DeleteObsolete"},
		{Options{DeleteProps: []string{"XX"}}, false, true, false, "DeleteProps"},
		{Options{Strict: true}, false, true, false, "Strict"},
		{Options{}, false, true, true, "zero at the end"},
	}
	for _, s := range steps {
		c.init(f, &s.opts)
		if has(c, CodeEmptyNode) != s.empty || has(c, CodeKI) != s.ki || c.p.BriefMoves != s.brief {
			t.Errorf("%s: C32 %v, KI %v, BriefMoves %v; want %v, %v, %v", s.description, has(c, CodeEmptyNode), has(c, CodeKI), c.p.BriefMoves, s.empty, s.ki, s.brief)
		}
	}
}
