package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"

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
	// at and size say where the game's text is in its input, a regular
	// file read as SGF game by game (not standard input, an import or a
	// UTF-16/32 file decoded as it is read), so that it can be read again
	// (rereadGame); size is 0 otherwise.
	at, size int64
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
	cur   *sgf.Reader // the input being read
	in    input
	k     int
	close func()
	off   int64 // where the next game's text starts in the input
	spans bool  // the input's games can be read again from where they are
}

// eachGame is eachUnit over the games of the inputs of args (gameUnits):
// work runs on each game (not on a unit that only ends its input, whose
// g is nil), and emit gets every unit, in order, with what work gave and
// the error it returned, or the error of a panic in it (catch).
func eachGame[R any](e *env, c *commonFlags, args []string, work func(u gameUnit) (R, error), emit func(u gameUnit, r R, err error)) {
	type done struct {
		r   R
		err error
	}
	units := &gameUnits{e: e, walk: c.walker(args).next, opts: c.readOptions()}
	eachUnit(e, c, args, units.next, gameUnit.of, func(u gameUnit) (d done) {
		if u.g != nil {
			defer catch(&d.err)
			d.r, d.err = work(u)
		}
		return d
	}, func(u gameUnit, d done) { emit(u, d.r, d.err) })
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
			games, err = sgf.NewReader(bytes.NewReader(whole), u.opts)
		}
		if err != nil {
			closeFn()
			unit.err = err
			return unit, true
		}
		u.cur, u.close, u.in, u.k, first = games, closeFn, in, 0, true
		_, wide := games.Wide() // decoded as it is read: its games' offsets are not the file's
		u.off, u.spans = 0, whole == nil && !wide && isRegular(in.name)
	}
	g, err := u.cur.Next()
	unit := gameUnit{in: u.in, k: u.k, g: g, first: first}
	if g != nil {
		u.k++
		if u.spans {
			// The games of a Reader follow each other, each with the
			// text in front of it: unedited, its Collection's bytes.
			b, _ := g.Collection().Bytes()
			unit.at, unit.size = u.off, int64(len(b))
			u.off += unit.size
		}
	}
	if err != nil {
		unit.last = true
		if err != io.EOF {
			unit.err = err
		} else {
			unit.tail = u.cur.Tail()
		}
		u.close()
		u.cur, u.close = nil, nil
	}
	return unit, true
}

// isRegular reports whether name is a regular file (not standard input,
// a FIFO or a device), which can be read again.
func isRegular(name string) bool {
	if isStdin(name) {
		return false
	}
	info, err := os.Stat(name)
	return err == nil && info.Mode().IsRegular()
}

// rereadGame reads games again from where a gameUnit said they are
// (at, size), one file open at a time: for reading the games of the
// inputs again in input order.
type rereadGame struct {
	opts *sgf.ReadOptions
	name string
	f    *os.File
	buf  []byte
}

// read returns the game of name whose text is size bytes at offset at.
func (r *rereadGame) read(name string, at, size int64) (*sgf.Game, error) {
	if r.f == nil || name != r.name {
		r.close()
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		r.f, r.name = f, name
	}
	if int64(cap(r.buf)) < size {
		r.buf = make([]byte, size)
	}
	b := r.buf[:size]
	if _, err := r.f.ReadAt(b, at); err != nil {
		return nil, err
	}
	// The tree alone is read as the Reader read it in the input (the
	// charset of each tree decided from its own bytes).
	c, err := sgf.ReadBytes(b, r.opts)
	if c == nil || c.Len() == 0 {
		if err == nil {
			err = fmt.Errorf("no game tree at offset %d", at)
		}
		return nil, err
	}
	return c.Game(0), nil
}

func (r *rereadGame) close() {
	if r.f != nil {
		r.f.Close()
		r.f = nil
	}
}
