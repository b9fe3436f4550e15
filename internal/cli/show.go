package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/games/hex"
	"github.com/sgf-toolkit/sgf/value"
)

func init() {
	register(&command{
		name:    "show",
		summary: "print the position at a node of a game as a diagram",
		usage:   "show [flags] PATH",
		doc: `Show replays a game to a node and prints the position there: the board
with coordinates, the stones (X black, O white), the last move in
parentheses, the markup of the node, the captures, the player to move,
the move number and the node's comment. The node is the end of the main
line, or the move given by --move, or the node given by --node.

Go boards are labelled as on a real board: columns A, B, ... skipping I,
rows numbered from the bottom. Boards wider than 25 columns (SGF allows
52) have no such letters to spare: they are labelled with the letters the
file itself writes (a..z, A..Z) on both axes, rows counted from the top,
so that a point reads as it is written in the file. Hex boards are drawn
as a rhombus, each row shifted half a cell further right, with cells named
as in HexGui (columns a, b, ..., rows 1, 2, ... from the top).

Markup of the node is drawn where it fits in a cell: on an empty point the
symbol replaces the ".", on a stone it follows the stone; ^ is a triangle
(TR), @ a circle (CR), # a square (SQ), * a cross (MA); a label (LB) of
one character is written as it is. Every markup is also listed under the
board, labels with their text. Points outside the view (VW) are blank.

With --json the output is one JSON object:

    {"size": [COLUMNS, ROWS], "rows": ["..X.O", ...], "toPlay": "B",
     "captures": {"B": N, "W": N}, "move": N, "lastMove": "dd",
     "node": "PATH", "game": N, "comment": "...", "nodeNumber": N}

rows are the rows of the board from the top, one character a point: "."
empty, "X" black, "O" white (the whole board, whatever VW says); captures
are the stones each player has taken; move is the move number (MN
counted); lastMove is the last move as written in the file (null when
there is none, "" for a pass); node is the node's path and nodeNumber its
number as 'sgf tree' prints it. For games other than Go and Hex, rows is
empty.`,
		examples: `$ sgf show game.sgf                 # the final position
$ sgf show --move 50 game.sgf       # after move 50 of the main line
$ sgf show --node 42 game.sgf       # node 42 as 'sgf tree' numbers it
$ sgf show --node 30.1.4 game.sgf   # the same node by its path
$ sgf show --game 2 --json games.sgf`,
		exit: `0  the position was printed
1  the file has no game tree, or no such game, move or node
2  usage error (a bad flag value, not one PATH), or the file could not be read`,
		setup: setupShow,
	})
}

func setupShow(fs *flag.FlagSet) func(*env, []string) int {
	var common commonFlags
	common.defineShared(fs, flagJSON|flagOutput|flagCharset|flagFrom)
	game := fs.Int("game", 1, "show game `N` of the file (from 1)")
	move := fs.Int("move", -1, "show the position after move `N` of the main line (0: before\nthe first move)")
	node := fs.String("node", "", "show the position at the node `N` as 'sgf tree' numbers nodes (in\npre-order from 0), or at the node with this path: \"10.1.5\" goes 10\nsteps down the main line, to the second variation, then 5 down it")
	return func(e *env, args []string) int {
		if code := common.check(e); code != exitOK {
			return code
		}
		switch {
		case len(args) == 0:
			return e.usageError("no PATH given (use - for standard input)")
		case len(args) > 1:
			return e.usageError("one PATH at a time (got %d)", len(args))
		case *game < 1:
			return e.usageError("--game %d: games are numbered from 1", *game)
		case *move < -1:
			return e.usageError("--move %d: moves are numbered from 1 (0 for the start)", *move)
		case *move >= 0 && *node != "":
			return e.usageError("--move and --node do not go together: give one of them")
		}
		var ref sgf.NodeRef
		if *node != "" {
			r, err := sgf.ParseNodeRef(*node)
			if err != nil {
				return e.usageError("--node %s: not a node number or path (such as 0, 12 or 10.1.5)", *node)
			}
			ref = r
		}
		name := args[0]
		src, err := readInput(e, name)
		e.printNotes(name)
		if err != nil {
			e.errorf("%s: %s", name, describeError(err))
			return exitFailure
		}
		c, err := sgf.Read(bytes.NewReader(src), common.readOptions())
		if c == nil || c.Len() == 0 {
			if err == nil {
				err = errors.New("no game tree")
			}
			e.errorf("%s: %s", name, describeError(err))
			return exitProblems
		}
		if *game > c.Len() {
			e.errorf("%s: no game %d (the file has %s)", name, *game, plural(c.Len(), "game"))
			return exitProblems
		}
		g := c.Game(*game - 1)
		cur := g.NewCursor()
		if cur.Node().IsZero() {
			e.errorf("%s: game %d has no node", name, *game)
			return exitProblems
		}
		switch {
		case *node != "":
			n, err := g.NodeByRef(ref)
			if err != nil {
				e.errorf("%s: game %d has no node %s", name, *game, *node)
				return exitProblems
			}
			cur.Goto(n)
		case *move >= 0:
			if !gotoMove(cur, *move) {
				last := cur.MoveNumber()
				e.errorf("%s: game %d has no move %d on its main line (it ends at move %d)", name, *game, *move, last)
				return exitProblems
			}
		default:
			for cur.Next() {
			}
		}
		p := cur.Position()
		if common.json {
			e.stdout.Write(appendShowJSON(nil, *game, p))
		} else {
			e.stdout.WriteString(showText(name, *game, p))
		}
		return exitOK
	}
}

// gotoMove moves cur down the main line to the first node whose move has
// number n (the root for n = 0), and reports whether there is one. When
// there is none the cursor is left at the end of the main line.
func gotoMove(cur *sgf.Cursor, n int) bool {
	if n == 0 {
		return true
	}
	for cur.Next() {
		if _, ok := cur.Node().Move(); ok && cur.MoveNumber() == n {
			return true
		}
	}
	return false
}

// markSymbols are the symbols of markup in a cell.
var markSymbols = []struct {
	id  string
	sym byte
}{{"TR", '^'}, {"CR", '@'}, {"SQ", '#'}, {"MA", '*'}}

// diagram draws the board of a Go or Hex position.
type diagram struct {
	p        sgf.Position
	hex      bool
	sgfCoord bool     // Go boards above 25 columns: the file's letters
	colLabel []string // by column
	rowLabel []string // by row, from the top
	cw       int      // the width of a cell's content
}

func newDiagram(p sgf.Position) *diagram {
	d := &diagram{p: p, hex: p.GameType == sgf.GameHex, cw: 1}
	d.sgfCoord = !d.hex && p.Cols > 25
	for x := range p.Cols {
		var l string
		switch {
		case d.hex:
			l = hex.ColumnLabel(x)
		case d.sgfCoord:
			l = string(value.AppendPoint(nil, value.Point{X: x})[:1])
		default:
			l = string("ABCDEFGHJKLMNOPQRSTUVWXYZ"[x])
		}
		d.colLabel = append(d.colLabel, l)
		d.cw = max(d.cw, len(l))
	}
	for y := range p.Rows {
		var l string
		switch {
		case d.hex:
			l = strconv.Itoa(y + 1)
		case d.sgfCoord:
			l = string(value.AppendPoint(nil, value.Point{Y: y})[1:])
		default:
			l = strconv.Itoa(p.Rows - y)
		}
		d.rowLabel = append(d.rowLabel, l)
	}
	return d
}

// name returns the name of a point in the diagram's coordinates.
func (d *diagram) name(pt value.Point) string {
	if pt.X < 0 || pt.Y < 0 || pt.X >= d.p.Cols || pt.Y >= d.p.Rows {
		return string(value.AppendPoint(nil, pt))
	}
	if d.hex {
		return hex.FormatCell(pt.X, pt.Y)
	}
	if d.sgfCoord {
		return string(value.AppendPoint(nil, pt))
	}
	return d.colLabel[pt.X] + d.rowLabel[pt.Y]
}

// draw writes the board: each row is a run of cells, a separator (space)
// and the content, with a separator after the last; the last move's
// separators become parentheses and markup goes into the content of an
// empty point or the separator after a stone.
func (d *diagram) draw(b *strings.Builder, mk sgf.Markup, visible func(x, y int) bool) {
	p := d.p
	cell := d.cw + 1
	grid := make([][]byte, p.Rows)
	for y := range grid {
		row := bytes.Repeat([]byte{' '}, p.Cols*cell+1)
		for x := range p.Cols {
			c := byte('.')
			switch p.At(x, y) {
			case value.Black:
				c = 'X'
			case value.White:
				c = 'O'
			}
			if !visible(x, y) {
				c = ' '
			}
			row[x*cell+1] = c
		}
		grid[y] = row
	}
	on := func(pt value.Point) bool {
		return pt.X >= 0 && pt.Y >= 0 && pt.X < p.Cols && pt.Y < p.Rows && visible(pt.X, pt.Y)
	}
	put := func(pt value.Point, s string) {
		if !on(pt) {
			return
		}
		i := pt.X*cell + 1
		if p.At(pt.X, pt.Y) == 0 {
			if len(s) <= d.cw {
				copy(grid[pt.Y][i:], s)
			}
		} else if len(s) == 1 {
			grid[pt.Y][i+d.cw] = s[0]
		}
	}
	lists := [][]value.Point{mk.Triangle, mk.Circle, mk.Square, mk.Cross}
	for k, l := range lists {
		for _, pt := range l {
			put(pt, string(markSymbols[k].sym))
		}
	}
	for _, l := range mk.Labels {
		put(l.Point, l.Text)
	}
	if m := p.LastMove; p.HasLastMove && !m.Pass && m.Err == nil && on(m.Point) {
		i := m.Point.X*cell + 1
		grid[m.Point.Y][i-1] = '('
		grid[m.Point.Y][i+d.cw] = ')'
	}
	lw := 0
	for _, l := range d.rowLabel {
		lw = max(lw, len(l))
	}
	// A space between the labels and the board keeps a last move on the
	// edge, "(X)", clear of them.
	header := strings.Repeat(" ", lw+1)
	for _, l := range d.colLabel {
		header += " " + l + strings.Repeat(" ", d.cw-len(l))
	}
	header = strings.TrimRight(header, " ") + "\n"
	b.WriteString(header)
	for y, row := range grid {
		if d.hex {
			b.WriteString(strings.Repeat(" ", y))
		}
		if d.hex {
			row = bytes.TrimRight(row, " ")
		}
		fmt.Fprintf(b, "%*s %s", lw, d.rowLabel[y], row)
		if !d.hex {
			b.WriteString(" " + d.rowLabel[y])
		}
		b.WriteString("\n")
	}
	if !d.hex {
		b.WriteString(header)
	}
}

// nodeName names n in messages as 'sgf tree' numbers it, with its path
// after the number where the two differ (in a variation): "8 (path 4.1.0)".
func nodeName(n sgf.Node) string {
	num, path := n.Ref().String(), n.Path().String()
	if num == path {
		return num
	}
	return num + " (path " + path + ")"
}

// showText is the text output of show.
func showText(name string, game int, p sgf.Position) string {
	var b strings.Builder
	n := p.Node
	fmt.Fprintf(&b, "%s game %d, node %s, move %d\n", name, game, nodeName(n), p.MoveNumber)
	mk := n.Markup()
	var d *diagram
	if p.GameType == sgf.GameGo || p.GameType == sgf.GameHex {
		d = newDiagram(p)
		visible := func(x, y int) bool { return true }
		if raw, _, ok := n.Inherited("VW"); ok {
			pts, _ := value.ExpandPointList(raw, p.Cols, p.Rows)
			if len(pts) > 0 {
				seen := make(map[value.Point]bool, len(pts))
				for _, pt := range pts {
					seen[pt] = true
				}
				visible = func(x, y int) bool { return seen[value.Point{X: x, Y: y}] }
			}
		}
		d.draw(&b, mk, visible)
	} else {
		fmt.Fprintf(&b, "GM[%d]: no board for this game; the setup stones:\n", p.GameType)
		for _, s := range p.Stones {
			fmt.Fprintf(&b, "  %c %s\n", s.Color, s.Raw)
		}
	}
	if p.HasLastMove {
		m := p.LastMove
		var where string
		switch {
		case m.Pass:
			where = "pass"
		case m.Err != nil || d == nil:
			where = "[" + string(m.Raw) + "]"
		case p.GameType == sgf.GameHex && m.Hex != value.HexPlace:
			where = m.Hex.String()
		default:
			where = d.name(m.Point)
		}
		fmt.Fprintf(&b, "Last move:  %c %s\n", m.Color, where)
	}
	if p.GameType == sgf.GameGo {
		fmt.Fprintf(&b, "Captures:   B %d, W %d\n", p.CapturedByBlack, p.CapturedByWhite)
	}
	if p.ToPlay != 0 {
		fmt.Fprintf(&b, "To play:    %c\n", p.ToPlay)
	}
	if d != nil {
		lists := [][]value.Point{mk.Triangle, mk.Circle, mk.Square, mk.Cross}
		for k, l := range lists {
			if len(l) == 0 {
				continue
			}
			var names []string
			for _, pt := range l {
				names = append(names, d.name(pt))
			}
			fmt.Fprintf(&b, "Markup %s %c: %s\n", markSymbols[k].id, markSymbols[k].sym, strings.Join(names, " "))
		}
		if len(mk.Labels) > 0 {
			var labels []string
			for _, l := range mk.Labels {
				labels = append(labels, d.name(l.Point)+" "+strconv.Quote(l.Text))
			}
			fmt.Fprintf(&b, "Labels:     %s\n", strings.Join(labels, ", "))
		}
	}
	if c := n.Comment(); c != "" {
		b.WriteString("Comment:\n")
		for line := range strings.SplitSeq(strings.TrimRight(c, "\n"), "\n") {
			b.WriteString("  " + line + "\n")
		}
	}
	return b.String()
}

// appendShowJSON appends the JSON output of show and a newline.
func appendShowJSON(b []byte, game int, p sgf.Position) []byte {
	b = fmt.Appendf(b, `{"size": [%d, %d], "rows": [`, p.Cols, p.Rows)
	if p.GameType == sgf.GameGo || p.GameType == sgf.GameHex {
		row := make([]byte, p.Cols)
		for y := range p.Rows {
			for x := range p.Cols {
				switch p.At(x, y) {
				case value.Black:
					row[x] = 'X'
				case value.White:
					row[x] = 'O'
				default:
					row[x] = '.'
				}
			}
			if y > 0 {
				b = append(b, ", "...)
			}
			b = append(b, '"')
			b = append(b, row...)
			b = append(b, '"')
		}
	}
	toPlay := "B"
	if p.ToPlay == value.White {
		toPlay = "W"
	}
	b = fmt.Appendf(b, `], "toPlay": "%s", "captures": {"B": %d, "W": %d}, "move": %d`, toPlay, p.CapturedByBlack, p.CapturedByWhite, p.MoveNumber)
	b = append(b, `, "lastMove": `...)
	if p.HasLastMove {
		raw := string(p.LastMove.Raw)
		if p.LastMove.Pass {
			raw = ""
		}
		b = appendJSONString(b, raw)
	} else {
		b = append(b, "null"...)
	}
	b = append(b, `, "node": `...)
	b = appendJSONString(b, p.Node.Path().String())
	b = fmt.Appendf(b, `, "game": %d, "comment": `, game)
	b = appendJSONString(b, p.Node.Comment())
	b = fmt.Appendf(b, `, "nodeNumber": %d`, p.Node.Number())
	return append(b, "}\n"...)
}
