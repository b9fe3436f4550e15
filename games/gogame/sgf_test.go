package gogame

import (
	"testing"

	"github.com/sgf-toolkit/sgf/games"
	"github.com/sgf-toolkit/sgf/value"
)

// TestPlaySGF reads moves as FF[4] writes them for Go: "" and, up to
// 19x19, "tt" are passes ("[tt] ... for compatibility with FF[3]"); a point
// off the board or a value that is no point changes nothing. A move with
// white space in it is read as sgf check corrects it (value.ReadMove):
// "d d" and " dd " are dd, " t t" a pass, " " nothing (check deletes it).
// Before, "d d" changed nothing, while check's replay played dd.
func TestPlaySGF(t *testing.T) {
	for _, tc := range []struct {
		size   int
		raw    string
		stones int // after the move
		passed bool
	}{
		{19, "dd", 1, false},
		{19, "", 0, true},
		{19, "tt", 0, true},
		{20, "tt", 1, false},
		{19, "zz", 0, false},
		{19, "d", 0, false},
		{19, "d d", 1, false},
		{19, " dd\n", 1, false},
		{19, " t t", 0, true},
		{19, " ", 0, false},
		{19, "z z", 0, false},
		{19, " d ", 0, false},
	} {
		b, _ := New(tc.size, tc.size)
		b.PlaySGF(value.Black, []byte(tc.raw))
		n := 0
		for range b.Stones() {
			n++
		}
		if n != tc.stones || (b.MoveNumber() == 1 && b.ToPlay() == White) != (tc.stones == 1 || tc.passed) {
			t.Errorf("%dx%d B[%s]: %d stones, move %d", tc.size, tc.size, tc.raw, n, b.MoveNumber())
		}
	}
}

// TestPlaySGFEveryValue: PlaySGF, which reads a two-letter move by the
// board's letter tables, executes every two-byte value, and the empty
// one, of each colour byte on boards of several shapes as ParseMove and
// PlayRules (or Pass) do: the same stones, history, player to move and
// rules broken.
func TestPlaySGFEveryValue(t *testing.T) {
	testPlayEveryValue(t, false)
}

// TestPlayLettersEveryValue is TestPlaySGFEveryValue for PlayLetters, the
// Cursor's way of playing a value of two letters: the same rules broken
// and the same board as the move read by value.ParseMove, also for the
// values that play leaves to playSGF (a pass "tt", letters off the
// board, colours other than Black and White).
func TestPlayLettersEveryValue(t *testing.T) {
	testPlayEveryValue(t, true)
}

// testPlayEveryValue plays every value of two bytes (and the empty one,
// unless letters) of every colour by PlaySGF, or by PlayLetters when
// letters is set, and compares with Play of the point value.ParseMove
// reads.
func testPlayEveryValue(t *testing.T, letters bool) {
	for _, size := range [][2]int{{19, 19}, {1, 1}, {9, 13}, {26, 27}, {52, 52}, {20, 3}} {
		cols, rows := size[0], size[1]
		got, _ := New(cols, rows)
		want, _ := New(cols, rows)
		for x := range 256 {
			for y := range 258 {
				raw := []byte{byte(x), byte(y)}
				if y >= 256 {
					if letters {
						continue
					}
					raw = raw[:0]
					if y == 257 {
						raw = nil // a pass as sgf check's replay plays it
					}
				}
				for _, c := range []value.Color{value.Black, value.White, 0, 'X'} {
					var r Rule
					if letters {
						r = got.PlayLetters(c, raw[0], raw[1])
					} else {
						r = got.PlaySGF(c, raw)
					}
					var w Rule
					p, pass, err := value.ParseMove(raw, cols, rows)
					switch {
					case pass:
						want.Pass(fromValue[c])
					case err == nil:
						// A refused move (a colour but Black and White):
						// AllRules for two letters of a point, 0 for
						// other spellings of it, as before the tables.
						if w = want.PlayRules(fromValue[c], want.Point(p.X, p.Y)); w == AllRules && len(raw) != 2 {
							w = 0
						}
					}
					if r != w || got.Hash() != want.Hash() || got.History() != want.History() || got.ToPlay() != want.ToPlay() ||
						got.Prisoners(Black) != want.Prisoners(Black) || got.Prisoners(White) != want.Prisoners(White) {
						t.Fatalf("%dx%d %c[%q]: rules %v, want %v; history %d, want %d", cols, rows, c, raw, r, w, got.History(), want.History())
					}
					if got.History() > 300 {
						got.Reset()
						want.Reset()
					}
				}
			}
		}
	}
}

// TestSGFBoard drives a ko through the games.Board methods: the retake is
// reported by PlaySGF and by Forbidden before it, undo restores the board,
// and setup lists are expanded.
func TestSGFBoard(t *testing.T) {
	var b games.Board
	gb, _ := New(5, 5)
	b = gb
	b.SetupSGF(value.Black, []byte("ba"))
	b.SetupSGF(value.Black, []byte("ab"))
	b.SetupSGF(value.Black, []byte("bc"))
	b.SetupSGF(value.White, []byte("ca:cc")) // ca, cb, cc
	b.SetupSGF(value.White, []byte("db"))
	b.SetupSGF(value.White, []byte("bb"))
	b.SetupSGF(value.White, []byte("zz")) // off the board: nothing
	if r := b.PlaySGF(value.Black, []byte("cb")); r != games.RuleOccupied {
		t.Fatalf("B[cb] on a stone: %v", r)
	}
	b.UndoTo(b.History() - 1)
	b.SetupSGF(0, []byte("cb"))
	mark := b.History()
	if r := b.PlaySGF(value.Black, []byte("cb")); r != 0 {
		t.Fatalf("B[cb]: %v", r)
	}
	// the ko, and the position repeated (positional superko)
	if r := b.Forbidden(value.White, value.Point{X: 1, Y: 1}); r != games.RuleKo|games.RuleSuperko {
		t.Fatalf("Forbidden(W bb) = %v, want the ko", r)
	}
	if r := b.PlaySGF(value.White, []byte("bb")); r != games.RuleKo|games.RuleSuperko {
		t.Fatalf("W[bb] retaking the ko: %v", r)
	}
	b.UndoTo(mark)
	want := ". X W . .\nX W . W .\n. X W . .\n"
	if got := grid(b, 5, 3); got != want {
		t.Errorf("after undo:\n%s\nwant\n%s", got, want)
	}
	b.SetPlayer(value.White)
	if b.Player() != value.White {
		t.Errorf("Player = %v after SetPlayer(W)", b.Player())
	}
}

func grid(b games.Board, cols, rows int) string {
	g := b.AppendGrid(nil)
	s := ""
	for y := range rows {
		for x := range cols {
			if x > 0 {
				s += " "
			}
			switch g[y*cols+x] {
			case value.Black:
				s += "X"
			case value.White:
				s += "W"
			default:
				s += "."
			}
		}
		s += "\n"
	}
	return s
}

// TestPoints: the points of games.Points are Point's columns and rows;
// SetPoints is Set on each point in one action, PlayPoint is PlayRules.
func TestPoints(t *testing.T) {
	b, _ := New(5, 4)
	empty := b.Hash()
	var pts games.Points = b
	pts.SetPoints(value.White, []value.Point{{X: 1, Y: 0}, {X: 0, Y: 1}, {X: 5, Y: 0}})
	if b.At(b.Point(1, 0)) != White || pts.ColorAt(value.Point{X: 0, Y: 1}) != value.White || b.History() != 1 {
		t.Fatalf("SetPoints: %v %v, history %d", b.At(b.Point(1, 0)), pts.ColorAt(value.Point{X: 0, Y: 1}), b.History())
	}
	if r := pts.PlayPoint(value.Black, value.Point{X: 0, Y: 0}); r&RuleSuicide == 0 {
		t.Errorf("PlayPoint in the corner = %v, want a suicide", r)
	}
	if r := pts.PlayPoint(value.Black, value.Point{X: 1, Y: 0}); r != RuleOccupied || pts.ColorAt(value.Point{X: 1, Y: 0}) != value.Black {
		t.Errorf("PlayPoint on a white stone = %v", r)
	}
	pts.SetPoints(0, []value.Point{{X: 1, Y: 0}, {X: 0, Y: 1}})
	if c := pts.ColorAt(value.Point{X: 1, Y: 0}); c != 0 || b.History() != 4 {
		t.Errorf("after SetPoints empty: %v, history %d", c, b.History())
	}
	if c := pts.ColorAt(value.Point{X: 5, Y: 0}); c != 0 {
		t.Errorf("ColorAt off the board = %v", c)
	}
	b.UndoTo(3)
	if pts.ColorAt(value.Point{X: 1, Y: 0}) != value.Black || pts.ColorAt(value.Point{X: 0, Y: 1}) != value.White {
		t.Errorf("Undo of SetPoints did not put both stones back")
	}
	b.UndoTo(0)
	if b.Hash() != empty || pts.ColorAt(value.Point{X: 0, Y: 1}) != 0 {
		t.Errorf("UndoTo(0): hash %x", b.Hash())
	}
}
