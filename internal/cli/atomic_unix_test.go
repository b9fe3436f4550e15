//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestInPlaceKeepsOwner: --in-place gives the new file the owner, group
// and mode of the old one (issue 11, item 6). Changing the owner of a file
// needs root; elsewhere the test is skipped.
func TestInPlaceKeepsOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to give a file to another user")
	}
	dir := t.TempDir()
	name := filepath.Join(dir, "g.sgf")
	writeFile(t, name, "(;GM[1]  C[x])")
	if err := os.Chown(name, 1234, 5678); err != nil {
		t.Skip(err)
	}
	os.Chmod(name, 0o640)
	if err := writeAtomic(name, []byte("(;GM[1]C[x])\n"), replaceOnly); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(name)
	if err != nil {
		t.Fatal(err)
	}
	st := info.Sys().(*syscall.Stat_t)
	if st.Uid != 1234 || st.Gid != 5678 || info.Mode().Perm() != 0o640 {
		t.Errorf("owner %d:%d mode %v, want 1234:5678 -rw-r-----", st.Uid, st.Gid, info.Mode().Perm())
	}
}
