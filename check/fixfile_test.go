package check_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/check"
	"github.com/sgf-toolkit/sgf/convert"
)

// TestFixFile: one call keeps the command line's promise: a fix that
// loses information fails with the problems unless Critical (issue 19,
// defect 1 and Build).
func TestFixFile(t *testing.T) {
	const lossy = "(;GM[1]FF[4]SZ[19];B[pd]C[ok] ;W[dd]XX;B[pp]%junk!;W[dp])"
	out, changes, _, err := check.FixFile([]byte(lossy), check.FixOptions{})
	var le *check.LossError
	if !errors.Is(err, check.ErrLossy) || !errors.As(err, &le) || len(le.Syntax) != 2 || out != nil || changes != nil {
		t.Fatalf("FixFile(lossy) = %q, %v, %v", out, changes, err)
	}
	if !strings.Contains(err.Error(), "S08") || !strings.Contains(err.Error(), "(and 1 more)") {
		t.Errorf("error %q", err)
	}
	out, changes, _, err = check.FixFile([]byte(lossy), check.FixOptions{Critical: true})
	if err != nil || string(out) != "(;GM[1]\nFF[4]\nCA[UTF-8]\nSZ[19]\n;B[pd]C[ok];W[dd];B[pp];W[dp])\n" || len(changes) != 3 {
		t.Errorf("FixFile(lossy, Critical) = %q, %+v, %v", out, changes, err)
	}
	// A fixable file: fixed; a fault without a fix is reported unfixed.
	out, changes, unfixed, err := check.FixFile([]byte("(;GM[1]KM[5 1/2]RE[john wins];B[cc])"), check.FixOptions{})
	if err != nil || !strings.Contains(string(out), "KM[5.5]") || len(changes) == 0 {
		t.Errorf("FixFile = %q, %+v, %v", out, changes, err)
	}
	if len(unfixed) == 0 || unfixed[0].Property != "RE" {
		t.Errorf("unfixed %v", unfixed)
	}
	if _, _, _, err := check.FixFile([]byte("no sgf here"), check.FixOptions{}); !errors.Is(err, check.ErrNoGameTree) {
		t.Errorf("no tree: %v", err)
	}
	// UTF-16 is decoded first.
	u16 := []byte{0xFF, 0xFE}
	for _, r := range "(;GM[1]C[é])" {
		u16 = append(u16, byte(r), byte(r>>8))
	}
	if out, _, _, err := check.FixFile(u16, check.FixOptions{}); err != nil || !strings.Contains(string(out), "C[é]") {
		t.Errorf("UTF-16: %q, %v", out, err)
	}
}

// TestFixFileConverts: FixFile is the whole pipeline of sgf fix, the
// conversion to UTF-8 included (it stopped at check.Fix before, leaving
// Latin-1 text as Latin-1 bytes under no CA).
func TestFixFileConverts(t *testing.T) {
	hasConvert := func(cs []check.Change, code convert.Code) bool {
		for _, c := range cs {
			if c.Convert == code && c.Code == 0 && c.Syntax == 0 {
				return true
			}
		}
		return false
	}
	// A declared charset: the text decoded, CA[UTF-8] set, each said.
	out, changes, _, err := check.FixFile([]byte("(;FF[4]GM[1]CA[ISO-8859-1]C[caf\xe9])"), check.FixOptions{})
	if err != nil || string(out) != "(;FF[4]\nGM[1]\nCA[UTF-8]\nC[café])\n" || !hasConvert(changes, convert.CodeCharset) {
		t.Errorf("Latin-1: %q, %+v, %v", out, changes, err)
	}
	// Read.Charset overrides the reading, as sgf fix --charset does.
	ru := []byte("(;FF[4]GM[1]C[\xcf\xf0\xe8\xe2\xe5\xf2])")
	out, changes, _, err = check.FixFile(ru, check.FixOptions{Options: check.Options{Read: &sgf.ReadOptions{Charset: "windows-1251"}}})
	if err != nil || !strings.Contains(string(out), "C[Привет]") || !strings.Contains(string(out), "CA[UTF-8]") || !hasConvert(changes, convert.CodeCharset) {
		t.Errorf("windows-1251: %q, %+v, %v", out, changes, err)
	}
	// An FF[3] file: check's fixes and the conversion's, FF said once.
	out, changes, _, err = check.FixFile([]byte("(;FF[3]GM[1]CA[UTF-8]KM[5 1/2];B[tt])"), check.FixOptions{})
	ff := 0
	for _, c := range changes {
		if c.Property == "FF" {
			ff++
		}
	}
	if err != nil || !strings.Contains(string(out), "FF[4]") || !strings.Contains(string(out), "KM[5.5]") || !strings.Contains(string(out), "B[]") || ff != 1 {
		t.Errorf("FF[3]: %q, %+v, %v", out, changes, err)
	}
	// Nothing to fix: the bytes as they were, layout included, and no
	// change.
	clean := "(;FF[4]GM[1]CA[UTF-8]SZ[19]\n  ;B[pd] ;W[dd])"
	out, changes, unfixed, err := check.FixFile([]byte(clean), check.FixOptions{})
	if err != nil || string(out) != clean || len(changes) != 0 || len(unfixed) != 0 {
		t.Errorf("clean: %q, %+v, %v, %v", out, changes, unfixed, err)
	}
	// A charset that cannot be used is the conversion's error.
	var cerr *convert.Error
	if _, _, _, err := check.FixFile([]byte("(;FF[4]GM[1]C[x])"), check.FixOptions{Options: check.Options{Read: &sgf.ReadOptions{Charset: "no-such"}}}); !errors.As(err, &cerr) {
		t.Errorf("unknown charset: %v", err)
	}
}
