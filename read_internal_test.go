package sgf

import (
	"bytes"
	"testing"

	"github.com/sgf-toolkit/sgf/value"
)

// TestASCIIOnly checks asciiOnly, 32 and 8 bytes at a time, against the
// byte loop it replaces, with the byte that matters at every position of
// inputs of up to three blocks of 32.
func TestASCIIOnly(t *testing.T) {
	slow := func(b []byte) bool {
		for _, c := range b {
			if c >= 0x80 || c == 0x1B {
				return false
			}
		}
		return true
	}
	for n := 0; n <= 100; n++ {
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

// TestBoardOfPlainSize: an SZ of digits only, which boardOf reads without
// value.ParseSize, gives what ParseSize gives (0 is no size: the game's
// default), for Go and for Hex.
func TestBoardOfPlainSize(t *testing.T) {
	for _, gm := range []string{"1", "11"} {
		for _, sz := range []string{"1", "9", "19", "019", "0", "00", "52", "99", "123456789", "1234567890"} {
			game, cols, rows := boardOf([]byte(gm), []byte(sz))
			wantCols, wantRows := 19, 19
			if game == GameHex {
				wantCols, wantRows = 11, 11
			}
			if c, r, err := value.ParseSize([]byte(sz)); err == nil {
				wantCols, wantRows = c, r
			}
			if cols != wantCols || rows != wantRows {
				t.Errorf("GM[%s]SZ[%s]: %dx%d, want %dx%d as ParseSize reads it", gm, sz, cols, rows, wantCols, wantRows)
			}
		}
	}
}
