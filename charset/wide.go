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
	if isJIS(src) {
		return Detection{Charset: csISO2022JP, Confidence: 0.99, Path: "escape sequences of ISO-2022-JP"}, true
	}
	// UTF-16 and UTF-32 text either starts with a byte order mark (FF FE,
	// FE FF, 00 00 FE FF) or has NUL bytes: text with neither need not go
	// through the whole detection, which reads every byte statistically.
	if !bytes.HasPrefix(src, []byte("\xFF\xFE")) && !bytes.HasPrefix(src, []byte("\xFE\xFF")) && bytes.IndexByte(src, 0) < 0 {
		return Detection{}, false
	}
	d := DetectFile(src)
	switch d.Charset {
	case csUTF16LE, csUTF16BE, csUTF32LE, csUTF32BE:
		return d, true
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

// jisEscapes are the escape sequences of ISO-2022-JP that switch to a
// character set whose characters are written with ASCII bytes: JIS X 0208
// (ESC $ @, ESC $ B), JIS X 0212 (ESC $ ( D), JIS X 0201 Roman (ESC ( J)
// and katakana (ESC ( I).
var jisEscapes = [...]string{"\x1b$B", "\x1b$@", "\x1b$(D", "\x1b(J", "\x1b(I"}

// isJIS is the one test for ISO-2022-JP, of a whole input (DetectWide) or
// of the text values of a tree taken together (Detect): seven-bit bytes
// only, with at least one of jisEscapes.
func isJIS(texts ...[]byte) bool {
	found := false
	for _, t := range texts {
		if !isASCII(t) {
			return false
		}
		if found || bytes.IndexByte(t, 0x1B) < 0 {
			continue
		}
		for _, e := range jisEscapes {
			if bytes.Contains(t, []byte(e)) {
				found = true
				break
			}
		}
	}
	return found
}
