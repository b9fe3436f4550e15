// Package hex is a Hex (GM[11]) board for replaying SGF records: stones,
// the swap rule in both of its forms, pass, resign and forfeit, setup, undo,
// and the winner once a chain joins a player's two edges.
//
// # Conventions
//
// Cells are named as in HexGui and Benzene: a column label (a..z, then aa,
// ab, ...: "base-26 alphabet numbers") and a 1-based row number, a1 in the
// top left corner; [ParseCell] and [FormatCell] convert. A board has cols
// columns and rows rows; SGF writes SZ[cols:rows].
//
// Black connects the top and bottom edges (rows 1 and n), White the left and
// right edges (columns a and the last). This follows the SGF description of
// SZ: "SZ[6:7] for a board with 6 columns and 7 rows (i.e., the distance
// between the white edges is smaller than the distance between the black
// edges)": the white edges are 6 columns apart, so they are the left and
// right edges. The Benzene records agree: their ladders run with White
// blocking on row 1 and Black on column k.
//
// # Swap
//
// [Board.SwapPieces] ("swap-pieces") mirrors the stone across the long
// diagonal, (col, row) to (row, col), and changes its colour; the swapper
// keeps its colour and the opponent moves next. This is what the SGF
// description's own example needs: ";B[c5] ;W[swap-pieces];B[c4];W[c5]"
// has Black move after the swap and White play on c5, which is free only if
// the stone moved (to e3). [Board.SwapSides] ("swap-sides") leaves the
// board alone and exchanges the players' colours, so the same colour moves
// again.
//
// Records written by HexGui 0.9/1.0, twogtp.py and Hex-benzene 0.1 for the
// Computer Olympiads of 2004-2011 (the Benzene test set) use the swap in the
// other sense. In all 51 of them ";B[x];W[swap-pieces]" (or the older
// "W[SWAP]") is followed by another W move, and in 13 a later move lands on
// the mirrored cell; replayed as SwapSides they have no move out of turn and
// no occupied cell, and the one with both a swap and RE (RE[B+] after
// B[resign]) names the winner by the player of PB, who holds White after
// swapping sides. Callers that know a record comes from those tools can
// replay its swap with [Board.SwapSides]; this package does not guess.
//
// As with Go, moves are executed and their oddities reported (occupied
// cell, out of turn, late swap) but not refused: "The SGF format does not
// enforce that moves are alternating".
//
// The board is the Hex board of [games.Board], the interface sgf.Cursor
// replays through, and registers itself as GM[11]: [Board.PlaySGF] and
// [Board.SetupSGF] read the values of B, W, AB, AW and AE ("c5",
// "swap-pieces", ...) with package value.
//
// This package does not parse game trees, does not check or search
// positions beyond the winning connection, and does not draw boards.
package hex
