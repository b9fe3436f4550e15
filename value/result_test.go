package value

import (
	"errors"
	"testing"
)

func TestParseResult(t *testing.T) {
	win := func(c Color, by WinBy, score float64) Result {
		return Result{Kind: ResultWin, Winner: c, By: by, Score: score}
	}
	tests := []struct {
		raw  string
		want Result
		ok   bool
	}{
		// ""0" (zero) or "Draw" for a draw (jigo)"
		{"0", Result{Kind: ResultDraw}, true},
		{"Draw", Result{Kind: ResultDraw}, true},
		// ""B+" ["score"] for a black win and "W+" ["score"] for a white win"
		{"B+", win(Black, ByUnstated, 0), true},
		{"W+", win(White, ByUnstated, 0), true},
		// "e.g. "B+0.5", "W+64", "B+12.5""
		{"B+0.5", win(Black, ByScore, 0.5), true},
		{"W+64", win(White, ByScore, 64), true},
		{"B+12.5", win(Black, ByScore, 12.5), true},
		{"B+0", win(Black, ByScore, 0), true},
		// "Use "B+R" or "B+Resign" and "W+R" or "W+Resign" for a win by resignation."
		{"B+R", win(Black, ByResign, 0), true},
		{"B+Resign", win(Black, ByResign, 0), true},
		{"W+R", win(White, ByResign, 0), true},
		{"W+Resign", win(White, ByResign, 0), true},
		// "Use "B+T" or "B+Time" and "W+T" or "W+Time" for a win on time"
		{"B+T", win(Black, ByTime, 0), true},
		{"W+Time", win(White, ByTime, 0), true},
		{"W+T", win(White, ByTime, 0), true},
		// ""B+F" or "B+Forfeit" and "W+F" or "W+Forfeit" for a win by forfeit"
		{"B+F", win(Black, ByForfeit, 0), true},
		{"W+Forfeit", win(White, ByForfeit, 0), true},
		// ""Void" for no result or suspended play and "?" for an unknown result."
		{"Void", Result{Kind: ResultVoid}, true},
		{"?", Result{}, true},
		{"b+r", Result{}, false},
		{"B+r", Result{}, false},
		{"B+-3", Result{}, false},
		{"B++3", Result{}, false},
		{"B+3.", Result{}, false},
		{"B+ 3", Result{}, false},
		{"B", Result{}, false},
		{"X+R", Result{}, false},
		{"draw", Result{}, false},
		{"", Result{}, false},
		{"Black resigns", Result{}, false}, // "Applications must not write "Black resigns"."
	}
	for _, tt := range tests {
		t.Run(tt.raw, func(t *testing.T) {
			got, err := ParseResult([]byte(tt.raw))
			if got != tt.want || (err == nil) != tt.ok {
				t.Fatalf("ParseResult(%q) = %+v, %v; want %+v, ok=%v", tt.raw, got, err, tt.want, tt.ok)
			}
			if err != nil {
				if !errors.Is(err, ErrSyntax) {
					t.Errorf("error %v does not wrap ErrSyntax", err)
				}
				return
			}
			back, err := ParseResult(AppendResult(nil, got))
			if err != nil || back != got {
				t.Errorf("round trip through %q = %+v, %v", got.String(), back, err)
			}
		})
	}
}

func TestAppendResult(t *testing.T) {
	tests := []struct {
		r    Result
		want string
	}{
		{Result{}, "?"},
		{Result{Kind: ResultDraw}, "0"},
		{Result{Kind: ResultVoid}, "Void"},
		{Result{Kind: ResultWin, Winner: Black, By: ByScore, Score: 5.75}, "B+5.75"},
		{Result{Kind: ResultWin, Winner: White, By: ByResign}, "W+R"},
		{Result{Kind: ResultWin, Winner: White, By: ByTime}, "W+T"},
		{Result{Kind: ResultWin, Winner: Black, By: ByForfeit}, "B+F"},
		{Result{Kind: ResultWin, Winner: Black}, "B+"},
		{Result{Kind: 9}, "?"},
	}
	for _, tt := range tests {
		if got := tt.r.String(); got != tt.want {
			t.Errorf("%+v.String() = %q, want %q", tt.r, got, tt.want)
		}
	}
}

func TestFixResult(t *testing.T) {
	tests := []struct {
		in, want string
		changed  bool
		ok       bool
	}{
		{"B+0.5", "B+0.5", false, true},
		{"W+Resign", "W+Resign", false, true},
		// SGFC test.sgf: RE[black wins by 5 3/4 points] -> RE[B+5.75]
		{"black wins by 5 3/4 points", "B+5.75", true, true},
		// SGFC test.sgf: RE[john wins] is NOT corrected
		{"john wins", "john wins", false, false},
		{"White wins by resignation", "W+R", true, true},
		{"Jigo", "0", true, true},
		{"jigo", "0", true, true},
		{"draw", "0", true, true},
		{"Tie", "0", true, true},
		{"no result", "Void", true, true},
		{"unknown", "?", true, true},
		{"b+r", "B+R", true, true},
		{"w+resign", "W+R", true, true},
		{"W + 3.5", "W+3.5", true, true},
		{"B+5,5", "B+5.5", true, true},
		{"B+5 1/2", "B+5.5", true, true},
		{"B+Resignation", "B+R", true, true},
		{"W+Timeout", "W+T", true, true},
		{"W+Time Over", "W+T", true, true},
		{"B+Illegal", "B+Illegal", false, false},
		{"W+Repetition", "W+Repetition", false, false},
		{"w+time", "W+T", true, true},
		{"B+forfeit", "B+F", true, true},
		{"B+ 3.5 points", "B+3.5", true, true},
		{"W wins on time", "W+T", true, true},
		{"White wins by 12.5 points.", "W+12.5", true, true},
		{"Black wins by half a point", "B+0.5", true, true},
		{"Black won", "B+", true, true},
		{"Black resigns", "W+R", true, true},
		{"White resigned", "B+R", true, true},
		{"White lost on time", "B+T", true, true},
		{"black forfeits", "W+F", true, true},
		{"B+-3", "B+-3", false, false},
		{"B+lots", "B+lots", false, false},
		{"Black wins by a lot", "Black wins by a lot", false, false},
		// a value as written, its escapes removed once, as ParseResult
		// reads it
		{`White wins by 3\.5`, "W+3.5", true, true},
		{`b\+r`, "B+R", true, true},
		{`B+\\R`, `B+\\R`, false, false}, // the text `B+\R`
		{`B+\\5`, `B+\\5`, false, false}, // the text `B+\5`: not read again
		{`W wins by 2\\.5`, `W wins by 2\\.5`, false, false},
		{"", "", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, changed, err := FixResult(tt.in)
			if got != tt.want || changed != tt.changed || (err == nil) != tt.ok {
				t.Errorf("FixResult(%q) = %q, %v, %v; want %q, %v, ok=%v", tt.in, got, changed, err, tt.want, tt.changed, tt.ok)
			}
		})
	}
}

func TestParseResultAnyCase(t *testing.T) {
	for in, want := range map[string]string{
		"draw": "0", "DRAW": "0", "Draw": "0", "0": "0", "void": "Void",
		"b+r": "B+R", `b+\r`: "B+R", "w+resign": "W+R", "B+time": "B+T", "w+f": "W+F", "b+7.5": "B+7.5", "w+": "W+",
	} {
		r, err := ParseResultAnyCase([]byte(in))
		if err != nil || r.String() != want {
			t.Errorf("ParseResultAnyCase(%q) = %v, %v; want %s", in, r, err, want)
		}
	}
	// `b+\\r` is the text `b+\r` (escapes removed once), no result.
	for _, in := range []string{"W", "x+r", "draw!", "b+rr", "jigo", `B+\\R`, `b+\\r`} {
		if _, err := ParseResultAnyCase([]byte(in)); !errors.Is(err, ErrSyntax) {
			t.Errorf("ParseResultAnyCase(%q) = %v, want ErrSyntax", in, err)
		}
	}
}

func TestParseFoxKomi(t *testing.T) {
	for _, tc := range []struct {
		in      string
		chinese bool
		want    float64
		ok      bool
	}{
		{"750", false, 7.5, true}, {"650", false, 6.5, true}, {"375", true, 7.5, true},
		{"375", false, 3.75, true}, {"-50", false, -0.5, true},
		{"7.5", false, 0, false}, {"0", false, 0, false}, {"6", false, 0, false}, {"760", false, 0, false},
	} {
		if got, ok := ParseFoxKomi([]byte(tc.in), tc.chinese); got != tc.want || ok != tc.ok {
			t.Errorf("ParseFoxKomi(%q, %v) = %v, %v; want %v, %v", tc.in, tc.chinese, got, ok, tc.want, tc.ok)
		}
	}
}
