package check

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/games"
	"github.com/sgf-toolkit/sgf/games/hex"
	"github.com/sgf-toolkit/sgf/syntax"
	"github.com/sgf-toolkit/sgf/value"
)

// TestCAReadAsTyped: check reads CA as the typed view reads it
// (sgf.CharsetOfCA: the SimpleText of the value, escapes removed), in C45,
// C46 and in the charset that quotes of values are decoded in. Before,
// check looked the value up as written: CA[cs\ISOLatinHebrew], which
// package sgf reads as ISO-8859-8, was unknown to C46 (no C46 after a
// tree in UTF-8) and its quotes were decoded as ISO-8859-1.
func TestCAReadAsTyped(t *testing.T) {
	const ca = `cs\ISOLatinHebrew`
	if cs, err := sgf.CharsetOfCA([]byte(ca)); err != nil || cs.Name() != "ISO-8859-8" {
		t.Fatalf("sgf.CharsetOfCA(%q) = %v, %v; want ISO-8859-8", ca, cs.Name(), err)
	}
	src := "(;FF[4]GM[1]CA[UTF-8])(;FF[4]GM[1]CA[" + ca + "]TM[3\xf9\xf2\xe5\xfa])" // 3שעות
	ds := run(t, src, Options{})
	var c46, c15 []string
	for _, d := range ds {
		switch d.Code {
		case CodeUnknownCharset:
			t.Errorf("C45: %s", d.Message)
		case CodeDifferentCharset:
			c46 = append(c46, d.Message)
		case CodeGameInfoFormat:
			c15 = append(c15, d.Message)
		}
	}
	if want := []string{`different charset encodings stored in one file (cs\ISOLatinHebrew here, UTF-8 in the tree before)`}; !slices.Equal(c46, want) {
		t.Errorf("C46 %q, want %q", c46, want)
	}
	if len(c15) != 1 || !strings.HasSuffix(c15[0], "value: [3שעות]") {
		t.Errorf("C15 %q: want the value decoded from ISO-8859-8", c15)
	}
	// sgf check (All, the charset of package sgf) quotes it alike.
	for _, d := range All([]byte(src), Options{}) {
		if d.Code == CodeGameInfoFormat && !strings.HasSuffix(d.Message, "value: [3שעות]") {
			t.Errorf("All: %s", d.Message)
		}
	}
}

// TestDateEscapesReadOnce: a DT is read with its escapes removed once, as
// sgf.Value.Date reads it: DT[2004-10-27 16\:01\:54] (GNU Go's
// verybad.sgf) is corrected as DT[2004-10-27 16:01:54] is, the time of
// day lost (critical). Before, check found the escaped value not
// correctable (C15), while sgf stats counted its year.
func TestDateEscapesReadOnce(t *testing.T) {
	for _, dt := range []string{`2004-10-27 16\:01\:54`, `2004-10-27 16:01:54`} {
		ds := run(t, "(;FF[4]GM[1]DT["+dt+"])", Options{})
		want := "illegal <DT> value corrected; new value: [2004-10-27], old value: [" + dt + "] (part of the value is lost)"
		if len(ds) != 1 || ds[0].Code != CodeValueCorrected || !ds[0].Critical || ds[0].Message != want {
			t.Errorf("DT[%s]: %v", dt, ds)
		}
	}
}

// TestRulesReadAsTyped: the rules read RU and KM as the typed view reads
// them (escapes removed), so that check and sgf.GameInfo.ProducerKomi
// read a Fox komi alike: under RU[Chi\nese] (the text "Chinese") KM[375]
// is in quarters, 7.5 points. Before, check read RU as written, found no
// Chinese rules in `Chi\nese` and said 3.75.
func TestRulesReadAsTyped(t *testing.T) {
	src := `(;FF[4]GM[1]SZ[19]RU[Chi\nese]KM[375];B[pd])`
	c, err := sgf.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if k, how := c.Game(0).Info().ProducerKomi(); k != 7.5 || how != sgf.KomiFoxKM {
		t.Fatalf("ProducerKomi = %v, %v", k, how)
	}
	var got []string
	for _, d := range run(t, src, Options{}) {
		if d.Property == "KM" {
			got = append(got, d.Message)
		}
	}
	if want := []string{"implausible komi KM[375]: Fox writes komi in hundredths (--quirks fox reads it as 7.5)"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if pts, ok := FoxKomi([]byte("375"), []byte(`Chi\nese`)); !ok || pts != "7.5" {
		t.Errorf("FoxKomi = %s, %v", pts, ok)
	}
}

// TestPLMNReadAlike: PL and MN are read alike by the Cursor (on both of
// its paths: a node it scans itself and one with setup, which it reads
// through the syntax layer), by the replay of sgf check and by
// sgf.Value.Color/Number: as decoded, else as the value checker corrects
// them without loss. Before, the Cursor read them as written (PL[1],
// PL[ W ], PL[white], MN[ 5 ] set nothing) while check's replay set the
// player; and check's replay read PL[1], PL[2] and PL[white] only since
// 1960a15, which this test holds.
func TestPLMNReadAlike(t *testing.T) {
	for _, c := range []struct {
		pl   string
		want string // "B", "W", "" (not read)
	}{
		{"B", "B"}, {"W", "W"}, {"1", "B"}, {"2", "W"}, {"white", "W"}, {"Black", "B"},
		{" W ", "W"}, {"b", "B"}, {" w\n", "W"}, {`\W`, "W"},
		{"r", ""}, {"w 123", ""}, {"3", ""}, {"", ""},
	} {
		// the move before PL leaves the other colour to play
		before, want := "B", "W"
		switch c.want {
		case "B":
			before, want = "B", "B"
		case "W":
			before, want = "W", "W"
		}
		for _, setup := range []string{"", "AB[ii]"} {
			src := "(;GM[1]SZ[9];" + before + "[aa];PL[" + c.pl + "]" + setup + ")"
			g := parseGame(t, src)
			cur := g.NewCursor()
			for cur.Next() {
			}
			if got := cur.Position().ToPlay.String(); got != want {
				t.Errorf("%s: Cursor: %s to play, want %s", src, got, want)
			}
			if got := replayPlayer(t, src).String(); got != want {
				t.Errorf("%s: check's replay: %s to play, want %s", src, got, want)
			}
			col, ok := plValue(t, g, "PL").Color()
			if got := col.String(); ok != (c.want != "") || ok && got != c.want {
				t.Errorf("%s: Value.Color = %s, %v; want %q", src, got, ok, c.want)
			}
		}
	}
	for _, c := range []struct {
		mn   string
		want int // -1: not read
	}{{"5", 5}, {" 5 ", 5}, {"+7", 7}, {"1 0", 10}, {"\n12", 12}, {"x", -1}, {"5 moves", -1}, {"", -1}} {
		for _, setup := range []string{"", "AB[ii]"} {
			src := "(;GM[1]SZ[9];B[aa];MN[" + c.mn + "]" + setup + ")"
			g := parseGame(t, src)
			cur := g.NewCursor()
			for cur.Next() {
			}
			want := c.want
			if want < 0 {
				want = 1 // the move's number, MN not read
			}
			if got := cur.Position().MoveNumber; got != want {
				t.Errorf("%s: Cursor: move number %d, want %d", src, got, want)
			}
			n, ok := plValue(t, g, "MN").Number()
			if ok != (c.want >= 0) || ok && n != c.want {
				t.Errorf("%s: Value.Number = %d, %v; want %d", src, n, ok, c.want)
			}
		}
	}
}

func parseGame(t *testing.T, src string) *sgf.Game {
	t.Helper()
	c, err := sgf.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return c.Game(0)
}

// plValue returns the first value of property id in the last node of the
// main line of g, decoded (sgf.Decoder).
func plValue(t *testing.T, g *sgf.Game, id string) *sgf.Value {
	t.Helper()
	cur := g.NewCursor()
	for cur.Next() {
	}
	for _, p := range cur.Node().Decode() {
		if p.ID == id {
			return &p.Values[0]
		}
	}
	t.Fatalf("no %s", id)
	return nil
}

// replayPlayer returns the player to move on check's replay board after
// the last node of src.
func replayPlayer(t *testing.T, src string) value.Color {
	t.Helper()
	r, _ := firstReplay(t, src, Options{})
	return r.board.Player()
}

// firstReplay runs check's replay of the first game tree of src (read as
// check reads it) with opts, and returns it with the checker's pass.
func firstReplay(t *testing.T, src string, opts Options) (*replay, *Pass) {
	t.Helper()
	f, _ := syntax.Parse([]byte(src), caOpts)
	var ch checker
	ch.init(f, &opts)
	p := &ch.p
	p.Tree = f.Trees[0]
	p.view()
	r := p.replay()
	if r == nil {
		t.Fatalf("%s: no replay", src)
	}
	return r, p
}

// cursorGrid returns the board of the Cursor after the last node of the
// main line of src's first game.
func cursorGrid(t *testing.T, src string) []value.Color {
	t.Helper()
	cur := parseGame(t, src).NewCursor()
	for cur.Next() {
	}
	return cur.Board().AppendGrid(nil)
}

// TestSetupAndMovesReadAsTyped: the rules read AB, Hex moves and the
// handicap moves as the typed view decodes them (and the replay plays
// them), not each from the bytes.
func TestSetupAndMovesReadAsTyped(t *testing.T) {
	has := func(ds []Diagnostic, code Code) string {
		for _, d := range ds {
			if d.Code == code {
				return d.Message
			}
		}
		return ""
	}
	strictOpts := Options{Strict: true}
	// C38 counts the black stones as the replay sets them up: a
	// compressed list with white space in it (AB[dd : ee], corrected to
	// dd:ee, 4 stones; 0 before), each point once (AB[dd][dd] is 1
	// stone; 2 before), points off the board and faulty values not at all
	// (2 before).
	for _, c := range []struct {
		src  string
		want string // C38's message, "" for none
	}{
		{"(;GM[1]FF[4]SZ[19]HA[4]AB[dd : ee])", ""},
		{"(;GM[1]FF[4]SZ[19]HA[4]AB[d\\d:ee])", ""},
		{"(;GM[1]FF[4]SZ[19]HA[2]AB[dd][dd])", "value of HA property (2) differs from number of setup stones (1 black)"},
		{"(;GM[1]FF[4]SZ[19]HA[2]AB[dd][zz])", "value of HA property (2) differs from number of setup stones (1 black)"},
		{"(;GM[1]FF[4]SZ[19]HA[2]AB[dd][x])", "value of HA property (2) differs from number of setup stones (1 black)"},
		{"(;GM[1]FF[4]SZ[19]HA[4]AB[dd:ee][ee])", ""},
	} {
		if got := has(run(t, c.src, strictOpts), CodeHandicapStones); got != c.want {
			t.Errorf("%s: C38 %q, want %q", c.src, got, c.want)
		}
	}
	// A Hex move off the board is no move (the typed view: an error; the
	// value rules delete it): two black moves around it are not C40.
	src := "(;GM[11]FF[4]SZ[5];B[a1];B[z9];W[b2])"
	if got := has(run(t, src, strictOpts), CodeSameColour); got != "" {
		t.Errorf("%s: C40 %q", src, got)
	}
	// B[tt] on 19x19 is a pass (value.ParseMove), no handicap stone: not
	// C50 with AB[tt] (before: "AB[dd][tt]").
	src = "(;GM[1]FF[4]SZ[19]HA[2];B[dd];B[tt];W[pp])"
	if got := has(run(t, src, Options{Quirks: QuirkHandicapMoves}), CodeHandicapMoves); got != "" {
		t.Errorf("%s: C50 %q", src, got)
	}
	// B[p\d] is the point pd: AB[pd] (before AB[p\d]).
	src = "(;GM[1]FF[4]SZ[19]HA[2];B[dd];B[p\\d];W[pp])"
	if got, want := has(run(t, src, Options{Quirks: QuirkHandicapMoves}), CodeHandicapMoves), "handicap of 2 stones played as the first 2 black moves (AB[dd][pd])"; got != want {
		t.Errorf("%s: C50 %q, want %q", src, got, want)
	}
}

// TestNumbersCorrectedOneWay: every number is corrected by one function
// (value.CorrectNumber: white space dropped, the leading number kept, as
// SGFC's Parse_Number does for digits, white space and text after them).
// A number with white space inside is corrected without loss: BL[14\n0]
// (Fuego-Amigo-loss-bug.sgf) and OB[1 9] are 140 and 19, as SGFC makes
// them and as the root's FF[1 ]/SZ[1 9] always were; before, they were 14
// and 1, "part of the value lost". The root's numbers take only a
// lossless correction (rootNumbers): FF[4x] is still an illegal root
// value, where OB[1 kk] is corrected to 1 with a loss.
func TestNumbersCorrectedOneWay(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"(;FF[4]GM[1]SZ[19];B[aa]BL[14\n0])", "illegal <BL> value corrected; new value: [140], old value: [14\n0]"},
		{"(;FF[4]GM[1]SZ[19];B[aa]OB[1 9])", "illegal <OB> value corrected; new value: [19], old value: [1 9]"},
		{"(;FF[4]GM[1]SZ[19];B[aa]OB[1 kk])", "illegal <OB> value corrected; new value: [1], old value: [1 kk] (part of the value is lost)"},
		{"(;FF[4]GM[1]SZ[19];B[aa]BL[7.5 s])", "illegal <BL> value corrected; new value: [7], old value: [7.5 s] (part of the value is lost)"},
		{"(;FF[ 4]GM[1]SZ[19])", "illegal <FF> value corrected; new value: [4], old value: [ 4]"},
		{"(;FF[4]GM[1]SZ[1 9])", "illegal <SZ> value corrected; new value: [19], old value: [1 9]"},
		{"(;FF[4]GM[1]SZ[19 : 1 9])", "illegal <SZ> value corrected; new value: [19:19], old value: [19 : 1 9]"},
		{"(;FF[4x]GM[1]SZ[19])", "illegal root property <FF> found (assuming FF[1]): [4x]"},
	} {
		var got []string
		for _, d := range run(t, c.src, Options{}) {
			got = append(got, d.Message)
		}
		if !slices.Contains(got, c.want) {
			t.Errorf("%q: %q, want %q among them", c.src, got, c.want)
		}
	}
}

// TestGameInfoFixEscapesReadOnce: KM, TM and RE (and any Real) that need
// a correction are read with their escapes removed once, as DT is
// (TestDateEscapesReadOnce) and as their typed forms read them: KM[
// 6\.5 ] is corrected to 6.5 as KM[ 6.5 ] is. Before, value.FixReal,
// FixTime and FixResult read the escapes as part of the value, so these
// were C15 "not corrected" (V lost its fraction, critical), while the
// value with the escapes doubled stays a text no fixer reads.
func TestGameInfoFixEscapesReadOnce(t *testing.T) {
	for _, tt := range []struct{ prop, raw, fixed string }{
		{"KM", ` 6\.5 `, "6.5"},
		{"KM", ` 6.5 `, "6.5"},
		{"TM", `1\:30\:00`, "5400"},
		{"TM", `1:30:00`, "5400"},
		{"RE", `White wins by 3\.5`, "W+3.5"},
		{"RE", `White wins by 3.5`, "W+3.5"},
		{"V", ` 1\.5`, "1.5"},
		{"V", ` 1.5`, "1.5"},
	} {
		ds := run(t, "(;FF[4]GM[1]"+tt.prop+"["+tt.raw+"])", Options{})
		want := "illegal <" + tt.prop + "> value corrected; new value: [" + tt.fixed + "], old value: [" + tt.raw + "]"
		if len(ds) != 1 || ds[0].Code != CodeValueCorrected || ds[0].Critical || ds[0].Message != want {
			t.Errorf("%s[%s]: %v", tt.prop, tt.raw, ds)
		}
	}
	for _, tt := range []struct{ prop, raw string }{{"KM", ` 6\\.5 `}, {"TM", `1\\:30:00`}, {"RE", `B+\\5`}} {
		ds := run(t, "(;FF[4]GM[1]"+tt.prop+"["+tt.raw+"])", Options{})
		if len(ds) != 1 || ds[0].Code != CodeGameInfoFormat {
			t.Errorf("%s[%s]: %v, want C15", tt.prop, tt.raw, ds)
		}
	}
}

// TestKomiReadAsCorrected: KM is read by sgf info (GameInfo.Komi) and by
// the rules (Pass.real, C41's KI against KM) as check corrects it without
// loss (sgf.Value.Real: value.FixReal), not only with white space around
// it: KM[6,5] and KM[5 1/2] are 6.5 and 5.5 (C03 corrects them, not
// critical). Before, GameInfo had no komi for them and C41 said that
// KI[13] contradicts KM[6,5] (critical).
func TestKomiReadAsCorrected(t *testing.T) {
	for _, c := range []struct {
		km   string
		want float64
	}{{"6,5", 6.5}, {"5 1/2", 5.5}, {" 6.5 ", 6.5}, {"6.5", 6.5}} {
		src := "(;FF[3]GM[1]KI[13]KM[" + c.km + "])"
		col, err := sgf.Parse([]byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if gi := col.Game(0).Info(); gi.Komi != c.want {
			t.Errorf("%s: GameInfo.Komi %v, want %v", src, gi.Komi, c.want)
		}
		if c.want != 6.5 {
			continue
		}
		for _, d := range run(t, src, Options{}) {
			if d.Property == "KI" && (d.Critical || d.Message != "obsolete <KI> property found: deleted (KM is given)") {
				t.Errorf("%s: %s (critical %v)", src, d.Message, d.Critical)
			}
		}
	}
}

// TestPointsReadAlike: a Go move or point written with white space in it
// ("B[ dd ]", "AB[d d]", "B[p d]") and a compressed point list partly off
// the board ("AB[aa:zz]" on 9x9) are read alike by every reader that puts
// stones on a board: the Cursor (gogame's PlaySGF and SetupSGF), Node.Move,
// check's replay, and the Cursor on the file that sgf fix writes (as SGFC
// corrects it: the white space removed, the list deleted, C03). Before,
// the Cursor read B[ dd ] as a move that puts no stone and AB[d d] as no
// stone, where check's replay played and set dd; and the Cursor set the
// on-board stones of AB[aa:zz], which check's replay and fix delete.
func TestPointsReadAlike(t *testing.T) {
	for _, c := range []struct {
		src   string
		moves string // the points of the moves of the main line as Node.Move reads them, "-" a pass, "?" an error
	}{
		{"(;GM[1]FF[4]SZ[19];B[ dd ])", "dd"},
		{"(;GM[1]FF[4]SZ[19];B[p d];W[dd\n])", "pd dd"},
		{"(;GM[1]FF[4]SZ[19];B[ t t ];W[dd])", "- dd"},
		{"(;GM[1]FF[4]SZ[19]AB[d d]AW[ p\\p ];W[pp])", "pp"},
		{"(;GM[1]FF[4]SZ[9]AB[aa : cc];AE[b b];W[ii])", "ii"},
		{"(;GM[1]FF[4]SZ[9]AB[aa:zz][ee];W[cc])", "cc"},
		{"(;GM[1]FF[4]SZ[9]AB[ah:bj][ee]AW[jj:aa];W[cc])", "cc"},
		{"(;GM[1]FF[4]SZ[9]AB[aa:ii];AE[aa:zz];AE[ba:jj];W[ bb])", "bb"},
		{"(;GM[1]FF[4]SZ[19];B[dd];W[ ];B[pp])", "dd ? pp"},
		// A point a node's setup sets twice keeps its first setting
		// (C18: the later one is deleted, and fix writes it so).
		{"(;GM[1]FF[4]SZ[9]AB[bb]AE[bb];W[cc])", "cc"},
		{"(;GM[1]FF[4]SZ[9]AB[bb]AW[bb];W[cc])", "cc"},
		{"(;GM[1]FF[4]SZ[9]AW[aa:cc]AB[bb][ee];W[ii])", "ii"},
		{"(;GM[1]FF[4]SZ[9]AB[bb][bb]AE[aa:bb];W[ii])", "ii"},
		{"(;GM[1]FF[4]SZ[9]AB[aa : cc]AE[b b];W[ii])", "ii"},
		{"(;GM[1]FF[4]SZ[9];AB[aa : cc]AE[b b])", ""},
		{"(;GM[1]FF[4]SZ[9];AB[b b]AW[aa : cc]AE[b\\b][dd])", ""},
		// Hex: the cells as Node.Setup and check decode them (A2 is a2,
		// b\2 is b2; z9 is off the board), the first setting kept.
		{"(;GM[11]FF[4]SZ[5]AB[b2]AE[b2];W[c3])", "c3"},
		{"(;GM[11]FF[4]SZ[5]AW[a1][b\\2]AB[b2][A1][c4]AE[c4][z9];B[d4])", "d4"},
		{"(;GM[11]FF[4]SZ[5];AB[a2][b2];AE[a2]AW[b2][a2]AB[c3];W[e5])", "e5"},
	} {
		got := cursorGrid(t, c.src)
		r, _ := firstReplay(t, c.src, Options{})
		if want := r.board.AppendGrid(nil); !slices.Equal(got, want) {
			t.Errorf("%s: Cursor %v, check's replay %v", c.src, got, want)
		}
		fixed, _ := fixString(t, c.src, FixOptions{Critical: true})
		if want := cursorGrid(t, fixed); !slices.Equal(got, want) {
			t.Errorf("%s: Cursor %v, on %s (fixed) %v", c.src, got, fixed, want)
		}
		// The fixed file has no point set twice in a node (C18): fix
		// keeps the first setting and writes no correction of a value it
		// deletes (AE[b b] is not written as AE[bb]).
		for _, d := range run(t, fixed, Options{}) {
			if d.Code == CodeNotUnique {
				t.Errorf("%s: fixed %s: %s", c.src, fixed, d.Message)
			}
		}
		var moves []string
		for n := range parseGame(t, c.src).MainLine() {
			if m, ok := n.Move(); ok {
				switch {
				case m.Err != nil:
					moves = append(moves, "?")
				case m.Pass:
					moves = append(moves, "-")
				case n.Game().Type() == sgf.GameHex:
					moves = append(moves, sgf.HexCellOf(m.Point).String())
				default:
					moves = append(moves, m.Point.String())
				}
			}
		}
		if s := strings.Join(moves, " "); s != c.moves {
			t.Errorf("%s: Node.Move %s, want %s", c.src, s, c.moves)
		}
	}
}

// TestFixSetupValueOnce: a setup value that two rules rewrite, a point of
// it set already in the node (C18) and a point that changes nothing
// (C19), or a correction of its form (C03, white space or corners; C59,
// --expand-lists) and a point that changes nothing, is written with both
// corrections: the points that are neither. The fixed file has neither
// finding, fixing it again changes nothing, and the board is the same.
// Before, fix kept the first rule's edit of the value and wrote
// AW[bb]AB[aa][ba][ab] after AB[aa], on which check reported C19 (aa).
func TestFixSetupValueOnce(t *testing.T) {
	expand := FixOptions{Options: Options{ExpandLists: true}}
	for _, c := range []struct {
		src  string
		opts FixOptions
		want string // the last node as fix writes it
	}{
		// C18 (bb, set by AW) and C19 (aa, black already)
		{"(;GM[1]FF[4]SZ[9];AB[aa];AW[bb]AB[aa:bb])", FixOptions{}, ";AW[bb]AB[ba][ab]"},
		{"(;GM[1]FF[4]SZ[9];AB[aa];AW[bb]AB[aa:bb])", expand, ";AW[bb]AB[ba][ab]"},
		{"(;GM[1]FF[4]SZ[9];AB[aa];AW[bb]AB[bb:aa])", FixOptions{}, ";AW[bb]AB[ba][ab]"},
		{"(;GM[1]FF[4]SZ[9];AB[aa];AE[bb]AB[a a:b b])", FixOptions{}, ";AB[ba][ab]"},
		{"(;GM[1]FF[4]SZ[9];AW[ba];AB[bb]AW[aa:cb]AE[ca])", FixOptions{}, ";AB[bb]AW[aa][ca][ab][cb]"},
		// C03 or C59 and C19 (aa)
		{"(;GM[1]FF[4]SZ[9];AB[aa];AB[a a:bb])", FixOptions{}, ";AB[ba][ab][bb]"},
		{"(;GM[1]FF[4]SZ[9];AB[aa];AB[bb:aa])", FixOptions{}, ";AB[ba][ab][bb]"},
		{"(;GM[1]FF[4]SZ[9];AB[aa];AB[aa:bb])", expand, ";AB[ba][ab][bb]"},
		{"(;GM[1]FF[4]SZ[9];AB[aa];AB[bb:aa])", expand, ";AB[ba][ab][bb]"},
		// one rule a value, as before
		{"(;GM[1]FF[4]SZ[9];AB[aa];AB[aa:bb]AE[bb])", FixOptions{}, ";AB[ba][ab][bb]"},
		{"(;GM[1]FF[4]SZ[9];AE[bb]AB[aa:bb])", FixOptions{}, ";AB[aa][ba][ab]"},
	} {
		name := c.src
		if c.opts.ExpandLists {
			name += " --expand-lists"
		}
		fixed, _ := fixString(t, c.src, c.opts)
		if body := strings.TrimSpace(fixed); body[strings.LastIndexByte(body, ';'):] != c.want+")" {
			t.Errorf("%s: fixed %s, want the last node %s", name, fixed, c.want)
		}
		for _, d := range run(t, fixed, c.opts.Options) {
			switch d.Code {
			case CodeNotUnique, CodeNoEffect, CodeCompressedList:
				t.Errorf("%s: fixed %s: %s %s", name, fixed, d.Code, d.Message)
			}
		}
		if again, ch := fixString(t, fixed, c.opts); again != fixed || len(ch) > 0 {
			t.Errorf("%s: fixed %s, fixed again %s (%d changes)", name, fixed, again, len(ch))
		}
		if got, want := cursorGrid(t, c.src), cursorGrid(t, fixed); !slices.Equal(got, want) {
			t.Errorf("%s: Cursor %v, on %s (fixed) %v", name, got, fixed, want)
		}
	}
}

// TestKomiCorrectedAsReal: KM is corrected as every Real is, by one
// function (value.CorrectReal): KM[14\n0] is 140 without loss, as
// BL[14\n0] is, for check (C03), fix, GameInfo.Komi and Value.Real.
// Before, check's KM correction had only value.FixReal and said "not
// corrected" (C15), and the readers had no komi. A correction that loses
// part of the value is still no komi and C15 (KM[7.5 points]).
func TestKomiCorrectedAsReal(t *testing.T) {
	for _, c := range []struct {
		prop, raw string
		want      string // the value check corrects it to, "" for C15
		komi      float64
	}{
		{"KM", "14\n0", "140", 140},
		{"KM", " 6,5", "6.5", 6.5},
		{"KM", "7.5 points", "", 0},
		{"BL", "14\n0", "140", 0},
	} {
		src := "(;FF[4]GM[1]SZ[19]" + c.prop + "[" + c.raw + "];B[dd])"
		ds := run(t, src, Options{})
		msg := "illegal <" + c.prop + "> value corrected; new value: [" + c.want + "], old value: [" + c.raw + "]"
		if c.want == "" {
			msg = "game-info property <" + c.prop + "> has an illegal format (not corrected) - value: [" + c.raw + "]"
		}
		if len(ds) != 1 || ds[0].Message != msg || ds[0].Critical {
			t.Errorf("%q: %v, want %q", src, ds, msg)
		}
		if c.prop != "KM" {
			continue
		}
		if k := parseGame(t, src).Info().Komi; k != c.komi {
			t.Errorf("%q: GameInfo.Komi %v, want %v", src, k, c.komi)
		}
		f, ok := (&sgf.Value{Raw: []byte(c.raw)}).Real()
		if ok != (c.komi != 0) || f != c.komi {
			t.Errorf("%q: Value.Real %v, %v; want %v", src, f, ok, c.komi)
		}
	}
}

// TestTimeLimitReadAsCorrected: TM is read by GameInfo (sgf info, the
// index) as check corrects it (value.FixTime, through sgf.Value.Time):
// TM[9 hours] is 32400 seconds, TM[1\:30\:00] 5400. Before, GameInfo read
// TM with value.ParseTime only and had no time limit for them, while
// check corrected them (C03).
func TestTimeLimitReadAsCorrected(t *testing.T) {
	for _, c := range []struct {
		raw  string
		want float64 // 0: not corrected (C15)
	}{{"9 hours", 32400}, {`1\:30\:00`, 5400}, {" 60 ", 60}, {"600", 600}, {"1:30", 0}, {"-5", 0}} {
		src := "(;FF[4]GM[1]SZ[19]TM[" + c.raw + "])"
		var fixed string
		for _, d := range run(t, src, Options{}) {
			if d.Code == CodeValueCorrected {
				_, fixed, _ = strings.Cut(d.Message, "new value: [")
				fixed, _, _ = strings.Cut(fixed, "]")
			}
		}
		tl := parseGame(t, src).Info().TimeLimit
		if tl != c.want {
			t.Errorf("%s: GameInfo.TimeLimit %v, want %v", src, tl, c.want)
		}
		if f, ok := (&sgf.Value{Raw: []byte(c.raw)}).Time(); f != c.want || ok != (c.want != 0) {
			t.Errorf("%s: Value.Time %v, %v; want %v", src, f, ok, c.want)
		}
		if c.raw != "600" && fixed != "" && fixed != strconv.FormatFloat(c.want, 'f', -1, 64) {
			t.Errorf("%s: check corrects it to %s, GameInfo reads %v", src, fixed, tl)
		}
	}
}

// rawSetupHex is a Hex board that counts the values it is given to parse
// (SetupSGF).
type rawSetupHex struct {
	*hex.Board
	raw *int
}

func (b rawSetupHex) SetupSGF(c value.Color, raw []byte) {
	*b.raw++
	b.Board.SetupSGF(c, raw)
}

// TestHexSetupReadAsDecoded: check's replay of a Hex game sets up AB, AW
// and AE from the values as the typed view decodes them (the Decoder's
// points, which the value rules judge), not by handing the board the raw
// bytes to parse again with its own call of the cell parser; and the
// position is the Cursor's, which reads them the same way (Node.Setup's
// cells, given to the board as points). Before, the replay and the Cursor
// called SetupSGF with each value as written.
func TestHexSetupReadAsDecoded(t *testing.T) {
	raw := 0
	games.Register(11, func(cols, rows int) (games.Board, error) {
		b, err := hex.New(cols, rows)
		return rawSetupHex{b, &raw}, err
	})
	defer games.Register(11, func(cols, rows int) (games.Board, error) { return hex.New(cols, rows) })
	src := "(;FF[4]GM[11]SZ[5]AB[a1][A2][b\\3][z9][][c1]AW[b2][ e5 ][b2];AE[a1][c1];B[a1];W[d4])"
	r, _ := firstReplay(t, src, Options{})
	if raw != 0 {
		t.Errorf("the replay gave SetupSGF %d values as written", raw)
	}
	got := r.board.AppendGrid(nil)
	if want := cursorGrid(t, src); !slices.Equal(got, want) {
		t.Errorf("check's replay %v, Cursor %v", got, want)
	}
	if raw != 0 {
		t.Errorf("the Cursor gave SetupSGF %d values as written", raw)
	}
}

// TestSetupBeforeMove: a node with setup (AB, AW, AE, PL) and a move has
// one meaning for every reader: its setup first, then its move, whatever
// the order written. FF[4] forbids the node ("Move properties must not be
// mixed with setup properties within the same node", ff4-basics) and gives
// the order written no meaning ("The order of properties in a node is not
// fixed. It may change every time the file is saved and may vary from
// application to application."); SGFC splits it into a node of the setup
// followed by one of the move (message 30, "setup and move properties
// mixed within a node (split into two nodes)": its test-result.sgf writes
// test.sgf's ";B[fg] AB[ss][rs]" as ";AB[rs:ss];B[fg]"), and sgf fix does
// the same (C13). So the Cursor (the viewer, the diagrams), check's replay,
// the readers of Node.Setup and Node.Move (the index: the setup, then the
// move) and the Cursor on the fixed file show one board and one player to
// move. Before, the Cursor and check's replay executed such a node in the
// order written: ";B[ee]AE[ee]" left ee empty, where the fixed file
// ";B[ee]" (AE[ee] then has no effect, C19) shows a black stone, and
// ";B[ee]PL[B]" had Black to play where the fixed ";PL[B];B[ee]" has
// White.
func TestSetupBeforeMove(t *testing.T) {
	for _, c := range []struct {
		src    string
		board  string // the final position as sgf.Position.String draws it, rows joined by "/"
		toPlay value.Color
	}{
		{"(;GM[1]FF[4]SZ[3];B[bb]AE[bb])", ". . ./. X ./. . .", value.White},
		{"(;GM[1]FF[4]SZ[3];W[bb]AB[bb])", ". . ./. O ./. . .", value.Black},
		{"(;GM[1]FF[4]SZ[3];AB[bb]W[bb])", ". . ./. O ./. . .", value.Black},
		// the setup's stones take part in the move's capture
		{"(;GM[1]FF[4]SZ[3]AW[ba];B[aa]AB[bb][ca])", "X . X/. X ./. . .", value.White},
		{"(;GM[1]FF[4]SZ[3];B[aa]W[bb]AE[aa])", "X . ./. O ./. . .", value.Black},
		{"(;GM[1]FF[4]SZ[3];B[bb]PL[B])", ". . ./. X ./. . .", value.White},
		{"(;GM[1]FF[4]SZ[3];PL[W]B[bb])", ". . ./. X ./. . .", value.White},
		{"(;GM[1]FF[4]SZ[3];B[bb]C[x]AW[aa]PL[B]MN[5];W[cc])", "O . ./. X ./. . O", value.Black},
		{"(;GM[11]FF[4]SZ[3];B[b2]AE[b2])", ". . ./. X ./. . .", value.White},
		{"(;GM[11]FF[4]SZ[3]AB[a1];W[a1]AE[a1])", "O . ./. . ./. . .", value.Black},
	} {
		g := parseGame(t, c.src)
		cur := g.NewCursor()
		for cur.Next() {
		}
		p := cur.Position()
		if got := strings.ReplaceAll(strings.TrimSuffix(p.String(), "\n"), "\n", "/"); got != c.board || p.ToPlay != c.toPlay {
			t.Errorf("%s: Cursor %s, %v to play; want %s, %v", c.src, got, p.ToPlay, c.board, c.toPlay)
		}
		grid := cursorGrid(t, c.src)
		// the general path (an edited tree) as the one read from the text
		edited := parseGame(t, c.src)
		if err := edited.Root().Set("C", "edited"); err != nil {
			t.Fatal(err)
		}
		ec := edited.NewCursor()
		for ec.Next() {
		}
		if got := ec.Board().AppendGrid(nil); !slices.Equal(got, grid) || ec.Position().ToPlay != c.toPlay {
			t.Errorf("%s: Cursor on the edited tree %v, %v to play", c.src, got, ec.Position().ToPlay)
		}
		r, _ := firstReplay(t, c.src, Options{})
		if got := r.board.AppendGrid(nil); !slices.Equal(got, grid) || r.board.Player() != c.toPlay {
			t.Errorf("%s: check's replay %v, %v to play; Cursor %v", c.src, got, r.board.Player(), grid)
		}
		fixed, _ := fixString(t, c.src, FixOptions{Critical: true})
		fg := parseGame(t, fixed)
		fc := fg.NewCursor()
		for fc.Next() {
		}
		if got := fc.Board().AppendGrid(nil); !slices.Equal(got, grid) || fc.Position().ToPlay != c.toPlay {
			t.Errorf("%s: Cursor on %s (fixed) %v, %v to play; Cursor %v", c.src, fixed, got, fc.Position().ToPlay, grid)
		}
		for _, d := range run(t, fixed, Options{}) {
			if d.Code == CodeSetupAndMove {
				t.Errorf("%s: fixed %s: %s", c.src, fixed, d.Message)
			}
		}
		// Node.Setup, then Node.Move's moves, as the index records them
		cols, rows := g.Size()
		b, err := games.NewBoard(g.Type(), cols, rows)
		if err != nil {
			t.Fatal(err)
		}
		ps := b.(games.PointSetter)
		for n := range g.MainLine() {
			su := n.Setup()
			ps.SetPoints(value.Black, su.Black)
			ps.SetPoints(value.White, su.White)
			ps.SetPoints(0, su.Empty)
			for pr := range n.Syntax().Props() {
				if id := string(pr.ID); id == "B" || id == "W" {
					b.PlaySGF(value.Color(id[0]), pr.Value())
				}
			}
		}
		if got := b.AppendGrid(nil); !slices.Equal(got, grid) {
			t.Errorf("%s: Node.Setup and the moves %v; Cursor %v", c.src, got, grid)
		}
	}
}

// TestFixOldLabels: fix writes the labels of an FF[3] L (read as LB) as
// Node.Markup and package convert read them (value.OldLabel): the 27th
// point is "A". Before, fix wrote "27" there, where the viewer showed "A"
// and sgf convert wrote A.
func TestFixOldLabels(t *testing.T) {
	var b strings.Builder
	b.WriteString("(;FF[3]GM[1]SZ[19];B[pd]L")
	var want []string
	for i := range 60 {
		pt := string(rune('a'+i%19)) + string(rune('a'+i/19))
		b.WriteString("[" + pt + "]")
		want = append(want, pt+":"+value.OldLabel(i))
	}
	src := b.String() + ")"
	var shown []string
	for _, l := range parseGame(t, src).Root().Child(0).Markup().Labels {
		shown = append(shown, l.Point.String()+":"+l.Text)
	}
	if !slices.Equal(shown, want) {
		t.Errorf("Node.Markup: %v, want %v", shown, want)
	}
	fixed, _ := fixString(t, src, FixOptions{})
	var got []string
	for _, v := range parseGame(t, fixed).Root().Child(0).Values("LB") {
		got = append(got, string(v))
	}
	if !slices.Equal(got, want) {
		t.Errorf("fix writes LB%v, want %v", got, want)
	}
}
