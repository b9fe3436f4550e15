package diagram

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
)

// Theme is the look of a picture: colours as "#rrggbb" (or "none"), and
// sizes as fractions of the distance between two points, so that a theme
// fits any picture size. Encoders read it; the model does not.
type Theme struct {
	Name       string `json:"name"`
	Background string `json:"background"` // the board
	Page       string `json:"page"`       // around the board, behind the coordinates and text
	Line       string `json:"line"`       // grid lines and hexagon edges
	Hoshi      string `json:"hoshi"`
	Black      string `json:"black"`
	White      string `json:"white"`
	BlackEdge  string `json:"blackEdge"`
	WhiteEdge  string `json:"whiteEdge"`
	Coord      string `json:"coord"` // coordinates
	Text       string `json:"text"`  // captions and comments
	// MarkOnEmpty, MarkOnBlack and MarkOnWhite colour markup and numbers
	// on an empty point, a black stone and a white stone.
	MarkOnEmpty string `json:"markOnEmpty"`
	MarkOnBlack string `json:"markOnBlack"`
	MarkOnWhite string `json:"markOnWhite"`
	LastMove    string `json:"lastMove"`
	Selected    string `json:"selected"` // SL overlay
	Dim         string `json:"dim"`      // DD overlay (drawn half transparent)
	// HexBlackEdge and HexWhiteEdge colour the two players' edges of a
	// Hex board (Black: top and bottom, White: left and right).
	HexBlackEdge string `json:"hexBlackEdge"`
	HexWhiteEdge string `json:"hexWhiteEdge"`

	LineWidth  float64 `json:"lineWidth"`  // grid lines
	EdgeWidth  float64 `json:"edgeWidth"`  // the outline of the board and of stones
	MarkWidth  float64 `json:"markWidth"`  // markup strokes
	StoneSize  float64 `json:"stoneSize"`  // the diameter of a stone
	CoordSize  float64 `json:"coordSize"`  // font size of coordinates
	NumberSize float64 `json:"numberSize"` // font size of move numbers and labels
	TextSize   float64 `json:"textSize"`   // font size of captions and text
	// Grain draws a wood grain on the board (PNG only).
	Grain bool `json:"grain"`
}

// Themes are the built-in themes by name: "flat" (the default), "book"
// (black and white, for print), "dark" and "wood".
var Themes = map[string]*Theme{
	"flat": {
		Name: "flat", Background: "#e8bd6a", Page: "#ffffff", Line: "#3a2a10", Hoshi: "#3a2a10",
		Black: "#161616", White: "#fafafa", BlackEdge: "#000000", WhiteEdge: "#3a3a3a",
		Coord: "#3a2a10", Text: "#202020",
		MarkOnEmpty: "#b0171f", MarkOnBlack: "#ffffff", MarkOnWhite: "#000000",
		LastMove: "#e0302a", Selected: "#3070f0", Dim: "#ffffff",
		HexBlackEdge: "#161616", HexWhiteEdge: "#b0b0b0",
		LineWidth: 0.035, EdgeWidth: 0.06, MarkWidth: 0.08, StoneSize: 0.94,
		CoordSize: 0.42, NumberSize: 0.46, TextSize: 0.5,
	},
	"book": {
		Name: "book", Background: "#ffffff", Page: "#ffffff", Line: "#000000", Hoshi: "#000000",
		Black: "#000000", White: "#ffffff", BlackEdge: "#000000", WhiteEdge: "#000000",
		Coord: "#000000", Text: "#000000",
		MarkOnEmpty: "#000000", MarkOnBlack: "#ffffff", MarkOnWhite: "#000000",
		LastMove: "#000000", Selected: "#808080", Dim: "#ffffff",
		HexBlackEdge: "#000000", HexWhiteEdge: "#b0b0b0",
		LineWidth: 0.03, EdgeWidth: 0.05, MarkWidth: 0.07, StoneSize: 0.96,
		CoordSize: 0.42, NumberSize: 0.48, TextSize: 0.5,
	},
	"dark": {
		Name: "dark", Background: "#2b2f36", Page: "#1e2126", Line: "#8a93a3", Hoshi: "#8a93a3",
		Black: "#0b0c0e", White: "#e6e6e6", BlackEdge: "#76808f", WhiteEdge: "#ffffff",
		Coord: "#aab2c0", Text: "#d8dce4",
		MarkOnEmpty: "#ffb454", MarkOnBlack: "#ffb454", MarkOnWhite: "#c0392b",
		LastMove: "#ff6b5a", Selected: "#5aa0ff", Dim: "#1e2126",
		HexBlackEdge: "#0b0c0e", HexWhiteEdge: "#e6e6e6",
		LineWidth: 0.035, EdgeWidth: 0.06, MarkWidth: 0.08, StoneSize: 0.94,
		CoordSize: 0.42, NumberSize: 0.46, TextSize: 0.5,
	},
	"wood": {
		Name: "wood", Background: "#d9a55b", Page: "#f3e6cf", Line: "#2a1a06", Hoshi: "#2a1a06",
		Black: "#1a1a1a", White: "#f4f1ea", BlackEdge: "#000000", WhiteEdge: "#6b5a40",
		Coord: "#4a3215", Text: "#2a1a06",
		MarkOnEmpty: "#8b0000", MarkOnBlack: "#ffffff", MarkOnWhite: "#000000",
		LastMove: "#c0392b", Selected: "#2060c0", Dim: "#f3e6cf",
		HexBlackEdge: "#1a1a1a", HexWhiteEdge: "#f4f1ea",
		LineWidth: 0.035, EdgeWidth: 0.06, MarkWidth: 0.08, StoneSize: 0.95,
		CoordSize: 0.42, NumberSize: 0.46, TextSize: 0.5, Grain: true,
	},
}

// ThemeNames are the names of the built-in themes, the default first.
var ThemeNames = []string{"flat", "book", "dark", "wood"}

// DefaultTheme returns a copy of the flat theme.
func DefaultTheme() *Theme { t := *Themes["flat"]; return &t }

// ErrStyle is wrapped by the errors of ReadStyle.
var ErrStyle = errors.New("bad style file")

// ReadStyle reads a style file: a JSON object whose fields (the JSON
// names of Theme's fields, plus "theme" naming a built-in theme to start
// from) override a copy of base (the flat theme when nil). Unknown
// fields, colours that are not "#rgb", "#rrggbb" or "none", and sizes out
// of 0-4 are errors, with the byte offset of a JSON syntax error.
func ReadStyle(r io.Reader, base *Theme) (*Theme, error) {
	data, err := io.ReadAll(io.LimitReader(r, 1<<20))
	if err != nil {
		return nil, err
	}
	var start struct {
		Theme string `json:"theme"`
	}
	_ = json.Unmarshal(data, &start)
	t := DefaultTheme()
	if base != nil {
		c := *base
		t = &c
	}
	if start.Theme != "" {
		b, ok := Themes[start.Theme]
		if !ok {
			return nil, fmt.Errorf("%w: theme %q: not one of %s", ErrStyle, start.Theme, strings.Join(ThemeNames, ", "))
		}
		c := *b
		t = &c
	}
	type file struct {
		*Theme
		Base string `json:"theme"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&file{Theme: t}); err != nil {
		off := dec.InputOffset()
		var se *json.SyntaxError
		if errors.As(err, &se) {
			off = se.Offset
		}
		return nil, fmt.Errorf("%w: offset %d: %v", ErrStyle, off, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("%w: more than one JSON value", ErrStyle)
	}
	if err := t.Validate(); err != nil {
		return nil, err
	}
	return t, nil
}

// Validate checks the colours and sizes of t: its string fields but the
// name are colours, its float64 fields sizes.
func (t *Theme) Validate() error {
	v := reflect.ValueOf(t).Elem()
	for i := range v.NumField() {
		name := v.Type().Field(i).Tag.Get("json")
		switch f := v.Field(i); f.Kind() {
		case reflect.String:
			if _, ok := ParseColor(f.String()); !ok && name != "name" {
				return fmt.Errorf("%w: %s: %q is no colour (#rgb, #rrggbb or none)", ErrStyle, name, f.String())
			}
		case reflect.Float64:
			if s := f.Float(); !(s >= 0 && s <= 4) {
				return fmt.Errorf("%w: %s: %v is out of 0-4 (a fraction of the distance between points)", ErrStyle, name, s)
			}
		}
	}
	return nil
}

// RGBA is a colour of a theme.
type RGBA struct{ R, G, B, A uint8 }

// ParseColor reads "#rgb", "#rrggbb" or "none" (transparent).
func ParseColor(s string) (RGBA, bool) {
	if s == "none" {
		return RGBA{}, true
	}
	if len(s) != 4 && len(s) != 7 || s[0] != '#' {
		return RGBA{}, false
	}
	v, err := strconv.ParseUint(s[1:], 16, 32)
	if err != nil {
		return RGBA{}, false
	}
	if len(s) == 4 {
		return RGBA{uint8(v>>8) * 17, uint8(v>>4&15) * 17, uint8(v&15) * 17, 255}, true
	}
	return RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}, true
}
