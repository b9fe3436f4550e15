package value

import (
	"strconv"
	"strings"
)

// ResultKind says what kind of result an RE value gives.
type ResultKind uint8

// The kinds of result.
const (
	ResultUnknown ResultKind = iota // "?"
	ResultWin                       // "B+..." or "W+..."
	ResultDraw                      // "0" or "Draw"
	ResultVoid                      // "Void": no result or suspended play
)

// WinBy says how a game was won.
type WinBy uint8

// The ways to win. ByUnstated is the plain "B+" (the spec: "Score is
// optional").
const (
	ByUnstated WinBy = iota // "B+"
	ByScore                 // "B+0.5"
	ByResign                // "B+R", "B+Resign"
	ByTime                  // "B+T", "B+Time"
	ByForfeit               // "B+F", "B+Forfeit"
)

// A Result is the value of RE. The zero Result is the unknown result "?".
type Result struct {
	Kind   ResultKind
	Winner Color   // Black or White, when Kind is ResultWin
	By     WinBy   // when Kind is ResultWin
	Score  float64 // when By is ByScore: the margin, >= 0
}

// ParseResult parses an RE value strictly, in the forms ff4-properties.txt
// makes mandatory: "0" or "Draw"; "B+" or "W+" followed by nothing, a
// score (a Real without sign: "B+0.5", "W+64"), "R" or "Resign", "T" or
// "Time", "F" or "Forfeit"; "Void"; "?". Case matters; see [FixResult] for
// free text.
func ParseResult(raw []byte) (Result, error) {
	s := unescape(raw)
	switch string(s) {
	case "0", "Draw":
		return Result{Kind: ResultDraw}, nil
	case "Void":
		return Result{Kind: ResultVoid}, nil
	case "?":
		return Result{Kind: ResultUnknown}, nil
	}
	if len(s) < 2 || (s[0] != 'B' && s[0] != 'W') || s[1] != '+' {
		return Result{}, syntaxError("Result", raw)
	}
	r := Result{Kind: ResultWin, Winner: Color(s[0])}
	switch how := s[2:]; string(how) {
	case "":
		r.By = ByUnstated
	case "R", "Resign":
		r.By = ByResign
	case "T", "Time":
		r.By = ByTime
	case "F", "Forfeit":
		r.By = ByForfeit
	default:
		if how[0] == '+' || how[0] == '-' || !isReal(how) {
			return Result{}, syntaxError("Result", raw)
		}
		f, err := strconv.ParseFloat(string(how), 64)
		if err != nil {
			return Result{}, rangeError("Result", raw)
		}
		r.By, r.Score = ByScore, f
	}
	return r, nil
}

// String returns the RE form of r; see [AppendResult].
func (r Result) String() string { return string(AppendResult(nil, r)) }

// AppendResult appends the RE form of r to dst, with the short method
// letters: "0", "Void", "?", "B+", "W+R", "B+T", "W+F", "B+5.5". For every
// r returned by ParseResult, ParseResult(AppendResult(nil, r)) equals r. A
// negative or infinite Score has no RE form and will not parse back.
func AppendResult(dst []byte, r Result) []byte {
	switch r.Kind {
	case ResultDraw:
		return append(dst, '0')
	case ResultVoid:
		return append(dst, "Void"...)
	case ResultWin:
	default:
		return append(dst, '?')
	}
	dst = append(dst, byte(r.Winner), '+')
	switch r.By {
	case ByScore:
		return AppendReal(dst, r.Score)
	case ByResign:
		return append(dst, 'R')
	case ByTime:
		return append(dst, 'T')
	case ByForfeit:
		return append(dst, 'F')
	}
	return dst
}

// FixResult turns a free-text result into the RE format where its meaning
// is clear. A valid RE value is returned unchanged with changed false.
// What it understands (any case, any spacing):
//
//   - near-misses of the format: "b+r", "W + 3.5", "B+5,5", "B+Resignation",
//     "W+Timeout", "B+5 1/2";
//   - draws and the rest: "Draw", "Jigo", "Tie" (to "0"), "No result",
//     "Suspended" (to "Void"), "Unknown" (to "?");
//   - English sentences: "black wins by 5 3/4 points" (B+5.75), "White wins
//     by resignation" (W+R), "W wins on time" (W+T), "Black resigns"
//     (W+R), "White lost on time" (B+T), "Black won" (B+).
//
// Anything else ("john wins") is refused with an error wrapping
// [ErrSyntax], and s is returned unchanged.
func FixResult(s string) (fixed string, changed bool, err error) {
	if _, err := ParseResult([]byte(s)); err == nil {
		return s, false, nil
	}
	// s is a value as written: its escapes are removed once, as
	// ParseResult removes them (`White wins by 3\.5` is W+3.5; `B+\\R`
	// is the text `B+\R`, no result).
	r, ok := fixResult(string(unescape([]byte(s))))
	if !ok {
		return s, false, syntaxError("Result", []byte(s))
	}
	out := r.String()
	return out, out != s, nil
}

func fixResult(s string) (Result, bool) {
	s = strings.ToLower(strings.Join(strings.Fields(s), " "))
	s = strings.TrimRight(s, ".!")
	switch s {
	case "0", "draw", "jigo", "tie", "even", "drawn":
		return Result{Kind: ResultDraw}, true
	case "void", "no result", "suspended", "none":
		return Result{Kind: ResultVoid}, true
	case "?", "unknown", "unfinished":
		return Result{Kind: ResultUnknown}, true
	}
	// "b+..." with slips in case, spacing or spelling.
	if len(s) >= 2 && (s[0] == 'b' || s[0] == 'w') {
		rest := strings.TrimSpace(s[1:])
		if strings.HasPrefix(rest, "+") {
			winner := Color(s[0] - 'a' + 'A')
			if by, score, ok := fixWinMethod(strings.TrimSpace(rest[1:])); ok {
				return Result{Kind: ResultWin, Winner: winner, By: by, Score: score}, true
			}
			return Result{}, false
		}
	}
	words := strings.Fields(s)
	if len(words) < 2 {
		return Result{}, false
	}
	var who Color
	switch words[0] {
	case "black", "b":
		who = Black
	case "white", "w":
		who = White
	default:
		return Result{}, false
	}
	other := White
	if who == White {
		other = Black
	}
	verb, rest := words[1], strings.Join(words[2:], " ")
	switch verb {
	case "resigns", "resigned", "resign":
		if rest == "" {
			return Result{Kind: ResultWin, Winner: other, By: ByResign}, true
		}
	case "forfeits", "forfeited":
		if rest == "" {
			return Result{Kind: ResultWin, Winner: other, By: ByForfeit}, true
		}
	case "lost", "loses", "lose":
		switch rest {
		case "on time", "by time", "on timeout", "by timeout":
			return Result{Kind: ResultWin, Winner: other, By: ByTime}, true
		case "by resignation":
			return Result{Kind: ResultWin, Winner: other, By: ByResign}, true
		case "by forfeit":
			return Result{Kind: ResultWin, Winner: other, By: ByForfeit}, true
		}
	case "wins", "won", "win", "+":
		for _, p := range []string{"by ", "on "} {
			rest = strings.TrimPrefix(rest, p)
		}
		if by, score, ok := fixWinMethod(rest); ok {
			return Result{Kind: ResultWin, Winner: who, By: by, Score: score}, true
		}
	}
	return Result{}, false
}

// fixWinMethod reads what follows "B+" or "black wins by": nothing, a
// method word, or a score with an optional "points".
func fixWinMethod(s string) (WinBy, float64, bool) {
	switch s {
	case "":
		return ByUnstated, 0, true
	case "r", "res", "resign", "resigns", "resignation":
		return ByResign, 0, true
	case "t", "time", "timeout", "time out", "time-out", "time over", "on time":
		return ByTime, 0, true
	case "f", "forfeit":
		return ByForfeit, 0, true
	case "half a point", "half point", "1/2 point", "½ point":
		return ByScore, 0.5, true
	}
	for _, unit := range []string{" points", " point", " pts", " pt", " moku", "points", "point", "pts", "pt", "moku"} {
		if t, ok := strings.CutSuffix(s, unit); ok {
			s = strings.TrimSpace(t)
			break
		}
	}
	// s is a text (escapes removed): read as FixReal reads a value
	// without escapes, not unescaped again.
	fixed := s
	if !isReal([]byte(s)) {
		f, ok := fixReal(s)
		if !ok {
			return 0, 0, false
		}
		fixed = f
	}
	if strings.HasPrefix(fixed, "-") || strings.HasPrefix(fixed, "+") {
		return 0, 0, false
	}
	f, err := ParseReal([]byte(fixed))
	if err != nil {
		return 0, 0, false
	}
	return ByScore, f, true
}
