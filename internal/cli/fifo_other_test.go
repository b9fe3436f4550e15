//go:build !unix

package cli

import "errors"

// mkfifo fails where there are no named pipes: the tests that need one skip.
func mkfifo(name string) error { return errors.ErrUnsupported }
