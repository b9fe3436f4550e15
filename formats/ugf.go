package formats

import (
	"math"
	"strconv"
	"strings"

	"github.com/sgf-toolkit/sgf/value"
)

// A UGF file (PandaNet; extensions .ugf and .ugi) is made of sections,
// each started by a line "[Name]"; "#" lines before the first are
// comments. [Header] holds "Key=value" lines (Title, Place, Date,
// PlayerB and PlayerW as "name,rank,...", Size, Hdcp as "handicap,komi",
// Winner as "B,5.5", "W,C" (resignation), "B,F", "D", "N", Rule,
// CoordinateType, Writer, Commentator, Copyright, Comment, Ptime, Lang).
// [Data] holds one move a line, "QD,B1,12,30": the point (column, row,
// letters from A), colour and player number, move number (0 for the
// handicap stones placed before the game) and seconds used. Rows count
// from the top, or from the bottom when CoordinateType is IGS; a column
// Y or Z (YA, YR, ZZ, ...) is a pass. [Figure] holds comments and labels
// of moves: ".Text,n" to ".EndText" is the comment of move n (0 for the
// game), ".#,x,y,label" a label at column x, row y (from 1) of the move
// being commented; ".Fig" to ".EndFig" is a diagram, written as a game
// tree of its own after the game.

// ugfMapped are the header keys an SGF property holds in full.
var ugfMapped = map[string]bool{
	"Place": true, "Size": true, "Writer": true, "Commentator": true, "Copyright": true, "Comment": true,
}

type ugfData struct {
	l     line
	x, y  byte
	color byte
	num   int
}

func readUGF(r *reader) {
	g := r.g
	section := ""
	sawHeader := false
	hdr := map[string]line{}
	var keys []string
	var data []ugfData
	var fig []line
	for _, l := range r.lines {
		t := strings.TrimSpace(l.text)
		if t == "" {
			continue
		}
		if section == "" && t[0] == '#' {
			continue
		}
		if t[0] == '[' && t[len(t)-1] == ']' && !strings.Contains(t, "=") {
			section = strings.ToLower(t[1 : len(t)-1])
			if section == "header" {
				sawHeader = true
			} else if !sawHeader {
				r.notFormat(l, "the first section is %s, not [Header]", clip(t))
				return
			}
			continue
		}
		switch section {
		case "":
			r.notFormat(l, "no [Header] section at the start (found %q)", clip(t))
			return
		case "header", "remote":
			k, _, ok := strings.Cut(t, "=")
			if !ok {
				r.unread(l, "header line without \"=\": %q, left out", clip(t))
				continue
			}
			if section == "remote" {
				k = "Remote." + k
			}
			if _, dup := hdr[k]; !dup {
				keys = append(keys, k)
			}
			hdr[k] = l
		case "data":
			if d, ok := ugfMove(r, l, t); ok {
				data = append(data, d)
			}
		case "figure":
			fig = append(fig, l)
		default:
			// [Files] (pictures), [MessageLine], [ReviewNode], ...: not game
			// information; kept out of the SGF
		}
	}
	if !sawHeader {
		r.notFormat(r.lastLine(), "no [Header] section")
		return
	}
	val := func(k string) (string, line, bool) {
		l, ok := hdr[k]
		if !ok {
			return "", line{}, false
		}
		_, v, _ := strings.Cut(strings.TrimSpace(l.text), "=")
		return strings.TrimSpace(v), l, true
	}
	// size and coordinates first: the moves depend on them
	if v, l, ok := val("Size"); ok {
		if n, ok := atoi(v); ok && n >= 2 && n <= value.MaxBoard {
			g.size = n
		} else {
			r.unread(l, "board size %q is no size from 2 to 52: 19 used", clip(v))
		}
	}
	igs := false
	if v, l, ok := val("CoordinateType"); ok {
		switch strings.ToUpper(v) {
		case "IGS":
			igs = true
		case "JPN", "":
		default:
			r.guess(l, "coordinate type %q unknown: rows read from the top, as JPN", clip(v))
		}
	}
	ugfHeader(r, val)
	ugfMoves(r, data, igs)
	ugfFigure(r, fig, igs)
	for _, k := range keys {
		if ugfMapped[k] {
			continue
		}
		v, _, _ := val(k)
		g.keep(k, v)
	}
}

// ugfMove reads one line of [Data].
func ugfMove(r *reader, l line, t string) (ugfData, bool) {
	f := fields(t)
	if len(f) < 3 || len(f[0]) != 2 || len(f[1]) < 1 {
		r.unread(l, "no move line (point,colour,number,...): %q, left out", clip(t))
		return ugfData{}, false
	}
	x, y := f[0][0], f[0][1]
	if x < 'A' || x > 'Z' || y < 'A' || y > 'Z' {
		r.unread(l, "point %q is not two letters A-Z: left out", f[0])
		return ugfData{}, false
	}
	c := f[1][0]
	if c != 'B' && c != 'W' {
		r.unread(l, "move of colour %q, not B or W: left out", f[1])
		return ugfData{}, false
	}
	n, ok := atoi(f[2])
	if !ok || n < 0 {
		r.unread(l, "move number %q is no number: left out", f[2])
		return ugfData{}, false
	}
	return ugfData{l: l, x: x, y: y, color: c, num: n}, true
}

// ugfPoint turns a UGF point into an SGF one; pass for columns Y and Z.
func ugfPoint(x, y byte, size int, igs bool) (p value.Point, pass, ok bool) {
	if x == 'Y' || x == 'Z' {
		if size < 25 {
			return value.Point{}, true, true
		}
	}
	p = value.Point{X: int(x - 'A'), Y: int(y - 'A')}
	if igs {
		p.Y = size - 1 - p.Y
	}
	return p, false, p.In(size, size)
}

func ugfMoves(r *reader, data []ugfData, igs bool) {
	g := r.g
	var setup []value.Point
	for _, d := range data {
		p, pass, ok := ugfPoint(d.x, d.y, g.size, igs)
		if d.num == 0 {
			if pass || !ok {
				r.unread(d.l, "handicap stone %c%c off the %dx%d board: left out", d.x, d.y, g.size, g.size)
				continue
			}
			if d.color != 'B' {
				r.unread(d.l, "a white stone placed before the game: left out (only black handicap stones are read)")
				continue
			}
			setup = append(setup, p)
			continue
		}
		if !pass && !ok {
			r.unread(d.l, "move %c%c off the %dx%d board: read as a pass", d.x, d.y, g.size, g.size)
			pass = true
		}
		if pass {
			p = value.Point{}
		}
		if want := len(g.nodes) + 1; d.num != want {
			r.guess(d.l, "move number %d where %d was expected: read in the order of the file", d.num, want)
		}
		g.move(d.color, p, pass)
	}
	if len(setup) > 0 {
		// the file's own handicap stones replace the standard ones
		g.ab, g.pl = setup, 'W'
		if len(setup) >= 2 {
			g.set("HA", strconv.Itoa(len(setup)))
		}
	}
}

// ugfRules are the rules of Rule's codes.
var ugfRules = map[string]string{"JPN": "Japanese", "CHN": "Chinese", "KOR": "Korean"}

// ugfHeader turns the [Header] values into game information.
func ugfHeader(r *reader, val func(string) (string, line, bool)) {
	g := r.g
	if v, _, ok := val("Title"); ok {
		var parts []string
		for _, f := range fields(v) {
			if f != "" {
				parts = append(parts, f)
			}
		}
		g.set("EV", strings.Join(parts, ", "))
	}
	if v, _, ok := val("Place"); ok {
		g.set("PC", v)
	}
	for _, c := range []string{"B", "W"} {
		v, _, ok := val("Player" + c)
		if !ok {
			continue
		}
		f := fields(v)
		g.set("P"+c, f[0])
		if len(f) > 1 && f[1] != "" {
			rank, _ := normRank(f[1])
			g.set(c+"R", rank)
		}
	}
	if v, l, ok := val("Date"); ok && v != "" {
		ugfDate(r, l, v)
	}
	if v, _, ok := val("Rule"); ok {
		if rules, ok := ugfRules[strings.ToUpper(v)]; ok {
			v = rules
		}
		g.set("RU", v)
	}
	if v, l, ok := val("Hdcp"); ok {
		f := fields(v)
		if h, ok := atoi(f[0]); ok && h >= 0 {
			if h >= 2 {
				g.set("HA", strconv.Itoa(h))
				if !g.handicap(h) {
					r.unread(l, "handicap %d has no standard places on a %dx%d board: no stones placed", h, g.size, g.size)
				}
			}
		} else {
			r.unread(l, "handicap %q is no number", clip(f[0]))
		}
		if len(f) > 1 && f[1] != "" {
			k, err := strconv.ParseFloat(f[1], 64)
			if err != nil || math.IsNaN(k) || math.IsInf(k, 0) {
				r.unread(l, "komi %q is no number: no KM written", clip(f[1]))
			} else {
				g.setKomi(k)
			}
		}
	}
	if v, l, ok := val("Winner"); ok && v != "" {
		if res, ok := ugfResult(v); ok {
			g.setResult(res)
		} else {
			r.guess(l, "result Winner=%s not understood: no RE written (kept in XH)", clip(v))
		}
	}
	for _, f := range [...][2]string{{"Writer", "US"}, {"Commentator", "AN"}, {"Copyright", "CP"}, {"Comment", "GC"}} {
		if v, _, ok := val(f[0]); ok {
			g.set(f[1], v)
		}
	}
	if v, l, ok := val("Ptime"); ok {
		// "x;minutes;..." (read as sgfutils' ugi2sgf reads it)
		if _, rest, ok := strings.Cut(v, ";"); ok {
			m, _, _ := strings.Cut(rest, ";")
			if n, ok := atoi(m); ok && n > 0 {
				g.set("TM", strconv.Itoa(n*60))
				r.guess(l, "time Ptime=%s read as %d minutes each", clip(v), n)
			}
		}
	}
}

// ugfResult reads Winner: "B,5.5", "W,C" (resignation: chūoshi), "B,F",
// "B,T"; "D" draw; "N" no result.
func ugfResult(v string) (value.Result, bool) {
	f := fields(v)
	switch strings.ToUpper(f[0]) {
	case "D":
		return value.Result{Kind: value.ResultDraw}, true
	case "N":
		return value.Result{Kind: value.ResultVoid}, true
	case "B", "W":
	default:
		return value.Result{}, false
	}
	r := value.Result{Kind: value.ResultWin, Winner: value.Color(strings.ToUpper(f[0])[0])}
	if len(f) < 2 || f[1] == "" {
		return r, true
	}
	switch strings.ToUpper(f[1]) {
	case "C", "R":
		r.By = value.ByResign
	case "T":
		r.By = value.ByTime
	case "F":
		r.By = value.ByForfeit
	default:
		s, err := strconv.ParseFloat(f[1], 64)
		if err != nil || !(s >= 0) || math.IsInf(s, 0) {
			return value.Result{}, false
		}
		r.By, r.Score = value.ByScore, s
	}
	return r, true
}

// ugfDate reads "2000/06/21,10:00,2000/06/22,17:00" (start and end).
func ugfDate(r *reader, l line, v string) {
	f := fields(v)
	var parts value.Date
	for i := 0; i < len(f); i += 2 {
		n := numbers(f[i])
		if len(n) != 3 {
			continue
		}
		if _, ok := dateYMD(n[0], n[1], n[2]); !ok {
			continue
		}
		p := value.DatePart{Year: n[0], Month: n[1], Day: n[2]}
		if len(parts) == 0 || parts[len(parts)-1] != p {
			parts = append(parts, p)
		}
	}
	if len(parts) == 0 {
		r.guess(l, "date %q not understood: no DT written (kept in XH)", clip(v))
		return
	}
	r.g.set("DT", parts.String())
}

// ugfFigure reads [Figure]: the comments and labels of the game's moves
// (".Text,n" to ".EndText"), and the diagrams (".Fig,n,x1,y1,x2,y2,title,
// serial,0" to ".EndFig": stones placed as move 0, then moves from 1, each
// ".Text" to ".EndText" the comment of the move before it), each written
// as a game tree of its own after the game, with GN naming the figure and
// the move it is about.
func ugfFigure(r *reader, fig []line, igs bool) {
	g := r.g
	target := -1 // node of the comment being read: 0 the root, n move n; -2 none
	var fg *game // the figure being read
	figText := false
	for _, l := range fig {
		t := strings.TrimRight(l.text, " \t")
		if fg != nil {
			switch {
			case strings.HasPrefix(t, ".EndFig"):
				g.extra = append(g.extra, fg)
				fg, figText = nil, false
			case strings.HasPrefix(t, ".EndText"):
				figText = false
			case strings.HasPrefix(t, ".Text"):
				figText = true
			case figText:
				ugfText(r, fg, len(fg.nodes), l, t, igs)
			default:
				d, ok := ugfMove(r, l, strings.TrimSpace(t))
				if !ok {
					continue
				}
				p, pass, on := ugfPoint(d.x, d.y, fg.size, igs)
				switch {
				case !pass && !on:
					r.unread(l, "figure move %c%c off the %dx%d board: left out", d.x, d.y, fg.size, fg.size)
				case d.num == 0 && pass:
					r.unread(l, "figure stone %c%c is no point: left out", d.x, d.y)
				case d.num == 0 && d.color == 'B':
					fg.ab = append(fg.ab, p)
				case d.num == 0:
					fg.aw = append(fg.aw, p)
				default:
					if pass {
						p = value.Point{}
					}
					fg.move(d.color, p, pass)
				}
			}
			continue
		}
		switch {
		case strings.HasPrefix(t, ".Fig"):
			f := fields(t)
			fg = &game{size: g.size}
			name := "Figure"
			if len(f) > 6 && f[6] != "" {
				name = f[6]
			}
			if len(f) > 7 && f[7] != "" {
				name += " " + f[7]
			}
			if len(f) > 1 && f[1] != "" {
				name += ", move " + f[1]
			}
			fg.set("GN", name)
			fg.keep("Fig", strings.TrimPrefix(strings.TrimPrefix(t, ".Fig"), ","))
			continue
		case strings.HasPrefix(t, ".Text"):
			f := fields(t)
			n := -1
			if len(f) > 1 {
				n, _ = atoi(f[1])
			}
			if n < 0 || n > len(g.nodes) {
				r.unread(l, "comment for move %q, which the game does not have: left out", clip(strings.Join(f[1:], ",")))
				target = -2
				continue
			}
			target = n
			continue
		case strings.HasPrefix(t, ".EndText"):
			target = -1
			continue
		}
		if target == -2 {
			continue
		}
		if target < 0 {
			r.unread(l, "figure line outside .Text and .Fig: %q, left out", clip(t))
			continue
		}
		ugfText(r, g, target, l, t, igs)
	}
	if fg != nil {
		r.unread(r.lastLine(), "figure without .EndFig (cut short?): kept as read")
		g.extra = append(g.extra, fg)
	}
}

// ugfText adds a line of a .Text section to node n of g (0 the root): a
// label (".#,x,y,text", x and y from 1) or a line of the comment.
func ugfText(r *reader, g *game, n int, l line, t string, igs bool) {
	if strings.HasPrefix(t, ".#,") {
		f := fields(t[3:])
		x, ok1 := atoi(f[0])
		y, ok2 := 0, false
		if len(f) > 1 {
			y, ok2 = atoi(f[1])
		}
		if !ok1 || !ok2 || len(f) < 3 || f[2] == "" {
			r.unread(l, "label %q is not x,y,text: left out", clip(t))
			return
		}
		p := value.Point{X: x - 1, Y: y - 1}
		if igs {
			p.Y = g.size - y
		}
		if !p.In(g.size, g.size) {
			r.unread(l, "label at (%d, %d) off the board: left out", x, y)
			return
		}
		lb := label{p: p, text: strings.Join(f[2:], ",")}
		if n == 0 {
			g.rootLabels = append(g.rootLabels, lb)
		} else {
			g.nodes[n-1].labels = append(g.nodes[n-1].labels, lb)
		}
		return
	}
	c := &g.rootComment
	if n > 0 {
		c = &g.nodes[n-1].comment
	}
	if *c != "" {
		*c += "\n"
	}
	*c += t
}
