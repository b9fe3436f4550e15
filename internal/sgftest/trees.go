package sgftest

import "strings"

// TreesWithCA returns one game tree a line, one for each of cas: a root
// "(;GM[1]FF[4]" with CA[ca] (none for an empty ca) and then props, and a
// move B[pd]. Tests of how each tree's CA is read in a run of trees use it.
func TreesWithCA(cas []string, props string) []byte {
	var b strings.Builder
	for _, ca := range cas {
		b.WriteString("(;GM[1]FF[4]")
		if ca != "" {
			b.WriteString("CA[" + ca + "]")
		}
		b.WriteString(props + ";B[pd])\n")
	}
	return []byte(b.String())
}
