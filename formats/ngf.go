package formats

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/sgf-toolkit/sgf/syntax"
	"github.com/sgf-toolkit/sgf/value"
)

// An NGF file (WBaduk, Cyberoro, Oro) has twelve header lines: title,
// board size, white player ("name rank"), black player, place, handicap,
// a number whose meaning is not known (0 in every description), komi (a
// whole number: half a point is added in an even game), date
// ("20110812 [09:31]"), time in minutes, result (free text in the
// players' language), number of moves. Then one line per move:
// "PM" + the move number in two letters + "B" or "W" + the point in four
// letters, column and row and the same two again in reverse ("PMABBQEEQ"
// is move 1, black at column Q, row E). "B" is the first column and row,
// from the top left; "AAAA" is a pass.

// ngfKeys name the twelve header lines where they are kept in XH.
var ngfKeys = [12]string{"Title", "Size", "White", "Black", "Place", "Handicap", "Unknown", "Komi", "Date", "Time", "Result", "Moves"}

// looksNGF reports whether head starts with NGF's twelve header lines:
// numbers where NGF has them, and a move line (or nothing) after them.
func looksNGF(head []byte) bool {
	ls := bytes.Split(head, []byte("\n"))
	if len(ls) < 12 {
		return false
	}
	for _, i := range []int{1, 5, 6, 7, 9, 11} {
		if _, err := strconv.Atoi(string(bytes.TrimSpace(ls[i]))); err != nil {
			return false
		}
	}
	if len(ls) > 12 {
		t := bytes.TrimSpace(ls[12])
		return len(t) == 0 || bytes.HasPrefix(t, []byte("PM"))
	}
	return true
}

func readNGF(r *reader) {
	g := r.g
	if len(r.lines) < 12 {
		if len(r.lines) == 0 {
			r.notFormat(r.lastLine(), "the file is empty")
			return
		}
		// a cut-short file still has its first numbers where NGF has them
		if len(r.lines) < 2 {
			r.notFormat(r.lastLine(), "%d line(s), not the twelve lines of the header", len(r.lines))
			return
		}
		if _, ok := atoi(r.lines[1].text); !ok {
			r.notFormat(r.lines[1], "line 2 is no board size: %q", clip(r.lines[1].text))
			return
		}
		r.unread(r.lastLine(), "the file ends after %d of the twelve header lines (cut short?): the rest is not read", len(r.lines))
	}
	h := make([]line, 12)
	copy(h, r.lines)
	for i := len(r.lines); i < 12; i++ {
		h[i] = line{num: i + 1}
	}
	text := func(i int) string { return strings.TrimSpace(h[i].text) }
	num := func(i int, what string) (int, bool) {
		if h[i].num > len(r.lines) {
			return 0, false
		}
		n, ok := atoi(h[i].text)
		if !ok {
			r.unread(h[i], "%s %q is no number", what, clip(text(i)))
		}
		return n, ok
	}
	// size
	if n, ok := num(1, "board size"); ok {
		if n < 2 || n > value.MaxBoard {
			r.unread(h[1], "board size %d is not from 2 to 52: 19 used", n)
		} else {
			g.size = n
		}
	} else if h[1].num <= len(r.lines) {
		r.notFormat(h[1], "line 2 is no board size: %q", clip(text(1)))
		return
	}
	g.set("GN", text(0))
	ngfPlayer(r, h[2], "W")
	ngfPlayer(r, h[3], "B")
	g.set("PC", text(4))
	ha, haOK := num(5, "handicap")
	if haOK && !g.handicap(ha) {
		r.unread(h[5], "handicap %d has no standard places on a %dx%d board: no stones placed", ha, g.size, g.size)
	}
	if t := text(6); t != "" && t != "0" {
		g.keep(ngfKeys[6], t)
	}
	if k, ok := num(7, "komi"); ok {
		km := float64(k)
		if haOK && ha == 0 {
			km += 0.5 // the half point NGF leaves out of even games
		}
		g.setKomi(km)
	}
	ngfDate(r, h[8])
	if m, ok := num(9, "time"); ok && m > 0 {
		g.set("TM", strconv.Itoa(m*60))
	}
	if t := text(10); t != "" {
		if res, ok := freeResult(t); ok {
			g.setResult(res)
		} else {
			r.guess(h[10], "result %q not understood: no RE written (kept in XH)", clip(t))
		}
		g.keep(ngfKeys[10], t)
	}
	announced, annOK := num(11, "move count")
	// moves
	n, passes := 0, 0
	for _, l := range r.lines[min(12, len(r.lines)):] {
		t := strings.TrimSpace(l.text)
		if t == "" {
			continue
		}
		if !strings.HasPrefix(t, "PM") || len(t) < 9 {
			r.unread(l, "no move line (PM and seven letters): %q, left out", clip(t))
			continue
		}
		color := t[4]
		if color != 'B' && color != 'W' {
			r.unread(l, "move of colour %q, not B or W: left out", t[4:5])
			continue
		}
		if t[5] != t[8] || t[6] != t[7] {
			r.guess(l, "the point %s is not written twice (column, row, row, column): read from its first two letters", t[5:9])
		}
		x, y := int(t[5])-'B', int(t[6])-'B'
		n++
		if x == -1 && y == -1 {
			g.move(color, value.Point{}, true)
			passes++
			continue
		}
		p := value.Point{X: x, Y: y}
		if !p.In(g.size, g.size) {
			r.unread(l, "move %s off the %dx%d board: read as a pass", t[5:7], g.size, g.size)
			g.move(color, value.Point{}, true)
			continue
		}
		g.move(color, p, false)
	}
	if annOK && announced != n && announced != n-passes {
		if n < announced {
			r.unread(h[11], "the header announces %d moves, the file has %d: cut short?", announced, n)
		} else {
			r.diag(h[11], syntax.CodeImportUnread, syntax.Warning, false,
				fmt.Sprintf("the header announces %d moves, the file has %d", announced, n))
		}
		g.keep(ngfKeys[11], strconv.Itoa(announced))
	}
}

// ngfPlayer reads "name rank" (the rank is the last word when it reads as
// one: "アギラール  7段*", "Lee 9DP").
func ngfPlayer(r *reader, l line, color string) {
	t := strings.TrimSpace(l.text)
	if t == "" {
		return
	}
	name, rank := t, ""
	if i := strings.LastIndexAny(t, " \t"); i > 0 {
		if nr, ok := normRank(t[i+1:]); ok {
			name, rank = strings.TrimSpace(t[:i]), nr
		}
	}
	r.g.set("P"+color, name)
	r.g.set(color+"R", rank)
	if rank != "" {
		key := ngfKeys[2]
		if color == "B" {
			key = ngfKeys[3]
		}
		r.g.keep(key, t)
	}
}

// ngfDate reads "20110812 [09:31]" (or "20110812").
func ngfDate(r *reader, l line) {
	t := strings.TrimSpace(l.text)
	if t == "" {
		return
	}
	if len(t) >= 8 {
		if y, err := strconv.Atoi(t[:4]); err == nil {
			m, err1 := strconv.Atoi(t[4:6])
			d, err2 := strconv.Atoi(t[6:8])
			if err1 == nil && err2 == nil {
				if dt, ok := dateYMD(y, m, d); ok {
					r.g.set("DT", dt)
					if len(t) > 8 {
						r.g.keep(ngfKeys[8], t)
					}
					return
				}
			}
		}
	}
	n := numbers(t)
	if len(n) >= 3 {
		if dt, ok := dateYMD(n[0], n[1], n[2]); ok {
			r.g.set("DT", dt)
			r.g.keep(ngfKeys[8], t)
			r.guess(l, "date %q in another shape than YYYYMMDD read as %s", clip(t), dt)
			return
		}
	}
	r.guess(l, "date %q not understood: no DT written (kept in XH)", clip(t))
	r.g.keep(ngfKeys[8], t)
}
