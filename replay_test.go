package sgf_test

import (
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/games/hex"
	"github.com/sgf-toolkit/sgf/internal/sgftest"
	"github.com/sgf-toolkit/sgf/value"
)

// rows draws a position as Position.String does, one string a row
// without the spaces: "X" black, "O" white, "." empty.
func rows(p sgf.Position) string {
	return strings.ReplaceAll(p.String(), " ", "")
}

// TestReplayShapes replays small games through the cursor and checks the
// position at a node: the board, the captures, the player to move and the
// move number.
//
// go-game-notes.md: "1. Put a stone of the mover's colour on the point,
// whatever was there before. 2. Remove every group of the other colour
// adjacent to it that now has no liberties; add the removed stones to the
// mover's prisoners. 3. If the mover's own group now has no liberties,
// remove it (suicide) and count those stones as prisoners of the other
// side." and "Setup properties (AB, AW, AE) overwrite points and never
// capture."
func TestReplayShapes(t *testing.T) {
	tests := []struct {
		name, sgf string
		path      string // the node; "" for the end of the main line
		board     string // rows, "/" between them
		byB, byW  int
		toPlay    value.Color
		move      int
	}{
		{"corner capture", "(;SZ[4];B[ba];W[aa];B[ab])", "",
			".X../X.../..../....", 1, 0, 'W', 3},
		{"edge group of two", "(;SZ[4]AW[aa][ba]AB[ca][ab];B[bb])", "",
			"..X./XX../..../....", 2, 0, 'W', 1},
		{"two groups at once", "(;SZ[4]AW[aa][ca]AB[ab][cb][da];B[ba])", "",
			".X.X/X.X./..../....", 2, 0, 'W', 1},
		{"middle capture", "(;SZ[5]AW[cc]AB[bc][cb][dc];B[cd])", "",
			"...../..X../.X.X./..X../.....", 1, 0, 'W', 1},
		{"suicide of two", "(;SZ[4]AB[aa]AW[ca][ab][bb];B[ba])", "",
			"..O./OO../..../....", 0, 2, 'W', 1},
		{"capture before suicide", "(;SZ[3]AW[ba][ab]AB[ca][bb][ac];B[aa])", "",
			"X.X/.X./X..", 2, 0, 'W', 1},
		{"ko taken", "(;SZ[4]AB[ba][ab][bc]AW[bb][ca][db][cc];B[cb])", "",
			".XO./X.XO/.XO./....", 1, 0, 'W', 1},
		// KO: "Execute a given move (B or W) even it's illegal."
		{"ko retaken at once (KO)", "(;SZ[4]AB[ba][ab][bc]AW[bb][ca][db][cc];B[cb];W[bb]KO[])", "",
			".XO./XO.O/.XO./....", 1, 1, 'B', 2},
		{"stone on an occupied point", "(;SZ[3];B[bb];W[bb])", "",
			".../.O./...", 0, 0, 'B', 2},
		{"setup over a stone", "(;SZ[3];B[aa];AW[aa][bb]AB[cc])", "",
			"O../.O./..X", 0, 0, 'W', 1},
		{"setup without liberties stays", "(;SZ[3]AB[aa]AW[ba][ab])", "",
			"XO./O../...", 0, 0, 'B', 0},
		{"AE removes, no prisoners", "(;SZ[3];B[aa];W[bb];AE[aa][bb])", "",
			".../.../...", 0, 0, 'B', 2},
		{"compressed setup", "(;SZ[4]AB[aa:bd]AW[dd])", "",
			"XX../XX../XX../XX.O", 0, 0, 'B', 0},
		{"PL and MN", "(;SZ[3];B[aa];W[bb]PL[W]MN[40];W[cc])", "",
			"X../.O./..O", 0, 0, 'B', 41},
		{"rectangular 7x3", "(;SZ[7:3];B[ga];W[gc];B[fc];W[aa];B[gb])", "",
			"O.....X/......X/.....X.", 1, 0, 'W', 5},
		{"rectangular 2x5 corner", "(;SZ[2:5]AW[ae]AB[ad];B[be])", "",
			"../../../X./.X", 1, 0, 'W', 1},
		// go-game-notes.md: "A pass is written B[] (FF[4]) or B[tt]
		// (kept for FF[3] compatibility, only on boards of 19x19 or
		// smaller)."
		{"pass []", "(;SZ[2];B[];W[])", "", "../..", 0, 0, 'B', 2},
		{"pass [tt] on 9x9", "(;SZ[2];B[tt];W[aa])", "", "O./..", 0, 0, 'B', 2},
		{"pass [tt] on 19x13", "(;SZ[19:13];B[tt])", "1", "", 0, 0, 'W', 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := mustParse(t, tt.sgf).Game(0)
			cur := g.NewCursor()
			if tt.path == "" {
				for cur.Next() {
				}
			} else {
				p, err := sgf.ParsePath(tt.path)
				if err != nil {
					t.Fatal(err)
				}
				n, err := g.NodeAt(p)
				if err != nil {
					t.Fatal(err)
				}
				cur.Goto(n)
			}
			p := cur.Position()
			if tt.board != "" {
				if got := strings.ReplaceAll(strings.TrimSuffix(rows(p), "\n"), "\n", "/"); got != tt.board {
					t.Errorf("board %s, want %s", got, tt.board)
				}
			} else if len(p.Stones) != 0 {
				t.Errorf("stones %v, want none", p.Stones)
			}
			if p.CapturedByBlack != tt.byB || p.CapturedByWhite != tt.byW {
				t.Errorf("captures B %d W %d, want %d %d", p.CapturedByBlack, p.CapturedByWhite, tt.byB, tt.byW)
			}
			if p.ToPlay != tt.toPlay || p.MoveNumber != tt.move {
				t.Errorf("to play %v move %d, want %v %d", p.ToPlay, p.MoveNumber, tt.toPlay, tt.move)
			}
			// Every node's position from the cursor equals a replay.
			walkCursor(t, g, 1)
		})
	}
}

// A ko retaken at once repeats the position: the hash is that of the
// position two moves before (positional superko).
func TestReplayKoRepeats(t *testing.T) {
	g := mustParse(t, "(;SZ[4]AB[ba][ab][bc]AW[bb][ca][db][cc];B[cb];W[bb];B[cb];W[bb])").Game(0)
	cur := g.NewCursor()
	var hashes []uint64
	for {
		hashes = append(hashes, cur.Position().Hash)
		if !cur.Next() {
			break
		}
	}
	if hashes[0] != hashes[2] || hashes[2] != hashes[4] || hashes[1] != hashes[3] || hashes[0] == hashes[1] {
		t.Errorf("hashes along the ko fight: %x", hashes)
	}
	p := cur.Position()
	if p.CapturedByBlack != 2 || p.CapturedByWhite != 2 || p.MoveNumber != 4 {
		t.Errorf("after two ko captures each: %+v", p)
	}
}

// Points on a 52x52 board: "a..z are 1..26 and A..Z are 27..52"; "tt" is
// a point there, not a pass.
func TestReplayLargeBoards(t *testing.T) {
	tests := []struct {
		sgf  string
		x, y int
		pass bool
	}{
		{"(;SZ[52];B[ZZ])", 51, 51, false},
		{"(;SZ[52];B[aZ])", 0, 51, false},
		{"(;SZ[52];B[tt])", 19, 19, false},
		{"(;SZ[21];B[tt])", 19, 19, false},
		{"(;SZ[20:21];B[tt])", 19, 19, false},
		{"(;SZ[19:21];B[tt])", -1, -1, false}, // off the board: no stone
		{"(;SZ[20:3];B[tc])", 19, 2, false},
		{"(;SZ[19];B[tt])", 0, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.sgf, func(t *testing.T) {
			g := mustParse(t, tt.sgf).Game(0)
			cur := g.NewCursor()
			cur.Next()
			p := cur.Position()
			if tt.pass {
				if !p.LastMove.Pass || len(p.Stones) != 0 {
					t.Errorf("not a pass: %+v", p.LastMove)
				}
				return
			}
			if tt.x < 0 {
				if len(p.Stones) != 0 || p.LastMove.Err == nil || p.MoveNumber != 1 {
					t.Errorf("off the board: %+v", p)
				}
				return
			}
			if p.At(tt.x, tt.y) != value.Black || len(p.Stones) != 1 || p.LastMove.Pass {
				t.Errorf("stones %v", p.Stones)
			}
		})
	}
	// A capture in the far corner of the largest board.
	g := mustParse(t, "(;SZ[52]AW[ZZ]AB[YZ];B[ZY])").Game(0)
	p, _ := g.PositionAt(g.Node(1))
	if p.At(51, 51) != 0 || p.CapturedByBlack != 1 || p.Cols != 52 || p.Rows != 52 {
		t.Errorf("52x52 corner capture: %+v", p.Stones)
	}
}

// Hex through the cursor: the two swaps and the winner.
// sgf-syntax-and-semantics-hex.txt: ";B[c5] ;W[swap-pieces];B[c4];W[c5]".
func TestReplayHex(t *testing.T) {
	tests := []struct {
		name, sgf string
		board     string
		toPlay    value.Color
		winner    hex.Color
		reason    hex.Reason
	}{
		{"swap-pieces", "(;GM[11]SZ[3];B[a2];W[swap-pieces])", ".O./.../...", 'B', hex.Empty, hex.Undecided},
		{"swap-sides", "(;GM[11]SZ[3];B[a2];W[swap-sides])", ".../X../...", 'W', hex.Empty, hex.Undecided},
		{"black joins top and bottom", "(;GM[11]SZ[3];B[b1];W[a1];B[b2];W[a2];B[b3])", "OX./OX./.X.", 'W', hex.Black, hex.Connection},
		{"white joins left and right", "(;GM[11]SZ[3];B[a1];W[a2];B[b1];W[b2];B[a3];W[c2])", "XX./OOO/X..", 'B', hex.White, hex.Connection},
		{"resign", "(;GM[11]SZ[3];B[b2];W[resign])", ".../.X./...", 'B', hex.Black, hex.Resigned},
		{"rectangular 4x2", "(;GM[11]SZ[4:2];B[d1];W[a2])", "...X/O...", 'B', hex.Empty, hex.Undecided},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := mustParse(t, tt.sgf).Game(0)
			cur := g.NewCursor()
			for cur.Next() {
			}
			p := cur.Position()
			if got := strings.ReplaceAll(strings.TrimSuffix(rows(p), "\n"), "\n", "/"); got != tt.board {
				t.Errorf("board %s, want %s", got, tt.board)
			}
			if p.ToPlay != tt.toPlay {
				t.Errorf("to play %v, want %v", p.ToPlay, tt.toPlay)
			}
			if w, r := cur.HexBoard().Result(); w != tt.winner || r != tt.reason {
				t.Errorf("result %v %v, want %v %v", w, r, tt.winner, tt.reason)
			}
			walkCursor(t, g, 1)
		})
	}
}

// corpusFiles lists the .sgf files of a folder of the shared corpus.
func corpusFiles(t *testing.T, dir string) []string {
	var files []string
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(path), ".sgf") {
			files = append(files, path)
		}
		return nil
	})
	return files
}

// replayStats are the counts of TestReplayCorpus for one folder.
type replayStats struct {
	files, games, nodes     int
	territory, badTerritory int // games with TB/TW; points that are not empty or dead stones
	scored, agree, disagree int // RE B+n/W+n with Japanese or Chinese rules and TB/TW
	disagreements           []string
}

// TestReplayCorpus replays every game of the shared corpus through the
// cursor, visiting every node (variations included) without a panic, and
// checks the end of each main line against the file's own result where
// the game was scored.
//
// ff4-properties.txt, TB/TW: "Specifies the black/white territory or area";
// go-game-notes.md: "a point must not be in both TB and TW". A territory
// point is empty or holds a dead stone of the other colour: a stone of the
// territory's own colour there means the replay is wrong, or that the
// program marked area rather than territory ("territory or area"): Fuego
// and GNU Go list every point of a side's area, its living stones too, so
// such points are counted and logged; only the KGS set must have none.
//
// The counted score is compared with RE where RU is Japanese or Chinese:
// Japanese counts territory (TB/TW points, dead stones included) plus
// prisoners (captures and the dead stones); Chinese counts area: territory
// plus the living stones, and KGS adds one point to White for each
// handicap stone. Disagreements are logged, not failed: the corpus files
// are what their servers wrote (KGS writes the territory marked when the
// game was scored, which players may have settled otherwise, for example
// by an agreed result or a time-out after scoring).
func TestReplayCorpus(t *testing.T) {
	root := sgftest.Corpus(t)
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		subs, _ := os.ReadDir(filepath.Join(root, e.Name()))
		for _, s := range subs {
			if s.IsDir() {
				dirs = append(dirs, filepath.Join(e.Name(), s.Name()))
			}
		}
	}
	if testing.Short() {
		dirs = []string{filepath.Join("games", "kgs")}
	}
	for _, dir := range dirs {
		t.Run(dir, func(t *testing.T) {
			t.Parallel()
			var st replayStats
			for _, f := range corpusFiles(t, filepath.Join(root, dir)) {
				replayFile(t, f, &st)
			}
			if st.files == 0 {
				t.Skip("no .sgf files in this folder of the corpus (other formats only)")
			}
			t.Logf("%d files, %d games, %d nodes; %d with TB/TW (%d territory points neither empty nor dead); %d scored games with Japanese/Chinese rules: %d agree with RE, %d disagree",
				st.files, st.games, st.nodes, st.territory, st.badTerritory, st.scored, st.agree, st.disagree)
			for _, d := range st.disagreements[:min(len(st.disagreements), 5)] {
				t.Log("  ", d)
			}
			if dir == filepath.Join("games", "kgs") {
				// The KGS set is clean: its territory always fits the
				// board, and most scored games agree with RE.
				if st.territory == 0 || st.badTerritory != 0 {
					t.Errorf("KGS: %d games with TB/TW, %d bad territory points", st.territory, st.badTerritory)
				}
				if st.scored == 0 || st.agree*10 < st.scored*9 {
					t.Errorf("KGS: only %d of %d scored games agree with RE", st.agree, st.scored)
				}
			}
		})
	}
}

func replayFile(t *testing.T, name string, st *replayStats) {
	defer func() {
		if p := recover(); p != nil {
			t.Errorf("%s: panic: %v", name, p)
		}
	}()
	src, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := sgf.Parse(src)
	if c == nil {
		return
	}
	st.files++
	for _, g := range c.Games() {
		st.games++
		cur := g.NewCursor()
		if cur.Node().IsZero() {
			continue
		}
		// Every node, in pre-order, by children and parents only.
		next := []int{0}
		for len(next) > 0 {
			top := len(next) - 1
			if i := next[top]; i < cur.Node().NumChildren() {
				next[top]++
				cur.Child(i)
				st.nodes++
				next = append(next, 0)
				continue
			}
			next = next[:top]
			if len(next) > 0 {
				cur.Parent()
			}
		}
		st.nodes++
		for cur.Next() {
		}
		if g.Type() == sgf.GameGo {
			score(name, g, cur.Position(), st)
		}
	}
}

// score checks the territory of the end of a main line and compares the
// counted score with RE.
func score(name string, g *sgf.Game, p sgf.Position, st *replayStats) {
	n := p.Node
	tb, _ := value.ExpandPointList(n.Values("TB"), p.Cols, p.Rows)
	tw, _ := value.ExpandPointList(n.Values("TW"), p.Cols, p.Rows)
	if len(tb)+len(tw) == 0 {
		return
	}
	st.territory++
	deadW, deadB := 0, 0
	for _, pt := range tb {
		switch p.At(pt.X, pt.Y) {
		case value.Black:
			st.badTerritory++
		case value.White:
			deadW++
		}
	}
	for _, pt := range tw {
		switch p.At(pt.X, pt.Y) {
		case value.White:
			st.badTerritory++
		case value.Black:
			deadB++
		}
	}
	info := g.Info()
	r := info.Result
	if r.Kind != value.ResultWin || r.By != value.ByScore {
		return
	}
	rules := strings.ToLower(info.Rules)
	var b, w float64
	switch {
	case strings.Contains(rules, "japanese"):
		b = float64(len(tb) + p.CapturedByBlack + deadW)
		w = float64(len(tw)+p.CapturedByWhite+deadB) + info.Komi
	case strings.Contains(rules, "chinese"):
		stonesB, stonesW := 0, 0
		for _, s := range p.Stones {
			if s.Color == value.Black {
				stonesB++
			} else {
				stonesW++
			}
		}
		b = float64(len(tb) + stonesB - deadB)
		w = float64(len(tw)+stonesW-deadW) + info.Komi + float64(info.Handicap)
	default:
		return
	}
	st.scored++
	margin := b - w
	if r.Winner == value.White {
		margin = -margin
	}
	if math.Abs(margin-r.Score) < 0.01 {
		st.agree++
		return
	}
	st.disagree++
	st.disagreements = append(st.disagreements, fmt.Sprintf("%s: RE[%s] RU[%s], counted B %.1f W %.1f", filepath.Base(name), info.ResultText, info.Rules, b, w))
}
