package sgf

import (
	"bytes"
	"testing"
)

// TestASCIIOnly checks the eight-bytes-at-a-time asciiOnly against the
// byte loop it replaces, with the byte that matters at every position.
func TestASCIIOnly(t *testing.T) {
	slow := func(b []byte) bool {
		for _, c := range b {
			if c >= 0x80 || c == 0x1B {
				return false
			}
		}
		return true
	}
	for n := 0; n <= 40; n++ {
		for pos := 0; pos < n; pos++ {
			for _, c := range []byte{0x1B, 0x1A, 0x1C, 0x3B, 0x9B, 0x80, 0xFF, 0x7F, 0x00, 0x01} {
				b := bytes.Repeat([]byte{'a'}, n)
				b[pos] = c
				if got, want := asciiOnly(b), slow(b); got != want {
					t.Fatalf("asciiOnly(%q) = %v, want %v", b, got, want)
				}
			}
		}
	}
}
