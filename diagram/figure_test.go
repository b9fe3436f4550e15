package diagram_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf/diagram"
	"github.com/sgf-toolkit/sgf/diagram/internal/cases"
	"github.com/sgf-toolkit/sgf/value"
)

// numbered returns the numbered stones of d as "N@point".
func numbered(d *diagram.Diagram) string {
	var s []string
	for _, st := range d.Stones {
		if st.Number > 0 {
			s = append(s, fmt.Sprintf("%d@%s", st.Number, st.Point))
		}
	}
	return strings.Join(s, " ")
}

func figures(t *testing.T, src string, opts *diagram.FigureOptions) []*diagram.Diagram {
	t.Helper()
	figs, err := diagram.Figures(game(t, src), opts)
	if err != nil {
		t.Fatal(err)
	}
	return figs
}

// TestFigureKo: FG: "a new figure starts at the node containing a figure
// property"; "Simpletext provides a name for the diagram"; moves that
// cannot be shown are listed ("Some moves can't be shown in a diagram
// (e.g. ko captures in Go) - these moves may be listed as text").
func TestFigureKo(t *testing.T) {
	figs := figures(t, cases.Ko, &diagram.FigureOptions{FG: true})
	if len(figs) != 2 {
		t.Fatalf("%d figures", len(figs))
	}
	f := figs[0]
	if f.Caption != "Ko fight" || f.FirstMove != 1 || f.LastMoveNumber != 7 {
		t.Errorf("figure 1: %q %d-%d", f.Caption, f.FirstMove, f.LastMoveNumber)
	}
	// 1 takes the white stone of the setup at bb; 4 takes back there (a
	// stone without a number: its point's name), 7 takes again on 1.
	if want := []string{"4 at B6 (ko)", "7 at 1 (ko)"}; !reflect.DeepEqual(f.Listed, want) {
		t.Errorf("listed %q, want %q", f.Listed, want)
	}
	if got := numbered(f); got != "1@cb 3@ed 2@ee 6@fe 5@ff" {
		t.Errorf("numbered %s", got)
	}
	if len(f.Notes) != 2 || f.Notes[1] != (diagram.Note{Move: 4, Text: "White takes back."}) {
		t.Errorf("notes %v", f.Notes)
	}
	f = figs[1]
	if f.Caption != "Later" || f.FirstMove != 8 {
		t.Errorf("figure 2: %q %d", f.Caption, f.FirstMove)
	}
	// The stones of figure 1 are drawn without numbers; 8 is a pass, 9
	// takes the ko at bb again.
	if want := []string{"8: pass"}; !reflect.DeepEqual(f.Listed, want) {
		t.Errorf("listed %q", f.Listed)
	}
	if got := numbered(f); got != "9@bb 11@ge 10@gf" {
		t.Errorf("numbered %s", got)
	}
}

// TestFigureFlags: "coordinates on/off (value: 0/1)", "diagram name on/off
// (value: 0/2)", "list moves not shown in figure on/off (value: 0/4)",
// "hoshi dots on/off (value: 0/512)"; "Ignore flags on/off (value:
// 32768) If on, then all other flags should be ignored".
func TestFigureFlags(t *testing.T) {
	const body = `;B[aa];W[ba];B[ca];W[];B[ab])`
	f := figures(t, `(;SZ[9]FG[519:Name]`+body, &diagram.FigureOptions{FG: true})[0]
	if f.ColLabels != nil || f.Caption != "" || f.Listed != nil || f.Hoshi != nil {
		t.Errorf("FG[519]: labels %v caption %q listed %v hoshi %v", f.ColLabels, f.Caption, f.Listed, f.Hoshi)
	}
	f = figures(t, `(;SZ[9]FG[33287:Name]`+body, &diagram.FigureOptions{FG: true})[0]
	if f.ColLabels == nil || f.Caption != "Name" || len(f.Listed) != 1 || f.Hoshi == nil {
		t.Errorf("FG[32768+519] ignores flags: labels %v caption %q listed %v", f.ColLabels, f.Caption, f.Listed)
	}
}

// TestFigureCaptures: "remove captured stones on/off (value: 0/256)
// 'remove off' means: keep captured stones in the diagram and don't
// overwrite stones played earlier - this is the way diagrams are printed
// in books. 'remove on' means: capture and remove the stones from the
// display".
func TestFigureCaptures(t *testing.T) {
	const src = `(;SZ[5];B[ba];W[aa];B[ab];W[ca];B[aa])`
	book := figures(t, src, nil)[0]
	if got := numbered(book); got != "2@aa 1@ba 4@ca 3@ab" {
		t.Errorf("book: %s", got)
	}
	if !reflect.DeepEqual(book.Listed, []string{"5 at 2"}) {
		t.Errorf("book listed %q", book.Listed)
	}
	viewer := figures(t, src, &diagram.FigureOptions{RemoveCaptures: true})[0]
	if got := numbered(viewer); got != "5@aa 1@ba 4@ca 3@ab" || viewer.Listed != nil {
		t.Errorf("remove on: %s %q", got, viewer.Listed)
	}
	// FG[256] keeps them even when RemoveCaptures asks otherwise.
	f := figures(t, `(;SZ[5]FG[256];B[ba];W[aa];B[ab];W[ca];B[aa])`, &diagram.FigureOptions{FG: true, RemoveCaptures: true})[0]
	if len(f.Listed) != 1 {
		t.Errorf("FG[256]: %q", f.Listed)
	}
}

// TestFigureNumbering: PM "0 ... don't print move numbers", "1 ... print
// move numbers as they are", "2 ... print 'modulo 100' move numbers ...
// Only the first move number is calculated 'modulo 100' and the obtained
// number is increased for each move in the diagram. E.g. ... 102-177 is
// printed as moves 2-77 ... 154-213 is printed as moves 54-113".
func TestFigureNumbering(t *testing.T) {
	var b strings.Builder
	b.WriteString("(;SZ[19]PM[2]")
	for i := range 213 {
		c := "B"
		if i%2 == 1 {
			c = "W"
		}
		fmt.Fprintf(&b, ";%s[%c%c]", c, 'a'+i%19, 'a'+i/19)
	}
	b.WriteString(")")
	src := b.String()
	figs := figures(t, src, &diagram.FigureOptions{At: []int{102, 154}})
	var got []string
	for _, f := range figs {
		got = append(got, fmt.Sprintf("%d-%d", f.FirstMove, f.LastMoveNumber))
	}
	if want := []string{"1-101", "2-53", "54-113"}; !reflect.DeepEqual(got, want) {
		t.Errorf("PM[2]: %v, want %v", got, want)
	}
	figs = figures(t, src, &diagram.FigureOptions{Every: 100, Numbering: diagram.NumberGame})
	if len(figs) != 3 || figs[2].FirstMove != 201 || figs[2].Caption != "Moves 201-213" {
		t.Errorf("every 100: %d figures, %d %q", len(figs), figs[len(figs)-1].FirstMove, figs[len(figs)-1].Caption)
	}
	figs = figures(t, src, &diagram.FigureOptions{Every: 100, Numbering: diagram.NumberRestart})
	if figs[1].FirstMove != 1 || figs[1].LastMoveNumber != 100 {
		t.Errorf("restart: %d-%d", figs[1].FirstMove, figs[1].LastMoveNumber)
	}
	f := figures(t, `(;SZ[5]PM[0];B[aa];W[bb])`, nil)[0]
	if numbered(f) != "" || len(f.Stones) != 2 {
		t.Errorf("PM[0]: %s", numbered(f))
	}
	// MN: "a move specified in this node has exactly this move-number".
	f = figures(t, `(;SZ[5];B[aa]MN[31];W[bb])`, nil)[0]
	if numbered(f) != "31@aa 32@bb" {
		t.Errorf("MN: %s", numbered(f))
	}
}

func TestFigureVariations(t *testing.T) {
	figs := figures(t, `(;SZ[9];B[aa];W[bb](;B[cc];W[dd])(;B[ee];W[ff]C[Better.]))`, &diagram.FigureOptions{Variations: true})
	if len(figs) != 2 {
		t.Fatalf("%d figures", len(figs))
	}
	v := figs[1]
	if v.Caption != "Variation B at move 3" || numbered(v) != "3@ee 4@ff" || v.Notes[0].Text != "Better." {
		t.Errorf("variation: %q %s %v", v.Caption, numbered(v), v.Notes)
	}
	// Cut where the variation branches: it comes once, after the figure
	// that holds the move it replaces (move 3), not after both.
	figs = figures(t, `(;SZ[9];B[aa];W[bb](;B[cc];W[dd])(;B[ee];W[ff]))`, &diagram.FigureOptions{Variations: true, At: []int{3}})
	var captions []string
	for _, f := range figs {
		captions = append(captions, f.Caption)
	}
	if want := []string{"Moves 1-2", "Moves 3-4", "Variation B at move 3"}; !reflect.DeepEqual(captions, want) {
		t.Errorf("cut at the branch: %q, want %q", captions, want)
	}
}

// TestIllegalMoves: a move that breaks a rule is drawn as FF[4] executes
// it ("it's possible to create illegal board positions"), and said: a
// position names those on its path, a figure those among its moves.
func TestIllegalMoves(t *testing.T) {
	// A ko at bb/cb; White's corner da/eb; moves: 1 W[bb], 2 B[cb]
	// takes it, 3 W[bb] retakes at once, 4 B[ee], 5 W[ee] on it, 6 B[ea]
	// suicide, 7 W[] pass.
	const src = "(;GM[1]SZ[5]AB[ba][ab][bc]AW[ca][db][cc][da][eb]" +
		";W[bb];B[cb];W[bb];B[ee];W[ee];B[ea];W[])"
	want := []string{
		"move 3 W[bb] (B4): retakes the ko at once",
		"move 5 W[ee] (E1): on a stone",
		"move 6 B[ea] (E5): suicide",
	}
	g := game(t, src)
	cur := g.NewCursor()
	for cur.Next() {
	}
	d, err := diagram.New(cur.Position(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(d.Illegal, want) {
		t.Errorf("position: %q, want %q", d.Illegal, want)
	}
	// The stone of the occupied point is White's, as played.
	if i := d.StoneAt(pt("ee")); i < 0 || d.Stones[i].Color != value.White {
		t.Errorf("ee not drawn as played")
	}
	figs := figures(t, src, &diagram.FigureOptions{At: []int{5}})
	if !reflect.DeepEqual(figs[0].Illegal, want[:1]) || !reflect.DeepEqual(figs[1].Illegal, want[1:]) {
		t.Errorf("figures: %q and %q", figs[0].Illegal, figs[1].Illegal)
	}
	// A legal game says nothing.
	if f := figures(t, "(;SZ[5];B[aa];W[bb])", nil)[0]; f.Illegal != nil {
		t.Errorf("legal: %q", f.Illegal)
	}
}

// TestFigureReadAsTyped: FG is read as the typed view decodes it
// (sgf.Node.Figure), as sgf check and json --decoded read it: the name is
// a SimpleText (a line break in it is a space), and a value that is no
// "flags:name" (check deletes it) gives no flags and no caption. Before,
// the caption was the value read as a Text (the line break kept) and cut
// at its first ':' after the escapes were removed, so FG[1\:a:b] was
// captioned "a:b".
func TestFigureReadAsTyped(t *testing.T) {
	const body = `;B[aa];W[ba])`
	for _, tt := range []struct {
		fg, caption string
		coords      bool
	}{
		{"FG[0:Joseki\nfigure]", "Joseki figure", true},
		{"FG[0:Joseki\\\nfigure]", "Josekifigure", true}, // a soft line break
		{`FG[1\:a:b]`, "Moves 1-2", true},
		{`FG[x:Name]`, "Moves 1-2", true},
		{`FG[\1:Na\:me]`, "Na:me", false},
		{`FG[1]`, "Moves 1-2", false},
		{`FG[]`, "Moves 1-2", true},
	} {
		f := figures(t, `(;SZ[9]`+tt.fg+body, &diagram.FigureOptions{FG: true})[0]
		if f.Caption != tt.caption || (f.ColLabels != nil) != tt.coords {
			t.Errorf("%s: caption %q, coordinates %v; want %q, %v", tt.fg, f.Caption, f.ColLabels != nil, tt.caption, tt.coords)
		}
	}
}

// TestNumbersReadAsTyped: PM and ST are read as every reader of the
// module reads a Number (sgf.Value.Number): PM[ 0 ] asks for no move
// numbers and ST[ 2 ] for no variation marks, as PM[0] and ST[2] do (sgf
// check corrects them so, C03); an ST out of 0-3 is ST[0], as check takes
// it. Before, the white space made them no number, and ST[6] hid the
// marks.
func TestNumbersReadAsTyped(t *testing.T) {
	for _, pm := range []string{"PM[0]", "PM[ 0 ]", `PM[\0]`} {
		f := figures(t, `(;SZ[5]`+pm+`;B[aa];W[bb])`, nil)[0]
		if numbered(f) != "" || len(f.Stones) != 2 {
			t.Errorf("%s: numbered %s", pm, numbered(f))
		}
	}
	for _, tt := range []struct {
		st    string
		marks int
	}{{"ST[2]", 0}, {"ST[ 2 ]", 0}, {"ST[3 ]", 0}, {"ST[6]", 2}, {"ST[x]", 2}} {
		d := at(t, `(;SZ[9]`+tt.st+`(;B[aa])(;B[bb]))`, "0", &diagram.Options{Variations: true})
		if len(d.Marks) != tt.marks {
			t.Errorf("%s: marks %v, want %d", tt.st, d.Marks, tt.marks)
		}
	}
}

// TestFigureSetupBeforeMove: a node with setup and a move draws its setup
// and then its move, as the node that sgf fix splits it into (";AB[bb]
// [ca];B[aa]", setup first, as SGFC splits it; check's
// TestSetupBeforeMove) draws them, and as sgf.Cursor executes it: the
// setup's stones drawn without numbers, the move's capture counted
// against the board after the setup. Before, the figure drew the move
// alone and left the stones of the node's AB out.
func TestFigureSetupBeforeMove(t *testing.T) {
	for _, c := range []struct{ mixed, split string }{
		{"(;GM[1]SZ[5]AW[ba];B[aa]AB[bb][ca];W[dd])", "(;GM[1]SZ[5]AW[ba];AB[bb][ca];B[aa];W[dd])"},
		{"(;GM[1]SZ[5];B[cc];W[bb]AE[cc]AB[dd];B[cc])", "(;GM[1]SZ[5];B[cc];AE[cc]AB[dd];W[bb];B[cc])"},
		{"(;GM[11]SZ[5];B[c3];W[b2]AE[c3];B[c3])", "(;GM[11]SZ[5];B[c3];AE[c3];W[b2];B[c3])"},
	} {
		for _, opts := range []*diagram.FigureOptions{nil, {RemoveCaptures: true}} {
			got, want := figures(t, c.mixed, opts)[0], figures(t, c.split, opts)[0]
			if !reflect.DeepEqual(got.Stones, want.Stones) || !reflect.DeepEqual(got.Listed, want.Listed) {
				t.Errorf("%s (%+v): stones %v listed %q; split %s: %v %q", c.mixed, opts, got.Stones, got.Listed, c.split, want.Stones, want.Listed)
			}
		}
	}
}
