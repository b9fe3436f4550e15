// Package convert turns SGF files of FF[1]-FF[3] (and FF[4] files in any
// charset) into FF[4] files in UTF-8, the way SGFC, the reference checker
// and converter, does, and lists every change it makes.
//
// Convert (for bytes) and Collection (for a parsed sgf.Collection) convert
// every game tree of a collection in one call, each tree with its own
// charset (CA[], detection, or Options.Charset):
//
//   - text is decoded from the tree's charset to UTF-8 and CA[UTF-8] is set
//     (unless Options.KeepCharset); bytes that do not decode become U+FFFD
//     and each value that had such bytes is reported (CodeUndecodable);
//   - FF[1]-FF[3] identifiers with lowercase letters become their FF[4]
//     form ("CoPyright" is CP, "Black" is B);
//   - in Go games L becomes LB with the labels a, b, c, ...; M becomes MA
//     on empty points and TR where a stone stands; a two-point VW of an
//     FF[1]-FF[3] file becomes the FF[4] rectangle; a "tt" pass becomes "[]"
//     on boards up to 19x19;
//   - KI (integer komi, twice the komi) becomes KM, or is deleted where the
//     node already has KM;
//   - obsolete properties without an FF[4] counterpart (BS, WS, ID, CH, SI,
//     ...) are kept and reported, or deleted with Options.DropObsolete;
//   - a property written more than once in a node (FF[4]: one of each per
//     node; SGFC message 28) is merged into the first: a list gets the
//     values of every copy, each once; a text (C, GC, ...) the texts
//     joined by a blank line, as SGFC joins C, a simple text (PB, GN,
//     ...) by a space; any other one-value
//     property (FF, CA, SZ, B, W, KM, DT, RE, ...) keeps the first copy,
//     the one readers take, and the others are listed as deleted;
//   - a UTF-8 byte order mark at the start of the file is removed;
//   - FF is set to 4.
//
// With Options.KeepCharset the text stays in its charset; where that
// charset was detected or given (Options.Charset) rather than read from
// CA[], CA is set to it (ISO-8859-1 without CA excepted: it is the default).
//
// Text that the parser could not read as properties (a stray "]", letters
// without a value) is kept as written where the output copies it
// (CodeUnread), and reported as dropped where the node it stands in is
// printed anew (CodeDropped). A value the input ended in is closed: by
// its node when that is printed anew, else by the closers written at the
// end (CodeClosed).
//
// Everything else is left as it was written: unknown and private
// properties, the order of properties and nodes, the layout of nodes that
// need no change, the text around game trees. Changed nodes are printed
// anew by package syntax. Each Change names its tree, node (pre-order
// number) and property, and shows the property before and after.
//
// The facts about obsolete properties come from package property (its
// Conversion records, whose sources are SGFC's README, test files and
// source); each Code gives the number of the SGFC message that reports the
// same conversion.
//
// What this package is not for: checking or repairing files (package
// check; "sgf check --fix"), formatting (syntax.Format), converting between
// games, or writing charsets other than UTF-8. It does not change the
// structure of a tree (variation levels, moves in the root).
package convert
