package check

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sgf-toolkit/sgf/syntax"
)

// FuzzCheck runs Check with every option and Fix on any input: no panic,
// every diagnostic has a position, and Fix writes text that parses.
func FuzzCheck(f *testing.F) {
	for _, name := range []string{"sgfc/test.sgf", "sgfc/strict.sgf", "sgfc/reorder.sgf", "sgfc/escaping.sgf"} {
		if b, err := os.ReadFile(filepath.Join("testdata", name)); err == nil {
			f.Add(b)
		}
	}
	for _, s := range []string{
		"(;GM[1]SZ[3];B[aa];W[aa];B[ab]AB[ab:bb]AE[aa])",
		"(;GM[11]SZ[4];B[a1];W[swap-pieces];B[zz9])",
		"(;FF[3]KI[7]L[aa][bb]M[cc];B[]TE[1]BM[2])",
		"(;SZ[52:1];B[Za]AB[aa:Za])",
		"(;FF[4](;GN[a];GN[b];;)(;W[ss]))",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		file, _ := syntax.Parse(src, &syntax.Options{MaxNodes: 20000, TreeLeadBytes: caOpts.TreeLeadBytes})
		opts := Options{Strict: true, Variations: true, EmptyNodes: true, DeleteObsolete: true}
		for _, d := range Check(file, opts) {
			if d.Line < 1 && d.Node >= 0 {
				t.Fatalf("diagnostic without position: %+v", d)
			}
		}
		out, _ := Fix(file, FixOptions{Options: opts, Critical: true})
		if len(file.Trees) > 0 {
			if _, err := syntax.Parse(out, nil); err != nil {
				t.Fatalf("Fix output does not parse: %v\n%q", err, out)
			}
		}
	})
}
