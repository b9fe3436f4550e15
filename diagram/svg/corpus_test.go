package svg_test

import (
	"bytes"
	"encoding/xml"
	"io"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/diagram"
	"github.com/sgf-toolkit/sgf/diagram/svg"
	"github.com/sgf-toolkit/sgf/internal/sgftest"
	"github.com/sgf-toolkit/sgf/value"
)

// TestCorpusStones draws the end of the main line of every Go game of the
// corpus and checks that the SVG parses as XML and that its stones (the
// elements of class "stone black" and "stone white", by data-point) are
// exactly the stones of the position the Cursor gives.
func TestCorpusStones(t *testing.T) {
	root := sgftest.Corpus(t)
	games, files := 0, 0
	var buf []byte
	err := filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || !strings.HasSuffix(strings.ToLower(path), ".sgf") {
			return err
		}
		c, _ := sgf.ReadFile(path, nil)
		if c == nil {
			return nil
		}
		files++
		if testing.Short() && files%10 != 0 {
			return nil // -short: every tenth file
		}
		for _, g := range c.Games() {
			if g.Root().IsZero() || g.Info().GameType != sgf.GameGo {
				continue
			}
			cur := g.NewCursor()
			for cur.Next() {
			}
			p := cur.Position()
			d, err := diagram.New(p, &diagram.Options{Region: diagram.RegionWhole})
			if err != nil {
				if p.Cols > diagram.MaxSize || p.Rows > diagram.MaxSize {
					continue
				}
				t.Errorf("%s: %v", path, err)
				continue
			}
			games++
			buf = svg.Append(buf[:0], d, nil)
			want := map[string]string{}
			for _, s := range p.Stones {
				want[s.Point.String()] = s.Color.String()
			}
			got := map[string]string{}
			dec := xml.NewDecoder(bytes.NewReader(buf))
			for {
				tok, err := dec.Token()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("%s: SVG is no XML: %v", path, err)
				}
				se, ok := tok.(xml.StartElement)
				if !ok {
					continue
				}
				var class, point string
				for _, a := range se.Attr {
					switch a.Name.Local {
					case "class":
						class = a.Value
					case "data-point":
						point = a.Value
					}
				}
				switch class {
				case "stone black":
					got[point] = value.Black.String()
				case "stone white":
					got[point] = value.White.String()
				}
			}
			if len(got) != len(want) {
				t.Errorf("%s: %d stones in the SVG, %d in the position", path, len(got), len(want))
				continue
			}
			for k, v := range want {
				if got[k] != v {
					t.Errorf("%s: %s is %q in the SVG, %q in the position", path, k, got[k], v)
					break
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if games < 1000 && !testing.Short() {
		t.Errorf("only %d Go games in %d files", games, files)
	}
	t.Logf("%d Go games in %d files", games, files)
}
