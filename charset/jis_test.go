package charset

import "testing"

// TestJISOneTest: DetectWide (a whole input) and Detect (the text values)
// recognise ISO-2022-JP by the one test, isJIS: the same escape sequences,
// seven bits only. Before, DetectWide missed a file whose only escapes
// were to JIS X 0201 (ESC ( I katakana, ESC ( J Roman), which Detect took
// as ISO-2022-JP.
func TestJISOneTest(t *testing.T) {
	tests := []struct {
		name string
		text string
		want bool
	}{
		{"JIS X 0208", "\x1b$B3X\x1b(B", true},
		{"JIS X 0208 (1978)", "\x1b$@3X\x1b(B", true},
		{"JIS X 0212", "\x1b$(D+!\x1b(B", true},
		{"JIS X 0201 katakana", "\x1b(I1\x1b(B", true},
		{"JIS X 0201 Roman", "\x1b(J\\\x1b(B", true},
		{"ASCII", "Honinbo Shusaku", false},
		{"an escape to ASCII only", "\x1b(Bplain", false},
		{"8-bit bytes", "\x1b$B3X\x1b(B\xe9", false},
	}
	for _, tt := range tests {
		src := []byte("(;GM[1]FF[4]C[" + tt.text + "])")
		_, wide := DetectWide(src)
		det := Detect([][]byte{[]byte(tt.text)}).Charset == csISO2022JP
		if wide != tt.want || det != tt.want {
			t.Errorf("%s: DetectWide %v, Detect %v, want %v", tt.name, wide, det, tt.want)
		}
	}
}
