package charset

import (
	"math"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding"
)

// The statistical detector scores the text under one model per candidate
// charset. A model is a crude character-level language model: it splits
// the bytes into characters the way the charset does and gives each
// character the probability of its class (a common character, a character
// of the everyday repertoire, a rare one, an invalid byte sequence). The
// score of a candidate is log(prior) plus the sum of the log
// probabilities; the confidence reported is the candidate's share of the
// total likelihood (a softmax of the scores), so it is low when the text
// holds few non-ASCII characters, and high only when the others are much
// less likely.
//
// ASCII bytes are scored alike by every model and are skipped, except that
// the single-byte models look at the ASCII letters around a run of high
// bytes.

type candidate uint8

const (
	candGB candidate = iota
	candBig5
	candSJIS
	candEUCJP
	candEUCKR
	candLatin
	candCyrillic
	candKOI8R
	candISO88595
	cand1250
	cand88592
	numCandidates
)

var candidateNames = [numCandidates]string{"GBK", "Big5", "Shift_JIS", "EUC-JP", "EUC-KR", "windows-1252", "windows-1251", "KOI8-R", "ISO-8859-5", "windows-1250", "ISO-8859-2"}

// priors: how often each charset turns up in SGF files that carry no (or
// a wrong) CA[]: Chinese programs and western servers dominate.
// KOI8-R (Unix) and ISO-8859-5 (rarely used) are the other Cyrillic
// charsets; windows-1250 (and the older ISO-8859-2) hold Czech, Polish and
// Hungarian text of European servers and programs.
var priors = [numCandidates]float64{0.30, 0.10, 0.10, 0.05, 0.08, 0.30, 0.06, 0.015, 0.005, 0.03, 0.01}

// bitset of 2-byte codes.
type bitset [1 << 16 / 64]uint64

func (s *bitset) set(c uint16)      { s[c>>6] |= 1 << (c & 63) }
func (s *bitset) has(c uint16) bool { return s[c>>6]&(1<<(c&63)) != 0 }

// models holds what the models need, built on first use.
type models struct {
	topGB, topBig5, topSJIS, topEUCJP, topEUCKR bitset

	// log probabilities per character class
	gbTop, gbSym, gbKana, gbL1, gbL2, gbExt, gbFour, gbEuro float64
	b5Top, b5Sym, b5Freq, b5Less, b5Ext                     float64
	jaTop, jaHira, jaKata, jaSym, jaL1, jaL2, jaHalf, jaExt float64
	jaUser                                                  float64
	krTop, krHangul, krSym, krHanja, krExt, krUnassigned    float64
	invalid, cut                                            float64
	// the Latin-script single-byte models: 0 windows-1252 (standing
	// for ISO-8859-1 and -15 too), 1 windows-1250, 2 ISO-8859-2
	alpha [3]alphaModel
	// tables decodes the high bytes of each single-byte candidate (nil
	// for the multibyte ones), to tell which decode a text alike
	tables   [numCandidates]*[256]rune
	cyrillic [3][256]float64 // windows-1251, KOI8-R, ISO-8859-5
	// run-length log probabilities: runs of 1, 2, 3 high bytes, and the
	// factor for each further byte
	cyrillicRun, cjkRun, krRun         [4]float64
	latinIsolated, cyrillicNextToLatin float64
	latinGlued, caseBreak              float64
	logPrior                           [numCandidates]float64
}

// maxLanguages bounds the languages of one alphaModel.
const maxLanguages = 8

// alphaModel is a Latin-script single-byte charset's model: a mixture of
// one letter model per language (a text is in one language, so "è" with
// "í" fits neither French nor Czech well), plus the shape of the runs of
// high bytes.
type alphaModel struct {
	nlang    int
	table    *[256]rune
	logPrior [maxLanguages]float64 // of each language, summing to 1
	lang     [maxLanguages][256]float64
	// the letter after a high byte that ends a run: no letter (end of
	// word), an ASCII vowel, an ASCII consonant
	final, vowel, cons [maxLanguages][256]float64
	run                [4]float64
	glues              [256]bool // symbols that do not start a word
	c1Letters          bool      // windows-125x: 0x80-0x9F hold letters and quotes
}

var getModels = sync.OnceValue(buildModels)

func buildModels() *models {
	m := &models{}
	nGB := fill(&m.topGB, csGB18030.Encoding(), commonSimplified+commonPunctuation)
	nB5 := fill(&m.topBig5, csBig5.Encoding(), commonSimplified+commonTraditional+commonPunctuation)
	nSJ := fill(&m.topSJIS, csSJIS.Encoding(), commonJapanese+commonPunctuation)
	nEJ := fill(&m.topEUCJP, csEUCJP.Encoding(), commonJapanese+commonPunctuation)
	nKR := fill(&m.topEUCKR, csEUCKR.Encoding(), commonHangul+commonPunctuation)
	l := math.Log
	m.gbTop, m.gbSym, m.gbKana = l(0.45/nGB), l(0.10/700), l(0.002/170)
	m.gbL1, m.gbL2, m.gbExt, m.gbFour, m.gbEuro = l(0.30/3755), l(0.05/3008), l(0.02/14000), l(0.002/1000), l(0.0005)
	m.b5Top, m.b5Sym, m.b5Freq, m.b5Less, m.b5Ext = l(0.45/nB5), l(0.10/408), l(0.35/5401), l(0.06/7652), l(0.005/5000)
	m.jaHira, m.jaKata, m.jaSym = l(0.33/83), l(0.12/86), l(0.08/500)
	m.jaL1, m.jaL2, m.jaHalf, m.jaExt, m.jaUser = l(0.15/2965), l(0.03/3390), l(0.01/63), l(0.003/1000), l(1e-6)
	m.jaTop = l(0.25 / math.Max(nSJ, nEJ))
	m.krTop, m.krHangul, m.krSym = l(0.45/nKR), l(0.40/2350), l(0.07/1000)
	m.krHanja, m.krExt, m.krUnassigned = l(0.03/4888), l(0.01/8822), l(1e-6)
	m.invalid, m.cut = l(1e-10), l(1e-3)

	// windows-1252, standing for ISO-8859-1 and -15 too, and the
	// Central European windows-1250 and ISO-8859-2.
	cp1252 := csWin1252.info().byteTable()
	m.alpha[0] = buildAlpha(cp1252, westernLanguages)
	m.alpha[1] = buildAlpha(csWin1250.info().byteTable(), centralLanguages)
	m.alpha[2] = buildAlpha(csLatin2.info().byteTable(), centralLanguages)
	m.alpha[0].c1Letters, m.alpha[1].c1Letters = true, true
	m.alpha[0].run = [4]float64{l(0.85), l(0.13), l(0.02), l(0.3)}
	// Czech and Polish put accented letters side by side more often
	// ("příliš", "ściana").
	m.alpha[1].run = [4]float64{l(0.78), l(0.19), l(0.03), l(0.3)}
	m.alpha[2].run = m.alpha[1].run
	m.latinIsolated = l(0.1)
	// A symbol right before a letter ("©x", "¹D", "±E") is rare in
	// western text but is what Big5 and GBK characters look like whose
	// trail byte is an ASCII letter, and Polish or Czech letters read in
	// windows-1252 ("³" for ł, "¹" for ą). Exempt are the symbols that do
	// open a word (¿ ¡ « and quotes) or sit inside one (' ’ ´ ·), and for
	// windows-1252 the bytes that ISO-8859-15, which its model stands
	// for too, makes letters or the euro sign (A4 "s€h€n", A6, A8, B4,
	// B8, BC-BE).
	m.latinGlued = l(0.02)
	// A capital after a small letter inside a word ("ąNąEŚ", "ĽiťP")
	// is what CJK bytes read as letters look like.
	m.caseBreak = l(0.03)
	latin9 := csLatin9.info().byteTable()
	for k := range m.alpha {
		a := &m.alpha[k]
		table := []*[256]rune{cp1252, csWin1250.info().byteTable(), csLatin2.info().byteTable()}[k]
		for i := 0x80; i < 0x100; i++ {
			r := table[i]
			ok := r != utf8.RuneError && !unicode.IsControl(r) && !unicode.IsLetter(r) &&
				!strings.ContainsRune("¿¡«»‹›°ºª·´‘’“”„–—…\u00a0\u00ad", r)
			if k == 0 {
				ok = ok && !unicode.IsLetter(latin9[i]) && latin9[i] != '€'
			}
			a.glues[i] = ok
		}
	}
	m.tables[candLatin] = cp1252
	m.tables[cand1250] = csWin1250.info().byteTable()
	m.tables[cand88592] = csLatin2.info().byteTable()
	m.tables[candCyrillic] = csWin1251.info().byteTable()
	m.tables[candKOI8R] = csKOI8R.info().byteTable()
	m.tables[candISO88595] = csISO88595.info().byteTable()

	letters := map[rune]float64{}
	for _, lf := range russianLetters {
		letters[lf.r] = lf.p * 0.92
		letters[unicode.ToUpper(lf.r)] += lf.p * 0.08
	}
	for k, cs := range []Charset{csWin1251, csKOI8R, csISO88595} {
		table := cs.info().byteTable()
		for i := 0x80; i < 0x100; i++ {
			c := byte(i)
			r := table[c]
			switch {
			case r == utf8.RuneError:
				m.cyrillic[k][c] = l(1e-6)
			case letters[r] > 0:
				m.cyrillic[k][c] = l(0.9 * letters[r])
			case strings.ContainsRune("«»–—…“”„№ ", r):
				m.cyrillic[k][c] = l(0.08 / 10)
			default:
				m.cyrillic[k][c] = l(0.02 / 60)
			}
		}
	}
	// Russian words: few of one or two letters, lengths from three on
	// falling off geometrically.
	m.cyrillicRun = [4]float64{l(0.08), l(0.15), l(0.77 * 0.2), l(0.8)}
	m.cyrillicNextToLatin = l(0.02)
	// Chinese and Japanese text runs on without spaces: a lone character
	// between ASCII bytes is rare. Korean puts spaces between words.
	m.cjkRun = [4]float64{l(0.1), l(0.2), l(0.7 * 0.15), l(0.85)}
	m.krRun = [4]float64{l(0.15), l(0.3), l(0.55 * 0.35), l(0.65)}
	for i, p := range priors {
		m.logPrior[i] = l(p)
	}
	return m
}

// buildAlpha builds the letter models of the languages langs for the
// single-byte charset of table. Each language's letters are smoothed with
// the family's (a Czech name in Slovak text), take 0.85 of the high bytes,
// capitals a tenth of their small letter; other letters, symbols and
// windows-125x punctuation share the rest; undefined bytes and C1
// controls are all but impossible.
func buildAlpha(table *[256]rune, langs []language) alphaModel {
	a := alphaModel{nlang: len(langs), table: table}
	family := map[rune]float64{}
	var total float64
	for _, lg := range langs {
		total += lg.prior
	}
	for _, lg := range langs {
		var sum float64
		for _, lf := range lg.letters {
			sum += lf.p
		}
		for _, lf := range lg.letters {
			family[lf.r] += lf.p / sum * lg.prior / total
		}
	}
	for li, lg := range langs {
		a.logPrior[li] = math.Log(lg.prior / total)
		var sum float64
		for _, lf := range lg.letters {
			sum += lf.p
		}
		own := map[rune]float64{}
		ctx := map[rune][2]float64{}
		for _, lf := range lg.letters {
			own[lf.r] = lf.p / sum
			ctx[lf.r] = [2]float64{0.05 + 0.9*lf.final, 0.05 + 0.9*lf.vowel}
		}
		letters := map[rune]float64{}
		for r, p := range family {
			p = 0.6*own[r] + 0.4*p
			letters[r] += p * 0.9
			letters[unicode.ToUpper(r)] += p * 0.1
		}
		for i := 0x80; i < 0x100; i++ {
			r := table[i]
			var p float64
			switch {
			case r == utf8.RuneError || unicode.IsControl(r):
				p = 1e-6
			case letters[r] > 0:
				p = 0.85 * letters[r]
			case i < 0xA0:
				p = 0.05 / 27
			case unicode.IsLetter(r):
				p = 0.05 / 30
			default:
				p = 0.05 / 34
			}
			a.lang[li][i] = math.Log(p)
			// Letters the language does not list, and symbols, take
			// what ASCII text has: a third of words end, and two
			// letters in five are vowels.
			c, ok := ctx[unicode.ToLower(r)]
			if !ok {
				c = [2]float64{0.3, 0.4}
			}
			a.final[li][i] = math.Log(c[0])
			a.vowel[li][i] = math.Log((1 - c[0]) * c[1])
			a.cons[li][i] = math.Log((1 - c[0]) * (1 - c[1]))
		}
	}
	return a
}

// fill sets the 2-byte codes of the characters of s in e, and returns how
// many it set.
func fill(set *bitset, e encoding.Encoding, s string) float64 {
	enc := e.NewEncoder()
	n := 0
	var buf [8]byte
	for _, r := range s {
		k := utf8.EncodeRune(buf[:], r)
		out, err := enc.Bytes(buf[:k])
		if err != nil || len(out) != 2 {
			continue
		}
		c := uint16(out[0])<<8 | uint16(out[1])
		if !set.has(c) {
			set.set(c)
			n++
		}
	}
	return float64(max(n, 1))
}

// tally is one model's verdict on the text.
type tally struct {
	logp    float64
	lang    [maxLanguages]float64 // per-language log likelihood of an alphaModel
	chars   int                   // non-ASCII characters seen
	invalid int                   // invalid sequences
	four    bool                  // GB18030 4-byte sequences seen
	c1      bool                  // bytes 0x80-0x9F seen (windows-1252 rather than ISO-8859-1)
	run     int                   // multibyte characters since the last ASCII byte
	// split counts EUC-JP lead bytes followed by a byte 0x40-0xA0 (not
	// 0x7F): no EUC-JP character holds a byte below 0xA1, while GBK and
	// Big5 characters do (0x5C, "\", among them); see statistics.
	split int
}

// bad scores an invalid byte sequence of one byte, and returns its length.
func (t *tally) bad(m *models) int {
	t.logp += m.invalid
	t.invalid++
	return 1
}

// endRun scores the length of the run of non-ASCII characters that an
// ASCII byte (or the end of the text) just ended.
func (t *tally) endRun(p *[4]float64) {
	if t.run > 0 {
		t.logp += runLength(p, t.run)
		t.run = 0
	}
}

func isAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// scoreTwoByte scores a two-byte charset k (candGB, candBig5, candSJIS,
// candEUCJP or candEUCKR): ASCII bytes end the runs of multibyte
// characters, whose lengths run scores; each character is scored by k's
// case.
func (m *models) scoreTwoByte(k candidate, t *tally, b []byte) {
	run := &m.cjkRun
	if k == candEUCKR {
		run = &m.krRun
	}
	for i := 0; i < len(b); {
		c := b[i]
		if c < 0x80 {
			t.endRun(run)
			i++
			continue
		}
		t.chars++
		t.run++
		switch k {
		case candGB:
			if c == 0x80 {
				t.logp += m.gbEuro
				i++
				continue
			}
			if c == 0xFF {
				i += t.bad(m)
				continue
			}
			if i+1 >= len(b) {
				t.logp += m.cut
				i++
				continue
			}
			d := b[i+1]
			switch {
			case 0x30 <= d && d <= 0x39:
				if i+3 < len(b) && 0x81 <= b[i+2] && b[i+2] <= 0xFE && 0x30 <= b[i+3] && b[i+3] <= 0x39 {
					t.logp += m.gbFour
					t.four = true
					i += 4
					continue
				}
				i += t.bad(m)
				continue
			case d < 0x40 || d == 0x7F || d == 0xFF:
				i += t.bad(m)
				continue
			}
			code := uint16(c)<<8 | uint16(d)
			switch {
			case m.topGB.has(code):
				t.logp += m.gbTop
			case d < 0xA1:
				t.logp += m.gbExt
			case c == 0xA4 || c == 0xA5:
				t.logp += m.gbKana
			case c <= 0xA9:
				t.logp += m.gbSym
			case 0xB0 <= c && c <= 0xD7:
				t.logp += m.gbL1
			case 0xD8 <= c && c <= 0xF7:
				t.logp += m.gbL2
			default:
				t.logp += m.gbExt
			}
			i += 2
		case candBig5:
			if c == 0x80 || c == 0xFF {
				i += t.bad(m)
				continue
			}
			if i+1 >= len(b) {
				t.logp += m.cut
				i++
				continue
			}
			d := b[i+1]
			if !(0x40 <= d && d <= 0x7E || 0xA1 <= d && d <= 0xFE) {
				i += t.bad(m)
				continue
			}
			code := uint16(c)<<8 | uint16(d)
			switch {
			case m.topBig5.has(code):
				t.logp += m.b5Top
			case 0xA140 <= code && code <= 0xA3BF:
				t.logp += m.b5Sym
			case 0xA440 <= code && code <= 0xC67E:
				t.logp += m.b5Freq
			case 0xC940 <= code && code <= 0xF9D5:
				t.logp += m.b5Less
			default:
				t.logp += m.b5Ext
			}
			i += 2
		case candSJIS:
			switch {
			case 0xA1 <= c && c <= 0xDF:
				t.logp += m.jaHalf
				i++
				continue
			case c == 0x80 || c == 0xA0 || c >= 0xFD:
				i += t.bad(m)
				continue
			}
			if i+1 >= len(b) {
				t.logp += m.cut
				i++
				continue
			}
			d := b[i+1]
			if !(0x40 <= d && d <= 0x7E || 0x80 <= d && d <= 0xFC) {
				i += t.bad(m)
				continue
			}
			code := uint16(c)<<8 | uint16(d)
			switch {
			case m.topSJIS.has(code):
				t.logp += m.jaTop
			case 0x829F <= code && code <= 0x82F1:
				t.logp += m.jaHira
			case 0x8340 <= code && code <= 0x8396:
				t.logp += m.jaKata
			case c <= 0x84:
				t.logp += m.jaSym
			case 0x889F <= code && code <= 0x9872:
				t.logp += m.jaL1
			case 0x989F <= code && code <= 0xEAA4:
				t.logp += m.jaL2
			case 0xF0 <= c && c <= 0xF9:
				t.logp += m.jaUser
			default: // NEC and IBM extensions of CP932
				t.logp += m.jaExt
			}
			i += 2
		case candEUCJP:
			switch {
			case c == 0x8E:
				if i+1 < len(b) && 0xA1 <= b[i+1] && b[i+1] <= 0xDF {
					t.logp += m.jaHalf
					i += 2
					continue
				}
			case c == 0x8F:
				if i+2 < len(b) && b[i+1] >= 0xA1 && b[i+1] <= 0xFE && b[i+2] >= 0xA1 && b[i+2] <= 0xFE {
					t.logp += m.jaExt
					i += 3
					continue
				}
			case 0xA1 <= c && c <= 0xFE:
				if i+1 >= len(b) {
					t.logp += m.cut
					i++
					continue
				}
				d := b[i+1]
				if d < 0xA1 || d == 0xFF {
					if 0x40 <= d && d <= 0xA0 && d != 0x7F {
						t.split++
					}
					break
				}
				code := uint16(c)<<8 | uint16(d)
				switch {
				case m.topEUCJP.has(code):
					t.logp += m.jaTop
				case c == 0xA4:
					t.logp += m.jaHira
				case c == 0xA5:
					t.logp += m.jaKata
				case c <= 0xA8:
					t.logp += m.jaSym
				case 0xB0A1 <= code && code <= 0xCFD3:
					t.logp += m.jaL1
				case 0xD0A1 <= code && code <= 0xF4A6:
					t.logp += m.jaL2
				default:
					t.logp += m.jaUser
				}
				i += 2
				continue
			}
			i += t.bad(m)
		case candEUCKR:
			if c == 0x80 || c == 0xFF {
				i += t.bad(m)
				continue
			}
			if i+1 >= len(b) {
				t.logp += m.cut
				i++
				continue
			}
			d := b[i+1]
			if !(0x41 <= d && d <= 0x5A || 0x61 <= d && d <= 0x7A || 0x81 <= d && d <= 0xFE) {
				i += t.bad(m)
				continue
			}
			code := uint16(c)<<8 | uint16(d)
			switch {
			case m.topEUCKR.has(code):
				t.logp += m.krTop
			case c < 0xA1 || d < 0xA1:
				if c <= 0xC6 {
					t.logp += m.krExt // UHC extension Hangul
				} else {
					t.logp += m.invalid
					t.invalid++
				}
			case c <= 0xAC:
				t.logp += m.krSym
			case 0xB0 <= c && c <= 0xC8:
				t.logp += m.krHangul
			case 0xCA <= c && c <= 0xFD:
				t.logp += m.krHanja
			default:
				t.logp += m.krUnassigned
			}
			i += 2
		}
	}
	t.endRun(run)
}

// runLength returns the log probability of a run of n high bytes.
func runLength(p *[4]float64, n int) float64 {
	if n <= 3 {
		return p[n-1]
	}
	return p[2] + float64(n-3)*p[3]
}

// scoreAlpha scores a Latin-script single-byte charset (0 windows-1252
// and ISO-8859-1/-15, 1 windows-1250, 2 ISO-8859-2): high bytes are
// mostly single accented letters inside words of ASCII letters. The
// letters go to each language's sum; finish mixes them.
func (m *models) scoreAlpha(k int, t *tally, b []byte) {
	a := &m.alpha[k]
	for i := 0; i < len(b); {
		if b[i] < 0x80 {
			i++
			continue
		}
		j := i
		for ; j < len(b) && b[j] >= 0x80; j++ {
			c := b[j]
			if j > 0 && unicode.IsUpper(a.table[c]) && isLower(a.table, b[j-1]) {
				t.logp += m.caseBreak
			}
			for li := range a.nlang {
				t.lang[li] += a.lang[li][c]
			}
			t.chars++
			if c < 0xA0 {
				t.c1 = true
			}
			if a.glues[c] && j+1 < len(b) && isAlpha(b[j+1]) {
				t.logp += m.latinGlued
			}
		}
		if j < len(b) && 'A' <= b[j] && b[j] <= 'Z' && isLower(a.table, b[j-1]) {
			t.logp += m.caseBreak
		}
		ctx := &a.final
		switch {
		case j == len(b) || !isAlpha(b[j]):
		case isVowel(b[j]):
			ctx = &a.vowel
		default:
			ctx = &a.cons
		}
		for li := range a.nlang {
			t.lang[li] += ctx[li][b[j-1]]
		}
		t.logp += runLength(&a.run, j-i)
		if j-i > 1 && !(i > 0 && isAlpha(b[i-1]) || j < len(b) && isAlpha(b[j])) {
			t.logp += m.latinIsolated // a word of accented letters only
		}
		i = j
	}
}

func isVowel(c byte) bool {
	switch c | 0x20 {
	case 'a', 'e', 'i', 'o', 'u', 'y':
		return true
	}
	return false
}

// isLower reports whether c is a small letter in the charset of table.
func isLower(table *[256]rune, c byte) bool {
	if c < 0x80 {
		return 'a' <= c && c <= 'z'
	}
	return unicode.IsLower(table[c])
}

// finish adds a Latin-script model's mixture over its languages to the
// tally once every text is scored.
func (m *models) finish(k candidate, t *tally) {
	ai, ok := k.alpha()
	if !ok {
		return
	}
	a := &m.alpha[ai]
	best := math.Inf(-1)
	for li := range a.nlang {
		best = math.Max(best, a.logPrior[li]+t.lang[li])
	}
	var sum float64
	for li := range a.nlang {
		sum += math.Exp(a.logPrior[li] + t.lang[li] - best)
	}
	t.logp += best + math.Log(sum)
}

func (k candidate) isAlpha() bool { _, ok := k.alpha(); return ok }

// alpha returns the index of k's Latin-script model, if it has one.
func (k candidate) alpha() (int, bool) {
	switch k {
	case candLatin:
		return 0, true
	case cand1250:
		return 1, true
	case cand88592:
		return 2, true
	}
	return 0, false
}

// scoreCyrillic scores a single-byte Cyrillic charset (0 windows-1251, 1
// KOI8-R, 2 ISO-8859-5): words are runs of high bytes, which rarely touch
// ASCII letters.
func (m *models) scoreCyrillic(k int, t *tally, b []byte) {
	for i := 0; i < len(b); {
		if b[i] < 0x80 {
			i++
			continue
		}
		j := i
		for ; j < len(b) && b[j] >= 0x80; j++ {
			t.logp += m.cyrillic[k][b[j]]
			t.chars++
		}
		t.logp += runLength(&m.cyrillicRun, j-i)
		if i > 0 && isAlpha(b[i-1]) || j < len(b) && isAlpha(b[j]) {
			t.logp += m.cyrillicNextToLatin
		}
		i = j
	}
}

func (m *models) score(k candidate, t *tally, b []byte) {
	switch k {
	case candGB, candBig5, candSJIS, candEUCJP, candEUCKR:
		m.scoreTwoByte(k, t, b)
	case candLatin:
		m.scoreAlpha(0, t, b)
	case cand1250:
		m.scoreAlpha(1, t, b)
	case cand88592:
		m.scoreAlpha(2, t, b)
	case candCyrillic:
		m.scoreCyrillic(0, t, b)
	case candKOI8R:
		m.scoreCyrillic(1, t, b)
	case candISO88595:
		m.scoreCyrillic(2, t, b)
	}
}

// cyrillic reports whether k is a single-byte Cyrillic model.
func (k candidate) cyrillic() bool {
	return k == candCyrillic || k == candKOI8R || k == candISO88595
}

// charset returns the charset a winning model stands for.
func (k candidate) charset(t *tally) Charset {
	switch k {
	case candGB:
		if t.four {
			return csGB18030
		}
		return csGBK
	case candBig5:
		return csBig5
	case candSJIS:
		return csSJIS
	case candEUCJP:
		return csEUCJP
	case candEUCKR:
		return csEUCKR
	case candCyrillic:
		return csWin1251
	case candKOI8R:
		return csKOI8R
	case candISO88595:
		return csISO88595
	case cand1250:
		return csWin1250
	case cand88592:
		return csLatin2
	}
	if t.c1 {
		return csWin1252
	}
	return Default
}
