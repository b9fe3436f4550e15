package cli

import (
	"flag"
	"fmt"
	"runtime"
	"runtime/debug"
)

func init() {
	register(&command{
		name:     "version",
		summary:  "print the version of sgf",
		usage:    "version",
		doc:      `Version prints the version of sgf, the source revision it was built from when known, and the Go version.`,
		examples: `$ sgf version`,
		exit:     `0  always`,
		setup: func(fs *flag.FlagSet) func(*env, []string) int {
			return func(e *env, args []string) int {
				if len(args) > 0 {
					return e.usageError("version takes no arguments")
				}
				fmt.Fprintln(e.stdout, versionLine())
				return exitOK
			}
		},
	})
}

// versionLine returns "sgf VERSION [REVISION] GOVERSION" from the build
// information of the binary.
func versionLine() string {
	version, rev := "(devel)", ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		if v := bi.Main.Version; v != "" {
			version = v
		}
		modified := false
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
				if len(rev) > 12 {
					rev = rev[:12]
				}
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
		if rev != "" && modified {
			rev += "+dirty"
		}
	}
	if rev != "" {
		return fmt.Sprintf("sgf %s %s %s", version, rev, runtime.Version())
	}
	return fmt.Sprintf("sgf %s %s", version, runtime.Version())
}
