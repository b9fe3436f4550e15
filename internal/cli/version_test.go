package cli

import (
	"runtime"
	"runtime/debug"
	"testing"
)

func TestVersionFrom(t *testing.T) {
	vcs := func(rev, modified string) []debug.BuildSetting {
		return []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: modified}}
	}
	const rev = "3d53991460c1aa0d2b5fb4a1d8a0ef6c2b1f0e77"
	tests := []struct {
		name string
		bi   *debug.BuildInfo
		ok   bool
		want string
	}{
		{"no build info", nil, false, "sgf (devel) " + runtime.Version()},
		{"release", &debug.BuildInfo{GoVersion: "go1.26.1", Main: debug.Module{Version: "v1.2.3"}}, true, "sgf v1.2.3 go1.26.1"},
		{"source tree", &debug.BuildInfo{GoVersion: "go1.26.1", Main: debug.Module{Version: "(devel)"}, Settings: vcs(rev, "false")}, true,
			"sgf (devel) 3d53991460c1 go1.26.1"},
		{"source tree with the commit time", &debug.BuildInfo{GoVersion: "go1.26.1", Main: debug.Module{Version: "(devel)"},
			Settings: append(vcs(rev, "false"), debug.BuildSetting{Key: "vcs.time", Value: "2026-11-25T12:00:00Z"})}, true,
			"sgf (devel) 3d53991460c1 2026-11-25T12:00:00Z go1.26.1"},
		{"dirty tree", &debug.BuildInfo{GoVersion: "go1.26.1", Settings: vcs(rev, "true")}, true,
			"sgf (devel) 3d53991460c1+dirty go1.26.1"},
		{"pseudo-version holds the revision", &debug.BuildInfo{GoVersion: "go1.26.1",
			Main: debug.Module{Version: "v0.0.0-20261122025440-3d53991460c1+dirty"}, Settings: vcs(rev, "true")}, true,
			"sgf v0.0.0-20261122025440-3d53991460c1+dirty go1.26.1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := versionFrom(tt.bi, tt.ok); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
