// Package cli is the sgf command: its subcommands, their flags, help and exit
// codes. Command sgf (cmd/sgf) is a thin wrapper that calls Main.
//
// Each subcommand lives in a file of its own and adds itself to the command
// table with register in that file's init function, so a new subcommand is one
// new file. The shared machinery is here too: expanding PATH arguments
// (files, directories walked for *.sgf, "-" for standard input), a bounded
// pool of workers that prints results in input order, the --jobs and --quiet
// flags, and one-line error messages that name the file and say what to do.
//
// The diagnostics printed by "sgf check" are package diag's, one type for
// the syntax layer (codes S..) and the rules of package check (codes C..);
// see diagnostics.go.
//
// This package is not for library users: its API is Main and nothing else,
// and the text it prints is for people and scripts, not for Go programs
// (those should import the syntax and sgf packages).
package cli
