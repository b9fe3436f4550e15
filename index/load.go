package index

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/value"
)

// SplitNode splits "FILE@NODE" into the file and the node ("" when there is
// none). NODE is a node number as sgf tree prints them (its pre-order
// number, 0 the root) or a node path with dots (10.1.5).
func SplitNode(s string) (file, node string) {
	if i := strings.LastIndexByte(s, '@'); i > 0 {
		if _, err := os.Stat(s); err != nil {
			return s[:i], s[i+1:]
		}
	}
	return s, ""
}

// findNode returns the node of g named by spec: "" the end of the main line,
// else a node reference as the module's commands all read them
// (sgf.ParseNodeRef: a node number as sgf tree prints them, or a path).
func findNode(g *sgf.Game, spec string) (sgf.Node, error) {
	if spec == "" {
		var last sgf.Node
		for n := range g.MainLine() {
			last = n
		}
		return last, nil
	}
	ref, err := sgf.ParseNodeRef(spec)
	if err != nil {
		return sgf.Node{}, fmt.Errorf("%w: node %q: want a node number (0 the root) or a path such as 10.1.5", ErrPattern, spec)
	}
	n, err := g.NodeByRef(ref)
	if err != nil {
		return sgf.Node{}, fmt.Errorf("%w: node %s: the game has no such node", ErrPattern, spec)
	}
	return n, nil
}

// ParseRegion reads a rectangle as SGF points "aa:gg" (the corners, in
// any order), or one point "dd".
func ParseRegion(s string) (x, y, w, h int, err error) {
	var a, b value.Point
	if l, r, ok := strings.Cut(s, ":"); ok {
		var err2 error
		a, err = value.ParsePoint([]byte(l))
		b, err2 = value.ParsePoint([]byte(r))
		err = errors.Join(err, err2)
	} else {
		a, err = value.ParsePoint([]byte(s))
		b = a
	}
	if err != nil {
		return 0, 0, 0, 0, fmt.Errorf("%w: region %q: want two SGF points such as aa:gg", ErrPattern, s)
	}
	x0, x1 := min(a.X, b.X), max(a.X, b.X)
	y0, y1 := min(a.Y, b.Y), max(a.Y, b.Y)
	return x0, y0, x1 - x0 + 1, y1 - y0 + 1, nil
}

// LoadPattern reads a pattern from a file: an SGF file (the position at
// node, default the end of the main line, inside region, default the whole
// board; markup on empty points makes wildcards: MA (cross) any, TR
// (triangle) black or empty, SQ (square) white or empty; the moves after
// the node are its sequence), a Sensei's Library diagram (lines starting
// with $$), or rows of Kombilo's characters.
func LoadPattern(file, node, region string) (*Pattern, error) {
	src, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrPattern, err)
	}
	t := bytes.TrimSpace(src)
	switch {
	case bytes.HasPrefix(t, []byte("$$")):
		if node != "" || region != "" {
			return nil, fmt.Errorf("%w: %s is a diagram: @NODE and --region are for SGF patterns", ErrPattern, file)
		}
		return ParseDiagram(string(t))
	case bytes.HasPrefix(t, []byte("(")):
		return sgfPattern(src, file, node, region, false)
	}
	if node != "" || region != "" {
		return nil, fmt.Errorf("%w: %s holds text rows: @NODE and --region are for SGF patterns", ErrPattern, file)
	}
	return ParsePatternText(string(t))
}

// LoadPosition reads the whole-board position at node of an SGF file.
func LoadPosition(file, node string) (*Pattern, error) {
	src, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrPattern, err)
	}
	return sgfPattern(src, file, node, "", true)
}

func sgfPattern(src []byte, file, node, region string, whole bool) (*Pattern, error) {
	c, err := sgf.Parse(src)
	if c == nil || c.Len() == 0 {
		return nil, fmt.Errorf("%w: %s: no game in the file (%v)", ErrPattern, file, err)
	}
	g := c.Game(0)
	if g.Type() != sgf.GameGo {
		return nil, fmt.Errorf("%w: %s: not a game of Go", ErrPattern, file)
	}
	n, err := findNode(g, node)
	if err != nil {
		return nil, err
	}
	pos, err := g.PositionAt(n)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrPattern, file, err)
	}
	cols, rows := pos.Cols, pos.Rows
	p := &Pattern{Cols: cols, Rows: rows, W: cols, H: rows}
	if region != "" {
		if p.X, p.Y, p.W, p.H, err = ParseRegion(region); err != nil {
			return nil, err
		}
		if p.X+p.W > cols || p.Y+p.H > rows {
			return nil, fmt.Errorf("%w: region %s lies outside the %dx%d board", ErrPattern, region, cols, rows)
		}
	}
	wild := map[value.Point]byte{}
	if !whole {
		m := n.Markup()
		for _, l := range []struct {
			pts []value.Point
			c   byte
		}{{m.Triangle, 'x'}, {m.Square, 'o'}, {m.Cross, '*'}} {
			for _, pt := range l.pts {
				wild[pt] = l.c
			}
		}
	}
	p.Cells = make([]byte, p.W*p.H)
	for y := 0; y < p.H; y++ {
		for x := 0; x < p.W; x++ {
			c := byte('.')
			switch pos.At(p.X+x, p.Y+y) {
			case value.Black:
				c = 'X'
			case value.White:
				c = 'O'
			default:
				if w, ok := wild[value.Point{X: p.X + x, Y: p.Y + y}]; ok {
					c = w
				}
			}
			p.Cells[y*p.W+x] = c
		}
	}
	if whole {
		// the whole board: its four edges hold it, the 8 symmetries apply
		if err := p.check(); err != nil {
			return nil, fmt.Errorf("%w (the position at that node has no stone)", err)
		}
		return p, nil
	}
	// The sequence: the moves after the node, along the first children.
	for m := n.Child(0); !m.IsZero(); m = m.Child(0) {
		mv, ok := m.Move()
		if !ok || mv.Pass || mv.Err != nil {
			continue
		}
		x, y := mv.Point.X-p.X, mv.Point.Y-p.Y
		if x < 0 || y < 0 || x >= p.W || y >= p.H {
			continue // outside the region: not part of the sequence
		}
		col := int8(1)
		if mv.Color == value.White {
			col = 2
		}
		p.Sequence = append(p.Sequence, SeqMove{col, x, y})
	}
	return p, p.check()
}

// ParseDiagram reads a Sensei's Library diagram: lines starting with $$, the
// first the title ($$B or $$W: the colour of move 1), then rows of the
// board: X black, O white, . , + empty; B W # @ Y Q Z P (marked stones)
// black and white; numbers 1-9 and 0 (10) the sequence, as empty points of
// the pattern; markup on empty points makes wildcards: M (cross) any, T
// (triangle) black or empty, S (square) white or empty; C and letters
// a-z empty. Borders (| and -) say which sides are edges of the board.
func ParseDiagram(s string) (*Pattern, error) {
	lines := strings.Split(strings.ReplaceAll(s, "\r", ""), "\n")
	title := strings.TrimPrefix(lines[0], "$$")
	firstColor := int8(1)
	if strings.HasPrefix(title, "W") {
		firstColor = 2
	}
	if t := strings.TrimSpace(title); strings.HasPrefix(t, "|") || strings.HasPrefix(t, "-") || strings.HasPrefix(t, "+") {
		lines = append([]string{"$$"}, lines...) // no title line
	}
	var e edges
	type num struct{ n, x, y int }
	var nums []num
	var rows [][]byte
	for _, line := range lines[1:] {
		if !strings.HasPrefix(line, "$$") {
			continue
		}
		body := strings.TrimSpace(strings.TrimPrefix(line, "$$"))
		if body == "" {
			continue
		}
		fields := strings.Fields(body)
		if strings.Trim(body, "-+ ") == "" {
			if len(rows) == 0 {
				e.top = true
			} else {
				e.bottom = true
			}
			continue
		}
		var row []byte
		for i, f := range fields {
			if f == "|" {
				if i == 0 {
					e.left = true
				} else {
					e.right = true
				}
				continue
			}
			if len(f) != 1 {
				return nil, fmt.Errorf("%w: diagram row %q: %q is not one character", ErrPattern, body, f)
			}
			c := f[0]
			var cell byte
			switch {
			case strings.IndexByte("XBY#Z", c) >= 0:
				cell = 'X'
			case strings.IndexByte("OWQ@P", c) >= 0:
				cell = 'O'
			case strings.IndexByte(".,+C_", c) >= 0 || c >= 'a' && c <= 'z':
				cell = '.'
			case c == 'M':
				cell = '*'
			case c == 'T':
				cell = 'x'
			case c == 'S':
				cell = 'o'
			case c >= '0' && c <= '9':
				n := int(c - '0')
				if n == 0 {
					n = 10
				}
				nums = append(nums, num{n, len(row), len(rows)})
				cell = '.'
			default:
				return nil, fmt.Errorf("%w: diagram row %q: %q is no diagram character", ErrPattern, body, c)
			}
			row = append(row, cell)
		}
		rows = append(rows, row)
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("%w: empty diagram", ErrPattern)
	}
	p := &Pattern{W: len(rows[0]), H: len(rows)}
	for i, r := range rows {
		if len(r) != p.W {
			return nil, fmt.Errorf("%w: diagram row %d has %d points, row 1 has %d", ErrPattern, i+1, len(r), p.W)
		}
		p.Cells = append(p.Cells, r...)
	}
	// The edges of the diagram: place the pattern on a virtual board whose
	// edges are the diagram's, so that the automatic anchor finds them.
	p.Cols, p.Rows = p.W+2, p.H+2
	p.X, p.Y = 1, 1
	if e.left {
		p.X = 0
	}
	if e.top {
		p.Y = 0
	}
	if e.left && e.right {
		p.Cols = p.W
	} else if e.left || e.right {
		p.Cols = p.W + 1
	}
	if e.top && e.bottom {
		p.Rows = p.H
	} else if e.top || e.bottom {
		p.Rows = p.H + 1
	}
	for k := 1; k <= len(nums); k++ {
		found := false
		for _, n := range nums {
			if n.n == k {
				c := firstColor
				if k%2 == 0 {
					c = 3 - c
				}
				p.Sequence = append(p.Sequence, SeqMove{c, n.x, n.y})
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("%w: the diagram's moves skip number %d", ErrPattern, k)
		}
	}
	if err := p.check(); err != nil {
		return nil, err
	}
	// The virtual board only placed the edges: the pattern fits any board.
	p.anySize = true
	return p, nil
}
