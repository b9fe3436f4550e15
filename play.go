package sgf

import (
	"errors"
	"strconv"

	"github.com/sgf-toolkit/sgf/games"
	"github.com/sgf-toolkit/sgf/games/gogame"
	"github.com/sgf-toolkit/sgf/value"
)

// ErrIllegal means a move that the rules of the game, as asked, forbid
// (Cursor.Play): the *Error's Cause says which rule, or wraps the board's
// error for a point off the board.
var ErrIllegal = errors.New("illegal move")

// NewGame returns a new game of type gm (GameGo, GameHex, or any other GM
// number) on a board of cols x rows, in a Collection of its own: a root
// node with FF[4], CA[UTF-8], GM and SZ (SZ[19] for a square board,
// SZ[cols:rows] otherwise). Go boards are 1x1 to 52x52; other games take
// sizes from 1. Play moves with a Cursor (Cursor.Play) and set game
// information with Root().Set; WriteTo writes the SGF.
func NewGame(gm, cols, rows int) (*Game, error) {
	size := strconv.Itoa(cols) + "x" + strconv.Itoa(rows)
	if gm < 1 || gm > 255 {
		return nil, newError("NewGame", "GM", []byte(strconv.Itoa(gm)), ErrValue, value.ErrRange)
	}
	if cols < 1 || rows < 1 || gm == GameGo && (cols > gogame.MaxSize || rows > gogame.MaxSize) {
		return nil, newError("NewGame", "SZ", []byte(size), ErrValue, value.ErrRange)
	}
	src := "(;FF[4]CA[UTF-8]GM[" + strconv.Itoa(gm) + "]SZ[" + strconv.Itoa(cols)
	if rows != cols {
		src += ":" + strconv.Itoa(rows)
	}
	src += "])\n"
	c, err := Parse([]byte(src))
	if err != nil {
		return nil, err
	}
	return c.Game(0), nil
}

// MoveNode returns the node of the n-th move (from 1) of the main line:
// the n-th node of the main line with a B or W property; false when the
// main line has fewer moves.
func (g *Game) MoveNode(n int) (Node, bool) {
	if n < 1 {
		return Node{}, false
	}
	k := 0
	for m := range g.MainLine() {
		if _, ok := m.Move(); ok {
			if k++; k == n {
				return m, true
			}
		}
	}
	return Node{}, false
}

// Play plays a move of col at p from the cursor's node and moves the
// cursor there: to the child that holds that move when there is one, else
// to a new last child with the move (B[..] or W[..]) added to the tree. A
// program that plays a game with a Cursor so writes its SGF.
//
// Legality is checked by the game's rules before anything changes: in Go,
// a move breaking one of the rules in forbid (gogame.AllRules for all;
// superko is positional unless [Cursor.SetSituationalSuperko] chose
// situational), in Hex a stone on an occupied cell when forbid has
// gogame.RuleOccupied, in any game with a board what its
// games.Board.Forbidden says; and in all of them a point off the board.
// Such a move is refused with an
// *Error wrapping ErrIllegal. Other games are not checked. p is the
// column and row from 0 (for Hex too, as Move.Point).
func (c *Cursor) Play(col value.Color, p value.Point, forbid games.Rule) (Node, error) {
	cur := c.Node()
	id := string(col)
	if cur.IsZero() {
		return Node{}, newError("Play", id, nil, ErrNoNode, nil)
	}
	if col != value.Black && col != value.White {
		return Node{}, newError("Play", "", []byte{byte(col)}, ErrValue, errors.New("colour is not B or W"))
	}
	g := c.g
	var text []byte
	if g.gm == GameHex {
		text = value.AppendHexCell(nil, HexCellOf(p))
	} else {
		text = value.AppendPoint(nil, p)
	}
	if !p.In(g.cols, g.rows) && (c.board != nil || g.gm == GameGo || g.gm == GameHex) {
		v := "x " + strconv.Itoa(p.X) + ", y " + strconv.Itoa(p.Y) + " on " + strconv.Itoa(g.cols) + "x" + strconv.Itoa(g.rows)
		return Node{}, &Error{Op: "Play", Prop: id, Value: v, Err: ErrIllegal, Cause: gogame.ErrPoint}
	}
	if c.board != nil {
		if r := c.board.Forbidden(col, p) & forbid; r != 0 {
			return Node{}, newError("Play", id, text, ErrIllegal, errors.New(brokenRule(r, g.gm)))
		}
	}
	for i := range cur.NumChildren() {
		m, ok := cur.Child(i).Move()
		if ok && m.Err == nil && !m.Pass && m.Color == col && m.Point == p && (g.gm != GameHex || m.Hex == value.HexPlace) {
			c.Child(i)
			return c.Node(), nil
		}
	}
	return c.addMove(cur, id, string(text))
}

// Pass plays a pass of col (B[] or W[]) from the cursor's node, following
// a child that holds one or adding it, as Play does.
func (c *Cursor) Pass(col value.Color) (Node, error) {
	cur := c.Node()
	if cur.IsZero() {
		return Node{}, newError("Pass", string(col), nil, ErrNoNode, nil)
	}
	if col != value.Black && col != value.White {
		return Node{}, newError("Pass", "", []byte{byte(col)}, ErrValue, errors.New("colour is not B or W"))
	}
	for i := range cur.NumChildren() {
		m, ok := cur.Child(i).Move()
		if ok && m.Err == nil && m.Pass && m.Color == col {
			c.Child(i)
			return c.Node(), nil
		}
	}
	return c.addMove(cur, string(col), "")
}

func (c *Cursor) addMove(cur Node, id, text string) (Node, error) {
	n, err := cur.AddChild()
	if err != nil {
		return Node{}, err
	}
	if err := n.Set(id, text); err != nil {
		n.Remove()
		return Node{}, err
	}
	c.Child(cur.NumChildren() - 1)
	return c.Node(), nil
}

// brokenRule names the first of the rules r of game gm.
func brokenRule(r games.Rule, gm int) string {
	switch {
	case r&games.RuleOccupied != 0 && gm == GameGo:
		return "occupied point"
	case r&games.RuleOccupied != 0:
		return "occupied cell"
	case r&games.RuleSuicide != 0:
		return "suicide"
	case r&games.RuleKo != 0:
		return "ko"
	}
	return "superko (the position repeats)"
}

// AppendPlanes appends feature planes of the cursor's Go position to dst,
// for machine learning, and returns the extended slice: three planes of
// Cols*Rows bytes each, row by row from the upper left, 1 where the point
// holds a stone of perspective (plane 0), a stone of its opponent (plane
// 1), or nothing (plane 2), 0 elsewhere. perspective 0 means the player
// to move. Games other than Go append nothing. The board keeps the planes
// with its stones once asked (gogame.Board.AppendPlanes), so each call is
// a copy; with a dst of enough capacity it does not allocate.
func (c *Cursor) AppendPlanes(dst []byte, perspective value.Color) []byte {
	if b := c.GoBoard(); b != nil {
		return b.AppendPlanes(dst, goColor[perspective])
	}
	return dst
}
