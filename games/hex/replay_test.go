package hex

import (
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf/internal/sgftest"
)

// prop is one property of an SGF node, read by the tiny tokenizer below
// (tests only: this package knows nothing of SGF).
type prop struct {
	id     string
	values []string
}

// event is '(' , ')' or a node.
type event struct {
	kind  byte // '(' ')' ';'
	props []prop
}

// tokenize splits SGF text into tree events. It is tolerant and never
// fails: good enough for the HexGui/Benzene files.
func tokenize(data []byte) []event {
	var evs []event
	var cur *event
	id := ""
	for i := 0; i < len(data); i++ {
		ch := data[i]
		switch {
		case ch == '(' || ch == ')':
			evs = append(evs, event{kind: ch})
			cur = nil
		case ch == ';':
			evs = append(evs, event{kind: ';'})
			cur = &evs[len(evs)-1]
			id = ""
		case ch >= 'A' && ch <= 'Z':
			if i > 0 && data[i-1] >= 'A' && data[i-1] <= 'Z' {
				id += string(ch)
			} else {
				id = string(ch)
			}
		case ch == '[':
			j := i + 1
			var sb strings.Builder
			for ; j < len(data) && data[j] != ']'; j++ {
				if data[j] == '\\' && j+1 < len(data) {
					j++
				}
				sb.WriteByte(data[j])
			}
			if cur != nil {
				if n := len(cur.props); n > 0 && cur.props[n-1].id == id {
					cur.props[n-1].values = append(cur.props[n-1].values, sb.String())
				} else {
					cur.props = append(cur.props, prop{id, []string{sb.String()}})
				}
			}
			i = j
		}
	}
	return evs
}

type replayStats struct {
	moves, occupied, outOfTurn, late, swaps int
	errs                                    []string
	last, lastMain                          MoveInfo // the last move, and the last of the main line
}

// replayFile plays every node of every variation of a Hex SGF file; at the
// end of the main line it returns the board in that state and RE.
func replayFile(t *testing.T, data []byte, swapAsSides bool) (*Board, string, replayStats) {
	t.Helper()
	var st replayStats
	evs := tokenize(data)
	var b *Board
	var marks []int
	re := ""
	var mainEnd *Board
	mainDone := false
	for k, ev := range evs {
		switch ev.kind {
		case '(':
			if b != nil {
				marks = append(marks, b.History())
			}
		case ')':
			if b != nil && !mainDone {
				// The first ')' closes the main line's deepest tree.
				mainDone = true
				mainEnd = b.clone()
				st.lastMain = st.last
			}
			if len(marks) > 0 && b != nil {
				b.UndoTo(marks[len(marks)-1])
				marks = marks[:len(marks)-1]
			}
		case ';':
			if b == nil {
				cols, rows := 11, 11
				for _, p := range ev.props {
					if p.id == "SZ" {
						v := p.values[0]
						c, r, ok := strings.Cut(v, ":")
						cols, _ = strconv.Atoi(c)
						rows = cols
						if ok {
							rows, _ = strconv.Atoi(r)
						}
					}
					if p.id == "RE" {
						re = p.values[0]
					}
				}
				var err error
				if b, err = New(cols, rows); err != nil {
					t.Fatalf("event %d: %v", k, err)
				}
			}
			for _, p := range ev.props {
				for _, v := range p.values {
					st.apply(b, p.id, v, swapAsSides)
				}
			}
		}
	}
	if mainEnd == nil && b != nil {
		mainEnd = b
		st.lastMain = st.last
	}
	return mainEnd, re, st
}

func (st *replayStats) apply(b *Board, id, v string, swapAsSides bool) {
	color := map[string]Color{"B": Black, "AB": Black, "W": White, "AW": White, "AE": Empty}[id]
	switch id {
	case "B", "W":
		st.moves++
		var info MoveInfo
		switch strings.ToLower(v) {
		case "swap-pieces", "swap": // "swap": Hex-benzene 0.1 (2004-2006 records)
			st.swaps++
			if swapAsSides {
				info = b.SwapSides(color)
			} else {
				info = b.SwapPieces(color)
			}
		case "swap-sides":
			st.swaps++
			info = b.SwapSides(color)
		case "pass":
			info = b.Pass(color)
		case "resign":
			info = b.Resign(color)
		case "forfeit":
			info = b.Forfeit(color)
		default:
			cell, err := b.ParseCell(v)
			if err != nil {
				st.errs = append(st.errs, err.Error())
				return
			}
			info = b.Play(color, cell)
		}
		if info.Err != nil {
			st.errs = append(st.errs, info.Err.Error())
		}
		st.last = info
		if info.Occupied {
			st.occupied++
		}
		if info.OutOfTurn {
			st.outOfTurn++
		}
		if info.Late {
			st.late++
		}
	case "AB", "AW", "AE":
		cell, err := b.ParseCell(v)
		if err != nil {
			st.errs = append(st.errs, err.Error())
			return
		}
		if err := b.Set(cell, color); err != nil {
			st.errs = append(st.errs, err.Error())
		}
	case "PL":
		c := map[string]Color{"B": Black, "W": White}[strings.ToUpper(v)]
		if c != Empty {
			b.SetToPlay(c)
		}
	}
}

// clone copies the observable state (tests only).
func (b *Board) clone() *Board {
	c := *b
	c.cells = append([]Color(nil), b.cells...)
	c.marks = make([]uint32, len(b.cells))
	c.frames = append([]frame(nil), b.frames...)
	c.log = append([]uint64(nil), b.log...)
	c.stack = nil
	return &c
}

func sharedDir(rel string) string {
	p, ok := sgftest.SharedPath(rel)
	if !ok {
		return ""
	}
	return p
}

func benzeneFiles(t *testing.T) map[string][]byte {
	dir := sharedDir("corpus/hex/benzene")
	if dir == "" {
		sgftest.SkipShared(t, "../shared/corpus/hex/benzene not present")
	}
	files := map[string][]byte{}
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".sgf") {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			rel, _ := filepath.Rel(dir, path)
			files[rel] = data
		}
		return nil
	})
	if len(files) == 0 {
		t.Fatal("no Benzene files")
	}
	return files
}
