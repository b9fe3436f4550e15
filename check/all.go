package check

import (
	"errors"
	"slices"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/diag"
	"github.com/sgf-toolkit/sgf/syntax"
)

// All reads the bytes of one SGF file as sgf check does and returns every
// diagnostic of it, as sgf check prints them:
//
//   - a UTF-16, UTF-32 or ISO-2022-JP file is decoded to UTF-8 first, as
//     the typed view decides (sgf.Collection.Wide), which is reported
//     once (C47); positions then refer to the decoded text;
//   - the file is read as the typed view reads it (sgf.ReadBytes with
//     opts.Read: each game tree split in the two-byte characters of its
//     charset); the diagnostics of that reading (codes S..) come first,
//     those a quirk in force explains marked (Diagnostic.Quirk);
//   - then the rules' (Check with opts, codes C..);
//
// merged into one list sorted by offset (the syntax layer's first at one
// offset) and de-duplicated: a fatal problem is listed once; an FF[3]
// style lowercase identifier (S16) is left out where the rule C05 says
// the same of an FF[4] file; and the codes opts.Disable names (syntax codes
// too) are left out. Binary data (NUL bytes before any game tree) is one
// error that says so (syntax.BinaryData), not a warning for each NUL byte.
func All(src []byte, opts Options) diag.List {
	ds, _ := AllText(src, opts)
	return ds
}

// AllText returns what All returns, and the text its positions refer
// to: src, or the UTF-8 text a wide file was decoded to.
func AllText(src []byte, opts Options) (diag.List, []byte) {
	var ds diag.List
	var ro sgf.ReadOptions
	if opts.Read != nil {
		ro = *opts.Read
	}
	rd, err := readAsTyped(src, &ro)
	if d, ok := rd.c47(); ok {
		ds = append(ds, d)
	}
	f := rd.f
	if opts.TreeCharset == nil {
		opts.TreeCharset = rd.treeCS
	}
	ds = append(ds, syntaxDiagnostics(&opts, f)...)
	ds = append(ds, Check(f, opts)...)
	// A fatal error is also a diagnostic of the file; keep it even if the
	// syntax layer ever stops listing it.
	var pe *syntax.ParseError
	if errors.As(err, &pe) && !slices.ContainsFunc(f.Diagnostics, func(d syntax.Diagnostic) bool { return d == pe.Diagnostic }) {
		ds = append(ds, pe.Diagnostic)
	}
	return tidy(ds, opts.Disable), rd.text
}

// tidy leaves out of ds the disabled codes, those a quirk explains, and
// an FF[3] style lowercase identifier (S16) where the rule C05 says the
// same at the same place of an FF[4] file; it sorts the rest by offset.
func tidy(ds diag.List, disable diag.Set) diag.List {
	// One pass finds what there is to do: for most lists (a tree's four
	// diagnostics, in order), nothing.
	drop, lower, sorted := false, false, true
	for i := range ds {
		d := &ds[i]
		if d.Quirk != "" || len(disable) > 0 && disable[d.Code] {
			drop = true
		}
		if d.Code == syntax.CodeLowercaseIdent {
			lower = true
		}
		if i > 0 && d.Offset < ds[i-1].Offset {
			sorted = false
		}
	}
	if drop {
		ds = ds.Filter(disable)
	}
	if lower && slices.ContainsFunc(ds, func(d diag.Diagnostic) bool { return d.Code == syntax.CodeLowercaseIdent }) {
		c05 := map[int64]bool{}
		for _, d := range ds {
			if d.Code == CodeLowercaseFF4 {
				c05[d.Offset] = true
			}
		}
		ds = slices.DeleteFunc(ds, func(d diag.Diagnostic) bool { return d.Code == syntax.CodeLowercaseIdent && c05[d.Offset] })
	}
	if !sorted {
		// (what was in order stays in order without some of it)
		ds.Sort()
	}
	return ds
}

// syntaxDiagnostics returns the diagnostics of the syntax layer; those that
// a quirk in force explains (Quirks.AcceptsSyntax) are marked.
func syntaxDiagnostics(o *Options, f *syntax.File) diag.List {
	ds := diag.List(f.Diagnostics).Clone()
	q := o.Quirks
	if o.AutoQuirks && len(f.Diagnostics) > 0 {
		for _, t := range f.Trees {
			q |= DetectQuirks(f, t)
		}
	}
	if q != 0 {
		for i := range ds {
			if q.AcceptsSyntax(f, ds[i]) {
				ds[i].Quirk = q.String()
			}
		}
	}
	return ds
}
