package check_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/sgf-toolkit/sgf/check"
	"github.com/sgf-toolkit/sgf/internal/sgftest"
)

// fixWays compares FixReader with FixFile on src: the same output, the
// same changes, the same error, or ErrFixWhole. It reports whether
// FixReader fixed src tree by tree.
func fixWays(t *testing.T, name string, src []byte, opts check.FixOptions) bool {
	t.Helper()
	return fixWaysChanged(t, name, src, opts) >= 0
}

// fixWaysChanged is fixWays; it returns the number of changes, -1 when
// FixReader left src to FixFile.
func fixWaysChanged(t *testing.T, name string, src []byte, opts check.FixOptions) int {
	t.Helper()
	want, wantChanges, _, wantErr := check.FixFile(src, opts)
	var buf bytes.Buffer
	changes, unchanged, err := check.FixReader(bytes.NewReader(src), &buf, opts)
	if errors.Is(err, check.ErrFixWhole) {
		return -1
	}
	got := buf.Bytes()
	if len(changes) == 0 {
		got = src // nothing to change: the input as it is
	}
	if fmt.Sprint(err) != fmt.Sprint(wantErr) {
		t.Errorf("%s (%+v): FixReader error %v, FixFile's %v", name, opts, err, wantErr)
		return 0
	}
	if err != nil {
		var le, wantLe *check.LossError
		if errors.As(err, &le) != errors.As(wantErr, &wantLe) || le != nil && fmt.Sprintf("%+v", *le) != fmt.Sprintf("%+v", *wantLe) || changes != nil {
			t.Errorf("%s (%+v): FixReader error %+v (changes %v), FixFile's %+v", name, opts, err, changes, wantErr)
		}
		return 0
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s (%+v): FixReader wrote\n%.600q\nFixFile\n%.600q", name, opts, got, want)
	}
	if fmt.Sprintf("%+v", changes) != fmt.Sprintf("%+v", wantChanges) {
		t.Errorf("%s (%+v): FixReader's changes\n%+v\nFixFile's\n%+v", name, opts, changes, wantChanges)
	}
	if unchanged != (len(wantChanges) == 0 || bytes.Equal(want, src)) {
		t.Errorf("%s: unchanged %v, want %v", name, unchanged, !unchanged)
	}
	return len(changes)
}

// TestFixReaderAsFixFile: FixReader, which sgf fix uses to read a file
// game tree by game tree (issue 11, item 3: fix read the whole file),
// fixes every file of the corpus as FixFile fixes it whole, or leaves it
// to FixFile (ErrFixWhole); so does it the corpus as one collection.
func TestFixReaderAsFixFile(t *testing.T) {
	root := sgftest.Corpus(t)
	var all []byte
	files, streamed, changed := 0, 0, 0
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(p), ".sgf") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files++
		// Critical: a file that needs a fix losing information is fixed
		// (without, FixReader leaves it to FixFile, whose error lists them).
		switch n := fixWaysChanged(t, p, src, check.FixOptions{Critical: true}); {
		case n > 0:
			changed++
			fallthrough
		case n == 0:
			streamed++
		}
		if strings.Contains(p, "/games/") {
			all = append(all, src...)
		}
		return nil
	})
	t.Logf("%d of %d files fixed tree by tree, %d of them changed", streamed, files, changed)
	if streamed < files*3/4 || changed < streamed/2 {
		t.Errorf("%d of %d files fixed tree by tree, %d changed: want most", streamed, files, changed)
	}
	for _, critical := range []bool{false, true} {
		if !fixWays(t, "the games of the corpus as one file", all, check.FixOptions{Critical: critical}) {
			t.Errorf("the games of the corpus as one file (critical %v): not fixed tree by tree", critical)
		}
	}
}

// TestFixReaderLossCorpus: without FixOptions.Critical, FixReader refuses
// every file of the corpus whose fix would lose information as FixFile
// does, its *LossError listing the same problems at the same offsets,
// lines and columns (fixWays compares every field), or leaves the file to
// FixFile.
func TestFixReaderLossCorpus(t *testing.T) {
	root := sgftest.Corpus(t)
	files, lossy, compared := 0, 0, 0
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(p), ".sgf") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files++
		if _, _, _, err := check.FixFile(src, check.FixOptions{}); errors.Is(err, check.ErrLossy) {
			// The other files are fixed as with Critical
			// (TestFixReaderAsFixFile).
			lossy++
			if fixWays(t, p, src, check.FixOptions{}) {
				compared++
			}
		}
		return nil
	})
	t.Logf("%d files, %d of them lossy, %d of those read tree by tree", files, lossy, compared)
	if compared == 0 {
		t.Error("no file of the corpus refused tree by tree for a fix that loses information: no test")
	}
}

// TestFixReaderCases: FixReader against FixFile on collections whose
// trees differ: text before, between and after them, a byte order mark,
// charsets per tree, FF[3] beside FF[4], trees to fix and trees without
// anything to fix, a lossy tree (left to FixFile without Critical).
func TestFixReaderCases(t *testing.T) {
	latin := "(;GM[1]FF[3]SZ[19]PB[Jos\xe9]KM[5 1/2];B[pd];W[dd])"
	gbk := "(;GM[1]FF[4]CA[GB2312]SZ[19]C[\xba\xda\xc6\xe5];B[pd])"
	clean := "(;GM[1]FF[4]CA[UTF-8]SZ[19]\n;B[pd]\n;W[dp])\n"
	lossy := "(;GM[1]FF[4]SZ[19];B[pd]XX;W[dd])"
	for i, src := range []string{
		clean,
		clean + clean,
		latin + "\n" + gbk + "\n" + clean,
		"Mail header\nFrom: someone\n\n" + latin + "\nbetween the games\n" + clean + "-- \nsignature\n",
		"\xEF\xBB\xBF" + clean + latin,
		latin + gbk + latin,
		clean + lossy + clean,
		"(;GM[1]SZ[19];B[pd](;W[dd])(;W[dp]))(;GM[1]FF[4]SZ[9];B[ee]",
	} {
		name := fmt.Sprintf("case %d", i)
		for _, critical := range []bool{false, true} {
			fixWays(t, name, []byte(src), check.FixOptions{Critical: critical})
		}
	}
	// The usual case is fixed tree by tree.
	if !fixWays(t, "latin+gbk+clean", []byte(latin+"\n"+gbk+"\n"+clean), check.FixOptions{}) {
		t.Error("a collection of three trees to fix was left to FixFile")
	}
}

// lazyGames yields n games to fix on demand, never holding them all, and
// records how many bytes of output were written when its input ended.
type lazyGames struct {
	n, next int
	buf     []byte
	out     *bytes.Buffer
	atEnd   int
}

func (g *lazyGames) Read(p []byte) (int, error) {
	for len(g.buf) == 0 {
		if g.next == g.n {
			if g.atEnd < 0 {
				g.atEnd = g.out.Len()
			}
			return 0, io.EOF
		}
		g.buf = fmt.Appendf(g.buf[:0], "(;GM[1]FF[3]SZ[19]PB[black %d]KM[5 1/2];B[pd];W[dd])\n", g.next)
		g.next++
	}
	n := copy(p, g.buf)
	g.buf = g.buf[n:]
	return n, nil
}

// TestFixReaderStreams: FixReader writes each tree as it goes (issue 11,
// item 3: sgf fix read the whole file first).
func TestFixReaderStreams(t *testing.T) {
	var out bytes.Buffer
	in := &lazyGames{n: 20000, out: &out, atEnd: -1}
	changes, _, err := check.FixReader(in, &out, check.FixOptions{})
	if err != nil || len(changes) != 3*20000 {
		t.Fatalf("FixReader: %d changes, %v", len(changes), err)
	}
	if !strings.Contains(out.String(), "PB[black 19999]") || !strings.Contains(out.String(), "KM[5.5]") {
		t.Fatal("the games are not all fixed")
	}
	if in.atEnd < out.Len()/2 {
		t.Errorf("%d of %d bytes of output were written when the input ended, want most", in.atEnd, out.Len())
	}
}

// TestFixReaderWide: FixReader fixes UTF-16, UTF-32 and ISO-2022-JP
// input tree by tree, decoded as it is read (issue 11, item 3), as
// FixFile fixes it whole: the Change that says it was decoded first, the
// text written in UTF-8. It left such input to FixFile.
func TestFixReaderWide(t *testing.T) {
	text := "(;GM[1]FF[4]SZ[19]PB[黒]C[一手];B[pd];W[dp]C[x])\n(;GM[1]FF[3]SZ[9];B[ee];W[ee]C[second])\n"
	inputs := map[string][]byte{}
	for _, enc := range []string{"utf-16-le-bom", "utf-16-be", "utf-32-le-bom"} {
		var b []byte
		for _, r := range text {
			switch enc {
			case "utf-16-le-bom":
				b = append(b, byte(r), byte(r>>8))
			case "utf-16-be":
				b = append(b, byte(r>>8), byte(r))
			case "utf-32-le-bom":
				b = append(b, byte(r), byte(r>>8), byte(r>>16), 0)
			}
		}
		switch enc {
		case "utf-16-le-bom":
			b = append([]byte("\xFF\xFE"), b...)
		case "utf-32-le-bom":
			b = append([]byte("\xFF\xFE\x00\x00"), b...)
		}
		inputs[enc] = b
	}
	for _, name := range []string{"encoding-utf16-nobom.sgf", "encoding-utf16-withbom.sgf", "encoding-japanese-iso2022jp.sgf"} {
		b, err := os.ReadFile(filepath.Join("..", "charset", "testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		inputs[name] = b
	}
	// A text whose decoded start looks like UTF-16 itself (NUL bytes) is
	// decoded once, as sgf.Reader decides (before, sgf.NewReader looked at
	// the text FixReader had decoded and decoded it again).
	nuls := []byte("\xFF\xFE")
	for _, r := range "(;GM[1]FF[4]SZ[19]C[" + strings.Repeat("a\x00", 3000) + "];B[pd])\n" {
		nuls = append(nuls, byte(r), byte(r>>8))
	}
	inputs["utf-16-le-bom-nuls"] = nuls
	for name, src := range inputs {
		for _, critical := range []bool{false, true} {
			if n := fixWaysChanged(t, name, src, check.FixOptions{Critical: critical}); n < 0 && strings.HasPrefix(name, "utf-") {
				t.Errorf("%s (critical %v): left to FixFile, not fixed tree by tree", name, critical)
			}
		}
	}
}

// TestFixReaderLongTreeMemory fixes one game tree of 2^21 empty nodes and
// compares the peak of the heap with that of checking it: fixing adds
// the tree's conversion and layout (two more parses) to the check, and
// they must reuse the memory of the check's views (56 bytes a node, most
// of the heap) instead of coming on top of them. They came on top: the
// peak was 1.3 times the check's (sgf fix --critical on 10^7 nodes:
// 1,263 MB against check's 935).
func TestFixReaderLongTreeMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("a tree of 2^21 nodes")
	}
	src := []byte("(;" + strings.Repeat(";", 1<<21) + ")\n")
	defer debug.SetGCPercent(debug.SetGCPercent(20)) // the heap near the live objects
	// The least of three runs: a run during which the collector fell
	// behind (the whole suite loading both cores) read 110 MB where the
	// others read 98; what the work holds live shows in every run.
	peakOf := func(run func()) uint64 {
		least := uint64(math.MaxUint64)
		for range 3 {
			runtime.GC()
			runtime.GC() // the pool of checkers emptied (sync.Pool keeps them one collection)
			base, peak := sgftest.HeapPeak(100*time.Microsecond, run)
			least = min(least, peak-min(base, peak))
		}
		return least
	}
	checked := peakOf(func() {
		r := check.NewReader(bytes.NewReader(src), check.Options{})
		for {
			tr, err := r.Next()
			if tr != nil {
				r.Diagnostics(tr)
			}
			if err != nil {
				break
			}
		}
	})
	for _, critical := range []bool{true, false} {
		var out bytes.Buffer
		var err error
		fixed := peakOf(func() {
			_, _, err = check.FixReader(bytes.NewReader(src), &out, check.FixOptions{Critical: critical})
		})
		if err != nil || !bytes.HasPrefix(out.Bytes(), []byte("(;FF[4]\nCA[UTF-8]\n;;;")) {
			t.Fatalf("critical %v: %v, %.40q", critical, err, out.Bytes())
		}
		t.Logf("critical %v: peak heap growth %d MB fixing, %d MB checking", critical, fixed>>20, checked>>20)
		if fixed > checked+checked/10 {
			t.Errorf("critical %v: fixing a tree of 2^21 nodes grew the heap by %d MB, checking it by %d MB: the conversion came on top of the check's views",
				critical, fixed>>20, checked>>20)
		}
	}
}
