package cli

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/sgf-toolkit/sgf/internal/sgftest"
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

// TestConvertGameByGame: sgf convert reads a collection game by game and
// writes each converted game as soon as it and those before it are
// (issue 11, item 3): it read and converted the whole file first.
func TestConvertGameByGame(t *testing.T) {
	var out, errb countingWriter
	in := &gamesReader{n: 20000, out: &out}
	if code := Main([]string{"convert", "--quiet", "-"}, in, &out, &errb); code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.b.String())
	}
	total := out.n.Load()
	if !strings.Contains(out.b.String(), "PB[black 19999]") {
		t.Fatal("the last game is not written")
	}
	if in.atEnd < total/2 {
		t.Errorf("%d of %d bytes of output were written when the input ended, want most", in.atEnd, total)
	}
}

// TestConvertInPlaceGameByGame: --in-place writes the converted games
// into the new file as they come; the games before the first that
// changes are the input's bytes, copied when it comes; a file with
// nothing to change is left alone, even a read-only one.
func TestConvertInPlaceGameByGame(t *testing.T) {
	dir := t.TempDir()
	same := "(;FF[4]CA[UTF-8]GM[1]SZ[19];B[pd])\n(;FF[4]CA[UTF-8]GM[1]SZ[19];B[dd])\n"
	name := filepath.Join(dir, "g.sgf")
	src := same + "(;FF[3]GM[1]SZ[19]L[aa][bb];B[pp])\n"
	if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var want, errb strings.Builder
	if code := Main([]string{"convert", name}, nil, &want, &errb); code != exitOK {
		t.Fatalf("convert: exit %d: %s", code, errb.String())
	}
	if !strings.HasPrefix(want.String(), same) || want.String() == src {
		t.Fatalf("convert printed %q", want.String())
	}
	if code := Main([]string{"convert", "--in-place", name}, nil, io.Discard, &errb); code != exitOK {
		t.Fatalf("convert --in-place: exit %d: %s", code, errb.String())
	}
	if got, _ := os.ReadFile(name); string(got) != want.String() {
		t.Errorf("--in-place wrote %q, want %q", got, want.String())
	}
	// Nothing to change: not replaced, not even looked at for writing.
	ro := filepath.Join(dir, "ro.sgf")
	os.WriteFile(ro, []byte(same), 0o444)
	errb.Reset()
	if code := Main([]string{"convert", "--in-place", ro}, nil, io.Discard, &errb); code != exitOK || errb.Len() > 0 {
		t.Errorf("convert --in-place of a file with nothing to change: exit %d: %s", code, errb.String())
	}
	if got := dirNames(t, dir); len(got) != 2 {
		t.Errorf("the folder holds %q", got)
	}
}

// TestDupesReadsAgain: sgf dupes keeps only the signatures of the games
// of a regular file and reads the candidates again to confirm them
// (issue 11, item 3: it kept every game's moves, 1,151 MB for the 1 GB
// collection); over the corpus, as folder and as one file of all its
// files (text between the trees, byte order marks inside), it finds what
// it finds with every game's moves kept, and with those of the first games
// kept (dupesKeepMoves).
func TestDupesReadsAgain(t *testing.T) {
	corpus := sgftest.Corpus(t)
	var files []string
	filepath.WalkDir(corpus, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".sgf") {
			files = append(files, p)
		}
		return nil
	})
	var all []byte
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, b...)
	}
	one := filepath.Join(t.TempDir(), "all.sgf")
	if err := os.WriteFile(one, all, 0o644); err != nil {
		t.Fatal(err)
	}
	defer func(keep int) { dupesKeepMoves = keep }(dupesKeepMoves)
	for _, args := range [][]string{{"dupes", "--json", filepath.Join(corpus, "games")}, {"dupes", one}} {
		// Every game's moves kept, none, and those of the first 100,000
		// moves (the rest read again).
		var runs [3]string
		for i, keep := range []int{-1, 0, 100000} {
			dupesKeepMoves = keep
			var out, errb strings.Builder
			code := Main(args, strings.NewReader(""), &out, &errb)
			runs[i] = fmt.Sprintf("exit %d\n%s\n%s", code, errb.String(), out.String())
		}
		for i, keep := range []string{"none", "the first 100,000"} {
			if runs[i+1] != runs[0] {
				t.Errorf("%v: with %s moves kept, it finds\n%.2000s\nwant, with all kept,\n%.2000s", args, keep, runs[i+1], runs[0])
			}
		}
		if !strings.Contains(runs[1], "copies") && !strings.Contains(runs[1], `"groups":[{`) {
			t.Errorf("%v: no copies found: %.500s", args, runs[1])
		}
	}
}
