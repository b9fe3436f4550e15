package cli

import (
	"encoding/json"
	"errors"
	"flag"
	"strconv"

	"github.com/sgf-toolkit/sgf/collection"
)

func init() {
	register(&command{
		name:    "stats",
		summary: "count games, moves, players, results and more over many files",
		usage:   "stats [flags] PATH...",
		doc: `Stats reads every file and prints counts: files, bytes, games (game trees),
nodes, moves (B and W properties, in every variation) and variations; then
tables, most frequent first, of board sizes (SZ; when missing the game's
default: 19x19 for Go, 11x11 for Hex, none for other games), results (RE:
B+R, W+T, B+score, draw, void, unknown, invalid, none), players (PB and PW),
years (of the first date of DT, in order), charsets (CA), file formats (FF),
games (GM), properties by identifier (FF[4] form), and syntax problems by
code (see 'sgf check'). Results, players and years are those of the main
line's game-info node, as 'sgf info' reads them (the root of most games).

Files count every file named; "unreadable" those that could not be read,
"no game tree" those read that hold none (empty, or not SGF).

Each table shows its --top entries (default 10; --top all for every entry). With --json
the output is one object with every count, nothing cut; a table with
nothing in it is {}:

    {"files": 2, "unreadable": 0, "no_game_tree": 0, "bytes": 3021,
     "games": 2, "nodes": 420,
     "moves": 418, "variations": 0, "board_sizes": {"19x19": 2},
     "results": {"B+R": 1, "W+score": 1}, "players": {...}, "years": {...},
     "charsets": {...}, "ff": {...}, "gm": {...}, "props": {...},
     "errors": {...}}`,
		examples: `$ sgf stats games/              # tables for people
$ sgf stats --top all games/    # every player, every property
$ sgf stats --json games/ | jq .results`,
		exit: `0  counted
2  usage error, or a file could not be read (the others are still counted)`,
		shared: flagsWalk | flagJSON | flagOutput,
		paths:  true,
		setup:  setupStats,
	})
}

func setupStats(fs *flag.FlagSet, common *commonFlags) func(*env, []string) int {
	top := topFlag(10)
	fs.Var(&top, "top", "show the `N` most frequent entries of each table (all: every entry)")
	return func(e *env, args []string) int {
		var total collection.Stats
		eachFile(e, common, args, func(in input) (s *collection.Stats, err error) {
			// Tree by tree: memory is bounded by the largest game tree.
			br, whole, done, err := openInput(e, in.name)
			defer done()
			s = new(collection.Stats)
			switch {
			case err != nil:
				return nil, err
			case br == nil:
				s.AddFile(whole) // another format, imported
			default:
				err = s.AddReader(br)
			}
			return s, err
		}, func(in input, s *collection.Stats) { total.Merge(s) })
		for range e.failures { // the files eachFile reported as not read
			total.AddUnreadable()
		}
		if common.json {
			b, _ := json.Marshal(&total)
			e.stdout.Write(append(b, '\n'))
			return exitOK
		}
		total.WriteTable(e.stdout, int(top))
		return exitOK
	}
}

// topFlag is the value of --top: a count of at least 1, or "all" (held as
// 0). Zero and negative counts are usage errors, as for --jobs.
type topFlag int

func (t *topFlag) String() string {
	if *t == 0 {
		return "all"
	}
	return strconv.Itoa(int(*t))
}

func (t *topFlag) Set(s string) error {
	if s == "all" {
		*t = 0
		return nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return errors.New("the number of entries must be at least 1 (or all)")
	}
	*t = topFlag(n)
	return nil
}
