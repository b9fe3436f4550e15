// Package diag is the one currency of findings in the toolkit: a
// Diagnostic (code, severity, critical flag, position, tree, node,
// property, message, suggested fix) and a List of them, used alike by the
// syntax layer (codes S..), the rules of package check (codes C..), the
// readers of other formats and the command line.
//
// A Code names its class (the layer that reports it) and its number; each
// package registers the codes it reports, with a name, the number of the
// equivalent SGFC message and documentation (Register), so that a report,
// --disable and --explain find every code in one place (Codes, Lookup).
// A List sorts by offset, drops disabled codes (Filter) and is an error
// when it holds errors (Err), in the manner of go/scanner.ErrorList.
//
// The package imports nothing of the module: it is the lowest layer.
package diag
