package value

// Byte classes for the Text decoder.
const (
	clsPlain = iota
	clsEscape
	clsLF
	clsCR
	clsSpace // whitespace other than a line break that is not ' ' itself
)

var textClass = [256]uint8{
	'\\': clsEscape,
	'\n': clsLF,
	'\r': clsCR,
	'\t': clsSpace,
	'\v': clsSpace,
	'\f': clsSpace,
}

// Text decodes a raw Text value (FF[4] "Text" type) into the text it stands
// for. See [AppendText].
func Text(raw []byte) []byte { return AppendText(nil, raw) }

// SimpleText decodes a raw SimpleText value. See [AppendSimpleText].
func SimpleText(raw []byte) []byte { return AppendSimpleText(nil, raw) }

// AppendText appends the decoded form of the raw Text value raw to dst:
//
//   - '\' escapes the next byte, which is inserted verbatim (`\]` is ']',
//     `\\` is '\', `\:` is ':', `\n` is 'n');
//   - '\' followed by a line break is a soft line break and both are removed;
//   - every other line break (LF, CR, CRLF or LFCR, each counted as one
//     break) is a hard line break and becomes a single '\n';
//   - whitespace other than a line break (HT, VT, FF) becomes ' ', escaped
//     or not: the spec's "exception: whitespaces still have to be converted
//     to space".
//
// Bytes >= 0x80 are copied unchanged: charset decoding is not done here. A
// lone '\' at the very end of raw (which a well-formed file cannot hold) is
// kept, so that nothing written is lost.
func AppendText(dst, raw []byte) []byte { return appendText(dst, raw, '\n') }

// AppendSimpleText appends the decoded form of the raw SimpleText value raw
// to dst. It is [AppendText] except that hard line breaks become ' ' (the
// spec: "All other linebreaks are converted to space").
func AppendSimpleText(dst, raw []byte) []byte { return appendText(dst, raw, ' ') }

func appendText(dst, raw []byte, hardBreak byte) []byte {
	start := 0 // raw[start:i] is plain and not yet copied
	for i := 0; i < len(raw); {
		c := raw[i]
		cls := textClass[c]
		if cls == clsPlain {
			i++
			continue
		}
		dst = append(dst, raw[start:i]...)
		switch cls {
		case clsEscape:
			if i+1 == len(raw) {
				dst = append(dst, '\\')
				i++
				break
			}
			e := raw[i+1]
			switch textClass[e] {
			case clsLF, clsCR:
				i = skipBreak(raw, i+1) // soft line break: removed
			case clsSpace:
				dst = append(dst, ' ')
				i += 2
			default:
				dst = append(dst, e)
				i += 2
			}
		case clsLF, clsCR:
			dst = append(dst, hardBreak)
			i = skipBreak(raw, i)
		case clsSpace:
			dst = append(dst, ' ')
			i++
		}
		start = i
	}
	return append(dst, raw[start:]...)
}

// skipBreak returns the index after the line break that starts at raw[i]
// (LF or CR), treating CRLF and LFCR as one break.
func skipBreak(raw []byte, i int) int {
	c := raw[i]
	i++
	if i < len(raw) && (raw[i] == '\n' || raw[i] == '\r') && raw[i] != c {
		i++
	}
	return i
}

// AppendEscapedText appends s, a decoded Text or SimpleText, to dst in the
// form it takes between '[' and ']' in a file, with the minimal escaping the
// spec requires: ']' and '\' always, ':' only when composed is true (the
// text is one side of a Compose value).
//
// Line breaks and other whitespace are written as they are. For any s that
// holds no CR, HT, VT or FF (the output of [Text] never does),
// Text(AppendEscapedText(nil, s, c)) == s.
func AppendEscapedText(dst, s []byte, composed bool) []byte {
	start := 0
	for i, c := range s {
		if c == ']' || c == '\\' || (composed && c == ':') {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', c)
			start = i + 1
		}
	}
	return append(dst, s[start:]...)
}

// unescape returns raw with SimpleText decoding applied when raw holds an
// escape or whitespace, and raw itself otherwise (no allocation). It is used
// by the parsers of non-text types: `\1` is read as "1", and a stray line
// break or tab becomes a space that the strict parser then rejects.
func unescape(raw []byte) []byte {
	for _, c := range raw {
		if textClass[c] != clsPlain {
			return AppendSimpleText(nil, raw)
		}
	}
	return raw
}

// StripSpace returns raw without its white space (space, HT, LF, VT, FF,
// CR), or raw itself when it holds no byte below '!'. It is how a Number,
// a Point, a Move or a board size written with white space in it is read
// ("FF[ 4 ]", "SZ[1 9]", "B[d d]"): the value does not have the form of
// its type, and SGFC corrects it by removing the white space (message
// 15, "illegal value corrected"), as sgf check does; the readers that
// need the number (the board size of a game) read it so.
func StripSpace(raw []byte) []byte {
	clean := true
	for _, c := range raw {
		if c <= ' ' {
			clean = false
			break
		}
	}
	if clean {
		return raw
	}
	out := make([]byte, 0, len(raw))
	for _, c := range raw {
		switch c {
		case ' ', '\t', '\r', '\n', '\v', '\f':
		default:
			out = append(out, c)
		}
	}
	return out
}
