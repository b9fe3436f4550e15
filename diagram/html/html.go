// Package html writes a printable book page of a game's figures (package
// diagram): one self-contained HTML file, the figures as inline SVG
// (diagram/svg), a header of game information, each figure's caption and
// listed moves under it and the comments of its moves beneath, with print
// CSS for A4 or Letter paper in two columns.
package html

import (
	"html"
	"io"
	"strconv"
	"strings"

	"github.com/sgf-toolkit/sgf/diagram"
	"github.com/sgf-toolkit/sgf/diagram/svg"
)

// Options are the choices of Encode.
type Options struct {
	Theme *diagram.Theme // default: book
	// Width is the width of a figure in pixels on screen (0: 360).
	Width int
	// Paper is "A4" (the default) or "Letter".
	Paper string
	// Title is the page's title (default: from the game information).
	Title string
}

// Encode writes the book page of figs (all from one game) to w.
func Encode(w io.Writer, figs []*diagram.Diagram, opts *Options) error {
	_, err := w.Write(Append(nil, figs, opts))
	return err
}

// Append appends the book page of figs to dst.
func Append(dst []byte, figs []*diagram.Diagram, opts *Options) []byte {
	if opts == nil {
		opts = &Options{}
	}
	t := opts.Theme
	if t == nil {
		t = diagram.Themes["book"]
	}
	width := opts.Width
	if width <= 0 {
		width = 360
	}
	paper := "A4"
	if strings.EqualFold(opts.Paper, "letter") {
		paper = "letter"
	}
	var info []diagram.Field
	if len(figs) > 0 {
		info = figs[0].Text.Info
	}
	title := opts.Title
	if title == "" {
		var black, white, name string
		for _, f := range info {
			switch f.Name {
			case "Black":
				black = f.Value
			case "White":
				white = f.Value
			case "Game":
				name = f.Value
			}
		}
		switch {
		case name != "":
			title = name
		case black != "" || white != "":
			title = orUnknown(black) + " (Black) – " + orUnknown(white) + " (White)"
		default:
			title = "Game record"
		}
	}
	b := dst
	s := func(x string) { b = append(b, x...) }
	e := func(x string) { b = append(b, html.EscapeString(x)...) }
	s("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
	e(title)
	s("</title>\n<style>\n")
	s("@page { size: " + paper + "; margin: 14mm 12mm; }\n")
	s(`body { font-family: "Go", "DejaVu Serif", Georgia, serif; color: #111; margin: 2em auto; max-width: 60em; }
h1 { font-size: 1.5em; margin: 0 0 .3em; }
table.info { border-collapse: collapse; margin-bottom: 1.2em; font-size: .95em; }
table.info th { text-align: left; padding: .1em 1em .1em 0; font-weight: normal; color: #555; }
table.info td { padding: .1em 0; }
.figures { column-count: 2; column-gap: 2.2em; }
figure { break-inside: avoid; page-break-inside: avoid; margin: 0 0 1.4em; display: inline-block; width: 100%; }
figure svg { width: 100%; height: auto; display: block; }
figcaption { text-align: center; margin-top: .3em; }
figcaption .caption { font-weight: bold; }
figcaption .listed { display: block; font-size: .9em; }
.notes { font-size: .9em; margin: .4em 0 0; padding: 0; list-style: none; }
.notes li { margin: .2em 0; white-space: pre-line; }
.notes .move { font-weight: bold; }
@media print { body { margin: 0; max-width: none; font-size: 10pt; } }
`)
	s("</style>\n</head>\n<body>\n<h1>")
	e(title)
	s("</h1>\n")
	if len(info) > 0 {
		s("<table class=\"info\">\n")
		for _, f := range info {
			s("<tr><th>")
			e(f.Name)
			s("</th><td>")
			e(f.Value)
			s("</td></tr>\n")
		}
		s("</table>\n")
	}
	s("<div class=\"figures\">\n")
	for i, d := range figs {
		s("<figure id=\"figure-" + strconv.Itoa(i+1) + "\">\n")
		b = svg.Append(b, d, &svg.Options{Theme: t, Width: width, NoText: true})
		s("<figcaption>")
		caption := d.Caption
		if caption == "" {
			caption = "Figure " + strconv.Itoa(i+1)
		}
		s("<span class=\"caption\">")
		e(caption)
		s("</span>")
		if len(d.Listed) > 0 {
			s("<span class=\"listed\">")
			e(strings.Join(d.Listed, ", "))
			s("</span>")
		}
		s("</figcaption>\n")
		if len(d.Notes) > 0 {
			s("<ul class=\"notes\">\n")
			for _, n := range d.Notes {
				s("<li>")
				if n.Move > 0 {
					s("<span class=\"move\">" + strconv.Itoa(n.Move) + ":</span> ")
				}
				e(n.Text)
				s("</li>\n")
			}
			s("</ul>\n")
		}
		s("</figure>\n")
	}
	s("</div>\n</body>\n</html>\n")
	return b
}

func orUnknown(s string) string {
	if s == "" {
		return "?"
	}
	return s
}
