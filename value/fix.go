package value

import (
	"strconv"
	"strings"
)

// FixReal turns a free-form number into a Real where its meaning is clear.
// A valid Real is returned unchanged with changed false. It understands
// surrounding spaces, a decimal comma ("6,5"; but "1,200" is refused, as
// it may be a thousands separator), a dangling or bare point
// ("34.", ".5"), and fractions with a terminating decimal form ("5 1/2",
// "1/2", "-3 3/4"). Anything else is refused with an error wrapping
// [ErrSyntax], and s is returned unchanged.
//
// s is a value as written: its escapes are removed once, as [ParseReal]
// removes them, before it is read (`6\.5` is a Real, and ` 6\,5` is
// fixed to 6.5 as " 6,5" is).
func FixReal(s string) (fixed string, changed bool, err error) {
	t := string(unescape([]byte(s)))
	if isReal([]byte(t)) {
		return s, false, nil
	}
	f, ok := fixReal(t)
	if !ok {
		return s, false, syntaxError("Real", []byte(s))
	}
	return f, f != s, nil
}

// fixReal fixes s, a text (escapes removed), that is no Real.
func fixReal(s string) (string, bool) {
	t := strings.TrimSpace(s)
	if t == "" {
		return "", false
	}
	if i := strings.IndexByte(t, ','); i >= 0 && strings.Count(t, ",") == 1 && !strings.Contains(t, ".") {
		if len(t)-i-1 == 3 { // "1,200": a thousands separator or a decimal comma?
			return "", false
		}
		t = t[:i] + "." + t[i+1:]
	}
	if b := []byte(t); isReal(b) {
		return t, true
	}
	if strings.HasSuffix(t, ".") && isNumber([]byte(t[:len(t)-1])) {
		return t[:len(t)-1], true
	}
	sign := ""
	if t[0] == '+' || t[0] == '-' {
		sign, t = t[:1], strings.TrimSpace(t[1:])
	}
	if strings.HasPrefix(t, ".") && len(t) > 1 && allDigits([]byte(t[1:])) {
		return sign + "0" + t, true
	}
	// Fractions: "[whole ]num/den".
	whole, frac := "0", t
	if i := strings.IndexByte(t, ' '); i >= 0 {
		whole, frac = t[:i], strings.TrimSpace(t[i+1:])
	}
	num, den, ok := strings.Cut(frac, "/")
	if !ok || !isSmallUint(whole) || !isSmallUint(num) || !isSmallUint(den) {
		return "", false
	}
	w, _ := strconv.Atoi(whole)
	n, _ := strconv.Atoi(num)
	d, _ := strconv.Atoi(den)
	if d == 0 || !terminates(d) {
		return "", false
	}
	v := float64(w) + float64(n)/float64(d)
	if sign == "-" {
		v = -v
	}
	return string(AppendReal(nil, v)), true
}

// isSmallUint reports whether s is 1 to 6 decimal digits.
func isSmallUint(s string) bool { return len(s) > 0 && len(s) <= 6 && allDigits([]byte(s)) }

// terminates reports whether 1/d has a finite decimal expansion.
func terminates(d int) bool {
	for d%2 == 0 {
		d /= 2
	}
	for d%5 == 0 {
		d /= 5
	}
	return d == 1
}

// ParseTime parses a TM value: a Real number of seconds, >= 0 (a negative
// time is an error wrapping [ErrRange]).
func ParseTime(raw []byte) (float64, error) {
	f, err := ParseReal(raw)
	if err != nil {
		err.(*Error).Type = "Time"
		return f, err
	}
	if f < 0 {
		return f, rangeError("Time", raw)
	}
	return f, nil
}

// FixTime turns a free-form time limit into seconds, the TM format, where
// the meaning is clear. A valid TM value is returned unchanged with changed
// false. Besides what [FixReal] fixes it understands amounts with units
// ("9 hours" is 32400, "1h30m" and "1 hour 30 minutes" are 5400, "90 min",
// "45s", "2.5 hours") and "h:mm:ss" ("1:30:00"), optionally followed by
// "each" or "per player". A bare "1:30" (minutes or hours?) and anything
// else are refused with an error wrapping [ErrSyntax].
//
// s is a value as written: its escapes are removed once, as [ParseTime]
// removes them, before it is read (`1\:30\:00` is 5400, as "1:30:00" is).
func FixTime(s string) (fixed string, changed bool, err error) {
	if f, err := ParseReal([]byte(s)); err == nil && f >= 0 {
		return s, false, nil
	}
	if f, _, err := FixReal(s); err == nil && !strings.HasPrefix(f, "-") {
		return f, true, nil
	}
	secs, ok := fixTime(string(unescape([]byte(s))))
	if !ok {
		return s, false, syntaxError("Time", []byte(s))
	}
	out := string(AppendReal(nil, secs))
	return out, out != s, nil
}

var timeUnits = map[string]float64{
	"h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600,
	"m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60, "'": 60,
	"s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1, "\"": 1,
}

func fixTime(s string) (float64, bool) {
	t := strings.ToLower(strings.TrimSpace(s))
	for _, suffix := range []string{" each", " per player", " per side"} {
		t = strings.TrimSuffix(t, suffix)
	}
	t = strings.TrimSpace(t)
	if t == "" {
		return 0, false
	}
	if parts := strings.Split(t, ":"); len(parts) == 3 {
		total := 0.0
		for i, p := range parts {
			if !isSmallUint(p) || (i > 0 && (len(p) != 2 || p > "59")) {
				return 0, false
			}
			v, _ := strconv.Atoi(p)
			total = total*60 + float64(v)
		}
		return total, true
	}
	total, amounts := 0.0, 0
	for i := 0; i < len(t); {
		for i < len(t) && (t[i] == ' ' || t[i] == ',') {
			i++
		}
		if i == len(t) {
			break
		}
		if amounts > 0 && strings.HasPrefix(t[i:], "and ") {
			i += 4
			continue
		}
		j := i
		for j < len(t) && ('0' <= t[j] && t[j] <= '9' || t[j] == '.') {
			j++
		}
		v, err := strconv.ParseFloat(t[i:j], 64)
		if j == i || err != nil || !isReal([]byte(t[i:j])) {
			return 0, false
		}
		for j < len(t) && t[j] == ' ' {
			j++
		}
		k := j
		for k < len(t) && ('a' <= t[k] && t[k] <= 'z' || t[k] == '\'' || t[k] == '"') {
			k++
		}
		unit, ok := timeUnits[t[j:k]]
		if !ok {
			return 0, false
		}
		total += v * unit
		amounts++
		i = k
	}
	return total, amounts > 0
}
