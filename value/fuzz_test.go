package value

import (
	"bytes"
	"slices"
	"testing"
)

func FuzzText(f *testing.F) {
	for _, s := range []string{meijinRaw, "", `a\]b`, "a\r\n\n\rb", "x\\\r\ny", "\\\t\\", "a:b\\:c", "\xe4\\\xe4"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		text := Text(raw)
		simple := SimpleText(raw)
		if bytes.ContainsAny(text, "\r\t\v\f") {
			t.Fatalf("Text(%q) = %q holds CR or other whitespace", raw, text)
		}
		if bytes.ContainsAny(simple, "\r\n\t\v\f") {
			t.Fatalf("SimpleText(%q) = %q holds a line break", raw, simple)
		}
		if len(text) > len(raw) || len(simple) > len(raw) {
			t.Fatalf("decoding %q grew it", raw)
		}
		// Escaping round trip, plain and composed.
		for _, composed := range []bool{false, true} {
			esc := AppendEscapedText(nil, text, composed)
			if back := Text(esc); !bytes.Equal(back, text) {
				t.Fatalf("Text(AppendEscapedText(%q, %v) = %q) = %q", text, composed, esc, back)
			}
			if back := SimpleText(AppendEscapedText(nil, simple, composed)); !bytes.Equal(back, simple) {
				t.Fatalf("SimpleText round trip of %q = %q", simple, back)
			}
		}
		// Composed: both sides survive a split.
		pair := AppendEscapedText(nil, text, true)
		pair = append(pair, ':')
		pair = AppendEscapedText(pair, simple, true)
		l, r, ok := SplitCompose(pair)
		if !ok || !bytes.Equal(Text(l), text) || !bytes.Equal(SimpleText(r), simple) {
			t.Fatalf("SplitCompose(%q) = %q, %q, %v", pair, l, r, ok)
		}
	})
}

func FuzzPoint(f *testing.F) {
	f.Add([]byte("dd"), 19, 19)
	f.Add([]byte("tt"), 19, 19)
	f.Add([]byte(""), 9, 9)
	f.Add([]byte("ZZ"), 52, 52)
	f.Add([]byte("aa:cr"), 19, 19)
	f.Fuzz(func(t *testing.T, raw []byte, cols, rows int) {
		if p, err := ParsePoint(raw); err == nil {
			if !p.In(MaxBoard, MaxBoard) {
				t.Fatalf("ParsePoint(%q) = %v, off the letter range", raw, p)
			}
			back, err := ParsePoint(AppendPoint(nil, p))
			if err != nil || back != p {
				t.Fatalf("round trip of %v = %v, %v", p, back, err)
			}
		}
		if p, pass, err := ParseMove(raw, cols, rows); err == nil && !pass {
			if !p.In(cols, rows) {
				t.Fatalf("ParseMove(%q, %d, %d) = %v, off the board", raw, cols, rows, p)
			}
			back, bpass, err := ParseMove(AppendMove(nil, p, pass), cols, rows)
			if err != nil || back != p || bpass {
				t.Fatalf("move round trip of %v = %v, %v, %v", p, back, bpass, err)
			}
		}
		if from, to, err := ParsePointPair(raw); err == nil {
			f2, t2, err := ParsePointPair(AppendPointPair(nil, from, to))
			if err != nil || f2 != from || t2 != to {
				t.Fatalf("pair round trip of %v:%v = %v:%v, %v", from, to, f2, t2, err)
			}
		}
		if l, err := ParseLabel(raw); err == nil {
			back, err := ParseLabel(AppendLabel(nil, l))
			if err != nil || back != l {
				t.Fatalf("label round trip of %+v = %+v, %v", l, back, err)
			}
		}
	})
}

func FuzzPointList(f *testing.F) {
	f.Add([]byte("aa:cc,dd,ee:ef"), uint8(19))
	f.Add([]byte("cc:aa,aa,aa"), uint8(9))
	f.Add([]byte("aa:ZZ"), uint8(52))
	f.Fuzz(func(t *testing.T, list []byte, size uint8) {
		n := int(size)
		vals := bytes.Split(list, []byte(","))
		points, _ := ExpandPointList(vals, n, n)
		seen := map[Point]bool{}
		for _, p := range points {
			if !p.In(n, n) || seen[p] {
				t.Fatalf("ExpandPointList gave %v twice or off a %dx%d board", p, n, n)
			}
			seen[p] = true
		}
		rects := CompressPointList(points)
		checkPartition(t, points, rects)
		var written [][]byte
		for _, r := range rects {
			written = append(written, AppendRect(nil, r))
		}
		back, problems := ExpandPointList(written, n, n)
		if len(problems) != 0 || len(back) != len(points) {
			t.Fatalf("re-expanding %q: %d points (want %d), problems %v", written, len(back), len(points), problems)
		}
		for _, p := range back {
			if !seen[p] {
				t.Fatalf("re-expanding gave %v, not in the first expansion", p)
			}
		}
	})
}

func FuzzDate(f *testing.F) {
	for _, s := range []string{"1996-12-27,28,1997-01-03,04", "1996-05,06", "1996,1997", "1997-05-01,02,06-02,07-01",
		"12th and 13th march 94", "Dec 31, 1999", "31.12.1999", "1999/12/31", "March 12-14, 1994", "19991231"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if d, err := ParseDate([]byte(s)); err == nil {
			out := d.String()
			back, err := ParseDate([]byte(out))
			if err != nil || !slices.Equal(back, d) {
				t.Fatalf("ParseDate(%q) = %v, written %q, read back %v, %v", s, d, out, back, err)
			}
			if len(out) > len(s) {
				t.Fatalf("AppendDate(%v) = %q, longer than the input %q (shortcuts not used)", d, out, s)
			}
		}
		fixed, changed, err := FixDate(s)
		if err != nil {
			if fixed != s || changed {
				t.Fatalf("FixDate(%q) failed but returned %q, %v", s, fixed, changed)
			}
			return
		}
		if _, err := ParseDate([]byte(fixed)); err != nil {
			t.Fatalf("FixDate(%q) = %q, which does not parse: %v", s, fixed, err)
		}
	})
}

func FuzzResult(f *testing.F) {
	for _, s := range []string{"B+R", "W+Resign", "B+0.5", "0", "Draw", "Void", "?", "W+T", "black wins by 5 3/4 points", "Jigo", "White resigns"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if r, err := ParseResult([]byte(s)); err == nil {
			back, err := ParseResult(AppendResult(nil, r))
			if err != nil || back != r {
				t.Fatalf("ParseResult(%q) = %+v, round trip %+v, %v", s, r, back, err)
			}
		}
		fixed, changed, err := FixResult(s)
		if err != nil {
			if fixed != s || changed {
				t.Fatalf("FixResult(%q) failed but returned %q, %v", s, fixed, changed)
			}
			return
		}
		if _, err := ParseResult([]byte(fixed)); err != nil {
			t.Fatalf("FixResult(%q) = %q, which does not parse: %v", s, fixed, err)
		}
	})
}

func FuzzHex(f *testing.F) {
	for _, s := range []string{"a1", "f6", "ab28", "swap-pieces", "swap-sides", "pass", "resign", "forfeit", "ZZZZ999999"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		if c, err := ParseHexCell(raw); err == nil {
			if c.Col < 0 || c.Row < 0 {
				t.Fatalf("ParseHexCell(%q) = %v", raw, c)
			}
			back, err := ParseHexCell(AppendHexCell(nil, c))
			if err != nil || back != c {
				t.Fatalf("cell round trip of %v = %v, %v", c, back, err)
			}
		}
		if m, err := ParseHexMove(raw); err == nil {
			back, err := ParseHexMove(AppendHexMove(nil, m))
			if err != nil || back != m {
				t.Fatalf("move round trip of %v = %v, %v", m, back, err)
			}
		}
	})
}

func FuzzNumbers(f *testing.F) {
	for _, s := range []string{"19", "-5", "+7", "6.5", "5 1/2", "6,5", "34.", "9 hours", "1h30m", "1:30:00", "19:19", "6:7", "259:name"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		raw := []byte(s)
		if n, err := ParseNumber(raw); err == nil {
			if back, err := ParseNumber(AppendNumber(nil, n)); err != nil || back != n {
				t.Fatalf("Number round trip of %d = %d, %v", n, back, err)
			}
		}
		if x, err := ParseReal(raw); err == nil {
			if back, err := ParseReal(AppendReal(nil, x)); err != nil || back != x {
				t.Fatalf("Real round trip of %v = %v, %v", x, back, err)
			}
		}
		if c, r, err := ParseSize(raw); err == nil {
			if c2, r2, err := ParseSize(AppendSize(nil, c, r)); err != nil || c2 != c || r2 != r {
				t.Fatalf("Size round trip of %dx%d = %dx%d, %v", c, r, c2, r2, err)
			}
		}
		if fig, err := ParseFigure(raw); err == nil {
			if back, err := ParseFigure(AppendFigure(nil, fig)); err != nil || back != fig {
				t.Fatalf("Figure round trip of %+v = %+v, %v", fig, back, err)
			}
		}
		if fixed, _, err := FixReal(s); err == nil {
			if _, err := ParseReal([]byte(fixed)); err != nil {
				t.Fatalf("FixReal(%q) = %q, which does not parse", s, fixed)
			}
		}
		if fixed, _, err := FixTime(s); err == nil {
			if x, err := ParseTime([]byte(fixed)); err != nil || x < 0 {
				t.Fatalf("FixTime(%q) = %q, which does not parse as a time", s, fixed)
			}
		}
		ParseDouble(raw)
		ParseColor(raw)
		ParseNone(raw)
		ParseApplication(raw)
	})
}
