package value

import (
	"errors"
	"fmt"
	"slices"
	"testing"
)

func TestParseDate(t *testing.T) {
	tests := []struct {
		raw  string
		want Date
		err  error
	}{
		{"2019-04-03", Date{{2019, 4, 3}}, nil},
		// "Partial dates are allowed: YYYY ... YYYY-MM"
		{"1996", Date{{1996, 0, 0}}, nil},
		{"1996-05", Date{{1996, 5, 0}}, nil},
		// The spec's examples.
		// "1996-05,06 = played in May,June 1996"
		{"1996-05,06", Date{{1996, 5, 0}, {1996, 6, 0}}, nil},
		// "1996-05-06,07,08 = played on 6th,7th,8th May 1996"
		{"1996-05-06,07,08", Date{{1996, 5, 6}, {1996, 5, 7}, {1996, 5, 8}}, nil},
		// "1996,1997 = played in 1996 and 1997"
		{"1996,1997", Date{{1996, 0, 0}, {1997, 0, 0}}, nil},
		// "1996-12-27,28,1997-01-03,04 = played on 27th,28th of December
		// 1996 and on 3rd,4th January 1997"
		{"1996-12-27,28,1997-01-03,04", Date{{1996, 12, 27}, {1996, 12, 28}, {1997, 1, 3}, {1997, 1, 4}}, nil},
		// "MM-DD - if preceded by YYYY-MM-DD, YYYY-MM, MM-DD, MM or DD"
		{"1997-05-30,06-02", Date{{1997, 5, 30}, {1997, 6, 2}}, nil},
		{"1997-05,06-02", Date{{1997, 5, 0}, {1997, 6, 2}}, nil},
		{"1997-05-01,02,06-02,07-01", Date{{1997, 5, 1}, {1997, 5, 2}, {1997, 6, 2}, {1997, 7, 1}}, nil},
		{"1997-05,06,07-01", Date{{1997, 5, 0}, {1997, 6, 0}, {1997, 7, 1}}, nil},
		// "1997-05-05,06 instead of 1997-05-05,1997-05-06": both valid
		{"1997-05-05,1997-05-06", Date{{1997, 5, 5}, {1997, 5, 6}}, nil},
		{"2000-02-29", Date{{2000, 2, 29}}, nil},
		// "MM" only after YYYY-MM or MM; "DD" only after a day.
		{"1996,05", nil, ErrSyntax},
		{"1996,05-06", nil, ErrSyntax},
		{"1996-05-06,07-08,09", Date{{1996, 5, 6}, {1996, 7, 8}, {1996, 7, 9}}, nil},
		// "Do not use other separators such as "/", " ", "," or "."."
		{"1999/12/31", nil, ErrSyntax},
		{"1996-05-06, 07", nil, ErrSyntax},
		{"96-05-06", nil, ErrSyntax},
		{"1996-5-6", nil, ErrSyntax},
		{"1996-05-06,", nil, ErrSyntax},
		{",1996", nil, ErrSyntax},
		{"", nil, ErrSyntax},
		{"12th and 13th march 94", nil, ErrSyntax},
		{"1996-13", nil, ErrRange},
		{"1996-00", nil, ErrRange},
		{"1999-02-29", nil, ErrRange},
		{"1900-02-29", nil, ErrRange},
		{"1996-04-31", nil, ErrRange},
		{"1996-05-06,32", nil, ErrRange},
	}
	for _, tt := range tests {
		t.Run(tt.raw, func(t *testing.T) {
			got, err := ParseDate([]byte(tt.raw))
			if !slices.Equal(got, tt.want) || !errors.Is(err, tt.err) || (err == nil) != (tt.err == nil) {
				t.Errorf("ParseDate(%q) = %v, %v; want %v, %v", tt.raw, got, err, tt.want, tt.err)
			}
		})
	}
}

func TestAppendDate(t *testing.T) {
	tests := []struct {
		d    Date
		want string
	}{
		{Date{{2019, 4, 3}}, "2019-04-03"},
		{Date{{1996, 0, 0}}, "1996"},
		// "it's recommended to use shortcuts whenever possible"
		{Date{{1997, 5, 5}, {1997, 5, 6}}, "1997-05-05,06"},
		{Date{{1996, 5, 0}, {1996, 6, 0}}, "1996-05,06"},
		{Date{{1996, 12, 27}, {1996, 12, 28}, {1997, 1, 3}, {1997, 1, 4}}, "1996-12-27,28,1997-01-03,04"},
		{Date{{1996, 5, 30}, {1996, 6, 2}}, "1996-05-30,06-02"},
		{Date{{1996, 5, 0}, {1996, 6, 2}}, "1996-05,06-02"},
		// No "MM" shortcut after a day: the month must be written in full.
		{Date{{1996, 5, 30}, {1996, 6, 0}}, "1996-05-30,1996-06"},
		{Date{{1996, 0, 0}, {1996, 5, 0}}, "1996,1996-05"},
		{Date{{1996, 0, 0}, {1997, 0, 0}}, "1996,1997"},
		{Date{{33, 1, 2}}, "0033-01-02"},
		{nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if got := tt.d.String(); got != tt.want {
				t.Errorf("AppendDate(%v) = %q, want %q", tt.d, got, tt.want)
			}
			if len(tt.d) == 0 {
				return
			}
			back, err := ParseDate([]byte(tt.want))
			if err != nil || !slices.Equal(back, tt.d) {
				t.Errorf("ParseDate(%q) = %v, %v; want %v", tt.want, back, err, tt.d)
			}
		})
	}
}

func TestFixDate(t *testing.T) {
	tests := []struct {
		in, want string
		changed  bool
		ok       bool
	}{
		{"2019-04-03", "2019-04-03", false, true},
		// a value as written, its escapes removed once (GNU Go's
		// verybad.sgf: DT[2004-10-27 16\:01\:54])
		{`2004-10-27 16\:01\:54`, "2004-10-27", true, true},
		{`2019-04-0\\3`, `2019-04-0\\3`, false, false},
		{"1997-05-05,1997-05-06", "1997-05-05,1997-05-06", false, true}, // valid: left alone
		// SGFC test.sgf: DT[12th and 13th march 94] -> DT[1994-03-12,13]
		{"12th and 13th march 94", "1994-03-12,13", true, true},
		// SGFC test.sgf: "a sunny afternoon last summer" is NOT corrected
		{"a sunny afternoon last summer", "a sunny afternoon last summer", false, false},
		{"1999/12/31", "1999-12-31", true, true},
		{"31.12.1999", "1999-12-31", true, true},
		{"Dec 31, 1999", "1999-12-31", true, true},
		{"December 31st, 1999", "1999-12-31", true, true},
		{"Dec. 31 1999", "1999-12-31", true, true},
		{"31 December 1999", "1999-12-31", true, true},
		// glift's 173-timmins.sgf: DT[29th September 2012]
		{"29th September 2012", "2012-09-29", true, true},
		{"March 12-14, 1994", "1994-03-12,13,14", true, true},
		{"Dec 99", "1999-12", true, true},
		{"December 2005", "2005-12", true, true},
		{"March 5, 06", "2006-03-05", true, true},
		{"2019-4-3", "2019-04-03", true, true},
		{"1996-05-06, 07", "1996-05-06,07", true, true},
		{" 2019-04-03 ", "2019-04-03", true, true},
		{"1999 12 31", "1999-12-31", true, true},
		{"1999.12.31", "1999-12-31", true, true},
		{"19991231", "1999-12-31", true, true},
		{"12/1999", "1999-12", true, true},
		{"31/12/1999", "1999-12-31", true, true},
		{"12/31/1999", "1999-12-31", true, true},
		{"05/05/1999", "1999-05-05", true, true},
		{"31-12-1999", "1999-12-31", true, true},
		{"12-31-1999", "1999-12-31", true, true},
		{"05-06-1999", "05-06-1999", false, false},
		{"5.6.1999", "1999-06-05", true, true},
		// Ambiguous: 5 June or May 6? Refused.
		{"05/06/1999", "05/06/1999", false, false},
		{"5 March", "5 March", false, false},             // no year
		{"31 April 1999", "31 April 1999", false, false}, // no such day
		{"Jan Feb 1999", "Jan Feb 1999", false, false},   // two months
		// The time of day has no place in DT: the date is kept, the
		// time dropped (the change is reported).
		{"2016-12-29 19:01:34", "2016-12-29", true, true},
		{"2001/02/01 19:53:20 UT", "2001-02-01", true, true},
		{"2004-10-27 16:01", "2004-10-27", true, true},
		{"2004-10-27T16:01:54Z", "2004-10-27", true, true},
		{"2017-04-03T20:19:36.622069344+00:00", "2017-04-03", true, true},
		{"2017-04-03T23:19:36-0500", "2017-04-03", true, true},
		{"Sun Mar 16 15:12:20 GMT+09:00 2014", "Sun Mar 16 15:12:20 GMT+09:00 2014", false, false},
		// A zero month or day is refused, not dropped (corpus: DT[1978.0.09]).
		{"1978.0.09", "1978.0.09", false, false},
		{"1978.00", "1978.00", false, false},
		{"19780009", "19780009", false, false},
		{"19780900", "19780900", false, false},
		{"0/12/1999", "0/12/1999", false, false},
		{"", "", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, changed, err := FixDate(tt.in)
			if got != tt.want || changed != tt.changed || (err == nil) != tt.ok {
				t.Errorf("FixDate(%q) = %q, %v, %v; want %q, %v, ok=%v", tt.in, got, changed, err, tt.want, tt.changed, tt.ok)
			}
		})
	}
}

// TestParseDateFastPath checks that "YYYY-MM-DD", which ParseDate reads
// without its general scan, gives what the general scan gives: the same
// text with an escaped last digit takes the general path.
func TestParseDateFastPath(t *testing.T) {
	for _, s := range []string{
		"2023-01-05", "1996-12-27", "2024-02-29", "2023-02-29", "2023-02-30",
		"2023-13-01", "2023-00-10", "2023-01-00", "0000-01-01", "9999-12-31",
		"2023-1a-05", "2023-01-0x", "20a3-01-05", "2023+01-05",
	} {
		fast, errFast := ParseDate([]byte(s))
		slow, errSlow := ParseDate([]byte(s[:9] + `\` + s[9:]))
		if (errFast == nil) != (errSlow == nil) || fmt.Sprint(fast) != fmt.Sprint(slow) {
			t.Errorf("ParseDate(%q) = %v, %v; the general scan gives %v, %v", s, fast, errFast, slow, errSlow)
		}
	}
}
