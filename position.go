package sgf

import (
	"slices"
	"strings"

	"github.com/sgf-toolkit/sgf/games/gogame"
	"github.com/sgf-toolkit/sgf/games/hex"
	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/value"
)

// Stone is a stone of a Position.
type Stone struct {
	// Point is a Go point or a Hex cell (X the column, Y the row, from 0).
	Point value.Point
	// Raw is the point as written, for games other than Go and Hex (whose
	// points this package does not know); "" otherwise.
	Raw   string
	Color value.Color
}

// Position is the state of the game at a node: what Cursor computes.
type Position struct {
	Node       Node
	GameType   int // GM
	Cols, Rows int
	// Stones are the stones on the board, row by row from the upper left
	// for Go and Hex. For other games they are the points of the setup
	// properties (AB, AW, AE) as far as they are known (moves of other
	// games are not executed), ordered by Raw.
	Stones []Stone
	// MoveNumber is the number of moves (B and W, passes included) on the
	// path to the node; MN sets it ("a move specified in this node has
	// exactly this move-number").
	MoveNumber int
	// CapturedByBlack and CapturedByWhite count the stones each side has
	// captured so far (Go; suicides count for the other side).
	CapturedByBlack, CapturedByWhite int
	// ToPlay is the player to move: after a move the other colour, as PL
	// sets it (a Hex swap-sides lets the same colour move again).
	ToPlay value.Color
	// LastMove is the last move on the path to the node, if HasLastMove.
	LastMove    Move
	HasLastMove bool
	// Hash is the Zobrist hash of the stones of a Go or Hex board, 0 for
	// other games.
	Hash uint64

	grid []value.Color
}

// At returns the colour of the stone at column x, row y (from 0) of a Go
// or Hex position; 0 when the point is empty or off the board.
func (p *Position) At(x, y int) value.Color {
	if x < 0 || y < 0 || x >= p.Cols || y >= p.Rows || p.grid == nil {
		return 0
	}
	return p.grid[y*p.Cols+x]
}

// String draws a Go or Hex position, one row a line: "X" black, "O" white,
// "." empty.
func (p *Position) String() string {
	if p.grid == nil {
		return ""
	}
	var b strings.Builder
	for y := range p.Rows {
		for x := range p.Cols {
			if x > 0 {
				b.WriteByte(' ')
			}
			switch p.grid[y*p.Cols+x] {
			case value.Black:
				b.WriteByte('X')
			case value.White:
				b.WriteByte('O')
			default:
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Cursor is a position in a game that moves one node at a time: to a
// child, to the parent, or to any node by way of their common ancestor.
// Each step executes or takes back one node incrementally (Board.Undo of
// games/gogame and games/hex), never replaying from the root. A node is
// executed as FF[4] says: setup (AE, AB, AW) overwrites points without
// capturing, a move (B, W) is played even when illegal, then PL sets the
// player to move and MN the move number.
type Cursor struct {
	g      *Game
	frames []frame
	goB    *gogame.Board
	hexB   *hex.Board
	other  map[string]value.Color
	log    []otherChange
}

type frame struct {
	node       Node
	mark       int // board history before the node
	logMark    int // len(log) before the node
	moveNumber int
	toPlay     value.Color // for games without a board
	last       Move
	hasLast    bool
}

type otherChange struct {
	key  string
	prev value.Color
}

// NewCursor returns a cursor at the root of the game, the root executed.
func (g *Game) NewCursor() *Cursor {
	c := &Cursor{g: g}
	switch g.gm {
	case GameGo:
		c.goB, _ = gogame.New(g.cols, g.rows)
	case GameHex:
		c.hexB, _ = hex.New(g.cols, g.rows)
	}
	if c.goB == nil && c.hexB == nil {
		c.other = make(map[string]value.Color)
	}
	if root := g.Root(); !root.IsZero() {
		c.push(root)
	}
	return c
}

// PositionAt returns the position at n, replayed from the root. The error
// wraps ErrNoNode when n is not a node of g.
func (g *Game) PositionAt(n Node) (Position, error) {
	c := g.NewCursor()
	if err := c.Goto(n); err != nil {
		return Position{}, err
	}
	return c.Position(), nil
}

// Node returns the node the cursor is at (the zero Node for a game without
// nodes).
func (c *Cursor) Node() Node {
	if len(c.frames) == 0 {
		return Node{}
	}
	return c.frames[len(c.frames)-1].node
}

// Depth returns the depth of the cursor's node (0 at the root).
func (c *Cursor) Depth() int { return len(c.frames) - 1 }

// GoBoard returns the Go board of a Go game (nil for other games). It must
// not be changed other than through the cursor.
func (c *Cursor) GoBoard() *gogame.Board { return c.goB }

// HexBoard returns the Hex board of a Hex game (nil for other games).
func (c *Cursor) HexBoard() *hex.Board { return c.hexB }

// Next moves to the first child (the main line) and reports whether there
// is one.
func (c *Cursor) Next() bool { return c.Child(0) }

// Child moves to the i-th child and reports whether there is one.
func (c *Cursor) Child(i int) bool {
	ch := c.Node().Child(i)
	if ch.IsZero() {
		return false
	}
	c.push(ch)
	return true
}

// Parent moves to the parent, taking the node back, and reports whether
// there is one.
func (c *Cursor) Parent() bool {
	if len(c.frames) <= 1 {
		return false
	}
	c.pop()
	return true
}

// Goto moves to n by way of the deepest node that the cursor's path and
// n's path share: nodes are taken back up to it and executed down from it.
// The error wraps ErrNoNode when n is not a node of the cursor's game.
func (c *Cursor) Goto(n Node) error {
	if n.IsZero() || n.g != c.g {
		return newError("Goto", "", nil, ErrNoNode, nil)
	}
	chain := []Node{n}
	for a := range n.Ancestors() {
		chain = append(chain, a)
	}
	slices.Reverse(chain)
	k := 0
	for k < len(chain) && k < len(c.frames) && c.frames[k].node == chain[k] {
		k++
	}
	for len(c.frames) > k {
		c.pop()
	}
	for _, m := range chain[k:] {
		c.push(m)
	}
	return nil
}

func (c *Cursor) pop() {
	f := c.frames[len(c.frames)-1]
	c.frames = c.frames[:len(c.frames)-1]
	switch {
	case c.goB != nil:
		c.goB.UndoTo(f.mark)
	case c.hexB != nil:
		c.hexB.UndoTo(f.mark)
	default:
		for len(c.log) > f.logMark {
			ch := c.log[len(c.log)-1]
			c.log = c.log[:len(c.log)-1]
			if ch.prev == 0 {
				delete(c.other, ch.key)
			} else {
				c.other[ch.key] = ch.prev
			}
		}
	}
}

var goColor = map[value.Color]gogame.Color{value.Black: gogame.Black, value.White: gogame.White, 0: gogame.Empty}
var hexColor = map[value.Color]hex.Color{value.Black: hex.Black, value.White: hex.White, 0: hex.Empty}

// push executes n, a child of the current node (or the root).
func (c *Cursor) push(n Node) {
	f := frame{node: n, logMark: len(c.log), toPlay: value.Black}
	if len(c.frames) > 0 {
		p := c.frames[len(c.frames)-1]
		f.moveNumber, f.toPlay, f.last, f.hasLast = p.moveNumber, p.toPlay, p.last, p.hasLast
	}
	switch {
	case c.goB != nil:
		f.mark = c.goB.History()
	case c.hexB != nil:
		f.mark = c.hexB.History()
	}
	g := c.g
	var pl value.Color
	mn, hasMN := 0, false
	for p := range n.n.Props() {
		id := string(p.ID)
		if len(id) > 2 {
			id = property.Canonical(p.ID)
		}
		switch id {
		case "AE", "AB", "AW":
			col := value.Color(0)
			if id != "AE" {
				col = value.Color(id[1])
			}
			var vals [][]byte
			for v := range p.Values() {
				vals = append(vals, v.Raw)
			}
			c.setup(vals, col)
		case "B", "W":
			m := g.parseMove(value.Color(id[0]), p.Value())
			c.play(m)
			f.moveNumber++
			f.toPlay = opponent(m.Color)
			f.last, f.hasLast = m, true
		case "PL":
			if col, ok := n.PlayerToMove(); ok {
				pl = col
			}
		case "MN":
			if v, err := value.ParseNumber(p.Value()); err == nil {
				mn, hasMN = v, true
			}
		}
	}
	if pl != 0 {
		f.toPlay = pl
		switch {
		case c.goB != nil:
			c.goB.SetToPlay(goColor[pl])
		case c.hexB != nil:
			c.hexB.SetToPlay(hexColor[pl])
		}
	}
	if hasMN {
		f.moveNumber = mn
		if c.goB != nil {
			c.goB.SetMoveNumber(mn)
		}
	}
	c.frames = append(c.frames, f)
}

func opponent(c value.Color) value.Color {
	switch c {
	case value.Black:
		return value.White
	case value.White:
		return value.Black
	}
	return 0
}

// setup executes one of AB, AW (col) or AE (col 0).
func (c *Cursor) setup(vals [][]byte, col value.Color) {
	if c.goB == nil && c.hexB == nil {
		for _, v := range vals {
			if len(v) == 0 {
				continue
			}
			key := string(v)
			c.log = append(c.log, otherChange{key, c.other[key]})
			if col == 0 {
				delete(c.other, key)
			} else {
				c.other[key] = col
			}
		}
		return
	}
	pts, _ := c.g.points(vals)
	for _, pt := range pts {
		if c.goB != nil {
			c.goB.Set(c.goB.Point(pt.X, pt.Y), goColor[col])
		} else {
			c.hexB.Set(c.hexB.Cell(pt.X, pt.Y), hexColor[col])
		}
	}
}

// play executes a move on the board. A move that does not parse is
// counted (the node has a move) but changes no point.
func (c *Cursor) play(m Move) {
	switch {
	case c.goB != nil:
		col := goColor[m.Color]
		switch {
		case m.Pass:
			c.goB.Pass(col)
		case m.Err == nil:
			c.goB.Play(col, c.goB.Point(m.Point.X, m.Point.Y))
		}
	case c.hexB != nil:
		if m.Err != nil {
			return
		}
		col := hexColor[m.Color]
		switch m.Hex {
		case value.HexPlace:
			c.hexB.Play(col, c.hexB.Cell(m.Point.X, m.Point.Y))
		case value.HexSwapPieces:
			c.hexB.SwapPieces(col)
		case value.HexSwapSides:
			c.hexB.SwapSides(col)
		case value.HexPass:
			c.hexB.Pass(col)
		case value.HexResign:
			c.hexB.Resign(col)
		case value.HexForfeit:
			c.hexB.Forfeit(col)
		}
	}
}

// Position returns the position at the cursor's node.
func (c *Cursor) Position() Position {
	g := c.g
	p := Position{Node: c.Node(), GameType: g.gm, Cols: g.cols, Rows: g.rows}
	if len(c.frames) > 0 {
		f := c.frames[len(c.frames)-1]
		p.MoveNumber, p.ToPlay, p.LastMove, p.HasLastMove = f.moveNumber, f.toPlay, f.last, f.hasLast
	}
	toValue := [3]value.Color{0, value.Black, value.White}
	switch {
	case c.goB != nil:
		b := c.goB
		p.grid = make([]value.Color, b.Len())
		for pt, col := range b.Stones() {
			x, y := b.XY(pt)
			p.Stones = append(p.Stones, Stone{Point: value.Point{X: x, Y: y}, Color: toValue[col]})
			p.grid[pt] = toValue[col]
		}
		p.CapturedByBlack, p.CapturedByWhite = b.Prisoners(gogame.Black), b.Prisoners(gogame.White)
		p.ToPlay = toValue[b.ToPlay()]
		p.Hash = b.Hash()
	case c.hexB != nil:
		b := c.hexB
		p.grid = make([]value.Color, b.Len())
		for cell, col := range b.Stones() {
			x, y := b.ColRow(cell)
			p.Stones = append(p.Stones, Stone{Point: value.Point{X: x, Y: y}, Color: toValue[col]})
			p.grid[cell] = toValue[col]
		}
		p.ToPlay = toValue[b.ToPlay()]
		p.Hash = b.Hash()
	default:
		for k, col := range c.other {
			p.Stones = append(p.Stones, Stone{Raw: k, Color: col})
		}
		slices.SortFunc(p.Stones, func(a, b Stone) int { return strings.Compare(a.Raw, b.Raw) })
	}
	return p
}
