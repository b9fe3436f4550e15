package check

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf/syntax"
)

func TestDebugSamples(t *testing.T) {
	want := os.Getenv("CODES")
	if want == "" {
		t.Skip()
	}
	seen := map[string]int{}
	filepath.WalkDir("/work/shared/corpus", func(path string, d fs.DirEntry, err error) error {
		if d.IsDir() || !strings.HasSuffix(strings.ToLower(path), ".sgf") {
			return nil
		}
		src, _ := os.ReadFile(path)
		f, _ := syntax.Parse(src, nil)
		for _, d := range Check(f, Options{Strict: true, Variations: true, EmptyNodes: true}) {
			if strings.Contains(want, d.Code.String()) {
				k := d.Code.String() + d.Message
				if len(k) > 60 {
					k = k[:60]
				}
				seen[k]++
				if seen[k] <= 2 {
					fmt.Println(path[20:], d)
				}
			}
		}
		return nil
	})
}
