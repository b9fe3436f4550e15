package cli

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/sgf-toolkit/sgf/diag"
)

// TestSharedFlagsConsistent: a flag with the name of a shared flag means
// the same on every command: same kind (boolean or with a value) and the
// same default. Commands should define them with defineShared; those that
// do not are listed in the log.
func TestSharedFlagsConsistent(t *testing.T) {
	shared := sharedFlagSet()
	for _, name := range commandNames() {
		for _, f := range flagsOf(commands[name]) {
			want := shared.Lookup(f.Name)
			if want == nil {
				continue
			}
			if isBool(f) != isBool(want) || f.DefValue != want.DefValue {
				t.Errorf("sgf %s %s: bool=%v default %q, but the shared flag is bool=%v default %q (define it with common.defineShared)",
					name, flagName(f.Name), isBool(f), f.DefValue, isBool(want), want.DefValue)
			}
			if !isShared(f) {
				t.Logf("sgf %s defines %s itself, not with common.defineShared", name, flagName(f.Name))
			}
		}
	}
}

func isBool(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

func TestDefineShared(t *testing.T) {
	tests := []struct {
		which sharedFlag
		want  []string
	}{
		{0, nil},
		{flagJSON, []string{"json"}},
		{flagsWalk, []string{"formats", "from", "jobs", "max-bytes", "max-depth", "max-nodes", "max-value", "quiet", "recursive", "special"}},
		{flagOutput | flagInPlace | flagCharset | flagQuirks, []string{"charset", "in-place", "o", "quirks"}},
	}
	for _, tt := range tests {
		fs := newFlagSet("t")
		var c commonFlags
		c.defineShared(fs, tt.which)
		var got []string
		fs.VisitAll(func(f *flag.Flag) { got = append(got, f.Name) })
		if !slices.Equal(got, tt.want) {
			t.Errorf("defineShared(%b) defined %q, want %q", tt.which, got, tt.want)
		}
		if !c.recursive {
			t.Errorf("defineShared(%b): recursive is false; walking subfolders is the default", tt.which)
		}
	}
}

func TestCommonFlagsCheck(t *testing.T) {
	tests := []struct {
		args []string
		want string // "" for no usage error
	}{
		{nil, ""},
		{[]string{"--jobs", "3"}, ""},
		{[]string{"--jobs", "-2"}, "--jobs -2: the number of jobs must be at least 1"},
		{[]string{"--charset", "gb2312"}, ""},
		{[]string{"--charset", "UTF8"}, ""},
		{[]string{"--charset", "nope"}, "--charset nope: unknown charset"},
		{[]string{"--quirks", "ff3,LONG-IDS"}, ""},
		{[]string{"--quirks", "all"}, ""},
		{[]string{"--quirks", "ff3", "--quirks", "x"}, "--quirks x: unknown quirk"},
		{[]string{"-o", "f", "--in-place"}, "-o and --in-place do not go together"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			fs := newFlagSet("t")
			var c commonFlags
			c.defineShared(fs, ^sharedFlag(0))
			if _, err := parseArgs(fs, tt.args); err != nil {
				t.Fatal(err)
			}
			var stderr bytes.Buffer
			e := testEnv(&stderr)
			code := c.check(e)
			if (code != exitOK) != (tt.want != "") || !strings.Contains(stderr.String(), tt.want) {
				t.Errorf("check: exit %d, %q; want error %q", code, stderr.String(), tt.want)
			}
		})
	}
}

func bufioWriter(w io.Writer) *bufio.Writer { return bufio.NewWriter(w) }

func testEnv(stderr *bytes.Buffer) *env {
	var out bytes.Buffer
	return &env{cmd: "t", stdout: bufioWriter(&out), stderr: stderr, screen: newScreen(&out, stderr)}
}

func TestQuirkSettings(t *testing.T) {
	c := commonFlags{quirks: listFlag{"FF3"}}
	if _, _, got := quirkSettings(&c); !slices.Equal(got, []string{"S16", "C05"}) {
		t.Errorf("codes silenced by ff3 = %q, want [S16 C05]", got)
	}
	c.quirks = listFlag{"all"}
	if _, _, got := quirkSettings(&c); len(got) < 2 || !slices.Contains(got, "S11") {
		t.Errorf("codes silenced by all = %q", got)
	}
	for _, q := range quirks {
		for _, code := range q.codes {
			if _, ok := diag.Lookup(code); !ok {
				t.Errorf("quirk %s names code %s, which no checker reports", q.name, code)
			}
		}
	}
	// The help lists every quirk.
	var help bytes.Buffer
	printMainHelp(&help)
	for _, name := range quirkNames() {
		if !strings.Contains(help.String(), "\n    "+name+" (") && !strings.Contains(help.String(), "\n    "+name+"\n") {
			t.Errorf("sgf help does not list the quirk %s", name)
		}
	}
}

func TestWalker(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"a-b/1.sgf", "a/2.sgf", "a/deep/3.sgf", "a/.hid/4.sgf", "top.SGF", "x.txt", "only/sub/5.sgf"} {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("(;)"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rel := func(ins []input) []string {
		var s []string
		for _, in := range ins {
			name, _ := filepath.Rel(dir, in.name)
			switch {
			case in.empty:
				name = "empty:" + name
			case in.err != nil:
				name = "!" + name
			}
			s = append(s, name)
		}
		return s
	}
	walk := func(recursive bool, args ...string) []input {
		w := newWalker(args, recursive)
		var ins []input
		for in, ok := w.next(); ok; in, ok = w.next() {
			ins = append(ins, in)
		}
		return ins
	}
	j := func(p string) string { return filepath.Join(dir, p) }
	tests := []struct {
		name      string
		recursive bool
		args      []string
		want      []string
	}{
		// Depth first, each folder in order of name: "a" before "a-b".
		{"recursive", true, []string{dir}, []string{"a/2.sgf", "a/deep/3.sgf", "a-b/1.sgf", "only/sub/5.sgf", "top.SGF"}},
		{"flat", false, []string{dir}, []string{"top.SGF"}},
		{"flat empty", false, []string{j("only")}, []string{"empty:only"}},
		{"arguments in order", true, []string{j("top.SGF"), j("a"), j("x.txt")}, []string{"top.SGF", "a/2.sgf", "a/deep/3.sgf", "x.txt"}},
		{"missing", true, []string{j("nope"), j("top.SGF")}, []string{"!nope", "top.SGF"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := rel(walk(tt.recursive, tt.args...)); !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}

	// A folder that cannot be read is an input with an error in its place,
	// and the walk goes on.
	t.Run("unreadable", func(t *testing.T) {
		defer denyPaths("deep")()
		got := walk(true, dir)
		if names := rel(got); !slices.Equal(names, []string{"a/2.sgf", "!a/deep", "a-b/1.sgf", "only/sub/5.sgf", "top.SGF"}) {
			t.Fatalf("got %q", names)
		}
		if !errors.Is(got[1].err, fs.ErrPermission) {
			t.Errorf("error %v, want permission denied", got[1].err)
		}
	})
}

// TestWalkerMemory: the walk holds the folders on its path, not the files it
// has yielded: a wide tree of folders is walked with a stack no deeper than
// the tree.
func TestWalkerMemory(t *testing.T) {
	dir := t.TempDir()
	for i := range 50 {
		p := filepath.Join(dir, string(rune('a'+i%26))+strings.Repeat("x", i/26), "g.sgf")
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("(;)"), 0o644)
	}
	w := newWalker([]string{dir}, true)
	n, deepest, queued := 0, 0, 0
	for _, ok := w.next(); ok; _, ok = w.next() {
		n++
		deepest = max(deepest, len(w.stack))
		queued = max(queued, len(w.ready))
	}
	if n != 50 || deepest > 2 || queued > 1 {
		t.Errorf("%d files, stack up to %d folders, %d inputs queued; want 50, at most 2, at most 1", n, deepest, queued)
	}
}

// TestUnreadableForReal uses the file system's permissions: a folder
// without read permission, named as an argument beside a file, and met in
// a walk, is reported once ("folder not read"), never as "no .sgf files",
// and not counted as a file; the exit status is 2 (issue 13, item 6). Root
// reads everything, so as root the test runs itself again as the user
// nobody (setpriv), and skips only where that cannot be done (TestWalker
// and errors.txtar simulate the same failure through readDir).
func TestUnreadableForReal(t *testing.T) {
	if os.Geteuid() == 0 {
		runAsNobody(t, "TestUnreadableForReal")
		return
	}
	dir := t.TempDir()
	t.Chdir(dir)
	os.MkdirAll(filepath.Join("games", "locked"), 0o755)
	os.WriteFile(filepath.Join("games", "locked", "a.sgf"), []byte("(;)"), 0o644)
	const ok = "(;GM[1]FF[4]CA[UTF-8]SZ[9]\n;B[aa])\n"
	os.WriteFile(filepath.Join("games", "ok.sgf"), []byte(ok), 0o644)
	os.WriteFile("ok.sgf", []byte(ok), 0o644)
	os.Chmod(filepath.Join("games", "locked"), 0)
	defer os.Chmod(filepath.Join("games", "locked"), 0o755)
	if _, err := os.ReadDir(filepath.Join("games", "locked")); err == nil {
		t.Fatal("a folder of mode 000 can be read: not a real test")
	}
	locked := filepath.Join("games", "locked")
	const denied = ": folder not read: permission denied (check the permissions of the file and its folder)\n"
	for _, tc := range []struct {
		args    []string
		summary string // a line of standard error or output that counts the files
	}{
		{[]string{"check", locked, "ok.sgf"}, "checked 1 file: 0 errors, 0 warnings\n"},
		{[]string{"check", "games"}, "checked 1 file: 0 errors, 0 warnings\n"},
		{[]string{"check", "--json", locked, "ok.sgf"}, `"summary":{"files":1,"unreadable":0,`},
		{[]string{"stats", locked, "ok.sgf"}, "       files   1\n"},
		{[]string{"info", locked, "ok.sgf"}, "ok.sgf game 1\n"},
		{[]string{"fmt", "-l", locked, "ok.sgf"}, ""},
		{[]string{"tree", locked, "ok.sgf"}, "ok.sgf: game 1, 2 nodes, 0 variations\n"},
		{[]string{"fix", "-o", "-", locked, "ok.sgf"}, "fixed 0 files (0 changes): 1 unchanged, 0 refused, 0 unreadable\n"},
		{[]string{"dupes", locked, "ok.sgf"}, "compared 1 game:"},
	} {
		var stdout, stderr bytes.Buffer
		code := Main(tc.args, nil, &stdout, &stderr)
		errs := stderr.String()
		if code != exitFailure || strings.Count(errs, locked) != 1 || !strings.Contains(errs, locked+denied) ||
			strings.Contains(errs, "no .sgf files") || !strings.Contains(stdout.String()+errs, tc.summary) {
			t.Errorf("%q: exit %d\nstdout %q\nstderr %q\nwant exit 2, %q once and %q", tc.args, code, stdout.String(), errs, locked+denied, tc.summary)
		}
	}
}

// runAsNobody runs the test name of this test binary again as the user
// nobody (uid and gid 65534, through setpriv), from a copy of the binary
// that user can run, and fails with its output if it fails. It skips when
// setpriv is missing or the user cannot run the binary.
func runAsNobody(t *testing.T, name string) {
	setpriv, err := exec.LookPath("setpriv")
	if err != nil {
		t.Skip("running as root without setpriv: the failure is simulated in TestWalker/unreadable and errors.txtar")
	}
	dir := t.TempDir()
	os.Chmod(dir, 0o755)
	bin := filepath.Join(dir, "cli.test")
	src, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, src, 0o755); err != nil {
		t.Fatal(err)
	}
	for d := dir; d != "/" && d != "."; d = filepath.Dir(d) {
		if d == os.TempDir() {
			break
		}
		os.Chmod(d, 0o755) // t.TempDir's folders are 0700
	}
	cmd := exec.Command(setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", bin, "-test.run=^"+name+"$", "-test.v")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+dir, "GOCOVERDIR=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("as nobody: %v\n%s", err, out)
	}
	if !bytes.Contains(out, []byte("--- PASS: "+name)) {
		t.Skipf("as nobody the test did not run:\n%s", out)
	}
	t.Logf("as nobody:\n%s", out)
}

// TestFailedWrites: a write that fails half-way leaves the original as it
// was and no temporary file behind, for --in-place and -o alike.
func TestFailedWrites(t *testing.T) {
	const old = "(;FF[4]GM[1];B[aa];W[bb];B[cc])"
	for _, args := range [][]string{
		{"fmt", "--in-place", "game.sgf"},
		{"fmt", "-o", "game.sgf", "other.sgf"},
		{"check", "--json", "-o", "game.sgf", "other.sgf"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			dir := t.TempDir()
			t.Chdir(dir)
			os.WriteFile("game.sgf", []byte(old), 0o644)
			os.WriteFile("other.sgf", []byte(old), 0o644)
			defer failWritesAfter(5)()
			var stdout, stderr bytes.Buffer
			code := Main(args, nil, &stdout, &stderr)
			if code != exitFailure {
				t.Errorf("exit status %d, want %d", code, exitFailure)
			}
			want := "sgf " + args[0] + ": game.sgf: could not write it: no space left on device (free some space and run again); the file is unchanged\n"
			if !strings.HasSuffix(stderr.String(), want) {
				t.Errorf("stderr %q, want it to end with %q", stderr.String(), want)
			}
			if b, _ := os.ReadFile("game.sgf"); string(b) != old {
				t.Errorf("the original was changed to %q", b)
			}
			if entries, _ := os.ReadDir("."); len(entries) != 2 {
				t.Errorf("%d files in the folder, want 2: a temporary file left behind?", len(entries))
			}
		})
	}
}

// TestOutputKeepsMode: -o replacing a file keeps its permissions; a new
// file gets 0644.
func TestOutputKeepsMode(t *testing.T) {
	t.Chdir(t.TempDir())
	os.WriteFile("in.sgf", []byte("(;B[aa])"), 0o644)
	os.WriteFile("out.txt", []byte("old"), 0o600)
	os.Chmod("out.txt", 0o600)
	var stdout, stderr bytes.Buffer
	if code := Main([]string{"check", "-o", "new.txt", "in.sgf"}, nil, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if code := Main([]string{"fmt", "-o", "out.txt", "in.sgf"}, nil, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for name, mode := range map[string]fs.FileMode{"out.txt": 0o600, "new.txt": 0o644} {
		info, err := os.Stat(name)
		if err != nil {
			t.Fatal(err)
		}
		if info.Mode().Perm() != mode {
			t.Errorf("%s: mode %v, want %v", name, info.Mode().Perm(), mode)
		}
	}
	if b, _ := os.ReadFile("out.txt"); string(b) != "(;B[aa])\n" {
		t.Errorf("out.txt holds %q", b)
	}
}

func TestDescribeError(t *testing.T) {
	pe := func(err error) error { return &fs.PathError{Op: "open", Path: "x", Err: err} }
	tests := []struct {
		err  error
		want string
	}{
		{pe(syscall.ENOENT), "no such file or directory (check the path)"},
		{pe(syscall.EACCES), "permission denied (check the permissions of the file and its folder)"},
		{pe(syscall.ENOSPC), "no space left on device (free some space and run again)"},
		{pe(syscall.EROFS), "read-only file system (write somewhere else, or remount the disk writable)"},
		{&writeError{pe(syscall.ENOSPC)}, "could not write it: no space left on device (free some space and run again); the file is unchanged"},
		{errors.New("odd"), "odd"},
	}
	for _, tt := range tests {
		if got := describeError(tt.err); got != tt.want {
			t.Errorf("describeError(%v) = %q, want %q", tt.err, got, tt.want)
		}
	}
}

// TestRegisterQuirk: a quirk added by a checker is accepted by --quirks,
// listed in the help, and its codes are not reported.
func TestRegisterQuirk(t *testing.T) {
	n := len(quirks)
	registerQuirk(&quirk{name: "empty-vars", codes: []string{"S07"}, doc: "empty variations"})
	defer func() { quirks = quirks[:n] }()
	src := "(;B[aa]())"
	var stdout, stderr bytes.Buffer
	if code := Main([]string{"check", "--quirks", "empty-vars", "-"}, strings.NewReader(src), &stdout, &stderr); code != exitOK || stdout.Len() > 0 {
		t.Errorf("exit %d, output %q %q", code, stdout.String(), stderr.String())
	}
	if code := Main([]string{"check", "--quirks", "ff3", "-"}, strings.NewReader(src), &stdout, &stderr); code != exitProblems {
		t.Errorf("another quirk: exit %d, want %d", code, exitProblems)
	}
	if !strings.Contains(quirkList(), "empty-vars (S07)\n    empty variations") {
		t.Errorf("quirk not listed: %q", quirkList())
	}
	defer func() {
		if recover() == nil {
			t.Error("no panic on a quirk registered twice")
		}
	}()
	registerQuirk(&quirk{name: "EMPTY-VARS"})
}

// isShared reports whether f is the shared flag of its name.
func isShared(f *flag.Flag) bool {
	g := sharedFlagSet().Lookup(f.Name)
	return g != nil && g.Usage == f.Usage
}
