package index

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/internal/sgftest"
	"github.com/sgf-toolkit/sgf/value"
)

// testFiles returns the files the searches are checked on: testdata, and
// games of the shared corpus when it is there (n of them at most).
func testFiles(t *testing.T, n int) []string {
	files, _ := filepath.Glob("testdata/*.sgf")
	if n == 0 {
		return files
	}
	dir := sgftest.Corpus(t, "games", "fox-tygem-ai")
	var corpus []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".sgf") {
			corpus = append(corpus, p)
		}
		return nil
	})
	slices.Sort(corpus)
	// every k-th file, for variety
	k := max(1, len(corpus)/n)
	for i := 0; i < len(corpus) && len(files) < n+3; i += k {
		files = append(files, corpus[i])
	}
	return files
}

func newIndex(t *testing.T, files []string) *DB {
	t.Helper()
	return newIndexOn(t, filepath.Join(t.TempDir(), "t.db"), files)
}

func newIndexOn(t *testing.T, name string, files []string) *DB {
	t.Helper()
	db, err := Open(name, true)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Update(context.Background(), files, nil, nil); err != nil {
		t.Fatal(err)
	}
	return db
}

// bfGame is a game replayed by the sgf package's cursor: the boards after
// each node of the main line (with variations, of every node, by node
// number) and the moves.
type bfGame struct {
	file       string
	game       int
	cols, rows int
	winner     string
	boards     [][]int8
	moves      []int    // moves played up to each node
	parents    []int    // each node's parent (-1 for the root)
	paths      []string // each node's path (sgf.Node.Path)
	played     []bfMove
}

type bfMove struct {
	node  int
	color int8
	x, y  int
}

func replayAll(t *testing.T, files []string) []*bfGame { return replayGames(t, files, false) }

// replayGames replays every Go game of files through sgf.Cursor: the main
// lines, or with variations every node (the cursor goes to each node).
func replayGames(t *testing.T, files []string, variations bool) []*bfGame {
	var out []*bfGame
	for _, f := range files {
		abs, _ := filepath.Abs(f)
		c, _ := sgf.ReadFile(f, nil)
		if c == nil {
			continue
		}
		for gi, g := range c.Games() {
			if g.Type() != sgf.GameGo {
				continue
			}
			cols, rows := g.Size()
			bg := &bfGame{file: abs, game: gi + 1, cols: cols, rows: rows}
			gi := g.Info()
			if gi.Result.Kind == value.ResultWin {
				bg.winner = gi.Result.Winner.String()
			} else if r, ok := parseResultText(gi.ResultText); ok && r.Kind == value.ResultWin {
				bg.winner = r.Winner.String()
			}
			nodes := g.MainLine()
			if variations {
				nodes = g.Nodes()
			}
			cur := g.NewCursor()
			for n := range nodes {
				if err := cur.Goto(n); err != nil {
					t.Fatal(err)
				}
				node := n.Number()
				if node != len(bg.boards) {
					t.Fatalf("%s: node %d comes as the %dth", f, node, len(bg.boards))
				}
				moves := 0
				for a := range n.Ancestors() {
					if _, ok := a.Move(); ok {
						moves++
					}
				}
				if m, ok := n.Move(); ok {
					moves++
					if !m.Pass && m.Err == nil && m.Point.In(cols, rows) {
						col := int8(1)
						if m.Color == value.White {
							col = 2
						}
						bg.played = append(bg.played, bfMove{node, col, m.Point.X, m.Point.Y})
					}
				}
				gb := cur.GoBoard()
				cells := make([]int8, cols*rows)
				for y := 0; y < rows; y++ {
					for x := 0; x < cols; x++ {
						cells[y*cols+x] = int8(gb.At(gb.Point(x, y)))
					}
				}
				parent := -1
				if p := n.Parent(); !p.IsZero() {
					parent = p.Number()
				}
				bg.boards = append(bg.boards, cells)
				bg.moves = append(bg.moves, moves)
				bg.parents = append(bg.parents, parent)
				bg.paths = append(bg.paths, n.Path().String())
			}
			out = append(out, bg)
		}
	}
	return out
}

// bfEdges are the sides of the pattern that must lie on edges of the
// board, as the anchors define them.
func bfEdges(p *Pattern) (top, bottom, left, right, centre bool) {
	switch p.Anchor {
	case AnchorCorner:
		if p.Cols > 0 {
			break
		}
		return true, false, true, false, false
	case AnchorSide:
		if p.Cols > 0 {
			break
		}
		return true, false, false, false, false
	case AnchorCentre:
		return false, false, false, false, true
	case AnchorAnywhere:
		return
	}
	if p.Cols > 0 {
		return p.Y == 0, p.Y+p.H == p.Rows, p.X == 0, p.X+p.W == p.Cols, false
	}
	return
}

type bfResult struct {
	hits  []string       // "file game node region next"
	conts map[string]int // "B[cd] bwins wwins" -> count
}

// bruteForce looks for p in every game by trying, at every node, every
// symmetry of the board (and colour swap) and every placement.
func bruteForce(games []*bfGame, p *Pattern, q *Query) bfResult {
	res := bfResult{conts: map[string]int{}}
	top, bottom, left, right, centre := bfEdges(p)
	for _, g := range games {
		if g.cols != g.rows || p.Cols > 0 && !p.anySize && (g.cols != p.Cols || g.rows != p.Rows) {
			continue
		}
		n := g.cols
		var inv [8]int // the inverse of each symmetry
		for s := range 8 {
			for k := range 8 {
				ok := true
				for y := 0; y < n && ok; y++ {
					for x := 0; x < n && ok; x++ {
						a, b := Transform(s, x, y, n, n)
						c, d := Transform(k, a, b, n, n)
						ok = c == x && d == y
					}
				}
				if ok {
					inv[s] = k
					break
				}
			}
		}
		// the matches after each node, by symmetry, colours and placement
		key := func(s, w, x, y int) int { return ((s*2+w)*n+y)*n + x }
		prevAt := make([][]bool, len(g.boards))
		for node, cells := range g.boards {
			var prev []bool
			if par := g.parents[node]; par >= 0 {
				prev = prevAt[par]
			}
			if q.MoveLimit > 0 && g.moves[node] > q.MoveLimit {
				prevAt[node] = prev
				continue
			}
			now := make([]bool, 8*2*n*n)
			prevAt[node] = now
			type cand struct{ w, k, s, x, y int }
			best := map[[4]int]cand{} // original rect -> smallest (w, k)
			for s := 0; s < 8; s++ {
				// the board under symmetry s
				tb := make([]int8, n*n)
				for y := 0; y < n; y++ {
					for x := 0; x < n; x++ {
						tx, ty := Transform(s, x, y, n, n)
						tb[ty*n+tx] = cells[y*n+x]
					}
				}
				k := inv[s]
				for w := 0; w < 2; w++ {
					if w == 1 && q.FixedColor {
						continue
					}
					for y := 0; y+p.H <= n; y++ {
						for x := 0; x+p.W <= n; x++ {
							if top && y != 0 || bottom && y+p.H != n || left && x != 0 || right && x+p.W != n {
								continue
							}
							if centre && (x == 0 || y == 0 || x+p.W == n || y+p.H == n) {
								continue
							}
							if p.Anchor == AnchorFixed && (s != 0 || x != p.X || y != p.Y) {
								continue
							}
							match := true
							for py := 0; py < p.H && match; py++ {
								for px := 0; px < p.W && match; px++ {
									c := tb[(y+py)*n+x+px]
									if w == 1 && c != 0 {
										c = 3 - c
									}
									match = matchCell(p.Cells[py*p.W+px], c)
								}
							}
							kk := key(s, w, x, y)
							if match && (prev == nil || !prev[kk]) {
								// the rectangle on the real board
								ax, ay := Transform(k, x, y, n, n)
								bx, by := Transform(k, x+p.W-1, y+p.H-1, n, n)
								r := [4]int{min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)}
								c, ok := best[r]
								if !ok || w < c.w || w == c.w && k < c.k {
									best[r] = cand{w, k, s, x, y}
								}
							}
							now[kk] = match
						}
					}
				}
			}
			rects := make([][4]int, 0, len(best))
			for r := range best {
				rects = append(rects, r)
			}
			sort.Slice(rects, func(i, j int) bool { return fmt.Sprint(rects[i]) < fmt.Sprint(rects[j]) })
			for _, r := range rects {
				c := best[r]
				// the moves after the node along its first children
				end := node + 1
				for end < len(g.parents) && g.parents[end] == end-1 {
					end++
				}
				var after []bfMove
				for _, m := range g.played {
					if m.node > node && m.node < end && m.x >= r[0] && m.x <= r[2] && m.y >= r[1] && m.y <= r[3] {
						after = append(after, m)
					}
				}
				// in pattern coordinates and colours
				pat := func(m bfMove) SeqMove {
					tx, ty := Transform(c.s, m.x, m.y, n, n)
					col := m.color
					if c.w == 1 {
						col = 3 - col
					}
					return SeqMove{col, tx - c.x, ty - c.y}
				}
				if q.Sequence {
					if len(after) < len(p.Sequence) {
						continue
					}
					ok := true
					for i, s := range p.Sequence {
						ok = ok && pat(after[i]) == s
					}
					if !ok {
						continue
					}
					after = after[len(p.Sequence):]
				}
				next := ""
				winner := g.winner
				if c.w == 1 && winner != "" {
					winner = map[string]string{"B": "W", "W": "B"}[winner]
				}
				if len(after) > 0 {
					m := pat(after[0])
					next = colorLetter(m.Color) + "[" + sgfPoint(m.X+p.X, m.Y+p.Y) + "]"
					res.conts[next+" "+winner]++
				} else {
					res.conts["none"]++
				}
				region := sgfPoint(r[0], r[1]) + ":" + sgfPoint(r[2], r[3])
				res.hits = append(res.hits, fmt.Sprintf("%s#%d@%d/%s %s %s", g.file, g.game, node, g.paths[node], region, next))
			}
		}
	}
	sort.Strings(res.hits)
	return res
}

func indexResult(t *testing.T, db *DB, q *Query) bfResult {
	t.Helper()
	r, err := db.Search(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	res := bfResult{conts: map[string]int{}}
	for _, h := range r.List {
		res.hits = append(res.hits, fmt.Sprintf("%s#%d@%d/%s %s %s", h.File, h.Game, h.Node, h.Path, h.Region, h.Next))
	}
	sort.Strings(res.hits)
	if r.Hits != len(r.List) {
		t.Errorf("Hits %d, List %d (no limit)", r.Hits, len(r.List))
	}
	if q.Continuations {
		for _, c := range r.Continuations {
			if c.BlackWins > 0 {
				res.conts[c.Color+"["+c.Point+"] B"] += c.BlackWins
			}
			if c.WhiteWins > 0 {
				res.conts[c.Color+"["+c.Point+"] W"] += c.WhiteWins
			}
			if o := c.Count - c.BlackWins - c.WhiteWins; o > 0 {
				res.conts[c.Color+"["+c.Point+"] "] += o
			}
		}
		if r.Tenuki > 0 {
			res.conts["none"] = r.Tenuki
		}
	}
	return res
}

func compare(t *testing.T, name string, got, want bfResult, conts bool) {
	t.Helper()
	if len(want.hits) == 0 {
		t.Errorf("%s: the brute force finds no hit: a test that cannot fail", name)
	}
	if !slices.Equal(got.hits, want.hits) {
		t.Errorf("%s: %d hits, brute force %d", name, len(got.hits), len(want.hits))
		for i := 0; i < max(len(got.hits), len(want.hits)) && i < 10; i++ {
			var g, w string
			if i < len(got.hits) {
				g = got.hits[i]
			}
			if i < len(want.hits) {
				w = want.hits[i]
			}
			t.Logf("  index %-60s brute %s", g, w)
		}
	}
	if conts && fmt.Sprint(got.conts) != fmt.Sprint(want.conts) {
		t.Errorf("%s: continuations\n index %v\n brute %v", name, got.conts, want.conts)
	}
}

func mustText(t *testing.T, s string, a Anchor) *Pattern {
	p, err := ParsePatternText(s)
	if err != nil {
		t.Fatal(err)
	}
	p.Anchor = a
	return p
}

func TestSearchAgainstBruteForce(t *testing.T) {
	files := append(testFiles(t, 0), "testdata/capture/ponnuki.sgf")
	if _, ok := sgftest.SharedPath("corpus", "games", "fox-tygem-ai"); ok || sgftest.RequireShared() {
		files = append(testFiles(t, 8), "testdata/capture/ponnuki.sgf")
	}
	games := replayAll(t, files)
	want := map[string]bfResult{}
	for name, backend := range backends(t) {
		t.Run(name, func(t *testing.T) {
			db := newIndexOn(t, backend(t), files)
			searchCases(t, db, games, want)
		})
	}
	// The game data in runs of 2 games (most runs hold games of two
	// files), and a row of game_data per game (an index of version 8,
	// read and written as it was).
	t.Run("sqlite-runs-of-2", func(t *testing.T) {
		defer func(n int) { runGames = n }(runGames)
		runGames = 2
		db := newIndexOn(t, filepath.Join(t.TempDir(), "t.db"), files)
		searchCases(t, db, games, want)
	})
	t.Run("sqlite-version8", func(t *testing.T) {
		defer func() { oldData = false }()
		oldData = true
		db := newIndexOn(t, filepath.Join(t.TempDir(), "t.db"), files)
		if db.runs {
			t.Fatal("an index of version 8 with game_runs")
		}
		searchCases(t, db, games, want)
	})
	// An index with corner positions finds whole corner patterns through
	// their hashes: the same hits.
	t.Run("sqlite-corners", func(t *testing.T) {
		db, err := Open(filepath.Join(t.TempDir(), "c.db"), true)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		st, err := db.Update(context.Background(), files, nil, &UpdateOptions{Corners: true})
		if err != nil {
			t.Fatal(err)
		}
		var whole int
		for _, g := range games {
			whole += len(g.boards) // at most one whole-board row a node
		}
		if st.Positions <= whole {
			t.Errorf("%d positions with corners, at most %d without", st.Positions, whole)
		}
		if _, err := db.Update(context.Background(), files, nil, &UpdateOptions{Corners: true}); err != nil {
			t.Fatal(err)
		}
		if wide := keysWiderThan48(t, db); wide != 0 {
			t.Errorf("schema version 5: %d position keys wider than 48 bits", wide)
		}
		searchCases(t, db, games, want)
	})
	// An index of schema version 4 keys its positions by whole hashes: a
	// program of version 5 writes them so into it and finds them there.
	// One of version 7 keeps a row per key and kind (not per bucket): a
	// program of version 8 writes it so and finds them there.
	for _, version := range []string{"4", "7"} {
		t.Run("sqlite-corners-version"+version, func(t *testing.T) {
			name := filepath.Join(t.TempDir(), "old.db")
			db, err := Open(name, true)
			if err != nil {
				t.Fatal(err)
			}
			db.db.Exec(`UPDATE sgf_index SET value = ? WHERE name = 'schema_version'`, version)
			db.Close()
			if db, err = Open(name, true); err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			// Twice: the second run writes nothing new, the first one in
			// two batches.
			defer func(f int) { posFlush = f }(posFlush)
			posFlush = 1000
			for range 2 {
				if _, err := db.Update(context.Background(), files, nil, &UpdateOptions{Corners: true}); err != nil {
					t.Fatal(err)
				}
			}
			if wide := keysWiderThan48(t, db); (version == "4") != (wide > 0) {
				t.Errorf("schema version %s: %d position keys wider than 48 bits (whole hashes only in version 4)", version, wide)
			}
			var v string
			db.db.QueryRow(`SELECT value FROM sgf_index WHERE name = 'schema_version'`).Scan(&v)
			if v != version {
				t.Errorf("a version %s index written by this program: version %s", version, v)
			}
			var small int
			db.db.QueryRow(`SELECT COUNT(*) FROM positions WHERE hash BETWEEN -2048 AND 2047`).Scan(&small)
			if small > 0 {
				t.Errorf("a version %s index written by this program: %d rows keyed by a bucket (version 8)", version, small)
			}
			searchCases(t, db, games, want)
		})
	}
}

// keysWiderThan48 counts the keys of db's positions table that do not
// fit in 48 bits (signed).
func keysWiderThan48(t *testing.T, db *DB) int {
	t.Helper()
	var n int
	if err := db.db.QueryRow(`SELECT COUNT(*) FROM positions WHERE hash >= 140737488355328 OR hash < -140737488355328`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// searchCases runs every kind of board search on db and compares it with
// the brute force (computed once, kept in want).
func searchCases(t *testing.T, db *DB, games []*bfGame, want map[string]bfResult) {
	brute := func(name string, p *Pattern, q *Query) bfResult {
		if r, ok := want[name]; ok {
			return r
		}
		want[name] = bruteForce(games, p, q)
		return want[name]
	}

	cornerSGF, err := LoadPattern("testdata/small.sgf", "6", "aa:ee")
	if err != nil {
		t.Fatal(err)
	}
	corner7, err := LoadPattern("testdata/small.sgf", "4", "aa:gg")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := cornerPatternHashes(corner7); !ok {
		t.Fatal("small.sgf@4 aa:gg is no whole corner region")
	}
	seqSGF, err := LoadPattern("testdata/small.sgf", "2", "aa:ee")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		q    Query
	}{
		{"corner 4-4 with continuations", Query{Pattern: mustText(t, "....../....../....../...X../....../......", AnchorCorner), Continuations: true}},
		{"corner 3-4 fixed colour", Query{Pattern: mustText(t, "...../...../...X./...../.....", AnchorCorner), FixedColor: true, Continuations: true}},
		{"side with wildcards", Query{Pattern: mustText(t, "..*../...../..X..", AnchorSide), Continuations: true}},
		{"anywhere x o *", Query{Pattern: mustText(t, "XO/xo", AnchorAnywhere), Continuations: true}},
		{"centre", Query{Pattern: mustText(t, ".X./XOX", AnchorCentre)}},
		{"move limit", Query{Pattern: mustText(t, "...../...../..X../...../.....", AnchorCorner), MoveLimit: 30, Continuations: true}},
		{"sgf corner pattern", Query{Pattern: cornerSGF, Continuations: true}},
		{"sgf 7x7 corner region", Query{Pattern: corner7, Continuations: true}},
		{"7x7 corner, 3-3 invasion", Query{Pattern: mustText(t, "......./......./..O..../...X.../......./......./.......", AnchorCorner), Continuations: true}},
		{"7x7 corner, 3-4, fixed colour", Query{Pattern: mustText(t, "......./......./...X.../......./......./......./.......", AnchorCorner), FixedColor: true, Continuations: true}},
		{"sgf sequence", Query{Pattern: seqSGF, Sequence: true, Continuations: true}},
		{"anywhere 3x3 with wildcards", Query{Pattern: mustText(t, "xOX/OX*/X.o", AnchorAnywhere), Continuations: true}},
		{"anywhere 2x4 fixed colour, move limit", Query{Pattern: mustText(t, "XO../.XOx", AnchorAnywhere), FixedColor: true, MoveLimit: 60, Continuations: true}},
		{"anywhere, an empty point made by a capture or setup", Query{Pattern: mustText(t, ".X./X.X/.X.", AnchorAnywhere), Continuations: true}},
		{"anywhere 6x6 (a wide group)", Query{Pattern: mustText(t, "....../....../..X.../...O../....../......", AnchorAnywhere), MoveLimit: 40}},
		{"anywhere 2x4, move limit", Query{Pattern: mustText(t, "XO../.XOx", AnchorAnywhere), MoveLimit: 40, Continuations: true}},
	}
	for _, c := range cases {
		got := indexResult(t, db, &c.q)
		compare(t, c.name, got, brute(c.name, c.q.Pattern, &c.q), c.q.Continuations)
	}

	// Positions: the position after move 10 of some games, found in
	// their copies too (rot.sgf holds a rotated, colour-swapped copy).
	for _, at := range []string{"5", "12", ""} {
		p, err := LoadPosition("testdata/small.sgf", at)
		if err != nil {
			t.Fatal(err)
		}
		for _, fixed := range []bool{false, true} {
			q := Query{Position: p, FixedColor: fixed, Continuations: true}
			got := indexResult(t, db, &q)
			name := fmt.Sprintf("position @%s fixed=%v", at, fixed)
			compare(t, name, got, brute(name, p, &q), true)
		}
	}
}

// TestVariationsAgainstBruteForce: an index with variations finds every
// kind of board search at every node of the trees, as the brute force
// finds them going to each node with sgf.Cursor, with the same node
// numbers, node paths and continuations (along each node's first
// children), on SQLite and PostgreSQL.
func TestVariationsAgainstBruteForce(t *testing.T) {
	files := append(testFiles(t, 0), "testdata/variations/tree.sgf", "testdata/capture/ponnuki.sgf")
	if _, ok := sgftest.SharedPath("corpus", "games", "fox-tygem-ai"); ok || sgftest.RequireShared() {
		files = append(testFiles(t, 4), "testdata/variations/tree.sgf", "testdata/capture/ponnuki.sgf")
	}
	games := replayGames(t, files, true)
	main := replayGames(t, files, false)
	var all, mainNodes int
	for i := range games {
		all += len(games[i].boards)
		mainNodes += len(main[i].boards)
	}
	if all <= mainNodes {
		t.Fatalf("%d nodes in all, %d on the main lines: no variation to find", all, mainNodes)
	}
	want := map[string]bfResult{}
	open := func(t *testing.T, name string, o *UpdateOptions) *DB {
		db, err := Open(name, true)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		if _, err := db.Update(context.Background(), files, nil, o); err != nil {
			t.Fatal(err)
		}
		return db
	}
	for name, backend := range backends(t) {
		t.Run(name, func(t *testing.T) {
			db := open(t, backend(t), &UpdateOptions{Variations: true})
			searchCases(t, db, games, want)
			variationCases(t, db, games, want)
		})
	}
	t.Run("sqlite-corners", func(t *testing.T) {
		db := open(t, filepath.Join(t.TempDir(), "c.db"), &UpdateOptions{Variations: true, Corners: true})
		searchCases(t, db, games, want)
		variationCases(t, db, games, want)
	})
	// A later run without the option keeps the variations; an index made
	// without them refuses them.
	t.Run("property of the index", func(t *testing.T) {
		name := filepath.Join(t.TempDir(), "m.db")
		db := open(t, name, nil)
		if _, err := db.Update(context.Background(), files, nil, &UpdateOptions{Variations: true}); err == nil || !strings.Contains(err.Error(), "without the positions of variations") {
			t.Errorf("variations asked of an index made without: %v", err)
		}
		// the main-line index finds the main lines only
		p, err := LoadPosition("testdata/variations/tree.sgf", "35")
		if err != nil {
			t.Fatal(err)
		}
		q := Query{Position: p}
		if got := indexResult(t, db, &q); len(got.hits) != 0 {
			t.Errorf("a variation's position in a main-line index: %v", got.hits)
		}
		compare(t, "main line, 4-4", indexResult(t, db, &Query{Pattern: mustText(t, "....../....../....../...X../....../......", AnchorCorner), Continuations: true}),
			bruteForce(main, mustText(t, "....../....../....../...X../....../......", AnchorCorner), &Query{Continuations: true}), true)
	})
}

// variationCases are searches whose hits lie in variations only.
func variationCases(t *testing.T, db *DB, games []*bfGame, want map[string]bfResult) {
	brute := func(name string, p *Pattern, q *Query) bfResult {
		if r, ok := want[name]; ok {
			return r
		}
		want[name] = bruteForce(games, p, q)
		return want[name]
	}
	inVariation := 0
	for _, at := range []string{"35", "2.2.2", "19", "23", "2.1.3.1.1", "2.1.3.1"} {
		p, err := LoadPosition("testdata/variations/tree.sgf", at)
		if err != nil {
			t.Fatal(err)
		}
		for _, fixed := range []bool{false, true} {
			q := Query{Position: p, FixedColor: fixed, Continuations: true}
			got := indexResult(t, db, &q)
			name := fmt.Sprintf("variation position @%s fixed=%v", at, fixed)
			compare(t, name, got, brute(name, p, &q), true)
			for _, h := range got.hits {
				if strings.Contains(strings.Fields(h)[0], ".") {
					inVariation++
				}
			}
		}
	}
	// the capture of a1 in a variation, as a pattern with its sequence
	seq, err := LoadPattern("testdata/variations/tree.sgf", "2.1.3.2", "aa:dd")
	if err != nil {
		t.Fatal(err)
	}
	q := Query{Pattern: seq, Sequence: true, Continuations: true}
	compare(t, "variation sequence", indexResult(t, db, &q), brute("variation sequence", seq, &q), true)
	q = Query{Pattern: mustText(t, "......./......./..O..../...*.../......./......./.......", AnchorCorner), MoveLimit: 6, Continuations: true}
	compare(t, "empty corner with a white 3-3", indexResult(t, db, &q), brute("empty corner with a white 3-3", q.Pattern, &q), true)
	if inVariation == 0 {
		t.Errorf("no hit in a variation: the test cannot fail")
	}
}

// TestWindowReplay: the window replay (windowHits) takes the patterns of
// any size and finds what lineHits finds (the same hits in the same
// order, the same continuations), on games with captures and setup
// stones, with a move limit, for square and turned shapes, of one word
// of code (up to 32 cells) and of more (wide groups).
func TestWindowReplay(t *testing.T) {
	files := append(testFiles(t, 0), "testdata/capture/ponnuki.sgf")
	if _, ok := sgftest.SharedPath("corpus", "games", "fox-tygem-ai"); ok || sgftest.RequireShared() {
		files = append(testFiles(t, 8), "testdata/capture/ponnuki.sgf")
	}
	db := newIndexOn(t, filepath.Join(t.TempDir(), "w.db"), files)
	cases := []Query{
		{Pattern: mustText(t, "xOX/OX*/X.o", AnchorAnywhere), Continuations: true},
		{Pattern: mustText(t, ".X./X.X/.X.", AnchorAnywhere), Continuations: true}, // made by a capture, a setup, a move
		{Pattern: mustText(t, "X.X", AnchorAnywhere)},
		{Pattern: mustText(t, "XO../.XOx", AnchorAnywhere), FixedColor: true, MoveLimit: 60},
		{Pattern: mustText(t, "...../..X..", AnchorSide), Continuations: true},
		{Pattern: mustText(t, "XO/..", AnchorCentre), MoveLimit: 30},
		{Pattern: mustText(t, "XXXX/OOOO/....", AnchorAnywhere)},
		{Pattern: mustText(t, "XO/OX", AnchorAnywhere), Continuations: true},
		// wide groups (more than 32 cells: 36, 35, 72)
		{Pattern: mustText(t, "....../....../..X.../...O../....../......", AnchorCorner), Continuations: true},
		{Pattern: mustText(t, "*****/*****/*****/*****/****X/*****/**x**", AnchorAnywhere), MoveLimit: 80, Continuations: true},
		{Pattern: mustText(t, "X*******/********/*******o/****.***/****O***/********/********/********/********", AnchorAnywhere)},
		{Pattern: mustText(t, "......./......./......./...X.../......./......./.......", AnchorCorner), FixedColor: true, Continuations: true},
	}
	compareWindowReplay(t, db, cases)
}

// compareWindowReplay runs each search with the window replay (in
// batches of 4096 games and of 2) and with lineHits, and compares them.
func compareWindowReplay(t *testing.T, db *DB, cases []Query) {
	t.Helper()
	for _, q := range cases {
		if newMatcher(q.Pattern, &q).win == nil {
			t.Errorf("%s: no window replay", q.Pattern)
		}
		got, err := db.Search(context.Background(), &q)
		if err != nil {
			t.Fatal(err)
		}
		windowReplay = false
		want, err := db.Search(context.Background(), &q)
		windowReplay = true
		if err != nil {
			t.Fatal(err)
		}
		// In batches of 2 games: the data of a batch read while the
		// one before is replayed (DB.batches).
		searchBatch = 2
		small, err := db.Search(context.Background(), &q)
		searchBatch = 4096
		if err != nil {
			t.Fatal(err)
		}
		if !q.Continuations {
			// the winner (not shown) is read for the continuations
			// only by the streamed search
			for i := range want.List {
				want.List[i].winner = ""
			}
		}
		if !reflect.DeepEqual(small, got) {
			t.Errorf("%s: in batches of 2 games %d hits in %d games, in one %d in %d", q.Pattern, small.Hits, small.Games, got.Hits, got.Games)
		}
		t.Logf("%s: %d hits in %d games", q.Pattern, want.Hits, want.Games)
		if want.Hits == 0 {
			t.Errorf("%s: no hit: a case that cannot fail", q.Pattern)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: window replay %d hits in %d games, lineHits %d in %d", q.Pattern, got.Hits, got.Games, want.Hits, want.Games)
			for i := 0; i < min(len(got.List), len(want.List)); i++ {
				if !reflect.DeepEqual(got.List[i], want.List[i]) {
					t.Logf("first difference: %+v\n lineHits %+v", got.List[i], want.List[i])
					break
				}
			}
		}
	}
}

// TestWindowReplayRandom: the window replay finds what lineHits finds on
// games of random play (many captures, which windowHits plays without
// the move reader, passes, setup nodes) on boards whose rows pack 1 to 11
// to a word, square and not, for patterns of one and two window sizes
// and of one to three lookup tables, with move limits.
func TestWindowReplayRandom(t *testing.T) {
	db, _ := randomGamesIndex(t)
	compareWindowReplay(t, db, []Query{
		{Pattern: mustText(t, "xOX/OX*/X.o", AnchorAnywhere), Continuations: true},
		{Pattern: mustText(t, ".X./X.X/.X.", AnchorAnywhere)},
		{Pattern: mustText(t, ".O./O.O/.O.", AnchorAnywhere), MoveLimit: 120, Continuations: true},
		{Pattern: mustText(t, "XO../.XOx", AnchorAnywhere)},
		{Pattern: mustText(t, "X.X", AnchorAnywhere), MoveLimit: 25},
		{Pattern: mustText(t, "X*/O*/**", AnchorSide)},
		{Pattern: mustText(t, "X.O./.OX./....", AnchorAnywhere), Continuations: true},
		{Pattern: mustText(t, "XO/OX", AnchorCentre), MoveLimit: 60},
		// sparse: most windows left out by the lifetimes' test
		{Pattern: mustText(t, "...../.X.../...O./.....", AnchorAnywhere), Continuations: true},
		{Pattern: mustText(t, "X.X/.O.", AnchorAnywhere), MoveLimit: 40},
	})
}

// TestWindowReplayWide: the window replay of wide groups (patterns of
// more than 32 cells, 33 to 361, compared with the board: more than a word
// of trig a point for the stones of a game's position) finds what lineHits
// finds on games of random play (captures, passes, setup nodes) on boards
// of 5x5 to 30x11, for patterns anywhere, in a corner, on a side, in the
// centre and of a board's whole size, with wildcards, empty points made by
// captures and move limits.
func TestWindowReplayWide(t *testing.T) {
	db, files := randomGamesIndex(t)
	// a pattern of w x h cells: mostly "*", the cells given at (x, y)
	pat := func(w, h int, cells map[[2]int]byte, a Anchor) *Pattern {
		rows := make([]string, h)
		for y := range h {
			row := []byte(strings.Repeat("*", w))
			for x := range w {
				if c, ok := cells[[2]int{x, y}]; ok {
					row[x] = c
				}
			}
			rows[y] = string(row)
		}
		return mustText(t, strings.Join(rows, "/"), a)
	}
	cases := []Query{
		{Pattern: pat(11, 3, map[[2]int]byte{{0, 0}: 'X', {10, 2}: 'O', {5, 1}: '.'}, AnchorAnywhere), Continuations: true},
		{Pattern: pat(6, 6, map[[2]int]byte{{0, 0}: 'X', {5, 5}: 'O', {2, 2}: '.', {4, 4}: 'o', {1, 4}: 'x'}, AnchorAnywhere), MoveLimit: 90},
		{Pattern: pat(6, 6, map[[2]int]byte{{1, 1}: '.', {2, 1}: 'X', {1, 2}: 'X', {0, 1}: 'X', {1, 0}: 'X', {5, 5}: '.'}, AnchorAnywhere), Continuations: true}, // an empty point made by a capture
		{Pattern: pat(7, 5, map[[2]int]byte{{0, 0}: 'X', {6, 4}: 'X', {3, 2}: 'O'}, AnchorCorner), Continuations: true},
		{Pattern: pat(8, 8, map[[2]int]byte{{0, 0}: 'O', {7, 7}: 'X', {3, 4}: 'x', {4, 3}: 'o'}, AnchorAnywhere), FixedColor: true},
		{Pattern: pat(9, 8, map[[2]int]byte{{1, 1}: 'X', {7, 6}: 'O', {8, 7}: '.'}, AnchorSide), MoveLimit: 150},
		{Pattern: pat(13, 6, map[[2]int]byte{{0, 5}: 'X', {12, 0}: 'X', {6, 3}: 'O', {6, 2}: '.'}, AnchorCentre)},
		{Pattern: pat(11, 11, map[[2]int]byte{{5, 5}: 'X', {0, 10}: 'O'}, AnchorAnywhere), Continuations: true},
		// a board's whole size: 7x7 (49 cells), 9x13, 19x19 (361), 30x11
		{Pattern: pat(7, 7, map[[2]int]byte{{3, 3}: 'X', {2, 3}: 'O', {0, 0}: '.'}, AnchorCorner)},
		{Pattern: pat(9, 13, map[[2]int]byte{{4, 4}: 'O', {5, 4}: 'X'}, AnchorCorner), Continuations: true},
		{Pattern: pat(19, 19, map[[2]int]byte{{9, 9}: 'X', {3, 3}: 'O', {15, 15}: 'x'}, AnchorCorner)},
		{Pattern: pat(30, 11, map[[2]int]byte{{10, 5}: 'X', {20, 5}: 'O'}, AnchorCorner), MoveLimit: 200},
		// sparse: most windows left out by the lifetimes' test
		{Pattern: mustText(t, "X....../......./...o.../......./......./......X", AnchorAnywhere), Continuations: true},
		{Pattern: mustText(t, "....../.X..../....../....x./....../..O...", AnchorAnywhere), MoveLimit: 100},
		{Pattern: mustText(t, "X...../....../....../....../....../.....O", AnchorAnywhere), Continuations: true},
	}
	// The stones of the first 19x19 game after move 150, empty points
	// "*": more than 64 cells a colour that are a stone in a variant
	// (trig of more than a word a point).
	pos, err := LoadPosition(files[4], "150")
	if err != nil {
		t.Fatal(err)
	}
	many := &Pattern{W: pos.W, H: pos.H, Anchor: AnchorCorner, Cells: []byte(strings.ReplaceAll(string(pos.Cells), ".", "*"))}
	cases = append(cases, Query{Pattern: many, Continuations: true})
	compareWindowReplay(t, db, cases)
	for _, q := range cases {
		for _, g := range newMatcher(q.Pattern, &q).win.groups {
			if !g.wide {
				t.Errorf("%s: a %dx%d group not wide", q.Pattern, g.w, g.h)
			}
		}
	}
	if g := newMatcher(many, &Query{Pattern: many}).win.groups[0]; len(g.stoneCells[0]) <= 64 || len(g.stoneCells[1]) <= 64 {
		t.Errorf("%d and %d cells a stone of each colour: a word of trig a point", len(g.stoneCells[0]), len(g.stoneCells[1]))
	}
}

// randomGamesIndex returns an index of games of random play (many
// captures, passes, setup nodes) on boards whose rows pack 1 to 11 to a
// word, square and not, and its files (5x5, 7x7, 9x9, 13x13, 19x19,
// 21x21, 25x25, 9x13, 30x11).
func randomGamesIndex(t *testing.T) (*DB, []string) {
	rng := rand.New(rand.NewPCG(18, 7))
	dir := t.TempDir()
	var files []string
	for fi, sz := range [][2]int{{5, 5}, {7, 7}, {9, 9}, {13, 13}, {19, 19}, {21, 21}, {25, 25}, {9, 13}, {30, 11}} {
		var b strings.Builder
		cols, rows := sz[0], sz[1]
		for range 12 {
			b.WriteString("(;GM[1]FF[4]SZ[" + strconv.Itoa(cols))
			if rows != cols {
				b.WriteString(":" + strconv.Itoa(rows))
			}
			b.WriteString("]")
			played := map[[2]int]bool{}
			pt := func() string {
				x, y := rng.IntN(cols), rng.IntN(rows)
				played[[2]int{x, y}] = true
				return string(rune('a'+x)) + string(rune('a'+y))
			}
			if rng.IntN(3) == 0 {
				b.WriteString("AB[" + pt() + "][" + pt() + "]AW[" + pt() + "]")
			}
			for m := range cols * rows * 3 / 4 {
				col := "BW"[m%2 : m%2+1]
				switch r := rng.IntN(40); {
				case r == 0:
					b.WriteString(";" + col + "[]")
				case r == 1:
					b.WriteString(";AB[" + pt() + "]AE[" + pt() + "]")
				default:
					x, y := rng.IntN(cols), rng.IntN(rows)
					for tries := 0; played[[2]int{x, y}] && tries < 8; tries++ {
						x, y = rng.IntN(cols), rng.IntN(rows)
					}
					played[[2]int{x, y}] = true
					b.WriteString(";" + col + "[" + string(rune('a'+x)) + string(rune('a'+y)) + "]")
				}
			}
			b.WriteString(")\n")
		}
		files = append(files, filepath.Join(dir, "r"+strconv.Itoa(fi)+".sgf"))
		if err := os.WriteFile(files[len(files)-1], []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return newIndexOn(t, filepath.Join(t.TempDir(), "r.db"), files), files
}
