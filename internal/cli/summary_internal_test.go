package cli

import (
	"fmt"
	"testing"

	"github.com/sgf-toolkit/sgf/diag"
	"github.com/sgf-toolkit/sgf/syntax"
)

// TestSummaryCounts checks the summary's counts by code (counted by code,
// printed by the code's string) against a count of the same diagnostics
// in a map by string, in the text and the JSON of the summary, with
// diagnostics added after the summary was printed once.
func TestSummaryCounts(t *testing.T) {
	codes := []diag.Code{diag.MakeCode('C', 9), diag.MakeCode('C', 20), diag.MakeCode('S', 7), diag.MakeCode('C', 16), diag.MakeCode('C', 3)}
	var s checkSummary
	s.codes = map[string]int{}
	want := map[string]int{}
	errs, warns, crit := 0, 0, 0
	for round := range 3 {
		var ds diag.List
		for i := range 40 + round {
			c := codes[(i*i+i/4+round)%len(codes)]
			d := diag.Diagnostic{Code: c, Severity: syntax.Warning, Critical: i%7 == 0}
			if i%5 == 0 {
				d.Severity = syntax.Error
				errs++
			} else {
				warns++
			}
			if d.Critical {
				crit++
			}
			ds = append(ds, d)
			want[c.String()]++
		}
		s.addDiags(ds)
		got := s.String()
		w := fmt.Sprintf("checked 0 files: %d errors, %d warnings (%d critical)", errs, warns, crit)
		for i, c := range []string{"C03", "C09", "C16", "C20", "S07"} {
			sep := ", "
			if i == 0 {
				sep = "; "
			}
			w += fmt.Sprintf("%s%s %d", sep, c, want[c])
		}
		if got != w {
			t.Fatalf("round %d: summary\n%s\nwant\n%s", round, got, w)
		}
		j := string(s.appendJSON(nil))
		wj := fmt.Sprintf(`{"files":0,"unreadable":0,"errors":%d,"warnings":%d,"critical":%d,"codes":{"C03":%d,"C09":%d,"C16":%d,"C20":%d,"S07":%d}}`,
			errs, warns, crit, want["C03"], want["C09"], want["C16"], want["C20"], want["S07"])
		if j != wj {
			t.Fatalf("round %d: JSON summary\n%s\nwant\n%s", round, j, wj)
		}
	}
}
