package syntax

import (
	"bytes"
	"testing"
)

// scanValueByHand is the FF[4] reading of a value, byte by byte: "]" ends
// it unless a "\" escapes it, and "\" escapes whatever follows it
// (sgf.html, "Text": "\" is the escape character; "]" and "\" must be
// escaped). It returns the offset of the closing "]", or len(src) and
// false when there is none.
func scanValueByHand(src []byte, i int) (int, bool) {
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case ']':
			return j, true
		case '\\':
			j++
		}
	}
	return len(src), false
}

// TestScanValuePieces: scanValue searches a long value in pieces of
// scanPiece bytes (so that the goroutine can be preempted between them)
// and finds the same end as the byte-by-byte reading, also where a "\" at
// the end of a piece escapes the "]" that starts the next one, where the
// "]" is pieces away, and where there is none.
func TestScanValuePieces(t *testing.T) {
	long := func(n int, at map[int]byte) []byte {
		b := bytes.Repeat([]byte{'a'}, n)
		b[0] = '['
		for k, c := range at {
			b[k] = c
		}
		return b
	}
	// offsets of the value's bytes: the value starts at 1; the first
	// piece is j = 1+24 (after the hand scan) up to 1+24+scanPiece
	edge := 1 + 24 + scanPiece
	cases := []struct {
		name string
		src  []byte
	}{
		{"no end", long(3*scanPiece, nil)},
		{"end pieces away", long(3*scanPiece, map[int]byte{2*scanPiece + 7: ']'})},
		{"end right after a piece", long(2*scanPiece, map[int]byte{edge: ']'})},
		{"end last in a piece", long(2*scanPiece, map[int]byte{edge - 1: ']'})},
		{"escaped end across pieces", long(2*scanPiece, map[int]byte{edge - 1: '\\', edge: ']', edge + 5: ']'})},
		{"escaped backslash before a piece's end", long(2*scanPiece, map[int]byte{edge - 2: '\\', edge - 1: '\\', edge: ']'})},
		{"backslash last byte of input", long(scanPiece+100, map[int]byte{scanPiece + 99: '\\'})},
		{"backslash at a piece's end, no end", long(2*scanPiece, map[int]byte{edge - 1: '\\'})},
	}
	for _, c := range cases {
		wantJ, wantOK := scanValueByHand(c.src, 0)
		j, ok := scanValue(c.src, 0, ASCIISafe)
		if j != wantJ || ok != wantOK {
			t.Errorf("%s: scanValue = %d, %v; byte by byte %d, %v", c.name, j, ok, wantJ, wantOK)
		}
	}
}
