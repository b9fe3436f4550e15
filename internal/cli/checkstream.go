package cli

import (
	"io"
	"os"
	"runtime"
	"sync/atomic"

	"github.com/sgf-toolkit/sgf/check"
	"github.com/sgf-toolkit/sgf/diag"
	"github.com/sgf-toolkit/sgf/syntax"
)

// sgf check reads each input game tree by game tree (check.Reader): peak
// memory is bounded by the largest game tree and what waits to be
// printed, not by the file, and the trees of one file are checked in
// parallel with its reading (--jobs goroutines), their diagnostics
// printed in input order as soon as they and the trees before them are
// done. A unit of that work is a run of game trees of an input (up to
// unitBytes of their text: one tree of a game collection is a few
// kilobytes, and handing each to a worker on its own cost more than a
// tenth of the CPU time in the scheduler); an input that is read whole (a
// file of another format, a file over --max-bytes, or with --sarif an
// input that is no regular file: the columns of its results need the
// text) is one unit. With --sarif the columns of a regular file read tree
// by tree are counted in the text of each tree (sarifLog.addPart), those
// outside every tree's text in a second reading at its end
// (sarifLog.columns); of a file in UTF-16, UTF-32 or ISO-2022-JP, in the
// decoded text (the trees' text as check.Reader reads it, and the file
// decoded again).

// checkUnit is one unit of the work of sgf check.
type checkUnit struct {
	in          input
	first, last bool // the unit starts, ends its input
	rd          *check.Reader
	trees       []*check.Tree // none on a unit that only ends its input
	err         error         // the input could not be read (on its last unit)
	whole       []byte        // an input read whole (an import), or nil
	readWhole   bool          // read the input whole (checkResult as before)
	ahead       *readAhead    // of the units read tree by tree, with workers
}

// readAhead tells the workers of sgf check whether the reader is behind
// them. The reader (the parse and the typed view of each tree) is about a
// third of the CPU time, on one goroutine; the workers check the units it
// reads, and on two cores the reader needs most of one. When no unit read
// waits for a worker, the reader is what the workers will wait for next,
// and a worker gives up its core between two trees (runtime.Gosched), so
// that the reader runs then rather than when the worker's unit is done.
// Without it the reader ran alone, both workers waiting for it, about 4%
// of the time.
type readAhead struct {
	waiting atomic.Int32 // units read that no worker has started
	done    atomic.Bool  // every input is read
}

// behind reports whether the reader is behind the workers: no unit waits
// for them, and it has more to read.
func (a *readAhead) behind() bool {
	return a != nil && a.waiting.Load() == 0 && !a.done.Load()
}

// yieldToReader gives the reader the core; tests count its calls.
var yieldToReader = runtime.Gosched

// checkUnits yields the units of the inputs that walk yields.
type checkUnits struct {
	e     *env
	walk  func() (input, bool)
	opts  check.Options
	whole func(in input) bool // the input is read whole

	cur   *checkUnit // the input being read: rd set
	close func()
	ahead *readAhead // with more than one worker, else nil
	grown int        // the size of the input's next unit, in firstUnitBytes (0: 1)
}

func (u *checkUnits) next() (checkUnit, bool) {
	if u.cur == nil {
		in, ok := u.walk()
		if !ok {
			if u.ahead != nil {
				u.ahead.done.Store(true)
			}
			return checkUnit{}, false
		}
		unit := checkUnit{in: in, first: true, last: true}
		if in.empty || in.err != nil || u.whole(in) {
			unit.readWhole = true
			return unit, true
		}
		br, whole, closeFn, err := openInput(u.e, in.name)
		if err != nil || br == nil {
			closeFn()
			unit.err, unit.whole, unit.readWhole = err, whole, true
			return unit, true
		}
		unit.last = false
		unit.ahead = u.ahead
		u.grown = 1
		unit.rd = check.NewReader(br, u.opts)
		rd := unit.rd
		u.close = func() { rd.Close(); closeFn() }
		u.cur = &unit
	}
	unit := *u.cur
	u.cur.first = false
	var err error
	// The workers wait for the first units of an input: they grow from
	// a few trees (firstUnitBytes, doubled unit by unit), so that the
	// workers start at once rather than after 64 KB is parsed (1.5 ms
	// of one core on the standard collection).
	size, limit := 0, unitBytes
	if u.grown < unitBytes/firstUnitBytes {
		limit = firstUnitBytes * max(1, u.grown)
		u.grown *= 2
	}
	for err == nil && size < limit && len(unit.trees) < unitTrees {
		var t *check.Tree
		t, err = unit.rd.Next()
		if t != nil {
			unit.trees = append(unit.trees, t)
			if t.Game != nil {
				size += len(t.Game.Tree().Source())
			}
		}
	}
	if err != nil {
		unit.last = true
		if err != io.EOF {
			unit.err = err
		}
		u.close()
		u.cur, u.close = nil, nil
	}
	if unit.ahead != nil {
		unit.ahead.waiting.Add(1)
	}
	return unit, true
}

// A unit of the work of sgf check holds game trees of one input up to
// unitBytes of their text, or unitTrees trees.
const (
	unitBytes      = 64 << 10
	unitTrees      = 256
	firstUnitBytes = 4 << 10 // the first unit of an input
)

// overLimit reports whether the file name is larger than --max-bytes:
// it is read whole, to report the limit (S17) as for a file read whole.
func overLimit(e *env, name string) bool {
	if e.maxRead <= 0 || isStdin(name) {
		return false
	}
	info, err := os.Stat(name)
	return err == nil && info.Mode().IsRegular() && info.Size() > e.maxRead
}

// checkTreeResult is what the work on one unit gives.
type checkTreeResult struct {
	whole checkResult // a unit read whole
	errs  []error     // per tree of the unit: a panic while checking it
}

// runCheckUnit runs the rules of each game tree of a unit alone
// (check.Tree.Run), or checks an input read whole with checkWhole.
func runCheckUnit(u checkUnit, checkWhole func(u checkUnit) checkResult) checkTreeResult {
	if u.readWhole {
		return checkTreeResult{whole: checkWhole(u)}
	}
	if u.ahead != nil {
		u.ahead.waiting.Add(-1)
	}
	var r checkTreeResult
	for i, t := range u.trees {
		if u.ahead.behind() {
			yieldToReader()
		}
		if err := runCheckTree(u.in.name, t); err != nil {
			if r.errs == nil {
				r.errs = make([]error, len(u.trees))
			}
			r.errs[i] = err
		}
	}
	return r
}

// runCheckTree runs the rules of one game tree, and returns the error of
// a panic.
func runCheckTree(name string, t *check.Tree) (err error) {
	defer catch(&err)
	if checkHook != nil {
		f := &syntax.File{}
		if g := t.Game; g != nil {
			f.Trees = []*syntax.Tree{g.SyntaxTree()}
		}
		checkHook(name, f)
	}
	t.Run()
	return nil
}

// treeDiagnostics returns the diagnostics of a tree of a unit (in input
// order: the rules that compare trees run here), or the error of a panic.
func treeDiagnostics(u checkUnit, t *check.Tree) (ds diag.List, err error) {
	defer catch(&err)
	return u.rd.Diagnostics(t), nil
}

// checkPrinter prints the report of sgf check, an input read tree by
// tree in parts (begin, part, end).
type checkPrinter struct {
	e                  *env
	json, jsonl, sarif bool
	sum                checkSummary
	log                sarifLog
	n                  int    // diagnostics of the current input printed with --json
	failed             error  // a panic in a rule on a tree of the current input
	line               []byte // the text of a diagnostic, kept from line to line
}

// file prints the report of an input read whole.
func (p *checkPrinter) file(name string, r checkResult) {
	switch {
	case p.json:
		b := appendFileHead(make([]byte, 0, 256), p.sum.files == 0, name, r.err, `,"diagnostics":[`)
		p.e.stdout.Write(append(appendJSONList(b, r.diags, appendDiagnosticJSON), "]}"...))
	case p.jsonl:
		writeCheckJSONL(p.e.stdout, name, r)
	case p.sarif:
		p.log.add(name, r)
	}
	p.sum.add(r)
	if p.json || p.jsonl || p.sarif {
		return
	}
	if r.err != nil {
		p.e.errorf("%s: %s", name, describeError(r.err))
		return
	}
	p.text(name, r.diags)
}

func (p *checkPrinter) text(name string, ds diag.List) {
	for _, d := range ds {
		p.line = appendDiagnostic(p.line[:0], name, d)
		p.e.stdout.Write(p.line)
	}
}

// begin starts the report of an input read tree by tree.
func (p *checkPrinter) begin(name string) {
	p.n = 0
	if p.sarif {
		p.log.beginPart()
	}
	if p.json {
		p.e.stdout.Write(appendFileHead(make([]byte, 0, 64), p.sum.files == 0, name, nil, `,"diagnostics":[`))
	}
}

// part prints the diagnostics of one tree, t (its text for --sarif's
// columns).
func (p *checkPrinter) part(name string, t *check.Tree, ds diag.List) {
	p.sum.addDiags(ds)
	switch {
	case p.json:
		b := make([]byte, 0, 256*len(ds))
		for _, d := range ds {
			if p.n > 0 {
				b = append(b, ',')
			}
			p.n++
			b = appendDiagnosticJSON(b, d)
		}
		p.e.stdout.Write(b)
	case p.jsonl:
		writeCheckJSONL(p.e.stdout, name, checkResult{diags: ds})
	case p.sarif:
		var src []byte
		if t.Game != nil {
			src, _ = t.Game.Collection().Bytes() // as read
		}
		p.log.addPart(name, ds, src)
	default:
		p.text(name, ds)
	}
}

// end ends the report of an input read tree by tree; err is a read error
// that stopped it.
func (p *checkPrinter) end(name string, err error) {
	p.sum.files++
	if err != nil {
		p.sum.unreadable++
	}
	switch {
	case p.json:
		b := []byte("]")
		if err != nil {
			b = appendErrorField(b, err)
		}
		p.e.stdout.Write(append(b, '}'))
	case p.jsonl:
		if err != nil {
			writeCheckJSONL(p.e.stdout, name, checkResult{err: err})
		}
	case p.sarif:
		// The results of the trees read are written (their columns
		// counted in this input) and dropped from the spool, also when
		// a read error or a panic in a rule stopped the input: they
		// are not to wait for the next input.
		if cerr := p.log.columns(name); err == nil {
			err = cerr
		}
		if err != nil {
			p.log.add(name, checkResult{err: err})
		}
	default:
		if err != nil {
			p.e.errorf("%s: %s", name, describeError(err))
		}
	}
}

// emit prints what one unit gives, in input order.
func (p *checkPrinter) emit(u checkUnit, r checkTreeResult) {
	name := u.in.name
	if u.readWhole {
		p.file(name, r.whole)
		return
	}
	if u.first {
		p.begin(name)
		p.failed = nil
	}
	for i, t := range u.trees {
		var err error
		if r.errs != nil {
			err = r.errs[i]
		}
		if err == nil {
			var ds diag.List
			ds, err = treeDiagnostics(u, t)
			p.part(name, t, ds)
		}
		if err != nil && p.failed == nil {
			// A panic in a rule: the input is reported as not
			// checked; its other trees still are.
			p.failed = err
		}
	}
	if u.last {
		err := u.err
		if err == nil {
			err = p.failed
		}
		if p.sarif {
			// columns reads the input again as its reading decoded it
			p.log.wide, p.log.isWide = u.rd.Wide()
		}
		p.end(name, err)
	}
}
