package cli

import (
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"testing"
)

// gamesReader yields n games on demand, never holding them all, and
// records how many bytes of output the command had written when the last
// byte of input was read: a command that reads its input game by game
// and prints as it goes has printed much by then; one that reads the
// whole input first has printed nothing.
type gamesReader struct {
	n, next int
	buf     []byte
	out     *countingWriter
	atEnd   int64 // output bytes written when the input ended
}

func (r *gamesReader) Read(p []byte) (int, error) {
	for len(r.buf) == 0 {
		if r.next == r.n {
			r.atEnd = r.out.n.Load()
			return 0, io.EOF
		}
		r.buf = fmt.Appendf(r.buf, "(;GM[1]FF[4]SZ[19]PB[black %d]PW[white %d];B[pd];W[dp];B[%c%c])\n",
			r.next, r.next, 'a'+r.next%19, 'a'+r.next/19%19)
		r.next++
	}
	n := copy(p, r.buf)
	r.buf = r.buf[n:]
	return n, nil
}

type countingWriter struct {
	n atomic.Int64
	b strings.Builder
}

func (w *countingWriter) Write(p []byte) (int, error) {
	w.n.Add(int64(len(p)))
	return w.b.Write(p)
}

// TestInfoGameByGame: sgf info reads a collection game by game and prints
// each game's block when it is done (issue 11, item 3): it held every
// game's information of a file until its end (2 GB of memory on the 1 GB
// collection, bench/memory.sh), and printed nothing before.
func TestInfoGameByGame(t *testing.T) {
	for _, args := range [][]string{{"info", "-"}, {"info", "--json", "-"}} {
		var out, errb countingWriter
		in := &gamesReader{n: 20000, out: &out}
		if code := Main(args, in, &out, &errb); code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, errb.b.String())
		}
		total := out.n.Load()
		if !strings.Contains(out.b.String(), "black 19999") {
			t.Fatalf("%v: the last game is not printed", args)
		}
		if in.atEnd < total/2 {
			t.Errorf("%v: %d of %d bytes of output were printed when the input ended, want most", args, in.atEnd, total)
		}
	}
}

// failingAfter gives r and then the error err instead of the end.
type failingAfter struct {
	r   io.Reader
	err error
}

func (f *failingAfter) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	if err == io.EOF {
		return n, f.err
	}
	return n, err
}

// TestDupesGameByGame: sgf dupes reads its inputs game by game (issue
// 11, item 3): the games read before a read error are compared, and the
// error is reported; it read the whole file first, so such a file gave
// nothing but the error.
func TestDupesGameByGame(t *testing.T) {
	game := "(;GM[1]FF[4]SZ[19];B[pd];W[dp];B[pp];W[dd])\n"
	in := &failingAfter{strings.NewReader(game + "(;GM[1]SZ[19];B[dp];W[pd];B[dd];W[pp])\n" + game), io.ErrClosedPipe}
	var out, errb strings.Builder
	code := Main([]string{"dupes", "-"}, in, &out, &errb)
	if code != exitFailure || !strings.Contains(errb.String(), "-: "+io.ErrClosedPipe.Error()) {
		t.Errorf("exit %d, stderr %q: want the read error", code, errb.String())
	}
	if !strings.Contains(out.String(), "3 games, 2 copies") {
		t.Errorf("stdout %q: want the three games read before the error in one group", out.String())
	}
}
