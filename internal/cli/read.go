package cli

import (
	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/syntax"
)

// parseAsRead parses src as the typed view reads it
// (sgf.Collection.SyntaxFile): each game tree split with the two-byte
// characters of the charset decided for it, so that check, fix, merge and
// tree read a file as info, show, json and fmt do.
func parseAsRead(src []byte, common *commonFlags) (*syntax.File, error) {
	if common == nil {
		common = new(commonFlags)
	}
	c, err := sgf.ReadBytes(src, common.readOptions())
	if c == nil || c.File() == nil {
		return syntax.Parse(src, common.syntaxOptions())
	}
	return c.SyntaxFile(), err
}
