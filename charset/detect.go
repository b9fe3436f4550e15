package charset

import (
	"bytes"
	"fmt"
	"math"
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
//  2. ISO-2022-JP escape sequences (ESC $ B, ESC $ @, ESC ( J);
//  3. a UTF-16 NUL-byte pattern;
//  4. valid UTF-8 with at least one multibyte character (a text may end
//     in the middle of a character: names cut to a byte limit);
//  5. otherwise a statistical choice between GBK/GB18030, Big5,
//     Shift_JIS, EUC-JP, EUC-KR, windows-1252/ISO-8859-1 and
//     windows-1251 (see model.go): byte-sequence validity plus the
//     frequency of common characters in each charset. The confidence is
//     the winner's posterior, capped at 1-1/(n+2) for n non-ASCII bytes.
//
// Limits: single-byte charsets are told apart by letter frequencies and
// word shape only, so a bare list of accented letters (as in libsgfc++'s
// Latin test files) can look like windows-1251; ISO-8859-15 and
// macintosh are never proposed (they decode ISO-8859-1's common letters
// alike or are rare); Big5 against GBK on a single character is a guess,
// as its confidence says.
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
	if esc && isISO2022JP(texts) {
		return Detection{Charset: csISO2022JP, Confidence: 0.99, Path: "ISO-2022-JP escape sequences"}
	}
	if d, ok := detectUTF16(texts); ok {
		return d
	}
	if high == 0 {
		return Detection{Charset: UTF8, Confidence: 1, Path: "ascii"}
	}
	if d, ok := detectUTF8(texts); ok {
		return d
	}
	return detectStatistics(texts, "")
}

// isISO2022JP reports whether the texts switch to JIS X 0208 with escape
// sequences and hold no 8-bit bytes.
func isISO2022JP(texts [][]byte) bool {
	found := false
	for _, t := range texts {
		if !isASCII(t) {
			return false
		}
		for i := bytes.IndexByte(t, 0x1B); i >= 0 && i+2 < len(t); {
			switch string(t[i+1 : i+3]) {
			case "$B", "$@", "(J", "(I":
				found = true
			}
			j := bytes.IndexByte(t[i+1:], 0x1B)
			if j < 0 {
				break
			}
			i += 1 + j
		}
	}
	return found
}

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
func detectUTF8(texts [][]byte) (Detection, bool) {
	multi, invalid, cut := 0, 0, 0
	for _, t := range texts {
		for i := asciiPrefix(t); i < len(t); {
			if t[i] < utf8.RuneSelf {
				i++
				continue
			}
			r, size := utf8.DecodeRune(t[i:])
			if r != utf8.RuneError || size > 1 {
				multi++
				i += size
				continue
			}
			n, continued := utf8Subpart(t[i:])
			if !continued && i+n == len(t) {
				cut++
			} else {
				invalid++
			}
			i += n
		}
	}
	if multi == 0 || invalid*10 > multi || invalid > 0 && multi < 4 {
		return Detection{}, false
	}
	// The chance that a random legacy two-byte sequence is valid UTF-8 is
	// about 1/8; several in a row are not an accident.
	conf := math.Min(0.999, 1-math.Pow(0.15, float64(multi)))
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

func detectStatistics(texts [][]byte, prefix string) Detection {
	m := getModels()
	var tallies [numCandidates]tally
	var scores [numCandidates]float64
	for k := range numCandidates {
		for _, t := range texts {
			if n := asciiPrefix(t); n < len(t) {
				m.score(k, &tallies[k], t[n:])
			}
		}
		scores[k] = m.logPrior[k] + tallies[k].logp
	}
	best := 0
	for k := range scores {
		if scores[k] > scores[best] {
			best = k
		}
	}
	var sum float64
	post := make([]float64, numCandidates)
	for k := range scores {
		post[k] = math.Exp(scores[k] - scores[best])
		sum += post[k]
	}
	order := make([]int, numCandidates)
	for k := range order {
		post[k] /= sum
		order[k] = k
	}
	sort.SliceStable(order, func(i, j int) bool { return post[order[i]] > post[order[j]] })
	var b strings.Builder
	b.WriteString(prefix)
	fmt.Fprintf(&b, "statistics over %d non-ASCII bytes:", tallies[candLatin].chars)
	for i, k := range order[:3] {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, " %s %.2f", candidateNames[k], post[k])
	}
	// The models treat characters as independent, which overstates the
	// evidence of long texts and of very short ones alike. Cap the
	// confidence by the rule of succession over the n non-ASCII bytes:
	// one byte can never make Detect more than 2/3 sure.
	n := float64(tallies[candLatin].chars)
	conf := math.Min(post[best], 1-1/(n+2))
	win := candidate(best)
	return Detection{Charset: win.charset(&tallies[best]), Confidence: conf, Path: b.String()}
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
	switch {
	case bytes.HasPrefix(b, []byte("\xEF\xBB\xBF")):
		return Detection{Charset: UTF8, Confidence: 1, Path: "UTF-8 byte order mark", BOM: 3}
	case bytes.HasPrefix(b, []byte("\xFF\xFE\x00\x00")):
		return Detection{Charset: csUTF32LE, Confidence: 1, Path: "UTF-32LE byte order mark", BOM: 4}
	case bytes.HasPrefix(b, []byte("\x00\x00\xFE\xFF")):
		return Detection{Charset: csUTF32BE, Confidence: 1, Path: "UTF-32BE byte order mark", BOM: 4}
	case bytes.HasPrefix(b, []byte("\xFE\xFF")):
		return Detection{Charset: csUTF16BE, Confidence: 1, Path: "UTF-16BE byte order mark", BOM: 2}
	case bytes.HasPrefix(b, []byte("\xFF\xFE")):
		return Detection{Charset: csUTF16LE, Confidence: 1, Path: "UTF-16LE byte order mark", BOM: 2}
	}
	sample := b[:min(len(b), 1<<16)]
	even, odd := utf16Zeros(sample)
	if cs, conf, ok := utf16Verdict(even, odd, len(sample)&^1); ok {
		return Detection{Charset: cs, Confidence: conf, Path: "NUL-byte pattern of " + cs.Name()}
	}
	d := Detect([][]byte{b})
	d.Path = "whole file: " + d.Path
	return d
}
