package sgf

import (
	"errors"
	"strconv"

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
	// KomiFromKI says that Komi is half the KI of an FF[1]-FF[3] file
	// (Smart Game Board's integer komi, twice the komi), which had no KM.
	KomiFromKI bool
	Handicap   int // HA

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
	// ErrValue and the error of package value. Error.Value is the value
	// decoded to UTF-8 from the game's charset (escapes kept).
	Errors []error
}

// Info returns the game information of the main line: from the first node
// of the main line that holds a game-info property (see Game.InfoNode).
func (g *Game) Info() GameInfo {
	root := g.Root()
	if root.IsZero() {
		return g.infoFrom(Node{})
	}
	// The root is the game-info node of most games: it is read once, as
	// if it were, and read again only if it is not.
	gi := GameInfo{Node: root, FF: 1, GameType: g.gm, Cols: g.cols, Rows: g.rows}
	r := infoReader{buf: make([]byte, 0, 256)}
	isInfo := false
	root.eachRaw(func(p rawProp) {
		isInfo = isInfo || isGameInfo(p.id)
		r.prop(g, &gi, p, true, true)
	})
	if isInfo {
		r.finish(&gi)
		return gi
	}
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
	var buf [32]rawProp
	var props []rawProp
	if root := g.Root(); !root.IsZero() {
		props = root.rawProps(buf[:0])
	}
	return g.infoProps(in, props)
}

// infoProps reads the GameInfo of the game-info node in, given the
// properties of the root.
func (g *Game) infoProps(in Node, rootProps []rawProp) GameInfo {
	gi := GameInfo{Node: in, FF: 1, GameType: g.gm}
	gi.Cols, gi.Rows = g.cols, g.rows
	r := infoReader{buf: make([]byte, 0, 256)}
	root := g.Root()
	for _, p := range rootProps {
		r.prop(g, &gi, p, true, in == root)
	}
	if !in.IsZero() && in != root {
		var buf [32]rawProp
		for _, p := range in.rawProps(buf[:0]) {
			r.prop(g, &gi, p, false, true)
		}
	}
	r.finish(&gi)
	return gi
}

// rawProp is a property of a node: its identifier as written and its
// first value, raw.
type rawProp struct{ id, first []byte }

// rawProps appends the properties of n to buf, in order.
func (n Node) rawProps(buf []rawProp) []rawProp {
	n.eachRaw(func(p rawProp) { buf = append(buf, p) })
	return buf
}

// eachRaw calls fn with each property of n, in order.
func (n Node) eachRaw(fn func(rawProp)) {
	t := n.g.tree
	if t.Modified() {
		for p := range n.n.Props() {
			fn(rawProp{p.ID, p.Value()})
		}
		return
	}
	s := syntax.NewPropScanner(n.n.SourceRest(), 0, t.LeadBytes())
	for id, _ := s.Next(); id != nil; id, _ = s.Next() {
		first, _ := s.First()
		fn(rawProp{id, first})
	}
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
// becomes one string at the end: one allocation for all the fields. The
// fields are named by number (infoPB, ...), not by pointer, so that the
// GameInfo stays on the stack.
type infoReader struct {
	buf   []byte
	ki    int // KI, when hasKI
	hasKI bool
	spans [numInfoFields]struct{ start, end int32 }
	set   [numInfoFields]bool
}

// The text fields of GameInfo.
const (
	infoPB = iota
	infoPW
	infoBR
	infoWR
	infoBT
	infoWT
	infoDT
	infoEV
	infoRO
	infoPC
	infoRU
	infoON
	infoKM
	infoRE
	infoTM
	infoOT
	infoSO
	infoCP
	infoAN
	infoUS
	infoGN
	infoGC
	infoAP
	infoAPVersion
	infoCA
	numInfoFields
)

// infoFields holds, at the property.Slot of each game-info property of
// a text field (infoPB to infoGC), the field's number plus 1; 0 elsewhere.
var infoFields = func() (t [property.Slots]int8) {
	ids := [infoGC + 1]string{"PB", "PW", "BR", "WR", "BT", "WT", "DT", "EV", "RO", "PC", "RU",
		"ON", "KM", "RE", "TM", "OT", "SO", "CP", "AN", "US", "GN", "GC"}
	for k, id := range ids {
		t[property.Slot(id)] = int8(k + 1)
	}
	return t
}()

// add appends the decoded text of raw for field k. A later value of the
// same field is joined to the earlier one.
func (r *infoReader) add(g *Game, k int, raw []byte, simple bool) {
	start := len(r.buf)
	if r.set[k] {
		// Written twice: the texts joined, as Node.Text joins them.
		sp := r.spans[k]
		r.buf = append(r.buf, r.buf[sp.start:sp.end]...)
		if simple {
			r.buf = append(r.buf, ' ')
		} else {
			r.buf = append(r.buf, "\n\n"...)
		}
	}
	if plainText(raw, simple) {
		r.buf = append(r.buf, raw...)
	} else if raw = g.utf8Raw(raw); simple {
		r.buf = value.AppendSimpleText(r.buf, raw)
	} else {
		r.buf = value.AppendText(r.buf, raw)
	}
	r.spans[k].start, r.spans[k].end, r.set[k] = int32(start), int32(len(r.buf)), true
}

// addUTF8 appends the SimpleText of raw, which is in UTF-8 already, for
// field k.
func (r *infoReader) addUTF8(k int, raw []byte) {
	start := len(r.buf)
	r.buf = value.AppendSimpleText(r.buf, raw)
	r.spans[k].start, r.spans[k].end, r.set[k] = int32(start), int32(len(r.buf)), true
}

func (r *infoReader) finish(gi *GameInfo) {
	if r.hasKI && !r.set[infoKM] {
		gi.Komi, gi.KomiFromKI = float64(r.ki)/2, true
	}
	all := string(r.buf)
	fields := [numInfoFields]*string{&gi.PlayerBlack, &gi.PlayerWhite, &gi.RankBlack, &gi.RankWhite,
		&gi.TeamBlack, &gi.TeamWhite, &gi.DateText, &gi.Event, &gi.Round, &gi.Place, &gi.Rules,
		&gi.Opening, &gi.KomiText, &gi.ResultText, &gi.TimeLimitText, &gi.Overtime, &gi.Source,
		&gi.Copyright, &gi.Annotator, &gi.User, &gi.GameName, &gi.GameComment, &gi.Application,
		&gi.ApplicationVersion, &gi.Charset}
	for k := range numInfoFields {
		if r.set[k] {
			*fields[k] = all[r.spans[k].start:r.spans[k].end]
		}
	}
}

// key2 packs an identifier of two letters.
func key2(a, b byte) uint16 { return uint16(a)<<8 | uint16(b) }

// bad records a value of property id that does not parse. The error
// quotes the value decoded from the game's charset (escapes kept), as
// every message quotes text.
func (gi *GameInfo) bad(g *Game, id string, raw []byte, err error) {
	gi.Errors = append(gi.Errors, newError("Info", id, g.utf8Raw(raw), ErrValue, err))
}

// prop reads one property of the root (isRoot) or of the game-info node
// (isInfo), or both.
func (r *infoReader) prop(g *Game, gi *GameInfo, p rawProp, isRoot, isInfo bool) {
	{
		id := p.id
		if len(id) > 2 {
			id = []byte(property.Canonical(p.id))
		}
		if len(id) != 2 {
			return
		}
		key := key2(id[0], id[1])
		raw := p.first
		if isRoot {
			switch key {
			case key2('A', 'P'):
				// Decoded before it is split (a ":" may be the second
				// byte of a character), so each side is UTF-8 already.
				name, version, _ := value.SplitCompose(g.utf8Raw(raw))
				r.addUTF8(infoAP, name)
				r.addUTF8(infoAPVersion, version)
			case key2('C', 'A'):
				r.add(g, infoCA, raw, true)
			case key2('S', 'Z'):
				// Cols and Rows are the game's (the default where SZ
				// does not parse); a bad SZ is reported here.
				cols, rows, err := value.ParseSize(raw)
				if err == nil && g.gm == GameGo && (cols < 1 || rows < 1 || cols > value.MaxBoard || rows > value.MaxBoard) {
					err = &value.Error{Type: "Size", Value: string(raw[:min(len(raw), 64)]), Err: value.ErrRange}
				}
				if err != nil {
					gi.bad(g, "SZ", raw, err)
				}
			case key2('F', 'F'):
				// Reported when it is no Number, and read as boardOf
				// reads GM and SZ: white space removed (Value.Number).
				if _, err := value.ParseNumber(raw); err != nil {
					gi.bad(g, "FF", raw, err)
				}
				if v, ok := readNumber(raw); ok {
					gi.FF = v
				}
			}
		}
		if !isInfo {
			return
		}
		k := -1
		if s := property.Slot(id); s >= 0 {
			k = int(infoFields[s]) - 1
		}
		switch k {
		case infoGC:
			r.add(g, infoGC, raw, false)
			k = -1
		case infoDT, infoRE, infoKM, infoTM:
			if r.set[k] {
				// Written twice: the first one counts, as Node.Get reads.
				return
			}
			k = -1 // added below
		}
		// The typed values are read from the value as written, its
		// escapes removed once, as sgf.Decoder and sgf check read them
		// (Value.Date, Value.Result): the text fields hold the
		// SimpleText, which is not read again (RE[B+\\R] is the text
		// "B+\R", no result).
		switch key {
		case key2('D', 'T'):
			r.add(g, infoDT, raw, true)
			if d, err := (&Value{Raw: raw}).Date(); err == nil {
				gi.Date = d
			} else {
				gi.bad(g, "DT", raw, err)
			}
		case key2('R', 'E'):
			// "draw", "b+r": the forms of FF[4] with slips of case.
			r.add(g, infoRE, raw, true)
			if v, err := value.ParseResultAnyCase(raw); err == nil {
				gi.Result = v
			} else {
				gi.bad(g, "RE", raw, err)
			}
		case key2('K', 'M'):
			r.add(g, infoKM, raw, true)
			if v, ok := fastReal(raw); ok {
				gi.Komi = v
			} else {
				if _, err := value.ParseReal(raw); err != nil {
					gi.bad(g, "KM", raw, err)
				}
				// as sgf check corrects it without loss (C03)
				if v, ok := readReal(raw); ok {
					gi.Komi = v
				}
			}
		case key2('T', 'M'):
			r.add(g, infoTM, raw, true)
			if v, err := value.ParseTime(raw); err == nil {
				gi.TimeLimit = v
			} else {
				gi.bad(g, "TM", raw, err)
				// as sgf check corrects it (C03, value.FixTime: TM[9
				// hours] is 32400), as KM is read
				if v, ok := readTime(raw); ok {
					gi.TimeLimit = v
				}
			}
		// KI and HA are read as sgf check reads them: a number written
		// with white space around it ("HA[ 2 ]", no Number) is the number
		// check corrects it to (C03); HA is reported too.
		case key2('K', 'I'):
			if v, ok := readNumber(raw); ok {
				r.ki, r.hasKI = v, true
			}
		case key2('H', 'A'):
			if v, err := value.ParseHandicap(raw); err == nil {
				gi.Handicap = v
			} else {
				gi.bad(g, "HA", raw, err)
				if v, ok := readNumber(raw); ok && v >= 0 {
					gi.Handicap = v
				}
			}
		}
		if k >= 0 {
			r.add(g, k, raw, true)
		}
	}
}

// ResultString returns the result as FF[4] writes it ("B+R", "0", "W+3.5")
// when RE was read, else RE's text as written ("" without RE).
func (gi GameInfo) ResultString() string {
	if gi.Result.Kind != 0 {
		return gi.Result.String()
	}
	return gi.ResultText
}

// KomiSource says how [GameInfo.ProducerKomi] read the komi.
type KomiSource uint8

// The sources of a komi.
const (
	KomiNone    KomiSource = iota // no KM (nor KI): komi 0
	KomiKM                        // KM as FF[4] reads it, in points
	KomiKI                        // half of FF[1]-FF[3]'s KI (KomiFromKI)
	KomiFoxKM                     // KM in hundredths, as Fox writes it (KM[750] is 7.5)
	KomiInvalid                   // a KM that does not parse: komi 0
)

var komiSourceNames = [...]string{"none", "KM", "KI", "Fox KM in hundredths", "invalid KM"}

func (s KomiSource) String() string {
	if int(s) < len(komiSourceNames) {
		return komiSourceNames[s]
	}
	return "KomiSource(" + strconv.Itoa(int(s)) + ")"
}

// ProducerKomi returns the komi in points read the way the program that
// wrote the game meant it, and how it was read. Fox (AP[YuanYu]) writes
// komi in hundredths, and a KM of 50 or more in size that is a multiple
// of 25 is read so whatever the AP: KM[750] is 7.5 points
// (under Chinese rules, RU, KM[375] in quarters is 7.5 points too). It is
// the rule of package check's fox quirk (check.FoxKomi), which sgf fix
// writes as KM[7.5]. Komi keeps KM as FF[4] reads it.
func (gi GameInfo) ProducerKomi() (float64, KomiSource) {
	if gi.KomiFromKI {
		return gi.Komi, KomiKI
	}
	if gi.KomiText == "" {
		return 0, KomiNone
	}
	if v, ok := value.ParseFoxKomi([]byte(gi.KomiText), value.ChineseRules([]byte(gi.Rules))); ok {
		return v, KomiFoxKM
	}
	for _, err := range gi.Errors {
		var e *Error
		if errors.As(err, &e) && e.Prop == "KM" {
			return 0, KomiInvalid
		}
	}
	return gi.Komi, KomiKM
}
