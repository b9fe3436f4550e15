// Package syntax is the lossless, tolerant, streaming syntax layer of SGF
// (Smart Game Format, FF[1]-FF[4]).
//
// It knows brackets, identifiers and raw value bytes, and nothing of what
// properties mean: the grammar of the specification (ff4-basics)
//
//	Collection = GameTree { GameTree }
//	GameTree   = "(" Sequence { GameTree } ")"
//	Sequence   = Node { Node }
//	Node       = ";" { Property }
//	Property   = PropIdent PropValue { PropValue }
//	PropValue  = "[" CValueType "]"
//
// with the lexical rules of the HexWiki description: a value is a literal
// string up to the next unescaped "]", "\" escapes any character, and values
// are kept as raw bytes with their escapes intact. Splitting values at ":",
// unescaping text and decoding charsets belong to the packages above this
// one (value, charset, sgf).
//
// # Lossless
//
// Every game tree, node, property and value keeps its byte offset in the
// source. Printing an unmodified parse with [Tree.WriteTo] or [File.WriteTo]
// gives back the input byte for byte, broken files included; after an edit
// only the edited nodes are printed anew, everything else is copied from
// the source. [Format] prints the one canonical layout instead.
//
// # Tolerant and honest
//
// The parser never stops at the first fault. It recovers from every lexical
// and structural fault that SGFC recognises (text around game trees, "("
// without ";", missing ")", "()", "((", identifiers without values, values
// without identifiers, illegal characters, NUL bytes, long and lowercase
// identifiers) and reports each recovery as a [Diagnostic] with a stable
// [Code], a [Severity], a Critical flag when information may be lost, and a
// position. [Code.SGFC] gives the matching SGFC message number.
//
// # Bounded
//
// Parsing, printing and walking are iterative: a main line of a million
// nodes or a million nested variations needs no deep stack. [Options]
// names the limits (bytes, nodes, value size, nesting) with safe defaults.
// [Reader] yields one game tree at a time from an io.Reader, so memory is
// bounded by the largest game, not the file.
//
// # Memory layout
//
// A tree stores 12 bytes per node (source span and one link) and no
// per-property records: properties and values are tokenised again from the
// retained source when asked for, which costs less than keeping them. The
// parse of a 21 MB collection therefore needs about 2.6 times the input.
//
// This package is not for: property meaning (package property), value
// decoding (package value), charsets (package charset) or game rules.
package syntax
