package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"strings"

	"github.com/sgf-toolkit/sgf/index"
)

func init() {
	register(&command{
		name:    "search",
		summary: "search an index made by sgf index: games, positions, patterns, continuations, duplicates",
		usage:   "search [flags]",
		doc: `Search queries the index that sgf index made (--db FILE or a postgres:// URL;
default: $SGF_DB, else ./sgf.db).

Game information: --player (either colour), --black, --white (the name
contains the text, compared by search keys: NFKC-normalised, case-folded),
--rank, --event, --date (1990..2000, 2001-03, 2001-03-12.., ..1999: games
played in part in the range), --result (B+, W+R, B+3.5, Draw, Void), --komi,
--handicap, --size (19 or 19x13), --rules, --text (words of comments, game
names, events and places). All the filters given must hold.

--position FILE[@NODE] finds the whole-board position of FILE at NODE
(default: the end of its main line) at any move of any game, under the 8
symmetries of the board and, unless --fixed-color, with the colours swapped.
NODE is a node number as sgf tree prints them (0 the root) or a node path
(10.1.5).

--pattern FILE[@NODE] --region RECT finds a partial pattern: the stones of
the region (SGF points, "aa:gg") at NODE must be on the board, in any of
the 8 symmetries and, unless --fixed-color, with colours swapped. Markup on
empty points makes wildcards: MA (cross) anything, TR (triangle) black or
empty, SQ (square) white or empty. FILE may also hold a Sensei's Library
diagram (lines starting with $$; M, T and S on empty points are those
wildcards; numbered stones are the sequence) or rows of Kombilo's
characters: X black, O white, . empty, x black or empty, o white or empty,
* anything, one row a line, top row first. --pattern-text takes such rows
inline, separated by "/" (--pattern-text '...../..X../.....').

--anchor says where the pattern may lie: corner, side, centre, anywhere, or
a rectangle RECT. By default a pattern that touches two edges of its board
is a corner pattern, one edge a side pattern (sliding along that edge),
else it is found anywhere; text rows are found anywhere. --move-limit N
looks only at positions after at most N moves. --sequence asks that the
moves after the pattern's node (in the region) follow in that order
(moves elsewhere may come between, captures may happen).

Each hit names the file, the game (from 1), the node (its number; on the
main line its depth) and its path (in an index made with sgf index
--variations, hits in variations have paths such as 2.1.1), so that
"sgf show --game N --node PATH FILE" shows it; for patterns the region
where it matched and the next move there (along the node's first
children). --continuations adds the next moves after the pattern with their
counts and the games black and white won, and the pattern with their
letters. --dupes lists the groups of games that are copies of each other,
as sgf dupes finds them: the same duplicate signature, confirmed by the
moves.

--json prints one object: {"games": N, "hits": N, "list": [{"file", "game",
"node", "path", "move", "black", "white", "black_rank", "white_rank",
"date", "result", "event", "region", "symmetry", "swapped", "next"}],
"continuations": [{"label", "color", "point", "x", "y", "count",
"black_wins", "white_wins"}], "diagram", "tenuki"}; with --dupes
{"groups": [{"signature", "games": [hits]}]}.`,
		examples: `$ sgf search --player "lee sedol" --date 2000..2010
$ sgf search --result W+R --event honinbo --sort date --limit 20
$ sgf search --text "joseki mistake"
$ sgf search --position game.sgf@60
$ sgf search --pattern joseki.sgf@5 --region aa:gg --continuations
$ sgf search --pattern-text '...../..X../...O.' --anchor corner --continuations
$ sgf search --dupes`,
		exit: `0  hits found
1  no hit
2  usage error, bad query or pattern, or the index could not be read`,
		shared: flagJSON,
		setup:  setupSearch,
	})
}

func setupSearch(fs *flag.FlagSet, common *commonFlags) func(*env, []string) int {
	var q index.Query
	dbFlag := fs.String("db", "", "the index: an SQLite `FILE`, or a postgres:// URL (default: $SGF_DB,\nelse ./sgf.db)")
	fs.IntVar(&q.Limit, "limit", 100, "print at most `N` hits (0: all); the counts are always complete")
	fs.StringVar(&q.Sort, "sort", "file", "order of the hits: file, date, black, white, event, result or moves;\n`KEY` with - in front reverses")
	fs.StringVar(&q.Player, "player", "", "either player's name contains `TEXT`")
	fs.StringVar(&q.Black, "black", "", "black's name contains `TEXT`")
	fs.StringVar(&q.White, "white", "", "white's name contains `TEXT`")
	fs.StringVar(&q.Rank, "rank", "", "either player's rank is `RANK` (9p, 3d)")
	fs.StringVar(&q.Event, "event", "", "the event contains `TEXT`")
	fs.StringVar(&q.Date, "date", "", "played in `RANGE`: 1990..2000, 2001-03, 2001-03-12.., ..1999")
	fs.StringVar(&q.Result, "result", "", "the result is `RESULT`: B+, W+, B+R, W+3.5, Draw, Void")
	fs.StringVar(&q.Komi, "komi", "", "the komi is `K`")
	fs.StringVar(&q.Handicap, "handicap", "", "the handicap is `N` stones")
	fs.StringVar(&q.Size, "size", "", "the board is `SIZE` (19 or 19x13)")
	fs.StringVar(&q.Rules, "rules", "", "the rules contain `TEXT`")
	fs.StringVar(&q.Text, "text", "", "the comments, game names, events or places hold the `WORDS`")
	position := fs.String("position", "", "find the whole-board position of `FILE[@NODE]`")
	pattern := fs.String("pattern", "", "find the pattern of `FILE[@NODE]` (SGF with --region, a $$ diagram, or text rows)")
	region := fs.String("region", "", "the pattern's rectangle on its board, as SGF points `RECT` (aa:gg)")
	patternText := fs.String("pattern-text", "", "find the pattern of `ROWS` in Kombilo's characters (X O . x o *),\nseparated by /")
	anchor := fs.String("anchor", "", "where the pattern may lie: corner, side, centre, anywhere, or a `RECT`")
	fs.BoolVar(&q.FixedColor, "fixed-color", false, "do not swap the colours of the pattern or position")
	fs.IntVar(&q.MoveLimit, "move-limit", 0, "look only at positions after at most `N` moves")
	fs.BoolVar(&q.Sequence, "sequence", false, "the pattern's moves (after its node, or its numbered stones) must follow")
	fs.BoolVar(&q.Continuations, "continuations", false, "count the next moves after the pattern (with the wins of each colour)")
	dupes := fs.Bool("dupes", false, "list the groups of duplicate games of the index")
	return func(e *env, args []string) int {
		if len(args) > 0 {
			return e.usageError("search takes no PATH, only flags (the index is --db FILE)")
		}
		bad := func(err error) int {
			return e.failf("%v", err)
		}
		if countTrue(*position != "", *pattern != "", *patternText != "") > 1 {
			return bad(fmt.Errorf("--position, --pattern and --pattern-text do not go together: give one"))
		}
		if *region != "" && *pattern == "" {
			return bad(fmt.Errorf("--region goes with --pattern FILE"))
		}
		var err error
		switch {
		case *position != "":
			q.Position, err = index.LoadPosition(index.SplitNode(*position))
		case *pattern != "":
			file, node := index.SplitNode(*pattern)
			q.Pattern, err = index.LoadPattern(file, node, *region)
		case *patternText != "":
			q.Pattern, err = index.ParsePatternText(*patternText)
		}
		if err != nil {
			return bad(err)
		}
		if *anchor != "" {
			if q.Pattern == nil {
				return bad(fmt.Errorf("--anchor goes with --pattern or --pattern-text"))
			}
			if strings.Contains(*anchor, ":") || len(*anchor) == 2 {
				x, y, w, h, err := index.ParseRegion(*anchor)
				if err != nil {
					return bad(err)
				}
				if w != q.Pattern.W || h != q.Pattern.H {
					return bad(fmt.Errorf("--anchor %s is %dx%d, the pattern %dx%d", *anchor, w, h, q.Pattern.W, q.Pattern.H))
				}
				q.Pattern.Anchor, q.Pattern.X, q.Pattern.Y = index.AnchorFixed, x, y
			} else if q.Pattern.Anchor, err = index.ParseAnchor(*anchor); err != nil {
				return bad(err)
			}
		}
		name := defaultDB(*dbFlag, nil)
		db, err := index.Open(name, false)
		if err != nil {
			return bad(err)
		}
		defer db.Close()
		ctx := context.Background()
		if *dupes {
			groups, err := db.Dupes(ctx, &q)
			if err != nil {
				return bad(err)
			}
			if common.json {
				if groups == nil {
					groups = []index.DupeGroup{}
				}
				b, _ := json.Marshal(map[string]any{"groups": groups})
				e.stdout.Write(append(b, '\n'))
			} else {
				for _, g := range groups {
					fmt.Fprintf(e.stdout, "%d copies (%s)\n", len(g.Games), g.Signature)
					for _, h := range g.Games {
						fmt.Fprintf(e.stdout, "  %s\n", hitLine(h, false))
					}
				}
			}
			if len(groups) == 0 {
				return exitProblems
			}
			return exitOK
		}
		res, err := db.Search(ctx, &q)
		if err != nil {
			return bad(err)
		}
		if common.json {
			if res.List == nil {
				res.List = []index.Hit{}
			}
			b, _ := json.Marshal(res)
			e.stdout.Write(append(b, '\n'))
		} else {
			board := q.Pattern != nil || q.Position != nil
			for _, h := range res.List {
				fmt.Fprintln(e.stdout, hitLine(h, board))
			}
			if q.Continuations {
				fmt.Fprintln(e.stdout)
				fmt.Fprint(e.stdout, res.Diagram)
				for _, c := range res.Continuations {
					fmt.Fprintf(e.stdout, "%-3s %s[%s] %5d  B wins %3.0f%%  W wins %3.0f%%\n", c.Label, c.Color, c.Point, c.Count,
						pct(c.BlackWins, c.Count), pct(c.WhiteWins, c.Count))
				}
				if res.Tenuki > 0 {
					fmt.Fprintf(e.stdout, "    none %4d  (no next move in the region)\n", res.Tenuki)
				}
			}
			shown := ""
			if len(res.List) < res.Hits {
				shown = fmt.Sprintf(" (%d shown: --limit)", len(res.List))
			}
			fmt.Fprintf(e.stdout, "%d hits in %d games%s\n", res.Hits, res.Games, shown)
		}
		if res.Hits == 0 {
			return exitProblems
		}
		return exitOK
	}
}

func pct(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return 100 * float64(n) / float64(of)
}

// hitLine is one hit as text: where, then who, when and the result.
func hitLine(h index.Hit, board bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s game %d", h.File, h.Game)
	if board {
		fmt.Fprintf(&b, " node %s move %d", h.Path, h.Move)
	}
	player := func(name, rank string) string {
		if name == "" {
			name = "?"
		}
		if rank != "" {
			name += " " + rank
		}
		return name
	}
	fmt.Fprintf(&b, ": %s - %s", player(h.Black, h.BlackRank), player(h.White, h.WhiteRank))
	for _, s := range []string{h.Date, h.Result, h.Event} {
		if s != "" {
			b.WriteString(", " + s)
		}
	}
	if h.Region != "" && board {
		fmt.Fprintf(&b, " [%s", h.Region)
		if h.Next != "" {
			fmt.Fprintf(&b, " next %s", h.Next)
		}
		b.WriteByte(']')
	}
	return b.String()
}
