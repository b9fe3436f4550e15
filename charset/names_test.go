package charset

import "testing"

// TestNames: every LeadBytes and Verdict has its name, any other value
// says what it is.
func TestNames(t *testing.T) {
	for l, want := range map[LeadBytes]string{ASCIISafe: "ASCIISafe", ShiftJIS: "ShiftJIS", GBK: "GBK", Big5: "Big5", NotASCII: "NotASCII", 5: "LeadBytes(5)", 200: "LeadBytes(200)"} {
		if got := l.String(); got != want {
			t.Errorf("LeadBytes(%d).String() = %q, want %q", l, got, want)
		}
	}
	for v, want := range map[Verdict]string{Clean: "clean", Truncated: "truncated", Superset: "superset", Mismatch: "mismatch", 4: "Verdict(?)", 200: "Verdict(?)"} {
		if got := v.String(); got != want {
			t.Errorf("Verdict(%d).String() = %q, want %q", v, got, want)
		}
	}
}
