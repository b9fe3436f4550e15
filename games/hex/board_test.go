package hex

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// diagram draws the board row by row: X black, O white, . empty.
func diagram(b *Board) string {
	var sb strings.Builder
	for r := range b.Rows() {
		if r > 0 {
			sb.WriteByte('\n')
		}
		for c := range b.Cols() {
			sb.WriteByte(".XO"[b.At(b.Cell(c, r))])
		}
	}
	return sb.String()
}

func scratchHash(b *Board) uint64 {
	h := splitmix(uint64(b.cols)<<32 | uint64(b.rows))
	for i, c := range b.Stones() {
		h ^= b.key(int(i), c)
	}
	return h
}

func mustCell(t testing.TB, b *Board, name string) Cell {
	t.Helper()
	c, err := b.ParseCell(name)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestNewSizes(t *testing.T) {
	tests := []struct {
		cols, rows int
		ok         bool
	}{
		{1, 1, true}, {11, 11, true}, {6, 7, true}, {26, 26, true}, {27, 30, true}, {MaxSize, 1, true},
		{0, 5, false}, {5, 0, false}, {MaxSize + 1, 5, false}, {-3, 5, false},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.cols, "x", tt.rows), func(t *testing.T) {
			b, err := New(tt.cols, tt.rows)
			if !tt.ok {
				var e *Error
				if !errors.Is(err, ErrSize) || !errors.As(err, &e) {
					t.Fatalf("error = %v, want ErrSize", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if b.Cols() != tt.cols || b.Rows() != tt.rows || b.Len() != tt.cols*tt.rows {
				t.Fatal("size")
			}
			last := b.Cell(tt.cols-1, tt.rows-1)
			if col, row := b.ColRow(last); col != tt.cols-1 || row != tt.rows-1 {
				t.Fatalf("ColRow(last) = %d, %d", col, row)
			}
			if b.Cell(tt.cols, 0) != NoCell || b.Cell(0, tt.rows) != NoCell || b.Cell(-1, 0) != NoCell {
				t.Error("off-board cell accepted")
			}
		})
	}
}

// TestCellNames: "a cell is named by a column label (one or more letters)
// followed by a row label (one or more digits). If there are more than 26
// columns, they are labeled by base-26 alphabet numbers, i.e., the next
// columns after 'z' are 'aa', 'ab', 'ac', etc. Cell names are case
// insensitive. Examples: [a1], [f6], [ab28]."
func TestCellNames(t *testing.T) {
	tests := []struct {
		name     string
		col, row int
	}{
		{"a1", 0, 0}, {"f6", 5, 5}, {"z26", 25, 25}, {"aa1", 26, 0}, {"ab28", 27, 27},
		{"az3", 51, 2}, {"ba3", 52, 2}, {"zz702", 701, 701},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FormatCell(tt.col, tt.row); got != tt.name {
				t.Errorf("FormatCell(%d, %d) = %q", tt.col, tt.row, got)
			}
			for _, s := range []string{tt.name, strings.ToUpper(tt.name)} {
				col, row, err := ParseCell(s)
				if err != nil || col != tt.col || row != tt.row {
					t.Errorf("ParseCell(%q) = %d, %d, %v", s, col, row, err)
				}
			}
		})
	}
	for _, bad := range []string{"", "a", "1", "a0", "a01", "a-1", "a1b", "1a", "aaa1", "a703", "a 1", "é1"} {
		if _, _, err := ParseCell(bad); !errors.Is(err, ErrSyntax) {
			t.Errorf("ParseCell(%q) error = %v, want ErrSyntax", bad, err)
		}
	}
	b, _ := New(11, 11)
	if _, err := b.ParseCell("l1"); !errors.Is(err, ErrCell) {
		t.Errorf("l1 on 11x11: %v", err)
	}
	if b.Name(mustCell(t, b, "K11")) != "k11" || b.Name(NoCell) != "" || ColumnLabel(-1) != "" {
		t.Error("Name")
	}
}

// play parses "B[a1] W[b2] ..." style lists (colour letter + cell) and
// plays them, returning the last MoveInfo.
func play(t *testing.T, b *Board, moves string) MoveInfo {
	t.Helper()
	var info MoveInfo
	for _, m := range strings.Fields(moves) {
		c := map[byte]Color{'B': Black, 'W': White}[m[0]]
		info = b.Play(c, mustCell(t, b, m[1:]))
		if info.Err != nil {
			t.Fatal(info.Err)
		}
	}
	return info
}

// TestWinner: Black joins the top and bottom rows, White the left and right
// columns; SZ[6:7] is "6 columns and 7 rows (i.e., the distance between the
// white edges is smaller than the distance between the black edges)".
func TestWinner(t *testing.T) {
	tests := []struct {
		name       string
		cols, rows int
		moves      string
		want       Color
	}{
		{"1x1 black", 1, 1, "Ba1", Black},
		{"1x1 white", 1, 1, "Wa1", White},
		{"2x2 black column", 2, 2, "Ba1 Ba2", Black},
		{"2x2 black along the short diagonal", 2, 2, "Bb1 Ba2", Black},
		{"2x2 a1-b2 are not neighbours", 2, 2, "Ba1 Bb2", Empty},
		{"2x2 white row", 2, 2, "Wa2 Wb2", White},
		{"2x2 white along the short diagonal", 2, 2, "Wa2 Wb1", White},
		{"3x3 black bent chain", 3, 3, "Bc1 Bb2 Bb3", Black},
		{"3x3 black row is no win", 3, 3, "Ba2 Bb2 Bc2", Empty},
		{"3x3 white column is no win", 3, 3, "Wb1 Wb2 Wb3", Empty},
		{"3x3 white zigzag", 3, 3, "Wa3 Wb2 Wc1", White},
		{"6:7 black needs seven rows", 6, 7, "Ba1 Ba2 Ba3 Ba4 Ba5 Ba6", Empty},
		{"6:7 black", 6, 7, "Ba1 Ba2 Ba3 Ba4 Ba5 Ba6 Ba7", Black},
		{"6:7 white needs six columns", 6, 7, "Wa4 Wb4 Wc4 Wd4 We4 Wf4", White},
		{"7:6 white across seven columns", 7, 6, "Wa1 Wb1 Wc1 Wd1 We1 Wf1", Empty},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, _ := New(tt.cols, tt.rows)
			info := play(t, b, tt.moves)
			if got := b.Winner(); got != tt.want {
				t.Fatalf("Winner = %v, want %v\n%s", got, tt.want, diagram(b))
			}
			if info.Connects != (tt.want != Empty) {
				t.Errorf("last move Connects = %v", info.Connects)
			}
			w, r := b.Result()
			if w != tt.want || (r == Connection) != (tt.want != Empty) {
				t.Errorf("Result = %v, %v", w, r)
			}
		})
	}
}

func TestConnectsOnlyForTheChainOfTheMove(t *testing.T) {
	b, _ := New(3, 3)
	play(t, b, "Ba1 Ba2 Ba3")
	if info := play(t, b, "Bc1"); info.Connects {
		t.Error("a stone away from the winning chain reported Connects")
	}
	if b.Winner() != Black {
		t.Error("winner lost")
	}
}

func TestResignForfeit(t *testing.T) {
	b, _ := New(5, 5)
	play(t, b, "Bc3")
	b.Resign(White)
	if w, r := b.Result(); w != Black || r != Resigned {
		t.Fatalf("after W[resign]: %v %v", w, r)
	}
	b.Undo()
	b.Forfeit(Black)
	if w, r := b.Result(); w != White || r != Forfeited {
		t.Fatalf("after B[forfeit]: %v %v", w, r)
	}
	b.Undo()
	if w, r := b.Result(); w != Empty || r != Undecided {
		t.Fatalf("after undo: %v %v", w, r)
	}
	if info := b.Pass(White); info.Kind != Pass || info.Cell != NoCell || info.OutOfTurn || b.ToPlay() != Black {
		t.Errorf("pass: %+v", info)
	}
	if info := b.Resign(Empty); !errors.Is(info.Err, ErrColor) {
		t.Errorf("Resign(Empty): %v", info.Err)
	}
}

// TestSwapPieces follows the example of the SGF description:
// ";B[c5] ... ;W[swap-pieces];B[c4];W[c5]": after the swap c5 is empty (its
// stone went to e3 and became white) and Black is to move.
func TestSwapPieces(t *testing.T) {
	b, _ := New(7, 7)
	play(t, b, "Bc5")
	info := b.SwapPieces(White)
	if info.Err != nil || info.Late || info.OutOfTurn || info.Kind != SwapPieces {
		t.Fatalf("swap: %+v", info)
	}
	if b.At(mustCell(t, b, "c5")) != Empty || b.At(mustCell(t, b, "e3")) != White || b.ToPlay() != Black {
		t.Fatalf("after swap-pieces:\n%s\nto play %v", diagram(b), b.ToPlay())
	}
	if b.Hash() != scratchHash(b) {
		t.Error("hash")
	}
	b.Undo()
	if b.At(mustCell(t, b, "c5")) != Black || b.At(mustCell(t, b, "e3")) != Empty || b.ToPlay() != White {
		t.Fatal("undo of swap-pieces")
	}
	// A stone on the long diagonal stays where it is and changes colour.
	b.Reset()
	play(t, b, "Bd4")
	b.SwapPieces(White)
	if b.At(mustCell(t, b, "d4")) != White {
		t.Error("d4 after swap")
	}
	// A swap later than the second move is reported.
	play(t, b, "Ba1")
	if info := b.SwapPieces(White); !info.Late {
		t.Error("late swap not reported")
	}
}

func TestSwapPiecesRectangular(t *testing.T) {
	b, _ := New(6, 7)
	play(t, b, "Bb7") // mirrors to g2: off a board of 6 columns
	h, n := b.Hash(), b.History()
	if info := b.SwapPieces(White); !errors.Is(info.Err, ErrNotSquare) {
		t.Fatalf("swap on 6:7 with b7: %+v", info)
	}
	if b.Hash() != h || b.History() != n {
		t.Fatal("a refused swap changed the board")
	}
	b.Reset()
	play(t, b, "Bf2") // mirrors to b6, on the board
	if info := b.SwapPieces(White); info.Err != nil || b.At(mustCell(t, b, "b6")) != White {
		t.Fatalf("swap on 6:7 with f2: %+v\n%s", info, diagram(b))
	}
}

func TestSwapSides(t *testing.T) {
	b, _ := New(11, 11)
	play(t, b, "Ba9")
	before := diagram(b)
	info := b.SwapSides(White)
	if info.Err != nil || info.Late || info.Kind != SwapSides {
		t.Fatalf("swap-sides: %+v", info)
	}
	if diagram(b) != before || !b.SidesSwapped() || b.ToPlay() != White || b.Moves() != 2 {
		t.Fatalf("after swap-sides: swapped %v, to play %v", b.SidesSwapped(), b.ToPlay())
	}
	if next := play(t, b, "Wb10"); next.OutOfTurn {
		t.Error("White moves after White swapped sides")
	}
	b.UndoTo(1)
	if b.SidesSwapped() || b.ToPlay() != White {
		t.Error("undo of swap-sides")
	}
}

func TestSetupAndToPlay(t *testing.T) {
	b, _ := New(5, 5)
	// "AB[e7][e8][e9]AW[a6][b6]AE[f8][g6][g7]PL[B]": setup overwrites.
	play(t, b, "Ba1 Wb1")
	if err := b.Set(mustCell(t, b, "a1"), White); err != nil {
		t.Fatal(err)
	}
	if err := b.Set(mustCell(t, b, "b1"), Empty); err != nil {
		t.Fatal(err)
	}
	if err := b.SetToPlay(White); err != nil {
		t.Fatal(err)
	}
	if diagram(b)[:2] != "O." || b.ToPlay() != White || b.Moves() != 2 {
		t.Fatalf("setup:\n%s", diagram(b))
	}
	if info := play(t, b, "Ba1"); !info.Occupied || info.Overwritten != White || !info.OutOfTurn {
		t.Errorf("move on an occupied cell out of turn: %+v", info)
	}
	for _, err := range []error{b.Set(-1, Black), b.Set(25, Black), b.Set(0, 3), b.SetToPlay(Empty)} {
		if err == nil {
			t.Error("bad setup accepted")
		}
	}
	if info := b.Play(Black, 25); !errors.Is(info.Err, ErrCell) {
		t.Errorf("Play off the board: %v", info.Err)
	}
	if info := b.SwapSides(4); !errors.Is(info.Err, ErrColor) {
		t.Errorf("SwapSides(4): %v", info.Err)
	}
}

func TestStonesIterator(t *testing.T) {
	b, _ := New(3, 3)
	play(t, b, "Bc1 Wa2")
	var got []string
	for c, col := range b.Stones() {
		got = append(got, col.String()+b.Name(c))
	}
	if want := []string{"Bc1", "Wa2"}; !slices.Equal(got, want) {
		t.Errorf("Stones = %v", got)
	}
	for range b.Stones() {
		break
	}
}

func TestUndoRandom(t *testing.T) {
	type state struct {
		diag      string
		hash      uint64
		toPlay    Color
		swapped   bool
		moves     int
		winner    Color
		reason    Reason
		history   int
		connected bool
	}
	snap := func(b *Board) state {
		w, r := b.Result()
		return state{diagram(b), b.Hash(), b.ToPlay(), b.SidesSwapped(), b.Moves(), w, r, b.History(), b.Connected(White)}
	}
	for _, size := range [][2]int{{5, 5}, {11, 11}, {4, 9}, {27, 27}} {
		b, _ := New(size[0], size[1])
		rng := uint64(size[0]*1000 + size[1])
		var states []state
		for range 2000 {
			states = append(states, snap(b))
			rng = splitmix(rng)
			c := Color(rng>>32&1) + 1
			cell := Cell(rng % uint64(b.Len()))
			switch rng >> 40 % 32 {
			case 0:
				b.SwapPieces(c)
			case 1:
				b.SwapSides(c)
			case 2:
				b.Resign(c)
			case 3:
				b.Forfeit(c)
			case 4:
				b.Pass(c)
			case 5, 6:
				b.Set(cell, Color(rng>>48%3))
			case 7:
				b.SetToPlay(c)
			default:
				b.Play(c, cell)
			}
			if b.Hash() != scratchHash(b) {
				t.Fatalf("%v: hash drifted", size)
			}
			if b.History() < len(states) {
				states = states[:b.History()] // a refused swap-pieces records nothing
			}
		}
		for i := len(states) - 1; i >= 0; i-- {
			if !b.Undo() {
				t.Fatal("history too short")
			}
			if got := snap(b); got != states[i] {
				t.Fatalf("%v: undo to %d:\n%+v\nwant\n%+v", size, i, got, states[i])
			}
		}
	}
}

// TestSpecExample replays the example game of the SGF description, both
// variations, and checks the swap as the example uses it.
func TestSpecExample(t *testing.T) {
	const example = `(;AP[HexGui:0.10.GIT]FF[4]GM[11]SZ[7]C[Example game] ;B[c5]C[This opening is too strong. White will definitely swap it.] ;W[swap-pieces];B[c4];W[c5];B[a6];W[c6]C[Good.] ;B[a7];W[b5];B[a5];W[b3] (;B[d2]C[See the next variation for what happens if Black plays b4.] ;W[b4];B[d4];W[e5];B[resign];) (;B[b4];W[d2] ;AB[a2][b2][c1][d1][d4][d5][e1][e5][f1][f5][g5] C[Note that White is connected by templates, requiring only the area shown.]) )`
	b, _, st := replayFile(t, []byte(example), false)
	if len(st.errs) > 0 || st.occupied != 0 || st.outOfTurn != 0 || st.late != 0 || st.swaps != 1 {
		t.Fatalf("example: %+v", st)
	}
	if w, r := b.Result(); w != White || r != Resigned {
		t.Errorf("main line: %v %v, want W+Resign", w, r)
	}
	// Read as swap-sides, the same record has moves out of turn and a
	// stone on an occupied cell: the example means swap-pieces to move
	// the stone.
	_, _, st = replayFile(t, []byte(example), true)
	if st.occupied == 0 || st.outOfTurn == 0 {
		t.Errorf("example read as swap-sides: %+v", st)
	}
}
