package check

import (
	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/diag"
	"github.com/sgf-toolkit/sgf/syntax"
)

// Code identifies a rule and the diagnostics it reports: package diag's
// Code, of class 'C' for the rules of this package. Codes are stable: new
// codes are added at the end and a code's meaning never changes. A code
// prints as "C" and two digits ("C07"); Code.SGFC gives the number of the
// equivalent SGFC message (Appendix C of SGFC's README), where there is one,
// and Name and Doc the rule's name and documentation.
type Code = diag.Code

// The codes of the rules. The comment after each gives the SGFC message
// number.
const (
	_                           Code = 'C'<<8 + iota
	CodeTooManyValues                // C01, SGFC 13: a one-value property with several values
	CodeIllegalValue                 // C02, SGFC 14: a value that cannot be read or repaired
	CodeValueCorrected               // C03, SGFC 15: a value in a repairable free form
	CodeComposeCorrected             // C04, SGFC 25: a composed value in a repairable form
	CodeLowercaseFF4                 // C05, SGFC 16: lowercase letters in an identifier of an FF[4] file
	CodeEmptyValue                   // C06, SGFC 17: an empty value
	CodeIllegalRootValue             // C07, SGFC 18: an illegal value of a root property
	CodeNotGo                        // C08, SGFC 19: a game other than Go (and Hex)
	CodeComposeExpected              // C09, SGFC 23: a plain value where "a:b" is required
	CodeMoveInRoot                   // C10, SGFC 24: a move in the root node (Options.Variations)
	CodeDuplicateProperty            // C11, SGFC 28: a property twice in one node
	CodePropertyDeleted              // C12, SGFC 29: a property deleted by option
	CodeSetupAndMove                 // C13, SGFC 30: setup and move properties in one node
	CodeRootOutsideRoot              // C14, SGFC 32: a root property outside the root node
	CodeGameInfoFormat               // C15, SGFC 33: a game-info value in a form that cannot be repaired
	CodeUnknownProperty              // C16, SGFC 35: a property no specification defines
	CodeBlackAndWhite                // C17, SGFC 37: a black and a white move in one node
	CodeNotUnique                    // C18, SGFC 38: a point listed twice (AB/AW/AE, markup, TB/TW, lists)
	CodeNoEffect                     // C19, SGFC 39: AB/AW/AE that changes nothing
	CodeNotInFF                      // C20, SGFC 40: a property the file's FF does not define
	CodeAnnotationConflict           // C21, SGFC 41: contradicting annotations in one node
	CodeTesujiBadMove                // C22, SGFC 42: TE and BM in one node
	CodeAnnotationWithoutMove        // C23, SGFC 43: a move annotation in a node without a move
	CodeGameInfoOutside              // C24, SGFC 44: game-info on two nodes of one path
	CodeDifferentFF                  // C25, SGFC 45: game trees of different FF in one file
	CodeUnknownFF                    // C26, SGFC 46: FF outside 1-4
	CodeSquareAsRect                 // C27, SGFC 47: SZ[19:19]
	CodeBoardTooBig                  // C28, SGFC 50: a Go board larger than 52x52
	CodeFeatureNotInFF               // C29, SGFC 51: an FF[4] feature in an older file
	CodeViewProblem                  // C30, SGFC 52: a VW fault
	CodeDifferentGM                  // C31, SGFC 53: game trees of different games in one file
	CodeEmptyNode                    // C32, SGFC 55: a node without properties (Options.EmptyNodes)
	CodeVariationLevelUnfixable      // C33, SGFC 56: a variation that looks one level too deep (Options.Variations)
	CodeVariationLevel               // C34, SGFC 57: a variation one level too deep (Options.Variations)
	CodeOccupied                     // C35, SGFC 58: a move on an occupied point
	CodeKI                           // C36, SGFC 59: the obsolete KI property
	CodeSeveralTrees                 // C37, SGFC 60: more than one game tree (Options.Strict)
	CodeHandicapStones               // C38, SGFC 61: HA differs from the setup stones (Options.Strict)
	CodeSetupInMainLine              // C39, SGFC 62: setup stones in the main line (Options.Strict)
	CodeSameColour                   // C40, SGFC 63: two successive moves of one colour (Options.Strict)
	CodeOldFFPass                    // C41, SGFC 65: the FF[4] pass "[]" in an older file
	CodeSuicide                      // C42: a Go move that removes its own group
	CodeKo                           // C43: a Go move that retakes a ko at once
	CodeHexSwap                      // C44: a Hex swap that is not the second move
	CodeUnknownCharset               // C45, SGFC 72: a CA this toolkit cannot decode
	CodeDifferentCharset             // C46, SGFC 74: game trees of different charsets in one file
	CodeWideEncoding                 // C47: a UTF-16, UTF-32 or ISO-2022-JP file, decoded before checking (All, Reader)
	CodeScaledKomi                   // C48: KM in hundredths (Fox), KM[750]
	CodeHandicapOne                  // C49: HA[1] (Fox)
	CodeHandicapMoves                // C50: handicap stones as the first black moves (QuirkHandicapMoves)
	CodeTerritoryOnMove              // C51: TB/TW in the node of the last move (QuirkKGSTerritory)
	CodeMailHeader                   // C52: a mail header in front of the tree (QuirkMailHeader)
	CodeSpacePass                    // C53: B[ ] as a pass (QuirkSpacePass)
	CodeNestedVariations             // C54: a tree written one variation per move (QuirkNestedVariations)
	CodeSuperko                      // C55: a Go move that repeats an earlier position (Options.Superko, RU)
	CodeHandicapNoStones             // C56: HA[n] (n >= 2) and no black setup stones before the first move
	CodeSetupNoLiberties             // C57: AB/AW that leave a Go group without liberties (Options.Strict)
	CodeReverseVariations            // C58: variations to be written in reverse order (Options.ReverseVariations)
	CodeCompressedList               // C59: a compressed point list to be written point by point (Options.ExpandLists)
	codeEnd
)

// Codes returns every code in order.
func Codes() []Code {
	cs := make([]Code, 0, codeEnd.Num()-1)
	for c := CodeTooManyValues; c < codeEnd; c++ {
		cs = append(cs, c)
	}
	return cs
}

// ParseCode turns "C07" (or "c7") back into a Code.
func ParseCode(s string) (Code, bool) { return diag.ParseCode('C', s) }

// ruleOf returns the rule of code c, or nil.
func ruleOf(c Code) *Rule {
	if c < CodeTooManyValues || c >= codeEnd {
		return nil
	}
	return &ruleTable[c.Num()-1]
}

// Rule is one check: its code, a name, the documentation that
// `sgf check --explain CODE` prints, the usual severity of its diagnostics
// and the function that runs it.
type Rule struct {
	Code     Code
	Name     string
	Doc      string
	Severity syntax.Severity // usual severity; some diagnostics of a rule differ (see Doc)
	Critical bool            // the rule's diagnostics (and fixes) may lose information
	// Run checks one game tree (Pass.Tree) and reports through Pass.Report.
	// It is called once for every tree of a file, in file order.
	Run func(*Pass)

	sgfc     int
	ff4Error bool // SGFC "E4": an error in FF[4], a warning in older files
	strictUp bool // a warning that Options.Strict makes an error
	engine   engine
	node     func(*Pass, *NodeView)
	mask     sgf.NodeFlags // a node rule runs only on nodes with one of these flags (0: all)
}

// engine says how Check runs a rule: most rules are node-local and share
// one walk over the nodes; the value checks and the Go replay are shared
// analyses that report for several rules.
type engine uint8

const (
	engineTree engine = iota
	engineNode
	engineValues
	enginePlay
	engineFile // compares the trees of a file, in file order
)

// Rules returns every rule in code order. The rules point into a table of
// the package and must not be modified.
func Rules() []*Rule {
	rs := make([]*Rule, len(ruleTable))
	for i := range ruleTable {
		rs[i] = &ruleTable[i]
	}
	return rs
}
