package collection

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestStatsJSONShape: every table is an object, {} when empty, and a file
// with no game tree is counted as such, not as unreadable.
func TestStatsJSONShape(t *testing.T) {
	var s Stats
	s.AddFile(nil)
	b, err := json.Marshal(&s)
	if err != nil {
		t.Fatal(err)
	}
	got := string(b)
	for _, want := range []string{`"unreadable":0`, `"no_game_tree":1`, `"board_sizes":{}`, `"results":{}`,
		`"players":{}`, `"years":{}`, `"charsets":{}`, `"ff":{}`, `"gm":{}`, `"props":{}`, `"errors":{"S02":1}`} {
		if !strings.Contains(got, want) {
			t.Errorf("JSON lacks %s: %s", want, got)
		}
	}
	if strings.Contains(got, "null") {
		t.Errorf("JSON has null: %s", got)
	}
	// A value, not only a pointer, marshals the same way.
	var v Stats
	b, _ = json.Marshal(v)
	if strings.Contains(string(b), "null") {
		t.Errorf("JSON of a value has null: %s", b)
	}
	s.AddUnreadable()
	if s.Files != 2 || s.Unreadable != 1 {
		t.Errorf("AddUnreadable: files %d unreadable %d, want 2 1", s.Files, s.Unreadable)
	}
}
