package cli

import (
	"github.com/sgf-toolkit/sgf/check"
	"github.com/sgf-toolkit/sgf/syntax"
)

// The rules of package check (codes C01..) plug into "sgf check" as the
// second checker, after the syntax layer.
func init() {
	var codes []codeInfo
	for _, c := range check.Codes() {
		codes = append(codes, codeInfo{Code: c.String(), Name: c.Name(), SGFC: c.SGFC(), Doc: c.Doc()})
	}
	registerChecker(&checker{
		Name:  "rules",
		Codes: codes,
		Run: func(name string, f *syntax.File) []diagnostic {
			return runRules(&checkConfig{}, f)
		},
		RunWith: func(cfg *checkConfig, _ string, f *syntax.File) []diagnostic {
			return runRules(cfg, f)
		},
	})
}

// checkOptions returns the options of package check that cfg asks for.
func (cfg *checkConfig) checkOptions() check.Options {
	return check.Options{Strict: cfg.strict, Quirks: cfg.quirks, AutoQuirks: cfg.auto, Superko: cfg.superko,
		Variations: cfg.variations, EmptyNodes: cfg.emptyNodes, DeleteObsolete: cfg.deleteObsolete}
}

func runRules(cfg *checkConfig, f *syntax.File) []diagnostic {
	ds := check.Check(f, cfg.checkOptions())
	out := make([]diagnostic, len(ds))
	for i, d := range ds {
		out[i] = fromCheck(d)
	}
	return out
}

// fromCheck converts a diagnostic of package check.
func fromCheck(d check.Diagnostic) diagnostic {
	r := diagnostic{
		Code:     d.Code.String(),
		Name:     d.Code.Name(),
		SGFC:     d.Code.SGFC(),
		Severity: d.Severity,
		Critical: d.Critical,
		Position: d.Position,
		Tree:     d.Tree,
		Node:     d.Node,
		Message:  d.Message,
		Property: d.Property,
		Fixable:  d.Fix != nil,
	}
	if d.Quirk != 0 {
		r.Quirk = d.Quirk.String()
	}
	return r
}
