package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/collection"
	"github.com/sgf-toolkit/sgf/diagram"
	dgif "github.com/sgf-toolkit/sgf/diagram/gif"
	dhtml "github.com/sgf-toolkit/sgf/diagram/html"
	dpng "github.com/sgf-toolkit/sgf/diagram/png"
	"github.com/sgf-toolkit/sgf/diagram/svg"
	"github.com/sgf-toolkit/sgf/diagram/text"
)

func init() {
	register(&command{
		name:    "render",
		summary: "draw positions and book figures as SVG, PNG, GIF, text or HTML",
		usage:   "render [flags] PATH...",
		doc: `Render draws games as pictures: a position (by default the last position
of the main line), every move, book figures, an animation or a printable
book. Every game of every file is drawn, files and games in parallel.

What is drawn:

    (default), --last  the position at the end of the main line
    --move N           the position after move N of the main line (0: the start)
    --node REF         the position at a node, numbered or as a path as
                       'sgf tree' prints it ("12", "10.1.5")
    --each-move        one picture for every move of the main line
    --figures N        book figures of N moves each (moves numbered on the
                       stones; a move on a point already drawn is listed
                       under the figure: "12 at 5", "15 at 9 (ko)")
    --fg               book figures starting at the FG nodes (FG's name is
                       the caption, its flags are honoured)
    --figures-at MOVES book figures starting at the given moves ("60,120":
                       moves 1-59, 60-119, 120 to the end)
    --variation-figures
                       with the figures, one figure for each variation off
                       the main line (its moves numbered, captioned
                       "Variation B at move 12"), after the figure it
                       branches from; alone, the main line is one figure

--figures, --fg and --figures-at combine: a figure starts wherever one of
them says.

Formats (--format, else the extension of -o FILE, else svg): svg; png;
gif (the main line animated, captures as they happen); txt (the board of
'sgf show'); sl (Sensei's Library $$ diagram); html (a printable book
page of the game's figures: --figures N or --fg, by default FG nodes if
the game has any, else every 50 moves).

Where pictures go: with -o FILE (or -o - for standard output) there must
be one picture in all, and FILE is written only once it is whole; with
-o DIR (an existing folder, or a name ending in /) or without -o, each
picture is a file of DIR (default: the current folder) named by
--template, as 'sgf split' names files, with {k} for the move number
(--each-move) or the figure's number, {k:03} zero-padded, and {ext} for
the format's extension. The default template is "{file}.{ext}", with
"-{tree}" when a file holds more than one game and "-{k:03}" when a game
gives more than one picture. Reading standard input (-) without -o writes
to standard output. An existing file is not overwritten without --force.

Anything a picture cannot show (markup on points off the board, a move
that is no point) is reported on standard error as skipped, and the
rest is drawn. A move that breaks the rules (Go: on a stone, a ko
retaken at once, a suicide; Hex: on a stone) is drawn as FF[4] plays it
and reported as illegal, with its number and point, once a game: "g.sgf:
game 1: illegal move 57 B[pd] (Q16): on a stone". Neither changes the
exit status (sgf check judges files).`,
		examples: `$ sgf render game.sgf                          # game.svg: the final position
$ sgf render --format png --size 600 --move 100 game.sgf -o move100.png
$ sgf render --each-move --format png game.sgf -o frames/
$ sgf render --figures 50 --format html game.sgf -o book.html
$ sgf render --figures-at 60,120 --variation-figures game.sgf -o figs/
$ sgf render --crop auto --theme book problems/ -o out/
$ sgf render --format sl --node 12 game.sgf -o -`,
		exit: `0  every picture was written
1  a file has no game, a game has no such move or node, or a file existed
   and was not overwritten (without --force)
2  usage error, a bad style file, or a file could not be read or written`,
		outputDir: true,
		shared:    flagsWalk | flagOutput | flagCharset,
		paths:     true,
		setup:     setupRender,
	})
}

// renderFormat is an output format of render.
type renderFormat struct {
	ext string
	// position draws one diagram (nil for formats made from a whole game).
	position func(d *diagram.Diagram, o *renderOptions) []byte
	// game draws a whole game (gif, html); nil for position formats.
	game func(g *sgf.Game, o *renderOptions) ([]byte, []string, error)
}

// renderFormats are the formats by name.
var renderFormats = map[string]*renderFormat{
	"svg": {ext: "svg", position: func(d *diagram.Diagram, o *renderOptions) []byte {
		return svg.Append(nil, d, &svg.Options{Theme: o.theme, Width: o.size})
	}},
	"txt": {ext: "txt", position: func(d *diagram.Diagram, o *renderOptions) []byte {
		return text.Append(nil, d, nil)
	}},
	"sl": {ext: "txt", position: func(d *diagram.Diagram, o *renderOptions) []byte {
		return text.AppendSL(nil, d)
	}},
	"png": {ext: "png", position: func(d *diagram.Diagram, o *renderOptions) []byte {
		var b bytes.Buffer
		dpng.Encode(&b, d, &dpng.Options{Theme: o.theme, Width: o.size})
		return b.Bytes()
	}},
	"gif": {ext: "gif", game: func(g *sgf.Game, o *renderOptions) ([]byte, []string, error) {
		frames, err := dgif.Frames(g, &o.diagram)
		if err != nil {
			return nil, nil, err
		}
		var b bytes.Buffer
		err = dgif.Encode(&b, frames, &dgif.Options{Theme: o.theme, Width: o.size, Delay: o.delay})
		return b.Bytes(), skippedOf(frames...), err
	}},
	"html": {ext: "html", game: func(g *sgf.Game, o *renderOptions) ([]byte, []string, error) {
		fo := o.figures
		if !o.figureCuts {
			vars := fo != nil && fo.Variations
			fo = &diagram.FigureOptions{Options: o.diagram, FG: true, Variations: vars}
			hasFG := false
			for n := range g.MainLine() {
				hasFG = hasFG || n.Has("FG")
			}
			if !hasFG {
				fo.Every = 50
			}
		}
		figs, err := diagram.Figures(g, fo)
		if err != nil {
			return nil, nil, err
		}
		t := o.theme
		if !o.themeSet {
			t = nil // the book theme
		}
		return dhtml.Append(nil, figs, &dhtml.Options{Theme: t, Width: o.size}), skippedOf(figs...), nil
	}},
}

// skippedOf returns what the diagrams left out and the illegal moves
// they drew, as render says them: "skipped TR[zz]: ...", "illegal move 3
// W[bb] (B4): ...".
func skippedOf(ds ...*diagram.Diagram) []string {
	var out []string
	for _, d := range ds {
		for _, s := range d.Skipped {
			out = append(out, "skipped "+s)
		}
		for _, s := range d.Illegal {
			out = append(out, "illegal "+s)
		}
	}
	return out
}

// renderFormatNames are the names of the formats, in the order of help.
var renderFormatNames = []string{"svg", "png", "gif", "txt", "sl", "html"}

// renderOptions are render's choices, fixed once flags are read.
type renderOptions struct {
	format   *renderFormat
	theme    *diagram.Theme
	themeSet bool // --theme or --style given
	size     int
	diagram  diagram.Options
	figures  *diagram.FigureOptions // --figures, --fg, --figures-at, --variation-figures
	// figureCuts: --figures, --fg or --figures-at say where figures start
	// (html cuts by FG or every 50 moves otherwise).
	figureCuts bool
	delay      int // gif: milliseconds a frame
}

// picture is one picture of a game.
type picture struct {
	k       int // move number or figure number; 0 when the game gives one picture
	data    []byte
	skipped []string // what render says of it: skippedOf
	name    string   // the template's name for it (before uniqueName)
}

// renderBatch is how many games a worker of render draws at a time when
// each gives one picture.
const renderBatch = 16

// renderResult is what render makes of one game.
type renderResult struct {
	pics []picture
	err  error // the game has no such move or node (exit 1)
}

func setupRender(flags *flag.FlagSet, common *commonFlags) func(*env, []string) int {
	format := flags.String("format", "", "draw as `FORMAT`: svg, png, gif, txt, sl or html (default: the\nextension of -o FILE, else svg)")
	last := flags.Bool("last", false, "the position at the end of the main line (the default)")
	move := flags.Int("move", -1, "the position after move `N` of the main line (0: the start)")
	node := flags.String("node", "", "the position at the node `REF` ('sgf tree' numbers or paths)")
	each := flags.Bool("each-move", false, "a picture for every move of the main line")
	figures := flags.Int("figures", 0, "book figures of `N` moves each")
	fg := flags.Bool("fg", false, "book figures from the FG nodes")
	figuresAt := flags.String("figures-at", "", "book figures starting at the moves `MOVES` (such as 60,120)")
	varFigures := flags.Bool("variation-figures", false, "a figure for each variation off the main line")
	crop := flags.String("crop", "view", "the part of the board: `view` (VW as the file says), whole, auto\n(shrink to the stones and marks), or a rectangle of two points\nsuch as aa:jj (Hex: a1:f6)")
	coords := flags.String("coords", "auto", "coordinates: `STYLE` auto, go (A-T without I), sgf (the file's\nletters), numbers or none")
	sides := flags.String("sides", "", "the sides with coordinates, letters of `tblr` (top, bottom, left,\nright; default all four, Hex: tl)")
	themeName := flags.String("theme", "flat", "`THEME`: flat, book (black and white, for print), dark or wood")
	style := flags.String("style", "", "a JSON style `FILE` overriding the theme's colours and sizes\n(see 'sgf help render')")
	size := flags.Int("size", 0, "the width of a picture in pixels (default: 32 a point)")
	numbers := flags.Int("numbers", 0, "number the stones of the last `N` moves (-1: all)")
	variations := flags.Bool("variations", false, "mark the next moves of the variations with letters")
	game := flags.Int("game", 0, "draw only game `N` of each file (default: all)")
	tmplText := flags.String("template", "", "name the pictures by `TEMPLATE` (see above)")
	force := flags.Bool("force", false, "overwrite existing files")
	delay := flags.Int("delay", 500, "gif: `MS` milliseconds a frame")
	return func(e *env, args []string) int {
		out := common.output
		toDir := out != "" && out != "-" && isOutputDir(out)
		toOne := out != "" && !toDir
		if out == "" && len(args) == 1 && isStdin(args[0]) {
			toOne = true
		}
		name := *format
		if name == "" {
			name = "svg"
			if toOne && out != "-" && out != "" {
				if ext := strings.TrimPrefix(strings.ToLower(filepath.Ext(out)), "."); renderFormats[ext] != nil {
					name = ext
				}
			}
		}
		f := renderFormats[name]
		if f == nil {
			return e.usageError("--format %s: not one of %s", name, strings.Join(renderFormatNames, ", "))
		}
		o := &renderOptions{format: f, size: *size, delay: *delay}
		at, err := parseMoveList(*figuresAt)
		if err != nil {
			return e.usageError("--figures-at %s: %v", *figuresAt, err)
		}
		figureMode := *figures != 0 || *fg || at != nil || *varFigures
		switch {
		case countTrue(*last, *move >= 0, *node != "", *each, figureMode) > 1:
			return e.usageError("--last, --move, --node, --each-move and the figures (--figures, --fg, --figures-at, --variation-figures) do not go together: give one")
		case *move < -1:
			return e.usageError("--move %d: moves are numbered from 1 (0 for the start)", *move)
		case *figures < 0:
			return e.usageError("--figures %d: the number of moves in a figure must be at least 1", *figures)
		case *size < 0 || *size > 20000:
			return e.usageError("--size %d: out of 0-20000 pixels", *size)
		case *game < 0:
			return e.usageError("--game %d: games are numbered from 1", *game)
		case *delay < 0 || *delay > 60000:
			return e.usageError("--delay %d: out of 0-60000 milliseconds", *delay)
		case f.game != nil && (*move >= 0 || *node != "" || *each):
			return e.usageError("--format %s draws a whole game: --move, --node and --each-move are for pictures of positions", name)
		}
		var ref sgf.NodeRef
		if *node != "" {
			r, err := sgf.ParseNodeRef(*node)
			if err != nil {
				return e.usageError("--node %s: not a node number or path (such as 0, 12 or 10.1.5)", *node)
			}
			ref = r
		}
		t, ok := diagram.Themes[*themeName]
		if !ok {
			return e.usageError("--theme %s: not one of %s", *themeName, strings.Join(diagram.ThemeNames, ", "))
		}
		o.theme = t
		flags.Visit(func(f *flag.Flag) { o.themeSet = o.themeSet || f.Name == "theme" || f.Name == "style" })
		if *style != "" {
			data, err := os.ReadFile(*style)
			if err != nil {
				e.failed = true // -o FILE stays as it was
				return e.failf("--style %s: %s", *style, describeError(err))
			}
			t, err := diagram.ReadStyle(bytes.NewReader(data), t)
			if err != nil {
				e.failed = true
				return e.failf("--style %s: %v", *style, err)
			}
			o.theme = t
		}
		c, ok := diagram.ParseCoords(*coords)
		if !ok {
			return e.usageError("--coords %s: not one of auto, go, sgf, numbers, none", *coords)
		}
		o.diagram.Coords = c
		for _, r := range *sides {
			i := strings.IndexRune("tblr", r)
			if i < 0 {
				return e.usageError("--sides %s: letters of tblr (top, bottom, left, right)", *sides)
			}
			o.diagram.Sides |= diagram.Sides(1 << i)
		}
		var rectText string
		switch *crop {
		case "view":
		case "whole":
			o.diagram.Region = diagram.RegionWhole
		case "auto":
			o.diagram.Region = diagram.RegionAuto
		default:
			rectText = *crop
			o.diagram.Region = diagram.RegionRect
			if _, err := diagram.ParseRect(rectText, diagram.Go); err != nil {
				if _, err2 := diagram.ParseRect(rectText, diagram.Hex); err2 != nil {
					return e.usageError("--crop %s: not view, whole, auto or a rectangle such as aa:jj", *crop)
				}
			}
		}
		o.diagram.Numbers, o.diagram.Variations = *numbers, *variations
		if figureMode {
			o.figures = &diagram.FigureOptions{Options: o.diagram, Every: *figures, FG: *fg, At: at, Variations: *varFigures}
		}
		o.figureCuts = *figures > 0 || *fg || at != nil
		tmpl, err := renderTemplate(*tmplText)
		if err != nil {
			return e.usageError("--template: %v", err)
		}
		dir := "."
		if toDir {
			dir = out
		}
		if !toOne {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return e.failf("-o %s: %s", dir, describeError(err))
			}
		}
		multi := *each || figureMode && f.game == nil
		draw := func(g *sgf.Game) renderResult {
			opts := *o
			if rectText != "" {
				kind := diagram.Go
				if g.Info().GameType == sgf.GameHex {
					kind = diagram.Hex
				}
				r, err := diagram.ParseRect(rectText, kind)
				if err != nil {
					return renderResult{err: err}
				}
				opts.diagram.Rect = r
				if opts.figures != nil {
					opts.figures.Options.Rect = r
				}
			}
			return renderGame(g, &opts, *move, *node, ref, *each)
		}
		written := 0
		seen := map[string]bool{}
		made := map[string]bool{} // folders made
		var one []byte
		ones := 0
		eachSource(e, common, args, func(in input) (*sgf.Collection, error) {
			c, _ := sgf.Read(bytes.NewReader(in.src), common.readOptions())
			if c == nil {
				return nil, errors.New("not readable as SGF")
			}
			return c, nil
		}, func(in input, c *sgf.Collection) {
			if c.Len() == 0 {
				e.problemf("%s: %s", in.name, noTreeReason(c.File()))
				return
			}
			games := c.Games()
			first := 0
			if *game > 0 {
				if *game > len(games) {
					e.problemf("%s: no game %d (the file has %s)", in.name, *game, plural(len(games), "game"))
					return
				}
				first, games = *game-1, games[*game-1:*game]
			}
			file := in.name
			if isStdin(file) {
				file = "stdin"
			}
			// Games are drawn in batches (one picture a game is 0.1-0.2 ms
			// of work: handing each to a worker cost as much again in
			// goroutine switches), and what does not depend on the order
			// (the template's name) is made by the workers; the files are
			// written here, in order.
			batch := 1
			if o.format.position != nil && !multi {
				batch = renderBatch
			}
			many := len(c.Games()) > 1
			drawOne := func(i int) (r renderResult) {
				defer catch(&r.err)
				r = draw(games[i])
				if r.err == nil && !toOne {
					gi := first + i
					cg := collectionGame(games[i], gi)
					for k := range r.pics {
						r.pics[k].name = tmpl.name(cg, gi+1, file, r.pics[k].k, o.format.ext, many, multi)
					}
				}
				return r
			}
			emit := func(i int, r renderResult) {
				gi := first + i
				if r.err != nil {
					e.problemf("%s: game %d: %v", in.name, gi+1, r.err)
					return
				}
				said := map[string]bool{} // each once a game
				for _, p := range r.pics {
					for _, s := range p.skipped {
						if !common.quiet && !said[s] {
							said[s] = true
							e.errorf("%s: game %d: %s", in.name, gi+1, s)
						}
					}
					if toOne {
						ones++
						one = p.data
						continue
					}
					name := uniqueName(seen, filepath.FromSlash(p.name))
					path := filepath.Join(dir, name)
					err := writePicture(path, p.data, *force, made)
					switch {
					case errors.Is(err, fs.ErrExist):
						e.problemf("%s: exists, not overwritten (--force overwrites)", path)
					case err != nil:
						e.failf("%s: %s", path, describeError(err))
					default:
						written++
					}
				}
			}
			forEachOrdered((len(games)+batch-1)/batch, common.workers(), func(b int) []renderResult {
				rs := make([]renderResult, 0, batch)
				for i := b * batch; i < min(len(games), (b+1)*batch); i++ {
					rs = append(rs, drawOne(i))
				}
				return rs
			}, func(b int, rs []renderResult) {
				for k, r := range rs {
					emit(b*batch+k, r)
				}
			})
		})
		if toOne {
			switch {
			case ones == 0:
				e.failed = true // no picture: -o FILE is not written
				if !e.problems && e.failures == 0 {
					e.problemf("no picture drawn")
				}
			case ones > 1:
				return e.usageError("%d pictures drawn: -o names one file (or -), give a folder (-o DIR/) for more", ones)
			default:
				e.stdout.Write(one)
			}
			return exitOK
		}
		if !common.quiet {
			e.errorf("wrote %s to %s", plural(written, "picture"), dir)
		}
		return exitOK
	}
}

// parseMoveList reads a list of move numbers such as "60,120" ("" for
// none).
func parseMoveList(s string) ([]int, error) {
	if s == "" {
		return nil, nil
	}
	var at []int
	for _, f := range strings.Split(s, ",") {
		k, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || k < 1 {
			return nil, fmt.Errorf("%q is not a move number (1 or more); write them as 60,120", f)
		}
		at = append(at, k)
	}
	return at, nil
}

// renderGame draws the pictures of one game.
func renderGame(g *sgf.Game, o *renderOptions, move int, node string, ref sgf.NodeRef, each bool) renderResult {
	if g.Root().IsZero() {
		return renderResult{err: errors.New("no node")}
	}
	if o.format.game != nil {
		data, skipped, err := o.format.game(g, o)
		if err != nil {
			return renderResult{err: err}
		}
		return renderResult{pics: []picture{{data: data, skipped: skipped}}}
	}
	var res renderResult
	if o.figures != nil {
		figs, err := diagram.Figures(g, o.figures)
		if err != nil {
			return renderResult{err: err}
		}
		for k, d := range figs {
			res.pics = append(res.pics, picture{k: k + 1, data: o.format.position(d, o), skipped: skippedOf(d)})
		}
		return res
	}
	cur := g.NewCursor()
	add := func(k int) error {
		d, err := diagram.New(cur.Position(), &o.diagram)
		if err != nil {
			return err
		}
		res.pics = append(res.pics, picture{k: k, data: o.format.position(d, o), skipped: skippedOf(d)})
		return nil
	}
	var err error
	if each {
		for cur.Next() {
			if _, ok := cur.Node().Move(); !ok {
				continue
			}
			if err = add(cur.MoveNumber()); err != nil {
				break
			}
		}
	} else if err = gotoPosition(g, cur, move, node, ref); err == nil {
		err = add(0)
	}
	if err != nil {
		return renderResult{err: err}
	}
	return res
}

// collectionGame gives the root values of g for a name template.
func collectionGame(g *sgf.Game, i int) *collection.Game {
	cg := &collection.Game{Tree: i, Root: map[string][]byte{}}
	for id, vals := range g.Root().Props() {
		if len(vals) > 0 {
			if _, ok := cg.Root[id]; !ok {
				cg.Root[id] = vals[0]
			}
		}
	}
	return cg
}

// renderTmpl is render's --template: split's template with {k}, {k:0W}
// and {ext}.
type renderTmpl struct {
	text  string
	parts []renderPart
}

type renderPart struct {
	tmpl  *collection.Template // nil for {k} and {ext}
	field string               // "k" or "ext"
	width int
}

// renderTemplate parses a template ("" for the default).
func renderTemplate(s string) (*renderTmpl, error) {
	t := &renderTmpl{text: s}
	if s == "" {
		return t, nil
	}
	rest := s
	for rest != "" {
		i := strings.Index(rest, "{k")
		j := strings.Index(rest, "{ext}")
		cut, field, width, n := -1, "", 0, 0
		switch {
		case i >= 0 && (j < 0 || i < j):
			end := strings.IndexByte(rest[i:], '}')
			if end < 0 {
				return nil, errors.New("\"{\" without \"}\"")
			}
			spec := rest[i+2 : i+end]
			if spec != "" {
				w, err := strconv.Atoi(strings.TrimPrefix(spec, ":"))
				if !strings.HasPrefix(spec, ":") || err != nil || w < 0 || w > 20 {
					return nil, fmt.Errorf("{k%s}: write {k} or {k:03}", spec)
				}
				width = w
			}
			cut, field, n = i, "k", end+1
		case j >= 0:
			cut, field, n = j, "ext", len("{ext}")
		}
		lit := rest
		if cut >= 0 {
			lit = rest[:cut]
		}
		if lit != "" {
			tp, err := collection.ParseTemplate(lit)
			if err != nil {
				return nil, errors.Unwrap(err)
			}
			t.parts = append(t.parts, renderPart{tmpl: tp})
		}
		if cut < 0 {
			break
		}
		t.parts = append(t.parts, renderPart{field: field, width: width})
		rest = rest[cut+n:]
	}
	return t, nil
}

// name returns the file name of picture k of game g (the n-th of the run).
func (t *renderTmpl) name(g *collection.Game, n int, file string, k int, ext string, manyGames, manyPics bool) string {
	if t.text == "" {
		def := "{file}"
		if manyGames {
			def += "-{tree}"
		}
		if manyPics {
			def += "-{k:03}"
		}
		u, _ := renderTemplate(def + ".{ext}")
		t = u
	}
	var b strings.Builder
	for _, p := range t.parts {
		switch {
		case p.tmpl != nil:
			b.WriteString(p.tmpl.Name(g, n, file))
		case p.field == "ext":
			b.WriteString(ext)
		default:
			fmt.Fprintf(&b, "%0*d", p.width, k)
		}
	}
	return b.String()
}

// tempSeq numbers the temporary files of writePicture (one goroutine
// writes them).
var tempSeq uint64

// pid is the process id, in the names of temporary files.
var pid = strconv.Itoa(os.Getpid())

// writePicture writes a new file (its folder made as needed) by way of a
// temporary file in the same folder renamed over it, so that no
// half-written picture is ever seen under its name, even when render is
// killed; an existing file is an error wrapping fs.ErrExist unless force.
// Pictures are not synced to disk one by one (thousands of them would
// cost seconds of fsync): they can be made again.
func writePicture(path string, data []byte, force bool, made map[string]bool) error {
	dir := filepath.Dir(path)
	if !made[dir] {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		made[dir] = true
	}
	if !force {
		if _, err := os.Lstat(path); err == nil {
			return fs.ErrExist
		}
	}
	var name string
	var err error
	for try := 0; ; try++ {
		tempSeq++
		name = filepath.Join(dir, ".sgf-render-"+pid+"-"+strconv.FormatUint(tempSeq, 36))
		err = writeNewFile(name, data)
		if err == nil || !errors.Is(err, fs.ErrExist) || try > 100 {
			break
		}
	}
	if errors.Is(err, fs.ErrExist) {
		return err // a hundred temporary names taken: not the picture's
	}
	if err == nil {
		err = renameFile(name, path)
	}
	if err != nil {
		os.Remove(name)
		return &writeError{err}
	}
	return nil
}
