package hex

import (
	"sort"
	"strings"
	"testing"
)

// TestBenzeneGames replays every file of the Benzene regression set (all
// variations) and checks what the records say about themselves.
func TestBenzeneGames(t *testing.T) {
	files := benzeneFiles(t)
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	var swapGames, mirrorConflicts, connections, results int
	for _, name := range names {
		data := files[name]
		b, re, st := replayFile(t, data, false)
		if len(st.errs) > 0 {
			t.Errorf("%s: %v", name, st.errs)
			continue
		}
		if b == nil {
			t.Errorf("%s: no game", name)
			continue
		}
		if st.swaps > 0 {
			// See the package documentation: these records use
			// swap-pieces for what is swap-sides.
			swapGames++
			if st.occupied > 0 {
				mirrorConflicts++
			}
			if st.outOfTurn == 0 {
				t.Errorf("%s: swap-pieces followed by the other colour: the record is not of the old kind", name)
			}
			b, re, st = replayFile(t, data, true)
			if st.occupied != 0 || st.outOfTurn != 0 {
				t.Errorf("%s: read with swap-sides: %d occupied, %d out of turn", name, st.occupied, st.outOfTurn)
			}
		}
		if w := b.Winner(); w != Empty && st.lastMain.Kind == Stone {
			// A game that ends with a winning connection: the last move
			// made it.
			connections++
			if st.lastMain.Color != w || !st.lastMain.Connects {
				t.Errorf("%s: winner %v but the last move is %+v", name, w, st.lastMain)
			}
		}
		if re != "" {
			results++
			w, r := b.Result()
			if r == Undecided {
				t.Errorf("%s: RE[%s] but no result on the board", name, re)
				continue
			}
			// RE names B or W; after swap-sides the player of PB holds
			// White, and these records name the winner by player.
			pbWins := (w == Black) != b.SidesSwapped()
			if want := strings.HasPrefix(re, "B+"); pbWins != want {
				t.Errorf("%s: RE[%s] but %v wins (%v, sides swapped %v)", name, re, w, r, b.SidesSwapped())
			}
		}
	}
	t.Logf("%d files; %d with swap-pieces (%d of them play later on the mirrored cell); %d end with a winning connection; %d with RE checked",
		len(names), swapGames, mirrorConflicts, connections, results)
	if swapGames == 0 || connections == 0 || results == 0 {
		t.Error("the checks did not run")
	}
}
