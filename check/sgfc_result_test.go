package check_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/check"
	"github.com/sgf-toolkit/sgf/convert"
	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/syntax"
	"github.com/sgf-toolkit/sgf/value"
)

// sgfcRun is one call of SGFC on one of its test files (testdata/sgfc/README)
// with the options of Fix that come closest to SGFC's.
type sgfcRun struct {
	name    string // SGFC's command line
	in, out string // input, SGFC's result
	opts    check.FixOptions
	syntax  *syntax.Options // how the input and our result are parsed
}

// sgfcRuns maps SGFC's options to ours:
//
//   - -r: Options.Strict;
//   - -o: Options.DeleteObsolete;
//   - -n: Options.EmptyNodes;
//   - -v: Options.Variations (C10 splits a move out of the root, C34
//     moves variations one level up);
//   - -u: Options.DeleteUnknown;
//   - -z: Options.ReverseVariations (C58);
//   - -e: Options.ExpandLists (C59; invisible here, where point lists are
//     expanded before they are compared);
//   - -t (no soft line breaks): layout only, invisible after decoding;
//   - -E2 (decode each text value after reading it byte by byte): values
//     are split with ASCII-safe lead bytes (e2), so that a '\' or ']' byte
//     is an escape or the end of the value even in GB18030, then decoded per
//     game tree (convert).
//
// SGFC writes every repair it can make, even those that lose information,
// so Fix runs with Critical.
var sgfcRuns = []sgfcRun{
	{"sgfc test.sgf", "test.sgf", "test-result.sgf", check.FixOptions{Critical: true}, nil},
	{"sgfc -roun test.sgf", "test.sgf", "test-roun-result.sgf", check.FixOptions{
		Options: check.Options{Strict: true, DeleteObsolete: true, DeleteUnknown: true, EmptyNodes: true}, Critical: true}, nil},
	{"sgfc -r strict.sgf", "strict.sgf", "strict-result.sgf", check.FixOptions{
		Options: check.Options{Strict: true}, Critical: true}, nil},
	{"sgfc -v reorder.sgf", "reorder.sgf", "reorder-result.sgf", check.FixOptions{
		Options: check.Options{Variations: true}, Critical: true}, nil},
	{"sgfc -vz reorder.sgf", "reorder.sgf", "reorder-z-result.sgf", check.FixOptions{
		Options: check.Options{Variations: true, ReverseVariations: true}, Critical: true}, nil},
	{"sgfc -E2 mixed-encoding.sgf", "mixed-encoding.sgf", "mixed-encoding-result.sgf", check.FixOptions{Critical: true}, e2},
	{"sgfc -t escaping.sgf", "escaping.sgf", "escaping-result.sgf", check.FixOptions{Critical: true}, nil},
}

// e2 reads every value byte by byte, as SGFC's -E2 does.
var e2 = &syntax.Options{LeadBytes: syntax.ASCIISafe, ForceLeadBytes: true}

// sgfcExceptions are the places where Fix differs from SGFC on purpose
// or by a known limitation, by run and by difference. A difference is
// "T<tree> N<node> <property>" (tree index and pre-order node number in
// SGFC's result; property "" for the node's structure), or "T<tree>" for
// a tree. Every exception must be met: one that no longer occurs fails
// the test, so that the list stays exact.
var sgfcExceptions = map[string]map[string]string{
	"test-result.sgf":      testExceptions,
	"test-roun-result.sgf": testRounExceptions,
	"mixed-encoding-result.sgf": {
		// Shift_JIS 0x5C: SGFC (iconv) maps it to U+00A5 YEN SIGN, as JIS
		// X 0201 does; package charset (golang.org/x/text, the WHATWG
		// encoding) maps it to U+005C '\\'. A choice of mapping table, not
		// a fault of Fix.
		"T4 N0 C": "Shift_JIS 0x5C is '\\' here, U+00A5 in SGFC's iconv",
	},
}

// testExceptions are the differences on test.sgf that every run shows.
var testExceptions = map[string]string{
	// ";N[keep]C[unexpected end of file" at the end of the file: S05
	// reports the missing "]" (critical) and the value is kept, as
	// nothing the user wrote is dropped; SGFC (message 10) deletes the
	// unfinished property.
	"T21 N4 C": "an unterminated value at the end of the file is kept, SGFC deletes it",
	// N[<NUL>illegal ascii code]: Fix writes the NUL byte as a space, as
	// SGFC does (TestFixNULChange).
}

// testRounExceptions add -u to testExceptions.
var testRounExceptions = func() map[string]string {
	m := map[string]string{}
	for k, v := range testExceptions {
		m[k] = v
	}
	return m
}()

// ignoredRootProps are properties that SGFC adds to every root node and
// that say nothing about the game: AP (SGFC names itself) and CA (SGFC
// writes UTF-8 and says so; our Fix keeps the file's charset and convert
// adds CA[UTF-8] only where it transcodes).
var ignoredRootProps = []string{"AP", "CA"}

func readSGFC(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "sgfc", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// ourResult repairs in with Fix and converts the result to UTF-8.
func ourResult(t *testing.T, in []byte, opts check.FixOptions, so *syntax.Options) *syntax.File {
	t.Helper()
	if so == nil {
		so = &syntax.Options{TreeLeadBytes: sgf.LeadBytesOfCA}
	}
	f, _ := syntax.Parse(in, so)
	fixed, _ := check.Fix(f, opts)
	co := convert.Options{}
	if so != nil {
		co.Syntax = *so
	}
	utf8, _, err := convert.Convert(fixed, co)
	if err != nil {
		t.Fatalf("convert: %v", err)
	}
	g, _ := syntax.Parse(utf8, nil)
	return g
}

// propValues decodes the values of every property of node n of a tree of
// game gm on a board of cols x rows, by FF[4] identifier: text decoded,
// composed values split, point lists expanded; each property's values
// sorted, since SGFC may reorder them.
func propValues(n syntax.Node, gm, cols, rows int) map[string][]string {
	out := map[string][]string{}
	for p := range n.Props() {
		id := property.Canonical(p.ID)
		if id == "" {
			id = string(p.ID)
		}
		info, _ := property.LookupGame(id, property.Game(gm))
		var raws [][]byte
		for v := range p.Values() {
			raws = append(raws, v.Raw)
		}
		var vals []string
		if info != nil && gm == 1 && (info.Value.Elem.First == property.Point || info.Value.Elem.First == property.Stone) &&
			!info.Value.Elem.Composed() && info.Value.Form != property.Single {
			if len(raws) == 1 && len(raws[0]) == 0 {
				vals = append(vals, "")
			} else {
				pts, _ := value.ExpandPointList(raws, cols, rows)
				for _, pt := range pts {
					vals = append(vals, pt.String())
				}
			}
		} else {
			for _, raw := range raws {
				vals = append(vals, decodeValue(info, raw))
			}
		}
		sort.Strings(vals)
		out[id] = append(out[id], vals...)
	}
	return out
}

func decodeValue(info *property.Info, raw []byte) string {
	if info == nil {
		return string(value.AppendSimpleText(nil, raw))
	}
	e := info.Value.Elem
	if e.Composed() {
		if l, r, ok := value.SplitCompose(raw); ok {
			return decodeBase(e.First, l) + ":" + decodeBase(e.Second, r)
		}
	}
	return decodeBase(e.First, raw)
}

func decodeBase(b property.Base, raw []byte) string {
	switch b {
	case property.Text:
		return string(value.AppendText(nil, raw))
	default:
		return string(value.AppendSimpleText(nil, raw))
	}
}

// rootFacts reads GM and SZ of a root node (FF[4] defaults).
func rootFacts(root syntax.Node) (gm, cols, rows int) {
	gm, cols, rows = 1, 19, 19
	if p, ok := root.Prop("GM"); ok {
		if n, err := value.ParseNumber(p.Value()); err == nil {
			gm = n
		}
	}
	if gm != 1 {
		return gm, 0, 0
	}
	if p, ok := root.Prop("SZ"); ok {
		if c, r, err := value.ParseSize(p.Value()); err == nil {
			cols, rows = c, r
		}
	}
	return gm, cols, rows
}

// compareTrees compares tree ti of ours with SGFC's: the nodes in
// pre-order, the number of children of each, and each node's properties.
// It returns the differences (keyed as the exceptions are) and the
// number of nodes compared equal.
func compareTrees(ti int, ours, theirs *syntax.Tree) (diffs map[string]string, matched int) {
	diffs = map[string]string{}
	gm, cols, rows := rootFacts(theirs.Root())
	type pair struct{ o, s syntax.Node }
	stack := []pair{{ours.Root(), theirs.Root()}}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		key := fmt.Sprintf("T%d N%d", ti, p.s.Index())
		same := true
		ov, sv := propValues(p.o, gm, cols, rows), propValues(p.s, gm, cols, rows)
		if p.s.Parent().IsZero() {
			for _, id := range ignoredRootProps {
				delete(ov, id)
				delete(sv, id)
			}
			// SGFC writes the defaults GM[1] and, for Go, SZ[19]
			// (ff4-properties.txt: "Default value: 1" for GM, "19 x 19"
			// for Go's SZ); a missing GM or SZ means the same.
			for _, m := range []map[string][]string{ov, sv} {
				if _, ok := m["GM"]; !ok {
					m["GM"] = []string{"1"}
				}
				if _, ok := m["SZ"]; !ok && gm == 1 {
					m["SZ"] = []string{"19"}
				}
			}
		}
		ids := map[string]bool{}
		for id := range ov {
			ids[id] = true
		}
		for id := range sv {
			ids[id] = true
		}
		for id := range ids {
			o, os := ov[id]
			s, ss := sv[id]
			switch {
			case !os:
				diffs[key+" "+id] = fmt.Sprintf("missing here, SGFC %q", s)
			case !ss:
				diffs[key+" "+id] = fmt.Sprintf("%q here, SGFC has none", o)
			case !slices.Equal(o, s):
				diffs[key+" "+id] = fmt.Sprintf("%q here, SGFC %q", o, s)
			default:
				continue
			}
			same = false
		}
		if p.o.NumChildren() != p.s.NumChildren() {
			diffs[key+" "] = fmt.Sprintf("%d children here, SGFC %d", p.o.NumChildren(), p.s.NumChildren())
			same = false
		}
		if same {
			matched++
		}
		for k := min(p.o.NumChildren(), p.s.NumChildren()) - 1; k >= 0; k-- {
			stack = append(stack, pair{p.o.Child(k), p.s.Child(k)})
		}
	}
	return diffs, matched
}

// exceptionFor returns the exception that covers difference k: k itself,
// or "T<tree> N<node> *" for every difference of a node.
func exceptionFor(exc map[string]string, k string) string {
	if _, ok := exc[k]; ok {
		return k
	}
	if i := strings.LastIndexByte(k, ' '); i > 0 {
		if w := k[:i] + " *"; exc[w] != "" {
			return w
		}
	}
	return ""
}

// compareFiles compares every tree of ours with SGFC's.
func compareFiles(ours, theirs *syntax.File) (diffs map[string]string, matched, nodes int) {
	diffs = map[string]string{}
	if len(ours.Trees) != len(theirs.Trees) {
		diffs[fmt.Sprintf("T%d", min(len(ours.Trees), len(theirs.Trees)))] = fmt.Sprintf("%d trees here, SGFC %d", len(ours.Trees), len(theirs.Trees))
	}
	for i := range min(len(ours.Trees), len(theirs.Trees)) {
		d, m := compareTrees(i, ours.Trees[i], theirs.Trees[i])
		for k, v := range d {
			diffs[k] = v
		}
		matched += m
		nodes += theirs.Trees[i].NumNodes()
	}
	return diffs, matched, nodes
}

// TestSGFCResults repairs SGFC's test files with Fix and compares the
// trees with the files SGFC wrote: same trees, same node structure, and in
// each node the same properties with the same decoded values, except
// where sgfcExceptions says why we differ.
func TestSGFCResults(t *testing.T) {
	for _, r := range sgfcRuns {
		t.Run(r.out, func(t *testing.T) {
			ours := ourResult(t, readSGFC(t, r.in), r.opts, r.syntax)
			theirs, _ := syntax.Parse(readSGFC(t, r.out), nil)
			diffs, matched, nodes := compareFiles(ours, theirs)
			if nodes == 0 || matched == 0 {
				t.Fatalf("%s: nothing compared (%d nodes, %d matched)", r.name, nodes, matched)
			}
			exc := sgfcExceptions[r.out]
			keys := make([]string, 0, len(diffs))
			for k := range diffs {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			used := map[string]bool{}
			for _, k := range keys {
				e := exceptionFor(exc, k)
				if e == "" {
					t.Errorf("%s: %s: %s", r.name, k, diffs[k])
					continue
				}
				used[e] = true
				if testing.Verbose() {
					t.Logf("%s: expected difference %s: %s (%s)", r.name, k, diffs[k], exc[e])
				}
			}
			for k := range exc {
				if !used[k] {
					t.Errorf("%s: exception %q no longer differs: remove it", r.name, k)
				}
			}
			t.Logf("%s: %d of %d nodes equal, %d exceptions", r.name, matched, nodes, len(exc))
		})
	}
}

// TestSGFCResultsCanFail checks that the comparison sees a difference:
// a changed value, a missing property and a missing node.
func TestSGFCResultsCanFail(t *testing.T) {
	theirs, _ := syntax.Parse([]byte("(;GM[1]AB[aa:bb];C[a\\\nb](;B[cc])(;W[dd]))"), nil)
	for _, tc := range []struct{ ours, want string }{
		{"(;GM[1]AB[aa][ab][ba][bb];C[ab](;B[cc])(;W[dd]))", ""},
		{"(;GM[1]AB[aa][ab][ba];C[ab](;B[cc])(;W[dd]))", "T0 N0 AB"},
		{"(;GM[1]AB[aa:bb];C[a b](;B[cc])(;W[dd]))", "T0 N1 C"},
		{"(;GM[1]AB[aa:bb];C[ab]B[cc](;B[cc])(;W[dd]))", "T0 N1 B"},
		{"(;GM[1]AB[aa:bb];C[ab](;B[cc]))", "T0 N1 "},
		{"(;GM[1]AB[aa:bb];C[ab](;B[cc])(;W[dd]))(;)", "T1"},
	} {
		ours, _ := syntax.Parse([]byte(tc.ours), nil)
		diffs, _, _ := compareFiles(ours, theirs)
		if tc.want == "" {
			if len(diffs) != 0 {
				t.Errorf("%s: %v, want none", tc.ours, diffs)
			}
			continue
		}
		if _, ok := diffs[tc.want]; !ok {
			t.Errorf("%s: %v, want %q", tc.ours, diffs, tc.want)
		}
	}
}
