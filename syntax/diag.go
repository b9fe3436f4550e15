package syntax

import (
	"errors"

	"github.com/sgf-toolkit/sgf/diag"
)

// Severity grades a diagnostic (package diag's, the one currency).
type Severity = diag.Severity

const (
	Warning = diag.Warning // the file is readable as it is; style or compatibility
	Error   = diag.Error   // the file breaks the specification; a recovery was made
	Fatal   = diag.Fatal   // parsing stopped here; what follows is not read
)

// Code identifies a kind of diagnostic: package diag's Code, of class 'S'
// for the codes of this package. Codes are stable: new codes are added at
// the end, and a code's meaning never changes. A code prints as "S" and two
// digits ("S07").
type Code = diag.Code

// The syntax diagnostics. The comment after each gives the matching SGFC
// message number (Appendix C of SGFC's README), where there is one.
const (
	_                         Code = 'S'<<8 + iota
	CodeTextBeforeTree             // S01, SGFC 6: SGF-like text in front of the first game tree
	CodeNoGameTree                 // S02, SGFC 7: no game tree in the input
	CodeIllegalChars               // S03, SGFC 8: characters that belong to no token
	CodeMissingParen               // S04, SGFC 9: end of input with variations still open
	CodeUnexpectedEOF              // S05, SGFC 10: end of input inside a property value
	CodeIdentTooLong               // S06, SGFC 11: identifier longer than 100 letters (ignored)
	CodeEmptyVariation             // S07, SGFC 12: "()" (ignored)
	CodeNoValue                    // S08, SGFC 20: identifier without a value (ignored)
	CodeIllegalVarStart            // S09, SGFC 21: "(" that starts no variation, as in "((" (ignored)
	CodeNULByte                    // S10, SGFC 22: a NUL byte
	CodeLongIdent                  // S11, SGFC 31: identifier of more than two uppercase letters
	CodeMissingSemicolon           // S12, SGFC 36: game tree starts without ";"
	CodeValueWithoutIdent          // S13, SGFC 54: values without an identifier (ignored)
	CodeNodeOutsideVariation       // S14, SGFC 66: node after a variation's end; "(" assumed
	CodeMissingSemicolonInVar      // S15, SGFC 67: variation starts without ";"; ";" assumed
	CodeLowercaseIdent             // S16, SGFC 16: lowercase letters in an identifier (FF[3] style)
	CodeLimit                      // S17: a limit of Options was reached; the rest is not read
	CodeTextAfterTree              // S18: SGF-like text after or between game trees
	CodeImportGuess                // S19: a field of a GIB, NGF or UGF file read by a guess (package formats)
	CodeImportUnread               // S20: a line of a GIB, NGF or UGF file that could not be read (package formats)
	CodeImportFormat               // S21: the input is not a file of the format it is read as (package formats)
	codeEnd
)

var codeInfo = [...]struct {
	name string
	sgfc int
	doc  string
}{
	CodeTextBeforeTree & 0xff:        {"text-before-tree", 6, "Text in front of the first game tree looks like SGF data (it holds a bracketed value such as [aa]). It is kept as it is but is not part of any tree."},
	CodeNoGameTree & 0xff:            {"no-game-tree", 7, "The input holds no game tree: no \"(\" followed by \";\" or by a property."},
	CodeIllegalChars & 0xff:          {"illegal-chars", 8, "Characters that are not part of any token (identifier, value, \";\", \"(\", \")\"). They are kept in the source but belong to no property."},
	CodeMissingParen & 0xff:          {"missing-paren", 9, "The input ends while variations are still open: \")\" is missing. The tree is closed at the end of input."},
	CodeUnexpectedEOF & 0xff:         {"unexpected-eof", 10, "The input ends inside a property value: \"]\" is missing. The value runs to the end of input."},
	CodeIdentTooLong & 0xff:          {"ident-too-long", 11, "A property identifier longer than 100 letters: the input is probably not SGF. The property is ignored."},
	CodeEmptyVariation & 0xff:        {"empty-variation", 12, "An empty variation \"()\" is ignored."},
	CodeNoValue & 0xff:               {"no-value", 20, "A property identifier without any value, as in \"B L[10]\" or \";AB;\". The identifier is ignored."},
	CodeIllegalVarStart & 0xff:       {"illegal-variation-start", 21, "A \"(\" where no variation can start, as in \"((;\" or \"(;\" with no node before it. It is ignored."},
	CodeNULByte & 0xff:               {"nul-byte", 22, "A NUL byte: the file may be binary or UTF-16."},
	CodeLongIdent & 0xff:             {"long-ident", 31, "A property identifier of more than two uppercase letters. Legal SGF, but some programs cannot read it."},
	CodeMissingSemicolon & 0xff:      {"missing-semicolon", 36, "A game tree starts with \"(\" and a property but no \";\". The \";\" is assumed."},
	CodeValueWithoutIdent & 0xff:     {"value-without-ident", 54, "Property values with no identifier in front of them. They are ignored."},
	CodeNodeOutsideVariation & 0xff:  {"node-outside-variation", 66, "A node after the end of a variation, as in \"(;A(;B) ;C)\". A \"(\" is assumed before it, so it starts a new variation."},
	CodeMissingSemicolonInVar & 0xff: {"missing-semicolon-in-variation", 67, "A variation starts with \"(\" and a property but no \";\". The \";\" is assumed."},
	CodeLowercaseIdent & 0xff:        {"lowercase-ident", 16, "Lowercase letters in a property identifier (FF[3] style, as in \"CoPyright\"). The identifier is kept as written; in FF[4] only its uppercase letters count."},
	CodeLimit & 0xff:                 {"limit", 0, "A limit of the parser's Options (bytes, nodes, value size or nesting depth) was reached. The rest of the input is not read."},
	CodeTextAfterTree & 0xff:         {"text-after-tree", 0, "Text after or between game trees looks like SGF data. It is kept as it is but is not part of any tree."},
	CodeImportGuess & 0xff:           {"import-guess", 0, "A field of a Tygem GIB, WBaduk NGF or PandaNet UGF/UGI file was read by a guess (a result code or a rank level nobody documented, a date in another shape, a free-text result). The SGF property holds the guess; the field as written is kept in the private property XH."},
	CodeImportUnread & 0xff:          {"import-unread", 0, "A line of a Tygem GIB, WBaduk NGF or PandaNet UGF/UGI file could not be read (a move off the board, a number that is no number, a missing end marker of a truncated file). A move off the board becomes a pass; other lines are left out, and header lines are kept in XH."},
	CodeImportFormat & 0xff:          {"import-format", 0, "The input is not a file of the format it was read as (no GIB header, fewer than the twelve NGF header lines, no UGF [Header] section). Nothing is read."},
}

func init() {
	infos := make([]diag.Info, 0, codeEnd.Num())
	for c := CodeTextBeforeTree; c < codeEnd; c++ {
		in := codeInfo[c.Num()]
		infos = append(infos, diag.Info{Code: c, Name: in.name, SGFC: in.sgfc, Doc: in.doc})
	}
	diag.Register("syntax", infos...)
}

// Codes returns every syntax code in order.
func Codes() []Code {
	cs := make([]Code, 0, codeEnd.Num()-1)
	for c := CodeTextBeforeTree; c < codeEnd; c++ {
		cs = append(cs, c)
	}
	return cs
}

// ParseCode turns "S07" (or "s7") back into a Code.
func ParseCode(s string) (Code, bool) { return diag.ParseCode('S', s) }

// Position is a place in the input (package diag's). Offset counts bytes
// from the start of the input (from 0); Line and Column count from 1, Column
// in bytes. Line breaks are LF, CR, CRLF and LFCR, each one break.
type Position = diag.Position

// Diagnostic reports one fault found and the recovery made: package diag's
// Diagnostic, the one type of the syntax layer, package check and the
// command line. The syntax layer fills Code, Severity, Critical, Position,
// Tree, Node and Message.
type Diagnostic = diag.Diagnostic

// ErrSyntax is wrapped by every *ParseError of this package.
var ErrSyntax = errors.New("sgf syntax error")

// ErrLimit is wrapped by a *ParseError for an input that exceeds a limit of Options.
var ErrLimit = errors.New("sgf input exceeds a limit")

// ParseError is a fatal diagnostic as an error. Parse functions return one
// when they had to stop; errors.Is(err, ErrSyntax) (or ErrLimit) holds.
type ParseError struct {
	Diagnostic
}

func (e *ParseError) Error() string { return e.Diagnostic.String() }

// Unwrap returns ErrLimit for a limit, ErrSyntax otherwise.
func (e *ParseError) Unwrap() error {
	if e.Code == CodeLimit {
		return ErrLimit
	}
	return ErrSyntax
}
