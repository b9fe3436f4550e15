package check_test

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf/check"
	"github.com/sgf-toolkit/sgf/internal/sgftest"
)

// TestReaderCASequence: the CA of each tree, which view reads once for a
// run of trees with the same value (Pass.lastCA), is each tree's own in
// C45 (an unknown charset) and C46 (another charset than the tree
// before), when CA changes, comes back, is spelt another way or is
// missing; as All reads the file whole.
func TestReaderCASequence(t *testing.T) {
	cas := []string{"UTF-8", "UTF-8", "bogus-1", "bogus-1", "UTF-8", "", "utf8", " UTF-8 ", "Latin1", "bogus-2", "bogus-1", "GB2312"}
	src := sgftest.TreesWithCA(cas, "SZ[19]")
	var got []string
	r := check.NewReader(bytes.NewReader(src), check.Options{})
	for {
		tr, err := r.Next()
		if tr != nil {
			tr.Run()
			for _, d := range r.Diagnostics(tr) {
				got = append(got, fmt.Sprintf("%d %s %s", d.Tree, d.Code, d.Message))
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	var want []string
	for _, d := range check.All(src, check.Options{}) {
		want = append(want, fmt.Sprintf("%d %s %s", d.Tree, d.Code, d.Message))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("Reader:\n%s\nAll:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// What the rules say of this sequence (as 75f6d2b said it, before
	// view kept the last CA).
	exp := []string{
		`2 C45 unknown charset "bogus-1": text is read as ISO-8859-1`,
		`3 C45 unknown charset "bogus-1": text is read as ISO-8859-1`,
		"4 C46 different charset encodings stored in one file (UTF-8 here, bogus-1 in the tree before)",
		"5 C46 different charset encodings stored in one file (default ISO-8859-1 here, UTF-8 in the tree before)",
		"6 C46 different charset encodings stored in one file (utf8 here, default ISO-8859-1 in the tree before)",
		"8 C46 different charset encodings stored in one file (Latin1 here, UTF-8 in the tree before)",
		`9 C45 unknown charset "bogus-2": text is read as ISO-8859-1`,
		`10 C45 unknown charset "bogus-1": text is read as ISO-8859-1`,
		"11 C46 different charset encodings stored in one file (GB2312 here, bogus-1 in the tree before)",
	}
	if strings.Join(got, "\n") != strings.Join(exp, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(exp, "\n"))
	}
}
