package diag_test

import (
	"errors"
	"fmt"
	"testing"

	_ "github.com/sgf-toolkit/sgf/check" // registers the S and C codes
	"github.com/sgf-toolkit/sgf/diag"
)

func TestLookup(t *testing.T) {
	tests := []struct {
		in   string
		want string
		ok   bool
	}{
		{"S07", "S07", true},
		{"s7", "S07", true},
		{"C35", "C35", true},
		{"c035", "C35", true},
		{"empty-variation", "S07", true},
		{"OCCUPIED", "C35", true},
		{"S99", "", false},
		{"X01", "", false},
		{"C", "", false},
		{"C-1", "", false},
		{"", "", false},
	}
	for _, tt := range tests {
		c, ok := diag.Lookup(tt.in)
		got := ""
		if ok {
			got = c.String()
		}
		if got != tt.want || ok != tt.ok {
			t.Errorf("Lookup(%q) = %q, %v, want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
	if c, ok := diag.ParseCode('S', "C35"); ok {
		t.Errorf("ParseCode('S', C35) = %v: a code of another class", c)
	}
}

func TestCodes(t *testing.T) {
	codes := diag.Codes()
	seen := map[string]bool{}
	for i, c := range codes {
		if c.Name() == "" || c.Doc() == "" || c.Reporter() == "" {
			t.Errorf("%v has no name, doc or reporter", c)
		}
		// S16 and C05 share the name (FF[3] style in older files, an
		// error in FF[4] ones); Lookup finds S16, as sgf check always did.
		if seen[c.Name()] && c.Name() != "lowercase-ident" {
			t.Errorf("name %s twice", c.Name())
		}
		seen[c.Name()] = true
		if i > 0 && codes[i-1].Class() == c.Class() && codes[i-1].Num()+1 != c.Num() {
			t.Errorf("%v follows %v: a gap in the codes", c, codes[i-1])
		}
	}
	if codes[0].String() != "S01" || codes[0].Reporter() != "syntax" {
		t.Errorf("first code %v of %s, want S01 of syntax", codes[0], codes[0].Reporter())
	}
	if c, _ := diag.Lookup("C01"); c.Reporter() != "rules" || c.SGFC() != 13 {
		t.Errorf("C01: reporter %q, SGFC %d, want rules, 13", c.Reporter(), c.SGFC())
	}
	if got := diag.Code(0).String(); got != "Code(0)" {
		t.Errorf("zero code prints %q", got)
	}
	if got := diag.MakeCode('X', 3).String(); got != "X03" {
		t.Errorf("unregistered code prints %q", got)
	}
}

func TestList(t *testing.T) {
	s07, _ := diag.Lookup("S07")
	c01, _ := diag.Lookup("C01")
	c16, _ := diag.Lookup("C16")
	l := diag.List{
		{Code: c16, Severity: diag.Warning, Position: diag.Position{Offset: 9}, Message: "b"},
		{Code: c01, Severity: diag.Error, Position: diag.Position{Offset: 3}, Message: "c"},
		{Code: s07, Severity: diag.Error, Position: diag.Position{Offset: 9}, Message: "a"},
		{Code: c16, Severity: diag.Warning, Position: diag.Position{Offset: 1}, Message: "q", Quirk: "multigo"},
	}
	l.Sort()
	var order string
	for _, d := range l {
		order += d.Message
	}
	if order != "qcba" {
		t.Errorf("sorted %q, want qcba (by offset, stable)", order)
	}
	if errs, warns := l.Counts(); errs != 2 || warns != 2 {
		t.Errorf("Counts = %d, %d, want 2, 2", errs, warns)
	}
	l = l.Filter(diag.Set{c01: true})
	if len(l) != 2 || l[0].Message != "b" || l[1].Message != "a" {
		t.Errorf("Filter kept %v, want b and a (C01 disabled, the quirk left out)", l)
	}
	err := l.Err()
	var list diag.List
	if err == nil || !errors.As(err, &list) || len(list) != 2 {
		t.Errorf("Err = %v, want the list", err)
	}
	if got := err.Error(); got != "offset 9: error S07: a (and 1 more)" {
		t.Errorf("Error() = %q", got)
	}
	if err := l.Filter(diag.Set{s07: true}).Err(); err != nil {
		t.Errorf("Err of warnings only = %v, want nil", err)
	}
}

func ExampleList() {
	s07, _ := diag.Lookup("empty-variation")
	c35, _ := diag.Lookup("C35")
	l := diag.List{
		{Code: c35, Severity: diag.Warning, Position: diag.Position{Offset: 40, Line: 1, Column: 41}, Message: "forbidden move W[pd]"},
		{Code: s07, Severity: diag.Error, Position: diag.Position{Offset: 8, Line: 1, Column: 9}, Message: `empty variation "()" (ignored)`},
	}
	l.Sort()
	for _, d := range l {
		fmt.Printf("%s %s (SGFC %d): %s\n", d.Code, d.Code.Name(), d.Code.SGFC(), d)
	}
	fmt.Println(l.Filter(diag.Set{s07: true}).Err())
	// Output:
	// S07 empty-variation (SGFC 12): 1:9: error S07: empty variation "()" (ignored)
	// C35 occupied (SGFC 58): 1:41: warning C35: forbidden move W[pd]
	// <nil>
}
