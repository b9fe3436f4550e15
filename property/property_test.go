package property

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestTableInvariants checks what the index does not: the order Lookup and
// LookupGame rely on, and consistency between fields.
func TestTableInvariants(t *testing.T) {
	type key struct {
		id   string
		game Game
	}
	seen := map[key]bool{}
	for i := range table {
		p := &table[i]
		t.Run(p.ID+"_"+p.Game.String(), func(t *testing.T) {
			if n := len(p.ID); n < 1 || n > 2 || strings.Trim(p.ID, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != "" {
				t.Errorf("ID %q: want one or two upper-case letters", p.ID)
			}
			if i > 0 {
				prev := &table[i-1]
				if prev.ID > p.ID || prev.ID == p.ID && prev.Game != AllGames {
					t.Errorf("entry %d (%s %v) out of order after %s %v", i, p.ID, p.Game, prev.ID, prev.Game)
				}
			}
			k := key{p.ID, p.Game}
			if seen[k] {
				t.Errorf("duplicate entry %s %v", p.ID, p.Game)
			}
			seen[k] = true
			// "Properties missing the 4 are obsolete in FF[4]" (index).
			if p.Obsolete != !p.FF.Has(4) {
				t.Errorf("Obsolete = %v with FF %v", p.Obsolete, p.FF)
			}
			if p.Obsolete && p.Convert.Rule == "" {
				t.Errorf("obsolete without a conversion rule")
			}
			if p.Private != (p.ID == "KI") {
				t.Errorf("Private = %v; only KI is private", p.Private)
			}
			if p.Inherit && p.Kind != KindNone {
				t.Errorf("inherit with kind %v", p.Kind)
			}
			if p.Value.Elem.First == Unknown {
				t.Errorf("value type unknown")
			}
			if p.Value.Ranged && (p.Value.Elem.First != Number || p.Value.Min > p.Value.Max) {
				t.Errorf("bad range on %v", p.Value)
			}
			for _, to := range []string{p.Convert.To, p.Convert.Alt} {
				if to == "" {
					continue
				}
				q, ok := Lookup(to)
				if !ok || !q.FF.Has(4) {
					t.Errorf("converts to %q, which is no FF[4] property", to)
				}
			}
			if p.Name == "" {
				t.Errorf("no name")
			}
		})
	}
}

func TestLookup(t *testing.T) {
	tests := []struct {
		id       string
		wantName string // "" when not found
	}{
		{"B", "Black"},
		{"W", "White"},
		{"AB", "Add Black"},
		{"WT", "White team"},
		{"C", "Comment"},
		{"SE", "Selftest moves"}, // the general row comes first
		{"KI", "Integer komi"},
		{"AS", "Who adds stones"}, // LOA only: Lookup still finds it
		{"", ""},
		{"b", ""},
		{"Bl", ""},
		{"ABC", ""},
		{"XX", ""},
		{"Z", ""},
		{"@", ""},
		{"[", ""},
		{"A[", ""},
		{"\xff", ""},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			p, ok := Lookup(tt.id)
			pb, okb := LookupBytes([]byte(tt.id))
			if ok != okb || p != pb {
				t.Fatalf("Lookup = %v, %v; LookupBytes = %v, %v", p, ok, pb, okb)
			}
			if tt.wantName == "" {
				if ok {
					t.Fatalf("Lookup(%q) = %s %q, want not found", tt.id, p.ID, p.Name)
				}
				return
			}
			if !ok || p.ID != tt.id || p.Name != tt.wantName {
				t.Fatalf("Lookup(%q) = %+v, %v; want %q", tt.id, p, ok, tt.wantName)
			}
		})
	}
}

// TestLookupExhaustive compares Lookup with a linear scan of the table for
// every identifier of one or two bytes.
func TestLookupExhaustive(t *testing.T) {
	linear := func(id string) *Info {
		for i := range table {
			if table[i].ID == id {
				return &table[i]
			}
		}
		return nil
	}
	check := func(id string) {
		want := linear(id)
		got, ok := Lookup(id)
		if got != want || ok != (want != nil) {
			t.Fatalf("Lookup(%q) = %v, %v; linear scan %v", id, got, ok, want)
		}
	}
	for a := range 256 {
		check(string([]byte{byte(a)}))
		for b := range 256 {
			check(string([]byte{byte(a), byte(b)}))
		}
	}
}

func TestLookupGame(t *testing.T) {
	tests := []struct {
		id       string
		game     Game
		wantName string // "" when not found
	}{
		// The index has two SE rows: "SE --3- Selftest moves -" and
		// "SE ---4 Markup - (LOA)".
		{"SE", LinesOfAction, "Markup"},
		{"SE", Go, "Selftest moves"},
		{"SE", AllGames, "Selftest moves"},
		{"HA", Go, "Handicap"},
		{"HA", Hex, ""},
		{"KM", LinesOfAction, ""},
		{"TB", Go, "Territory Black"},
		{"AS", LinesOfAction, "Who adds stones"},
		{"AS", Go, ""},
		{"B", Hex, "Black"},
		{"B", 40, "Black"},
		{"XX", Go, ""},
		{"", Go, ""},
	}
	for _, tt := range tests {
		t.Run(tt.id+"_"+tt.game.String(), func(t *testing.T) {
			p, ok := LookupGame(tt.id, tt.game)
			if tt.wantName == "" {
				if ok || p != nil {
					t.Fatalf("LookupGame(%q, %v) = %+v, %v; want not found", tt.id, tt.game, p, ok)
				}
				return
			}
			if !ok || p.ID != tt.id || p.Name != tt.wantName {
				t.Fatalf("LookupGame(%q, %v) = %+v, %v; want %q", tt.id, tt.game, p, ok, tt.wantName)
			}
		})
	}
}

func TestCanonical(t *testing.T) {
	tests := []struct{ in, want string }{
		// Mixed-case identifiers found in real FF[3] files (NNGS, IGS,
		// CrazyStone files of the regression corpus) and the brief.
		{"CoPyright", "CP"},
		{"VieW", "VW"},
		{"USer", "US"},
		{"Comment", "C"},
		{"Black", "B"},
		{"White", "W"},
		{"AddBlack", "AB"},
		{"AddWhite", "AW"},
		{"AddEmpty", "AE"},
		{"PlayerBlack", "PB"},
		// SGFC test.sgf line 16, written as W[aa] in test-result.sgf.
		{"nolowercaseinpropidallowedW", "W"},
		// Already FF[4].
		{"B", "B"},
		{"KM", "KM"},
		// Unknown identifiers keep their upper-case letters.
		{"MULTIGOGM", "MULTIGOGM"},
		{"XxYy", "XY"},
		{"LONGID", "LONGID"},
		// Not identifiers.
		{"", ""},
		{"black", ""},
		{"B1", ""},
		{"B ", ""},
		{"A\xc3\xa9", ""},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := Canonical([]byte(tt.in)); got != tt.want {
				t.Errorf("Canonical(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestNoAllocs: Lookup, LookupBytes, LookupGame and Canonical of a
// catalogued identifier must not allocate.
func TestNoAllocs(t *testing.T) {
	ids := [][]byte{[]byte("B"), []byte("AB"), []byte("SE"), []byte("XX"), []byte("")}
	mixed := [][]byte{[]byte("CoPyright"), []byte("Comment"), []byte("W")}
	strs := []string{"B", "AB", "SE", "XX", ""}
	allocs := testing.AllocsPerRun(100, func() {
		for _, id := range ids {
			LookupBytes(id)
		}
		for _, id := range strs {
			Lookup(id)
			LookupGame(id, LinesOfAction)
		}
		for _, id := range mixed {
			Canonical(id)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per run, want 0", allocs)
	}
}

func TestAll(t *testing.T) {
	n := 0
	for p := range All() {
		if p != &table[n] {
			t.Fatalf("All yielded %s at %d, out of table order", p.ID, n)
		}
		n++
	}
	if n != len(table) {
		t.Errorf("All yielded %d, want %d", n, len(table))
	}
	n = 0
	for range All() {
		n++
		if n == 3 {
			break
		}
	}
	if n != 3 {
		t.Errorf("All did not stop at break")
	}
}

func TestStrings(t *testing.T) {
	tests := []struct {
		got, want string
	}{
		{mustLookup(t, "LB").Value.String(), "list of composed point : simpletext"},
		{mustLookup(t, "AP").Value.String(), "composed simpletext : simpletext"},
		{mustLookup(t, "FG").Value.String(), "none | composed number : simpletext"},
		{mustLookup(t, "SZ").Value.String(), "number | composed number : number"},
		{mustLookup(t, "FF").Value.String(), "number (range: 1-4)"},
		{mustLookup(t, "ST").Value.String(), "number (range: 0-3)"},
		{mustLookup(t, "DD").Value.String(), "elist of point"},
		{mustLookup(t, "B").Value.Form.String(), "single"},
		{mustLookup(t, "AB").Value.Form.String(), "list"},
		{mustLookup(t, "VW").Value.Form.String(), "elist"},
		{mustLookup(t, "FF").FF.String(), "-234"},
		{mustLookup(t, "EL").FF.String(), "12--"},
		{mustLookup(t, "HA").Game.String(), "Go"},
		{mustLookup(t, "C").Kind.String(), "-"},
		{mustLookup(t, "DT").Kind.String(), "game-info"},
		{Game(4).String(), "GM[4]"},
		{Kind(99).String(), "Kind(99)"},
		{Base(99).String(), "Base(99)"},
		{Form(99).String(), "Form(99)"},
		{Unknown.String(), "unknown"},
		{Versions(0).String(), "----"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

func TestVersionsHas(t *testing.T) {
	v := FF1 | FF4
	for ff, want := range map[int]bool{-1: false, 0: false, 1: true, 2: false, 3: false, 4: true, 5: false, 9: false} {
		if got := v.Has(ff); got != want {
			t.Errorf("(%v).Has(%d) = %v, want %v", v, ff, got, want)
		}
	}
}

// TestConversions pins the conversion facts of SGFC (README option -o,
// messages 40 and 59; test.sgf and test-result.sgf).
func TestConversions(t *testing.T) {
	tests := []struct {
		id, to, alt string
		msg         int
	}{
		{"L", "LB", "", 40},
		{"M", "MA", "TR", 40},
		{"KI", "KM", "", 59},
		{"VW", "VW", "", 52},
		{"BS", "", "", 40},
		{"WS", "", "", 40},
		{"ID", "", "", 40},
		{"RG", "", "", 40},
		{"SC", "", "", 40},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			c := mustLookup(t, tt.id).Convert
			if c.To != tt.to || c.Alt != tt.alt || c.Message != tt.msg || c.Rule == "" {
				t.Errorf("%s: Convert = %+v; want To %q Alt %q Message %d", tt.id, c, tt.to, tt.alt, tt.msg)
			}
		})
	}
	// A property FF[4] defines needs no conversion (VW aside).
	for p := range All() {
		if !p.Obsolete && p.ID != "VW" && p.Convert != (Conversion{}) {
			t.Errorf("%s: FF[4] property with conversion %+v", p.ID, p.Convert)
		}
	}
}

// TestSGFCTestFile checks that the SGFC test file's obsolete and mixed-case
// identifiers resolve as SGFC resolves them (testdata/sgfc-test.sgf is
// SGFC's test-files/test.sgf, BSD licence in testdata/sgfc-COPYING).
func TestSGFCTestFile(t *testing.T) {
	data, err := os.ReadFile("testdata/sgfc-test.sgf")
	if err != nil {
		t.Fatal(err)
	}
	ids := identifiers(data)
	got := map[string]bool{}
	for _, id := range ids {
		got[Canonical(id)] = true
	}
	// Line 16: nolowercaseinpropidallowedW[aa]; line 40: L, M, SC; line
	// 59: KI.
	for _, want := range []string{"W", "L", "M", "SC", "KI"} {
		if !got[want] {
			t.Errorf("no identifier of test.sgf canonicalizes to %s", want)
		}
		p, ok := Lookup(want)
		if !ok {
			t.Errorf("Lookup(%q) failed", want)
		} else if want != "W" && !p.Obsolete {
			t.Errorf("%s is not obsolete", want)
		}
	}
	if !got["LONGID"] || !got["XX"] {
		t.Errorf("unknown identifiers LONGID, XX not found; identifiers() is broken")
	}
}

func mustLookup(t testing.TB, id string) *Info {
	t.Helper()
	p, ok := Lookup(id)
	if !ok {
		t.Fatalf("Lookup(%q) failed", id)
	}
	return p
}

// identifiers returns the property identifiers of an SGF text: runs of
// letters outside values that are followed (after white space) by '['. It
// is just good enough for the test data.
func identifiers(data []byte) [][]byte {
	var ids [][]byte
	start := -1
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch {
		case c == '[':
			if start >= 0 {
				ids = append(ids, data[start:i])
				start = -1
			}
			// skip the value
			for i++; i < len(data) && data[i] != ']'; i++ {
				if data[i] == '\\' {
					i++
				}
			}
		case 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z':
			if start < 0 {
				start = i
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			if start >= 0 {
				// identifier ends; keep it only if '[' follows
				j := i
				for j < len(data) && bytes.IndexByte([]byte(" \t\r\n"), data[j]) >= 0 {
					j++
				}
				if j < len(data) && data[j] == '[' {
					ids = append(ids, data[start:i])
					start = -1
					i = j - 1
				} else {
					start = -1
				}
			}
		default:
			start = -1
		}
	}
	return ids
}

func FuzzCanonical(f *testing.F) {
	for _, s := range []string{"CoPyright", "VieW", "B", "", "ab", "A1", "MULTIGOGM", "\xff"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, id []byte) {
		got := Canonical(id)
		var want []byte
		for _, c := range id {
			switch {
			case 'A' <= c && c <= 'Z':
				want = append(want, c)
			case 'a' <= c && c <= 'z':
			default:
				if got != "" {
					t.Fatalf("Canonical(%q) = %q, want \"\" (not a letter)", id, got)
				}
				return
			}
		}
		if got != string(want) {
			t.Fatalf("Canonical(%q) = %q, want %q", id, got, want)
		}
		if p, ok := LookupBytes(id); ok && got != p.ID {
			t.Fatalf("Canonical(%q) = %q, but the id is catalogued as is", id, got)
		}
	})
}

func FuzzLookupBytes(f *testing.F) {
	for _, s := range []string{"B", "SE", "KI", "", "ZZ", "b", "ABC"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, id []byte) {
		p, ok := LookupBytes(id)
		if ok != (p != nil) {
			t.Fatalf("LookupBytes(%q) = %v, %v", id, p, ok)
		}
		if ok && p.ID != string(id) {
			t.Fatalf("LookupBytes(%q) = %s", id, p.ID)
		}
		found := false
		for q := range All() {
			found = found || q.ID == string(id)
		}
		if found != ok {
			t.Fatalf("LookupBytes(%q) found = %v, table has it: %v", id, ok, found)
		}
	})
}

// benchIDs returns the property identifiers of a real KGS game record.
func benchIDs(b *testing.B) ([][]byte, int64) {
	data, err := os.ReadFile("testdata/kgs-2019-04-20-13.sgf")
	if err != nil {
		b.Fatal(err)
	}
	ids := identifiers(data)
	if len(ids) < 500 {
		b.Fatalf("%d identifiers; identifiers() is broken", len(ids))
	}
	var n int64
	for _, id := range ids {
		n += int64(len(id))
	}
	return ids, n
}

func BenchmarkLookupBytes(b *testing.B) {
	ids, n := benchIDs(b)
	b.SetBytes(n)
	b.ReportAllocs()
	for b.Loop() {
		for _, id := range ids {
			if _, ok := LookupBytes(id); !ok {
				b.Fatalf("%s not found", id)
			}
		}
	}
}

func BenchmarkLookupGame(b *testing.B) {
	ids, n := benchIDs(b)
	strs := make([]string, len(ids))
	for i, id := range ids {
		strs[i] = string(id)
	}
	b.SetBytes(n)
	b.ReportAllocs()
	for b.Loop() {
		for _, id := range strs {
			if _, ok := LookupGame(id, Go); !ok {
				b.Fatalf("%s not found", id)
			}
		}
	}
}

func BenchmarkCanonical(b *testing.B) {
	ids, n := benchIDs(b)
	b.SetBytes(n)
	b.ReportAllocs()
	for b.Loop() {
		for _, id := range ids {
			Canonical(id)
		}
	}
}
