package check_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/sgf-toolkit/sgf/check"
	"github.com/sgf-toolkit/sgf/syntax"
)

func ExampleCheck() {
	src := []byte("(;FF[4]GM[1]SZ[19]KM[6 1/2];B[pd]W[dd];W[pd])")
	f, _ := syntax.Parse(src, nil)
	for _, d := range check.Check(f, check.Options{}) {
		fmt.Printf("%s (SGFC %d) %s\n", d.Code, d.Code.SGFC(), d)
	}
	// Output:
	// C03 (SGFC 15) 1:21: error C03: illegal <KM> value corrected; new value: [6.5], old value: [6 1/2]
	// C17 (SGFC 37) 1:34: error C17: black and white move within a node (split into two nodes)
	// C35 (SGFC 58) 1:40: warning C35: forbidden move W[pd] (played on a point occupied by a black stone)
}

func ExampleFix() {
	src := []byte("(;FF[3]GM[1]SZ[9]DT[Dec 31, 1999]L[aa][bb];B[cc]AW[dd])")
	f, _ := syntax.Parse(src, nil)
	out, changes := check.Fix(f, check.FixOptions{})
	fmt.Printf("%s", out)
	for _, c := range changes {
		code := "FF[4]" // Code 0: the conversion to FF[4] itself
		if c.Code != 0 {
			code = c.Code.String()
		}
		fmt.Printf("%s %s: %q -> %q\n", code, c.Property, c.Before, c.After)
	}
	// Output:
	// (;FF[4]GM[1]SZ[9]DT[1999-12-31]LB[aa:a][bb:b]
	// ;AW[dd];B[cc])
	// FF[4] FF: "FF[3]" -> "FF[4]"
	// C03 DT: "DT[Dec 31, 1999]" -> "DT[1999-12-31]"
	// C20 L: "L[aa][bb]" -> "LB[aa:a][bb:b]"
	// C13 : ";B[cc]AW[dd]" -> "split into 2 nodes"
}

func ExampleRules() {
	for _, r := range check.Rules()[:3] {
		fmt.Println(r.Code, r.Name, r.Severity, r.Code.SGFC())
	}
	// Output:
	// C01 too-many-values error 13
	// C02 illegal-value error 14
	// C03 value-corrected error 15
}

func ExampleParseCode() {
	c, ok := check.ParseCode("C35")
	fmt.Println(c.Name(), ok, c.SGFC())
	// Output: occupied true 58
}

// The text that `sgf check --explain C35` prints.
func ExampleCode_Doc() {
	c, _ := check.ParseCode("C35")
	fmt.Printf("%s %s (SGFC %d): %s\n", c, c.Name(), c.SGFC(), c.Doc())
	// Output: C35 occupied (SGFC 58): A Go move on a point where a stone stands, or a Hex move on an occupied cell. It is executed as the specification says (the stone is replaced), but the record is probably broken.
}

// All reads a file's bytes and gives what sgf check prints: the syntax
// layer's diagnostics and the rules', in one list by offset.
func ExampleAll() {
	src := []byte("(;FF[4]GM[1]SZ[19]KM[abc];B[aa]Xy;W[bb]())")
	for _, d := range check.All(src, check.Options{}) {
		fmt.Println(d)
	}
	// Output:
	// 1:21: error C15: game-info property <KM> has an illegal format (not corrected) - value: [abc]
	// 1:32: error S08: property <Xy> without any value (ignored) (critical)
	// 1:41: error S07: empty variation "()" (ignored)
}

// FixFile is sgf fix in one call: the fixes, then UTF-8 and FF[4].
func ExampleFixFile() {
	src := []byte("(;FF[3]GM[1]CA[ISO-8859-1]KM[5 1/2]C[caf\xe9])")
	out, changes, _, err := check.FixFile(src, check.FixOptions{})
	if err != nil {
		panic(err)
	}
	for _, c := range changes {
		fmt.Printf("%s -> %s\n", c.Before, c.After)
	}
	fmt.Printf("%s", out)
	// Output:
	// FF[3] -> FF[4]
	// KM[5 1/2] -> KM[5.5]
	// CA[ISO-8859-1] -> CA[UTF-8]
	// (;FF[4]
	// GM[1]
	// CA[UTF-8]
	// KM[5.5]
	// C[café])
}

// FixReader fixes a collection tree by tree, writing as it goes; it gives
// what FixFile gives of the whole.
func ExampleFixReader() {
	in := strings.NewReader("(;FF[3]GM[1]KM[5 1/2])\n(;FF[4]GM[1]CA[UTF-8]C[fine])\n")
	var out strings.Builder
	changes, _, err := check.FixReader(in, &out, check.FixOptions{})
	if errors.Is(err, check.ErrFixWhole) {
		return // read it whole and call FixFile
	}
	if err != nil {
		panic(err)
	}
	for _, c := range changes {
		fmt.Printf("game %d: %q -> %q\n", c.Tree+1, c.Before, c.After)
	}
	fmt.Print(out.String())
	// Output:
	// game 1: "FF[3]" -> "FF[4]"
	// game 1: "KM[5 1/2]" -> "KM[5.5]"
	// game 1: "" -> "CA[UTF-8]"
	// (;FF[4]
	// CA[UTF-8]
	// GM[1]
	// KM[5.5])
	// (;FF[4]
	// GM[1]
	// CA[UTF-8]
	// C[fine])
}
