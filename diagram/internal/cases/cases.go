// Package cases is the set of diagrams every encoder's golden test draws:
// each markup, figures with captions, VW crops, rectangular and 52x52
// boards, Hex boards, coordinate styles and themes.
package cases

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/diagram"
)

// Case is a diagram to draw and the theme to draw it with.
type Case struct {
	Name    string
	Diagram *diagram.Diagram
	Theme   string // a name of diagram.Themes
}

// Root returns the module's root folder.
func Root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..")
}

// spec is a case before it is made: an SGF text (or a file of the
// repository's testdata), the node path, options.
type spec struct {
	name, sgf, file, path, theme string
	opts                         diagram.Options
	figures                      *diagram.FigureOptions
	figure                       int
}

// Hex7 is a short Hex game on a 7x7 board with a swap (the example game
// of the HexWiki page on SGF, moved about).
const Hex7 = `(;AP[sgf]FF[4]GM[11]SZ[7]PB[Red]PW[Blue]C[A short Hex game]
;B[c5];W[swap-pieces];B[c4];W[c5];B[a6];W[c6];B[a7];W[b5];B[a5];W[b3]
;B[d2];W[b4];B[d4]LB[e5:x][d3:y]C[Black threatens x and y.])`

// Ko is a ko fight on a 7x7 board, in two figures (FG).
const Ko = `(;GM[1]FF[4]SZ[7]PB[Black]PW[White]FG[0:Ko fight]AB[ba][ab][bc]AW[ca][bb][db][cc]
;B[cb]C[Black takes the ko.];W[ee];B[ed];W[bb]C[White takes back.];B[ff];W[fe]
;B[cb];W[]FG[0:Later];B[bb];W[gf];B[ge])`

var specs = []spec{
	{name: "game-last10", file: "kgs-2019-04-14-37.sgf", path: "end", opts: diagram.Options{Numbers: 10}},
	{name: "markup", file: "ff4_ex.sgf", path: "0.2.1"},
	{name: "labels", file: "ff4_ex.sgf", path: "0.2.2"},
	{name: "arrows-lines-dim", file: "ff4_ex.sgf", path: "0.2.3"},
	{name: "annotations", file: "ff4_ex.sgf", path: "4"},
	{name: "variations", file: "ff4_ex.sgf", path: "0.3.1", opts: diagram.Options{Variations: true}},
	{name: "vw-rect", sgf: `(;SZ[19]VW[aa:jj]AB[cc][dd][pd]AW[cd][dc];B[ee]TR[cc])`, path: "end"},
	{name: "vw-shape", sgf: `(;SZ[9]VW[aa:ee][ff:ii]AB[cc][gg]AW[dd][hh];W[ee])`, path: "end"},
	{name: "vw-cleared", sgf: `(;SZ[9]VW[aa:ee]AB[cc];B[gg]VW[])`, path: "end"},
	{name: "auto-crop", sgf: `(;SZ[19]AB[qc][rc][pd][qe]AW[rd][qd][re][rf]C[Black to kill.];B[sf]CR[sf])`, path: "end", opts: diagram.Options{Region: diagram.RegionAuto}},
	{name: "rect-7x5", sgf: `(;SZ[7:5]AB[aa][gc]AW[ge][ae];B[dc];W[db])`, path: "end"},
	{name: "size-52", sgf: `(;SZ[52]AB[aa][ZZ][zz]AW[Za][aZ];B[AA]SQ[AA])`, path: "end"},
	{name: "size-1", sgf: `(;SZ[1];B[aa])`, path: "end"},
	{name: "coords-sgf-numbers", sgf: `(;SZ[9];B[cc];W[gg])`, path: "end", opts: diagram.Options{Coords: diagram.CoordsSGF, Sides: diagram.Top | diagram.Right}},
	{name: "coords-numbers", sgf: `(;SZ[9];B[cc];W[gg])`, path: "end", opts: diagram.Options{Coords: diagram.CoordsNumbers, Sides: diagram.Bottom | diagram.Left}},
	{name: "coords-none", sgf: `(;SZ[13];B[cc];W[gg];B[kk])`, path: "end", opts: diagram.Options{Coords: diagram.CoordsNone}},
	{name: "text-escaped", sgf: `(;SZ[5]PB[<b>&"'</b>];B[aa]LB[cc:<&>]C[a < b & c])`, path: "end"},
	{name: "hex", sgf: Hex7, path: "end"},
	{name: "hex-11", sgf: `(;FF[4]GM[11]SZ[11]AB[f6][e7]AW[g5][c8]TR[f6];B[d9];W[h3])`, path: "end", opts: diagram.Options{Numbers: 2}},
	{name: "othello", sgf: `(;GM[2]SZ[8]AB[dd][ee]AW[de][ed];B[cd])`, path: "end"},
	{name: "figure-ko-1", sgf: Ko, figures: &diagram.FigureOptions{FG: true}, figure: 0},
	{name: "figure-ko-2", sgf: Ko, figures: &diagram.FigureOptions{FG: true}, figure: 1},
	{name: "figure-every-pm2", file: "kgs-2019-04-14-37.sgf", figures: &diagram.FigureOptions{Every: 20, Numbering: diagram.NumberModulo100}, figure: 2},
	{name: "theme-book", file: "ff4_ex.sgf", path: "0.2.1", theme: "book"},
	{name: "theme-dark", file: "kgs-2019-04-14-37.sgf", path: "end", theme: "dark", opts: diagram.Options{Numbers: 5}},
	{name: "theme-wood", file: "kgs-2019-04-14-37.sgf", path: "30", theme: "wood"},
	{name: "theme-wood-hex", sgf: Hex7, path: "end", theme: "wood"},
}

// All returns the cases, or the error of the first that cannot be made.
func All() ([]Case, error) {
	var out []Case
	for _, s := range specs {
		var c *sgf.Collection
		var err error
		if s.file != "" {
			c, err = sgf.ReadFile(filepath.Join(Root(), "testdata", s.file), nil)
		} else {
			c, err = sgf.Read(strings.NewReader(s.sgf), nil)
		}
		if err != nil && c == nil {
			return nil, err
		}
		g := c.Game(0)
		var d *diagram.Diagram
		if s.figures != nil {
			figs, err := diagram.Figures(g, s.figures)
			if err != nil {
				return nil, err
			}
			if s.figure >= len(figs) {
				return nil, fmt.Errorf("case %s: %d figures", s.name, len(figs))
			}
			d = figs[s.figure]
		} else {
			n, err := Node(g, s.path)
			if err != nil {
				return nil, err
			}
			p, err := g.PositionAt(n)
			if err != nil {
				return nil, err
			}
			opts := s.opts
			d, err = diagram.New(p, &opts)
			if err != nil {
				return nil, err
			}
		}
		theme := s.theme
		if theme == "" {
			theme = "flat"
		}
		out = append(out, Case{Name: s.name, Diagram: d, Theme: theme})
	}
	return out, nil
}

// Node returns the node at path ("end": the end of the main line).
func Node(g *sgf.Game, path string) (sgf.Node, error) {
	if path == "end" {
		var last sgf.Node
		for n := range g.MainLine() {
			last = n
		}
		return last, nil
	}
	p, err := sgf.ParsePath(path)
	if err != nil {
		return sgf.Node{}, err
	}
	return g.NodeAt(p)
}

// WriteGolden writes or compares a golden file: with update it writes
// got; otherwise it returns the file's bytes.
func WriteGolden(path string, got []byte, update bool) ([]byte, error) {
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return nil, err
		}
		return got, os.WriteFile(path, got, 0o644)
	}
	return os.ReadFile(path)
}
