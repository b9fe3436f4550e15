package charset

import (
	"bytes"
	"testing"
)

// TestASCIIPrefix: asciiPrefix, which reads words, answers as a loop over
// the bytes, with a byte >= 0x80 (or none) at every place of every length
// up to past two blocks of thirty-two bytes, at every alignment.
func TestASCIIPrefix(t *testing.T) {
	slow := func(b []byte) int {
		for i, c := range b {
			if c >= 0x80 {
				return i
			}
		}
		return len(b)
	}
	buf := bytes.Repeat([]byte{0x7F}, 100)
	for off := range 8 {
		for n := 0; off+n <= 80; n++ {
			for pos := -1; pos < n; pos++ {
				for _, c := range []byte{0x80, 0xFF, 0xC3} {
					b := append([]byte(nil), buf[:off+n]...)[off:]
					if pos >= 0 {
						b[pos] = c
					}
					if got, want := asciiPrefix(b), slow(b); got != want {
						t.Fatalf("asciiPrefix(%x) = %d, want %d", b, got, want)
					}
				}
			}
		}
	}
}
