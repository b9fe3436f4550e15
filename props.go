package sgf

import "github.com/sgf-toolkit/sgf/syntax"

// eachProp reads the properties of the node whose text starts src (from
// syntax.Node.SourceRest) as syntax.Node.Props does, the same rules
// (identifiers of up to 100 letters with an upper-case one, followed by at
// least one value; what the parser ignored is skipped), without building a
// syntax.Property: fn gets the identifier, its offset in src and the first
// value, raw. A value that the input ends in runs to the end of src, and
// is the last one read. It stops when fn returns false.
func eachProp(src []byte, mode syntax.LeadBytes, fn func(id []byte, off int, first []byte) bool) {
	i := 0
	if i < len(src) && src[i] == ';' {
		i++
	}
	for i < len(src) {
		c := src[i]
		switch {
		case c <= ' ':
			i++
		case c == ';' || c == '(' || c == ')':
			return
		case isIDLetter(c):
			e := i + 1
			upper := c <= 'Z'
			for e < len(src) && isIDLetter(src[e]) {
				upper = upper || src[e] <= 'Z'
				e++
			}
			j := e
			for j < len(src) && src[j] <= ' ' {
				j++
			}
			if j >= len(src) || src[j] != '[' {
				i = e
				continue
			}
			var first []byte
			for k := 0; j < len(src) && src[j] == '['; k++ {
				end, ok := syntax.ScanValue(src, j, mode)
				if k == 0 {
					first = src[j+1 : end]
				}
				if !ok {
					j = len(src)
					break
				}
				j = end + 1
				for j < len(src) && src[j] <= ' ' {
					j++
				}
			}
			if e-i <= maxIDLen && upper && !fn(src[i:e], i, first) {
				return
			}
			i = j
		case c == '[':
			for i < len(src) && src[i] == '[' {
				end, ok := syntax.ScanValue(src, i, mode)
				if !ok {
					return
				}
				i = end + 1
				for i < len(src) && src[i] <= ' ' {
					i++
				}
			}
		default:
			i++
		}
	}
}
