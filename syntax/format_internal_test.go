package syntax

import (
	"bytes"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
)

// sameNodeForms checks that the one-pass writer of a node as read
// (appendNodeSource, used by Format) writes what the writer from its
// properties (appendNodeCanonical, used for edited nodes) writes, for every
// node of the file, in and out of the root, with and without KeepEscapes.
func sameNodeForms(t *testing.T, name string, f *File) {
	t.Helper()
	for _, tr := range f.Trees {
		for n := range tr.nodes {
			for _, root := range []bool{false, true} {
				for _, keep := range []bool{false, true} {
					fast := tr.appendNode(nil, int32(n), root, keep)
					slow := tr.appendNodeCanonical(nil, int32(n), root, keep)
					if !bytes.Equal(fast, slow) {
						t.Fatalf("%s: tree %d node %d (root %v, keep %v):\none pass:   %q\nproperties: %q", name, tr.index, n, root, keep, fast, slow)
					}
				}
			}
		}
	}
}

func TestFormatNodeFormsCorpus(t *testing.T) {
	files := corpusFiles(t)
	for _, name := range files {
		if strings.HasSuffix(name, ".md") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, mode := range []LeadBytes{ASCIISafe, ShiftJIS, GBK, Big5} {
			f, _ := Parse(src, &Options{LeadBytes: mode})
			sameNodeForms(t, name, f)
			sameFormatPaths(t, name, f)
		}
	}
}

// sameFormatPaths checks that formatTree's path for simple moves writes
// what the general path writes.
func sameFormatPaths(t *testing.T, name string, f *File) {
	t.Helper()
	fast := Format(f)
	formatSimpleMoves = false
	slow := Format(f)
	formatSimpleMoves = true
	if !bytes.Equal(fast, slow) {
		t.Fatalf("%s: Format with and without the simple-move path differs", name)
	}
}

func FuzzFormatNodeForms(f *testing.F) {
	addSeeds(f)
	f.Add([]byte("(;C[a\\\x81\\]\\\\b]XX[]  ; ;B[aa] [bb]W[\x82\\]\xfc\\ ;)"))
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, mode := range []LeadBytes{ASCIISafe, ShiftJIS, GBK, Big5} {
			file, _ := Parse(src, &Options{LeadBytes: mode})
			sameNodeForms(t, "input", file)
			sameFormatPaths(t, "input", file)
		}
	})
}

// TestFormatParallel: a file large enough to be formatted in parallel gives
// the output of the serial path, trees, text between them and tail alike.
func TestFormatParallel(t *testing.T) {
	var src []byte
	src = append(src, "\xEF\xBB\xBFheader\n"...)
	for i := 0; len(src) < 3*parallelFormatBytes; i++ {
		src = fmt.Appendf(src, "note %d\n(;GM[1]FF[4]SZ[19]PB[p%d]C[line\\\nbreak \\q]\n;B[pd];W[dp]  ;B[%c%c]\n(;W[aa]C[%s])(;W[bb];B[cc]))\n",
			i, i, 'a'+i%19, 'a'+i/19%19, bytes.Repeat([]byte("x"), i%200))
	}
	src = append(src, "trailing text"...)
	f, _ := Parse(src, nil)
	if runtime.GOMAXPROCS(0) < 2 {
		runtime.GOMAXPROCS(2)
		defer runtime.GOMAXPROCS(1)
	}
	got := Format(f)
	keep := make([]bool, len(f.Trees))
	want := appendOutside(appendTrees(nil, f, keep, 0, len(f.Trees)), f.Tail())
	if !bytes.Equal(got, want) {
		t.Fatalf("parallel Format differs from the serial one (%d and %d bytes)", len(got), len(want))
	}
}

// TestFormatStreamCaller: the chunks that no goroutine took before the
// parse ended are formatted by Finish's caller (here every chunk: no
// goroutine may start), and Wait drops them unformatted, for a caller that
// gave up on the result.
func TestFormatStreamCaller(t *testing.T) {
	var src []byte
	for i := 0; len(src) < 3*formatChunkBytes; i++ {
		src = fmt.Appendf(src, "(;GM[1]PB[p%d]\n;B[pd];W[dp] ;B[aa]\n(;W[aa]C[x])(;W[bb];B[cc]))\n", i)
	}
	s := &FormatStream{}
	f, _ := Parse(src, &Options{OnTree: s.OnTree})
	if len(s.chunks) < 2 {
		t.Fatalf("%d chunks: the test proves little", len(s.chunks))
	}
	if got, want := s.Finish(f, FormatOptions{}), Format(f); !bytes.Equal(got, want) {
		t.Fatalf("Finish differs from Format (%d and %d bytes)", len(got), len(want))
	}
	s = &FormatStream{}
	Parse(src, &Options{OnTree: s.OnTree})
	s.Wait()
	for i, c := range s.chunks {
		if c.out != nil {
			t.Fatalf("chunk %d formatted after Wait", i)
		}
	}
}

// TestFormatWide: a large tree whose root sequence ends in variations is
// formatted in groups of them on several goroutines (formatWide), and
// gives what the serial walk gives: a root alone or followed by moves,
// variations with lines and variations of their own nested past the
// deepest indentation, comments with line breaks, siblings of one node.
func TestFormatWide(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	}
	shapes := map[string]func(i int) string{
		"siblings of one node": func(i int) string { return fmt.Sprintf("(;B[%c%c])", 'a'+i%19, 'a'+i/19%19) },
		"lines and nesting": func(i int) string {
			s := "(;B[aa];W[bb];B[cc]"
			for d := range i % 20 {
				s += fmt.Sprintf("(;W[%c%c]C[line\nbreak %d])(;B[dd]", 'a'+d, 'a'+i%19, d)
			}
			return s + strings.Repeat(")", i%20+1)
		},
	}
	for name, child := range shapes {
		for _, root := range []string{"(;GM[1]SZ[19]", "(;GM[1]SZ[19];B[pd];W[dp]C[x\ny]"} {
			var src []byte
			src = append(src, root...)
			for i := 0; len(src) < 1<<20; i++ {
				src = append(src, child(i)...)
				src = append(src, '\n')
			}
			src = append(src, ")\n"...)
			f, err := Parse(src, nil)
			if err != nil || len(f.Trees) != 1 {
				t.Fatalf("%s: %v, %d trees", name, err, len(f.Trees))
			}
			tr := f.Trees[0]
			starts := tr.formatGroups()
			if len(starts) < 3 {
				t.Fatalf("%s: %d nodes split into %v: the test proves little", name, len(tr.nodes), starts)
			}
			got := formatTree(nil, tr, false)
			want := append(tr.formatVars(nil, false, 0, 0, -1), '\n')
			if !bytes.Equal(got, want) {
				t.Fatalf("%s, root %q: formatted in %d groups differs from serially (%d and %d bytes)", name, root, len(starts)-1, len(got), len(want))
			}
		}
	}
}

// TestAppendPreemptible: appendPreemptible appends what append appends,
// for pieces shorter than, equal to and longer than preemptibleCopy.
func TestAppendPreemptible(t *testing.T) {
	for _, n := range []int{0, 1, preemptibleCopy - 1, preemptibleCopy, 3*preemptibleCopy + 7} {
		p := bytes.Repeat([]byte("abcdefg"), n/7+1)[:n]
		got := appendPreemptible(make([]byte, 3, 3+n), p)
		if want := append(make([]byte, 3), p...); !bytes.Equal(got, want) {
			t.Fatalf("%d bytes: %d appended, want %d", n, len(got), len(want))
		}
	}
}
