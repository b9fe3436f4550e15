package sgf

import (
	"bytes"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf/internal/sgftest"
	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/value"
)

// slowDecode is the reference of Decoder.Node: the same definition built
// from the plain parsers of package value, Game.text and the syntax
// layer's iterators, without fast paths or shared buffers.
func slowDecode(n Node) []Prop {
	g := n.g
	var out []Prop
	for p := range n.n.Props() {
		id := property.Canonical(p.ID)
		if id == "" {
			id = string(p.ID)
		}
		info, known := property.LookupGame(id, property.Game(g.gm))
		var raws [][]byte
		for v := range p.Values() {
			raws = append(raws, v.Raw)
		}
		pr := Prop{ID: id, Written: p.ID, Offset: p.Offset}
		switch {
		case !known:
			for _, raw := range raws {
				pr.Values = append(pr.Values, Value{Raw: raw, Type: property.Element{First: property.SimpleText},
					First: Atom{Base: property.SimpleText, Text: []byte(g.text(raw, true))}})
			}
		case pointList(info.Value) && (g.gm == GameGo || g.gm == GameHex):
			pr.Info = info
			slowPointList(g, &pr, info.Value, raws)
		default:
			pr.Info = info
			for _, raw := range raws {
				pr.Values = append(pr.Values, slowValue(g, id, info.Value, raw))
			}
		}
		out = append(out, pr)
	}
	return out
}

func slowPointList(g *Game, pr *Prop, vt property.ValueType, raws [][]byte) {
	bad := func(raw []byte, err error) error { return newError("Decode", pr.ID, raw, ErrValue, err) }
	if len(raws) == 1 && len(raws[0]) == 0 {
		v := Value{Raw: raws[0], Type: property.Element{First: property.None}, First: Atom{Base: property.None}}
		if vt.Form != property.EList {
			_, err := value.ParsePoint(raws[0])
			v.Type, v.Err, v.First = vt.Elem, bad(raws[0], err), Atom{}
			pr.Problems = []value.ListProblem{{Index: 0, Kind: value.ListSyntax}}
		}
		pr.Values = []Value{v}
		return
	}
	if g.gm == GameHex {
		pr.Points, pr.Problems = g.points(raws)
		for _, raw := range raws {
			v := Value{Raw: raw, Type: vt.Elem, First: Atom{Base: vt.Elem.First}}
			if c, err := value.ParseHexCell(raw); err != nil {
				v.Err = bad(raw, err)
			} else {
				v.First.Point = value.Point{X: c.Col, Y: c.Row}
			}
			pr.Values = append(pr.Values, v)
		}
		return
	}
	pr.Points, pr.Problems = value.ExpandPointList(raws, g.cols, g.rows)
	for _, raw := range raws {
		v := Value{Raw: raw, Type: vt.Elem, First: Atom{Base: vt.Elem.First}}
		l, r, composed := value.SplitCompose(raw)
		a, err := value.ParsePoint(l)
		if err == nil && composed {
			var b value.Point
			if b, err = value.ParsePoint(r); err == nil {
				v.Type.Second = vt.Elem.First
				v.Second = Atom{Base: vt.Elem.First, Point: b}
			}
		}
		if err != nil {
			v.Err = bad(raw, err)
		} else {
			v.First.Point = a
		}
		pr.Values = append(pr.Values, v)
	}
}

func slowValue(g *Game, id string, vt property.ValueType, raw []byte) Value {
	v := slowElement(g, id, vt.Elem, raw)
	if v.Err != nil && vt.HasAlt() {
		if w := slowElement(g, id, vt.Alt, raw); w.Err == nil {
			v = w
		}
	}
	if v.Err != nil {
		return v
	}
	// Numbers out of their property's range, and Go board sizes out of
	// 1-52, are errors that keep the numbers.
	rangeErr := func(typ string) error {
		return newError("Decode", id, raw, ErrValue, &value.Error{Type: typ, Value: string(raw), Err: value.ErrRange})
	}
	if vt.Ranged && v.First.Base == property.Number && (v.First.Number < vt.Min || v.First.Number > vt.Max) {
		v.Err = rangeErr("Number")
	}
	if id == "SZ" && g.gm == GameGo {
		for _, a := range []Atom{v.First, v.Second} {
			if a.Base == property.Number && (a.Number < 1 || a.Number > 52) {
				v.Err = rangeErr("Size")
			}
		}
	}
	return v
}

func slowElement(g *Game, id string, el property.Element, raw []byte) Value {
	v := Value{Raw: raw, Type: el}
	bad := func(err error) error { return newError("Decode", id, raw, ErrValue, err) }
	if !el.Composed() {
		a, err := slowAtom(g, el.First, raw, false)
		if err != nil {
			v.Err = bad(err)
			if el.First == property.Move {
				v.First.Base, v.First.Point = a.Base, a.Point
			}
			return v
		}
		v.First = a
		return v
	}
	src, decoded := raw, false
	if isTextBase(el.First) || isTextBase(el.Second) || g.gm != GameGo && g.gm != GameHex && (isPointBase(el.First) || isPointBase(el.Second)) {
		src, decoded = g.utf8Raw(raw), true
	}
	l, r, ok := value.SplitCompose(src)
	ok = ok || id == "AP" // AP[name] without version: the name
	if !ok {
		v.Err = bad(&value.Error{Type: "Compose", Value: string(raw[:min(len(raw), 64)]), Err: value.ErrSyntax})
		return v
	}
	a, err := slowAtom(g, el.First, l, decoded)
	if err != nil {
		v.Err = bad(err)
		return v
	}
	b, err := slowAtom(g, el.Second, r, decoded)
	if err != nil {
		v.Err = bad(err)
		return v
	}
	v.First, v.Second = a, b
	return v
}

func slowAtom(g *Game, b property.Base, raw []byte, decoded bool) (Atom, error) {
	a := Atom{Base: b}
	var err error
	text := func(simple bool) []byte {
		if !decoded {
			return []byte(g.text(raw, simple))
		}
		if simple {
			return value.SimpleText(raw)
		}
		return value.Text(raw)
	}
	switch b {
	case property.None:
		err = value.ParseNone(raw)
	case property.Number:
		a.Number, err = value.ParseNumber(raw)
	case property.Real:
		a.Real, err = value.ParseReal(raw)
	case property.Double:
		a.Double, err = value.ParseDouble(raw)
	case property.Color:
		a.Color, err = value.ParseColor(raw)
	case property.SimpleText, property.Text:
		a.Text = text(b == property.SimpleText)
	case property.Point, property.Stone, property.Move:
		switch {
		case g.gm == GameGo && b == property.Move:
			a.Point, a.Pass, err = value.ParseMove(raw, g.cols, g.rows)
		case g.gm == GameGo:
			a.Point, err = value.ParsePoint(raw)
		case g.gm == GameHex && b == property.Move:
			var m value.HexMove
			if m, err = value.ParseHexMove(raw); err == nil {
				a.Hex, a.Point, a.Pass = m.Kind, value.Point{X: m.Cell.Col, Y: m.Cell.Row}, m.Kind == value.HexPass
				if m.Kind == value.HexPlace && !a.Point.In(g.cols, g.rows) {
					err = &value.Error{Type: "HexCell", Value: string(raw), Err: value.ErrRange} // off the board
				}
			}
		case g.gm == GameHex:
			var c value.HexCell
			if c, err = value.ParseHexCell(raw); err == nil {
				a.Point = value.Point{X: c.Col, Y: c.Row}
				if !a.Point.In(g.cols, g.rows) {
					err = &value.Error{Type: "HexCell", Value: string(raw), Err: value.ErrRange}
				}
			}
		default:
			a.Text = text(true)
		}
	default:
		a.Text = text(true)
	}
	return a, err
}

// diffProps describes the first difference of two decodings, "" when
// they are the same.
func diffProps(got, want []Prop) string {
	if len(got) != len(want) {
		return fmt.Sprintf("%d props, want %d", len(got), len(want))
	}
	errText := func(err error) string {
		if err == nil {
			return "<nil>"
		}
		return err.Error()
	}
	for i := range got {
		g, w := got[i], want[i]
		if g.ID != w.ID || g.Info != w.Info || !bytes.Equal(g.Written, w.Written) || g.Offset != w.Offset {
			return fmt.Sprintf("prop %d: %q %v, want %q %v", i, g.ID, g.Info, w.ID, w.Info)
		}
		if !slices.Equal(g.Points, w.Points) || !slices.Equal(g.Problems, w.Problems) {
			return fmt.Sprintf("%s: points %v %v, want %v %v", g.ID, g.Points, g.Problems, w.Points, w.Problems)
		}
		if len(g.Values) != len(w.Values) {
			return fmt.Sprintf("%s: %d values, want %d", g.ID, len(g.Values), len(w.Values))
		}
		for j := range g.Values {
			gv, wv := g.Values[j], w.Values[j]
			if !bytes.Equal(gv.Raw, wv.Raw) || gv.Type != wv.Type || errText(gv.Err) != errText(wv.Err) {
				return fmt.Sprintf("%s[%q]: %v %v, want %v %v", g.ID, gv.Raw, gv.Type, gv.Err, wv.Type, wv.Err)
			}
			for k, pair := range [][2]Atom{{gv.First, wv.First}, {gv.Second, wv.Second}} {
				ga, wa := pair[0], pair[1]
				gt, wt := ga.Text, wa.Text
				ga.Text, wa.Text = nil, nil
				if !sameAtom(ga, wa) || !bytes.Equal(gt, wt) {
					return fmt.Sprintf("%s[%q] side %d: %+v %q, want %+v %q", g.ID, gv.Raw, k, ga, gt, wa, wt)
				}
			}
		}
	}
	return ""
}

func sameAtom(a, b Atom) bool {
	return a.Base == b.Base && a.Number == b.Number && a.Double == b.Double && a.Color == b.Color &&
		a.Point == b.Point && a.Pass == b.Pass && a.Hex == b.Hex &&
		(a.Real == b.Real && math.Signbit(a.Real) == math.Signbit(b.Real) || a.Real != a.Real && b.Real != b.Real)
}

// checkDecode compares Decoder.Node, and Decoder.Prop on the properties
// of a TreeView (as sgf check reads them), with slowDecode on every node
// of src.
func checkDecode(t *testing.T, name string, src []byte) (nodes, props int) {
	t.Helper()
	c, _ := Parse(src)
	if c == nil {
		return 0, 0
	}
	var d, vd Decoder
	var v TreeView
	for _, g := range c.Games() {
		v.Read(g.Tree())
		vd.View(&v, g.dec)
		k := 0
		for n, got := range d.Game(g) {
			want := slowDecode(n)
			if diff := diffProps(got, want); diff != "" {
				t.Errorf("%s: game %d node %d: %s", name, g.Index(), n.Number(), diff)
				return nodes, props
			}
			nv := &v.Nodes[k]
			k++
			nvProps := v.PropsOf(nv)
			for i := range nvProps {
				if diff := diffProps([]Prop{*vd.Prop(&nvProps[i])}, want[i:i+1]); diff != "" {
					t.Errorf("%s: game %d node %d, TreeView: %s", name, g.Index(), n.Number(), diff)
					return nodes, props
				}
			}
			nodes++
			props += len(got)
		}
	}
	return nodes, props
}

func TestDecodeCases(t *testing.T) {
	tests := []struct{ name, src string }{
		{"go", "(;FF[4]GM[1]SZ[19]CA[UTF-8]KM[6.5]HA[2]PB[Black\\] \\\\ man]C[line\r\nbreak\\\nsoft\ttab]" +
			"AB[dd][pp]AW[aa:cc][ab]AE[dd:dd][cc:aa][zz][]TR[ss:tt]LB[dd:one][pp:t\\:wo][x]AR[aa:bb][aa]LN[cc:dd]" +
			"VW[]DD[aa:bb]TB[]PL[W]GB[2]TE[3]V[-1.25]MN[+7]DO[]IT[x]XX[private\nvalue]CoPyright[me]ST[2]FG[257:fig]SZ[19:19];B[pd]W[tt]" +
			";B[zz];W[];B[a\\b];EX[cc]BM[1]OV[1e5]BL[0.]WL[12345678901234567]OB[1234567890]OW[-0])"},
		{"latin1", "(;CA[ISO-8859-1]PB[J\xe9r\xf4me]C[caf\xe9\\]]LB[aa:\xe9t\xe9]AP[prog\xe9:1.0];B[aa])"},
		{"no-ca-gb2312", "(;PB[\xb9\xc5\xc1\xa6]PW[\xc1\xf5\xb3\xc9\xbe\xfd]C[\xd6\xd0\xb9\xfa\xce\xa7\xc6\xe5\xd6\xd0\xb9\xfa\xce\xa7\xc6\xe5];B[aa])"},
		{"shift-jis", "(;CA[Shift_JIS]PB[\x95\x5c]C[\x83\x5c\x83\x74\x83\x67];B[aa])"},
		{"hex", "(;FF[4]GM[11]SZ[5]AB[a1][e5][f6][zz]AW[b2:c3];B[c3];W[swap-pieces];B[resign];W[z9])"},
		{"other-game", "(;GM[3]SZ[8]AB[a\\]1][b2];B[e2-e4];W[];XY[1])"},
		{"small-board", "(;SZ[9]AB[aa:kk]B[tt];W[jj])"},
		{"big-board", "(;SZ[25]B[tt];W[Aa]AB[AA:BB])"},
		{"ff3", "(;FF[3]GaMe[1]SiZe[13]PlayerBlack[x];AddBlack[aa][mm]Black[cc]White[nn])"},
		{"hex-board-default", "(;GM[11];B[k11];W[l12])"},
		// The Decoder rewrites only what changed from one move node to
		// the next: moves after moves, after other nodes, with
		// parentheses, white space, a second property or value, a pass
		// and points off the board in between.
		{"move-runs", "(;SZ[19];B[aa];W[bb];B[cc]C[x];W[dd];C[y];B[ee];W[ff] ;B[gg]\n;W[hh](;B[ii];W[tt];B[jj])" +
			"(;W[kk][ll];B[mm];W[];B[nn];AB[oo];W[pp]BL[10];B[qq]))(;SZ[9];B[aa];W[jj];B[bb];W[ii])(;GM[11];B[a1];W[b2])"},
		// Line breaks after moves (a few moves a line), and white space
		// before a second property or value of the node.
		// White space in points, read as sgf check corrects it, and
		// rectangles partly off the board, dropped whole.
		{"spaced-points", "(;SZ[9]AB[d d][aa : cc][ee:zz]AW[ f f ][jj:aa]AE[b\\nb:c c]TR[ g g ];B[ dd ];W[e\ne])"},
		{"move-lines", "(;SZ[19];B[aa];W[bb]\n;B[cc]\r\n;W[dd]\n C[x];B[ee]\t;W[ff] [gg];B[hh]\n(;W[ii]\n)\n(;W[jj] BL[1]\n))"},
		// Properties in the places of lists of points of the node
		// before, which have no points.
		{"after-lists", "(;SZ[19]AB[aa]AW[bb][cc]TR[dd];C[x]PL[W]B[ee];B[ff]W[gg];AE[aa:bb];KM[5]C[y])"},
		// Values of the fast paths in the places of composed values and
		// values with errors of the node before.
		{"after-general", "(;AP[prog:1]FG[257:fig]KM[x]HA[2];GN[a]C[b]KM[5]HA[3];B[aa]PL[q]LB[aa:x];W[bb]BL[1]WL[2]C[c];B[cc]AB[dd]TR[zz];W[dd]GN[e]C[f])"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			nodes, props := checkDecode(t, tt.name, []byte(tt.src))
			if nodes == 0 || props == 0 {
				t.Fatalf("%d nodes, %d props decoded", nodes, props)
			}
		})
	}
}

// Every property of every node of every file of the shared corpus decodes
// the same with the Decoder's fast paths as with the plain parsers.
func TestDecodeCorpus(t *testing.T) {
	dir := sgftest.Corpus(t)
	var files []string
	filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() && strings.EqualFold(filepath.Ext(p), ".sgf") {
			files = append(files, p)
		}
		return nil
	})
	if testing.Short() {
		files = files[:min(len(files), 500)]
	}
	nodes, props := 0, 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		n, p := checkDecode(t, f, src)
		nodes += n
		props += p
	}
	if nodes == 0 {
		t.Fatal("no nodes decoded")
	}
	t.Logf("%d files, %d nodes, %d properties", len(files), nodes, props)
}

// FuzzDecode checks that the Decoder (its own scan of the node's source
// included) gives what the syntax layer's properties and the plain
// parsers give, on any input.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		"(;GM[1]SZ[19]AB[aa:cc]LB[dd:x]C[a\\]b];B[pd]W[tt])",
		"(;CA[latin1]PB[\xe9]XX[1][2]bad;B[aa] [x]W[bb](;B[cc])(;W[dd]))",
		"(;GM[11]B[a1];W[swap-pieces])",
		"(;B[aa];W[bb",
		"(;FF[3]AddBlack[aa]Black[cc];B[\\",
		"(;B[aa];W[bb];B[cc]C[x];W[dd](;B[ee];W[ss])(;W[tt];B[ff]))",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		checkDecode(t, "fuzz", src)
	})
}

// A Decoder used for a node of another game inside its own Game loop
// (another board size) still decodes the loop's nodes for their game:
// W[jj] is off a 9x9 board, B[tt] a pass there.
func TestDecoderInterleaved(t *testing.T) {
	c, err := Parse([]byte("(;SZ[9];B[ee];W[jj];B[tt])(;SZ[25];B[pd];W[tt])"))
	if err != nil {
		t.Fatal(err)
	}
	small, big := c.Game(0), c.Game(1)
	var d Decoder
	for n, props := range d.Game(small) {
		want := slowDecode(n)
		if diff := diffProps(props, want); diff != "" {
			t.Errorf("node %d: %s", n.Number(), diff)
		}
		d.Node(big.Node(1))
		d.Node(big.Node(2))
	}
}

// Bytes that do not decode in the game's charset are U+FFFD in the text
// and flagged, never dropped silently.
func TestDecoderUndecodable(t *testing.T) {
	// GBK text with three stray bytes: the CA stands (damaged text).
	c, err := Parse([]byte("(;CA[GBK]PB[\xd6\xd0\xb9\xfa\xce\xa7\xc6\xe5]C[\xce\xa7\xc6\xe5\xff\xd6\xd0\xb9\xfa\xb5\xc4\xce\xa7\xc6\xe5]" +
		"LB[aa:\xce\xa7\xff]XX[\xb5\xc4\xff];B[aa])"))
	if err != nil {
		t.Fatal(err)
	}
	if cs := c.Game(0).Charset(); cs.Name != "GBK" {
		t.Fatalf("charset %s (%s)", cs.Name, cs.Detail)
	}
	want := map[string]bool{"C": true, "PB": false, "LB": true, "XX": true}
	for _, p := range c.Game(0).Root().Decode() {
		w, ok := want[p.ID]
		if !ok {
			continue
		}
		v := p.Values[0]
		got := v.First.Undecodable || v.Second.Undecodable
		if got != w {
			t.Errorf("%s: Undecodable %v, want %v (%+v)", p.ID, got, w, v)
		}
		if w && !strings.ContainsRune(string(v.First.Text)+string(v.Second.Text), '\uFFFD') {
			t.Errorf("%s: no U+FFFD in %q %q", p.ID, v.First.Text, v.Second.Text)
		}
	}
}

// The points and moves of a game other than Go and Hex are texts: decoded
// from the game's charset like any other.
func TestDecoderOtherGameCharset(t *testing.T) {
	c, err := Parse([]byte("(;GM[3]CA[Shift_JIS]AB[\x83\x5c];B[\x83\x5c\x83\x5c]AR[\x83\x5c:\x95\x5c])"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	var d Decoder
	for _, props := range d.Game(c.Game(0)) {
		for _, p := range props {
			for _, v := range p.Values {
				got = append(got, string(v.First.Text)+"|"+string(v.Second.Text))
			}
		}
	}
	want := []string{"|", "Shift_JIS|", "ソ|", "ソソ|", "ソ|表"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("got %q, want %q", got, want)
	}
}

// AP without ":version", which many programs write, reads as the name and
// an empty version.
func TestDecoderAPWithoutVersion(t *testing.T) {
	c, err := Parse([]byte("(;AP[YuanYu];B[aa])"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range c.Game(0).Root().Decode() {
		if p.ID == "AP" {
			v := p.Values[0]
			if v.Err != nil || string(v.First.Text) != "YuanYu" || len(v.Second.Text) != 0 || v.Second.Base != property.SimpleText {
				t.Errorf("AP[YuanYu]: %+v", v)
			}
			return
		}
	}
	t.Error("no AP")
}

// TestValueDateResult: DT and RE have typed forms on the decoded value,
// read from the value as written with its escapes removed.
func TestValueDateResult(t *testing.T) {
	c, err := ReadBytes([]byte(`(;FF[4]DT[2020-01-02,03]RE[W+3.5];DT[2020\-1]RE[B+\R])`), nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, props := range new(Decoder).Game(c.Games()[0]) {
		for i := range props {
			v := &props[i].Values[0]
			switch props[i].ID {
			case "DT":
				d, err := v.Date()
				got = append(got, fmt.Sprintf("%v %v", d, err != nil))
			case "RE":
				r, err := v.Result()
				got = append(got, fmt.Sprintf("%v %v", r, err != nil))
			}
		}
	}
	want := []string{"2020-01-02,03 false", "W+3.5 false", " true", "B+R false"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestNextMoveWhiteSpace: a node that is only a move, followed by white
// space before the next node (files that write a few moves a line), is
// decoded on Decoder.Game's span path (the parser marked it,
// syntax.Tree.SimpleSpan); white space and then a second property or
// value is not. (TestDecodeCases' "move-lines" checks what
// either path decodes.)
func TestNextMoveWhiteSpace(t *testing.T) {
	c, err := Parse([]byte("(;SZ[19];B[aa];W[bb]\n;B[cc]\r\n\t;W[dd] C[x];B[ee]\n[ff];W[gg];B[hh] \n(;W[ii]\n)(;W[jj])\n)"))
	if err != nil {
		t.Fatal(err)
	}
	g := c.Game(0)
	var d, ref Decoder
	var got []bool
	for n, props := range d.Game(g) {
		if want := ref.Node(n); !reflect.DeepEqual(props, want) {
			t.Errorf("node %d: Game %+v, Node %+v", n.Number(), props, want)
		}
		got = append(got, g.tree.SimpleSpan(n.n.Index()) > 0)
	}
	// The root is no move; nor are W[dd] C[x] and B[ee] [ff].
	want := []bool{false, true, true, true, false, false, true, true, true, true}
	if !slices.Equal(got, want) {
		t.Errorf("the span path took nodes %v, want %v", got, want)
	}
}

// TestDecoderPointsAsCorrected: the Decoder's points of a Go list
// (Prop.Points) are those every reader reads (value.ExpandPointList, the
// Cursor, sgf check's replay): a point with white space in it is read as
// check corrects it (its Value keeps the Err of its form, which check
// reports as C03), and a rectangle partly off the board names no point,
// as check and SGFC delete it. Before, AB[d d] had no point and
// AB[ah:bj] set ah, bh.
func TestDecoderPointsAsCorrected(t *testing.T) {
	c, err := Parse([]byte("(;GM[1]SZ[9]AB[d d][ah:bj][ee][ f\\f : g g ])"))
	if err != nil {
		t.Fatal(err)
	}
	props := c.Game(0).Root().Decode()
	if len(props) < 3 || props[2].ID != "AB" {
		t.Fatalf("props %v", props)
	}
	ab := props[2]
	want := []value.Point{{X: 3, Y: 3}, {X: 4, Y: 4}, {X: 5, Y: 5}, {X: 6, Y: 5}, {X: 5, Y: 6}, {X: 6, Y: 6}}
	if !slices.Equal(ab.Points, want) {
		t.Errorf("Points %v, want %v", ab.Points, want)
	}
	wantProbs := []value.ListProblem{{Index: 0, Kind: value.ListWhiteSpace, Point: value.Point{X: 3, Y: 3}},
		{Index: 1, Kind: value.ListOffBoard, Point: value.Point{X: 0, Y: 9}},
		{Index: 3, Kind: value.ListWhiteSpace, Point: value.Point{X: 5, Y: 5}}}
	if !slices.Equal(ab.Problems, wantProbs) {
		t.Errorf("Problems %v, want %v", ab.Problems, wantProbs)
	}
	if ab.Values[0].Err == nil || ab.Values[1].Err != nil || ab.Values[3].Err == nil {
		t.Errorf("Errs %v, %v, %v: want the white space's", ab.Values[0].Err, ab.Values[1].Err, ab.Values[3].Err)
	}
	if s := c.Game(0).Root().Setup(); !slices.Equal(s.Black, want) {
		t.Errorf("Node.Setup %v, want %v", s.Black, want)
	}
}
