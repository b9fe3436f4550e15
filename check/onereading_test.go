package check

import (
	"slices"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf"
)

// TestCAReadAsTyped: check reads CA as the typed view reads it
// (sgf.CharsetOfCA: the SimpleText of the value, escapes removed), in C45,
// C46 and in the charset that quotes of values are decoded in. Before,
// check looked the value up as written: CA[cs\ISOLatinHebrew], which
// package sgf reads as ISO-8859-8, was unknown to C46 (no C46 after a
// tree in UTF-8) and its quotes were decoded as ISO-8859-1.
func TestCAReadAsTyped(t *testing.T) {
	const ca = `cs\ISOLatinHebrew`
	if cs, err := sgf.CharsetOfCA([]byte(ca)); err != nil || cs.Name() != "ISO-8859-8" {
		t.Fatalf("sgf.CharsetOfCA(%q) = %v, %v; want ISO-8859-8", ca, cs.Name(), err)
	}
	src := "(;FF[4]GM[1]CA[UTF-8])(;FF[4]GM[1]CA[" + ca + "]TM[3\xf9\xf2\xe5\xfa])" // 3שעות
	ds := run(t, src, Options{})
	var c46, c15 []string
	for _, d := range ds {
		switch d.Code {
		case CodeUnknownCharset:
			t.Errorf("C45: %s", d.Message)
		case CodeDifferentCharset:
			c46 = append(c46, d.Message)
		case CodeGameInfoFormat:
			c15 = append(c15, d.Message)
		}
	}
	if want := []string{`different charset encodings stored in one file (cs\ISOLatinHebrew here, UTF-8 in the tree before)`}; !slices.Equal(c46, want) {
		t.Errorf("C46 %q, want %q", c46, want)
	}
	if len(c15) != 1 || !strings.HasSuffix(c15[0], "value: [3שעות]") {
		t.Errorf("C15 %q: want the value decoded from ISO-8859-8", c15)
	}
	// sgf check (All, the charset of package sgf) quotes it alike.
	for _, d := range All([]byte(src), Options{}) {
		if d.Code == CodeGameInfoFormat && !strings.HasSuffix(d.Message, "value: [3שעות]") {
			t.Errorf("All: %s", d.Message)
		}
	}
}

// TestDateEscapesReadOnce: a DT is read with its escapes removed once, as
// sgf.Value.Date reads it: DT[2004-10-27 16\:01\:54] (GNU Go's
// verybad.sgf) is corrected as DT[2004-10-27 16:01:54] is, the time of
// day lost (critical). Before, check found the escaped value not
// correctable (C15), while sgf stats counted its year.
func TestDateEscapesReadOnce(t *testing.T) {
	for _, dt := range []string{`2004-10-27 16\:01\:54`, `2004-10-27 16:01:54`} {
		ds := run(t, "(;FF[4]GM[1]DT["+dt+"])", Options{})
		want := "illegal <DT> value corrected; new value: [2004-10-27], old value: [" + dt + "] (part of the value is lost)"
		if len(ds) != 1 || ds[0].Code != CodeValueCorrected || !ds[0].Critical || ds[0].Message != want {
			t.Errorf("DT[%s]: %v", dt, ds)
		}
	}
}

// TestRulesReadAsTyped: the rules read RU and KM as the typed view reads
// them (escapes removed), so that check and sgf.GameInfo.ProducerKomi
// read a Fox komi alike: under RU[Chi\nese] (the text "Chinese") KM[375]
// is in quarters, 7.5 points. Before, check read RU as written, found no
// Chinese rules in `Chi\nese` and said 3.75.
func TestRulesReadAsTyped(t *testing.T) {
	src := `(;FF[4]GM[1]SZ[19]RU[Chi\nese]KM[375];B[pd])`
	c, err := sgf.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if k, how := c.Game(0).Info().ProducerKomi(); k != 7.5 || how != sgf.KomiFoxKM {
		t.Fatalf("ProducerKomi = %v, %v", k, how)
	}
	var got []string
	for _, d := range run(t, src, Options{}) {
		if d.Property == "KM" {
			got = append(got, d.Message)
		}
	}
	if want := []string{"implausible komi KM[375]: Fox writes komi in hundredths (--quirks fox reads it as 7.5)"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if pts, ok := FoxKomi([]byte("375"), []byte(`Chi\nese`)); !ok || pts != "7.5" {
		t.Errorf("FoxKomi = %s, %v", pts, ok)
	}
}

// TestGameInfoFixEscapesReadOnce: KM, TM and RE (and any Real) that need
// a correction are read with their escapes removed once, as DT is
// (TestDateEscapesReadOnce) and as their typed forms read them: KM[
// 6\.5 ] is corrected to 6.5 as KM[ 6.5 ] is. Before, value.FixReal,
// FixTime and FixResult read the escapes as part of the value, so these
// were C15 "not corrected" (V lost its fraction, critical), while the
// value with the escapes doubled stays a text no fixer reads.
func TestGameInfoFixEscapesReadOnce(t *testing.T) {
	for _, tt := range []struct{ prop, raw, fixed string }{
		{"KM", ` 6\.5 `, "6.5"},
		{"KM", ` 6.5 `, "6.5"},
		{"TM", `1\:30\:00`, "5400"},
		{"TM", `1:30:00`, "5400"},
		{"RE", `White wins by 3\.5`, "W+3.5"},
		{"RE", `White wins by 3.5`, "W+3.5"},
		{"V", ` 1\.5`, "1.5"},
		{"V", ` 1.5`, "1.5"},
	} {
		ds := run(t, "(;FF[4]GM[1]"+tt.prop+"["+tt.raw+"])", Options{})
		want := "illegal <" + tt.prop + "> value corrected; new value: [" + tt.fixed + "], old value: [" + tt.raw + "]"
		if len(ds) != 1 || ds[0].Code != CodeValueCorrected || ds[0].Critical || ds[0].Message != want {
			t.Errorf("%s[%s]: %v", tt.prop, tt.raw, ds)
		}
	}
	for _, tt := range []struct{ prop, raw string }{{"KM", ` 6\\.5 `}, {"TM", `1\\:30:00`}, {"RE", `B+\\5`}} {
		ds := run(t, "(;FF[4]GM[1]"+tt.prop+"["+tt.raw+"])", Options{})
		if len(ds) != 1 || ds[0].Code != CodeGameInfoFormat {
			t.Errorf("%s[%s]: %v, want C15", tt.prop, tt.raw, ds)
		}
	}
}
