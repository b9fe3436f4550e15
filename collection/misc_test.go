package collection

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/syntax"
)

func TestTemplate(t *testing.T) {
	g := Split(mustParse(t, "(;CA[UTF-8]PB[Lee Sedol]PW[AlphaGo/DeepMind]DT[2016-03-09]RE[W+R]EV[  a\\]b\t c. ])"))[0]
	tests := []struct{ tmpl, want string }{
		{"{PB}-{PW}-{DT}.sgf", "Lee Sedol-AlphaGo_DeepMind-2016-03-09.sgf"},
		{"{n:04}.sgf", "0007.sgf"},
		{"{n}.sgf", "7.sgf"},
		{"{file}-{tree}.sgf", "games-1.sgf"},
		{"{EV}.sgf", "a]b c.sgf"},
		{"{GN}.sgf", "unknown.sgf"},
		{"{DT}/{{x}}.sgf", "2016-03-09/{x}.sgf"},
	}
	for _, tt := range tests {
		t.Run(tt.tmpl, func(t *testing.T) {
			tp, err := ParseTemplate(tt.tmpl)
			if err != nil {
				t.Fatal(err)
			}
			if got := tp.Name(&g, 7, "dir/games.sgf"); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
	for _, bad := range []string{"", "{PB", "PB}", "{pb}", "{n:x}", "{PB:3}", "../{n}.sgf", "/abs/{n}.sgf", "a\\{n}", "dir/"} {
		if _, err := ParseTemplate(bad); !errors.Is(err, ErrTemplate) {
			t.Errorf("ParseTemplate(%q) = %v, want ErrTemplate", bad, err)
		}
	}
	// Names never repeat within a split, compared without case.
	f := mustParse(t, "(;PB[x])(;PB[X])(;PB[x])")
	tp, _ := ParseTemplate("{PB}.sgf")
	got := strings.Join(tp.Names(Split(f), "f"), " ")
	if got != "x.sgf X-2.sgf x-3.sgf" {
		t.Errorf("Names = %s", got)
	}
	// A long value is cut at a character boundary.
	long := Split(mustParse(t, "(;PB["+strings.Repeat("é", 100)+"])"))[0]
	tp, _ = ParseTemplate("{PB}")
	if n := tp.Name(&long, 1, ""); len(n) != 60 || !strings.HasPrefix(n, "éé") {
		t.Errorf("long name %q (%d bytes)", n, len(n))
	}
	// A Latin-1 value is decoded by CA.
	latin := Split(mustParse(t, "(;CA[ISO-8859-1]PB[Andr\xe9])"))[0]
	if n := tp.Name(&latin, 1, ""); n != "André" {
		t.Errorf("latin-1 name %q", n)
	}
}

func TestJoinLossless(t *testing.T) {
	a := "\xef\xbb\xbf(;FF[4]C[a  b]\n;B[aa])\n"
	b := "header\n(;FF[3]CA[ISO-8859-1]C[\xe9]B[bb])   (;W[cc])\nnotes\n"
	fa, fb := mustParse(t, a), mustParse(t, b)
	out, rep := Join(nil, []*syntax.File{fa, fb})
	want := "(;FF[4]C[a  b]\n;B[aa])\nheader\n(;FF[3]CA[ISO-8859-1]C[\xe9]B[bb])\n(;W[cc])\n"
	if string(out) != want {
		t.Errorf("Join:\n%q\nwant\n%q", out, want)
	}
	if rep.Files != 2 || rep.Trees != 3 || rep.Tail != len("notes") {
		t.Errorf("report %+v", rep)
	}
}

func TestStrip(t *testing.T) {
	src := "(;FF[4]GM[1]\nC[root]GC[game]\n;B[pd]Comment[ff3]LZ[x]KT[y]XY[z]\n(;W[dd]TR[aa]LB[bb:x]MA[cc];B[ee])\n(;W[dp]))"
	tests := []struct {
		name  string
		opts  StripOptions
		want  string
		props map[string]int
		vars  int
	}{
		{"comments", StripOptions{Comments: true},
			"(;FF[4]GM[1]GC[game]\n;B[pd]LZ[x]KT[y]XY[z]\n(;W[dd]TR[aa]LB[bb:x]MA[cc];B[ee])\n(;W[dp]))",
			map[string]int{"C": 1, "Comment": 1}, 0},
		{"markup", StripOptions{Markup: true},
			"(;FF[4]GM[1]\nC[root]GC[game]\n;B[pd]Comment[ff3]LZ[x]KT[y]XY[z]\n(;W[dd];B[ee])\n(;W[dp]))",
			map[string]int{"TR": 1, "LB": 1, "MA": 1}, 0},
		{"private", StripOptions{Private: true},
			"(;FF[4]GM[1]\nC[root]GC[game]\n;B[pd]Comment[ff3]\n(;W[dd]TR[aa]LB[bb:x]MA[cc];B[ee])\n(;W[dp]))",
			map[string]int{"LZ": 1, "KT": 1, "XY": 1}, 0},
		{"props", StripOptions{Props: []string{"GC", "MA"}},
			"(;FF[4]GM[1]\nC[root]\n;B[pd]Comment[ff3]LZ[x]KT[y]XY[z]\n(;W[dd]TR[aa]LB[bb:x];B[ee])\n(;W[dp]))",
			map[string]int{"GC": 1, "MA": 1}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := mustParse(t, src)
			rep, err := Strip(f, tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			if got := string(f.Bytes()); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
			if len(rep.Props) != len(tt.props) || rep.Variations != tt.vars {
				t.Errorf("report %+v, want %v", rep, tt.props)
			}
			for k, v := range tt.props {
				if rep.Props[k] != v {
					t.Errorf("report %+v, want %v", rep, tt.props)
				}
			}
			if rep.Before != len(src) || rep.After != len(f.Bytes()) {
				t.Errorf("bytes %d -> %d", rep.Before, rep.After)
			}
		})
	}
	f := mustParse(t, src)
	rep, _ := Strip(f, StripOptions{Variations: true})
	if rep.Variations != 1 || rep.Nodes != 1 || bytes.Contains(f.Bytes(), []byte("W[dp]")) {
		t.Errorf("variations: %+v\n%s", rep, f.Bytes())
	}
}

func TestStats(t *testing.T) {
	var s, s2 Stats
	s.AddFile([]byte("(;FF[4]GM[1]SZ[19]PB[Ann]PW[Bo]DT[2019-04-03]RE[B+R]CA[utf-8];B[pd](;W[dd])(;W[qq]))(;SZ[9:7]RE[nonsense];B[aa]())"))
	s2.AddFile([]byte("(;FF[3]PB[Ann]DT[April 5, 2019]RE[0];W[cc])"))
	s2.AddFile([]byte("no game here"))
	// DT[2019-04-0\\3] is the text `2019-04-0\3`: no year (its escapes
	// removed once, as sgf check reads it)
	s2.AddFile([]byte(`(;FF[4]DT[2019-04-0\\3])`))
	s.Merge(&s2)
	checks := []struct {
		what      string
		got, want int
	}{
		{"files", s.Files, 4}, {"unreadable", s.Unreadable, 0}, {"no game tree", s.NoTree, 1}, {"games", s.Games, 4},
		{"moves", s.Moves, 5}, {"variations", s.Variations, 1}, {"nodes", s.Nodes, 9},
		{"19x19", s.BoardSizes["19x19"], 3}, {"9x7", s.BoardSizes["9x7"], 1},
		{"B+R", s.Results["B+R"], 1}, {"invalid", s.Results["invalid"], 1}, {"draw", s.Results["draw"], 1},
		{"Ann", s.Players["Ann"], 2}, {"2019", s.Years["2019"], 2}, {"no year", s.Years["none"], 1}, {"invalid year", s.Years["invalid"], 1},
		{"UTF-8", s.Charsets["UTF-8"], 1}, {"FF 3", s.FF["3"], 1}, {"S07", s.Errors["S07"], 1},
		{"props B", s.Props["B"], 2}, {"props W", s.Props["W"], 3},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %d, want %d", c.what, c.got, c.want)
		}
	}
	var b strings.Builder
	if err := s.WriteTable(&b, 3); err != nil || !strings.Contains(b.String(), "games") {
		t.Errorf("table: %v\n%s", err, b.String())
	}
}

func TestOutline(t *testing.T) {
	// ff4-variations.txt, "Variation of a variation".
	f := mustParse(t, "(;FF[4]GM[1]SZ[19];B[aa];W[bb](;B[cc]N[Var A];W[dd];B[ad];W[bd])(;B[hh]N[Var B];W[hg])(;B[gg]N[Var C];W[gh];B[hh]  (;W[hg]N[Var A];B[kk])  (;W[kl]N[Var B])))")
	var got []string
	for s := range Outline(f.Trees[0]) {
		got = append(got, strings.Repeat(" ", s.Depth)+s.Label+" "+itoa(s.First)+"-"+itoa(s.Last)+" "+itoa(s.FirstMove)+"-"+itoa(s.LastMove))
	}
	want := []string{" 0-2 1-2", " A 3-6 3-6", " B 7-8 3-4", " C 9-11 3-5", "  A 12-13 6-7", "  B 14-14 6-6"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	for i, w := range map[int]string{0: "A", 1: "B", 25: "Z", 26: "AA", 27: "AB"} {
		if sgf.VariationLabel(i) != w {
			t.Errorf("VariationLabel(%d) = %s", i, sgf.VariationLabel(i))
		}
	}
}

func itoa(n int) string { return strings.TrimSpace(strings.Repeat(" ", 0) + string(appendInt(nil, n))) }

func appendInt(b []byte, n int) []byte {
	if n >= 10 {
		b = appendInt(b, n/10)
	}
	return append(b, byte('0'+n%10))
}

// TestOutlineMNReadAsTyped: sgf tree reads MN as the Cursor (and so sgf
// show and the diagrams) reads it, as every reader reads a Number
// (sgf.Value.Number): MN[ 10 ] and MN[\10] are 10. Before, the white
// space made MN[ 10 ] no number, and the tree's move numbers disagreed
// with the positions'.
func TestOutlineMNReadAsTyped(t *testing.T) {
	for _, mn := range []string{"MN[10]", "MN[ 10 ]", `MN[1\0]`} {
		f := mustParse(t, "(;GM[1];B[aa];"+mn+"W[bb];B[cc])")
		for s := range Outline(f.Trees[0]) {
			if s.FirstMove != 1 || s.LastMove != 11 {
				t.Errorf("%s: moves %d-%d, want 1-11", mn, s.FirstMove, s.LastMove)
			}
		}
	}
}

// TestStatsGameInfoBelowRoot: the players, result and date of a game that
// keeps its game information in a node below the root (ff4_ex.sgf's second
// game) are counted, as sgf info reads them from the main line's game-info
// node (sgf.Game.InfoNode), by AddFile and AddReader alike; AddTree reads
// the root only. A game without SZ has its game's default board, as the
// typed view reads GM: 11x11 for Hex, 19x19 for GM[ 1] (issue 12).
func TestStatsGameInfoBelowRoot(t *testing.T) {
	src := "(;FF[4]GM[1]SZ[19]AP[x:1];B[pd](;PB[Bl\\]ack]PW[Wh\xc3\xafte]RE[W+3.5]DT[1998-06-15];W[dd]PB[Later]RE[B+R])(;W[qq]))" +
		"(;FF[4]GM[11])(;FF[4]GM[ 1])(;FF[4]GM[7])"
	var a, b Stats
	a.AddFile([]byte(src))
	if err := b.AddReader(strings.NewReader(src)); err != nil {
		t.Fatal(err)
	}
	for _, s := range []*Stats{&a, &b} {
		checks := []struct {
			what      string
			got, want int
		}{
			{"players Bl]ack", s.Players["Bl]ack"], 1}, {"players Whïte", s.Players["Whïte"], 1}, {"players Later", s.Players["Later"], 0},
			{"W+score", s.Results["W+score"], 1}, {"B+R", s.Results["B+R"], 0}, {"no result", s.Results["none"], 3},
			{"1998", s.Years["1998"], 1}, {"no year", s.Years["none"], 3},
			{"19x19", s.BoardSizes["19x19"], 2}, {"11x11", s.BoardSizes["11x11"], 1}, {"no size", s.BoardSizes["none"], 1},
		}
		for _, c := range checks {
			if c.got != c.want {
				t.Errorf("%s = %d, want %d: %s", c.what, c.got, c.want, statsJSON(t, s))
			}
		}
	}
	if ja, jb := statsJSON(t, &a), statsJSON(t, &b); ja != jb {
		t.Errorf("AddReader\n%s\nAddFile\n%s", jb, ja)
	}
	// AddTree has no typed view: the root's game information only.
	f := mustParse(t, src)
	var c Stats
	c.AddTree(f.Trees[0])
	if len(c.Players) != 0 || c.Results["none"] != 1 || c.Years["none"] != 1 {
		t.Errorf("AddTree: %s", statsJSON(t, &c))
	}
}
