package cli

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// An input is one file to work on, found from the PATH arguments.
type input struct {
	name string // the path as given or as found by the walk; "-" for standard input
	err  error  // the path could not be used: not found, folder unreadable
}

// expandPaths turns PATH arguments into the files to work on, in order:
// a file stays as it is; a directory, or "DIR/..." in the manner of the go
// command, becomes every *.sgf file below it (the extension in any case) in
// sorted order, skipping folders whose name starts with "."; "-" is standard
// input. A path that cannot be used becomes an input with an error, so that
// it is reported in its place and the others are still done. A directory with
// no SGF file is reported in empty.
func expandPaths(args []string) (inputs []input, empty []string) {
	for _, arg := range args {
		if isStdin(arg) {
			inputs = append(inputs, input{name: arg})
			continue
		}
		root := arg
		info, err := os.Stat(arg)
		if err != nil {
			if dir, ok := strings.CutSuffix(arg, "..."); ok {
				if dir == "" {
					dir = "."
				}
				root = filepath.Clean(dir)
				info, err = os.Stat(root)
				if err == nil && !info.IsDir() {
					err = &fs.PathError{Op: "walk", Path: arg, Err: errNotDir}
				}
			}
		}
		if err != nil {
			inputs = append(inputs, input{name: arg, err: err})
			continue
		}
		if !info.IsDir() {
			inputs = append(inputs, input{name: arg})
			continue
		}
		found := walkSGF(root)
		if len(found) == 0 {
			empty = append(empty, arg)
		}
		inputs = append(inputs, found...)
	}
	return inputs, empty
}

var errNotDir = errors.New("not a directory (DIR/... needs a directory)")

// walkSGF returns the SGF files below root in sorted order, and the folders
// that could not be read as inputs with an error.
func walkSGF(root string) []input {
	var files []input
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			files = append(files, input{name: path, err: err})
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			if path != root && strings.HasPrefix(d.Name(), ".") {
				return fs.SkipDir
			}
			return nil
		}
		if strings.EqualFold(filepath.Ext(d.Name()), ".sgf") {
			files = append(files, input{name: path})
		}
		return nil
	})
	slices.SortFunc(files, func(a, b input) int { return strings.Compare(a.name, b.name) })
	return files
}

// forEachOrdered calls work for each of n items, on up to jobs goroutines at
// a time, and emit for each result on the calling goroutine in item order,
// as soon as the item and every one before it are done. At most 4*jobs
// results wait to be emitted, so memory stays bounded when one item is slow.
// work must not panic (see catch).
func forEachOrdered[R any](n, jobs int, work func(i int) R, emit func(i int, r R)) {
	if n == 0 {
		return
	}
	jobs = max(1, min(jobs, n))
	if jobs == 1 {
		for i := range n {
			emit(i, work(i))
		}
		return
	}
	results := make([]chan R, n)
	for i := range results {
		results[i] = make(chan R, 1)
	}
	window := make(chan struct{}, 4*jobs)
	next := make(chan int)
	go func() {
		for i := range n {
			window <- struct{}{}
			next <- i
		}
		close(next)
	}()
	var wg sync.WaitGroup
	for range jobs {
		wg.Go(func() {
			for i := range next {
				results[i] <- work(i)
			}
		})
	}
	for i := range n {
		r := <-results[i]
		results[i] = nil
		emit(i, r)
		<-window
	}
	wg.Wait()
}
