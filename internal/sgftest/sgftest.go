// Package sgftest holds helpers for the tests of package sgf: where the
// shared corpus is, and reading files from it.
package sgftest

import (
	"os"
	"path/filepath"
	"testing"
)

// Shared returns the path of the shared folder (../shared from the
// directory that holds go.mod), or skips the test when it is absent.
func Shared(tb testing.TB) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Skip("no working directory:", err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Skip("go.mod not found")
		}
		dir = parent
	}
	shared := filepath.Join(dir, "..", "shared")
	if _, err := os.Stat(shared); err != nil {
		tb.Skip("../shared is absent")
	}
	return shared
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
	p := filepath.Join(append([]string{dir, "..", "shared", "corpus"}, elem...)...)
	_, err = os.Stat(p)
	return p, err == nil
}
