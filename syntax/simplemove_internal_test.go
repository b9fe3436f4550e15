package syntax

import "testing"

// TestIsSimpleMoveWord: isSimpleMove, which reads the node as one word,
// answers as isSimpleMoveBytes, byte by byte, for every byte value at
// each of the seven places of ";B[pd];" (the others kept), at every
// offset near the end of the input, where the word cannot be read.
func TestIsSimpleMoveWord(t *testing.T) {
	base := []byte(";B[pd];W")
	yes := 0
	for pos := range 7 {
		for v := range 256 {
			src := append([]byte(nil), base...)
			src[pos] = byte(v)
			for end := 6; end <= len(src); end++ {
				for i := range 2 {
					got, want := isSimpleMove(src[:end], i), isSimpleMoveBytes(src[:end], i)
					if got != want {
						t.Fatalf("%q at %d: word %v, bytes %v", src[:end], i, got, want)
					}
					if got {
						yes++
					}
				}
			}
		}
	}
	if yes == 0 {
		t.Fatal("no simple move found: the test proves nothing")
	}
	if isSimpleMove([]byte(";B[pd];"), -1) {
		t.Error("a negative offset is a simple move")
	}
}

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
