package webui

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/check"
	"github.com/sgf-toolkit/sgf/formats"
	"github.com/sgf-toolkit/sgf/value"
)

// editRequest is the body of POST /api/edit.
type editRequest struct {
	File  string            `json:"file"`
	Game  int               `json:"game"`
	Node  string            `json:"node"` // path of the node edited
	Op    string            `json:"op"`   // play, pass, comment, info, markup, delete, promote, undo, redo, save
	X     int               `json:"x"`
	Y     int               `json:"y"`
	Color string            `json:"color"` // of a move: "B" or "W" (default: the player to move)
	Prop  string            `json:"prop"`  // markup: TR, SQ, CR, MA, SL or LB
	Text  string            `json:"text"`  // comment, label
	Info  map[string]string `json:"info"`  // game information: property -> text ("" deletes)
}

// editResult answers an edit: the node the page shows next.
type editResult struct {
	Node     string `json:"node"`
	Followed bool   `json:"followed,omitempty"` // play: an existing variation was followed
	Message  string `json:"message,omitempty"`
	Dirty    bool   `json:"dirty"`
	CanUndo  bool   `json:"canUndo"`
	CanRedo  bool   `json:"canRedo"`
}

// editError is an edit refused, with its HTTP status.
type editError struct {
	status int
	msg    string
}

func (e *editError) Error() string { return e.msg }

func refuse(status int, format string, args ...any) error {
	return &editError{status, fmt.Sprintf(format, args...)}
}

func (s *Server) serveEdit(w http.ResponseWriter, r *http.Request) {
	var req editRequest
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			jsonError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("request larger than %d bytes refused", mbe.Limit))
			return
		}
		jsonError(w, http.StatusBadRequest, "bad request: "+err.Error())
		return
	}
	d, err := s.openDocument(req.File, false)
	if err != nil {
		errorJSON(w, err)
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	res, err := s.edit(d, &req)
	if req.Op != "save" {
		d.edited = true
	}
	if err != nil {
		errorJSON(w, err)
		return
	}
	res.Dirty, res.CanUndo, res.CanRedo = d.dirty(), len(d.undo) > 0, len(d.redo) > 0
	writeJSON(w, res)
}

func (s *Server) edit(d *document, req *editRequest) (*editResult, error) {
	if d.format != formats.SGF {
		return nil, refuse(http.StatusForbidden, "%s is a %s file, shown as SGF: it is not edited here (saving would write SGF over it); download it as SGF to edit it", path.Base(d.rel), d.format.Name())
	}
	switch req.Op {
	case "undo", "redo":
		from, to := &d.undo, &d.redo
		if req.Op == "redo" {
			from, to = to, from
		}
		if len(*from) == 0 {
			return nil, refuse(http.StatusConflict, "nothing to %s", req.Op)
		}
		cur, err := d.coll.Bytes()
		if err != nil {
			return nil, err
		}
		prev := (*from)[len(*from)-1]
		coll, err := sgf.Read(bytes.NewReader(prev), nil)
		if coll == nil {
			return nil, err
		}
		*from = (*from)[:len(*from)-1]
		*to = append(*to, cur)
		d.coll, d.cursors = coll, nil
		node := req.Node
		if g, err := d.game(req.Game); err == nil {
			if _, err := nodeOf(g, node, ""); err != nil {
				node = "0"
			}
		}
		return &editResult{Node: node}, nil
	case "save":
		return s.save(d)
	}
	g, err := d.game(req.Game)
	if err != nil {
		return nil, refuse(http.StatusNotFound, "%v", err)
	}
	n, err := nodeOf(g, req.Node, "")
	if err != nil {
		return nil, refuse(http.StatusNotFound, "%v", err)
	}
	before, err := d.coll.Bytes()
	if err != nil {
		return nil, err
	}
	res, err := s.change(d, req, g, n)
	if err != nil {
		return nil, err
	}
	after, err := d.coll.Bytes()
	if err != nil {
		return nil, err
	}
	if !bytes.Equal(after, before) {
		d.undo = append(d.undo, before)
		if len(d.undo) > s.opts.MaxUndo {
			d.undo = slices.Delete(d.undo, 0, 1)
		}
		d.redo = nil
	}
	d.cursors = nil
	return res, nil
}

// change makes one edit of the game g at node n.
func (s *Server) change(d *document, req *editRequest, g *sgf.Game, n sgf.Node) (*editResult, error) {
	cols, rows := g.Size()
	switch req.Op {
	case "play", "pass":
		return d.play(req, g, n)
	case "comment":
		if strings.TrimSpace(req.Text) == "" {
			n.Delete("C")
		} else if err := n.Set("C", req.Text); err != nil {
			return nil, refuse(http.StatusUnprocessableEntity, "comment not set: %v", err)
		}
		return &editResult{Node: n.Path().String()}, nil
	case "info":
		in, ok := g.InfoNode()
		if !ok {
			in = g.Root()
		}
		for k, v := range req.Info {
			if !slices.Contains(infoKeys, k) {
				return nil, refuse(http.StatusBadRequest, "%s is not a game-information property", k)
			}
			if v == "" {
				in.Delete(k)
			} else if err := in.Set(k, v); err != nil {
				return nil, refuse(http.StatusUnprocessableEntity, "%s not set: %v", k, err)
			}
		}
		return &editResult{Node: n.Path().String()}, nil
	case "markup":
		if req.X < 0 || req.Y < 0 || req.X >= cols || req.Y >= rows {
			return nil, refuse(http.StatusBadRequest, "point off the board")
		}
		if err := toggleMarkup(g, n, req.Prop, value.Point{X: req.X, Y: req.Y}, req.Text); err != nil {
			return nil, err
		}
		return &editResult{Node: n.Path().String()}, nil
	case "delete":
		parent := n.Parent()
		if parent.IsZero() {
			return nil, refuse(http.StatusBadRequest, "the root of a game cannot be deleted")
		}
		if err := n.Remove(); err != nil {
			return nil, refuse(http.StatusUnprocessableEntity, "%v", err)
		}
		return &editResult{Node: parent.Path().String()}, nil
	case "promote":
		if err := n.Promote(); err != nil {
			return nil, refuse(http.StatusUnprocessableEntity, "%v", err)
		}
		return &editResult{Node: n.Path().String()}, nil
	}
	return nil, refuse(http.StatusBadRequest, "unknown edit %q", req.Op)
}

// play plays a move at n: it follows the child that has it, or adds a
// child with it when the move is legal.
func (d *document) play(req *editRequest, g *sgf.Game, n sgf.Node) (*editResult, error) {
	if g.Type() != sgf.GameGo && g.Type() != sgf.GameHex {
		return nil, refuse(http.StatusUnprocessableEntity, "moves can be played on Go and Hex boards only (this game is GM[%d])", g.Type())
	}
	ko := check.SuperkoFor(g.Info().Rules)
	c := d.cursor(req.Game, g)
	c.SetSituationalSuperko(ko == check.SuperkoSituational)
	if err := c.Goto(n); err != nil {
		return nil, err
	}
	color := value.Color(0)
	switch req.Color {
	case "B":
		color = value.Black
	case "W":
		color = value.White
	case "":
		color = c.Position().ToPlay
		if color == 0 {
			color = value.Black
		}
	default:
		return nil, refuse(http.StatusBadRequest, "bad colour %q", req.Color)
	}
	cols, rows := g.Size()
	pass := req.Op == "pass"
	text := ""
	if !pass {
		if req.X < 0 || req.Y < 0 || req.X >= cols || req.Y >= rows {
			return nil, refuse(http.StatusUnprocessableEntity, "illegal move: the point is off the board")
		}
		text = pointText(g, req.X, req.Y)
		if reason := illegal(c, color, req.X, req.Y, ko); reason != "" {
			return nil, refuse(http.StatusUnprocessableEntity, "illegal move: %s", reason)
		}
	} else if g.Type() == sgf.GameHex {
		text = "pass"
	}
	for ch := range n.Children() {
		m, ok := ch.Move()
		if !ok || m.Err != nil || m.Color != color {
			continue
		}
		same := false
		if g.Type() == sgf.GameHex {
			same = pass && m.Hex == value.HexPass || !pass && m.Hex == value.HexPlace && m.Point == (value.Point{X: req.X, Y: req.Y})
		} else {
			same = m.Pass == pass && (pass || m.Point == value.Point{X: req.X, Y: req.Y})
		}
		if same {
			return &editResult{Node: ch.Path().String(), Followed: true}, nil
		}
	}
	ch, err := n.AddChild()
	if err != nil {
		return nil, err
	}
	if err := ch.Set(color.String(), text); err != nil {
		ch.Remove()
		return nil, err
	}
	return &editResult{Node: ch.Path().String()}, nil
}

// illegal says why a move at (x, y) is not legal in the position of c, or
// "": the superko rule ko is the game's (check.SuperkoFor its RU), and
// the cursor's board compares situations when ko is situational.
func illegal(c *sgf.Cursor, color value.Color, x, y int, ko check.Superko) string {
	if hb := c.HexBoard(); hb != nil {
		if hb.At(hb.Cell(x, y)) != 0 {
			return "the cell is taken"
		}
		return ""
	}
	b := c.GoBoard()
	if b == nil {
		return ""
	}
	gc := sgf.GoColor(color) // color is Black or White
	info := b.Play(gc, b.Point(x, y))
	defer b.Undo()
	switch {
	case info.Err != nil:
		return info.Err.Error()
	case info.Occupied:
		return "the point is taken"
	case info.Suicide:
		return "suicide: the stone would have no liberty"
	case info.Ko:
		return "ko: the stone cannot be taken back at once; play elsewhere first"
	case info.Superko && ko != check.SuperkoNone:
		// The game's RU chooses, as sgf check's C55 does: none under
		// Japanese and Korean rules, situational under AGA and NZ rules
		// (play set the cursor's board so), positional otherwise.
		return "the position would repeat an earlier one (superko)"
	}
	return ""
}

var markupProps = []string{"TR", "SQ", "CR", "MA", "SL"}

// toggleMarkup adds the markup prop at p, or takes it away when it is
// there. A shape (TR, SQ, CR, MA) replaces another shape at the point, as
// FF[4] allows one per point.
func toggleMarkup(g *sgf.Game, n sgf.Node, prop string, p value.Point, text string) error {
	mk := n.Markup()
	lists := map[string][]value.Point{"TR": mk.Triangle, "SQ": mk.Square, "CR": mk.Circle, "MA": mk.Cross, "SL": mk.Selected}
	set := func(id string, ps []value.Point) error {
		if len(ps) == 0 {
			n.Delete(id)
			return nil
		}
		vals := make([]string, len(ps))
		for i, q := range ps {
			vals[i] = pointText(g, q.X, q.Y)
		}
		return n.Set(id, vals...)
	}
	switch prop {
	case "TR", "SQ", "CR", "MA", "SL":
		ps := lists[prop]
		if i := slices.Index(ps, p); i >= 0 {
			return set(prop, slices.Delete(slices.Clone(ps), i, i+1))
		}
		if prop != "SL" {
			for _, other := range markupProps[:4] {
				if i := slices.Index(lists[other], p); other != prop && i >= 0 {
					if err := set(other, slices.Delete(slices.Clone(lists[other]), i, i+1)); err != nil {
						return err
					}
				}
			}
		}
		return set(prop, append(slices.Clone(ps), p))
	case "LB":
		labels := slices.Clone(mk.Labels)
		if i := slices.IndexFunc(labels, func(l sgf.Label) bool { return l.Point == p }); i >= 0 {
			labels = slices.Delete(labels, i, i+1)
		} else {
			if text == "" {
				text = nextLabel(labels)
			}
			labels = append(labels, sgf.Label{Point: p, Text: text})
		}
		if len(labels) == 0 {
			n.Delete("LB")
			return nil
		}
		vals := make([]string, len(labels))
		for i, l := range labels {
			vals[i] = pointText(g, l.Point.X, l.Point.Y) + ":" + l.Text
		}
		return n.Set("LB", vals...)
	}
	return refuse(http.StatusBadRequest, "unknown markup %q (TR, SQ, CR, MA, SL or LB)", prop)
}

// nextLabel is the first letter A, B, ... not yet used by a label.
func nextLabel(labels []sgf.Label) string {
	for i := 0; ; i++ {
		l := sgf.VariationLabel(i)
		if !slices.ContainsFunc(labels, func(x sgf.Label) bool { return x.Text == l }) {
			return l
		}
	}
}

// save writes the collection back to its file, atomically, when the file
// on disk is still the one that was opened.
func (s *Server) save(d *document) (*editResult, error) {
	data, err := d.coll.Bytes()
	if err != nil {
		return nil, err
	}
	disk, err := d.rt.r.ReadFile(filepath.FromSlash(d.rel)) // whole, without the size limit
	if err != nil {
		return nil, refuse(http.StatusConflict, "not saved: the file cannot be read any more (%v); your edits are kept here", err)
	}
	if !bytes.Equal(disk, d.orig) {
		return nil, refuse(http.StatusConflict, "not saved: the file changed on disk since it was opened; your edits are kept here (download them)")
	}
	if bytes.Equal(data, d.orig) {
		return &editResult{Message: "nothing to save"}, nil
	}
	if err := writeAtomic(d.rt, d.rel, data); err != nil {
		return nil, refuse(http.StatusInternalServerError, "not saved: %v", err)
	}
	d.orig = data
	s.lib.refresh(d)
	return &editResult{Message: "saved"}, nil
}
