package formats

import (
	"strconv"
	"strings"

	"github.com/sgf-toolkit/sgf/value"
)

// game is the SGF being built: root properties in the order they are
// written, the handicap stones, and one node per move.
type game struct {
	size  int
	props []prop // game information, in the order of rootOrder
	ab    []value.Point
	aw    []value.Point // UGI figures only
	pl    byte          // PL of the root, 0 for none
	xh    []string
	// rootComment is the C of the root (UGI's comment on move 0).
	rootComment string
	rootLabels  []label
	nodes       []node
	// extra are game trees written after this one (UGI's figures).
	extra []*game
}

type prop struct {
	id     string
	values []string
}

type label struct {
	p    value.Point
	text string
}

type node struct {
	color   byte // 'B' or 'W'
	p       value.Point
	pass    bool
	comment string
	labels  []label
	// time left is not known in these formats; BL/WL are not written
}

// rootOrder is the order game-information properties are written in.
var rootOrder = []string{"GN", "EV", "RO", "PB", "BR", "PW", "WR", "DT", "PC", "RU", "HA", "KM", "TM", "OT", "RE", "AN", "US", "CP", "SO", "GC"}

// set sets a text property of the root, replacing an earlier value. An
// empty value is not written.
func (g *game) set(id, v string) {
	v = strings.TrimSpace(v)
	for i := range g.props {
		if g.props[i].id == id {
			if v == "" {
				g.props = append(g.props[:i], g.props[i+1:]...)
			} else {
				g.props[i] = prop{id: id, values: []string{v}}
			}
			return
		}
	}
	if v != "" {
		g.props = append(g.props, prop{id: id, values: []string{v}})
	}
}

// keep adds a header field with no SGF property to XH.
func (g *game) keep(key, v string) {
	g.xh = append(g.xh, key+"="+v)
}

// setKomi writes KM from a komi value.
func (g *game) setKomi(k float64) {
	g.set("KM", string(value.AppendReal(nil, k)))
}

// setResult writes RE.
func (g *game) setResult(res value.Result) {
	g.set("RE", res.String())
}

// handicap places n handicap stones at the standard points of the board
// (the star points, in the order Japanese and Korean servers use) and sets
// HA and PL[W]. It reports false when the board has no standard places
// for n stones (n > 9, or n > 4 on an even board, or a board under 7x7).
func (g *game) handicap(n int) bool {
	if n < 2 {
		return n >= 0
	}
	pts := handicapPoints(g.size, n)
	if pts == nil {
		return false
	}
	g.set("HA", strconv.Itoa(n))
	g.ab = pts
	g.pl = 'W'
	return true
}

// handicapPoints returns the standard places of n handicap stones on a
// size x size board: the corner star points on the fourth line (third on
// boards under 13x13) for 2-4 stones, the centre for 5, 7 and 9, the side
// star points for 6-9; nil when there are none.
func handicapPoints(size, n int) []value.Point {
	if n < 2 || n > 9 || size < 7 {
		return nil
	}
	e := 3
	if size < 13 {
		e = 2
	}
	lo, hi, mid := e, size-1-e, size/2
	odd := size%2 == 1
	if !odd && n > 4 {
		return nil
	}
	// upper right, lower left, lower right, upper left
	pt := func(x, y int) value.Point { return value.Point{X: x, Y: y} }
	corners := []value.Point{pt(hi, lo), pt(lo, hi), pt(hi, hi), pt(lo, lo)}
	center := pt(mid, mid)
	sidesLR := []value.Point{pt(lo, mid), pt(hi, mid)}
	sidesTB := []value.Point{pt(mid, lo), pt(mid, hi)}
	var pts []value.Point
	switch {
	case n <= 4:
		pts = append(pts, corners[:n]...)
	case n == 5:
		pts = append(append(pts, corners...), center)
	case n == 6:
		pts = append(append(pts, corners...), sidesLR...)
	case n == 7:
		pts = append(append(append(pts, corners...), sidesLR...), center)
	case n == 8:
		pts = append(append(append(pts, corners...), sidesLR...), sidesTB...)
	case n == 9:
		pts = append(append(append(append(pts, corners...), sidesLR...), sidesTB...), center)
	}
	return pts
}

// move appends a move node.
func (g *game) move(color byte, p value.Point, pass bool) {
	g.nodes = append(g.nodes, node{color: color, p: p, pass: pass})
}

// appendSGF writes the game as an FF[4] UTF-8 game tree.
func (g *game) appendSGF(dst []byte) []byte {
	dst = append(dst, "(;GM[1]FF[4]CA[UTF-8]SZ["...)
	dst = strconv.AppendInt(dst, int64(g.size), 10)
	dst = append(dst, ']')
	for _, id := range rootOrder {
		for _, p := range g.props {
			if p.id == id {
				dst = appendProp(dst, p)
			}
		}
	}
	for _, st := range []struct {
		id  string
		pts []value.Point
	}{{"\nAB", g.ab}, {"AW", g.aw}} {
		if len(st.pts) == 0 {
			continue
		}
		dst = append(dst, st.id...)
		for _, p := range st.pts {
			dst = append(dst, '[')
			dst = value.AppendPoint(dst, p)
			dst = append(dst, ']')
		}
	}
	if g.pl != 0 {
		dst = append(dst, "PL["...)
		dst = append(dst, g.pl, ']')
	}
	dst = appendLabels(dst, g.rootLabels)
	if g.rootComment != "" {
		dst = appendProp(dst, prop{id: "C", values: []string{g.rootComment}})
	}
	if len(g.xh) > 0 {
		dst = appendProp(dst, prop{id: "XH", values: g.xh})
	}
	dst = append(dst, '\n')
	for i, n := range g.nodes {
		if i > 0 && i%10 == 0 {
			dst = append(dst, '\n')
		}
		dst = append(dst, ';', n.color, '[')
		dst = value.AppendMove(dst, n.p, n.pass)
		dst = append(dst, ']')
		dst = appendLabels(dst, n.labels)
		if n.comment != "" {
			dst = appendProp(dst, prop{id: "C", values: []string{n.comment}})
			dst = append(dst, '\n')
		}
	}
	dst = append(dst, ")\n"...)
	for _, x := range g.extra {
		dst = x.appendSGF(dst)
	}
	return dst
}

func appendProp(dst []byte, p prop) []byte {
	dst = append(dst, '\n')
	dst = append(dst, p.id...)
	for _, v := range p.values {
		dst = append(dst, '[')
		dst = value.AppendEscapedText(dst, []byte(v), false)
		dst = append(dst, ']')
	}
	return dst
}

func appendLabels(dst []byte, ls []label) []byte {
	if len(ls) == 0 {
		return dst
	}
	dst = append(dst, "LB"...)
	for _, l := range ls {
		dst = append(dst, '[')
		dst = value.AppendPoint(dst, l.p)
		dst = append(dst, ':')
		dst = value.AppendEscapedText(dst, []byte(l.text), true)
		dst = append(dst, ']')
	}
	return dst
}
