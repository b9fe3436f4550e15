package cli

import (
	"bufio"
	"io"
	"os"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/formats"
	"github.com/sgf-toolkit/sgf/syntax"
)

// openFile opens a file to stream it; tests replace it (denyPaths).
var openFile = func(name string) (io.ReadCloser, error) { return os.Open(name) }

// countingReader counts the bytes read for the progress line.
type countingReader struct {
	r io.Reader
	e *env
}

func (c countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.e.screen.addBytes(n)
	return n, err
}

// openGames opens the input name (a file, or standard input for "-") to be
// read game tree by game tree (sgf.Reader through gameSource), so that
// memory is bounded by the largest game tree, not by the file. --max-bytes
// bounds what is read. An input of another format (--from, or recognised
// by its content: GIB, NGF, UGF) is read whole and imported as readInput
// does: then whole holds the SGF bytes and games is nil. close must be
// called when done.
func openGames(e *env, name string, opts *sgf.ReadOptions) (games *gameSource, whole []byte, close func(), err error) {
	br, whole, close, err := openInput(e, name)
	if br == nil {
		return nil, whole, close, err
	}
	games, err = newGameSource(br, opts)
	if games != nil {
		closeFile := close
		close = func() { games.close(); closeFile() }
	}
	return games, nil, close, err
}

// openInput opens the input name (a file, or standard input for "-") to
// be read as a stream, counting the bytes for the progress line; at most
// --max-bytes and one byte are read. An input of another format (--from,
// or recognised by its content: GIB, NGF, UGF) is read whole and imported
// as readInput does: then whole holds the SGF bytes and br is nil. close
// must be called when done.
func openInput(e *env, name string) (br *bufio.Reader, whole []byte, close func(), err error) {
	close = func() {}
	var r io.Reader
	if isStdin(name) {
		r = e.stdin
	} else {
		f, err := openFile(name)
		if err != nil {
			return nil, nil, close, err
		}
		close = func() { f.Close() }
		r = f
	}
	r = countingReader{r, e}
	if e.maxRead > 0 {
		r = syntax.LimitReader(r, e.maxRead)
	}
	br = bufio.NewReaderSize(r, 64<<10)
	if im := e.imports; im != nil {
		head, _ := br.Peek(4 << 10)
		f := im.from
		if f == formats.Unknown {
			f = formats.Detect(head, name)
		}
		if f != formats.SGF && f != formats.Unknown || im.from == formats.SGF {
			// Another format (or SGF forced, whose look is checked on
			// the whole): read and import it whole.
			b, err := io.ReadAll(br)
			if err == nil {
				b, err = im.read(e, name, b)
			}
			return nil, b, close, err
		}
	}
	return br, nil, close, nil
}
