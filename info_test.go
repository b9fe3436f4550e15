package sgf_test

import (
	"bytes"
	"errors"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/internal/sgftest"
	"github.com/sgf-toolkit/sgf/value"
)

func TestInfoKGS(t *testing.T) {
	c, err := sgf.Parse(readTestdata(t, "kgs-2019-04-01-1.sgf"))
	if err != nil {
		t.Fatal(err)
	}
	g := c.Game(0)
	gi := g.Info()
	if gi.Node != g.Root() {
		t.Errorf("game-info node is %v, want the root", gi.Node.Path())
	}
	gi.Node = sgf.Node{}
	want := sgf.GameInfo{
		PlayerBlack: "HiraBot31", RankBlack: "3d",
		PlayerWhite: "roln111", RankWhite: "8d",
		Date: value.Date{{Year: 2019, Month: 4, Day: 1}}, DateText: "2019-04-01",
		Place: "The KGS Go Server at http://www.gokgs.com/",
		Komi:  0.5, KomiText: "0.50",
		Result: value.Result{Kind: value.ResultWin, Winner: value.Black, By: value.ByResign}, ResultText: "B+Resign",
		Rules: "Chinese", Overtime: "5x30 byo-yomi",
		TimeLimit: 300, TimeLimitText: "300",
		Handicap:    5,
		Application: "CGoban", ApplicationVersion: "3",
		Charset: "UTF-8", Cols: 19, Rows: 19, GameType: 1, FF: 4,
	}
	if !reflect.DeepEqual(gi, want) {
		t.Errorf("Info() =\n%+v\nwant\n%+v", gi, want)
	}
}

// Fox games: UTF-8 Chinese ranks, komi times 100, an empty GN.
func TestInfoFox(t *testing.T) {
	dir := sgftest.Corpus(t, "games", "fox-tygem-ai", "AI", "BensonDarr")
	c, err := sgf.ReadFile(filepath.Join(dir, "2018.02.09 BensonDarr VS TMC (010001897).SGF"), nil)
	if err != nil {
		t.Fatal(err)
	}
	gi := c.Game(0).Info()
	if gi.PlayerBlack != "BensonDarr" || gi.RankBlack != "9段" || gi.PlayerWhite != "顺利过关" || gi.RankWhite != "9段" {
		t.Errorf("players %q %q %q %q", gi.PlayerBlack, gi.RankBlack, gi.PlayerWhite, gi.RankWhite)
	}
	if gi.Komi != 750 || gi.Application != "YuanYu" || gi.Rules != "Japanese" || gi.Result.By != value.ByResign || gi.GameName != "" {
		t.Errorf("info %+v", gi)
	}
	if len(gi.Errors) != 0 {
		t.Errorf("errors %v", gi.Errors)
	}
}

// Every game-info property of libsgfc++'s gameinfo.sgf, which keeps them
// not in the root but in the first node of each variation: "game infos
// are stored at the nodes where a game first becomes distinguishable from
// all other games in the tree" (ff4-basics).
func TestInfoGameInfoNode(t *testing.T) {
	c, err := sgf.Parse(readTestdata(t, "gameinfo.sgf"))
	if err != nil {
		t.Fatal(err)
	}
	g := c.Game(0)
	in, ok := g.InfoNode()
	if !ok || in.Path().String() != "1" {
		t.Fatalf("InfoNode = %v, %v", in.Path(), ok)
	}
	gi := g.Info()
	checks := []struct{ got, want string }{
		{gi.User, "A very long recorder name (US property)"},
		{gi.Source, "A very long source name (SO property)"},
		{gi.Annotator, "A very long annotation author name (AN property)"},
		{gi.Copyright, "A very long copyright information text (CP property)"},
		{gi.GameName, "A very long game name (GN property)"},
		{gi.GameComment, "A very long game information text (GC property)"},
		{gi.Rules, "AGA"},
		{gi.Overtime, "A very long overtime information text (OT property)"},
		{gi.Opening, "A very long opening information text (OT property)"},
		{gi.PlayerBlack, "A very long black player name (PB property)"},
		{gi.RankBlack, "25k?"},
		{gi.TeamBlack, "A very long black player team name (BT property)"},
		{gi.PlayerWhite, "A very long white player name (PW property)"},
		{gi.RankWhite, "7d*"},
		{gi.TeamWhite, "A very long white player team name (WT property)"},
		{gi.Place, "A very long game location name (PC property)"},
		{gi.Event, "A very long event name (EV property)"},
		{gi.Round, "A very long round information (RO property)"},
		{gi.Application, "SGFC"}, {gi.ApplicationVersion, "1.18"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	// DT[2019-02-28,2020-02-29,2021-01-10,11,12,02-03]
	wantDate := value.Date{{Year: 2019, Month: 2, Day: 28}, {Year: 2020, Month: 2, Day: 29}, {Year: 2021, Month: 1, Day: 10}, {Year: 2021, Month: 1, Day: 11}, {Year: 2021, Month: 1, Day: 12}, {Year: 2021, Month: 2, Day: 3}}
	if !reflect.DeepEqual(gi.Date, wantDate) {
		t.Errorf("Date = %v", gi.Date)
	}
	if gi.Result != (value.Result{Kind: value.ResultWin, Winner: value.White, By: value.ByScore, Score: 17.5}) ||
		gi.TimeLimit != 142.7 || gi.Handicap != 2 || gi.Komi != 0.5 || gi.Cols != 9 {
		t.Errorf("info %+v", gi)
	}
	// The second variation is another game: its own game-info node.
	second := g.Root().Child(1)
	gi2 := second.Info()
	if gi2.Node != second || gi2.ResultText != "W+R" || gi2.RankBlack != "4p" || gi2.PlayerBlack != "" {
		t.Errorf("second game: %+v", gi2)
	}
	if gi := (sgf.Node{}).Info(); !reflect.DeepEqual(gi, sgf.GameInfo{}) {
		t.Errorf("zero Node: %+v", gi)
	}
	if _, ok := g.Root().InfoNode(); ok {
		t.Error("the root has a game-info node on its path")
	}
}

func TestInfoErrors(t *testing.T) {
	g := mustParse(t, "(;FF[4]GM[1]SZ[9]DT[last summer]RE[john wins]KM[5 1/2]HA[two]TM[9 hours])").Game(0)
	gi := g.Info()
	if gi.DateText != "last summer" || gi.Date != nil || gi.ResultText != "john wins" || gi.KomiText != "5 1/2" || gi.TimeLimitText != "9 hours" {
		t.Errorf("info %+v", gi)
	}
	if len(gi.Errors) != 5 {
		t.Fatalf("%d errors, want 5: %v", len(gi.Errors), gi.Errors)
	}
	for _, err := range gi.Errors {
		var e *sgf.Error
		if !errors.Is(err, sgf.ErrValue) || !errors.Is(err, value.ErrSyntax) || !errors.As(err, &e) || e.Prop == "" {
			t.Errorf("error %v: want ErrValue and value.ErrSyntax with the property", err)
		}
	}
	// No game-info node at all: the root properties and defaults.
	gi = mustParse(t, "(;GM[11];B[a1])").Game(0).Info()
	if !gi.Node.IsZero() || gi.GameType != 11 || gi.Cols != 11 || gi.FF != 1 {
		t.Errorf("defaults %+v", gi)
	}
}

// TestInfoErrorsDecoded: an error quotes the value decoded from the game's
// charset, as the text fields hold it (issue 13, item 5: sgf info printed
// 'time limit 3시간' and then 'problem TM "3\xbdð\xa3"').
func TestInfoErrorsDecoded(t *testing.T) {
	for _, ca := range []string{"CA[EUC-KR]", ""} { // declared, detected
		src := append([]byte("(;FF[4]GM[1]"+ca+"PB["), 0xc0, 0xcc, 0xc3, 0xa2, 0xc8, 0xa3) // 이창호
		src = append(append(append(src, "]GC["...), bytes.Repeat([]byte{0xc0, 0xcc, 0xc3, 0xa2, 0xc8, 0xa3, ' '}, 8)...), ']')
		src = append(append(src, "TM[3"...), 0xbd, 0xc3, 0xb0, 0xa3) // 3시간
		src = append(src, "])"...)
		gi := mustParse(t, string(src)).Game(0).Info()
		if gi.PlayerBlack != "이창호" || gi.TimeLimitText != "3시간" {
			t.Fatalf("%s: info %+v", ca, gi)
		}
		var e *sgf.Error
		if len(gi.Errors) != 1 || !errors.As(gi.Errors[0], &e) || e.Prop != "TM" || e.Value != "3시간" {
			t.Errorf("%s: errors %v, want TM \"3시간\"", ca, gi.Errors)
		}
	}
}

// FF[3] identifiers with lowercase letters are found under their FF[4] name.
func TestInfoFF3Identifiers(t *testing.T) {
	g := mustParse(t, "(;FF[3]GaMe[1]PlayerBlack[Sai]CoPyright[(c)];Black[dd]Comment[hi])").Game(0)
	gi := g.Info()
	if gi.PlayerBlack != "Sai" || gi.Copyright != "(c)" {
		t.Errorf("info %+v", gi)
	}
	n := g.Root().Child(0)
	if m, ok := n.Move(); !ok || m.Color != value.Black || m.Point != (value.Point{X: 3, Y: 3}) {
		t.Errorf("move %+v %v", m, ok)
	}
	if n.Comment() != "hi" || !n.Has("C") {
		t.Errorf("comment %q", n.Comment())
	}
	if !n.Delete("C") || n.Has("C") {
		t.Error("Delete of Comment[]")
	}
}

// Game.Info reads the root as the game-info node first: when the root
// holds no game-info property, the fields come from the first node of the
// main line that does, and AP, CA and FF still from the root.
func TestInfoNodeBelowRoot(t *testing.T) {
	g := mustParse(t, "(;FF[4]AP[prog:2.1]CA[UTF-8]C[root comment];C[no info];PB[Black]PW[White]KM[6.5]DT[2020-01-02];B[aa])").Game(0)
	gi := g.Info()
	if gi.Node.Number() != 2 {
		t.Fatalf("Info().Node is node %d, want 2", gi.Node.Number())
	}
	if gi.PlayerBlack != "Black" || gi.PlayerWhite != "White" || gi.Komi != 6.5 || gi.DateText != "2020-01-02" ||
		gi.Application != "prog" || gi.ApplicationVersion != "2.1" || gi.Charset != "UTF-8" || gi.FF != 4 || gi.GameComment != "" {
		t.Errorf("Info() = %+v", gi)
	}
	if gi := mustParse(t, "(;FF[4]AP[prog:2.1];B[aa])").Game(0).Info(); !gi.Node.IsZero() || gi.Application != "prog" || gi.PlayerBlack != "" {
		t.Errorf("no game-info node: %+v", gi)
	}
}

// FF[1]-FF[3] files give the komi as KI, twice the komi (Smart Game
// Board); KM wins when both are there.
func TestInfoKI(t *testing.T) {
	gi := mustParse(t, "(;FF[3]GM[1]SZ[19]KI[11]PB[x];B[aa])").Game(0).Info()
	if gi.Komi != 5.5 || !gi.KomiFromKI || gi.KomiText != "" {
		t.Errorf("KI[11]: Komi %v, KomiFromKI %v, KomiText %q", gi.Komi, gi.KomiFromKI, gi.KomiText)
	}
	gi = mustParse(t, "(;FF[3]GM[1]SZ[19]KI[11]KM[6.5]PB[x];B[aa])").Game(0).Info()
	if gi.Komi != 6.5 || gi.KomiFromKI {
		t.Errorf("KI[11]KM[6.5]: Komi %v, KomiFromKI %v", gi.Komi, gi.KomiFromKI)
	}
}

// A property written twice in a node (which FF[4] forbids) is read as
// SGFC merges it: lists joined, texts joined with a blank line.
func TestRepeatedProperties(t *testing.T) {
	g := mustParse(t, "(;GM[1]SZ[9]AB[gc]AB[cg]C[one]C[two]N[a]N[b];W[ee]L[aa][bb]M[cc])").Game(0)
	root := g.Root()
	if s := root.Setup(); len(s.Black) != 2 {
		t.Errorf("Setup().Black = %v, want both stones", s.Black)
	}
	if c := root.Comment(); c != "one\n\ntwo" {
		t.Errorf("Comment() = %q", c)
	}
	if n := root.Name(); n != "a b" {
		t.Errorf("Name() = %q", n)
	}
	m := g.Node(1).Markup()
	if len(m.Labels) != 2 || m.Labels[0].Text != "a" || m.Labels[1].Text != "b" || len(m.Cross) != 1 {
		t.Errorf("FF[3] L and M: %+v", m)
	}
}

// AP is decoded once: in its charset, then split (a ":" may be a byte of a
// character).
func TestInfoApplicationCharset(t *testing.T) {
	tests := []struct{ src, name, version string }{
		{"(;FF[4]CA[ISO-8859-1]AP[Caf\xe9:1.\xe9])", "Café", "1.é"},
		{"(;CA[GBK]AP[\xce\xa7\xc6\xe5:1.0])", "围棋", "1.0"},
		{"(;CA[Shift_JIS]AP[\x83\x5c\x83\x74\x83\x67:2\\:0])", "ソフト", "2:0"},
	}
	for _, tt := range tests {
		gi := mustParse(t, tt.src).Game(0).Info()
		if gi.Application != tt.name || gi.ApplicationVersion != tt.version {
			t.Errorf("%q: AP %q %q, want %q %q", tt.src, gi.Application, gi.ApplicationVersion, tt.name, tt.version)
		}
	}
}

// Game info written twice in a node reads as the getters read it: texts
// joined (Node.Text), typed values from the first (Node.Get).
func TestInfoRepeated(t *testing.T) {
	gi := mustParse(t, "(;PB[first]PB[second]GC[one]GC[two]KM[6.5]KM[0.5]DT[2020-01-01]DT[bad];B[aa])").Game(0).Info()
	if gi.PlayerBlack != "first second" || gi.GameComment != "one\n\ntwo" || gi.Komi != 6.5 || gi.KomiText != "6.5" ||
		gi.DateText != "2020-01-01" || len(gi.Errors) != 0 {
		t.Errorf("%+v", gi)
	}
	n := mustParse(t, "(;PB[first]PB[second];B[aa])").Game(0).Root()
	if s, _ := n.Text("PB"); s != "first second" {
		t.Errorf("Text(PB) = %q", s)
	}
}

// A size that does not parse, or is no Go board (1-52), is reported.
func TestInfoBadSize(t *testing.T) {
	for _, src := range []string{"(;SZ[x])", "(;SZ[0])", "(;SZ[-1])", "(;SZ[1:0])", "(;SZ[53])"} {
		gi := mustParse(t, src).Game(0).Info()
		if len(gi.Errors) != 1 || !errors.Is(gi.Errors[0], sgf.ErrValue) {
			t.Errorf("%s: Errors %v", src, gi.Errors)
		}
	}
	if gi := mustParse(t, "(;SZ[19:13])").Game(0).Info(); len(gi.Errors) != 0 || gi.Cols != 19 || gi.Rows != 13 {
		t.Errorf("SZ[19:13]: %+v", gi)
	}
}

// TestInfoDrawAnyCaseAndFoxKomi: RE[draw] is a draw; Fox's KM[750] is
// 7.5 points read the producer's way, with its source (issue 19, defect 6).
func TestInfoDrawAnyCaseAndFoxKomi(t *testing.T) {
	gi := mustParse(t, "(;FF[4]GM[1]AP[YuanYu:1.0]KM[750]RE[draw])").Game(0).Info()
	if gi.Result.Kind != value.ResultDraw || len(gi.Errors) != 0 || gi.ResultString() != "0" {
		t.Errorf("RE[draw]: %+v, errors %v, ResultString %q", gi.Result, gi.Errors, gi.ResultString())
	}
	if km, src := gi.ProducerKomi(); km != 7.5 || src != sgf.KomiFoxKM || gi.Komi != 750 {
		t.Errorf("ProducerKomi() = %v, %v (Komi %v); want 7.5, Fox", km, src, gi.Komi)
	}
	for _, tc := range []struct {
		src  string
		km   float64
		from sgf.KomiSource
	}{
		{"(;FF[4]GM[1]KM[6.5])", 6.5, sgf.KomiKM},
		{"(;FF[4]GM[1]KM[375]RU[Chinese])", 7.5, sgf.KomiFoxKM},
		{"(;FF[3]GM[1]KI[11])", 5.5, sgf.KomiKI},
		{"(;FF[4]GM[1])", 0, sgf.KomiNone},
		{"(;FF[4]GM[1]KM[six])", 0, sgf.KomiInvalid},
	} {
		if km, from := mustParse(t, tc.src).Game(0).Info().ProducerKomi(); km != tc.km || from != tc.from {
			t.Errorf("%s: ProducerKomi() = %v, %v; want %v, %v", tc.src, km, from, tc.km, tc.from)
		}
	}
}

// TestResultStringAndErrorText: ResultString gives the result when it is
// valid and the text as written otherwise; the error names the value once.
func TestResultStringAndErrorText(t *testing.T) {
	gi := mustParse(t, "(;FF[4]GM[1]RE[W])").Game(0).Info()
	if got := gi.ResultString(); got != "W" {
		t.Errorf("ResultString() = %q, want the text as written", got)
	}
	if len(gi.Errors) != 1 {
		t.Fatalf("errors %v", gi.Errors)
	}
	if got, want := gi.Errors[0].Error(), `sgf: Info RE "W": invalid property value: Result: invalid syntax`; got != want {
		t.Errorf("error %q\nwant  %q", got, want)
	}
	if !errors.Is(gi.Errors[0], value.ErrSyntax) || !errors.Is(gi.Errors[0], sgf.ErrValue) {
		t.Errorf("error does not wrap its sentinels")
	}
	if got := mustParse(t, "(;FF[4]GM[1]RE[b+resign])").Game(0).Info().ResultString(); got != "B+R" {
		t.Errorf("ResultString() = %q, want B+R", got)
	}
}

// TestInfoNumbersAsCheckReads: HA, KM and KI written with white space
// around them are no values of their types (reported), and read as sgf
// check corrects them (C03): HA[ 2 ] is a handicap of 2, KM[ 6.5] a komi
// of 6.5, KI[ 13 ] (no KM) a komi of 6.5. Before, GameInfo read HA and KM
// as 0 and KI as missing.
func TestInfoNumbersAsCheckReads(t *testing.T) {
	gi := mustParse(t, "(;FF[4]GM[1]HA[ 2 ]KM[ 6.5])").Game(0).Info()
	if gi.Handicap != 2 || gi.Komi != 6.5 || len(gi.Errors) != 2 {
		t.Errorf("HA %d, KM %v, errors %v", gi.Handicap, gi.Komi, gi.Errors)
	}
	gi = mustParse(t, "(;FF[3]GM[1]KI[ 13 ])").Game(0).Info()
	if gi.Komi != 6.5 || !gi.KomiFromKI {
		t.Errorf("KI: komi %v from KI %v", gi.Komi, gi.KomiFromKI)
	}
}
