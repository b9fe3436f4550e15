package svg_test

import (
	"bytes"
	"encoding/xml"
	"flag"
	"io"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/diagram"
	"github.com/sgf-toolkit/sgf/diagram/internal/cases"
	"github.com/sgf-toolkit/sgf/diagram/svg"
	"github.com/sgf-toolkit/sgf/internal/sgftest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestGolden draws every case and compares it with testdata/NAME.svg.
func TestGolden(t *testing.T) {
	all, err := cases.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range all {
		t.Run(c.Name, func(t *testing.T) {
			got := svg.Append(nil, c.Diagram, &svg.Options{Theme: diagram.Themes[c.Theme]})
			checkXML(t, got)
			if again := svg.Append(nil, c.Diagram, &svg.Options{Theme: diagram.Themes[c.Theme]}); !bytes.Equal(got, again) {
				t.Fatal("two encodings differ")
			}
			want, err := cases.WriteGolden(filepath.Join("testdata", c.Name+".svg"), got, *update)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("differs from testdata/%s.svg (go test -update rewrites it)", c.Name)
			}
		})
	}
}

// checkXML fails unless b is well-formed XML.
func checkXML(t *testing.T, b []byte) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(b))
	for {
		_, err := dec.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatalf("not XML: %v\n%s", err, b)
		}
	}
}

// elements returns the attributes of the elements of an SVG, in order.
func elements(t *testing.T, b []byte) []map[string]string {
	t.Helper()
	var out []map[string]string
	dec := xml.NewDecoder(bytes.NewReader(b))
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			m := map[string]string{"": se.Name.Local}
			for _, a := range se.Attr {
				m[a.Name.Local] = a.Value
			}
			out = append(out, m)
		}
	}
}

func draw(t *testing.T, src, path string, opts *diagram.Options) []byte {
	t.Helper()
	c, err := sgf.Read(strings.NewReader(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	g := c.Game(0)
	n, err := cases.Node(g, path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := g.PositionAt(n)
	if err != nil {
		t.Fatal(err)
	}
	d, err := diagram.New(p, opts)
	if err != nil {
		t.Fatal(err)
	}
	b := svg.Append(nil, d, nil)
	checkXML(t, b)
	return b
}

// TestClasses checks the interface the issue fixes: class="stone black"
// with data-point, and the class of each markup property.
func TestClasses(t *testing.T) {
	b := draw(t, `(;SZ[9]AB[aa]AW[bb];B[cc]TR[aa]SQ[bb]CR[dd]MA[ee]SL[ff]LB[gg:x]AR[ah:ci]LN[hh:ii]TB[ib]TW[ia])`, "end", nil)
	s := string(b)
	for _, want := range []string{
		`<circle class="stone black" data-point="aa"`,
		`<circle class="stone white" data-point="bb"`,
		`<circle class="stone black" data-point="cc"`,
		`class="tr" data-point="aa"`, `class="sq" data-point="bb"`, `class="cr" data-point="dd"`,
		`class="ma" data-point="ee"`, `class="sl" data-point="ff"`, `class="lb" data-point="gg"`,
		`class="ar" data-point="ah:ci"`, `class="ln" data-point="hh:ii"`,
		`class="tb" data-point="ib"`, `class="tw" data-point="ia"`,
		`<g class="on-black"><path class="tr" data-point="aa"`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("no %s in\n%s", want, s)
		}
	}
	// Hex: the cell name.
	b = draw(t, `(;GM[11]SZ[5];B[c3];W[a1])`, "end", nil)
	for _, want := range []string{`<circle class="stone black" data-point="c3"`, `<circle class="stone white" data-point="a1"`} {
		if !bytes.Contains(b, []byte(want)) {
			t.Errorf("no %s in\n%s", want, b)
		}
	}
}

// TestEscaped: text from the file is escaped ("text as <text>, escaped").
func TestEscaped(t *testing.T) {
	b := draw(t, `(;SZ[5];B[aa]LB[cc:<a&b>"'])`, "end", nil)
	var lb string
	for _, e := range elements(t, b) {
		if e["class"] == "lb" {
			lb = e["data-point"]
		}
	}
	if lb != "cc" {
		t.Fatalf("no label element: %s", b)
	}
	if !bytes.Contains(b, []byte(`&lt;a&amp;b&gt;&quot;&#39;</text>`)) {
		t.Errorf("label not escaped: %s", b)
	}
	// Control characters and invalid UTF-8 never make bad XML.
	b = draw(t, "(;SZ[5];B[aa]LB[cc:a\x01\x02\xff\xfeb])", "end", nil)
	checkXML(t, b)
}

// TestVisible: only what VW shows is drawn ("The points listed are
// visible, all other points are invisible").
func TestVisible(t *testing.T) {
	b := draw(t, `(;SZ[9]VW[aa:cc]AB[bb][hh])`, "end", nil)
	if !bytes.Contains(b, []byte(`data-point="bb"`)) || bytes.Contains(b, []byte(`data-point="hh"`)) {
		t.Errorf("VW: %s", b)
	}
	b = draw(t, `(;SZ[9]VW[aa:cc]AB[bb][hh];VW[])`, "end", nil)
	if !bytes.Contains(b, []byte(`data-point="hh"`)) {
		t.Errorf("VW[] clears: %s", b)
	}
}

func BenchmarkSVG(b *testing.B) {
	c, err := sgf.ReadFile(filepath.Join(cases.Root(), "testdata", "kgs-2019-04-14-37.sgf"), nil)
	if err != nil {
		b.Fatal(err)
	}
	g := c.Game(0)
	cur := g.NewCursor()
	for cur.Next() && cur.MoveNumber() < 200 {
	}
	d, err := diagram.New(cur.Position(), nil)
	if err != nil {
		b.Fatal(err)
	}
	buf := svg.Append(nil, d, nil)
	b.SetBytes(int64(len(buf)))
	b.ReportAllocs()
	for b.Loop() {
		buf = svg.Append(buf[:0], d, nil)
	}
}

// BenchmarkDiagramSVG makes the model from the Cursor's position at move
// 200 of the first 19x19 corpus game that has one, and writes its SVG:
// the library-level cost of one diagram (the figure). Without the
// corpus it takes the end of kgs-2019-04-15-12.sgf (121 moves).
func BenchmarkDiagramSVG(b *testing.B) {
	g := gameAt200(b)
	cur := g.NewCursor()
	for cur.Next() && cur.MoveNumber() < 200 {
	}
	p := cur.Position()
	var buf []byte
	b.ReportAllocs()
	for b.Loop() {
		d, err := diagram.New(p, nil)
		if err != nil {
			b.Fatal(err)
		}
		buf = svg.Append(buf[:0], d, nil)
	}
	b.ReportMetric(float64(p.MoveNumber), "move")
	b.SetBytes(int64(len(buf)))
}

// gameAt200 returns the first 19x19 game of the shared corpus with 200
// moves or more, else the repository's longest test game.
func gameAt200(b *testing.B) *sgf.Game {
	if root, ok := sgftest.Find("games"); ok {
		var found *sgf.Game
		filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
			if err != nil || found != nil || e.IsDir() {
				return nil
			}
			c, _ := sgf.ReadFile(path, nil)
			if c == nil || c.Len() == 0 || c.Game(0).Info().Cols != 19 {
				return nil
			}
			cur := c.Game(0).NewCursor()
			for cur.Next() && cur.MoveNumber() < 200 {
			}
			if cur.MoveNumber() >= 200 {
				found = c.Game(0)
				return fs.SkipAll
			}
			return nil
		})
		if found != nil {
			return found
		}
	}
	c, err := sgf.ReadFile(filepath.Join(cases.Root(), "testdata", "kgs-2019-04-15-12.sgf"), nil)
	if err != nil {
		b.Fatal(err)
	}
	return c.Game(0)
}
