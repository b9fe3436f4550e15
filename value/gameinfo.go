package value

import "strconv"

// ParseSize parses an SZ value: "n" for a square board or "cols:rows" for
// a rectangular one; each number >= 1 (a smaller one is an error wrapping
// [ErrRange]). A square board in composed form ("19:19", which the spec
// makes illegal) returns the size and an error wrapping
// [ErrNonCanonical]. Game-specific limits (52 for Go) are the caller's.
func ParseSize(raw []byte) (cols, rows int, err error) {
	l, r, composed := SplitCompose(raw)
	cols, err = ParseNumber(l)
	if err == nil && composed {
		rows, err = ParseNumber(r)
	} else {
		rows = cols
	}
	if err != nil {
		return 0, 0, syntaxError("Size", raw)
	}
	if cols < 1 || rows < 1 {
		return cols, rows, rangeError("Size", raw)
	}
	if composed && cols == rows {
		return cols, rows, newError("Size", raw, ErrNonCanonical)
	}
	return cols, rows, nil
}

// AppendSize appends the SZ form of a cols x rows board to dst: "19" for a
// square board, "cols:rows" otherwise.
func AppendSize(dst []byte, cols, rows int) []byte {
	dst = AppendNumber(dst, cols)
	if cols == rows {
		return dst
	}
	dst = append(dst, ':')
	return AppendNumber(dst, rows)
}

// ParseApplication parses an AP value, "name:version", both SimpleText,
// and returns them decoded (bytes in the file's charset). A value without
// ':' returns the whole value as name and an error wrapping [ErrSyntax].
func ParseApplication(raw []byte) (name, version string, err error) {
	l, r, composed := SplitCompose(raw)
	name = string(SimpleText(l))
	if !composed {
		return name, "", syntaxError("Application", raw)
	}
	return name, string(SimpleText(r)), nil
}

// AppendApplication appends "name:version" to dst, escaped.
func AppendApplication(dst []byte, name, version string) []byte {
	dst = AppendEscapedText(dst, []byte(name), true)
	dst = append(dst, ':')
	return AppendEscapedText(dst, []byte(version), true)
}

// A Figure is the value of FG: either none (FG[], a new figure with the
// application's defaults) or printing flags and a diagram name.
type Figure struct {
	None  bool   // FG[]: Flags and Name are unset
	Flags int    // sum of the flag values (1 coordinates off, 2 name off, 4 list unshown moves, 256 remove captures, 512 hoshi off, 32768 ignore flags)
	Name  string // decoded SimpleText, bytes in the file's charset
}

// ParseFigure parses an FG value: empty, or "number:simpletext".
func ParseFigure(raw []byte) (Figure, error) {
	if len(raw) == 0 {
		return Figure{None: true}, nil
	}
	l, r, composed := SplitCompose(raw)
	n, err := ParseNumber(l)
	if !composed || err != nil {
		return Figure{}, syntaxError("Figure", raw)
	}
	return Figure{Flags: n, Name: string(SimpleText(r))}, nil
}

// AppendFigure appends the FG form of f to dst.
func AppendFigure(dst []byte, f Figure) []byte {
	if f.None {
		return dst
	}
	dst = AppendNumber(dst, f.Flags)
	dst = append(dst, ':')
	return AppendEscapedText(dst, []byte(f.Name), true)
}

// A Label is one value of LB: a Go point and its text.
type Label struct {
	Point Point
	Text  string // decoded SimpleText, bytes in the file's charset
}

// ParseLabel parses one LB value, "point:simpletext", for Go. (Labels of
// other games have game-specific points: split them with [SplitCompose].)
func ParseLabel(raw []byte) (Label, error) {
	l, r, composed := SplitCompose(raw)
	p, err := ParsePoint(l)
	if !composed || err != nil {
		return Label{}, syntaxError("Label", raw)
	}
	return Label{Point: p, Text: string(SimpleText(r))}, nil
}

// AppendLabel appends the LB form of l to dst.
func AppendLabel(dst []byte, l Label) []byte {
	dst = AppendPoint(dst, l.Point)
	dst = append(dst, ':')
	return AppendEscapedText(dst, []byte(l.Text), true)
}

// OldLabel returns the text of the k-th point (from 0) of an FF[1]-FF[3] L,
// which labels its points in order, as it is written as an FF[4] LB: "a"
// to "z", then "A" to "Z", then numbers from 53 (as SGFC converts it).
func OldLabel(k int) string {
	switch {
	case k < 26:
		return string(rune('a' + k))
	case k < 52:
		return string(rune('A' + k - 26))
	}
	return strconv.Itoa(k + 1)
}

// ParseStyle parses an ST value, a Number 0-3 (1: show siblings rather
// than children, 2: no board markup; summed).
func ParseStyle(raw []byte) (int, error) { return parseRange("Style", raw, 0, 3) }

// ParsePrintMode parses a PM value, a Number 0-2 (0: no move numbers, 1:
// as they are, 2: modulo 100).
func ParsePrintMode(raw []byte) (int, error) { return parseRange("PrintMode", raw, 0, 2) }

// ParseHandicap parses an HA value, a Number >= 0. The spec wants HA >= 2
// when given; HA[0] is common in real files and HA[1] occurs, so those are
// left to the checker rather than refused here.
func ParseHandicap(raw []byte) (int, error) { return parseRange("Handicap", raw, 0, -1) }

// parseRange parses a Number in lo..hi (no upper bound when hi < lo).
// An out-of-range number is returned with an error wrapping ErrRange.
func parseRange(typ string, raw []byte, lo, hi int) (int, error) {
	n, err := ParseNumber(raw)
	if err != nil {
		err.(*Error).Type = typ
		return n, err
	}
	if n < lo || (hi >= lo && n > hi) {
		return n, rangeError(typ, raw)
	}
	return n, nil
}
