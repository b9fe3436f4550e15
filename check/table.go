package check

import (
	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/diag"
	"github.com/sgf-toolkit/sgf/syntax"
)

const (
	warning = syntax.Warning
	errorS  = syntax.Error
)

// ruleTable holds every rule, indexed by Code.Num()-1: each rule is one
// literal of allRules, its code, name, documentation, severity and the
// function that runs it. (A function, not a variable's initializer: the
// rules report through the table.)
var ruleTable []Rule

func init() {
	ruleTable = allRules()
	infos := make([]diag.Info, len(ruleTable))
	for i := range ruleTable {
		r := &ruleTable[i]
		if r.Code.Num() != i+1 || r.Run == nil && r.node == nil {
			panic("check: rule table out of order, or a rule without Run, at " + r.Code.String())
		}
		if f, mask := r.node, r.mask; f != nil {
			// a node rule runs in the one walk over the nodes of Check;
			// Run is the same rule alone: on the nodes with one of the
			// flags of mask, the rule's only test of them
			r.engine = engineNode
			r.Run = func(p *Pass) {
				for i := range p.Nodes {
					if n := &p.Nodes[i]; mask == 0 || n.Flags&mask != 0 {
						f(p, n)
					}
				}
			}
		}
		infos[i] = diag.Info{Code: r.Code, Name: r.Name, SGFC: r.sgfc, Doc: r.Doc}
	}
	// The rules' codes are package diag's codes of class 'C': registered
	// with their names, SGFC numbers and documentation, for every report.
	diag.Register("rules", infos...)
}

// reportedByDecodeWide is the Run of C47, which All and Reader report
// before a file is parsed, as the typed view decodes it.
func reportedByDecodeWide(*Pass) {}

func allRules() []Rule {
	return []Rule{
		{Code: CodeTooManyValues, Name: "too-many-values", Severity: errorS, Critical: true, sgfc: 13,
			Run: runValues, engine: engineValues,
			Doc: `A property whose value type is a single value (B, W, PL, KM, C, ...) has several values, as in W[ce][dd]. Only the first is read; Fix deletes the others, which loses them, so the fix is critical.`},
		{Code: CodeIllegalValue, Name: "illegal-value", Severity: errorS, sgfc: 14,
			Run: runValues, engine: engineValues,
			Doc: `A value that does not have the form its property requires and cannot be repaired without guessing: B[90], PL[r], WL[not much time left], a point off the board, an arrow AR[cc:cc] from a point to itself, a Hex cell off the board. Fix deletes the value (and the property when no value is left).`},
		{Code: CodeValueCorrected, Name: "value-corrected", Severity: errorS, sgfc: 15, ff4Error: true,
			Run: runValues, engine: engineValues,
			Doc: `A value in a free form whose meaning is clear: B[c c] (cc), BL[34.] (34), OB[1 kk] (1), DM[] (1), KO[xxxx] (empty), PL[w 123] (W), KM[5 1/2] (5.5), DT[12th and 13th march 94] (1994-03-12,13), RE[black wins by 5 3/4 points] (B+5.75), TM[9 hours] (32400), a 1x1 rectangle aa:aa (aa), rectangle corners in the wrong order. Fix writes the value in the specified form. An error in FF[4] files, a warning in older ones.`},
		{Code: CodeComposeCorrected, Name: "compose-corrected", Severity: errorS, sgfc: 25,
			Run: runValues, engine: engineValues,
			Doc: `A composed value ("a:b") whose point half holds white space: LB[f f:text] (ff:text), AR[a a: c r] (aa:cr). Fix removes the white space.`},
		{Code: CodeLowercaseFF4, Name: "lowercase-ident", Severity: errorS, sgfc: 16,
			node: runLowercase, mask: sgf.FlagRenamed,
			Doc: `A property identifier with lowercase letters ("Black", "AddWhite") in an FF[4] file. FF[4]: "PropIdent = UcLetter { UcLetter }"; FF[3] readers skipped lowercase letters, and so does this toolkit: the property is read as its uppercase letters (B, AW). Older files get syntax warning S16 instead. Fix writes the uppercase identifier.`},
		{Code: CodeEmptyValue, Name: "empty-value", Severity: errorS, sgfc: 17,
			Run: runValues, engine: engineValues,
			Doc: `An empty value. For text properties (C[], N[ ], GN[]) it is a warning: the value says nothing, and Fix deletes it. For other types (AW[], PL[], SZ[]) it is an error: the empty value is not allowed. Empty values that mean something are not reported: the pass B[], the elist TB[] and VW[], the none type KO[].`},
		{Code: CodeIllegalRootValue, Name: "illegal-root-value", Severity: errorS, sgfc: 18,
			Run: runValues, engine: engineValues,
			Doc: `A root property with an illegal value: FF[four], GM[Go], SZ[-12], ST[7]. The default is assumed (FF[1], GM[1], SZ[19] for Go and 11 for Hex, ST[0]); Fix writes it.`},
		{Code: CodeNotGo, Name: "not-go", Severity: warning, Critical: true, sgfc: 19, strictUp: true,
			Run: runNotGo,
			Doc: `The game tree is of a game other than Go (GM[1]) and Hex (GM[11]): points, moves and stones are game-specific and are kept without being checked. Every game-independent rule still runs.`},
		{Code: CodeComposeExpected, Name: "compose-expected", Severity: errorS, sgfc: 23,
			Run: runValues, engine: engineValues,
			Doc: `A property that takes composed values "a:b" (LB, AR, LN, AP, FG) has a plain one: LB[aa]. Fix deletes the value; for AP and FG it adds the ":" instead (AP[name:], FG[257:]), which keeps what was written. AP without a version is only a warning: it is common and harmless.`},
		{Code: CodeMoveInRoot, Name: "move-in-root", Severity: warning, sgfc: 24,
			Run: runMoveInRoot,
			Doc: `A move in the root node (Options.Variations, SGFC -v). The root holds the game's settings; a move there is hard to treat as a variation. Fix splits the node: root, game-info and setup properties stay in the root, the move goes into a new node after it.`},
		{Code: CodeDuplicateProperty, Name: "duplicate-property", Severity: errorS, sgfc: 28,
			node: runDuplicate, mask: sgf.FlagMany,
			Doc: `A property given twice in one node: C[a]C[b], MA[jj]MA[kk], W[ff]W[ff]. The specification: "Only one of each property is allowed per node". Fix merges the values of list properties and of Text properties such as C and GC (joined by an empty line); a second single value (a SimpleText such as PB included) is deleted, which is critical when it differs from the first.`},
		{Code: CodePropertyDeleted, Name: "property-deleted", Severity: warning, sgfc: 29,
			node: runDeleted, mask: 0,
			Doc: `A property that Options.DeleteObsolete (obsolete FF[1]-FF[3] properties without an FF[4] counterpart, SGFC -o) or Options.DeleteProps (SGFC -yID) asks to delete. Fix deletes it.`},
		{Code: CodeSetupAndMove, Name: "setup-and-move", Severity: errorS, sgfc: 30, ff4Error: true,
			node: runSetupAndMove, mask: sgf.FlagSetup,
			Doc: `Setup properties (AB, AW, AE, PL) and move properties (B, W and the move annotations) in one node. The specification: "It's bad style to have move properties and setup properties in the same node". Fix splits the node: the setup (with root and game-info properties) first, then the move with the rest, as SGFC does; the order of properties in a node has no meaning ("The order of properties in a node is not fixed"), and every reader (the replay, sgf.Cursor and so the viewer and the diagrams, the index) executes such a node the same way, its setup and PL before its move: ";B[ee]AE[ee]" leaves a black stone, and ";B[ee]PL[B]" White to play.`},
		{Code: CodeRootOutsideRoot, Name: "root-outside-root", Severity: errorS, sgfc: 32,
			node: runRootOutside, mask: sgf.FlagRoot,
			Doc: `A root property (FF, GM, SZ, CA, AP, ST) in a node that is not the root of its game tree. Root properties "may only appear in root nodes". It is ignored; Fix deletes it.`},
		{Code: CodeGameInfoFormat, Name: "game-info-format", Severity: errorS, sgfc: 33, ff4Error: true,
			Run: runValues, engine: engineValues,
			Doc: `A game-info value (DT, RE, KM, TM) that is not in the specified form and cannot be repaired without guessing: RE[john wins], DT[a sunny afternoon last summer]. It is kept as it is. An error in FF[4] files, a warning in older ones.`},
		{Code: CodeUnknownProperty, Name: "unknown-property", Severity: warning, sgfc: 35, strictUp: true,
			node: runUnknown, mask: sgf.FlagUnknown,
			Doc: `A property that no SGF specification defines (XX, LONGID, or a program's private property). It is kept as written; other programs may not understand it.`},
		{Code: CodeBlackAndWhite, Name: "black-and-white", Severity: errorS, sgfc: 37,
			node: runBlackAndWhite, mask: sgf.FlagBoth,
			Doc: `A node with a black and a white move: B[cc]W[dd]. The specification allows one move per node. Fix splits the node in two, each move with the properties after it.`},
		{Code: CodeNotUnique, Name: "not-unique", Severity: errorS, sgfc: 38,
			Run: runValues, engine: engineValues,
			Doc: `A point given twice in one node where points must be unique: AB/AW/AE ("it is illegal to place different colors on the same point within one node"), the markup CR, MA, SL, SQ, TR ("it's illegal to have two or more of these markups on the same point"), TB/TW, or twice in one list (LB, DD, VW). Fix deletes the repeated points, keeping the first setting, as every reader keeps it; a value that is corrected too (C03) is written without them: "AB[aa : cc]AE[b b]" becomes "AB[aa:cc]".`},
		{Code: CodeNoEffect, Name: "no-effect", Severity: warning, sgfc: 39, strictUp: true,
			Run: runPlay, engine: enginePlay,
			Doc: `AB, AW or AE that changes nothing (Go): a black stone added where one stands, AE on an empty point. Fix deletes those points; the position stays the same.`},
		{Code: CodeNotInFF, Name: "not-in-ff", Severity: warning, sgfc: 40, strictUp: true,
			node: runNotInFF, mask: sgf.FlagOld,
			Doc: `A property that the file format of the tree (FF, FF[1] when missing) does not define: L or M in FF[4], SC, AP in FF[3]. FF[4] counterparts are written by Fix (L becomes LB with labels a, b, c...; M becomes MA); others are kept.`},
		{Code: CodeAnnotationConflict, Name: "annotation-conflict", Severity: errorS, sgfc: 41,
			node: runAnnotationConflict, mask: sgf.FlagPosAnnot | sgf.FlagMoveAnnot,
			Doc: `Two contradicting annotations in one node: two of the position annotations DM, UC, GB, GW, or two of the move annotations BM, DO, IT, TE (TE with BM is C22). The specification: they "must not be mixed within a node". Fix deletes the later one.`},
		{Code: CodeTesujiBadMove, Name: "tesuji-bad-move", Severity: errorS, sgfc: 42, ff4Error: true,
			node: runTesujiBadMove, mask: sgf.FlagMoveAnnot,
			Doc: `TE (tesuji) and BM (bad move) in one node. As SGFC does, the pair is read as DO (doubtful) when BM comes first and IT (interesting) when TE comes first; Fix writes that.`},
		{Code: CodeAnnotationWithoutMove, Name: "annotation-without-move", Severity: errorS, sgfc: 43,
			node: runAnnotationWithoutMove, mask: sgf.FlagMoveAnnot,
			Doc: `A move annotation (BM, DO, IT, TE) in a node without a move: it annotates nothing. Fix deletes it.`},
		{Code: CodeGameInfoOutside, Name: "game-info-outside", Severity: errorS, sgfc: 44, ff4Error: true,
			Run: runGameInfoOutside,
			Doc: `Game-info properties on a node below another node with game-info properties. The specification: "there may be only one game-info node on a path". Fix deletes the later property; that is critical unless the game-info node holds the same value.`},
		{Code: CodeDifferentFF, Name: "different-ff", Severity: warning, sgfc: 45, strictUp: true,
			Run: runDifferentFF, engine: engineFile,
			Doc: `The game trees of one file have different file formats (FF). Some programs read only the first. Reported once per file, at the first tree that differs from the first.`},
		{Code: CodeUnknownFF, Name: "unknown-ff", Severity: errorS, Critical: true, sgfc: 46,
			Run: runValues, engine: engineValues,
			Doc: `FF outside 1-4: the file may use rules this toolkit does not know. It is read as FF[4].`},
		{Code: CodeSquareAsRect, Name: "square-as-rect", Severity: errorS, sgfc: 47,
			Run: runValues, engine: engineValues,
			Doc: `A square board written in the rectangular form, SZ[19:19]; the specification forbids it. Fix writes SZ[19].`},
		{Code: CodeBoardTooBig, Name: "board-too-big", Severity: errorS, sgfc: 50,
			Run: runValues, engine: engineValues,
			Doc: `A Go board larger than 52x52: points are written with a-z and A-Z, so no larger board can be addressed. Fix writes the board cut to 52.`},
		{Code: CodeFeatureNotInFF, Name: "feature-not-in-ff", Severity: errorS, Critical: true, sgfc: 51,
			Run: runValues, engine: engineValues,
			Doc: `An FF[4] feature in an older file: a rectangular board SZ[19:25], a compressed point list AB[aa:ee]. Old readers misread it; it is read anyway, and FF[4] output is correct.`},
		{Code: CodeViewProblem, Name: "view", Severity: errorS, sgfc: 52,
			Run: runValues, engine: engineValues,
			Doc: `A fault of VW: values after the empty value that resets the view (VW[][aa], Fix keeps VW[]), or in an FF[1]-FF[3] file a VW in the FF[4] form (FF[3] took exactly two corner points).`},
		{Code: CodeDifferentGM, Name: "different-gm", Severity: warning, sgfc: 53, strictUp: true,
			Run: runDifferentGM, engine: engineFile,
			Doc: `The game trees of one file are of different games (GM). Reported once per file.`},
		{Code: CodeEmptyNode, Name: "empty-node", Severity: warning, sgfc: 55,
			node: runEmptyNode, mask: 0,
			Doc: `A node without properties, other than the root (Options.EmptyNodes, SGFC -n). Fix deletes it where the tree keeps its shape (it is in a sequence or has one child).`},
		{Code: CodeVariationLevelUnfixable, Name: "variation-level-unfixable", Severity: warning, sgfc: 56,
			Run: runVariationLevel,
			Doc: `Variations whose first node removes the parent's move with AE, but also other stones (Options.Variations, SGFC -v): they are probably alternatives to the parent move written one level too deep, and cannot be moved up.`},
		{Code: CodeVariationLevel, Name: "variation-level", Severity: warning, sgfc: 57,
			Run: runVariationLevel,
			Doc: `Variations whose first node removes exactly the parent's move with AE (Options.Variations, SGFC -v): alternatives to the parent move written one level too deep. SGFC's example: (;GM[1];B[aa](;W[bb])(;AE[aa]B[cc])(;AE[aa]B[dd])) is meant as (;GM[1](;B[aa];W[bb])(;B[cc])(;B[dd])). Fix writes it so: each such variation goes up one level, after its parent's, without the AE (and without its node when nothing else was in it).`},
		{Code: CodeOccupied, Name: "occupied", Severity: warning, sgfc: 58, strictUp: true,
			Run: runPlay, engine: enginePlay,
			Doc: `A Go move on a point where a stone stands, or a Hex move on an occupied cell. It is executed as the specification says (the stone is replaced), but the record is probably broken.`},
		{Code: CodeKI, Name: "ki", Severity: warning, sgfc: 59,
			node: runKI, mask: sgf.FlagKI,
			Doc: `The obsolete KI property (integer komi of Smart Game Board, twice the komi). Fix converts it to KM (KI[11] is KM[5.5]); where KM is given KI is deleted, which is critical when they disagree.`},
		{Code: CodeSeveralTrees, Name: "several-trees", Severity: errorS, sgfc: 60,
			Run: runSeveralTrees,
			Doc: `The file holds more than one game tree (Options.Strict, SGFC -r): some programs read only the first.`},
		{Code: CodeHandicapStones, Name: "handicap-stones", Severity: warning, sgfc: 61,
			Run: runHandicap,
			Doc: `HA differs from the black setup stones of the root, or white stones are set up in a handicap game (Options.Strict, SGFC -r). The specification: "the stones themselves are set with AB in the same node".`},
		{Code: CodeSetupInMainLine, Name: "setup-in-main-line", Severity: warning, sgfc: 62,
			Run: runSetupInMainLine,
			Doc: `AB, AW or AE in the main line after the root (Options.Strict, SGFC -r): a game record normally only has moves.`},
		{Code: CodeSameColour, Name: "same-colour", Severity: warning, sgfc: 63,
			Run: runSameColour,
			Doc: `Two successive moves of one colour in the main line, with no PL between them (Options.Strict, SGFC -r).`},
		{Code: CodeOldFFPass, Name: "old-ff-pass", Severity: errorS, sgfc: 65,
			Run: runValues, engine: engineValues,
			Doc: `The FF[4] pass B[] in an FF[1]-FF[3] file, where a pass is B[tt]. FF[4] output (Fix) is correct as it is.`},
		{Code: CodeSuicide, Name: "suicide", Severity: warning,
			Run: runPlay, engine: enginePlay,
			Doc: `A Go move that leaves its own group without liberties; the group is removed (the specification's step 3). Legal under some rules (New Zealand), illegal under most.`},
		{Code: CodeKo, Name: "ko", Severity: warning,
			Run: runPlay, engine: enginePlay,
			Doc: `A Go move that retakes a ko at once (the previous move took a single stone that this move takes back). It is executed as the specification says; the KO property marks such moves as intended.`},
		{Code: CodeHexSwap, Name: "hex-swap", Severity: errorS,
			Run: runHexSwap,
			Doc: `A Hex swap (swap-pieces, swap-sides) that is not the second move of the game: the swap rule lets the second player take over the first move only.`},
		{Code: CodeUnknownCharset, Name: "unknown-charset", Severity: warning, Critical: true, sgfc: 72, strictUp: true,
			Run: runValues, engine: engineValues,
			Doc: `A CA value that names no charset this toolkit knows. The text is read as ISO-8859-1, the specification's default, which may garble it.`},
		{Code: CodeDifferentCharset, Name: "different-charset", Severity: warning, sgfc: 74, strictUp: true,
			Run: runDifferentCharset, engine: engineFile,
			Doc: `Game trees of one file declare different charsets (a missing CA is ISO-8859-1). Programs that read a file in one charset garble some of the trees.`},
		{Code: CodeWideEncoding, Name: "wide-encoding", Severity: warning,
			Run: reportedByDecodeWide,
			Doc: `The file is encoded in UTF-16 or UTF-32 (a byte order mark, or the NUL bytes of UTF-16 without one), which SGF readers that split properties byte by byte cannot read: every other byte is NUL; or in ISO-2022-JP, whose two-byte characters (after ESC $ B) are made of ASCII bytes, "]" and "\\" among them. It is decoded to UTF-8 as a whole before it is checked (DecodeWide), and reported once; the lines and columns of the other diagnostics refer to the decoded UTF-8 text, not to the bytes of the file. sgf fix writes the file in UTF-8.`},
		{Code: CodeScaledKomi, Name: "scaled-komi", Severity: warning,
			Run: runScaledKomi,
			Doc: `A komi (KM) of 50 points or more, an integer that is a multiple of 25: no rules give such a komi; Fox writes the komi in hundredths (KM[750] is 7.5, KM[650] 6.5, KM[50] 0.5), and under Chinese rules a value in quarters counts stones (KM[375] is 3.75 stones, 7.5 points). Without --quirks fox it is reported and kept; with it Fix writes the komi in points.`},
		{Code: CodeHandicapOne, Name: "handicap-one", Severity: warning,
			Run: runHandicapOne,
			Doc: `HA[1]. The specification: HA "Defines the number of handicap stones (>=2)". Fox writes HA[1] for games without handicap (and often KM[0]). With --quirks fox Fix deletes it; without, it is reported and kept.`},
		{Code: CodeHandicapMoves, Name: "handicap-moves", Severity: warning,
			Run: runHandicapMoves,
			Doc: `HA[n] in a root without AB, and the first n moves of the main line are black: the handicap stones were written as moves. The specification: "the stones themselves are set with AB in the same node". Reported only under --quirks handicap-moves, which also silences C38 and C40 for them; Fix moves the stones to AB in the root and deletes the moves (and their nodes when nothing else is in them).`},
		{Code: CodeTerritoryOnMove, Name: "territory-on-move", Severity: warning,
			Run: runTerritoryOnMove,
			Doc: `TB/TW territory markup in the node of the last move, as KGS (CGoban) writes the count of a finished game. Legal SGF; reported only under --quirks kgs, whose Fix writes the territory in a node of its own after the move, so that the move and the count can be shown apart.`},
		{Code: CodeMailHeader, Name: "mail-header", Severity: warning,
			Run: runMailHeader,
			Doc: `The header of a mail ("From:", "Subject:", "Date:", ... lines up to an empty line) in front of the first game tree: NNGS and IGS sent games by mail, and saved mails were renamed .sgf. Readers skip it (S01 reports it when it holds something like [aa]). Reported only under --quirks mail (which also silences S01 inside it); Fix deletes it, and the change list shows what was deleted.`},
		{Code: CodeSpacePass, Name: "space-pass", Severity: warning,
			Run: runValues, engine: engineValues,
			Doc: `A move of white space, B[ ] or W[  ], which some programs wrote for a pass. Without --quirks space-pass it is an illegal move (C02, critical: deleting it changes the colours that follow); with it, it is read as a pass and Fix writes B[].`},
		{Code: CodeNestedVariations, Name: "nested-variations", Severity: warning,
			Run: runNested,
			Doc: `A tree written one variation per move, (;B[aa](;W[bb](;B[cc]))): each variation is the only child of the node before it. Legal, but deep nesting breaks readers that recurse. Reported only under --quirks nested; Fix always writes such a tree as one sequence (;B[aa];W[bb];B[cc]) and lists the change.`},
		{Code: CodeSuperko, Name: "superko", Severity: warning,
			Run: runPlay, engine: enginePlay,
			Doc: `A Go move that recreates an earlier position of its line of play, other than the immediate retake of a ko (C43). Positional superko compares the stones only (Chinese rules); situational superko the stones and the player to move (AGA and New Zealand rules); positions after passes and setup count. Which one applies follows RU (Chinese: positional; AGA, NZ: situational; Japanese and Korean: none, a repetition there is no fault of the record; other or no RU: positional), unless Options.Superko (sgf check --superko) chooses. The move is executed as the specification says.`},
		{Code: CodeHandicapNoStones, Name: "handicap-no-stones", Severity: warning,
			Run: runHandicapNoStones,
			Doc: `HA[n] with n >= 2 in a Go game that sets up no black stones (AB) in the root or in the main line before the first move (Fox writes them in the node after the root). The specification: HA "Defines the number of handicap stones (>=2). If there is a handicap, the position should be set up with AB within the same node." A reader that shows the position has no handicap stones to show. Reported by default; under Options.Strict (SGFC -r) C38 reports it instead, in SGFC's words. Under --quirks handicap-moves, C50 explains a record whose first n moves are black.`},
		{Code: CodeSetupNoLiberties, Name: "setup-no-liberties", Severity: warning,
			Run: runPlay, engine: enginePlay,
			Doc: `Setup stones (AB, AW) that leave a Go group without a liberty: a position that no game can reach, as when a problem is set up with a stone too many. The specification executes setup without capturing ("AB ... add black stones to the board"), so the group stays on the board. Reported under Options.Strict (sgf check --strict), once for each group, at the setup property that placed the group's first stone in that node.`},
		{Code: CodeReverseVariations, Name: "reverse-variations", Severity: warning,
			Run: runReverseVariations,
			Doc: `A node with variations, reported only under Options.ReverseVariations (sgf check/fix --reverse-variations, SGFC -z), for files whose main line is the last variation instead of the first ("variation 'A'"). Fix writes the variations in reverse order, A, B, C, D as D, C, B, A, and lists the change once per node.`},
		{Code: CodeCompressedList, Name: "compressed-list", Severity: warning,
			Run: runExpandLists,
			Doc: `A compressed point list AB[aa:cc] (a rectangle of points, FF[4]) in a Go game, reported only under Options.ExpandLists (sgf check/fix --expand-lists, SGFC -e), for readers that know only single points. Fix writes the points one by one, row by row: AB[aa][ba][ca][ab]... Faulty lists are left to the value rules.`},
	}
}
