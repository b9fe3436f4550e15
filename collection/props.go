package collection

import (
	"slices"

	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/syntax"
)

// appendProp appends the property as text: its identifier as written and
// each value in brackets, raw.
func appendProp(dst []byte, p syntax.Property) []byte {
	dst = append(dst, p.ID...)
	for v := range p.Values() {
		dst = append(dst, '[')
		dst = append(dst, v.Raw...)
		dst = append(dst, ']')
	}
	return dst
}

// isGameInfo reports whether the property is a game-info property.
func isGameInfo(id []byte) bool {
	info, ok := property.Lookup(property.Canonical(id))
	return ok && info.Kind == property.KindGameInfo
}

// isMoveOrSetup reports whether the property is compared in MovesOnly mode.
func isMoveOrSetup(c string) bool {
	switch c {
	case "B", "W", "AB", "AW", "AE", "PL":
		return true
	}
	return false
}

// sortedKey returns a key for a list of property texts that does not depend
// on their order.
func sortedKey(props []string) string {
	switch len(props) {
	case 0:
		return ""
	case 1:
		return props[0]
	}
	slices.Sort(props)
	n := 0
	for _, p := range props {
		n += len(p) + 1
	}
	b := make([]byte, 0, n)
	for _, p := range props {
		b = append(b, p...)
		b = append(b, 0)
	}
	return string(b)
}
