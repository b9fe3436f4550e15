package check

import (
	"strings"
	"testing"
)

// TestSuperkoForASCII compares superkoFor, which reads an ASCII RU in
// lower case on the stack, with the reading of the trimmed value in lower
// case by strings.ToLower, for values in any case, with white space, too
// long for the stack buffer, and not ASCII (the Kelvin sign K is "k" in
// lower case).
func TestSuperkoForASCII(t *testing.T) {
	ref := func(ru []byte) Superko {
		s := strings.ToLower(strings.TrimSpace(string(ru)))
		switch {
		case strings.HasPrefix(s, "japan"), strings.HasPrefix(s, "korea"), s == "jp", s == "ko":
			return SuperkoNone
		case strings.HasPrefix(s, "aga"), s == "nz", strings.HasPrefix(s, "new zealand"):
			return SuperkoSituational
		}
		return SuperkoPositional
	}
	vals := []string{"", " ", "Japanese", "JAPANESE", " japanese\\n", "Japan", "japa", "Korean", "KO", "ko", "Ko ", "kor",
		"JP", "jp", "j p", "AGA", "aga rules", "Ag", "NZ", " nz ", "New Zealand", "new zealand rules", "New  Zealand",
		"Chinese", "cn", "Tromp-Taylor", "\u212aorean", "\u212ao", "Japanese\u00e9", "\u00e9Japanese",
		"Japanese" + strings.Repeat(" x", 20), strings.Repeat(" ", 40) + "Korean", "\tAGA\n", "AGA\u00a0", "\u00a0AGA"}
	for _, v := range vals {
		if got, want := superkoFor([]byte(v)), ref([]byte(v)); got != want {
			t.Errorf("superkoFor(%q) = %v, want %v", v, got, want)
		}
	}
}
