package html_test

import (
	"bytes"
	"flag"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/diagram"
	"github.com/sgf-toolkit/sgf/diagram/html"
	"github.com/sgf-toolkit/sgf/diagram/internal/cases"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

func TestGolden(t *testing.T) {
	c, err := sgf.Read(strings.NewReader(cases.Ko), nil)
	if err != nil {
		t.Fatal(err)
	}
	figs, err := diagram.Figures(c.Game(0), &diagram.FigureOptions{FG: true})
	if err != nil {
		t.Fatal(err)
	}
	got := html.Append(nil, figs, &html.Options{Width: 240})
	for _, want := range []string{
		"<title>Black (Black) – White (White)</title>",
		"@page { size: A4;",
		`<figure id="figure-1">`, `<figure id="figure-2">`,
		`<span class="caption">Ko fight</span><span class="listed">4 at B6 (ko), 7 at 1 (ko)</span>`,
		`<li><span class="move">4:</span> White takes back.</li>`,
		`<circle class="stone black" data-point="cb"`,
	} {
		if !bytes.Contains(got, []byte(want)) {
			t.Errorf("no %s", want)
		}
	}
	want, err := cases.WriteGolden(filepath.Join("testdata", "ko.html"), got, *update)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("differs from testdata/ko.html (go test -update rewrites it)")
	}
}

func TestEscaped(t *testing.T) {
	c, _ := sgf.Read(strings.NewReader(`(;SZ[5]PB[<script>]GN[a & b];B[aa]C[<b>bold</b>])`), nil)
	figs, _ := diagram.Figures(c.Game(0), nil)
	got := string(html.Append(nil, figs, &html.Options{Paper: "Letter"}))
	if strings.Contains(got, "<script>") || strings.Contains(got, "<b>") || !strings.Contains(got, "&lt;b&gt;bold&lt;/b&gt;") ||
		!strings.Contains(got, "<title>a &amp; b</title>") || !strings.Contains(got, "size: letter") {
		t.Errorf("not escaped:\n%s", got)
	}
}

// BenchmarkBookFigures cuts a game of 250 moves into five figures with
// captions and writes the book page.
func BenchmarkBookFigures(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("(;SZ[19]PB[Black]PW[White]")
	for i := range 250 {
		c := "B"
		if i%2 == 1 {
			c = "W"
		}
		x, y := (i*7)%19, (i*11+i/19)%19
		sb.WriteString(";" + c + "[" + string(rune('a'+x)) + string(rune('a'+y)) + "]")
	}
	sb.WriteString(")")
	c, _ := sgf.Read(strings.NewReader(sb.String()), nil)
	g := c.Game(0)
	var out []byte
	b.ReportAllocs()
	for b.Loop() {
		figs, err := diagram.Figures(g, &diagram.FigureOptions{Every: 50})
		if err != nil || len(figs) != 5 || figs[4].Caption != "Moves 201-250" {
			b.Fatalf("%d figures, %v", len(figs), err)
		}
		out = html.Append(out[:0], figs, nil)
	}
	b.SetBytes(int64(len(out)))
}
