//go:build !linux

package cli

import (
	"errors"
	"os"
)

// openAnonymous needs Linux's O_TMPFILE: elsewhere temporary files have a
// name from the start.
func openAnonymous(string) (*os.File, error) { return nil, errors.ErrUnsupported }

func linkAnonymous(*os.File, string) error { return errors.ErrUnsupported }
