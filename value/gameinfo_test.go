package value

import (
	"errors"
	"testing"
)

func TestParseSize(t *testing.T) {
	tests := []struct {
		raw        string
		cols, rows int
		err        error
	}{
		{"19", 19, 19, nil},
		{"9", 9, 9, nil},
		// "the first number specifies the number of columns, the second
		// provides the number of rows"
		{"6:7", 6, 7, nil},
		{"10:52", 10, 52, nil},
		{"200", 200, 200, nil}, // the 52 limit is Go's, checked elsewhere
		// "Square boards must not be defined using the compose type value:
		// e.g. SZ[19:19] is illegal."
		{"19:19", 19, 19, ErrNonCanonical},
		// "The valid range for SZ is any size greater or equal to 1x1."
		{"1", 1, 1, nil},
		{"0", 0, 0, ErrRange},
		{"-10", -10, -10, ErrRange},
		{"5:0", 5, 0, ErrRange},
		{"", 0, 0, ErrSyntax},
		{"19:", 0, 0, ErrSyntax},
		{"x", 0, 0, ErrSyntax},
	}
	for _, tt := range tests {
		t.Run(tt.raw, func(t *testing.T) {
			c, r, err := ParseSize([]byte(tt.raw))
			if c != tt.cols || r != tt.rows || !errors.Is(err, tt.err) || (err == nil) != (tt.err == nil) {
				t.Errorf("ParseSize(%q) = %d, %d, %v; want %d, %d, %v", tt.raw, c, r, err, tt.cols, tt.rows, tt.err)
			}
		})
	}
	if got := string(AppendSize(nil, 19, 19)); got != "19" {
		t.Errorf("AppendSize(19, 19) = %q", got)
	}
	if got := string(AppendSize(nil, 6, 7)); got != "6:7" {
		t.Errorf("AppendSize(6, 7) = %q", got)
	}
}

func TestParseApplication(t *testing.T) {
	tests := []struct {
		raw, name, version string
		ok                 bool
	}{
		{"CGoban:3", "CGoban", "3", true},
		{"HexGui:0.10.GIT", "HexGui", "0.10.GIT", true},
		{"Many Faces of Go:10.0", "Many Faces of Go", "10.0", true},
		{"MGT:?", "MGT", "?", true},
		{`A\:B:1:2`, "A:B", "1:2", true},
		{"GOWrite", "GOWrite", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.raw, func(t *testing.T) {
			n, v, err := ParseApplication([]byte(tt.raw))
			if n != tt.name || v != tt.version || (err == nil) != tt.ok {
				t.Errorf("ParseApplication(%q) = %q, %q, %v", tt.raw, n, v, err)
			}
			if err == nil {
				n2, v2, err := ParseApplication(AppendApplication(nil, n, v))
				if n2 != n || v2 != v || err != nil {
					t.Errorf("round trip = %q, %q, %v", n2, v2, err)
				}
			}
		})
	}
}

func TestParseFigure(t *testing.T) {
	tests := []struct {
		raw  string
		want Figure
		ok   bool
	}{
		{"", Figure{None: true}, true},
		// glift 173-timmins.sgf: FG[259:]
		{"259:", Figure{Flags: 259}, true},
		{"257:Figure 1", Figure{Flags: 257, Name: "Figure 1"}, true},
		{`0:a\:b\]`, Figure{Name: "a:b]"}, true},
		{"257", Figure{}, false},
		{"x:y", Figure{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.raw, func(t *testing.T) {
			got, err := ParseFigure([]byte(tt.raw))
			if got != tt.want || (err == nil) != tt.ok {
				t.Fatalf("ParseFigure(%q) = %+v, %v", tt.raw, got, err)
			}
			if err == nil {
				back, err := ParseFigure(AppendFigure(nil, got))
				if back != got || err != nil {
					t.Errorf("round trip through %q = %+v, %v", AppendFigure(nil, got), back, err)
				}
			}
		})
	}
}

func TestParseLabel(t *testing.T) {
	tests := []struct {
		raw  string
		want Label
		ok   bool
	}{
		{"pq:3", Label{Point{15, 16}, "3"}, true},
		{"aa:txt", Label{Point{0, 0}, "txt"}, true},
		{`ff:a\:b c`, Label{Point{5, 5}, "a:b c"}, true},
		{"ff:two\nlines", Label{Point{5, 5}, "two lines"}, true},
		{"ff:", Label{Point{5, 5}, ""}, true},
		{"aa", Label{}, false},
		{"f f:text", Label{}, false}, // SGFC corrects this one; strict parsing does not
	}
	for _, tt := range tests {
		t.Run(tt.raw, func(t *testing.T) {
			got, err := ParseLabel([]byte(tt.raw))
			if got != tt.want || (err == nil) != tt.ok {
				t.Fatalf("ParseLabel(%q) = %+v, %v", tt.raw, got, err)
			}
			if err == nil {
				back, err := ParseLabel(AppendLabel(nil, got))
				if back != got || err != nil {
					t.Errorf("round trip = %+v, %v", back, err)
				}
			}
		})
	}
}

func TestSmallNumbers(t *testing.T) {
	tests := []struct {
		name  string
		parse func([]byte) (int, error)
		raw   string
		want  int
		err   error
	}{
		// ST: "number (range: 0-3)"
		{"ST", ParseStyle, "0", 0, nil},
		{"ST", ParseStyle, "2", 2, nil},
		{"ST", ParseStyle, "3", 3, nil},
		{"ST", ParseStyle, "4", 4, ErrRange},
		{"ST", ParseStyle, "-1", -1, ErrRange},
		{"ST", ParseStyle, "x", 0, ErrSyntax},
		// PM: 0, 1, 2
		{"PM", ParsePrintMode, "1", 1, nil},
		{"PM", ParsePrintMode, "2", 2, nil},
		{"PM", ParsePrintMode, "3", 3, ErrRange},
		// HA: a number; 0 is common and kept
		{"HA", ParseHandicap, "0", 0, nil},
		{"HA", ParseHandicap, "9", 9, nil},
		{"HA", ParseHandicap, "-2", -2, ErrRange},
		{"HA", ParseHandicap, "nine", 0, ErrSyntax},
	}
	for _, tt := range tests {
		t.Run(tt.name+"["+tt.raw+"]", func(t *testing.T) {
			got, err := tt.parse([]byte(tt.raw))
			if got != tt.want || !errors.Is(err, tt.err) || (err == nil) != (tt.err == nil) {
				t.Errorf("got %d, %v; want %d, %v", got, err, tt.want, tt.err)
			}
		})
	}
}
