package cli

import (
	"io"
	"os"

	"github.com/sgf-toolkit/sgf/check"
	"github.com/sgf-toolkit/sgf/diag"
	"github.com/sgf-toolkit/sgf/syntax"
)

// sgf check reads each input game tree by game tree (check.Reader): peak
// memory is bounded by the largest game tree and what waits to be
// printed, not by the file, and the trees of one file are checked in
// parallel with its reading (--jobs goroutines), their diagnostics
// printed in input order as soon as they and the trees before them are
// done. A unit of that work is one game tree of an input; an input that
// is read whole (a file of another format, a file over --max-bytes, or
// every input with --sarif, whose columns need the text) is one unit.

// checkUnit is one unit of the work of sgf check.
type checkUnit struct {
	in          input
	first, last bool // the unit starts, ends its input
	rd          *check.Reader
	tree        *check.Tree // nil on a unit that only ends its input
	err         error       // the input could not be read (on its last unit)
	whole       []byte      // an input read whole (an import), or nil
	readWhole   bool        // read the input whole (checkResult as before)
}

// checkUnits yields the units of the inputs that walk yields.
type checkUnits struct {
	e     *env
	walk  func() (input, bool)
	opts  check.Options
	whole func(in input) bool // the input is read whole

	cur   *checkUnit // the input being read: rd set
	close func()
}

func (u *checkUnits) next() (checkUnit, bool) {
	if u.cur == nil {
		in, ok := u.walk()
		if !ok {
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
		u.close = closeFn
		unit.last = false
		unit.rd = check.NewReader(br, u.opts)
		u.cur = &unit
	}
	unit := *u.cur
	u.cur.first = false
	t, err := unit.rd.Next()
	unit.tree = t
	if err != nil {
		unit.last = true
		if err != io.EOF {
			unit.err = err
		}
		u.close()
		u.cur, u.close = nil, nil
	}
	return unit, true
}

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
	err   error       // a panic while checking the tree
}

// runCheckUnit runs the rules of one game tree alone (check.Tree.Run), or
// checks an input read whole with checkWhole.
func runCheckUnit(u checkUnit, checkWhole func(u checkUnit) checkResult) (r checkTreeResult) {
	if u.readWhole {
		return checkTreeResult{whole: checkWhole(u)}
	}
	defer catch(&r.err)
	if u.tree != nil {
		if checkHook != nil {
			f := &syntax.File{}
			if g := u.tree.Game; g != nil {
				f.Trees = []*syntax.Tree{g.SyntaxTree()}
			}
			checkHook(u.in.name, f)
		}
		u.tree.Run()
	}
	return r
}

// treeDiagnostics returns the diagnostics of a unit's tree (in input
// order: the rules that compare trees run here), or the error of a panic.
func treeDiagnostics(u checkUnit) (ds diag.List, err error) {
	defer catch(&err)
	if u.tree == nil {
		return nil, nil
	}
	return u.rd.Diagnostics(u.tree), nil
}

// checkPrinter prints the report of sgf check, an input read tree by
// tree in parts (begin, part, end).
type checkPrinter struct {
	e                  *env
	json, jsonl, sarif bool
	sum                checkSummary
	log                sarifLog
	n                  int   // diagnostics of the current input printed with --json
	failed             error // a panic in a rule on a tree of the current input
}

// file prints the report of an input read whole.
func (p *checkPrinter) file(name string, r checkResult) {
	switch {
	case p.json:
		writeCheckJSON(p.e.stdout, p.sum.files == 0, name, r)
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
	var line []byte
	for _, d := range ds {
		line = appendDiagnostic(line[:0], name, d)
		p.e.stdout.Write(line)
	}
}

// begin starts the report of an input read tree by tree.
func (p *checkPrinter) begin(name string) {
	p.n = 0
	if p.json {
		b := make([]byte, 0, 64)
		if p.sum.files > 0 {
			b = append(b, ',')
		}
		b = append(b, "\n{\"file\":"...)
		b = appendJSONFile(b, name)
		b = append(b, `,"diagnostics":[`...)
		p.e.stdout.Write(b)
	}
}

// part prints the diagnostics of one tree.
func (p *checkPrinter) part(name string, ds diag.List) {
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
			b = append(b, `,"error":`...)
			b = appendJSONString(b, describeError(err))
		}
		p.e.stdout.Write(append(b, '}'))
	case p.jsonl:
		if err != nil {
			writeCheckJSONL(p.e.stdout, name, checkResult{err: err})
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
	err := r.err
	if err == nil {
		var ds diag.List
		ds, err = treeDiagnostics(u)
		p.part(name, ds)
	}
	if err != nil && p.failed == nil {
		// A panic in a rule: the input is reported as not checked; its
		// other trees still are.
		p.failed = err
	}
	if u.last {
		err := u.err
		if err == nil {
			err = p.failed
		}
		p.end(name, err)
	}
}
