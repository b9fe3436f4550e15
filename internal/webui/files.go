package webui

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
)

// A root is one PATH given to the server: a folder, or one file.
type root struct {
	given string   // as given on the command line
	dir   string   // the folder opened as r
	file  string   // for a root that is one file: its name in dir, the only one served
	r     *os.Root // every file of the root is opened through it
}

// Errors of file access, each answered with its HTTP status.
var (
	errBadPath  = errors.New("bad file name")    // 400
	errNotFound = errors.New("no such file")     // 404
	errTooLarge = errors.New("file too large")   // 413
	errNotFile  = errors.New("not a plain file") // 400
)

func openRoot(p string) (*root, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return nil, err
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return nil, err
	}
	rt := &root{given: p, dir: abs}
	if !fi.IsDir() {
		if !fi.Mode().IsRegular() {
			return nil, fmt.Errorf("%s: not a file or folder", p)
		}
		rt.dir, rt.file = filepath.Dir(abs), filepath.Base(abs)
	}
	rt.r, err = os.OpenRoot(rt.dir)
	if err != nil {
		return nil, err
	}
	return rt, nil
}

// fileID is how the page names a file: the root's index, a slash, and the
// file's slash-separated path inside the root ("0/pro/game.sgf").
func fileID(rootIndex int, rel string) string {
	return strconv.Itoa(rootIndex) + "/" + rel
}

// resolve checks a file name sent by the page and returns its root and the
// path inside it. It refuses, before touching the disk, anything that is not
// a clean relative path: "..", ".", empty elements, a leading "/", a
// backslash, a NUL. Symbolic links out of the root are refused later, by
// os.Root, when the file is opened.
func (s *Server) resolve(id string) (*root, string, error) {
	k, rel, ok := strings.Cut(id, "/")
	if !ok {
		return nil, "", errBadPath
	}
	i, err := strconv.Atoi(k)
	if err != nil || i < 0 || i >= len(s.roots) || strconv.Itoa(i) != k {
		return nil, "", errBadPath
	}
	if rel == "" || !fs.ValidPath(rel) || strings.ContainsAny(rel, "\\\x00") || path.IsAbs(rel) {
		return nil, "", errBadPath
	}
	rt := s.roots[i]
	if rt.file != "" && rel != rt.file {
		return nil, "", errNotFound
	}
	return rt, rel, nil
}

// readFile reads a file of a root, up to the server's size limit.
func (s *Server) readFile(rt *root, rel string) ([]byte, error) {
	f, err := rt.r.Open(filepath.FromSlash(rel))
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, errNotFound
		}
		return nil, errNotFound // out of the root through a link, or unreadable: not ours to show
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, errNotFile
	}
	if fi.Size() > s.opts.MaxFileBytes {
		return nil, errTooLarge
	}
	b, err := io.ReadAll(io.LimitReader(f, s.opts.MaxFileBytes+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > s.opts.MaxFileBytes {
		return nil, errTooLarge
	}
	return b, nil
}

var tmpCounter atomic.Uint64

// writeAtomic replaces the file rel of rt with data: a temporary file in
// the same folder is written, synced and renamed over it, so that the file
// is at every moment either the old or the new one. A symbolic link is not
// written through (it would be replaced by a plain file).
func writeAtomic(rt *root, rel string, data []byte) error {
	name := filepath.FromSlash(rel)
	fi, err := rt.r.Lstat(name)
	if err != nil {
		return err
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		return fmt.Errorf("%s is a symbolic link: not written through", rel)
	}
	tmp := filepath.Join(filepath.Dir(name), fmt.Sprintf(".%s.sgf-serve-%d-%d.tmp", filepath.Base(name), os.Getpid(), tmpCounter.Add(1)))
	f, err := rt.r.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, fi.Mode().Perm())
	if err != nil {
		return err
	}
	_, err = io.Copy(f, bytes.NewReader(data))
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = rt.r.Rename(tmp, name)
	}
	if err != nil {
		rt.r.Remove(tmp)
		return err
	}
	return nil
}
