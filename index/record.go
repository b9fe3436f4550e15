package index

import (
	"strings"
	"time"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/collection"
	"github.com/sgf-toolkit/sgf/games/gogame"
	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/value"
)

// Key returns the search key of a name: NFKC-normalised and case-folded,
// with runs of spaces made one, so that "Lee Sedol", "LEE  SEDOL" and
// "Ｌｅｅ Ｓｅｄｏｌ" (full width) have the same key.
func Key(s string) string {
	s = cases.Fold().String(norm.NFKC.String(s))
	return strings.Join(strings.Fields(s), " ")
}

// gameRecord is what the index stores of one game tree.
type gameRecord struct {
	tree                   int // index of the tree in its file, from 0
	black, white           string
	blackRank, whiteRank   string
	dateText               string
	dateFirst, dateLast    string // YYYY-MM-DD, "" when unknown
	resultText             string
	winner                 string // "B", "W" or ""
	margin                 float64
	hasMargin              bool
	resultKind             string // win, draw, void, unknown, "" when no RE
	winBy                  string // score, resign, time, forfeit, unstated
	komi                   float64
	hasKomi                bool
	handicap               int
	cols, rows             int
	gameType               int
	rules, event, round    string
	place, source, charset string
	gameName               string
	moves                  int
	nodes                  int // nodes of the main line
	dupeSig                string
	finalHash              uint64
	blackBits, whiteBits   []byte // points ever occupied by each colour
	moveList               []byte
	positions              []position
	corners                bool   // keep the positions of the corner regions too
	compact                bool   // plain moves in two bytes (schema version 6, see appendStep)
	text                   string // comments, game names, events, places: for full-text search
}

// position is one row of the positions table. A corner position (corner)
// carries its continuation (next, see cornerNext).
type position struct {
	hash   uint64
	node   int
	corner bool
	next   byte
}

// The continuation of a corner position: the first move after it inside
// the corner's region, along the main line, as one byte: nextNone (no
// move: the game played elsewhere or ended), 1 + (colour-1)*49 + v*7 + u
// for a move at (u, v) of the corner seen from its canonical side (as
// cornerCoords sees it, transposed when the transposed hash is the
// smaller: cornerHash.transposed), or nextUnsure: the corner held an
// equivalent position before this one (the change kept it, as a symmetry
// or a stone taken and put back), its 7 columns or rows are the whole
// board (two corners are one region), or the index has variations; a
// search replays such games.
const (
	nextNone   = 0
	nextUnsure = 255
)

// cornerNext returns the continuation byte of a move of colour c at (u, v)
// of a corner seen from its side, transposed when t.
func cornerNext(c int8, u, v int, t bool) byte {
	if t {
		u, v = v, u
	}
	return byte(1 + int(c-1)*CornerSize*CornerSize + v*CornerSize + u)
}

// dateRange returns the first and last day a DT value covers.
func dateRange(d value.Date) (first, last string) {
	for _, p := range d {
		if p.Year <= 0 {
			continue
		}
		f := time.Date(p.Year, time.Month(max(p.Month, 1)), max(p.Day, 1), 0, 0, 0, 0, time.UTC)
		var l time.Time
		switch {
		case p.Month == 0:
			l = time.Date(p.Year, 12, 31, 0, 0, 0, 0, time.UTC)
		case p.Day == 0:
			l = time.Date(p.Year, time.Month(p.Month)+1, 0, 0, 0, 0, 0, time.UTC)
		default:
			l = f
		}
		fs, ls := f.Format(time.DateOnly), l.Format(time.DateOnly)
		if first == "" || fs < first {
			first = fs
		}
		if ls > last {
			last = ls
		}
	}
	return first, last
}

// asWritten returns a text of GameInfo (escapes removed) escaped again,
// in the form value's parsers and fixers read (a value as written, whose
// escapes they remove): so that a DT or RE is read as sgf check reads
// it, its escapes removed once (RE[B+\\R] is the text `B+\R`, no
// result).
func asWritten(s string) string {
	if !strings.Contains(s, "\\") && !strings.Contains(s, "]") {
		return s
	}
	return string(value.AppendEscapedText(nil, []byte(s), false))
}

// parseDateText reads a DT value, strictly or else as value.FixDate can.
func parseDateText(s string) value.Date {
	if s == "" {
		return nil
	}
	s = asWritten(s)
	d, err := value.ParseDate([]byte(s))
	if err != nil {
		fixed, _, ferr := value.FixDate(s)
		if ferr != nil {
			return nil
		}
		d, _ = value.ParseDate([]byte(fixed))
	}
	return d
}

// parseResultText reads an RE value, strictly or else as value.FixResult can.
func parseResultText(s string) (value.Result, bool) {
	s = asWritten(s)
	r, err := value.ParseResult([]byte(s))
	if err == nil {
		return r, true
	}
	fixed, _, ferr := value.FixResult(s)
	if ferr != nil {
		return value.Result{}, false
	}
	r, err = value.ParseResult([]byte(fixed))
	return r, err == nil
}

func setResult(rec *gameRecord, r value.Result) {
	switch r.Kind {
	case value.ResultWin:
		rec.resultKind = "win"
		rec.winner = r.Winner.String()
		switch r.By {
		case value.ByScore:
			rec.winBy, rec.margin, rec.hasMargin = "score", r.Score, true
		case value.ByResign:
			rec.winBy = "resign"
		case value.ByTime:
			rec.winBy = "time"
		case value.ByForfeit:
			rec.winBy = "forfeit"
		default:
			rec.winBy = "unstated"
		}
	case value.ResultDraw:
		rec.resultKind = "draw"
	case value.ResultVoid:
		rec.resultKind = "void"
	default:
		rec.resultKind = "unknown"
	}
}

// newRecord reads what the index keeps of one game.
func newRecord(g *sgf.Game, tree int, ro recordOptions) *gameRecord {
	gi := g.Info()
	rec := &gameRecord{
		tree:  tree,
		black: gi.PlayerBlack, white: gi.PlayerWhite,
		blackRank: gi.RankBlack, whiteRank: gi.RankWhite,
		dateText:   gi.DateText,
		resultText: gi.ResultText,
		handicap:   gi.Handicap,
		rules:      gi.Rules, event: gi.Event, round: gi.Round, place: gi.Place,
		source:   strings.TrimSpace(gi.Application + " " + gi.ApplicationVersion),
		charset:  g.Charset().Name,
		gameName: gi.GameName,
		gameType: g.Type(),
		corners:  ro.corners,
		compact:  ro.compact,
	}
	rec.cols, rec.rows = g.Size()
	if gi.KomiText != "" || gi.KomiFromKI {
		rec.komi, rec.hasKomi = gi.Komi, true
	}
	d := gi.Date
	if len(d) == 0 {
		d = parseDateText(gi.DateText)
	}
	rec.dateFirst, rec.dateLast = dateRange(d)
	if gi.ResultText != "" {
		r := gi.Result
		ok := true
		if (r == value.Result{}) && gi.ResultText != "?" {
			r, ok = parseResultText(gi.ResultText)
		}
		if ok {
			setResult(rec, r)
		} else {
			rec.resultKind = "unknown"
		}
	}

	// The full text: game names, events, places, comments of every node
	// (those the replay reads, then the others).
	var text strings.Builder
	for _, s := range []string{gi.GameName, gi.Event, gi.Place, gi.GameComment} {
		if s != "" {
			text.WriteString(s)
			text.WriteByte('\n')
		}
	}
	defer func() { rec.text = text.String() }()
	if g.Type() != sgf.GameGo || rec.cols > MaxSize || rec.rows > MaxSize || rec.cols < 1 || rec.rows < 1 {
		for range g.MainLine() {
			rec.nodes++
		}
		writeComments(g, 0, &text)
		return rec
	}
	var sig *sigMoves
	if cols, rows, err := collection.SignatureSize(g.Tree()); err == nil {
		sig = &sigMoves{cols: cols, rows: rows}
	}
	read, whole := replayTree(g, rec, ro.variations, sig, &text)
	writeComments(g, read, &text)
	switch {
	case !whole:
		// The replay stopped before the end of the main line.
		if s, err := collection.Signature(g.Tree()); err == nil {
			rec.dupeSig = s.Key
		}
	case sig != nil && len(sig.moves) > 0:
		if s, err := collection.MovesSignature(sig.cols, sig.rows, sig.moves); err == nil {
			rec.dupeSig = s.Key
		}
	}
	return rec
}

// writeComments writes the comments of the nodes of g from number from
// on (in pre-order) to text, each followed by a newline.
func writeComments(g *sgf.Game, from int, text *strings.Builder) {
	if from >= g.Tree().NumNodes() {
		return
	}
	for n := range g.Nodes() {
		if n.Number() < from {
			continue
		}
		if c := n.Comment(); c != "" {
			text.WriteString(c)
			text.WriteByte('\n')
		}
	}
}

// sigMoves gathers the moves of a main line as collection.Signature reads
// them (see collection.SignatureSize), for collection.MovesSignature: the
// duplicate signature comes from the replay's reading of the nodes.
type sigMoves struct {
	cols, rows int
	moves      []collection.Move
}

// add adds a move of colour c ('B' or 'W') written as raw.
func (sm *sigMoves) add(c byte, raw []byte) {
	pt, pass, err := value.ReadMove(raw, sm.cols, sm.rows)
	sm.addPoint(c, pt, pass || err != nil || !pt.In(sm.cols, sm.rows))
}

// addPoint adds a move of colour c at pt, or a pass (or a point that
// does not read or lies off the board).
func (sm *sigMoves) addPoint(c byte, pt value.Point, pass bool) {
	m := collection.Move{C: c, X: pt.X, Y: pt.Y}
	if pass {
		m.X, m.Y = -1, -1
	}
	sm.moves = append(sm.moves, m)
}

// replayTree plays the main line (with variations, the whole tree, in
// pre-order) on a Go board: the move list with its captures, the
// positions, the bitsets and the final position's hash (that of the end of
// the main line). A node of a variation is played on its parent's
// position: the boards go back to it (gogame's undo, and an undo log of
// the hashed cells) before each node that starts a variation.
//
// In the same pass it writes the comments of the nodes it reads to text,
// each followed by a newline, and adds the main line's moves to sig
// (unless nil). It returns the number of nodes read (the first in
// pre-order: the main line comes first) and whether they hold the whole
// main line.
func replayTree(g *sgf.Game, rec *gameRecord, variations bool, sig *sigMoves, text *strings.Builder) (read int, whole bool) {
	cols, rows := rec.cols, rec.rows
	gb, err := gogame.New(cols, rows)
	if err != nil {
		return 0, false
	}
	gb.SetSuperko(false)
	// The lists sized once: a move takes a position (with corners, up to
	// four more, about half a one on average) and two or three bytes.
	nodes := g.Tree().NumNodes()
	if rec.corners {
		rec.positions = make([]position, 0, 2*nodes)
	} else {
		rec.positions = make([]position, 0, nodes)
	}
	rec.moveList = make([]byte, 0, 3*nodes)
	sameSize := sig != nil && sig.cols == cols && sig.rows == rows
	sh := newSymHash(cols, rows)
	nbits := (cols*rows + 7) / 8
	rec.blackBits, rec.whiteBits = make([]byte, nbits), make([]byte, nbits)
	cells := make([]int8, cols*rows)
	stones := 0
	var ch *cornerHash
	if rec.corners {
		ch = newCornerHash(cols, rows)
	}
	cornersChanged := 0
	// The corner positions waiting for their continuation (indexes into
	// rec.positions, and whether the corner was seen transposed), and
	// each corner's canonical hash after the node before.
	type waiting struct {
		i int
		t bool
	}
	var pending [4][]waiting
	var lastCanon [4]uint64
	if ch != nil {
		for k := range lastCanon {
			lastCanon[k] = ch.canonical(k)
		}
	}
	// undo: the cells changed along the path from the root (only with
	// variations), and per node of the path its marks in it and in gb.
	type change struct {
		i   int32
		old int8
	}
	type frame struct {
		node, gbMark, logMark, moves int
	}
	var undo []change
	var path []frame
	logging := false
	set := func(i int, c int8) {
		old := cells[i]
		if old == c {
			return
		}
		if logging {
			undo = append(undo, change{int32(i), old})
		}
		if old != 0 {
			sh.toggle(i, old)
			stones--
			if ch != nil {
				cornersChanged |= ch.toggle(i%cols, i/cols, old, false)
			}
		}
		if c != 0 {
			sh.toggle(i, c)
			stones++
			if ch != nil {
				cornersChanged |= ch.toggle(i%cols, i/cols, c, true)
			}
			if c == 1 {
				rec.blackBits[i/8] |= 1 << (i % 8)
			} else {
				rec.whiteBits[i/8] |= 1 << (i % 8)
			}
		}
		cells[i] = c
	}
	var s step
	node := 0
	moves := 0 // moves played on the path to the node
	onMain := true
	line := g.MainLine()
	if variations {
		line = g.Nodes()
		logging = true
	}
	for n := range line {
		s = step{setup: s.setup[:0], removed: s.removed[:0]}
		if variations && node > 0 {
			parent := n.Parent().Number()
			for len(path) > 0 && path[len(path)-1].node != parent {
				path = path[:len(path)-1]
			}
			if len(path) == 0 {
				return node, !onMain // not pre-order: cannot happen
			}
			if parent != node-1 {
				if onMain {
					onMain = false
					rec.nodes = node
					rec.finalHash = sh.canonical()
				}
				top := path[len(path)-1]
				s.back = node - 1 - parent
				gb.UndoTo(top.gbMark)
				logging = false
				for k := len(undo) - 1; k >= top.logMark; k-- {
					set(int(undo[k].i), undo[k].old)
				}
				logging = true
				undo = undo[:top.logMark]
				moves = top.moves
				cornersChanged = 0
			}
		}
		changed := false
		sc := scanNode(n)
		if sc.comment {
			if c := n.Comment(); c != "" {
				text.WriteString(c)
				text.WriteByte('\n')
			}
		}
		// The signature's moves: each B or W (exactly) of the main line's
		// nodes; most nodes have one, the move itself.
		sigMove := sig != nil && onMain && sc.plain > 0
		if sigMove && (sc.plain > 1 || !sc.exact || !sameSize) {
			sigMove = false
			for p := range n.Syntax().Props() {
				if string(p.ID) == "B" || string(p.ID) == "W" {
					sig.add(p.ID[0], p.Value())
				}
			}
		}
		if sc.setup {
			su := n.Setup()
			for _, l := range []struct {
				pts []value.Point
				c   int8
			}{{su.Black, 1}, {su.White, 2}, {su.Empty, 0}} {
				for _, p := range l.pts {
					if !p.In(cols, rows) {
						continue
					}
					s.setup = append(s.setup, stone{l.c, p.X, p.Y})
					gb.Set(gb.Point(p.X, p.Y), gogame.Color(l.c))
					i := p.Y*cols + p.X
					if cells[i] != l.c {
						changed = true
					}
					set(i, l.c)
				}
			}
		}
		if sc.moved {
			moves++
			if onMain {
				rec.moves++
			}
			s.color = sc.color
			pt, pass, err := value.ReadMove(sc.raw, cols, rows)
			pass = pass || err != nil || !pt.In(cols, rows)
			if sigMove {
				sig.addPoint(" BW"[sc.color], pt, pass)
			}
			if pass {
				s.pass = true
				gb.Pass(gogame.Color(s.color))
			} else {
				s.x, s.y = pt.X, pt.Y
				info := gb.Play(gogame.Color(s.color), gb.Point(s.x, s.y))
				changed = true
				set(s.y*cols+s.x, s.color)
				for _, list := range [][]gogame.Point{info.Captured, info.Suicided} {
					for _, p := range list {
						x, y := gb.XY(p)
						s.removed = append(s.removed, stone{0, x, y})
						set(y*cols+x, 0)
					}
				}
			}
		}
		rec.moveList = appendStep(rec.moveList, &s, rec.compact)
		if changed && stones > 0 {
			rec.positions = append(rec.positions, position{hash: sh.canonical(), node: node})
		}
		if ch != nil && s.color != 0 && !s.pass {
			// The move is the continuation of the corner positions
			// before it in its corners.
			for k := range pending {
				if u, v, ok := cornerCoords(k, s.x, s.y, cols, rows); ok {
					for _, p := range pending[k] {
						rec.positions[p.i].next = cornerNext(s.color, u, v, p.t)
					}
					pending[k] = pending[k][:0]
				}
			}
		}
		for k := 0; k < 4 && cornersChanged != 0; k++ {
			if cornersChanged&(1<<k) == 0 {
				continue
			}
			canon := ch.canonical(k)
			if ch.stones[k] > 0 {
				p := position{hash: canon, node: node, corner: true, next: nextNone}
				if variations || canon == lastCanon[k] || cols == CornerSize || rows == CornerSize {
					p.next = nextUnsure
				} else {
					pending[k] = append(pending[k], waiting{len(rec.positions), ch.transposed(k)})
				}
				rec.positions = append(rec.positions, p)
			}
			lastCanon[k] = canon
		}
		cornersChanged = 0
		if variations {
			path = append(path, frame{node, gb.History(), len(undo), moves})
		}
		node++
	}
	if onMain {
		rec.nodes = node
		rec.finalHash = sh.canonical()
	}
	return node, true
}

// nodeScan is what scanNode reads of a node.
type nodeScan struct {
	setup   bool   // setup stones: AB, AW or AE (n.Has of each)
	moved   bool   // a move, as n.Move finds it (the first B or W)
	color   int8   // its colour: 1 black, 2 white
	raw     []byte // its raw value
	exact   bool   // its identifier is B or W, not FF[3]'s Black or White
	plain   int    // the number of properties B or W (exactly)
	comment bool   // a comment (C: n.Comment may be other than "")
}

// scanNode reads in one pass over a node's properties what the replay
// needs of it (nodeScan). FF[3]'s identifiers with lower-case letters
// added count as theirs, as they do for n.Has, n.Move and n.Comment.
func scanNode(n sgf.Node) (sc nodeScan) {
	for p := range n.Syntax().Props() {
		id := p.ID
		plain := true
		for _, c := range id {
			if c < 'A' || c > 'Z' {
				plain = false
				break
			}
		}
		canon := ""
		if !plain && len(id) > 1 {
			canon = property.Canonical(id)
		}
		exact := string(id) == "B" || string(id) == "W"
		if exact {
			sc.plain++
		}
		switch {
		case string(id) == "AB", string(id) == "AW", string(id) == "AE":
			sc.setup = true
		case len(id) > 2 && (canon == "AB" || canon == "AW" || canon == "AE"):
			sc.setup = true
		case string(id) == "C", canon == "C":
			sc.comment = true
		case sc.moved:
		case string(id) == "B", canon == "B":
			sc.moved, sc.color, sc.raw, sc.exact = true, 1, p.Value(), exact
		case string(id) == "W", canon == "W":
			sc.moved, sc.color, sc.raw, sc.exact = true, 2, p.Value(), exact
		}
	}
	return sc
}
