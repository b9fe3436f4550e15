package value

import "strconv"

// A HexCell is a cell of a Hex (GM[11]) board. Col and Row are 0-based:
// "a1" is {0, 0}, "f6" is {5, 5}, "ab28" is {27, 27}.
//
// The column label is a base-26 letter number (HexWiki: "the next columns
// after 'z' are 'aa', 'ab', 'ac', etc."), the row label a decimal number
// from 1; cell names are case-insensitive and are written in lower case.
type HexCell struct{ Col, Row int }

// Limits on Hex cell labels, far beyond any real board; longer labels are
// an error wrapping [ErrRange].
const (
	maxHexColLetters = 4 // columns up to "zzzz" (475254)
	maxHexRowDigits  = 6 // rows up to 999999
)

// String returns the cell's name ("f6").
func (c HexCell) String() string { return string(AppendHexCell(nil, c)) }

// ParseHexCell parses a Hex cell name such as "a1", "F6" or "ab28". Row
// numbers start at 1 and have no leading zeros.
func ParseHexCell(raw []byte) (HexCell, error) {
	s := unescape(raw)
	i := 0
	col := 0
	for i < len(s) && isASCIILetter(s[i]) {
		col = col*26 + int(s[i]|0x20-'a') + 1
		i++
	}
	letters := i
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	digits := s[letters:i]
	if letters == 0 || len(digits) == 0 || i != len(s) || digits[0] == '0' {
		return HexCell{}, syntaxError("HexCell", raw)
	}
	if letters > maxHexColLetters || len(digits) > maxHexRowDigits {
		return HexCell{}, rangeError("HexCell", raw)
	}
	row, _ := strconv.Atoi(string(digits))
	return HexCell{col - 1, row - 1}, nil
}

func isASCIILetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// AppendHexCell appends the name of c to dst. A cell with a negative
// coordinate has no name; it is written as "?", which ParseHexCell rejects.
func AppendHexCell(dst []byte, c HexCell) []byte {
	if c.Col < 0 || c.Row < 0 {
		return append(dst, '?')
	}
	var buf [16]byte
	i := len(buf)
	for n := c.Col + 1; n > 0; n = (n - 1) / 26 {
		i--
		buf[i] = byte('a' + (n-1)%26)
	}
	dst = append(dst, buf[i:]...)
	return strconv.AppendInt(dst, int64(c.Row)+1, 10)
}

// HexMoveKind says what a Hex move is.
type HexMoveKind uint8

// The kinds of Hex move.
const (
	HexPlace      HexMoveKind = iota // a stone on Cell
	HexSwapPieces                    // "swap-pieces"
	HexSwapSides                     // "swap-sides"
	HexPass                          // "pass"
	HexResign                        // "resign"
	HexForfeit                       // "forfeit"
)

var hexMoveWords = [...]string{
	HexSwapPieces: "swap-pieces",
	HexSwapSides:  "swap-sides",
	HexPass:       "pass",
	HexResign:     "resign",
	HexForfeit:    "forfeit",
}

func (k HexMoveKind) String() string {
	if k == HexPlace {
		return "place"
	}
	if int(k) < len(hexMoveWords) {
		return hexMoveWords[k]
	}
	return "HexMoveKind(" + strconv.Itoa(int(k)) + ")"
}

// A HexMove is the value of B or W in a Hex game. Cell is set only when
// Kind is HexPlace.
type HexMove struct {
	Kind HexMoveKind
	Cell HexCell
}

// ParseHexMove parses a Hex move: a cell, or one of "swap-pieces",
// "swap-sides", "pass", "resign", "forfeit" (matched case-insensitively,
// like cell names).
func ParseHexMove(raw []byte) (HexMove, error) {
	s := unescape(raw)
	for k, w := range hexMoveWords {
		if w != "" && equalFoldASCII(s, w) {
			return HexMove{Kind: HexMoveKind(k)}, nil
		}
	}
	c, err := ParseHexCell(raw)
	if err != nil {
		err.(*Error).Type = "HexMove"
		return HexMove{}, err
	}
	return HexMove{Kind: HexPlace, Cell: c}, nil
}

// AppendHexMove appends m to dst: the cell's name or the move's word.
func AppendHexMove(dst []byte, m HexMove) []byte {
	if m.Kind == HexPlace {
		return AppendHexCell(dst, m.Cell)
	}
	return append(dst, m.Kind.String()...)
}

// equalFoldASCII reports whether s equals the lower-case ASCII word w,
// ignoring ASCII case.
func equalFoldASCII(s []byte, w string) bool {
	if len(s) != len(w) {
		return false
	}
	for i := range s {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != w[i] {
			return false
		}
	}
	return true
}
