// Package layers holds the test that keeps the import order of
// doc/DESIGN.md true, in the manner of go/build's deps_test.go.
package layers

import (
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/sgf-toolkit/sgf"

// rank of each package of the module: a package may import packages of a
// lower rank only. The leaves (rank 0) import nothing of the module.
var rank = map[string]int{
	"diag":         -1, // the one diagnostic type, beneath every layer
	"syntax":       0,
	"value":        -2, // the codecs: beneath the boards' interface
	"property":     0,
	"charset":      0,
	"games":        -1, // the boards' interface and registry: speaks value's colours and points
	"games/gogame": 0,
	"games/hex":    0,
	"":             1, // the root package sgf: the typed view
	"convert":      2,
	"check":        3, // FixFile converts to UTF-8 and FF[4] with package convert
	"collection":   2,
	"formats":      2,
	"diagram":      2, // the picture model
	// The diagram encoders (and their golden cases) paint the model.
	"diagram/svg":            3,
	"diagram/text":           3,
	"diagram/png":            3,
	"diagram/html":           4, // inlines diagram/svg
	"diagram/gif":            4, // paints with diagram/png
	"diagram/internal/cases": 3,
	"index":                  3, // the collection index: the only package that imports a SQL driver
	// internal/* is ranked like the rest: the test helpers import nothing
	// of the module, the CLI is above everything but cmd/sgf.
	"internal/sgftest":    0,
	"internal/layers":     0,
	"internal/webui":      5, // the viewer and editor of sgf serve: draws with the diagram encoders
	"internal/cli":        6,
	"cmd/sgf":             7,
	"bench/parsemem":      7, // a measuring tool: may use any layer
	"bench/index":         7, // benchmarks of the index: may use any layer
	"bench/index/tenfold": 7, // writes the ten-fold benchmark collection: a tool
	"bench/training":      7, // benchmarks of the training export: may use any layer
	"bench/shapes":        7, // writes the input shapes of bench/shapes.sh: may use any layer
}

// sqlDrivers are the imports only package index may have: SQL drivers,
// database/sql, and the Parquet writer of its export.
var sqlDrivers = []string{"database/sql", "modernc.org/sqlite", "github.com/jackc/pgx", "github.com/parquet-go/parquet-go"}

func TestLayers(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", module+"/...").Output()
	if err != nil {
		// The test cannot pass by skipping: without the package list
		// it has checked nothing.
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("go list: %v\n%s", err, stderr)
	}
	if len(strings.Fields(string(out))) < len(rank) {
		t.Fatalf("go list listed too few packages:\n%s", out)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg := rel(fields[0])
		r, known := rank[pkg]
		if !known {
			t.Errorf("package %q has no rank: add it to the table (and to DESIGN's picture)", pkg)
			continue
		}
		for _, imp := range fields[1:] {
			for _, d := range sqlDrivers {
				if pkg != "index" && (imp == d || strings.HasPrefix(imp, d+"/")) {
					t.Errorf("%s imports %s: only package index may import a SQL driver (DESIGN: layers)", name(pkg), imp)
				}
			}
			if !strings.HasPrefix(imp, module) {
				continue
			}
			ip := rel(imp)
			ir, ok := rank[ip]
			if !ok {
				t.Errorf("%s imports %s, which has no rank", pkg, ip)
				continue
			}
			if ir >= r {
				t.Errorf("%s (rank %d) imports %s (rank %d): imports go down the layers only", name(pkg), r, name(ip), ir)
			}
		}
	}
}

func rel(p string) string {
	return strings.TrimPrefix(strings.TrimPrefix(p, module), "/")
}

func name(p string) string {
	if p == "" {
		return "sgf"
	}
	return p
}
