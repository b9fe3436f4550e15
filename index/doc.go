// Package index builds and searches an index of SGF collections: the game
// information of every game tree, every position of the main line, and
// what a pattern search needs. It is the only package of the module that
// imports a SQL driver.
//
// An index is an SQLite database (modernc.org/sqlite, pure Go) in one file,
// or a PostgreSQL database (github.com/jackc/pgx/v5) named by a
// postgres:// URL; the same schema and the same search code serve both,
// through database/sql, with the few differences (full-text search,
// placeholders, table options) in a dialect. A table sgf_index names the
// application and the schema version: a database of another program or of
// another version is refused (ErrNotIndex, ErrVersion).
//
// What is stored, per game tree: the game information (players as written
// and as search keys, see Key; the date as a first and a last day; the
// result as winner, margin and kind; ...), the duplicate signature of
// collection.Signature, the final position's hash, the words of comments,
// game names, events and places for full-text search; every position of
// the main line (with UpdateOptions.Variations, of every node of the tree)
// as a 64-bit Zobrist hash made canonical over the 8
// symmetries of the board (the smallest of the 8 hashes), kept as posting
// lists (per hash the games and nodes that hold it; keyed by the top 48
// bits of the hash, candidates verified by replay; the lists of a bucket
// of keys share rows of a few KB, see postings.go); the points where a
// black or a white stone ever stood (bitsets: the pre-filter of a pattern
// search); and the moves with their captures (a compact list replayed to
// verify candidates and to give continuations). The bitsets and move
// lists of up to 64 consecutive games share a row (a run, see runs.go),
// with each game's file, tree, board size and winner: a pattern search
// over every game reads that one table, a row per run.
//
// DB.Update indexes files incrementally and in parallel, one transaction
// per file; DB.Search runs a Query: game-information filters, a
// whole-board position (found through the hashes, then verified by
// replay), or a partial pattern (Pattern: from text in Kombilo's
// characters, a Sensei's Library diagram or an SGF region), with
// continuations. DB.ExportParquet writes the tables as Parquet files.
//
// The package is not a general game database: it indexes Go games (other
// games get their game information only), the main line of each tree (or
// by option its variations), and answers the queries of sgf search.
package index
