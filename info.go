package sgf

import (
	"github.com/sgf-toolkit/sgf/property"
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
	n, _ := g.InfoNode()
	return g.infoFrom(n)
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
	gi := GameInfo{Node: in, FF: 1, GameType: g.gm}
	gi.Cols, gi.Rows = g.cols, g.rows
	root := g.Root()
	if !root.IsZero() {
		g.readInfo(&gi, root, true)
	}
	if !in.IsZero() && in != root {
		g.readInfo(&gi, in, false)
	}
	return gi
}

func (g *Game) readInfo(gi *GameInfo, n Node, isRoot bool) {
	bad := func(id string, raw []byte, err error) {
		gi.Errors = append(gi.Errors, newError("Info", id, raw, ErrValue, err))
	}
	for p := range n.n.Props() {
		id := string(p.ID)
		if len(id) > 2 {
			id = property.Canonical(p.ID)
		}
		raw := p.Value()
		if isRoot {
			switch id {
			case "AP":
				name, version, _ := value.SplitCompose(g.utf8Raw(raw))
				gi.Application = string(value.SimpleText(name))
				gi.ApplicationVersion = string(value.SimpleText(version))
			case "CA":
				gi.Charset = string(value.SimpleText(raw))
			case "FF":
				if v, err := value.ParseNumber(raw); err == nil {
					gi.FF = v
				} else {
					bad(id, raw, err)
				}
			}
		}
		if n != gi.Node {
			continue
		}
		text := func() string { return g.text(raw, true) }
		switch id {
		case "PB":
			gi.PlayerBlack = text()
		case "PW":
			gi.PlayerWhite = text()
		case "BR":
			gi.RankBlack = text()
		case "WR":
			gi.RankWhite = text()
		case "BT":
			gi.TeamBlack = text()
		case "WT":
			gi.TeamWhite = text()
		case "EV":
			gi.Event = text()
		case "RO":
			gi.Round = text()
		case "PC":
			gi.Place = text()
		case "RU":
			gi.Rules = text()
		case "ON":
			gi.Opening = text()
		case "OT":
			gi.Overtime = text()
		case "SO":
			gi.Source = text()
		case "CP":
			gi.Copyright = text()
		case "AN":
			gi.Annotator = text()
		case "US":
			gi.User = text()
		case "GN":
			gi.GameName = text()
		case "GC":
			gi.GameComment = g.text(raw, false)
		case "DT":
			gi.DateText = text()
			if d, err := value.ParseDate([]byte(gi.DateText)); err == nil {
				gi.Date = d
			} else {
				bad(id, raw, err)
			}
		case "RE":
			gi.ResultText = text()
			if r, err := value.ParseResult([]byte(gi.ResultText)); err == nil {
				gi.Result = r
			} else {
				bad(id, raw, err)
			}
		case "KM":
			gi.KomiText = text()
			if v, err := value.ParseReal([]byte(gi.KomiText)); err == nil {
				gi.Komi = v
			} else {
				bad(id, raw, err)
			}
		case "TM":
			gi.TimeLimitText = text()
			if v, err := value.ParseTime([]byte(gi.TimeLimitText)); err == nil {
				gi.TimeLimit = v
			} else {
				bad(id, raw, err)
			}
		case "HA":
			if v, err := value.ParseHandicap(raw); err == nil {
				gi.Handicap = v
			} else {
				bad(id, raw, err)
			}
		}
	}
}
