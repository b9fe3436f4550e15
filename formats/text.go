package formats

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sgf-toolkit/sgf/value"
)

// splitNameRank splits "name (rank)", the form of GIB's player names, into
// its parts. Without a final "(...)" the whole is the name.
func splitNameRank(s string) (name, rank string) {
	s = strings.TrimSpace(s)
	if strings.HasSuffix(s, ")") {
		if i := strings.LastIndexByte(s, '('); i > 0 {
			return strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+1 : len(s)-1])
		}
	}
	return s, ""
}

// normRank writes a rank the way SGF files usually do ("4d", "3k", "9p")
// when it is a number followed by a dan, kyu or pro mark in English,
// Japanese, Chinese or Korean ("4D", "3K", "9DP", "7段", "5段P", "2級",
// "1급"); a final "*" (NGF's mark of an amateur) is dropped. ok is false,
// and the rank returned as it is, for anything else.
func normRank(s string) (rank string, ok bool) {
	t := strings.TrimSuffix(strings.TrimSpace(s), "*")
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i == 0 || i > 2 {
		return s, false
	}
	num, mark := t[:i], strings.ToUpper(t[i:])
	switch mark {
	case "D", "段", "단", "DAN":
		return num + "d", true
	case "K", "級", "级", "급", "KYU":
		return num + "k", true
	case "P", "DP", "段P", "단P", "PRO":
		return num + "p", true
	}
	return s, false
}

// fields splits s at its commas, trimming each field.
func fields(s string) []string {
	parts := strings.Split(s, ",")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}

// atoi reads a whole decimal number, spaces around it allowed.
func atoi(s string) (int, bool) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	return n, err == nil
}

// dateYMD writes a DT value from its parts, or returns false for a date
// that is not one.
func dateYMD(y, m, d int) (string, bool) {
	dt := value.Date{{Year: y, Month: m, Day: d}}
	s := dt.String()
	if _, err := value.ParseDate([]byte(s)); err != nil || y < 1000 {
		return "", false
	}
	return s, true
}

// numbers returns the runs of digits in s ("2020- 8-21-22-55- 3" gives
// 2020, 8, 21, 22, 55, 3).
func numbers(s string) []int {
	var out []int
	n, in := 0, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= '0' && c <= '9' {
			if n < 1e8 {
				n = n*10 + int(c-'0')
			}
			in = true
			continue
		}
		if in {
			out = append(out, n)
		}
		n, in = 0, false
	}
	if in {
		out = append(out, n)
	}
	return out
}

// The words of free-text results, in English, Japanese, Chinese and Korean.
var (
	blackWords  = []string{"black", "黒", "黑", "흑"}
	whiteWords  = []string{"white", "白", "백"}
	winWords    = []string{"win", "勝", "胜", "승"}
	loseWords   = []string{"lose", "lost", "負", "负", "패"}
	resignWords = []string{"resign", "中押", "中盤", "中盘", "불계"}
	timeWords   = []string{"time", "時間", "时间", "超时", "超時", "시간"}
	drawWords   = []string{"draw", "jigo", "持碁", "和棋", "무승부"}
)

// freeResult reads a result written as text, as NGF files and GIB's
// GAMERESULT have it: "white wins by resignation", "White 24.5 win",
// "Black Win 6.5 >> White(50):Black(63)", "黒中押し勝ち!", "白5.5目勝ち!",
// "232手完、黒2目半勝ち", "흑 1.5집 승", "白棋12子 >> ...". The first
// colour named wins (or loses, with a losing word); resignation and time
// words give R and T, else the first number after the colour is the
// margin ("半" adds a half). ok is false for text where no colour wins or
// loses.
func freeResult(s string) (value.Result, bool) {
	if fixed, _, err := value.FixResult(s); err == nil {
		if r, err := value.ParseResult([]byte(fixed)); err == nil {
			return r, true
		}
	}
	low := strings.ToLower(s)
	if i := strings.Index(low, ">>"); i >= 0 {
		low = low[:i] // the score after ">>" is not the margin
	}
	if indexAny(low, drawWords) >= 0 {
		return value.Result{Kind: value.ResultDraw}, true
	}
	b, w := indexAny(low, blackWords), indexAny(low, whiteWords)
	var winner value.Color
	at := 0
	switch {
	case b >= 0 && (w < 0 || b < w):
		winner, at = value.Black, b
	case w >= 0:
		winner, at = value.White, w
	default:
		return value.Result{}, false
	}
	won, lost := indexAny(low, winWords) >= 0, indexAny(low, loseWords) >= 0
	if won == lost {
		return value.Result{}, false
	}
	if lost {
		winner = value.Black + value.White - winner
	}
	r := value.Result{Kind: value.ResultWin, Winner: winner}
	switch {
	case indexAny(low, resignWords) >= 0:
		r.By = value.ByResign
	case indexAny(low, timeWords) >= 0:
		r.By = value.ByTime
	default:
		if f, ok := margin(low[at:]); ok {
			r.By, r.Score = value.ByScore, f
		}
	}
	return r, true
}

// margin reads the first number of s ("5.5", "24.5", "2目半" as 2.5).
func margin(s string) (float64, bool) {
	i := strings.IndexFunc(s, func(r rune) bool { return r >= '0' && r <= '9' })
	if i < 0 {
		if strings.Contains(s, "半") {
			return 0.5, true
		}
		return 0, false
	}
	j := i
	for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == '.') {
		j++
	}
	f, err := strconv.ParseFloat(strings.TrimSuffix(s[i:j], "."), 64)
	if err != nil {
		return 0, false
	}
	rest := s[j:]
	// "2目半": a half after the unit
	if r, n := utf8.DecodeRuneInString(rest); n > 0 && !unicode.IsSpace(r) {
		if strings.HasPrefix(rest[n:], "半") {
			f += 0.5
		}
	}
	return f, true
}

func indexAny(s string, words []string) int {
	best := -1
	for _, w := range words {
		if i := strings.Index(s, w); i >= 0 && (best < 0 || i < best) {
			best = i
		}
	}
	return best
}
