// Package property is the catalogue of SGF properties of FF[1] to FF[4] as data.
//
// For every property identifier that the SGF specifications define (the
// index of FF[1]-FF[4] with its FF columns, the FF[4] property pages, the
// Go-specific HA, KM, TB and TW, and the Lines of Action ones) the catalogue
// records its name, its property type ([Kind]: move, setup, root, game-info
// or none), whether it is inherited, its value type ([ValueType]: base type,
// single/list/elist, composed "A:B" values, alternatives, number ranges), the
// file formats that define it ([Versions]), the game it belongs to ([Game]),
// whether it is obsolete in FF[4], and for obsolete properties how a
// converter treats them ([Conversion]).
//
// Use [Lookup] or [LookupBytes] to find a property by its FF[4] identifier
// (neither allocates), [LookupGame] when the game (GM) is known and an
// identifier has a game-specific meaning (SE), [All] to walk the catalogue,
// and [Canonical] to turn an FF[1]-FF[3] mixed-case identifier such as
// "CoPyright" into its FF[4] form "CP".
//
// The catalogue is a hand-written table (table.go). Its tests parse the
// specification files in ../shared/spec (property-index-ff1-4.txt,
// ff4-properties.txt, go-game-notes.md) and compare every row, so the table
// cannot drift from the specification without a failing test.
//
// # What this package is not for
//
// It does not parse or check property values: that is package value. It does
// not know about nodes, trees or files: that is package syntax and the module
// root. It carries no game rules. The [Conversion] facts describe what SGFC
// (the reference checker) does with FF[1]-FF[3] properties; carrying a
// conversion out is the job of the packages that edit trees.
//
// Where the specification files are silent or contradict each other the
// table says so in a comment next to the entry; nothing here is guessed.
package property
