package cli

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"

	"github.com/sgf-toolkit/sgf/collection"
	"github.com/sgf-toolkit/sgf/syntax"
)

func init() {
	register(&command{
		name:    "dupes",
		summary: "find duplicate games, rotated, mirrored and colour-swapped copies included",
		usage:   "dupes [flags] PATH...",
		doc: `Dupes finds the games that are copies of each other, among all the games
of the files (Go games only, GM[1]; the main line of each).

By default it compares Dyer signatures: moves 20, 40, 60, 31, 51 and 71
(those of SGFC's option -g), taken under the 8 rotations and reflections of
the board and with the colours swapped, the smallest of the 16 counting, so
that a rotated, mirrored or colour-swapped copy has the same signature. A
game of fewer than 71 moves is compared by all its moves. Games with the
same signature are then confirmed by their moves: one main line must be the
other, or a start of it (a record cut short), under one symmetry. The
games are read one at a time and only their signatures kept; the
candidates of a file are then read again from it to be compared (those of
standard input, a FIFO or a file in another format are kept as read), so
memory does not grow with the games' lengths. A game that cannot be read
again as it was (the file changed meanwhile) is named on standard error and
the exit status is 2.

With --strict it compares final positions instead: the main line is played
out (captures included) and the Zobrist hash of the last position, under the
16 transformations, must be equal, after as many moves. This finds copies
recorded with moves in another order, and misses records cut short.

Each group of copies is printed with its signature and files ("FILE#N" for
the N-th game of a file holding several), the first game of the group
first and then each copy with what it is: the first game as played, or
rotated (90° clockwise or counter-clockwise, 180°) or mirrored (left to
right, top to bottom, on a diagonal), with the same colours or the colours
swapped. The header counts the copies as the summary line does: the games
of the group but the first.

    3 games, 2 copies (19x19 BbcBdnBqhWdhWjpWjk)
      a.sgf
      b.sgf#3: rotated 90° clockwise, colours swapped
      c.sgf: as played, same colours

With --json the output is one object:

    {"games": 120, "skipped": 2, "groups": [{"signature": "...",
      "games": [{"file": "a.sgf", "tree": 0, "symmetry": "as played", "colors_swapped": false},
                {"file": "b.sgf", "tree": 2, "symmetry": "rotated 90° clockwise", "colors_swapped": true}]}]}

"tree" counts from 0; "symmetry" and "colors_swapped" say how the game
shows the group's first game (for the first: "as played", false);
"skipped" counts the games that are not Go or have no moves (each is also
named on standard error, not with --quiet).`,
		examples: `$ sgf dupes games/               # every *.sgf below games/
$ sgf dupes --strict a.sgf b/     # compare final positions
$ sgf dupes --json games/ > dupes.json`,
		exit: `0  no duplicates
1  duplicates found
2  usage error, or a file could not be read`,
		shared: flagsWalk | flagJSON | flagOutput | flagCharset,
		paths:  true,
		setup:  setupDupes,
	})
}

func setupDupes(fs *flag.FlagSet, common *commonFlags) func(*env, []string) int {
	strict := fs.Bool("strict", false, "compare final positions instead of Dyer signatures")
	return func(e *env, args []string) int {
		sign := collection.Signature
		if *strict {
			sign = collection.StrictSignature
		}
		var d collection.Dupes
		// The candidates are confirmed by their moves, read again
		// (collection.Dupes.Reread) beyond the first dupesKeepMoves:
		// memory holds the signatures, not every game's moves (1,151 MB
		// for the 1 GB collection).
		reread := rereadGame{opts: common.readOptions()}
		defer reread.close()
		d.Reread, d.KeepMoves = nil, dupesKeepMoves
		if dupesKeepMoves >= 0 {
			d.Reread = func(en collection.Entry) (collection.Sig, error) {
				g, err := reread.read(en.Name, en.Offset, en.Size)
				if err != nil {
					return collection.Sig{}, err
				}
				return sign(g.SyntaxTree())
			}
		}
		games, skipped := 0, 0
		// Game by game (gameUnits): memory is bounded by the largest game
		// tree and the signatures, not by the files.
		var (
			n    int        // games of the current input
			skip []dupeSkip // its games skipped, named at its end
		)
		eachGame(e, common, args, func(u gameUnit) (collection.Sig, error) {
			return sign(u.g.SyntaxTree())
		}, func(u gameUnit, sig collection.Sig, err error) {
			if u.first {
				n, skip = 0, skip[:0]
			}
			if u.g != nil {
				n++
			}
			switch {
			case err != nil:
				// Not Go, no moves (why the game has no signature), or a panic.
				skip = append(skip, dupeSkip{u.k, err})
			case u.g != nil:
				d.Add(sig, collection.Entry{Name: u.in.name, Tree: u.k, Offset: u.at, Size: u.size})
				games++
			}
			if !u.last {
				return
			}
			var pe *syntax.ParseError
			if u.err != nil && !errors.As(u.err, &pe) {
				// The input could not be opened or read (a fatal syntax
				// problem, such as a limit, ends it: the games read count).
				e.failf("%s: %s", u.in.name, describeError(u.err))
			} else if pe != nil && n == 0 {
				// No game tree: said as merge and split say it, binary
				// data by name (issue 13, item 15).
				e.errorf("%s: %s, left out", u.in.name, noTreeReason(&syntax.File{Diagnostics: []syntax.Diagnostic{pe.Diagnostic}}))
			}
			skipped += len(skip)
			if !common.quiet {
				for _, s := range skip {
					e.errorf("%s: skipped: %v", gameName(u.in.name, s.k, n), s.err)
				}
			}
		})
		// The groups are printed as they come (collection.Dupes.All), not
		// collected: on the 1 GB collection they hold every game.
		type group struct {
			Signature string       `json:"signature"`
			Games     []jsonedGame `json:"games"`
		}
		if common.json {
			fmt.Fprintf(e.stdout, `{"games":%d,"skipped":%d,"groups":[`, games, skipped)
		}
		groups, copies := 0, 0
		for g := range d.All() {
			if common.json {
				jg := group{Signature: g.Signature}
				for i, x := range g.Games {
					jg.Games = append(jg.Games, jsonedGame{x, g.Symmetries[i]})
				}
				b, _ := json.Marshal(jg)
				if groups > 0 {
					e.stdout.Write([]byte{','})
				}
				e.stdout.Write(b)
			} else {
				// counted as the summary counts: the first game and its copies
				fmt.Fprintf(e.stdout, "%d games, %s (%s)\n", len(g.Games), plural(len(g.Games)-1, "copy"), g.Signature)
				for i, x := range g.Games {
					if i == 0 {
						fmt.Fprintf(e.stdout, "  %s\n", x)
					} else {
						fmt.Fprintf(e.stdout, "  %s: %s\n", x, g.Symmetries[i])
					}
				}
			}
			groups++
			copies += len(g.Games) - 1
		}
		if common.json {
			io.WriteString(e.stdout, "]}\n")
		}
		for _, err := range d.RereadErrors() {
			e.failf("%s", describeError(err))
		}
		if !common.quiet && !common.json {
			e.errorf("compared %s: %s of duplicates, %s", plural(games, "game"), plural(groups, "group"), plural(copies, "copy"))
		}
		if groups > 0 {
			return exitProblems
		}
		return exitOK
	}
}

// dupesKeepMoves is how many moves in all dupes keeps before it reads the
// candidates again instead (collection.Dupes.KeepMoves): 4M moves, about
// 13 MB, hold the standard collection's (2.9M nodes), which is then read
// once; of the 1 GB collection only the first games keep theirs. Tests
// set 0 (every candidate read again) or -1 (every game's moves kept).
var dupesKeepMoves = 1 << 22

// dupeSkip is a game dupes skipped, and why.
type dupeSkip struct {
	k   int
	err error
}

// jsonedGame is a game of a group in --json: its "file" written as
// appendJSONFile writes file names (with "file_bytes" when the name is
// not UTF-8), "tree", and how it shows the group's first game:
// "symmetry" and "colors_swapped".
type jsonedGame struct {
	collection.Entry
	sym collection.Symmetry
}

func (g jsonedGame) MarshalJSON() ([]byte, error) {
	b := appendJSONFile([]byte(`{"file":`), g.Name)
	b = append(b, `,"tree":`...)
	b = strconv.AppendInt(b, int64(g.Tree), 10)
	b = append(b, `,"symmetry":`...)
	b = strconv.AppendQuote(b, g.sym.BoardName())
	b = append(b, `,"colors_swapped":`...)
	b = strconv.AppendBool(b, g.sym.Swapped)
	return append(b, '}'), nil
}
