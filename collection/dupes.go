package collection

import (
	"fmt"
	"iter"
	"math"
	"slices"
	"strconv"
	"sync"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/games/gogame"
	"github.com/sgf-toolkit/sgf/syntax"
	"github.com/sgf-toolkit/sgf/value"
)

// A gameMove is a move of the main line: colour 'B' or 'W', and the point
// (pass when x < 0). Three bytes (boards are at most 52x52): Dupes keeps
// the moves of every game to confirm its candidates, 816,000 games of the
// 1 GB benchmark collection (bench/memory.sh); with ints they took 7.3 GB.
type gameMove struct {
	c    byte
	x, y int8
}

// mainLineMoves returns the board size and the moves of the main line of a
// Go game, and the setup stones met on the way when setup is set.
func mainLineMoves(t *syntax.Tree, withSetup bool) (cols, rows int, moves []gameMove, setup []setupStone, err error) {
	if cols, rows, err = SignatureSize(t); err != nil {
		return 0, 0, nil, nil, err
	}
	for n := t.Root(); !n.IsZero(); n = n.Child(0) { // the main line
		for p := range n.Props() {
			if len(p.ID) == 1 && (p.ID[0] == 'B' || p.ID[0] == 'W') {
				pt, pass, err := value.ReadMove(p.Value(), cols, rows)
				if err != nil || pass || !pt.In(cols, rows) {
					moves = append(moves, gameMove{c: p.ID[0], x: -1, y: -1})
				} else {
					moves = append(moves, gameMove{c: p.ID[0], x: int8(pt.X), y: int8(pt.Y)})
				}
				continue
			}
			if !withSetup || len(p.ID) != 2 || p.ID[0] != 'A' || (p.ID[1] != 'B' && p.ID[1] != 'W' && p.ID[1] != 'E') {
				continue
			}
			var raws [][]byte
			for v := range p.Values() {
				raws = append(raws, v.Raw)
			}
			pts, _ := value.ExpandPointList(raws, cols, rows)
			for _, pt := range pts {
				setup = append(setup, setupStone{c: p.ID[1], x: pt.X, y: pt.Y, at: len(moves)})
			}
		}
	}
	return cols, rows, moves, setup, nil
}

type setupStone struct {
	c    byte // 'B', 'W' or 'E'
	x, y int
	at   int // the number of moves before it
}

// Symmetries returns the number of symmetries of a cols x rows board: 8
// on a square board, 4 on a rectangular one (no transposition).
func Symmetries(cols, rows int) int {
	if cols == rows {
		return 8
	}
	return 4
}

// Transform maps (x, y) by symmetry k (0-7) of a cols x rows board, as
// Symmetry and the index (index.Transform) number the symmetries: bit 2
// transposes, bit 0 mirrors left-right, bit 1 mirrors top-bottom (after
// the transposition). Symmetry 0 is the identity. A point with x < 0 (a
// pass) stays as it is.
func Transform(k, x, y, cols, rows int) (int, int) {
	if x < 0 {
		return x, y
	}
	if k&4 != 0 {
		x, y = y, x
		cols, rows = rows, cols
	}
	if k&1 != 0 {
		x = cols - 1 - x
	}
	if k&2 != 0 {
		y = rows - 1 - y
	}
	return x, y
}

func swapColor(c byte, swap bool) byte {
	if !swap {
		return c
	}
	switch c {
	case 'B':
		return 'W'
	case 'W':
		return 'B'
	}
	return c
}

// dyerMoves are the moves of a Dyer signature: 20, 40, 60 (primary) and
// 31, 51, 71 (secondary), as in SGFC's option -g.
var dyerMoves = [...]int{20, 40, 60, 31, 51, 71}

// A Sig is the signature of a game: games with equal keys are candidates
// for duplicates. A Dyer signature (Signature) also carries the game's moves,
// so that Dupes can confirm the candidates.
type Sig struct {
	Key   string
	cols  int
	rows  int
	moves []gameMove // nil for StrictSignature
	// canon is the symmetry that takes a StrictSignature's game to the
	// position its key hashes (the smallest of the 16).
	canon Symmetry
}

// A Symmetry says how a copy of a game shows it (Group.Symmetries): the
// copy is the game with Board, one of the symmetries of the board, applied
// to every point (numbered as index.Transform numbers them: 0 the
// identity, bit 2 transposes, bit 0 mirrors left-right, bit 1 mirrors
// top-bottom), and with the colours swapped when Swapped is set.
type Symmetry struct {
	Board   int  `json:"board"`
	Swapped bool `json:"colors_swapped"`
}

// symmetryNames names the symmetries of the board, by number, as the
// board looks (x to the right, y down): what becomes of the game.
var symmetryNames = [8]string{
	"as played",                      // (x, y)
	"mirrored left to right",         // (c-1-x, y)
	"mirrored top to bottom",         // (x, r-1-y)
	"rotated 180°",                   // (c-1-x, r-1-y)
	"mirrored on the diagonal",       // (y, x): the upper left corner stays
	"rotated 90° clockwise",          // (c-1-y, x)
	"rotated 90° counter-clockwise",  // (y, r-1-x)
	"mirrored on the other diagonal", // (c-1-y, r-1-x): the upper right corner stays
}

// BoardName names the board symmetry: "as played", "rotated 90°
// clockwise", "mirrored left to right", ...
func (s Symmetry) BoardName() string {
	if s.Board < 0 || s.Board >= len(symmetryNames) {
		return "symmetry " + strconv.Itoa(s.Board)
	}
	return symmetryNames[s.Board]
}

// String says it all: "rotated 90° clockwise, colours swapped", "as
// played, same colours".
func (s Symmetry) String() string {
	if s.Swapped {
		return s.BoardName() + ", colours swapped"
	}
	return s.BoardName() + ", same colours"
}

// inverse returns the symmetry that undoes k: the mirrors and the
// rotation by 180° undo themselves, the rotations by 90° each other.
func inverse(k int) int {
	switch k {
	case 5:
		return 6
	case 6:
		return 5
	}
	return k
}

// Signature returns the Dyer signature of a Go game's main line, the same
// for the 8 rotations and reflections of the board and for the game with
// the colours swapped: of the 16 transformed signatures the smallest is
// taken. The signature is made of moves 20, 40, 60, 31, 51 and 71 (SGFC:
// "The primary signature consists of moves 20, 40 and 60. The secondary
// signature consists of moves 31, 51 and 71"); a game of fewer than 71
// moves gets all its moves and its length instead, so that short games are
// not taken for copies of each other. The board size is part of it.
//
// The key is text: "19x19 " and, for each move, the colour and the point
// ("--" for a pass).
func Signature(t *syntax.Tree) (Sig, error) {
	cols, rows, moves, _, err := mainLineMoves(t, false)
	if err != nil {
		return Sig{}, &Error{Op: "signature", Err: err}
	}
	return signature(cols, rows, moves)
}

// SignatureSize returns the board size that Signature reads a tree's
// moves with: the game and the board of its root as every reader of the
// module reads them (sgf.TreeBoard, Game.Type and Game.Size: GM[ 1 ] is
// Go, SZ[ 13 ] is 13x13, and a tree without SZ, or with one that is no
// size, is 19x19), or an error for a tree that is empty, not of a Go game
// or on a board larger than 52x52. With MovesSignature, a program that reads the main line's moves
// itself (package index, in its replay) gets Signature's result: a move
// is each B or W property (exactly those identifiers) of each node, in
// order, its point read by value.ReadMove at this size, as every reader
// reads it ("B[ dd ]" is dd, as sgf check corrects it; a pass, an error
// or a point off the board are X, Y -1).
func SignatureSize(t *syntax.Tree) (cols, rows int, err error) {
	if t.Root().IsZero() {
		return 0, 0, ErrEmpty
	}
	// GM and SZ as every reader reads them (sgf.TreeBoard: white space
	// in them removed; an SZ that is no size is 19x19).
	game, cols, rows := sgf.TreeBoard(t)
	if game != sgf.GameGo {
		return 0, 0, ErrNotGo
	}
	if cols > value.MaxBoard || rows > value.MaxBoard {
		return 0, 0, &value.Error{Type: "Size", Value: string(value.AppendSize(nil, cols, rows)), Err: value.ErrRange}
	}
	return cols, rows, nil
}

// A Move is a move of a main line, for MovesSignature: its colour, 'B' or
// 'W', and its point (X and Y -1 for a pass or a point off the board).
type Move struct {
	C    byte
	X, Y int
}

// MovesSignature returns the Signature of a Go game on a cols x rows
// board whose main line has the given moves, one per move property in
// order: for a program that keeps the moves, not the tree (package index
// confirms its duplicate groups with them, as Dupes.Groups does).
func MovesSignature(cols, rows int, moves []Move) (Sig, error) {
	gm := make([]gameMove, len(moves))
	for i, m := range moves {
		gm[i] = gameMove{m.C, int8(m.X), int8(m.Y)}
		if m.X < 0 || m.Y < 0 || m.X > value.MaxBoard || m.Y > value.MaxBoard {
			gm[i].x, gm[i].y = -1, -1
		}
	}
	return signature(cols, rows, gm)
}

func signature(cols, rows int, moves []gameMove) (Sig, error) {
	if len(moves) == 0 {
		return Sig{}, &Error{Op: "signature", Err: errNoMoves}
	}
	var picks []int
	prefix := strconv.Itoa(cols) + "x" + strconv.Itoa(rows) + " "
	if len(moves) >= 71 {
		for _, k := range dyerMoves {
			picks = append(picks, k-1)
		}
	} else {
		prefix += "n" + strconv.Itoa(len(moves)) + " "
		for i := range moves {
			picks = append(picks, i)
		}
	}
	best := ""
	buf := make([]byte, 0, len(prefix)+3*len(picks))
	for k := range Symmetries(cols, rows) {
		for _, swap := range [2]bool{false, true} {
			buf = append(buf[:0], prefix...)
			for _, i := range picks {
				m := moves[i]
				buf = append(buf, swapColor(m.c, swap))
				x, y := Transform(k, int(m.x), int(m.y), cols, rows)
				if x < 0 {
					buf = append(buf, "--"...)
				} else {
					buf = value.AppendPoint(buf, value.Point{X: x, Y: y})
				}
			}
			if best == "" || string(buf) < best {
				best = string(buf)
			}
		}
	}
	// Kept for Groups: a copy of the exact size.
	return Sig{Key: best, cols: cols, rows: rows, moves: append([]gameMove(nil), moves...)}, nil
}

var (
	errNoMoves = fmt.Errorf("no moves in the main line")
	errChanged = fmt.Errorf("read again, it has another signature (the file changed?)")
)

// StrictSignature returns the signature of a Go game's final position: the
// main line is played on a games/gogame board (setup, moves and captures),
// and the Zobrist hash of the final stones is taken for each of the 8
// symmetries of the board and the colour swap, the smallest of the 16
// counting. The board size and the number of moves are part of it, so
// that two games only match when they end in the same position after as
// many moves.
func StrictSignature(t *syntax.Tree) (Sig, error) {
	cols, rows, moves, setup, err := mainLineMoves(t, true)
	if err != nil {
		return Sig{}, &Error{Op: "signature", Err: err}
	}
	if len(moves) == 0 {
		return Sig{}, &Error{Op: "signature", Err: errNoMoves}
	}
	b, err := getBoard(cols, rows)
	if err != nil {
		return Sig{}, &Error{Op: "signature", Err: err}
	}
	defer putBoard(b)
	si := 0
	for i := 0; i <= len(moves); i++ {
		for ; si < len(setup) && setup[si].at == i; si++ {
			s := setup[si]
			b.Set(b.Point(s.x, s.y), sgf.GoColor(value.Color(s.c)))
		}
		if i == len(moves) {
			break
		}
		m := moves[i]
		if m.x < 0 {
			b.Pass(sgf.GoColor(value.Color(m.c)))
		} else {
			b.Play(sgf.GoColor(value.Color(m.c)), b.Point(int(m.x), int(m.y)))
		}
	}
	type stone struct {
		x, y int
		c    gogame.Color
	}
	var stones []stone
	for p, c := range b.Stones() {
		x, y := b.XY(p)
		stones = append(stones, stone{x, y, c})
	}
	scratch, _ := getBoard(cols, rows)
	defer putBoard(scratch)
	var best uint64
	var canon Symmetry
	first := true
	for k := range Symmetries(cols, rows) {
		for _, swap := range [2]bool{false, true} {
			scratch.Reset()
			for _, s := range stones {
				x, y := Transform(k, s.x, s.y, cols, rows)
				c := s.c
				if swap {
					c = c.Opponent()
				}
				scratch.Set(scratch.Point(x, y), c)
			}
			if h := scratch.Hash(); first || h < best {
				best, first = h, false
				canon = Symmetry{k, swap}
			}
		}
	}
	return Sig{Key: fmt.Sprintf("%dx%d n%d %016x", cols, rows, len(moves), best), cols: cols, rows: rows, canon: canon}, nil
}

// boards keeps Go boards for reuse, by size: a board and its history are
// costly to allocate for every game.
var boards sync.Map // [2]int -> *sync.Pool

func getBoard(cols, rows int) (*gogame.Board, error) {
	p, _ := boards.LoadOrStore([2]int{cols, rows}, &sync.Pool{})
	if b, ok := p.(*sync.Pool).Get().(*gogame.Board); ok {
		b.Reset()
		return b, nil
	}
	return gogame.New(cols, rows)
}

func putBoard(b *gogame.Board) {
	if p, ok := boards.Load([2]int{b.Cols(), b.Rows()}); ok {
		p.(*sync.Pool).Put(b)
	}
}

// An Entry names one game: its file and the index of its tree there.
type Entry struct {
	Name string `json:"file"`
	Tree int    `json:"tree"` // from 0
	// Offset and Size say where the text of the game tree is in its
	// input, for a program that can read it again (Dupes.Reread); Size
	// is 0 when it cannot.
	Offset int64 `json:"-"`
	Size   int64 `json:"-"`
}

func (e Entry) String() string {
	if e.Tree == 0 {
		return e.Name
	}
	return e.Name + "#" + strconv.Itoa(e.Tree+1)
}

// Dupes groups games by signature (Signature or StrictSignature).
// The zero Dupes is ready to use.
//
// Games with the same Dyer signature are only candidates: the signature
// looks at six moves, and two games that share their first 71 moves (an
// engine replaying an opening) have the same one. Groups confirms them with
// the moves: two games are duplicates when, under one symmetry of the board
// and colour swap, the main line of one is the main line of the other or a
// start of it (a record cut short). Strict signatures are taken as they are.
//
// Dupes keeps the moves of each game for that, unless Reread is set: then
// it keeps, of the games whose Entry says where they are (Size > 0) beyond
// the first KeepMoves moves, about 40 bytes each and their key, and reads
// the moves of the candidates again
// (the 816,000 games of the 1 GB benchmark collection, bench/memory.sh:
// 1,151 MB with the moves kept).
type Dupes struct {
	// Reread, when set, gives the signature of a game again (its
	// Signature, moves included), for the games added with a Size: Add
	// then drops their moves, so that the memory Dupes takes does not
	// grow with the length of the games, and Groups calls Reread once
	// for each candidate, in the order they were added (so that a
	// program can read its inputs again from start to end). A game whose
	// signature Reread cannot give (an error, or another key: the file
	// changed) is confirmed as a copy of none, and said by RereadErrors.
	Reread func(Entry) (Sig, error)
	// KeepMoves, with Reread set, is how many moves in all (three bytes
	// each) Dupes still keeps before it drops them for Reread: the games
	// added first keep theirs, so a collection that fits is read once.
	// 0 keeps none.
	KeepMoves int

	kept       int              // moves kept of games that Reread could give again
	keys       map[string]int32 // key -> its number, in the order first added
	order      []string         // the keys by number
	count      []int32          // games by key number
	games      []dupeGame       // in the order added
	moves      map[int32][]gameMove
	names      []string
	confirmed  bool
	rereadErrs []error
}

// dupeGame is a game of Dupes: where it is (Entry, its name by number),
// its key by number and what Groups needs of its signature; its moves,
// when kept, are in Dupes.moves.
type dupeGame struct {
	off        int64
	name, tree int32
	size       int32
	key        int32
	cluster    int32 // after confirming: the first game of its cluster, -1 for none
	cols, rows int8
	canon      int8 // the Sig's canon.Board
	flags      uint8
	sym        int8 // after confirming: how it shows its cluster's first game (Board)
}

const (
	dupeSwapped    = 1 << iota // the Sig's canon.Swapped
	dupeStrict                 // a StrictSignature: no moves
	dupeSymSwapped             // sym's colours swapped
)

// entry returns the Entry of game i.
func (d *Dupes) entry(i int32) Entry {
	g := &d.games[i]
	return Entry{Name: d.names[g.name], Tree: int(g.tree), Offset: g.off, Size: int64(g.size)}
}

// sig returns the signature of game i, with its moves if kept, key left
// out.
func (d *Dupes) sig(i int32) Sig {
	g := &d.games[i]
	return Sig{cols: int(g.cols), rows: int(g.rows), moves: d.moves[i],
		canon: Symmetry{int(g.canon), g.flags&dupeSwapped != 0}}
}

// Add records a game with its signature.
func (d *Dupes) Add(sig Sig, e Entry) {
	if d.keys == nil {
		d.keys, d.moves = map[string]int32{}, map[int32][]gameMove{}
	}
	k, ok := d.keys[sig.Key]
	if !ok {
		k = int32(len(d.order))
		d.keys[sig.Key] = k
		d.order = append(d.order, sig.Key)
		d.count = append(d.count, 0)
	}
	d.count[k]++
	if len(d.names) == 0 || d.names[len(d.names)-1] != e.Name {
		d.names = append(d.names, e.Name)
	}
	g := dupeGame{off: e.Offset, name: int32(len(d.names) - 1), tree: int32(e.Tree), key: k,
		cols: int8(sig.cols), rows: int8(sig.rows), canon: int8(sig.canon.Board)}
	if sig.canon.Swapped {
		g.flags |= dupeSwapped
	}
	if sig.moves == nil {
		g.flags |= dupeStrict
	}
	i := int32(len(d.games))
	if d.Reread != nil && e.Size > 0 && e.Size <= math.MaxInt32 {
		g.size = int32(e.Size)
	}
	if sig.moves != nil && (g.size == 0 || d.kept+len(sig.moves) <= d.KeepMoves) {
		d.moves[i] = sig.moves
		if g.size > 0 {
			d.kept += len(sig.moves)
		}
	}
	d.games = append(d.games, g)
	d.confirmed = false
}

// A Group is a set of games that are copies of each other. Symmetries
// says, for each game, how it shows the first one: the first game's is
// the identity.
type Group struct {
	Signature  string     `json:"signature"`
	Games      []Entry    `json:"games"`
	Symmetries []Symmetry `json:"symmetries"`
}

// Groups returns the groups of two or more games, in the order their first
// game was added.
func (d *Dupes) Groups() []Group { return slices.Collect(d.All()) }

// All yields the groups Groups returns, one at a time: for a program that
// prints them as they come (a collection of 816,000 games in groups of
// 50 takes 50 MB as a slice of Groups).
func (d *Dupes) All() iter.Seq[Group] {
	d.confirm()
	return func(yield func(Group) bool) {
		// The games of each key, in the order added: a counting sort.
		start := make([]int32, len(d.order)+1)
		for k, n := range d.count {
			start[k+1] = start[k]
			if n >= 2 {
				start[k+1] += n
			}
		}
		byKey := make([]int32, start[len(d.order)])
		next := slices.Clone(start[:len(d.order)])
		for i := range d.games {
			if k := d.games[i].key; d.count[k] >= 2 {
				byKey[next[k]] = int32(i)
				next[k]++
			}
		}
		for k, key := range d.order {
			es := byKey[start[k]:start[k+1]]
			for _, lead := range es {
				if d.games[lead].cluster != lead {
					continue
				}
				g := Group{Signature: key}
				for _, i := range es {
					if c := &d.games[i]; c.cluster == lead {
						g.Games = append(g.Games, d.entry(i))
						g.Symmetries = append(g.Symmetries, Symmetry{int(c.sym), c.flags&dupeSymSwapped != 0})
					}
				}
				if len(g.Games) >= 2 && !yield(g) {
					return
				}
			}
		}
	}
}

// confirm sorts the candidates, game by game in the order added, into
// clusters of games with the same moves (sameMoves): each game's cluster
// is the first game whose moves its own are under a symmetry, or itself.
// Only the moves of each cluster's first game are kept.
func (d *Dupes) confirm() {
	if d.confirmed {
		return
	}
	d.confirmed, d.rereadErrs = true, nil
	leads := map[int32][]int32{} // key -> the first games of its clusters
next:
	for i := range d.games {
		c := &d.games[i]
		c.cluster = -1
		if d.count[c.key] < 2 {
			continue
		}
		ci := int32(i)
		cs := d.sig(ci)
		if cs.moves == nil && c.flags&dupeStrict == 0 {
			sig, err := d.Reread(d.entry(ci))
			if err == nil && sig.Key != d.order[c.key] {
				err = errChanged
			}
			if err != nil {
				// Not confirmed: a copy of none.
				d.rereadErrs = append(d.rereadErrs, &Error{Op: "dupes", Name: d.entry(ci).String(), Err: err})
				continue
			}
			cs = sig
		}
		for _, lead := range leads[c.key] {
			if sym, ok := sameMoves(d.sig(lead), cs); ok {
				c.cluster, c.sym = lead, int8(sym.Board)
				if sym.Swapped {
					c.flags |= dupeSymSwapped
				}
				continue next
			}
		}
		// A new cluster: its first game's moves are kept to compare.
		c.cluster, c.sym = ci, 0
		c.flags &^= dupeSymSwapped
		if cs.moves != nil {
			d.moves[ci] = cs.moves
		}
		leads[c.key] = append(leads[c.key], ci)
	}
	// The moves of the games that are no cluster's first are not needed
	// any more, when they can be read again.
	if d.Reread != nil {
		for i := range d.moves {
			if g := &d.games[i]; g.size > 0 && g.cluster != i {
				delete(d.moves, i)
			}
		}
	}
}

// RereadErrors returns, after Groups, an error for each candidate whose
// signature Reread could not give again: each names the game (Entry) and
// says why. Such a game is in no group.
func (d *Dupes) RereadErrors() []error { return d.rereadErrs }

// sameMoves reports whether, under some symmetry and colour swap, the moves
// of one signature are those of the other or a start of them, and the
// symmetry that shows a as b. Strict signatures (no moves) are the same
// when their keys are: the symmetry is then the one between their final
// positions (strictSymmetry).
func sameMoves(a, b Sig) (Symmetry, bool) {
	if a.moves == nil || b.moves == nil {
		return strictSymmetry(a, b), true
	}
	if a.cols != b.cols || a.rows != b.rows {
		return Symmetry{}, false
	}
	n := min(len(a.moves), len(b.moves))
	for k := range Symmetries(a.cols, a.rows) {
		for _, swap := range [2]bool{false, true} {
			i := 0
			for ; i < n; i++ {
				ma, mb := a.moves[i], b.moves[i]
				x, y := Transform(k, int(mb.x), int(mb.y), b.cols, b.rows)
				if ma.c != swapColor(mb.c, swap) || int(ma.x) != x || int(ma.y) != y {
					break
				}
			}
			if i == n {
				// k takes b to a: a shown as b is the inverse.
				return Symmetry{inverse(k), swap}, true
			}
		}
	}
	return Symmetry{}, false
}

// strictSymmetry returns the symmetry that shows a's final position as
// b's, from the symmetries that take each to the position their equal
// keys hash: the X with canon_b(X(p)) = canon_a(p) for every point p,
// found by where X takes two points that tell the symmetries apart.
func strictSymmetry(a, b Sig) Symmetry {
	swap := a.canon.Swapped != b.canon.Swapped
	probes := [2][2]int{{1, 0}, {0, 2}}
	for k := range Symmetries(a.cols, a.rows) {
		ok := true
		for _, p := range probes {
			x, y := Transform(k, p[0], p[1], a.cols, a.rows)
			bx, by := Transform(b.canon.Board, x, y, b.cols, b.rows)
			ax, ay := Transform(a.canon.Board, p[0], p[1], a.cols, a.rows)
			if bx != ax || by != ay {
				ok = false
				break
			}
		}
		if ok {
			return Symmetry{k, swap}
		}
	}
	return Symmetry{Swapped: swap}
}
