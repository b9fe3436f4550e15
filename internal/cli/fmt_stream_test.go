package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/syntax"
)

// TestFmtLargeFile: a file of more than streamFormatBytes is formatted
// while it is parsed (syntax.FormatStream); the output is the canonical
// layout all the same, with the escapes of a tree in an undetected
// charset kept (a "\" after a byte above ASCII may be half of a GBK
// character) and the others dropped.
func TestFmtLargeFile(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		runtime.GOMAXPROCS(2)
		defer runtime.GOMAXPROCS(1)
	}
	var src []byte
	for i := 0; len(src) < 3*streamFormatBytes; i++ {
		ca := "CA[UTF-8]"
		if i%50 == 7 {
			ca = "" // Latin-1 or GBK? detected, not declared
		}
		src = fmt.Appendf(src, "(;GM[1]FF[4]%sSZ[19]PB[p%d]C[\\q caf\xc3\xa9\\q]\n;B[pd];W[dp]  ;B[%c%c]\n(;W[aa])(;W[bb];B[cc]))\n",
			ca, i, 'a'+i%19, 'a'+i/19%19)
	}
	name := filepath.Join(t.TempDir(), "large.sgf")
	if err := os.WriteFile(name, src, 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := Main([]string{"fmt", name}, nil, &out, &errb); code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	c, err := sgf.ReadBytes(src, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := syntax.FormatWith(c.File(), syntax.FormatOptions{KeepEscapes: c.CharsetUnsure})
	if !bytes.Equal(out.Bytes(), want) {
		t.Fatalf("fmt of a large file differs from the canonical layout (%d and %d bytes)", out.Len(), len(want))
	}
	if !bytes.Contains(out.Bytes(), []byte("caf\xc3\xa9\\q")) || !bytes.Contains(out.Bytes(), []byte("caf\xc3\xa9q")) {
		t.Error("the escapes after a byte above ASCII are not kept in the undetected trees only")
	}
}
