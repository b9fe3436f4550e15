package sgf

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"strings"

	"github.com/sgf-toolkit/sgf/games"
	"github.com/sgf-toolkit/sgf/games/gogame"
	"github.com/sgf-toolkit/sgf/games/hex"
	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/syntax"
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
	// Illegal are the moves on the path to the node that broke a rule of
	// the game (see Cursor.Broken), from the root down; the position shows
	// them played, as FF[4] says.
	Illegal []IllegalMove

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
// Each step executes or takes back one node incrementally on the board of
// the game (a [games.Board]: games/gogame for Go, games/hex for Hex, or any
// game registered with games.Register), never replaying from the root.
// A node is
// executed as FF[4] says: setup (AE, AB, AW) overwrites points without
// capturing, a move (B, W) is played even when illegal, PL sets the
// player to move and MN the move number (read as Value.Color and
// Value.Number read them, as sgf check does: PL[2] and PL[ w ] are White,
// MN[ 5 ] is 5). A node that holds setup properties (AB, AW, AE, PL) and
// a move, which FF[4] forbids ("Setup properties must not be mixed with
// move properties within a node"), executes its setup first and then its
// moves, whatever the order written ("The order of properties in a node
// is not fixed"): SGFC and sgf fix split such a node so (C13), and sgf
// check's replay, Node.Setup's readers (the index) and the diagrams read
// it so. ";B[ee]AE[ee]" leaves a black stone on ee, and ";B[ee]PL[B]"
// White to play.
//
// A cursor allocates its board once; [Cursor.Reset] moves it to another
// game keeping its memory, so that replaying many games costs no
// allocation per game or per move.
type Cursor struct {
	g      *Game
	frames []frame
	board  games.Board // nil for a game without a registered board
	// goB is board when it is a Go board: the hot calls of a replay (one
	// move, its history mark) go to it directly, not through the
	// interface (BenchmarkReplay: 5% of the instructions).
	goB *gogame.Board
	// setSeen holds, for each point of a Go or Hex board, the stamp
	// (setStamp) of the last node whose setup set it: a point that a
	// node's AB, AW and AE set twice keeps its first setting
	// ("AB[bb]AE[bb]" leaves a black stone), as sgf check keeps it (C18
	// deletes the later one) and sgf fix writes it.
	setSeen  []uint32
	setStamp uint32
	cell     [1]value.Point // the point setupHex sets
	other    map[string]value.Color
	log      []otherChange
	vals     []syntax.Value      // reused by setup
	spare    map[int]games.Board // boards of other sizes, kept by Reset
	// boardKey is the spareKey of board.
	boardKey int

	// situational: the Go board compares situations for superko
	// (SetSituationalSuperko).
	situational bool

	// steps counts the nodes executed and taken back since the cursor was
	// made: what the tests use to show that one step costs one node.
	steps int
	// general counts the nodes pushGeneral read through the syntax
	// layer's Props rather than quickNode or scanNode: what a test uses
	// to show that these read the nodes of unedited trees.
	general int
	// quick counts the nodes that quickNode or quickMove read: what a
	// test uses to show that they read the plain nodes; quickMoves those
	// that quickMove read.
	quick, quickMoves int

	// runTree's records runFirst-1 .. runEnd-1 are nodes that
	// syntax.Node.SimpleMove takes (";B[pd]"), each the only child in
	// sequence of the one before (syntax.Tree.SimpleRunMax), so that
	// Child(0) of record j-1, for runFirst <= j < runEnd, is record j,
	// such a node, with no test of its text: a Go game's main line is
	// read a few nodes at a time. Valid while runTree is the game's tree
	// and not modified.
	runTree          *syntax.Tree
	runFirst, runEnd int32
	// runNext is the record that Next expects to execute next (the one
	// after the node of its last step), and runWords[j-runFirst] is the
	// text of record j from its second byte (";B[pd]": 'B', '[', 'p',
	// 'd', from the low byte), read for the whole run when it starts
	// (syntax.Tree.SimpleRunWords): Next finds its move where child
	// stored it, and checks that the cursor is at the record before it
	// (the last frame's node; else it goes on from that node) without
	// the move waiting for that check. Read from the last frame's node, the move waited for four loads,
	// each for the one before it (the frames' length, the frame, the
	// record's start, its text), and so did play's first loads:
	// BenchmarkReplay's moves took 1 to 6% longer (the more, the less
	// loaded the machine).
	runNext  int32
	runWords [runMax]uint32
}

// runMax is how many records Child asks SimpleRunMax for at a time: a
// step into a long line costs a scan of at most that many.
const runMax = 64

// frame is what the cursor keeps of each node on its path: no pointers,
// so that a step is a small copy the garbage collector need not scan.
type frame struct {
	node       int32 // the node's number in the tree
	mark       int32 // board history before the node
	logMark    int32 // len(log) before the node
	moveNumber int32
	lastMove   int32       // index of the frame of the last move, -1: none
	toPlay     value.Color // for games without a board
	broken     games.Rule  // the rules the node's move broke (see Cursor.Broken)
}

type otherChange struct {
	key  string
	prev value.Color
}

// NewCursor returns a cursor at the root of the game, the root executed.
func (g *Game) NewCursor() *Cursor {
	c := &Cursor{}
	c.Reset(g)
	return c
}

// Reset moves the cursor to the root of g (executed), as g.NewCursor()
// would, keeping the cursor's memory: its board when g has the same game
// type and size as the previous game, and its buffers always.
func (c *Cursor) Reset(g *Game) {
	c.g = g
	c.frames = c.frames[:0]
	c.log = c.log[:0]
	c.runTree, c.runFirst, c.runEnd = nil, 0, 0
	if b := c.goB; b != nil && g.gm == GameGo && b.Cols() == g.cols && b.Rows() == g.rows {
		// The common case, a game of the previous game's size: its
		// board, without a look in spare.
		b.Reset()
		b.SetSituationalSuperko(c.situational)
	} else {
		c.newBoard(g)
	}
	if root := g.Root(); !root.IsZero() {
		c.push(root)
	}
}

// newBoard sets the cursor's board up for g: a board of g's type and size
// from spare, else a new one; the previous board goes to spare.
func (c *Cursor) newBoard(g *Game) {
	// Keep the board of the previous game for a game of its size.
	if c.board != nil {
		if c.spare == nil {
			c.spare = make(map[int]games.Board)
		}
		c.spare[c.boardKey] = c.board
		c.board = nil
	}
	c.boardKey = spareKey(g.gm, g.cols, g.rows)
	if b, ok := c.spare[c.boardKey]; ok {
		b.Reset()
		c.board = b
	} else if b, err := games.NewBoard(g.gm, g.cols, g.rows); err == nil {
		c.board = b
	}
	c.goB, _ = c.board.(*gogame.Board)
	if c.goB != nil {
		c.goB.SetSituationalSuperko(c.situational)
	}
	if c.board != nil {
		c.other = nil
	} else {
		if c.other == nil {
			c.other = make(map[string]value.Color)
		}
		clear(c.other)
	}
}

// SetSituationalSuperko chooses the superko rule of the cursor's Go board:
// situational (on: a move may not recreate an earlier position with the
// same player to move, as AGA and New Zealand rules say) or positional
// (off, the default: the stones alone, as Chinese rules say). It decides
// [Position.Illegal], [Cursor.Broken] and what [Cursor.Play] refuses as
// superko, and holds for the games [Cursor.Reset] moves the cursor to.
// Changing it replays the cursor's path from the root, so that the
// positions already seen are kept the new way; the cursor stays at its
// node. Other games ignore it.
func (c *Cursor) SetSituationalSuperko(on bool) {
	if c.situational == on {
		return
	}
	c.situational = on
	if c.g == nil {
		return
	}
	n := c.Node()
	c.Reset(c.g)
	if !n.IsZero() {
		c.Goto(n)
	}
}

// spareKey is the key of a board in Cursor.spare.
func spareKey(gm, cols, rows int) int { return gm<<24 | cols<<12 | rows }

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
	return c.node(len(c.frames) - 1)
}

// node returns the node of frame k.
func (c *Cursor) node(k int) Node {
	return Node{c.g, c.g.tree.Node(int(c.frames[k].node))}
}

// Game returns the game of the cursor.
func (c *Cursor) Game() *Game { return c.g }

// Depth returns the depth of the cursor's node (0 at the root).
func (c *Cursor) Depth() int { return len(c.frames) - 1 }

// Board returns the board of the game (nil for a game whose GM has no
// registered board). It must not be changed other than through the cursor.
func (c *Cursor) Board() games.Board { return c.board }

// GoBoard returns the Go board of a Go game (nil for other games). It must
// not be changed other than through the cursor.
func (c *Cursor) GoBoard() *gogame.Board { return c.goB }

// HexBoard returns the Hex board of a Hex game (nil for other games).
func (c *Cursor) HexBoard() *hex.Board {
	b, _ := c.board.(*hex.Board)
	return b
}

// MoveNumber returns the move number at the cursor's node (see
// Position.MoveNumber), without building a Position.
func (c *Cursor) MoveNumber() int {
	if len(c.frames) == 0 {
		return 0
	}
	return int(c.frames[len(c.frames)-1].moveNumber)
}

// LastMove returns the last move on the path to the cursor's node and
// whether there is one, without building a Position.
func (c *Cursor) LastMove() (Move, bool) {
	if len(c.frames) == 0 {
		return Move{}, false
	}
	k := c.frames[len(c.frames)-1].lastMove
	if k < 0 {
		return Move{}, false
	}
	// The last B or W of that node is the move it executed last.
	var m Move
	for p := range c.node(int(k)).n.Props() {
		id := string(p.ID)
		if len(id) > 2 {
			id = property.Canonical(p.ID)
		}
		if id == "B" || id == "W" {
			m = c.g.parseMove(value.Color(id[0]), p.Value())
		}
	}
	return m, true
}

// Next moves to the first child (the main line) and reports whether there
// is one. It is Child(0), with the step to the next node of a run of
// ";B[pd]" nodes (see runTree) here rather than in Child: a replay's
// common step makes one call to the cursor, not two.
func (c *Cursor) Next() bool {
	k := len(c.frames)
	if k == 0 {
		return false
	}
	p := &c.frames[k-1]
	j := c.runNext
	if j != p.node+1 {
		// The cursor moved since the last step of the run: the node
		// after its own (a branch, not a conditional move, so that j
		// does not wait for the frame when the cursor stays in the
		// run: the store keeps it one).
		j = p.node + 1
		c.runNext = j
	}
	if uint32(j-c.runFirst) < uint32(c.runEnd-c.runFirst) {
		// runTree is the game's tree: Reset ends a run.
		if t := c.runTree; !t.Modified() {
			w := c.runWords[(j-c.runFirst)&(runMax-1)]
			id, x, y := byte(w), byte(w>>16), byte(w>>24)
			if col := value.Color(id); isMoveColor[col] { // a table: B and W alternate
				// The frame written in place, its rules after the
				// move. A Go game's frames need no logMark (its board
				// undoes) nor toPlay (its board keeps it, and
				// Position reads it there): they are not written.
				c.runNext = j + 1
				c.steps++
				mn := p.moveNumber + 1
				if k == cap(c.frames) {
					c.growFrames()
				}
				b := c.goB
				fr := c.frames[:k+1]
				c.frames = fr
				nf := &fr[k] // no bounds check: k < len(fr)
				nf.node, nf.mark, nf.moveNumber, nf.lastMove = j, int32(b.History()), mn, int32(k)
				nf.broken = b.PlayLetters(col, x, y)
				return true
			}
		}
	}
	return c.child(p, 0)
}

// Child moves to the i-th child and reports whether there is one.
func (c *Cursor) Child(i int) bool {
	if i == 0 {
		return c.Next()
	}
	k := len(c.frames)
	if k == 0 {
		return false
	}
	return c.child(&c.frames[k-1], i)
}

// child is Child for the node of frame p, the last, when it is not the
// next node of a run (Next).
func (c *Cursor) child(p *frame, i int) bool {
	k := len(c.frames)
	nd := c.g.tree.Node(int(p.node))
	var ch syntax.Node
	if i == 0 {
		ch = nd.NextInSequence() // Child(0) without a call, most of the time
	}
	if ch.IsZero() {
		if ch = nd.Child(i); ch.IsZero() {
			return false
		}
	}
	if c.goB != nil && simpleMoves {
		// A Go game: the node and the run of ";B[pd]" nodes it starts,
		// if any, read at once (a run's first node has no parent link to
		// check). Its nodes are executed here rather than by push: no
		// scan of their properties, the frame made from its parent's at
		// once.
		t := ch.Tree()
		if n := t.SimpleRunMax(ch.Index(), runMax); n > 0 {
			j := int32(ch.Index())
			c.runTree, c.runFirst, c.runEnd, c.runNext = t, j+1, j+int32(n), j+1
			t.SimpleRunWords(c.runWords[:n-1], int(j)+1)
			if id, v, _ := t.SimpleRunMove(int(j)); id[0] == 'B' || id[0] == 'W' {
				c.steps++
				col := value.Color(id[0])
				f := frame{node: j, mark: int32(c.goB.History()), logMark: int32(len(c.log)),
					moveNumber: p.moveNumber + 1, lastMove: int32(k), toPlay: opponent(col)}
				f.broken = c.goB.PlaySGF(col, v)
				c.frames = append(c.frames, f)
				return true
			}
			c.push(Node{c.g, ch})
			return true
		}
		if !c.quickMove(p, ch) {
			c.pushGeneral(Node{c.g, ch}) // no simple move
		}
		return true
	}
	c.push(Node{c.g, ch})
	return true
}

// quickMove executes ch, the child of the node of frame p (the last
// frame) in a Go game, when it is a node of quickNode's plain shape with a
// move and no setup (";B[pd]BL[1797.199]", the move nodes of CGoban's
// games with their times; ";W[]" and ";TW[aa]B[]", its passes), and
// reports whether
// it did: the frame made from its parent's at once, as for a run's first
// node, not by pushGeneral, newFrame, quickNode and move one after the
// other (about 250 instructions a node). It executes nothing for any other
// node.
func (c *Cursor) quickMove(p *frame, ch syntax.Node) bool {
	t := ch.Tree()
	if t.Modified() || t.LeadBytes() != syntax.ASCIISafe {
		return false
	}
	src := ch.SourceRest()
	if len(src) < 4 || src[0] != ';' { // ";B[]"
		return false
	}
	col, mv, setup, ok := plainNode(src)
	if !ok || setup || col == 0 {
		return false
	}
	c.steps++
	c.quick++
	c.quickMoves++
	k := len(c.frames)
	f := frame{node: int32(ch.Index()), mark: int32(c.goB.History()), logMark: int32(len(c.log)),
		moveNumber: p.moveNumber + 1, lastMove: int32(k), toPlay: opponent(col)}
	if src[mv] != ']' {
		f.broken = c.goB.PlayLetters(col, src[mv], src[mv+1])
	} else {
		f.broken = c.goB.PlaySGF(col, src[mv:mv]) // a pass: "B[]"
	}
	c.frames = append(c.frames, f)
	return true
}

// growFrames makes room for more frames: twice as many. It is not
// inlined: in Child, its code kept values on the stack.
//
//go:noinline
func (c *Cursor) growFrames() {
	c.frames = slices.Grow(c.frames, max(len(c.frames), 64))
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
	for k < len(chain) && k < len(c.frames) && int(c.frames[k].node) == chain[k].n.Index() {
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
	c.steps++
	if f := &c.frames[len(c.frames)-1]; c.goB != nil {
		c.goB.UndoTo(int(f.mark)) // the common case without a call
	} else {
		c.takeBack(f)
	}
	c.frames = c.frames[:len(c.frames)-1]
}

// takeBack takes back on the board (or in the colours of a game without
// one) what was executed since f was made.
func (c *Cursor) takeBack(f *frame) {
	if c.goB != nil {
		c.goB.UndoTo(int(f.mark))
	} else if c.board != nil {
		c.board.UndoTo(int(f.mark))
	} else {
		for len(c.log) > int(f.logMark) {
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

// isMoveColor is true for value.Black and value.White: Next tests a run's
// move by it rather than by two comparisons, the first of which B and W,
// alternating, made hard to predict.
var isMoveColor = [256]bool{value.Black: true, value.White: true}

var goColor = [256]gogame.Color{value.Black: gogame.Black, value.White: gogame.White}

// propKey packs a property identifier of one or two letters.
func propKey(id string) uint16 {
	if len(id) == 1 {
		return uint16(id[0]) << 8
	}
	return uint16(id[0])<<8 | uint16(id[1])
}

// The keys of the identifiers the Cursor executes, as propKey makes
// them: constants, so that a switch on a key compares with immediates.
const (
	keyB  uint16 = 'B' << 8
	keyW  uint16 = 'W' << 8
	keyAB uint16 = 'A'<<8 | 'B'
	keyAW uint16 = 'A'<<8 | 'W'
	keyAE uint16 = 'A'<<8 | 'E'
	keyPL uint16 = 'P'<<8 | 'L'
	keyMN uint16 = 'M'<<8 | 'N'
)

// push executes n, a child of the current node (or the root).
func (c *Cursor) push(n Node) {
	if id, v, ok := n.n.SimpleMove(); ok && simpleMoves {
		// The common node ";B[pd]": no scan of its properties.
		f := c.newFrame(n)
		if id == 'B' || id == 'W' {
			col := value.Color(id)
			f.broken = c.play(col, v)
			f.moveNumber++
			f.toPlay = opponent(col)
			f.lastMove = int32(len(c.frames))
		}
		c.frames = append(c.frames, f)
		return
	}
	c.pushGeneral(n)
}

// newFrame returns the frame of n, a child of the current node (or the
// root), before n is executed: what it inherits from its parent's.
func (c *Cursor) newFrame(n Node) frame {
	c.steps++
	f := frame{node: int32(n.n.Index()), lastMove: -1, toPlay: value.Black, logMark: int32(len(c.log))}
	if k := len(c.frames); k > 0 {
		p := &c.frames[k-1]
		f.moveNumber, f.toPlay, f.lastMove = p.moveNumber, p.toPlay, p.lastMove
	}
	if c.goB != nil {
		f.mark = int32(c.goB.History())
	} else if c.board != nil {
		f.mark = int32(c.board.History())
	}
	return f
}

// pushGeneral is push for a node that is not a simple move (";B[pd]").
func (c *Cursor) pushGeneral(n Node) {
	f := c.newFrame(n)
	if simpleMoves && !n.g.tree.Modified() && (c.quickNode(n.n, &f) || c.scanNode(n.n, &f)) {
		c.frames = append(c.frames, f)
		return
	}
	c.general++
	c.nextSetup()
	var pl value.Color
	mn, hasMN := 0, false
	moves := false
	for prop := range n.n.Props() {
		p := &prop
		key, ok := keyOf(p.ID)
		if !ok {
			continue
		}
		switch key {
		case keyB, keyW:
			moves = true // executed after the setup, below
		case keyAB:
			c.setup(p, value.Black)
		case keyAW:
			c.setup(p, value.White)
		case keyAE:
			c.setup(p, 0)
		case keyPL:
			if col, ok := readColor(p.Value()); ok {
				pl = col
			}
		case keyMN:
			if v, ok := readNumber(p.Value()); ok {
				mn, hasMN = v, true
			}
		}
	}
	if moves {
		// The moves after the node's setup and PL, in the order written.
		if pl != 0 {
			c.setPlayer(&f, pl)
			pl = 0
		}
		for prop := range n.n.Props() {
			if key, ok := keyOf(prop.ID); ok && (key == keyB || key == keyW) {
				c.move(&f, value.Color(key>>8), prop.Value())
			}
		}
	}
	c.finish(&f, pl, mn, hasMN)
	c.frames = append(c.frames, f)
}

// keyOf returns the propKey of a property identifier as push reads it:
// one or two letters as written, a longer one as property.Canonical
// makes it (FF[3]'s "AddBlack" is AB); false for one that is no
// identifier of one or two letters.
func keyOf(id []byte) (uint16, bool) {
	switch len(id) {
	case 1:
		return uint16(id[0]) << 8, true
	case 2:
		return uint16(id[0])<<8 | uint16(id[1]), true
	}
	cid := property.Canonical(id)
	if len(cid) == 0 || len(cid) > 2 {
		return 0, false
	}
	return propKey(cid), true
}

// move executes a move (B or W) of a node whose frame is f.
func (c *Cursor) move(f *frame, col value.Color, raw []byte) {
	f.broken |= c.play(col, raw)
	f.moveNumber++
	f.toPlay = opponent(col)
	f.lastMove = int32(len(c.frames))
}

// setPlayer executes PL (pl) of a node whose frame is f.
func (c *Cursor) setPlayer(f *frame, pl value.Color) {
	f.toPlay = pl
	if c.board != nil {
		c.board.SetPlayer(pl)
	}
}

// finish executes what comes after a node's setup and moves: PL (pl, 0
// for none or for one executed before the node's moves) and MN (mn when
// hasMN).
func (c *Cursor) finish(f *frame, pl value.Color, mn int, hasMN bool) {
	if pl != 0 {
		c.setPlayer(f, pl)
	}
	if hasMN {
		f.moveNumber = int32(mn)
		if b, ok := c.board.(games.MoveNumberSetter); ok {
			b.SetMoveNumber(mn)
		}
	}
}

// scanNode executes n, a node of an unedited tree, as pushGeneral does but
// in one pass over its text with the syntax layer's property scanner
// (syntax.PropScanner, which Node.Props and the Decoder read with: the
// same properties, identifiers and values): most often a move with other
// properties (";B[pd]BL[30.5]", ";W[dd]C[...]") or a game's root, with its
// handicap stones (AB) too. Moves and setup (AB, AW, AE) are executed as
// they are read, setup and PL before the moves as pushGeneral executes
// them (a node with setup after a move is taken back and read twice). It
// reports false, having taken back what it executed (f as it was), for a
// node with a value that the input ends in, which pushGeneral leaves to
// the syntax layer.
func (c *Cursor) scanNode(n syntax.Node, f *frame) bool {
	src := n.SourceRest()
	if len(src) == 0 {
		return false
	}
	c.nextSetup()
	f0 := *f
	var pl value.Color
	mn, hasMN := 0, false
	// pass is scanAll: every property executed as read, until a setup
	// property or PL follows a move; then the node is taken back and
	// read twice, scanSetup executing its setup and PL, scanMoves its
	// moves.
	pass := scanAll
	moved := false
scan:
	for {
		s := syntax.NewPropScanner(src, 0, n.Tree().LeadBytes())
		for id, _ := s.Next(); id != nil; id, _ = s.Next() {
			first, ok := s.First()
			if !ok {
				c.takeBack(&f0)
				*f = f0
				return false
			}
			var key uint16
			switch len(id) {
			case 1:
				key = uint16(id[0]) << 8
			case 2:
				key = uint16(id[0])<<8 | uint16(id[1])
			default:
				if key, ok = keyOf(id); !ok {
					continue
				}
			}
			switch key {
			case keyB, keyW:
				if pass == scanSetup {
					continue
				}
				if pl != 0 {
					// PL before the move, as the rest of the setup
					c.setPlayer(f, pl)
					pl = 0
				}
				c.move(f, value.Color(key>>8), first)
				moved = true
			case keyAB, keyAW, keyAE, keyPL:
				if pass == scanMoves {
					continue
				}
				if moved {
					// setup written after a move: executed before it
					c.takeBack(&f0)
					*f = f0
					c.nextSetup()
					pl, mn, hasMN, moved = 0, 0, false, false
					pass = scanSetup
					continue scan
				}
				if key == keyPL {
					if col, ok := readColor(first); ok {
						pl = col
					}
					continue
				}
				col := setupColor(key)
				c.setupValue(col, first)
				for s.More() {
					raw, ok := s.Value()
					if !ok {
						c.takeBack(&f0)
						*f = f0
						return false
					}
					c.setupValue(col, raw)
				}
			case keyMN:
				if pass == scanMoves {
					continue
				}
				if v, ok := readNumber(first); ok {
					mn, hasMN = v, true
				}
			}
		}
		if pass != scanSetup {
			break
		}
		pass = scanMoves // pl is executed before the first move
	}
	c.finish(f, pl, mn, hasMN)
	return true
}

// quickNode executes n, a node of an unedited tree, as scanNode does, when
// its text has the plain shape of most nodes that are not a move alone in
// a tree of an ASCII-safe charset (plainNode): properties whose
// identifiers are one or two upper-case letters followed at once by their
// values, white space between them, with at most one move, of one value
// of two bytes or none (a pass), and no PL, MN, or setup (AB, AW, AE)
// after the move: a move first (";B[pd]BL[1797.199]WL[1700]", Fox's and
// CGoban's move nodes with their times), a pass (";W[]", ";TW[aa]B[]",
// the end of a CGoban game), or no move (a game's root, with its handicap
// stones). The other
// properties are passed over by a loop over their bytes, not read one by
// one through the property scanner (Fox: about 800 instructions a move
// node with times). It reports false, having executed nothing, for a node
// of any other shape, which scanNode reads.
func (c *Cursor) quickNode(n syntax.Node, f *frame) bool {
	src := n.SourceRest()
	if len(src) < 2 || src[0] != ';' || n.Tree().LeadBytes() != syntax.ASCIISafe {
		return false
	}
	col, mv, setup, ok := plainNode(src)
	if !ok {
		return false
	}
	if setup {
		c.quickSetup(src)
	}
	if col != 0 {
		v := src[mv:mv] // a pass: "B[]"
		if src[mv] != ']' {
			v = src[mv : mv+2]
		}
		c.move(f, col, v)
	}
	c.quick++
	return true
}

// plainNode reports whether src, a node's text from its ";" in an
// ASCII-safe tree, has quickNode's plain shape, and returns the colour of
// its move (0 for none), the index in src of the move's value (of its two
// bytes, or of the "]" of a pass) and whether it has setup. It calls
// nothing in its loop, so that its values stay in registers.
func plainNode(src []byte) (col value.Color, mv int, setup, ok bool) {
	// ext is src with the bytes after it up to its capacity (the rest of
	// the file's text), which valueEnd reads eight at a time: a "]" found
	// there is not one of the node's.
	ext, n := src[:cap(src)], len(src)
	i := 1
	if n >= 6 {
		if m := src[:6:6]; plainByte[m[1]]&plainMove != 0 && m[2] == '[' && m[5] == ']' &&
			plainByte[m[3]]&plainByte[m[4]]&plainValue != 0 {
			col, mv, i = value.Color(m[1]), 3, 6
		}
	}
	for {
		for i < n && src[i] <= ' ' {
			i++
		}
		if i+2 >= n {
			// No room for an identifier, its "[" and a byte of its value.
			return col, mv, setup, i >= n || plainByte[src[i]]&plainEnd != 0
		}
		// An identifier of one or two upper-case letters and at once
		// its first value.
		c0, c1 := src[i], src[i+1]
		if c0-'A' >= 26 {
			return col, mv, setup, plainByte[c0]&plainEnd != 0
		}
		e := i + 1
		if c1 != '[' {
			if c1-'A' >= 26 || src[i+2] != '[' {
				return 0, 0, false, false
			}
			e++
			// Only identifiers that start with A, M or P are looked
			// at further: a test that most (BL, WL, C) pass the same
			// way, where a switch's comparisons told BL from WL,
			// which alternate in CGoban's move nodes.
			if 1<<(c0-'A')&startAMP != 0 {
				switch uint16(c0)<<8 | uint16(c1) {
				case keyPL, keyMN:
					return 0, 0, false, false
				case keyAB, keyAW, keyAE:
					if col != 0 {
						return 0, 0, false, false // setup after a move
					}
					setup = true
				}
			}
		} else if c0 == 'B' || c0 == 'W' {
			// The node's one move, not first ("TW[aa]B[]") or a pass
			// ("B[]"): a value of two bytes of a move or none, then
			// no other value (the loop's next turn finds no
			// identifier at a "[").
			if col != 0 {
				return 0, 0, false, false // a second move
			}
			col, mv = value.Color(c0), e+1
			if src[mv] == ']' {
				i = mv + 1
				continue
			}
			if mv+2 < n && src[mv+2] == ']' && plainByte[src[mv]]&plainByte[src[mv+1]]&plainValue != 0 {
				i = mv + 3
				continue
			}
			return 0, 0, false, false
		}
		for i = e; i < n && src[i] == '['; {
			// valueEnd, written out (it is not inlined, and a call
			// here would keep the loop's values on the stack), for
			// values of up to 15 bytes (a time such as "1797.199" is
			// eight).
			end := -1
			if i+17 <= len(ext) {
				if m := specialBytes(binary.LittleEndian.Uint64(ext[i+1:])); m != 0 {
					if j := i + 1 + bits.TrailingZeros64(m)>>3; j < n && ext[j] == ']' {
						end = j
					}
				} else if m := specialBytes(binary.LittleEndian.Uint64(ext[i+9:])); m != 0 {
					if j := i + 9 + bits.TrailingZeros64(m)>>3; j < n && ext[j] == ']' {
						end = j
					}
				}
			}
			if end < 0 {
				if end = valueEndSlow(ext, i+1, n); end < 0 {
					return 0, 0, false, false
				}
			}
			for i = end + 1; i < n && src[i] <= ' '; {
				i++
			}
		}
	}
}

// startAMP has bit c-'A' set for the first letters c of the identifiers
// of two letters that plainNode tells apart: AB, AW, AE, MN and PL.
const startAMP = 1 | 1<<('M'-'A') | 1<<('P'-'A')

// The classes of plainByte.
const (
	plainMove  = 1 // the identifier of a move: B or W
	plainValue = 2 // a byte of a move of two bytes: not "]" or "\\"
	plainEnd   = 4 // the end of a node: ";", "(" or ")"
)

// plainByte classifies bytes for plainNode, one load a test.
var plainByte = func() (t [256]uint8) {
	t['B'], t['W'] = plainMove, plainMove
	for c := range t {
		if c != ']' && c != '\\' {
			t[c] |= plainValue
		}
	}
	t[';'] |= plainEnd
	t['('] |= plainEnd
	t[')'] |= plainEnd
	return t
}()

// quickSetup executes the setup of src, a node of quickNode's plain shape
// without a move: the values of its AB, AW and AE in order.
func (c *Cursor) quickSetup(src []byte) {
	c.nextSetup()
	ext, n := src[:cap(src)], len(src)
	for i := 1; ; {
		for i < n && src[i] <= ' ' {
			i++
		}
		if i >= n || src[i] == ';' || src[i] == '(' || src[i] == ')' {
			return
		}
		key, e := uint16(src[i])<<8, i+1
		if src[e] != '[' {
			key |= uint16(src[e])
			e++
		}
		set := key == keyAB || key == keyAW || key == keyAE
		for i = e; i < n && src[i] == '['; {
			end := valueEnd(ext, i+1, n)
			if set {
				c.setupValue(setupColor(key), src[i+1:end])
			}
			for i = end + 1; i < n && src[i] <= ' '; {
				i++
			}
		}
	}
}

// valueEnd returns the index of the "]" that ends a value of an ASCII-safe
// text whose bytes after the "[" start at ext[k], as syntax.ScanValue
// finds it (a backslash escapes the byte after it), when it is below n;
// else -1. Most values are short (a time, a point): it looks at the first
// eight bytes as one word; longer values, escapes and the end of ext go to
// valueEndSlow.
func valueEnd(ext []byte, k, n int) int {
	if k+8 <= len(ext) {
		if m := specialBytes(binary.LittleEndian.Uint64(ext[k:])); m != 0 {
			if j := k + bits.TrailingZeros64(m)>>3; j < n && ext[j] == ']' {
				return j
			}
		}
	}
	return valueEndSlow(ext, k, n)
}

// specialBytes returns x with the high bit set in the lowest byte that is
// "]" (0x5d) or "\\" (0x5c), the bytes that are 0x5d with their lowest bit
// set, and maybe in bytes above it; 0 when there is none.
func specialBytes(x uint64) uint64 {
	const ones = 0x0101010101010101
	x = (x | ones) ^ 0x5d5d5d5d5d5d5d5d
	return (x - ones) &^ x & (ones << 7) // the lowest bit set is exact
}

// valueEndSlow is valueEnd eight bytes at a time while ext has them, then
// a byte at a time. It is not inlined, so that valueEnd is.
//
//go:noinline
func valueEndSlow(ext []byte, k, n int) int {
	for k+8 <= len(ext) && k < n {
		if m := specialBytes(binary.LittleEndian.Uint64(ext[k:])); m != 0 {
			k += bits.TrailingZeros64(m) >> 3
			if k >= n {
				return -1
			}
			if ext[k] == ']' {
				return k
			}
			k += 2 // an escape and the byte it escapes
			continue
		}
		k += 8
	}
	for ; k < n; k++ {
		if c := ext[k]; c == ']' {
			return k
		} else if c == '\\' {
			k++
		}
	}
	return -1
}

// The passes of scanNode over a node's properties.
const (
	scanAll   = iota // all, as read
	scanSetup        // AB, AW, AE, PL and MN
	scanMoves        // B and W
)

// setupColor returns the colour a setup property's key sets: value.Black
// for AB, value.White for AW, 0 for AE.
func setupColor(key uint16) value.Color {
	switch key {
	case keyAB:
		return value.Black
	case keyAW:
		return value.White
	}
	return 0
}

// simpleMoves turns on push's path for nodes like ";B[pd]" (off in a test
// that compares it with the general path).
var simpleMoves = true

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
func (c *Cursor) setup(p *syntax.Property, col value.Color) {
	c.vals = p.AppendValues(c.vals[:0])
	for _, v := range c.vals {
		c.setupValue(col, v.Raw)
	}
}

// nextSetup starts a node's setup: no point of it is set yet.
func (c *Cursor) nextSetup() {
	if c.setStamp++; c.setStamp == 0 {
		clear(c.setSeen)
		c.setStamp = 1
	}
}

// setupValue executes one value raw of AB, AW (col) or AE (col 0).
func (c *Cursor) setupValue(col value.Color, raw []byte) {
	if b := c.goB; b != nil {
		c.setupGo(b, col, raw)
		return
	}
	if b := c.board; b != nil {
		if ps, ok := b.(games.PointSetter); ok && c.g.gm == GameHex {
			c.setupHex(ps, col, raw)
			return
		}
		b.SetupSGF(col, raw)
		return
	}
	if len(raw) == 0 {
		return
	}
	key := string(raw)
	c.log = append(c.log, otherChange{key, c.other[key]})
	if col == 0 {
		delete(c.other, key)
	} else {
		c.other[key] = col
	}
}

// setupGo executes one value raw of AB, AW (col) or AE (col 0) on a Go
// board, each point set unless the node's setup has set it already.
func (c *Cursor) setupGo(b *gogame.Board, col value.Color, raw []byte) {
	if n := b.Cols() * b.Rows(); len(c.setSeen) != n {
		c.setSeen = make([]uint32, n)
	}
	b.SetupSGFOnce(col, raw, c.setSeen, c.setStamp)
}

// setupHex executes one value raw of AB, AW (col) or AE (col 0) on a Hex
// board: the cell as Node.Setup and check read it (hexPoint: none for a
// value that is no cell of the board), unless the node's setup has set it
// already, given to the board as a point (games.PointSetter), not as
// bytes for it to parse again.
func (c *Cursor) setupHex(b games.PointSetter, col value.Color, raw []byte) {
	p, err := hexPoint(raw)
	if err != nil || !p.In(c.g.cols, c.g.rows) {
		return
	}
	if n := c.g.cols * c.g.rows; len(c.setSeen) != n {
		c.setSeen = make([]uint32, n)
	}
	if k := p.Y*c.g.cols + p.X; c.setSeen[k] != c.setStamp {
		c.setSeen[k] = c.setStamp
		c.cell[0] = p
		b.SetPoints(col, c.cell[:])
	}
}

// play executes the move raw of colour col and returns the rules it broke
// (see Cursor.Broken). A move that does not parse is counted (the node has
// a move) but changes no point.
func (c *Cursor) play(col value.Color, raw []byte) games.Rule {
	if c.goB != nil {
		if len(raw) == 2 {
			return c.goB.PlayLetters(col, raw[0], raw[1]) // the common move, without the slice
		}
		return c.goB.PlaySGF(col, raw)
	}
	if c.board == nil {
		return 0
	}
	return c.board.PlaySGF(col, raw)
}

// Broken returns the rules of its game that the move of the cursor's node
// broke when the cursor executed it, as FF[4] executes every move whatever
// the rules think of it: for Go gogame.RuleOccupied (a stone on a stone),
// RuleSuicide, RuleKo (a ko retaken at once) and RuleSuperko (a position
// of the path repeated: positional superko, which not every rule set has);
// for Hex RuleOccupied. It is 0 for a legal move, a node without a move
// and games other than Go and Hex.
func (c *Cursor) Broken() games.Rule {
	if len(c.frames) == 0 {
		return 0
	}
	return c.frames[len(c.frames)-1].broken
}

// IllegalMove is a move on the path to a position that broke a rule of its
// game (see Cursor.Broken).
type IllegalMove struct {
	Node       Node
	Move       Move
	MoveNumber int        // as Position.MoveNumber counts it
	Broken     games.Rule // never 0
}

// Position returns the position at the cursor's node.
func (c *Cursor) Position() Position {
	g := c.g
	p := Position{Node: c.Node(), GameType: g.gm, Cols: g.cols, Rows: g.rows}
	if len(c.frames) > 0 {
		f := c.frames[len(c.frames)-1]
		p.MoveNumber, p.ToPlay = int(f.moveNumber), f.toPlay
		p.LastMove, p.HasLastMove = c.LastMove()
		for k := range c.frames {
			if f := &c.frames[k]; f.broken != 0 {
				n := c.node(k)
				m, _ := n.Move()
				p.Illegal = append(p.Illegal, IllegalMove{Node: n, Move: m, MoveNumber: int(f.moveNumber), Broken: f.broken})
			}
		}
	}
	if b := c.board; b != nil {
		p.grid = b.AppendGrid(make([]value.Color, 0, g.cols*g.rows))
		for i, col := range p.grid {
			if col != 0 {
				p.Stones = append(p.Stones, Stone{Point: value.Point{X: i % g.cols, Y: i / g.cols}, Color: col})
			}
		}
		p.ToPlay = b.Player()
		p.Hash = b.Hash()
		if gb, ok := b.(*gogame.Board); ok {
			p.CapturedByBlack, p.CapturedByWhite = gb.Prisoners(gogame.Black), gb.Prisoners(gogame.White)
		}
	} else {
		for k, col := range c.other {
			p.Stones = append(p.Stones, Stone{Raw: k, Color: col})
		}
		slices.SortFunc(p.Stones, func(a, b Stone) int { return strings.Compare(a.Raw, b.Raw) })
	}
	return p
}
