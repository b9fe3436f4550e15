package value

import (
	"regexp"
	"strings"
	"testing"
)

// timeOfDayRE is the expression that fixDate read a time of day after a
// date with before dateBeforeTime read it by hand.
var timeOfDayRE = regexp.MustCompile(`^(.*[0-9])(?:T| +)[0-9]{1,2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]+)?)?(?: *(?i:UTC?|GMT|Z)|[+-][0-9]{2}:?[0-9]{2})?$`)

// TestDateBeforeTime: dateBeforeTime finds the date the expression finds
// (its first group), and no date where it finds none, on the shapes of
// DT values with times and on 200,000 strings made of their pieces
// (digits, "T", spaces, ":", ".", "+", "-", "/", zone letters in both
// cases, a newline, a multibyte character, an invalid byte).
func TestDateBeforeTime(t *testing.T) {
	check := func(s string) {
		t.Helper()
		d, ok := dateBeforeTime(s)
		want := ""
		m := timeOfDayRE.FindStringSubmatch(s)
		if m != nil {
			want = m[1]
		}
		if ok != (m != nil) || d != want {
			t.Fatalf("%q: %q %v, want %q %v", s, d, ok, want, m != nil)
		}
	}
	for _, s := range []string{
		"2016-12-29 19:01:34", "2001/02/01 19:53:20 UT", "2017-04-03T20:19:36.622069344+00:00",
		"2017-04-03T20:19:36+0100", "2017-04-03T20:19-05:00", "2017-04-03 9:05 utc", "2017-04-03 9:05Z",
		"2017-04-03 9:05 gmt", "2017-04-03  09:05:59.", "2017-04-03 9:5", "2017-04-03T9:05 +01:00",
		"2017-04-03 19:01:34 1", "1 2 3:45", "12:34", "a 1:23", "2017 1 12:34:56.7 Z", "x\n2017-01-01 10:00",
		"2017-01-01 10:00\n", "2017-01-01 10:00 UTCX", "2017-01-01 10:00 +1:00", "2017-01-01 10:00 +01:0",
		"\xff5 10:00", "中5 10:00", "", "T", " ", "5T", "5 1:00 5 2:00",
	} {
		check(s)
	}
	pieces := []string{"0", "1", "2", "9", "12", "T", " ", "  ", ":", ".", "+", "-", "/", "U", "u", "T", "t", "C", "c", "G", "M", "m", "Z", "z", "\n", "中", "\xff", "2017-04-03", "19:01", ":34", "UTC"}
	rnd := uint32(7)
	for range 200000 {
		var b strings.Builder
		rnd = rnd*1664525 + 1013904223
		n := 1 + int(rnd>>28)
		for range n {
			rnd = rnd*1664525 + 1013904223
			b.WriteString(pieces[int(rnd>>8)%len(pieces)])
		}
		check(b.String())
	}
}
