package collection

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf/syntax"
	"github.com/sgf-toolkit/sgf/value"
)

// randomGame writes a game of n moves on distinct points of a size x size
// board, transformed by symmetry k and with the colours swapped on request.
func randomGame(seed uint64, n, size, k int, swap bool) string {
	r := rand.New(rand.NewPCG(seed, 1))
	perm := r.Perm(size * size)
	var b strings.Builder
	fmt.Fprintf(&b, "(;GM[1]FF[4]SZ[%d]PB[x%d]", size, seed)
	for i := range n {
		x, y := Transform(k, perm[i]%size, perm[i]/size, size, size)
		c := "BW"[i%2]
		if swap {
			c = "WB"[i%2]
		}
		fmt.Fprintf(&b, ";%c[%s]", c, value.AppendPoint(nil, value.Point{X: x, Y: y}))
	}
	b.WriteString(")")
	return b.String()
}

func TestSignatureSymmetries(t *testing.T) {
	for _, n := range []int{10, 80, 200} {
		t.Run(fmt.Sprint(n, " moves"), func(t *testing.T) {
			var d, ds Dupes
			for k := range 8 {
				for _, swap := range []bool{false, true} {
					g := mustParse(t, randomGame(1, n, 19, k, swap)).Trees[0]
					s, err := Signature(g)
					if err != nil {
						t.Fatal(err)
					}
					ss, err := StrictSignature(g)
					if err != nil {
						t.Fatal(err)
					}
					name := fmt.Sprintf("k%d-swap%v", k, swap)
					d.Add(s, Entry{Name: name})
					ds.Add(ss, Entry{Name: name})
				}
			}
			// Two other games must not join the group.
			for seed := uint64(2); seed < 4; seed++ {
				g := mustParse(t, randomGame(seed, n, 19, 0, false)).Trees[0]
				s, _ := Signature(g)
				ss, _ := StrictSignature(g)
				d.Add(s, Entry{Name: fmt.Sprint("other", seed)})
				ds.Add(ss, Entry{Name: fmt.Sprint("other", seed)})
			}
			for _, dd := range []*Dupes{&d, &ds} {
				groups := dd.Groups()
				if len(groups) != 1 || len(groups[0].Games) != 16 {
					t.Fatalf("groups %v, want one of the 16 transformed copies", groups)
				}
				// Each copy names the symmetry and colour swap that made it
				// from the first game (issue 13: dupes says which).
				g := groups[0]
				for i, e := range g.Games {
					var k int
					var swap bool
					fmt.Sscanf(e.Name, "k%d-swap%t", &k, &swap)
					if want := (Symmetry{k, swap}); g.Symmetries[i] != want {
						t.Errorf("%s (strict %v): %v, want %v", e.Name, dd == &ds, g.Symmetries[i], want)
					}
				}
			}
		})
	}
}

// TestSymmetryNames: each name says what the symmetry does to the points
// of a 19x19 board (x to the right, y down).
func TestSymmetryNames(t *testing.T) {
	const n = 19
	for k, want := range []struct {
		name          string
		upperLeft, ur [2]int // where the upper left corner and the point (18, 0) go
	}{
		{"as played", [2]int{0, 0}, [2]int{18, 0}},
		{"mirrored left to right", [2]int{18, 0}, [2]int{0, 0}},
		{"mirrored top to bottom", [2]int{0, 18}, [2]int{18, 18}},
		{"rotated 180°", [2]int{18, 18}, [2]int{0, 18}},
		{"mirrored on the diagonal", [2]int{0, 0}, [2]int{0, 18}},
		{"rotated 90° clockwise", [2]int{18, 0}, [2]int{18, 18}},
		{"rotated 90° counter-clockwise", [2]int{0, 18}, [2]int{0, 0}},
		{"mirrored on the other diagonal", [2]int{18, 18}, [2]int{18, 0}},
	} {
		s := Symmetry{Board: k}
		x, y := Transform(k, 0, 0, n, n)
		x2, y2 := Transform(k, 18, 0, n, n)
		if s.BoardName() != want.name || [2]int{x, y} != want.upperLeft || [2]int{x2, y2} != want.ur {
			t.Errorf("symmetry %d: %q takes (0,0) to (%d,%d), (18,0) to (%d,%d); want %q, %v, %v", k, s.BoardName(), x, y, x2, y2, want.name, want.upperLeft, want.ur)
		}
		if bx, by := Transform(inverse(k), x2, y2, n, n); bx != 18 || by != 0 {
			t.Errorf("inverse(%d) = %d does not undo it", k, inverse(k))
		}
	}
}

func TestSignatureErrors(t *testing.T) {
	for _, src := range []string{"(;GM[11];B[a1])", "(;GM[1]SZ[19])"} {
		if _, err := Signature(mustParse(t, src).Trees[0]); err == nil {
			t.Errorf("%s: no error", src)
		}
		if _, err := StrictSignature(mustParse(t, src).Trees[0]); err == nil {
			t.Errorf("%s: no error (strict)", src)
		}
	}
}

// movesUnder returns the main-line moves of a game after symmetry k and a
// colour swap, as text.
func movesUnder(t *syntax.Tree, k int, swap bool) []string {
	cols, rows, moves, _, _ := mainLineMoves(t, false)
	out := make([]string, len(moves))
	for i, m := range moves {
		x, y := Transform(k, int(m.x), int(m.y), cols, rows)
		p := "--"
		if x >= 0 {
			p = string(value.AppendPoint(nil, value.Point{X: x, Y: y}))
		}
		out[i] = string(swapColor(m.c, swap)) + p
	}
	return out
}

// sameGame reports whether b is a transformed copy of a: some symmetry and
// colour swap make at least 95% of the moves both have equal.
func sameGame(a, b *syntax.Tree) bool {
	ma := movesUnder(a, 0, false)
	for k := range 8 {
		for _, swap := range []bool{false, true} {
			mb := movesUnder(b, k, swap)
			n := min(len(ma), len(mb))
			same := 0
			for i := range n {
				if ma[i] == mb[i] {
					same++
				}
			}
			if n > 0 && same*100 >= n*95 {
				return true
			}
		}
	}
	return false
}

func TestDupesFox(t *testing.T) {
	files := sgfFiles(t, sharedDir(t, "corpus/games/fox-tygem-ai"))
	if testing.Short() {
		files = files[:1500]
	}
	trees := map[Entry]*syntax.Tree{}
	var d, ds Dupes
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, _ := syntax.Parse(src, nil)
		for i, tr := range f.Trees {
			e := Entry{Name: name, Tree: i}
			if s, err := Signature(tr); err == nil {
				d.Add(s, e)
				trees[e] = tr
			}
			if s, err := StrictSignature(tr); err == nil {
				ds.Add(s, e)
			}
		}
	}
	groups := d.Groups()
	pairs, strict := 0, 0
	for _, g := range groups {
		for _, e := range g.Games[1:] {
			pairs++
			if !sameGame(trees[g.Games[0]], trees[e]) {
				t.Errorf("false pair: %s and %s (%s)", g.Games[0], e, g.Signature)
			}
		}
	}
	for _, g := range ds.Groups() {
		strict += len(g.Games) - 1
		for _, e := range g.Games[1:] {
			if !sameGame(trees[g.Games[0]], trees[e]) {
				t.Errorf("false strict pair: %s and %s", g.Games[0], e)
			}
		}
	}
	t.Logf("%d games, %d groups of duplicates, %d pairs (strict: %d groups, %d pairs)", len(trees), len(groups), pairs, len(ds.Groups()), strict)
	for i, g := range groups {
		if i == 5 {
			break
		}
		var names []string
		for _, e := range g.Games {
			names = append(names, filepath.Base(e.Name))
		}
		t.Logf("group %s: %s", g.Signature, strings.Join(names, ", "))
	}
}

// TestDupesReread: with Reread set, Dupes keeps no moves of the games
// that say where they are, reads those of the candidates again, once
// each and in the order they were added, and groups as it groups with
// every game's moves kept (issue 11: dupes on the 1 GB collection kept
// every game's moves, 1,151 MB).
func TestDupesReread(t *testing.T) {
	var games []string
	for seed := uint64(1); seed <= 6; seed++ {
		// Three copies of games 1-3 (rotated, swapped, cut short), one of 4-6.
		g := randomGame(seed, 90, 19, 0, false)
		games = append(games, g)
		if seed <= 3 {
			games = append(games, randomGame(seed, 90, 19, int(seed)+3, seed == 2), randomGame(seed, 80, 19, 0, false))
		}
	}
	// A game sharing game 1's signature (moves 20-71) but not its
	// moves: a candidate, confirmed as a copy of none.
	parts := strings.Split(randomGame(1, 90, 19, 0, false), ";")
	parts[2], parts[4] = parts[4], parts[2] // black's first two moves swapped
	games = append(games, strings.Join(parts, ";"))
	sign := func(src string) Sig {
		s, err := Signature(mustParse(t, src).Trees[0])
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	var kept, reread Dupes
	var calls []int
	reread.Reread = func(e Entry) (Sig, error) {
		calls = append(calls, e.Tree)
		if e.Tree == 1 {
			return Sig{}, fmt.Errorf("cannot read it again")
		}
		return sign(games[e.Tree]), nil
	}
	for i, g := range games {
		s := sign(g)
		kept.Add(s, Entry{Name: "f", Tree: i})
		reread.Add(s, Entry{Name: "f", Tree: i, Offset: int64(i), Size: 1})
	}
	if len(reread.moves) != 0 {
		t.Fatalf("moves of %d games kept", len(reread.moves))
	}
	want := kept.Groups()
	got := reread.Groups()
	if !slices.IsSorted(calls) || len(calls) == 0 {
		t.Errorf("Reread called for %v: want each candidate once, in order", calls)
	}
	if len(calls) != 3*3+1 {
		t.Errorf("Reread called for %v: want the candidates only (games 1-3, their copies, the last)", calls)
	}
	// Game 1 could not be read again: it is in no group, the rest as before.
	for i := range want {
		if want[i].Games[1].Tree == 1 {
			want[i].Games = slices.Delete(want[i].Games, 1, 2)
			want[i].Symmetries = slices.Delete(want[i].Symmetries, 1, 2)
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("groups with Reread:\n%v\nwant\n%v", got, want)
	}
	if len(want) != 3 {
		t.Errorf("%d groups, want 3: %v", len(want), want)
	}
	if n := len(reread.moves); n != 4 {
		t.Errorf("after Groups the moves of %d games are kept, want those of the 4 clusters' first games", n)
	}
	if errs := reread.RereadErrors(); len(errs) != 1 || !strings.Contains(errs[0].Error(), "f#2: cannot read it again") {
		t.Errorf("RereadErrors: %v, want game 2 of f (tree 1)", errs)
	}

	// KeepMoves: the games added first keep their moves (games 0-2, 270
	// moves) and are not read again; the others are, and the groups are
	// those with every game's moves kept.
	var budget Dupes
	calls = nil
	budget.Reread, budget.KeepMoves = reread.Reread, 90+90+80
	for i, g := range games {
		budget.Add(sign(g), Entry{Name: "f", Tree: i, Offset: int64(i), Size: 1})
	}
	if len(budget.moves) != 3 {
		t.Errorf("moves of %d games kept, want 3 (KeepMoves)", len(budget.moves))
	}
	got = budget.Groups()
	if len(calls) != 3*3+1-3 || slices.Contains(calls, 0) || slices.Contains(calls, 1) || slices.Contains(calls, 2) {
		t.Errorf("Reread called for %v: want the candidates after the first three games", calls)
	}
	if want := kept.Groups(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("groups with KeepMoves:\n%v\nwant\n%v", got, want)
	}
}

// TestSignatureReadAsTyped: a signature reads the game, the board and the
// moves as every reader of the module does (sgf.TreeBoard, sgf's Decoder):
// GM[ 1 ] is Go, SZ[ 13 ] is 13x13, an SZ that is no size is 19x19 (the
// board sgf show and the index play such a game on), and B[c\j] is cj.
// Before, the first three had no signature (not Go, or an SZ that does
// not read), so sgf dupes never paired them with their copies.
func TestSignatureReadAsTyped(t *testing.T) {
	for _, tt := range []struct{ src, same string }{
		{`(;GM[1]SZ[ 13 ];B[cc];W[jj];B[c\j])`, `(;GM[1]SZ[13];B[cc];W[jj];B[cj])`},
		{`(;GM[ 1 ]SZ[13];B[cc];W[jj];B[cj])`, `(;GM[1]SZ[13];B[cc];W[jj];B[cj])`},
		{`(;GM[1]SZ[x];B[pd];W[dp];B[pp])`, `(;GM[1];B[pd];W[dp];B[pp])`},
		{`(;GM[1]SZ[0];B[pd];W[dp];B[pp])`, `(;GM[1]SZ[19];B[pd];W[dp];B[pp])`},
		// Moves and setup read as sgf check corrects them (value.ReadMove,
		// value.ExpandPointList): white space in a point removed, a
		// rectangle partly off the board no point (check deletes it).
		// Before, W[ j j ] and B[c j] were passes, AB[d d] no stone and
		// AB[ak:zz] the stones of ak:mm.
		{"(;GM[1]SZ[13];B[cc];W[ j j ];B[c j])", `(;GM[1]SZ[13];B[cc];W[jj];B[cj])`},
		{"(;GM[1]SZ[13]AB[d d][ak:zz]AW[e\ne];B[cc];W[jj];B[cj])", `(;GM[1]SZ[13]AB[dd]AW[ee];B[cc];W[jj];B[cj])`},
	} {
		for _, sign := range []func(*syntax.Tree) (Sig, error){Signature, StrictSignature} {
			a, err := sign(mustParse(t, tt.src).Trees[0])
			if err != nil {
				t.Errorf("%s: %v", tt.src, err)
				continue
			}
			b, err := sign(mustParse(t, tt.same).Trees[0])
			if err != nil || a.Key != b.Key || a.cols != b.cols || a.rows != b.rows {
				t.Errorf("%s: %s %dx%d, want %s's %s %dx%d (%v)", tt.src, a.Key, a.cols, a.rows, tt.same, b.Key, b.cols, b.rows, err)
			}
		}
	}
	if _, err := Signature(mustParse(t, `(;GM[1]SZ[53];B[pd])`).Trees[0]); err == nil {
		t.Errorf("SZ[53]: no error")
	}
}
