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
	f, _, err := parseAsReadCharsets(src, common)
	return f, err
}

// parseAsReadCharsets is parseAsRead that also gives the charset the typed
// view decided for each game tree (for check.Options.TreeCharset, so that
// messages quote values decoded); nil when src was not read as SGF.
func parseAsReadCharsets(src []byte, common *commonFlags) (*syntax.File, func(int) charset.Charset, error) {
	if common == nil {
		common = new(commonFlags)
	}
	c, err := sgf.ReadBytes(src, common.readOptions())
	if c == nil || c.File() == nil {
		f, err := syntax.Parse(src, common.syntaxOptions())
		return f, nil, err
	}
	return c.SyntaxFile(), c.SyntaxCharset, err
}
