package gogame

import "testing"

// TestZobristKeySequence checks that zobristKey gives the keys of the
// table the package used to build at start: the SplitMix64 sequence from
// the seed, colour by colour, point by point.
func TestZobristKeySequence(t *testing.T) {
	s := uint64(0x5347462d676f2d31)
	for c := range 2 {
		for i := range MaxSize * MaxSize {
			s += 0x9e3779b97f4a7c15
			if got, want := zobristKey(c, i), splitmix(s); got != want {
				t.Fatalf("zobristKey(%d, %d) = %#x, want %#x", c, i, got, want)
			}
		}
	}
	// Two keys written out, so that a change of the seed or the mixing
	// function is seen too.
	if got := zobristKey(0, 0); got != 0x81a5124163f3207f {
		t.Errorf("zobristKey(0, 0) = %#x", got)
	}
}
