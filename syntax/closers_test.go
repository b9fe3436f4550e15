package syntax

import "testing"

// TestClosers: Bytes() + Closers() parses without S04/S05 to the same tree.
func TestClosers(t *testing.T) {
	tests := []struct {
		in, closers string
	}{
		{"(;B[aa]", ")"},
		{"(;B[aa](;W[bb]", "))"},
		{"(;B[aa]C[open", "])"},
		{"(;C[cut\\", "\\])"},
		{"(;C[two\\\\", "])"},
		{"(;B[aa])", ""},
		{"(;CA[Shift_JIS]C[\x83", " ])"},
		{"(;CA[Shift_JIS]C[\x83\x83", "])"},
	}
	for _, tc := range tests {
		f, _ := Parse([]byte(tc.in), caPolicy)
		if got := string(f.Closers()); got != tc.closers {
			t.Errorf("%q: Closers %q, want %q", tc.in, got, tc.closers)
			continue
		}
		g, _ := Parse(append(f.Bytes(), f.Closers()...), caPolicy)
		for _, d := range g.Diagnostics {
			if d.Code == CodeMissingParen || d.Code == CodeUnexpectedEOF {
				t.Errorf("%q: closed text still has %v", tc.in, d)
			}
		}
		if len(g.Trees) != len(f.Trees) || summary(g.Trees[0]).nodes != summary(f.Trees[0]).nodes {
			t.Errorf("%q: closed text has another tree", tc.in)
		}
	}
}
