package webui

import "testing"

// TestDisplayName: a file is named as the root was given, then its path
// inside it, the same on the library and on its game page (gameOf takes
// displayName). A root of "/" named its files "x" in the library and "/x"
// on the game page before.
func TestDisplayName(t *testing.T) {
	s := &Server{roots: []*root{
		{given: "/"}, {given: "games/"}, {given: "games"}, {given: "./games"}, {given: "one.sgf", file: "one.sgf"},
	}}
	for _, c := range []struct {
		root      int
		rel, want string
	}{
		{0, "x.sgf", "/x.sgf"},
		{0, "a/b.sgf", "/a/b.sgf"},
		{1, "x.sgf", "games/x.sgf"},
		{2, "x.sgf", "games/x.sgf"},
		{3, "x.sgf", "games/x.sgf"},
		{4, "one.sgf", "one.sgf"},
	} {
		if got := s.displayName(c.root, c.rel); got != c.want {
			t.Errorf("displayName(%q, %q) = %q, want %q", s.roots[c.root].given, c.rel, got, c.want)
		}
	}
}
