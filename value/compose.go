package value

// SplitCompose splits a raw Compose value at its first unescaped ':'.
// left and right are sub-slices of raw, escapes intact. ok is false when raw
// holds no unescaped ':' (then left is raw and right is nil).
//
// A second unescaped ':' stays in right: FF[4] composes exactly two values,
// and for a SimpleText right-hand side (LB, AP, FG) an unescaped ':' is
// literal text.
func SplitCompose(raw []byte) (left, right []byte, ok bool) {
	for i := 0; i < len(raw); i++ {
		switch raw[i] {
		case '\\':
			i++ // skip the escaped byte
		case ':':
			return raw[:i], raw[i+1:], true
		}
	}
	return raw, nil, false
}
