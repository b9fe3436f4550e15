package charset

import "bytes"

// DetectWide is the one place that recognises input no SGF reader can
// split into properties byte by byte, because its bytes are not ASCII-
// compatible: UTF-16 and UTF-32, with a byte order mark or without one (the
// NUL bytes of DetectFile's patterns), and ISO-2022-JP (seven bits only,
// with an escape sequence to JIS X 0208 or JIS X 0212, whose two-byte
// characters are made of ASCII bytes, "]" and "\\" among them, or to JIS X
// 0201: isJIS, which Detect asks too). src is the
// whole input or its first bytes (a stream's head). It returns the
// detection (BOM is the length of the byte order mark to skip) and true,
// or false for anything else: ASCII-compatible input, UTF-8 with or
// without its byte order mark included.
func DetectWide(src []byte) (Detection, bool) {
	s := wideScan{head: src[:min(len(src), sampleSize)]}
	s.scan(src)
	return s.detection()
}

// wideScan is what DetectWide looks at in an input: the first sampleSize
// bytes, and of the rest only flags and counts, so that an input read
// piece by piece (Write, see OpenWide) is judged as the whole of it is.
type wideScan struct {
	head      []byte // the first sampleSize bytes
	n         int    // the bytes scanned
	high      bool   // a byte >= 0x80: not ISO-2022-JP
	esc       bool   // one of jisEscapes
	last      [3]byte
	nlast     int // the last bytes scanned (an escape sequence across two pieces)
	even, odd int // NUL bytes at even and odd offsets of the input
}

// Write scans p, the next piece of the input, keeping a copy of what
// belongs to the head.
func (s *wideScan) Write(p []byte) (int, error) {
	if len(s.head) < sampleSize {
		s.head = append(s.head, p[:min(len(p), sampleSize-len(s.head))]...)
	}
	s.scan(p)
	return len(p), nil
}

func (s *wideScan) scan(p []byte) {
	if !s.high {
		if !isASCII(p) {
			s.high = true
		} else if !s.esc {
			var seam [6]byte
			k := copy(seam[:], s.last[:s.nlast])
			k += copy(seam[k:], p[:min(len(p), 3)])
			s.esc = hasJISEscape(seam[:k]) || hasJISEscape(p)
		}
	}
	if i := bytes.IndexByte(p, 0); i >= 0 {
		even, odd := utf16Zeros(p[i:])
		if (s.n+i)&1 != 0 {
			even, odd = odd, even
		}
		s.even, s.odd = s.even+even, s.odd+odd
	}
	s.n += len(p)
	if len(p) >= 3 {
		s.nlast = copy(s.last[:], p[len(p)-3:])
	} else {
		for _, c := range p {
			if s.nlast == 3 {
				s.last[0], s.last[1], s.nlast = s.last[1], s.last[2], 2
			}
			s.last[s.nlast] = c
			s.nlast++
		}
	}
}

// detection is DetectWide's verdict on the input scanned: isJIS of the
// whole; then, for input with a byte order mark of UTF-16 or NUL bytes,
// DetectFile's, of which only UTF-16 and UTF-32 are wide (past the byte
// order mark and the patterns of its first sampleSize bytes, DetectFile
// asks Detect of the whole file, which can only find UTF-16 there by
// its NUL-byte pattern).
func (s *wideScan) detection() (Detection, bool) {
	if !s.high && s.esc {
		return Detection{Charset: csISO2022JP, Confidence: 0.99, Path: "escape sequences of ISO-2022-JP"}, true
	}
	// UTF-16 and UTF-32 text either starts with a byte order mark (FF FE,
	// FE FF, 00 00 FE FF) or has NUL bytes: text with neither need not go
	// through the whole detection, which reads every byte statistically.
	if !bytes.HasPrefix(s.head, []byte("\xFF\xFE")) && !bytes.HasPrefix(s.head, []byte("\xFE\xFF")) && s.even+s.odd == 0 {
		return Detection{}, false
	}
	d, ok := detectBOM(s.head)
	if !ok {
		d, ok = detectSample(s.head)
	}
	if !ok && s.even+s.odd > 0 {
		// Detect's third rule (detectUTF16), of the whole file.
		if cs, conf, found := utf16Verdict(s.even, s.odd, s.n&^1); found {
			d, ok = Detection{Charset: cs, Confidence: conf, Path: "whole file: NUL-byte pattern of " + cs.Name()}, true
		}
	}
	if ok {
		switch d.Charset {
		case csUTF16LE, csUTF16BE, csUTF32LE, csUTF32BE:
			return d, true
		}
	}
	return Detection{}, false
}

// DecodeWide decodes src to UTF-8 when DetectWide finds it wide, and
// returns the text, the detection, and the number of sequences that did
// not decode (each became U+FFFD). For other input it returns src itself
// and false.
func DecodeWide(src []byte) (text []byte, d Detection, faults int, ok bool) {
	d, ok = DetectWide(src)
	if !ok {
		return src, d, 0, false
	}
	s, fs := Decode(d.Charset, src[d.BOM:])
	return []byte(s), d, len(fs), true
}

// IsWide reports whether DetectWide finds src wide: for a parser that is
// given input nobody decoded (syntax.Options.Wide), whose NUL bytes are
// then text in UTF-16 or UTF-32, not binary data.
func IsWide(src []byte) bool {
	_, ok := DetectWide(src)
	return ok
}

// jisEscapes are the escape sequences of ISO-2022-JP that switch to a
// character set whose characters are written with ASCII bytes: JIS X 0208
// (ESC $ @, ESC $ B), JIS X 0212 (ESC $ ( D), JIS X 0201 Roman (ESC ( J)
// and katakana (ESC ( I).
var jisEscapes = [...]string{"\x1b$B", "\x1b$@", "\x1b$(D", "\x1b(J", "\x1b(I"}

// hasJISEscape reports whether b holds one of jisEscapes.
func hasJISEscape(b []byte) bool {
	if bytes.IndexByte(b, 0x1B) < 0 {
		return false
	}
	for _, e := range jisEscapes {
		if bytes.Contains(b, []byte(e)) {
			return true
		}
	}
	return false
}

// isJIS is the one test for ISO-2022-JP, of a whole input (DetectWide) or
// of the text values of a tree taken together (Detect): seven-bit bytes
// only, with at least one of jisEscapes.
func isJIS(texts ...[]byte) bool {
	found := false
	for _, t := range texts {
		if !isASCII(t) {
			return false
		}
		found = found || hasJISEscape(t)
	}
	return found
}
