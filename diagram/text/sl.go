package text

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/sgf-toolkit/sgf/diagram"
	"github.com/sgf-toolkit/sgf/value"
)

// Sensei's Library diagrams: a block of lines that start with "$$". The
// first line is "$$" with, optionally, B or W (the colour of move 1), c
// (coordinates), a board size, then a title; the board rows follow, with
// "|" on a left or right edge and a line of "-" over a top or under a
// bottom edge. Points:
//
//	X O .    black, white, empty      ,        a hoshi (empty)
//	B W C    black, white, empty with a circle (CR)
//	# @ S    ... with a square (SQ)
//	Y Q T    ... with a triangle (TR)
//	Z P M    ... with a cross (MA)
//	1-9, 0   moves 1 to 10, the first by the colour of the header
//	a-z      a label (LB) on an empty point

// slStone is what a symbol stands for: the stone under it and its mark.
type slStone struct {
	color value.Color
	mark  diagram.MarkKind
}

var slSymbols = map[byte]slStone{
	'X': {value.Black, 0}, 'O': {value.White, 0}, '.': {0, 0}, ',': {0, 0},
	'B': {value.Black, diagram.Circle}, 'W': {value.White, diagram.Circle}, 'C': {0, diagram.Circle},
	'#': {value.Black, diagram.Square}, '@': {value.White, diagram.Square}, 'S': {0, diagram.Square},
	'Y': {value.Black, diagram.Triangle}, 'Q': {value.White, diagram.Triangle}, 'T': {0, diagram.Triangle},
	'Z': {value.Black, diagram.Cross}, 'P': {value.White, diagram.Cross}, 'M': {0, diagram.Cross},
}

// AppendSL appends d as a Sensei's Library diagram. Move numbers are
// written when the numbered stones are at most ten consecutive moves
// (SL's 1-9 and 0); other numbered stones are plain. Labels of one
// lower-case letter are written; other labels, SL, TB, TW, arrows and
// lines have no SL symbol and are left out.
func AppendSL(dst []byte, d *diagram.Diagram) []byte {
	v := d.View
	first, last := 0, 0
	var firstColor value.Color
	for _, s := range d.Stones {
		if s.Number > 0 && d.View.Contains(s.Point) {
			if first == 0 || s.Number < first {
				first, firstColor = s.Number, s.Color
			}
			last = max(last, s.Number)
		}
	}
	numbered := first > 0 && last-first < 10
	head := "$$"
	if numbered {
		head += firstColor.String()
	}
	if d.Coords != diagram.CoordsNone && d.Kind == diagram.Go && v == (diagram.Rect{X0: 0, Y0: 0, X1: d.Cols - 1, Y1: d.Rows - 1}) {
		head += "c" + strconv.Itoa(max(d.Cols, d.Rows))
	}
	if d.Caption != "" {
		head += " " + strings.Map(func(r rune) rune {
			if r == '\n' || r == '\r' {
				return ' '
			}
			return r
		}, d.Caption)
	}
	dst = append(dst, head...)
	dst = append(dst, '\n')
	cells := make([]byte, d.Cols*d.Rows)
	for y := v.Y0; y <= v.Y1; y++ {
		for x := v.X0; x <= v.X1; x++ {
			cells[y*d.Cols+x] = '.'
		}
	}
	for _, p := range d.Hoshi {
		cells[p.Y*d.Cols+p.X] = ','
	}
	colorOf := make([]value.Color, len(cells))
	for _, s := range d.Stones {
		i := s.Point.Y*d.Cols + s.Point.X
		colorOf[i] = s.Color
		cells[i] = 'X'
		if s.Color == value.White {
			cells[i] = 'O'
		}
		if numbered && s.Number > 0 {
			cells[i] = byte('0' + (s.Number-first+1)%10)
		}
	}
	for _, m := range d.Marks {
		i := m.Point.Y*d.Cols + m.Point.X
		if cells[i] >= '0' && cells[i] <= '9' {
			continue // a number says more
		}
		switch m.Kind {
		case diagram.Label, diagram.Variation:
			if colorOf[i] == 0 && len(m.Text) == 1 && m.Text[0] >= 'a' && m.Text[0] <= 'z' {
				cells[i] = m.Text[0]
			}
			continue
		}
		for sym, st := range slSymbols {
			if st.mark == m.Kind && st.mark != 0 && st.color == colorOf[i] {
				cells[i] = sym
			}
		}
	}
	left, right := v.X0 == 0, v.X1 == d.Cols-1
	border := func() {
		dst = append(dst, "$$ "...)
		if left {
			dst = append(dst, ' ')
		}
		dst = append(dst, bytes.Repeat([]byte{'-'}, 2*v.Cols()+1)...)
		dst = append(dst, '\n')
	}
	if v.Y0 == 0 {
		border()
	}
	for y := v.Y0; y <= v.Y1; y++ {
		dst = append(dst, "$$ "...)
		if left {
			dst = append(dst, "| "...)
		}
		for x := v.X0; x <= v.X1; x++ {
			if x > v.X0 {
				dst = append(dst, ' ')
			}
			dst = append(dst, cells[y*d.Cols+x])
		}
		if right {
			dst = append(dst, " |"...)
		}
		dst = append(dst, '\n')
	}
	if v.Y1 == d.Rows-1 {
		border()
	}
	return dst
}

// ErrSL is wrapped by the errors of ReadSL.
var ErrSL = errors.New("not a Sensei's Library diagram")

// SLError is an error of ReadSL at a line (from 1) of its input.
type SLError struct {
	Line int
	Msg  string
}

func (e *SLError) Error() string { return "line " + strconv.Itoa(e.Line) + ": " + e.Msg }
func (e *SLError) Unwrap() error { return ErrSL }

// ReadSL reads a Sensei's Library diagram (the first $$ block of src;
// lines before it are skipped) and returns it as an SGF game: FF[4],
// GM[1], SZ (the size the header gives, else the rows and columns of a
// board with all four edges, else 19), the stones as AB and AW, the
// marks (CR, SQ, TR, MA, LB) and the title (C), then the numbered moves
// as a sequence of B and W nodes, the marks going with the last of them.
// A diagram that does not touch the left (top) edge is placed against
// the right (bottom) edge when it touches that, else at the left (top).
func ReadSL(src []byte) ([]byte, error) {
	var lines [][]byte
	start := 0
	for i, l := range bytes.Split(src, []byte("\n")) {
		l = bytes.TrimRight(l, "\r \t")
		if bytes.HasPrefix(l, []byte("$$")) {
			if len(lines) == 0 {
				start = i + 1
			}
			lines = append(lines, l[2:])
		} else if len(lines) > 0 {
			break
		}
	}
	if len(lines) == 0 {
		return nil, &SLError{1, "no line starts with $$"}
	}
	// The header: colour, c, size, title.
	h := lines[0]
	firstColor := value.Black
	size := 0
	i := 0
	for i < len(h) && h[i] != ' ' {
		switch c := h[i]; {
		case c == 'B':
			firstColor = value.Black
		case c == 'W':
			firstColor = value.White
		case c == 'c':
		case c >= '0' && c <= '9':
			size = size*10 + int(c-'0')
			if size > diagram.MaxSize {
				return nil, &SLError{start, "board size over 52"}
			}
		default:
			return nil, &SLError{start, fmt.Sprintf("header %q: not B, W, c or a size", h)}
		}
		i++
	}
	title := strings.TrimSpace(string(h[i:]))
	var rows [][]byte
	top, bottom, left, right := false, false, false, false
	for k, l := range lines[1:] {
		t := bytes.TrimSpace(l)
		if len(t) == 0 {
			continue
		}
		if t[0] == '{' {
			continue // arrows and lines: not read
		}
		if bytes.Trim(t, "-+") == nil || len(bytes.Trim(t, "-+")) == 0 {
			if len(rows) == 0 {
				top = true
			} else {
				bottom = true
			}
			continue
		}
		if bottom {
			return nil, &SLError{start + k + 1, "a row under the bottom edge"}
		}
		if t[0] == '|' {
			left = true
			t = t[1:]
		}
		if n := len(t); n > 0 && t[n-1] == '|' {
			right = true
			t = t[:n-1]
		}
		row := bytes.ReplaceAll(t, []byte(" "), nil)
		if len(row) > diagram.MaxSize {
			return nil, &SLError{start + k + 1, "more than 52 points in a row"}
		}
		for _, c := range row {
			if _, ok := slSymbols[c]; !ok && !(c >= '0' && c <= '9') && !(c >= 'a' && c <= 'z') {
				return nil, &SLError{start + k + 1, fmt.Sprintf("%q is no point symbol", c)}
			}
		}
		rows = append(rows, row)
		if len(rows) > diagram.MaxSize {
			return nil, &SLError{start + k + 1, "more than 52 rows"}
		}
	}
	if len(rows) == 0 {
		return nil, &SLError{start, "no board rows"}
	}
	width := 0
	for _, r := range rows {
		width = max(width, len(r))
	}
	cols, nrows := 19, 19
	if size > 0 {
		cols, nrows = size, size
	} else if left && right && top && bottom {
		cols, nrows = width, len(rows)
	}
	if width > cols || len(rows) > nrows {
		cols, nrows = max(cols, width), max(nrows, len(rows))
	}
	x0, y0 := 0, 0
	if right && !left {
		x0 = cols - width
	}
	if bottom && !top {
		y0 = nrows - len(rows)
	}
	var ab, aw []value.Point
	marks := map[diagram.MarkKind][]value.Point{}
	var labels []string
	moves := make([]value.Point, 10)
	hasMove := make([]bool, 10)
	nMoves := 0
	for y, r := range rows {
		for x, c := range r {
			p := value.Point{X: x0 + x, Y: y0 + y}
			switch {
			case c >= '0' && c <= '9':
				k := int(c-'0'+9) % 10 // 1 -> 0, ..., 0 -> 9
				if hasMove[k] {
					return nil, &SLError{start + 1 + y, fmt.Sprintf("move %c twice", c)}
				}
				moves[k], hasMove[k] = p, true
				nMoves = max(nMoves, k+1)
			case c >= 'a' && c <= 'z':
				labels = append(labels, string(value.AppendPoint(nil, p))+":"+string(c))
			default:
				st := slSymbols[c]
				switch st.color {
				case value.Black:
					ab = append(ab, p)
				case value.White:
					aw = append(aw, p)
				}
				if st.mark != 0 {
					marks[st.mark] = append(marks[st.mark], p)
				}
			}
		}
	}
	for k := range nMoves {
		if !hasMove[k] {
			return nil, &SLError{start, fmt.Sprintf("moves up to %d but no move %d", nMoves, k+1)}
		}
	}
	var b []byte
	b = fmt.Appendf(b, "(;FF[4]GM[1]CA[UTF-8]SZ[%d", cols)
	if nrows != cols {
		b = fmt.Appendf(b, ":%d", nrows)
	}
	b = append(b, ']')
	list := func(id string, pts []value.Point) {
		if len(pts) == 0 {
			return
		}
		b = append(b, id...)
		for _, p := range pts {
			b = append(b, '[')
			b = value.AppendPoint(b, p)
			b = append(b, ']')
		}
	}
	list("AB", ab)
	list("AW", aw)
	if title != "" {
		b = append(b, "C["...)
		b = value.AppendEscapedText(b, []byte(title), false)
		b = append(b, ']')
	}
	if nMoves > 0 {
		b = append(b, "PL["+firstColor.String()+"]"...)
	}
	col := firstColor
	for k := range nMoves {
		b = append(b, ';')
		b = append(b, col.String()...)
		b = append(b, '[')
		b = value.AppendPoint(b, moves[k])
		b = append(b, ']')
		if col == value.Black {
			col = value.White
		} else {
			col = value.Black
		}
	}
	for _, k := range []diagram.MarkKind{diagram.Circle, diagram.Square, diagram.Triangle, diagram.Cross} {
		list(strings.ToUpper(k.Class()), marks[k])
	}
	if len(labels) > 0 {
		b = append(b, "LB"...)
		for _, l := range labels {
			b = append(b, '[')
			b = append(b, l...)
			b = append(b, ']')
		}
	}
	b = append(b, ")\n"...)
	return b, nil
}
