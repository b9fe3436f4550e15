package sgf

import (
	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/syntax"
	"github.com/sgf-toolkit/sgf/value"
)

// GameInfo is the game information of a game: the game-info properties of
// its game-info node, decoded to UTF-8, and the root properties that
// describe the game (AP, CA, FF, GM, SZ).
//
// Values that do not parse keep their text (DateText, ResultText, ...)
// and add an error to Errors; the typed field is then left at its zero
// value.
type GameInfo struct {
	// Node is the game-info node; the zero Node when the game has none.
	Node Node

	PlayerBlack, PlayerWhite string // PB, PW
	RankBlack, RankWhite     string // BR, WR
	TeamBlack, TeamWhite     string // BT, WT

	Date     value.Date // DT
	DateText string

	Event, Round, Place, Rules string // EV, RO, PC, RU
	Opening                    string // ON

	Komi     float64 // KM
	KomiText string
	Handicap int // HA

	Result     value.Result // RE
	ResultText string

	TimeLimit     float64 // TM, in seconds
	TimeLimitText string
	Overtime      string // OT

	Source, Copyright, Annotator, User string // SO, CP, AN, US
	GameName, GameComment              string // GN, GC

	Application, ApplicationVersion string // AP, from the root
	Charset                         string // CA as written, from the root
	Cols, Rows                      int    // SZ (the defaults when missing)
	GameType                        int    // GM (1 when missing)
	FF                              int    // FF (1, the default, when missing)

	// Errors are the values that did not parse, as *Error wrapping
	// ErrValue and the error of package value.
	Errors []error
}

// Info returns the game information of the main line: from the first node
// of the main line that holds a game-info property (see Game.InfoNode).
func (g *Game) Info() GameInfo {
	root := g.Root()
	if root.IsZero() {
		return g.infoFrom(Node{})
	}
	// The root is the game-info node of most games: it is read once.
	var buf [32]syntax.Property
	props := root.n.AppendProps(buf[:0])
	for _, p := range props {
		if isGameInfo(p.ID) {
			return g.infoProps(root, props)
		}
	}
	n, _ := g.InfoNode()
	return g.infoProps(n, props)
}

// Info returns the game information that applies at n: from the game-info
// node on the path to n (see Node.InfoNode). It is the zero GameInfo for
// the zero Node.
func (n Node) Info() GameInfo {
	if n.IsZero() {
		return GameInfo{}
	}
	in, _ := n.InfoNode()
	return n.g.infoFrom(in)
}

func (g *Game) infoFrom(in Node) GameInfo {
	var buf [32]syntax.Property
	var props []syntax.Property
	if root := g.Root(); !root.IsZero() {
		props = root.n.AppendProps(buf[:0])
	}
	return g.infoProps(in, props)
}

// infoProps reads the GameInfo of the game-info node in, given the
// properties of the root.
func (g *Game) infoProps(in Node, rootProps []syntax.Property) GameInfo {
	gi := GameInfo{Node: in, FF: 1, GameType: g.gm}
	gi.Cols, gi.Rows = g.cols, g.rows
	r := infoReader{buf: make([]byte, 0, 512)}
	root := g.Root()
	for _, p := range rootProps {
		r.prop(g, &gi, p, true, in == root)
	}
	if !in.IsZero() && in != root {
		for p := range in.n.Props() {
			r.prop(g, &gi, p, false, true)
		}
	}
	r.finish()
	return gi
}

// isGameInfo reports whether an identifier as written is a game-info
// property.
func isGameInfo(id []byte) bool {
	info, ok := property.LookupBytes(id)
	if !ok && len(id) > 2 {
		info, ok = property.Lookup(property.Canonical(id))
	}
	return ok && info.Kind == property.KindGameInfo
}

// infoReader gathers the texts of a GameInfo in one buffer, which
// becomes one string at the end: one allocation for all the fields.
type infoReader struct {
	buf    []byte
	fields [32]infoField
	n      int
}

type infoField struct {
	dst        *string
	start, end int
}

// add appends the decoded text of raw for *dst and returns it.
func (r *infoReader) add(g *Game, dst *string, raw []byte, simple bool) []byte {
	start := len(r.buf)
	if plainText(raw, simple) {
		r.buf = append(r.buf, raw...)
	} else if raw = g.utf8Raw(raw); simple {
		r.buf = value.AppendSimpleText(r.buf, raw)
	} else {
		r.buf = value.AppendText(r.buf, raw)
	}
	if r.n < len(r.fields) {
		r.fields[r.n] = infoField{dst, start, len(r.buf)}
		r.n++
	} else {
		*dst = string(r.buf[start:])
	}
	return r.buf[start:]
}

func (r *infoReader) finish() {
	all := string(r.buf)
	for _, f := range r.fields[:r.n] {
		*f.dst = all[f.start:f.end]
	}
}

// key2 packs an identifier of two letters.
func key2(a, b byte) uint16 { return uint16(a)<<8 | uint16(b) }

func (gi *GameInfo) bad(id string, raw []byte, err error) {
	gi.Errors = append(gi.Errors, newError("Info", id, raw, ErrValue, err))
}

// prop reads one property of the root (isRoot) or of the game-info node
// (isInfo), or both.
func (r *infoReader) prop(g *Game, gi *GameInfo, p syntax.Property, isRoot, isInfo bool) {
	{
		id := p.ID
		if len(id) > 2 {
			id = []byte(property.Canonical(p.ID))
		}
		if len(id) != 2 {
			return
		}
		k := key2(id[0], id[1])
		raw := p.Value()
		if isRoot {
			switch k {
			case key2('A', 'P'):
				name, version, _ := value.SplitCompose(g.utf8Raw(raw))
				r.add(g, &gi.Application, name, true)
				r.add(g, &gi.ApplicationVersion, version, true)
			case key2('C', 'A'):
				r.add(g, &gi.Charset, raw, true)
			case key2('F', 'F'):
				if v, err := value.ParseNumber(raw); err == nil {
					gi.FF = v
				} else {
					gi.bad("FF", raw, err)
				}
			}
		}
		if !isInfo {
			return
		}
		var dst *string
		switch k {
		case key2('P', 'B'):
			dst = &gi.PlayerBlack
		case key2('P', 'W'):
			dst = &gi.PlayerWhite
		case key2('B', 'R'):
			dst = &gi.RankBlack
		case key2('W', 'R'):
			dst = &gi.RankWhite
		case key2('B', 'T'):
			dst = &gi.TeamBlack
		case key2('W', 'T'):
			dst = &gi.TeamWhite
		case key2('E', 'V'):
			dst = &gi.Event
		case key2('R', 'O'):
			dst = &gi.Round
		case key2('P', 'C'):
			dst = &gi.Place
		case key2('R', 'U'):
			dst = &gi.Rules
		case key2('O', 'N'):
			dst = &gi.Opening
		case key2('O', 'T'):
			dst = &gi.Overtime
		case key2('S', 'O'):
			dst = &gi.Source
		case key2('C', 'P'):
			dst = &gi.Copyright
		case key2('A', 'N'):
			dst = &gi.Annotator
		case key2('U', 'S'):
			dst = &gi.User
		case key2('G', 'N'):
			dst = &gi.GameName
		case key2('G', 'C'):
			r.add(g, &gi.GameComment, raw, false)
		case key2('D', 'T'):
			if d, err := value.ParseDate(r.add(g, &gi.DateText, raw, true)); err == nil {
				gi.Date = d
			} else {
				gi.bad("DT", raw, err)
			}
		case key2('R', 'E'):
			if v, err := value.ParseResult(r.add(g, &gi.ResultText, raw, true)); err == nil {
				gi.Result = v
			} else {
				gi.bad("RE", raw, err)
			}
		case key2('K', 'M'):
			t := r.add(g, &gi.KomiText, raw, true)
			if v, ok := fastReal(t); ok {
				gi.Komi = v
			} else if v, err := value.ParseReal(t); err == nil {
				gi.Komi = v
			} else {
				gi.bad("KM", raw, err)
			}
		case key2('T', 'M'):
			if v, err := value.ParseTime(r.add(g, &gi.TimeLimitText, raw, true)); err == nil {
				gi.TimeLimit = v
			} else {
				gi.bad("TM", raw, err)
			}
		case key2('H', 'A'):
			if v, err := value.ParseHandicap(raw); err == nil {
				gi.Handicap = v
			} else {
				gi.bad("HA", raw, err)
			}
		}
		if dst != nil {
			r.add(g, dst, raw, true)
		}
	}
}
