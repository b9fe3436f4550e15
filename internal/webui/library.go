package webui

import (
	"cmp"
	"fmt"
	"io/fs"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/formats"
)

// A row is one game of the library.
type row struct {
	File   string `json:"file"`  // the file's id (see fileID)
	Name   string `json:"name"`  // the file's path as shown: root, then path inside it
	Game   int    `json:"game"`  // from 1
	Games  int    `json:"games"` // games in the file
	PB     string `json:"pb"`    // players and ranks
	BR     string `json:"br"`    //
	PW     string `json:"pw"`    //
	WR     string `json:"wr"`    //
	DT     string `json:"dt"`    // date as written
	EV     string `json:"ev"`    // event
	RE     string `json:"re"`    // result as written
	GN     string `json:"gn"`    // game name
	Moves  int    `json:"moves"` // moves of the main line
	Size   string `json:"size"`  // "19x19"
	GM     int    `json:"gm"`    // game type
	Error  string `json:"error"` // why the file could not be read
	search string // lowercased text of every column, for the filter
}

// fields are the columns of the library by their keys: the sort keys the
// library accepts, and the columns of "col:word" filters.
var fields = map[string]func(r *row) string{
	"file":  func(r *row) string { return r.Name },
	"pb":    func(r *row) string { return r.PB },
	"br":    func(r *row) string { return r.BR },
	"pw":    func(r *row) string { return r.PW },
	"wr":    func(r *row) string { return r.WR },
	"dt":    func(r *row) string { return r.DT },
	"ev":    func(r *row) string { return r.EV },
	"re":    func(r *row) string { return r.RE },
	"gn":    func(r *row) string { return r.GN },
	"moves": func(r *row) string { return strconv.Itoa(r.Moves) },
	"size":  func(r *row) string { return r.Size },
}

// compareBy returns the order of the rows by the column col: as text, but
// the files then by game, and the moves as numbers; nil for no column.
func compareBy(col string) func(a, b *row) int {
	field := fields[col]
	switch {
	case field == nil:
		return nil
	case col == "file":
		return func(a, b *row) int { return cmp.Or(strings.Compare(a.Name, b.Name), cmp.Compare(a.Game, b.Game)) }
	case col == "moves":
		return func(a, b *row) int { return cmp.Compare(a.Moves, b.Moves) }
	}
	return func(a, b *row) int { return strings.Compare(field(a), field(b)) }
}

// library lists the games of the roots, built in the background.
type library struct {
	s    *Server
	once sync.Once

	mu      sync.Mutex
	rows    []*row
	files   int  // files found
	scanned int  // files read
	listed  bool // all files found
	done    bool // all files read
	capped  bool // MaxLibraryFiles reached
}

func (l *library) start() { l.once.Do(func() { go l.build() }) }

type libFile struct {
	root int
	rel  string
}

func (l *library) build() {
	var files []libFile
	for i, rt := range l.s.roots {
		if rt.file != "" {
			files = append(files, libFile{i, rt.file})
			continue
		}
		fs.WalkDir(rt.r.FS(), ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil // an unreadable folder is skipped
			}
			if d.IsDir() {
				if p != "." && strings.HasPrefix(d.Name(), ".") {
					return fs.SkipDir
				}
				return nil
			}
			if formats.ByExtension(p) == formats.Unknown {
				return nil // not one of the formats listed: SGF, GIB, NGF, UGF, UGI
			}
			if len(files) >= l.s.opts.MaxLibraryFiles {
				l.mu.Lock()
				l.capped = true
				l.mu.Unlock()
				return fs.SkipAll
			}
			files = append(files, libFile{i, p})
			if len(files)%512 == 0 {
				l.mu.Lock()
				l.files = len(files)
				l.mu.Unlock()
			}
			return nil
		})
	}
	l.mu.Lock()
	l.files, l.listed = len(files), true
	l.mu.Unlock()
	for _, f := range files {
		rows := l.s.readRows(f)
		l.mu.Lock()
		l.rows = append(l.rows, rows...)
		l.scanned++
		l.mu.Unlock()
	}
	l.mu.Lock()
	l.done = true
	l.mu.Unlock()
}

// refresh reads the rows of a saved document again, if the library
// lists it.
func (l *library) refresh(d *document) {
	rows := l.s.readRows(libFile{slices.Index(l.s.roots, d.rt), d.rel})
	l.mu.Lock()
	defer l.mu.Unlock()
	i := slices.IndexFunc(l.rows, func(r *row) bool { return r.File == d.id })
	if i < 0 {
		return
	}
	j := i
	for j < len(l.rows) && l.rows[j].File == d.id {
		j++
	}
	l.rows = slices.Replace(l.rows, i, j, rows...)
}

// displayName is how a file is named in the library and on its game page:
// the root as given, then the path inside it ("/" and "x" make "/x").
func (s *Server) displayName(root int, rel string) string {
	rt := s.roots[root]
	if rt.file != "" {
		return rt.given
	}
	return path.Join(strings.ReplaceAll(rt.given, "\\", "/"), rel)
}

// readRows reads one file into rows, one a game (or one that says why it
// could not be read).
func (s *Server) readRows(f libFile) []*row {
	id := fileID(f.root, f.rel)
	name := s.displayName(f.root, f.rel)
	data, err := s.readFile(s.roots[f.root], f.rel)
	var coll *sgf.Collection
	if err == nil {
		coll, _, err = readCollection(f.rel, data)
	}
	if coll == nil || coll.Len() == 0 {
		msg := "no game in the file"
		if err != nil {
			msg = err.Error()
		}
		r := &row{File: id, Name: name, Game: 1, Error: msg}
		r.search = strings.ToLower(name + " " + msg)
		return []*row{r}
	}
	rows := make([]*row, 0, coll.Len())
	for i, g := range coll.Games() {
		info := g.Info()
		r := &row{File: id, Name: name, Game: i + 1, Games: coll.Len(),
			PB: info.PlayerBlack, BR: info.RankBlack, PW: info.PlayerWhite, WR: info.RankWhite,
			DT: info.DateText, EV: info.Event, RE: info.ResultText, GN: info.GameName, GM: info.GameType}
		cols, rws := g.Size()
		r.Size = fmt.Sprintf("%dx%d", cols, rws)
		for n := range g.MainLine() {
			if n.Has("B") || n.Has("W") {
				r.Moves++
			}
		}
		r.search = strings.ToLower(strings.Join([]string{name, r.PB, r.BR, r.PW, r.WR, r.DT, r.EV, r.RE, r.GN, r.Size}, "\x00"))
		rows = append(rows, r)
	}
	return rows
}

type libraryPage struct {
	Total   int    `json:"total"`   // rows that pass the filter
	Rows    []*row `json:"rows"`    // the page asked for
	Files   int    `json:"files"`   // files found so far
	Scanned int    `json:"scanned"` // files read so far
	Done    bool   `json:"done"`    // the library is complete
	Capped  bool   `json:"capped"`  // more files than MaxLibraryFiles
	Games   int    `json:"games"`   // games read so far
}

// serveLibrary answers a page of the library: rows filtered by q (words
// that each must appear; "col:word" restricts a word to a column), sorted
// by sort (a column) and desc, from offset, at most limit (default 100, at
// most 1000).
func (s *Server) serveLibrary(w http.ResponseWriter, r *http.Request) {
	s.lib.start()
	q := r.URL.Query()
	offset, _ := strconv.Atoi(q.Get("offset"))
	limit, err := strconv.Atoi(q.Get("limit"))
	if err != nil || limit <= 0 {
		limit = 100
	}
	limit = min(limit, 1000)
	offset = max(offset, 0)
	l := s.lib
	l.mu.Lock()
	all := l.rows[:len(l.rows):len(l.rows)]
	page := libraryPage{Files: l.files, Scanned: l.scanned, Done: l.done, Capped: l.capped, Games: len(all)}
	l.mu.Unlock()

	rows := filterRows(all, q.Get("q"))
	if by := compareBy(q.Get("sort")); by != nil {
		desc := q.Get("desc") == "1"
		rows = slices.Clone(rows)
		slices.SortStableFunc(rows, func(a, b *row) int {
			if desc {
				return by(b, a)
			}
			return by(a, b)
		})
	}
	page.Total = len(rows)
	if offset < len(rows) {
		page.Rows = rows[offset:min(offset+limit, len(rows))]
	}
	if page.Rows == nil {
		page.Rows = []*row{}
	}
	writeJSON(w, page)
}

func filterRows(all []*row, q string) []*row {
	words := strings.Fields(strings.ToLower(q))
	if len(words) == 0 {
		return all
	}
	var out []*row
next:
	for _, r := range all {
		for _, w := range words {
			if col, word, ok := strings.Cut(w, ":"); ok {
				if field := fields[col]; field != nil {
					if !strings.Contains(strings.ToLower(field(r)), word) {
						continue next
					}
					continue
				}
			}
			if !strings.Contains(r.search, w) {
				continue next
			}
		}
		out = append(out, r)
	}
	return out
}
