//go:build !unix

package cli

import "os"

// writeNewFile writes data to the file name, which it creates (an error
// wrapping fs.ErrExist if name exists).
func writeNewFile(name string, data []byte) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// renameFile renames from to to, replacing a file to.
func renameFile(from, to string) error { return os.Rename(from, to) }
