package value

import (
	"strconv"
	"strings"
)

// ParseFoxKomi reads raw, a KM value, the way Fox (AP[YuanYu]) writes
// komi: in hundredths of a point, so that KM[750] is 7.5 points; under
// Chinese rules (chinese) a value that is not a multiple of 50 is in
// quarters counting stones, so that KM[375] is 7.5 points. It reports
// false when raw is no such value: not an integer, below 50 in size (no
// komi in hundredths is that small), or not a multiple of 25.
func ParseFoxKomi(raw []byte, chinese bool) (float64, bool) {
	n, err := strconv.Atoi(strings.TrimSpace(string(raw)))
	if err != nil || n < 50 && n > -50 || n%25 != 0 {
		return 0, false
	}
	if chinese && n%50 != 0 {
		n *= 2
	}
	return float64(n) / 100, true
}

// ParseResultAnyCase is ParseResult with the letters in any case:
// "draw", "DRAW", "void", "b+r", "w+resign", "B+time" are read as "Draw",
// "Void", "B+R", "W+Resign" and "B+Time" are. Anything else is an error
// as from ParseResult.
func ParseResultAnyCase(raw []byte) (Result, error) {
	r, err := ParseResult(raw)
	if err == nil {
		return r, nil
	}
	s := strings.ToLower(string(unescape(raw)))
	canon := ""
	switch {
	case s == "draw":
		canon = "Draw"
	case s == "void":
		canon = "Void"
	case len(s) >= 2 && (s[0] == 'b' || s[0] == 'w') && s[1] == '+':
		how := s[2:]
		switch how {
		case "resign", "time", "forfeit":
			how = strings.ToUpper(how[:1]) + how[1:]
		default:
			how = strings.ToUpper(how)
		}
		canon = strings.ToUpper(s[:1]) + "+" + how
	}
	if canon == "" || strings.IndexByte(canon, '\\') >= 0 {
		// canon has its escapes removed: ParseResult removes them
		// again, which would read RE[B+\\R], the text `B+\R`, as B+R.
		return Result{}, err
	}
	if r, err2 := ParseResult([]byte(canon)); err2 == nil {
		return r, nil
	}
	return Result{}, err
}
