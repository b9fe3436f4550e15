// Package text writes a diagram (package diagram) as text: the board of
// `sgf show` (ASCII, or Unicode stones), and Sensei's Library diagrams
// ($$ blocks), which it also reads back into SGF (ReadSL).
package text

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sgf-toolkit/sgf/diagram"
	"github.com/sgf-toolkit/sgf/value"
)

// Options are the choices of Append.
type Options struct {
	// Unicode draws stones as ● and ○ and empty points as ·, instead of
	// X, O and ".".
	Unicode bool
	// NoText leaves out the caption and listed moves under the board.
	NoText bool
}

// markSymbols are the symbols of markup in a cell, in the order they are
// drawn (a later one wins on a point).
var markSymbols = []struct {
	kind diagram.MarkKind
	sym  string
}{{diagram.Triangle, "^"}, {diagram.Circle, "@"}, {diagram.Square, "#"}, {diagram.Cross, "*"}}

// Symbol returns the one-character symbol of a mark in a text board: ^ a
// triangle (TR), @ a circle (CR), # a square (SQ), * a cross (MA); "" for
// the others.
func Symbol(k diagram.MarkKind) string {
	for _, m := range markSymbols {
		if m.kind == k {
			return m.sym
		}
	}
	return ""
}

// Append appends the text board of d, the numbered stones ("Moves: 1 D16,
// 2 Q4, ...": a cell has no room for a number) and, unless NoText, its
// caption and listed moves, one a line.
func Append(dst []byte, d *diagram.Diagram, opts *Options) []byte {
	if opts == nil {
		opts = &Options{}
	}
	dst = AppendBoard(dst, d, opts.Unicode)
	dst = appendNumbers(dst, d)
	if !opts.NoText {
		for _, l := range diagram.TextLines(d, 72) {
			dst = append(dst, l...)
			dst = append(dst, '\n')
		}
	}
	return dst
}

// appendNumbers appends the numbered stones of d, which a text board
// cannot show in its cells, as lines "Moves: 1 D16, 2 Q4, ...", in the
// order of their numbers.
func appendNumbers(dst []byte, d *diagram.Diagram) []byte {
	var nums []diagram.Stone
	for _, s := range d.Stones {
		if s.Number > 0 && d.Visible(s.Point) {
			nums = append(nums, s)
		}
	}
	if len(nums) == 0 {
		return dst
	}
	slices.SortStableFunc(nums, func(a, b diagram.Stone) int { return a.Number - b.Number })
	line := "Moves:"
	for i, s := range nums {
		item := " " + strconv.Itoa(s.Number) + " " + d.PointName(s.Point)
		if i < len(nums)-1 {
			item += ","
		}
		if len(line)+len(item) > 72 {
			dst = append(dst, line...)
			dst = append(dst, '\n')
			line = "      "
		}
		line += item
	}
	dst = append(dst, line...)
	return append(dst, '\n')
}

// AppendBoard appends the board of d as `sgf show` draws it: the whole
// board with the column labels over it (and under it, but for Hex), the
// row labels on both sides (on the left for Hex, each row shifted one
// more space to the right); in each cell "X" black, "O" white, "." empty,
// " " a point that VW hides; the last move's separators become
// parentheses; a mark goes into an empty point's cell, or after a stone
// when it is one character (TR ^, CR @, SQ #, MA *, a label of one
// character as written; labels as wide as a cell fill it).
func AppendBoard(dst []byte, d *diagram.Diagram, unicode bool) []byte {
	cw := 1
	cols, rows := d.ColLabels, d.RowLabels
	if cols == nil {
		// CoordsNone: no labels, cells of one character.
		cols = make([]string, d.Cols)
		rows = make([]string, d.Rows)
	}
	for _, l := range cols {
		cw = max(cw, len(l))
	}
	cell := cw + 1
	hex := d.Kind == diagram.Hex
	at := make([]value.Color, d.Cols*d.Rows)
	for _, s := range d.Stones {
		at[s.Point.Y*d.Cols+s.Point.X] = s.Color
	}
	grid := make([][]byte, d.Rows)
	// plain marks the cells that hold a stone or an empty point (not a
	// mark): what Unicode draws otherwise.
	plain := make([][]bool, d.Rows)
	for y := range grid {
		plain[y] = make([]bool, d.Cols*cell+1)
		row := bytes.Repeat([]byte{' '}, d.Cols*cell+1)
		for x := range d.Cols {
			c := byte('.')
			switch at[y*d.Cols+x] {
			case value.Black:
				c = 'X'
			case value.White:
				c = 'O'
			}
			if !d.Visible(value.Point{X: x, Y: y}) {
				c = ' '
			}
			row[x*cell+1] = c
			plain[y][x*cell+1] = c != ' '
		}
		grid[y] = row
	}
	on := func(p value.Point) bool { return d.Visible(p) }
	put := func(p value.Point, s string) {
		if !on(p) {
			return
		}
		i := p.X*cell + 1
		if at[p.Y*d.Cols+p.X] == 0 {
			if len(s) <= cw {
				copy(grid[p.Y][i:], s)
				plain[p.Y][i] = false
			}
		} else if len(s) == 1 {
			grid[p.Y][i+cw] = s[0]
		}
	}
	for _, ms := range markSymbols {
		for _, m := range d.Marks {
			if m.Kind == ms.kind {
				put(m.Point, ms.sym)
			}
		}
	}
	for _, m := range d.Marks {
		if m.Kind == diagram.Label || m.Kind == diagram.Variation {
			put(m.Point, m.Text)
		}
	}
	if d.HasLastMove && on(d.LastMove) {
		i := d.LastMove.X*cell + 1
		grid[d.LastMove.Y][i-1] = '('
		grid[d.LastMove.Y][i+cw] = ')'
	}
	lw := 0
	for _, l := range rows {
		lw = max(lw, len(l))
	}
	// A space between the labels and the board keeps a last move on the
	// edge, "(X)", clear of them.
	var header []byte
	if d.ColLabels != nil {
		header = bytes.Repeat([]byte{' '}, lw+1)
		for _, l := range cols {
			header = append(header, ' ')
			header = append(header, l...)
			header = append(header, strings.Repeat(" ", cw-len(l))...)
		}
		header = append(bytes.TrimRight(header, " "), '\n')
	}
	dst = append(dst, header...)
	for y, row := range grid {
		mask := plain[y]
		if hex {
			dst = append(dst, strings.Repeat(" ", y)...)
			row = bytes.TrimRight(row, " ")
		}
		dst = append(dst, strings.Repeat(" ", lw-len(rows[y]))...)
		dst = append(dst, rows[y]...)
		dst = append(dst, ' ')
		if unicode {
			dst = appendUnicode(dst, row, mask)
		} else {
			dst = append(dst, row...)
		}
		if !hex && d.ColLabels != nil {
			dst = append(dst, ' ')
			dst = append(dst, rows[y]...)
		}
		dst = append(dst, '\n')
	}
	if !hex {
		dst = append(dst, header...)
	}
	return dst
}

// appendUnicode appends a row with stones and empty points (where mask
// says so) as ●, ○, ·.
func appendUnicode(dst, row []byte, mask []bool) []byte {
	for i, c := range row {
		if !mask[i] {
			dst = append(dst, c)
			continue
		}
		switch c {
		case 'X':
			dst = utf8.AppendRune(dst, '●')
		case 'O':
			dst = utf8.AppendRune(dst, '○')
		case '.':
			dst = utf8.AppendRune(dst, '·')
		default:
			dst = append(dst, c)
		}
	}
	return dst
}
