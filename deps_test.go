package sgf_test

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImports keeps the layers of DESIGN.md: the module root uses the
// layers below it (syntax, value, property, charset) and the game boards,
// and nothing above it (check, internal/cli, cmd, ...).
func TestImports(t *testing.T) {
	allowed := map[string]bool{
		"github.com/sgf-toolkit/sgf/syntax":       true,
		"github.com/sgf-toolkit/sgf/value":        true,
		"github.com/sgf-toolkit/sgf/property":     true,
		"github.com/sgf-toolkit/sgf/charset":      true,
		"github.com/sgf-toolkit/sgf/games":        true,
		"github.com/sgf-toolkit/sgf/games/gogame": true,
		"github.com/sgf-toolkit/sgf/games/hex":    true,
		"golang.org/x/text/encoding":              true,
	}
	files, _ := filepath.Glob("*.go")
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range af.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if strings.Contains(path, ".") && !allowed[path] {
				t.Errorf("%s imports %s", f, path)
			}
		}
	}
}
