package cli

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
)

// An input is one file to work on, found from the PATH arguments.
type input struct {
	name string // the path as given or as found by the walk; "-" for standard input
	err  error  // the path could not be used: not found, folder unreadable
	root string // the folder argument the walk found name in; "" for a path given as it is

	// empty is set on a marker that stands where a folder named by an
	// argument held no SGF file; it is no file to work on.
	empty bool

	// dir is set on a folder that could not be read (err says why): it is
	// reported in its place, once, and counted as no file (eachUnit).
	dir bool

	// src is the content of the file for the work of eachSource (nil
	// elsewhere, and in emit).
	src []byte
}

// The file system as the walk sees it; tests replace these to simulate
// folders that cannot be read.
var (
	statPath = os.Stat
	readDir  = os.ReadDir
)

// A walker yields the inputs that PATH arguments name, one at a time, so
// that a collection of any size needs memory only for the folders on the
// current path of the walk, never for the list of all its files:
//
//   - a regular file stays as it is, whatever its extension; a FIFO, device
//     or socket is an error (errNotRegular) unless special is set;
//   - a directory, or "DIR/..." in the manner of the go command, becomes
//     every *.sgf file below it (the extension in any case), in the order of
//     a depth-first walk with each folder's entries sorted by name, skipping
//     folders whose name starts with "."; with recursive false only the files
//     directly in it; a *.sgf entry that is not a regular file (nor a link
//     to one) is an error, never read: a FIFO would hang the walk;
//   - "-" is standard input.
//
// A path that cannot be used becomes an input with an error, so that it is
// reported in its place and the others are still done; so does a folder of
// the walk that cannot be read (with dir set: no file). A directory
// argument with no SGF file becomes a marker input with empty set, unless
// the folder itself could not be read: that is said once.
type walker struct {
	args      []string
	recursive bool
	special   bool // read a FIFO or device named as an argument (--special)
	all       bool // --formats all: *.gib, *.ngf, *.ugf and *.ugi files too (imports.go)

	arg   string     // the argument being walked
	root  string     // the folder it names
	found int        // SGF files found below arg, or -1 when root is unreadable
	stack []dirFrame // the folders being walked, innermost last
	ready []input    // inputs to yield before walking on
}

type dirFrame struct {
	path    string
	entries []fs.DirEntry
}

func newWalker(args []string, recursive bool) *walker {
	return &walker{args: args, recursive: recursive}
}

// walker returns the walker of args that the shared flags ask for.
func (c *commonFlags) walker(args []string) *walker {
	w := newWalker(args, c.recursive)
	w.special = c.special
	w.all = c.allFormats()
	return w
}

// next returns the next input, and false at the end.
func (w *walker) next() (input, bool) {
	for {
		if len(w.ready) > 0 {
			in := w.ready[0]
			w.ready = w.ready[1:]
			return in, true
		}
		if len(w.stack) > 0 {
			w.step()
			continue
		}
		if w.arg != "" {
			if w.found == 0 {
				w.ready = append(w.ready, input{name: w.arg, empty: true})
			}
			w.arg = ""
			continue
		}
		if len(w.args) == 0 {
			return input{}, false
		}
		arg := w.args[0]
		w.args = w.args[1:]
		w.start(arg)
	}
}

// start begins an argument: it queues the input or starts the walk.
func (w *walker) start(arg string) {
	if isStdin(arg) {
		w.ready = append(w.ready, input{name: arg})
		return
	}
	root := arg
	info, err := statPath(arg)
	if err != nil {
		if dir, ok := strings.CutSuffix(arg, "..."); ok {
			if dir == "" {
				dir = "."
			}
			root = filepath.Clean(dir)
			info, err = statPath(root)
			if err == nil && !info.IsDir() {
				err = &fs.PathError{Op: "walk", Path: arg, Err: errNotDir}
			}
		}
	}
	if err != nil {
		w.ready = append(w.ready, input{name: arg, err: err})
		return
	}
	if !info.IsDir() {
		in := input{name: arg}
		if !info.Mode().IsRegular() && !w.special {
			in.err = &fs.PathError{Op: "read", Path: arg, Err: errNotRegular}
		}
		w.ready = append(w.ready, in)
		return
	}
	w.arg, w.root, w.found = arg, root, 0
	w.push(root)
}

// push reads the folder path and puts it on the stack.
func (w *walker) push(path string) {
	entries, err := readDir(path)
	if err != nil {
		w.ready = append(w.ready, input{name: path, err: err, dir: true})
		if len(w.stack) == 0 {
			w.found = -1 // no "no .sgf files" after the error
		}
		return
	}
	w.stack = append(w.stack, dirFrame{path: path, entries: entries})
}

// step takes the next entry of the innermost folder.
func (w *walker) step() {
	top := &w.stack[len(w.stack)-1]
	if len(top.entries) == 0 {
		w.stack[len(w.stack)-1] = dirFrame{}
		w.stack = w.stack[:len(w.stack)-1]
		return
	}
	d := top.entries[0]
	top.entries = top.entries[1:]
	path := filepath.Join(top.path, d.Name())
	switch {
	case d.IsDir():
		if w.recursive && !strings.HasPrefix(d.Name(), ".") {
			w.push(path)
		}
	case walkedFile(d.Name(), w.all):
		w.found++
		in := input{name: path, root: w.root}
		if err := regularEntry(d, path); err != nil {
			in.err = err
		}
		w.ready = append(w.ready, in)
	}
}

// errNotRegular is the error of a FIFO, device or socket found by a walk,
// or named as an argument without --special: reading a FIFO would wait
// for a writer for ever.
var errNotRegular = errors.New("not a regular file (a FIFO, device or socket; folders give regular files only, name it with --special to read it)")

// regularEntry reports errNotRegular unless the folder entry d at path is
// a regular file, or a symbolic link to one.
func regularEntry(d fs.DirEntry, path string) error {
	t := d.Type()
	if t&fs.ModeSymlink != 0 {
		info, err := statPath(path)
		if err != nil {
			return err
		}
		t = info.Mode().Type()
		if info.IsDir() {
			return &fs.PathError{Op: "read", Path: path, Err: syscall.EISDIR}
		}
	}
	if !t.IsRegular() {
		return &fs.PathError{Op: "read", Path: path, Err: errNotRegular}
	}
	return nil
}

// stdinTwice reports whether args name standard input ("-") more than
// once: it can be read only once, and the second read would find nothing.
func stdinTwice(args []string) bool {
	n := 0
	for _, a := range args {
		if isStdin(a) {
			n++
		}
	}
	return n > 1
}

var errNotDir = errors.New("not a directory (DIR/... needs a directory)")

// countInputs counts the files that args name, for the progress line. It
// gives up, returning -1, when stop is closed.
func countInputs(w *walker, stop <-chan struct{}) int64 {
	var n int64
	for {
		select {
		case <-stop:
			return -1
		default:
		}
		in, ok := w.next()
		if !ok {
			return n
		}
		if !in.empty && !in.dir {
			n++
		}
	}
}

// eachInput is how a command works on many files: it walks the PATH
// arguments args as the shared flags say (--recursive), calls work on each
// file on up to --jobs goroutines, and emit with each result on the calling
// goroutine, in the order of the walk. Memory stays bounded however many
// files there are: the walk is streamed and at most 4*jobs results wait to
// be emitted. A folder argument without SGF files is reported on standard
// error in its place (not with --quiet); it is not an error. A folder
// that cannot be read is reported in its place, once, is no file for
// work and emit, and makes the exit status 2 (Main). Progress is shown on
// standard error when that is a terminal (not with --quiet).
//
// work must not panic (defer catch) and must read files with readInput;
// emit reports in.err, a file that could not be used.
func eachInput[R any](e *env, c *commonFlags, args []string, work func(in input) R, emit func(in input, r R)) {
	eachUnit(e, c, args, c.walker(args).next, func(in input) unitOf { return unitOf{in, true} }, work, emit)
}

// eachFile is eachInput for a command whose work on a file succeeds or
// fails as a whole: work is not called for a file the walk could not give
// (in.err), and the error it returns, or a panic in it (catch), is the
// file's error as well. A file with an error is reported in its place,
// "FILE: message" (failf: the exit status is then 2); emit gets the result
// of every other file, in order.
func eachFile[R any](e *env, c *commonFlags, args []string, work func(in input) (R, error), emit func(in input, r R)) {
	type done struct {
		r   R
		err error
	}
	eachInput(e, c, args, func(in input) (d done) {
		if d.err = in.err; d.err == nil {
			func() {
				defer catch(&d.err)
				d.r, d.err = work(in)
			}()
		}
		return d
	}, func(in input, d done) {
		if d.err != nil {
			e.failf("%s: %s", in.name, describeError(d.err))
			return
		}
		emit(in, d.r)
	})
}

// eachSource is eachFile for the commands that work on whole files: it
// reads each file (readInput: standard input, --max-bytes, the formats of
// --from) and hands work its bytes in in.src; an error of the read is the
// file's error. A command that reads a file tree by tree uses eachInput
// and openInput instead.
func eachSource[R any](e *env, c *commonFlags, args []string, work func(in input) (R, error), emit func(in input, r R)) {
	eachFile(e, c, args, func(in input) (r R, err error) {
		if in.src, err = readInput(e, in.name); err != nil {
			return r, err
		}
		return work(in)
	}, emit)
}

// unitOf says which input a unit of work belongs to, and whether it is
// the last unit of that input.
type unitOf struct {
	in   input
	last bool
}

// eachUnit is eachInput over units of work that next yields in order, a
// few for each input (such as the game trees of a file read tree by tree:
// checkUnits), from the walk of args. of tells the input of a unit; an
// empty folder's marker is a unit of its own.
func eachUnit[T, R any](e *env, c *commonFlags, args []string, next func() (T, bool), of func(T) unitOf, work func(T) R, emit func(T, R)) {
	e.screen.startProgress(e.cmd, c.quiet)
	defer e.screen.stopProgress()
	if e.screen.running {
		// A second walk counts the files for the total, holding nothing.
		stop, counted := make(chan struct{}), make(chan struct{})
		go func() {
			defer close(counted)
			if n := countInputs(c.walker(args), stop); n >= 0 {
				e.screen.setTotal(n)
			}
		}()
		defer func() { close(stop); <-counted }()
	}
	// A marker of an empty folder goes through the pool too, so that its
	// message stands in order among the results.
	var zero R
	forEachStream(next, c.workers(), func(u T) R {
		if in := of(u).in; in.empty || in.dir {
			return zero
		}
		return work(u)
	}, func(u T, r R) {
		uo := of(u)
		if uo.in.empty {
			if !c.quiet {
				e.errorf("%s: %s", uo.in.name, c.emptyFolder())
			}
			return
		}
		if uo.in.dir {
			e.errorf("%s: folder not read: %s", uo.in.name, describeError(uo.in.err))
			e.unreadableDirs++
			return
		}
		e.printNotes(uo.in.name)
		emit(u, r)
		if uo.last {
			e.screen.fileDone()
		}
	})
}

// forEachStream calls work for each item that next yields, on up to jobs
// goroutines at a time, and emit for each result on the calling goroutine in
// the order of the items, as soon as the item and every one before it are
// done. next runs ahead of the workers by up to jobs items, and at most
// 4*jobs items are taken ahead of the one waiting to be emitted, so
// memory stays bounded when one item is slow. work must not panic (see
// catch).
func forEachStream[T, R any](next func() (T, bool), jobs int, work func(T) R, emit func(T, R)) {
	jobs = max(1, jobs)
	if jobs == 1 {
		for {
			item, ok := next()
			if !ok {
				return
			}
			emit(item, work(item))
		}
	}
	type slot struct {
		item T
		res  chan R
	}
	// The window: the items taken and not yet emitted are those in order
	// and the one the loop below waits for.
	order := make(chan slot, 4*jobs-1)
	// The producer (the reader of sgf check: a third of its CPU time)
	// takes up to jobs items more than the workers hold, so that a
	// worker that finishes an item finds the next one ready instead of
	// waiting for the producer with its core idle. Unbuffered, the
	// workers of sgf check on the standard collection waited for the
	// reader about 5% of the time on two cores (cores busy 1.89, now
	// 1.91); a deeper buffer made the items colder in the cache when
	// worked on (3*jobs: 3% more CPU).
	tasks := make(chan slot, jobs)
	go func() {
		defer close(tasks)
		defer close(order)
		for {
			item, ok := next()
			if !ok {
				return
			}
			s := slot{item, make(chan R, 1)}
			order <- s
			tasks <- s
		}
	}()
	var wg sync.WaitGroup
	for range jobs {
		wg.Go(func() {
			for s := range tasks {
				s.res <- work(s.item)
			}
		})
	}
	for s := range order {
		emit(s.item, <-s.res)
	}
	wg.Wait()
}

// forEachOrdered calls work for each of n items, on up to jobs goroutines at
// a time, and emit for each result on the calling goroutine in item order
// (forEachStream over 0..n-1).
func forEachOrdered[R any](n, jobs int, work func(i int) R, emit func(i int, r R)) {
	i := 0
	next := func() (int, bool) {
		if i >= n {
			return 0, false
		}
		i++
		return i - 1, true
	}
	forEachStream(next, min(max(1, jobs), max(1, n)), work, emit)
}
