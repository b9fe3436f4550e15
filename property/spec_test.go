package property

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf/internal/sgftest"
)

// sharedDir returns ../shared relative to the module root (the directory
// holding go.mod), or skips the test when it is absent.
func sharedDir(t testing.TB) string {
	t.Helper()
	return sgftest.Shared(t)
}

func readShared(t *testing.T, rel string) []byte {
	t.Helper()
	path := filepath.Join(sharedDir(t), filepath.FromSlash(rel))
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		sgftest.SkipShared(t, fmt.Sprintf("%s absent", path))
	}
	if err != nil {
		t.Fatal(err)
	}
	return b
}

var spaces = regexp.MustCompile(`\s+`)

// normValue turns a value-type description of the spec files into the words
// of ValueType.String: lower case, single spaces, "composition of" and
// "composed" unified, quotes around ':' dropped, and the parentheses around
// a whole description (SZ in the index and on its page) dropped.
func normValue(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.ReplaceAll(s, `':'`, ":")
	s = strings.ReplaceAll(s, `":"`, ":")
	s = strings.ReplaceAll(s, "composition of", "composed")
	s = spaces.ReplaceAllString(s, " ")
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
		s = strings.TrimSpace(s[1 : len(s)-1])
	}
	return s
}

// parseType splits a property-type column such as "game-info (Go)" or
// "- (inherit)" into the kind word, the inherit flag and the game.
func parseType(t *testing.T, col string) (kind string, inherit bool, game Game) {
	t.Helper()
	kind, marker, _ := strings.Cut(col, " ")
	switch marker {
	case "":
	case "(inherit)":
		inherit = true
	case "(Go)":
		game = Go
	case "(LOA)":
		game = LinesOfAction
	default:
		t.Fatalf("unknown marker %q in property type %q", marker, col)
	}
	return kind, inherit, game
}

// TestIndex compares the catalogue with every row of the property index.
//
// The index: "FF column: which formats define the property (1 = FF[1], 3 =
// FF[3], 4 = FF[4] ...). "(Go)" / "(LOA)": game-specific ... Properties
// missing the 4 are obsolete in FF[4]".
func TestIndex(t *testing.T) {
	data := readShared(t, "spec/property-index-ff1-4.txt")
	columns := regexp.MustCompile(`\s{2,}`)
	seen := map[*Info]bool{}
	rows := 0
	inTable := false
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), " \t\r")
		if !inTable {
			inTable = strings.HasPrefix(line, "--  ----")
			continue
		}
		if line == "" {
			continue
		}
		f := columns.Split(line, -1)
		if len(f) != 5 {
			t.Errorf("index row %q: %d columns, want 5", line, len(f))
			continue
		}
		rows++
		id, ffCol, name, typeCol, valueCol := f[0], f[1], f[2], f[3], f[4]
		kind, inherit, game := parseType(t, typeCol)
		t.Run(id+"_"+ffCol, func(t *testing.T) {
			p, ok := LookupGame(id, game)
			if !ok {
				t.Fatalf("LookupGame(%q, %v): not found; index row %q", id, game, line)
			}
			if seen[p] {
				t.Fatalf("two index rows map to the entry %s %q", p.ID, p.Name)
			}
			seen[p] = true
			check := func(what string, got, want any) {
				t.Helper()
				if got != want {
					t.Errorf("%s: %s = %v, index says %v (row %q)", id, what, got, want, line)
				}
			}
			check("ID", p.ID, id)
			check("Name", p.Name, name)
			check("FF", p.FF.String(), ffCol)
			check("Kind", p.Kind.String(), kind)
			check("Inherit", p.Inherit, inherit)
			check("Game", p.Game, game)
			check("Value", p.Value.String(), normValue(valueCol))
			check("Obsolete", p.Obsolete, ffCol[3] != '4')
		})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	want := 0
	for p := range All() {
		if p.Private {
			continue
		}
		want++
		if !seen[p] {
			t.Errorf("catalogue entry %s %q is not in the index", p.ID, p.Name)
		}
	}
	if rows != want {
		t.Errorf("index has %d rows, catalogue %d non-private entries", rows, want)
	}
}

// TestFF4Properties compares the catalogue with the Propvalue and
// Propertytype of every property page of ff4-properties.txt, and with its
// table of contents.
func TestFF4Properties(t *testing.T) {
	data := readShared(t, "spec/ff4-properties.txt")

	// Known disagreement with the index, which the catalogue follows. If the
	// spec file changes, this test says so.
	exceptions := map[string]string{
		"GM": "number (range: 1-16)",
	}

	type page struct{ id, value, typ string }
	var pages []page
	var cur *page
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		key, val, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		val = strings.TrimSpace(val)
		switch key {
		case "Property":
			pages = append(pages, page{id: val})
			cur = &pages[len(pages)-1]
		case "Propvalue":
			cur.value = val
		case "Propertytype":
			cur.typ = val
		}
	}
	if len(pages) < 50 {
		t.Fatalf("found %d property pages; the parser is broken", len(pages))
	}
	ids := map[string]bool{}
	for _, pg := range pages {
		ids[pg.id] = true
		t.Run(pg.id, func(t *testing.T) {
			p, ok := Lookup(pg.id)
			if !ok {
				t.Fatalf("Lookup(%q): not found", pg.id)
			}
			if !p.FF.Has(4) || p.Obsolete || p.Game != AllGames {
				t.Errorf("%s: FF %v, Obsolete %v, Game %v; want a general FF[4] property", pg.id, p.FF, p.Obsolete, p.Game)
			}
			wantKind, wantInherit := pg.typ, false
			if pg.typ == "inherit" {
				wantKind, wantInherit = "-", true
			}
			if p.Kind.String() != wantKind || p.Inherit != wantInherit {
				t.Errorf("%s: Kind %v Inherit %v; Propertytype: %q", pg.id, p.Kind, p.Inherit, pg.typ)
			}
			want := normValue(pg.value)
			if exc, ok := exceptions[pg.id]; ok {
				if want != exc {
					t.Errorf("%s: spec now says %q, the documented exception is %q: update table.go", pg.id, want, exc)
				}
				return
			}
			if got := p.Value.String(); got != want {
				t.Errorf("%s: Value %q; Propvalue: %q", pg.id, got, pg.value)
			}
		})
	}

	// "Move Properties B, KO, MN, W" ... "Miscellaneous Properties FG, PM, VW"
	contents := regexp.MustCompile(`(?m)^[A-Z][a-z]+(?: [A-Z][a-z]+)? Properties ([A-Z, ]+)$`)
	listed := 0
	for _, m := range contents.FindAllSubmatch(data, -1) {
		for id := range strings.SplitSeq(string(m[1]), ", ") {
			listed++
			if !ids[id] {
				t.Errorf("contents lists %s, which has no property page", id)
			}
		}
	}
	if listed != len(pages) {
		t.Errorf("contents list %d properties, %d pages", listed, len(pages))
	}
}

// TestGoNotes compares HA, KM, TB and TW with the table of go-game-notes.md.
func TestGoNotes(t *testing.T) {
	data := readShared(t, "spec/go-game-notes.md")
	row := regexp.MustCompile(`(?m)^\| ([A-Z]{2}) \| (\S+) +\| ([a-z ]+?) +\|`)
	n := 0
	for _, m := range row.FindAllStringSubmatch(string(data), -1) {
		n++
		id, typ, value := m[1], m[2], m[3]
		t.Run(id, func(t *testing.T) {
			p, ok := LookupGame(id, Go)
			if !ok {
				t.Fatalf("LookupGame(%q, Go): not found", id)
			}
			if p.Game != Go || p.Kind.String() != typ || p.Value.String() != value || !p.FF.Has(4) {
				t.Errorf("%s: Game %v Kind %v Value %q FF %v; notes say Go, %q, %q", id, p.Game, p.Kind, p.Value, p.FF, typ, value)
			}
			if _, ok := LookupGame(id, Hex); ok {
				t.Errorf("LookupGame(%q, Hex) found a Go-only property", id)
			}
		})
	}
	if n != 4 {
		t.Errorf("found %d Go properties in the notes, want 4 (HA, KM, TB, TW)", n)
	}
}

// TestHexProperties checks that every property the HexWiki text describes,
// e.g. "- PB, PW. Value: simpletext.", is a general FF[4] property that
// LookupGame finds for GM[11]. The text names no Hex-only property.
func TestHexProperties(t *testing.T) {
	data := readShared(t, "spec/sgf-syntax-and-semantics-hex.txt")
	item := regexp.MustCompile(`(?m)(?:^|\. )- ([A-Z]{1,2}(?:, [A-Z]{1,2})*)\. Value:`)
	n := 0
	for _, m := range item.FindAllStringSubmatch(string(data), -1) {
		for id := range strings.SplitSeq(m[1], ", ") {
			n++
			p, ok := LookupGame(id, Hex)
			if !ok || p.Game != AllGames || !p.FF.Has(4) {
				t.Errorf("LookupGame(%q, Hex) = %+v, %v; want a general FF[4] property", id, p, ok)
			}
		}
	}
	// AP FF GM SZ, PB PW RE DT EV GC SO, B W AB AW AE PL C, LB
	if n != 19 {
		t.Errorf("found %d Hex properties, want 19; the parser is broken", n)
	}
}

// TestSGFCKnownProperties compares the identifiers and FF columns with
// SGFC's README, Appendix B "Known properties". SGFC does not know the LOA
// properties; the index and SGFC disagree on the FF column of FF and LN
// (table.go says why the catalogue follows the index); KI is "SGB".
func TestSGFCKnownProperties(t *testing.T) {
	data := readShared(t, "corpus/conformance/sgfc/README")
	_, appB, ok := bytes.Cut(data, []byte("Appendix B: Known properties\n===="))
	if !ok {
		t.Fatal("README has no Appendix B")
	}
	appB, _, _ = bytes.Cut(appB, []byte("Appendix C"))
	row := regexp.MustCompile(`(?m)^([A-Z]{1,2}) +([-1234]{4}|SGB) `)
	differ := map[string]string{"FF": "1234", "LN": "---4"}
	known := map[string]bool{}
	for _, m := range row.FindAllStringSubmatch(string(appB), -1) {
		id, ff := m[1], m[2]
		known[id] = true
		p, ok := Lookup(id)
		switch {
		case !ok:
			t.Errorf("SGFC knows %s, the catalogue does not", id)
		case ff == "SGB":
			if !p.Private {
				t.Errorf("%s: SGFC says SGB (private), catalogue Private = false", id)
			}
		case differ[id] != "":
			if ff != differ[id] {
				t.Errorf("%s: SGFC now says %s, documented difference is %s", id, ff, differ[id])
			}
		case p.FF.String() != ff:
			t.Errorf("%s: FF %v, SGFC says %s", id, p.FF, ff)
		}
	}
	if len(known) < 80 {
		t.Fatalf("found %d SGFC properties; the parser is broken", len(known))
	}
	for p := range All() {
		if !known[p.ID] && p.Game != LinesOfAction {
			t.Errorf("catalogue has %s, SGFC does not know it", p.ID)
		}
	}
}
