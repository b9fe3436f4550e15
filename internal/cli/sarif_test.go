package cli

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/sgf-toolkit/sgf/check"
	"github.com/sgf-toolkit/sgf/syntax"
)

// TestRunesBefore: the code points counted in one reading of a stream
// (sgf check --sarif reads a file again for its columns) are those
// utf8.RuneCount counts in the text between a line's start and an ASCII
// byte of the line, across the reader's 64 KB blocks, with characters of
// 2-4 bytes and invalid bytes.
func TestRunesBefore(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"a", "[", "\n", "é", "黒", "𝄞", "\xff", "\xe9\x00", "\xe4\xb8"}
	var b bytes.Buffer
	for b.Len() < 300<<10 {
		b.WriteString(pieces[r.IntN(len(pieces))])
	}
	src := b.Bytes()
	type span struct{ start, off int64 }
	var spans []span
	var points []int64
	start := int64(0)
	for i, c := range src {
		if c == '\n' {
			start = int64(i + 1)
		}
		if c == '[' && r.IntN(8) == 0 {
			spans = append(spans, span{start, int64(i)})
			points = append(points, start, int64(i))
		}
	}
	points = append(points, int64(len(src)), int64(len(src)+5))
	slicesSortCompact := func(p []int64) []int64 {
		var out []int64
		for _, x := range p {
			if len(out) == 0 || out[len(out)-1] != x {
				out = append(out, x)
			}
		}
		return out
	}
	points = slicesSortCompact(points) // points are added in order
	counts, size, err := runesBefore(bytes.NewReader(src), points)
	if err != nil || size != int64(len(src)) {
		t.Fatalf("size %d, %v", size, err)
	}
	at := func(p int64) int64 {
		for k, x := range points {
			if x == p {
				return counts[k]
			}
		}
		t.Fatalf("point %d missing", p)
		return 0
	}
	for _, s := range spans {
		if got, want := at(s.off)-at(s.start), int64(utf8.RuneCount(src[s.start:s.off])); got != want {
			t.Fatalf("[%d, %d): %d code points, want %d", s.start, s.off, got, want)
		}
	}
	if got, want := at(int64(len(src))), int64(utf8.RuneCount(src)); got != want || at(int64(len(src)+5)) != want {
		t.Errorf("at the end: %d, want %d", got, want)
	}
	if len(spans) < 100 {
		t.Errorf("only %d spans", len(spans))
	}
}

// TestSarifTreeByTree: check --sarif reads a file tree by tree, and its
// columns, counted in a second reading, are those of the whole text
// (issue 11: --sarif read every input whole); standard input is still
// read whole, and gives the same log. The results wait in spools, not in
// memory.
func TestSarifTreeByTree(t *testing.T) {
	var src strings.Builder
	for i := range 1000 {
		// Trees on one line (more than spoolMemory of results), code points above ASCII before the problems.
		src.WriteString("(;GM[1]FF[4]CA[UTF-8]C[黒é𝄞]SZ[19];B[pd]KM[x]) (;C[é]GM[1]SZ[19]VW[zz])")
		if i%7 == 0 {
			src.WriteString("\n")
		}
	}
	name := filepath.Join(t.TempDir(), "g.sgf")
	if err := os.WriteFile(name, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var file, stdin, errb strings.Builder
	Main([]string{"check", "--sarif", name}, strings.NewReader(""), &file, &errb)
	Main([]string{"check", "--sarif", "-"}, strings.NewReader(src.String()), &stdin, &errb)
	got := strings.ReplaceAll(file.String(), `"uri": "`+sarifURI(name)+`"`, `"uri": "stdin"`)
	if got != stdin.String() {
		t.Errorf("the log of the file read tree by tree differs from that of standard input read whole:\n%.3000s", got)
	}
	if strings.Count(got, `"ruleId"`) < 600 {
		t.Errorf("results are missing:\n%.2000s", got)
	}
}

// TestSarifColumnsInTrees: the columns of the results of a file read tree
// by tree are counted in the text of each tree as it comes, not kept in
// bytes for a second reading of the file (16-48 bytes a result: 314 MB
// for the 3.2 million results of the 1 GB benchmark collection, issue
// 11), and they are those of the whole text read from standard input:
// trees on one line, lines that run over several trees, characters of 2-4
// bytes, invalid bytes and a byte order mark before the problems, CR LF
// and CR line ends.
func TestSarifColumnsInTrees(t *testing.T) {
	trees := []string{
		"(;GM[1]FF[4]CA[UTF-8]C[黒é𝄞]SZ[19];B[pd]KM[x])", " (;C[é]GM[1]SZ[19]VW[zz])",
		"(;GM[1]C[\xe3\x81]SZ[19];W[zz]XX[1])", "(;FF[3]GM[1]SZ[9];B[ii]PL[Q])\r\n", "(;GM[1]SZ[9]C[\xff\xfe];W[ia]AB[]\r)",
	}
	r := rand.New(rand.NewPCG(3, 4))
	var src strings.Builder
	src.WriteString("\xef\xbb\xbf")
	for range 2000 {
		src.WriteString(trees[r.IntN(len(trees))])
		if r.IntN(9) == 0 {
			src.WriteString("\n")
		}
	}
	src.WriteString("\n")
	name := filepath.Join(t.TempDir(), "g.sgf")
	if err := os.WriteFile(name, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var l sarifLog
	l.beginPart()
	rd := check.NewReader(strings.NewReader(src.String()), check.Options{})
	for {
		tr, err := rd.Next()
		if tr != nil {
			var text []byte
			if tr.Game != nil {
				text, _ = tr.Game.Collection().Bytes()
			}
			l.addPart(name, rd.Diagnostics(tr), text)
		}
		if err != nil {
			break
		}
	}
	if len(l.pending) > 0 {
		t.Errorf("%d of the columns wait in bytes for a second reading of the file", len(l.pending))
	}
	if err := os.Remove(name); err != nil {
		t.Fatal(err)
	}
	if err := l.columns(name); err != nil {
		t.Fatalf("the file was read again: %v", err)
	}
	var got, stdin, errb strings.Builder
	l.write(&got)
	Main([]string{"check", "--sarif", "-"}, strings.NewReader(src.String()), &stdin, &errb)
	if g := strings.ReplaceAll(got.String(), `"uri": "`+sarifURI(name)+`"`, `"uri": "stdin"`); g != stdin.String() {
		t.Errorf("the log of the file read tree by tree differs from that of standard input read whole:\n%.3000s", g)
	}
	if n := strings.Count(got.String(), `"ruleId"`); n < 4000 {
		t.Errorf("%d results", n)
	}
}

// TestSarifColumnsAfterTrees: a result in the text after the last tree,
// which no tree's text holds, still gets its column in code points, from
// a second reading of the file.
func TestSarifColumnsAfterTrees(t *testing.T) {
	src := "(;GM[1]SZ[19]C[é])  garbage é here ;B[aa]\n"
	name := filepath.Join(t.TempDir(), "g.sgf")
	if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var file, stdin, errb strings.Builder
	Main([]string{"check", "--sarif", name}, strings.NewReader(""), &file, &errb)
	Main([]string{"check", "--sarif", "-"}, strings.NewReader(src), &stdin, &errb)
	got := strings.ReplaceAll(file.String(), `"uri": "`+sarifURI(name)+`"`, `"uri": "stdin"`)
	if got != stdin.String() || !strings.Contains(got, `"startColumn": 38,`) {
		t.Errorf("the log of the file read tree by tree differs from that of standard input read whole:\n%s", got)
	}
}

// TestSarifWide: --sarif reads a file in UTF-16 or UTF-32 tree by tree,
// as a file in UTF-8, and counts the columns of its results in code
// points of the decoded text, which their offsets refer to: they are
// those of the same file in UTF-8 (code points are the same in either),
// in the trees' text and in the text after the last tree (the second
// reading), and the log of the file is that of standard input (read
// whole). Counted in the file's bytes, the columns after "黒黒ééé" were
// 39, 44, ... instead of 32, 37, ... (issue 11, item 3).
func TestSarifWide(t *testing.T) {
	text := "(;FF[4]GM[1]SZ[19]C[黒黒ééé]B[aa]B[aa]XX[é]W[zz]\n;C[日本]KM[abc]B[tt];W[bb]C[x]B[bb]LB[aa:黒]LB[aa:x])\n" +
		"(;GM[1]FF[4]C[ü]SZ[25]AB[zz])\n é ;B[aa])\n"
	units := utf16.Encode([]rune(text))
	var le, be, u32 []byte
	le = append(le, 0xFF, 0xFE)
	for _, u := range units {
		le = append(le, byte(u), byte(u>>8))
		be = append(be, byte(u>>8), byte(u))
	}
	u32 = append(u32, 0xFF, 0xFE, 0, 0)
	for _, r := range text {
		u32 = append(u32, byte(r), byte(r>>8), byte(r>>16), byte(r>>24))
	}
	dir := t.TempDir()
	results := func(name string, src []byte) (file string, rs []any) {
		t.Helper()
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, src, 0o644); err != nil {
			t.Fatal(err)
		}
		if !sarifStreams(path) {
			t.Errorf("%s is read whole", name)
		}
		var out, stdin, errb strings.Builder
		Main([]string{"check", "--sarif", path}, strings.NewReader(""), &out, &errb)
		Main([]string{"check", "--sarif", "-"}, bytes.NewReader(src), &stdin, &errb)
		file = strings.ReplaceAll(out.String(), `"uri": "`+sarifURI(path)+`"`, `"uri": "stdin"`)
		if file != stdin.String() {
			t.Errorf("%s: the log of the file differs from that of standard input:\n%s\n%s", name, file, stdin.String())
		}
		var log struct {
			Runs []struct{ Results []map[string]any }
		}
		if err := json.Unmarshal([]byte(file), &log); err != nil || len(log.Runs) != 1 {
			t.Fatalf("%s: %v:\n%s", name, err, file)
		}
		for _, r := range log.Runs[0].Results {
			if r["ruleId"] != "C47" { // the wide encoding
				rs = append(rs, r)
			}
		}
		return file, rs
	}
	log8, want := results("utf8.sgf", []byte(text))
	if len(want) < 8 || !strings.Contains(log8, `"startColumn": 32,`) || !strings.Contains(log8, `"ruleId": "S18"`) {
		t.Fatalf("the results are not those the test is made for:\n%s", log8)
	}
	for _, c := range []struct {
		name string
		src  []byte
	}{{"utf16le-bom.sgf", le}, {"utf16be.sgf", be}, {"utf32le-bom.sgf", u32}} {
		log, got := results(c.name, c.src)
		if !strings.Contains(log, `"ruleId": "C47"`) {
			t.Errorf("%s is not read as a wide file:\n%s", c.name, log)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the results differ from those of the file in UTF-8:\n%s\nwant (UTF-8):\n%s", c.name, log, log8)
		}
	}
	// A text whose decoded start has the NUL bytes of UTF-16 is decoded
	// once, as the reading decided (check.Reader.Wide), tree by tree as
	// whole: results compares the two logs. Before, the file read tree by
	// tree was decoded a second time.
	nuls := []byte{0xFF, 0xFE}
	for _, u := range utf16.Encode([]rune("(;GM[1]FF[4]SZ[19]C[" + strings.Repeat("a\x00", 3000) + "]B[zz]KM[x])\n")) {
		nuls = append(nuls, byte(u), byte(u>>8))
	}
	if log, _ := results("utf16le-bom-nuls.sgf", nuls); !strings.Contains(log, `"ruleId": "C47"`) {
		t.Errorf("utf16le-bom-nuls.sgf:\n%s", log)
	}
}

// TestSarifPanicKeepsFiles: when a rule panics on a game tree of a file
// read tree by tree, --sarif reports the file as not checked (a
// notification) and the results of its other trees, with their columns
// counted in that file; none is lost, and none waits to be written with
// the next file. The results spooled for the file were kept after the
// panic: written with the next file's, their columns counted in its text
// (byte column 45 for code point 43), or lost when the file was the last.
func TestSarifPanicKeepsFiles(t *testing.T) {
	dir := t.TempDir()
	srcs := map[string]string{
		"a.sgf": "(;B[aa]())\n",
		// The bad tree, then a tree with a result, and a result after
		// the last tree whose column a second reading counts.
		"bad.sgf": "(;C[bad])\n(;GM[1]SZ[19]C[é]KM[x])  garbage é here ;B[aa]\n",
		"c.sgf":   "(;GM[1]C[é]()) é\n",
	}
	for n, s := range srcs {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bad := sarifURI(filepath.Join(dir, "bad.sgf"))
	type result struct {
		URI, Rule         string
		Line, Col, Offset int
		Tree              int
	}
	run := func(order []string) (results []result, notes []string, code int) {
		args := []string{"check", "--sarif", "--jobs", "2"}
		for _, n := range order {
			args = append(args, filepath.Join(dir, n))
		}
		var out, errb strings.Builder
		code = Main(args, strings.NewReader(""), &out, &errb)
		var log struct {
			Runs []struct {
				Results []struct {
					RuleID    string `json:"ruleId"`
					Locations []struct {
						PhysicalLocation struct {
							ArtifactLocation struct{ URI string }
							Region           struct{ StartLine, StartColumn, ByteOffset int }
						}
					}
					Properties struct{ Tree int }
				}
				Invocations []struct {
					ToolExecutionNotifications []struct{ Message struct{ Text string } }
				}
			}
		}
		if err := json.Unmarshal([]byte(out.String()), &log); err != nil || len(log.Runs) != 1 {
			t.Fatalf("not one SARIF run (%v):\n%s\n%s", err, out.String(), errb.String())
		}
		for _, r := range log.Runs[0].Results {
			p := r.Locations[0].PhysicalLocation
			results = append(results, result{p.ArtifactLocation.URI, r.RuleID, p.Region.StartLine, p.Region.StartColumn, p.Region.ByteOffset, r.Properties.Tree})
		}
		for _, inv := range log.Runs[0].Invocations {
			for _, n := range inv.ToolExecutionNotifications {
				notes = append(notes, n.Message.Text)
			}
		}
		return results, notes, code
	}
	orders := [][]string{{"a.sgf", "bad.sgf", "c.sgf"}, {"a.sgf", "c.sgf", "bad.sgf"}}
	var wants [][]result
	for _, order := range orders {
		want, notes, code := run(order)
		if len(notes) > 0 || code != exitProblems {
			t.Fatalf("%v without a panic: exit %d, notifications %q", order, code, notes)
		}
		// Less those of the bad tree, if any.
		want = slices.DeleteFunc(want, func(r result) bool { return r.URI == bad && r.Tree == 0 })
		if !slices.ContainsFunc(want, func(r result) bool { return r.URI == bad && r.Tree == -1 && r.Col == 43 }) {
			t.Fatalf("%v: no result after the last tree of bad.sgf in column 43: no test\n%+v", order, want)
		}
		wants = append(wants, want)
	}
	withCheckHook(t, func(name string, f *syntax.File) {
		if len(f.Trees) == 1 && bytes.Contains(f.Trees[0].Source(), []byte("C[bad]")) {
			panic("boom")
		}
	})
	for i, order := range orders {
		got, notes, code := run(order)
		if code != exitFailure {
			t.Errorf("%v: exit status %d, want %d", order, code, exitFailure)
		}
		if len(notes) != 1 || !strings.Contains(notes[0], "bad.sgf: internal error: boom") {
			t.Errorf("%v: notifications %q, want one of bad.sgf's panic", order, notes)
		}
		if !slices.Equal(got, wants[i]) {
			t.Errorf("%v: results\n%+v\nwant\n%+v", order, got, wants[i])
		}
	}
}
