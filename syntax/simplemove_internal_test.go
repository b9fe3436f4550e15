package syntax

import (
	"bytes"
	"math"
	"strings"
	"testing"
	"testing/iotest"
)

// simpleMoveRef is Node.SimpleMove as it was before it read words: the
// reference for TestSimpleMoveWord.
func simpleMoveRef(n Node) (byte, []byte, bool) {
	t := n.t
	s := int(t.nodes[n.i].start)
	if t.nodes[n.i].start == noPos || s+6 >= len(t.src) || t.src[s] != ';' || !isSimpleMoveBytes(t.src, s) {
		return 0, nil, false
	}
	j := s + 6
	for j < len(t.src) && isSpace(t.src[j]) {
		j++
	}
	if j == len(t.src) || !isNodeEnd(t.src[j]) {
		return 0, nil, false
	}
	return t.src[s+1], t.src[s+3 : s+5 : s+5], true
}

// TestSimpleMoveWord: Node.SimpleMove answers as simpleMoveRef for every
// byte value at each place of ";B[pd]" and the byte after it, before
// every kind of end of the node and of the input.
func TestSimpleMoveWord(t *testing.T) {
	yes := 0
	for _, tail := range []string{"", ")", ";W[aa])", " \n;W[aa])", "  ", "\t(;W[aa]))", " x"} {
		for pos := range 7 {
			for v := range 256 {
				node := []byte(";B[pd]")
				if pos < len(node) {
					node[pos] = byte(v)
				} else {
					node = append(node, byte(v))
				}
				src := append(append([]byte("(;GM[1]"), node...), tail...)
				f, _ := Parse(src, nil)
				for _, tr := range f.Trees {
					for i := range tr.NumNodes() {
						n := tr.Node(i)
						id, val, ok := n.SimpleMove()
						rid, rval, rok := simpleMoveRef(n)
						if ok != rok || id != rid || string(val) != string(rval) {
							t.Fatalf("%q node %d: SimpleMove %c %q %v, before %c %q %v", src, i, id, val, ok, rid, rval, rok)
						}
						if ok {
							yes++
						}
					}
				}
			}
		}
	}
	if yes == 0 {
		t.Fatal("no simple move found: the test proves nothing")
	}
}

// simpleRunRef is Tree.SimpleRun by Node.SimpleMove and the children.
func simpleRunRef(t *Tree, i int) int { return simpleRef(t, i, false) }

// simpleRef is simpleRunRef, and with line set the reference of
// SimpleLine: the only child may be in a variation of its own.
func simpleRef(t *Tree, i int, line bool) int {
	if t.Modified() {
		return 0
	}
	j := i
	for j < t.NumNodes() {
		n := t.Node(j)
		if _, _, ok := n.SimpleMove(); !ok {
			break
		}
		j++
		if n.NumChildren() != 1 || n.Child(0).Index() != j {
			break
		}
		if !line && bytes.IndexByte(t.src[t.nodes[n.i].start+6:t.nodes[j].start], '(') >= 0 {
			break // the only child, in a variation of its own
		}
	}
	return j - i
}

// TestSimpleRun: Tree.SimpleRun answers as simpleRunRef from every
// record of trees with runs of moves cut by every kind of node, variation
// and end of input, and of the trees of TestSimpleMoveWord's bytes; an
// edited tree has no runs; SimpleRunMax counts as far as it is told;
// SimpleRunWords reads each run's records as SimpleRunLetters does;
// SimpleRunNode gives the node, text and offset of each record of a span.
func TestSimpleRun(t *testing.T) {
	srcs := []string{
		"(;FF[4];B[pd];W[dp];B[pp];W[dd])",
		"(;FF[4];B[pd] ;W[dp]\n;B[qq]\r\n(;W[aa])(;W[bb];B[cc]))",
		"(;FF[4];B[pd];W[dp]C[x];B[pp];W[dd]BL[3];B[aa];W[bb])",
		"(;FF[4];B[pd];W[dp](;B[pp];W[dd])(;B[aa](;W[bb])))",
		"(;FF[4];B[pd];W[dp];B[pp]",
		"(;FF[4];B[pd];W[dp]  ",
		"(;FF[4];B[pd];;W[dp];B[\\]];W[tt];B[pd] x;W[aa])",
		"(;B[pd];W[dp])(;B[aa];W[bb];B[cc])\n(;W[dd])",
		"(;FF[4];B[pd](;W[dp]);W[aa];B[bb])", // a node after a variation
		// Lines written as variations nested one in the other.
		"(;FF[4](;B[pd](;W[dp](;B[pp](;W[dd])))))",
		"(;FF[4];B[pd](;W[dp](;B[pp]C[x](;W[dd](;B[aa])))))",
		"(;FF[4];B[pd](;W[dp](;B[pp];W[qq](;W[dd])(;W[ee]))))",
		"(;FF[4];B[pd] (;W[dp]\n(;B[pp] ) ) )",
		"(;FF[4];B[pd](;W[dp](;B[pp](;W[dd](;B[aa]",
	}
	for _, node := range byteVariants(";B[pd]", 7) {
		srcs = append(srcs, "(;GM[1];W[aa]"+node+";W[bb];B[cc])", "(;W[aa]"+node)
	}
	// Runs across the words of the parser's bits (64 records a word),
	// cut at and around their ends by another node, a variation or the
	// end of the input.
	line := func(n int) string { return strings.Repeat(";B[pd]", n) }
	srcs = append(srcs, "(;FF[4]"+line(200)+")")
	for _, k := range []int{62, 63, 64, 65, 126, 127, 128, 129} {
		srcs = append(srcs,
			"(;FF[4]"+line(k-1)+";C[x]"+line(200-k)+")",
			"(;FF[4]"+line(k-1)+"(;W[aa]"+line(100)+")(;W[bb]))",
			"(;FF[4]"+line(k-1))
	}
	runs, lines := 0, 0
	for _, src := range srcs {
		f, _ := Parse([]byte(src), nil)
		for _, tr := range f.Trees {
			for i := range tr.NumNodes() + 1 {
				// SimpleSpan: the records from i on that SimpleMove
				// takes, links or not.
				span := 0
				for i+span < tr.NumNodes() {
					if _, _, ok := tr.Node(i + span).SimpleMove(); !ok {
						break
					}
					span++
				}
				if got := tr.SimpleSpan(i); got != span {
					t.Fatalf("%q record %d: SimpleSpan %d, want %d", src, i, got, span)
				}
				// SimpleRunNode of each record of the span: the node,
				// its text and the offset of its ";".
				for k := i; k < i+span; k++ {
					n, text, off := tr.SimpleRunNode(k)
					id, v, o := tr.SimpleRunMove(k)
					if n != tr.Node(k) || off != n.Offset() || o != off || string(text) != ";"+string(id)+"["+string(v)+"]" ||
						&text[1] != &id[0] || &text[3] != &v[0] || cap(text) != 6 {
						t.Fatalf("%q record %d: SimpleRunNode %v %q %d, want %v, %q %q at %d", src, k, n, text, off, tr.Node(k), id, v, o)
					}
				}
				got, want := tr.SimpleRun(i), simpleRunRef(tr, i)
				if got != want {
					t.Fatalf("%q record %d: SimpleRun %d, want %d", src, i, got, want)
				}
				if l, want := tr.SimpleLine(i), simpleRef(tr, i, true); l != want {
					t.Fatalf("%q record %d: SimpleLine %d, want %d", src, i, l, want)
				} else if l > got {
					lines++
				}
				for _, m := range []int{-1, 0, 1, 2, 3, math.MaxInt} {
					if got, want := tr.SimpleRunMax(i, m), min(want, max(0, m)); got != want {
						t.Fatalf("%q record %d: SimpleRunMax(%d) %d, want %d", src, i, m, got, want)
					}
				}
				if got > 1 {
					runs++
				}
				words := make([]uint32, got)
				tr.SimpleRunWords(words, i)
				for k, w := range words {
					id, v0, v1 := tr.SimpleRunLetters(i + k)
					if want := uint32(id) | '['<<8 | uint32(v0)<<16 | uint32(v1)<<24; w != want {
						t.Fatalf("%q record %d: SimpleRunWords %#x, want %#x", src, i+k, w, want)
					}
				}
			}
		}
	}
	if runs == 0 || lines == 0 {
		t.Fatalf("%d runs of two moves or more, %d lines longer than their run: the test proves nothing", runs, lines)
	}
	f, _ := Parse([]byte("(;FF[4];B[pd];W[dp];B[pp])"), nil)
	tr := f.Trees[0]
	if tr.SimpleRun(1) != 3 {
		t.Fatalf("SimpleRun(1) = %d, want 3", tr.SimpleRun(1))
	}
	if err := tr.Node(3).SetProp("C", []byte("x")); err != nil {
		t.Fatal(err)
	}
	if k := tr.SimpleRun(1); k != 0 {
		t.Errorf("edited tree: SimpleRun(1) = %d, want 0", k)
	}
	if k := tr.SimpleLine(1); k != 0 {
		t.Errorf("edited tree: SimpleLine(1) = %d, want 0", k)
	}
	// A line of 1,000 moves written as nested variations is one line.
	var b strings.Builder
	b.WriteString("(;FF[4]")
	for i := range 1000 {
		b.WriteString("(;" + string("BW"[i%2]) + "[pd]")
	}
	b.WriteString(strings.Repeat(")", 1001))
	f, _ = Parse([]byte(b.String()), nil)
	if got := f.Trees[0].SimpleLine(1); got != 1000 {
		t.Errorf("1,000 nested moves: SimpleLine(1) = %d, want 1000", got)
	}
	if got := f.Trees[0].SimpleRun(1); got != 1 {
		t.Errorf("1,000 nested moves: SimpleRun(1) = %d, want 1", got)
	}
}

// TestAppendValuesOne: AppendValues and NumValues of a property that
// the PropScanner read as one whole value (the fast path) answer as the scan of
// its values (Values), for single and several values, white space between
// them, escapes, two-byte characters and a value the input cuts off; and
// the fast path is taken.
func TestAppendValuesOne(t *testing.T) {
	srcs := []string{
		"(;FF[4]C[a\\]b]PB[x y];B[pd]AB[aa][bb] [cc]\n[dd];C[]",
		"(;C[\\\\];GN[\x83\x5d]CA[Shift_JIS];C[x]  [y];B[pd])",
		"(;FF[4];C[unterminated",
		"(;FF[4]AB [aa]\t[bb])",
	}
	ones := 0
	for _, src := range srcs {
		for _, opts := range []*Options{nil, {LeadBytes: ShiftJIS}} {
			f, _ := Parse([]byte(src), opts)
			for _, tr := range f.Trees {
				for n := range tr.Nodes() {
					for _, p := range n.AppendProps(nil) {
						var want []Value
						for v := range p.Values() {
							want = append(want, v)
						}
						got := p.AppendValues(nil)
						if len(got) != len(want) || p.NumValues() != len(want) {
							t.Fatalf("%q %s: %d values (NumValues %d), want %d", src, p.ID, len(got), p.NumValues(), len(want))
						}
						for k := range want {
							if string(got[k].Raw) != string(want[k].Raw) || got[k].Offset != want[k].Offset {
								t.Errorf("%q %s value %d: %q@%d, want %q@%d", src, p.ID, k, got[k].Raw, got[k].Offset, want[k].Raw, want[k].Offset)
							}
						}
						if p.one {
							ones++
						}
					}
				}
			}
		}
	}
	if ones == 0 {
		t.Fatal("no property read as one value: the test proves nothing")
	}
}

// TestSimpleMoveBits: the parser's bits (Tree.simple) say of every record
// what simpleMoveRef says, in the trees of one Parse (each tree's bits
// after the previous tree's, runs across words of 64 records), of a
// Reader (bits copied from its arena, trees parsed again as more input
// comes, one of more than maxKeptNodes nodes that keeps the arena) and
// of ParseAt.
func TestSimpleMoveBits(t *testing.T) {
	var b bytes.Buffer
	moves := []string{";B[pd]", ";W[dp]", ";B[pp] ", ";W[dd]\n", ";B[qq]C[x]", ";W[tt]", ";B[]", ";C[ab]", ";W[\\]]", ";;B[aa]"}
	for g := range 40 {
		b.WriteString("(;GM[1]FF[4]")
		for k := range 50 + g*7 {
			b.WriteString(moves[(k*k+g)%len(moves)])
			if k%37 == 36 {
				b.WriteString("(;B[aa])(;W[bb]")
			}
		}
		for k := 50 + g*7 - 1; k >= 0; k-- {
			if k%37 == 36 {
				b.WriteString(")")
			}
		}
		b.WriteString(")\n")
	}
	b.WriteString("(;GM[1]" + strings.Repeat(";B[pd];W[dp]", maxKeptNodes/2+10) + ")")
	src := b.Bytes()
	simple := 0
	check := func(how string, tr *Tree) {
		t.Helper()
		for i := range tr.NumNodes() {
			n := tr.Node(i)
			id, val, ok := n.SimpleMove()
			rid, rval, rok := simpleMoveRef(n)
			if ok != rok || id != rid || string(val) != string(rval) {
				t.Fatalf("%s tree %d node %d: SimpleMove %c %q %v, want %c %q %v", how, tr.Index(), i, id, val, ok, rid, rval, rok)
			}
			if ok {
				simple++
			}
		}
	}
	f, err := Parse(src, nil)
	if err != nil || len(f.Trees) != 41 {
		t.Fatalf("Parse: %v, %d trees", err, len(f.Trees))
	}
	for _, tr := range f.Trees {
		check("Parse", tr)
	}
	r := NewReader(iotest.OneByteReader(bytes.NewReader(src[:len(src)/3])), nil)
	r2 := NewReader(bytes.NewReader(src), nil)
	for _, rd := range []*Reader{r, r2} {
		var trees []*Tree // checked once all are read: the arena is reused
		for {
			tr, err := rd.Next()
			if err != nil {
				break
			}
			trees = append(trees, tr)
		}
		for _, tr := range trees {
			check("Reader", tr)
		}
	}
	at := bytes.Index(src, []byte("\n(")) + 1
	f, _ = ParseAt(src[at:], Position{Offset: int64(at), Line: 2, Column: 1}, 1, nil)
	for _, tr := range f.Trees {
		check("ParseAt", tr)
	}
	if simple == 0 {
		t.Fatal("no simple move found: the test proves nothing")
	}
}

// byteVariants returns node with each of its first positions bytes set to
// each of the 256 values in turn; a position at or past its end appends
// the byte instead.
func byteVariants(node string, positions int) []string {
	var out []string
	for pos := range positions {
		for v := range 256 {
			b := []byte(node)
			if pos < len(b) {
				b[pos] = byte(v)
			} else {
				b = append(b, byte(v))
			}
			out = append(out, string(b))
		}
	}
	return out
}
