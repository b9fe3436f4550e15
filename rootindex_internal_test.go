package sgf

import "testing"

// TestRootIndexBytes: rootIndex of an identifier as written ([]byte,
// which scanRoot reads) and of its string are the index of CA, GM and SZ
// and -1 for every other identifier of one to three upper-case letters
// and a few others; the []byte form makes no string.
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
	known := map[string]int{"CA": rootCA, "GM": rootGM, "SZ": rootSZ}
	for _, id := range ids {
		want, ok := known[id]
		if !ok {
			want = -1
		}
		if got := rootIndex([]byte(id)); got != want {
			t.Errorf("rootIndex([]byte(%q)) = %d, want %d", id, got, want)
		}
		if got := rootIndex(id); got != want {
			t.Errorf("rootIndex(%q) = %d, want %d", id, got, want)
		}
	}
	id := []byte("SZ")
	if n := testing.AllocsPerRun(100, func() { rootIndex(id) }); n != 0 {
		t.Errorf("rootIndex([]byte) makes %v allocations, want 0", n)
	}
}
