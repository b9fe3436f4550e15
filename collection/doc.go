// Package collection works on many SGF games at once: it merges games into
// one tree, splits collections into one game per file, joins files into one
// collection, finds duplicate games, strips comments, variations, markup and
// private properties, and gathers statistics over many files.
//
// # Merge
//
// Merger builds one game tree from many games. Games share a node as long as
// they have the same nodes in sequence: by default two nodes are the same
// when they hold the same properties (game information aside), so nothing is
// lost and Split gives every game back; with MergeOptions.MovesOnly only the
// moves and setup (B, W, AB, AW, AE, PL) are compared and the other
// properties of a shared node are those of the first game (what is dropped
// is counted in the report). The game-info properties of each game go to
// the node where the game first becomes distinguishable from all the others,
// as ff4-basics.txt asks: "When merging a set of games into a single
// gametree, game infos are stored at the nodes where a game first becomes
// distinguishable from all other games in the tree." Games whose root nodes
// differ in anything other than game information (board size, charset,
// handicap stones, ...) cannot share a root and go to separate trees.
//
// # Split and Join
//
// Split turns each game tree of a file into a game of its own, with its text
// as read; a merged tree (game information below the root) is split into its
// games again. Template names the files from game information
// ("{PB}-{PW}-{DT}.sgf", "{n:04}.sgf"). Join puts the game trees of many
// files into one collection, each tree's text exactly as read.
//
// # Duplicates
//
// Signature computes a Dyer signature (moves 20, 40, 60, 31, 51 and 71, the
// signature of SGFC's option -g) that is the same for the eight rotations and
// reflections of a game and for its colour-swapped copy; StrictSignature
// compares the final positions by their Zobrist hash (games/gogame) instead.
// Dupes groups games by signature.
//
// # Strip and Stats
//
// Strip removes comments, variations, markup, named properties or private
// properties from a parsed file with the edits of package syntax, so that the
// rest of the file keeps its bytes. Stats counts games, moves, board sizes,
// results, players, years, charsets, versions, properties and syntax errors.
//
// Everything here is iterative: trees of a million nodes, in one line or
// nested, need no deep stack.
//
// This package is not for reading single games (package sgf), checking them
// (package check) or indexing and searching large databases.
package collection
