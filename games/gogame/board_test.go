package gogame

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// board builds a board from a diagram: X black, O white, . empty, one
// string per row; spaces are ignored.
func board(t testing.TB, rows ...string) *Board {
	t.Helper()
	for i := range rows {
		rows[i] = strings.ReplaceAll(rows[i], " ", "")
	}
	b, err := New(len(rows[0]), len(rows))
	if err != nil {
		t.Fatal(err)
	}
	for y, r := range rows {
		for x, ch := range r {
			switch ch {
			case 'X':
				b.Set(b.Point(x, y), Black)
			case 'O':
				b.Set(b.Point(x, y), White)
			}
		}
	}
	return b
}

// diagram draws the board in the notation board reads.
func diagram(b *Board) string {
	var sb strings.Builder
	for y := range b.Rows() {
		if y > 0 {
			sb.WriteByte('\n')
		}
		for x := range b.Cols() {
			sb.WriteByte(".XO"[b.At(b.Point(x, y))])
		}
	}
	return sb.String()
}

// scratchHash computes the hash of the position from nothing.
func scratchHash(b *Board) uint64 {
	h := b.emptyHash
	for p, c := range b.Stones() {
		x, y := b.XY(p)
		h ^= zobristKey(int(c)-1, y*MaxSize+x)
	}
	return h
}

func TestNewSizes(t *testing.T) {
	tests := []struct {
		cols, rows int
		ok         bool
	}{
		{1, 1, true}, {19, 19, true}, {9, 13, true}, {52, 52, true}, {52, 1, true}, {1, 52, true},
		{0, 19, false}, {19, 0, false}, {53, 19, false}, {19, 53, false}, {-1, -1, false},
	}
	for _, tt := range tests {
		t.Run("", func(t *testing.T) {
			b, err := New(tt.cols, tt.rows)
			if !tt.ok {
				var e *Error
				if !errors.Is(err, ErrSize) || !errors.As(err, &e) || e.Func != "New" {
					t.Fatalf("New(%d, %d) error = %v, want *Error wrapping ErrSize", tt.cols, tt.rows, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if b.Cols() != tt.cols || b.Rows() != tt.rows || b.Len() != tt.cols*tt.rows {
				t.Fatalf("size %dx%d len %d", b.Cols(), b.Rows(), b.Len())
			}
			// Every point converts both ways, the four corners included.
			for p := range Point(b.Len()) {
				x, y := b.XY(p)
				if b.Point(x, y) != p {
					t.Fatalf("Point(XY(%d)) = %d", p, b.Point(x, y))
				}
			}
			for _, xy := range [][2]int{{-1, 0}, {0, -1}, {tt.cols, 0}, {0, tt.rows}} {
				if p := b.Point(xy[0], xy[1]); p != NoPoint {
					t.Errorf("Point(%d, %d) = %d, want NoPoint", xy[0], xy[1], p)
				}
			}
			if b.Hash() != scratchHash(b) {
				t.Error("empty hash")
			}
		})
	}
}

// TestCaptures follows the FF[4] Go rules: "1. Put a stone of the mover's
// colour on the point, whatever was there before. 2. Remove every group of
// the other colour adjacent to it that now has no liberties; add the removed
// stones to the mover's prisoners. 3. If the mover's own group now has no
// liberties, remove it (suicide) and count those stones as prisoners of the
// other side."
func TestCaptures(t *testing.T) {
	tests := []struct {
		name     string
		before   []string
		c        Color
		x, y     int
		after    []string
		captured int
		suicided int
		occupied bool
	}{
		{"center", []string{
			".X.",
			"XO.",
			".X.",
		}, Black, 2, 1, []string{
			".X.",
			"X.X",
			".X.",
		}, 1, 0, false},
		{"corner", []string{
			"OX.",
			"...",
			"...",
		}, Black, 0, 1, []string{
			".X.",
			"X..",
			"...",
		}, 1, 0, false},
		{"edge group", []string{
			"OOX..",
			".X...",
			".....",
		}, Black, 0, 1, []string{
			"..X..",
			"XX...",
			".....",
		}, 2, 0, false},
		{"edge group by last liberty", []string{
			".OOOX",
			".XXX.",
			".....",
		}, Black, 0, 0, []string{
			"X...X",
			".XXX.",
			".....",
		}, 3, 0, false},
		{"two groups at once", []string{
			"OX.XO",
			".O.O.",
		}, White, 2, 0, []string{
			"O.O.O",
			".O.O.",
		}, 2, 0, false},
		{"four groups at once", []string{
			"OXO",
			"X.X",
			"OXO",
		}, White, 1, 1, []string{
			"O.O",
			".O.",
			"O.O",
		}, 4, 0, false},
		{"suicide of one", []string{
			".X.",
			"X.X",
			".X.",
		}, White, 1, 1, []string{
			".X.",
			"X.X",
			".X.",
		}, 0, 1, false},
		{"suicide of many", []string{
			"OOX..",
			".OX..",
			"XXX..",
		}, White, 0, 1, []string{
			"..X..",
			"..X..",
			"XXX..",
		}, 0, 4, false},
		{"capture first, so no suicide", []string{
			"XO.",
			".XO",
			"...",
		}, White, 0, 1, []string{
			".O.",
			"OXO",
			"...",
		}, 1, 0, false},
		{"filling own last liberty that captures", []string{
			".OX",
			"OXX",
			"XX.",
		}, Black, 0, 0, []string{
			"X.X",
			".XX",
			"XX.",
		}, 2, 0, false},
		{"occupied point is overwritten", []string{
			"...",
			".O.",
			"...",
		}, Black, 1, 1, []string{
			"...",
			".X.",
			"...",
		}, 0, 0, true},
		{"overwrite that captures", []string{
			"OXO",
			".X.",
			"...",
		}, White, 1, 1, []string{
			"O.O",
			".O.",
			"...",
		}, 1, 0, true},
		{"only groups next to the move are removed", []string{
			"XO.",
			"O..",
			"...",
		}, White, 1, 1, []string{
			"XO.",
			"OO.",
			"...",
		}, 0, 0, false},
		{"one group reached from two sides keeps its liberty", []string{
			"XXO",
			"X..",
			"...",
		}, White, 1, 1, []string{
			"XXO",
			"XO.",
			"...",
		}, 0, 0, false},
		{"1x1 board: every move is suicide", []string{
			".",
		}, Black, 0, 0, []string{
			".",
		}, 0, 1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := board(t, tt.before...)
			hash0, diag0 := b.Hash(), diagram(b)
			info := b.Play(tt.c, b.Point(tt.x, tt.y))
			if info.Err != nil {
				t.Fatal(info.Err)
			}
			want := strings.Join(tt.after, "\n")
			if got := diagram(b); got != want {
				t.Fatalf("after %v at (%d,%d):\n%s\nwant\n%s", tt.c, tt.x, tt.y, got, want)
			}
			if len(info.Captured) != tt.captured || len(info.Suicided) != tt.suicided {
				t.Errorf("captured %v suicided %v, want %d and %d", info.Captured, info.Suicided, tt.captured, tt.suicided)
			}
			if info.Suicide != (tt.suicided > 0) || info.Occupied != tt.occupied {
				t.Errorf("info %+v", info)
			}
			for _, p := range info.Captured {
				if b.At(p) != Empty {
					t.Errorf("captured point %d not empty", p)
				}
			}
			if got := b.Prisoners(tt.c); got != tt.captured {
				t.Errorf("mover's prisoners = %d, want %d", got, tt.captured)
			}
			if got := b.Prisoners(tt.c.Opponent()); got != tt.suicided {
				t.Errorf("other side's prisoners = %d, want %d (suicide)", got, tt.suicided)
			}
			if b.Hash() != scratchHash(b) {
				t.Error("incremental hash differs from scratch hash")
			}
			if info.Illegal() != (tt.occupied || tt.suicided > 0) && tt.name != "1x1 board: every move is suicide" {
				t.Errorf("Illegal() = %v", info.Illegal())
			}
			b.Undo()
			if b.Hash() != hash0 || diagram(b) != diag0 || b.Prisoners(Black)+b.Prisoners(White) != 0 {
				t.Errorf("undo did not restore:\n%s", diagram(b))
			}
		})
	}
}

// TestSnapback: a snapback is not a ko: the throw-in is taken by a stone
// that joins a group, and that group is taken back at once.
func TestSnapback(t *testing.T) {
	b := board(t,
		"..OX",
		"OOOX",
		"XXXX",
	)
	in := b.Play(Black, b.Point(1, 0))
	if in.Illegal() || len(in.Captured) != 0 {
		t.Fatalf("throw-in: %+v", in)
	}
	take := b.Play(White, b.Point(0, 0))
	if len(take.Captured) != 1 || take.Illegal() {
		t.Fatalf("white takes the throw-in: %+v", take)
	}
	if p, _ := b.KoPoint(); p != NoPoint {
		t.Errorf("snapback shape marked as ko at %d", p)
	}
	snap := b.Play(Black, b.Point(1, 0))
	if len(snap.Captured) != 5 || snap.Illegal() {
		t.Fatalf("snapback: %+v\n%s", snap, diagram(b))
	}
	want := ".X.X\n...X\nXXXX"
	if got := diagram(b); got != want {
		t.Errorf("after snapback:\n%s\nwant\n%s", got, want)
	}
	if b.Prisoners(Black) != 5 || b.Prisoners(White) != 1 {
		t.Errorf("prisoners B %d W %d", b.Prisoners(Black), b.Prisoners(White))
	}
}

// TestKo: "It doesn't matter if the move itself is illegal (e.g. recapturing
// a ko in a Go game)": the retake is executed and reported.
func TestKo(t *testing.T) {
	ko := []string{
		".XO.",
		"XO.O",
		".XO.",
		"....",
	}
	t.Run("immediate retake", func(t *testing.T) {
		b := board(t, ko...)
		take := b.Play(Black, b.Point(2, 1))
		if len(take.Captured) != 1 || take.Ko || take.Superko {
			t.Fatalf("take: %+v", take)
		}
		if p, c := b.KoPoint(); p != b.Point(1, 1) || c != White {
			t.Fatalf("KoPoint = %d %v", p, c)
		}
		retake := b.Play(White, b.Point(1, 1))
		if !retake.Ko || !retake.Superko || !retake.Illegal() || len(retake.Captured) != 1 {
			t.Fatalf("retake: %+v", retake)
		}
		if diagram(b) != strings.Join(ko, "\n") {
			t.Errorf("the retake was not executed:\n%s", diagram(b))
		}
	})
	t.Run("retake after a threat", func(t *testing.T) {
		b := board(t, ko...)
		b.Play(Black, b.Point(2, 1))
		b.Play(White, b.Point(0, 3)) // threat
		b.Play(Black, b.Point(3, 3)) // answer
		retake := b.Play(White, b.Point(1, 1))
		if retake.Ko || retake.Superko || retake.Illegal() {
			t.Fatalf("retake after threats: %+v", retake)
		}
	})
	t.Run("the same colour may play the ko point", func(t *testing.T) {
		b := board(t, ko...)
		b.Play(Black, b.Point(2, 1))
		b.Pass(White)
		fill := b.Play(Black, b.Point(1, 1))
		if fill.Ko || fill.Illegal() {
			t.Fatalf("connecting the ko: %+v", fill)
		}
	})
	t.Run("superko without simple ko", func(t *testing.T) {
		// Both pass, which lifts the ko; the retake then repeats the
		// position before the capture: positional superko only.
		b := board(t, ko...)
		b.Play(Black, b.Point(2, 1))
		b.Pass(White)
		b.Pass(Black)
		retake := b.Play(White, b.Point(1, 1))
		if retake.Ko || !retake.Superko {
			t.Fatalf("retake after passes: %+v", retake)
		}
	})
	t.Run("undo restores the ko", func(t *testing.T) {
		b := board(t, ko...)
		b.Play(Black, b.Point(2, 1))
		b.Play(White, b.Point(0, 3))
		b.Undo()
		if retake := b.Play(White, b.Point(1, 1)); !retake.Ko {
			t.Fatalf("retake after undo of a threat: %+v", retake)
		}
	})
}

// TestSetup: AB/AW/AE overwrite "whatever was there before. Adding a stone
// doesn't make any prisoners nor any other captures (e.g. suicide)."
func TestSetup(t *testing.T) {
	b := board(t,
		".X.",
		"XOX",
		".X.",
	)
	if got := diagram(b); got != ".X.\nXOX\n.X." {
		t.Fatalf("setup captured:\n%s", got)
	}
	if err := b.Set(b.Point(1, 1), Black); err != nil {
		t.Fatal(err)
	}
	if err := b.Set(b.Point(1, 0), Empty); err != nil {
		t.Fatal(err)
	}
	if err := b.Set(b.Point(0, 0), White); err != nil {
		t.Fatal(err)
	}
	if got := diagram(b); got != "O..\nXXX\n.X." {
		t.Fatalf("after setup:\n%s", got)
	}
	if b.Prisoners(Black)+b.Prisoners(White) != 0 {
		t.Error("setup made prisoners")
	}
	if b.Hash() != scratchHash(b) {
		t.Error("hash after setup")
	}
	// A position built by setup has the same hash as one built by moves.
	m, _ := New(3, 3)
	for _, mv := range []struct {
		c    Color
		x, y int
	}{{White, 0, 0}, {Black, 0, 1}, {Black, 1, 1}, {Black, 2, 1}, {Black, 1, 2}} {
		m.Play(mv.c, m.Point(mv.x, mv.y))
	}
	if m.Hash() != b.Hash() {
		t.Error("hash depends on how the position was reached")
	}
	for _, bad := range []struct {
		p Point
		c Color
		e error
	}{{-1, Black, ErrPoint}, {9, Black, ErrPoint}, {0, 3, ErrColor}} {
		if err := b.Set(bad.p, bad.c); !errors.Is(err, bad.e) {
			t.Errorf("Set(%d, %d) = %v, want %v", bad.p, bad.c, err, bad.e)
		}
	}
	if info := b.Play(Empty, 0); !errors.Is(info.Err, ErrColor) {
		t.Errorf("Play(Empty) = %v", info.Err)
	}
	if info := b.Play(Black, 9); !errors.Is(info.Err, ErrPoint) {
		t.Errorf("Play(off board) = %v", info.Err)
	}
	// A refused move is one action that changes nothing (the one
	// contract of Play: every call is one action for Undo).
	if b.Hash() != scratchHash(b) || b.History() != 10 {
		t.Errorf("a refused call changed the board (history %d)", b.History())
	}
	b.Undo()
	b.Undo()
	if b.Hash() != scratchHash(b) || b.History() != 8 {
		t.Errorf("undoing refused calls changed the board (history %d)", b.History())
	}
}

// TestSetupPositionCountsForSuperko: the position after setup is recorded
// when play resumes, so returning to it is a repetition.
func TestSetupPositionCountsForSuperko(t *testing.T) {
	b := board(t,
		".X.",
		"X.X",
		".X.",
	)
	take := b.Play(White, b.Point(1, 1)) // captures nothing: a lone stone with no liberty
	if !take.Suicide || !take.Superko {
		t.Fatalf("one-stone suicide leaves the setup position: %+v", take)
	}
}

func TestToPlayAndMoveNumber(t *testing.T) {
	b, _ := New(9, 9)
	if b.ToPlay() != Black || b.MoveNumber() != 0 {
		t.Fatal("initial state")
	}
	b.Play(Black, 0)
	if b.ToPlay() != White || b.MoveNumber() != 1 {
		t.Fatal("after B")
	}
	b.SetToPlay(Black) // PL[B]
	b.SetMoveNumber(10)
	b.Pass(Black)
	if b.ToPlay() != White || b.MoveNumber() != 11 {
		t.Fatalf("after PL, MN and pass: %v %d", b.ToPlay(), b.MoveNumber())
	}
	if err := b.SetToPlay(Empty); !errors.Is(err, ErrColor) {
		t.Errorf("SetToPlay(Empty) = %v", err)
	}
	b.UndoTo(1)
	if b.ToPlay() != White || b.MoveNumber() != 1 {
		t.Fatalf("after UndoTo(1): %v %d", b.ToPlay(), b.MoveNumber())
	}
	b.UndoTo(0)
	if b.Undo() {
		t.Error("Undo on an empty history")
	}
}

func TestRectangularAndLargest(t *testing.T) {
	for _, size := range [][2]int{{52, 52}, {3, 7}, {7, 3}, {52, 1}, {1, 2}} {
		cols, rows := size[0], size[1]
		t.Run("", func(t *testing.T) {
			b, err := New(cols, rows)
			if err != nil {
				t.Fatal(err)
			}
			// Fill the whole board with black except the last point,
			// then White plays there: it captures everything.
			last := Point(b.Len() - 1)
			for p := range last {
				if info := b.Play(Black, p); info.Illegal() && b.Len() > 2 && p < last-1 {
					t.Fatalf("fill %d: %+v", p, info)
				}
			}
			info := b.Play(White, last)
			if len(info.Captured) != b.Len()-1 || info.Suicide {
				t.Fatalf("captured %d of %d", len(info.Captured), b.Len()-1)
			}
			if b.Hash() != scratchHash(b) {
				t.Error("hash")
			}
			// The corners are distinct points and take stones.
			corners := []Point{b.Point(0, 0), b.Point(cols-1, 0), b.Point(0, rows-1), b.Point(cols-1, rows-1)}
			for _, p := range corners {
				if p == NoPoint {
					t.Fatal("corner off board")
				}
			}
			b.UndoTo(0)
			if b.Hash() != b.emptyHash || slices.ContainsFunc(b.cells[:], func(c uint8) bool { return Color(c&colorBits) == Black || Color(c&colorBits) == White }) {
				t.Error("undo to the start did not empty the board")
			}
		})
	}
}

func TestSizesHashDiffer(t *testing.T) {
	a, _ := New(19, 19)
	b, _ := New(19, 18)
	if a.Hash() == b.Hash() {
		t.Error("empty boards of different sizes have the same hash")
	}
}

func TestStonesIterator(t *testing.T) {
	b := board(t,
		"X.O",
		"...",
		"..X",
	)
	var got []string
	for p, c := range b.Stones() {
		x, y := b.XY(p)
		got = append(got, c.String()+string(rune('a'+x))+string(rune('a'+y)))
	}
	if want := []string{"Baa", "Wca", "Bcc"}; !slices.Equal(got, want) {
		t.Errorf("Stones = %v, want %v", got, want)
	}
	for range b.Stones() {
		break // stopping early must not panic
	}
}

// TestUndoRandom plays long random games, then undoes every action and
// checks that each earlier state comes back exactly.
func TestUndoRandom(t *testing.T) {
	type state struct {
		diag       string
		hash       uint64
		pb, pw     int
		toPlay     Color
		ko         Point
		moveNumber int
	}
	snap := func(b *Board) state {
		ko, _ := b.KoPoint()
		return state{diagram(b), b.Hash(), b.Prisoners(Black), b.Prisoners(White), b.ToPlay(), ko, b.MoveNumber()}
	}
	for _, size := range [][2]int{{5, 5}, {9, 9}, {4, 7}, {19, 19}} {
		b, _ := New(size[0], size[1])
		rng := uint64(size[0]*100 + size[1])
		var states []state
		for range 3000 {
			states = append(states, snap(b))
			rng = splitmix(rng + 0x9e3779b97f4a7c15)
			p := Point(rng % uint64(b.Len()))
			c := Color(rng>>32&1) + 1
			switch rng >> 40 % 16 {
			case 0:
				b.Set(p, Color(rng>>48%3))
			case 1:
				b.Pass(c)
			default:
				b.Play(c, p)
			}
			if b.Hash() != scratchHash(b) {
				t.Fatalf("%v: hash drifted", size)
			}
		}
		for i := len(states) - 1; i >= 0; i-- {
			b.Undo()
			if got := snap(b); got != states[i] {
				t.Fatalf("%v: after undo to %d:\n%+v\nwant\n%+v", size, i, got, states[i])
			}
		}
		if b.seen.live != 0 {
			t.Errorf("%v: %d hashes left in the history", size, b.seen.live)
		}
	}
}

// TestSetSuperkoOff: without the position history a repeated position is
// not reported, captures and simple ko are, and Undo stays exact across a
// change of the setting.
func TestSetSuperkoOff(t *testing.T) {
	b, _ := New(5, 5)
	b.SetSuperko(false)
	pt := func(x, y int) Point { return b.Point(x, y) }
	// A simple ko: White captures at b, Black may not retake at once.
	for _, m := range []struct {
		c    Color
		x, y int
	}{{Black, 1, 0}, {White, 2, 0}, {Black, 0, 1}, {White, 3, 1}, {Black, 1, 2}, {White, 2, 2}, {Black, 2, 1}} {
		b.Play(m.c, pt(m.x, m.y))
	}
	h := b.Hash()
	mi := b.Play(White, pt(1, 1))
	if len(mi.Captured) != 1 {
		t.Fatalf("capture: %+v", mi)
	}
	if mi := b.Play(Black, pt(2, 1)); !mi.Ko || mi.Superko {
		t.Errorf("retake: ko %v superko %v, want ko and no superko", mi.Ko, mi.Superko)
	}
	b.SetSuperko(true)
	b.Undo()
	b.Undo()
	if b.Hash() != h {
		t.Error("undo across SetSuperko did not restore the position")
	}
}

// TestSituationalSuperko: a position repeated with the other player to
// move is a positional superko but no situational one; repeated with the
// same player to move (a pass counts) it is both; Undo empties the
// history of situations exactly.
func TestSituationalSuperko(t *testing.T) {
	ko := []string{
		".XO.",
		"XO.O",
		".XO.",
		"....",
	}
	for _, tc := range []struct {
		name        string
		whiteFirst  bool // White to play in the starting position
		situational bool
		want        bool
	}{
		{"positional, same player", false, false, true},
		{"situational, same player", false, true, true},
		{"positional, other player", true, false, true},
		{"situational, other player", true, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := board(t, ko...)
			b.SetSituationalSuperko(tc.situational)
			if tc.whiteFirst {
				b.SetToPlay(White)
			}
			mark := b.History()
			b.Play(Black, b.Point(2, 1)) // takes
			b.Pass(White)
			b.Pass(Black) // the ko is lifted
			retake := b.Play(White, b.Point(1, 1))
			if retake.Ko || retake.Superko != tc.want {
				t.Errorf("retake after passes: ko %v superko %v, want superko %v", retake.Ko, retake.Superko, tc.want)
			}
			b.UndoTo(mark)
			if b.seen.live != 0 {
				t.Errorf("%d situations left after undo", b.seen.live)
			}
		})
	}
}

// TestSuperkoSettings: whatever the order in which SetSuperko and
// SetSituationalSuperko are called, the board checks superko as the last
// value of each says (play tests the common case, positional superko, by
// a flag that both keep): random play with passes on a small board reports
// the same moves as boards given the two settings in either order.
func TestSuperkoSettings(t *testing.T) {
	type setting struct {
		superko, on bool // SetSuperko(on), else SetSituationalSuperko(on)
	}
	all := []setting{{true, true}, {true, false}, {false, true}, {false, false}}
	for _, a := range all {
		for _, b := range all {
			for _, c := range all {
				seq := []setting{a, b, c}
				superko, situational := true, false
				got, _ := New(3, 3)
				for _, s := range seq {
					if s.superko {
						got.SetSuperko(s.on)
						superko = s.on
					} else {
						got.SetSituationalSuperko(s.on)
						situational = s.on
					}
				}
				ref1, _ := New(3, 3)
				ref1.SetSuperko(superko)
				ref1.SetSituationalSuperko(situational)
				ref2, _ := New(3, 3)
				ref2.SetSituationalSuperko(situational)
				ref2.SetSuperko(superko)
				rng := rand.New(rand.NewPCG(3, 3))
				for k := range 200 {
					c := Color(k%2) + Black
					var m [3]MoveInfo
					pass := rng.IntN(4) == 0
					p := Point(rng.IntN(9))
					for j, b := range []*Board{got, ref1, ref2} {
						if pass {
							m[j] = b.Pass(c)
						} else {
							m[j] = b.Play(c, p)
						}
					}
					if m[0].Superko != m[1].Superko || m[0].Superko != m[2].Superko || m[0].Ko != m[1].Ko {
						t.Fatalf("%+v, move %d: superko %v, boards set in order %v and %v", seq, k, m[0].Superko, m[1].Superko, m[2].Superko)
					}
				}
			}
		}
	}
}

// TestSuperkoOffThenOn: a move played with superko off and taken back
// leaves the positions seen before as they were (play's common frame
// records no position then: Board.moveInserted), so the position comes
// back as a superko once superko is on again.
func TestSuperkoOffThenOn(t *testing.T) {
	b, _ := New(5, 5)
	p := b.Point
	// Three stones set, then a move: the positions seen have up to three
	// stones (more than those below), so the positions after the moves
	// below go into the hash set, not deferred (state.maxStones).
	for x := range 3 {
		b.Set(p(x, 0), Black)
	}
	b.Play(White, p(4, 4))
	for x := range 3 {
		b.Set(p(x, 0), Empty)
	}
	b.Set(p(4, 4), Empty)
	b.Play(Black, p(2, 2))
	b.Play(White, p(3, 3)) // the position R
	b.SetSuperko(false)
	b.Set(p(3, 3), Empty)
	if mi := b.Play(White, p(3, 3)); mi.Illegal() { // R again, unchecked
		t.Fatalf("superko off: %+v", mi)
	}
	b.Undo()
	b.SetSuperko(true)
	if mi := b.Play(White, p(3, 3)); !mi.Superko {
		t.Fatalf("R a third time, superko on again: %+v, want Superko", mi)
	}
}
