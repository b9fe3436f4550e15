package webui

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/diagram"
	dgif "github.com/sgf-toolkit/sgf/diagram/gif"
	dpng "github.com/sgf-toolkit/sgf/diagram/png"
	dsvg "github.com/sgf-toolkit/sgf/diagram/svg"
	"github.com/sgf-toolkit/sgf/formats"
	"github.com/sgf-toolkit/sgf/games/hex"
	"github.com/sgf-toolkit/sgf/value"
)

// A document is a file opened by the page: its collection as edited, the
// bytes it had on disk when opened (or last saved), and the undo history
// (the collection's bytes before each edit: since the typed view prints
// only edited nodes anew, reading those bytes back gives the same
// collection, byte for byte).
type document struct {
	mu      sync.Mutex
	id      string
	rt      *root
	rel     string
	orig    []byte
	coll    *sgf.Collection
	undo    [][]byte
	redo    [][]byte
	cursors map[int]*sgf.Cursor
	used    int64 // when last opened (Server.clock), for keeping the open documents few
	edited  bool  // edited since the server started: never dropped
	// format is the file's format: a Tygem GIB, WBaduk NGF or PandaNet
	// UGF/UGI file is shown as package formats reads it into SGF, and
	// never edited (saving would write SGF over it).
	format formats.Format
}

// readCollection reads a file's bytes into the typed view: SGF as it is,
// GIB, NGF and UGF/UGI (recognised by content, the extension breaking
// ties) through package formats, as the command line reads them.
func readCollection(rel string, data []byte) (*sgf.Collection, formats.Format, error) {
	f := formats.Detect(data, rel)
	if f == formats.GIB || f == formats.NGF || f == formats.UGF {
		r, err := formats.Read(data, f, nil)
		if err != nil {
			return nil, f, err
		}
		c, err := r.Collection()
		return c, f, err
	}
	c, err := sgf.Read(bytes.NewReader(data), nil)
	return c, formats.SGF, err
}

// maxOpen is the number of unedited documents kept in memory; the least
// recently opened is dropped beyond it (and read again when asked).
const maxOpen = 32

// openDocument returns the document of a file id, reading it on first use.
// With reload, an unedited document is read again when the file changed on
// disk (the page asks it when it opens a game, not at every step).
func (s *Server) openDocument(id string, reload bool) (*document, error) {
	rt, rel, err := s.resolve(id)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.clock++
	d := s.docs[id]
	if d == nil {
		d = &document{id: id, rt: rt, rel: rel, used: s.clock}
		s.docs[id] = d
		s.dropOld()
	}
	d.used = s.clock
	s.mu.Unlock()
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.coll != nil && (!reload || d.dirty()) {
		return d, nil
	}
	data, err := s.readFile(rt, rel)
	if err != nil {
		s.mu.Lock()
		if d.coll == nil {
			delete(s.docs, id)
		}
		s.mu.Unlock()
		return nil, err
	}
	if d.coll != nil && bytes.Equal(data, d.orig) {
		return d, nil
	}
	coll, format, err := readCollection(rel, data)
	if coll == nil {
		return nil, fmt.Errorf("%s: %w", rel, err)
	}
	d.orig, d.coll, d.undo, d.redo, d.cursors, d.format = data, coll, nil, nil, nil, format
	return d, nil
}

// dropOld forgets the least recently opened unedited documents beyond
// maxOpen. The caller holds s.mu.
func (s *Server) dropOld() {
	for len(s.docs) > maxOpen {
		var oldest *document
		for _, d := range s.docs {
			if d.mu.TryLock() {
				if !d.edited && (oldest == nil || d.used < oldest.used) {
					oldest = d
				}
				d.mu.Unlock()
			}
		}
		if oldest == nil {
			return
		}
		delete(s.docs, oldest.id)
	}
}

// dirty reports whether the collection differs from the file as opened.
func (d *document) dirty() bool {
	if d.coll == nil || !d.coll.Modified() && len(d.undo) == 0 {
		return false
	}
	b, err := d.coll.Bytes()
	return err != nil || !bytes.Equal(b, d.orig)
}

func (d *document) game(i int) (*sgf.Game, error) {
	if i < 1 || i > d.coll.Len() {
		return nil, fmt.Errorf("no game %d in the file (it has %d)", i, d.coll.Len())
	}
	return d.coll.Game(i - 1), nil
}

func (d *document) cursor(gi int, g *sgf.Game) *sgf.Cursor {
	if d.cursors == nil {
		d.cursors = map[int]*sgf.Cursor{}
	}
	c := d.cursors[gi]
	if c == nil || c.Game() != g {
		c = g.NewCursor()
		d.cursors[gi] = c
	}
	return c
}

// request reads the file, game and node of a GET request and locks the
// document; the caller unlocks it.
func (s *Server) request(w http.ResponseWriter, r *http.Request, reload bool) (*document, *sgf.Game, int, bool) {
	q := r.URL.Query()
	d, err := s.openDocument(q.Get("file"), reload)
	if err != nil {
		errorJSON(w, err)
		return nil, nil, 0, false
	}
	gi := 1
	if v := q.Get("game"); v != "" {
		if gi, err = strconv.Atoi(v); err != nil {
			jsonError(w, http.StatusBadRequest, "bad game number")
			return nil, nil, 0, false
		}
	}
	d.mu.Lock()
	g, err := d.game(gi)
	if err != nil {
		d.mu.Unlock()
		jsonError(w, http.StatusNotFound, err.Error())
		return nil, nil, 0, false
	}
	return d, g, gi, true
}

// nodeOf finds the node named by p (a sgf.NodeRef: a node number or a
// path), or by n (a node number).
func nodeOf(g *sgf.Game, p, n string) (sgf.Node, error) {
	if n != "" {
		i, err := strconv.Atoi(n)
		if err != nil {
			return sgf.Node{}, errors.New("bad node number")
		}
		node := g.Node(i)
		if node.IsZero() {
			return node, fmt.Errorf("no node %d", i)
		}
		return node, nil
	}
	if p == "" {
		return g.Root(), nil
	}
	// The one node addressing of the module: a number ("13", as 'sgf tree'
	// prints them) or a path ("10.1.5").
	ref, err := sgf.ParseNodeRef(p)
	if err != nil {
		return sgf.Node{}, err
	}
	return g.NodeByRef(ref)
}

type gameJSON struct {
	File        string            `json:"file"`
	Name        string            `json:"name"`
	Game        int               `json:"game"`
	Games       int               `json:"games"`
	GM          int               `json:"gm"`
	Cols        int               `json:"cols"`
	Rows        int               `json:"rows"`
	ST          int               `json:"st"`
	Info        map[string]string `json:"info"`
	Charset     string            `json:"charset"`
	CharsetFrom string            `json:"charsetFrom"`
	Diagnostics []string          `json:"diagnostics"`
	ReadOnly    bool              `json:"readOnly"`
	Dirty       bool              `json:"dirty"`
	CanUndo     bool              `json:"canUndo"`
	CanRedo     bool              `json:"canRedo"`
	Tree        treeJSON          `json:"tree"`
}

// treeJSON is the game tree in pre-order (node numbers): each node's
// parent's number (-1 for the root), what it holds ("B", "W" a move, "s"
// setup only, "." neither) and its mark for problem mode ("R" a comment
// that says right or correct, "W" one that says wrong, "b" GB, "w" GW,
// "." none).
type treeJSON struct {
	Parent []int  `json:"parent"`
	Kind   string `json:"kind"`
	Mark   string `json:"mark"`
}

// hasWord reports whether text holds one of the words (lowercase ASCII),
// as a whole word, in any case.
func hasWord(text string, words ...string) bool {
	isLetter := func(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
	for i := 0; i < len(text); i++ {
		if i > 0 && isLetter(text[i-1]) || !isLetter(text[i]) {
			continue
		}
		for _, w := range words {
			if len(text)-i >= len(w) && strings.EqualFold(text[i:i+len(w)], w) && (i+len(w) == len(text) || !isLetter(text[i+len(w)])) {
				return true
			}
		}
	}
	return false
}

// infoKeys are the game-information properties the page shows and edits.
var infoKeys = []string{"GN", "PB", "BR", "BT", "PW", "WR", "WT", "DT", "EV", "RO", "PC", "RE", "KM", "HA", "RU", "TM", "OT", "ON", "GC", "SO", "AN", "US", "CP"}

func gameInfo(g *sgf.Game) map[string]string {
	m := map[string]string{}
	n, ok := g.InfoNode()
	if !ok {
		n = g.Root()
	}
	for _, k := range infoKeys {
		if v, ok := n.Text(k); ok {
			m[k] = v
		}
	}
	return m
}

func stOf(g *sgf.Game) int {
	raw, ok := g.Root().Get("ST")
	if !ok {
		return 0
	}
	// as every reader reads a Number (sgf.Value.Number: ST[ 2 ] is 2),
	// and one out of the range 0-3 as sgf check takes it (ST[0])
	st, ok := (&sgf.Value{Raw: raw}).Number()
	if !ok || st < 0 || st > 3 {
		return 0
	}
	return st
}

func (s *Server) serveGame(w http.ResponseWriter, r *http.Request) {
	d, g, gi, ok := s.request(w, r, true)
	if !ok {
		return
	}
	defer d.mu.Unlock()
	writeJSON(w, s.gameOf(d, g, gi))
}

func (s *Server) gameOf(d *document, g *sgf.Game, gi int) *gameJSON {
	cols, rows := g.Size()
	cs := g.Charset()
	j := &gameJSON{File: d.id, Game: gi, Games: d.coll.Len(), GM: g.Type(), Cols: cols, Rows: rows, ST: stOf(g),
		Info: gameInfo(g), Charset: cs.Name, CharsetFrom: string(cs.Source),
		ReadOnly: s.opts.ReadOnly || d.format != formats.SGF, Dirty: d.dirty(), CanUndo: len(d.undo) > 0, CanRedo: len(d.redo) > 0,
		Diagnostics: []string{}}
	for i, rt := range s.roots {
		if rt == d.rt {
			j.Name = s.displayName(i, d.rel)
		}
	}
	for i, diag := range d.coll.Diagnostics() {
		if i == 20 {
			j.Diagnostics = append(j.Diagnostics, fmt.Sprintf("... and %d more", len(d.coll.Diagnostics())-20))
			break
		}
		j.Diagnostics = append(j.Diagnostics, diag.String())
	}
	var kind, mark strings.Builder
	for n := range g.Nodes() {
		p := n.Parent()
		if p.IsZero() {
			j.Tree.Parent = append(j.Tree.Parent, -1)
		} else {
			j.Tree.Parent = append(j.Tree.Parent, p.Number())
		}
		switch {
		case n.Has("B"):
			kind.WriteByte('B')
		case n.Has("W"):
			kind.WriteByte('W')
		case n.Has("AB") || n.Has("AW") || n.Has("AE"):
			kind.WriteByte('s')
		default:
			kind.WriteByte('.')
		}
		c := n.Comment()
		a := n.Annotations()
		switch {
		case c != "" && hasWord(c, "right", "correct") && !hasWord(c, "wrong", "incorrect", "fail", "failure"):
			mark.WriteByte('R')
		case c != "" && hasWord(c, "wrong", "incorrect", "fail", "failure"):
			mark.WriteByte('W')
		case a.GoodForBlack != 0:
			mark.WriteByte('b')
		case a.GoodForWhite != 0:
			mark.WriteByte('w')
		default:
			mark.WriteByte('.')
		}
	}
	j.Tree.Kind, j.Tree.Mark = kind.String(), mark.String()
	return j
}

// positionJSON is the position at a node, with everything the page shows.
// The board is drawn by package diagram (the model 'sgf render' and 'sgf
// show' draw from) and its SVG encoder; the page lays its grid of cells
// over the picture, at the centres Cells gives.
type positionJSON struct {
	N          int          `json:"n"`     // node number (pre-order)
	Path       string       `json:"path"`  // node path, for #node=PATH
	Depth      int          `json:"depth"` // steps from the root
	Parent     int          `json:"parent"`
	Children   []int        `json:"children"`
	Siblings   []int        `json:"siblings"` // the parent's children, this node included
	Board      []string     `json:"board"`    // rows from the top: "." empty, "B", "W"
	Numbers    [][3]int     `json:"numbers"`  // [x, y, move number] of the stones played on the path
	MoveNumber int          `json:"moveNumber"`
	ToPlay     string       `json:"toPlay"`
	CapturesB  int          `json:"capturesB"` // stones taken by Black
	CapturesW  int          `json:"capturesW"`
	Last       *moveJSON    `json:"last"`       // the node's own move, if any
	Variations []varJSON    `json:"variations"` // the children (or siblings, per ST) with their labels
	Comment    string       `json:"comment"`
	NodeName   string       `json:"nodeName"`
	Notes      []string     `json:"notes"` // annotations in words
	SVG        string       `json:"svg"`   // the board, drawn by diagram/svg
	Width      float64      `json:"width"` // the picture's size
	Height     float64      `json:"height"`
	Unit       float64      `json:"unit"`  // distance between two points in the picture
	Cells      [][4]float64 `json:"cells"` // x, y and the picture's centre of every point shown
	Marks      []markJSON   `json:"marks"` // the markup of the model, for the cells' labels
	Skipped    []string     `json:"skipped"`
}

type moveJSON struct {
	Color string `json:"color"`
	X     int    `json:"x"`
	Y     int    `json:"y"`
	Pass  bool   `json:"pass"`
	Name  string `json:"name"` // as written
}

type varJSON struct {
	Label string    `json:"label"`
	N     int       `json:"n"`
	Move  *moveJSON `json:"move"`
}

// markJSON is a mark or line of the diagram: its class ("tr", "lb", "var",
// "ar", ...), its point, and its text or the other end of a line.
type markJSON struct {
	Class string  `json:"class"`
	X     int     `json:"x"`
	Y     int     `json:"y"`
	Text  string  `json:"text,omitempty"`
	To    *[2]int `json:"to,omitempty"`
}

// positionOptions are the choices of the page for drawing a position.
type positionOptions struct {
	numbers bool   // move numbers on the stones
	problem bool   // problem mode: no variation letters
	theme   string // a theme of package diagram
}

func optionsOf(r *http.Request) positionOptions {
	q := r.URL.Query()
	return positionOptions{numbers: q.Get("numbers") == "1", problem: q.Get("problem") == "1", theme: q.Get("theme")}
}

func (s *Server) servePosition(w http.ResponseWriter, r *http.Request) {
	d, g, gi, ok := s.request(w, r, false)
	if !ok {
		return
	}
	defer d.mu.Unlock()
	q := r.URL.Query()
	n, err := nodeOf(g, q.Get("node"), q.Get("n"))
	if err != nil {
		jsonError(w, http.StatusNotFound, err.Error())
		return
	}
	p, err := d.position(gi, g, n, optionsOf(r))
	if err != nil {
		jsonError(w, http.StatusInternalServerError, err.Error())
		return
	}
	writeJSON(w, p)
}

func moveOf(g *sgf.Game, n sgf.Node) *moveJSON {
	m, ok := n.Move()
	if !ok || m.Err != nil {
		return nil
	}
	j := &moveJSON{Color: m.Color.String(), X: m.Point.X, Y: m.Point.Y, Pass: m.Pass, Name: string(m.Raw)}
	if g.Type() == sgf.GameHex {
		j.Pass = m.Hex != value.HexPlace
	}
	return j
}

// theme returns the diagram theme of a name, flat when unknown.
func theme(name string) *diagram.Theme {
	if t, ok := diagram.Themes[name]; ok {
		return t
	}
	return diagram.Themes[diagram.ThemeNames[0]]
}

// diagramAt computes the diagram of the cursor's position: every move
// numbered (the page's cells say them; the picture shows them on demand),
// the variation letters ST asks for (the children's, or with ST[1] the
// siblings', which the page adds to the model).
func diagramAt(g *sgf.Game, n sgf.Node, pos sgf.Position, o positionOptions) (*diagram.Diagram, error) {
	st := stOf(g)
	d, err := diagram.New(pos, &diagram.Options{Numbers: -1, Variations: !o.problem && st&1 == 0})
	if err != nil {
		return nil, err
	}
	parent := n.Parent()
	if !o.problem && st == 1 && !parent.IsZero() && parent.NumChildren() > 1 {
		k := 0
		for c := range parent.Children() {
			label := sgf.VariationLabel(k)
			k++
			m, ok := c.Move()
			if !ok || m.Pass || m.Err != nil || !m.Point.In(d.Cols, d.Rows) || g.Type() == sgf.GameHex && m.Hex != value.HexPlace {
				continue
			}
			if slices.ContainsFunc(d.Marks, func(mk diagram.Mark) bool { return mk.Point == m.Point }) {
				continue // "DOESN'T overwrite any markup of other properties"
			}
			var on value.Color
			if i := d.StoneAt(m.Point); i >= 0 {
				on = d.Stones[i].Color
			}
			d.Marks = append(d.Marks, diagram.Mark{Kind: diagram.Variation, Point: m.Point, Text: label, On: on})
		}
	}
	return d, nil
}

func (d *document) position(gi int, g *sgf.Game, n sgf.Node, o positionOptions) (*positionJSON, error) {
	c := d.cursor(gi, g)
	if err := c.Goto(n); err != nil {
		return nil, err
	}
	pos := c.Position()
	dg, err := diagramAt(g, n, pos, o)
	if err != nil {
		return nil, err
	}
	j := &positionJSON{N: n.Number(), Path: n.Path().String(), Depth: n.Depth(), Parent: -1,
		MoveNumber: pos.MoveNumber, CapturesB: pos.CapturedByBlack, CapturesW: pos.CapturedByWhite,
		Comment: dg.Text.Comment, NodeName: dg.Text.NodeName, Last: moveOf(g, n), Notes: dg.Text.Annotations,
		Children: []int{}, Siblings: []int{}, Variations: []varJSON{}, Numbers: [][3]int{}, Board: []string{},
		Marks: []markJSON{}, Cells: [][4]float64{}, Skipped: dg.Skipped}
	if j.Notes == nil {
		j.Notes = []string{}
	}
	if pos.ToPlay != 0 {
		j.ToPlay = pos.ToPlay.String()
	}
	for ch := range n.Children() {
		j.Children = append(j.Children, ch.Number())
	}
	parent := n.Parent()
	if !parent.IsZero() {
		j.Parent = parent.Number()
		for ch := range parent.Children() {
			j.Siblings = append(j.Siblings, ch.Number())
		}
	}
	if g.Type() == sgf.GameGo || g.Type() == sgf.GameHex {
		row := make([]byte, pos.Cols)
		for y := range pos.Rows {
			for x := range pos.Cols {
				switch pos.At(x, y) {
				case value.Black:
					row[x] = 'B'
				case value.White:
					row[x] = 'W'
				default:
					row[x] = '.'
				}
			}
			j.Board = append(j.Board, string(row))
		}
	}
	for i := range dg.Stones {
		st := &dg.Stones[i]
		if st.Number > 0 {
			j.Numbers = append(j.Numbers, [3]int{st.Point.X, st.Point.Y, st.Number})
			if !o.numbers {
				st.Number = 0 // numbered for the labels, drawn on demand
			}
		}
	}
	for _, m := range dg.Marks {
		j.Marks = append(j.Marks, markJSON{Class: m.Kind.Class(), X: m.Point.X, Y: m.Point.Y, Text: m.Text})
	}
	for _, l := range dg.Lines {
		j.Marks = append(j.Marks, markJSON{Class: l.Kind.Class(), X: l.From.X, Y: l.From.Y, To: &[2]int{l.To.X, l.To.Y}})
	}
	for _, p := range dg.Dimmed {
		j.Marks = append(j.Marks, markJSON{Class: "dd", X: p.X, Y: p.Y})
	}
	// Variation labels from the same place as the picture's letters.
	from := n
	if stOf(g)&1 == 1 {
		from = parent
	}
	if !from.IsZero() {
		for label, ch := range from.Variations() {
			j.Variations = append(j.Variations, varJSON{Label: label, N: ch.Number(), Move: moveOf(g, ch)})
		}
	}
	t := theme(o.theme)
	width := dsvg.Width(dg)
	j.SVG = string(dsvg.Append(nil, dg, &dsvg.Options{Theme: t, Width: int(width), NoText: true}))
	l := diagram.NewLayout(dg, width, t, nil)
	j.Width, j.Height, j.Unit = l.Width, l.Height, l.Unit
	for y := dg.View.Y0; y <= dg.View.Y1; y++ {
		for x := dg.View.X0; x <= dg.View.X1; x++ {
			if !dg.Visible(value.Point{X: x, Y: y}) {
				continue
			}
			px, py := l.Point(dg, x, y)
			j.Cells = append(j.Cells, [4]float64{float64(x), float64(y), px, py})
		}
	}
	return j, nil
}

// pointText writes a point of the board as the game writes it.
func pointText(g *sgf.Game, x, y int) string {
	if g.Type() == sgf.GameHex {
		return hex.FormatCell(x, y)
	}
	return value.Point{X: x, Y: y}.String()
}

// serveDownload sends the game, or the variation that leads to a node and
// goes on along first children, as an SGF file.
func (s *Server) serveDownload(w http.ResponseWriter, r *http.Request) {
	d, g, gi, ok := s.request(w, r, false)
	if !ok {
		return
	}
	defer d.mu.Unlock()
	ctype, name, data, err := d.download(g, gi, r)
	if err != nil {
		errorJSON(w, err)
		return
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Content-Disposition", `attachment; filename="`+safeName(name)+`"`)
	w.Write(data)
}

// download makes the file serveDownload sends: its type, name and bytes.
func (d *document) download(g *sgf.Game, gi int, r *http.Request) (ctype, name string, data []byte, err error) {
	q := r.URL.Query()
	name = strings.TrimSuffix(path.Base(d.rel), path.Ext(d.rel))
	if d.coll.Len() > 1 {
		name += fmt.Sprintf("-game%d", gi)
	}
	var buf bytes.Buffer
	switch what := q.Get("what"); what {
	case "gif":
		// The main line as an animated GIF, as 'sgf render' makes it.
		frames, err := dgif.Frames(g, nil)
		if err == nil {
			err = dgif.Encode(&buf, frames, &dgif.Options{Theme: theme(q.Get("theme"))})
		}
		if err != nil {
			return "", "", nil, refuse(http.StatusUnprocessableEntity, "%v", err)
		}
		return "image/gif", name + ".gif", buf.Bytes(), nil
	case "svg", "png":
		// The position at the node as 'sgf render' draws it, with its text.
		n, err := nodeOf(g, q.Get("node"), q.Get("n"))
		if err != nil {
			return "", "", nil, refuse(http.StatusNotFound, "%v", err)
		}
		c := d.cursor(gi, g)
		if err := c.Goto(n); err != nil {
			return "", "", nil, err
		}
		o := optionsOf(r)
		dg, err := diagramAt(g, n, c.Position(), o)
		if err != nil {
			return "", "", nil, refuse(http.StatusUnprocessableEntity, "%v", err)
		}
		if !o.numbers {
			for i := range dg.Stones {
				dg.Stones[i].Number = 0
			}
		}
		name = fmt.Sprintf("%s-%s.%s", name, n.Path(), what)
		if what == "svg" {
			return "image/svg+xml", name, dsvg.Append(nil, dg, &dsvg.Options{Theme: theme(o.theme)}), nil
		}
		if err := dpng.Encode(&buf, dg, &dpng.Options{Theme: theme(o.theme)}); err != nil {
			return "", "", nil, refuse(http.StatusUnprocessableEntity, "%v", err)
		}
		return "image/png", name, buf.Bytes(), nil
	case "variation":
		n, err := nodeOf(g, q.Get("node"), q.Get("n"))
		if err != nil {
			return "", "", nil, refuse(http.StatusNotFound, "%v", err)
		}
		writeVariation(&buf, n)
		name += "-variation"
	default:
		if d.coll.Len() == 1 {
			b, err := d.coll.Bytes()
			return "application/x-go-sgf", name + ".sgf", b, err
		}
		_, err = g.WriteTo(&buf)
	}
	return "application/x-go-sgf", name + ".sgf", buf.Bytes(), err
}

// writeVariation writes one game tree: the nodes from the root to n, then
// n's first children, each node's properties with their values as written.
func writeVariation(buf *bytes.Buffer, n sgf.Node) {
	nodes := slices.Collect(n.Ancestors())
	slices.Reverse(nodes)
	nodes = slices.AppendSeq(nodes, n.MainLine())
	buf.WriteByte('(')
	for i, node := range nodes {
		if i > 0 && i%8 == 0 {
			buf.WriteByte('\n')
		}
		buf.WriteByte(';')
		for id, vals := range node.Props() {
			buf.WriteString(id)
			for _, v := range vals {
				buf.WriteByte('[')
				buf.Write(v)
				buf.WriteByte(']')
			}
		}
	}
	buf.WriteString(")\n")
}

func safeName(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == '"' || r == '\\' || r == '/' || r == 0x7f {
			return '_'
		}
		return r
	}, s)
}
