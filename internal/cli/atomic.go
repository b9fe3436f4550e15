package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"sync"
	"syscall"
	"time"
)

// Atomic writes (--in-place, -o FILE) go through a temporary file in the
// folder of the file they replace, synced and then renamed over it. Where
// the system allows it (Linux, O_TMPFILE), the temporary file has no name
// while it is written, so that a process killed in the middle leaves
// nothing behind: it is linked under a hidden name only once complete and
// synced, and renamed at once. Elsewhere, or where the file system has no
// O_TMPFILE, it is a hidden file ".NAME.sgf-tmp-pPID-RANDOM" from the start;
// the first write into a folder removes those left there by processes
// that no longer run (removeStaleTemps).

// newTempFile creates the temporary file of an atomic write of base in dir.
func newTempFile(dir, base string) (tempFile, error) {
	if f, err := openAnonymous(dir); err == nil {
		return &anonTemp{File: f, dir: dir, base: base}, nil
	}
	f, err := os.CreateTemp(dir, tempPrefix(base)+"*")
	if err != nil {
		return nil, err
	}
	return namedTemp{f}, nil
}

// tempPrefix is the start of the names of base's temporary files: hidden,
// with the process ID, so that a later run can tell a stale one.
func tempPrefix(base string) string {
	return "." + base + ".sgf-tmp-p" + strconv.Itoa(os.Getpid()) + "-"
}

// namedTemp is a temporary file with a name from the start.
type namedTemp struct{ *os.File }

func (t namedTemp) Link() (string, error) { return t.Name(), nil }

// anonTemp is a file without a name (O_TMPFILE) until Link.
type anonTemp struct {
	*os.File
	dir, base string
	name      string // "" until Link
}

func (t *anonTemp) Name() string { return t.name }

func (t *anonTemp) Link() (string, error) {
	if t.name != "" {
		return t.name, nil
	}
	for range 100 {
		name := filepath.Join(t.dir, tempPrefix(t.base)+strconv.FormatUint(uint64(rand.Uint32()), 10))
		err := linkAnonymous(t.File, name)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		t.name = name
		return name, nil
	}
	return "", fmt.Errorf("cannot name a temporary file in %s", t.dir)
}

// staleTemp matches the names of temporary files: ".NAME.sgf-tmp-pPID-N",
// and ".NAME.sgf-tmp-N" as earlier versions wrote them (no PID).
var staleTemp = regexp.MustCompile(`^\..+\.sgf-tmp-(?:p([0-9]+)-)?[0-9]+$`)

// oldTempAge is how old a temporary file without a PID in its name must
// be before it is taken for stale.
const oldTempAge = time.Hour

// cleaned holds the folders whose stale temporary files were removed.
var cleaned sync.Map

// removeStaleTemps removes, once per folder and run, the temporary files
// of atomic writes that a killed process left in dir: those whose process
// no longer runs, and those without a PID older than an hour. It reads the
// folder once; errors are ignored (the write goes on).
func removeStaleTemps(dir string) {
	if _, done := cleaned.LoadOrStore(filepath.Clean(dir), true); done {
		return
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		m := staleTemp.FindStringSubmatch(e.Name())
		if m == nil || !e.Type().IsRegular() {
			continue
		}
		if isStaleTemp(m[1], e) {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// isStaleTemp decides whether a temporary file is stale: pid (from its
// name, "" when it has none) names no running process, or, without a PID,
// it is older than oldTempAge.
func isStaleTemp(pid string, e fs.DirEntry) bool {
	if pid == "" {
		info, err := e.Info()
		return err == nil && time.Since(info.ModTime()) > oldTempAge
	}
	n, err := strconv.Atoi(pid)
	return err == nil && n != os.Getpid() && !processRuns(n)
}

// errReadOnly is why --in-place refuses a file whose mode does not let the
// user write it.
var errReadOnly = errors.New("the file is read-only for you (its mode has no write permission), not replaced; make it writable first (chmod u+w)")

// errOwner is why a file is not replaced whose owner the new file could
// not be given.
var errOwner = errors.New("the file belongs to another user or group, which the rewritten file could not keep; not replaced")

// mayReplace refuses a regular file that the user could not write: the
// decision goes by the mode bits alone (mayWrite), so that root, whom the
// system lets write anything, is refused a file without any write
// permission too (as sed -i warns; gofmt -w fails for other users).
func mayReplace(info fs.FileInfo) error {
	o := ownerOf(info)
	if o == nil {
		return nil
	}
	groups, _ := os.Getgroups()
	if !mayWrite(info.Mode(), o, os.Geteuid(), os.Getegid(), groups) {
		return errReadOnly
	}
	return nil
}

// owner is the owner of a file.
type owner struct{ uid, gid int }

// mayWrite reports whether mode lets the user euid (in group egid and
// groups) write a file owned by o: the owner's bits for its owner, the
// group's for a member of its group, the others' for anyone else; for
// root, who may write any file, any write bit (a file without one is
// read-only on purpose).
func mayWrite(mode fs.FileMode, o *owner, euid, egid int, groups []int) bool {
	switch {
	case euid == 0:
		return mode&0o222 != 0
	case o.uid == euid:
		return mode&0o200 != 0
	case o.gid == egid || containsInt(groups, o.gid):
		return mode&0o020 != 0
	}
	return mode&0o002 != 0
}

func containsInt(list []int, n int) bool {
	for _, x := range list {
		if x == n {
			return true
		}
	}
	return false
}

// keepOwner gives the temporary file the owner of the file it replaces
// when that is not the user (root rewriting another user's file, or a file
// of a group). It fails with errOwner when the system does not allow it.
func keepOwner(t tempFile, o *owner) error {
	if o == nil || o.uid == os.Geteuid() && o.gid == os.Getegid() {
		return nil
	}
	if err := t.Chown(o.uid, o.gid); err != nil {
		if errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EPERM) {
			return errOwner
		}
		return err
	}
	return nil
}
