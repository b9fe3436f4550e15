package sgf

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestFastRealForm checks fastReal on random short strings of digits,
// dots and other bytes: it accepts exactly "digits[.digits]" of at most
// 15 digits (no sign, no ".5", no "5."), and then gives
// strconv.ParseFloat's value.
func TestFastRealForm(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	alphabet := []byte("0123456789..-+e ")
	for range 300000 {
		raw := make([]byte, r.IntN(19))
		for i := range raw {
			raw[i] = alphabet[r.IntN(len(alphabet))]
		}
		f, ok := fastReal(raw)
		digits, dots, dotAt, other := 0, 0, -1, false
		for i, c := range raw {
			switch {
			case '0' <= c && c <= '9':
				digits++
			case c == '.':
				dots++
				dotAt = i
			default:
				other = true
			}
		}
		want := len(raw) > 0 && len(raw) <= 16 && !other && digits <= 15 &&
			(dots == 0 || dots == 1 && dotAt > 0 && dotAt < len(raw)-1)
		if ok != want {
			t.Fatalf("fastReal(%q) ok = %v, want %v", raw, ok, want)
		}
		if ok {
			if g, err := strconv.ParseFloat(string(raw), 64); err != nil || g != f {
				t.Fatalf("fastReal(%q) = %v, ParseFloat %v, %v", raw, f, g, err)
			}
		}
	}
}
