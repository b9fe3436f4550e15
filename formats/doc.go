// Package formats reads the game records of the big Go servers that are
// not SGF — Tygem's .gib, WBaduk's (Cyberoro, Oro) .ngf and PandaNet's
// .ugf/.ugi — into SGF, so that every part of this toolkit can read them
// as if they were SGF files.
//
// Detect (or Sniff, content only) says which format a file is in; Read
// turns it into one FF[4] game tree in UTF-8 (Result.SGF, or the typed
// view with Result.Collection) with:
//
//   - the players and their ranks (PB, BR, PW, WR; GIB's "name (4D)",
//     NGF's "name 7段*", UGF's "name,rank");
//   - the date (DT), the place (PC), the game or event name (GN, EV), the
//     rules (RU), the time (TM, OT where the file has byo-yomi);
//   - the result with its margin and kind (RE: B+R, W+T, B+63.5, ...):
//     GIB's result codes (GRLT, margin ZIPSU in tenths), NGF's free text
//     in English, Japanese, Chinese or Korean, UGF's Winner;
//   - the komi (KM): GIB's in tenths (GONGJE:65 is 6.5), NGF's whole
//     number plus the half point it leaves out of even games, UGF's as
//     written;
//   - the handicap (HA) with its stones (AB) at the standard star points
//     (or where a UGF file places them) and PL[W];
//   - the board size (SZ) and every move in the format's coordinates: GIB
//     columns and rows from 0 at the top left, NGF letters from "B" at the
//     top left, UGF letters from "A" at the top left, or at the bottom
//     left when CoordinateType is IGS; passes (GIB's SKI, NGF's "AAAA",
//     UGF's columns Y and Z) as B[] and W[]; a move off the board as a
//     pass, reported;
//   - UGF's comments and labels of moves ([Figure] .Text sections) as C
//     and LB, and its diagrams (.Fig sections: stones, moves, comments) as
//     game trees of their own after the game, each with its GN.
//
// Nothing of the header is lost: every header field that no SGF property
// holds in full (a time of day, a free-text result, a level, a field
// nobody documented) is kept as written, "KEY=value", in the root's
// private property XH (for NGF, whose header has no keys, the lines are
// named Title, Size, White, Black, Place, Handicap, Unknown, Komi, Date,
// Time, Result, Moves). The names as written in the file are the keys.
//
// These files carry no charset declaration. Their text is decoded with
// the charset charset.Detect finds in it (EUC-KR/CP949, GBK, Shift_JIS,
// UTF-8, ...), or with Options.Charset; Result.Charset says which and how
// sure the detection is.
//
// The readers are tolerant. Every field read by a guess (an undocumented
// result code, a date in another shape, a free-text result) is a
// diagnostic S19, every line that could not be read (a move off the
// board, a truncated file) S20, each with its line; what could be read is
// kept. An input that is not of the format at all is an *Error (S21)
// wrapping ErrFormat. No reader panics or recurses on its input.
//
// What this package is not for: writing these formats, reading SGF
// (package sgf), or UGF's pictures ([Files]) and review sections
// ([ReviewNode], [MessageLine]), which are left out.
package formats
