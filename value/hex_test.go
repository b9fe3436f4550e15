package value

import (
	"errors"
	"testing"
)

func TestParseHexCell(t *testing.T) {
	tests := []struct {
		raw  string
		want HexCell
		err  error
	}{
		// "Examples: [a1], [f6], [ab28]"
		{"a1", HexCell{0, 0}, nil},
		{"f6", HexCell{5, 5}, nil},
		{"ab28", HexCell{27, 27}, nil},
		// "the next columns after 'z' are 'aa', 'ab', 'ac', etc."
		{"z1", HexCell{25, 0}, nil},
		{"aa1", HexCell{26, 0}, nil},
		{"az1", HexCell{51, 0}, nil},
		{"ba1", HexCell{52, 0}, nil},
		// "Cell names are case insensitive."
		{"F6", HexCell{5, 5}, nil},
		{"Ab28", HexCell{27, 27}, nil},
		{"k11", HexCell{10, 10}, nil},
		{"", HexCell{}, ErrSyntax},
		{"a", HexCell{}, ErrSyntax},
		{"1", HexCell{}, ErrSyntax},
		{"a0", HexCell{}, ErrSyntax},
		{"a01", HexCell{}, ErrSyntax},
		{"1a", HexCell{}, ErrSyntax},
		{"a1b", HexCell{}, ErrSyntax},
		{"a-1", HexCell{}, ErrSyntax},
		{"abcde1", HexCell{}, ErrRange},
		{"a1234567", HexCell{}, ErrRange},
	}
	for _, tt := range tests {
		t.Run(tt.raw, func(t *testing.T) {
			got, err := ParseHexCell([]byte(tt.raw))
			if got != tt.want || !errors.Is(err, tt.err) || (err == nil) != (tt.err == nil) {
				t.Fatalf("ParseHexCell(%q) = %v, %v; want %v, %v", tt.raw, got, err, tt.want, tt.err)
			}
			if err == nil {
				back, err := ParseHexCell([]byte(got.String()))
				if err != nil || back != got {
					t.Errorf("round trip through %q = %v, %v", got.String(), back, err)
				}
			}
		})
	}
	for _, tt := range []struct {
		c    HexCell
		want string
	}{{HexCell{0, 0}, "a1"}, {HexCell{27, 27}, "ab28"}, {HexCell{26*26 + 25, 0}, "zz1"}, {HexCell{26 * 27, 9}, "aaa10"}, {HexCell{-1, 0}, "?"}} {
		if got := string(AppendHexCell(nil, tt.c)); got != tt.want {
			t.Errorf("AppendHexCell(%v) = %q, want %q", tt.c, got, tt.want)
		}
	}
}

func TestParseHexMove(t *testing.T) {
	tests := []struct {
		raw  string
		want HexMove
		ok   bool
	}{
		// "Move. This is either a point, or one of the special moves
		// 'swap-sides', 'swap-pieces', 'pass', 'resign', 'forfeit'."
		{"i3", HexMove{HexPlace, HexCell{8, 2}}, true},
		{"swap-pieces", HexMove{Kind: HexSwapPieces}, true},
		{"swap-sides", HexMove{Kind: HexSwapSides}, true},
		{"pass", HexMove{Kind: HexPass}, true},
		{"resign", HexMove{Kind: HexResign}, true},
		{"forfeit", HexMove{Kind: HexForfeit}, true},
		{"Swap-Pieces", HexMove{Kind: HexSwapPieces}, true},
		{"swap", HexMove{}, false},
		{"", HexMove{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.raw, func(t *testing.T) {
			got, err := ParseHexMove([]byte(tt.raw))
			if got != tt.want || (err == nil) != tt.ok {
				t.Fatalf("ParseHexMove(%q) = %v, %v", tt.raw, got, err)
			}
			if err != nil {
				var e *Error
				if !errors.As(err, &e) || e.Type != "HexMove" {
					t.Errorf("error = %v, want a HexMove *Error", err)
				}
				return
			}
			back, err := ParseHexMove(AppendHexMove(nil, got))
			if err != nil || back != got {
				t.Errorf("round trip = %v, %v", back, err)
			}
		})
	}
	if s := HexMoveKind(42).String(); s != "HexMoveKind(42)" {
		t.Errorf("String() = %q", s)
	}
}
