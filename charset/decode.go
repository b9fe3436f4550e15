package charset

import (
	"bytes"
	"encoding/binary"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"
)

// Fault is a byte sequence that does not decode in the charset. Decode
// never drops such bytes silently: each Fault is replaced by exactly one
// U+FFFD REPLACEMENT CHARACTER in the output, and reported here.
type Fault struct {
	Offset int // byte offset of the sequence in the decoded input
	Len    int // its length in bytes (>= 1)
	// Incomplete is set when the sequence is a valid beginning of a
	// character that the input ends in the middle of: text cut in the
	// middle of a character, as in Fox player names.
	Incomplete bool
}

// End returns Offset+Len.
func (f Fault) End() int { return f.Offset + f.Len }

const replacement = "\uFFFD"

// Decode decodes b from cs to UTF-8. Bytes that do not decode are not
// dropped: each undecodable sequence becomes one U+FFFD in the result and
// a Fault with its byte offset in b. A U+FFFD that b legitimately encodes
// (EF BF BD in UTF-8, 84 31 A4 37 in GB18030) is not a fault.
//
// b is the raw bytes of one text (for SGF: one property value, after the
// caller has found its end, before or after unescaping). Stateful
// charsets (ISO-2022-JP, UTF-16 with a byte order mark) start afresh in
// each call.
func Decode(cs Charset, b []byte) (string, []Fault) {
	in := cs.info()
	switch {
	case in.asciiCompat && isASCII(b):
		return string(b), nil
	case in.kind == kindUTF8 && utf8.Valid(b):
		return string(b), nil
	}
	out, faults := AppendDecode(make([]byte, 0, len(b)+len(b)/2+8), cs, b, nil)
	return string(out), faults
}

// AppendDecode is Decode for callers that reuse buffers: it appends the
// UTF-8 text to dst and the faults (offsets relative to src) to faults.
func AppendDecode(dst []byte, cs Charset, src []byte, faults []Fault) ([]byte, []Fault) {
	in := cs.info()
	if in.asciiCompat {
		// Copy the ASCII prefix directly: most SGF text is mostly ASCII.
		n := asciiPrefix(src)
		dst = append(dst, src[:n]...)
		if n == len(src) {
			return dst, faults
		}
		return appendDecodeFrom(dst, in, src, n, faults)
	}
	return appendDecodeFrom(dst, in, src, 0, faults)
}

func appendDecodeFrom(dst []byte, in *info, src []byte, start int, faults []Fault) ([]byte, []Fault) {
	switch in.kind {
	case kindLatin1:
		for _, c := range src[start:] {
			if c < utf8.RuneSelf {
				dst = append(dst, c)
			} else {
				dst = append(dst, 0xC0|c>>6, 0x80|c&0x3F)
			}
		}
		return dst, faults
	case kindASCII:
		for i := start; i < len(src); i++ {
			if c := src[i]; c < utf8.RuneSelf {
				dst = append(dst, c)
			} else {
				dst = append(dst, replacement...)
				faults = append(faults, Fault{Offset: i, Len: 1})
			}
		}
		return dst, faults
	case kindUTF8:
		if utf8.Valid(src[start:]) {
			return append(dst, src[start:]...), faults
		}
		return appendUTF8(dst, src, start, faults)
	case kindCharmap:
		t := in.byteTable()
		for i := start; i < len(src); i++ {
			r := t[src[i]]
			if r == utf8.RuneError {
				faults = append(faults, Fault{Offset: i, Len: 1})
			}
			dst = utf8.AppendRune(dst, r)
		}
		return dst, faults
	}
	return appendTransform(dst, in, src, start, faults)
}

// byteTable returns the 256-entry decoding table of a single-byte charset.
func (in *info) byteTable() *[256]rune {
	in.tableOnce.Do(func() {
		var t [256]rune
		for i := range t {
			t[i] = in.cm.DecodeByte(byte(i))
		}
		in.table = &t
	})
	return in.table
}

// appendUTF8 validates UTF-8, replacing each maximal invalid subpart (the
// Unicode "substitution of maximal subparts" practice, as the WHATWG
// decoder does) with one U+FFFD.
func appendUTF8(dst, src []byte, i int, faults []Fault) ([]byte, []Fault) {
	for i < len(src) {
		c := src[i]
		if c < utf8.RuneSelf {
			dst = append(dst, c)
			i++
			continue
		}
		r, size := utf8.DecodeRune(src[i:])
		if r != utf8.RuneError || size > 1 {
			dst = append(dst, src[i:i+size]...)
			i += size
			continue
		}
		n, complete := utf8Subpart(src[i:])
		faults = append(faults, Fault{Offset: i, Len: n, Incomplete: !complete && i+n == len(src)})
		dst = append(dst, replacement...)
		i += n
	}
	return dst, faults
}

// utf8Subpart returns the length of the maximal prefix of b (which starts
// with an invalid sequence) that is the beginning of a well-formed UTF-8
// sequence, at least 1, and whether b continued after it (false: b ended
// inside a well-formed beginning).
func utf8Subpart(b []byte) (n int, continued bool) {
	c := b[0]
	var need int
	lo, hi := byte(0x80), byte(0xBF)
	switch {
	case 0xC2 <= c && c <= 0xDF:
		need = 1
	case c == 0xE0:
		need, lo = 2, 0xA0
	case 0xE1 <= c && c <= 0xEC, c == 0xEE, c == 0xEF:
		need = 2
	case c == 0xED:
		need, hi = 2, 0x9F
	case c == 0xF0:
		need, lo = 3, 0x90
	case 0xF1 <= c && c <= 0xF3:
		need = 3
	case c == 0xF4:
		need, hi = 3, 0x8F
	default:
		return 1, true
	}
	n = 1
	for k := 0; k < need; k++ {
		if n >= len(b) {
			return n, false
		}
		if d := b[n]; d < lo || d > hi {
			return n, true
		}
		lo, hi = 0x80, 0xBF
		n++
	}
	return n, true // not reached for an invalid sequence
}

func (in *info) decoder() *encoding.Decoder {
	if d, ok := in.pool.Get().(*encoding.Decoder); ok {
		d.Reset()
		return d
	}
	return in.enc.NewDecoder()
}

// appendTransform decodes with an x/text decoder. x/text replaces
// undecodable bytes with U+FFFD but does not say where; when the fast
// whole-buffer pass produces a U+FFFD, a second pass feeds the decoder one
// character at a time to find each fault's offset and length.
func appendTransform(dst []byte, in *info, src []byte, start int, faults []Fault) ([]byte, []Fault) {
	d := in.decoder()
	defer in.pool.Put(d)
	base := len(dst)
	out, ok := transformAll(dst, d, src[start:])
	if ok && !bytes.Contains(out[base:], []byte(replacement)) {
		return out, faults
	}
	d.Reset()
	out, faults, _ = transformSlowTo(out[:base], d, in, src, start, faults, true)
	return out, faults
}

// transformAll runs t over all of src, growing dst as needed.
func transformAll(dst []byte, t transform.Transformer, src []byte) ([]byte, bool) {
	if cap(dst)-len(dst) < len(src)+16 {
		grown := make([]byte, len(dst), len(dst)+2*len(src)+16)
		copy(grown, dst)
		dst = grown
	}
	for {
		nDst, nSrc, err := t.Transform(dst[len(dst):cap(dst)], src, true)
		dst = dst[:len(dst)+nDst]
		src = src[nSrc:]
		switch err {
		case nil:
			return dst, true
		case transform.ErrShortDst:
			grown := make([]byte, len(dst), 2*cap(dst)+16)
			copy(grown, dst)
			dst = grown
		default:
			return dst, false
		}
	}
}

// transformSlowTo decodes src[start:] one character at a time: it offers
// the decoder 1, 2, 3... bytes until it makes progress, so each call
// consumes exactly one character (or one undecodable sequence, or one
// escape sequence). For a part of an input (WideReader) it decodes up to
// the end of the input when final is set; else it stops before a
// character src ends in the middle of, and returns where.
func transformSlowTo(dst []byte, t transform.Transformer, in *info, src []byte, start int, faults []Fault, final bool) ([]byte, []Fault, int) {
	var buf [64]byte
	pos := start
	for pos < len(src) {
		progressed := false
		incomplete := false
		for end := pos + 1; end <= len(src); end++ {
			atEOF := false
			nDst, nSrc, err := t.Transform(buf[:], src[pos:end], atEOF)
			if nSrc == 0 && nDst == 0 && err == transform.ErrShortSrc && end == len(src) {
				if !final {
					return dst, faults, pos
				}
				// The rest is the beginning of a character: flush it.
				incomplete = true
				nDst, nSrc, err = t.Transform(buf[:], src[pos:end], true)
			}
			if nSrc == 0 && nDst == 0 {
				if err == transform.ErrShortSrc {
					continue
				}
				break
			}
			out := buf[:nDst]
			if bytes.Contains(out, []byte(replacement)) && !legitReplacement(in, src[pos:pos+nSrc]) {
				if in.asciiCompat && nSrc > 1 && src[pos+1] < utf8.RuneSelf {
					// A lead byte followed by an ASCII byte: only the lead
					// is in error, the ASCII byte is itself (WHATWG:
					// "prepend byte to stream"). Some x/text decoders
					// swallow it; these decoders are stateless, so
					// resynchronize after the lead.
					nSrc = 1
					t.Reset()
				}
				if nSrc == 4 && in.utf16() {
					// A high surrogate not followed by a low one: x/text
					// takes the next unit into the U+FFFD too, and the
					// character it holds would be lost. Only the
					// surrogate is in error; the next unit is read again
					// (the UTF-16 decoders keep no state but the byte
					// order mark's, which Reset would forget).
					nSrc = 2
				}
				faults = append(faults, Fault{Offset: pos, Len: max(nSrc, 1), Incomplete: incomplete && pos+nSrc == len(src)})
				out = []byte(replacement)
			}
			dst = append(dst, out...)
			pos += nSrc
			progressed = nSrc > 0
			break
		}
		if !progressed {
			// The decoder neither decodes nor rejects this byte: never
			// seen with x/text, but keep the promise of no silent loss.
			faults = append(faults, Fault{Offset: pos, Len: 1})
			dst = append(dst, replacement...)
			pos++
			t.Reset()
		}
	}
	return dst, faults, pos
}

// utf16 reports whether in is one of the UTF-16 charsets (UTF-16, -BE, -LE).
func (in *info) utf16() bool {
	return in.lead == NotASCII && len(in.name) >= 6 && in.name[:6] == "UTF-16"
}

// legitReplacement reports whether b is an encoding of U+FFFD itself.
func legitReplacement(in *info, b []byte) bool {
	switch string(b) {
	case "\xEF\xBF\xBD":
		return in.kind == kindUTF8
	case "\x84\x31\xA4\x37":
		return in.lead == GBK
	case "\xFF\xFD", "\xFD\xFF", "\x00\x00\xFF\xFD", "\xFD\xFF\x00\x00":
		return in.lead == NotASCII
	}
	return false
}

func isASCII(b []byte) bool { return asciiPrefix(b) == len(b) }

// asciiPrefix returns the length of the longest prefix of b without bytes
// >= 0x80, thirty-two bytes at a time, then eight: each eight a load of
// one word (bytes taken one by one, with their bounds checks, were not
// combined into one load: 34 instructions for eight bytes, the largest
// cost of DetectWide over an ASCII file).
func asciiPrefix(b []byte) int {
	const high = 0x8080808080808080
	i := 0
	for ; i+32 <= len(b); i += 32 {
		w := b[i : i+32 : i+32]
		if (binary.LittleEndian.Uint64(w)|binary.LittleEndian.Uint64(w[8:])|
			binary.LittleEndian.Uint64(w[16:])|binary.LittleEndian.Uint64(w[24:]))&high != 0 {
			break
		}
	}
	for ; i+8 <= len(b); i += 8 {
		if binary.LittleEndian.Uint64(b[i:i+8:i+8])&high != 0 {
			break
		}
	}
	for ; i < len(b); i++ {
		if b[i] >= utf8.RuneSelf {
			break
		}
	}
	return i
}
