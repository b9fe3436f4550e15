package cli

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func init() {
	// -update rewrites doc/sgf.1 (another test file may define it too).
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the generated files (doc/sgf.1)")
	}
}

func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

func itoa(n int) string { return strconv.Itoa(n) }

func writeFile(t *testing.T, name, s string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestManPageUpToDate fails when doc/sgf.1 is not what "sgf man" prints, as
// when a command or a flag was added: regenerate it with
//
//	go run ./cmd/sgf man > doc/sgf.1   (or: go test ./internal/cli -run TestManPage -update)
func TestManPageUpToDate(t *testing.T) {
	var b bytes.Buffer
	writeManPage(&b)
	path := filepath.Join(repoRoot(t), filepath.FromSlash(manPath))
	if updating() {
		writeFile(t, path, b.String())
		return
	}
	old, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v: create it with 'go run ./cmd/sgf man > %s'", err, manPath)
	}
	if !bytes.Equal(old, b.Bytes()) {
		t.Errorf("%s is stale (a command, flag or text changed): regenerate it with 'go run ./cmd/sgf man > %s' or 'go test ./internal/cli -run TestManPage -update'", manPath, manPath)
	}
}

// TestManPage: every command and flag is in the page, and groff reads it
// without a warning when it is installed.
func TestManPage(t *testing.T) {
	var b bytes.Buffer
	writeManPage(&b)
	page := b.String()
	for _, name := range commandNames() {
		c := commands[name]
		if !strings.Contains(page, `.SS "sgf `+roffEscape(c.usage)+`"`) {
			t.Errorf("no section for %s", name)
		}
		for _, f := range flagsOf(c) {
			if !strings.Contains(page, `\fB`+roffEscape(flagName(f.Name))+`\fR`) {
				t.Errorf("flag %s of %s missing", flagName(f.Name), name)
			}
		}
	}
	for _, sec := range []string{"NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "SHARED FLAGS", "EXIT STATUS", "DIAGNOSTICS", "EXAMPLES"} {
		if !strings.Contains(page, "\n.SH "+sec+"\n") {
			t.Errorf("no section %s", sec)
		}
	}
	for i, line := range strings.Split(page, "\n") {
		if strings.HasPrefix(line, "'") || strings.HasPrefix(line, ".") && !isRequest(line) {
			t.Errorf("line %d would be read as a request: %q", i+1, line)
		}
	}
	groff, err := exec.LookPath("groff")
	if err != nil {
		t.Skip("groff not installed")
	}
	cmd := exec.Command(groff, "-man", "-Tutf8", "-ww", "-z")
	cmd.Stdin = strings.NewReader(page)
	if out, err := cmd.CombinedOutput(); err != nil || len(out) > 0 {
		t.Errorf("groff: %v\n%s", err, out)
	}
}

func isRequest(line string) bool {
	for _, r := range []string{`.\"`, ".TH ", ".SH ", ".SS ", ".PP", ".TP", ".RS", ".RE", ".nf", ".fi", ".sp", ".B ", ".I ", ".RI "} {
		if strings.HasPrefix(line, r) {
			return true
		}
	}
	return false
}

func TestRoffLine(t *testing.T) {
	for in, want := range map[string]string{
		"--json":     `\-\-json`,
		`a\b`:        `a\eb`,
		".hidden":    `\&.hidden`,
		"'quoted'":   `\&'quoted'`,
		"":           ".sp",
		"plain text": "plain text",
	} {
		if got := roffLine(in); got != want {
			t.Errorf("roffLine(%q) = %q, want %q", in, got, want)
		}
	}
}

// manPath is where the page is kept in the source tree, from the root.
const manPath = "doc/sgf.1"
