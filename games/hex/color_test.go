package hex

import "testing"

// TestColorString: ".", "B" and "W", and any other value says what it is.
func TestColorString(t *testing.T) {
	for c, want := range map[Color]string{Empty: ".", Black: "B", White: "W", 3: "Color(3)", 255: "Color(255)"} {
		if got := c.String(); got != want {
			t.Errorf("Color(%d).String() = %q, want %q", uint8(c), got, want)
		}
	}
}
