package check_test

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/check"
	"github.com/sgf-toolkit/sgf/games"
	"github.com/sgf-toolkit/sgf/internal/sgftest"
	"github.com/sgf-toolkit/sgf/syntax"
)

// addCorpus adds the SGF files of a folder of the shared corpus to srcs,
// by path.
func addCorpus(t *testing.T, srcs map[string][]byte, dir string) {
	filepath.WalkDir(sgftest.Corpus(t, dir), func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".sgf") {
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			srcs[path] = b
		}
		return nil
	})
}

// goRules are the rules of Go that check and the Cursor both find, in
// the order check reports them (one fault a move).
var goRules = []struct {
	rule games.Rule
	code check.Code
}{{games.RuleOccupied, check.CodeOccupied}, {games.RuleSuicide, check.CodeSuicide}, {games.RuleKo, check.CodeKo}, {games.RuleSuperko, check.CodeSuperko}}

// compareGoRules checks src with opts (positional superko) and replays
// its Go games with sgf.Cursor, node by node depth first, and reports
// where the two differ: C35, C42, C43 and C55 against the first of
// RuleOccupied, RuleSuicide, RuleKo and RuleSuperko the Cursor gives. It
// counts the codes found.
func compareGoRules(t *testing.T, name string, src []byte, opts check.Options, found map[check.Code]int) {
	t.Helper()
	f, _ := syntax.Parse(src, nil)
	opts.Superko = check.SuperkoPositional
	want := map[[2]int]check.Code{}
	for _, d := range check.Check(f, opts) {
		for _, c := range goRules {
			if d.Code == c.code {
				want[[2]int{d.Tree, d.Node}] = d.Code
			}
		}
	}
	col, err := sgf.Parse(src)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	got := map[[2]int]check.Code{}
	for ti := range col.Len() {
		g := col.Game(ti)
		if g.Type() != sgf.GameGo {
			continue
		}
		cur := g.NewCursor()
		next := []int{0} // per depth: the child to go to next
		for {
			for _, c := range goRules {
				if cur.Broken()&c.rule != 0 && next[len(next)-1] == 0 {
					got[[2]int{ti, cur.Node().Number()}] = c.code
					break
				}
			}
			if cur.Child(next[len(next)-1]) {
				next[len(next)-1]++
				next = append(next, 0)
				continue
			}
			if !cur.Parent() {
				break
			}
			next = next[:len(next)-1]
		}
	}
	for k, c := range want {
		if got[k] != c {
			t.Errorf("%s: tree %d node %d: check %v, the Cursor %v", name, k[0], k[1], c, got[k])
		}
		found[c]++
	}
	for k, c := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("%s: tree %d node %d: the Cursor %v, check nothing", name, k[0], k[1], c)
		}
	}
}

// TestGoRulesAsCursor shows one Go board for check and the Cursor: over
// the Go games of the corpus and a few trees made for the rules, C35,
// C42, C43 and C55 (positional superko) mark exactly the nodes where
// sgf.Cursor reports games.RuleOccupied, RuleSuicide, RuleKo and
// RuleSuperko, the first of them in that order.
func TestGoRulesAsCursor(t *testing.T) {
	srcs := map[string][]byte{
		"occupied, then taken back": []byte("(;GM[1]FF[4]SZ[5];B[aa](;W[aa])(;W[bb];B[bb]))"),
		"suicide of two stones":     []byte("(;GM[1]FF[4]SZ[5]AB[ba][ab][cb]AW[ca][db][bc][ac];W[aa];B[bb];W[bb])"),
		"a ko retaken at once":      []byte("(;GM[1]FF[4]SZ[5]AB[ba][ab][bc]AW[ca][db][cc];W[bb];B[cb];W[bb])"),
		"setup between the moves":   []byte("(;GM[1]FF[4]SZ[3];B[aa];W[ba];AE[aa];B[ab]PL[W];W[aa])"),
	}
	addCorpus(t, srcs, "games")
	found := map[check.Code]int{}
	for name, src := range srcs {
		compareGoRules(t, name, src, check.Options{}, found)
	}
	for _, c := range goRules {
		if found[c.code] == 0 {
			t.Errorf("no %v in the cases: the test shows nothing for it", c.code)
		}
	}
}

// TestRandomTreesAsCursor is TestGoRulesAsCursor over random trees on
// small boards, where faults are frequent: moves (passes among them),
// setup of points and rectangles that overlap stones and each other, and
// variations, checked with every option (C57 and the variation rules
// replay too).
func TestRandomTreesAsCursor(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 12))
	found := map[check.Code]int{}
	for range 1000 {
		size := 2 + r.IntN(4)
		var b strings.Builder
		fmt.Fprintf(&b, "(;GM[1]FF[4]SZ[%d]", size)
		randomNodes(r, &b, size, 3)
		b.WriteString(")")
		compareGoRules(t, b.String(), []byte(b.String()), check.Options{Strict: true, Variations: true, EmptyNodes: true}, found)
		if t.Failed() {
			return
		}
	}
	for _, c := range goRules {
		if found[c.code] == 0 {
			t.Errorf("no %v in the random trees: the test shows nothing for it", c.code)
		}
	}
}

// randomNodes writes a sequence of random nodes and, depth more times,
// up to two variations after it.
func randomNodes(r *rand.Rand, b *strings.Builder, size, depth int) {
	pt := func() string { return string([]byte{byte('a' + r.IntN(size)), byte('a' + r.IntN(size))}) }
	for range 1 + r.IntN(8) {
		b.WriteString(";")
		switch k := r.IntN(10); {
		case k < 7:
			b.WriteString([]string{"B", "W"}[r.IntN(2)])
			if r.IntN(20) == 0 {
				b.WriteString("[]")
			} else {
				b.WriteString("[" + pt() + "]")
			}
		case k < 9:
			b.WriteString([]string{"AB", "AW", "AE"}[r.IntN(3)])
			for range 1 + r.IntN(3) {
				if r.IntN(4) == 0 {
					b.WriteString("[" + pt() + ":" + pt() + "]")
				} else {
					b.WriteString("[" + pt() + "]")
				}
			}
		default:
			b.WriteString("C[a comment]")
		}
	}
	if depth > 0 {
		for range r.IntN(3) {
			b.WriteString("(")
			randomNodes(r, b, size, depth-1)
			b.WriteString(")")
		}
	}
}

// TestHexOccupiedAsCursor shows one Hex board for check and the Cursor:
// over the Hex corpus (the Benzene records and their swaps) and a few
// trees of swaps, C35 marks exactly the nodes where sgf.Cursor reports
// games.RuleOccupied.
func TestHexOccupiedAsCursor(t *testing.T) {
	srcs := map[string][]byte{
		"swap then the mirrored cell": []byte("(;FF[4]GM[11]SZ[5];B[c5];W[swap-pieces];B[e3])"),
		"swap frees the cell":         []byte("(;FF[4]GM[11]SZ[5];B[c5];W[swap-pieces];B[c4];W[c5])"),
		"setup and variations":        []byte("(;FF[4]GM[11]SZ[4]AB[a1]AW[b2](;B[a1])(;AE[a1];B[a1];W[b2]))"),
	}
	addCorpus(t, srcs, "hex")
	if len(srcs) < 10 {
		t.Fatalf("only %d Hex files", len(srcs))
	}
	c35 := 0
	for name, src := range srcs {
		f, _ := syntax.Parse(src, nil)
		want := map[[2]int]bool{}
		for _, d := range check.Check(f, check.Options{}) {
			if d.Code == check.CodeOccupied {
				want[[2]int{d.Tree, d.Node}] = true
			}
		}
		col, err := sgf.Parse(src)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got := map[[2]int]bool{}
		for ti := range col.Len() {
			g := col.Game(ti)
			cur := g.NewCursor()
			for n := range g.Nodes() {
				cur.Goto(n)
				if cur.Broken()&games.RuleOccupied != 0 {
					got[[2]int{ti, n.Number()}] = true
				}
			}
		}
		if len(got) != len(want) {
			t.Errorf("%s: C35 at %v, the Cursor at %v", name, want, got)
		}
		for k := range want {
			if !got[k] {
				t.Errorf("%s: C35 at tree %d node %d, the Cursor has no broken rule there", name, k[0], k[1])
			}
		}
		c35 += len(want)
	}
	if c35 < 3 {
		t.Errorf("only %d C35 in the cases: the test shows nothing", c35)
	}
}
