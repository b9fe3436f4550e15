package syntax

import (
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
)

// TestLimitReaderSaysCut: io.LimitReader ends a longer input with io.EOF,
// so that a Reader took the cut for the end of the input and reported the
// cut tree as unfinished (S05) where the limit stopped it (issue 11, item
// 4: sgf check on standard input over --max-bytes). LimitReader reports
// the cut, and the Reader turns it into S17.
func TestLimitReaderSaysCut(t *testing.T) {
	for _, tc := range []struct {
		in    string
		limit int64
		cut   bool
	}{
		{"abc", 3, false},
		{"abc", 5, false},
		{"abcd", 3, true},
		{"", 0, false},
		{"a", 0, true},
	} {
		b, err := io.ReadAll(LimitReader(iotest.OneByteReader(strings.NewReader(tc.in)), tc.limit))
		want := tc.in[:min(len(tc.in), int(tc.limit))]
		if string(b) != want {
			t.Errorf("%q limit %d: read %q, want %q", tc.in, tc.limit, b, want)
		}
		var le *InputLimitError
		if got := errors.As(err, &le); got != tc.cut || (err != nil && !tc.cut) {
			t.Errorf("%q limit %d: error %v, want a cut: %v", tc.in, tc.limit, err, tc.cut)
		} else if got && (le.Limit != tc.limit || !errors.Is(err, ErrLimit)) {
			t.Errorf("%q limit %d: error %#v", tc.in, tc.limit, le)
		}
	}
	// A read error other than the end passes through.
	boom := errors.New("boom")
	if _, err := io.ReadAll(LimitReader(iotest.ErrReader(boom), 3)); err != boom {
		t.Errorf("read error %v, want boom", err)
	}
}

func TestReaderStopsAtCut(t *testing.T) {
	in := "(;GM[1]C[one])\n(;GM[1]C[two])\n(;GM[1]C[three is long])\n(;GM[1])\n"
	cutAt := int64(strings.Index(in, "three"))
	for _, tc := range []struct {
		name  string
		limit int64
		trees int  // trees returned whole
		s17   bool // then S17
	}{
		{"inside the third tree", cutAt, 2, true},
		{"between trees", int64(strings.Index(in, "(;GM[1]C[three")) - 1, 2, true},
		{"after the last tree", int64(len(in)) - 1, 4, true},
		{"not cut", int64(len(in)), 4, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := NewReader(iotest.HalfReader(LimitReader(strings.NewReader(in), tc.limit)), nil)
			n := 0
			var err error
			for {
				var tr *Tree
				tr, err = r.Next()
				if tr == nil {
					break
				}
				n++
				for _, d := range r.Diagnostics() {
					t.Errorf("tree %d: %v", n, d)
				}
			}
			if n != tc.trees {
				t.Errorf("%d trees, want %d", n, tc.trees)
			}
			var pe *ParseError
			switch {
			case !tc.s17 && err != io.EOF:
				t.Errorf("end %v, want io.EOF", err)
			case tc.s17 && !errors.As(err, &pe):
				t.Errorf("end %v, want S17", err)
			case tc.s17:
				want := "input larger than the limit of " + strconv.FormatInt(tc.limit, 10) + " bytes"
				if pe.Code != CodeLimit || pe.Message != want || !errors.Is(err, ErrLimit) {
					t.Errorf("end %v, want S17 %q", pe.Diagnostic, want)
				}
				if ds := r.Diagnostics(); len(ds) != 1 || ds[0].Code != CodeLimit {
					t.Errorf("diagnostics %v, want the S17 alone", ds)
				}
				if _, again := r.Next(); again != err {
					t.Errorf("Next after the cut: %v, want %v again", again, err)
				}
			}
		})
	}
}

// TestReaderReadErrorAfterTrees: a read error ends the input after the
// complete trees read with it; it dropped those still in the buffer, and
// returned the tree it cut short as unfinished (S05).
func TestReaderReadErrorAfterTrees(t *testing.T) {
	in := "(;C[one])(;C[two])(;C[three])(;C[fo"
	boom := errors.New("boom")
	r := NewReader(io.MultiReader(strings.NewReader(in), iotest.ErrReader(boom)), nil)
	n := 0
	var err error
	for {
		var tr *Tree
		if tr, err = r.Next(); tr == nil {
			break
		}
		n++
		if ds := r.Diagnostics(); len(ds) > 0 {
			t.Errorf("tree %d: %v", n, ds)
		}
	}
	if n != 3 || err != boom {
		t.Errorf("%d trees, then %v; want 3 and the read error", n, err)
	}
	if _, again := r.Next(); again != boom {
		t.Errorf("Next again: %v", again)
	}
}
