package diagram

import (
	"strconv"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/games/gogame"
	"github.com/sgf-toolkit/sgf/games/hex"
	"github.com/sgf-toolkit/sgf/value"
)

// Numbering is how the moves of a figure are numbered.
type Numbering uint8

const (
	// NumberPM follows the inherited PM of the figure's first node: PM[0]
	// no numbers, PM[1] (the default) as in the game, PM[2] modulo 100.
	NumberPM Numbering = iota
	// NumberGame numbers the moves as in the game (MN counted).
	NumberGame
	// NumberRestart numbers the moves of each figure from 1.
	NumberRestart
	// NumberModulo100 prints the first move of a figure modulo 100 and
	// counts on from it (PM[2]: "102-177 is printed as moves 2-77").
	NumberModulo100
	// NumberNone draws the moves without numbers.
	NumberNone
)

// FG flags (FF[4]): "coordinates on/off (value: 0/1)", "diagram name on/off
// (value: 0/2)", "list moves not shown in figure on/off (value: 0/4)",
// "remove captured stones on/off (value: 0/256)", "hoshi dots on/off
// (value: 0/512)", "Ignore flags on/off (value: 32768)". A flag set turns
// its feature off, as the spec's examples read ("257 = coordinates off,
// diagram name on, list unshown moves, don't remove captured stones, hoshi
// dots on").
const (
	FGNoCoords     = 1
	FGNoName       = 2
	FGNoList       = 4
	FGKeepCaptured = 256
	FGNoHoshi      = 512
	FGIgnoreFlags  = 32768
)

// FigureOptions are the choices of Figures. The embedded Options apply to
// each figure (Numbers, Variations and NoLastMove do not: a figure numbers
// its own moves).
type FigureOptions struct {
	Options
	// FG starts a new figure at every node with FG ("a new figure starts
	// at the node containing a figure property"), with its name as the
	// caption and its flags honoured.
	FG bool
	// Every starts a new figure every Every moves (moves 1-50, 51-100,
	// ... for 50).
	Every int
	// At starts a new figure at each of these move numbers.
	At []int
	// Numbering says how moves are numbered (default: as PM says).
	Numbering Numbering
	// RemoveCaptures takes captured stones off the figure as a viewer does;
	// by default they stay and a move on their point is listed under the
	// figure, "the way diagrams are printed in books". FG's flag 256 sets
	// it per figure.
	RemoveCaptures bool
	// Variations adds a figure for each variation off the main line (its
	// first node and the main line below it), labelled "Variation B at
	// move 12", after the figure its branch is in.
	Variations bool
}

// Figures cuts the main line of g into figures as printed in books: a new
// figure at FG nodes, every N moves or at given move numbers (see
// FigureOptions); without any of them the main line is one figure. Each
// figure draws the position before its first move with the figure's moves
// numbered on their stones; a move whose point already holds a stone of
// the figure (a ko, a stone played where stones were captured) is not
// drawn but listed ("12 at 5", "15 at 9 (ko)", "20: pass", "23 at D4" for
// a point whose stone has no number). The error wraps ErrSize.
func Figures(g *sgf.Game, opts *FigureOptions) ([]*Diagram, error) {
	if opts == nil {
		opts = &FigureOptions{}
	}
	var line []sgf.Node
	for n := range g.MainLine() {
		line = append(line, n)
	}
	if len(line) == 0 {
		return nil, nil
	}
	at := make(map[int]bool, len(opts.At))
	for _, k := range opts.At {
		at[k] = true
	}
	starts := []int{1}
	num := 0
	if _, ok := line[0].Move(); ok {
		num = 1
	}
	for i := 1; i < len(line); i++ {
		n := line[i]
		start := opts.FG && n.Has("FG")
		if _, ok := n.Move(); ok {
			num++
			if mn, ok := n.MoveNumber(); ok {
				num = mn
			}
			start = start || opts.Every > 0 && num > 1 && (num-1)%opts.Every == 0 || at[num] && num > 1
		}
		if start && i > starts[len(starts)-1] {
			starts = append(starts, i)
		}
	}
	cur := g.NewCursor()
	var figs []*Diagram
	for k, s := range starts {
		e := len(line)
		if k+1 < len(starts) {
			e = starts[k+1]
		}
		if err := cur.Goto(line[s-1]); err != nil {
			return figs, err
		}
		f, err := figure(cur, line[s:e], opts, s == 1)
		if err != nil {
			return figs, err
		}
		if f.Caption == "" && f.FirstMove > 0 && !f.noName {
			f.Caption = "Moves " + strconv.Itoa(f.FirstMove) + "-" + strconv.Itoa(f.LastMoveNumber)
			if f.FirstMove == f.LastMoveNumber {
				f.Caption = "Move " + strconv.Itoa(f.FirstMove)
			}
		}
		figs = append(figs, f.Diagram)
		if !opts.Variations {
			continue
		}
		// The variations of the moves of this figure: those that branch
		// off the node before each of its nodes (each variation once,
		// after the figure that holds the move it replaces).
		for i := s - 1; i < e-1; i++ {
			n := line[i]
			for j := 1; j < n.NumChildren(); j++ {
				c := n.Child(j)
				var nodes []sgf.Node
				for m := range c.MainLine() {
					nodes = append(nodes, m)
				}
				if err := cur.Goto(n); err != nil {
					return figs, err
				}
				caption := "Variation " + c.Label() + " at move " + strconv.Itoa(cur.MoveNumber()+1)
				v, err := figure(cur, nodes, opts, false)
				if err != nil {
					return figs, err
				}
				v.Caption = caption
				figs = append(figs, v.Diagram)
			}
		}
	}
	return figs, nil
}

// fig is a figure being made.
type fig struct {
	*Diagram
	noName bool
}

// figure makes the figure of nodes, a line of play below the cursor's
// node; the cursor ends at the last of them. The first figure of a game
// also takes the FG of the root (the cursor's node).
func figure(cur *sgf.Cursor, nodes []sgf.Node, opts *FigureOptions, withRoot bool) (fig, error) {
	p := cur.Position()
	o := opts.Options
	flags := 0
	var first sgf.Node
	if len(nodes) > 0 {
		first = nodes[0]
	} else {
		first = p.Node
	}
	caption := ""
	fgNode := first
	if withRoot && !first.Has("FG") {
		fgNode = p.Node
	}
	// FG as the typed view reads it (sgf.Node.Figure): flags and a name
	// (decoded from the game's charset), or flags alone (FG[1]).
	if fg, ok := fgNode.Figure(); ok && !fg.None {
		flags, caption = fg.Flags, fg.Name
		if flags&FGIgnoreFlags != 0 {
			flags = 0
		}
	}
	if flags&FGNoHoshi != 0 {
		o.NoHoshi = true
	}
	if flags&FGNoCoords != 0 {
		o.Coords = CoordsNone
	}
	d, err := newBoard(p, &o)
	if err != nil {
		return fig{}, err
	}
	f := fig{Diagram: d, noName: flags&FGNoName != 0}
	if !f.noName {
		d.Caption = caption
	}
	removeCaptures := opts.RemoveCaptures
	if flags&FGKeepCaptured != 0 {
		removeCaptures = false
	}
	list := flags&FGNoList == 0

	size := d.Cols * d.Rows
	shown := make([]value.Color, size) // what the figure draws
	number := make([]int, size)        // the number on a drawn stone
	board := make([]value.Color, size)
	prev := make([]value.Color, size)
	snap(cur, board)
	copy(shown, board)
	if d.Kind == Grid {
		d.addStones(p)
	}

	numbering := opts.Numbering
	if numbering == NumberPM {
		numbering = NumberGame
		if vals, _, ok := first.Inherited("PM"); ok {
			// as every reader reads a Number (sgf.Value.Number:
			// PM[ 2 ] is 2, as sgf check corrects it)
			if pm, ok := (&sgf.Value{Raw: vals[0]}).Number(); ok {
				switch pm {
				case 0:
					numbering = NumberNone
				case 2:
					numbering = NumberModulo100
				}
			}
		}
	}
	firstNum, k := 0, 0
	printed := func(num int) int {
		k++
		if firstNum == 0 {
			firstNum = num
		}
		switch numbering {
		case NumberRestart:
			return k
		case NumberModulo100:
			base := firstNum % 100
			if base == 0 {
				base = 100
			}
			return base + num - firstNum
		case NumberNone:
			return 0
		}
		return num
	}
	if withRoot {
		for _, m := range p.Illegal {
			d.addIllegal(m.Move, m.MoveNumber, m.Broken)
		}
	}
	// koPoint marks the points emptied by a move that took one stone.
	koPoint := make([]bool, size)
	for _, n := range nodes {
		if err := cur.Goto(n); err != nil {
			return f, err
		}
		copy(prev, board)
		snap(cur, board)
		mv, isMove := n.Move()
		if isMove {
			setupFirst(n, prev, shown, number, d.Cols, d.Rows)
		}
		if !isMove {
			// Setup: the points it changes are drawn as they are now.
			for i := range board {
				if board[i] != prev[i] {
					shown[i], number[i] = board[i], 0
				}
			}
			if c := n.Comment(); c != "" {
				d.Notes = append(d.Notes, Note{Text: c})
			}
			continue
		}
		if b := cur.Broken(); b != 0 {
			d.addIllegal(mv, cur.MoveNumber(), b)
		}
		pn := printed(cur.MoveNumber())
		if d.FirstMove == 0 {
			d.FirstMove = pn
		}
		d.LastMoveNumber = pn
		if c := n.Comment(); c != "" {
			d.Notes = append(d.Notes, Note{Move: pn, Text: c})
		}
		captured, capturedAt := 0, -1
		for i := range board {
			if prev[i] != 0 && board[i] == 0 {
				captured++
				capturedAt = i
			}
		}
		switch {
		case d.Kind == Grid:
		case mv.Pass || d.Kind == Hex && mv.Hex != value.HexPlace && mv.Err == nil:
			if list && pn > 0 {
				what := "pass"
				if d.Kind == Hex && mv.Hex != value.HexPass {
					what = mv.Hex.String()
				}
				d.Listed = append(d.Listed, strconv.Itoa(pn)+": "+what)
			}
			if d.Kind == Hex && mv.Hex == value.HexSwapPieces {
				// The stone moved: draw the board as it is.
				for i := range board {
					if board[i] != prev[i] {
						shown[i], number[i] = board[i], 0
					}
				}
			}
		case mv.Err != nil || !mv.Point.In(d.Cols, d.Rows):
			d.Skipped = append(d.Skipped, "move "+strconv.Itoa(cur.MoveNumber())+" "+mv.Color.String()+"["+string(mv.Raw)+"]: not a point of the board")
		default:
			i := mv.Point.Y*d.Cols + mv.Point.X
			if shown[i] == 0 {
				shown[i], number[i] = mv.Color, pn
				if pn == 0 {
					number[i] = -1
				}
			} else if list {
				where := d.PointName(mv.Point)
				if number[i] > 0 {
					where = strconv.Itoa(number[i])
				}
				s := strconv.Itoa(pn) + " at " + where
				if pn == 0 {
					s = mv.Color.String() + " at " + where
				}
				if captured == 1 && koPoint[i] {
					s += " (ko)"
				}
				d.Listed = append(d.Listed, s)
			}
		}
		if removeCaptures {
			for j := range board {
				if prev[j] != 0 && board[j] == 0 {
					shown[j], number[j] = 0, 0
				}
			}
		}
		if !mv.Pass && mv.Err == nil && mv.Point.In(d.Cols, d.Rows) {
			koPoint[mv.Point.Y*d.Cols+mv.Point.X] = false
		}
		if captured == 1 {
			koPoint[capturedAt] = true
		}
	}
	if d.Kind != Grid {
		for i, c := range shown {
			if c != 0 {
				d.Stones = append(d.Stones, Stone{Point: value.Point{X: i % d.Cols, Y: i / d.Cols}, Color: c, Number: max(number[i], 0)})
			}
		}
	}
	end := cur.Position()
	d.ToPlay, d.MoveNumber = end.ToPlay, end.MoveNumber
	d.CapturedByBlack, d.CapturedByWhite = end.CapturedByBlack, end.CapturedByWhite
	d.Text.Info = InfoFields(first.Info())
	vw, _ := inherited(first)
	d.setRegion(first, vw, &o)
	return f, nil
}

// setupFirst draws the setup of n, a node with a move, as the setup that
// the Cursor executes before the move (and that sgf fix writes in a node
// before it): the points it changes in prev, the board before the node,
// drawn as it leaves them without numbers, so that the move is then
// compared with the board after the setup.
func setupFirst(n sgf.Node, prev, shown []value.Color, number []int, cols, rows int) {
	if !n.Has("AB") && !n.Has("AW") && !n.Has("AE") {
		return
	}
	su := n.Setup()
	for _, l := range [...]struct {
		pts []value.Point
		c   value.Color
	}{{su.Black, value.Black}, {su.White, value.White}, {su.Empty, 0}} {
		for _, p := range l.pts {
			if i := p.Y*cols + p.X; p.In(cols, rows) && prev[i] != l.c {
				prev[i] = l.c
				shown[i], number[i] = l.c, 0
			}
		}
	}
}

// snap copies the board of the cursor into dst (y*cols+x).
func snap(cur *sgf.Cursor, dst []value.Color) {
	toValue := [3]value.Color{0, value.Black, value.White}
	if b := cur.GoBoard(); b != nil {
		for i := range dst {
			dst[i] = toValue[b.At(gogame.Point(i))]
		}
		return
	}
	if b := cur.HexBoard(); b != nil {
		for i := range dst {
			dst[i] = toValue[b.At(hex.Cell(i))]
		}
		return
	}
	clear(dst)
}
