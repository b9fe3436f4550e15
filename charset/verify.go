package charset

import "unicode/utf8"

// Verdict is the outcome of Verify.
type Verdict uint8

const (
	// Clean: every text decodes in the declared charset without a fault.
	Clean Verdict = iota
	// Truncated: the only faults are texts that end in the middle of a
	// character (names cut to a byte limit, as some servers do); the
	// declared charset is right.
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

func (v Verdict) String() string {
	switch v {
	case Clean:
		return "clean"
	case Truncated:
		return "truncated"
	case Superset:
		return "superset"
	case Mismatch:
		return "mismatch"
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
}

// mismatchConfidence is how sure Detect must be before Verify calls a
// charset that decodes every byte (ISO-8859-1) a mismatch.
const mismatchConfidence = 0.95

// Verify checks whether texts (raw text property values, as for Detect)
// really are in the declared charset cs.
//
// Single-byte charsets such as ISO-8859-1 decode every byte, so for them
// Verify also asks Detect: valid UTF-8 with multibyte characters, or a
// multibyte charset found with confidence of at least 0.95, is a
// Mismatch.
func Verify(cs Charset, texts [][]byte) Verification {
	v := Verification{Verdict: Clean, Charset: cs, Text: -1, Offset: -1}
	var buf []byte
	var faults []Fault
	cut := 0
	for i, t := range texts {
		if n := asciiPrefix(t); n == len(t) && cs.info().asciiCompat {
			continue
		}
		faults = faults[:0]
		buf, faults = AppendDecode(buf[:0], cs, t, faults)
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
		if cut == v.Faults {
			v.Verdict = Truncated
			return v
		}
		v.Verdict = Mismatch
		v.Detection = Detect(texts)
		v.Charset = v.Detection.Charset
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
	if (in.kind == kindLatin1 || in.kind == kindCharmap) && anyHigh(texts) {
		if d := Detect(texts); d.Charset != cs && (d.Charset == UTF8 && d.Confidence >= 0.5 ||
			d.Charset.MultiByte() && d.Confidence >= mismatchConfidence) {
			v.Verdict, v.Charset, v.Detection, v.Text, v.Offset = Mismatch, d.Charset, d, -1, -1
		}
	}
	return v
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
	switch s {
	case strictLatin1:
		for i, c := range b {
			if 0x80 <= c && c <= 0x9F && csWin1252.info().byteTable()[c] != utf8.RuneError {
				return csWin1252, i, true
			}
		}
	case strictGBK, strictEUCCN:
		for i := 0; i < len(b); {
			c := b[i]
			if c < 0x80 || i+1 >= len(b) {
				i++
				continue
			}
			d := b[i+1]
			if 0x30 <= d && d <= 0x39 {
				return csGB18030, i, true
			}
			if s == strictEUCCN && (c < 0xA1 || d < 0xA1) {
				return csGBK, i, true
			}
			i += 2
		}
	case strictBig5:
		for i := 0; i < len(b); {
			c := b[i]
			if c < 0x80 || i+1 >= len(b) {
				i++
				continue
			}
			code := uint16(c)<<8 | uint16(b[i+1])
			// Standard Big5: 0xA140-0xA3BF, 0xA440-0xC67E, 0xC940-0xF9D5.
			if code < 0xA140 || 0xA3BF < code && code < 0xA440 || 0xC67E < code && code < 0xC940 || code > 0xF9D5 {
				return csBig5HKSCS, i, true
			}
			i += 2
		}
	case strictShiftJIS:
		for i := 0; i < len(b); {
			c := b[i]
			if c < 0x80 || 0xA1 <= c && c <= 0xDF || i+1 >= len(b) {
				i++
				continue
			}
			// JIS X 0208 leaves rows 9-15 (leads 0x85-0x88 up to 0x889E)
			// empty; CP932 puts NEC specials in 0x87 and the NEC/IBM
			// extensions at leads 0xED-0xEE and 0xFA-0xFC.
			code := uint16(c)<<8 | uint16(b[i+1])
			if 0x8540 <= code && code < 0x889F || c >= 0xED {
				return csCP932, i, true
			}
			i += 2
		}
	case strictEUCKR:
		for i := 0; i < len(b); {
			c := b[i]
			if c < 0x80 || i+1 >= len(b) {
				i++
				continue
			}
			if c < 0xA1 || b[i+1] < 0xA1 {
				return csUHC, i, true
			}
			i += 2
		}
	}
	return Charset{}, 0, false
}

func anyHigh(texts [][]byte) bool {
	for _, t := range texts {
		if !isASCII(t) {
			return true
		}
	}
	return false
}
