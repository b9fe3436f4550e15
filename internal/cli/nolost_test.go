package cli

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/check"
	"github.com/sgf-toolkit/sgf/internal/sgftest"
	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/syntax"
	"github.com/sgf-toolkit/sgf/value"
)

// valueText is one value of a collection as a reader sees it: where it
// is and its decoded text.
type valueText struct {
	tree, node int
	id         string
	text       string
}

// decodedValues reads src through the typed view and returns the decoded
// text of every value of every property, in file order: escapes removed,
// line breaks as value.Text reads them, the game's charset decoded.
func decodedValues(t *testing.T, src []byte) ([]valueText, *sgf.Collection) {
	t.Helper()
	c, err := sgf.Read(bytes.NewReader(src), nil)
	if err != nil {
		return nil, nil
	}
	var out []valueText
	for gi, g := range c.Games() {
		cs := g.Charset()
		for n := range g.Nodes() {
			for id, vals := range n.Props() {
				for _, raw := range vals {
					out = append(out, valueText{gi, n.Number(), id, string(value.Text(decodeRaw(cs, raw)))})
				}
			}
		}
	}
	return out, c
}

// decodeRaw decodes a raw value of a game whose charset is cs to UTF-8,
// escapes intact.
func decodeRaw(cs sgf.CharsetInfo, raw []byte) []byte {
	// A tree of an ASCII file that holds one value in UTF-16 (SGFC's
	// mixed-encoding.sgf) is not transcoded: its other values are ASCII
	// as written.
	wideValue := cs.Charset.LeadBytes() == charset.NotASCII && bytes.IndexByte(raw, 0) >= 0
	if !cs.Transcoded && (cs.Charset.LeadBytes() != charset.NotASCII || wideValue) {
		s, _ := charset.Decode(cs.Charset, raw)
		return []byte(s)
	}
	return raw
}

// corpusFiles returns the SGF files of ../shared/corpus.
func corpusFiles(t *testing.T) []string {
	root := sgftest.Corpus(t)
	var files []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() && strings.EqualFold(filepath.Ext(p), ".sgf") {
			files = append(files, p)
		}
		return nil
	})
	if len(files) == 0 {
		t.Fatalf("no SGF files in %s", root)
	}
	return files
}

func hasErrors(c *sgf.Collection) bool {
	for _, d := range c.Diagnostics() {
		if d.Severity >= syntax.Error {
			return true
		}
	}
	return false
}

func sameValues(a, b []valueText) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func firstDiff(a, b []valueText) string {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return strings.TrimSpace(strings.Join([]string{
				"before " + fmtValue(a[i]), "after " + fmtValue(b[i])}, "; "))
		}
	}
	return "a different number of values"
}

func fmtValue(v valueText) string {
	b, _ := json.Marshal(v.text)
	return "tree " + itoa(v.tree) + " node " + itoa(v.node) + " " + v.id + " " + string(b)
}

// TestFmtGBKKana is issue 11's reproduction of item 1: Japanese text in
// GBK without CA, whose 黒 is 0xFC 0x5C. fmt detected EUC-JP and dropped
// the "\" (exit status 0); fix read 下 as 和. Now the game is GBK: fmt
// does not format it (its parse reads byte by byte), --force keeps every
// byte of the value, and fix writes the text in UTF-8 unchanged.
func TestFmtGBKKana(t *testing.T) {
	const text = "まずいに下がりそうなところである。次に黒の打つ手が二通りあって、どちらもむずかしい。"
	gbk, _ := charset.Lookup("GBK")
	raw, err := gbk.Encoding().NewEncoder().Bytes([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	src := "(;GM[1]FF[1]SZ[19]C[" + string(raw) + "])\n"
	dir := t.TempDir()
	name := filepath.Join(dir, "r.sgf")
	writeFile(t, name, src)

	var stdout, stderr bytes.Buffer
	if code := Main([]string{"fmt", name}, nil, &stdout, &stderr); code != exitProblems || stdout.Len() > 0 {
		t.Errorf("sgf fmt: exit status %d, output %q, want 1 and none; stderr %s", code, stdout.Bytes(), stderr.Bytes())
	}
	stdout.Reset()
	stderr.Reset()
	if code := Main([]string{"fmt", "--force", name}, nil, &stdout, &stderr); code != exitOK {
		t.Fatalf("sgf fmt --force: exit status %d: %s", code, stderr.Bytes())
	}
	if !bytes.Contains(stdout.Bytes(), []byte("C["+string(raw)+"]")) {
		t.Errorf("sgf fmt --force changed the bytes of C: %q", stdout.Bytes())
	}
	stdout.Reset()
	if code := Main([]string{"fix", "-o", "-", name}, nil, &stdout, &stderr); code != exitOK {
		t.Fatalf("sgf fix: exit status %d: %s", code, stderr.Bytes())
	}
	if !bytes.Contains(stdout.Bytes(), []byte("C["+text+"]")) {
		t.Errorf("sgf fix wrote %q, want C[%s]", stdout.Bytes(), text)
	}
}

// TestFmtKeepsEscapeAfterHighByte: in a game whose charset was detected
// (no CA), fmt keeps a "\" after a byte >= 0x80, which may be the second
// byte of a character in another charset, and drops one after ASCII; with
// CA[ISO-8859-1] (declared and verified) both go.
func TestFmtKeepsEscapeAfterHighByte(t *testing.T) {
	dir := t.TempDir()
	tests := []struct{ src, want string }{
		{"(;C[caf\xe9\\s cr\xe8me \\b])", "(;C[caf\xe9\\s cr\xe8me b])\n"},
		{"(;CA[ISO-8859-1]C[caf\xe9\\s cr\xe8me \\b])", "(;CA[ISO-8859-1]\nC[caf\xe9s cr\xe8me b])\n"},
	}
	for i, tt := range tests {
		name := filepath.Join(dir, itoa(i)+".sgf")
		writeFile(t, name, tt.src)
		var stdout, stderr bytes.Buffer
		if code := Main([]string{"fmt", name}, nil, &stdout, &stderr); code != exitOK {
			t.Fatalf("sgf fmt %q: exit status %d: %s", tt.src, code, stderr.Bytes())
		}
		if got := stdout.String(); got != tt.want {
			t.Errorf("sgf fmt %q: %q, want %q", tt.src, got, tt.want)
		}
	}
}

// TestFixKeepsTextCorpus: for every file of the corpus that sgf fix
// writes, every value of a property that no change line names decodes to
// the same text before and after (fix writes UTF-8: the bytes change, the
// text must not). Trees whose number of nodes changed are left out, as
// node numbers then no longer match.
func TestFixKeepsTextCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the whole corpus")
	}
	files := corpusFiles(t)
	type key struct {
		tree, node int
		id         string
	}
	var compared atomic.Int64
	// As sgf fix does it, without flags.
	opts := check.FixOptions{Options: check.Options{}}
	inParallel(files, func(name string) {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Error(err)
			return
		}
		r := fixFile(src, &commonFlags{}, opts)
		if r.refused != "" || r.err != nil {
			return // refused (needs --critical)
		}
		changed := map[key]bool{}
		for _, c := range r.changes {
			changed[key{c.Tree, c.Node, property.Canonical([]byte(c.Property))}] = true
		}
		before, c := decodedValues(t, src)
		after, d := decodedValues(t, r.out)
		if c == nil || d == nil || c.Len() != d.Len() {
			return
		}
		nodes := func(c *sgf.Collection, i int) int {
			n := 0
			for range c.Game(i).Nodes() {
				n++
			}
			return n
		}
		got := map[key][]string{}
		for _, v := range after {
			k := key{v.tree, v.node, property.Canonical([]byte(v.id))}
			got[k] = append(got[k], v.text)
		}
		seen := map[key]int{}
		for _, v := range before {
			k := key{v.tree, v.node, property.Canonical([]byte(v.id))}
			i := seen[k]
			seen[k]++
			if changed[k] || nodes(c, v.tree) != nodes(d, v.tree) {
				continue
			}
			if i >= len(got[k]) || got[k][i] != v.text {
				t.Errorf("%s: fix changed the text of %s with no change line; after: %q", name, fmtValue(v), got[k])
				break
			}
		}
		compared.Add(1)
	})
	t.Logf("%d fixed files compared", compared.Load())
}

// inParallel calls fn for each file, on as many goroutines as GOMAXPROCS.
func inParallel(files []string, fn func(name string)) {
	ch := make(chan string)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for name := range ch {
				fn(name)
			}
		})
	}
	for _, name := range files {
		ch <- name
	}
	close(ch)
	wg.Wait()
}

// TestFmtMixedEncoding is issue 11, item 9: SGFC's mixed-encoding.sgf
// has a CA[GB18030] tree whose "\" and "]" second bytes are escaped byte
// by byte (df 5c 5c for 運, 93 5c 5d for 揮), as SGFC -E2 writes them.
// The typed view reads them so; fmt formatted the first parse, which
// pairs 93 5c and ends the value at the "]": fmt refused the file (S03),
// and fmt --force dropped "權" and the "]" after it without a word. The
// tree is now formatted as it is read: every value keeps its text, and
// the output is formatted again unchanged.
func TestFmtMixedEncoding(t *testing.T) {
	name := filepath.Join(sgftest.Corpus(t), "conformance", "sgfc", "test-files", "mixed-encoding.sgf")
	src, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	before, _ := decodedValues(t, src)
	if !slices.ContainsFunc(before, func(v valueText) bool { return strings.HasSuffix(v.text, "指揮權") }) {
		t.Fatalf("the typed view does not read 指揮權 in %s", name)
	}
	for _, args := range [][]string{{"fmt"}, {"fmt", "--force"}} {
		var stdout, stderr bytes.Buffer
		if code := Main(append(args, name), nil, &stdout, &stderr); code != exitOK {
			t.Errorf("sgf %v: exit status %d: %s", args, code, stderr.Bytes())
			continue
		}
		after, _ := decodedValues(t, stdout.Bytes())
		if !sameValues(before, after) {
			t.Errorf("sgf %v changed the text of a value: %s", args, firstDiff(before, after))
		}
		var again bytes.Buffer
		Main([]string{"fmt", "-"}, bytes.NewReader(stdout.Bytes()), &again, &stderr)
		if !bytes.Equal(again.Bytes(), stdout.Bytes()) {
			t.Errorf("sgf %v: formatting the output again changes it", args)
		}
	}
}
