// Package sgf is the typed view of SGF (Smart Game Format, FF[1]-FF[4])
// files: a Collection of Games, each a tree of Nodes, with the game
// information, moves, setup, markup and annotations decoded, text in UTF-8,
// navigation by iterators, positions at any node, and edits that keep the
// rest of the file as it was written.
//
// # Reading and writing
//
// Read, ReadFile and Parse give a Collection, one Game per game tree
// ("(;...)") of the input; NewReader gives the games one at a time, in
// memory bounded by the largest game. Parsing is package syntax's: lossless and
// tolerant (a broken file gives what could be read, and every fault is in
// Collection.Diagnostics). Collection.WriteTo writes the input back byte
// for byte when nothing was edited; after Node.Set or Node.Delete only the
// edited nodes are printed anew, and unknown and private properties stay
// as they were.
//
// # Charsets
//
// Each game tree has its own charset, reported by Game.Charset with how it
// was chosen: ReadOptions.Charset (an override), else the tree's CA[]
// (checked against the bytes: a CA[UTF-8] over GBK bytes is reported and
// the detected charset used), else detection over the raw bytes of the
// whole tree before they are split into values (where a two-byte grouping
// keeps the tree whole and the byte-wise reading breaks it, only the
// charsets of that grouping are candidates), else ISO-8859-1, the FF[4]
// default. TreeCharset asks for that decision alone;
// Collection.SyntaxFile gives the syntax trees as it reads them, for
// readers of the syntax layer (sgf check and fix). Values are decoded before
// they are unescaped, so that the "\" that ends many Shift_JIS, GBK and
// Big5 characters is not taken for an escape; a tree in such a charset
// without CA[] is parsed again with its characters grouped
// (syntax.Options.LeadBytes), so that a "]" inside a character does not end
// the value. Inputs that are not ASCII-compatible (UTF-16 with or without
// byte order mark, ISO-2022-JP) are decoded to UTF-8 before parsing and
// encoded back when written.
//
// # Typed access
//
// Game.Info gives the game information (players, date, result, komi, ...)
// of the game-info node; Node.Move, Node.Setup, Node.Markup,
// Node.Annotations, Node.Comment, Node.Name, Node.PlayerToMove and
// Node.MoveNumber decode the node's properties; Node.Get and Node.Values
// give any property's raw values, Node.Text any text property decoded, and
// Node.Inherited the inherited ones (VW, DD, PM) along the path.
//
// # Navigation
//
// Game.MainLine, Game.Nodes, Node.Children, Node.Variations (with the
// conventional labels "A", "B", ...) and Node.Ancestors are iter.Seq
// iterators, none recursive. Nodes are numbered in pre-order from 0
// (Node.Number, Game.Node). A Path ("10.1.5": ten steps down the main line,
// to the second variation, five steps down it) addresses a node in text;
// see ParsePath and Game.NodeAt. A NodeRef is either of them, as the
// commands read and write nodes (ParseNodeRef, Game.NodeByRef, Node.Ref). Game.NextHotspot and Game.PrevHotspot find
// the nodes marked HO.
//
// # Positions
//
// A Cursor walks a game one node at a time, executing and taking back
// nodes incrementally on a Go board (games/gogame) or a Hex board
// (games/hex); for other games it keeps the setup points. Game.PositionAt
// replays from the root. A Position holds the stones, the move number (MN
// respected), the captures, the player to move and the last move.
//
// # Editing
//
// Node.Set, Node.SetRaw and Node.Delete change properties; Node.AddChild,
// Node.InsertAfter, Node.MoveChild, Node.Promote, Node.Remove, Node.Splice
// and Node.Graft change the structure. Either way only what was edited is
// printed anew.
//
// # What this package is not for
//
// It does not check files against the specification (package check), fix
// them, or convert FF[1]-FF[3] properties (package convert); it does not
// merge or split collections (package collection) and does not draw boards.
package sgf
