package value

import (
	"errors"
	"testing"
)

func TestFixReal(t *testing.T) {
	tests := []struct {
		in, want string
		changed  bool
		ok       bool
	}{
		{"6.5", "6.5", false, true},
		{"0", "0", false, true},
		// SGFC test.sgf: KM[5 1/2] -> KM[5.5]
		{"5 1/2", "5.5", true, true},
		{"6,5", "6.5", true, true},
		{" 6.5 ", "6.5", true, true},
		// SGFC: BL[34.] -> BL[34]
		{"34.", "34", true, true},
		{".5", "0.5", true, true},
		{"-.5", "-0.5", true, true},
		{"1/2", "0.5", true, true},
		{"-3 3/4", "-3.75", true, true},
		{"7 1/8", "7.125", true, true},
		{"1/3", "1/3", false, false}, // no finite decimal
		{"1/0", "1/0", false, false},
		{"1,000.5", "1,000.5", false, false},
		{"1,200", "1,200", false, false}, // thousands or decimal?
		{"6,25", "6.25", true, true},
		// a value as written, its escapes removed once, as ParseReal
		// reads it
		{`6\.5`, `6\.5`, false, true},
		{` 6\,5`, "6.5", true, true},
		{`5 1\/2`, "5.5", true, true},
		{`6\\.5`, `6\\.5`, false, false}, // the text `6\.5`
		{"abc", "abc", false, false},
		{"", "", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, changed, err := FixReal(tt.in)
			if got != tt.want || changed != tt.changed || (err == nil) != tt.ok {
				t.Errorf("FixReal(%q) = %q, %v, %v; want %q, %v, ok=%v", tt.in, got, changed, err, tt.want, tt.changed, tt.ok)
			}
			if err != nil && !errors.Is(err, ErrSyntax) {
				t.Errorf("error %v does not wrap ErrSyntax", err)
			}
		})
	}
}

func TestParseTime(t *testing.T) {
	if f, err := ParseTime([]byte("1200")); f != 1200 || err != nil {
		t.Errorf("ParseTime(1200) = %v, %v", f, err)
	}
	if _, err := ParseTime([]byte("-5")); !errors.Is(err, ErrRange) {
		t.Errorf("ParseTime(-5) error = %v, want ErrRange", err)
	}
	var e *Error
	if _, err := ParseTime([]byte("9 hours")); !errors.As(err, &e) || e.Type != "Time" || e.Err != ErrSyntax {
		t.Errorf("ParseTime(9 hours) error = %v", err)
	}
}

func TestFixTime(t *testing.T) {
	tests := []struct {
		in, want string
		changed  bool
		ok       bool
	}{
		{"1200", "1200", false, true},
		{"5.5", "5.5", false, true},
		// SGFC test.sgf: TM[9 hours] -> TM[32400]
		{"9 hours", "32400", true, true},
		{"1h30m", "5400", true, true},
		{"1 hour 30 minutes", "5400", true, true},
		{"1 hour and 30 minutes", "5400", true, true},
		{"90 min", "5400", true, true},
		{"90 mins each", "5400", true, true},
		{"2.5 hours", "9000", true, true},
		{"45s", "45", true, true},
		{"10'", "600", true, true},
		{"1:30:00", "5400", true, true},
		{"30 min per player", "1800", true, true},
		{"1200.", "1200", true, true},
		{"1:30", "1:30", false, false}, // minutes or hours?
		// a value as written, its escapes removed once, as ParseTime
		// reads it
		{`1\:30\:00`, "5400", true, true},
		{` 9\.5 `, "9.5", true, true},
		{`30\0`, `30\0`, false, true},
		{`1\\:30:00`, `1\\:30:00`, false, false}, // the text `1\:30:00`
		{"-5", "-5", false, false},
		{"5 minutes + 30s byo-yomi", "5 minutes + 30s byo-yomi", false, false},
		{"hours", "hours", false, false},
		{"", "", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, changed, err := FixTime(tt.in)
			if got != tt.want || changed != tt.changed || (err == nil) != tt.ok {
				t.Errorf("FixTime(%q) = %q, %v, %v; want %q, %v, ok=%v", tt.in, got, changed, err, tt.want, tt.changed, tt.ok)
			}
		})
	}
}
