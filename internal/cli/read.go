package cli

import (
	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/syntax"
)

// parseAsRead parses src as the typed view reads it
// (sgf.Collection.SyntaxFile): each game tree split with the two-byte
// characters of the charset decided for it, so that check, fix, merge and
// tree read a file as info, show, json and fmt do.
func parseAsRead(src []byte, common *commonFlags) (*syntax.File, error) {
	f, _, err := parseAsReadWide(src, common)
	return f, err
}

// parseAsReadWide is parseAsRead that also says how the typed view read
// the input: for a file in UTF-16, UTF-32 or ISO-2022-JP, decoded to
// UTF-8 before it was parsed (f holds the UTF-8 text), its detection
// (sgf.Collection.Wide); nil for any other.
func parseAsReadWide(src []byte, common *commonFlags) (*syntax.File, *charset.Detection, error) {
	if common == nil {
		common = new(commonFlags)
	}
	c, err := sgf.ReadBytes(src, common.readOptions())
	if c == nil || c.File() == nil {
		f, err := syntax.Parse(src, common.syntaxOptions())
		return f, nil, err
	}
	var wide *charset.Detection
	if d, ok := c.Wide(); ok {
		wide = &d
	}
	return c.SyntaxFile(), wide, err
}
