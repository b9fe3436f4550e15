package value

import (
	"bytes"
	"strconv"
	"strings"
)

// A DatePart is one (partial) calendar date of a DT value: Year always,
// Month 1-12 or 0 when only the year is given, Day 1-31 or 0 when only the
// year and month are given.
type DatePart struct{ Year, Month, Day int }

// A Date is the value of DT: one or more dates on which a game was played,
// in order of appearance ("1996-12-27,28,1997-01-03,04" is four parts).
type Date []DatePart

// The forms a DT element can take.
type dateForm uint8

const (
	formNone dateForm = iota
	formY             // YYYY
	formYM            // YYYY-MM
	formYMD           // YYYY-MM-DD
	formMD            // MM-DD
	formM             // MM
	formD             // DD
)

// ParseDate parses a DT value strictly, as ff4-properties.txt defines it:
// comma-separated elements, the first "YYYY", "YYYY-MM" or "YYYY-MM-DD",
// later ones also the shortcuts "MM-DD" (after YYYY-MM-DD, YYYY-MM, MM-DD,
// MM or DD), "MM" (after YYYY-MM or MM) and "DD" (after YYYY-MM-DD, MM-DD
// or DD), which take the last preceding year and month. A month 13 or a
// 30th of February is an error wrapping [ErrRange]; spaces and other
// separators are errors wrapping [ErrSyntax] (see [FixDate]).
func ParseDate(raw []byte) (Date, error) {
	if len(raw) == 10 && raw[4] == '-' && raw[7] == '-' {
		// The common "YYYY-MM-DD", without the general scan.
		y, ok1 := digits(raw[0:4])
		m, ok2 := digits(raw[5:7])
		dd, ok3 := digits(raw[8:10])
		if p := (DatePart{y, m, dd}); ok1 && ok2 && ok3 && p.valid() && m != 0 && dd != 0 {
			return Date{p}, nil
		}
	}
	s := unescape(raw)
	d := make(Date, 0, bytes.Count(s, []byte(","))+1)
	prev := formNone
	year, month := 0, 0
	for {
		elem, rest, more := bytes.Cut(s, []byte(","))
		f, n := classifyDateElem(elem, prev)
		if f == formNone {
			return nil, syntaxError("Date", raw)
		}
		p := DatePart{Year: year, Month: month}
		switch f {
		case formY:
			p = DatePart{Year: n[0]}
		case formYM:
			p = DatePart{Year: n[0], Month: n[1]}
		case formYMD:
			p = DatePart{n[0], n[1], n[2]}
		case formMD:
			p.Month, p.Day = n[0], n[1]
		case formM:
			p.Month = n[0]
		case formD:
			p.Day = n[0]
		}
		if !p.valid() || (f != formY && p.Month == 0) || (f.hasDay() && p.Day == 0) {
			return nil, rangeError("Date", raw)
		}
		d = append(d, p)
		prev, year, month = f, p.Year, p.Month
		if !more {
			return d, nil
		}
		s = rest
	}
}

// digits reads a number of decimal digits only.
func digits(b []byte) (int, bool) {
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// classifyDateElem returns the form of one DT element (given the form of
// the element before it) and its numbers, or formNone.
func classifyDateElem(e []byte, prev dateForm) (dateForm, [3]int) {
	var n [3]int
	var lens [3]int
	k := 0
	for {
		i := bytes.IndexByte(e, '-')
		if i < 0 {
			i = len(e)
		}
		if k == 3 || i == 0 || !allDigits(e[:i]) {
			return formNone, n
		}
		v, _ := strconv.Atoi(string(e[:i]))
		n[k], lens[k] = v, i
		k++
		if i == len(e) {
			break
		}
		e = e[i+1:]
	}
	afterDay := prev == formYMD || prev == formMD || prev == formD
	afterMonth := prev == formYM || prev == formM
	switch {
	case k == 1 && lens[0] == 4:
		return formY, n
	case k == 2 && lens[0] == 4 && lens[1] == 2:
		return formYM, n
	case k == 3 && lens[0] == 4 && lens[1] == 2 && lens[2] == 2:
		return formYMD, n
	case k == 2 && lens[0] == 2 && lens[1] == 2 && (afterDay || afterMonth):
		return formMD, n
	case k == 1 && lens[0] == 2 && afterMonth:
		return formM, n
	case k == 1 && lens[0] == 2 && afterDay:
		return formD, n
	}
	return formNone, n
}

func (f dateForm) hasDay() bool { return f == formYMD || f == formMD || f == formD }

func (p DatePart) valid() bool {
	if p.Year < 0 || p.Year > 9999 {
		return false
	}
	if p.Month == 0 {
		return p.Day == 0
	}
	if p.Month < 1 || p.Month > 12 {
		return false
	}
	return p.Day == 0 || (p.Day >= 1 && p.Day <= daysIn(p.Year, p.Month))
}

// daysIn returns the number of days of month m (1-12) in year y of the
// (proleptic) Gregorian calendar.
func daysIn(y, m int) int {
	switch m {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

func (p DatePart) form() dateForm {
	switch {
	case p.Month == 0:
		return formY
	case p.Day == 0:
		return formYM
	}
	return formYMD
}

// String returns the DT form of d; see [AppendDate].
func (d Date) String() string { return string(AppendDate(nil, d)) }

// AppendDate appends the DT form of d to dst, using the spec's shortcuts
// wherever they apply ("it's recommended to use shortcuts whenever
// possible"): 1997-05-05,06 rather than 1997-05-05,1997-05-06. For every d
// returned by ParseDate, ParseDate(AppendDate(nil, d)) equals d. Parts
// that are not valid dates are written as they are, zero-padded, and will
// not parse.
func AppendDate(dst []byte, d Date) []byte {
	prev := formNone
	var last DatePart
	for i, p := range d {
		if i > 0 {
			dst = append(dst, ',')
		}
		f := p.form()
		sameYear := prev != formNone && p.Year == last.Year
		afterDay := prev == formYMD || prev == formMD || prev == formD
		afterMonth := prev == formYM || prev == formM
		switch {
		case sameYear && f == formYMD && afterDay && p.Month == last.Month:
			dst = appendPad2(dst, p.Day)
			prev = formD
		case sameYear && f == formYMD && (afterDay || afterMonth):
			dst = appendPad2(dst, p.Month)
			dst = append(dst, '-')
			dst = appendPad2(dst, p.Day)
			prev = formMD
		case sameYear && f == formYM && afterMonth:
			dst = appendPad2(dst, p.Month)
			prev = formM
		default:
			dst = appendPad(dst, p.Year, 4)
			if f != formY {
				dst = append(dst, '-')
				dst = appendPad2(dst, p.Month)
			}
			if f == formYMD {
				dst = append(dst, '-')
				dst = appendPad2(dst, p.Day)
			}
			prev = f
		}
		last = p
	}
	return dst
}

func appendPad2(dst []byte, v int) []byte { return appendPad(dst, v, 2) }

func appendPad(dst []byte, v, width int) []byte {
	if v < 0 {
		return strconv.AppendInt(dst, int64(v), 10)
	}
	s := strconv.Itoa(v)
	for i := len(s); i < width; i++ {
		dst = append(dst, '0')
	}
	return append(dst, s...)
}

// FixDate turns a free-form date into the DT format, where its meaning is
// unambiguous. A valid DT value is returned unchanged with changed false.
// What it understands:
//
//   - ISO dates with spaces or unpadded numbers: "1996-05-06, 07",
//     "2019-4-3", "19991231";
//   - year first with other separators: "1999/12/31", "1999.12.31";
//   - day first with dots: "31.12.1999";
//   - with slashes, dashes or spaces, day or month first only when one of
//     them is above 12 (or both are equal): "31/12/1999", "12-31-1999"
//     (but not "05/06/1999", which is refused);
//   - month names (English, full or three letters, any case) with days,
//     ordinals and a year in any order: "Dec 31, 1999", "29th September
//     2012", "12th and 13th march 94" (1994-03-12,13), "March 12-14,
//     1994" (a range of days). A two-digit year is read only next to a
//     month name: 50-99 as 19xx, 00-49 as 20xx.
//
// A time of day after the date ("2016-12-29 19:01:34", "2001/02/01
// 19:53:20 UT") is dropped, as DT has no place for it; callers that must
// keep it should store the old value elsewhere (the change is reported).
// A month or day 0 is refused, never dropped.
//
// Anything else ("a sunny afternoon last summer", a date without a year)
// is refused with an error wrapping [ErrSyntax] or [ErrRange], and s is
// returned unchanged.
func FixDate(s string) (fixed string, changed bool, err error) {
	if _, err := ParseDate([]byte(s)); err == nil {
		return s, false, nil
	}
	// s is a value as written: its escapes are removed once, as
	// ParseDate removes them (`16\:01\:54` is the time 16:01:54).
	d, ok := fixDate(string(unescape([]byte(s))))
	if !ok {
		return s, false, syntaxError("Date", []byte(s))
	}
	out := d.String()
	if _, err := ParseDate([]byte(out)); err != nil { // e.g. a 31st of April
		return s, false, rangeError("Date", []byte(s))
	}
	return out, out != s, nil
}

// A dateToken is a number (with its digit count and whether it had an
// ordinal suffix), a month name, or a separator.
type dateToken struct {
	num, digits int
	ordinal     bool
	month       int  // 1-12 for a month name
	sep         byte // ',', '-', '/', '.', ' ' for separators
}

var monthNames = []string{"january", "february", "march", "april", "may", "june",
	"july", "august", "september", "october", "november", "december"}

func monthByName(w string) int {
	if w == "sept" {
		return 9
	}
	for i, m := range monthNames {
		if w == m || (len(w) == 3 && strings.HasPrefix(m, w)) {
			return i + 1
		}
	}
	return 0
}

func tokenizeDate(s string) ([]dateToken, bool) {
	var toks []dateToken
	s = strings.ToLower(s)
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case '0' <= c && c <= '9':
			j := i
			for j < len(s) && '0' <= s[j] && s[j] <= '9' {
				j++
			}
			if j-i > 8 {
				return nil, false
			}
			n, _ := strconv.Atoi(s[i:j])
			t := dateToken{num: n, digits: j - i}
			if j+2 <= len(s) {
				switch s[j : j+2] {
				case "st", "nd", "rd", "th":
					if j+2 == len(s) || !isASCIILetter(s[j+2]) {
						t.ordinal = true
						j += 2
					}
				}
			}
			toks = append(toks, t)
			i = j
		case 'a' <= c && c <= 'z':
			j := i
			for j < len(s) && 'a' <= s[j] && s[j] <= 'z' {
				j++
			}
			w := s[i:j]
			i = j
			if i < len(s) && s[i] == '.' { // "Dec. 31"
				i++
			}
			if m := monthByName(w); m != 0 {
				toks = append(toks, dateToken{month: m})
				continue
			}
			switch w {
			case "and", "the", "of", "on":
				toks = append(toks, dateToken{sep: ','})
				continue
			}
			return nil, false
		case c == ',' || c == '-' || c == '/' || c == '.' || c == ' ' || c == '\t':
			if c == '\t' {
				c = ' '
			}
			// Keep the strongest separator of a run (", " is ',').
			if n := len(toks); n > 0 && toks[n-1].sep != 0 {
				if toks[n-1].sep == ' ' {
					toks[n-1].sep = c
				}
			} else {
				toks = append(toks, dateToken{sep: c})
			}
			i++
		default:
			return nil, false
		}
	}
	return toks, true
}

// dateBeforeTime returns the date in front of a time of day, which DT
// has no place for: "2016-12-29" of "2016-12-29 19:01:34", "2001/02/01
// 19:53:20 UT", "2017-04-03T20:19:36.622069344+00:00". The date is kept
// as written, in the writer's time zone. ok is false when s is no date
// and time: it reads s as the regular expression
//
//	^(.*[0-9])(?:T| +)[0-9]{1,2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]+)?)?(?: *(?i:UTC?|GMT|Z)|[+-][0-9]{2}:?[0-9]{2})?$
//
// does (the date is its first group: the longest that leaves a time
// after it, without a newline), by hand: compiled, the expression cost
// 16 million instructions at the first DT with a time (a third of the
// correction of the thousand such DT of the standard collection), and
// 9,000 a value after that.
func dateBeforeTime(s string) (date string, ok bool) {
	if strings.IndexByte(s, '\n') >= 0 {
		// "." reads no newline, nor does what follows the date
		return "", false
	}
	for k := len(s) - 1; k >= 1; k-- {
		if c := s[k]; c != 'T' && c != ' ' || !isDigit(s[k-1]) {
			continue
		}
		if timeAndZone(s[k:]) {
			return s[:k], true
		}
	}
	return "", false
}

// timeAndZone reports whether t is what follows the date in
// dateBeforeTime's expression: "T" or spaces, a time of day, a zone.
func timeAndZone(t string) bool {
	i := 0
	if t[0] == 'T' {
		i = 1
	} else {
		for i < len(t) && t[i] == ' ' {
			i++
		}
	}
	// hours: one or two digits, then ":" and two digits of minutes
	h := nDigits(t, i, 2)
	if h == 0 || i+h >= len(t) || t[i+h] != ':' || nDigits(t, i+h+1, 2) != 2 {
		return false
	}
	i += h + 3
	// seconds, with a fraction
	if i < len(t) && t[i] == ':' && nDigits(t, i+1, 2) == 2 {
		i += 3
		if i < len(t) && t[i] == '.' {
			if f := nDigits(t, i+1, len(t)); f > 0 {
				i += 1 + f
			}
		}
	}
	if i == len(t) {
		return true
	}
	// a zone: " UTC" (spaces, then UTC, UT, GMT or Z in any case), or
	// "+01:00" ("+0100", "-05:00")
	if t[i] == '+' || t[i] == '-' {
		j := i + 1
		if nDigits(t, j, 2) != 2 {
			return false
		}
		j += 2
		if j < len(t) && t[j] == ':' {
			j++
		}
		return nDigits(t, j, 2) == 2 && j+2 == len(t)
	}
	for i < len(t) && t[i] == ' ' {
		i++
	}
	z := t[i:]
	return strings.EqualFold(z, "UTC") || strings.EqualFold(z, "UT") || strings.EqualFold(z, "GMT") || strings.EqualFold(z, "Z")
}

// nDigits returns how many ASCII digits t has from i on, at most most.
func nDigits(t string, i, most int) int {
	n := 0
	for i+n < len(t) && n < most && isDigit(t[i+n]) {
		n++
	}
	return n
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func fixDate(s string) (Date, bool) {
	s = strings.TrimSpace(s)
	if d, ok := dateBeforeTime(s); ok {
		s = d
	}
	toks, ok := tokenizeDate(s)
	if !ok {
		return nil, false
	}
	months := 0
	for _, t := range toks {
		if t.month != 0 {
			months++
		}
	}
	switch months {
	case 0:
		return fixNumericDate(toks)
	case 1:
		return fixNamedDate(toks)
	}
	return nil, false
}

// fixNumericDate handles dates made of numbers and separators only.
// Every number read must survive into the date: a month or day 0
// ("1978.0.09") is refused rather than dropped.
func fixNumericDate(toks []dateToken) (Date, bool) {
	d, ok := fixNumericDate1(toks)
	for _, p := range d {
		if !ok || p.Month < 1 {
			return nil, false
		}
	}
	return d, ok
}

func fixNumericDate1(toks []dateToken) (Date, bool) {
	var nums []dateToken
	seps := map[byte]bool{}
	for _, t := range toks {
		switch {
		case t.sep != 0:
			seps[t.sep] = true
		case t.ordinal:
			return nil, false
		default:
			nums = append(nums, t)
		}
	}
	// ISO with spaces or unpadded numbers: retry the strict parser on a
	// padded rewrite ("2019-4-3", "1996-05-06, 07").
	if len(nums) > 0 && nums[0].digits == 4 && !seps['/'] && !seps['.'] {
		var b []byte
		for _, t := range toks {
			switch {
			case t.sep == ' ':
			case t.sep != 0:
				b = append(b, t.sep)
			default:
				b = appendPad(b, t.num, max(2, t.digits))
			}
		}
		if d, err := ParseDate(b); err == nil {
			return d, true
		}
	}
	if len(seps) > 1 {
		return nil, false
	}
	var sep byte
	for c := range seps {
		sep = c
	}
	if sep == ',' {
		return nil, false
	}
	switch len(nums) {
	case 1:
		if nums[0].digits == 8 && nums[0].num%100 != 0 { // YYYYMMDD
			n := nums[0].num
			return Date{{n / 10000, n / 100 % 100, n % 100}}, true
		}
	case 2:
		if nums[0].digits == 4 && nums[1].digits <= 2 {
			return Date{{nums[0].num, nums[1].num, 0}}, true
		}
		if nums[1].digits == 4 && nums[0].digits <= 2 {
			return Date{{nums[1].num, nums[0].num, 0}}, true
		}
	case 3:
		a, b, c := nums[0], nums[1], nums[2]
		if a.num == 0 || b.num == 0 || c.num == 0 { // no month or day 0
			return nil, false
		}
		if a.digits == 4 && b.digits <= 2 && c.digits <= 2 {
			return Date{{a.num, b.num, c.num}}, true
		}
		if c.digits != 4 || a.digits > 2 || b.digits > 2 {
			return nil, false
		}
		switch {
		case sep == '.': // European day first
			return Date{{c.num, b.num, a.num}}, true
		case a.num == b.num, a.num > 12 && b.num <= 12:
			return Date{{c.num, b.num, a.num}}, true
		case b.num > 12 && a.num <= 12: // US month first
			return Date{{c.num, a.num, b.num}}, true
		}
	}
	return nil, false
}

// fixNamedDate handles dates with one month name.
func fixNamedDate(toks []dateToken) (Date, bool) {
	month, monthAt := 0, 0
	type num struct {
		dateToken
		at      int
		rangeTo bool // joined to the previous number by '-'
	}
	var nums []num
	lastSep := byte(0)
	for i, t := range toks {
		switch {
		case t.month != 0:
			month, monthAt = t.month, i
			lastSep = 0
		case t.sep != 0:
			lastSep = t.sep
		default:
			nums = append(nums, num{t, i, lastSep == '-' && len(nums) > 0})
			lastSep = 0
		}
	}
	year := -1
	for i, n := range nums {
		if n.digits == 4 && !n.ordinal {
			if year >= 0 {
				return nil, false
			}
			year = n.num
			nums = append(nums[:i:i], nums[i+1:]...)
			break
		}
	}
	if year < 0 && len(nums) > 0 {
		last := nums[len(nums)-1]
		if !last.ordinal && last.digits == 2 && !last.rangeTo &&
			(last.num > 31 || (len(nums) > 1 && last.at > monthAt)) {
			year = 1900 + last.num
			if last.num < 50 {
				year = 2000 + last.num
			}
			nums = nums[:len(nums)-1]
		}
	}
	if year < 0 {
		return nil, false
	}
	d := Date{}
	for i, n := range nums {
		if n.digits > 2 || n.num < 1 || n.num > daysIn(year, month) {
			return nil, false
		}
		if n.rangeTo && i > 0 {
			from := nums[i-1].num
			if n.num <= from {
				return nil, false
			}
			for day := from + 1; day < n.num; day++ {
				d = append(d, DatePart{year, month, day})
			}
		}
		d = append(d, DatePart{year, month, n.num})
	}
	if len(d) == 0 {
		d = Date{{year, month, 0}}
	}
	return d, true
}
