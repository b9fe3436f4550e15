// Package value converts SGF property values to and from Go values, in the
// manner of strconv: ParseX functions read the raw bytes of one value,
// AppendX functions write one.
//
// Every parser takes the RAW bytes between '[' and ']' exactly as they stand
// in the file, escapes still in place (`a\]b`). Those bytes are never assumed
// to be UTF-8: charset decoding (the CA property) belongs to package charset
// and happens before or after this package, never inside it. Text and
// SimpleText work on bytes and keep every non-ASCII byte as it is; only the
// ASCII whitespace bytes (HT, LF, VT, FF, CR, space) and the escape
// character '\' have a meaning here. That is exact for UTF-8, the
// ISO-8859 family and EUC; in Shift_JIS, GBK and Big5 the second byte of a
// character can be '\' or ']', so such values must be converted to UTF-8
// (package charset) before they are split or decoded here.
//
// What is covered (FF[4], ff4-basics.txt and ff4-properties.txt):
//
//   - Compose: [SplitCompose] splits "a:b" at the first unescaped ':'.
//   - Text and SimpleText: [Text], [SimpleText] and their Append forms decode
//     escapes, soft and hard line breaks and whitespace; [AppendEscapedText]
//     writes the minimal escaping back.
//   - Number, Real, Double, Color, None: [ParseNumber], [ParseReal],
//     [ParseDouble], [ParseColor], [ParseNone] and the Append functions.
//   - Go points, moves, stones (a Go stone is a point) and compressed
//     point lists: [Point], [ParsePoint], [ParseMove], [ExpandPointList],
//     [CompressPointList]; as every reader of the module reads them, a
//     value written with white space in a point as sgf check corrects it
//     ([ReadMove], [CorrectMove], [ReadListValue], [CorrectPoint],
//     [ListRect]).
//   - Hex cells and moves (GM[11]): [HexCell], [HexMove].
//   - Game-info and other composed values: DT ([Date], [ParseDate],
//     [FixDate]), RE ([Result], [ParseResult], [FixResult]), SZ
//     ([ParseSize]), AP ([ParseApplication]), FG ([ParseFigure]), LB
//     ([ParseLabel]), AR/LN ([ParsePointPair]), ST ([ParseStyle]), PM
//     ([ParsePrintMode]), TM ([ParseTime], [FixTime]), KM ([ParseReal],
//     [FixReal], [CorrectReal]), HA ([ParseHandicap]).
//   - The corrections of sgf check that the readers take when they lose
//     nothing: [CorrectNumber], [CorrectReal], [CorrectColor].
//
// Points, moves and stones of games other than Go (GM[1]) and Hex (GM[11])
// are game-specific and this package gives them no meaning: callers keep
// them as opaque byte strings (decoded with [SimpleText] if they need the
// escapes removed) and print them back unchanged.
//
// Strict parsers follow the specification and report deviations as an
// [*Error] wrapping [ErrSyntax], [ErrRange] or [ErrNonCanonical]. The FixX
// functions are the tolerant side: they turn common free-form values (the
// kind SGFC repairs, "12th and 13th march 94", "5 1/2", "9 hours") into the
// specified form where the meaning is unambiguous, report whether anything
// changed, and refuse (with an error) rather than guess. They take the
// value as text, already decoded with [SimpleText], and return text that
// needs no escaping.
//
// What this package is not for: it knows nothing about which property has
// which value type (package property), about nodes, trees or files (package
// syntax and the module root), or about board positions (games/gogame,
// games/hex). It never panics and never recurses on input.
package value
