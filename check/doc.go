// Package check finds the faults of SGF game trees that the syntax layer
// cannot see, and repairs those that can be repaired without guessing.
//
// It covers every content message of SGFC, the reference checker (Appendix C
// of its README), that package syntax does not already report: values that
// are illegal or in a repairable free form, properties in the wrong node,
// duplicates, contradicting annotations, game-info rules, file-format
// differences, and, for Go (GM[1]), what a replay of the moves shows: moves
// on occupied points, stones added where they stand, suicide, ko and
// superko (positional or situational, as RU or Options.Superko say). Hex
// (GM[11]) moves and cells are checked against the board, the swap rule and
// occupied cells.
// Other games get every game-independent check; their points and moves are
// kept as opaque text.
//
// # Rules as values
//
// Each check is a Rule with a stable Code ("C01".."C57", new codes are added
// at the end), a kebab-case name, the documentation that `sgf check
// --explain CODE` prints, a usual severity and a Run function. Code.SGFC
// gives the equivalent SGFC message number. Rules lists them all.
//
// # Adding a rule
//
// A rule is one literal in the table of table.go, and nothing else is
// wired: add a code at the end of the constants in code.go, then its
// literal in allRules with the code, a kebab-case name, the documentation,
// the severity and how it runs:
//
//	{Code: CodeMyRule, Name: "my-rule", Severity: warning, sgfc: 0,
//		Run: runMyRule, // a rule of the whole tree: func(*Pass)
//		Doc: `What it finds, why it is a fault (quote the specification), and what Fix does.`},
//
// A rule of single nodes gives node (func(*Pass, *NodeView)) and mask (the
// node flags it can fire on) instead of Run, and shares Check's one walk
// over the nodes; a rule that compares the trees of a file sets engine to
// engineFile. Run reports through Pass.Report, with a SuggestedFix when the
// fault can be repaired without guessing. The code is registered with
// package diag from the table (sgf check --disable, --explain, the help,
// SARIF). Then add its cases to ruleCases in rules_test.go: a test fails
// while a code has no rule or no case that reports it.
//
// Check runs the rules over every game tree of a parsed file and returns
// Diagnostics (package diag's type, which the syntax layer and the command
// line use too; Code is diag.Code of class 'C'): code, severity, a critical flag (information may be lost or
// misread), position (offset, line, column), tree index, the node's
// pre-order number, the property, a message, and an optional SuggestedFix.
// Options select SGFC's optional checks: Strict (-r), Variations (-v),
// EmptyNodes (-n), DeleteObsolete (-o), DeleteUnknown (-u), DeleteProps (-y),
// ReverseVariations (-z), ExpandLists (-e), and Disable turns
// rules off. The syntax diagnostics (package syntax, codes S01..) are not
// repeated: a complete report is syntax.File.Diagnostics followed by Check.
//
// Check never recurses on the depth of a tree: it walks Tree.Nodes in
// pre-order with parent indices, replays positions with the undo marks of
// the game's registered board (games.Board, as sgf.Cursor), and reads each node's properties once for all rules (the
// tree as package sgf reads it: sgf.TreeView, which Pass embeds). The
// value rules judge numbers, reals, doubles, colours, moves and points as
// sgf.Decoder decodes them (Decoder.View, Decoder.Prop).
//
// # Speed
//
// Game records are mostly nodes of one move, ";B[pd]", and Check is built
// around them: sgf.TreeView reads such a node straight from the source (its
// identifier interned, its catalogue entry and node flags taken from a
// table per game), no node rule or value check runs on it (a compact brief
// per node, sgf.NodeBrief, says it is a move of two letters on the board), and the replay
// plays it without reading the node's views. Unless Strict, the quirks or a
// rule of every node ask for them, such a move gets no property view at all
// (sgf.TreeView.BriefMoves: 120 bytes a move not written, nor scanned by the
// collector; a rule that reports the move reads it with TreeView.Props), and
// a node's view (sgf.NodeView) holds no pointer: its properties are a range
// of the view's buffer (Pass.PropsOf), so the collector skips the views of
// a long line. Trees are checked in parallel
// (GOMAXPROCS workers, each with its own buffers, reused from tree to tree;
// diagnostics kept in chunks that never move). TestCorpusDigest holds a
// digest of every diagnostic and fix over the shared corpus, so that a
// speed-up that changes a result is caught.
//
// # Quirks
//
// Some producers wrote many files with habits of their own: Fox's komi in
// hundredths (KM[750]) and HA[1], handicap stones as the first black moves,
// KGS's territory in the node of the last move, MultiGo's MULTIGOGM, mail
// headers in front of NNGS and IGS games, B[ ] as a pass, a tree written one
// variation per move. Options.Quirks (a set of Quirks; Profiles names them
// by producer) reads them the producer's way: Check reports each with
// Diagnostic.Quirk set (the profile's name) and a fix to plain FF[4], in place of the faults the
// habit would otherwise cause; Options.AutoQuirks picks them per tree
// (DetectQuirks: by AP and by shape). A UTF-16, UTF-32 or ISO-2022-JP file
// is decoded before it is parsed, as the typed view decides (All, Reader:
// sgf.Collection.Wide, sgf.Reader.Wide), and reported once (C47).
//
// # Fixing
//
// Fix writes a checked file anew as FF[4] with the suggested fixes applied,
// and returns every Change (rule, tree, node, property, before, after).
// Nothing is deleted without a diagnostic that says so, and the fixes of
// critical diagnostics (which lose information, such as the second value of
// a one-value property) are applied only with FixOptions.Critical. Values
// and properties that no fix touches are written as they were read, escapes
// intact, unknown properties included, and text outside the game trees is
// kept. Text the parser could not read (critical syntax diagnostics: a
// property without value, stray characters) is never dropped silently: a
// tree holding some is written as it was read unless FixOptions.Critical,
// and then each piece dropped is a Change. NUL bytes are written as spaces,
// as SGFC does, one Change (syntax code S10) for each tree that had some;
// not in a tree whose CA names UTF-16 or UTF-32, whose NUL bytes are part
// of its characters. The output is not reformatted beyond one line per root node and one
// per variation; syntax.Format gives the canonical layout.
//
// All is sgf check in one call, on a file's bytes: the diagnostics of the
// reading (codes S..) and of the rules (codes C..) merged into one list by
// offset and de-duplicated, as the command line prints them.
//
// FixFile is sgf fix in one call, on a file's bytes: UTF-16 and UTF-32
// decoded, the file read as the typed view reads it, checked, fixed (a fix
// that loses information refused unless Critical: a *LossError), converted
// to UTF-8 and FF[4] with package convert, and written in the layout of
// sgf fmt; a file with nothing to change comes back byte for byte.
// FixReader does the same reading a collection one game tree at a time
// (sgf.Reader), writing each tree fixed as it goes, so that memory is
// bounded by the largest tree; it leaves to FixFile what only a whole
// file can show (ErrFixWhole).
//
// # What this package is not for
//
// It does not parse SGF text (package syntax), decode values (package
// value), know the property catalogue (package property), decode charsets
// (package charset) or play games (games/gogame, games/hex); it combines them. It does
// not reorder variations (SGFC -v moves variations up a level; here C33 and
// C34 only report them) and does not transcode text to UTF-8.
package check
