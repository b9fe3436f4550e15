package check

import (
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf/syntax"
)

// TestFoxKomi: the evidence is in foxKomi's comment (games/fox-tygem-ai:
// KM[750] with RU[Japanese], KM[375] with RU[Chinese] in a competition
// played with 7.5 points of komi).
func TestFoxKomi(t *testing.T) {
	tests := []struct {
		raw     string
		chinese bool
		want    string
		ok      bool
	}{
		{"750", false, "7.5", true},
		{"650", false, "6.5", true},
		{"50", false, "0.5", true},
		{"375", true, "7.5", true}, // 3.75 stones
		{"375", false, "3.75", true},
		{"750", true, "7.5", true},
		{"7.5", false, "", false},
		{"0", false, "", false},
		{"6", false, "", false},
		{"49", false, "", false},
		{"333", false, "", false}, // not a multiple of 25
	}
	for _, tt := range tests {
		t.Run(tt.raw, func(t *testing.T) {
			got, ok := foxKomi([]byte(tt.raw), tt.chinese)
			if got != tt.want || ok != tt.ok {
				t.Errorf("foxKomi(%q, %v) = %q, %v, want %q, %v", tt.raw, tt.chinese, got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestMailHeader(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"From: a@b\nSubject: x\n\n", len("From: a@b\nSubject: x\n\n")},
		{"From a@b Mon Jan 1\nDate: x\n  folded\n\nrest", len("From a@b Mon Jan 1\nDate: x\n  folded\n\n")},
		{"Subject: only one\n\n", 0},
		{"Game notes: good game\nAnother: line\n\n", 0},
		{"some text\n", 0},
		{"", 0},
	}
	for _, tt := range tests {
		if got := mailHeader([]byte(tt.in)); got != tt.want {
			t.Errorf("mailHeader(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

// TestQuirkProfiles: each profile changes what Check reports on a file
// showing its habit, and every profile is found by DetectQuirks.
func TestQuirkProfiles(t *testing.T) {
	tests := []struct {
		profile, src string
		code         Code
	}{
		{"fox", "(;GM[1]FF[4]AP[YuanYu:1]KM[750]HA[1];B[pd])", CodeScaledKomi},
		{"handicap-moves", "(;GM[1]FF[4]HA[2];B[pd];B[dp];W[dd])", CodeHandicapMoves},
		{"kgs", "(;GM[1]FF[4]AP[CGoban:3];B[pd];W[]TB[aa]TW[ss])", CodeTerritoryOnMove},
		{"multigo", "(;GM[1]FF[4]MULTIGOGM[1];B[pd])", CodeUnknownProperty},
		{"mail", "From: x@y\nSubject: game\n\n(;GM[1]FF[4];B[pd])", CodeMailHeader},
		{"space-pass", "(;GM[1]FF[4];B[ ];W[dd])", CodeSpacePass},
		{"nested", "(;GM[1]FF[4];B[aa](;W[bb](;B[cc])))", CodeNestedVariations},
	}
	for _, tt := range tests {
		t.Run(tt.profile, func(t *testing.T) {
			p, ok := LookupProfile(tt.profile)
			if !ok {
				t.Fatalf("no profile %s", tt.profile)
			}
			f, _ := syntax.Parse([]byte(tt.src), caOpts)
			quirked := func(ds []Diagnostic) int {
				n := 0
				for _, d := range ds {
					if d.Code == tt.code && d.Quirk != "" {
						n++
					}
				}
				return n
			}
			if n := quirked(Check(f, Options{})); n != 0 {
				t.Errorf("without the profile: %d quirk diagnostics", n)
			}
			if n := quirked(Check(f, Options{Quirks: p.Quirks})); n == 0 {
				t.Errorf("with the profile: no %s diagnostic", tt.code)
			}
			if q := DetectQuirks(f, f.Trees[0]); q&p.Quirks == 0 {
				t.Errorf("DetectQuirks = %v, want %s", q, tt.profile)
			}
			if !strings.Contains(AllQuirks.String(), tt.profile) {
				t.Errorf("AllQuirks.String() lacks %s", tt.profile)
			}
		})
	}
}

// TestWideC47: a wide input (charset.DecodeWide, through the typed view's
// one decision) is checked as its UTF-8 text, with one C47 that names its
// charset; ASCII and eight-bit input with an escape sequence are not wide.
func TestWideC47(t *testing.T) {
	c47 := func(src []byte) (string, string) {
		ds, text := AllText(src, Options{})
		for _, d := range ds {
			if d.Code == CodeWideEncoding {
				return string(text), d.Message
			}
		}
		return string(text), ""
	}
	src := []byte{0xFE, 0xFF, 0, '(', 0, ';', 0, 'C', 0, '[', 0, 0xE9, 0, ']', 0, ')'}
	if text, msg := c47(src); text != "(;C[é])" || !strings.Contains(msg, "UTF-16BE") {
		t.Errorf("UTF-16BE: %q, C47 %q", text, msg)
	}
	if _, msg := c47([]byte("(;C[x])")); msg != "" {
		t.Errorf("ASCII: C47 %q", msg)
	}
	// ISO-2022-JP: 丸 is ESC $ B "4]" ESC ( B, a "]" inside a character.
	jis := []byte("(;CA[ISO-2022-JP]PB[\x1b$B;04]\x1b(B];B[pd])")
	if text, msg := c47(jis); text != "(;CA[ISO-2022-JP]PB[三丸];B[pd])" || !strings.Contains(msg, "ISO-2022-JP") {
		t.Errorf("ISO-2022-JP: %q, C47 %q", text, msg)
	}
	// An escape sequence in a file with eight-bit bytes is no ISO-2022-JP.
	if _, msg := c47([]byte("(;C[\x1b$B;0\x1b(B \xe9])")); msg != "" {
		t.Errorf("eight-bit bytes read as ISO-2022-JP: C47 %q", msg)
	}
}
