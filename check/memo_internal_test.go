package check

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestMemoMessages: the messages that rules keep in memos (C16, C20, C06,
// C09 and its fix, C48) are those made without them, tree after tree,
// more different ones than a memo holds, and a value's bytes are decoded
// in the charset of each tree (a memo holds them as written).
func TestMemoMessages(t *testing.T) {
	var b strings.Builder
	var want []string
	for i := range 2 * memoMax {
		id := fmt.Sprintf("X%c%c", 'A'+i/26, 'A'+i%26)
		fmt.Fprintf(&b, "(;FF[4]GM[1]SZ[19]CA[UTF-8]AP[p%d]%s[1]GN[]KM[%d50]TC[1];B[aa])\n", i%70, id, i%9)
		want = append(want,
			fmt.Sprintf("property <AP> expects a composed value \"name:version\": [p%d] (\":\" added)", i%70),
			fmt.Sprintf("unknown property <%s> found (kept)", id),
			"empty <GN> value found (deleted)",
			fmt.Sprintf("implausible komi KM[%d50]: Fox writes komi in hundredths (--quirks fox reads it as %d.5)", i%9, i%9),
			"property <TC> is not defined in FF[4] (parsing done anyway)")
	}
	// EL, of FF[1] and FF[2], in FF[4] and then in FF[3]
	b.WriteString("(;FF[4]GM[1]SZ[19]CA[UTF-8]AP[a:1]EL[1])\n")
	want = append(want, "property <EL> is not defined in FF[4] (parsing done anyway)")
	b.WriteString("(;FF[3]GM[1]SZ[19]CA[UTF-8]AP[\xc3\xa9]EL[1])\n(;FF[3]GM[1]SZ[19]CA[GB2312]AP[\xc3\xa9]EL[1])\n")
	for _, v := range []string{"\u00e9", "\u8305"} {
		want = append(want, "property <AP> expects a composed value \"name:version\": ["+v+"] (\":\" added)")
		for _, id := range []string{"CA", "AP", "EL"} {
			want = append(want, "property <"+id+"> is not defined in FF[3] (parsing done anyway)")
		}
	}
	var got []string
	for _, d := range All([]byte(b.String()), Options{}) {
		switch d.Code {
		case CodeComposeExpected:
			if d.Fix == nil || len(d.Fix.Edits) != 1 || len(d.Fix.Edits[0].New) != 1 || !strings.HasSuffix(d.Fix.Edits[0].New[0], ":") {
				t.Errorf("%s: fix %+v", d.Message, d.Fix)
			}
			fallthrough
		case CodeUnknownProperty, CodeEmptyValue, CodeScaledKomi, CodeNotInFF:
			got = append(got, d.Message)
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("%d messages, want %d", len(got), len(want))
		for i := range min(len(got), len(want)) {
			if got[i] != want[i] {
				t.Errorf("got %q, want %q", got[i], want[i])
				break
			}
		}
	}
}

// TestReplaceValueNew: replaceValue gives the new values as given: none
// (nil), an empty list (not nil), one, several (a copy).
func TestReplaceValueNew(t *testing.T) {
	n, pr := &NodeView{Index: 3}, &PropView{Index: 2}
	if e := replaceValue(n, pr, 1).Edits[0]; e.New != nil || e.Op != ReplaceValue || e.Node != 3 || e.Prop != 2 || e.Value != 1 {
		t.Errorf("no values: %+v", e)
	}
	if e := replaceValue(n, pr, 1, []string{}...).Edits[0]; e.New == nil || len(e.New) != 0 {
		t.Errorf("an empty list: %#v", e.New)
	}
	if e := replaceValue(n, pr, 0, "aa").Edits[0]; !slices.Equal(e.New, []string{"aa"}) || e.Value != 0 {
		t.Errorf("one value: %+v", e)
	}
	many := []string{"aa", "bb", "cc"}
	e := replaceValue(n, pr, 0, many...).Edits[0]
	many[0] = "zz"
	if !slices.Equal(e.New, []string{"aa", "bb", "cc"}) {
		t.Errorf("several values: %+v", e)
	}
}
