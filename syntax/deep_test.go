package syntax

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// TestDeep parses, walks, prints, formats and writes as JSON a main line
// of 1,000,000 nodes and 1,000,000 nested variations: nothing recurses on
// depth the input controls, so none of this needs a deep stack.
func TestDeep(t *testing.T) {
	const n = 1_000_000
	if testing.Short() {
		t.Skip("large inputs")
	}
	long := []byte("(;FF[4]" + strings.Repeat(";B[aa]", n) + ")")
	nested := []byte(strings.Repeat("(;B[aa]", n) + strings.Repeat(")", n))
	for _, tc := range []struct {
		name string
		src  []byte
	}{{"main line", long}, {"nested variations", nested}} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Parse(tc.src, nil)
			if err != nil || len(f.Diagnostics) != 0 {
				t.Fatalf("err %v, %d diagnostics", err, len(f.Diagnostics))
			}
			count := 0
			for range f.Trees[0].Nodes() {
				count++
			}
			if count < n {
				t.Fatalf("walked %d nodes", count)
			}
			f.Trees[0].structural = true // print by walking
			if !bytes.Equal(f.Bytes(), tc.src) {
				t.Fatal("walked print differs")
			}
			last := f.Trees[0].Node(f.Trees[0].NumNodes() - 1)
			depth := 0
			for p := last; !p.IsZero(); p = p.Parent() {
				depth++
			}
			if depth < n {
				t.Fatalf("path to root has %d nodes", depth)
			}
			formatted := Format(f)
			g, err := Parse(formatted, nil)
			if err != nil || !bytes.Equal(Format(g), formatted) {
				t.Fatal("Format not idempotent")
			}
			js := AppendTreeJSON(nil, f.Trees[0])
			if c := bytes.Count(js, []byte(`"aa"`)); c != n {
				t.Fatalf("JSON has %d values", c)
			}
			tr, err := NewReader(bytes.NewReader(tc.src), nil).Next()
			if err != nil || tr.NumNodes() != f.Trees[0].NumNodes() {
				t.Fatalf("Reader: %v", err)
			}
		})
	}
}

// TestLimits checks each named limit: the parse stops with a fatal
// CodeLimit diagnostic and an error wrapping ErrLimit, and returns what it
// read.
func TestLimits(t *testing.T) {
	tests := []struct {
		name string
		src  string
		opts Options
	}{
		{"bytes", "(;B[aa])", Options{MaxBytes: 4}},
		{"nodes", "(;B[aa];W[bb];B[cc])", Options{MaxNodes: 2}},
		{"value", "(;C[0123456789])", Options{MaxValueBytes: 5}},
		{"depth", "(;B[aa](;W[bb](;B[cc])))", Options{MaxDepth: 2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Parse([]byte(tc.src), &tc.opts)
			if !errors.Is(err, ErrLimit) {
				t.Fatalf("err = %v, want ErrLimit", err)
			}
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Code != CodeLimit || pe.Severity != Fatal {
				t.Fatalf("err = %#v", err)
			}
			if !bytes.Equal(f.Bytes(), []byte(tc.src)) {
				t.Error("partial parse is not lossless")
			}
		})
	}
}

// TestLimitBytesMessage: S17 for an input over MaxBytes gives the input's
// size when it has it, and no size when the input is one byte past the
// limit, as a reader that stopped there gives it (the CLI reads at most
// --max-bytes+1 bytes of a file): it said "input of 101 bytes" of a file of
// 1,300.
func TestLimitBytesMessage(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want string
	}{
		{"(;B[aa])", "input of 8 bytes is larger than the limit of 4 bytes"},
		{"(;B[a", "input larger than the limit of 4 bytes"},
	} {
		_, err := Parse([]byte(tc.src), &Options{MaxBytes: 4})
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Message != tc.want {
			t.Errorf("%q: err = %v, want the message %q", tc.src, err, tc.want)
		}
	}
}

// TestEditKeepsTheRest checks that after an edit only the edited node is
// printed anew: the layout of every other node, the comments' text and the
// unknown properties stay byte for byte.
func TestEditKeepsTheRest(t *testing.T) {
	src := "(;FF[4]GM[1]  XX[private]\n  C[keep  this]\n;B[pd]BL[10.5]\n;W[dd]  (;B[aa]) (;B[bb] )\n)"
	f, err := Parse([]byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	n := f.Trees[0].Node(1)
	if err := n.SetProp("B", []byte("qq")); err != nil {
		t.Fatal(err)
	}
	want := "(;FF[4]GM[1]  XX[private]\n  C[keep  this]\n;B[qq]BL[10.5]\n;W[dd]  (;B[aa]) (;B[bb] )\n)"
	if got := string(f.Bytes()); got != want {
		t.Errorf("after SetProp:\n%q\nwant\n%q", got, want)
	}
	f.Trees[0].Node(3).DeleteProp("B")
	want = strings.Replace(want, "(;B[aa])", "(;)", 1)
	if got := string(f.Bytes()); got != want {
		t.Errorf("after DeleteProp:\n%q\nwant\n%q", got, want)
	}
	if err := n.SetProp("C", []byte("bad]")); !errors.Is(err, ErrEdit) {
		t.Errorf("unescaped ] accepted: %v", err)
	}
	if err := n.SetProp("C", []byte(`a\]b`)); err != nil {
		t.Errorf("escaped ] refused: %v", err)
	}
}
