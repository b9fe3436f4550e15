package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
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
// and ".NAME.sgf-tmp-N" as earlier versions wrote them (no PID). It is
// compiled on first use, not at every start of the process.
var staleTemp = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^\..+\.sgf-tmp-(?:p([0-9]+)-)?[0-9]+$`)
})

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
		m := staleTemp().FindStringSubmatch(e.Name())
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
	case o.gid == egid || slices.Contains(groups, o.gid):
		return mode&0o020 != 0
	}
	return mode&0o002 != 0
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

// A tempFile is what createAtomic writes to: a file without a name (Linux
// O_TMPFILE) or a hidden one in the folder of the file it replaces, or in
// tests a file that fails. See atomic.go.
type tempFile interface {
	io.Writer
	// Name is the file's path, "" while it has none.
	Name() string
	Chmod(fs.FileMode) error
	Chown(uid, gid int) error
	Sync() error
	Close() error
	// Link gives the file a name in its folder if it has none yet (before
	// Close), and returns its path.
	Link() (string, error)
}

// createTemp creates the temporary file of an atomic write of the file
// base in dir; tests replace it.
var createTemp = newTempFile

// atomicFile is a file being written under a temporary name, to replace
// path when it is complete.
type atomicFile struct {
	tmp  tempFile
	path string
	dir  string
	mode fs.FileMode
	err  error // the first write error
	// owner is the owner of the file replaced, given to the new one when
	// it is not the user; nil for a new file.
	owner *owner

	// direct is set when path is no regular file but a character device
	// or a FIFO, written directly: tmp is path itself.
	direct bool
}

// createAtomic starts the replacement of the file name. A symbolic link is
// followed, so that the file it points to is replaced, not the link. The new
// file gets the mode and owner of the old one, or 0644 when mustExist is
// false and there is no old one; a file whose mode does not let the user
// write it is refused (mayReplace), and so is one whose owner cannot be
// kept. A character device or a FIFO (-o /dev/null) is written directly,
// as nothing can replace it; a folder is refused. A hard link of the file
// under another name keeps the old content: the new file is new.
func createAtomic(name string, mustExist bool) (*atomicFile, error) {
	path, err := filepath.EvalSymlinks(name)
	mode := fs.FileMode(0o644)
	var own *owner
	switch {
	case err == nil:
		info, err := os.Stat(path)
		if err != nil {
			return nil, err
		}
		if info.IsDir() {
			return nil, &fs.PathError{Op: "write", Path: name, Err: syscall.EISDIR}
		}
		if !info.Mode().IsRegular() {
			// A character device (/dev/null, /dev/stdout), a FIFO: there
			// is no file to replace, so the output goes to it directly.
			f, err := os.OpenFile(path, os.O_WRONLY, 0)
			if err != nil {
				return nil, err
			}
			return &atomicFile{tmp: namedTemp{f}, path: path, direct: true}, nil
		}
		if err := mayReplace(info); err != nil {
			return nil, &fs.PathError{Op: "write", Path: name, Err: err}
		}
		mode = info.Mode().Perm()
		own = ownerOf(info)
	case mustExist || !errors.Is(err, fs.ErrNotExist):
		return nil, err
	default:
		path = name
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	removeStaleTemps(dir)
	tmp, err := createTemp(dir, base)
	if err != nil {
		return nil, fmt.Errorf("cannot write a temporary file in %s: %w", dir, err)
	}
	return &atomicFile{tmp: tmp, path: path, dir: dir, mode: mode, owner: own}, nil
}

func (a *atomicFile) Write(p []byte) (int, error) {
	if a.err != nil {
		return 0, a.err
	}
	n, err := a.tmp.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	a.err = err
	return n, err
}

// commit gives the temporary file its mode, syncs it and renames it over
// the file, then syncs the folder.
func (a *atomicFile) commit() error {
	if a.err != nil {
		return a.err
	}
	if a.direct {
		return a.tmp.Close()
	}
	if err := a.tmp.Chmod(a.mode); err != nil {
		return err
	}
	if err := keepOwner(a.tmp, a.owner); err != nil {
		return err
	}
	if err := a.tmp.Sync(); err != nil {
		return err
	}
	tmpName, err := a.tmp.Link()
	if err != nil {
		return err
	}
	if err := a.tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmpName, a.path); err != nil {
		return err
	}
	if d, err := os.Open(a.dir); err == nil {
		d.Sync() // best effort: not every system can sync a folder
		d.Close()
	}
	return nil
}

// abort removes the temporary file.
func (a *atomicFile) abort() {
	a.tmp.Close()
	if name := a.tmp.Name(); !a.direct && name != "" {
		os.Remove(name)
	}
}

// The modes of writeAtomic.
const (
	replaceOnly = false // the file must exist (--in-place)
	mayCreate   = true  // a new file is created (-o OUT)
)

// writeAtomic writes data to the file name: the one way a command writes a
// file. The file is replaced (its mode and owner kept) only once all of
// data was written and synced, so that it is at every moment the old file
// or the new one. With replaceOnly the file must exist (--in-place); with
// mayCreate it is created if it does not (-o OUT).
func writeAtomic(name string, data []byte, create bool) error {
	return writeAtomicBy(name, create, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// writeAtomicBy is writeAtomic of what write writes.
func writeAtomicBy(name string, create bool, write func(w io.Writer) error) error {
	a, err := createAtomic(name, !create)
	if err != nil {
		return err
	}
	if err = write(a); err == nil {
		err = a.commit()
	}
	if err != nil {
		a.abort()
		return &writeError{err}
	}
	return nil
}
