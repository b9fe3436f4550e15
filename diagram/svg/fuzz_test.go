package svg_test

import (
	"bytes"
	"encoding/xml"
	"io"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/diagram"
	"github.com/sgf-toolkit/sgf/diagram/internal/cases"
	"github.com/sgf-toolkit/sgf/diagram/svg"
	"github.com/sgf-toolkit/sgf/diagram/text"
)

// FuzzDiagram: any input read as SGF gives diagrams (a position, auto-crop,
// figures) without a panic, and SVG that parses as XML.
func FuzzDiagram(f *testing.F) {
	for _, s := range []string{
		cases.Ko, cases.Hex7,
		`(;SZ[9]VW[aa:cc][zz]DD[bb]AB[aa]TR[aa][zz]LB[bb:<&>]AR[aa:cc]LN[aa:aa];B[cc]MN[-5];W[tt]FG[999999:x])`,
		`(;GM[11]SZ[3];B[swap-sides];W[pass];B[z9]LB[a1:x])`,
		`(;GM[2]SZ[8]AB[dd][zz];B[cd])`,
		`(;SZ[52:1]AB[ZZ];B[Aa]PM[2]FG[256])`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		c, _ := sgf.Read(bytes.NewReader(src), nil)
		if c == nil {
			return
		}
		for i, g := range c.Games() {
			if i > 2 || g.Root().IsZero() {
				break
			}
			cur := g.NewCursor()
			for k := 0; k < 400 && cur.Next(); k++ {
			}
			for _, o := range []diagram.Options{{}, {Region: diagram.RegionAuto, Numbers: -1, Variations: true}} {
				d, err := diagram.New(cur.Position(), &o)
				if err != nil {
					continue
				}
				out := svg.Append(nil, d, nil)
				dec := xml.NewDecoder(bytes.NewReader(out))
				for {
					_, err := dec.Token()
					if err == io.EOF {
						break
					}
					if err != nil {
						t.Fatalf("not XML: %v\n%s", err, out)
					}
				}
				text.Append(nil, d, nil)
				text.AppendSL(nil, d)
			}
			figs, _ := diagram.Figures(g, &diagram.FigureOptions{FG: true, Every: 7, Variations: true})
			for _, d := range figs {
				svg.Append(nil, d, nil)
			}
		}
	})
}
