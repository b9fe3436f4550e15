package webui

import (
	"testing"

	"github.com/sgf-toolkit/sgf"
)

// TestSTReadAsTyped: the viewer reads ST as every reader of the module
// reads a Number (sgf.Value.Number), as the diagrams do: ST[\2] is 2, as
// sgf check and the Decoder read it (strconv.Atoi of the raw value made it
// 0), ST[ 1 ] is 1, and one out of 0-3 is 0.
func TestSTReadAsTyped(t *testing.T) {
	for src, want := range map[string]int{
		"(;ST[2])": 2, `(;ST[\2])`: 2, "(;ST[ 1 ])": 1, "(;ST[7])": 0, "(;ST[x])": 0, "(;C[none])": 0,
	} {
		c, err := sgf.ReadBytes([]byte(src), nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := stOf(c.Games()[0]); got != want {
			t.Errorf("%s: ST %d, want %d", src, got, want)
		}
	}
}
