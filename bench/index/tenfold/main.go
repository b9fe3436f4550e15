// Command tenfold writes the ten-fold benchmark collection of issue 18:
// every game tree of a collection ten times, under the 8 symmetries of
// the board and, twice more, with the colours swapped (the identity and
// the transposition), so that a search over it has known answers: ten
// times the hits of the same search over the collection (when the search
// allows every symmetry and the colour swap).
//
//	go run ./bench/index/tenfold IN.sgf OUTDIR
//
// writes OUTDIR/part-K.sgf, K = 0..9, one file per variant (so that sgf
// index reads them in parallel and each stays small enough to keep in
// memory). Point values of every property are transformed (moves,
// setup, markup, LB, AR, LN, ...); a colour swap also swaps B and W,
// AB and AW, PB and PW, BR and WR, BT and WT, and the winner in RE. Games
// on boards that are not square get the symmetries without the
// transposition (a transposed variant is written as it is, untransformed:
// its hits are then not ten-fold; the standard collection has none).
package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/sgf-toolkit/sgf/index"
	"github.com/sgf-toolkit/sgf/value"
)

// variants: the symmetry (bit 2 transposes, bit 0 mirrors left-right, bit
// 1 top-bottom, as package index numbers them) and the colour swap.
var variants = []struct {
	sym  int
	swap bool
}{{0, false}, {1, false}, {2, false}, {3, false}, {4, false}, {5, false}, {6, false}, {7, false}, {0, true}, {4, true}}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: tenfold IN.sgf OUTDIR")
		os.Exit(2)
	}
	src, err := os.ReadFile(os.Args[1])
	if err == nil {
		err = os.MkdirAll(os.Args[2], 0o755)
	}
	for k, v := range variants {
		if err != nil {
			break
		}
		out := transformAll(src, v.sym, v.swap)
		err = os.WriteFile(filepath.Join(os.Args[2], "part-"+strconv.Itoa(k)+".sgf"), out, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// transformAll rewrites the text of a collection. It is a small lexer of
// SGF: property identifiers (capital letters) outside values, values in
// brackets with backslash escapes; the board size is taken from the SZ of
// each game tree (19 without one) before its moves, as it comes first in
// the root node of every game of the collection.
func transformAll(src []byte, sym int, swap bool) []byte {
	out := make([]byte, 0, len(src))
	cols, rows := 19, 19
	var ident []byte
	lastIdent := ""
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c >= 'A' && c <= 'Z':
			ident = append(ident, c)
			continue
		case c == '[':
			if len(ident) > 0 {
				lastIdent = string(ident)
				out = append(out, swapIdent(lastIdent, swap)...)
				ident = ident[:0]
			}
			j := i + 1
			for j < len(src) && src[j] != ']' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j, len(src))
			val := src[i+1 : j]
			if lastIdent == "SZ" {
				cols, rows = parseSize(val)
			}
			out = append(out, '[')
			out = append(out, transformValue(lastIdent, val, sym, swap, cols, rows)...)
			if j < len(src) {
				out = append(out, ']')
			}
			i = j
			continue
		case c == '(' && len(ident) == 0:
			cols, rows = 19, 19
		}
		if len(ident) > 0 {
			out = append(out, ident...) // lower case letters of old FF[3] identifiers, or junk
			ident = ident[:0]
		}
		if c >= 'a' && c <= 'z' {
			continue // FF[3] identifiers' lower case letters: dropped, as SGF readers do
		}
		out = append(out, c)
	}
	return append(out, ident...)
}

func parseSize(v []byte) (int, int) {
	a, b, ok := bytes.Cut(v, []byte(":"))
	c, err := strconv.Atoi(string(bytes.TrimSpace(a)))
	if err != nil || c < 1 || c > 52 {
		return 19, 19
	}
	r := c
	if ok {
		if r, err = strconv.Atoi(string(bytes.TrimSpace(b))); err != nil || r < 1 || r > 52 {
			return 19, 19
		}
	}
	return c, r
}

var swapped = map[string]string{"B": "W", "W": "B", "AB": "AW", "AW": "AB", "PB": "PW", "PW": "PB",
	"BR": "WR", "WR": "BR", "BT": "WT", "WT": "BT", "BL": "WL", "WL": "BL", "OB": "OW", "OW": "OB", "TB": "TW", "TW": "TB"}

func swapIdent(id string, swap bool) string {
	if s, ok := swapped[id]; swap && ok {
		return s
	}
	return id
}

// pointProps hold points (or point:point, or point:text for LB).
var pointProps = map[string]bool{"B": true, "W": true, "AB": true, "AW": true, "AE": true, "TR": true, "SQ": true,
	"CR": true, "MA": true, "SL": true, "TB": true, "TW": true, "DD": true, "VW": true, "LB": true, "AR": true, "LN": true}

func transformValue(id string, v []byte, sym int, swap bool, cols, rows int) []byte {
	if swap && id == "RE" && len(v) > 0 {
		switch v[0] {
		case 'B':
			return append([]byte{'W'}, v[1:]...)
		case 'W':
			return append([]byte{'B'}, v[1:]...)
		}
	}
	if !pointProps[id] || (sym&4 != 0 && cols != rows) {
		return v
	}
	switch id {
	case "LB":
		if len(v) >= 3 && v[2] == ':' {
			p := point(v[:2], sym, cols, rows)
			return append(p, v[2:]...)
		}
		return v
	case "AR", "LN":
		if len(v) == 5 && v[2] == ':' {
			return append(append(point(v[:2], sym, cols, rows), ':'), point(v[3:], sym, cols, rows)...)
		}
		return v
	}
	if len(v) == 5 && v[2] == ':' {
		// a compressed list: transform both corners, keep it a rectangle
		a, b := point(v[:2], sym, cols, rows), point(v[3:], sym, cols, rows)
		x0, x1 := min(a[0], b[0]), max(a[0], b[0])
		y0, y1 := min(a[1], b[1]), max(a[1], b[1])
		return []byte{x0, y0, ':', x1, y1}
	}
	if len(v) != 2 {
		return v // a pass (B[]), or junk
	}
	return point(v, sym, cols, rows)
}

// point transforms one point; a point off the board (tt, the old pass)
// stays as it is.
func point(v []byte, sym, cols, rows int) []byte {
	x, y := value.Coord(v[0]), value.Coord(v[1])
	if x < 0 || y < 0 || x >= cols || y >= rows {
		return []byte{v[0], v[1]}
	}
	x, y = index.Transform(sym, x, y, cols, rows)
	return value.AppendPoint(nil, value.Point{X: x, Y: y})
}
