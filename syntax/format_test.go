package syntax

import "testing"

// TestFormatKeepEscapes: with KeepEscapes, an escape is dropped only when
// it is one in every ASCII-compatible charset; a "\" after a high byte may
// be the second byte of a GBK or Shift_JIS character and stays (issue 11,
// item 1: fmt turned GBK 黒, 0xFC 0x5C, into 0xFC and the next byte).
func TestFormatKeepEscapes(t *testing.T) {
	tests := []struct {
		name, in, keep, drop string
	}{
		{"GBK 黒 before a kana", "(;C[\xFC\\\xA4\xCE])", "(;C[\xFC\\\xA4\xCE])\n", "(;C[\xFC\xA4\xCE])\n"},
		{"after ASCII", "(;C[a\\b\xFC])", "(;C[ab\xFC])\n", "(;C[ab\xFC])\n"},
		{"at the start", "(;C[\\b\xFC])", "(;C[b\xFC])\n", "(;C[b\xFC])\n"},
		{"needed escapes stay", "(;C[\xFC\\]x\\\\])", "(;C[\xFC\\]x\\\\])\n", "(;C[\xFC\\]x\\\\])\n"},
		// "\\" after a high byte: in GBK 0xFC 0x5C is a character and the
		// second "\" escapes "b"; byte by byte "\\" is a backslash.
		{"after an escaped backslash", "(;C[\xFC\\\\\\b])", "(;C[\xFC\\\\\\b])\n", "(;C[\xFC\\\\b])\n"},
		{"after an escaped backslash, ASCII only", "(;C[a\\\\\\b])", "(;C[a\\\\b])\n", "(;C[a\\\\b])\n"},
		{"ISO-2022-JP kept whole", "(;C[\x1b$B9u\\x\x1b(B\\y])", "(;C[\x1b$B9u\\x\x1b(B\\y])\n", "(;C[\x1b$B9ux\x1b(By])\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Parse([]byte(tt.in), nil)
			if err != nil {
				t.Fatal(err)
			}
			got := string(FormatWith(f, FormatOptions{KeepEscapes: func(int) bool { return true }}))
			if got != tt.keep {
				t.Errorf("KeepEscapes: %q, want %q", got, tt.keep)
			}
			if got := string(Format(f)); got != tt.drop {
				t.Errorf("Format: %q, want %q", got, tt.drop)
			}
			// Formatting what KeepEscapes wrote changes nothing more.
			g, err := Parse([]byte(tt.keep), nil)
			if err != nil {
				t.Fatal(err)
			}
			if again := string(FormatWith(g, FormatOptions{KeepEscapes: func(int) bool { return true }})); again != tt.keep {
				t.Errorf("not idempotent: %q, then %q", tt.keep, again)
			}
		})
	}
}

// TestFormatAssumedSemicolon: a node that the parser read without its ";"
// (S... "game tree starts without \";\"") is written with it, also when it
// is one property of one two-byte value ("AB[pd]", which looks like
// ";B[pd]" shifted by one byte: formatTree's simple-move path copied it as
// it stood, without the ";"). Nodes ";B[pd]" followed by white space take
// that path too, and come out as the others.
func TestFormatAssumedSemicolon(t *testing.T) {
	tests := []struct{ in, want string }{
		{"(AB[pd];W[dd])", "(;AB[pd]\n;W[dd])\n"},
		{"(;B[aa](AB[pd];W[dd]))", "(;B[aa]\n  (;AB[pd];W[dd]))\n"},
		{"(;B[aa](AB[pd])(;W[dd]))", "(;B[aa]\n  (;AB[pd])\n  (;W[dd]))\n"},
		{"(;GM[1] ;B[aa] \n ;W[bb]\t(;B[cc]\n)(;B[dd] ))", "(;GM[1]\n;B[aa];W[bb]\n  (;B[cc])\n  (;B[dd]))\n"},
	}
	for _, tt := range tests {
		f, _ := Parse([]byte(tt.in), nil)
		if got := string(Format(f)); got != tt.want {
			t.Errorf("Format(%q) = %q, want %q", tt.in, got, tt.want)
		}
		// And again: the canonical form stays.
		g, _ := Parse([]byte(tt.want), nil)
		if again := string(Format(g)); again != tt.want {
			t.Errorf("Format(%q) = %q, not canonical", tt.want, again)
		}
	}
}
