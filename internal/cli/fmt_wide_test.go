package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"
)

// TestFmtRefusesWideInput: fmt writes canonical form in the file's own
// bytes, which it cannot do for UTF-16; it refuses, even with --force
// --in-place, and leaves the file as it was.
func TestFmtRefusesWideInput(t *testing.T) {
	text := "(;FF[4]CA[UTF-16LE]C[wide];B[aa])"
	wide := []byte{0xFF, 0xFE}
	for _, u := range utf16.Encode([]rune(text)) {
		wide = append(wide, byte(u), byte(u>>8))
	}
	name := filepath.Join(t.TempDir(), "w.sgf")
	if err := os.WriteFile(name, wide, 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	code := Main([]string{"fmt", "--in-place", "--force", name}, nil, &out, &errb)
	if code != 1 || !strings.Contains(errb.String(), "UTF-16 or UTF-32") {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
	if got, _ := os.ReadFile(name); !bytes.Equal(got, wide) {
		t.Error("the file was changed")
	}
}
