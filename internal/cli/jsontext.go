package cli

import (
	"unicode/utf8"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/charset"
)

// jsonText returns how `sgf json` writes the raw values of game g: decoded
// to UTF-8 from the game's charset (its CA, checked against the bytes, or
// the detected one; see sgf.CharsetInfo), escapes kept. Bytes that do not
// decode are written as the ISO-8859-1 characters they stand for, so no
// byte is lost. nil means the values are UTF-8 already (then
// syntax.AppendJSONString does the same for invalid bytes).
func jsonText(g *sgf.Game) func(dst, raw []byte) []byte {
	ci := g.Charset()
	if ci.Transcoded || ci.Charset.IsUTF8() {
		return nil
	}
	cs := ci.Charset
	var faults []charset.Fault
	return func(dst, raw []byte) []byte {
		start := len(dst)
		dst, faults = charset.AppendDecode(dst, cs, raw, faults[:0])
		if len(faults) == 0 {
			return dst
		}
		dst = dst[:start]
		prev := 0
		for _, f := range faults {
			dst, _ = charset.AppendDecode(dst, cs, raw[prev:f.Offset], nil)
			for _, b := range raw[f.Offset:f.End()] {
				dst = utf8.AppendRune(dst, rune(b))
			}
			prev = f.End()
		}
		dst, _ = charset.AppendDecode(dst, cs, raw[prev:], nil)
		return dst
	}
}
