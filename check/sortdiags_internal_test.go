package check

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSortDiags: sortDiags orders diagnostics by offset as a stable sort
// does (those at one offset in the order of the rules that reported
// them), for lists short and long, sorted or not.
func TestSortDiags(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 40 {
		for range 50 {
			ds := make([]Diagnostic, n)
			for i := range ds {
				ds[i].Offset = int64(rng.IntN(max(1, n/2)))
				ds[i].Node = i // the order of the reports
			}
			want := slices.Clone(ds)
			slices.SortStableFunc(want, func(a, b Diagnostic) int { return cmp.Compare(a.Offset, b.Offset) })
			sortDiags(ds)
			for i := range ds {
				if ds[i].Offset != want[i].Offset || ds[i].Node != want[i].Node {
					t.Fatalf("%d diagnostics: at %d offset %d (report %d), want %d (report %d)", n, i, ds[i].Offset, ds[i].Node, want[i].Offset, want[i].Node)
				}
			}
		}
	}
}
