package check

import (
	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/syntax"
)

// caOpts parses as the typed view's first parse does: each tree split
// with the two-byte characters of the charset its CA names (package
// syntax knows no charset names).
var caOpts = &syntax.Options{TreeLeadBytes: sgf.LeadBytesOfCA}
