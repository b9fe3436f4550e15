package collection

import (
	"bytes"

	"github.com/sgf-toolkit/sgf/syntax"
)

// JoinReport says what Join did.
type JoinReport struct {
	Files, Trees int
	// Tail counts the bytes of text after the last game tree of each file
	// (trimmed of white space), which is left out. Text in front of a tree
	// (a mail header) belongs to the tree's text and is kept.
	Tail int
}

// Join appends the game trees of the parsed files to dst, one collection:
// each tree's text exactly as read (see TreeText), on a line of its own.
// Text after the last tree of a file is left out and counted; a tree
// keeps its own CA, which FF[4] allows per game tree.
func Join(dst []byte, files []*syntax.File) ([]byte, JoinReport) {
	var r JoinReport
	for _, f := range files {
		r.Files++
		for _, t := range f.Trees {
			r.Trees++
			text := TreeText(t)
			if len(dst) > 0 && dst[len(dst)-1] != '\n' {
				dst = append(dst, '\n')
			}
			dst = append(dst, bytes.TrimRight(text, " \t\r\n")...)
			dst = append(dst, '\n')
		}
		r.Tail += len(bytes.TrimSpace(f.Tail()))
	}
	return dst, r
}
