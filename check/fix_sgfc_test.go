package check_test

import (
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf/check"
	"github.com/sgf-toolkit/sgf/syntax"
)

// shape writes a tree without its line breaks and without the FF[4] that
// Fix adds, to compare structures.
func shape(b []byte) string {
	s := strings.ReplaceAll(string(b), "\n", "")
	return strings.ReplaceAll(s, "FF[4]", "")
}

// TestFixSGFCOptions applies SGFC's -v, -z and -e as Fix does them, on
// the examples of SGFC's documentation (README, "Option -v") and on
// trees that take each edit somewhere else: a move not in the root, a
// raise under a raised variation, a reversal after a raise.
func TestFixSGFCOptions(t *testing.T) {
	v := check.Options{Variations: true}
	for _, tc := range []struct {
		name, in, want string
		opts           check.Options
		changes        []check.Code // each at least once
	}{
		// "Example: >>(;GM[1];B[aa](;W[bb])(;AE[aa]B[cc])(;AE[aa]B[dd]))<<
		// Correct: >>(;GM[1](;B[aa];W[bb])(;B[cc])(;B[dd]))<<"
		{"-v README", "(;GM[1];B[aa](;W[bb])(;AE[aa]B[cc])(;AE[aa]B[dd]))",
			"(;GM[1](;B[aa];W[bb])(;B[cc])(;B[dd]))", v, []check.Code{check.CodeVariationLevel}},
		// "Example: >>(;GM[1]C[first move in root node]GC[bad style]B[aa])<<"
		{"-v root move", "(;GM[1]GC[bad style]B[aa])", "(;GM[1]GC[bad style];B[aa])", v, []check.Code{check.CodeMoveInRoot}},
		{"-v deeper", "(;GM[1];B[dd];W[aa](;B[bb])(;AE[aa];W[ba];B[cc]))",
			"(;GM[1];B[dd](;W[aa];B[bb])(;W[ba];B[cc]))", v, []check.Code{check.CodeVariationLevel}},
		{"-v keeps a variation without AE", "(;GM[1];B[dd];W[aa](;B[bb])(;B[cc])(;AE[aa]W[ba]))",
			"(;GM[1];B[dd](;W[aa](;B[bb])(;B[cc]))(;W[ba]))", v, []check.Code{check.CodeVariationLevel}},
		{"-v raised twice", "(;GM[1];B[dd];W[aa](;B[bb](;W[cc])(;AE[bb]B[ee]))(;AE[aa]W[ba]))",
			"(;GM[1];B[dd](;W[aa](;B[bb];W[cc])(;B[ee]))(;W[ba]))", v, []check.Code{check.CodeVariationLevel}},
		{"-v cannot", "(;GM[1];B[dd];W[aa](;B[bb])(;AE[aa][dd];W[ba]))",
			"(;GM[1];B[dd];W[aa](;B[bb])(;AE[aa][dd];W[ba]))", v, nil},
		{"-z", "(;GM[1];B[aa](;W[bb];B[cc](;W[dd])(;W[ee]))(;W[ff];W[gg]))",
			"(;GM[1];B[aa](;W[ff];W[gg])(;W[bb];B[cc](;W[ee])(;W[dd])))", check.Options{ReverseVariations: true},
			[]check.Code{check.CodeReverseVariations}},
		{"-vz", "(;GM[1];B[aa](;W[bb])(;AE[aa]B[cc])(;AE[aa]B[dd]))",
			"(;GM[1](;B[dd])(;B[cc])(;B[aa];W[bb]))", check.Options{Variations: true, ReverseVariations: true},
			[]check.Code{check.CodeVariationLevel, check.CodeReverseVariations}},
		{"-e", "(;GM[1]SZ[9]AB[aa:bb][cc]AW[ee:ge];TR[aa]SQ[ii:hi])",
			"(;GM[1]SZ[9]AB[aa][ba][ab][bb][cc]AW[ee][fe][ge];TR[aa]SQ[hi][ii])", check.Options{ExpandLists: true},
			[]check.Code{check.CodeCompressedList}},
		{"no -e", "(;GM[1]SZ[9]AB[aa:bb])", "(;GM[1]SZ[9]AB[aa:bb])", check.Options{}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, _ := syntax.Parse([]byte(tc.in), nil)
			out, changes := check.Fix(f, check.FixOptions{Options: tc.opts})
			if got := shape(out); got != tc.want {
				t.Errorf("Fix:\n got %s\nwant %s", got, tc.want)
			}
			for _, c := range tc.changes {
				found := false
				for _, ch := range changes {
					found = found || ch.Code == c
				}
				if !found {
					t.Errorf("no change of %s in %+v", c, changes)
				}
			}
			// The result is stable: fixing it again changes nothing
			// but the order of variations (which -z reverses again).
			if tc.opts.ReverseVariations {
				return
			}
			g, _ := syntax.Parse(out, nil)
			again, _ := check.Fix(g, check.FixOptions{Options: tc.opts})
			if shape(again) != shape(out) {
				t.Errorf("fixed twice:\n%s\nonce:\n%s", again, out)
			}
		})
	}
}
