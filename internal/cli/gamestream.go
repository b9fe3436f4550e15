package cli

import (
	"bytes"
	"io"

	"github.com/sgf-toolkit/sgf"
)

// gameUnit is one unit of the work of a command that reads its inputs
// game by game (gameUnits): one game of an input, so that memory is
// bounded by the largest game tree, not by the file.
type gameUnit struct {
	in          input
	k           int       // the game's number in its input, from 0
	g           *sgf.Game // nil on a unit that only ends its input
	first, last bool      // the unit starts, ends its input
	// err, on the last unit of an input, is what stopped the reading: the
	// input could not be opened or read (in.err, a read error), or a
	// fatal syntax problem (a *syntax.ParseError: no game tree, a limit;
	// g is then the part of the game read, if any). It is nil at the end
	// of the input.
	err error
	// tail, on the last unit of an input read to its end, is the text
	// after its last game tree (sgf.Reader.Tail).
	tail []byte
}

// of says which input u belongs to (for eachUnit).
func (u gameUnit) of() unitOf { return unitOf{u.in, u.last} }

// gameUnits yields the games of the inputs that walk yields, in order,
// reading each input game by game (openGames; an input of another format
// is read whole and imported).
type gameUnits struct {
	e     *env
	walk  func() (input, bool)
	opts  *sgf.ReadOptions
	cur   *gameSource // the input being read
	in    input
	k     int
	close func()
}

func newGameUnits(e *env, c *commonFlags, args []string) *gameUnits {
	return &gameUnits{e: e, walk: c.walker(args).next, opts: c.readOptions()}
}

func (u *gameUnits) next() (gameUnit, bool) {
	first := false
	if u.cur == nil {
		in, ok := u.walk()
		if !ok {
			return gameUnit{}, false
		}
		unit := gameUnit{in: in, first: true, last: true, err: in.err}
		if in.empty || in.err != nil {
			return unit, true
		}
		games, whole, closeFn, err := openGames(u.e, in.name, u.opts)
		if err == nil && whole != nil {
			games, err = newGameSource(bytes.NewReader(whole), u.opts)
		}
		if err != nil {
			closeFn()
			unit.err = err
			return unit, true
		}
		u.cur, u.close, u.in, u.k, first = games, closeFn, in, 0, true
	}
	g, err := u.cur.next()
	unit := gameUnit{in: u.in, k: u.k, g: g, first: first}
	if g != nil {
		u.k++
	}
	if err != nil {
		unit.last = true
		if err != io.EOF {
			unit.err = err
		} else {
			unit.tail = u.cur.tail()
		}
		u.close()
		u.cur, u.close = nil, nil
	}
	return unit, true
}
