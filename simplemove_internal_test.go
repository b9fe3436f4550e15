package sgf

import (
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/sgf-toolkit/sgf/internal/sgftest"
	"github.com/sgf-toolkit/sgf/syntax"
)

// cursorTrace replays every node of g in pre-order with one cursor (Goto)
// and records what it knows at each: the board's hash and history, the
// move number, the player to move and the last move.
func cursorTrace(g *Game) []any {
	var out []any
	cur := g.NewCursor()
	for n := range g.Nodes() {
		if err := cur.Goto(n); err != nil {
			panic(err)
		}
		m, ok := cur.LastMove()
		p := cur.Position()
		out = append(out, p.String(), cur.MoveNumber(), p.ToPlay, m.Color, m.Point, m.Pass, m.Hex, string(m.Raw), ok, cur.Broken(), cur.Depth())
		if b := cur.GoBoard(); b != nil {
			out = append(out, b.Hash(), b.Prisoners(1), b.Prisoners(2), b.History())
		}
	}
	return out
}

// cursorWalk visits every node of g depth first with one cursor stepping
// by Child and Parent (Child(0) as Next), and records at each node what
// cursorTrace records, once on the way down and again after each child's
// subtree was taken back: runs of ";B[pd]" nodes are entered from their
// parent, at their first node and again after a variation. With reverse,
// it visits each node's last child first (a leaf then asks for a child
// after the cursor read the run that follows it in the file), and asks
// every leaf for its first child again at the end.
func cursorWalk(g *Game, reverse bool) []any {
	var out []any
	cur := g.NewCursor()
	note := func() {
		m, ok := cur.LastMove()
		p := cur.Position()
		out = append(out, p.String(), cur.MoveNumber(), p.ToPlay, m.Color, m.Point, m.Pass, string(m.Raw), ok, cur.Broken(), cur.Depth(), cur.Node().n.Index())
		if b := cur.GoBoard(); b != nil {
			out = append(out, b.Hash(), b.Prisoners(1), b.Prisoners(2))
		}
	}
	note()
	next := []int{0} // the number of children visited at each depth
	for len(next) > 0 {
		k := len(next) - 1
		i := next[k]
		next[k]++
		nc := cur.Node().NumChildren()
		if reverse && i < nc {
			i = nc - 1 - i
		}
		var ok bool
		if i == 0 {
			ok = cur.Next()
		} else {
			ok = cur.Child(i)
		}
		if ok {
			note()
			next = append(next, 0)
			continue
		}
		out = append(out, "no child", i)
		next = next[:k]
		if cur.Parent() {
			note()
		}
	}
	return out
}

// TestCursorWalkSimpleMoves: Child's path for runs of ";B[pd]" nodes
// (Cursor.runTree: a line read a few nodes at a time) leaves the cursor
// where the general path does at every step of a depth-first walk, in
// lines longer than runMax, at variations and back.
func TestCursorWalkSimpleMoves(t *testing.T) {
	long := []byte("(;GM[1]SZ[19]")
	for i := range 3*runMax + 5 {
		long = append(long, ';', "BW"[i%2], '[', 'a'+byte(i%19), 'a'+byte(i/19%19), ']')
		if i%50 == 49 {
			long = append(long, "(;B[ss];W[]C[x])"...)
		}
	}
	long = append(long, ')')
	srcs := [][]byte{
		long,
		[]byte("(;GM[1]SZ[9];B[aa];W[ab];B[ba];W[bb](;B[cc];W[tt];B[dd])(;W[ee];C[ab];B[ff];W[gg]BL[1];B[hh])(;B[aa];W[ii]))"),
		[]byte("(;GM[1]SZ[9];B[aa];W[ab];B[ba];W[ca];B[bb];W[aa];B[ab];W[zz];B[])"),
		[]byte("(;GM[11]SZ[5];B[a1];W[b2];B[c3])"),
		[]byte("(;GM[11]SZ[5];B[a1];C[x]W[b2];B[]C[y];AB[c3]W[d4];TB[a1]B[e5])"),
		// a leaf just before a run in the file, reached by the general path
		[]byte("(;GM[1]SZ[9];B[aa](;W[gg]BL[1])(;W[bb];B[cc];W[dd]))"),
		// moves with other properties (Cursor.quickMove), and nodes near
		// their shape that it leaves to pushGeneral
		[]byte("(;GM[1]SZ[9];B[aa]BL[1797.199]\n;W[ab]WL[1789.663]C[x \\] y];B[ba]BL[1]OB[3];W[ca]WL[0123456789abcdef]" +
			";B[tt]BL[2];W[zz]WL[2];B[bb]C[x](;W[aa]BL[1];B[ab]C[retake])(;W[cc]AB[dd];B[ee]PL[B];W[ff]MN[9]WL[1];B[]BL[1]" +
			";W[gg]B[hh];AB[ii]C[x];B[\\a]BL[1];W[hh] BL[1] C[y] ;B[ii]\r\nBL[1]\n))"),
		[]byte("(;GM[1]SZ[19];B[pd]BL[1.5];W[dd]WL[1.5];B[pp]C[ends in a value"),
		// passes and moves after other properties (quickNode, quickMove)
		[]byte("(;GM[1]SZ[9];B[aa];W[ab];B[];W[]C[x];B[ba](;W[ca]C[x];TW[aa][bb]\n[cc]B[]TB[dd];C[x]W[bb];B[ab]C[y]" +
			"(;W[]AB[ee];AB[ff]W[aa];B[tt]TB[aa])(;C[x]B[cc]W[];TW[aa]B[ ];W[]C[x][y];W[ee])))"),
	}
	dir := sgftest.Corpus(t, "games")
	n := 0
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".sgf" {
			return err
		}
		if n++; n%11 != 0 {
			return nil
		}
		src, err := os.ReadFile(p)
		srcs = append(srcs, src)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { simpleMoves = true }()
	for _, src := range srcs {
		c, _ := Parse(src)
		if c == nil {
			continue
		}
		for _, g := range c.Games() {
			for _, reverse := range []bool{false, true} {
				simpleMoves = true
				fast := cursorWalk(g, reverse)
				simpleMoves = false
				slow := cursorWalk(g, reverse)
				if len(fast) != len(slow) {
					t.Fatalf("%.60q reverse %v: %d and %d items", src, reverse, len(fast), len(slow))
				}
				for i := range fast {
					if fast[i] != slow[i] {
						t.Fatalf("%.60q reverse %v: item %d is %v with the simple-move path, %v without", src, reverse, i, fast[i], slow[i])
					}
				}
			}
		}
	}
}

// TestQuickMove: Next reads the move nodes with other properties of the
// plain shape (";B[pd]BL[1797.199]") with Cursor.quickMove, and leaves the
// other nodes to pushGeneral; TestCursorWalkSimpleMoves shows that the
// paths leave the cursor in the same place.
func TestQuickMove(t *testing.T) {
	for _, c := range []struct {
		src   string
		quick int // nodes read by quickMove
	}{
		{"(;GM[1]SZ[19];B[pd]BL[1797.199]\n;W[dd]WL[1789.663]C[a \\] b]\n;B[pp]\n;W[dp]WL[1];B[tt]OB[3])", 4},
		{"(;GM[1]SZ[19];B[pd]AB[dd];W[dd]PL[B];B[ee]MN[3];W[ ]WL[1];AB[aa]C[x];B[ff]W[gg];W[gg]Bl[1];B[][aa]C[x])", 0},
		// passes, and moves after other properties
		{"(;GM[1]SZ[19];B[pd];W[];B[]C[x];W[dd];TW[aa][bb]\n[cc]B[]TB[dd];W[tt]BL[1];C[x]B[qq] ;AB[aa]W[cc])", 5},
		{"(;GM[1]SZ[19];B[pd](;W[dd]WL[1])(;W[pp]WL[1];B[dp]BL[1]C[x])", 1},
		{"(;CA[Shift_JIS]GM[1]SZ[19];B[pd]BL[1];W[dd]WL[1])", 0},
		{"(;GM[1]SZ[19];B[pd]BL[1];W[dd]WL[1", 1},
	} {
		col, _ := Parse([]byte(c.src))
		cur := col.Games()[0].NewCursor()
		for cur.Next() {
		}
		if cur.quickMoves != c.quick {
			t.Errorf("%q: %d nodes read by quickMove, want %d", c.src, cur.quickMoves, c.quick)
		}
	}
}

// TestCursorRunEdited: a node of a run that Child read ahead, changed
// after the cursor read it, is executed as changed.
func TestCursorRunEdited(t *testing.T) {
	c, err := Parse([]byte("(;GM[1]SZ[9];B[aa];W[bb];B[cc];W[dd];B[ee])"))
	if err != nil {
		t.Fatal(err)
	}
	g := c.Games()[0]
	cur := g.NewCursor()
	cur.Next() // B[aa]: the run of five read
	third := cur.Node().Child(0).Child(0)
	if err := third.Set("B", "gg"); err != nil {
		t.Fatal(err)
	}
	cur.Next()
	cur.Next()
	if b := cur.GoBoard(); b.At(b.Point(6, 6)) != 1 || b.At(b.Point(2, 2)) != 0 {
		p := cur.Position()
		t.Fatalf("after the edit:\n%v", p.String())
	}
}

// TestCursorResetEndsRun: Next reads the next node of a run from the
// run's tree without asking whether it is the game's (Cursor.runTree), so
// Reset must end the run: a cursor moved in the middle of a run of one
// game to the same depth of another plays the other game's next move.
func TestCursorResetEndsRun(t *testing.T) {
	ca, err := Parse([]byte("(;GM[1]SZ[19];B[aa];W[bb];B[cc];W[dd];B[ee];W[ff])"))
	if err != nil {
		t.Fatal(err)
	}
	cb, err := Parse([]byte("(;GM[1]SZ[19];B[pa];W[pb];B[pc];W[pd];B[pe];W[pf])"))
	if err != nil {
		t.Fatal(err)
	}
	a, b := ca.Games()[0], cb.Games()[0]
	cur := a.NewCursor()
	cur.Next()
	cur.Next() // in the run of a's six moves
	cur.Reset(b)
	second := b.Root().Child(0).Child(0)
	if err := cur.Goto(second); err != nil { // by push: no run of b read
		t.Fatal(err)
	}
	cur.Next()
	if n, want := cur.Node(), second.Child(0); n != want {
		t.Fatalf("at %v, want %v", n, want)
	}
	if gb := cur.GoBoard(); gb.At(gb.Point(15, 2)) != 1 || gb.At(gb.Point(2, 2)) != 0 {
		p := cur.Position()
		t.Fatalf("after b's third move:\n%v", p.String())
	}
}

// TestCursorSimpleMoves: the cursor's path for nodes like ";B[pd]" leaves
// it where the general path (every property through Props) does, at every
// node of the corpus's games and of small cases (passes, other letters,
// white space, moves off the board, Hex), and so does its path for
// nodes read from their text (Cursor.quickNode and Cursor.scanNode: moves
// with other properties, setup, unterminated values, Shift_JIS values,
// FF[3] identifiers).
func TestCursorSimpleMoves(t *testing.T) {
	srcs := [][]byte{
		[]byte("(;GM[1]SZ[9];B[aa]\n;W[tt];B[zz] ;W[bb]\r\n(;B[cc];C[ab];W[dd])(;B[];PL[W];W[ee]MN[40];B[ff]))"),
		[]byte("(;GM[11]SZ[5];B[a1];W[swap];B[c3];W[b2])"),
		[]byte("(;GM[3]SZ[8];B[aa];W[bb])"),
		// moves with other properties (Cursor.scanNode)
		[]byte("(;GM[1]SZ[19];B[pd]BL[30.5]C[a \\] b];W[dd]WL[3]PL[W];B[ee]MN[7]C[x];W[ff]B[gg];B[hh]W[ii]B[jj]" +
			";Black[kk]BL[1];W[ll]AB[mm];AW[nn]B[oo]C[c];B[pp]XYZ[1];B[qq]Bl[2];b[rr]B[ss];W[aa][bb]PL[B][W]" +
			";B[cc]AddWhite[dd];W [ ee ] MN[x];PL[w]B[ff]  \n;MN[-3]W[gg];B[hh] [ii]C[;(]W[jj];W[kk]B[ll]W[mm]" +
			";B[pd]W[pd]KO[];B[tt]BL[1];W[]C[pass];PL[B]MN[1]B[zz];W[cc]C[x\\]B[dd];B[ee]C[0123456789012345678901234567\\]W[ff]])"),
		[]byte("(;GM[1]SZ[9];B[aa]C[the input ends in a value;W[bb]"),
		[]byte("(;GM[1]SZ[9];B[aa]C[x]W[bb"),
		[]byte("(;GM[1]SZ[9];B[aa]C[x];PL[W"),
		[]byte("(;GM[1]SZ[9];B[aa]C[x];MN[3"),
		// scanNode takes back what it executed before such a value
		[]byte("(;GM[1]SZ[9];B[aa]AB[bb]W[cc]PL[B]AE[aa]C[x"),
		[]byte("(;GM[3]SZ[8];B[aa]AB[bb]W[cc]AE[aa][bb"),
		[]byte("(;GM[11]SZ[5];B[a1]AB[b2]AW[c3]C[x"),
		[]byte("(;CA[Shift_JIS]GM[1]SZ[19];B[pd]C[\x81];W[dd]];W[ee]C[\x83\x5c]B[ff];B[gg])"),
		[]byte("(;GM[11]SZ[5];B[a1]C[x];W[swap]C[y];B[c3]BL[2];W[b2]PL[W])"),
		[]byte("(;GM[3]SZ[8];B[aa]C[x];W[bb]AB[cc];PL[W]W[dd])"),
		// setup read from the text, in order with the moves
		[]byte("(;GM[1]SZ[9]HA[2]AB[cc][gg]PL[W];W[ee]AB[ff];AE[ee]B[ee]AW[aa:bc];B[dd]AE[dd]W[dd];AB[hh] [ii]\n[jj]C[x]AW[]" +
			";AE[zz]AB[a\\a];W[ab]AB[ab]AE[ab]B[ab];AB[ba]W[ca]AB[ac]B[ca])"),
		[]byte("(;GM[3]SZ[8]AB[aa][bb];AE[aa]W[cc]AW[aa];AB[dd:ee]C[y];AE[bb]B[bb])"),
		[]byte("(;GM[11]SZ[5]AB[a1][b2];W[c3]AE[a1];AW[d4]B[e5];AE[d4]W[d4])"),
		// nodes of quickNode's shape, and near it
		[]byte("(;GM[1]SZ[9]AB[aa][bb] [cc]AW[dd]AE[aa]AB[aa]C[x\\]y]PL[W];W[ee]BL[1]WL[0123456789abcdef\\]\\\\];B[aa]TB[ab][ba]C[]" +
			";W[ab]AE[ab];B[tt]C[pass];W[]C[pass];B[ \t]C[x];W[cc][dd];AB[ee]C[y];AE[ee][ff]AW[ee];B[zz]\nC[off] ;W[gg] )"),
		[]byte("(;GM[3]SZ[8]AB[aa][bb]C[x];B[cc]BL[3];AW[aa]AE[aa];W[dd]C[y\\])"),
		[]byte("(;GM[11]SZ[5]AB[a1]C[x];B[b2]C[y];W[c3]BL[2];AE[a1]C[z])"),
		[]byte("(;GM[1]SZ[9];B[aa]C[ends in a value;W[bb]"),
		[]byte("(;GM[1]SZ[9]AB[aa][bb]AW[cc]C[ends in a value"),
		// nodes with setup that quickNode leaves to scanNode (nothing executed twice)
		[]byte("(;GM[1]SZ[9]AB[aa][bb]W[cc];AE[aa]AB[dd]PL[B];AW[ee]Black[ff];AW[gg]C[x]B[hh])"),
	}
	// Values of up to 20 bytes around quickNode's eight-byte reads, with
	// escaped "]" and backslashes at every offset, in a root with setup
	// and in moves with times and comments.
	rng := rand.New(rand.NewPCG(14, 7))
	val := func() []byte {
		var v []byte
		for len(v) < rng.IntN(21) {
			v = append(v, []string{"a", "b", " ", "\\]", "\\\\", "\\a"}[rng.IntN(6)]...)
		}
		return v
	}
	for range 40 {
		src := append(append([]byte("(;GM[1]SZ[9]AB[aa]C["), val()...), ']')
		for k := range 30 {
			src = append(src, ';', "BW"[k%2], '[', 'a'+byte(rng.IntN(9)), 'a'+byte(rng.IntN(9)), ']')
			src = append(append(append(src, "BLC"[k%3:k%3+1]...), '['), val()...)
			src = append(src, "]WL[1]"[:1+k%2*5]...)
		}
		srcs = append(srcs, append(src, ')'))
	}
	dir := sgftest.Corpus(t, "games")
	n := 0
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".sgf" {
			return err
		}
		if n++; n%7 != 0 { // every seventh file: the test stays short
			return nil
		}
		src, err := os.ReadFile(p)
		srcs = append(srcs, src)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { simpleMoves = true }()
	for _, src := range srcs {
		c, _ := Parse(src)
		if c == nil {
			continue
		}
		for _, g := range c.Games() {
			simpleMoves = true
			fast := cursorTrace(g)
			simpleMoves = false
			slow := cursorTrace(g)
			if len(fast) != len(slow) {
				t.Fatalf("%.60q: %d and %d items", src, len(fast), len(slow))
			}
			for i := range fast {
				if fast[i] != slow[i] {
					t.Fatalf("%.60q: item %d is %v with the simple-move path, %v without", src, i, fast[i], slow[i])
				}
			}
		}
	}
}

// TestScanNodeReadsUneditedNodes: every node of an unedited tree is read
// by quickNode or scanNode (with the syntax layer's property scanner),
// whatever its charset and identifiers (lower-case letters, FF[3]
// spellings, text outside values, more than two moves); only a node with
// a value that the input ends in is left to the general path, and
// scanNode then takes back what it executed. TestCursorSimpleMoves shows
// that the paths leave the cursor in the same place.
func TestScanNodeReadsUneditedNodes(t *testing.T) {
	for _, c := range []struct {
		src     string
		general int // nodes read by the general path
	}{
		{"(;GM[1]SZ[19]AB[dd][pp]C[x];B[pd]BL[30.5];W[dd]WL[3]C[a \\] b])", 0},
		{"(;CA[Shift_JIS]GM[1]SZ[19]PB[\x96\x5d]AB[pp];B[pd]C[\x95\\];W[dd]C[\x83\x5c]B[ee])", 0},
		{"(;GM[1]SZ[19]AddBlack[dd]Black[ee];B[pd]Bl[3]c[x];b[pp]W[qq]BL[2])", 0},
		{"(;GM[1]SZ[19];B[aa]W[bb]B[cc]AE[aa]W[dd]junk B[ee];PL[W]MN[9]W[ff])", 0},
		{"(;GM[3]SZ[8]AB[aa][bb];AE[aa]W[cc]AW[aa]C[y])", 0},
		{"(;GM[1]SZ[19];B[aa]AB[bb]C[the input ends in a value", 1},
		{"(;GM[1]SZ[19];B[aa]AB[bb][cc", 1},
	} {
		cur := visitAll(t, c.src)
		if cur.general != c.general {
			t.Errorf("%q: %d nodes read by the general path, want %d", c.src, cur.general, c.general)
		}
	}
}

// visitAll returns a cursor on the first game of src that has gone to
// every node of it in order.
func visitAll(t *testing.T, src string) *Cursor {
	t.Helper()
	col, _ := Parse([]byte(src))
	g := col.Games()[0]
	cur := g.NewCursor()
	for n := range g.Nodes() {
		if err := cur.Goto(n); err != nil {
			t.Fatal(err)
		}
	}
	return cur
}

// TestQuickNodeReadsPlainNodes: Cursor.quickNode reads the nodes of the
// plain shape (a move of two bytes first or none, then identifiers of one
// or two upper-case letters, each followed at once by its values, setup
// only without a move) and leaves every other node to scanNode, having
// executed nothing. TestCursorSimpleMoves shows that the nodes it reads
// leave the cursor where the general path does.
func TestQuickNodeReadsPlainNodes(t *testing.T) {
	for _, c := range []struct {
		src   string
		quick int // nodes read by quickNode, the root included
	}{
		{"(;GM[1]SZ[19];B[pd]BL[1797.199]WL[1700];W[dd]WL[3]C[a \\] b]\n;B[pp]C[x]BL[1])", 4},
		{"(;GM[1]SZ[19]AB[dd][pp]\n[dp]AW[qq]AE[dd]C[x];B[tt]TB[aa][ab]  [ac]\r\n;W[]BL[1])", 3},
		// a move after other properties, a pass, setup before a move
		{"(;GM[1]SZ[19];TW[aa][bb]\n[cc]B[]TB[dd];C[x]W[pd] BL[1];AB[aa]AW[bb]B[cc]C[y];W[];AE[aa]B[]C[x])", 6},
		{"(;GM[1]SZ[19]C[0123456789abcdef0123456789\\]abcdef];B[pd]C[\\\\];W[dd]C[\\\\\\]])", 3},
		// other shapes: scanNode
		{"(;GM[1]SZ[19];B[pd]AB[dd];W[dd]PL[B];B[ee]MN[3];W[ff]B[gg];B[hh][ii]C[x])", 1},
		{"(;GM[1]SZ[19];C[x]B[];W[];B[]W[];TW[aa]B[ ];C[x]W[p\\d];B[pdd];W[]AB[aa];C[x]B[][aa])", 3},
		{"(;GM[1]SZ[19];B[pd]Bl[1];W[dd]BLT[1];B[ee]C [x];W[ff] C[x] junk;b[gg]C[x];B[\\]]C[x])", 1},
		{"(;GM[1]PL[W]SZ[19];AE[aa]PL[B];B[aa]AddBlack[bb])", 0},
		{"(;GM[1]SZ[19]AB[dd]AW[ee]C[the input ends in a value", 0},
		{"(;GM[1]SZ[19];B[aa]AB[bb][cc", 1},
	} {
		cur := visitAll(t, c.src)
		if cur.quick != c.quick {
			t.Errorf("%q: %d nodes read by quickNode, want %d", c.src, cur.quick, c.quick)
		}
	}
}

// TestValueEnd: valueEnd finds the end of a value where syntax.ScanValue
// does, eight bytes at a time or one, with the end of the node before the
// end of the text it may read, escapes at every offset.
func TestValueEnd(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 5))
	alphabet := []byte("ab]\\\\ [x")
	for range 20000 {
		src := make([]byte, 1+rng.IntN(40))
		src[0] = '['
		for i := 1; i < len(src); i++ {
			src[i] = alphabet[rng.IntN(len(alphabet))]
		}
		for n := 1; n <= len(src); n++ {
			want, ok := syntax.ScanValue(src[:n], 0, syntax.ASCIISafe)
			if !ok {
				want = -1
			}
			if got := valueEnd(src, 1, n); got != want {
				t.Fatalf("valueEnd(%q, 1, %d) = %d, want %d", src, n, got, want)
			}
		}
	}
}
