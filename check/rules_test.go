package check

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/syntax"
)

func codesOf(ds []Diagnostic) []Code {
	var cs []Code
	for _, d := range ds {
		cs = append(cs, d.Code)
	}
	return cs
}

func run(t *testing.T, src string, opts Options) []Diagnostic {
	t.Helper()
	f, err := syntax.Parse([]byte(src), caOpts)
	if err != nil {
		t.Fatalf("parse %q: %v", src, err)
	}
	return Check(f, opts)
}

var (
	strict = Options{Strict: true}
	vari   = Options{Variations: true}
)

// ruleCase is a small input and the codes Check must and must not report.
type ruleCase struct {
	name string
	src  string
	opts Options
	want []Code // must all be reported (in this order, among others)
	not  []Code // must not be reported
}

// ruleCases hold the cases of every rule (TestEveryRuleHasACase): the SGFC
// Appendix C example where there is one, and inputs the rule must leave
// alone. A new rule adds its cases here.
var ruleCases = []ruleCase{
	// SGFC 13 "(;B[cc][dd])"
	{"too many values", "(;FF[4];B[cc][dd])", Options{}, []Code{CodeTooManyValues}, nil},
	{"list has many values", "(;FF[4]AB[cc][dd])", Options{}, nil, []Code{CodeTooManyValues}},
	// SGFC 14 "(;B[111];PL[r])"
	{"illegal values", "(;FF[4];B[111];PL[r])", Options{}, []Code{CodeIllegalValue, CodeIllegalValue}, nil},
	{"move off board", "(;FF[4]SZ[9];B[jj])", Options{}, []Code{CodeIllegalValue}, nil},
	{"tt is a pass on 19x19", "(;FF[3];B[tt])", Options{}, nil, []Code{CodeIllegalValue}},
	// SGFC 15 "(;B[a a];DM[1  kk]BL[30.])"
	{"corrected values", "(;FF[4];B[a a];DM[1  kk]BL[30.])", Options{}, []Code{CodeValueCorrected, CodeValueCorrected, CodeValueCorrected}, nil},
	{"free-form game info", "(;FF[4]KM[5 1/2]DT[12th and 13th march 94]RE[black wins by 5 3/4 points]TM[9 hours])", Options{},
		[]Code{CodeValueCorrected, CodeValueCorrected, CodeValueCorrected, CodeValueCorrected}, []Code{CodeGameInfoFormat}},
	{"rectangle corners", "(;FF[4]AB[cc:aa])", Options{}, []Code{CodeValueCorrected}, nil},
	// SGFC 25 "(;LB[a a: text])"
	{"composed corrected", "(;FF[4]LB[a a: text])", Options{}, []Code{CodeComposeCorrected}, nil},
	// The sides as sgf.Decoder decodes them: a\a is the point aa, so
	// the arrow points nowhere (ff4: "It's illegal to specify a one point
	// arrow"); a label off the board is deleted.
	{"composed sides decoded", "(;FF[4]SZ[9]AR[a\\a:aa][aa:bb]LN[bb:cc]LB[jj:x][aa:y])", Options{}, []Code{CodeIllegalValue, CodeIllegalValue}, []Code{CodeComposeCorrected}},
	{"composed sides good", "(;FF[4]SZ[9]AR[aa:bb]LN[bb:aa]LB[ii:x]FG[257:fig])", Options{}, nil, []Code{CodeIllegalValue, CodeComposeCorrected}},
	// SGFC 16 "(;FF[4];Black[cc];White[dd])": "PropIdent = UcLetter { UcLetter }"
	{"lowercase in FF[4]", "(;FF[4];Black[cc];White[dd])", Options{}, []Code{CodeLowercaseFF4, CodeLowercaseFF4}, nil},
	{"lowercase in FF[3]", "(;FF[3];Black[cc];White[dd])", Options{}, nil, []Code{CodeLowercaseFF4}},
	// SGFC 17 "(;PL[]AB[];C[])"
	{"empty values", "(;FF[4]PL[]AB[];C[])", Options{}, []Code{CodeEmptyValue, CodeEmptyValue, CodeEmptyValue}, nil},
	{"meaningful empty values", "(;FF[4]TB[]VW[];B[]KO[])", Options{}, nil, []Code{CodeEmptyValue, CodeIllegalValue}},
	// SGFC 18 "(;FF[four]GM[Go]SZ[-12])"
	{"illegal root values", "(;FF[four]GM[Go]SZ[-12])", Options{}, []Code{CodeIllegalRootValue, CodeIllegalRootValue, CodeIllegalRootValue}, nil},
	// SGFC 19 "(;GM[12])"
	{"not go", "(;GM[12])", Options{}, []Code{CodeNotGo}, nil},
	{"hex is checked", "(;FF[4]GM[11]SZ[3];B[a1];W[swap-pieces])", Options{}, nil, []Code{CodeNotGo, CodeIllegalValue, CodeHexSwap}},
	{"hex off board", "(;FF[4]GM[11]SZ[3];B[d1])", Options{}, []Code{CodeIllegalValue}, nil},
	{"hex late swap", "(;FF[4]GM[11];B[a1];W[b2];B[swap-sides])", Options{}, []Code{CodeHexSwap}, nil},
	{"hex occupied", "(;FF[4]GM[11]SZ[5];B[a1];W[b2];B[b2])", Options{}, []Code{CodeOccupied}, nil},
	{"hex swap-pieces moves the stone", "(;FF[4]GM[11]SZ[5];B[a2];W[swap-pieces];B[a2];W[b1])", Options{}, []Code{CodeOccupied}, nil},
	{"hex variations", "(;FF[4]GM[11]SZ[5](;B[a1])(;B[a1]))", Options{}, nil, []Code{CodeOccupied}},
	{"other game opaque", "(;FF[4]GM[2];B[zz99])", Options{}, []Code{CodeNotGo}, []Code{CodeIllegalValue}},
	{"figure", "(;FF[4];B[aa]FG[257:Figure 1];W[bb]FG[])", Options{}, nil, []Code{CodeValueCorrected, CodeComposeExpected, CodeIllegalValue}},
	{"figure without name", "(;FF[4];B[aa]FG[257])", Options{}, []Code{CodeComposeExpected}, nil},
	// SGFC 23 "(;LB[aa][bb][cc])"
	{"compose expected", "(;FF[4]LB[aa][bb][cc])", Options{}, []Code{CodeComposeExpected, CodeComposeExpected, CodeComposeExpected}, nil},
	// SGFC 24 "(;GM[1]B[dd])" with -v
	{"move in root", "(;GM[1]B[dd])", vari, []Code{CodeMoveInRoot}, nil},
	{"move in root without -v", "(;GM[1]B[dd])", Options{}, nil, []Code{CodeMoveInRoot}},
	// SGFC 28 "(;C[text1][text2]LB[aa:1]LB[bb:2];W[aa]W[bb])"
	{"duplicates", "(;FF[4]C[text1]LB[aa:1]LB[bb:2];W[aa]W[bb])", Options{}, []Code{CodeDuplicateProperty, CodeDuplicateProperty}, nil},
	// SGFC 29 "(;FF[1]BS[1]RG[aa][cc])" with -o
	{"deleted obsolete", "(;FF[1]BS[1]RG[aa][cc])", Options{DeleteObsolete: true}, []Code{CodePropertyDeleted, CodePropertyDeleted}, nil},
	{"deleted by id", "(;FF[4];B[aa]BL[309.0])", Options{DeleteProps: []string{"BL"}}, []Code{CodePropertyDeleted}, nil},
	// SGFC 30 "(;B[cc]AW[dd])" or "(;B[cc]PL[B])"
	{"setup and move", "(;FF[4];B[cc]AW[dd];B[ee]PL[B])", Options{}, []Code{CodeSetupAndMove, CodeSetupAndMove}, nil},
	// SGFC 32 "(;B[aa];GM[1])"
	{"root outside root", "(;FF[4];B[aa];GM[1])", Options{}, []Code{CodeRootOutsideRoot}, nil},
	// SGFC 33 "(;RE[Black wins by 12 points])" is repairable here; this is not:
	{"game info format", "(;FF[4]RE[john wins])", Options{}, []Code{CodeGameInfoFormat}, nil},
	// TM is a Real of seconds, not negative (value.ParseTime); KM a Real.
	{"negative time, bad komi", "(;FF[4]TM[-5]KM[6.5x])", Options{}, []Code{CodeGameInfoFormat, CodeGameInfoFormat}, nil},
	{"time and komi", "(;FF[4]TM[0]KM[-0.5])", Options{}, nil, nil},
	// SGFC 35 "(;KK[txt])"
	{"unknown property", "(;FF[4]KK[txt])", Options{}, []Code{CodeUnknownProperty}, nil},
	// SGFC 37 "(;B[cc]W[dd])"
	{"black and white", "(;FF[4];B[cc]W[dd])", Options{}, []Code{CodeBlackAndWhite}, nil},
	// SGFC 38 "(;AB[aa][aa];MA[kk]TR[kk])": "AB, AW and AE must have unique points"
	{"not unique", "(;FF[4]AB[aa][aa];MA[kk]TR[kk])", Options{}, []Code{CodeNotUnique, CodeNotUnique}, nil},
	{"not unique across colours", "(;FF[4]AB[aa:bb]AW[bb])", Options{}, []Code{CodeNotUnique}, nil},
	{"markup and setup may share", "(;FF[4]AB[aa]MA[aa]LB[aa:x])", Options{}, nil, []Code{CodeNotUnique}},
	// SGFC 39 "(;B[cc];AB[cc])"
	{"no effect", "(;FF[4];B[cc];AB[cc])", Options{}, []Code{CodeNoEffect}, nil},
	// SGFC 40 "(;FF[4];L[aa][bb];BS[1])"
	{"not in FF", "(;FF[4];L[aa][bb];BS[1])", Options{}, []Code{CodeNotInFF, CodeNotInFF}, nil},
	// SGFC 41 "(;GB[2]GW[1])"
	{"annotation conflict", "(;FF[4]GB[2]GW[1])", Options{}, []Code{CodeAnnotationConflict}, nil},
	// SGFC 42 "(;B[cc]TE[1]BM[1];W[dd]BM[1]TE[1])"
	{"tesuji and bad move", "(;FF[4];B[cc]TE[1]BM[1];W[dd]BM[1]TE[1])", Options{}, []Code{CodeTesujiBadMove, CodeTesujiBadMove}, []Code{CodeAnnotationConflict}},
	// SGFC 43 "(;TE[2])"
	{"annotation without move", "(;FF[4]TE[2])", Options{}, []Code{CodeAnnotationWithoutMove}, nil},
	// SGFC 44 "(;GN[test];HA[4])": "there may be only one game-info node on a path"
	{"game info outside", "(;FF[4]GN[test];HA[4])", Options{}, []Code{CodeGameInfoOutside}, nil},
	{"game info in siblings", "(;FF[4](;GN[a];B[aa])(;GN[b];B[bb]))", Options{}, nil, []Code{CodeGameInfoOutside}},
	// SGFC 45 "(;GN[1])  (;FF[3]GN[2])"
	{"different FF", "(;GN[1])(;FF[3]GN[2])", Options{}, []Code{CodeDifferentFF}, nil},
	// SGFC 46 "(;FF[5])"
	{"unknown FF", "(;FF[5])", Options{}, []Code{CodeUnknownFF}, nil},
	// SGFC 47 "(;SZ[19:19])"
	{"square as rectangle", "(;FF[4]SZ[19:19])", Options{}, []Code{CodeSquareAsRect}, nil},
	// SGFC 50 "(;SZ[1000])" or "(;FF[4]SZ[10:53])"
	{"board too big", "(;FF[4]SZ[1000])(;FF[4]SZ[10:53])", Options{}, []Code{CodeBoardTooBig, CodeBoardTooBig}, nil},
	// SGFC 51 "(;FF[2]SZ[13:9])" or "(;FF[3];AB[aa:ee])"
	{"feature not in FF", "(;FF[2]SZ[13:9])(;FF[3];AB[aa:ee])", Options{}, []Code{CodeFeatureNotInFF, CodeFeatureNotInFF}, nil},
	// SGFC 52 "(;VW[][aa])" or "(;FF[3]VW[aj][ak][al][am])"
	{"view", "(;FF[4];VW[][aa])(;FF[3]VW[aj][ak][al][am])", Options{}, []Code{CodeViewProblem, CodeViewProblem}, nil},
	// SGFC 53 "(;GM[1])(;GM[2])"
	{"different GM", "(;GM[1])(;GM[2])", Options{}, []Code{CodeDifferentGM}, nil},
	// SGFC 55 "(;;;C[empty])" with -n
	{"empty nodes", "(;FF[4];;C[empty])", Options{EmptyNodes: true}, []Code{CodeEmptyNode}, nil},
	// SGFC 56, 57 with -v
	{"variation level unfixable", "(;GM[1];B[dd];W[aa](;B[bb])(;AE[aa];W[ba])(;AE[dd][aa];B[ef]))", vari, []Code{CodeVariationLevelUnfixable}, []Code{CodeVariationLevel}},
	{"variation level", "(;GM[1];W[aa](;B[bb])(;AE[aa];W[ba])(;AE[aa];W[ef]))", vari, []Code{CodeVariationLevel}, []Code{CodeVariationLevelUnfixable}},
	{"reverse variations", "(;GM[1];B[aa](;W[bb])(;W[cc]);W[dd])", Options{ReverseVariations: true}, []Code{CodeReverseVariations}, nil},
	{"no variations to reverse", "(;GM[1];B[aa];W[bb])", Options{ReverseVariations: true}, nil, []Code{CodeReverseVariations}},
	{"variations kept without -z", "(;GM[1];B[aa](;W[bb])(;W[cc]))", Options{}, nil, []Code{CodeReverseVariations}},
	{"compressed lists", "(;GM[1]AB[aa:bb]AW[cc];TR[dd:de])", Options{ExpandLists: true}, []Code{CodeCompressedList, CodeCompressedList}, nil},
	{"compressed lists kept without -e", "(;GM[1]AB[aa:bb])", Options{}, nil, []Code{CodeCompressedList}},
	{"compressed lists only in Go", "(;GM[11]SZ[5]AB[a1])", Options{ExpandLists: true}, nil, []Code{CodeCompressedList}},
	// SGFC 58 "(;GM[1];B[aa];W[aa])"
	{"occupied", "(;GM[1];B[aa];W[aa])", Options{}, []Code{CodeOccupied}, nil},
	// SGFC 59 "(;(;KI[11])(;KM[3.5]KI[7]))"
	{"KI", "(;(;KI[11])(;KM[3.5]KI[7]))", Options{}, []Code{CodeKI, CodeKI}, nil},
	// SGFC 60-63 with -r
	{"several trees", "(;GM[1])(;GM[1])", strict, []Code{CodeSeveralTrees}, nil},
	{"handicap stones", "(;GM[1]AB[aa][bb])(;GM[1]HA[3];B[bb])", strict, []Code{CodeHandicapStones, CodeHandicapStones}, nil},
	{"handicap ok", "(;GM[1]HA[2]AB[aa][bb])", strict, nil, []Code{CodeHandicapStones}},
	{"setup in main line", "(;GM[1];W[cc];AB[aa]AE[cc])", strict, []Code{CodeSetupInMainLine}, nil},
	{"same colour", "(;GM[1];B[dd];W[cc];W[dd])", strict, []Code{CodeSameColour}, nil},
	{"same colour in a side line", "(;GM[1];B[dd](;W[cc])(;W[cc];W[dd]))", strict, nil, []Code{CodeSameColour}},
	// SGFC 65 "(;GM[1]FF[3];B[])(;GM[1];B[])"
	{"old FF pass", "(;GM[1]FF[3];B[])(;GM[1];B[])", Options{}, []Code{CodeOldFFPass, CodeOldFFPass}, nil},
	{"FF[4] pass", "(;GM[1]FF[4];B[])", Options{}, nil, []Code{CodeOldFFPass}},
	// Go play: the spec's "how to execute a move", step 3
	{"suicide", "(;FF[4]GM[1]SZ[3]AW[ba][ab];B[aa])", Options{}, []Code{CodeSuicide}, nil},
	{"ko", "(;FF[4]GM[1]SZ[5]AB[ba][ab][cb]AW[ca][db][cc];W[bb];B[cb])", Options{}, nil, nil},
	// SGFC 72 "(;FF[4]CA[xyz-123])"
	{"unknown charset", "(;FF[4]CA[xyz-123])", Options{}, []Code{CodeUnknownCharset}, nil},
	// SGFC 74
	{"different charset", "(;FF[4]CA[UTF-8])(;FF[4]CA[Shift_JIS])", Options{}, []Code{CodeDifferentCharset}, nil},
	{"same charset spelled twice", "(;FF[4]CA[UTF-8])(;FF[4]CA[utf8])", Options{}, nil, []Code{CodeDifferentCharset}},
	// Go: a real ko (TestKo), a superko after passes (TestSuperko)
	{"ko", "(;FF[4]GM[1]SZ[4]AB[ba][ab][bc]AW[ca][bb][db][cc];B[cb];W[bb])", Options{}, []Code{CodeKo}, []Code{CodeSuperko}},
	{"superko", "(;FF[4]GM[1]SZ[4]AB[ba][ab][bc]AW[ca][bb][db][cc];B[cb];W[];B[];W[bb])", Options{}, []Code{CodeSuperko}, []Code{CodeKo}},
	{"superko under Japanese rules", "(;FF[4]GM[1]SZ[4]RU[Japanese]AB[ba][ab][bc]AW[ca][bb][db][cc];B[cb];W[];B[];W[bb])", Options{}, nil, []Code{CodeSuperko}},
	// the producers' habits (TestQuirkProfiles)
	{"scaled komi", "(;GM[1]FF[4]KM[750];B[pd])", Options{}, []Code{CodeScaledKomi}, nil},
	{"komi in points", "(;GM[1]FF[4]KM[7.5];B[pd])", Options{}, nil, []Code{CodeScaledKomi}},
	{"handicap one", "(;GM[1]FF[4]HA[1];B[pd])", Options{}, []Code{CodeHandicapOne}, nil},
	{"handicap moves", "(;GM[1]FF[4]HA[2];B[pd];B[dp];W[dd])", Options{Quirks: QuirkHandicapMoves}, []Code{CodeHandicapMoves}, nil},
	{"territory on move", "(;GM[1]FF[4]AP[CGoban:3];B[pd];W[]TB[aa]TW[ss])", Options{Quirks: QuirkKGSTerritory}, []Code{CodeTerritoryOnMove}, nil},
	{"mail header", "From: x@y\nSubject: game\n\n(;GM[1]FF[4];B[pd])", Options{Quirks: QuirkMailHeader}, []Code{CodeMailHeader}, nil},
	{"space pass", "(;GM[1]FF[4];B[ ];W[dd])", Options{Quirks: QuirkSpacePass}, []Code{CodeSpacePass}, []Code{CodeIllegalValue}},
	{"space pass without the quirk", "(;GM[1]FF[4];B[ ];W[dd])", Options{}, []Code{CodeIllegalValue}, []Code{CodeSpacePass}},
	{"nested variations", "(;GM[1]FF[4];B[aa](;W[bb](;B[cc])))", Options{Quirks: QuirkNestedVariations}, []Code{CodeNestedVariations}, nil},
	// a handicap without stones (TestHandicapNoStones); setup stones
	// without liberties (TestSetupNoLiberties)
	{"handicap no stones", "(;GM[1]FF[4]HA[3];B[pd])", Options{}, []Code{CodeHandicapNoStones}, nil},
	{"handicap stones", "(;GM[1]FF[4]HA[2]AB[pd][dp];W[dd])", Options{}, nil, []Code{CodeHandicapNoStones}},
	{"setup no liberties", "(;GM[1]FF[4]SZ[5]AW[aa]AB[ba][ab])", strict, []Code{CodeSetupNoLiberties}, nil},
	{"setup with liberties", "(;GM[1]FF[4]SZ[5]AW[aa]AB[ba])", strict, nil, []Code{CodeSetupNoLiberties}},
	// Disable
	{"disabled", "(;FF[4];B[cc][dd])", Options{Disable: map[Code]bool{CodeTooManyValues: true}}, nil, []Code{CodeTooManyValues}},
}

// TestRules runs ruleCases.
func TestRules(t *testing.T) {
	for _, tc := range ruleCases {
		t.Run(tc.name, func(t *testing.T) {
			ds := run(t, tc.src, tc.opts)
			got := codesOf(ds)
			rest := slices.Clone(got)
			for _, w := range tc.want {
				i := slices.Index(rest, w)
				if i < 0 {
					t.Errorf("%q: want %s (%s), got %v", tc.src, w, w.Name(), ds)
					continue
				}
				rest = slices.Delete(rest, i, i+1)
			}
			for _, n := range tc.not {
				if slices.Contains(got, n) {
					t.Errorf("%q: must not report %s, got %v", tc.src, n, ds)
				}
			}
			for _, d := range ds {
				if d.Line < 1 || d.Column < 1 || d.Message == "" || d.Severity == 0 {
					t.Errorf("incomplete diagnostic %+v", d)
				}
			}
		})
	}
}

// TestEveryRuleHasACase: a rule without a case in ruleCases that reports
// it, or a code without a rule, fails.
func TestEveryRuleHasACase(t *testing.T) {
	covered := map[Code]bool{}
	for _, tc := range ruleCases {
		for _, c := range tc.want {
			covered[c] = true
		}
	}
	rules := Rules()
	for _, c := range Codes() {
		if i := c.Num() - 1; i >= len(rules) || rules[i].Code != c {
			t.Errorf("%s has no rule", c)
		}
		// C47 is reported by All before a parse (TestWideC47)
		if !covered[c] && c != CodeWideEncoding {
			t.Errorf("%s (%s) has no case in ruleCases that reports it", c, c.Name())
		}
	}
}

// TestKo checks the ko rule on a real ko: White takes at bb, Black takes
// back at once.
func TestKo(t *testing.T) {
	// . B W .
	// B W . W
	// . B W .
	src := "(;FF[4]GM[1]SZ[4]AB[ba][ab][bc]AW[ca][bb][db][cc];B[cb];W[bb])"
	ds := run(t, src, Options{})
	if !slices.Contains(codesOf(ds), CodeKo) {
		t.Errorf("no ko in %v", ds)
	}
}

func TestSeverity(t *testing.T) {
	// SGFC class "E4": "error if source file is FF[4], warning if FF[3] or less"
	for _, tc := range []struct {
		src  string
		want syntax.Severity
	}{
		{"(;FF[4];B[cc]AW[dd])", syntax.Error},
		{"(;FF[3];B[cc]AW[dd])", syntax.Warning},
	} {
		ds := run(t, tc.src, Options{})
		if len(ds) != 1 || ds[0].Severity != tc.want {
			t.Errorf("%s: got %v, want one %v", tc.src, ds, tc.want)
		}
	}
	ds := run(t, "(;FF[4]KK[x])", Options{Strict: true})
	if len(ds) != 1 || ds[0].Severity != syntax.Error {
		t.Errorf("strict unknown property: %v", ds)
	}
}

// TestStrictFileIsClean: test-files/README: "Just calling 'sgfc strict.sgf'
// should yield no warnings or errors." One exception, of this toolkit's own
// choice (issue 13): HA[2] without black stones (lines 1 and 5) is C56 by
// default, where SGFC says so only with -r.
func TestStrictFileIsClean(t *testing.T) {
	var lines []int
	for _, d := range ourMessages(t, "strict.sgf", Options{}) {
		if !strings.HasPrefix(d.text, "C56 ") {
			t.Errorf("strict.sgf without -r: %v", d)
			continue
		}
		lines = append(lines, d.line)
	}
	if !slices.Equal(lines, []int{1, 5}) {
		t.Errorf("strict.sgf without -r: C56 on lines %v, want 1 and 5", lines)
	}
}

func TestRuleTable(t *testing.T) {
	names := map[string]bool{}
	sgfc := map[int]Code{}
	for i, r := range Rules() {
		if r.Code.Num() != i+1 {
			t.Errorf("rule %d has code %s", i, r.Code)
		}
		if r.Name == "" || names[r.Name] || strings.ToLower(r.Name) != r.Name {
			t.Errorf("%s: bad or repeated name %q", r.Code, r.Name)
		}
		names[r.Name] = true
		if len(r.Doc) < 40 {
			t.Errorf("%s: Doc too short: %q", r.Code, r.Doc)
		}
		if r.Run == nil || r.Severity == 0 {
			t.Errorf("%s: no Run or Severity", r.Code)
		}
		if n := r.Code.SGFC(); n != 0 {
			if c, dup := sgfc[n]; dup {
				t.Errorf("%s and %s both map to SGFC %d", c, r.Code, n)
			}
			sgfc[n] = r.Code
		}
		if c, ok := ParseCode(r.Code.String()); !ok || c != r.Code {
			t.Errorf("ParseCode(%q) = %v, %v", r.Code.String(), c, ok)
		}
		if r.Code.Doc() != r.Doc || r.Code.Name() != r.Name {
			t.Errorf("%s: Code.Doc/Name differ from the rule", r.Code)
		}
	}
	// every SGFC content message of Appendix C that syntax does not report
	for _, n := range []int{13, 14, 15, 16, 17, 18, 19, 23, 24, 25, 28, 29, 30, 32, 33, 35, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 50, 51, 52, 53, 55, 56, 57, 58, 59, 60, 61, 62, 63, 65} {
		if _, ok := sgfc[n]; !ok {
			t.Errorf("no rule for SGFC message %d", n)
		}
	}
	for _, s := range []string{"", "C", "C0", "C99", "X01", "C+1", "C-1"} {
		if _, ok := ParseCode(s); ok {
			t.Errorf("ParseCode(%q) accepted", s)
		}
	}
}

// TestRuleRun checks that a rule's Run, used on its own, reports only its
// own code.
func TestRuleRun(t *testing.T) {
	f, _ := syntax.Parse([]byte("(;FF[4];B[cc][dd]W[ee];B[ee])"), caOpts)
	for _, r := range Rules() {
		var c checker
		opts := Options{}
		c.init(f, &opts)
		p := &c.p
		p.Tree = f.Trees[0]
		p.view()
		p.rule = r
		r.Run(p)
		for _, d := range p.diags {
			if d.Code != r.Code {
				t.Errorf("%s.Run reported %s", r.Code, d.Code)
			}
		}
	}
}

// TestDeepTree checks that a main line of 200,000 nodes and 20,000 nested
// variations are checked without recursion.
func TestDeepTree(t *testing.T) {
	var b strings.Builder
	b.WriteString("(;FF[4]GM[1]")
	for i := 0; i < 100000; i++ {
		b.WriteString(";B[aa];W[]")
	}
	for i := 0; i < 20000; i++ {
		b.WriteString("(;B[bb]")
	}
	b.WriteString(strings.Repeat(")", 20001))
	f, err := syntax.Parse([]byte(b.String()), caOpts)
	if err != nil {
		t.Fatal(err)
	}
	ds := Check(f, Options{Strict: true, Variations: true, EmptyNodes: true})
	if len(ds) == 0 {
		t.Fatal("no diagnostics: B[aa] is played on an occupied point 99,999 times")
	}
	out, _ := Fix(f, FixOptions{})
	if _, err := syntax.Parse(out, caOpts); err != nil {
		t.Fatal(err)
	}
}

// TestParallelEqualsSequential: checking trees in parallel gives the same
// diagnostics, in the same order, as checking them one after the other.
func TestParallelEqualsSequential(t *testing.T) {
	for _, name := range []string{"test.sgf", "mixed-encoding.sgf", "strict.sgf"} {
		src, err := os.ReadFile(filepath.Join("testdata", "sgfc", name))
		if err != nil {
			t.Fatal(err)
		}
		// enough trees for the parallel path
		src = bytes.Repeat(src, 4)
		f, _ := syntax.Parse(src, caOpts)
		opts := Options{Strict: true, Variations: true, EmptyNodes: true}
		a := Check(f, opts)
		b := checkSequential(f, opts)
		if len(a) != len(b) {
			t.Fatalf("%s: %d diagnostics in parallel, %d sequential", name, len(a), len(b))
		}
		for i := range a {
			if a[i].String() != b[i].String() || a[i].Tree != b[i].Tree {
				t.Errorf("%s: #%d: %v / %v", name, i, a[i], b[i])
			}
		}
	}
}

// TestSuperko: a retake after both players passed repeats the position
// before the capture (no simple ko any more). With Black to play there
// first it is the same situation; with White to play (PL[W]) only the same
// stones. RU chooses the rule, Options.Superko overrides it.
func TestSuperko(t *testing.T) {
	const shape = "GM[1]FF[4]SZ[4]AB[ba][ab][bc]AW[ca][bb][db][cc]"
	const moves = ";B[cb];W[];B[];W[bb])"
	for _, tc := range []struct {
		root string
		opt  Superko
		want bool
	}{
		{"", SuperkoByRules, true},                 // no RU: positional
		{"RU[Chinese]", SuperkoByRules, true},      // positional
		{"RU[AGA]", SuperkoByRules, true},          // situational, same player to move
		{"RU[NZ]", SuperkoByRules, true},           // situational
		{"RU[Japanese]", SuperkoByRules, false},    // none
		{"RU[Chinese]", SuperkoNone, false},        // the option decides
		{"PL[W]RU[Chinese]", SuperkoByRules, true}, // the same stones
		{"PL[W]RU[AGA]", SuperkoByRules, false},    // not the same player to move
		{"PL[W]RU[AGA]", SuperkoPositional, true},  // the option decides
		{"PL[W]", SuperkoSituational, false},       // the option decides
		{"RU[Japanese]", SuperkoSituational, true}, // the option decides
	} {
		src := "(;" + shape + tc.root + moves
		ds := run(t, src, Options{Superko: tc.opt})
		var got []Diagnostic
		for _, d := range ds {
			if d.Code == CodeSuperko {
				got = append(got, d)
			}
			if d.Code == CodeKo {
				t.Errorf("%s: C43 after passes: %v", src, d)
			}
		}
		if tc.want != (len(got) > 0) || len(got) > 1 {
			t.Errorf("%s with %v: superko %v, want %v", src, tc.opt, got, tc.want)
			continue
		}
		if tc.want && (got[0].Node != 4 || got[0].Property != "W" || !strings.Contains(got[0].Message, "W[bb] repeats an earlier position")) {
			t.Errorf("%s: %+v", src, got[0])
		}
	}
	// A simple ko is C43 only, not C55 as well.
	ds := run(t, "(;"+shape+";B[cb];W[bb])", Options{})
	if cs := codesOf(ds); !slices.Contains(cs, CodeKo) || slices.Contains(cs, CodeSuperko) {
		t.Errorf("simple ko: %v, want C43 without C55", cs)
	}
	for _, s := range []string{"rules", "positional", "situational", "none"} {
		if k, ok := ParseSuperko(s); !ok || k.String() != s {
			t.Errorf("ParseSuperko(%q) = %v, %v", s, k, ok)
		}
	}
	if _, ok := ParseSuperko("super"); ok {
		t.Error(`ParseSuperko("super") accepted`)
	}
}

// TestSetupNoLiberties: AB/AW that leave a group without a liberty are C57
// under Options.Strict, once for each group, and nothing without it.
func TestSetupNoLiberties(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string // property, then the message's "COLOUR group at PT (N stone(s))"
	}{
		// a white stone in the corner, surrounded by black setup
		{"(;GM[1]FF[4]SZ[5]AW[aa]AB[ba][ab])", []string{"AW white group at aa (1 stone(s))"}},
		// a black group of two without liberty, made by AB alone
		{"(;GM[1]FF[4]SZ[3]AW[ca][cb][ac][bc]AB[aa][ba][ab][bb])", []string{"AB black group at aa (4 stone(s))"}},
		// the same stones in a later node, and a legal shape: only the node's groups
		{"(;GM[1]FF[4]SZ[5]AB[ba][ab];AW[aa];AB[ee])", []string{"AW white group at aa (1 stone(s))"}},
		// a stone that takes the last liberty of a group set up before
		{"(;GM[1]FF[4]SZ[5]AW[aa]AB[ba];AB[ab])", []string{"AB white group at aa (1 stone(s))"}},
		// liberties left: nothing
		{"(;GM[1]FF[4]SZ[5]AW[aa]AB[ba])", nil},
		// AE in a later node frees the point; a group with liberties is not reported
		{"(;GM[1]FF[4]SZ[5]AW[aa]AB[ab];AE[ab]AB[ba])", nil},
	} {
		for _, strict := range []bool{false, true} {
			var got []string
			for _, d := range run(t, tc.src, Options{Strict: strict}) {
				if d.Code == CodeSetupNoLiberties {
					got = append(got, d.Property+" "+strings.TrimPrefix(d.Message, "setup stones without liberties: the "))
				}
			}
			if !strict {
				if len(got) > 0 {
					t.Errorf("%s without Strict: %v", tc.src, got)
				}
				continue
			}
			if len(got) != len(tc.want) {
				t.Errorf("%s: %q, want %q", tc.src, got, tc.want)
				continue
			}
			for i, w := range tc.want {
				if got[i] != w+" has no liberty" {
					t.Errorf("%s: %q, want %q", tc.src, got[i], w)
				}
			}
		}
	}
}

// TestHandicapNoStones: HA[n], n >= 2, without black setup stones in the
// root is C56 by default; under Strict it is C38 (SGFC's 61) alone.
func TestHandicapNoStones(t *testing.T) {
	for _, tc := range []struct {
		src          string
		opts         Options
		want, wantHS bool
	}{
		{"(;GM[1]FF[4]HA[3];B[pd])", Options{}, true, false},
		{"(;GM[1]FF[4]HA[3];B[pd])", Options{Strict: true}, false, true},
		{"(;GM[1]FF[4]HA[2]AB[pd][dp];W[dd])", Options{}, false, false},
		{"(;GM[1]FF[4]HA[0];B[pd])", Options{}, false, false},
		{"(;GM[1]FF[4]HA[1];B[pd])", Options{}, false, false},
		{"(;GM[1]FF[4]HA[2]AB[];B[pd])", Options{}, true, false},
		// Fox sets the stones up in the node after the root
		{"(;GM[1]FF[4]HA[2];AB[pd][dp];W[dd])", Options{}, false, false},
		{"(;GM[1]FF[4]HA[2];W[dd];AB[pd][dp])", Options{}, true, false},
		{"(;GM[11]FF[4]HA[2];B[a1])", Options{}, false, false},
		// handicap stones written as moves, explained by the quirk
		{"(;GM[1]FF[4]HA[2];B[pd];B[dp];W[dd])", Options{Quirks: QuirkHandicapMoves}, false, false},
	} {
		cs := codesOf(run(t, tc.src, tc.opts))
		if slices.Contains(cs, CodeHandicapNoStones) != tc.want || slices.Contains(cs, CodeHandicapStones) != tc.wantHS {
			t.Errorf("%s %+v: %v, want C56 %v, C38 %v", tc.src, tc.opts, cs, tc.want, tc.wantHS)
		}
	}
}

// TestMessagesDecoded: a message that quotes a value quotes it decoded from
// the tree's charset: its CA, or Options.TreeCharset (the decision of
// package sgf, detection included). Issue 13, item 5.
func TestMessagesDecoded(t *testing.T) {
	tm := string([]byte{'3', 0xbd, 0xc3, 0xb0, 0xa3}) // 3시간 in EUC-KR
	euckr, err := charset.Lookup("EUC-KR")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		src  string
		opts Options
	}{
		{"(;FF[4]GM[1]CA[EUC-KR]TM[" + tm + "])", Options{}},
		{"(;FF[4]GM[1]TM[" + tm + "])", Options{TreeCharset: func(int) charset.Charset { return euckr }}},
		{"(;FF[4]GM[1]CA[UTF-8]TM[3시간])", Options{}},
	} {
		ds := run(t, tc.src, tc.opts)
		if len(ds) != 1 || ds[0].Code != CodeGameInfoFormat || !strings.HasSuffix(ds[0].Message, "value: [3시간]") {
			t.Errorf("%q: %v", tc.src, ds)
		}
	}
	// All and Reader (sgf check) read the charset as package sgf decides,
	// detection included: here EUC-KR from the bytes, without CA.
	ko := func(s string) string {
		b, err := euckr.Encoding().NewEncoder().String(s)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	detected := []byte("(;FF[4]GM[1]PB[" + ko("이창호") + "]PW[" + ko("조훈현") + "]GC[" + ko("이창호 9단과 조훈현 9단의 대국") + "]TM[" + tm + "])")
	if ds := All(detected, Options{}); len(ds) != 1 || !strings.HasSuffix(ds[0].Message, "value: [3시간]") {
		t.Errorf("All: %v", ds)
	}
	r := NewReader(bytes.NewReader(detected), Options{})
	tr, err := r.Next()
	if err != nil || tr == nil {
		t.Fatal(err)
	}
	if ds := r.Diagnostics(tr); len(ds) != 1 || !strings.HasSuffix(ds[0].Message, "value: [3시간]") {
		t.Errorf("Reader: %v", ds)
	}
	// FixFile's changes are decoded too: the charset package sgf decides.
	src := "(;FF[4]GM[1]CA[EUC-KR]PB[" + ko("이창호") + "];B[aa]C[" + ko("좋다") + "]C[" + ko("나쁘다") + "])"
	_, changes, _, err := FixFile([]byte(src), FixOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(changes) == 0 || changes[0].Code != CodeDuplicateProperty || changes[0].Before != "C[좋다]" || changes[0].After != "C[좋다\n\n나쁘다]" {
		t.Errorf("FixFile: %+v", changes)
	}
	// Without CA or TreeCharset: ISO-8859-1, the specification's default,
	// still valid UTF-8.
	ds := run(t, "(;FF[4]GM[1]TM["+tm+"])", Options{})
	if len(ds) != 1 || !strings.HasSuffix(ds[0].Message, "value: [3½Ã°£]") {
		t.Errorf("no CA: %v", ds)
	}
}

// TestDifferentCharsetSpelling: C46 names the charsets as the file wrote
// them, as SGFC does, not in the folded form they are compared in.
func TestDifferentCharsetSpelling(t *testing.T) {
	ds := run(t, "(;FF[4]CA[utf-8])(;FF[4]CA[ Shift_JIS ])(;FF[4])", Options{})
	var got []string
	for _, d := range ds {
		if d.Code == CodeDifferentCharset {
			got = append(got, d.Message)
		}
	}
	want := []string{
		"different charset encodings stored in one file (Shift_JIS here, utf-8 in the tree before)",
		"different charset encodings stored in one file (default ISO-8859-1 here, Shift_JIS in the tree before)",
	}
	if !slices.Equal(got, want) {
		t.Errorf("C46 messages\n%q\nwant\n%q", got, want)
	}
}

// TestNotUniqueInRectangle: a compressed rectangle that covers points
// listed before names them, and its fix keeps the others in order, one
// by one (the names are written only when there are such points).
func TestNotUniqueInRectangle(t *testing.T) {
	f, _ := syntax.Parse([]byte("(;FF[4]AB[bb][cc]AW[aa:cc];AE[aa:ss])"), caOpts)
	ds := Check(f, Options{})
	var got []string
	for _, d := range ds {
		if d.Code != CodeNotUnique {
			continue
		}
		got = append(got, d.Message)
		if d.Fix == nil || len(d.Fix.Edits) != 1 {
			t.Fatalf("fix %+v, want one edit", d.Fix)
		}
		if want := []string{"aa", "ba", "ca", "ab", "cb", "ac", "bc"}; !slices.Equal(d.Fix.Edits[0].New, want) {
			t.Errorf("fix keeps %q, want %q", d.Fix.Edits[0].New, want)
		}
	}
	want := []string{"AddStone <AW> position not unique ([partially] deleted) - value(s): [bb][cc]"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestRootValueSpace: a root number written with white space in it is
// corrected to the number without it (SGFC message 15, as its GetNumber
// corrects FF, GM and SZ) and then judged as that number, the one the
// readers of package sgf take (the board of SZ[ 1 3] is 13x13).
func TestRootValueSpace(t *testing.T) {
	for _, tc := range []struct {
		src   string
		want  []string // messages, in order
		fixed []string // the New of each diagnostic's one edit
	}{
		{"(;FF[ 4 ]GM[1]SZ[19])", []string{"illegal <FF> value corrected; new value: [4], old value: [ 4 ]"}, []string{"4"}},
		{"(;FF[4]GM[1 ]SZ[ 1 3];B[mm])", []string{
			"illegal <GM> value corrected; new value: [1], old value: [1 ]",
			"illegal <SZ> value corrected; new value: [13], old value: [ 1 3]"}, []string{"1", "13"}},
		{"(;FF[ 5]ST[ 2])", []string{
			"illegal <FF> value corrected; new value: [5], old value: [ 5]",
			"unknown file format FF[5] (only FF[1]-FF[4] are defined)",
			"illegal <ST> value corrected; new value: [2], old value: [ 2]"}, []string{"5", "", "2"}},
		{"(;FF[4]SZ[ 7 : 7 ])", []string{ // the property's offset first
			"square board size in rectangular definition (corrected): [7:7]",
			"illegal <SZ> value corrected; new value: [7:7], old value: [ 7 : 7 ]"}, []string{"7", "7:7"}},
		{"(;FF[4]SZ[ x ])", []string{"illegal root property <SZ> found (assuming 19x19): [ x ]"}, []string{"19"}},
	} {
		ds := run(t, tc.src, Options{})
		var got, fixed []string
		for _, d := range ds {
			got = append(got, d.Message)
			f := ""
			if d.Fix != nil && len(d.Fix.Edits) == 1 && len(d.Fix.Edits[0].New) == 1 {
				f = d.Fix.Edits[0].New[0]
			}
			fixed = append(fixed, f)
		}
		if !slices.Equal(got, tc.want) || !slices.Equal(fixed, tc.fixed) {
			t.Errorf("%s:\n got %q %q\nwant %q %q", tc.src, got, fixed, tc.want, tc.fixed)
		}
	}
}
