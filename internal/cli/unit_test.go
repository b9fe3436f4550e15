package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sgf-toolkit/sgf/diag"
	"github.com/sgf-toolkit/sgf/internal/sgftest"
	"github.com/sgf-toolkit/sgf/syntax"
)

func TestParseArgs(t *testing.T) {
	tests := []struct {
		args      []string
		wantPos   []string
		wantJSON  bool
		wantJobs  int
		wantList  []string
		wantError bool
	}{
		{args: nil},
		{args: []string{"a", "b"}, wantPos: []string{"a", "b"}},
		{args: []string{"--json", "a"}, wantPos: []string{"a"}, wantJSON: true},
		{args: []string{"a", "--json"}, wantPos: []string{"a"}, wantJSON: true},
		{args: []string{"a", "-jobs", "3", "b", "--json", "c"}, wantPos: []string{"a", "b", "c"}, wantJSON: true, wantJobs: 3},
		{args: []string{"--jobs=2", "-", "x"}, wantPos: []string{"-", "x"}, wantJobs: 2},
		{args: []string{"a", "--", "--json", "-jobs"}, wantPos: []string{"a", "--json", "-jobs"}},
		{args: []string{"--list", "S01,S02", "a", "--list", "s3"}, wantPos: []string{"a"}, wantList: []string{"S01", "S02", "s3"}},
		{args: []string{"a", "--nope"}, wantError: true},
		{args: []string{"--jobs", "many"}, wantError: true},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			fs := newFlagSet("test")
			asJSON := fs.Bool("json", false, "")
			jobs := fs.Int("jobs", 0, "")
			var list listFlag
			fs.Var(&list, "list", "")
			pos, err := parseArgs(fs, tt.args)
			if (err != nil) != tt.wantError {
				t.Fatalf("error %v, want error %v", err, tt.wantError)
			}
			if err != nil {
				return
			}
			if !slices.Equal(pos, tt.wantPos) || *asJSON != tt.wantJSON || *jobs != tt.wantJobs || !slices.Equal(list, tt.wantList) {
				t.Errorf("got %q json=%v jobs=%d list=%q, want %q json=%v jobs=%d list=%q",
					pos, *asJSON, *jobs, list, tt.wantPos, tt.wantJSON, tt.wantJobs, tt.wantList)
			}
		})
	}
}

func TestForEachOrdered(t *testing.T) {
	for _, jobs := range []int{0, 1, 2, 7, 64} {
		for _, n := range []int{0, 1, 5, 100} {
			var running, peak atomic.Int32
			var got []int
			forEachOrdered(n, jobs, func(i int) int {
				r := running.Add(1)
				for {
					p := peak.Load()
					if r <= p || peak.CompareAndSwap(p, r) {
						break
					}
				}
				// Early items are slow, so later ones finish first.
				time.Sleep(time.Duration((n-i)%7) * 100 * time.Microsecond)
				running.Add(-1)
				return i * i
			}, func(i, r int) {
				if r != i*i {
					t.Errorf("emit(%d, %d): result of another item", i, r)
				}
				got = append(got, i)
			})
			if len(got) != n || !slices.IsSorted(got) {
				t.Errorf("jobs=%d n=%d: emitted %v, want 0..%d in order", jobs, n, got, n-1)
			}
			if limit := int32(max(1, jobs)); peak.Load() > limit {
				t.Errorf("jobs=%d n=%d: %d items ran at once", jobs, n, peak.Load())
			}
		}
	}
}

// TestForEachOrderedBounded checks that a slow first item does not let the
// results of every other item pile up: the pool stops taking new items when
// 4*jobs wait to be emitted.
func TestForEachOrderedBounded(t *testing.T) {
	const jobs, n = 2, 100
	release := make(chan struct{})
	var started atomic.Int32
	done := make(chan struct{})
	go func() {
		forEachOrdered(n, jobs, func(i int) int {
			started.Add(1)
			if i == 0 {
				<-release
			}
			return i
		}, func(int, int) {})
		close(done)
	}()
	time.Sleep(50 * time.Millisecond)
	if s := started.Load(); s > 4*jobs {
		t.Errorf("%d items started while the first was blocked, want at most %d", s, 4*jobs)
	}
	close(release)
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("forEachOrdered did not finish")
	}
	if s := started.Load(); s != n {
		t.Errorf("%d items started, want %d", s, n)
	}
}

// TestForEachStreamReadsAhead checks that the producer takes items ahead
// of busy workers (jobs more than they hold, and the one in its hand), so
// that a worker that finishes finds the next item ready: with every worker
// blocked on its item, next is still called for items jobs..3*jobs.
func TestForEachStreamReadsAhead(t *testing.T) {
	const jobs, n = 2, 20
	release := make(chan struct{})
	taken := make(chan int, n)
	done := make(chan struct{})
	i := 0
	go func() {
		forEachStream(func() (int, bool) {
			if i == n {
				return 0, false
			}
			taken <- i
			i++
			return i - 1, true
		}, jobs, func(int) int {
			<-release
			return 0
		}, func(int, int) {})
		close(done)
	}()
	// Items 0 and 1 block the two workers; items 2 and 3 wait in the
	// buffer, item 4 in the producer's hand.
	want := 2*jobs + 1
	for k := range want {
		select {
		case <-taken:
		case <-time.After(10 * time.Second):
			t.Fatalf("next called %d times while the workers were busy, want %d", k, want)
		}
	}
	close(release)
	<-done
}

func TestExpandPaths(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"b/2.sgf", "b/1.SGF", "a.sgf", "c.txt", ".git/x.sgf", "b/.h/y.sgf", "e/readme"} {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("(;)"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	j := func(p ...string) string { return filepath.Join(append([]string{dir}, p...)...) }
	tests := []struct {
		name      string
		args      []string
		want      []string // "!" in front: an input with an error
		wantEmpty []string
	}{
		{"dir", []string{dir}, []string{j("a.sgf"), j("b/1.SGF"), j("b/2.sgf")}, nil},
		{"dots", []string{dir + "/..."}, []string{j("a.sgf"), j("b/1.SGF"), j("b/2.sgf")}, nil},
		{"file kept as given", []string{j("c.txt"), "-"}, []string{j("c.txt"), "-"}, nil},
		{"order of arguments", []string{j("b"), j("a.sgf")}, []string{j("b/1.SGF"), j("b/2.sgf"), j("a.sgf")}, nil},
		{"hidden root is walked", []string{j(".git")}, []string{j(".git/x.sgf")}, nil},
		{"missing", []string{j("no.sgf"), j("no/...")}, []string{"!" + j("no.sgf"), "!" + j("no/...")}, nil},
		{"dots on a file", []string{j("a.sgf/...")}, []string{"!" + j("a.sgf/...")}, nil},
		{"empty folder", []string{j("e")}, nil, []string{j("e")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inputs, empty := expandPaths(tt.args)
			var got []string
			for _, in := range inputs {
				if in.err != nil {
					got = append(got, "!"+in.name)
				} else {
					got = append(got, in.name)
				}
			}
			if !slices.Equal(got, tt.want) || !slices.Equal(empty, tt.wantEmpty) {
				t.Errorf("got %q empty %q, want %q empty %q", got, empty, tt.want, tt.wantEmpty)
			}
		})
	}
}

func TestWriteAtomic(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("file modes and symbolic links differ on Windows")
	}
	dir := t.TempDir()
	name := filepath.Join(dir, "game.sgf")
	if err := os.WriteFile(name, []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(name, 0o640); err != nil { // not subject to umask
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.sgf")
	if err := os.Symlink("game.sgf", link); err != nil {
		t.Fatal(err)
	}
	if err := writeAtomic(link, []byte("new"), replaceOnly); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(name); string(b) != "new" {
		t.Errorf("content %q, want %q", b, "new")
	}
	info, err := os.Stat(name)
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want -rw-r-----", info.Mode())
	}
	if li, err := os.Lstat(link); err != nil || li.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the symbolic link was replaced: %v %v", li, err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("folder holds %d entries, want 2 (a temporary file left behind?)", len(entries))
	}
	if err := writeAtomic(filepath.Join(dir, "missing.sgf"), []byte("x"), replaceOnly); err == nil {
		t.Error("writeAtomic of a missing file: no error")
	}
}

func TestLookupCode(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"S07", "S07", true},
		{"c1", "C01", true},
		{"too-many-values", "C01", true},
		{"s7", "S07", true},
		{"empty-variation", "S07", true},
		{"EMPTY-VARIATION", "S07", true},
		{"S99", "", false},
		{"", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			c, ok := diag.Lookup(tt.in)
			got := ""
			if ok {
				got = c.String()
			}
			if got != tt.want || ok != tt.ok {
				t.Errorf("diag.Lookup(%q) = %q, %v, want %q, %v", tt.in, got, ok, tt.want, tt.ok)
			}
		})
	}
}

// TestEveryCommandHasHelp keeps the help complete as commands are added.
func TestEveryCommandHasHelp(t *testing.T) {
	for _, name := range commandNames() {
		t.Run(name, func(t *testing.T) {
			c := commands[name]
			if c.summary == "" || c.usage == "" || c.doc == "" || c.examples == "" {
				t.Errorf("command %s lacks a summary, usage, doc or examples", name)
			}
			var out bytes.Buffer
			printCommandHelp(&out, c)
			for _, want := range []string{"usage: sgf " + name, "Examples:", "Exit status:"} {
				if !strings.Contains(out.String(), want) {
					t.Errorf("help of %s lacks %q", name, want)
				}
			}
			for _, f := range flagsOf(c) {
				if f.Usage == "" {
					t.Errorf("flag --%s of %s has no usage text", f.Name, name)
				}
			}
		})
	}
}

// TestSamples runs the README's "sgf check testdata/..." on the sample files
// of the repository. (The folder is shared with the tests of the root
// package, so only the files copied for the command are judged here.)
func TestSamples(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := Main([]string{"check", "--json", "../../testdata/..."}, strings.NewReader(""), &stdout, &stderr)
	if code != exitProblems {
		t.Errorf("exit status %d, want %d (sgfc-test.sgf is broken on purpose)\n%s", code, exitProblems, stderr.String())
	}
	rep := decodeReport(t, stdout.Bytes())
	samples := map[string]bool{ // file: broken
		"ff4_ex.sgf":            false,
		"kgs-2019-04-14-37.sgf": false,
		"kgs-2019-04-15-12.sgf": false,
		"kgs-2019-04-29-30.sgf": false,
		"sgfc-test.sgf":         true,
	}
	seen := 0
	for _, f := range rep.Files {
		if f.Error != "" {
			t.Errorf("%s: %s", f.File, f.Error)
		}
		broken, ok := samples[strings.TrimPrefix(f.File, "../../testdata/")]
		if !ok {
			continue
		}
		seen++
		// Broken means errors: warnings such as the suicide (C42) in the
		// specification's own example do not count.
		errs := 0
		for _, d := range f.Diagnostics {
			if d.Severity != "warning" {
				errs++
			}
		}
		if broken != (errs > 0) {
			t.Errorf("%s: %d errors", f.File, errs)
		}
	}
	if seen != len(samples) {
		t.Errorf("%d of the %d sample files checked", seen, len(samples))
	}
}

type report struct {
	Files []struct {
		File        string
		Error       string
		Diagnostics []struct {
			Code, Name, Severity, Message  string
			SGFC, Line, Column, Tree, Node int
			Offset                         int64
			Critical                       bool
			Property                       string // added with package check's rules
			Fixable                        bool
		}
	}
	Summary struct {
		Files, Unreadable, Errors, Warnings, Critical int
		Codes                                         map[string]int
	}
}

func decodeReport(t *testing.T, b []byte) report {
	t.Helper()
	var rep report
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rep); err != nil {
		t.Fatalf("the output of check --json does not decode: %v", err)
	}
	return rep
}

// repoRoot returns the folder holding go.mod above the working directory.
func repoRoot(t testing.TB) string {
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("go.mod not found")
		}
		dir = parent
	}
}

// corpusDir returns ../shared/corpus, or skips the test without it (fails
// it under SGF_REQUIRE_SHARED=1, as CI runs).
func corpusDir(t testing.TB) string { return sgftest.Corpus(t) }

// TestCorpus runs "sgf check --json" over every file of the shared corpus:
// no crash, and every file gets a verdict.
func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus test skipped in -short mode")
	}
	dir := corpusDir(t)
	inputs, _ := expandPaths([]string{dir})
	var stdout, stderr bytes.Buffer
	code := Main([]string{"check", "--json", "--quiet", dir}, strings.NewReader(""), &stdout, &stderr)
	if code == exitFailure {
		t.Errorf("exit status %d\n%s", code, stderr.String())
	}
	rep := decodeReport(t, stdout.Bytes())
	if len(rep.Files) != len(inputs) || rep.Summary.Files != len(inputs) {
		t.Fatalf("%d verdicts (summary %d) for %d files", len(rep.Files), rep.Summary.Files, len(inputs))
	}
	errs := 0
	for i, f := range rep.Files {
		if f.File != inputs[i].name {
			t.Fatalf("verdict %d is for %s, want %s", i, f.File, inputs[i].name)
		}
		if f.Error != "" {
			t.Errorf("%s: %s", f.File, f.Error)
		}
		for _, d := range f.Diagnostics {
			if d.Severity != "warning" {
				errs++
			}
			if d.Code == "" || d.Line < 1 || d.Column < 1 {
				t.Errorf("%s: diagnostic without code or position: %+v", f.File, d)
			}
		}
	}
	if errs != rep.Summary.Errors {
		t.Errorf("summary counts %d errors, the files %d", rep.Summary.Errors, errs)
	}
	if (code == exitProblems) != (errs > 0) {
		t.Errorf("exit status %d with %d errors", code, errs)
	}
	t.Logf("%d files: %d errors, %d warnings", len(rep.Files), rep.Summary.Errors, rep.Summary.Warnings)
}

// BenchmarkCheck measures "sgf check" of the KGS games on one goroutine and
// on all of them: reading, parsing, converting the diagnostics, printing.
func BenchmarkCheck(b *testing.B) {
	dir := filepath.Join(corpusDir(b), "games", "kgs")
	inputs, _ := expandPaths([]string{dir})
	var size int64
	for _, in := range inputs {
		if info, err := os.Stat(in.name); err == nil {
			size += info.Size()
		}
	}
	for _, jobs := range []string{"1", "0"} {
		b.Run("jobs="+jobs, func(b *testing.B) {
			b.SetBytes(size)
			b.ReportAllocs()
			for b.Loop() {
				var stdout, stderr bytes.Buffer
				if code := Main([]string{"check", "--jobs", jobs, dir}, strings.NewReader(""), &stdout, &stderr); code == exitFailure {
					b.Fatal(stderr.String())
				}
			}
		})
	}
}

// withCheckHook sets checkHook for the length of a test.
func withCheckHook(t *testing.T, h func(name string, f *syntax.File)) {
	t.Helper()
	checkHook = h
	t.Cleanup(func() { checkHook = nil })
}

// TestDisableAcrossLayers: --disable takes syntax and rule codes alike, by
// code (any case, leading zeros aside) or by name, and the help lists both.
func TestDisableAcrossLayers(t *testing.T) {
	src := "(;FF[4]C[hi]B[aa]();W[bb][cc])"
	tests := []struct {
		args []string
		want string
		code int
	}{
		{[]string{"check", "-"}, "-:1:19: error S07: empty variation \"()\" (ignored)\n-:1:26: error C01: property <W> may have only one value (1 other values deleted) (critical)\n", exitProblems},
		{[]string{"check", "--disable", "too-many-values", "-"}, "-:1:19: error S07: empty variation \"()\" (ignored)\n", exitProblems},
		{[]string{"check", "--disable", "c1,s07", "-"}, "", exitOK},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := Main(tt.args, strings.NewReader(src), &stdout, &stderr)
			if code != tt.code || stdout.String() != tt.want {
				t.Errorf("exit %d, output\n%s\nwant exit %d, output\n%s\n%s", code, stdout.String(), tt.code, tt.want, stderr.String())
			}
		})
	}
	var help bytes.Buffer
	Main([]string{"help", "check"}, nil, &help, &help)
	for _, want := range []string{"S07   empty-variation", "C01   too-many-values"} {
		if !strings.Contains(help.String(), want) {
			t.Errorf("help of check does not list %q:\n%s", want, help.String())
		}
	}
}

// TestCheckerPanic: a check that trips a bug on one file stops neither
// the run nor the other files; the file is reported, and the status is 2.
func TestCheckerPanic(t *testing.T) {
	withCheckHook(t, func(name string, f *syntax.File) {
		if strings.Contains(name, "bad") {
			panic("boom")
		}
	})
	dir := t.TempDir()
	for _, n := range []string{"a.sgf", "bad.sgf", "c.sgf"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("(;B[aa]())"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr bytes.Buffer
	code := Main([]string{"check", "--quiet", "--jobs", "2", dir}, nil, &stdout, &stderr)
	if code != exitFailure {
		t.Errorf("exit status %d, want %d", code, exitFailure)
	}
	if n := strings.Count(stdout.String(), "S07"); n != 2 {
		t.Errorf("%d files reported S07, want 2:\n%s", n, stdout.String())
	}
	if !strings.Contains(stderr.String(), "bad.sgf: internal error: boom") {
		t.Errorf("stderr does not name the file and the failure:\n%s", stderr.String())
	}
}

// TestCheckerPanicInCollection: the trees of a collection are checked in
// units of several trees; a bug tripped on one tree stops neither the
// other trees of its unit nor the run: they are reported, the file is
// reported as not checked, and the status is 2.
func TestCheckerPanicInCollection(t *testing.T) {
	withCheckHook(t, func(name string, f *syntax.File) {
		if len(f.Trees) == 1 && bytes.Contains(f.Trees[0].Source(), []byte("C[bad]")) {
			panic("boom")
		}
	})
	src := "(;B[aa]())\n(;C[bad]B[aa]())\n(;B[bb]())\n"
	var stdout, stderr bytes.Buffer
	code := Main([]string{"check", "--quiet", "--jobs", "2", "-"}, strings.NewReader(src), &stdout, &stderr)
	if code != exitFailure {
		t.Errorf("exit status %d, want %d", code, exitFailure)
	}
	if got, want := stdout.String(), "-:1:9: error S07: empty variation \"()\" (ignored)\n-:3:9: error S07: empty variation \"()\" (ignored)\n"; got != want {
		t.Errorf("output\n%s\nwant the first and the third tree's\n%s", got, want)
	}
	if !strings.Contains(stderr.String(), "-: internal error: boom") {
		t.Errorf("stderr does not name the input and the failure:\n%s", stderr.String())
	}
}

// expandPaths returns all the inputs that args name, in order, and the
// directory arguments that held no SGF file. It holds the whole list (the
// commands use eachInput, which streams it): for tests.
func expandPaths(args []string) (inputs []input, empty []string) {
	w := newWalker(args, true)
	for {
		in, ok := w.next()
		if !ok {
			return inputs, empty
		}
		if in.empty {
			empty = append(empty, in.name)
		} else {
			inputs = append(inputs, in)
		}
	}
}
