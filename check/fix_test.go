package check

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf/syntax"
)

func fixString(t *testing.T, src string, opts FixOptions) (string, []Change) {
	t.Helper()
	f, err := syntax.Parse([]byte(src), caOpts)
	if err != nil {
		t.Fatal(err)
	}
	out, ch := Fix(f, opts)
	return string(out), ch
}

func TestFix(t *testing.T) {
	tests := []struct {
		name, src string
		opts      FixOptions
		want      string
	}{
		{"nothing to fix", "(;FF[4]GM[1]SZ[19];B[pd];W[dd])", FixOptions{}, "(;FF[4]GM[1]SZ[19]\n;B[pd];W[dd])\n"},
		{"FF added", "(;GM[1];B[pd])", FixOptions{}, "(;FF[4]GM[1]\n;B[pd])\n"},
		{"values corrected", "(;FF[4]KM[5 1/2];B[c c]BL[34.])", FixOptions{}, "(;FF[4]KM[5.5]\n;B[cc]BL[34])\n"},
		{"critical fix needs the option", "(;FF[4];B[cc][dd])", FixOptions{}, "(;FF[4]\n;B[cc][dd])\n"},
		{"critical fix with the option", "(;FF[4];B[cc][dd])", FixOptions{Critical: true}, "(;FF[4]\n;B[cc])\n"},
		{"lossy correction needs the option", "(;FF[4];B[aa]KO[7.5]OB[1 kk])", FixOptions{}, "(;FF[4]\n;B[aa]KO[7.5]OB[1 kk])\n"},
		{"lossy correction with the option", "(;FF[4];B[aa]KO[7.5]OB[1 kk])", FixOptions{Critical: true}, "(;FF[4]\n;B[aa]KO[]OB[1])\n"},
		{"date with a time is critical", "(;FF[4]DT[2017.06.21 19:43])", FixOptions{}, "(;FF[4]DT[2017.06.21 19:43]\n)\n"},
		{"L merged into LB", "(;FF[4];LB[aa:x]L[bb])", FixOptions{}, "(;FF[4]\n;LB[aa:x][bb:a])\n"},
		{"split black and white", "(;FF[4];B[cc]BL[10]W[dd]C[x])", FixOptions{}, "(;FF[4]\n;B[cc]BL[10];W[dd]C[x])\n"},
		{"split setup and move", "(;FF[4];B[fg]AB[ss][rs]C[c])", FixOptions{}, "(;FF[4]\n;AB[ss][rs];B[fg]C[c])\n"},
		{"split keeps children", "(;FF[4];B[aa]W[bb](;B[cc])(;B[dd]))", FixOptions{}, "(;FF[4]\n;B[aa];W[bb]\n(;B[cc])\n(;B[dd]))\n"},
		{"merge duplicates", "(;FF[4]C[a]MA[aa]C[b]MA[bb])", FixOptions{}, "(;FF[4]C[a\n\nb]MA[aa][bb]\n)\n"},
		{"lowercase identifiers", "(;FF[3]GaMe[1];Black[aa])", FixOptions{}, "(;FF[4]GM[1]\n;B[aa])\n"},
		{"unknown properties kept", "(;FF[4]XY[1]MULTIGOGM[1];B[aa]KGSDE[x])", FixOptions{}, "(;FF[4]XY[1]MULTIGOGM[1]\n;B[aa]KGSDE[x])\n"},
		{"escapes kept", `(;FF[4]C[a\]b\\c];B[aa]N[x\:y])`, FixOptions{}, "(;FF[4]C[a\\]b\\\\c]\n;B[aa]N[x\\:y])\n"},
		{"text around trees kept", "header\n(;FF[4])\n(;FF[4])tail", FixOptions{}, "header\n(;FF[4]\n)\n(;FF[4]\n)tail"},
		{"empty node deleted", "(;FF[4];;B[aa];(;W[bb])(;W[cc]))", FixOptions{Options: Options{EmptyNodes: true}}, "(;FF[4]\n;B[aa]\n(;W[bb])\n(;W[cc]))\n"},
		{"annotations", "(;FF[4];B[cc]BM[1]TE[2];TE[1])", FixOptions{}, "(;FF[4]\n;B[cc]DO[];)\n"},
		{"KI", "(;FF[4]KI[11])", FixOptions{}, "(;FF[4]KM[5.5]\n)\n"},
		{"no effect", "(;FF[4];B[cc];AB[cc][dd])", FixOptions{}, "(;FF[4]\n;B[cc];AB[dd])\n"},
		{"not unique rectangle", "(;FF[4]AB[aa:bb][bb])", FixOptions{}, "(;FF[4]AB[aa:bb]\n)\n"},
		{"move in root", "(;FF[4]GM[1]B[aa]C[c])", FixOptions{Options: Options{Variations: true}}, "(;FF[4]GM[1]\n;B[aa]C[c])\n"},
		{"game info outside, same value", "(;FF[4]PB[x];PB[x]B[aa])", FixOptions{}, "(;FF[4]PB[x]\n;B[aa])\n"},
		{"game info outside, other value", "(;FF[4]PB[x];PB[y]B[aa])", FixOptions{}, "(;FF[4]PB[x]\n;PB[y]B[aa])\n"},
		{"unknown kept", "(;FF[4]XY[1];B[aa])", FixOptions{}, "(;FF[4]XY[1]\n;B[aa])\n"},
		{"unknown deleted (SGFC -u)", "(;FF[4]XY[1];B[aa])", FixOptions{Options: Options{DeleteUnknown: true}}, "(;FF[4]\n;B[aa])\n"},
		// SGFC writes NUL bytes as spaces (issue 12, item 6)
		{"NUL bytes as spaces", "(;FF[4]C[a\x00b]PB[x\x00\x00];B[aa])", FixOptions{}, "(;FF[4]C[a b]PB[x  ]\n;B[aa])\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ch := fixString(t, tc.src, tc.opts)
			if got != tc.want {
				t.Errorf("Fix(%q)\n got %q\nwant %q\nchanges %+v", tc.src, got, tc.want, ch)
			}
		})
	}
}

// TestFixNULChange: the NUL bytes written as spaces are one change of
// the tree, at the first of them, with their number.
func TestFixNULChange(t *testing.T) {
	_, changes := fixString(t, "(;FF[4]C[ok])(;FF[4]C[a\x00b]PB[x\x00\x00])", FixOptions{})
	var nul []Change
	for _, c := range changes {
		if c.Syntax == syntax.CodeNULByte {
			nul = append(nul, c)
		}
	}
	if len(nul) != 1 || nul[0].Tree != 1 || nul[0].At.Offset != 23 || nul[0].At.Column != 24 || nul[0].Message != "3 NUL bytes written as spaces" {
		t.Errorf("NUL changes %+v, want one of tree 1 at offset 23 (1:24), 3 bytes", nul)
	}
}

// TestFixSGFCTestFile fixes SGFC's test.sgf and checks the result again:
// every fault with a fix is gone, and a second Fix changes nothing.
func TestFixSGFCTestFile(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "sgfc", "test.sgf"))
	if err != nil {
		t.Fatal(err)
	}
	f, _ := syntax.Parse(src, caOpts)
	before := Check(f, Options{})
	out, changes := Fix(f, FixOptions{Critical: true})
	if len(changes) < 40 {
		t.Errorf("only %d changes", len(changes))
	}
	g, _ := syntax.Parse(out, caOpts)
	after := Check(g, Options{})
	for _, d := range after {
		if d.Fix != nil {
			t.Errorf("fixable fault left after Fix: %v", d)
		}
	}
	if len(after) >= len(before) {
		t.Errorf("%d diagnostics before, %d after", len(before), len(after))
	}
	out2, changes2 := Fix(g, FixOptions{Critical: true})
	if len(changes2) != 0 {
		t.Errorf("second Fix changed %+v", changes2)
	}
	if string(out2) != string(out) {
		t.Errorf("second Fix changed the text")
	}
	for _, c := range changes {
		if c.Before == "" && c.After == "" {
			t.Errorf("empty change %+v", c)
		}
		if c.After == "" && c.Code == 0 && c.Syntax == 0 {
			t.Errorf("deletion without a rule: %+v", c)
		}
	}
}

// TestFixKeepsCleanFiles: Fix of a file without faults keeps every property
// and value (the canonical forms are equal).
func TestFixKeepsCleanFiles(t *testing.T) {
	for _, name := range []string{"kgs-2019-04-03-21.sgf", "strict.sgf"} {
		path := filepath.Join("testdata", name)
		if !strings.HasPrefix(name, "kgs") {
			path = filepath.Join("testdata", "sgfc", name)
		}
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, _ := syntax.Parse(src, caOpts)
		out, changes := Fix(f, FixOptions{})
		for _, c := range changes {
			if c.Code != 0 {
				t.Errorf("%s: change %+v", name, c)
			}
		}
		g, _ := syntax.Parse(out, caOpts)
		a := strings.ReplaceAll(string(syntax.Format(f)), "FF[4]", "")
		b := strings.ReplaceAll(string(syntax.Format(g)), "FF[4]", "")
		if strings.Join(strings.Fields(a), "") != strings.Join(strings.Fields(b), "") {
			t.Errorf("%s: Fix changed a clean file:\n%s\n---\n%s", name, a, b)
		}
	}
}

// TestFixUnreadableText: text the parser could not read (a property
// without value, stray characters) is never dropped silently. Without
// Critical the tree is written as it was read; with it, each piece dropped
// is a Change (issue 19, defect 1).
func TestFixUnreadableText(t *testing.T) {
	const src = "(;GM[1]FF[4]SZ[19];B[pd]C[ok] ;W[dd]XX;B[pp]%junk!;W[dp])"
	got, ch := fixString(t, src, FixOptions{})
	if want := src + "\n"; got != want || len(ch) != 0 {
		t.Errorf("Fix without Critical = %q, %+v; want the tree as read, no change", got, ch)
	}
	got, ch = fixString(t, src, FixOptions{Critical: true})
	if want := "(;GM[1]FF[4]SZ[19]\n;B[pd]C[ok];W[dd];B[pp];W[dp])\n"; got != want {
		t.Errorf("Fix with Critical = %q, want %q", got, want)
	}
	var dropped []string
	for _, c := range ch {
		if c.Syntax != 0 {
			dropped = append(dropped, c.Syntax.String()+" "+c.Before+" "+c.At.String())
		}
	}
	if want := []string{"S08 XX 1:37", "S03 %junk! 1:45"}; strings.Join(dropped, "|") != strings.Join(want, "|") {
		t.Errorf("changes of dropped text = %q, want %q (all: %+v)", dropped, want, ch)
	}
	// A second tree without unreadable text is fixed as usual.
	got, _ = fixString(t, "(;GM[1];B[aa]XX)(;GM[1];B[bb])", FixOptions{})
	if want := "(;GM[1];B[aa]XX)\n(;FF[4]GM[1]\n;B[bb])\n"; got != want {
		t.Errorf("Fix = %q, want %q", got, want)
	}
}
