package sgf

import "errors"

// Add appends a copy of game g at the end of c and returns the copy,
// c.Game(c.Len()-1). g may come from NewGame, from another collection, or
// from c itself; g is left as it is. The copy holds the bytes g writes
// (Game.WriteTo: the tree with the text in front of it, edits included),
// after a line break when c has games and those bytes do not begin with
// one. WriteTo and Bytes of c then write c's games as before (unedited
// ones byte for byte) followed by the added ones, then the text that
// followed the last tree of the input. File, SyntaxFile and Diagnostics
// stay those of the input as read.
//
// The copy must read as g reads: Add refuses, with an *Error wrapping
// ErrCharset, a game whose charset would be another in c (a game without
// CA whose text was detected otherwise, or read with ReadOptions.Charset
// different from c's: set its CA first, with Game.SetCharset), and a game
// transcoded from UTF-16, UTF-32 or ISO-2022-JP, or a c transcoded as a
// whole (convert such files to UTF-8 first).
func (c *Collection) Add(g *Game) (*Game, error) {
	if g == nil {
		return nil, newError("Add", "", nil, ErrNoNode, errors.New("no game"))
	}
	if c.enc != nil || g.enc != nil || g.c.enc != nil || g.cs.Transcoded {
		return nil, newError("Add", "CA", []byte(g.cs.Name), ErrCharset, errors.New("a game or collection transcoded from a wide encoding cannot take or give games: convert it to UTF-8 first"))
	}
	b, err := g.appendTo(nil)
	if err != nil {
		return nil, err
	}
	if len(c.games) > 0 && (len(b) == 0 || b[0] != '\n' && b[0] != '\r') {
		b = append([]byte{'\n'}, b...)
	}
	opts := &ReadOptions{Syntax: c.sopts}
	opts.Syntax.OnTree, opts.Syntax.TreeLeadBytes = nil, nil
	opts.Syntax.LeadBytes, opts.Syntax.ForceLeadBytes = 0, false
	if c.override != nil {
		opts.Charset = c.override.Name()
	}
	nc, err := parse(b, opts)
	if nc == nil || nc.Len() != 1 {
		if err == nil {
			err = errors.New("the game's bytes do not read as one game tree")
		}
		return nil, newError("Add", "", nil, ErrValue, err)
	}
	ng := nc.games[0]
	if ng.cs.Name != g.cs.Name {
		return nil, newError("Add", "CA", []byte(ng.cs.Name), ErrCharset,
			errors.New("the game would read in "+ng.cs.Name+" in this collection, not in "+g.cs.Name+" (set its CA first)"))
	}
	ng.c, ng.index, ng.start = c, len(c.games), 0
	c.games = append(c.games, ng)
	c.added++
	return ng, nil
}
