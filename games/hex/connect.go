package hex

import "strconv"

// The six neighbours of (col, row) on the usual Hex rhombus, a1 in the top
// left corner and each row shifted half a cell right of the one above:
// left and right, up and down, up-right and down-left.
var neighbours = [6][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}, {1, -1}, {-1, 1}}

func (b *Board) newGen() {
	b.gen++
	if b.gen == 0 {
		clear(b.marks)
		b.gen = 1
	}
}

// flood marks the chain of colour c from the stones already on b.stack and
// reports whether it reaches the far edge of c (the last row for Black, the
// last column for White); with start set, also the near edge must be met.
func (b *Board) flood(c Color, needNear bool) bool {
	near, far := !needNear, false
	for k := 0; k < len(b.stack); k++ {
		i := int(b.stack[k])
		col, row := i%b.cols, i/b.cols
		if c == Black {
			near = near || row == 0
			far = far || row == b.rows-1
		} else {
			near = near || col == 0
			far = far || col == b.cols-1
		}
		if near && far {
			return true
		}
		for _, d := range neighbours {
			nc, nr := col+d[0], row+d[1]
			if nc < 0 || nc >= b.cols || nr < 0 || nr >= b.rows {
				continue
			}
			n := nr*b.cols + nc
			if b.cells[n] == c && b.marks[n] != b.gen {
				b.marks[n] = b.gen
				b.stack = append(b.stack, int32(n))
			}
		}
	}
	return false
}

// connectsFrom reports whether the chain through cell i, a stone that Play
// has just put there (Black or White), joins its colour's two edges.
func (b *Board) connectsFrom(i int) bool {
	c := b.cells[i]
	b.newGen()
	b.marks[i] = b.gen
	b.stack = append(b.stack[:0], int32(i))
	return b.flood(c, true)
}

// Connected reports whether a chain of c joins c's two edges.
func (b *Board) Connected(c Color) bool {
	if c != Black && c != White {
		return false
	}
	b.newGen()
	b.stack = b.stack[:0]
	n := b.rows
	if c == Black {
		n = b.cols
	}
	for k := range n {
		i := k // Black: row 0, column k
		if c == White {
			i = k * b.cols // White: column 0, row k
		}
		if b.cells[i] == c {
			b.marks[i] = b.gen
			b.stack = append(b.stack, int32(i))
		}
	}
	return b.flood(c, false)
}

// ColumnLabel returns the label of the 0-based column col: a..z, then aa,
// ab, ... ("base-26 alphabet numbers"); "" for a negative col.
func ColumnLabel(col int) string {
	if col < 0 {
		return ""
	}
	var buf [16]byte
	i := len(buf)
	for n := col + 1; n > 0; n = (n - 1) / 26 {
		i--
		buf[i] = byte('a' + (n-1)%26)
	}
	return string(buf[i:])
}

// FormatCell returns the name of the cell at 0-based col and row: "a1",
// "f6", "ab28".
func FormatCell(col, row int) string {
	return ColumnLabel(col) + strconv.Itoa(row+1)
}

// ParseCell parses a cell name, "a column label (one or more letters)
// followed by a row label (one or more digits)"; "Cell names are case
// insensitive". It returns the 0-based column and row. Row 0, a leading
// zero, or a value above MaxSize is an error wrapping ErrSyntax.
func ParseCell(s string) (col, row int, err error) {
	i := 0
	col = 0
	for i < len(s) {
		ch := s[i] | 0x20
		if ch < 'a' || ch > 'z' {
			break
		}
		col = col*26 + int(ch-'a') + 1
		if col > MaxSize {
			return 0, 0, &Error{"ParseCell", s, ErrSyntax}
		}
		i++
	}
	if i == 0 || i == len(s) || s[i] == '0' {
		return 0, 0, &Error{"ParseCell", s, ErrSyntax}
	}
	for ; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, 0, &Error{"ParseCell", s, ErrSyntax}
		}
		row = row*10 + int(s[i]-'0')
		if row > MaxSize {
			return 0, 0, &Error{"ParseCell", s, ErrSyntax}
		}
	}
	return col - 1, row - 1, nil
}
