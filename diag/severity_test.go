package diag

import "testing"

// TestSeverityString: the three severities have their names; 0 and any
// other value say what they are.
func TestSeverityString(t *testing.T) {
	for s, want := range map[Severity]string{0: "Severity(0)", Warning: "warning", Error: "error", Fatal: "fatal", 4: "Severity(4)", 255: "Severity(255)"} {
		if got := s.String(); got != want {
			t.Errorf("Severity(%d).String() = %q, want %q", uint8(s), got, want)
		}
	}
}
