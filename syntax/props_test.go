package syntax_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf/syntax"
)

// scanAll reads every property of the node at start with a PropScanner:
// each as ID@offset, its values as [raw]@offset ("!" after a value the
// input ends in); readFirst reads only the first value of each property
// and leaves the rest to Next. The end of the node's properties (End)
// comes last.
func scanAll(src []byte, start int, mode syntax.LeadBytes, readFirst bool) string {
	s := syntax.NewPropScanner(src, start, mode)
	return scanWith(&s, src, readFirst)
}

// scanWith is scanAll with s, a scanner of src.
func scanWith(s *syntax.PropScanner, src []byte, readFirst bool) string {
	var b strings.Builder
	last := 0
	for id, off := s.Next(); id != nil; id, off = s.Next() {
		fmt.Fprintf(&b, "%s@%d", id, off)
		at := s.FirstPos()
		raw, ok := s.First()
		for {
			fmt.Fprintf(&b, " [%s]@%d", raw, at)
			if !ok {
				b.WriteString("!")
				last = len(src)
				break
			}
			last = s.Pos()
			if readFirst || !s.More() {
				break
			}
			at = s.Pos()
			raw, ok = s.Value()
		}
		b.WriteString("; ")
	}
	fmt.Fprintf(&b, "end %d", s.End(last))
	return b.String()
}

// TestPropScanner: the PropScanner reads the properties of a node as the
// parser keeps them (identifiers of up to 100 letters with an upper-case
// one and at least one value), passing over what the parser reports and
// ignores, and ends at the node's end.
func TestPropScanner(t *testing.T) {
	long := strings.Repeat("A", 100)
	for _, c := range []struct {
		src   string
		start int
		mode  syntax.LeadBytes
		want  string
		first string // with only each first value read, when it differs
	}{
		{src: ";B[pd]", want: "B@1 [pd]@2; end 6"},
		{src: ";B[pd];W[dd]", want: "B@1 [pd]@2; end 6"},
		{src: "B[pd]W[dd]", want: "B@0 [pd]@1; W@5 [dd]@6; end 10"},
		{src: "(;B[pd]W[dd])", start: 1, want: "B@2 [pd]@3; W@7 [dd]@8; end 12"},
		{src: "; AB[aa] [bb]\n[cc]C[x\\]y]  )", want: "AB@2 [aa]@4 [bb]@9 [cc]@14; C@18 [x\\]y]@19; end 25",
			first: "AB@2 [aa]@4; C@18 [x\\]y]@19; end 25"},
		{src: ";XX \t[1]LB[aa:x][bb:y]", want: "XX@1 [1]@5; LB@8 [aa:x]@10 [bb:y]@16; end 22",
			first: "XX@1 [1]@5; LB@8 [aa:x]@10; end 22"},
		// Lower case only, no value, junk, values without an identifier.
		{src: ";black[aa]Black[bb]", want: "Black@10 [bb]@15; end 19"},
		{src: ";B[aa]x[y]", want: "B@1 [aa]@2; end 10"},
		{src: ";C;B[aa]", want: "end 1"},
		{src: ";C B[aa]", want: "B@3 [aa]@4; end 8"},
		{src: ";[junk][more]B[aa]", want: "B@13 [aa]@14; end 18"},
		{src: ";B[aa]$%&W[bb]", want: "B@1 [aa]@2; W@9 [bb]@10; end 14"},
		{src: ";B[aa](;W[bb])", want: "B@1 [aa]@2; end 6"},
		{src: ";B[aa](W[bb])", want: "B@1 [aa]@2; end 6"},
		{src: ";B[aa])W[bb]", want: "B@1 [aa]@2; end 6"},
		{src: "; \n", want: "end 1"},
		{src: "", want: "end 0"},
		// The longest identifier kept, and one letter more.
		{src: ";" + long + "[x]" + "A" + long + "[y]B[z]", want: long + "@1 [x]@101; B@208 [z]@209; end 212"},
		// Two bytes and a "]" that are not a value of two letters.
		{src: ";B[a]]C[x]", want: "B@1 [a]@2; C@6 [x]@7; end 10"},
		{src: ";B[]a]C[x]", want: "B@1 []@2; C@6 [x]@7; end 10"},
		{src: ";B[\\a]W[\\]]", want: "B@1 [\\a]@2; W@6 [\\]]@7; end 11"},
		{src: ";B[ab", want: "B@1 [ab]@2!; end 5"},
		{src: ";B[ab] \n", want: "B@1 [ab]@2; end 6"},
		// Values the input ends in.
		{src: ";B[aa", want: "B@1 [aa]@2!; end 5"},
		{src: ";C[a][b\\]", want: "C@1 [a]@2 [b\\]]@5!; end 9", first: "C@1 [a]@2; end 9"},
		{src: ";[x", want: "end 3"},
		{src: ";b[x", want: "end 4"},
		// Two-byte characters: in Shift_JIS 0x95 0x5C is one character,
		// byte by byte an escape of the "]".
		{src: ";C[\x95\\]B[aa]", want: "C@1 [\x95\\]B[aa]@2; end 11"},
		{src: ";C[\x95\\]B[aa]", mode: syntax.ShiftJIS, want: "C@1 [\x95\\]@2; B@6 [aa]@7; end 11"},
		{src: ";c[\x95\\]B[aa]", mode: syntax.ShiftJIS, want: "B@6 [aa]@7; end 11"},
		{src: ";C[a][\x95\\]B[aa]", mode: syntax.ShiftJIS, want: "C@1 [a]@2 [\x95\\]@5; B@9 [aa]@10; end 14",
			first: "C@1 [a]@2; B@9 [aa]@10; end 14"},
	} {
		got := scanAll([]byte(c.src), c.start, c.mode, false)
		if got != c.want {
			t.Errorf("%q: got\n\t%s\nwant\n\t%s", c.src, got, c.want)
		}
		first := c.first
		if first == "" {
			first = c.want
		}
		if got := scanAll([]byte(c.src), c.start, c.mode, true); got != first {
			t.Errorf("%q, first values only: got\n\t%s\nwant\n\t%s", c.src, got, first)
		}
		// A scanner that read another node, Reset.
		used := syntax.NewPropScanner([]byte(";AB[aa][bb]C[x"), 0, syntax.ShiftJIS)
		scanWith(&used, []byte(";AB[aa][bb]C[x"), true)
		used.Reset([]byte(c.src), c.start, c.mode)
		if got := scanWith(&used, []byte(c.src), false); got != c.want {
			t.Errorf("%q, Reset: got\n\t%s\nwant\n\t%s", c.src, got, c.want)
		}
	}
}

// TestTreeCA: the CA value that the parser hands to
// Options.TreeLeadBytes is the first value of the root's first CA
// property as the PropScanner reads the root (ASCII-safe), none when the
// input ends in a value before it or in it.
func TestTreeCA(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"(;CA[UTF-8]GM[1])", "UTF-8"},
		{"( \n;GM[1]C[a\\]CA[no]]CA[Big5][x]CA[GBK])", "Big5"},
		{"(CA[latin1])", "latin1"},
		{"(;CR[aa]AC[x]CA[GBK])", "GBK"},
		{"(;;CA[latin1])", "-"},
		{"(;B[aa];CA[latin1])", "-"},
		{"(;ca[x]XCA[y]CAX[z]CA [ GBK ])", " GBK "},
		{"(;[x]CA junk CA[GBK])", "GBK"},
		{"(;C[\x95\\]CA[Shift_JIS])", "-"}, // ASCII-safe: "\\]" is an escape
		{"(;" + strings.Repeat("C", 101) + "[CA[x]]CA[GBK])", "GBK"},
		{"(;C[x", "-"},
		{"(;CA[UTF-8", "-"},
		{"(;CA[]C[x])", ""},
	} {
		got := "-"
		opts := &syntax.Options{TreeLeadBytes: func(tree int, ca []byte) syntax.LeadBytes {
			if ca != nil {
				got = string(ca)
			}
			return syntax.ASCIISafe
		}}
		syntax.Parse([]byte(c.src), opts)
		if got != c.want {
			t.Errorf("%q: CA %q, want %q", c.src, got, c.want)
		}
	}
}

// TestPropScannerValueEnds: the scanner finds the end of every value as
// the parser does (ScanValue), for values around the length that its loops
// read by hand (24 bytes) with escapes at every place, first values and
// values passed over alike.
func TestPropScannerValueEnds(t *testing.T) {
	for n := 0; n < 30; n++ {
		for esc := -1; esc < n; esc++ {
			v := []byte(strings.Repeat("x", n))
			if esc >= 0 {
				v[esc] = '\\'
			}
			for _, src := range []string{";C[" + string(v) + "]]B[aa]", ";C[a][" + string(v) + "]]B[aa]", ";C[" + string(v)} {
				b := []byte(src)
				s := syntax.NewPropScanner(b, 0, syntax.ASCIISafe)
				s.Next()
				first, ok := s.First()
				end, wantOK := syntax.ScanValue(b, 2, syntax.ASCIISafe)
				if string(first) != string(b[3:end]) || ok != wantOK {
					t.Fatalf("%q: first value %q %v, want %q %v", src, first, ok, b[3:end], wantOK)
				}
				// The next property after the values passed over.
				id, off := s.Next()
				want := strings.LastIndex(src, "B[aa]")
				if ok {
					if string(id) != "B" || off != want {
						t.Fatalf("%q: next property %q@%d, want B@%d", src, id, off, want)
					}
				}
			}
		}
	}
}
