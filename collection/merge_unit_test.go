package collection

import (
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf/syntax"
)

func TestMerge(t *testing.T) {
	// ff4-basics.txt: "When merging a set of games into a single gametree,
	// game infos are stored at the nodes where a game first becomes
	// distinguishable from all other games in the tree."
	tests := []struct {
		name      string
		games     []string
		opts      MergeOptions
		want      string // the merged text, canonical layout, without line breaks
		trees     int
		distinct  int
		markers   int
		dropped   map[string]int
		roundTrip bool
	}{
		{
			name:  "shared prefix, info where games diverge",
			games: []string{"(;FF[4]PB[a];B[aa];W[bb];B[cc])", "(;FF[4]PB[b];B[aa];W[bb];B[dd])"},
			want:  "(;FF[4];B[aa];W[bb](;B[cc]PB[a])(;B[dd]PB[b]))",
			trees: 1, distinct: 2, roundTrip: true,
		},
		{
			name:  "diverge at once",
			games: []string{"(;FF[4]PB[a];B[aa])", "(;FF[4]PB[b];B[bb])", "(;FF[4]PB[c];B[aa];W[cc])"},
			want:  "(;FF[4](;B[aa](;W[cc]PB[c])(;PB[a]))(;B[bb]PB[b]))",
			trees: 1, distinct: 3, markers: 1, roundTrip: true,
		},
		{
			name:  "same moves, other game info: a node each",
			games: []string{"(;FF[4]PB[a];B[aa])", "(;FF[4]PB[b];B[aa])"},
			want:  "(;FF[4];B[aa](;PB[a])(;PB[b]))",
			trees: 1, distinct: 2, markers: 2, roundTrip: true,
		},
		{
			name:  "exact copy is left out",
			games: []string{"(;FF[4]PB[a];B[aa])", "(;FF[4]PB[a];B[aa])"},
			want:  "(;FF[4]PB[a];B[aa])",
			trees: 1, distinct: 1, roundTrip: true,
		},
		{
			name:  "one game alone is itself",
			games: []string{"(;FF[4]AB[dd][pp]PB[x]HA[2];W[qd];B[dp])"},
			want:  "(;FF[4]PB[x]HA[2]AB[dd][pp];W[qd];B[dp])",
			trees: 1, distinct: 1, roundTrip: true,
		},
		{
			name:  "handicap stones go below the shared root",
			games: []string{"(;FF[4]AB[dd][pp]HA[2];W[qd])", "(;FF[4]HA[0];B[qd])"},
			want:  "(;FF[4](;AB[dd][pp]HA[2];W[qd])(;B[qd]HA[0]))",
			trees: 1, distinct: 2, roundTrip: true,
		},
		{
			name:  "other board size: another tree",
			games: []string{"(;SZ[19]PB[a];B[aa])", "(;SZ[9]PB[b];B[aa])"},
			want:  "(;SZ[19]PB[a];B[aa])(;SZ[9]PB[b];B[aa])",
			trees: 2, distinct: 2, roundTrip: true,
		},
		{
			name:  "comments differ: lossless merge branches",
			games: []string{"(;PB[a];B[aa]C[x];W[bb])", "(;PB[b];B[aa]C[y];W[bb])"},
			want:  "(;(;B[aa]C[x]PB[a];W[bb])(;B[aa]C[y]PB[b];W[bb]))",
			trees: 1, distinct: 2, roundTrip: true,
		},
		{
			name:  "moves only: comments of the first game kept",
			games: []string{"(;PB[a];B[aa]C[x];W[bb])", "(;PB[b];B[aa]C[y];W[cc])"},
			opts:  MergeOptions{MovesOnly: true},
			want:  "(;;B[aa]C[x](;W[bb]PB[a])(;W[cc]PB[b]))",
			trees: 1, distinct: 2, dropped: map[string]int{"C": 1},
		},
		{
			name:  "property order does not matter",
			games: []string{"(;PB[a];B[aa]C[x])", "(;PB[b];C[x]B[aa];W[bb])"},
			want:  "(;;B[aa]C[x](;W[bb]PB[b])(;PB[a]))",
			trees: 1, distinct: 2, markers: 1,
		},
		{
			name:  "a game with variations keeps them as its own",
			games: []string{"(;PB[a];B[aa];W[bb](;B[cc])(;B[dd]))", "(;PB[b];B[aa];W[bb];B[cc])"},
			want:  "(;;B[aa](;W[bb]PB[a](;B[cc])(;B[dd]))(;W[bb]PB[b];B[cc]))",
			trees: 1, distinct: 2, roundTrip: true,
		},
		{
			name:  "variations from the root: a tree of its own",
			games: []string{"(;PB[a](;B[aa])(;B[bb]))", "(;PB[b];B[aa])"},
			want:  "(;PB[a](;B[aa])(;B[bb]))(;PB[b];B[aa])",
			trees: 2, distinct: 2, roundTrip: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var trees []*syntax.Tree
			for _, g := range tt.games {
				trees = append(trees, mustParse(t, g).Trees...)
			}
			out, rep, err := Merge(trees, nil, &tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			got := strings.NewReplacer("\n", "", " ", "").Replace(string(out))
			if got != tt.want {
				t.Errorf("merged:\n got %s\nwant %s", got, tt.want)
			}
			if rep.Trees != tt.trees || rep.Distinct != tt.distinct || rep.Markers != tt.markers {
				t.Errorf("report %+v, want %d trees, %d distinct, %d markers", rep, tt.trees, tt.distinct, tt.markers)
			}
			if len(rep.Dropped) != len(tt.dropped) {
				t.Errorf("dropped %v, want %v", rep.Dropped, tt.dropped)
			}
			for k, v := range tt.dropped {
				if rep.Dropped[k] != v {
					t.Errorf("dropped %v, want %v", rep.Dropped, tt.dropped)
				}
			}
			mf := mustParse(t, string(out))
			if len(mf.Diagnostics) > 0 {
				t.Errorf("merged output has problems: %v", mf.Diagnostics)
			}
			if !tt.roundTrip {
				return
			}
			games := Split(mf)
			if len(games) != tt.distinct {
				t.Fatalf("split gives %d games, want %d", len(games), tt.distinct)
			}
			want := map[string]int{}
			for _, tr := range trees {
				want[joinShape(tr)]++
			}
			for _, g := range games {
				k := joinShape(mustParse(t, string(g.SGF)).Trees[0])
				if want[k] == 0 {
					t.Errorf("split game %s is none of the inputs", g.SGF)
				}
				want[k]--
			}
		})
	}
}

func TestMergeEmptyTree(t *testing.T) {
	f, _ := syntax.Parse([]byte("("), nil)
	m := NewMerger(nil)
	for _, tr := range f.Trees {
		if tr.Root().IsZero() {
			if err := m.Add(tr, "x"); err == nil {
				t.Error("no error for a tree without nodes")
			}
		}
	}
}
