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

// Shared returns the path of the shared folder, or skips the test when it
// is absent.
func Shared(tb testing.TB) string {
	tb.Helper()
	p, ok := SharedPath()
	if !ok {
		tb.Skip("../shared is absent")
	}
	return p
}

// Corpus returns the path of a file or folder of the shared corpus, or
// skips the test when it is absent.
func Corpus(tb testing.TB, elem ...string) string {
	tb.Helper()
	p := filepath.Join(append([]string{Shared(tb), "corpus"}, elem...)...)
	if _, err := os.Stat(p); err != nil {
		tb.Skip(p, "is absent")
	}
	return p
}

// Find returns the path of a file or folder of the shared corpus and
// whether it is there, without skipping: for benchmarks that fall back on
// testdata.
func Find(elem ...string) (string, bool) {
	return SharedPath(append([]string{"corpus"}, elem...)...)
}
