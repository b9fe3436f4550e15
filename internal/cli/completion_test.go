package cli

import (
	"bytes"
	"flag"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var shells = map[string]func(w *bytes.Buffer){
	"bash": func(w *bytes.Buffer) { writeBashCompletion(w) },
	"zsh":  func(w *bytes.Buffer) { writeZshCompletion(w) },
	"fish": func(w *bytes.Buffer) { writeFishCompletion(w) },
}

// withCommand registers c for the length of a test.
func withCommand(t *testing.T, c *command) {
	t.Helper()
	register(c)
	t.Cleanup(func() { delete(commands, c.name) })
}

// TestCompletionFromTable: every command and every flag of every command is
// in each script, including a command added after the scripts were written.
func TestCompletionFromTable(t *testing.T) {
	withCommand(t, &command{name: "zzfrob", summary: "frob the files", usage: "zzfrob PATH...", doc: "d", examples: "e",
		setup: func(fs *flag.FlagSet, _ *commonFlags) func(*env, []string) int {
			fs.Bool("frobnicate", false, "frob harder")
			fs.String("level", "", "frob at `LEVEL`")
			return nil
		}})
	for shell, write := range shells {
		t.Run(shell, func(t *testing.T) {
			var b bytes.Buffer
			write(&b)
			script := b.String()
			for _, name := range commandNames() {
				if !strings.Contains(script, name) {
					t.Errorf("command %s missing", name)
				}
				for _, f := range flagsOf(commands[name]) {
					word := flagName(f.Name)
					if shell == "fish" {
						word = map[bool]string{true: "-s ", false: "-l "}[len(f.Name) == 1] + f.Name
					}
					if !strings.Contains(script, word) {
						t.Errorf("flag %s of %s missing", word, name)
					}
				}
			}
			if !strings.Contains(script, "frob harder") && shell != "bash" {
				t.Errorf("the description of a new flag is missing")
			}
		})
	}
}

// TestBashCompletion runs the bash script as bash would on TAB.
func TestBashCompletion(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not installed")
	}
	var b bytes.Buffer
	writeBashCompletion(&b)
	dir := t.TempDir()
	script := filepath.Join(dir, "sgf.bash")
	writeFile(t, script, b.String())
	writeFile(t, filepath.Join(dir, "game.sgf"), "")
	tests := []struct {
		line string // the words typed, the cursor at the end of the last
		want []string
	}{
		{"sgf ch", []string{"check"}},
		{"sgf check --qu", []string{"--quiet", "--quirks"}},
		{"sgf check --charset GB", []string{"GB18030", "GBK", "GB2312"}},
		{"sgf check --quirks f", []string{"ff3", "fox"}},
		{"sgf fmt --in", []string{"--in-place"}},
		{"sgf help versio", []string{"version"}},
		{"sgf completion ", []string{"bash", "zsh", "fish"}},
		{"sgf check gam", []string{"game.sgf"}},
		{"sgf check -o gam", []string{"game.sgf"}},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			words := strings.Split(tt.line, " ")
			var quoted []string
			for _, w := range words {
				quoted = append(quoted, shellQuote(w))
			}
			prog := `source ` + shellQuote(script) + `
COMP_WORDS=(` + strings.Join(quoted, " ") + `)
COMP_CWORD=` + itoa(len(words)-1) + `
_sgf
printf '%s\n' "${COMPREPLY[@]}"`
			cmd := exec.Command(bash, "--norc", "--noprofile", "-c", prog)
			cmd.Dir = dir
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("%v: %s", err, out)
			}
			got := strings.Fields(string(out))
			slices.Sort(got)
			want := slices.Clone(tt.want)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("completions %q, want %q", got, want)
			}
		})
	}
}

// TestCompletionSyntax has each installed shell parse its script.
func TestCompletionSyntax(t *testing.T) {
	for shell, write := range shells {
		t.Run(shell, func(t *testing.T) {
			path, err := exec.LookPath(shell)
			if err != nil {
				t.Skipf("%s not installed", shell)
			}
			var b bytes.Buffer
			write(&b)
			file := filepath.Join(t.TempDir(), "sgf."+shell)
			writeFile(t, file, b.String())
			if out, err := exec.Command(path, "-n", file).CombinedOutput(); err != nil {
				t.Errorf("%s -n: %v\n%s", shell, err, out)
			}
		})
	}
}

func TestShellQuote(t *testing.T) {
	for in, want := range map[string]string{"": "''", "a b": "'a b'", "it's": `'it'\''s'`} {
		if got := shellQuote(in); got != want {
			t.Errorf("shellQuote(%q) = %s, want %s", in, got, want)
		}
	}
}

// TestFishCompletion asks fish what it would offer, when fish is installed.
func TestFishCompletion(t *testing.T) {
	fish, err := exec.LookPath("fish")
	if err != nil {
		t.Skip("fish not installed")
	}
	var b bytes.Buffer
	writeFishCompletion(&b)
	script := filepath.Join(t.TempDir(), "sgf.fish")
	writeFile(t, script, b.String())
	tests := []struct {
		line string
		want []string
	}{
		{"sgf ch", []string{"check"}},
		{"sgf check --qu", []string{"--quiet", "--quirks"}},
		{"sgf check --quirks ", []string{"ff3", "long-ids", "fox", "handicap-moves", "kgs", "multigo", "mail", "space-pass", "nested", "auto", "all"}},
		{"sgf completion ", []string{"bash", "zsh", "fish"}},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			out, err := exec.Command(fish, "--no-config", "-c", "source "+shellQuote(script)+"; complete -C "+shellQuote(tt.line)).CombinedOutput()
			if err != nil {
				t.Fatalf("%v: %s", err, out)
			}
			var got []string
			for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
				word, _, _ := strings.Cut(line, "\t")
				got = append(got, word)
			}
			slices.Sort(got)
			want := slices.Clone(tt.want)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("completions %q, want %q", got, want)
			}
		})
	}
}
