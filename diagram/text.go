package diagram

import (
	"strconv"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/value"
)

// nodeText returns the text of node n: its comment, name, annotations and
// the game information of its game.
func nodeText(n sgf.Node) Text {
	var t Text
	if n.IsZero() {
		return t
	}
	t.Comment = n.Comment()
	t.NodeName = n.Name()
	t.Annotations = Annotations(n.Annotations())
	t.Info = InfoFields(n.Info())
	return t
}

// Annotations returns the annotations as words, in the order GB GW DM UC
// HO TE BM DO IT V: "good for Black", "very good for White", "even
// position", "unclear position", "hotspot", "tesuji", "bad move",
// "doubtful move", "interesting move", "value 3.5". A Double of 2 (GB[2])
// is "very ..."; DM[2] is "even position (very)".
func Annotations(a sgf.Annotations) []string {
	var w []string
	add := func(d value.Double, s string) {
		switch d {
		case 0:
		case value.Emphasized:
			w = append(w, "very "+s)
		default:
			w = append(w, s)
		}
	}
	add(a.GoodForBlack, "good for Black")
	add(a.GoodForWhite, "good for White")
	switch a.Even {
	case 0:
	case value.Emphasized:
		w = append(w, "even position (very)")
	default:
		w = append(w, "even position")
	}
	add(a.Unclear, "unclear position")
	add(a.Hotspot, "hotspot")
	add(a.Tesuji, "tesuji")
	add(a.Bad, "bad move")
	if a.Doubtful {
		w = append(w, "doubtful move")
	}
	if a.Interesting {
		w = append(w, "interesting move")
	}
	if a.HasValue {
		w = append(w, "value "+strconv.FormatFloat(a.Value, 'f', -1, 64))
	}
	return w
}

// InfoFields returns the game information worth printing over a diagram:
// Game (GN), Black (PB with BR), White (PW with WR), Event (EV with RO),
// Date (DT), Place (PC), Result (RE), Komi (KM), Handicap (HA), Rules (RU),
// Source (SO); only those the game has.
func InfoFields(gi sgf.GameInfo) []Field {
	var f []Field
	add := func(name, v string) {
		if v != "" {
			f = append(f, Field{name, v})
		}
	}
	player := func(name, rank string) string {
		if rank != "" && name != "" {
			return name + " " + rank
		}
		return name
	}
	add("Game", gi.GameName)
	add("Black", player(gi.PlayerBlack, gi.RankBlack))
	add("White", player(gi.PlayerWhite, gi.RankWhite))
	ev := gi.Event
	if gi.Round != "" {
		if ev != "" {
			ev += ", "
		}
		ev += "round " + gi.Round
	}
	add("Event", ev)
	add("Date", gi.DateText)
	add("Place", gi.Place)
	add("Result", gi.ResultText)
	add("Komi", gi.KomiText)
	if gi.Handicap > 0 {
		add("Handicap", strconv.Itoa(gi.Handicap))
	}
	add("Rules", gi.Rules)
	add("Source", gi.Source)
	return f
}
