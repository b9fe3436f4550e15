package check

import "testing"

// TestMailHeaderEnd: the header ends after the empty line that follows it,
// or at the end of the text when there is no line break after its last
// line (or after the empty line).
func TestMailHeaderEnd(t *testing.T) {
	for b, want := range map[string]int{
		"From: a\nSubject: b\n\n(;GM[1])": 20,
		"From: a\nSubject: b\n\n":         20,
		"From: a\r\nSubject: b\r\n\r\n":   23,
		"From: a\nSubject: b\n  ":         21, // the white space line is the end, without a break after it
		"From: a\nSubject: b":             18,
		"From: a\nSubject: b\n":           19,
		"From a\nTo: b\nx":                0,
		"From: a\n\nSubject: b":           0,
		"":                                0,
	} {
		if got := mailHeader([]byte(b)); got != want {
			t.Errorf("mailHeader(%q) = %d, want %d", b, got, want)
		}
	}
}
