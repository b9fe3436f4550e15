package cli

import (
	"flag"
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

func init() {
	register(&command{
		name:     "version",
		summary:  "print the version of sgf",
		usage:    "version",
		doc:      `Version prints the version of sgf (the module version, or "(devel)" for a build from a source tree), the source revision and its commit time (UTC) it was built from when the build recorded them (with "+dirty" when the tree had changes), and the version of Go it was built with.`,
		examples: `$ sgf version`,
		exit:     `0  always`,
		setup: func(*flag.FlagSet, *commonFlags) func(*env, []string) int {
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
	return versionFrom(debug.ReadBuildInfo())
}

// versionFrom returns the version line of a binary with build information
// bi: the module version ("(devel)" when unknown), the VCS revision (12
// digits, "+dirty" when the tree was modified) unless the version already
// holds it, as a pseudo-version does, and the Go version.
func versionFrom(bi *debug.BuildInfo, ok bool) string {
	version, rev, date := "(devel)", "", ""
	goVersion := runtime.Version()
	if ok && bi != nil {
		if v := bi.Main.Version; v != "" {
			version = v
		}
		if bi.GoVersion != "" {
			goVersion = bi.GoVersion
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
			case "vcs.time":
				date = s.Value
			}
		}
		if rev != "" && modified {
			rev += "+dirty"
		}
		if rev != "" && strings.Contains(version, strings.TrimSuffix(rev, "+dirty")) {
			rev = ""
		}
	}
	if rev != "" && date != "" {
		return fmt.Sprintf("sgf %s %s %s %s", version, rev, date, goVersion)
	}
	if rev != "" {
		return fmt.Sprintf("sgf %s %s %s", version, rev, goVersion)
	}
	return fmt.Sprintf("sgf %s %s", version, goVersion)
}
