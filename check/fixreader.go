package check

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"hash"
	"io"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/convert"
	"github.com/sgf-toolkit/sgf/syntax"
)

// ErrFixWhole is returned by FixReader for an input it does not fix game
// tree by game tree: one FixFile reads whole to fix it as it does (see
// FixReader). Nothing FixReader wrote is to be used then.
var ErrFixWhole = errors.New("check: the input is to be fixed whole (FixFile)")

// FixReader fixes the input r as FixFile fixes it, reading it one game
// tree at a time (sgf.Reader), so that memory is bounded by the largest
// game tree, not by the input: each tree is checked, fixed, converted and
// laid out on its own, and written to w as soon as the next tree is read
// (the last with the text after it). UTF-16, UTF-32 and ISO-2022-JP
// input is decoded as it is read (as sgf.Reader decides it, once:
// charset.OpenWide; without a byte order mark r is read again, when it is
// an io.Seeker, else copied to a temporary file to be read again).
//
// For the inputs it fixes, the output and the changes are FixFile's, and
// so is the error of an input that needs a fix that loses information
// without opts.Critical (a *LossError listing every such problem). An
// input that the pipeline of FixFile treats as a whole is left to it:
// FixReader returns ErrFixWhole, and the caller fixes the input with
// FixFile (reading it whole), for:
//   - an input without a game tree, one that a limit or a read error cut,
//     or whose charset option is unusable;
//   - an input FixFile does not write in the layout of sgf fmt (text the
//     parser could not read, SGF-like text outside the trees, a tree that
//     reads otherwise once fixed), or whose conversion fails.
//
// unchanged reports that the output is the input byte for byte: there was
// nothing to change (FixFile then returns the input as it is, and what
// FixReader wrote to w is not to be used), or the changes give the same
// bytes.
func FixReader(r io.Reader, w io.Writer, opts FixOptions) (changes []Change, unchanged bool, err error) {
	var fixes, convs []Change
	n, unchanged, err := FixReaderTo(r, w, opts, func(c Change) { fixes = append(fixes, c) }, func(c Change) { convs = append(convs, c) })
	if err != nil || n == 0 {
		return nil, unchanged, err
	}
	return append(fixes, convs...), unchanged, nil
}

// FixReaderTo is FixReader for an input with more changes than memory
// should hold (a large collection to convert has a few for every game):
// it hands each change, as it is made, to fix (those of Fix) or to conv
// (those of the conversion to UTF-8 and FF[4]), and returns how many.
// FixReader (and FixFile) list all those of fix before all those of conv.
// When the error is not nil, the changes handed on are not made.
func FixReaderTo(r io.Reader, w io.Writer, opts FixOptions, fix, conv func(Change)) (n int, unchanged bool, err error) {
	var ro sgf.ReadOptions
	if opts.Read != nil {
		ro = *opts.Read
	}
	in := &hashCount{h: sha256.New()}
	text := io.Reader(io.TeeReader(r, in))
	if s, ok := r.(io.ReadSeeker); ok {
		// An io.Seeker is read again from here for a wide input without
		// byte order mark, not copied.
		text = &hashedSeeker{r: s, in: in}
	}
	// A wide input is decoded as it is read (sgf.Reader decides it): the
	// Change FixFile lists first, the text converted to UTF-8.
	sr, err := sgf.NewReader(text, &ro)
	if err != nil {
		return 0, false, ErrFixWhole
	}
	defer sr.Close()
	var decoded *Change
	if d, ok := sr.Wide(); ok {
		decoded = &Change{Code: CodeWideEncoding, Tree: -1, Node: -1, Message: "decoded from " + d.Charset.Name() + " to UTF-8"}
	}
	x := &treeFixer{opts: opts, conv: convert.Options{Charset: ro.Charset, Syntax: ro.Syntax},
		out: &hashCount{h: sha256.New(), w: w}, fix: fix, convs: conv}
	if decoded != nil {
		if x.conv.Charset == "" {
			x.conv.Charset = "UTF-8"
		}
		x.add(fix, *decoded)
	}
	if err := x.run(sr); err != nil {
		return 0, false, err
	}
	if x.trees == 0 || len(sr.Diagnostics()) > 0 {
		// No game tree (FixFile says which error), or text after the
		// last tree the parser has something to say about (fmt's layout
		// leaves such a file as it is).
		return 0, false, ErrFixWhole
	}
	if x.lossy() {
		return 0, false, &x.loss
	}
	tail := sr.Tail()
	if len(tail) == 0 {
		tail = []byte("\n") // as Fix ends a file
	}
	if p := x.prev; p != nil {
		laid, convs, err := x.convertLay(p.fixed, p.idx, tail)
		if err := x.write(laid, convs, err); err != nil {
			return 0, false, err
		}
	}
	if x.changes == 0 {
		return 0, true, nil
	}
	_, wide := sr.Wide()
	same := !wide && in.n == x.out.n && bytes.Equal(in.h.Sum(nil), x.out.h.Sum(nil))
	return x.changes, same, x.out.err
}

// hashedSeeker is an input of FixReaderTo that is an io.Seeker, read by
// sgf.Reader: its bytes are hashed and counted as they are read, until it
// is sought elsewhere, for a second reading of a wide input (the output of
// which, in UTF-8, is never the input).
type hashedSeeker struct {
	r    io.ReadSeeker
	in   *hashCount
	read bool // sought back: read again, not hashed
}

func (h *hashedSeeker) Read(p []byte) (int, error) {
	n, err := h.r.Read(p)
	if !h.read {
		h.in.Write(p[:n])
	}
	return n, err
}

func (h *hashedSeeker) Seek(off int64, whence int) (int64, error) {
	if off != 0 || whence != io.SeekCurrent {
		h.read = true
	}
	return h.r.Seek(off, whence)
}

// hashCount hashes and counts the bytes written to it, and passes them on
// to w when set.
type hashCount struct {
	h   hash.Hash
	n   int64
	w   io.Writer
	err error
}

func (c *hashCount) Write(p []byte) (int, error) {
	c.h.Write(p)
	c.n += int64(len(p))
	if c.w != nil && c.err == nil {
		_, c.err = c.w.Write(p)
	}
	return len(p), nil
}

// treeFixer is the state of FixReader between the trees of its input.
type treeFixer struct {
	opts FixOptions
	conv convert.Options
	out  *hashCount
	// fix and convs take the changes of Fix and of the conversion;
	// changes counts them.
	fix, convs func(Change)
	changes    int
	trees      int
	last       byte        // the last byte Fix wrote, 0 before the first
	prev       *treeWork   // the tree before: written when the next comes, the last with the text after it
	loss       LossError   // without Critical, the problems whose fixes lose information
	anyLoss    atomic.Bool // loss has a problem: the trees still to fix are only checked
}

// run reads the trees of sr and fixes them on up to GOMAXPROCS goroutines
// (fixTree), taking their work in input order (take): memory holds a few
// trees per goroutine. A tree that the Reader cannot give (a limit, a
// read error) or whose work panicked is ErrFixWhole.
func (x *treeFixer) run(sr *sgf.Reader) error {
	jobs := runtime.GOMAXPROCS(0)
	order := make(chan chan *treeWork, 4*jobs)
	tasks := make(chan func(), jobs)
	stop := make(chan struct{})
	var readErr error
	go func() {
		defer close(tasks)
		defer close(order)
		defer func() {
			if recover() != nil {
				readErr = ErrFixWhole
			}
		}()
		var at int64
		for k := 0; ; k++ {
			select {
			case <-stop:
				return
			default:
			}
			g, err := sr.Next()
			if err == io.EOF {
				return
			}
			if err != nil || g == nil {
				readErr = ErrFixWhole
				return
			}
			chunk, _ := g.Collection().Bytes() // as read: the text in front of the tree and the tree
			// Fix writes a tree ending in ")": the next one is fixed as
			// following that (take checks it).
			assumed, start := byte(')'), at
			if k == 0 {
				assumed = 0
			}
			res := make(chan *treeWork, 1)
			order <- res
			tasks <- func() { res <- x.fixTreeSafe(g, start, assumed) }
			at += int64(len(chunk))
		}
	}()
	var wg sync.WaitGroup
	for range jobs {
		wg.Go(func() {
			for t := range tasks {
				t()
			}
		})
	}
	var err error
	for res := range order {
		w := <-res
		if err == nil {
			if err = x.take(w); err != nil {
				close(stop)
			}
		}
	}
	wg.Wait()
	if err == nil {
		err = readErr
	}
	return err
}

// bigTreeNodes is the number of nodes above which fixTree collects the
// garbage of a tree's check (its views) before it converts the tree.
const bigTreeNodes = 1 << 20

// treeWork is the work on one tree that does not depend on the trees
// before it (fixTree), done on any goroutine.
type treeWork struct {
	g       *sgf.Game
	at      int64 // the input offset of its text
	idx     int   // its number
	last    byte  // the last byte Fix wrote before it, as assumed
	lossSyn []syntax.Diagnostic
	lossChk []Diagnostic
	fixed   []byte // Fix's writing of it
	fixes   []Change
	// laid is fixed converted and laid out as a tree that is not the
	// last, convs the changes of the conversion, err its error.
	laid     []byte
	convs    []Change
	err      error
	panicked bool
}

// fixTreeSafe is fixTree; a panic is ErrFixWhole (FixFile then says what
// is wrong).
func (x *treeFixer) fixTreeSafe(g *sgf.Game, at int64, last byte) (w *treeWork) {
	defer func() {
		if recover() != nil {
			w = &treeWork{g: g, at: at, last: last, panicked: true}
		}
	}()
	return x.fixTree(g, at, last)
}

// fixTree checks and fixes g, a game of the input whose text starts at
// input offset at, after Fix wrote last, and converts and lays it out as
// a tree that is not the last.
func (x *treeFixer) fixTree(g *sgf.Game, at int64, last byte) *treeWork {
	w := &treeWork{g: g, at: at, last: last}
	st := g.SyntaxTree()
	w.idx = st.Index()
	f := &syntax.File{Src: st.Source(), Trees: []*syntax.Tree{st}, Diagnostics: g.Collection().Diagnostics()}
	cs := g.SyntaxCharset()
	opts := x.opts
	if opts.TreeCharset == nil {
		opts.TreeCharset = func(int) charset.Charset { return cs }
	}
	// One checker for the check and the fix: the views of a large tree
	// (56 bytes a node) are made once.
	o := opts.Options
	c := getChecker(f, &o)
	if !opts.Critical {
		c.noFile = true // as CheckTree
		loss := lossIn(f.Diagnostics, c.tree(st))
		w.lossSyn, w.lossChk = loss.Syntax, loss.Check
		if len(w.lossSyn)+len(w.lossChk) > 0 || x.anyLoss.Load() {
			putChecker(c)
			return w // nothing is fixed (take)
		}
		c.init(f, &o)
	}
	w.fixed, w.fixes = fixTreesWith(c, f, opts, at, last)
	if cap(c.p.Nodes) <= bigTreeNodes {
		putChecker(c)
	} else {
		// The views of a tree this large are most of the heap, and
		// garbage now: collected at once, the conversion and the layout
		// below (each parses the tree again) reuse their memory. Left to
		// the collector's pace, which lets the heap grow to twice what
		// was live at the check, they came on top of them: 10^7 empty
		// nodes took 1.26 GB, the check alone 0.94.
		runtime.GC()
	}
	for i := range w.fixes {
		c := &w.fixes[i]
		c.Before, c.After, c.Message = decodeIn(opts.TreeCharset, c.Tree, c.Before), decodeIn(opts.TreeCharset, c.Tree, c.After), decodeIn(opts.TreeCharset, c.Tree, c.Message)
	}
	w.laid, w.convs, w.err = x.convertLay(w.fixed, w.idx, nil)
	return w
}

// take takes the work on the next tree of the input, in order: the tree
// before it is written (it was not the last), the problems that lose
// information are gathered (once there is one, nothing more is fixed),
// and the changes of Fix are handed on.
func (x *treeFixer) take(w *treeWork) error {
	x.trees++
	if !x.lossy() && x.prev != nil {
		p := x.prev
		x.prev = nil
		if err := x.write(p.laid, p.convs, p.err); err != nil {
			return err
		}
	}
	x.loss.Syntax = append(x.loss.Syntax, w.lossSyn...)
	x.loss.Check = append(x.loss.Check, w.lossChk...)
	if x.lossy() {
		x.anyLoss.Store(true)
		return nil
	}
	if w.panicked {
		return ErrFixWhole
	}
	if w.last != x.last {
		// Fix wrote the tree before otherwise than assumed: again, in
		// order.
		w = x.fixTree(w.g, w.at, x.last)
	}
	if len(w.fixed) > 0 {
		x.last = w.fixed[len(w.fixed)-1]
	}
	for _, c := range w.fixes {
		x.add(x.fix, c)
	}
	x.prev = w
	return nil
}

// write hands on the changes of a tree's conversion and writes the tree
// converted and laid out, or returns the error of that work.
func (x *treeFixer) write(laid []byte, convs []Change, err error) error {
	if err != nil {
		return err
	}
	for _, c := range convs {
		x.add(x.convs, c)
	}
	x.out.Write(laid)
	return nil
}

// add hands c to to, unless it changes no bytes: a change only where the
// bytes change (as FixFile).
func (x *treeFixer) add(to func(Change), c Change) {
	if c.Before != "" && c.Before == c.After {
		return
	}
	x.changes++
	to(c)
}

// lossy reports whether the input needs a fix that loses information.
func (x *treeFixer) lossy() bool { return len(x.loss.Syntax)+len(x.loss.Check) > 0 }

// convertLay converts fixed, tree idx as Fix wrote it (with tail after it
// when it is the last), to UTF-8 and FF[4] and lays it out as sgf fmt
// does; the error is ErrFixWhole where FixFile's pipeline works on the
// whole file.
func (x *treeFixer) convertLay(fixed []byte, idx int, tail []byte) ([]byte, []Change, error) {
	src := fixed
	if tail != nil {
		src = append(fixed[:len(fixed):len(fixed)], tail...)
	}
	first := idx == 0
	c, err := sgf.Read(bytes.NewReader(src), &sgf.ReadOptions{Syntax: x.conv.Syntax, Charset: x.conv.Charset})
	if err != nil || c == nil || c.Len() != 1 || tail != nil && c.Game(0).Charset().Transcoded {
		return nil, nil, ErrFixWhole
	}
	converted, cvs, err := convert.Collection(c, x.conv)
	if err != nil {
		return nil, nil, ErrFixWhole
	}
	var convs []Change
	for _, cv := range cvs {
		switch {
		case cv.Code == convert.CodeFF && cv.Before == "":
			// FixFile says it once for the file when Fix set FF.
			return nil, nil, ErrFixWhole
		case cv.Code == convert.CodeClosed && tail == nil, cv.Tree < 0 && !first:
			return nil, nil, ErrFixWhole
		}
		if cv.Tree >= 0 {
			cv.Tree += idx
		}
		convs = append(convs, Change{Convert: cv.Code, Tree: cv.Tree, Node: cv.Node,
			Property: cv.Property, Before: cv.Before, After: cv.After, Message: cv.Message})
	}
	if !first && bytes.HasPrefix(converted, []byte("\xEF\xBB\xBF")) {
		return nil, nil, ErrFixWhole
	}
	laid, ok := fmtLayoutOK(converted)
	if !ok {
		return nil, nil, ErrFixWhole
	}
	return laid, convs, nil
}
