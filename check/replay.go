package check

import (
	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/games/gogame"
	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/value"
)

// replay is the Go board walk of one tree, shared by the rules that need
// positions (C19, C33-C35, C42, C43).
type replay struct {
	done   bool
	board  *gogame.Board
	marks  []int
	seen   []uint32
	stamp  uint32
	movePt []gogame.Point
	// setupEff[i] is set when a setup property of node i changed the board.
	setupEff []bool
	aeEff    map[int][]gogame.Point
	// situational: the tree is checked for situational superko (C55)
	situational bool
	// placed: the stones AB and AW of the current node put on the board,
	// with their property (C57)
	placed []placedStone
	queue  []gogame.Point
}

// placedStone is a stone put on the board by a setup property.
type placedStone struct {
	pt gogame.Point
	pr *PropView
}

// goPlay replays the tree on a Go board once per tree. It returns nil when
// the tree is not a Go game with a usable board.
func (p *Pass) goPlay() *replay {
	if p.Game != property.Go || !p.GoodSize || p.Cols > gogame.MaxSize || p.Rows > gogame.MaxSize {
		return nil
	}
	if p.play == nil {
		p.play = &replay{}
	}
	r := p.play
	if r.done {
		return r
	}
	r.done = true
	clear(r.aeEff)
	if r.board == nil || r.board.Cols() != p.Cols || r.board.Rows() != p.Rows {
		b, err := gogame.New(p.Cols, p.Rows)
		if err != nil {
			return nil
		}
		r.board = b
		r.seen = make([]uint32, p.Cols*p.Rows)
		r.stamp = 0
	} else {
		r.board.Reset()
	}
	r.marks = growInts(r.marks, len(p.Nodes))
	if cap(r.movePt) < len(p.Nodes) {
		r.movePt = make([]gogame.Point, len(p.Nodes))
	}
	r.movePt = r.movePt[:len(p.Nodes)]
	if cap(r.setupEff) < len(p.Nodes) {
		r.setupEff = make([]bool, len(p.Nodes))
	}
	r.setupEff = r.setupEff[:len(p.Nodes)]
	clear(r.setupEff)
	b := r.board
	// Superko (C55), as Options.Superko or the game's RU says. The board
	// was just made or Reset: no position is kept yet.
	ko := p.Options.Superko
	if ko == SuperkoByRules {
		var ru []byte
		if pr := p.Nodes[0].Find("RU"); pr != nil && len(pr.Values) > 0 {
			ru = pr.Values[0].Raw
		}
		ko = superkoFor(ru)
	}
	b.SetSuperko(ko != SuperkoNone && !p.Options.Disable[CodeSuperko])
	r.situational = ko == SuperkoSituational
	b.SetSituationalSuperko(r.situational)
	var noEffect, effective []string
	var effPts []gogame.Point
	for i := range p.Nodes {
		if q := p.Brief(i); q.IsMove() {
			// a node of one two-letter move (sgf.NodeBrief): no NodeView read
			if q.Parent >= 0 {
				b.UndoTo(r.marks[q.Parent])
			}
			r.movePt[i] = gogame.NoPoint
			c, x, y, pass := q.Move()
			if pass {
				b.Pass(c)
			} else {
				gp := b.Point(x, y)
				r.movePt[i] = gp
				mi := b.Play(c, gp)
				if mi.Occupied || mi.Suicide || mi.Ko || mi.Superko {
					n := &p.Nodes[i]
					p.reportPlay(n, &n.Props[0], value.Point{X: x, Y: y}, &mi)
				}
			}
			r.marks[i] = b.History()
			continue
		}
		n := &p.Nodes[i]
		if n.Parent >= 0 {
			b.UndoTo(r.marks[n.Parent])
		}
		r.movePt[i] = gogame.NoPoint
		r.stamp++
		if n.Flags&(sgf.FlagMove|sgf.FlagSetup) == 0 {
			// no B, W, AB, AW, AE or PL (Go knows them all)
			r.marks[i] = b.History()
			continue
		}
		var lastMove string
		r.placed = r.placed[:0]
		for k := range n.Props {
			pr := &n.Props[k]
			switch pr.ID {
			case "AB", "AW", "AE":
				if pr.Info == nil || pr.Info.Kind != property.KindSetup {
					continue
				}
				c := gogame.Empty
				if pr.ID == "AB" {
					c = gogame.Black
				} else if pr.ID == "AW" {
					c = gogame.White
				}
				effPts = effPts[:0]
				for vi, val := range pr.Values {
					noEffect, effective = noEffect[:0], effective[:0]
					r.points(b, val.Raw, func(pt gogame.Point, s string) {
						k := int(pt)
						if r.seen[k] == r.stamp {
							effective = append(effective, s) // not unique: C18's
							return
						}
						r.seen[k] = r.stamp
						if b.At(pt) == c {
							noEffect = append(noEffect, s)
							return
						}
						effective = append(effective, s)
						effPts = append(effPts, pt)
						if c != gogame.Empty {
							r.placed = append(r.placed, placedStone{pt, pr})
						}
						r.setupEff[i] = true
						_ = b.Set(pt, c)
					})
					if len(noEffect) > 0 {
						d := at(n, val.Offset, pr.ID, "AddStone <%s> has no effect ([partially] deleted) - value(s): [%s]", pr.ID, joinValues(noEffect))
						d.Code = CodeNoEffect
						d.Fix = replaceValue(n, pr, vi, effective...)
						p.Report(d)
					}
				}
				if pr.ID == "AE" && p.Options.Variations {
					if r.aeEff == nil {
						r.aeEff = map[int][]gogame.Point{}
					}
					r.aeEff[i] = append(r.aeEff[i], effPts...)
				}
			case "PL":
				if len(pr.Values) > 0 {
					if c, err := value.ParseColor(trimSpace(pr.Values[0].Raw)); err == nil {
						_ = b.SetToPlay(goColor(c))
					}
				}
			case "B", "W":
				if pr.ID == lastMove || len(pr.Values) == 0 {
					continue
				}
				lastMove = pr.ID
				c := gogame.Black
				if pr.ID == "W" {
					c = gogame.White
				}
				pt, pass, err := value.ParseMove(pr.Values[0].Raw, p.Cols, p.Rows)
				if err != nil {
					pt, pass, err = value.ParseMove(stripSpace(pr.Values[0].Raw), p.Cols, p.Rows)
					if err != nil {
						continue
					}
				}
				if pass {
					b.Pass(c)
					continue
				}
				gp := b.Point(pt.X, pt.Y)
				if r.movePt[i] == gogame.NoPoint {
					r.movePt[i] = gp
				}
				mi := b.Play(c, gp)
				p.reportPlay(n, pr, pt, &mi)
			}
		}
		if len(r.placed) > 0 && p.Options.Strict && !p.Options.Disable[CodeSetupNoLiberties] {
			r.reportAirless(p, n)
		}
		r.marks[i] = b.History()
	}
	return r
}

// reportPlay reports a move on an occupied point, a suicide, a ko or a
// superko.
func (p *Pass) reportPlay(n *NodeView, pr *PropView, pt value.Point, mi *gogame.MoveInfo) {
	switch {
	case mi.Occupied:
		d := at(n, pr.Offset, pr.ID, "forbidden move %s[%s] (played on a point occupied by a %s stone)", pr.ID, pt, colorWord(mi.Overwritten))
		d.Code = CodeOccupied
		p.Report(d)
	case mi.Suicide:
		d := at(n, pr.Offset, pr.ID, "suicide: %s[%s] removes its own group of %d stone(s)", pr.ID, pt, len(mi.Suicided))
		d.Code = CodeSuicide
		p.Report(d)
	case mi.Ko:
		d := at(n, pr.Offset, pr.ID, "ko: %s[%s] retakes a ko at once", pr.ID, pt)
		d.Code = CodeKo
		p.Report(d)
	case mi.Superko:
		kind := "the same stones: positional superko"
		if p.play.situational {
			kind = "the same stones and player to move: situational superko"
		}
		d := at(n, pr.Offset, pr.ID, "superko: %s[%s] repeats an earlier position (%s)", pr.ID, pt, kind)
		d.Code = CodeSuperko
		p.Report(d)
	}
}

// reportAirless reports each group without a liberty that the setup
// stones of node n are part of or touch (C57): setup is executed without
// captures, so such a group stays on the board.
func (r *replay) reportAirless(p *Pass, n *NodeView) {
	b := r.board
	r.stamp++ // r.seen marks the points of groups looked at
	var nb [4]gogame.Point
	neighbours := func(pt gogame.Point) []gogame.Point {
		x, y := b.XY(pt)
		out := nb[:0]
		if x > 0 {
			out = append(out, b.Point(x-1, y))
		}
		if x+1 < b.Cols() {
			out = append(out, b.Point(x+1, y))
		}
		if y > 0 {
			out = append(out, b.Point(x, y-1))
		}
		if y+1 < b.Rows() {
			out = append(out, b.Point(x, y+1))
		}
		return out
	}
	// group walks the group at start (not yet seen) and reports it when it
	// has no liberty.
	group := func(start gogame.Point, pr *PropView) {
		c := b.At(start)
		r.seen[start] = r.stamp
		r.queue = append(r.queue[:0], start)
		free := false
		for k := 0; k < len(r.queue); k++ {
			for _, q := range neighbours(r.queue[k]) {
				switch b.At(q) {
				case gogame.Empty:
					free = true
				case c:
					if r.seen[q] != r.stamp {
						r.seen[q] = r.stamp
						r.queue = append(r.queue, q)
					}
				}
			}
		}
		if free {
			return
		}
		x, y := b.XY(start)
		d := at(n, pr.Offset, pr.ID, "setup stones without liberties: the %s group at %s (%d stone(s)) has no liberty", colorWord(c), value.Point{X: x, Y: y}, len(r.queue))
		d.Code = CodeSetupNoLiberties
		p.Report(d)
	}
	// first the groups the stones are part of, then those they touch
	for _, s := range r.placed {
		if b.At(s.pt) != gogame.Empty && r.seen[s.pt] != r.stamp {
			group(s.pt, s.pr)
		}
	}
	for _, s := range r.placed {
		c := b.At(s.pt)
		if c == gogame.Empty {
			continue
		}
		var around [4]gogame.Point // group reuses nb
		for _, q := range around[:copy(around[:], neighbours(s.pt))] {
			if oc := b.At(q); oc == c.Opponent() && r.seen[q] != r.stamp {
				group(q, s.pr)
			}
		}
	}
}

func growInts(s []int, n int) []int {
	if cap(s) < n {
		return make([]int, n)
	}
	return s[:n]
}

func goColor(c value.Color) gogame.Color {
	if c == value.White {
		return gogame.White
	}
	return gogame.Black
}

func colorWord(c gogame.Color) string {
	switch c {
	case gogame.Black:
		return "black"
	case gogame.White:
		return "white"
	}
	return "?"
}

// points calls f for each point of a point-list value (a point or a
// rectangle; faulty values are skipped: the value rules report them).
func (r *replay) points(b *gogame.Board, raw []byte, f func(gogame.Point, string)) {
	raw = stripSpace(raw)
	l, rr, composed := value.SplitCompose(raw)
	if !composed {
		pt, err := value.ParsePoint(raw)
		if err != nil || !pt.In(b.Cols(), b.Rows()) {
			return
		}
		f(b.Point(pt.X, pt.Y), pt.String())
		return
	}
	a, err1 := value.ParsePoint(l)
	c, err2 := value.ParsePoint(rr)
	if err1 != nil || err2 != nil || !a.In(b.Cols(), b.Rows()) || !c.In(b.Cols(), b.Rows()) {
		return
	}
	for y := min(a.Y, c.Y); y <= max(a.Y, c.Y); y++ {
		for x := min(a.X, c.X); x <= max(a.X, c.X); x++ {
			f(b.Point(x, y), value.Point{X: x, Y: y}.String())
		}
	}
}

// runPlay is the Run of the rules that the Go replay reports: it replays
// the tree again and keeps the diagnostics of the running rule only.
func runPlay(p *Pass) {
	if p.play != nil {
		p.play.done = false
	}
	p.only = p.rule.Code
	p.goPlay()
	p.hexPlay()
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
	r := p.goPlay()
	if r == nil {
		return
	}
	// children of each node, in order
	first := make(map[int][]int)
	for i := range p.Nodes {
		if par := p.Nodes[i].Parent; par >= 0 && p.Nodes[par].Node.NumChildren() > 1 {
			first[int(par)] = append(first[int(par)], i)
		}
	}
	for i := range p.Nodes {
		kids := first[i]
		m := r.movePt[i]
		if len(kids) < 2 || m == gogame.NoPoint {
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
			d := at(kid, kid.Offset(), "", "variation level one too deep: the variations undo the move of their parent with AE; fix moves them up one level")
			d.Code = CodeVariationLevel
			d.Fix = raiseFix(p, raise)
			p.Report(d)
		} else {
			d := at(kid, kid.Offset(), "", "possible incorrect variation level cannot be corrected: a variation's AE removes more than the parent move")
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
		for j := range n.Props {
			if n.Props[j].ID == "AE" {
				fix.Edits = append(fix.Edits, Edit{Op: DeleteProp, Node: k, Prop: n.Props[j].Index})
			} else {
				all = false
			}
		}
		if all && n.Node.NumChildren() == 1 {
			fix.Edits = append(fix.Edits, Edit{Op: DeleteNode, Node: k})
		}
	}
	return fix
}
