package sgf

import (
	"testing"

	"github.com/sgf-toolkit/sgf/property"
)

// TestSlotIDs checks every slot's identifier against the catalogue's
// numbering of slots (property.Slot).
func TestSlotIDs(t *testing.T) {
	n := 0
	for a := byte('A'); a <= 'Z'; a++ {
		ids := []string{string(a)}
		for b := byte('A'); b <= 'Z'; b++ {
			ids = append(ids, string([]byte{a, b}))
		}
		for _, id := range ids {
			s := property.Slot(id)
			if s < 0 || slotIDs[s] != id {
				t.Errorf("slot of %q: %d", id, s)
			}
			n++
		}
	}
	if n != property.Slots {
		t.Errorf("%d identifiers, %d slots", n, property.Slots)
	}
}
