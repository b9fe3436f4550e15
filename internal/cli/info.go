package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/check"
	"github.com/sgf-toolkit/sgf/formats"
	"github.com/sgf-toolkit/sgf/syntax"
	"github.com/sgf-toolkit/sgf/value"
)

func init() {
	register(&command{
		name:    "info",
		summary: "print the game information of SGF files",
		usage:   "info [flags] PATH...",
		doc: `Info prints the game information of every game of each file: players and
ranks, date, result, komi, handicap, rules, board size, the charset the text
is decoded with and how it was chosen (CA, detected, default, override),
application, FF, GM, game name, event, round, place, time limit and
overtime. Text is decoded to UTF-8; fields the game does not have are left
out. The output is one block per game:

    FILE game 1
      black        Lee Sedol 9p
      white        AlphaGo
      ...

With --json it is one JSON object:

    {"files": [{"file": "a.sgf", "games": [
        {"game": 0, "black": "Lee Sedol", "black_rank": "9p",
         "white": "AlphaGo", "white_rank": "", "date": "2016-03-09",
         "result": "W+R", "komi": "7.5", "handicap": 0, "rules": "Chinese",
         "cols": 19, "rows": 19, "charset": "UTF-8", "charset_source": "CA",
         "charset_confidence": 1, "charset_declared": "UTF-8",
         "charset_detail": "",
         "application": "CGoban", "application_version": "3",
         "ff": 4, "gm": 1, "game_name": "", "event": "", "round": "",
         "place": "", "time_limit": "", "overtime": "",
         "black_team": "", "white_team": "", "source": "", "user": "",
         "copyright": "", "annotator": "", "opening": "",
         "errors": ["..."]}]}]}

"game" counts the games of the file from 0 (the text's "game 1" is 0).
Text fields are as written ("" when missing; komi, date, result and time
limit too, so that a value in a free form is shown as it is); "errors" lists
the values that do not have their specified form ('sgf check' says more),
each as one sentence: KM "5 1/2": not a real number. A file that could not
be read has an "error" string.

Komi is read two more ways. A game of FF[1] to FF[3] with no KM but KI
(the integer komi of Smart Game Board, twice the komi) shows KI/2:
"6.5 (KI[13])". With --quirks fox (or all, or auto, which picks it for
a Fox komi: a KM of 50 or more in hundredths), Fox's komi is read as the
fox profile of 'sgf check' reads it, KM[750] as 7.5, and HA[1] as no
handicap; without it such a komi is shown as written, with a hint. In
JSON "komi" is then the komi so read.`,
		examples: `$ sgf info game.sgf
$ sgf info --quirks fox fox-games/   # KM[750] is komi 7.5
$ sgf info --json games/ | jq '.files[].games[] | [.black, .white, .result]'`,
		exit: `0  every file read
1  a file had no game tree
2  usage error, or a file could not be read`,
		shared: flagsWalk | flagJSON | flagOutput | flagCharset | flagQuirks,
		paths:  true,
		setup:  setupInfo,
	})
}

// gameInfo is what info prints of one game.
type gameInfo struct {
	sgf.GameInfo
	cs       sgf.CharsetInfo
	komiNote string // how the komi was read, when not from KM as written
	from     string // the format of a file that was not SGF ("gib", ...), read through package formats
}

func setupInfo(fs *flag.FlagSet, common *commonFlags) func(*env, []string) int {
	return func(e *env, args []string) int {
		quirks, auto, _ := quirkSettings(common)
		if common.json {
			e.stdout.WriteString(`{"files":[`)
		}
		// Game by game (gameUnits), each printed when it and the games
		// before it are done: memory is bounded by the largest game
		// tree, not by the file or by what it prints.
		firstFile := true
		var (
			n      int   // games of the current input printed
			failed error // a panic on a game of the current input
		)
		eachGame(e, common, args, func(u gameUnit) (gameInfo, error) {
			gi := readGameInfo(u.g, quirks, auto)
			// The game-info node holds its whole game tree: let the
			// tree go, keep what is printed.
			gi.Node = sgf.Node{}
			if res, ok := e.importedAs(u.in.name); ok {
				gi.cs, gi.from = res.Charset, res.Format.String()
			}
			return gi, nil
		}, func(u gameUnit, gi gameInfo, panicked error) {
			name := u.in.name
			if u.first {
				n, failed = 0, nil
			}
			if panicked != nil && failed == nil {
				failed = panicked
			}
			if u.g != nil && panicked == nil {
				if common.json {
					b := make([]byte, 0, 512)
					if n == 0 {
						b = appendFileHead(b, firstFile, name, nil, `,"games":[`)
						firstFile = false
					} else {
						b = append(b, ',')
					}
					e.stdout.Write(appendInfoGameJSON(b, n, gi))
				} else {
					writeInfoText(e.stdout, name, n, gi)
				}
				n++
			}
			if !u.last {
				return
			}
			// The end of the input: what stopped the reading.
			var ioErr, err, limit error
			var pe *syntax.ParseError
			switch {
			case u.err == nil:
			case errors.Is(u.err, syntax.ErrLimit) && n > 0:
				limit = u.err
			case errors.As(u.err, &pe):
				if n == 0 {
					err = u.err
				}
			default:
				ioErr = u.err // the input could not be opened or read
			}
			if err == nil && ioErr == nil && failed != nil {
				err = failed
			}
			if n == 0 && err == nil && ioErr == nil {
				err = errors.New("no game tree")
			}
			if common.json {
				var b []byte
				if n == 0 {
					b = appendFileHead(nil, firstFile, name, errors.Join(ioErr, err), `,"games":[`)
					firstFile = false
				} else if ioErr != nil {
					b = append(appendErrorField(append(b, ']'), ioErr), '}')
				}
				if b == nil || n == 0 {
					b = append(b, "]}"...)
				}
				e.stdout.Write(b)
			}
			switch {
			case ioErr != nil:
				e.failf("%s: %s", name, describeError(ioErr))
			case err != nil:
				e.problemf("%s: %s", name, describeError(err))
			case limit != nil:
				e.problemf("%s: %s: the rest of the file was not read (raise the limit: --max-bytes, --max-nodes, --max-value, --max-depth)", name, limit)
			}
		})
		if common.json {
			e.stdout.WriteString("\n]}\n")
		}
		return exitOK
	}
}

func writeInfoText(w io.Writer, name string, k int, g gameInfo) {
	fmt.Fprintf(w, "%s game %d\n", name, k+1)
	line := func(label, v string) {
		if v != "" {
			fmt.Fprintf(w, "  %-12s %s\n", label, strings.ReplaceAll(v, "\n", " "))
		}
	}
	player := func(name, rank, team string) string {
		s := name
		if rank != "" {
			s = strings.TrimSpace(s + " " + rank)
		}
		if team != "" {
			s += " (" + team + ")"
		}
		return s
	}
	line("black", player(g.PlayerBlack, g.RankBlack, g.TeamBlack))
	line("white", player(g.PlayerWhite, g.RankWhite, g.TeamWhite))
	line("date", g.DateText)
	line("result", g.ResultText)
	komi := g.KomiText
	if g.komiNote != "" {
		komi += " (" + g.komiNote + ")"
	}
	line("komi", komi)
	if g.Handicap > 0 {
		line("handicap", strconv.Itoa(g.Handicap))
	}
	line("rules", g.Rules)
	line("size", fmt.Sprintf("%dx%d", g.Cols, g.Rows))
	cs := g.cs.Name + " (" + string(g.cs.Source)
	if g.cs.Source == sgf.SourceDetected {
		cs += fmt.Sprintf(", confidence %.2f", g.cs.Confidence)
	}
	if g.cs.Detail != "" {
		cs += ": " + g.cs.Detail
	}
	line("charset", cs+")")
	app := g.Application
	if g.ApplicationVersion != "" {
		app += " " + g.ApplicationVersion
	}
	line("application", app)
	format := fmt.Sprintf("FF[%d] GM[%d]", g.FF, g.GameType)
	if g.from != "" {
		f, _ := formats.ParseFormat(g.from)
		format = f.Name() + ", read as " + format
	}
	line("format", format)
	line("game name", g.GameName)
	line("event", g.Event)
	line("round", g.Round)
	line("place", g.Place)
	line("time limit", g.TimeLimitText)
	line("overtime", g.Overtime)
	for _, err := range g.Errors {
		line("problem", infoProblem(err))
	}
}

// appendInfoGameJSON appends the JSON object of game k of a file.
func appendInfoGameJSON(b []byte, k int, g gameInfo) []byte {
	key := func(k string) []byte { return append(append(append(b, `,"`...), k...), `":`...) }
	str := func(k, v string) { b = appendJSONString(key(k), v) }
	num := func(k string, v int) { b = strconv.AppendInt(key(k), int64(v), 10) }
	b = appendIntField(b, `{"game":`, k)
	str("black", g.PlayerBlack)
	str("black_rank", g.RankBlack)
	str("white", g.PlayerWhite)
	str("white_rank", g.RankWhite)
	str("date", g.DateText)
	str("result", g.ResultText)
	str("komi", g.KomiText)
	num("handicap", g.Handicap)
	str("rules", g.Rules)
	num("cols", g.Cols)
	num("rows", g.Rows)
	str("charset", g.cs.Name)
	str("charset_source", string(g.cs.Source))
	b = append(b, `,"charset_confidence":`...)
	b = strconv.AppendFloat(b, g.cs.Confidence, 'g', 3, 64)
	str("charset_declared", g.cs.Declared)
	str("charset_detail", g.cs.Detail)
	if g.from != "" {
		str("from", g.from)
	}
	str("application", g.Application)
	str("application_version", g.ApplicationVersion)
	num("ff", g.FF)
	num("gm", g.GameType)
	str("game_name", g.GameName)
	str("event", g.Event)
	str("round", g.Round)
	str("place", g.Place)
	str("time_limit", g.TimeLimitText)
	str("overtime", g.Overtime)
	str("black_team", g.TeamBlack)
	str("white_team", g.TeamWhite)
	str("source", g.Source)
	str("user", g.User)
	str("copyright", g.Copyright)
	str("annotator", g.Annotator)
	str("opening", g.Opening)
	b = appendJSONList(append(b, `,"errors":[`...), g.Errors, func(b []byte, err error) []byte {
		return appendJSONString(b, infoProblem(err))
	})
	return append(b, "]}"...)
}

// readGameInfo returns the game information of g, its komi read as the
// quirks in force ask (see the help): a Fox komi in hundredths, HA[1] of
// Fox; and KI/2 in FF[1]-FF[3] games without KM.
func readGameInfo(g *sgf.Game, q check.Quirks, auto bool) gameInfo {
	gi := gameInfo{GameInfo: g.Info(), cs: g.Charset()}
	get := func(id string) ([]byte, bool) {
		if n := gi.Node; !n.IsZero() {
			if v, ok := n.Get(id); ok {
				return v, true
			}
		}
		return g.Root().Get(id)
	}
	if gi.GameType != 1 {
		return gi
	}
	km, hasKM := get("KM")
	if !hasKM && gi.FF >= 1 && gi.FF <= 3 {
		if ki, ok := get("KI"); ok && gi.KomiFromKI {
			// half of KI as GameInfo reads it (as sgf check does)
			gi.KomiText = strconv.FormatFloat(gi.Komi, 'f', -1, 64)
			gi.komiNote = "KI[" + string(ki) + "]"
		}
		return gi
	}
	if !hasKM {
		return gi
	}
	ru, _ := get("RU")
	pts, ok := check.FoxKomi(km, ru)
	if !ok {
		return gi
	}
	if q&check.QuirkFoxKomi == 0 && !auto {
		gi.komiNote = "Fox writes komi in hundredths: --quirks fox reads " + pts
		return gi
	}
	gi.KomiText = pts
	gi.Komi, _ = strconv.ParseFloat(pts, 64)
	gi.komiNote = "KM[" + string(km) + "], Fox"
	if gi.Handicap == 1 && (q&check.QuirkFoxHandicap != 0 || auto) {
		gi.Handicap = 0 // Fox's HA[1]: no handicap
	}
	return gi
}

// valueKinds names the value types of package value in messages.
var valueKinds = map[string]string{
	"Real": "a real number", "Number": "a number", "Double": "1 or 2",
	"Date":   "a date (YYYY-MM-DD, partial dates and lists allowed)",
	"Result": "a result (B+R, W+2.5, 0, Void, ?)", "Size": "a board size",
	"Time": "a time in seconds", "Color": "B or W", "Point": "a point",
	"Move": "a move", "Application": "an application name[:version]",
}

// infoProblem says what is wrong with a value of the game information in
// one sentence: `KM "5 1/2": not a real number`.
func infoProblem(err error) string {
	var se *sgf.Error
	if !errors.As(err, &se) {
		return err.Error()
	}
	s := ""
	if se.Prop != "" {
		s = se.Prop + " " + strconv.Quote(se.Value) + ": "
	}
	var ve *value.Error
	if !errors.As(err, &ve) {
		if se.Cause != nil {
			return s + se.Cause.Error()
		}
		return s + se.Err.Error()
	}
	kind := valueKinds[ve.Type]
	if kind == "" {
		kind = "a " + strings.ToLower(ve.Type)
	}
	switch {
	case errors.Is(ve, value.ErrRange):
		return s + "out of range for " + kind
	case errors.Is(ve, value.ErrNonCanonical):
		return s + "not in the canonical form of " + kind
	}
	return s + "not " + kind
}
