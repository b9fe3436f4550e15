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
	if code != 1 || !strings.Contains(errb.String(), "UTF-16, UTF-32") {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
	if got, _ := os.ReadFile(name); !bytes.Equal(got, wide) {
		t.Error("the file was changed")
	}
}

// A game whose text the typed view reads in a two-byte charset without CA
// (Big5 here: 許 and 功 end in "\") is not formatted byte by byte, which
// would change its text; --charset says how to read it.
func TestFmtRefusesTwoByteWithoutCA(t *testing.T) {
	big5 := []byte("(;FF[4]PB[\xb3\\\xa5\\]C[\xb3\\\xa6h\xb4\xd1\xa4\xe2\xa6\xa8\xa5\\\xa6a\xb0\xd1\xa5[\xa4F\xa4\xf1\xc1\xc9\xa1A\xbb\\\xb3\xb9\xa4\xa7\xab\xe1\xa4j\xaea\xa4@\xb0_\xa6Y\xb6\xba\xa1C];B[pd])")
	name := filepath.Join(t.TempDir(), "b.sgf")
	if err := os.WriteFile(name, big5, 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	code := Main([]string{"fmt", "--in-place", name}, nil, &out, &errb)
	if code != 1 || !strings.Contains(errb.String(), "Big5") {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
	if got, _ := os.ReadFile(name); !bytes.Equal(got, big5) {
		t.Error("the file was changed")
	}
	out.Reset()
	errb.Reset()
	if code := Main([]string{"fmt", "--charset", "Big5", name}, nil, &out, &errb); code != 0 || !bytes.Contains(out.Bytes(), []byte("PB[\xb3\\\xa5\\]")) {
		t.Errorf("--charset Big5: exit %d, %q, stderr %q", code, out.String(), errb.String())
	}
}
