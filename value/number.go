package value

import "strconv"

// ParseNumber parses a Number: `["+"|"-"] Digit {Digit}`. Values that do
// not fit an int give the nearest int and an error wrapping [ErrRange].
func ParseNumber(raw []byte) (int, error) {
	s := unescape(raw)
	if !isNumber(s) {
		return 0, syntaxError("Number", raw)
	}
	if s[0] == '+' {
		s = s[1:]
	}
	n, err := strconv.ParseInt(string(s), 10, strconv.IntSize)
	if err != nil { // only a range error is possible here
		return int(n), rangeError("Number", raw)
	}
	return int(n), nil
}

// AppendNumber appends the Number form of n to dst.
func AppendNumber(dst []byte, n int) []byte { return strconv.AppendInt(dst, int64(n), 10) }

// isNumber reports whether s is `["+"|"-"] Digit {Digit}`.
func isNumber(s []byte) bool {
	if len(s) > 0 && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	return len(s) > 0 && allDigits(s)
}

func allDigits(s []byte) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// ParseReal parses a Real: `Number ["." Digit {Digit}]`. "34." and ".5"
// are not Reals (see [FixReal]); neither are exponents, "Inf" or "NaN".
// Values beyond float64 give ±Inf and an error wrapping [ErrRange].
func ParseReal(raw []byte) (float64, error) {
	s := unescape(raw)
	if !isReal(s) {
		return 0, syntaxError("Real", raw)
	}
	f, err := strconv.ParseFloat(string(s), 64)
	if err != nil {
		return f, rangeError("Real", raw)
	}
	return f, nil
}

func isReal(s []byte) bool {
	for i, c := range s {
		if c == '.' {
			return isNumber(s[:i]) && i+1 < len(s) && allDigits(s[i+1:])
		}
	}
	return isNumber(s)
}

// AppendReal appends the Real form of f to dst: the shortest decimal that
// reads back as f, without exponent ("0.5", "7", "-2.75"). NaN and ±Inf have
// no Real form; they are written as "NaN", "+Inf" and "-Inf", which
// [ParseReal] rejects.
func AppendReal(dst []byte, f float64) []byte {
	return strconv.AppendFloat(dst, f, 'f', -1, 64)
}

// Double is the value of the Double type: 1 normal, 2 emphasized (GB[2],
// TE[1], ...).
type Double int

// The two Double values.
const (
	Normal     Double = 1
	Emphasized Double = 2
)

// ParseDouble parses a Double: "1" or "2".
func ParseDouble(raw []byte) (Double, error) {
	s := unescape(raw)
	if len(s) == 1 && (s[0] == '1' || s[0] == '2') {
		return Double(s[0] - '0'), nil
	}
	if isNumber(s) {
		return 0, rangeError("Double", raw)
	}
	return 0, syntaxError("Double", raw)
}

// AppendDouble appends "1" or "2" to dst; any other d is written as its
// number, which ParseDouble rejects.
func AppendDouble(dst []byte, d Double) []byte { return AppendNumber(dst, int(d)) }

// Color is the value of the Color type (PL, and the colour of a move).
type Color byte

// The two colours.
const (
	Black Color = 'B'
	White Color = 'W'
)

// String returns "B" or "W" (or the byte itself for an invalid Color).
func (c Color) String() string { return string(rune(c)) }

// ParseColor parses a Color: "B" or "W", upper case only (see the Fix
// functions of package check for "w", "black", ...).
func ParseColor(raw []byte) (Color, error) {
	s := unescape(raw)
	if len(s) == 1 && (s[0] == 'B' || s[0] == 'W') {
		return Color(s[0]), nil
	}
	return 0, syntaxError("Color", raw)
}

// AppendColor appends c ('B' or 'W') to dst.
func AppendColor(dst []byte, c Color) []byte { return append(dst, byte(c)) }

// ParseNone checks that raw is empty, as the None type requires (KO[],
// DO[], IT[]).
func ParseNone(raw []byte) error {
	if len(raw) != 0 {
		return syntaxError("None", raw)
	}
	return nil
}
