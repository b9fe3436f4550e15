package syntax

import "testing"

// TestLineIndexEnd: the end position the Reader carries from tree to tree,
// counted without the index when there is no carriage return, is the
// index's position of the end.
func TestLineIndexEnd(t *testing.T) {
	for _, src := range []string{
		"", "(;B[aa])", "\n", "(;B[aa])\n", "\n\n(;C[a\nb])\n  ", "x\ny\nzz",
		"a\r\nb", "a\rb\n", "\r\n\r\n", "a\n\rb", "abc\r",
	} {
		for _, base := range []struct{ line, col int }{{1, 1}, {7, 3}} {
			l := &lineIndex{src: []byte(src), base: 100, baseLine: base.line, baseCol: base.col}
			line, col := l.end()
			l2 := &lineIndex{src: []byte(src), base: 100, baseLine: base.line, baseCol: base.col}
			want := l2.position(100 + int64(len(src)))
			if line != want.Line || col != want.Column {
				t.Errorf("%q from %d:%d: end %d:%d, want %d:%d", src, base.line, base.col, line, col, want.Line, want.Column)
			}
		}
	}
}
