package value

import (
	"bytes"
	"strconv"
)

// PlainNumber reads a Number written as 1 to 9 digits and nothing else
// (no sign, no space, no escape), as most files write every Number: the
// fast path of the readers that decode it. ok is false for any other
// value, which ParseNumber then reads.
func PlainNumber(raw []byte) (n int, ok bool) {
	if len(raw) == 0 || len(raw) > 9 {
		return 0, false
	}
	return digits(raw)
}

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

// CorrectNumber reads raw, a value that should be a Number, as sgf check
// corrects one (C03): its escapes removed, its white space dropped, then
// the number it starts with, whatever follows it lost. " 4 " is 4 and "1
// 9" is 19, lossless: nothing but white space was dropped, so the number
// is what the value says, and every reader takes it (sgf.Value.Number, the
// board size and game of a root); "1 kk" is 1 and "7.5" is 7, not
// lossless, which sgf check reports as critical and readers do not take.
// ok is false when the value starts with no number (after a sign) or the
// number does not fit an int. A Number is returned as it is, lossless.
//
// It is SGFC's correction (its Parse_Number, for the root's FF, GM and SZ
// as for every other number) where the value holds digits and white space
// and text after them; SGFC also drops letters before and between the
// digits ("x4" is 4, "1x2" 12), a guess that this function does not make
// (ok is false, and "1x2" is 1, not lossless).
func CorrectNumber(raw []byte) (n int, lossless, ok bool) {
	s := unescape(raw)
	var buf [24]byte
	num := buf[:0]
	i := skipSpace(s, 0)
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		num = append(num, s[i])
		i = skipSpace(s, i+1)
	}
	digits := 0
	for ; i < len(s); i++ {
		if c := s[i]; '0' <= c && c <= '9' {
			num = append(num, c)
			digits++
		} else if !isSpace(c) {
			break
		}
	}
	if digits == 0 {
		return 0, false, false
	}
	v, err := strconv.ParseInt(string(num), 10, strconv.IntSize)
	if err != nil {
		return 0, false, false
	}
	return int(v), i == len(s), true
}

// CorrectReal reads raw, a value that should be a Real (KM, BL, V, ...),
// as sgf check corrects one (C03): as [FixReal] fixes it (white space
// around it, a decimal comma, "34.", ".5", a fraction such as "5 1/2"),
// lossless, else as the number it starts with ([CorrectNumber]: lossless
// when nothing but white space was dropped, so "14\n0" is 140; "7.5 s" is
// 7, not lossless). fixed is the Real as check writes it; ok is false
// when the value reads neither way. A Real is returned as it is,
// lossless. It is the one correction of a Real: sgf check's (KM's
// included) and that of the readers (sgf.Value.Real, GameInfo.Komi),
// which take it when it is lossless.
func CorrectReal(raw []byte) (fixed string, lossless, ok bool) {
	if f, _, err := FixReal(string(raw)); err == nil {
		return f, true, true
	}
	if n, lossless, ok := CorrectNumber(raw); ok {
		return strconv.Itoa(n), lossless, true
	}
	return "", false, false
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// skipSpace returns the index of the first byte of s from i on that is no
// white space.
func skipSpace(s []byte, i int) int {
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	return i
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

// CorrectColor reads raw, a value that should be a Color, as sgf check
// corrects one (C03): white space around it removed, "B" or "W" in any
// case followed by anything ("w 123" is W, lossy), "black" or "white" in
// any case, and FF[1]-FF[3]'s 1 (black) and 2 (white). lossless says
// that nothing but white space and the case changed (" w ", "White",
// "2"): the readers take such a value as the colour (sgf.Value.Color).
// ok is false for any other value ("r", "x"). A Color is returned as it
// is, lossless.
func CorrectColor(raw []byte) (c Color, lossless, ok bool) {
	if c, err := ParseColor(raw); err == nil {
		return c, true, true
	}
	t := bytes.TrimSpace(raw)
	switch {
	case len(t) == 1 && (t[0] == '1' || t[0] == '2'):
		// FF[1]-FF[3] programs wrote the player as a number.
		if t[0] == '1' {
			return Black, true, true
		}
		return White, true, true
	case len(t) > 0 && (t[0]|0x20 == 'b' || t[0]|0x20 == 'w'):
		word := bytes.EqualFold(t, []byte("black")) || bytes.EqualFold(t, []byte("white"))
		return Color(t[0] &^ 0x20), len(t) == 1 || word, true
	}
	return 0, false, false
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
