package charset

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"
)

// Detection is the charset Detect or DetectFile settled on, how sure it is
// and how it got there.
type Detection struct {
	Charset Charset
	// Confidence is in [0, 1]: 1 for a byte order mark or pure ASCII, the
	// posterior probability of the winner for the statistical choice.
	// Few non-ASCII characters give low confidence: a player name of two
	// characters cannot tell GBK from EUC-KR for certain.
	Confidence float64
	// Path says which rule decided, for diagnostics, e.g. "ascii",
	// "utf-8", "utf-8 (2 texts cut in the middle of a character)",
	// "statistics over 12 characters: GBK 0.97, EUC-KR 0.02, Big5 0.01".
	Path string
	// BOM is the length of the byte order mark at the start of the file
	// (DetectFile only; 0 when there is none). The caller skips it.
	BOM int
}

func (d Detection) String() string {
	return fmt.Sprintf("%s (confidence %.2f, %s)", d.Charset.Name(), d.Confidence, d.Path)
}

// Detect guesses the charset of SGF text values. texts are the raw bytes
// of the values of text properties (C, GC, PB, PW, GN, EV, ...), not the
// whole file: the SGF skeleton is ASCII and would only dilute the
// statistics. The rules, in order:
//
//  1. no byte >= 0x80 and no escape sequence: ASCII, reported as UTF-8
//     (which agrees with every ASCII-compatible charset), confidence 1;
//  2. ISO-2022-JP escape sequences (ESC $ B, ESC $ @, ESC $ ( D, ESC ( J,
//     ESC ( I) in seven-bit text: isJIS, the test DetectWide makes;
//  3. a UTF-16 NUL-byte pattern;
//  4. valid UTF-8 with at least one multibyte character (a text may end
//     in the middle of a character: names cut to a byte limit), unless
//     it is weak evidence (see detectUTF8: two lone 2-byte sequences of
//     unrelated scripts, as GBK names often make) and rule 5 is surer;
//  5. otherwise a statistical choice between GBK/GB18030, Big5,
//     Shift_JIS, EUC-JP, EUC-KR, windows-1252/ISO-8859-1, windows-1251,
//     KOI8-R, ISO-8859-5, windows-1250 and ISO-8859-2 (see model.go):
//     byte-sequence validity plus the frequency of common characters in
//     each charset; for the Latin-script single-byte charsets a mixture
//     of per-language letter models (French, German, ... against Czech,
//     Polish, Hungarian, ...) with the letter after each accented one.
//     The confidence is the posterior that the texts decode as the
//     winner decodes them (windows-1252 and windows-1250 decode "Kovács"
//     alike), capped at 1-1/(n+2) for n non-ASCII bytes.
//
// Limits: single-byte charsets are told apart by letter frequencies and
// word shape only, so a bare list of accented letters (as in libsgfc++'s
// Latin and Mac OS Roman test files: runs of one or two high bytes
// between spaces) shows no language and is read as ISO-8859-1 with
// confidence 0.5; ISO-8859-15 and macintosh are never proposed (they decode ISO-8859-1's common letters
// alike or are rare); a Central European name with one letter that
// windows-1252 reads as another letter ("Němec" as "Nìmec", "Oči" as
// "Oèi") stays windows-1252, with confidence 2/3; Big5 against GBK, and
// EUC-JP kanji against GBK, on two or three characters is a guess, as its
// confidence says.
func Detect(texts [][]byte) Detection {
	high, esc := 0, false
	for _, t := range texts {
		n := asciiPrefix(t)
		if n < len(t) {
			high++
		}
		if !esc && bytes.IndexByte(t, 0x1B) >= 0 {
			esc = true
		}
	}
	if esc && isJIS(texts...) {
		return Detection{Charset: csISO2022JP, Confidence: 0.99, Path: "ISO-2022-JP escape sequences"}
	}
	if d, ok := detectUTF16(texts); ok {
		return d
	}
	if high == 0 {
		return Detection{Charset: UTF8, Confidence: 1, Path: "ascii"}
	}
	u, ok := detectUTF8(texts)
	if ok && u.Confidence >= utf8Weak {
		return u
	}
	d := detectStatistics(texts, "")
	// "Ää Àà Ââ" in ISO-8859-1 is "Дд Аа Вв" in windows-1251, and
	// Mac OS Roman's "Ää" (0x80 0x8A) windows-1251's "ЂЉ": a list of
	// letters shows no language, so no single-byte charset can be
	// chosen with confidence (TestHeldOutCalibration, letter lists).
	// Each pair of ISO-8859-1's capital and small letter is also a
	// GBK character ("Ùù" 0xD9 0xF9): a text of nothing but such
	// pairs is no Chinese either.
	switch {
	case casePairsOnly(texts):
		d = Detection{Charset: Default, Confidence: 0.5, Path: d.Path +
			"; but the non-ASCII bytes are only capitals each followed by its small letter (Ää, Дд), which shows no language: ISO-8859-1, the FF[4] default, confidence 0.50"}
	case d.Charset.LeadBytes() == ASCIISafe && letterList(texts):
		d = Detection{Charset: Default, Confidence: 0.5, Path: d.Path +
			"; but the non-ASCII bytes stand alone, one or two between spaces (a list of letters, Éé À), which shows no language: ISO-8859-1, the FF[4] default, confidence 0.50"}
	}
	if ok && u.Confidence >= d.Confidence {
		u.Path += fmt.Sprintf(" (weak: %.2f; %s)", u.Confidence, d.Path)
		return u
	}
	if ok {
		d.Path = fmt.Sprintf("valid utf-8 but weak (%.2f); %s", u.Confidence, d.Path)
	}
	return d
}

// casePairsOnly reports whether the non-ASCII bytes of the texts stand
// apart from ASCII letters in short runs that are, half of them at least
// (and three at least), pairs of a capital letter and its small letter,
// 0x20 apart as in every ISO-8859 and windows single-byte charset
// ("\xC4\xE4": Ää in ISO-8859-1, Дд in windows-1251); the other runs are
// one or two bytes (ß, «»). No word of any language is among them.
func casePairsOnly(texts [][]byte) bool {
	runs, pairs := 0, 0
	ok := standAlone(texts, func(run []byte) bool {
		paired := len(run)%2 == 0
		for k := 0; paired && k < len(run); k += 2 {
			paired = run[k] >= 0xC0 && run[k] <= 0xDE && run[k+1] == run[k]+0x20
		}
		if paired {
			pairs++
		}
		runs++
		return paired || len(run) <= 2
	})
	return ok && pairs >= 3 && pairs*2 >= runs
}

// letterList reports whether the high bytes of texts form a list of
// letters rather than words: at least three runs of them, each of one or
// two bytes (a letter, or a capital and its small letter), none touching
// an ASCII letter. Words of a single-byte charset are longer runs (Дом,
// Ωμέγα) or accented letters inside ASCII words (café).
func letterList(texts [][]byte) bool {
	runs := 0
	ok := standAlone(texts, func(run []byte) bool {
		runs++
		return len(run) <= 2
	})
	return ok && runs >= 3
}

// standAlone calls f with each run of high bytes of the texts, and
// reports whether none touches an ASCII letter and f accepts every one.
func standAlone(texts [][]byte, f func(run []byte) bool) bool {
	for _, t := range texts {
		for i := 0; i < len(t); {
			if t[i] < 0x80 {
				i++
				continue
			}
			j := i
			for j < len(t) && t[j] >= 0x80 {
				j++
			}
			if i > 0 && isASCIILetter(t[i-1]) || j < len(t) && isASCIILetter(t[j]) || !f(t[i:j]) {
				return false
			}
			i = j
		}
	}
	return true
}

func isASCIILetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// utf16Zeros counts NUL bytes at even and odd offsets.
func utf16Zeros(b []byte) (even, odd int) {
	for i, c := range b {
		if c == 0 {
			if i&1 == 0 {
				even++
			} else {
				odd++
			}
		}
	}
	return even, odd
}

// utf16Verdict decides from NUL counts over n bytes: text with mostly
// Latin, digits and SGF punctuation has a NUL in nearly every high (BE:
// even) or low (LE: odd) byte.
func utf16Verdict(even, odd, n int) (cs Charset, conf float64, ok bool) {
	if n < 4 {
		return cs, 0, false
	}
	half := float64(n) / 2
	switch {
	case float64(even) >= 0.3*half && float64(odd) <= 0.05*half:
		return csUTF16BE, math.Min(0.99, float64(even)/half+0.3), true
	case float64(odd) >= 0.3*half && float64(even) <= 0.05*half:
		return csUTF16LE, math.Min(0.99, float64(odd)/half+0.3), true
	}
	return cs, 0, false
}

// utf16Skeleton finds UTF-16 without a byte order mark in a file whose
// text is mostly CJK, where too few bytes are NUL for utf16Verdict: the
// SGF skeleton ("(;", "[", "]", property names) is ASCII, so in UTF-16 it
// is a run of 2-byte units with one NUL byte, always on the same side.
// Other charsets have no NUL bytes at all.
func utf16Skeleton(b []byte) (Detection, bool) {
	le, be := 0, 0
	for i := 0; i+1 < len(b); i += 2 {
		switch {
		case b[i] != 0 && b[i+1] == 0:
			le++
		case b[i] == 0 && b[i+1] != 0:
			be++
		}
	}
	cs := csUTF16LE
	if be > le {
		cs, le, be = csUTF16BE, be, le
	}
	// An SGF game has at least "(;", a property and "[]" in ASCII; a
	// CJK character with a NUL byte (U+4E00, U+5100, ...) falls on the
	// other side now and then.
	if le < 8 || be*10 > le {
		return Detection{}, false
	}
	if _, faults := Decode(cs, b[:len(b)&^1]); len(faults) > 0 {
		return Detection{}, false
	}
	conf := math.Min(0.99, 1-math.Pow(0.5, float64(le-be)))
	return Detection{Charset: cs, Confidence: conf, Path: "NUL bytes of the ASCII characters of " + cs.Name()}, true
}

func detectUTF16(texts [][]byte) (Detection, bool) {
	even, odd, n := 0, 0, 0
	for _, t := range texts {
		e, o := utf16Zeros(t)
		even, odd, n = even+e, odd+o, n+len(t)&^1
	}
	if even+odd == 0 {
		return Detection{}, false
	}
	cs, conf, ok := utf16Verdict(even, odd, n)
	if !ok {
		return Detection{}, false
	}
	return Detection{Charset: cs, Confidence: conf, Path: "NUL-byte pattern of " + cs.Name()}, true
}

// detectUTF8 accepts texts that are valid UTF-8 with at least one
// multibyte character, allowing each text to end in the middle of a
// character, and tolerating a few stray bytes among many valid
// characters.
//
// Its confidence is one minus the chance that legacy bytes (GBK, Big5,
// EUC-KR, Latin-1) form the same valid sequences: about 0.15 for a 2-byte
// sequence that reads as a letter among letters of its own script (or a
// letter of Latin-1), 0.05 for a 3-byte one, but 0.5 for a 2-byte sequence
// that stands alone in its script: the two characters of a GBK name are
// valid UTF-8 about once in fifty tries, and then read as a Greek and an
// Armenian letter, say, which no real name mixes. A text cut in the middle
// of a character makes UTF-8 ten times less likely.
func detectUTF8(texts [][]byte) (Detection, bool) {
	multi, invalid, cut, logChance := utf8Walk(texts)
	if multi == 0 || invalid*10 > multi || invalid > 0 && multi < 4 {
		return Detection{}, false
	}
	// A text cut in the middle of a character happens to real UTF-8
	// (names cut to a byte limit) but seldom, while legacy text ends in
	// the first bytes of a UTF-8 sequence about every third time: a cut
	// is evidence against UTF-8.
	logChance += float64(cut) * math.Log(10)
	conf := math.Max(0, math.Min(0.999, 1-math.Exp(logChance)))
	path := "utf-8"
	if cut > 0 {
		path = fmt.Sprintf("utf-8 (%d texts cut in the middle of a character)", cut)
	}
	if invalid > 0 {
		conf *= 1 - float64(invalid)/float64(multi)
		path = fmt.Sprintf("utf-8 with %d invalid sequences among %d characters", invalid, multi)
	}
	return Detection{Charset: UTF8, Confidence: conf, Path: path}, true
}

// utf8Walk reads texts as UTF-8: the valid multibyte characters (multi),
// the log of the chance that legacy bytes form them (the sum of
// utf8Chance over them), and the invalid sequences, those that end a text
// (cut: the text ends in the middle of a character) and the others
// (invalid). The evidence of detectUTF8 and of the verification
// (utf8Evidence) alike.
func utf8Walk(texts [][]byte) (multi, invalid, cut int, logChance float64) {
	for _, t := range texts {
		prev := rune(-1) // the character before the current one, -1 at the start
		for i := asciiPrefix(t); i < len(t); {
			if i > 0 && prev < 0 {
				prev = rune(t[i-1])
			}
			if t[i] < utf8.RuneSelf {
				prev = rune(t[i])
				i++
				continue
			}
			r, size := utf8.DecodeRune(t[i:])
			if r != utf8.RuneError || size > 1 {
				multi++
				next := rune(-1)
				if j := i + size; j < len(t) {
					next, _ = utf8.DecodeRune(t[j:])
				}
				logChance += math.Log(utf8Chance(r, size, prev, next))
				prev = r
				i += size
				continue
			}
			n, continued := utf8Subpart(t[i:])
			if !continued && i+n == len(t) {
				cut++
			} else {
				invalid++
			}
			prev = utf8.RuneError
			i += n
		}
	}
	return multi, invalid, cut, logChance
}

// utf8Chance is the chance that legacy bytes happen to form the valid
// UTF-8 sequence of r (size bytes) between the characters prev and next
// (-1 at the ends of the text).
func utf8Chance(r rune, size int, prev, next rune) float64 {
	switch {
	case size >= 3:
		return 0.05
	case 0xC0 <= r && r <= 0xFF && r != 0xD7 && r != 0xF7:
		return 0.15 // a Latin-1 letter: the commonest 2-byte sequence
	}
	s := script(r)
	if s != 0 && (script(prev) == s || script(next) == s) {
		return 0.15
	}
	return 0.5
}

// script groups the letters of the 2-byte range of UTF-8 by alphabet; 0
// for anything else.
func script(r rune) int {
	switch {
	case r < 0:
		return 0
	case 'a' <= r|0x20 && r|0x20 <= 'z', 0xC0 <= r && r <= 0x24F:
		return 1 // Latin
	case 0x370 <= r && r <= 0x3FF:
		return 2 // Greek
	case 0x400 <= r && r <= 0x52F:
		return 3 // Cyrillic
	case 0x530 <= r && r <= 0x58F:
		return 4 // Armenian
	case 0x590 <= r && r <= 0x5FF:
		return 5 // Hebrew
	case 0x600 <= r && r <= 0x6FF:
		return 6 // Arabic
	}
	return 0
}

// utf8Weak is the confidence below which valid UTF-8 is weighed against
// the statistical choice rather than taken at once.
const utf8Weak = 0.9

// stats is the statistical detector's view of some texts.
type stats struct {
	tallies [numCandidates]tally
	loglik  [numCandidates]float64 // log likelihood of the texts under each model
	post    [numCandidates]float64 // posterior of each candidate (priors included)
	// group is the posterior that the texts decode as k decodes them:
	// the sum of the posteriors of the single-byte candidates that decode
	// every high byte of the texts alike (windows-1252 and windows-1250
	// on "Kovács", windows-1250 and ISO-8859-2 on "Dvořák").
	group  [numCandidates]float64
	best   candidate
	seen   [256]bool // the high bytes of the texts
	tables *[numCandidates]*[256]rune
}

func statistics(texts [][]byte) *stats {
	m := getModels()
	st := &stats{tables: &m.tables}
	for _, t := range texts {
		for _, c := range t[asciiPrefix(t):] {
			st.seen[c] = true
		}
	}
	var scores [numCandidates]float64
	for k := range numCandidates {
		for _, t := range texts {
			// One ASCII byte before the first high byte gives the
			// single-byte models its left neighbour.
			if n := asciiPrefix(t); n < len(t) {
				m.score(k, &st.tallies[k], t[max(n-1, 0):])
			}
		}
		m.finish(k, &st.tallies[k])
		st.loglik[k] = st.tallies[k].logp
		scores[k] = m.logPrior[k] + st.tallies[k].logp
	}
	// EUC-JP never has a byte below 0xA1 inside a character: a lead byte
	// followed by one (a GBK character whose second byte is "\", such as
	// 黒 0xFC 0x5C) rules it out when a two-byte charset reads every byte.
	// Without this, Japanese kana in GBK, whose codes are EUC-JP's (both
	// put JIS/GB row 4 and 5 kana at 0xA4 and 0xA5), made EUC-JP win with
	// confidence 0.99 and its kanji were read as others. Such text is
	// Japanese written in GBK: GBK's model, made for Chinese, prices kana
	// as rare, so GBK takes the score EUC-JP's model gave the text when
	// that is higher (else Big5, reading the kana as common hanzi, wins).
	if st.tallies[candEUCJP].split > 0 && (st.tallies[candGB].invalid == 0 || st.tallies[candBig5].invalid == 0) {
		if st.tallies[candGB].invalid == 0 && scores[candEUCJP] > scores[candGB] {
			scores[candGB] = scores[candEUCJP]
		}
		scores[candEUCJP] = math.Inf(-1)
	}
	top := 0
	for k := range scores {
		if scores[k] > scores[top] {
			top = k
		}
	}
	var sum float64
	for k := range scores {
		st.post[k] = math.Exp(scores[k] - scores[top])
		sum += st.post[k]
	}
	for k := range st.post {
		st.post[k] /= sum
	}
	// The winner is the likeliest decoding, and within it the likeliest
	// candidate. Group sums run in index order, so that every member of
	// a group gets the same float.
	for k := range numCandidates {
		for j := range numCandidates {
			if st.same(k, j) {
				st.group[k] += st.post[j]
			}
		}
	}
	for k := range numCandidates {
		b := st.best
		if st.group[k] > st.group[b] || st.group[k] == st.group[b] && st.post[k] > st.post[b] {
			st.best = k
		}
	}
	return st
}

// same reports whether candidates a and b decode the texts alike: both
// single-byte charsets that agree on every high byte the texts hold.
func (st *stats) same(a, b candidate) bool {
	if a == b {
		return true
	}
	ta, tb := st.tables[a], st.tables[b]
	if ta == nil || tb == nil {
		return false
	}
	for c := 0x80; c < 0x100; c++ {
		if st.seen[c] && ta[c] != tb[c] {
			return false
		}
	}
	return true
}

// confidence is the posterior of k's decoding, capped by the rule of
// succession over the n non-ASCII bytes: the models treat characters as
// independent, which overstates the evidence of long texts and of very
// short ones alike, and one byte can never make Detect more than 2/3 sure.
func (st *stats) confidence(k candidate) float64 {
	n := float64(st.tallies[candLatin].chars)
	return math.Min(st.group[k], 1-1/(n+2))
}

func detectStatistics(texts [][]byte, prefix string) Detection {
	st := statistics(texts)
	order := make([]int, numCandidates)
	for k := range order {
		order[k] = k
	}
	sort.SliceStable(order, func(i, j int) bool { return st.post[order[i]] > st.post[order[j]] })
	var b strings.Builder
	b.WriteString(prefix)
	fmt.Fprintf(&b, "statistics over %d non-ASCII bytes:", st.tallies[candLatin].chars)
	for i, k := range order[:3] {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, " %s %.2f", candidateNames[k], st.post[k])
	}
	// One story: the Path names the charset chosen and says how the
	// confidence follows from the posteriors it lists.
	win := st.best
	cs, conf := win.charset(&st.tallies[win]), st.confidence(win)
	if cs.Name() != candidateNames[win] {
		fmt.Fprintf(&b, "; %s, which reads these bytes as %s does", cs.Name(), candidateNames[win])
	}
	if g := st.group[win]; g-st.post[win] >= 0.005 {
		fmt.Fprintf(&b, "; %.2f with the charsets that read these bytes alike", g)
	}
	if n := st.tallies[candLatin].chars; st.group[win]-conf >= 0.005 {
		fmt.Fprintf(&b, "; confidence %.2f, the most %d non-ASCII bytes give (1-1/(n+2))", conf, n)
	}
	return Detection{Charset: cs, Confidence: conf, Path: b.String()}
}

// DetectFile guesses the charset of a whole raw SGF file: a byte order
// mark (UTF-8, UTF-16 LE/BE, UTF-32 LE/BE) decides with confidence 1 and
// is reported in BOM; else a NUL-byte pattern reveals UTF-16 without BOM;
// else the whole file goes through Detect (its ASCII skeleton does not
// change the statistics of the high bytes).
//
// When DetectFile reports UTF-16 or UTF-32, the file is not ASCII-
// compatible: decode it as a whole (Decode(d.Charset, b[d.BOM:])) before
// parsing it, whatever its CA[] says.
func DetectFile(b []byte) Detection {
	if d, ok := detectBOM(b); ok {
		return d
	}
	if d, ok := detectSample(b[:min(len(b), sampleSize)]); ok {
		return d
	}
	d := Detect([][]byte{b})
	d.Path = "whole file: " + d.Path
	return d
}

// detectBOM is DetectFile's reading of a byte order mark at the start of
// b (its first four bytes at most).
func detectBOM(b []byte) (Detection, bool) {
	switch {
	case bytes.HasPrefix(b, []byte("\xEF\xBB\xBF")):
		return Detection{Charset: UTF8, Confidence: 1, Path: "UTF-8 byte order mark", BOM: 3}, true
	case bytes.HasPrefix(b, []byte("\xFF\xFE\x00\x00")):
		return Detection{Charset: csUTF32LE, Confidence: 1, Path: "UTF-32LE byte order mark", BOM: 4}, true
	case bytes.HasPrefix(b, []byte("\x00\x00\xFE\xFF")):
		return Detection{Charset: csUTF32BE, Confidence: 1, Path: "UTF-32BE byte order mark", BOM: 4}, true
	case bytes.HasPrefix(b, []byte("\xFE\xFF")):
		return Detection{Charset: csUTF16BE, Confidence: 1, Path: "UTF-16BE byte order mark", BOM: 2}, true
	case bytes.HasPrefix(b, []byte("\xFF\xFE")):
		return Detection{Charset: csUTF16LE, Confidence: 1, Path: "UTF-16LE byte order mark", BOM: 2}, true
	}
	return Detection{}, false
}

// sampleSize is how much of the start of a file DetectFile looks at for
// the NUL-byte patterns of UTF-16 and UTF-32 without byte order mark.
const sampleSize = 1 << 16

// detectSample is DetectFile's test of the first sampleSize bytes of a
// file without byte order mark for UTF-32 and UTF-16.
func detectSample(sample []byte) (Detection, bool) {
	if cs, ok := utf32Pattern(sample); ok {
		return Detection{Charset: cs, Confidence: 0.99, Path: "NUL-byte pattern of " + cs.Name()}, true
	}
	even, odd := utf16Zeros(sample)
	if cs, conf, ok := utf16Verdict(even, odd, len(sample)&^1); ok {
		return Detection{Charset: cs, Confidence: conf, Path: "NUL-byte pattern of " + cs.Name()}, true
	}
	return utf16Skeleton(sample)
}

// utf32Pattern finds UTF-32 without byte order mark: every group of four
// bytes is a code point up to 0x10FFFF, so in UTF-32LE its last byte is
// NUL and the one before at most 0x10 (in UTF-32BE the first two), and it
// is not NUL as a whole. Nine groups in ten must look so, and the text
// must decode.
func utf32Pattern(b []byte) (Charset, bool) {
	n := len(b) / 4
	if n < 4 || len(b)%4 != 0 {
		return Charset{}, false
	}
	le, be := 0, 0
	for i := 0; i+4 <= len(b); i += 4 {
		g := b[i : i+4]
		// A code point is at most 0x10FFFF: the high byte is NUL and the
		// next at most 0x10 (CJK text fills the two low bytes).
		if g[3] == 0 && g[2] <= 0x10 && (g[0] != 0 || g[1] != 0) {
			le++
		}
		if g[0] == 0 && g[1] <= 0x10 && (g[3] != 0 || g[2] != 0) {
			be++
		}
	}
	var cs Charset
	switch {
	case le*10 >= n*9:
		cs = csUTF32LE
	case be*10 >= n*9:
		cs = csUTF32BE
	default:
		return Charset{}, false
	}
	if _, faults := Decode(cs, b); len(faults) > 0 {
		return Charset{}, false
	}
	return cs, true
}

// DetectAmong is the statistical choice of Detect restricted to the
// candidates that group bytes as one of leads does: the charsets a caller
// knows to fit the structure of the text, such as the two-byte charsets
// whose lead/trail pairs keep an SGF tree whole where a byte-wise reading
// breaks it. The confidence is the winner's share among those candidates.
// With no candidate of leads it returns Detect(texts).
func DetectAmong(texts [][]byte, leads ...LeadBytes) Detection {
	st := statistics(texts)
	best, sum := candidate(numCandidates), 0.0
	for k := range numCandidates {
		if !slices.Contains(leads, k.charset(&st.tallies[k]).LeadBytes()) {
			continue
		}
		sum += st.post[k]
		if best == numCandidates || st.post[k] > st.post[best] {
			best = k
		}
	}
	if best == numCandidates {
		return Detect(texts)
	}
	conf := 0.0
	if sum > 0 {
		conf = st.post[best] / sum
	}
	n := float64(st.tallies[candLatin].chars)
	conf = math.Min(conf, 1-1/(n+2))
	var b strings.Builder
	fmt.Fprintf(&b, "statistics over %d non-ASCII bytes among", st.tallies[candLatin].chars)
	for _, l := range leads {
		b.WriteString(" " + l.String())
	}
	fmt.Fprintf(&b, ": %s %.2f", candidateNames[best], conf)
	return Detection{Charset: best.charset(&st.tallies[best]), Confidence: conf, Path: b.String()}
}
