package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/diagram"
	"github.com/sgf-toolkit/sgf/diagram/text"
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
		shared: flagJSON | flagOutput | flagCharset | flagFrom | flagLimits,
		paths:  true,
		setup:  setupShow,
	})
}

func setupShow(fs *flag.FlagSet, common *commonFlags) func(*env, []string) int {
	game := fs.Int("game", 1, "show game `N` of the file (from 1)")
	move := fs.Int("move", -1, "show the position after move `N` of the main line (0: before\nthe first move)")
	node := fs.String("node", "", "show the position at the node `N` as 'sgf tree' numbers nodes (in\npre-order from 0), or at the node with this path: \"10.1.5\" goes 10\nsteps down the main line, to the second variation, then 5 down it")
	return func(e *env, args []string) int {
		switch {
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
			return e.failf("%s: %s", name, describeError(err))
		}
		c, err := sgf.Read(bytes.NewReader(src), common.readOptions())
		if c == nil || c.Len() == 0 {
			if err == nil {
				err = errors.New("no game tree")
			}
			return e.problemf("%s: %s", name, describeError(err))
		}
		if *game > c.Len() {
			return e.problemf("%s: no game %d (the file has %s)", name, *game, plural(c.Len(), "game"))
		}
		g := c.Game(*game - 1)
		cur := g.NewCursor()
		if cur.Node().IsZero() {
			return e.problemf("%s: game %d has no node", name, *game)
		}
		if err := gotoPosition(g, cur, *move, *node, ref); err != nil {
			return e.problemf("%s: game %d has %v", name, *game, err)
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

// gotoPosition moves cur to the node that --node names (node, read as
// ref), or to move --move of the main line (move >= 0), or else to the end
// of the main line (show, render). The error says what the game lacks:
// "no node 12", "no move 60 on its main line (it ends at move 52)".
func gotoPosition(g *sgf.Game, cur *sgf.Cursor, move int, node string, ref sgf.NodeRef) error {
	switch {
	case node != "":
		n, err := g.NodeByRef(ref)
		if err != nil {
			return fmt.Errorf("no node %s", node)
		}
		return cur.Goto(n)
	case move >= 0:
		if !gotoMove(cur, move) {
			return fmt.Errorf("no move %d on its main line (it ends at move %d)", move, cur.MoveNumber())
		}
	default:
		for cur.Next() {
		}
	}
	return nil
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

// nodeName names n in messages as 'sgf tree' numbers it, with its path
// after the number where the two differ (in a variation): "8 (path 4.1.0)".
func nodeName(n sgf.Node) string {
	num, path := n.Ref().String(), n.Path().String()
	if num == path {
		return num
	}
	return num + " (path " + path + ")"
}

// markLists are the point markup show lists under the board.
var markLists = []struct {
	id   string
	kind diagram.MarkKind
}{{"TR", diagram.Triangle}, {"CR", diagram.Circle}, {"SQ", diagram.Square}, {"MA", diagram.Cross}}

// showText is the text output of show: the board drawn by package
// diagram (diagram/text), then the last move, captures, player to move,
// markup and comment.
func showText(name string, game int, p sgf.Position) string {
	var b strings.Builder
	n := p.Node
	fmt.Fprintf(&b, "%s game %d, node %s, move %d\n", name, game, nodeName(n), p.MoveNumber)
	mk := n.Markup()
	var d *diagram.Diagram
	if p.GameType == sgf.GameGo || p.GameType == sgf.GameHex {
		var err error
		d, err = diagram.New(p, nil)
		if err != nil {
			d = nil
			fmt.Fprintf(&b, "%dx%d: no board drawn (%v)\n", p.Cols, p.Rows, errors.Unwrap(err))
		} else {
			b.Write(text.AppendBoard(nil, d, false))
		}
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
			where = d.PointName(m.Point)
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
				names = append(names, d.PointName(pt))
			}
			fmt.Fprintf(&b, "Markup %s %s: %s\n", markLists[k].id, text.Symbol(markLists[k].kind), strings.Join(names, " "))
		}
		if len(mk.Labels) > 0 {
			var labels []string
			for _, l := range mk.Labels {
				labels = append(labels, d.PointName(l.Point)+" "+strconv.Quote(l.Text))
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
