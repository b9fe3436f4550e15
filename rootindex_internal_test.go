package sgf

import "testing"

// TestRootIndexBytes compares rootIndexBytes, which scanRoot reads an
// identifier as written with, and rootIndex of the identifier's string,
// for every identifier of one to three upper-case letters and a few
// others.
func TestRootIndexBytes(t *testing.T) {
	var ids []string
	for a := 'A'; a <= 'Z'; a++ {
		ids = append(ids, string(a))
		for b := 'A'; b <= 'Z'; b++ {
			ids = append(ids, string(a)+string(b))
			ids = append(ids, string(a)+string(b)+"A", string(a)+string(b)+"Z")
		}
	}
	ids = append(ids, "", "ca", "Ca", "CAA", "GMM", "SZZ", "CA\x00", "C", "GaMe")
	for _, id := range ids {
		if got, want := rootIndexBytes([]byte(id)), rootIndex(id); got != want {
			t.Errorf("rootIndexBytes(%q) = %d, want %d", id, got, want)
		}
	}
}
