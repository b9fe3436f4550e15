package check_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf/check"
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
	if err != nil || string(out) != "(;GM[1]FF[4]SZ[19]\n;B[pd]C[ok];W[dd];B[pp];W[dp])\n" || len(changes) != 2 {
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
