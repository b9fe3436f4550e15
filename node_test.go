package sgf_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/value"
)

func pts(s ...string) []value.Point {
	var out []value.Point
	for _, x := range s {
		p, err := value.ParsePoint([]byte(x))
		if err != nil {
			panic(err)
		}
		out = append(out, p)
	}
	return out
}

func TestMove(t *testing.T) {
	g := mustParse(t, "(;GM[1]SZ[9];B[cd];W[];B[tt];W[zz];C[no move];W[jj])").Game(0)
	tests := []struct {
		num    int
		ok     bool
		color  value.Color
		point  value.Point
		pass   bool
		hasErr bool
	}{
		{1, true, value.Black, value.Point{X: 2, Y: 3}, false, false},
		{2, true, value.White, value.Point{}, true, false},
		// go-game-notes: "B[tt] (kept for FF[3] compatibility, only on
		// boards of 19x19 or smaller)".
		{3, true, value.Black, value.Point{}, true, false},
		{4, true, value.White, value.Point{X: 25, Y: 25}, false, true},
		{5, false, 0, value.Point{}, false, false},
		{6, true, value.White, value.Point{X: 9, Y: 9}, false, true},
	}
	for _, tt := range tests {
		m, ok := g.Node(tt.num).Move()
		if ok != tt.ok || m.Color != tt.color || m.Point != tt.point || m.Pass != tt.pass || (m.Err != nil) != tt.hasErr {
			t.Errorf("node %d: Move() = %+v, %v", tt.num, m, ok)
		}
		if m.Err != nil && (!errors.Is(m.Err, sgf.ErrValue) || !errors.Is(m.Err, value.ErrRange)) {
			t.Errorf("node %d: error %v", tt.num, m.Err)
		}
	}
	// Hex moves (HexWiki: "swap-pieces", cells like "c5").
	h := mustParse(t, "(;GM[11]SZ[7];B[c5];W[swap-pieces];B[resign])").Game(0)
	want := []sgf.Move{
		{Color: value.Black, Point: value.Point{X: 2, Y: 4}, Hex: value.HexPlace, Raw: []byte("c5")},
		{Color: value.White, Hex: value.HexSwapPieces, Raw: []byte("swap-pieces")},
		{Color: value.Black, Hex: value.HexResign, Raw: []byte("resign")},
	}
	for i, w := range want {
		m, ok := h.Node(i + 1).Move()
		if !ok || !reflect.DeepEqual(m, w) {
			t.Errorf("hex move %d = %+v, want %+v", i+1, m, w)
		}
	}
}

func TestSetupAndMarkup(t *testing.T) {
	g := mustParse(t, "(;GM[1]SZ[5]AB[aa:bb][ee]AW[cc][cc]AE[dd];TR[aa][bb]CR[cc]SQ[dd]MA[ee]SL[ab:ac]LB[aa:one][bb:tw\\:o][zz:off]AR[aa:bb]LN[cc:dd][xx]DD[aa])").Game(0)
	s := g.Root().Setup()
	if !slices.Equal(s.Black, pts("aa", "ba", "ab", "bb", "ee")) || !slices.Equal(s.White, pts("cc")) || !slices.Equal(s.Empty, pts("dd")) {
		t.Errorf("Setup = %+v", s)
	}
	if len(s.Problems) != 1 || s.Problems[0].Kind != value.ListDuplicate {
		t.Errorf("problems %v", s.Problems)
	}
	m := g.Node(1).Markup()
	want := sgf.Markup{
		Triangle: pts("aa", "bb"), Circle: pts("cc"), Square: pts("dd"), Cross: pts("ee"), Selected: pts("ab", "ac"),
		Labels: []sgf.Label{{Point: pts("aa")[0], Text: "one"}, {Point: pts("bb")[0], Text: "tw:o"}},
		Arrows: []sgf.Line{{From: pts("aa")[0], To: pts("bb")[0]}},
		Lines:  []sgf.Line{{From: pts("cc")[0], To: pts("dd")[0]}},
	}
	if !reflect.DeepEqual(m, want) {
		t.Errorf("Markup =\n%+v\nwant\n%+v", m, want)
	}
	if s := g.Node(1).Setup(); s.Black != nil || s.White != nil {
		t.Errorf("no setup: %+v", s)
	}
	// Hex cells in setup.
	h := mustParse(t, "(;GM[11]SZ[3]AB[a1][c3]AW[b2][d1])").Game(0).Root().Setup()
	if !slices.Equal(h.Black, []value.Point{{X: 0, Y: 0}, {X: 2, Y: 2}}) || !slices.Equal(h.White, []value.Point{{X: 1, Y: 1}}) || len(h.Problems) != 1 {
		t.Errorf("hex setup %+v", h)
	}
}

func TestAnnotations(t *testing.T) {
	g := mustParse(t, "(;GB[2]DM[1]UC[1]V[-3.5];GW[1]BM[2]DO[]IT[]TE[x])").Game(0)
	if a := g.Root().Annotations(); a != (sgf.Annotations{GoodForBlack: 2, Even: 1, Unclear: 1, Value: -3.5, HasValue: true}) {
		t.Errorf("root %+v", a)
	}
	if a := g.Node(1).Annotations(); a != (sgf.Annotations{GoodForWhite: 1, Bad: 2, Doubtful: true, Interesting: true, Tesuji: 1}) {
		t.Errorf("node 1 %+v", a)
	}
}

func TestPlayerAndMoveNumber(t *testing.T) {
	g := mustParse(t, "(;PL[W]MN[5];PL[2];PL[x]MN[x])").Game(0)
	if c, ok := g.Root().PlayerToMove(); !ok || c != value.White {
		t.Errorf("PL[W] = %v %v", c, ok)
	}
	if c, ok := g.Node(1).PlayerToMove(); !ok || c != value.White {
		t.Errorf("PL[2] = %v %v", c, ok)
	}
	if _, ok := g.Node(2).PlayerToMove(); ok {
		t.Error("PL[x] is valid")
	}
	if n, ok := g.Root().MoveNumber(); !ok || n != 5 {
		t.Errorf("MN = %d %v", n, ok)
	}
	if _, ok := g.Node(2).MoveNumber(); ok {
		t.Error("MN[x] is valid")
	}
}

// ff4-basics: "Inheritance stops, if either a new property is encountered
// and those values are inherited from now on, or the property value gets
// cleared, typically by an empty value, e.g. VW[]."
func TestInherited(t *testing.T) {
	g := mustParse(t, "(;VW[aa:cc];B[aa](;VW[];W[bb])(;VW[dd];W[cc]PM[2]))").Game(0)
	tests := []struct {
		num  int
		id   string
		vals []string
		from int
		ok   bool
	}{
		{0, "VW", []string{"aa:cc"}, 0, true},
		{1, "VW", []string{"aa:cc"}, 0, true},
		{2, "VW", nil, 2, false},
		{3, "VW", nil, 2, false},
		{4, "VW", []string{"dd"}, 4, true},
		{5, "VW", []string{"dd"}, 4, true},
		{5, "PM", []string{"2"}, 5, true},
		{1, "DD", nil, -1, false},
	}
	for _, tt := range tests {
		vals, from, ok := g.Node(tt.num).Inherited(tt.id)
		var got []string
		for _, v := range vals {
			got = append(got, string(v))
		}
		fromNum := -1
		if !from.IsZero() {
			fromNum = from.Number()
		}
		if !slices.Equal(got, tt.vals) || fromNum != tt.from || ok != tt.ok {
			t.Errorf("node %d %s: %v from %d %v", tt.num, tt.id, got, fromNum, ok)
		}
	}
}

func TestGetValuesProps(t *testing.T) {
	n := mustParse(t, "(;GM[1]XX[private][two]AB[aa][bb]C[a\\]b])").Game(0).Root()
	if v, ok := n.Get("XX"); !ok || string(v) != "private" {
		t.Errorf("Get(XX) = %q %v", v, ok)
	}
	if v := n.Values("AB"); len(v) != 2 || string(v[1]) != "bb" {
		t.Errorf("Values(AB) = %q", v)
	}
	if v, ok := n.Get("C"); !ok || string(v) != `a\]b` {
		t.Errorf("Get(C) raw = %q", v)
	}
	if _, ok := n.Get("ZZ"); ok || n.Values("ZZ") != nil {
		t.Error("absent property found")
	}
	var ids []string
	for id, vals := range n.Props() {
		ids = append(ids, id+":"+string(bytes.Join(vals, []byte(","))))
	}
	if want := []string{"GM:1", "XX:private,two", "AB:aa,bb", `C:a\]b`}; !slices.Equal(ids, want) {
		t.Errorf("Props = %v", ids)
	}
	if s, ok := n.Text("XX"); !ok || s != "private" {
		t.Errorf("Text(XX) = %q", s)
	}
	var zero sgf.Node
	if _, ok := zero.Get("C"); ok || zero.Values("C") != nil || zero.Comment() != "" || zero.NumChildren() != 0 || zero.Delete("C") {
		t.Error("zero Node has properties")
	}
	if err := zero.Set("C", "x"); !errors.Is(err, sgf.ErrNoNode) {
		t.Errorf("zero.Set: %v", err)
	}
}

// Text: "\" escapes, soft line breaks are removed, SimpleText turns line
// breaks into spaces (ff4-basics).
func TestText(t *testing.T) {
	n := mustParse(t, "(;C[line one\nline\\\n two \\] \\\\]N[a\nb]GN[x\\:y])").Game(0).Root()
	if got := n.Comment(); got != "line one\nline two ] \\" {
		t.Errorf("Comment = %q", got)
	}
	if got := n.Name(); got != "a b" {
		t.Errorf("Name = %q", got)
	}
	if got, _ := n.Text("GN"); got != "x:y" {
		t.Errorf("GN = %q", got)
	}
}

// Edits change only the edited node: "After an edit, only what was edited
// changes. Unknown and private properties ... are kept, in order."
func TestSetDelete(t *testing.T) {
	src := readTestdata(t, "kgs-2019-04-01-1.sgf")
	c, err := sgf.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	g := c.Game(0)
	n := g.Node(10)
	before := string(n.Syntax().Source())
	if err := n.Set("C", "a]b\\c"); err != nil {
		t.Fatal(err)
	}
	if err := n.Set("LB", "dd:x:y", "ee:é"); err != nil {
		t.Fatal(err)
	}
	out, err := c.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if !c.Modified() || !g.Modified() {
		t.Error("not modified")
	}
	i := bytes.Index(src, []byte(strings.TrimSpace(before)))
	if i < 0 {
		t.Fatalf("node source %q not found", before)
	}
	if !bytes.Equal(out[:i], src[:i]) {
		t.Error("bytes before the edited node changed")
	}
	wantNode := strings.TrimSpace(before) + `C[a\]b\\c]LB[dd:x\:y][ee:é]`
	if !bytes.HasPrefix(out[i:], []byte(wantNode)) {
		t.Errorf("edited node = %.60q, want %q", out[i:], wantNode)
	}
	rest := src[i+len(strings.TrimSpace(before)):]
	if !bytes.HasSuffix(out, rest) {
		t.Error("bytes after the edited node changed")
	}
	c2, err := sgf.Parse(out)
	if err != nil {
		t.Fatal(err)
	}
	n2 := c2.Game(0).Node(10)
	if n2.Comment() != "a]b\\c" || !reflect.DeepEqual(n2.Markup().Labels, []sgf.Label{{Point: pts("dd")[0], Text: "x:y"}, {Point: pts("ee")[0], Text: "é"}}) {
		t.Errorf("read back: %q %+v", n2.Comment(), n2.Markup().Labels)
	}
	if !n.Delete("C") || n.Delete("C") {
		t.Error("Delete")
	}
	if err := n.Set("c", "x"); !errors.Is(err, sgf.ErrEdit) {
		t.Errorf("Set(c): %v, want ErrEdit", err)
	}
	if err := n.SetRaw("XX", []byte("a]")); !errors.Is(err, sgf.ErrEdit) {
		t.Errorf("SetRaw unescaped: %v, want ErrEdit", err)
	}
}

// Set encodes text into the game's charset.
func TestSetCharset(t *testing.T) {
	c := mustParse(t, "(;CA[ISO-8859-1]XX[keep];B[aa])")
	root := c.Game(0).Root()
	if err := root.Set("PB", "Müller"); err != nil {
		t.Fatal(err)
	}
	if err := root.Set("PW", "日本"); !errors.Is(err, sgf.ErrEncode) {
		t.Errorf("Set(日本) in Latin-1: %v, want ErrEncode", err)
	}
	out, _ := c.Bytes()
	if string(out) != "(;CA[ISO-8859-1]XX[keep]PB[M\xfcller];B[aa])" {
		t.Errorf("out = %q", out)
	}
	// Shift_JIS: escapes are added before encoding, so a "\" trail byte is
	// not escaped.
	c = mustParse(t, "(;CA[Shift_JIS])")
	root = c.Game(0).Root()
	if err := root.Set("C", "表]"); err != nil {
		t.Fatal(err)
	}
	out, _ = c.Bytes()
	if string(out) != "(;CA[Shift_JIS]C[\x95\x5c\\]])" {
		t.Errorf("out = %q", out)
	}
	if got := mustParse(t, string(out)).Game(0).Root().Comment(); got != "表]" {
		t.Errorf("read back %q", got)
	}
	// A game in ISO-2022-JP is transcoded and encoded back when edited.
	c, err := sgf.Parse(readTestdata(t, "encoding-japanese-iso2022jp.sgf"))
	if err != nil {
		t.Fatal(err)
	}
	wantComment := c.Game(0).Node(3).Comment()
	if err := c.Game(0).Root().Set("PB", "本因坊"); err != nil {
		t.Fatal(err)
	}
	out, err = c.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	// 本 is JIS 4B 5C: its second byte is "\", harmless since such a game is
	// decoded as a whole before it is split.
	if !bytes.Contains(out, []byte("PB[\x1b$BK\\0xK7\x1b(B]")) {
		t.Errorf("not encoded back: %q", out)
	}
	g2 := mustParse(t, string(out)).Game(0)
	if g2.Info().PlayerBlack != "本因坊" || g2.Node(3).Comment() != wantComment {
		t.Errorf("ISO-2022-JP edit read back: %q", g2.Info().PlayerBlack)
	}
	// A transcoded (UTF-16) file is written back in UTF-16.
	c, err = sgf.Parse(readTestdata(t, "encoding-utf16-withbom.sgf"))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Game(0).Root().Set("PB", "Ω"); err != nil {
		t.Fatal(err)
	}
	out, err = c.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	c2, err := sgf.Parse(out)
	if err != nil || c2.Game(0).Info().PlayerBlack != "Ω" || !c2.Game(0).Charset().Transcoded {
		t.Errorf("UTF-16 edit: %v %+v", err, c2.Game(0).Info())
	}
}

// Set replaces every occurrence of the property, FF[3] spellings too, in
// the place of the first: the getters read them all.
func TestSetReplacesEveryOccurrence(t *testing.T) {
	c := mustParse(t, "(;FF[3]CoPyright[old]PB[x];Comment[old comment]B[aa];C[a]X[1]C[b]W[bb])")
	g := c.Game(0)
	if err := g.Root().Set("CP", "new"); err != nil {
		t.Fatal(err)
	}
	if err := g.Node(2).Set("C", "replaced"); err != nil {
		t.Fatal(err)
	}
	if got := g.Node(2).Comment(); got != "replaced" {
		t.Errorf("Comment() = %q", got)
	}
	if got := g.Info().Copyright; got != "new" {
		t.Errorf("Copyright = %q", got)
	}
	b, err := c.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if want := "(;FF[3]CP[new]PB[x];Comment[old comment]B[aa];C[replaced]X[1]W[bb])"; string(b) != want {
		t.Errorf("printed %s\nwant    %s", b, want)
	}
}

// Hex cells are checked against the board as Go points are: a move off
// the board is an error (its cell kept), a list drops duplicates and cells
// off the board, with their problems.
func TestHexBoard(t *testing.T) {
	g := mustParse(t, "(;FF[4]GM[11]SZ[11]AB[a1][l12][A2][a1];B[l12];W[k11])").Game(0)
	s := g.Root().Setup()
	if len(s.Black) != 2 || len(s.Problems) != 2 || s.Problems[0].Kind != value.ListOffBoard || s.Problems[1].Kind != value.ListDuplicate {
		t.Errorf("Setup = %+v", s)
	}
	if m, _ := g.Node(1).Move(); !errors.Is(m.Err, value.ErrRange) || m.Point != (value.Point{X: 11, Y: 11}) {
		t.Errorf("B[l12] on 11x11: %+v", m)
	}
	if m, _ := g.Node(2).Move(); m.Err != nil || m.Point != (value.Point{X: 10, Y: 10}) {
		t.Errorf("W[k11]: %+v", m)
	}
}

// Setting CA writes the game's text in the new charset: the text follows
// its charset, and the file reads back the same.
func TestSetCA(t *testing.T) {
	c := mustParse(t, "(;FF[4]GM[1]PB[Caf\xe9]C[a]C[\xe9t\xe9];B[aa]N[x\xe9])")
	g := c.Game(0)
	if err := g.Root().Set("CA", "UTF-8"); err != nil {
		t.Fatal(err)
	}
	if err := g.Node(1).Set("C", "我的"); err != nil {
		t.Fatal(err)
	}
	b, err := c.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if want := "(;FF[4]GM[1]PB[Café]C[a]C[été]CA[UTF-8];B[aa]N[xé]C[我的])"; string(b) != want {
		t.Errorf("printed %s\nwant    %s", b, want)
	}
	back := mustParse(t, string(b)).Game(0)
	if back.Charset().Name != "UTF-8" || back.Info().PlayerBlack != "Café" || back.Node(1).Comment() != "我的" || back.Root().Comment() != "a\n\nété" {
		t.Errorf("read back: %s, %q, %q", back.Charset().Name, back.Info().PlayerBlack, back.Node(1).Comment())
	}
	// Refused, and nothing changed: a charset whose characters hold "]",
	// and text the new charset cannot hold.
	if err := g.Root().Set("CA", "Shift_JIS"); !errors.Is(err, sgf.ErrEncode) {
		t.Errorf("Shift_JIS: %v", err)
	}
	if err := g.SetCharset("ISO-8859-1"); !errors.Is(err, sgf.ErrEncode) {
		t.Errorf("ISO-8859-1 with 我的: %v", err)
	}
	if b2, _ := c.Bytes(); string(b2) != string(b) {
		t.Errorf("a refused SetCharset changed the game: %s", b2)
	}
	if err := g.Node(1).Set("CA", "UTF-8"); !errors.Is(err, sgf.ErrEdit) {
		t.Errorf("CA below the root: %v", err)
	}
	if err := g.Root().Set("CA", "UTF-8", "x"); !errors.Is(err, sgf.ErrEdit) {
		t.Errorf("two CA values: %v", err)
	}
	// A game read in two-byte characters (Shift_JIS) is refused whole:
	// nothing changes.
	src := "(;FF[4]CA[Shift_JIS]PB[\x95\\]C[\x82\xb7])"
	c2 := mustParse(t, src)
	if err := c2.Game(0).SetCharset("UTF-8"); !errors.Is(err, sgf.ErrEncode) {
		t.Errorf("SetCharset on Shift_JIS: %v", err)
	}
	if b2, _ := c2.Bytes(); string(b2) != src {
		t.Errorf("a refused SetCharset changed the game: %q", b2)
	}
}

// TestSetKeepsLayout: setting one property of a KGS root node written one
// property per line changes the bytes of that property only; the other
// lines stay (issue 19, defect 3). A deleted property goes with its line
// break; an added one follows the last with the same break.
func TestSetKeepsLayout(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("check", "testdata", "kgs-2019-04-03-21.sgf"))
	if err != nil {
		t.Fatal(err)
	}
	edit := func(f func(n sgf.Node) error) string {
		t.Helper()
		c, err := sgf.Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := f(c.Game(0).Root()); err != nil {
			t.Fatal(err)
		}
		out, err := c.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
	got := edit(func(n sgf.Node) error { return n.Set("RE", "W+R") })
	if want := strings.Replace(string(src), "RE[B+0.50]", "RE[W+R]", 1); got != want {
		t.Errorf("Set(RE) changed more than RE:\n%s", firstDiff(got, want))
	}
	got = edit(func(n sgf.Node) error { n.Delete("RU"); return nil })
	if want := strings.Replace(string(src), "RU[Japanese]\n", "", 1); got != want {
		t.Errorf("Delete(RU):\n%s", firstDiff(got, want))
	}
	got = edit(func(n sgf.Node) error { return n.Set("GN", "final") })
	if want := strings.Replace(string(src), "OT[5x30 byo-yomi]\n", "OT[5x30 byo-yomi]\nGN[final]\n", 1); got != want {
		t.Errorf("Set(GN) added:\n%s", firstDiff(got, want))
	}
}

// firstDiff shows where a and b first differ.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return fmt.Sprintf("at byte %d: got %q, want %q", i, a[i:min(len(a), i+40)], b[i:min(len(b), i+40)])
}

// TestNodeFigure: Node.Figure reads FG as the Decoder decodes it (the
// name a SimpleText in the game's charset, decoded to UTF-8), a number
// alone as sgf check corrects it (":" added), and nothing else.
func TestNodeFigure(t *testing.T) {
	for _, tt := range []struct {
		src  string
		want value.Figure
		ok   bool
	}{
		{"(;FG[])", value.Figure{None: true}, true},
		{"(;FG[259:Joseki\n1])", value.Figure{Flags: 259, Name: "Joseki 1"}, true},
		{`(;FG[\1:a\:b])`, value.Figure{Flags: 1, Name: "a:b"}, true},
		{"(;CA[ISO-8859-1]FG[2:caf\xe9])", value.Figure{Flags: 2, Name: "café"}, true},
		{"(;FG[512])", value.Figure{Flags: 512}, true},
		{`(;FG[1\:a:b])`, value.Figure{}, false},
		{"(;FG[x:name])", value.Figure{}, false},
		{"(;FG[ 1 ])", value.Figure{}, false},
		{"(;C[no figure])", value.Figure{}, false},
	} {
		c, err := sgf.ReadBytes([]byte(tt.src), nil)
		if err != nil {
			t.Fatal(err)
		}
		if f, ok := c.Games()[0].Root().Figure(); f != tt.want || ok != tt.ok {
			t.Errorf("%q: %+v, %v; want %+v, %v", tt.src, f, ok, tt.want, tt.ok)
		}
	}
}

// TestSetupFirstWritten: a point that two of a node's AB, AW and AE list
// keeps the setting of the property written first, as the Cursor plays
// it and sgf check keeps it (C18 deletes the later one): Node.Setup's
// three lists have no point in common, whatever order they are applied
// in (the index applies black, white, then empty).
func TestSetupFirstWritten(t *testing.T) {
	for _, c := range []struct {
		src                 string
		black, white, empty []value.Point
	}{
		{"(;GM[1]SZ[9]AB[bb]AE[bb])", pts("bb"), nil, nil},
		{"(;GM[1]SZ[9]AE[bb]AB[bb])", nil, nil, pts("bb")},
		{"(;GM[1]SZ[9]AB[bb][cc]AE[bb]AW[cc][dd])", pts("bb", "cc"), pts("dd"), nil},
		{"(;GM[1]SZ[9]AW[aa:bb]AB[bb][ee]AE[aa])", pts("ee"), pts("aa", "ba", "ab", "bb"), nil},
		{"(;GM[1]SZ[9]AB[bb]AW[cc])", pts("bb"), pts("cc"), nil},
	} {
		c0, err := sgf.Read(strings.NewReader(c.src), nil)
		if err != nil {
			t.Fatal(err)
		}
		s := c0.Game(0).Root().Setup()
		if !slices.Equal(s.Black, c.black) || !slices.Equal(s.White, c.white) || !slices.Equal(s.Empty, c.empty) {
			t.Errorf("%s: Setup black %v white %v empty %v, want %v %v %v", c.src, s.Black, s.White, s.Empty, c.black, c.white, c.empty)
		}
		// The Cursor's board is the same.
		grid := c0.Game(0).NewCursor().Board().AppendGrid(nil)
		for _, p := range s.Black {
			if got := grid[p.Y*9+p.X]; got != value.Black {
				t.Errorf("%s: Cursor has %v at %v, Setup black", c.src, got, p)
			}
		}
		for _, p := range s.White {
			if got := grid[p.Y*9+p.X]; got != value.White {
				t.Errorf("%s: Cursor has %v at %v, Setup white", c.src, got, p)
			}
		}
	}
}
