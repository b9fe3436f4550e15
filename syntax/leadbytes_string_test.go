package syntax

import "testing"

// TestLeadBytesString: every LeadBytes has its name, any other value says so.
func TestLeadBytesString(t *testing.T) {
	for l, want := range map[LeadBytes]string{ASCIISafe: "ascii-safe", ShiftJIS: "shift_jis", GBK: "gbk", Big5: "big5", 4: "LeadBytes(?)", 200: "LeadBytes(?)"} {
		if got := l.String(); got != want {
			t.Errorf("LeadBytes(%d).String() = %q, want %q", l, got, want)
		}
	}
}
