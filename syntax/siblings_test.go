package syntax

import (
	"bytes"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
)

func siblingsSrc(n int) []byte {
	var b bytes.Buffer
	b.WriteString("(;GM[1]FF[4]SZ[19]")
	for range n {
		b.WriteString("(;B[aa])")
	}
	b.WriteString(")\n")
	return b.Bytes()
}

var manyNodes = &Options{MaxNodes: 1 << 30, MaxBytes: 1 << 40}

// TestManySiblings: the operations on children count, index, append and
// delete a root's 200,000 children in linear time (NumChildren, Child's
// index and Delete one by one walked the list of variations: quadratic),
// with the right results.
func TestManySiblings(t *testing.T) {
	const n = 200_000
	f, err := Parse(siblingsSrc(n), manyNodes)
	if err != nil {
		t.Fatal(err)
	}
	tr := f.Trees[0]
	root := tr.Root()
	if root.NumChildren() != n {
		t.Fatalf("NumChildren = %d", root.NumChildren())
	}
	i := 0
	for c := range root.Children() {
		if c.ChildIndex() != i || c.Parent() != root {
			t.Fatalf("child %d: ChildIndex %d", i, c.ChildIndex())
		}
		i++
	}
	// Append as many again, then delete every other one from the end.
	for range n {
		if _, err := root.AddChild(); err != nil {
			t.Fatal(err)
		}
	}
	if root.NumChildren() != 2*n {
		t.Fatalf("after AddChild: NumChildren = %d", root.NumChildren())
	}
	last := root.Child(2*n - 1)
	if last.ChildIndex() != 2*n-1 {
		t.Fatalf("last child's index %d", last.ChildIndex())
	}
	if err := last.Delete(); err != nil || root.NumChildren() != 2*n-1 {
		t.Fatalf("Delete: %v, %d children", err, root.NumChildren())
	}
	if err := root.TruncateChildren(1); err != nil || root.NumChildren() != 1 {
		t.Fatalf("TruncateChildren: %v, %d children", err, root.NumChildren())
	}
	var out bytes.Buffer
	tr.WriteTo(&out)
	if out.String() != "(;GM[1]FF[4]SZ[19](;B[aa]))" {
		t.Errorf("after TruncateChildren: %q", out.String())
	}
	if err := root.TruncateChildren(-1); err == nil {
		t.Error("TruncateChildren(-1) accepted")
	}
}

func benchSiblings(b *testing.B, op func(f *File)) {
	src := siblingsSrc(1_000_000)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		f, err := Parse(src, manyNodes)
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		op(f)
	}
}

// BenchmarkSiblingsParse parses a root with a million children.
func BenchmarkSiblingsParse(b *testing.B) {
	src := siblingsSrc(1_000_000)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		Parse(src, manyNodes)
	}
}

// BenchmarkSiblingsFormat formats it (sgf fmt).
func BenchmarkSiblingsFormat(b *testing.B) {
	benchSiblings(b, func(f *File) { Format(f) })
}

// BenchmarkSiblingsChildIndex asks every node its index and parent.
func BenchmarkSiblingsChildIndex(b *testing.B) {
	benchSiblings(b, func(f *File) {
		for n := range f.Trees[0].Nodes() {
			n.ChildIndex()
			n.Parent()
		}
	})
}

// BenchmarkSiblingsTruncate deletes all the variations but the first.
func BenchmarkSiblingsTruncate(b *testing.B) {
	benchSiblings(b, func(f *File) { f.Trees[0].Root().TruncateChildren(1) })
}

// BenchmarkSiblingsGraft copies the tree under its first child, and
// prints it.
func BenchmarkSiblingsGraft(b *testing.B) {
	benchSiblings(b, func(f *File) {
		root := f.Trees[0].Root()
		root.Child(0).Graft(root)
		f.Bytes()
	})
}

// TestChildFar: Child(k) far down a chain of variations reads a table of
// the children (kidsFrom), which every structural edit renews: after each
// edit every child by index is the child the walk of Children yields.
func TestChildFar(t *testing.T) {
	const n = 40
	var b bytes.Buffer
	b.WriteString("(;GM[1]")
	for i := range n {
		b.WriteString("(;C[" + string(rune('A'+i%26)) + string(rune('a'+i/26)) + "])")
	}
	b.WriteString(")")
	f, err := Parse(b.Bytes(), nil)
	if err != nil {
		t.Fatal(err)
	}
	root := f.Trees[0].Root()
	same := func(step string) {
		t.Helper()
		k := 0
		for c := range root.Children() {
			if root.Child(k) != c {
				t.Fatalf("%s: Child(%d) is not the %dth child", step, k, k)
			}
			k++
		}
		if k != root.NumChildren() || !root.Child(k).IsZero() || !root.Child(-1).IsZero() && k > 0 {
			t.Fatalf("%s: %d children, Child(%d) %v", step, k, k, root.Child(k))
		}
	}
	same("parsed")
	if err := root.MoveChild(30, 0); err != nil {
		t.Fatal(err)
	}
	same("MoveChild")
	if err := root.Child(35).Promote(); err != nil {
		t.Fatal(err)
	}
	same("Promote")
	if err := root.Child(20).Delete(); err != nil {
		t.Fatal(err)
	}
	same("Delete")
	if _, err := root.AddChild(); err != nil {
		t.Fatal(err)
	}
	same("AddChild")
	if err := root.TruncateChildren(25); err != nil {
		t.Fatal(err)
	}
	same("TruncateChildren")
}

// TestFormatWideTreeMemory: formatting a root with 200,000 children keeps
// a work stack as deep as the tree, not as wide: it allocates little more
// than the output (growing by doubling). It kept one item per child, and
// allocated about twice as much again.
func TestFormatWideTreeMemory(t *testing.T) {
	// On one core: on several, groups of the children are formatted
	// into buffers of their own (formatWide).
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	f, err := Parse(siblingsSrc(200_000), manyNodes)
	if err != nil {
		t.Fatal(err)
	}
	tr := f.Trees[0]
	out := FormatTree(nil, tr)
	buf := make([]byte, 0, len(out)+1024)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	out2 := FormatTree(buf, tr)
	runtime.ReadMemStats(&after)
	if !bytes.Equal(out, out2) {
		t.Fatal("two formats of the tree differ")
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > uint64(len(out))/4 {
		t.Errorf("formatting %d children into a buffer of the output's size allocated %d bytes (output %d)", 200_000, got, len(out))
	}
}

// TestGrowPreemptible: growPreemptible keeps the elements and gives the
// room asked, for tables below and above preemptibleCopy bytes.
func TestGrowPreemptible(t *testing.T) {
	for _, n := range []int{0, 10, preemptibleCopy/8 - 1, preemptibleCopy / 8, 3 * preemptibleCopy} {
		s := make([]int64, n)
		for i := range s {
			s[i] = int64(i) * 7
		}
		for _, room := range []int{1, 5000} {
			g := growPreemptible(s, room)
			if len(g) != n || cap(g)-len(g) < room {
				t.Fatalf("%d elements, room %d: len %d cap %d", n, room, len(g), cap(g))
			}
			for i, v := range g {
				if v != int64(i)*7 {
					t.Fatalf("%d elements: element %d is %d", n, i, v)
				}
			}
		}
	}
	s := make([]byte, 3, 100)
	if g := growPreemptible(s, 10); &g[0] != &s[0] {
		t.Error("a table with room enough was copied")
	}
}

// TestGrowDeep: the variation table of a tree nested 10,000 deep grows by
// the "(" ahead once it is large (growDeep), to the room it needs, not by
// doubling, and the parser's frames are in its records, not in a stack
// beside it: the parse allocates under 6 times the input (5.2 times, 414
// KB for 80 KB; with a stack of its own 7.7 times, and 18 times, 1.4 MB,
// when both grew by doubling). A tree deep and wide at once and one whose
// comments hold "(" are read as before.
func TestGrowDeep(t *testing.T) {
	nested := func(depth int, comment string) []byte {
		var b bytes.Buffer
		b.WriteString("(;GM[1]SZ[19]")
		for i := range depth {
			fmt.Fprintf(&b, "(;%c[%c%c]%s", "BW"[i%2], 'a'+i%19, 'a'+i/19%19, comment)
		}
		b.WriteString(strings.Repeat(")", depth+1))
		return b.Bytes()
	}
	for _, tc := range []struct {
		name string
		src  []byte
		vars int
	}{
		{"nested", nested(10_000, ""), 10_001},
		{"comments", nested(3_000, "C[(((( ((]"), 3_001},
		{"deep and wide", append(nested(2_000, ""), siblingsSrc(20_000)...), 2_001},
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		f, err := Parse(tc.src, manyNodes)
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatal(err)
		}
		if got := after.TotalAlloc - before.TotalAlloc; tc.name == "nested" && got > 6*uint64(len(tc.src)) {
			t.Errorf("%s: the parse of %d bytes allocated %d bytes", tc.name, len(tc.src), got)
		}
		tr := f.Trees[0]
		if got := len(tr.vars); got != tc.vars {
			t.Fatalf("%s: %d variations, want %d", tc.name, got, tc.vars)
		}
		// The main line: the root, then the first child of each node.
		n, lineLen := tr.Root(), 1
		for n.NumChildren() > 0 {
			n, lineLen = n.Child(0), lineLen+1
		}
		if lineLen != tc.vars {
			t.Errorf("%s: a main line of %d nodes, want %d", tc.name, lineLen, tc.vars)
		}
		if !bytes.Equal(tr.Source(), tc.src[:len(tr.Source())]) || len(f.Diagnostics) != 0 {
			t.Errorf("%s: source or diagnostics changed: %v", tc.name, f.Diagnostics)
		}
	}
}

// TestFormatGroupsFound: the group starts of a wide tree found among its
// consecutive children are those the walk of the siblings finds, on 2 to
// 8 cores, and a tree whose children have variations below them is
// walked; the canonical form is the same.
func TestFormatGroupsFound(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	mixed := func(n int) []byte {
		var b bytes.Buffer
		b.WriteString("(;GM[1]SZ[19];B[dd]")
		for i := range n {
			if i%1000 == 7 {
				b.WriteString("(;W[aa](;B[bb])(;B[cc]))")
			} else {
				fmt.Fprintf(&b, "(;W[%c%c])", 'a'+i%19, 'a'+i/19%19)
			}
		}
		b.WriteString(")")
		return b.Bytes()
	}
	for _, src := range [][]byte{siblingsSrc(100_000), mixed(100_000), siblingsSrc(1 << 16)} {
		f, err := Parse(src, manyNodes)
		if err != nil {
			t.Fatal(err)
		}
		tr := f.Trees[0]
		for procs := 2; procs <= 8; procs++ {
			runtime.GOMAXPROCS(procs)
			found := tr.formatGroups()
			formatGroupsFound = false
			walked := tr.formatGroups()
			want := FormatTree(nil, tr)
			formatGroupsFound = true
			if !slices.Equal(found, walked) {
				t.Errorf("%d procs: starts %v, the walk's %v", procs, found, walked)
			}
			if len(found) < 3 {
				t.Errorf("%d procs: %v: no groups", procs, found)
			}
			if got := FormatTree(nil, tr); !bytes.Equal(got, want) {
				t.Errorf("%d procs: the canonical forms differ", procs)
			}
		}
	}
}
