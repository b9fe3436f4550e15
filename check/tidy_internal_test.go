package check

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sgf-toolkit/sgf/diag"
	"github.com/sgf-toolkit/sgf/syntax"
)

// TestTidy compares tidy, which looks at the list once before it filters
// or sorts, with the reading of every step on every list (tidyAll), on
// random lists: codes among S16, C05 and two others, offsets in and out of
// order, quirks, disabled codes.
func TestTidy(t *testing.T) {
	tidyAll := func(ds diag.List, disable diag.Set) diag.List {
		ds = ds.Filter(disable)
		c05 := map[int64]bool{}
		for _, d := range ds {
			if d.Code == CodeLowercaseFF4 {
				c05[d.Offset] = true
			}
		}
		ds = slices.DeleteFunc(ds, func(d diag.Diagnostic) bool { return d.Code == syntax.CodeLowercaseIdent && c05[d.Offset] })
		ds.Sort()
		return ds
	}
	codes := []diag.Code{syntax.CodeLowercaseIdent, CodeLowercaseFF4, CodeEmptyValue, CodeUnknownProperty}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		n := r.IntN(8)
		ds := make(diag.List, n)
		for i := range ds {
			ds[i] = diag.Diagnostic{Code: codes[r.IntN(len(codes))], Position: diag.Position{Offset: int64(r.IntN(6))}, Node: i}
			if r.IntN(8) == 0 {
				ds[i].Quirk = "fox"
			}
		}
		if r.IntN(2) == 0 {
			ds.Sort()
		}
		var disable diag.Set
		switch r.IntN(4) {
		case 0:
			disable = diag.Set{}
		case 1:
			disable = diag.Set{codes[r.IntN(len(codes))]: true}
		}
		want := tidyAll(slices.Clone(ds), disable)
		if got := tidy(slices.Clone(ds), disable); !slices.Equal(got, want) {
			t.Fatalf("tidy(%v, %v) = %v, want %v", ds, disable, got, want)
		}
	}
}
