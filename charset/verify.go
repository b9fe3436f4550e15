package charset

import (
	"bytes"
	"math"
	"unicode/utf8"
)

// Verdict is the outcome of Verify.
type Verdict uint8

const (
	// Clean: every text decodes in the declared charset without a fault.
	Clean Verdict = iota
	// Truncated: the only faults are texts that end in the middle of a
	// character (names cut to a byte limit, as some servers do), and
	// other characters decode; the declared charset is right. (A lone
	// cut among ASCII, as "så" under CA[UTF-8], is a Mismatch.)
	Truncated
	// Superset: the texts use characters outside the declared charset
	// that its usual superset has (CA[gb2312] holding GBK characters,
	// CA[ISO-8859-1] holding windows-1252 quotes, CA[EUC-KR] holding UHC
	// Hangul, CA[Shift_JIS] holding CP932 extensions). Decode already
	// decodes them; Verification.Charset names the superset.
	Superset
	// Mismatch: the texts are not in the declared charset (CA[UTF-8] on
	// GBK bytes, CA[ISO-8859-1] on UTF-8 bytes); Verification.Charset is
	// what Detect found instead.
	Mismatch
)

var verdictNames = [...]string{Clean: "clean", Truncated: "truncated", Superset: "superset", Mismatch: "mismatch"}

func (v Verdict) String() string {
	if int(v) < len(verdictNames) {
		return verdictNames[v]
	}
	return "Verdict(?)"
}

// Verification is the result of Verify.
type Verification struct {
	Verdict Verdict
	// Charset is the charset to decode with: the declared one (Clean,
	// Truncated), its superset (Superset) or the detected one (Mismatch).
	Charset Charset
	// Faults counts the undecodable sequences in the declared charset.
	Faults int
	// Text and Offset locate the first fault, or for Superset the first
	// byte outside the declared charset: texts[Text][Offset]. Both are -1
	// when Clean.
	Text, Offset int
	// Detection is Detect's view of the texts (Mismatch only).
	Detection Detection
	// Damaged is set on a Mismatch whose faults are a few corrupt bytes
	// (a stray byte, a character cut by a bad copy and paste) in texts
	// that are otherwise clearly in the declared charset: Charset is then
	// the declared one, and Detection what Detect would have taken.
	Damaged bool
}

// mismatchConfidence is how sure Detect must be before Verify calls a
// declared charset that decodes every byte a mismatch.
const mismatchConfidence = 0.95

// mismatchRatio is how many times likelier the texts must be under the
// detected charset's model than under the declared charset's own model
// (priors aside) before Verify overrules a CA[] that decodes cleanly.
var mismatchRatio = math.Log(1000)

// Verify checks whether texts (raw text property values, as for Detect)
// really are in the declared charset cs.
//
// A charset the bytes do not decode in is a Mismatch (unless every fault
// is a text cut in the middle of a character: Truncated). Bytes that
// decode cleanly can still be in another charset: GB2312 bytes decode as
// Big5, UTF-8 as GBK, Shift_JIS, EUC-KR and windows-1251 as ISO-8859-1,
// all to nonsense. A declared charset that decodes cleanly is kept unless
// Detect finds one of:
//
//   - valid UTF-8 with multibyte characters, with confidence of at least
//     0.5 against a single-byte charset, 0.99 against a multibyte one
//     (0.8 when the UTF-8 characters are all accented letters inside
//     Latin words, as in "Müller");
//   - ISO-2022-JP escape sequences;
//   - with confidence of at least 0.95, a charset whose model finds the
//     texts at least 1000 times likelier than the declared charset's own
//     model does (for the charsets the detector has a model of: GBK,
//     Big5, Shift_JIS, EUC-JP, EUC-KR, ISO-8859-1/windows-1252,
//     windows-1251, KOI8-R, ISO-8859-5, windows-1250 and ISO-8859-2),
//     and that decodes them differently (CA[ISO-8859-1] on "Kovács" is
//     right whatever the language). A Cyrillic charset overrules a
//     Latin-script CA only when most high bytes stand in runs of four or
//     more (Cyrillic words, which accented letters never make); a
//     Cyrillic charset needs confidence 0.9 only (eight letters).
//
// ISO-8859-1 holding C1 bytes that windows-1252 leaves undefined (0x81,
// 0x8D, 0x8F, 0x90, 0x9D) is not western text at all: there the
// detector's choice of a multibyte charset needs only confidence 0.5.
// Declared charsets that the detector has no model of (ISO-8859-16,
// windows-1257, ...) give way to valid UTF-8 and ISO-2022-JP only.
func Verify(cs Charset, texts [][]byte) Verification {
	v := Verification{Verdict: Clean, Charset: cs, Text: -1, Offset: -1}
	var buf []byte
	var faults []Fault
	cut, chars := 0, 0
	for i, t := range texts {
		if n := asciiPrefix(t); n == len(t) && cs.info().asciiCompat {
			continue
		}
		faults = faults[:0]
		buf, faults = AppendDecode(buf[:0], cs, t, faults)
		for _, r := range string(buf) {
			if r >= utf8.RuneSelf && r != utf8.RuneError {
				chars++
			}
		}
		for _, f := range faults {
			if v.Faults == 0 {
				v.Text, v.Offset = i, f.Offset
			}
			v.Faults++
			if f.Incomplete {
				cut++
			}
		}
	}
	if v.Faults > 0 {
		// A text cut in the middle of a character is a name cut to a
		// byte limit when other texts hold whole characters of the
		// charset; a lone "cut" byte among ASCII is rather a legacy
		// letter at the end of a text ("så" under CA[UTF-8]).
		if cut == v.Faults && chars > 0 {
			v.Verdict = Truncated
			return v
		}
		v.Verdict = Mismatch
		v.Detection = Detect(texts)
		v.Charset = v.Detection.Charset
		if v.Charset != cs && !v.Charset.IsUTF8() && v.Charset != csISO2022JP && damaged(cs, texts, v.Faults, v.Detection) {
			v.Damaged, v.Charset = true, cs
		}
		return v
	}
	// Decodes cleanly: within the strict charset, or only its superset?
	in := cs.info()
	for i, t := range texts {
		if super, off, ok := outsideStrict(in.strict, t); ok {
			v.Verdict, v.Charset, v.Text, v.Offset = Superset, super, i, off
			break
		}
	}
	// Valid UTF-8 is only overruled by ISO-2022-JP, which is valid UTF-8
	// byte for byte but for its escape sequences.
	if in.lead != NotASCII && (!cs.IsUTF8() || hasESC(texts)) {
		if d, ok := overrule(cs, texts); ok && (!cs.IsUTF8() || d.Charset == csISO2022JP) {
			v.Verdict, v.Charset, v.Detection, v.Text, v.Offset = Mismatch, d.Charset, d, -1, -1
		}
	}
	return v
}

func hasESC(texts [][]byte) bool {
	for _, t := range texts {
		if bytes.IndexByte(t, 0x1B) >= 0 {
			return true
		}
	}
	return false
}

// overrule decides whether texts that decode cleanly in the declared
// charset cs are in another one; see Verify.
func overrule(cs Charset, texts [][]byte) (Detection, bool) {
	high, esc := false, false
	for _, t := range texts {
		high = high || !isASCII(t)
		esc = esc || bytes.IndexByte(t, 0x1B) >= 0
	}
	if !high && !esc {
		return Detection{}, false
	}
	d := Detect(texts)
	if d.Charset == cs || d.Path == "ascii" {
		return d, false
	}
	in := cs.info()
	single := in.kind == kindLatin1 || in.kind == kindCharmap || in.kind == kindASCII
	switch {
	case d.Charset == csISO2022JP:
		return d, true
	case d.Charset.IsUTF8():
		switch {
		case single:
			return d, d.Confidence >= 0.5
		case latinInWords(texts):
			// "Müller" or "TROUVÉES" under CA[GBK]: a Chinese
			// character glued inside a Latin word is unlikely.
			return d, d.Confidence >= 0.8
		}
		return d, d.Confidence >= 0.99
	}
	declared, ok := candidateOf(cs)
	if !ok {
		return d, false
	}
	st := statistics(texts)
	won := st.best
	if st.same(won, declared) {
		// The declared charset decodes the texts as the winner does.
		return d, false
	}
	need := mismatchConfidence
	_, latinScript := declared.alpha()
	switch {
	case won.cyrillic() && latinScript && longRuns(texts) < 0.5:
		// Both decode to letters: only Cyrillic words, runs of high
		// bytes that western text never has, overrule a Latin CA.
		return d, false
	case won.cyrillic():
		need = 0.9 // eight letters in such words
	case latinScript && won.isAlpha() && won != declared:
		// Central European letters against a western CA (or the
		// other way round): eight letters, a thousand times likelier.
		need = 0.9
	case in.kind == kindLatin1 && undefinedC1(texts) && !won.cyrillic():
		need = 0.5
	}
	return d, st.confidence(won) >= need && st.loglik[won]-st.loglik[declared] >= mismatchRatio
}

// longRuns returns the share of the bytes >= 0x80 of texts that stand in
// runs of at least four: words in a single-byte Cyrillic charset, while
// western text has its accented letters one or two at a time.
func longRuns(texts [][]byte) float64 {
	high, long := 0, 0
	for _, t := range texts {
		run := 0
		for i := 0; i <= len(t); i++ {
			if i < len(t) && t[i] >= 0x80 {
				run++
				continue
			}
			high += run
			if run >= 4 {
				long += run
			}
			run = 0
		}
	}
	if high == 0 {
		return 0
	}
	return float64(long) / float64(high)
}

// latinInWords reports whether every multibyte UTF-8 character of texts
// is a Latin letter next to an ASCII letter, as accented letters are in
// western names and words.
func latinInWords(texts [][]byte) bool {
	found := false
	for _, t := range texts {
		for i := asciiPrefix(t); i < len(t); {
			if t[i] < utf8.RuneSelf {
				i++
				continue
			}
			r, size := utf8.DecodeRune(t[i:])
			if script(r) != 1 || !(i > 0 && isAlpha(t[i-1]) || i+size < len(t) && isAlpha(t[i+size])) {
				return false
			}
			found = true
			i += size
		}
	}
	return found
}

// candidateOf returns the detector's model of cs, if it has one.
func candidateOf(cs Charset) (candidate, bool) {
	switch cs {
	case csGB18030, csGBK, csGB2312:
		return candGB, true
	case csBig5, csBig5HKSCS:
		return candBig5, true
	case csSJIS, csCP932:
		return candSJIS, true
	case csEUCJP:
		return candEUCJP, true
	case csEUCKR, csUHC:
		return candEUCKR, true
	case Default, csWin1252, csLatin9, csASCII:
		return candLatin, true
	case csWin1251:
		return candCyrillic, true
	case csKOI8R:
		return candKOI8R, true
	case csWin1250:
		return cand1250, true
	case csLatin2:
		return cand88592, true
	case csISO88595:
		return candISO88595, true
	}
	return 0, false
}

// undefinedC1 reports whether texts hold a byte 0x80-0x9F that
// windows-1252 leaves undefined.
func undefinedC1(texts [][]byte) bool {
	t1252 := csWin1252.info().byteTable()
	for _, t := range texts {
		for _, c := range t {
			if 0x80 <= c && c <= 0x9F && t1252[c] == utf8.RuneError {
				return true
			}
		}
	}
	return false
}

// strictness names the subset check Verify applies to a charset whose
// decoder accepts a superset.
type strictness uint8

const (
	strictNone      strictness = iota
	strictLatin1               // 0x80-0x9F are C1 controls: windows-1252 meant
	strictWin1252              // nothing stricter
	strictGB18030              // nothing stricter
	strictGBK                  // no 4-byte sequences (else GB18030)
	strictEUCCN                // both bytes 0xA1-0xFE (else GBK)
	strictBig5                 // no HKSCS extensions (else Big5-HKSCS)
	strictBig5HKSCS            // nothing stricter
	strictShiftJIS             // no CP932 extensions (else windows-31j)
	strictCP932                // nothing stricter
	strictEUCJP                // nothing stricter
	strictEUCKR                // both bytes 0xA1-0xFE (else windows-949)
	strictUHC                  // nothing stricter
)

// outsideStrict finds the first character of b (which decodes cleanly)
// outside the strict charset, and the superset that has it.
func outsideStrict(s strictness, b []byte) (Charset, int, bool) {
	if s == strictLatin1 {
		// windows-1252 is meant when it decodes every C1 byte.
		first := -1
		t1252 := csWin1252.info().byteTable()
		for i, c := range b {
			if 0x80 <= c && c <= 0x9F {
				if t1252[c] == utf8.RuneError {
					return Charset{}, 0, false
				}
				if first < 0 {
					first = i
				}
			}
		}
		if first >= 0 {
			return csWin1252, first, true
		}
	}
	// The double-byte charsets: the first character outside the subset.
	for i := 0; i < len(b); {
		c := b[i]
		if c < 0x80 || s == strictShiftJIS && 0xA1 <= c && c <= 0xDF || i+1 >= len(b) {
			i++
			continue
		}
		d := b[i+1]
		code := uint16(c)<<8 | uint16(d)
		switch s {
		case strictGBK, strictEUCCN:
			if 0x30 <= d && d <= 0x39 {
				return csGB18030, i, true
			}
			if s == strictEUCCN && (c < 0xA1 || d < 0xA1) {
				return csGBK, i, true
			}
		case strictBig5:
			// Standard Big5: 0xA140-0xA3BF, 0xA440-0xC67E, 0xC940-0xF9D5.
			if code < 0xA140 || 0xA3BF < code && code < 0xA440 || 0xC67E < code && code < 0xC940 || code > 0xF9D5 {
				return csBig5HKSCS, i, true
			}
		case strictShiftJIS:
			// JIS X 0208 leaves rows 9-15 (leads 0x85-0x88 up to 0x889E)
			// empty; CP932 puts NEC specials in 0x87 and the NEC/IBM
			// extensions at leads 0xED-0xEE and 0xFA-0xFC.
			if 0x8540 <= code && code < 0x889F || c >= 0xED {
				return csCP932, i, true
			}
		case strictEUCKR:
			if c < 0xA1 || d < 0xA1 {
				return csUHC, i, true
			}
		default: // nothing stricter
			return Charset{}, 0, false
		}
		i += 2
	}
	return Charset{}, 0, false
}

// maxDamage is the most faults Verify takes for corrupt bytes: one or two
// stray bytes make one or two faults each.
const maxDamage = 4

// damageChance is the probability the declared charset's model gives a
// byte sequence that does not decode (a corrupt byte), in place of the
// detector's 1e-10 for an invalid sequence: rare, but far likelier than
// a declared CA that is wrong in a way another charset explains better.
var damageChance = math.Log(1e-3)

// damaged decides whether the faults faults of texts in the declared
// charset cs (none of them a text cut short only) are corrupt bytes in
// text that is otherwise in cs, rather than a sign of another charset.
//
// Under CA[UTF-8] the valid multibyte characters must outnumber the
// faults and be evidence of UTF-8 (legacy bytes form them by chance once
// in twenty for a 3-byte sequence: see detectUTF8; each fault makes the
// chance four times greater) with confidence 0.99, or at least as sure
// as Detect is of its choice. Under a charset the detector has a model of,
// the texts with each undecodable byte priced as a corrupt byte (1e-3)
// must be about as likely under the declared charset's model as under the
// detector's choice.
func damaged(cs Charset, texts [][]byte, faults int, d Detection) bool {
	if faults > maxDamage {
		return false
	}
	if cs.IsUTF8() {
		multi, logChance := utf8Evidence(texts)
		// Each fault makes damaged UTF-8 four times less likely: legacy
		// text under CA[UTF-8] is mostly faults.
		logChance += float64(faults) * math.Log(4)
		conf := 1 - math.Exp(logChance)
		return multi >= faults && (conf >= 0.99 || conf >= d.Confidence)
	}
	declared, ok := candidateOf(cs)
	if !ok || cs.info().kind == kindASCII {
		// US-ASCII: every high byte is a fault.
		return false
	}
	st := statistics(texts)
	won := st.best
	if st.same(won, declared) {
		return true
	}
	if st.tables[declared] == nil {
		// A multibyte charset: its invalid sequences priced as
		// corrupt bytes. (Left out, they would put the bytes after
		// them out of step for every other multibyte model.)
		t := &st.tallies[declared]
		if t.invalid > maxDamage {
			return false
		}
		return st.loglik[declared]+float64(t.invalid)*(damageChance-getModels().invalid) >= st.loglik[won]
	}
	// A single-byte charset: the texts without the bytes that do not
	// decode (undefined bytes, C1 controls), each priced as a corrupt
	// byte.
	clean := make([][]byte, len(texts))
	var faultList []Fault
	for i, t := range texts {
		_, faultList = AppendDecode(nil, cs, t, faultList[:0])
		c, at := t[:0:0], 0
		for _, f := range faultList {
			c = append(c, t[at:f.Offset]...)
			at = f.End()
		}
		clean[i] = append(c, t[at:]...)
	}
	sc := statistics(clean)
	if sc.tallies[declared].invalid > 0 {
		return false
	}
	return sc.loglik[declared]+float64(faults)*damageChance >= st.loglik[won]
}

// utf8Evidence counts the valid multibyte UTF-8 characters of texts and
// the log of the chance that legacy bytes form them, as detectUTF8 does
// (utf8Walk), skipping the bytes that are no UTF-8.
func utf8Evidence(texts [][]byte) (multi int, logChance float64) {
	multi, _, _, logChance = utf8Walk(texts)
	return multi, logChance
}
