// Package gogame is a Go (GM[1]) board that executes moves the way an SGF
// reader must: every move is played, and its legality is reported, never
// refused.
//
// The FF[4] specification says of B and W: "As long as the given move is
// syntactically correct it should be executed. It doesn't matter if the move
// itself is illegal (e.g. recapturing a ko in a Go game)." A move is executed
// in three steps:
//
//  1. put a stone of the mover's colour on the point, whatever was there;
//  2. remove every group of the other colour without liberties, adding the
//     stones to the mover's prisoners;
//  3. if the mover's own group now has no liberties, remove it (suicide) and
//     count its stones as prisoners of the other side.
//
// [Board.Play] does exactly that and returns a [MoveInfo] that says whether
// the point was occupied, whether the move was suicide, a simple ko
// violation, or a positional superko violation (the resulting position
// occurred before, found through a history of 64-bit Zobrist hashes), and
// which stones were captured. Setup (AB, AW, AE) is [Board.Set]: it
// overwrites a point and never captures.
//
// One contract for every move: each call of Play or Pass is one action for
// [Board.Undo], whether the move was played against a rule or refused
// because its colour or point is invalid ([MoveInfo.Err], which names the
// coordinates; nothing changes then). [MoveInfo.Illegal] is true for both,
// so a program that undoes every illegal move gets its board back exactly.
// [Board.Try] reports what Play would, without changing the board: the
// legality check of a program that plays only legal moves
// ([MoveInfo.Forbids] by the rules of its game).
//
// Every change can be taken back with [Board.Undo] (or [Board.UndoTo] a
// mark taken from [Board.History]), so a cursor can step back through a game
// tree without replaying it. The board is incremental: no copy of the board
// per move, each point's count of empty neighbours kept as stones come and
// go (so that whether a move may take anything is one test of its four
// neighbours at once), a flood fill with a reusable stack and
// generation-counted marks for the moves that may, and no allocation per
// move once its buffers have grown.
//
// For machine learning, [Board.AppendColors] copies the colours of the
// points row by row, and [Board.AppendPlanes] three feature planes (the
// stones of one side, of the other, the empty points): the board keeps the
// planes itself once asked for them, bringing in the points its undo log
// says changed, so that each position costs a copy.
//
// Boards are 1x1 to 52x52, square or rectangular, as FF[4] allows. Points
// are compact indices (y*cols + x, both 0-based, counted from the upper left
// corner as in SGF); [Board.Point] and [Board.XY] convert.
//
// The board is the Go board of [games.Board], the interface sgf.Cursor
// replays through, and registers itself as GM[1]: [Board.PlaySGF] and
// [Board.SetupSGF] read the values of B, W, AB, AW and AE as Go writes
// them (two letters, the empty pass, "tt" on boards up to 19x19, the
// compressed lists "ul:lr") with package value; [Board.PlayLetters] is
// PlaySGF for a move given as its two letters. The rest of the board
// takes points as indices: [Board.Point] and [Board.XY] convert.
//
// This package does not parse game trees, score games or draw boards.
package gogame
