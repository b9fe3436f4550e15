// Package sgftest holds helpers for the tests of the module's packages:
// where the shared corpus is (../shared next to the module root, present in
// CI and absent in a user's checkout), so that tests skip cleanly without it.
package sgftest

import (
	"os"
	"path/filepath"
	"testing"
)

// SharedPath returns the path of the shared folder (../shared from the
// directory that holds go.mod) and whether it is there.
func SharedPath(elem ...string) (string, bool) {
	dir, err := os.Getwd()
	if err != nil {
		return "", false
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
	p := filepath.Join(append([]string{dir, "..", "shared"}, elem...)...)
	_, err = os.Stat(p)
	return p, err == nil
}

// RequireShared reports whether the environment asks that tests needing
// ../shared fail instead of skipping (SGF_REQUIRE_SHARED=1, set by .ci/run).
func RequireShared() bool { return os.Getenv("SGF_REQUIRE_SHARED") == "1" }

// SkipShared skips the test because something of ../shared is missing, or
// fails it when SGF_REQUIRE_SHARED=1: in CI nothing that needs the shared
// corpus may skip silently.
func SkipShared(tb testing.TB, args ...any) {
	tb.Helper()
	if RequireShared() {
		tb.Fatal(append([]any{"SGF_REQUIRE_SHARED=1 but"}, args...)...)
	}
	tb.Skip(args...)
}

// Shared returns the path of the shared folder, or skips the test when it
// is absent (fails under SGF_REQUIRE_SHARED=1).
func Shared(tb testing.TB) string {
	tb.Helper()
	p, ok := SharedPath()
	if !ok {
		SkipShared(tb, "../shared is absent")
	}
	return p
}

// Corpus returns the path of a file or folder of the shared corpus, or
// skips the test when it is absent.
func Corpus(tb testing.TB, elem ...string) string {
	tb.Helper()
	p := filepath.Join(append([]string{Shared(tb), "corpus"}, elem...)...)
	if _, err := os.Stat(p); err != nil {
		SkipShared(tb, p, "is absent")
	}
	return p
}

// Find returns the path of a file or folder of the shared corpus and
// whether it is there, without skipping: for benchmarks that fall back on
// testdata.
func Find(elem ...string) (string, bool) {
	return SharedPath(append([]string{"corpus"}, elem...)...)
}
