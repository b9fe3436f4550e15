package sgf_test

import (
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf"
)

// TestReaderClosers: the Collection of a game read by a Reader says what
// the input left open at its end, as Read's does (convert closes it so
// when it converts game by game); it said nothing (issue 11, item 3).
func TestReaderClosers(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"(;GM[1])(;C[abc", "])"},
		{"(;GM[1])(;B[aa](;W[bb]", "))"},
		{"(;GM[1])(;C[a\\", "\\])"},
		{"(;GM[1])(;C[done])", ""},
	} {
		whole, err := sgf.Read(strings.NewReader(tc.in), nil)
		if err != nil {
			t.Fatal(err)
		}
		r, err := sgf.NewReader(strings.NewReader(tc.in), nil)
		if err != nil {
			t.Fatal(err)
		}
		var last *sgf.Game
		for {
			g, err := r.Next()
			if g == nil {
				break
			}
			last = g
			if err != nil {
				break
			}
		}
		if got := string(last.Collection().Closers()); got != tc.want || got != string(whole.Closers()) {
			t.Errorf("%q: Reader's last game %q, Read %q, want %q", tc.in, got, whole.Closers(), tc.want)
		}
	}
}
