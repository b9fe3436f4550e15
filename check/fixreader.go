package check

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"errors"
	"hash"
	"io"

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
// (the last with the text after it).
//
// For the inputs it fixes, the output and the changes are FixFile's, and
// so is the error of an input that needs a fix that loses information
// without opts.Critical (a *LossError listing every such problem). An
// input that the pipeline of FixFile treats as a whole is left to it:
// FixReader returns ErrFixWhole, and the caller fixes the input with
// FixFile (reading it whole), for:
//   - UTF-16 and UTF-32 input, which no reader can split before decoding;
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
	br := bufio.NewReaderSize(io.TeeReader(r, in), 64<<10)
	if head, _ := br.Peek(4 << 10); len(head) > 0 {
		if _, wide := charset.DetectWide(head); wide {
			return 0, false, ErrFixWhole
		}
	}
	sr, err := sgf.NewReader(br, &ro)
	if err != nil {
		return 0, false, ErrFixWhole
	}
	x := &treeFixer{opts: opts, conv: convert.Options{Charset: ro.Charset, Syntax: ro.Syntax},
		out: &hashCount{h: sha256.New(), w: w}, fix: fix, convs: conv}
	var at int64
	for {
		g, err := sr.Next()
		if err == io.EOF {
			break
		}
		if err != nil || g == nil {
			return 0, false, ErrFixWhole
		}
		chunk, _ := g.Collection().Bytes() // as read: the text in front of the tree and the tree
		if err := x.tree(g, at); err != nil {
			return 0, false, err
		}
		at += int64(len(chunk))
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
	if err := x.flush(tail); err != nil {
		return 0, false, err
	}
	if x.changes == 0 {
		return 0, true, nil
	}
	same := in.n == x.out.n && bytes.Equal(in.h.Sum(nil), x.out.h.Sum(nil))
	return x.changes, same, x.out.err
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
	last       byte   // the last byte Fix wrote, 0 before the first
	pending    []byte // the last tree as Fix wrote it: converted and laid out with the next
	pendIdx    int
	loss       LossError // without Critical, the problems whose fixes lose information
}

// tree checks and fixes g, the next game of the input, whose text starts
// at input offset at; the tree before it is converted and written.
func (x *treeFixer) tree(g *sgf.Game, at int64) error {
	if err := x.flush(nil); err != nil {
		return err
	}
	st := g.SyntaxTree()
	f := &syntax.File{Src: st.Source(), Trees: []*syntax.Tree{st}, Diagnostics: g.Collection().Diagnostics()}
	cs := g.SyntaxCharset()
	opts := x.opts
	if opts.TreeCharset == nil {
		opts.TreeCharset = func(int) charset.Charset { return cs }
	}
	x.trees++
	if !opts.Critical {
		// FixFile's *LossError lists every problem of the input whose fix
		// loses information: once there is one, the trees are only
		// checked for more.
		for _, d := range f.Diagnostics {
			if Lost(d) {
				x.loss.Syntax = append(x.loss.Syntax, d)
			}
		}
		for _, d := range CheckTree(f, st, opts.Options).Diagnostics {
			if d.Critical && d.Fix != nil {
				x.loss.Check = append(x.loss.Check, d)
			}
		}
		if x.lossy() {
			x.pending = nil
			return nil
		}
	}
	fixed, fixes := fixTrees(f, opts, at, x.last)
	if len(fixed) > 0 {
		x.last = fixed[len(fixed)-1]
	}
	for i := range fixes {
		c := &fixes[i]
		c.Before, c.After, c.Message = decodeIn(opts.TreeCharset, c.Tree, c.Before), decodeIn(opts.TreeCharset, c.Tree, c.After), decodeIn(opts.TreeCharset, c.Tree, c.Message)
	}
	for _, c := range fixes {
		x.add(x.fix, c)
	}
	x.pending, x.pendIdx = fixed, st.Index()
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

// flush converts the pending tree, with tail after it when it is the last,
// lays it out as sgf fmt does and writes it.
func (x *treeFixer) flush(tail []byte) error {
	if x.pending == nil {
		return nil
	}
	src := append(x.pending, tail...)
	x.pending = nil
	first := x.pendIdx == 0
	c, err := sgf.Read(bytes.NewReader(src), &sgf.ReadOptions{Syntax: x.conv.Syntax, Charset: x.conv.Charset})
	if err != nil || c == nil || c.Len() != 1 || tail != nil && c.Game(0).Charset().Transcoded {
		return ErrFixWhole
	}
	converted, convs, err := convert.Collection(c, x.conv)
	if err != nil {
		return ErrFixWhole
	}
	for _, cv := range convs {
		switch {
		case cv.Code == convert.CodeFF && cv.Before == "":
			// FixFile says it once for the file when Fix set FF.
			return ErrFixWhole
		case cv.Code == convert.CodeClosed && tail == nil, cv.Tree < 0 && !first:
			return ErrFixWhole
		}
		if cv.Tree >= 0 {
			cv.Tree += x.pendIdx
		}
		x.add(x.convs, Change{Convert: cv.Code, Tree: cv.Tree, Node: cv.Node,
			Property: cv.Property, Before: cv.Before, After: cv.After, Message: cv.Message})
	}
	if !first && bytes.HasPrefix(converted, []byte("\xEF\xBB\xBF")) {
		return ErrFixWhole
	}
	laid, ok := fmtLayoutOK(converted)
	if !ok {
		return ErrFixWhole
	}
	x.out.Write(laid)
	return nil
}
