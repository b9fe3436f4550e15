package sgf

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/games/gogame"
	"github.com/sgf-toolkit/sgf/internal/sgftest"
	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/syntax"
	"github.com/sgf-toolkit/sgf/value"
)

// caOpts splits each tree with the two-byte characters of its CA, as Read
// does first.
var caOpts = &syntax.Options{TreeLeadBytes: LeadBytesOfCA}

// viewTrees reads every tree of src into a TreeView and compares each
// node with what the syntax layer says of it: its properties
// (Node.AppendProps), their values, the catalogue entries and the parent;
// then again with the moves left to their briefs (BriefMoves).
func viewTrees(t *testing.T, src string) {
	t.Helper()
	f, _ := syntax.Parse([]byte(src), caOpts)
	var v, lean TreeView
	lean.BriefMoves = true
	for _, tr := range f.Trees {
		v.Read(tr)
		checkView(t, &v, tr)
		lean.Read(tr)
		checkView(t, &lean, tr)
	}
}

func checkView(t *testing.T, p *TreeView, tree *syntax.Tree) {
	t.Helper()
	var want []syntax.Node
	for n := range tree.Nodes() {
		want = append(want, n)
	}
	if len(p.Nodes) != len(want) || len(p.brief) != len(want) {
		t.Fatalf("%d nodes (%d briefs), want %d", len(p.Nodes), len(p.brief), len(want))
	}
	for i, n := range want {
		nv := &p.Nodes[i]
		if p.NodeOf(nv) != n || int(nv.Index) != i {
			t.Errorf("node %d: got node %d index %d", i, p.NodeOf(nv).Index(), nv.Index)
		}
		parent := -1
		if par := n.Parent(); !par.IsZero() {
			parent = par.Index()
		}
		if int(nv.Parent) != parent || int(p.brief[i].Parent) != parent {
			t.Errorf("node %d: parent %d (brief %d), want %d", i, nv.Parent, p.brief[i].Parent, parent)
		}
		checkBrief(t, p, i, n)
		props := n.AppendProps(nil)
		// With BriefMoves, a move of the brief has no view; Props reads it.
		views := p.Props(i)
		if p.BriefMoves && p.brief[i].IsMove() {
			if nv.NumProps() != 0 || len(p.PropsOf(nv)) != 0 {
				t.Errorf("node %d: a brief move with %d property views (BriefMoves)", i, nv.NumProps())
			}
		} else if nvp := p.PropsOf(nv); nv.NumProps() != len(views) || len(nvp) != len(views) || len(views) > 0 && &nvp[0] != &views[0] {
			t.Errorf("node %d: Props(%d) is not Nodes[%d].Props", i, i, i)
		}
		wantOff := n.Offset()
		if len(props) > 0 {
			wantOff = props[0].Offset
		}
		if got := p.Offset(nv); got != wantOff {
			t.Errorf("node %d: Offset %d, want %d", i, got, wantOff)
		}
		if len(views) != len(props) {
			t.Errorf("node %d: %d properties, want %d", i, len(views), len(props))
			continue
		}
		var fl NodeFlags
		for k, pr := range props {
			pv := &views[k]
			id := property.Canonical(pr.ID)
			info, _ := property.LookupGame(id, p.Game)
			if pv.ID != id || string(pv.Raw) != string(pr.ID) || pv.Offset != pr.Offset || pv.Index != k || pv.Info != info {
				t.Errorf("node %d prop %d: got %q %q %d %d %p, want %q %q %d %d %p", i, k, pv.ID, pv.Raw, pv.Offset, pv.Index, pv.Info, id, pr.ID, pr.Offset, k, info)
			}
			vals := pr.AppendValues(nil)
			if len(pv.Values) != len(vals) {
				t.Errorf("node %d prop %d: %d values, want %d", i, k, len(pv.Values), len(vals))
				continue
			}
			for j, v := range vals {
				if string(pv.Values[j].Raw) != string(v.Raw) || pv.Values[j].Offset != v.Offset {
					t.Errorf("node %d prop %d value %d: %q@%d, want %q@%d", i, k, j, pv.Values[j].Raw, pv.Values[j].Offset, v.Raw, v.Offset)
				}
			}
			if len(id) != len(pr.ID) {
				fl |= FlagRenamed
			}
			fl |= infoFlags(id, info) &^ FlagUnknown
			if info == nil {
				fl |= FlagUnknown
			}
		}
		if got := nv.Flags &^ (FlagMove | FlagBoth | FlagMany); got != fl {
			t.Errorf("node %d: flags %b, want %b", i, got, fl)
		}
		if (nv.Flags&FlagMany != 0) != (len(props) > 1) {
			t.Errorf("node %d: FlagMany is %v with %d properties", i, nv.Flags&FlagMany != 0, len(props))
		}
	}
}

// checkBrief compares the brief of node i with the move of the node as
// SimpleMove and value.BoardMove read it: a Go move of one letter B or W
// and two letters on the board, or a pass, in a tree as read, but in the
// root (read in full, as it tells the game).
func checkBrief(t *testing.T, p *TreeView, i int, n syntax.Node) {
	t.Helper()
	b := p.Brief(i)
	id, val, ok := n.SimpleMove()
	if i == 0 || !ok || id != 'B' && id != 'W' || p.Game != property.Go || !p.GoodSize || n.Tree().Modified() {
		if b.IsMove() {
			t.Errorf("node %d: a quick move in the brief, want none", i)
		}
		return
	}
	c, x, y, pass := b.Move()
	wc := gogame.Black
	if id == 'W' {
		wc = gogame.White
	}
	if wx, wy, ok := value.BoardMove(val, p.Cols, p.Rows); ok {
		if !b.IsMove() || pass || c != wc || x != wx || y != wy {
			t.Errorf("node %d %c[%s]: brief move %v %v %d,%d pass %v, want %v %d,%d", i, id, val, b.IsMove(), c, x, y, pass, wc, wx, wy)
		}
		return
	}
	if _, wpass, err := value.ParseMove(val, p.Cols, p.Rows); wpass && err == nil {
		if !b.IsMove() || !pass || c != wc {
			t.Errorf("node %d %c[%s]: brief move %v %v pass %v, want a pass of %v", i, id, val, b.IsMove(), c, pass, wc)
		}
		return
	}
	if b.IsMove() {
		t.Errorf("node %d %c[%s]: a quick move in the brief, want none", i, id, val)
	}
}

// TestTreeView compares the views with the syntax layer's, for nodes
// that readRun reads from the source and nodes it leaves to
// AppendProps ("B[pd] [qq]" has two values; "B[pd]1C[x]" a second property
// after junk).
func TestTreeView(t *testing.T) {
	tests := []string{
		"(;FF[4];B[pd];W[dp];B[pp])",
		"(;B[pd])", // a move in the root
		"(;FF[4];B[pd] ;W[dp]\n;B[qq]\r\n(;W[aa])(;W[bb];B[cc]))",
		"(;FF[4];B[pd] [qq];W[dp]C[x];B[pd]1C[x];W[ab]xyz)",   // more than one property or value
		"(;FF[4];B[\\]];W[a\\];B[];W[tt];B[ ];W[  ])",         // escapes, passes, white space
		"(;FF[4];C[aa];N[bb];B[pd];TR[aa][bb])",               // one-letter non-moves, lists
		"(;FF[4]GM[11]SZ[11];B[a1];W[b2];B[swap-pieces])",     // Hex
		"(;FF[4]GM[2];B[pd];W[dp])",                           // not Go: no quick moves
		"(;FF[3];Black[pd];White[dp];AddBlack[aa][bb];B[pd])", // long identifiers
		"(;FF[4];B[pd];W[\xe9\x81]);B[pd]",                    // bytes over 0x7F, text after the tree
		"(;FF[4];B[pd]",                                       // no ")"
		"(;FF[4]CA[Shift_JIS];B[pd];C[\x83\x5d];W[\x83\x5d])", // a trail byte "]" (0x5D) in Shift_JIS
		"(;FF[4];B[pd](;W[dp];B[pp](;W[qq])(;W[rr]))(;W[dd]))(;FF[4];B[aa];W[bb])",
		// nodes whose properties readNode takes from their text: values
		// with ";", "(", ")" and "]" in them, white space between
		// values, no ";" before a node, junk, a value that runs to the end
		"(;FF[4]GN[a;b(c)d\\]e]PB[x] [y]\n[z]C[];B[aa]BL[10.5]WL[3];W[bb]C[(;W[cc])]AB[dd][ee]\t[ff])",
		"(;FF[4](B[aa]C[x])(;W[bb]C[y](W[cc]C[z])))",
		"(;FF[4]xx[1]B[aa]C[ok]yY[2]zz junk [3] C[again];B[bb]C[x]9[y])",
		"(;FF[4]GN[two\nlines]C[a];B[aa]C[runs to the end",
		"(;FF[4]C[a];B[aa]C[b][c][unterminated",
		"(;FF[4]CA[UTF-8]GN[\xe8\x85\xbe;]C[\xe3\x80\x80];W[bb]WL[5]BL[\xe9])",
	}
	for _, src := range tests {
		t.Run(src, func(t *testing.T) { viewTrees(t, src) })
	}
}

// TestTreeViewBriefMoves: with BriefMoves, the moves of the brief (one Go
// move of two letters on the board, or a pass) get no property view, in a
// run of moves (readRun) and alone (a run of one: the first node of a
// variation); any other node keeps its views, and Props reads a brief
// move's property again.
func TestTreeViewBriefMoves(t *testing.T) {
	src := "(;FF[4]SZ[19];B[pd];W[dp](;B[pp];W[tt];B[zz];C[ab])(;W[qq]C[x];B[dd]))"
	f, err := syntax.Parse([]byte(src), caOpts)
	if err != nil {
		t.Fatal(err)
	}
	var v TreeView
	v.BriefMoves = true
	v.Read(f.Trees[0])
	checkView(t, &v, f.Trees[0])
	var without []int
	for i := range v.Nodes {
		if v.Nodes[i].NumProps() == 0 {
			without = append(without, i)
		}
	}
	// B[pd] W[dp] B[pp] W[tt] B[dd]; not the root, B[zz] (off the board),
	// C[ab] or W[qq]C[x]
	if want := []int{1, 2, 3, 4, 8}; fmt.Sprint(without) != fmt.Sprint(want) {
		t.Errorf("nodes without views %v, want %v", without, want)
	}
	if len(v.props) != 6 {
		t.Errorf("%d property views, want 6 (root 2, B[zz], C[ab], W[qq]C[x] 2)", len(v.props))
	}
	pr := v.Props(3)
	if len(pr) != 1 || pr[0].ID != "B" || string(pr[0].Values[0].Raw) != "pp" || pr[0].Offset != int64(strings.Index(src, "B[pp]")) || pr[0].Info == nil {
		t.Errorf("Props(3) = %+v, want B[pp]", pr)
	}
}

// TestTreeViewTreeAlone reads trees read one at a time at their place in
// the input (syntax.ParseAt, as sgf.Reader and check.Reader read them),
// with the File holding only the tree's own source: the offsets are the
// input's, not indices of that source. The views must equal the syntax
// layer's, and the moves ";B[pd]" must still be read straight from the
// source (a quick move in the brief): when they were not, sgf check of a
// collection took twice the instructions.
func TestTreeViewTreeAlone(t *testing.T) {
	whole := "(;FF[4]SZ[19];B[aa];W[bb])\n(;FF[4]SZ[19];B[pd];W[dp];B[pp](;W[dd])(;W[qq];B[cc]))"
	start := strings.Index(whole, "\n") + 1
	p := viewAlone(t, whole, start)
	if got := p.PropsOf(&p.Nodes[1])[0].Values[0].Offset; got != int64(start+15) {
		t.Errorf("B[pd]'s value at offset %d, want %d (the input's)", got, start+15)
	}
	quick := 0
	for _, b := range p.brief {
		if b.move&quickMove != 0 {
			quick++
		}
	}
	if quick != 6 {
		t.Errorf("%d nodes read as quick moves, want all 6 moves", quick)
	}
	// The second tree starts at input offset 7, and its own text has a
	// "(" at index 7, its nodes 7 bytes apart: a decoder that took the
	// tree's text for the input read ";W[dp]" for the node ";B[pd]".
	viewAlone(t, "(;B[a])(;C[xy](;B[pd] ;W[dp] ;B[pp] ;W[qq]))", 7)
}

// viewAlone reads the tree of whole that starts at start alone, at its
// place in the input, into a TreeView, and compares the views with the
// syntax layer's (checkView).
func viewAlone(t *testing.T, whole string, start int) *TreeView {
	t.Helper()
	at := syntax.Position{Offset: int64(start), Line: 1, Column: 1 + start}
	if i := strings.LastIndex(whole[:start], "\n"); i >= 0 {
		at.Line, at.Column = 1+strings.Count(whole[:start], "\n"), start-i
	}
	f, err := syntax.ParseAt([]byte(whole[start:]), at, 1, caOpts)
	if err != nil || len(f.Trees) != 1 {
		t.Fatalf("ParseAt: %v, %d trees", err, len(f.Trees))
	}
	tr := f.Trees[0]
	var v TreeView
	v.Read(tr)
	checkView(t, &v, tr)
	return &v
}

// TestTreeViewGrowth reads a tree whose values overflow the buffers sized
// by the node count: the views must be taken again from the new buffers.
func TestTreeViewGrowth(t *testing.T) {
	var b strings.Builder
	b.WriteString("(;FF[4]SZ[19]")
	for i := range 3 {
		b.WriteString(";AB")
		for x := range 19 {
			for y := range 19 {
				fmt.Fprintf(&b, "[%c%c]", 'a'+x, 'a'+y)
			}
		}
		fmt.Fprintf(&b, "C[node %d];B[pd];W[dp]", i)
	}
	b.WriteString(")")
	// the small tree first, so that the buffers are small when the big
	// one comes
	viewTrees(t, "(;B[aa])"+b.String())
}

// TestTreeViewEdited reads an edited tree, whose records may be out of
// pre-order and whose values may not be in the source.
func TestTreeViewEdited(t *testing.T) {
	src := []byte("(;FF[4];B[pd];W[dp](;B[pp])(;B[qq];W[rr]))")
	f, err := syntax.Parse(src, caOpts)
	if err != nil {
		t.Fatal(err)
	}
	tr := f.Trees[0]
	n := tr.Node(2)
	if err := n.SetProp("W", []byte("dq"), []byte("dr")); err != nil {
		t.Fatal(err)
	}
	if !tr.Modified() {
		t.Fatal("tree not modified")
	}
	var v TreeView
	v.Read(tr)
	checkView(t, &v, tr)
}

// TestTreeViewCorpus reads every tree of the corpus files of a few sets
// and compares the views with the syntax layer's.
func TestTreeViewCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus run skipped in -short mode")
	}
	corpus := sgftest.Corpus(t)
	for _, dir := range []string{"conformance/sgfc", "conformance/libsgfcplusplus", "regression/gnugo", "stress/glift"} {
		var paths []string
		filepath.WalkDir(filepath.Join(corpus, dir), func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(path), ".sgf") {
				paths = append(paths, path)
			}
			return nil
		})
		if len(paths) == 0 {
			t.Errorf("%s: no SGF files", dir)
		}
		for _, path := range paths {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			text, _, _, _ := charset.DecodeWide(src)
			t.Run(filepath.Base(path), func(t *testing.T) { viewTrees(t, string(text)) })
		}
	}
}

// TestTreeViewMemoryLongLine: the reading of a long main line keeps one
// stack entry, not one for each node, and sizes the property buffers by
// the values the tree has (none for empty nodes), not by twice its nodes:
// 10^7 empty nodes took 2 GB in sgf check.
func TestTreeViewMemoryLongLine(t *testing.T) {
	const n = 200_000
	f, err := syntax.Parse([]byte("(;"+strings.Repeat(";", n)+")"), nil)
	if err != nil {
		t.Fatal(err)
	}
	var v TreeView
	v.Read(f.Trees[0])
	if len(v.Nodes) != n+1 {
		t.Fatalf("%d nodes read, want %d", len(v.Nodes), n+1)
	}
	if got := cap(v.stack); got > 64 {
		t.Errorf("stack of %d entries for a main line", got)
	}
	if got := cap(v.props); got > 1024 {
		t.Errorf("room for %d properties in a tree of empty nodes", got)
	}
	if got := cap(v.brief); got > n+n/4+1 {
		t.Errorf("room for %d briefs for %d nodes", got, n+1)
	}
}

// TestNodeViewSize: a NodeView is 24 bytes on a 64-bit platform and
// holds no pointer (it was 56, with the syntax node and the slice of its
// properties, and 64 before with Index and Parent as int): sgf check of
// 10^7 empty nodes in one tree holds 10^7 of them (peak RSS 839 -> 525 MB,
// bench/memory.sh), and the collector scanned the views of a line of
// 200,000 moves at each cycle (17% of sgf check's instructions there).
func TestNodeViewSize(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("sizes are for 64-bit platforms")
	}
	if got := unsafe.Sizeof(NodeView{}); got > 24 {
		t.Errorf("NodeView is %d bytes, want at most 24", got)
	}
	if path, ok := pointerIn(reflect.TypeFor[NodeView](), "NodeView"); ok {
		t.Errorf("NodeView holds a pointer: %s", path)
	}
}

// pointerIn returns the path of a field of type typ (named name) that is
// or holds a pointer the collector follows, if any.
func pointerIn(typ reflect.Type, name string) (string, bool) {
	switch typ.Kind() {
	case reflect.Pointer, reflect.UnsafePointer, reflect.Slice, reflect.String, reflect.Map,
		reflect.Chan, reflect.Func, reflect.Interface:
		return name + " (" + typ.String() + ")", true
	case reflect.Array:
		return pointerIn(typ.Elem(), name+"[]")
	case reflect.Struct:
		for i := range typ.NumField() {
			f := typ.Field(i)
			if path, ok := pointerIn(f.Type, name+"."+f.Name); ok {
				return path, true
			}
		}
	}
	return "", false
}

// TestBoardReadAlike: a Game and a TreeView of the same tree read GM and
// SZ alike (boardOf), white space around the numbers included: Game read
// "SZ[ 9]" as 19x19 where sgf check's TreeView read 9x9.
func TestBoardReadAlike(t *testing.T) {
	for _, tc := range []struct {
		root       string
		gm, cx, cy int
	}{
		{"", GameGo, 19, 19},
		{"SZ[9]", GameGo, 9, 9},
		{"SZ[ 9]", GameGo, 9, 9},
		{"SZ[9 ]GM[ 1 ]", GameGo, 9, 9},
		{"GM[ 11]", GameHex, 11, 11},
		{"GM[11]SZ[13:13]", GameHex, 13, 13},
		{"SZ[7:5 ]", GameGo, 7, 5},
		{"GM[0]SZ[x]", GameGo, 19, 19},
		{"GM[-3]SZ[0]", GameGo, 19, 19},
		{"GM[2]SZ[]", 2, 19, 19},
		// White space in the numbers is removed, as SGFC and sgf check
		// correct it (value.StripSpace).
		{"GM[1 1]SZ[1 3]", GameHex, 13, 13},
		{"SZ[7 : 5]", GameGo, 7, 5},
	} {
		c, err := ReadBytes([]byte("(;FF[4]"+tc.root+")"), nil)
		if err != nil {
			t.Fatal(err)
		}
		g := c.Games()[0]
		cols, rows := g.Size()
		if g.Type() != tc.gm || cols != tc.cx || rows != tc.cy {
			t.Errorf("%s: Game reads GM[%d] %dx%d, want GM[%d] %dx%d", tc.root, g.Type(), cols, rows, tc.gm, tc.cx, tc.cy)
		}
		var v TreeView
		v.Read(g.Tree())
		if int(v.Game) != tc.gm || v.Cols != tc.cx || v.Rows != tc.cy {
			t.Errorf("%s: TreeView reads GM[%d] %dx%d, want GM[%d] %dx%d", tc.root, v.Game, v.Cols, v.Rows, tc.gm, tc.cx, tc.cy)
		}
	}
}

// TestFFReadAlike: Game.Info and TreeView read an FF written with white
// space in it as boardOf reads GM and SZ, and GameInfo reports it.
func TestFFReadAlike(t *testing.T) {
	c, err := ReadBytes([]byte("(;FF[ 3 ]GM[1])"), nil)
	if err != nil {
		t.Fatal(err)
	}
	g := c.Games()[0]
	gi := g.Info()
	var v TreeView
	v.Read(g.Tree())
	if gi.FF != 3 || v.FF != 3 {
		t.Errorf("FF[ 3 ]: GameInfo reads %d, TreeView %d, want 3", gi.FF, v.FF)
	}
	if len(gi.Errors) == 0 {
		t.Errorf("FF[ 3 ]: GameInfo reports no problem")
	}
}

// TestTreeViewLongLineRoom: a long line read with BriefMoves gives its
// moves no property view and makes no room for them: the buffers of
// property and value views (88 and 32 bytes each, with pointers, which
// the collector scans as far as they reach) were sized for every "[" of
// a tree of more than 65,536 nodes, 26 MB never written for the 200,000
// moves of line-200k (issue 14). Nodes in runs of moves that are no brief
// move (a move off the board, a comment of two letters) and the nodes of
// setup still get their views, in a line and in nested variations.
func TestTreeViewLongLineRoom(t *testing.T) {
	for _, nested := range []bool{false, true} {
		var b strings.Builder
		b.WriteString("(;FF[4]GM[1]SZ[19]")
		closes := 1
		for i := range 70_000 {
			node := ";" + string("BW"[i%2]) + "[" + string(rune('a'+i%19)) + string(rune('a'+i/19%19)) + "]"
			switch {
			case i%5000 == 17:
				node = ";B[zz]" // off the board
			case i%5000 == 18:
				node = ";C[ab]"
			case i%5000 == 19:
				node = ";AE[aa][bb][cc]C[x]"
			}
			if nested && i%2 == 0 {
				node = "(" + node
				closes++
			}
			b.WriteString(node)
		}
		b.WriteString(strings.Repeat(")", closes))
		f, err := syntax.Parse([]byte(b.String()), caOpts)
		if err != nil {
			t.Fatal(err)
		}
		var v TreeView
		v.BriefMoves = true
		v.Read(f.Trees[0])
		checkView(t, &v, f.Trees[0])
		views := 0
		for i := range v.Nodes {
			views += v.Nodes[i].NumProps()
		}
		// the root's 3, and 4 in each 5,000 nodes (B[zz], C[ab], AE and C)
		if want := 3 + 14*4; views != want || len(v.props) != want {
			t.Errorf("nested %v: %d property views (%d in the buffer), want %d", nested, views, len(v.props), want)
		}
		if cap(v.props) > 10_000 || cap(v.vals) > 10_000 {
			t.Errorf("nested %v: room for %d property views and %d values, for %d nodes", nested, cap(v.props), cap(v.vals), len(v.Nodes))
		}
	}
}

// TestTreeViewLeanRuns: a run of moves read with BriefMoves (readRunLean,
// which takes a B or W on the board from the node's letters) gives every
// node the flags, parent, brief and properties (Props) of a reading
// without BriefMoves, for moves of both colours, passes, moves off the
// board, on boards where "tt" is a point, and nodes of one property of one
// letter that is no move.
func TestTreeViewLeanRuns(t *testing.T) {
	for _, src := range []string{
		"(;FF[4]SZ[19];B[pd];W[dp];B[tt];W[zz];V[12];B[aa];W[ss];B[sa];W[as];B[AA];N[ab];C[ab];X[ab];W[qq])",
		"(;FF[4]SZ[21];B[tt];W[uu];B[vv];W[pd])",
		"(;FF[4]SZ[52];B[ZZ];W[Aa];B[zA])",
		"(;GM[1]SZ[9];W[ii];B[jj];W[ia];B[ai](;W[bb];B[cc])(;B[dd];W[ee]))",
		"(;FF[4]SZ[5:3];B[ec];W[ed];B[ac];W[ca];B[tt])",
	} {
		f, err := syntax.Parse([]byte(src), caOpts)
		if err != nil {
			t.Fatal(err)
		}
		var lean, plain TreeView
		lean.BriefMoves = true
		lean.Read(f.Trees[0])
		plain.Read(f.Trees[0])
		checkView(t, &lean, f.Trees[0])
		if len(lean.Nodes) != len(plain.Nodes) {
			t.Fatalf("%s: %d nodes, want %d", src, len(lean.Nodes), len(plain.Nodes))
		}
		for i := range plain.Nodes {
			a, b := &lean.Nodes[i], &plain.Nodes[i]
			if lean.NodeOf(a) != plain.NodeOf(b) || a.Index != b.Index || a.Parent != b.Parent || a.Flags != b.Flags || lean.Brief(i) != plain.Brief(i) {
				t.Errorf("%s node %d: %+v brief %+v, want %+v brief %+v", src, i, *a, lean.Brief(i), *b, plain.Brief(i))
			}
			if got, want := fmt.Sprintf("%+v", lean.Props(i)), fmt.Sprintf("%+v", plain.PropsOf(b)); got != want {
				t.Errorf("%s node %d: props %s, want %s", src, i, got, want)
			}
		}
		if fmt.Sprint(lean.InfoNodes) != fmt.Sprint(plain.InfoNodes) {
			t.Errorf("%s: info nodes %v, want %v", src, lean.InfoNodes, plain.InfoNodes)
		}
	}
}

// TestTreeViewSkipMoves: SkipMoves gives, from every node, the first node
// from it on whose brief is no move, as a walk by Brief finds it; Briefs
// are the briefs Brief gives.
func TestTreeViewSkipMoves(t *testing.T) {
	// and runs of 0 to 11 moves, each ended by a node that is no move (a
	// comment, a move off the board, the end), which SkipMoves passes over
	// four at a time
	runs := "(;FF[4]SZ[19]"
	for k := range 12 {
		for j := range k {
			runs += fmt.Sprintf(";%c[%c%c]", "BW"[j%2], 'a'+j, 'a'+k)
		}
		runs += [...]string{";C[x]", ";B[zz]", ";W[aa]C[y]"}[k%3]
	}
	for _, src := range []string{"(;FF[4]SZ[19];B[pd];W[dp];B[pp]C[x];W[tt];B[zz](;B[aa];W[bb])(;AB[cc];B[dd]))", runs + ")", runs + ";B[aa];W[bb];B[cc];W[dd];B[ee])"} {
		skipMoves(t, src)
	}
}

func skipMoves(t *testing.T, src string) {
	t.Helper()
	f, err := syntax.Parse([]byte(src), caOpts)
	if err != nil {
		t.Fatal(err)
	}
	for _, brief := range []bool{false, true} {
		var v TreeView
		v.BriefMoves = brief
		v.Read(f.Trees[0])
		for i := 0; i <= len(v.Nodes); i++ {
			want := i
			for want < len(v.Nodes) && v.Brief(want).IsMove() {
				want++
			}
			if got := v.SkipMoves(i); got != want {
				t.Errorf("BriefMoves %v: SkipMoves(%d) = %d, want %d", brief, i, got, want)
			}
		}
		if bs := v.Briefs(); len(bs) != len(v.Nodes) {
			t.Errorf("BriefMoves %v: %d briefs, want %d", brief, len(bs), len(v.Nodes))
		} else {
			for i, b := range bs {
				if b != v.Brief(i) {
					t.Errorf("BriefMoves %v: Briefs()[%d] = %+v, want %+v", brief, i, b, v.Brief(i))
				}
			}
		}
	}
}
