package cli

import (
	"bufio"
	"errors"
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
// read game tree by game tree (sgf.Reader), so that
// memory is bounded by the largest game tree, not by the file. --max-bytes
// bounds what is read. An input of another format (--from, or recognised
// by its content: GIB, NGF, UGF) is read whole and imported as readInput
// does: then whole holds the SGF bytes and games is nil. close must be
// called when done.
func openGames(e *env, name string, opts *sgf.ReadOptions) (games *sgf.Reader, whole []byte, close func(), err error) {
	br, whole, close, err := openInput(e, name)
	if br == nil {
		return nil, whole, close, err
	}
	games, err = sgf.NewReader(br, opts)
	if games != nil {
		closeFile := close
		close = func() { games.Close(); closeFile() }
	}
	return games, nil, close, err
}

// openInput opens the input name (a file, or standard input for "-") to
// be read as a stream, counting the bytes for the progress line; at most
// --max-bytes and one byte are read. An input of another format (--from,
// or recognised by its content: GIB, NGF, UGF) is read whole and imported
// as readInput does: then whole holds the SGF bytes and br is nil. close
// must be called when done.
//
// A regular file named is an io.Seeker to its start (fileInput), so that
// the reader of a file in UTF-16, UTF-32 or ISO-2022-JP reads it again
// after a first reading instead of copying it (charset.OpenWide).
func openInput(e *env, name string) (in io.Reader, whole []byte, close func(), err error) {
	close = func() {}
	var r io.Reader
	var again io.Seeker
	size := int64(-1) // a regular file's size
	if isStdin(name) {
		r = e.stdin
	} else {
		f, err := openFile(name)
		if err != nil {
			return nil, nil, close, err
		}
		close = func() { f.Close() }
		r = f
		if s, ok := f.(io.Seeker); ok && isRegular(name) {
			again = s
			if st, ok := f.(interface{ Stat() (os.FileInfo, error) }); ok {
				if info, err := st.Stat(); err == nil {
					size = info.Size()
				}
			}
		}
	}
	file := r
	chain := func() io.Reader {
		r := io.Reader(countingReader{file, e})
		if e.maxRead > 0 {
			r = syntax.LimitReader(r, e.maxRead)
		}
		return r
	}
	br := bufio.NewReaderSize(chain(), inputBuffer(size))
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
	if again != nil {
		return &fileInput{Reader: br, seek: again, chain: chain, size: size}, nil, close, nil
	}
	return br, nil, close, nil
}

// inputBuffer returns the size of the buffer that reads an input of size
// bytes (-1: not known): 64 KB for an input of unknown size, and for a
// file just the 4 KB that the readers peek at for the charset
// (check.NewReader and sgf.NewReader read through it without a buffer of
// their own). Ten thousand files of a game each allocated and cleared
// 192 KB each, 2 GB in all, the collector at work for a third of sgf
// check's instructions. A file's reader (syntax.Reader) reads it whole or
// in pieces of 64 KB, larger than the buffer, which hands it what it
// holds and then lets it read from the file itself: a buffer of 64 KB was
// filled by the peek and copied from, 16 fresh pages written twice for a
// file of 80 KB.
func inputBuffer(size int64) int {
	const most, least = 64 << 10, 4<<10 + 1
	if size < 0 {
		return most
	}
	return least
}

// fileInput is a regular file as openInput reads it (counted, within
// --max-bytes, buffered) that can be read again from its start.
type fileInput struct {
	*bufio.Reader
	seek  io.Seeker
	chain func() io.Reader // the reading of the file from where seek is
	size  int64            // the file's size when opened, -1 if unknown
	read  int64            // bytes read through Read since the start
}

// Read reads from the buffer, counting what it gives for Len.
func (f *fileInput) Read(p []byte) (int, error) {
	n, err := f.Reader.Read(p)
	f.read += int64(n)
	return n, err
}

// Len returns the number of bytes of the file not yet read (as
// bytes.Reader's Len), as its size when opened tells: syntax.Reader reads
// a small file in one piece of its size.
func (f *fileInput) Len() int {
	if f.size < 0 {
		return -1
	}
	return int(max(f.size-f.read, 0))
}

// Seek gives what a reader of a wide input asks for: where the input
// starts (offset 0 from the current position, asked before reading it:
// 0), and its start again (offset 0 from the start), read anew through
// the count and the limit.
func (f *fileInput) Seek(offset int64, whence int) (int64, error) {
	switch {
	case offset == 0 && whence == io.SeekCurrent:
		return 0, nil
	case offset == 0 && whence == io.SeekStart:
		if _, err := f.seek.Seek(0, io.SeekStart); err != nil {
			return 0, err
		}
		f.Reader.Reset(f.chain())
		f.read = 0
		return 0, nil
	}
	return 0, errors.New("an input is read again from its start only")
}
