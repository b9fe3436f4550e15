package formats

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sgf-toolkit/sgf/value"
)

// A GIB file (Tygem) has a header of "\[KEY=value\]" lines between "\HS"
// and "\HE", and the game between "\GS" and "\GE": "INI 0 1 h &4" gives
// the handicap h, "STO 0 n c x y" a stone of colour c (1 black, 2 white)
// at column x, row y, both from 0 at the top left; "SKI 0 n" is a pass.
//
// Two generations of header are read. The old one has GAMEBLACKNAME
// ("name (4D)"), GAMEWHITENAME, GAMERESULT (English text), GAMEDATE
// ("2020- 8-21-22-55- 3"), GAMEGONGJE (komi x 10), GAMEPLACE, GAMENAME,
// as well as the compact lines of the new one: GAMEINFOMAIN
// ("GRLT:0,ZIPSU:635,GONGJE:65,GTIME:600-20-3,LINE:19,..."), GAMEINFOSUB
// ("GNAME:...,GDATE:2025-01-18-16-38-32,GPLC:..."), BUSERINFO and WUSERINFO
// ("BID:name,BLV:11,BNICK:..."), and GAMETAG.

// gibResults are the result codes (GRLT) of GAMEINFOMAIN. Seen in real
// files: 0, 1, 3, 4, 6, 7; 8 (W+T) by symmetry with 7, as Sabaki reads it;
// 5 and 6 are wins by the opponent's disconnection (6 seen as "white wins
// by disconnection"), which SGF writes as a win with no reason.
var gibResults = map[int]struct {
	winner value.Color
	by     value.WinBy
	seen   bool
}{
	0: {value.Black, value.ByScore, true},
	1: {value.White, value.ByScore, true},
	3: {value.Black, value.ByResign, true},
	4: {value.White, value.ByResign, true},
	5: {value.Black, value.ByUnstated, false},
	6: {value.White, value.ByUnstated, true},
	7: {value.Black, value.ByTime, true},
	8: {value.White, value.ByTime, false},
}

// gibMapped are the header keys an SGF property holds in full; every other
// header line is kept in XH.
var gibMapped = map[string]bool{
	"GAMEPLACE": true, "GAMENAME": true, "GAMEGONGJE": true, "GAMECOMMENT": true,
}

type gibHeader struct {
	key, val string
	l        line
}

func readGIB(r *reader) {
	g := r.g
	i := 0
	for i < len(r.lines) && strings.TrimSpace(r.lines[i].text) == "" {
		i++
	}
	if i == len(r.lines) {
		r.notFormat(r.lastLine(), "the file is empty")
		return
	}
	first := strings.TrimSpace(r.lines[i].text)
	if first != `\HS` && !strings.HasPrefix(first, `\[`) {
		r.notFormat(r.lines[i], "no \\HS header at the start (found %q)", clip(first))
		return
	}
	if first == `\HS` {
		i++
	}
	var hdr []gibHeader
	var game []line
	inGame, ended, sawHE, sawGS := false, false, false, false
	for ; i < len(r.lines); i++ {
		l := r.lines[i]
		t := strings.TrimSpace(l.text)
		switch {
		case t == "":
			continue
		case t == `\HE`:
			sawHE = true
			continue
		case t == `\GS`:
			inGame, sawGS = true, true
			continue
		case t == `\GE`:
			ended = true
		case !inGame && strings.HasPrefix(t, `\[`):
			body := strings.TrimPrefix(t, `\[`)
			if !strings.HasSuffix(body, `\]`) {
				r.unread(l, "header line without its closing \\] (cut short?): kept as it is")
				body += `\]`
			}
			body = strings.TrimSuffix(body, `\]`)
			k, v, ok := strings.Cut(body, "=")
			if !ok {
				r.unread(l, "header line without \"=\": kept in XH")
				g.keep(body, "")
				continue
			}
			hdr = append(hdr, gibHeader{k, v, l})
			continue
		case !inGame:
			r.unread(l, "a line outside the header and the game: %q, left out", clip(t))
			continue
		}
		if ended {
			break
		}
		game = append(game, l)
	}
	if !sawHE && !sawGS && len(hdr) == 0 {
		r.notFormat(r.lines[0], "no header lines")
		return
	}
	gibHeaderFields(r, hdr)
	for _, l := range game {
		gibGameLine(r, l, strings.TrimSpace(l.text))
	}
	if !sawGS {
		r.unread(r.lastLine(), "no \\GS line: the file has no game part (cut short?)")
	} else if !ended {
		r.unread(r.lastLine(), "no \\GE line at the end: the file may be cut short; the moves read are kept")
	}
}

// gibGameLine reads one line of the game part.
func gibGameLine(r *reader, l line, t string) {
	g := r.g
	f := strings.Fields(t)
	switch f[0] {
	case "INI":
		if len(f) < 4 {
			r.unread(l, "INI line without a handicap: %q", clip(t))
			return
		}
		h, ok := atoi(f[3])
		if !ok || h < 0 {
			r.unread(l, "INI line with handicap %q, no number: no handicap stones placed", f[3])
			return
		}
		if !g.handicap(h) {
			r.unread(l, "handicap %d has no standard places on a %dx%d board: no stones placed", h, g.size, g.size)
		}
	case "STO":
		if len(f) < 6 {
			r.unread(l, "STO line with %d fields, not 6: left out", len(f))
			return
		}
		c, ok1 := atoi(f[3])
		x, ok2 := atoi(f[4])
		y, ok3 := atoi(f[5])
		if !ok1 || !ok2 || !ok3 || (c != 1 && c != 2) {
			r.unread(l, "STO line %q that is no move: left out", clip(t))
			return
		}
		color := byte('B')
		if c == 2 {
			color = 'W'
		}
		p := value.Point{X: x, Y: y}
		if !p.In(g.size, g.size) {
			r.unread(l, "move (%d, %d) off the %dx%d board: read as a pass", x, y, g.size, g.size)
			g.move(color, value.Point{}, true)
			return
		}
		g.move(color, p, false)
	case "SKI":
		// a pass; its colour is the other one of the last move
		color := byte('B')
		if n := len(g.nodes); n > 0 {
			if g.nodes[n-1].color == 'B' {
				color = 'W'
			}
		} else if g.pl == 'W' {
			color = 'W'
		}
		g.move(color, value.Point{}, true)
	case "REM", "2", "1", "0":
		// "2 1 0" and "<n> 0 &4" open the game; REM lines close it
	default:
		if _, ok := atoi(f[0]); ok {
			return // more opening numbers
		}
		r.unread(l, "unknown game line %q: left out", clip(t))
	}
}

// gibHeaderFields turns the header into game information.
func gibHeaderFields(r *reader, hdr []gibHeader) {
	g := r.g
	get := func(key string) (gibHeader, bool) {
		for _, h := range hdr {
			if h.key == key {
				return h, true
			}
		}
		return gibHeader{}, false
	}
	sub := func(key, field string) (string, line, bool) {
		h, ok := get(key)
		if !ok {
			return "", line{}, false
		}
		for _, kv := range strings.Split(h.val, ",") {
			if k, v, ok := strings.Cut(kv, ":"); ok && k == field {
				return strings.TrimSpace(v), h.l, true
			}
		}
		return "", h.l, false
	}
	// players and ranks
	for _, c := range []struct{ color, name, user, id, lv string }{
		{"B", "GAMEBLACKNAME", "BUSERINFO", "BID", "BLV"},
		{"W", "GAMEWHITENAME", "WUSERINFO", "WID", "WLV"},
	} {
		if h, ok := get(c.name); ok && strings.TrimSpace(h.val) != "" {
			// the rank as written ("4D"): name and rank give the line back
			name, rank := splitNameRank(h.val)
			g.set("P"+c.color, name)
			g.set(c.color+"R", rank)
			if rank == "" || name+" ("+rank+")" != h.val {
				g.keep(h.key, h.val)
			}
			continue
		}
		id, l, ok := sub(c.user, c.id)
		if !ok || id == "" {
			continue
		}
		g.set("P"+c.color, id)
		if lv, _, ok := sub(c.user, c.lv); ok {
			if n, ok := atoi(lv); ok {
				rank, sure := gibLevel(n)
				if rank != "" {
					g.set(c.color+"R", rank)
					if !sure {
						r.guess(l, "Tygem level %d read as rank %s (level 18 is 1d in the files seen; the kyu levels are a guess)", n, rank)
					}
				}
			}
		}
	}
	// board size (the moves are read after the header)
	if v, l, ok := sub("GAMEINFOMAIN", "LINE"); ok {
		if n, ok := atoi(v); ok && n >= 2 && n <= value.MaxBoard {
			g.size = n
		} else {
			r.unread(l, "board size LINE:%s is no size from 2 to 52: 19 kept", v)
		}
	}
	// komi: GAMEGONGJE or GONGJE, in tenths
	if h, ok := get("GAMEGONGJE"); ok {
		gibKomi(r, h.l, h.val)
	} else if v, l, ok := sub("GAMEINFOMAIN", "GONGJE"); ok {
		gibKomi(r, l, v)
	}
	// result
	gibResult(r, get, sub)
	// date
	gibDate(r, get, sub)
	// time: GTIME main-byoyomi-periods in seconds
	if v, l, ok := sub("GAMEINFOMAIN", "GTIME"); ok {
		n := numbers(v)
		if len(n) == 3 && strings.Count(v, "-") == 2 {
			g.set("TM", strconv.Itoa(n[0]))
			if n[2] > 0 && n[1] > 0 {
				g.set("OT", fmt.Sprintf("%dx%d byo-yomi", n[2], n[1]))
			}
		} else {
			r.guess(l, "time GTIME:%s is not main-byoyomi-periods: no TM written", v)
		}
	}
	// name, place and comment: a header line, else a field of GAMEINFOSUB
	for _, f := range []struct{ id, key, field string }{{"GN", "GAMENAME", "GNAME"}, {"PC", "GAMEPLACE", "GPLC"}, {"GC", "GAMECOMMENT", ""}} {
		if h, ok := get(f.key); ok {
			g.set(f.id, h.val)
		} else if v, _, ok := sub("GAMEINFOSUB", f.field); ok && f.field != "" {
			g.set(f.id, v)
		}
	}
	// everything else, as written
	for _, h := range hdr {
		if gibMapped[h.key] || h.key == "GAMEBLACKNAME" || h.key == "GAMEWHITENAME" {
			continue
		}
		g.keep(h.key, h.val)
	}
}

// gibLevel turns a Tygem level into a rank: 18 is 1d, 21 is 4d (seen with
// the ranks in GAMEBLACKNAME); higher levels are more dan, lower ones kyu
// (a guess: sure is false).
func gibLevel(n int) (rank string, sure bool) {
	switch {
	case n >= 18 && n <= 26:
		return strconv.Itoa(n-17) + "d", n <= 21
	case n >= 1 && n < 18:
		return strconv.Itoa(18-n) + "k", false
	}
	return "", false
}

func gibKomi(r *reader, l line, v string) {
	n, ok := atoi(v)
	if !ok {
		r.unread(l, "komi %q is no number: no KM written", v)
		return
	}
	r.g.setKomi(float64(n) / 10)
}

func gibResult(r *reader, get func(string) (gibHeader, bool), sub func(string, string) (string, line, bool)) {
	g := r.g
	text, hasText := get("GAMERESULT")
	code, l, hasCode := sub("GAMEINFOMAIN", "GRLT")
	if hasCode {
		n, ok := atoi(code)
		res, known := gibResults[n]
		if ok && known {
			out := value.Result{Kind: value.ResultWin, Winner: res.winner, By: res.by}
			if res.by == value.ByScore {
				z, zl, _ := sub("GAMEINFOMAIN", "ZIPSU")
				zn, ok := atoi(z)
				if !ok {
					r.unread(zl, "margin ZIPSU:%s is no number: RE without a score", z)
					out.By = value.ByUnstated
				} else {
					out.Score = float64(zn) / 10
				}
			}
			g.setResult(out)
			if !res.seen {
				r.guess(l, "result code GRLT:%d read as %s (a code not seen in real files)", n, out)
			}
			return
		}
		if !hasText {
			r.guess(l, "unknown result code GRLT:%s: no RE written (kept in XH)", code)
			return
		}
	}
	if hasText && strings.TrimSpace(text.val) != "" {
		if res, ok := freeResult(text.val); ok {
			g.setResult(res)
			r.guess(text.l, "result %q read from its text as %s", text.val, res)
			return
		}
		r.guess(text.l, "result %q not understood: no RE written (kept in XH)", text.val)
	}
}

func gibDate(r *reader, get func(string) (gibHeader, bool), sub func(string, string) (string, line, bool)) {
	v, l, ok := "", line{}, false
	if h, found := get("GAMEDATE"); found {
		v, l, ok = h.val, h.l, true
	} else {
		v, l, ok = sub("GAMEINFOSUB", "GDATE")
	}
	if !ok || strings.TrimSpace(v) == "" {
		return
	}
	n := numbers(v)
	if len(n) >= 3 {
		if dt, ok := dateYMD(n[0], n[1], n[2]); ok {
			r.g.set("DT", dt)
			if len(n) != 6 {
				r.guess(l, "date %q in an unusual shape read as %s", v, dt)
			}
			return
		}
	}
	r.guess(l, "date %q not understood: no DT written (kept in XH)", v)
}

// clip shortens text quoted in a message.
func clip(s string) string {
	if len(s) <= 40 {
		return s
	}
	n := 37
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "..."
}
