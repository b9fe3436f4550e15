package value

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func TestParseNumber(t *testing.T) {
	tests := []struct {
		raw  string
		want int
		err  error
	}{
		// Number = [("+"|"-")] Digit { Digit }
		{"0", 0, nil},
		{"19", 19, nil},
		{"+5", 5, nil},
		{"-12", -12, nil},
		{"007", 7, nil},
		{`1\9`, 19, nil}, // an escaped digit is the digit
		{"", 0, ErrSyntax},
		{"+", 0, ErrSyntax},
		{"1.5", 0, ErrSyntax},
		{" 1", 0, ErrSyntax},
		{"1 kk", 0, ErrSyntax},
		{"0x10", 0, ErrSyntax},
		{"99999999999999999999", math.MaxInt, ErrRange},
		{"-99999999999999999999", math.MinInt, ErrRange},
	}
	for _, tt := range tests {
		t.Run(tt.raw, func(t *testing.T) {
			got, err := ParseNumber([]byte(tt.raw))
			if got != tt.want || !errors.Is(err, tt.err) || (tt.err == nil) != (err == nil) {
				t.Errorf("ParseNumber(%q) = %d, %v; want %d, %v", tt.raw, got, err, tt.want, tt.err)
			}
		})
	}
}

func TestParseReal(t *testing.T) {
	tests := []struct {
		raw  string
		want float64
		err  error
	}{
		// Real = Number ["." Digit { Digit }]
		{"0", 0, nil},
		{"6.5", 6.5, nil},
		{"-0.5", -0.5, nil},
		{"+7.25", 7.25, nil},
		{"1200", 1200, nil},
		{"34.", 0, ErrSyntax}, // SGFC corrects BL[34.] to 34
		{".5", 0, ErrSyntax},
		{"1e3", 0, ErrSyntax},
		{"Inf", 0, ErrSyntax},
		{"NaN", 0, ErrSyntax},
		{"6,5", 0, ErrSyntax},
		{"1.2.3", 0, ErrSyntax},
		{"", 0, ErrSyntax},
		{"-", 0, ErrSyntax},
		{"1.-5", 0, ErrSyntax},
	}
	for _, tt := range tests {
		t.Run(tt.raw, func(t *testing.T) {
			got, err := ParseReal([]byte(tt.raw))
			if got != tt.want || !errors.Is(err, tt.err) || (tt.err == nil) != (err == nil) {
				t.Errorf("ParseReal(%q) = %v, %v; want %v, %v", tt.raw, got, err, tt.want, tt.err)
			}
		})
	}
	t.Run("huge", func(t *testing.T) {
		raw := "1" + strings.Repeat("0", 400)
		f, err := ParseReal([]byte(raw))
		if !math.IsInf(f, 1) || !errors.Is(err, ErrRange) {
			t.Errorf("ParseReal(1e400 spelled out) = %v, %v; want +Inf, ErrRange", f, err)
		}
	})
}

func TestAppendReal(t *testing.T) {
	for _, f := range []float64{0, 0.5, 6.5, -2.75, 7, 1200, 1e21, 0.1, 5.75, 1e-7} {
		s := AppendReal(nil, f)
		g, err := ParseReal(s)
		if err != nil || g != f {
			t.Errorf("ParseReal(AppendReal(%v) = %q) = %v, %v", f, s, g, err)
		}
	}
	if got := string(AppendReal(nil, 6.5)); got != "6.5" {
		t.Errorf("AppendReal(6.5) = %q", got)
	}
	if got := string(AppendReal(nil, 32400)); got != "32400" {
		t.Errorf("AppendReal(32400) = %q", got)
	}
}

func TestDoubleColorNone(t *testing.T) {
	for _, tt := range []struct {
		raw  string
		want Double
		err  error
	}{{"1", Normal, nil}, {"2", Emphasized, nil}, {"3", 0, ErrRange}, {"0", 0, ErrRange}, {"", 0, ErrSyntax}, {"x", 0, ErrSyntax}} {
		got, err := ParseDouble([]byte(tt.raw))
		if got != tt.want || !errors.Is(err, tt.err) || (tt.err == nil) != (err == nil) {
			t.Errorf("ParseDouble(%q) = %v, %v; want %v, %v", tt.raw, got, err, tt.want, tt.err)
		}
		if err == nil && string(AppendDouble(nil, got)) != tt.raw {
			t.Errorf("AppendDouble(%v) = %q", got, AppendDouble(nil, got))
		}
	}
	for _, tt := range []struct {
		raw  string
		want Color
		ok   bool
	}{{"B", Black, true}, {"W", White, true}, {"w", 0, false}, {"", 0, false}, {"BW", 0, false}, {"w 123", 0, false}} {
		got, err := ParseColor([]byte(tt.raw))
		if got != tt.want || (err == nil) != tt.ok {
			t.Errorf("ParseColor(%q) = %v, %v", tt.raw, got, err)
		}
		if tt.ok && (string(AppendColor(nil, got)) != tt.raw || got.String() != tt.raw) {
			t.Errorf("AppendColor(%v) = %q", got, AppendColor(nil, got))
		}
	}
	if err := ParseNone(nil); err != nil {
		t.Errorf("ParseNone(empty) = %v", err)
	}
	if err := ParseNone([]byte("xxxx")); !errors.Is(err, ErrSyntax) {
		t.Errorf("ParseNone(xxxx) = %v, want ErrSyntax", err)
	}
}

func TestError(t *testing.T) {
	_, err := ParseNumber([]byte("1 kk"))
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("error %T is not *Error", err)
	}
	if e.Type != "Number" || e.Value != "1 kk" || e.Err != ErrSyntax {
		t.Errorf("error = %#v", e)
	}
	if want := `value: parsing Number "1 kk": invalid syntax`; err.Error() != want {
		t.Errorf("Error() = %q, want %q", err.Error(), want)
	}
	long := make([]byte, 1000)
	_, err = ParseNumber(long)
	if errors.As(err, &e); len(e.Value) != maxErrorValue {
		t.Errorf("Error.Value holds %d bytes, want %d", len(e.Value), maxErrorValue)
	}
	_, err = ParseStyle([]byte("7"))
	if errors.As(err, &e); e.Type != "Style" || !errors.Is(err, ErrRange) {
		t.Errorf("ParseStyle(7) error = %v", err)
	}
}

// TestCorrectNumber: the one correction of a number (sgf check's C03,
// the root's FF, GM, SZ and ST, and the readers through
// sgf.Value.Number): white space dropped, the leading number kept, lossless
// only when nothing but white space was dropped.
func TestCorrectNumber(t *testing.T) {
	for _, c := range []struct {
		raw          string
		n            int
		lossless, ok bool
	}{
		{"4", 4, true, true}, {"+4", 4, true, true}, {"-4", -4, true, true}, {`\4`, 4, true, true},
		{" 4 ", 4, true, true}, {"1 9", 19, true, true}, {"14\n0", 140, true, true}, {"- 5", -5, true, true},
		{"1 kk", 1, false, true}, {"7.5", 7, false, true}, {"5-3", 5, false, true}, {"1x2", 1, false, true},
		{"x4", 0, false, false}, {"", 0, false, false}, {" ", 0, false, false}, {"+", 0, false, false},
		{"--5", 0, false, false}, {"99999999999999999999", 0, false, false},
	} {
		n, lossless, ok := CorrectNumber([]byte(c.raw))
		if n != c.n || lossless != c.lossless || ok != c.ok {
			t.Errorf("CorrectNumber(%q) = %d, %v, %v; want %d, %v, %v", c.raw, n, lossless, ok, c.n, c.lossless, c.ok)
		}
	}
}

// TestCorrectColor: the correction of a colour (C03) and the reading of
// PL by every reader (sgf.Value.Color).
func TestCorrectColor(t *testing.T) {
	for _, c := range []struct {
		raw          string
		c            Color
		lossless, ok bool
	}{
		{"B", Black, true, true}, {"W", White, true, true}, {`\W`, White, true, true},
		{" w ", White, true, true}, {"b", Black, true, true}, {"BLACK", Black, true, true}, {"white", White, true, true},
		{"1", Black, true, true}, {" 2\n", White, true, true},
		{"w 123", White, false, true}, {"bw", Black, false, true},
		{"r", 0, false, false}, {"3", 0, false, false}, {"", 0, false, false}, {"12", 0, false, false},
	} {
		col, lossless, ok := CorrectColor([]byte(c.raw))
		if col != c.c || lossless != c.lossless || ok != c.ok {
			t.Errorf("CorrectColor(%q) = %v, %v, %v; want %v, %v, %v", c.raw, col, lossless, ok, c.c, c.lossless, c.ok)
		}
	}
}

// TestCorrectReal: the one correction of a Real: FixReal's, else the
// number it starts with (CorrectNumber), lossless only when nothing but
// white space was dropped.
func TestCorrectReal(t *testing.T) {
	for _, c := range []struct {
		raw, fixed   string
		lossless, ok bool
	}{
		{"6.5", "6.5", true, true},
		{" 6,5 ", "6.5", true, true},
		{"5 1/2", "5.5", true, true},
		{"14\n0", "140", true, true},
		{"7.5 s", "7", false, true},
		{"x", "", false, false},
	} {
		fixed, lossless, ok := CorrectReal([]byte(c.raw))
		if fixed != c.fixed || lossless != c.lossless || ok != c.ok {
			t.Errorf("CorrectReal(%q) = %q, %v, %v", c.raw, fixed, lossless, ok)
		}
	}
}

// TestPlainNumber: the fast path takes exactly the values of 1 to 9 digits
// and reads them as ParseNumber does; everything else is left to it.
func TestPlainNumber(t *testing.T) {
	for _, raw := range []string{"0", "7", "19", "007", "123456789", "999999999"} {
		n, ok := PlainNumber([]byte(raw))
		want, err := ParseNumber([]byte(raw))
		if !ok || err != nil || n != want {
			t.Errorf("PlainNumber(%q) = %d, %v; ParseNumber %d, %v", raw, n, ok, want, err)
		}
	}
	for _, raw := range []string{"", "+1", "-1", " 1", "1 ", "1.5", "1234567890", "1\\2", "x"} {
		if n, ok := PlainNumber([]byte(raw)); ok {
			t.Errorf("PlainNumber(%q) = %d, true; want false", raw, n)
		}
	}
}
