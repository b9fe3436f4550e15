package sgf_test

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/internal/sgftest"
	"github.com/sgf-toolkit/sgf/syntax"
)

// TestReadingsAgreeCorpus: every file of the shared corpus read whole
// (ReadBytes) and game by game (Reader) gives the same trees at the same
// places: the offset and tree number of each game tree, the offsets,
// lines and columns of its nodes and properties as Game.SyntaxTree holds
// them (what sgf check and fix read), and the same diagnostics with the
// same offsets, lines and columns; and the whole reading's SyntaxFile
// (read again when a tree was) has the diagnostics of Diagnostics and
// starts each tree where the input does. mixed-encoding.sgf has a tree
// whose two-byte characters are escaped byte by byte (SGFC -E2): its
// reading shifted every later offset of the whole reading by the escapes
// taken out.
func TestReadingsAgreeCorpus(t *testing.T) {
	root := sgftest.Corpus(t)
	files := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(path), ".sgf") {
			return err
		}
		if testing.Short() && files >= 500 {
			return filepath.SkipAll
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files++
		want, whole := wholeReading(src)
		got := streamReading(t, src)
		if !slices.Equal(got, want) {
			t.Errorf("%s: game by game:\n%s\nwhole:\n%s", path, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if whole == nil || whole.File() == nil || whole.SyntaxFile() == nil {
			return nil
		}
		sf, first := whole.SyntaxFile(), whole.File()
		if len(sf.Src) != len(first.Src) {
			t.Errorf("%s: SyntaxFile holds %d bytes, the input %d", path, len(sf.Src), len(first.Src))
		}
		for i, tr := range sf.Trees {
			if i < len(first.Trees) && (tr.Offset() != first.Trees[i].Offset() || tr.Index() != first.Trees[i].Index()) {
				t.Errorf("%s: SyntaxFile has tree %d at %d (tree %d), the input at %d", path, i, tr.Offset(), tr.Index(), first.Trees[i].Offset())
			}
		}
		if a, b := diagStrings(sf.Diagnostics), diagStrings(whole.Diagnostics()); !slices.Equal(a, b) {
			t.Errorf("%s: SyntaxFile's diagnostics:\n%s\nDiagnostics:\n%s", path, strings.Join(a, "\n"), strings.Join(b, "\n"))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Fatalf("only %d files", files)
	}
}

func wholeReading(src []byte) ([]string, *sgf.Collection) {
	c, _ := sgf.ReadBytes(src, nil)
	if c == nil {
		return nil, nil
	}
	var out []string
	for _, g := range c.Games() {
		out = append(out, readingPositions(g.SyntaxTree())...)
	}
	return append(out, diagStrings(c.Diagnostics())...), c
}

func streamReading(t *testing.T, src []byte) []string {
	r, err := sgf.NewReader(bytes.NewReader(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var trees, diags []string
	for {
		g, err := r.Next()
		if g != nil {
			trees = append(trees, readingPositions(g.SyntaxTree())...)
			diags = append(diags, diagStrings(g.Collection().Diagnostics())...)
		}
		if err == io.EOF || g == nil {
			break
		}
	}
	diags = append(diags, diagStrings(r.Diagnostics())...)
	return append(trees, diags...)
}

func readingPositions(t *syntax.Tree) []string {
	out := []string{fmt.Sprintf("tree %d at %d", t.Index(), t.Offset())}
	for n := range t.Nodes() {
		out = append(out, fmt.Sprintf("node %v", t.Position(n.Offset())))
		for p := range n.Props() {
			out = append(out, fmt.Sprintf("%s %v", p.ID, t.Position(p.Offset)))
		}
	}
	return out
}

func diagStrings(ds []syntax.Diagnostic) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = fmt.Sprintf("tree %d @%d %v", d.Tree, d.Offset, d)
	}
	return out
}

// e2Src has a game tree in GB18030 whose "\\" and "]" second bytes are
// escaped byte by byte (SGFC -E2): 運 is DF 5C, written DF 5C 5C; 揮 is
// 93 5D, written 93 5C 5D. A property after them, and a tree after it.
const e2Src = "(;FF[4]CA[GB18030]C[\xdf\\\\\xdd\x94\x93\\]]\nKM[x]PB[z])\r\n(;FF[4]C[y]BR[x])"

// TestE2EscapesKeepPositions: a tree escaped byte by byte inside its
// two-byte characters reads as its writer meant (運輸揮), and its
// properties, the tree after it and their diagnostics are where they are
// in the input, whole and game by game: the reading took the escapes out
// and counted every offset after them two bytes short.
func TestE2EscapesKeepPositions(t *testing.T) {
	src := []byte(e2Src)
	c, err := sgf.ReadBytes(src, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := c.Game(0).Root().Text("C"); got != "運輸揮" {
		t.Errorf("C is %q, want 運輸揮", got)
	}
	if d := c.Game(0).Charset().Detail; !strings.Contains(d, "escaped inside two-byte characters") {
		t.Fatalf("the tree was not read as escaped byte by byte (%s): no test", d)
	}
	km := int64(bytes.Index(src, []byte("KM[")))
	var kmAt syntax.Position
	for p := range c.Game(0).SyntaxTree().Root().Props() {
		if string(p.ID) == "KM" {
			kmAt = c.Game(0).SyntaxTree().Position(p.Offset)
		}
	}
	if kmAt.Offset != km || kmAt.Line != 2 || kmAt.Column != 1 {
		t.Errorf("KM at %d %v, want %d 2:1", kmAt.Offset, kmAt, km)
	}
	second := int64(bytes.LastIndexByte(src, '('))
	if got := c.SyntaxFile().Trees[1].Offset(); got != second {
		t.Errorf("SyntaxFile has the second tree at %d, want %d", got, second)
	}
	want, _ := wholeReading(src)
	if got := streamReading(t, src); !slices.Equal(got, want) {
		t.Errorf("game by game:\n%s\nwhole:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
