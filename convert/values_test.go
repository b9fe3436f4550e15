package convert_test

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/check"
	"github.com/sgf-toolkit/sgf/convert"
	"github.com/sgf-toolkit/sgf/internal/sgftest"
	"github.com/sgf-toolkit/sgf/property"
)

// valueKey is one value of one property of one node, decoded to UTF-8
// with its escapes removed.
type valueKey struct {
	tree, node int
	id, value  string
}

// values returns the multiset of the values of c.
func values(c *sgf.Collection) map[valueKey]int {
	m := map[valueKey]int{}
	for i, g := range c.Games() {
		cs := g.Charset()
		for n := range g.Nodes() {
			for id, vals := range n.Props() {
				if canon := property.Canonical([]byte(id)); canon != "" {
					id = canon
				}
				for _, raw := range vals {
					s := string(raw)
					if !cs.Transcoded && !printable(raw) {
						s, _ = charset.Decode(cs.Charset, raw)
					}
					m[valueKey{i, n.Number(), id, unescape(s)}]++
				}
			}
		}
	}
	return m
}

// printable reports whether raw is printable ASCII, which every charset of
// the corpus (UTF-16 text values in an ASCII skeleton included) leaves as
// it is.
func printable(raw []byte) bool {
	for _, c := range raw {
		if c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return true
}

func unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// explained reports whether a change of the property id of a node is
// listed: a change of that node names id, or the property id was made from
// (L for LB, M for MA and TR, KI for KM).
func explained(ch []convert.Change, k valueKey) bool {
	for _, c := range ch {
		if c.Tree != k.tree || c.Node != k.node {
			continue
		}
		switch {
		case c.Property == k.id,
			c.Property == "L" && k.id == "LB",
			c.Property == "M" && (k.id == "MA" || k.id == "TR"),
			c.Property == "KM" && k.id == "KI":
			return true
		}
	}
	return false
}

// lossReport compares the values of src and of its conversion out: every
// value lost or gained must be explained by a listed change. It returns
// the unexplained differences.
func lossReport(src, out []byte, ch []convert.Change) []string {
	in, err := sgf.Parse(src)
	if err != nil || in.Len() == 0 {
		return nil
	}
	got, err := sgf.Parse(out)
	if err != nil {
		return []string{fmt.Sprintf("output does not parse: %v", err)}
	}
	a, b := values(in), values(got)
	var bad []string
	for k, n := range a {
		if b[k] < n && !explained(ch, k) {
			bad = append(bad, fmt.Sprintf("lost: game %d node %d %s[%s]", k.tree+1, k.node, k.id, k.value))
		}
	}
	for k, n := range b {
		if a[k] < n && !explained(ch, k) {
			bad = append(bad, fmt.Sprintf("gained: game %d node %d %s[%s]", k.tree+1, k.node, k.id, k.value))
		}
	}
	return bad
}

// TestCorpusValues converts every file of the corpus sets below (read
// from ../shared, never copied) and checks that
//
//   - no property value is lost or changed without a listed change of
//     its node and property (the multiset of (node, property, decoded
//     value) before and after);
//   - converting the output again gives the same bytes;
//   - "sgf check" finds no repeated property (C11) in the output, and no
//     more one-value properties with several values (C01) than in the
//     input.
func TestCorpusValues(t *testing.T) {
	sets := [][]string{
		{"regression", "gnugo"}, {"regression", "fuego"}, {"games", "kgs"},
		{"hex", "benzene"}, {"stress", "glift"}, {"conformance"}, {"games", "fox-tygem-ai"},
	}
	if _, ok := sgftest.Find("regression", "gnugo"); !ok {
		sgftest.SkipShared(t, "corpus not found")
	}
	if testing.Short() {
		sets = sets[:len(sets)-1] // the largest set
	}
	files, merged, deleted := 0, 0, 0
	for _, set := range sets {
		dir, ok := sgftest.Find(set...)
		if !ok {
			continue
		}
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(path), ".sgf") {
				return nil
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return nil
			}
			name, _ := filepath.Rel(dir, path)
			name = strings.Join(set, "/") + "/" + name
			out, ch, err := convert.Convert(src, convert.Options{})
			if err != nil {
				return nil
			}
			files++
			for _, c := range ch {
				if c.Code == convert.CodeMerged {
					merged++
					if strings.Contains(c.Message, "is deleted") {
						deleted++
						t.Logf("%s: %v", name, c)
					}
				}
			}
			for _, s := range lossReport(src, out, ch) {
				t.Errorf("%s: %s", name, s)
			}
			again, _, err := convert.Convert(out, convert.Options{})
			if err != nil || !bytes.Equal(again, out) {
				t.Errorf("%s: the second conversion changes the output (%v)", name, err)
			}
			if c, err := sgf.Parse(out); err == nil {
				in, _ := sgf.Parse(src)
				if n, m := countCodes(c), countCodes(in); n[check.CodeDuplicateProperty] > 0 || n[check.CodeTooManyValues] > m[check.CodeTooManyValues] {
					t.Errorf("%s: sgf check on the output: %d C11, %d C01 (input: %d C01)", name,
						n[check.CodeDuplicateProperty], n[check.CodeTooManyValues], m[check.CodeTooManyValues])
				}
			}
			return nil
		})
	}
	t.Logf("%d files, %d merges, %d of them deleted a different value", files, merged, deleted)
	if files < 3500 {
		t.Errorf("only %d files converted", files)
	}
}

func countCodes(c *sgf.Collection) map[check.Code]int {
	m := map[check.Code]int{}
	if c == nil {
		return m
	}
	for _, d := range check.Check(c.File(), check.Options{}) {
		m[d.Code]++
	}
	return m
}

// TestMergedValid: what convert writes for repeated properties passes
// "sgf check" without C01 (a one-value property with several values) or
// C11 (a property twice in one node).
func TestMergedValid(t *testing.T) {
	for _, in := range []string{
		"(;FF[4]GM[1]SZ[19]CA[UTF-8];B[pd]C[c1]B[tt]C[c2])",
		"(;FF[3]GM[1]SZ[19]XX[1]XX[2]AB[aa]AW[bb]AB[cc]LB[dd:x]LB[ee:y];B[pd])",
		"(;FF[4]CA[UTF-8]CA[ISO-8859-1]GM[1]SZ[19]KM[6.5]KM[0]PB[a]PB[b]GC[x]GC[y];W[aa]W[bb])",
		"(;FF[3]GM[1];C[a]Comment[b]L[aa]LB[bb:x]LB[cc:y]M[dd]MA[ee]MA[ff])",
	} {
		out, ch, err := convert.Convert([]byte(in), convert.Options{})
		if err != nil {
			t.Fatal(err)
		}
		c, err := sgf.Parse(out)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range check.Check(c.File(), check.Options{}) {
			if d.Code == check.CodeDuplicateProperty || d.Code == check.CodeTooManyValues {
				t.Errorf("%s -> %s: %v", in, out, d.Message)
			}
		}
		for _, s := range lossReport([]byte(in), out, ch) {
			t.Errorf("%s: %s", in, s)
		}
	}
}
