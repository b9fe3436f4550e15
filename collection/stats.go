package collection

import (
	"bufio"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/syntax"
	"github.com/sgf-toolkit/sgf/value"
)

// Stats are counts over many SGF files. The zero Stats is ready to use;
// AddFile adds a file, Merge adds the counts of another Stats (so that files
// can be counted on many goroutines). BoardSizes, Charsets, FF and GM are
// read from the root of each game; Results, Players and Years from the
// game-info node of its main line (see AddFile), the root of most games.
type Stats struct {
	Files      int   `json:"files"`
	Unreadable int   `json:"unreadable"`   // files that could not be read (counted by the caller, see AddUnreadable)
	NoTree     int   `json:"no_game_tree"` // files read that hold no game tree (empty, not SGF)
	Bytes      int64 `json:"bytes"`
	Games      int   `json:"games"` // game trees
	Nodes      int   `json:"nodes"`
	Moves      int   `json:"moves"` // B and W properties, all variations
	Variations int   `json:"variations"`

	BoardSizes map[string]int `json:"board_sizes"` // "19x19"; the game's default when SZ is missing (19x19 for Go, 11x11 for Hex, "none" for other games)
	Results    map[string]int `json:"results"`     // "B+R", "W+T", "B+score", "draw", "void", "unknown", "none", "invalid"
	Players    map[string]int `json:"players"`     // PB and PW values, decoded, as written otherwise
	Years      map[string]int `json:"years"`       // the year of the first date of DT; "none", "invalid"
	Charsets   map[string]int `json:"charsets"`    // CA as written, upper case; "none"
	FF         map[string]int `json:"ff"`          // FF values; "none"
	GM         map[string]int `json:"gm"`          // GM values; "none"
	Props      map[string]int `json:"props"`       // every property by identifier (FF[4] form when it has one)
	Errors     map[string]int `json:"errors"`      // syntax diagnostics by code ("S07")
}

func inc(m *map[string]int, k string, n int) {
	if *m == nil {
		*m = map[string]int{}
	}
	(*m)[k] += n
}

// AddUnreadable counts a file that could not be read.
func (s *Stats) AddUnreadable() {
	s.Files++
	s.Unreadable++
}

// MarshalJSON writes the counts with every table an object, {} when it is
// empty (never null), so that the shape is the same for any input.
func (s Stats) MarshalJSON() ([]byte, error) {
	type plain Stats // without this method
	c := plain(s)
	for _, m := range [...]*map[string]int{&c.BoardSizes, &c.Results, &c.Players, &c.Years,
		&c.Charsets, &c.FF, &c.GM, &c.Props, &c.Errors} {
		if *m == nil {
			*m = map[string]int{}
		}
	}
	return json.Marshal(&c)
}

// AddFile parses src and adds its counts. The players, result and date
// of a game are those of the main line's game-info node, as sgf info reads
// them (sgf.Game.InfoNode): the root of most games, a node below it in a
// file that keeps them there.
func (s *Stats) AddFile(src []byte) {
	s.Files++
	s.Bytes += int64(len(src))
	// The trees as every command reads them (sgf.Collection.SyntaxFile).
	c, _ := sgf.ReadBytes(src, nil)
	f := c.SyntaxFile()
	for _, d := range f.Diagnostics {
		inc(&s.Errors, d.Code.String(), 1)
	}
	if len(f.Trees) == 0 {
		s.NoTree++
	}
	for i, t := range f.Trees {
		// Players, result and date are read from the game-info node the
		// typed view reads them from (sgf.Game.InfoNode, as sgf info),
		// player names in the game's charset, as every command reads
		// them. Without a Game for the tree (the typed view splits the
		// file otherwise), from the root, as AddTree reads them.
		var g *sgf.Game
		if len(f.Trees) == c.Len() {
			g = c.Game(i)
		}
		s.addTree(t, gameInfo(g, t))
	}
}

// AddReader reads an input game tree by game tree (sgf.Reader) and adds
// its counts, as AddFile adds those of the same bytes, in memory bounded
// by the largest game tree, not by the input (UTF-16, UTF-32 and
// ISO-2022-JP input too, decoded as it is read). The error is one of r
// (the counts of what was read before it are added all the same).
func (s *Stats) AddReader(r io.Reader) error {
	cr := &countReader{r: r}
	br := bufio.NewReaderSize(cr, 64<<10)
	s.Files++
	defer func() { s.Bytes += cr.n }()
	rd, err := sgf.NewReader(br, nil)
	if err != nil {
		return err
	}
	defer rd.Close()
	games := 0
	for {
		g, err := rd.Next()
		if g != nil {
			games++
			for _, d := range g.Collection().Diagnostics() {
				inc(&s.Errors, d.Code.String(), 1)
			}
			t := g.SyntaxTree()
			s.addTree(t, gameInfo(g, t))
		}
		var pe *syntax.ParseError
		if err == io.EOF || errors.As(err, &pe) {
			if g == nil {
				for _, d := range rd.Diagnostics() {
					inc(&s.Errors, d.Code.String(), 1)
				}
			}
			break
		}
		if err != nil {
			return err
		}
	}
	// Bytes counts the whole input, also after a fatal problem stopped
	// the reading (binary data, a limit), as AddFile does.
	if _, err := io.Copy(io.Discard, br); err != nil {
		return err
	}
	if games == 0 {
		s.NoTree++
	}
	return nil
}

// countReader counts the bytes read.
type countReader struct {
	r io.Reader
	n int64
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// AddTree adds the counts of one game tree. Without the typed view of the
// tree it reads the players, result and date from the root only (AddFile
// and AddReader read them from the main line's game-info node, as sgf info
// does, see sgf.Game.InfoNode), and its player names as their bytes read in
// UTF-8 (else ISO-8859-1; AddFile reads them in each game's charset).
func (s *Stats) AddTree(t *syntax.Tree) {
	s.addTree(t, infoSource{node: t.Root()})
}

// infoSource is where addTree reads the game information of a tree (PB,
// PW, RE, DT): the game-info node, and the decoded text of a player name
// (nil: its bytes as UTF-8, else ISO-8859-1).
type infoSource struct {
	node syntax.Node
	text func(id string) (string, bool)
}

// gameInfo returns the infoSource of the tree t of game g: its game-info
// node as the typed view finds it (Game.InfoNode), and its texts decoded
// in the game's charset (Node.Text). Without a game (g nil, or a tree
// without nodes), the root of t.
func gameInfo(g *sgf.Game, t *syntax.Tree) infoSource {
	if g == nil || g.Root().IsZero() {
		return infoSource{node: t.Root()}
	}
	in, ok := g.InfoNode()
	if !ok {
		// No game information in the main line: nothing to read, and the
		// root holds none of it either.
		in = g.Root()
	}
	return infoSource{node: in.Syntax(), text: in.Text}
}

func (s *Stats) addTree(t *syntax.Tree, info infoSource) {
	root := t.Root()
	if root.IsZero() {
		return
	}
	s.Games++
	// The root properties of the game (SZ, GM, CA, FF) and the game
	// information (PB, PW, RE, DT) of the game-info node: the first
	// value of each.
	first := rootValues(root, false)
	gi := first
	if info.node != root && !info.node.IsZero() {
		gi = rootValues(info.node, false)
	}
	// Board size.
	size := "19x19"
	if v, ok := first["SZ"]; ok {
		if c, r, err := value.ParseSize(v); c > 0 && r > 0 {
			size = strconv.Itoa(c) + "x" + strconv.Itoa(r)
		} else if err != nil {
			size = "invalid"
		}
	}
	if _, ok := first["SZ"]; !ok {
		// The default board of the game as the typed view reads GM
		// (sgf.TreeBoard: GM[ 1] is Go, GM[11] Hex on 11x11); none for
		// the other games.
		switch game, c, r := sgf.TreeBoard(t); game {
		case sgf.GameGo, sgf.GameHex:
			size = strconv.Itoa(c) + "x" + strconv.Itoa(r)
		default:
			size = "none"
		}
	}
	inc(&s.BoardSizes, size, 1)
	// Result.
	re := "none"
	if v, ok := gi["RE"]; ok {
		re = resultClass(v)
	}
	inc(&s.Results, re, 1)
	for _, id := range [2]string{"PB", "PW"} {
		if v, ok := gi[id]; ok {
			name, ok := "", false
			if info.text != nil {
				name, ok = info.text(id)
			}
			if !ok {
				name = printable(value.SimpleText(v))
			}
			inc(&s.Players, name, 1)
		}
	}
	year := "none"
	if v, ok := gi["DT"]; ok {
		year = "invalid"
		if d, err := value.ParseDate(v); err == nil && len(d) > 0 {
			year = strconv.Itoa(d[0].Year)
		} else if fixed, _, err := value.FixDate(string(v)); err == nil {
			// as sgf check corrects it (C03): the value as written,
			// its escapes removed once
			if d, err := value.ParseDate([]byte(fixed)); err == nil && len(d) > 0 {
				year = strconv.Itoa(d[0].Year)
			}
		}
	}
	inc(&s.Years, year, 1)
	for _, k := range [...]struct {
		id string
		m  *map[string]int
	}{{"CA", &s.Charsets}, {"FF", &s.FF}, {"GM", &s.GM}} {
		v := "none"
		if raw, ok := first[k.id]; ok {
			v = strings.ToUpper(printable(value.SimpleText(raw)))
		}
		inc(k.m, v, 1)
	}
	for n := range t.Nodes() {
		s.Nodes++
		if k := n.NumChildren(); k > 1 {
			s.Variations += k - 1
		}
		for p := range n.Props() {
			if len(p.ID) == 1 && (p.ID[0] == 'B' || p.ID[0] == 'W') {
				s.Moves++
				if p.ID[0] == 'B' {
					inc(&s.Props, "B", 1)
				} else {
					inc(&s.Props, "W", 1)
				}
				continue
			}
			inc(&s.Props, canonicalOr(p.ID), 1)
		}
	}
}

// resultClass sorts an RE value into a few classes.
func resultClass(raw []byte) string {
	r, err := value.ParseResult(raw)
	if err != nil {
		return "invalid"
	}
	switch r.Kind {
	case value.ResultDraw:
		return "draw"
	case value.ResultVoid:
		return "void"
	case value.ResultUnknown:
		return "unknown"
	}
	w := r.Winner.String() + "+"
	switch r.By {
	case value.ByScore:
		return w + "score"
	case value.ByResign:
		return w + "R"
	case value.ByTime:
		return w + "T"
	case value.ByForfeit:
		return w + "F"
	}
	return w
}

// printable returns b as a string, each byte that is not UTF-8 as the
// ISO-8859-1 character it is (the FF[4] default charset).
func printable(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	s, _ := charset.Decode(charset.Default, b)
	return s
}

// Merge adds the counts of o to s.
func (s *Stats) Merge(o *Stats) {
	s.Files += o.Files
	s.Unreadable += o.Unreadable
	s.NoTree += o.NoTree
	s.Bytes += o.Bytes
	s.Games += o.Games
	s.Nodes += o.Nodes
	s.Moves += o.Moves
	s.Variations += o.Variations
	for _, p := range [...]struct{ dst, src *map[string]int }{
		{&s.BoardSizes, &o.BoardSizes}, {&s.Results, &o.Results}, {&s.Players, &o.Players},
		{&s.Years, &o.Years}, {&s.Charsets, &o.Charsets}, {&s.FF, &o.FF}, {&s.GM, &o.GM},
		{&s.Props, &o.Props}, {&s.Errors, &o.Errors},
	} {
		for k, v := range *p.src {
			inc(p.dst, k, v)
		}
	}
}

// A Count is one row of a table: a value and how often it was seen.
type Count struct {
	Value string
	N     int
}

// Top returns the counts of m, most frequent first (ties by value), at most
// n of them (all when n <= 0).
func Top(m map[string]int, n int) []Count {
	out := make([]Count, 0, len(m))
	for k, v := range m {
		out = append(out, Count{k, v})
	}
	slices.SortFunc(out, func(a, b Count) int { return cmp.Or(cmp.Compare(b.N, a.N), strings.Compare(a.Value, b.Value)) })
	if n > 0 && len(out) > n {
		out = out[:n]
	}
	return out
}

// WriteTable writes the statistics as text tables for people, each list cut
// to its top entries (all when top <= 0). Years are listed in order.
func (s *Stats) WriteTable(w io.Writer, top int) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "files\t%d\t\n", s.Files)
	if s.Unreadable > 0 {
		fmt.Fprintf(tw, "unreadable\t%d\t\n", s.Unreadable)
	}
	if s.NoTree > 0 {
		fmt.Fprintf(tw, "no game tree\t%d\t\n", s.NoTree)
	}
	fmt.Fprintf(tw, "bytes\t%d\t\n", s.Bytes)
	fmt.Fprintf(tw, "games\t%d\t\n", s.Games)
	fmt.Fprintf(tw, "nodes\t%d\t\n", s.Nodes)
	fmt.Fprintf(tw, "moves\t%d\t\n", s.Moves)
	fmt.Fprintf(tw, "variations\t%d\t\n", s.Variations)
	if err := tw.Flush(); err != nil {
		return err
	}
	years := Top(s.Years, 0)
	slices.SortFunc(years, func(a, b Count) int { return strings.Compare(a.Value, b.Value) })
	sections := []struct {
		title string
		rows  []Count
	}{
		{"board sizes", Top(s.BoardSizes, top)},
		{"results", Top(s.Results, top)},
		{"players", Top(s.Players, top)},
		{"years", years},
		{"charsets (CA)", Top(s.Charsets, top)},
		{"file formats (FF)", Top(s.FF, top)},
		{"games (GM)", Top(s.GM, top)},
		{"properties", Top(s.Props, top)},
		{"syntax problems", Top(s.Errors, top)},
	}
	for _, sec := range sections {
		if len(sec.rows) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%s:\n", sec.title)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		for _, r := range sec.rows {
			fmt.Fprintf(tw, "  %d\t%s\n", r.N, r.Value)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	return nil
}
