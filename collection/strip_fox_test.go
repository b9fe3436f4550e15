package collection

import (
	"testing"
)

// TestStripFoxTC: Fox writes "TM[1200]TC[10]TT[60]RL[0]" in the root (byo-yomi
// periods, their length, a rule flag). TC there is Fox's, not FF[1]'s
// obsolete "territory count", so --private removes it in the root of a file
// whose AP names Fox, and nowhere else.
func TestStripFoxTC(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"YuanYu", "(;AP[YuanYu]TM[1200]TC[10]TT[60]RL[0];B[pd])", "(;AP[YuanYu]TM[1200];B[pd])"},
		{"Fox with version", "(;AP[Fox:2.1]TC[3];B[pd])", "(;AP[Fox:2.1];B[pd])"},
		{"Fox, TC below the root stays", "(;AP[YuanYu];B[pd]TC[3])", "(;AP[YuanYu];B[pd]TC[3])"},
		{"not Fox", "(;AP[CGoban:3]TC[3];B[pd])", "(;AP[CGoban:3]TC[3];B[pd])"},
		{"no AP", "(;FF[1]TC[3];B[pd])", "(;FF[1]TC[3];B[pd])"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := mustParse(t, tt.src)
			if _, err := Strip(f, StripOptions{Private: true}); err != nil {
				t.Fatal(err)
			}
			if got := string(f.Bytes()); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}
