package sgf

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/sgf-toolkit/sgf/internal/sgftest"
)

// cursorTrace replays every node of g in pre-order with one cursor (Goto)
// and records what it knows at each: the board's hash, the move number,
// the player to move and the last move.
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
			out = append(out, b.Hash(), b.Prisoners(1), b.Prisoners(2))
		}
	}
	return out
}

// TestCursorSimpleMoves: the cursor's path for nodes like ";B[pd]" leaves
// it where the general path (every property through Props) does, at every
// node of the corpus's games and of small cases (passes, other letters,
// white space, moves off the board, Hex), and so does its path for
// nodes read from their text (Cursor.scanNode: moves with other
// properties, unterminated values, Shift_JIS values, FF[3] identifiers).
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
		[]byte("(;CA[Shift_JIS]GM[1]SZ[19];B[pd]C[\x81];W[dd]];W[ee]C[\x83\x5c]B[ff];B[gg])"),
		[]byte("(;GM[11]SZ[5];B[a1]C[x];W[swap]C[y];B[c3]BL[2];W[b2]PL[W])"),
		[]byte("(;GM[3]SZ[8];B[aa]C[x];W[bb]AB[cc];PL[W]W[dd])"),
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
