package check

import (
	"slices"
	"strings"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/games"
	"github.com/sgf-toolkit/sgf/games/gogame" // the board of GM[1]
	_ "github.com/sgf-toolkit/sgf/games/hex"  // the board of GM[11]
	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/value"
)

// replay is the walk of one tree on the board of its game, as sgf.Cursor
// replays it: a games.Board from the registry (games/gogame for Go,
// games/hex for Hex, or any game registered), shared by the rules that
// need positions. Every such game has C35 (a move on an occupied point);
// a Go board, whose points the replay can look at one by one
// (games.Points), has the rest: C19, C33, C34, C42, C43, C55 and C57.
type replay struct {
	done       bool
	board      games.Board
	pts        games.Points // board's points: Go; nil for other games
	gm         property.Game
	cols, rows int
	marks      []int32  // per node: the board's history after it (32 bits: 4 MB less for a line of 10^6 moves)
	seen       []uint32 // per point (y*cols+x): stamp of the last look
	stamp      uint32
	movePt     []int32 // per node: its move's point (y*cols+x), -1 for none (Options.Variations)
	// setupEff[i] is set when a setup property of node i changed the board.
	setupEff []bool
	aeEff    map[int][]int32
	// situational: the tree is checked for situational superko (C55)
	situational bool
	// placed: the stones AB and AW of the current node put on the board,
	// with their property (C57)
	placed []placedStone
	queue  []value.Point
	// buffers of the setup of one value
	noEffect, effective, effPts []value.Point
}

// placedStone is a stone put on the board by a setup property.
type placedStone struct {
	pt value.Point
	pr *PropView
}

// goColors maps the colours of sgf.NodeBrief (gogame's) to value's.
var goColors = [4]value.Color{1: value.Black, 2: value.White}

// replay replays the tree on the board of its game once per tree. It
// returns nil when no board is registered for the game or the board
// does not take the tree's size.
func (p *Pass) replay() *replay {
	if !p.GoodSize || !games.Registered(int(p.Game)) {
		return nil
	}
	if p.play == nil {
		p.play = &replay{}
	}
	r := p.play
	if r.done {
		if r.board == nil {
			return nil
		}
		return r
	}
	r.done = true
	clear(r.aeEff)
	if r.board == nil || r.gm != p.Game || r.cols != p.Cols || r.rows != p.Rows {
		b, err := games.NewBoard(int(p.Game), p.Cols, p.Rows)
		if err != nil {
			r.board = nil
			return nil // a size the board does not take
		}
		r.board, r.gm, r.cols, r.rows = b, p.Game, p.Cols, p.Rows
		r.pts, _ = b.(games.Points)
		r.seen = make([]uint32, p.Cols*p.Rows)
		r.stamp = 0
	} else {
		r.board.Reset()
	}
	n := len(p.Nodes)
	r.marks = grow(r.marks, n)
	// movePt is for C33 and C34, which only Options.Variations runs
	track := p.Options.Variations
	if track {
		r.movePt = grow(r.movePt, n)
	}
	r.setupEff = grow(r.setupEff, n)
	clear(r.setupEff)
	b := r.board
	// Superko (C55), as Options.Superko or the game's RU says. The board
	// was just made or Reset: no position is kept yet.
	if sk, ok := b.(games.SuperkoChooser); ok {
		ko := p.Options.Superko
		if ko == SuperkoByRules {
			ko = superkoFor(p.text(p.Find(&p.Nodes[0], "RU")))
		}
		sk.SetSuperko(ko != SuperkoNone && !p.Options.Disable[CodeSuperko])
		r.situational = ko == SuperkoSituational
		sk.SetSituationalSuperko(r.situational)
	}
	// forget is the first node from which the board forgets its history
	// every forgetEvery nodes (n: never): from there on every node's
	// parent is the node before it, and the replay never goes back.
	forget := n
	if rs, ok := b.(games.Reserver); ok && n >= reserveFrom {
		most, jump := p.actions(r.marks)
		fg, ok := b.(games.Forgetter)
		if first := (jump/forgetEvery + 1) * forgetEvery; ok && first < n {
			// The history holds at most what it held at the first
			// forgetting and a stretch of nodes more.
			forget = first
			fg.ReservePositions(most) // first: the table made once
			rs.Reserve(int(slices.Max(r.marks[:first])) + 2*forgetEvery)
		} else {
			rs.Reserve(most)
		}
	}
	for lo, hi := 0, 0; lo < n; lo = hi {
		hi = n
		if lo >= forget {
			// Nodes from lo on never go back before lo-1: the board
			// forgets the history (11 MB for a line of 200,000 moves),
			// and lo-1's mark is the empty history.
			b.(games.Forgetter).Forget()
			r.marks[lo-1] = 0
		}
		if forget < n {
			hi = min(n, lo+forgetEvery)
		}
		r.replayNodes(p, lo, hi, track)
	}
	return r
}

// forgetEvery is the number of nodes after which a replay that will not go
// back forgets the board's history (games.Forgetter).
const forgetEvery = 1024

// replayNodes replays nodes lo to hi-1.
func (r *replay) replayNodes(p *Pass, lo, hi int, track bool) {
	b := r.board
	// A Go board is called directly for the moves of the brief: the
	// interface calls of PlayPoint and History and the colour's two
	// conversions cost 35 instructions a move (2.4 of the 2.9 million
	// nodes of the standard collection are such moves).
	gb, _ := b.(*gogame.Board)
	fast := gb != nil && !track
	briefs, marks := p.Briefs()[:hi], r.marks[:hi]
	for i := lo; i < hi; i++ {
		if fast && i > 0 {
			if i = r.playBriefs(p, gb, briefs, marks, i); i == hi {
				break
			}
		}
		if q := p.Brief(i); q.IsMove() {
			// a node of one two-letter Go move (sgf.NodeBrief): no NodeView read
			before := 0
			if q.Parent >= 0 {
				before = int(r.marks[q.Parent])
				if int(q.Parent) != i-1 { // else the board is at its parent
					b.UndoTo(before)
				}
			}
			c, x, y, pass := q.Move()
			col := goColors[c&3]
			if pass {
				if track {
					r.movePt[i] = -1
				}
				b.PlaySGF(col, nil)
			} else {
				if track {
					r.movePt[i] = int32(y*r.cols + x)
				}
				pt := value.Point{X: x, Y: y}
				if broke := r.pts.PlayPoint(col, pt); broke != 0 {
					// the move's property view may be left out (BriefMoves)
					r.reportPlay(p, &p.Nodes[i], &p.Props(i)[0], col, pt, broke, before)
				}
			}
			r.marks[i] = int32(b.History())
			continue
		}
		n := &p.Nodes[i]
		if n.Parent >= 0 && int(n.Parent) != i-1 {
			b.UndoTo(int(r.marks[n.Parent]))
		}
		if track {
			r.movePt[i] = -1
		}
		if n.Flags&(sgf.FlagMove|sgf.FlagSetup) == 0 {
			// no B, W, AB, AW, AE or PL (Go knows them all)
			r.marks[i] = int32(b.History())
			continue
		}
		r.stamp++
		var lastMove string
		r.placed = r.placed[:0]
		// A node with setup (AB, AW, AE, PL) and a move executes its
		// setup first, whatever the order written, as sgf fix and SGFC
		// split it (C13): the setup in one pass, the moves in a second.
		passes := 1
		if n.Flags&sgf.FlagSetup != 0 && n.Flags&sgf.FlagMove != 0 {
			passes = 2
		}
		props := p.PropsOf(n)
		for pass := range passes {
			setupPass, movePass := pass == 0, pass == passes-1
			for k := range props {
				pr := &props[k]
				switch pr.ID {
				case "AB", "AW", "AE":
					if !setupPass {
						continue
					}
					if r.pts == nil {
						r.setupOther(p, pr)
						continue
					}
					if pr.Info != nil && pr.Info.Kind == property.KindSetup {
						r.setup(p, n, pr)
					}
				case "PL":
					if !setupPass {
						continue
					}
					if c, ok := first(pr).Color(); ok {
						b.SetPlayer(c)
					}
				case "B", "W":
					if !movePass || len(pr.Values) == 0 {
						continue
					}
					col := value.Color(pr.ID[0])
					if r.pts == nil {
						r.playOther(p, n, pr, col)
						continue
					}
					if pr.ID == lastMove {
						continue
					}
					lastMove = pr.ID
					pt, isPass, ok := p.move(pr)
					if !ok {
						continue
					}
					if isPass {
						b.PlaySGF(col, nil)
						continue
					}
					if !pt.In(r.cols, r.rows) {
						continue
					}
					if track && r.movePt[i] < 0 {
						r.movePt[i] = int32(pt.Y*r.cols + pt.X)
					}
					before := b.History()
					if broke := r.pts.PlayPoint(col, pt); broke != 0 {
						r.reportPlay(p, n, pr, col, pt, broke, before)
					}
				}
			}
		}
		if len(r.placed) > 0 && p.Options.Strict && !p.Options.Disable[CodeSetupNoLiberties] {
			r.reportAirless(p, n)
		}
		r.marks[i] = int32(b.History())
	}
}

// playBriefs plays the moves of the brief from node i on, each a move on
// the board after its parent (the board is at the parent), in a loop of
// their own (playMoves), and returns the first node that is none (or
// len(briefs)). briefs and marks are as long.
func (r *replay) playBriefs(p *Pass, gb *gogame.Board, briefs []sgf.NodeBrief, marks []int32, i int) int {
	for {
		var broke gogame.Rule
		if i, broke = playMoves(gb, briefs, marks, i); broke == 0 {
			return i
		}
		// The move of node i broke a rule: reported, and on.
		c, x, y, _ := briefs[i].Move()
		r.reportPlay(p, &p.Nodes[i], &p.Props(i)[0], goColors[c&3], value.Point{X: x, Y: y}, broke, int(marks[i-1]))
		marks[i] = int32(gb.History())
		i++
	}
}

// playMoves is playBriefs' loop: it plays the moves of the brief from node
// i on and returns the first node that is none, or the node whose move
// (played, its mark not set) broke a rule, with the rule. On its own, with
// few values live across the board's call (which keeps none in registers),
// it loads six of them again after each move instead of nine.
func playMoves(gb *gogame.Board, briefs []sgf.NodeBrief, marks []int32, i int) (int, gogame.Rule) {
	marks = marks[:len(briefs)]
	for ; i < len(briefs); i++ {
		q := briefs[i]
		if !q.IsMove() || int(q.Parent) != i-1 {
			break
		}
		c, x, y, pass := q.Move()
		if pass {
			break
		}
		if broke := gb.PlayRules(c, gb.Point(x, y)); broke != 0 {
			return i, broke
		}
		marks[i] = int32(gb.History())
	}
	return i, 0
}

// reserveFrom is the number of nodes from which the replay reserves the
// board's memory for the whole tree (games.Reserver): a long tree then
// allocates it once, not by growing (a main line of 200,000 moves
// rehashed its superko set 10 times).
const reserveFrom = 4096

// actions returns about the most actions the board's history holds in
// the replay of the tree: those of the longest line from the root (a
// node's move, or the values of its move and setup properties), as
// sibling lines are undone before the next. (The sum over the tree
// reserved 1,000,000 actions for a root with 1,000,000 children of one
// move, whose history never holds more than one: 112 MB of history and
// position set for the 9 MB file.) along holds the count of each node's
// line, len(p.Nodes) of them. jump is the last node whose parent is not
// the node before it (0 when there is none): the replay goes back to an
// earlier position for no node after it.
func (p *Pass) actions(along []int32) (most, jump int) {
	// The briefs taken once, each read once (Brief(i), twice a node, cost
	// 34 instructions a node).
	briefs := p.Briefs()
	along = along[:len(briefs)]
	for i, q := range briefs {
		k := 0
		if q.IsMove() {
			k = 1
		} else if n := &p.Nodes[i]; n.Flags&(sgf.FlagMove|sgf.FlagSetup) != 0 {
			for pr := range p.eachProp(n) {
				k += len(pr.Values)
			}
		}
		if par := q.Parent; par >= 0 {
			k += int(along[par])
			if int(par) != i-1 {
				jump = i
			}
		}
		along[i] = int32(k)
		most = max(most, k)
	}
	return most, jump
}

// setupColor is the colour that setup property id puts on its points.
func setupColor(id string) value.Color {
	switch id {
	case "AB":
		return value.Black
	case "AW":
		return value.White
	}
	return 0
}

// setup executes a setup property of a Go node point by point and reports
// the points where it changes nothing (C19). A point the node sets twice
// is C18's (and set once).
func (r *replay) setup(p *Pass, n *NodeView, pr *PropView) {
	c := setupColor(pr.ID)
	if k := r.cols * r.rows; cap(r.effPts) < k {
		// Room for a board's points at once (the points of a value are
		// distinct, but for C18's): an AE that clears the board grew
		// each buffer from nothing by doubling, ten arrays written and
		// dropped.
		r.effPts = make([]value.Point, 0, k)
		r.effective = make([]value.Point, 0, k)
		r.noEffect = make([]value.Point, 0, k)
	}
	r.effPts = r.effPts[:0]
	for vi, val := range pr.Values {
		r.noEffect, r.effective = r.noEffect[:0], r.effective[:0]
		start := len(r.effPts)
		r.points(val.Raw, func(pt value.Point) {
			k := pt.Y*r.cols + pt.X
			if r.seen[k] == r.stamp {
				r.effective = append(r.effective, pt) // not unique: C18's
				return
			}
			r.seen[k] = r.stamp
			if r.pts.ColorAt(pt) == c {
				r.noEffect = append(r.noEffect, pt)
				return
			}
			r.effective = append(r.effective, pt)
			r.effPts = append(r.effPts, pt)
			if c != 0 {
				r.placed = append(r.placed, placedStone{pt, pr})
			}
			r.setupEff[n.Index] = true
		})
		if len(r.effPts) > start {
			// the points of one value are distinct: set them at once
			r.pts.SetPoints(c, r.effPts[start:])
		}
		if len(r.noEffect) > 0 {
			effective := pointNames(r.effective)
			d := at(n, val.Offset, pr.ID, "AddStone <%s> has no effect ([partially] deleted) - value(s): [%s]", pr.ID, joinedPointNames(r.noEffect))
			d.Code = CodeNoEffect
			d.Fix = replaceValueOwned(n, pr, vi, effective)
			p.Report(d)
		}
	}
	if pr.ID == "AE" && p.Options.Variations {
		if r.aeEff == nil {
			r.aeEff = map[int][]int32{}
		}
		for _, pt := range r.effPts {
			r.aeEff[int(n.Index)] = append(r.aeEff[int(n.Index)], int32(pt.Y*r.cols+pt.X))
		}
	}
}

// setupOther executes a setup property of a game whose board has no
// games.Points (Hex): the points as the typed view decodes them
// (sgf.Decoder.Prop's Points, the value rules' reading: Hex cells, those
// off the board or listed twice left out), given to the board as points
// (games.PointSetter), not as bytes for it to parse again; a board that
// takes no points gets the values as written (SetupSGF). A point that
// the node's setup has set already keeps that setting, as on a Go board
// (C18 deletes the later one).
func (r *replay) setupOther(p *Pass, pr *PropView) {
	c := setupColor(pr.ID)
	if ps, ok := r.board.(games.PointSetter); ok && pr.Info != nil && pr.Info.Kind == property.KindSetup {
		r.effPts = r.effPts[:0]
		for _, pt := range p.decodedProp(pr).Points {
			if !pt.In(r.cols, r.rows) {
				continue
			}
			if k := pt.Y*r.cols + pt.X; r.seen[k] != r.stamp {
				r.seen[k] = r.stamp
				r.effPts = append(r.effPts, pt)
			}
		}
		ps.SetPoints(c, r.effPts)
		return
	}
	for _, v := range pr.Values {
		r.board.SetupSGF(c, v.Raw)
	}
}

// pointNames returns the SGF names of pts, two letters each: slices of
// one string, not a string a point (an AE that clears a full board names
// hundreds of points, and a main line of 200,000 moves cleared 418 times
// spent 7% of sgf check's CPU on the strings one by one).
func pointNames(pts []value.Point) []string {
	var b strings.Builder
	b.Grow(2 * len(pts))
	for _, pt := range pts {
		var name [2]byte
		b.Write(value.AppendPoint(name[:0], pt))
	}
	all := b.String()
	s := make([]string, len(pts))
	for i := range s {
		s[i] = all[2*i : 2*i+2]
	}
	return s
}

// joinedPointNames returns the SGF names of pts joined by "][", as
// joinValues(pointNames(pts)) does, in one allocation of the string's
// size: a main line of 200,000 moves whose board an AE clears 418 times
// (bench/shapes) made a slice of names, a growing buffer and its copy
// each time, about 4 MB of fresh memory.
func joinedPointNames(pts []value.Point) string {
	var b strings.Builder
	b.Grow(max(4*len(pts)-2, 0))
	for i, pt := range pts {
		if i > 0 {
			b.WriteString("][")
		}
		var name [2]byte
		b.Write(value.AppendPoint(name[:0], pt))
	}
	return b.String()
}

// playOther executes a move of a game whose board has no games.Points
// (Hex) and reports a move on an occupied cell (C35), as the board
// executes it: a Hex "swap-pieces" mirrors the stone and changes its
// colour, so a later move on the first stone's cell is no fault.
func (r *replay) playOther(p *Pass, n *NodeView, pr *PropView, c value.Color) {
	raw := pr.Values[0].Raw
	if r.board.PlaySGF(c, raw)&games.RuleOccupied == 0 {
		return
	}
	name := string(raw)
	if p.Game == property.Hex {
		if m, err := value.ParseHexMove(raw); err == nil {
			name = m.Cell.String()
		}
	}
	p.Report(Diagnostic{Code: CodeOccupied, Position: posAt(pr.Offset), Node: int(n.Index), Property: pr.ID,
		Message: "forbidden move " + pr.ID + "[" + name + "] (played on an occupied cell)"})
}

// reportPlay reports a Go move of c at pt that broke the rules broke: on
// an occupied point, a suicide, a ko or a superko. The board's history
// before the move was before; what the messages tell of the position
// before the move is looked up there, and the move played again.
func (r *replay) reportPlay(p *Pass, n *NodeView, pr *PropView, c value.Color, pt value.Point, broke games.Rule, before int) {
	switch {
	case broke&games.RuleOccupied != 0:
		r.board.UndoTo(before)
		was := r.pts.ColorAt(pt)
		r.pts.PlayPoint(c, pt)
		d := at(n, pr.Offset, pr.ID, "forbidden move %s[%s] (played on a point occupied by a %s stone)", pr.ID, pt, colorWord(was))
		d.Code = CodeOccupied
		p.Report(d)
	case broke&games.RuleSuicide != 0:
		r.board.UndoTo(before)
		r.stamp++
		r.seen[pt.Y*r.cols+pt.X] = r.stamp
		size := r.group(pt, c, func(value.Point) {})
		r.pts.PlayPoint(c, pt)
		d := at(n, pr.Offset, pr.ID, "suicide: %s[%s] removes its own group of %d stone(s)", pr.ID, pt, size)
		d.Code = CodeSuicide
		p.Report(d)
	case broke&games.RuleKo != 0:
		d := at(n, pr.Offset, pr.ID, "ko: %s[%s] retakes a ko at once", pr.ID, pt)
		d.Code = CodeKo
		p.Report(d)
	case broke&games.RuleSuperko != 0:
		kind := "the same stones: positional superko"
		if r.situational {
			kind = "the same stones and player to move: situational superko"
		}
		d := at(n, pr.Offset, pr.ID, "superko: %s[%s] repeats an earlier position (%s)", pr.ID, pt, kind)
		d.Code = CodeSuperko
		p.Report(d)
	}
}

// neighbours returns the points next to pt on the board, in nb.
func (r *replay) neighbours(pt value.Point, nb *[4]value.Point) []value.Point {
	out := nb[:0]
	if pt.X > 0 {
		out = append(out, value.Point{X: pt.X - 1, Y: pt.Y})
	}
	if pt.X+1 < r.cols {
		out = append(out, value.Point{X: pt.X + 1, Y: pt.Y})
	}
	if pt.Y > 0 {
		out = append(out, value.Point{X: pt.X, Y: pt.Y - 1})
	}
	if pt.Y+1 < r.rows {
		out = append(out, value.Point{X: pt.X, Y: pt.Y + 1})
	}
	return out
}

// group walks the stones of colour c connected to start (seen, with the
// stamp r.stamp, and taken as c whatever stands there), marking them seen,
// calls empty for each empty neighbour, and returns their number.
func (r *replay) group(start value.Point, c value.Color, empty func(value.Point)) int {
	var nb [4]value.Point
	r.queue = append(r.queue[:0], start)
	for k := 0; k < len(r.queue); k++ {
		for _, q := range r.neighbours(r.queue[k], &nb) {
			switch r.pts.ColorAt(q) {
			case 0:
				empty(q)
			case c:
				if i := q.Y*r.cols + q.X; r.seen[i] != r.stamp {
					r.seen[i] = r.stamp
					r.queue = append(r.queue, q)
				}
			}
		}
	}
	return len(r.queue)
}

// reportAirless reports each group without a liberty that the setup
// stones of node n are part of or touch (C57): setup is executed without
// captures, so such a group stays on the board.
func (r *replay) reportAirless(p *Pass, n *NodeView) {
	r.stamp++ // r.seen marks the points of groups looked at
	free := false
	liberty := func(value.Point) { free = true }
	// check walks the group at start (not yet seen) and reports it when
	// it has no liberty.
	check := func(start value.Point, pr *PropView) {
		c := r.pts.ColorAt(start)
		r.seen[start.Y*r.cols+start.X] = r.stamp
		free = false
		size := r.group(start, c, liberty)
		if free {
			return
		}
		d := at(n, pr.Offset, pr.ID, "setup stones without liberties: the %s group at %s (%d stone(s)) has no liberty", colorWord(c), start, size)
		d.Code = CodeSetupNoLiberties
		p.Report(d)
	}
	// first the groups the stones are part of, then those they touch
	for _, s := range r.placed {
		if r.pts.ColorAt(s.pt) != 0 && r.seen[s.pt.Y*r.cols+s.pt.X] != r.stamp {
			check(s.pt, s.pr)
		}
	}
	var nb [4]value.Point
	for _, s := range r.placed {
		c := r.pts.ColorAt(s.pt)
		if c == 0 {
			continue
		}
		for _, q := range r.neighbours(s.pt, &nb) {
			if oc := r.pts.ColorAt(q); oc != 0 && oc != c && r.seen[q.Y*r.cols+q.X] != r.stamp {
				check(q, s.pr)
			}
		}
	}
}

// grow returns s with length n, its elements unspecified.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

func colorWord(c value.Color) string {
	switch c {
	case value.Black:
		return "black"
	case value.White:
		return "white"
	}
	return "?"
}

// points calls f for each point of a point-list value on the board
// (setupPoints).
func (r *replay) points(raw []byte, f func(value.Point)) {
	setupPoints(raw, r.cols, r.rows, f)
}

// setupPoints calls f for each point of raw, a value of a Go point list
// (AB, AW, AE), as every reader reads it (value.ReadListValue and
// value.ListRect, as value.ExpandPointList and the typed view read it): a
// point, or a rectangle "ul:lr" with its corners in any order, escapes
// removed, white space in a point removed as the value checker corrects
// it without loss (C03: "AB[d d]"). A value that is no such point or
// rectangle on the board ("AB[aa:zz]" on 19x19) names no point: the value
// rules report it and fix deletes it, as SGFC does.
func setupPoints(raw []byte, cols, rows int, f func(value.Point)) {
	a, b, composed, _, err := value.ReadListValue(raw)
	if err != nil {
		return
	}
	r, ok, _ := value.ListRect(0, a, b, composed, false, cols, rows, nil)
	if !ok {
		return
	}
	for y := r.Min.Y; y <= r.Max.Y; y++ {
		for x := r.Min.X; x <= r.Max.X; x++ {
			f(value.Point{X: x, Y: y})
		}
	}
}

// runPlay is the Run of the rules that the replay reports: it replays
// the tree again and keeps the diagnostics of the running rule only.
func runPlay(p *Pass) {
	if p.play != nil {
		p.play.done = false
	}
	p.only = p.rule.Code
	p.replay()
	p.only = 0
}

// runVariationLevel finds variations that undo their parent's move with AE
// (SGFC's -v): such a variation is meant as an alternative to the parent
// move, one level up.
func runVariationLevel(p *Pass) {
	if !p.Options.Variations {
		return
	}
	p.only = p.rule.Code
	defer func() { p.only = 0 }()
	r := p.replay()
	if r == nil || r.pts == nil {
		return
	}
	// children of each node, in order
	first := make(map[int][]int)
	for i := range p.Nodes {
		if par := p.Nodes[i].Parent; par >= 0 && p.NodeOf(&p.Nodes[par]).NumChildren() > 1 {
			first[int(par)] = append(first[int(par)], i)
		}
	}
	for i := range p.Nodes {
		kids := first[i]
		m := r.movePt[i]
		if len(kids) < 2 || m < 0 {
			continue
		}
		fixable := true
		var raise []int
		for _, k := range kids[1:] {
			eff := r.aeEff[k]
			has := false
			for _, pt := range eff {
				if pt == m {
					has = true
				}
			}
			if !has {
				continue
			}
			raise = append(raise, k)
			if len(eff) != 1 {
				fixable = false
			}
		}
		if len(raise) == 0 {
			continue
		}
		kid := &p.Nodes[kids[0]]
		if fixable {
			d := at(kid, p.Offset(kid), "", "variation level one too deep: the variations undo the move of their parent with AE; fix moves them up one level")
			d.Code = CodeVariationLevel
			d.Fix = raiseFix(p, raise)
			p.Report(d)
		} else {
			d := at(kid, p.Offset(kid), "", "possible incorrect variation level cannot be corrected: a variation's AE removes more than the parent move")
			d.Code = CodeVariationLevelUnfixable
			p.Report(d)
		}
	}
}

// raiseFix moves the variations that start at the nodes kids one level up
// (RaiseVariation), without the AE that took back their parent's move:
// every AE of the node goes (its only effective point is that move), and
// the node itself when nothing else is in it and one node follows.
func raiseFix(p *Pass, kids []int) *SuggestedFix {
	fix := &SuggestedFix{}
	for _, k := range kids {
		n := &p.Nodes[k]
		fix.Edits = append(fix.Edits, Edit{Op: RaiseVariation, Node: k})
		all := true
		for pr := range p.eachProp(n) {
			if pr.ID == "AE" {
				fix.Edits = append(fix.Edits, Edit{Op: DeleteProp, Node: k, Prop: pr.Index})
			} else {
				all = false
			}
		}
		if all && p.NodeOf(n).NumChildren() == 1 {
			fix.Edits = append(fix.Edits, Edit{Op: DeleteNode, Node: k})
		}
	}
	return fix
}
