package cli

import (
	"fmt"
	"os"
	"strings"
)

// Main is what command sgf runs. Here "sgf check -" reads a file with an
// empty variation from standard input; the summary line goes to standard
// error.
func ExampleMain() {
	stdin := strings.NewReader("(;GM[1]FF[4];B[aa]())")
	code := Main([]string{"check", "-"}, stdin, os.Stdout, new(strings.Builder))
	fmt.Println("exit status", code)
	// Output:
	// -:1:20: error S07: empty variation "()" (ignored)
	// exit status 1
}

// "sgf json" prints the syntax tree of a file as JSON.
func ExampleMain_json() {
	stdin := strings.NewReader("(;GM[1];B[aa](;W[bb])(;W[cc]))")
	Main([]string{"json", "-"}, stdin, os.Stdout, os.Stderr)
	// Output:
	// {"file":"-","games":[{"nodes":[{"props":[{"id":"GM","values":["1"]}]},{"props":[{"id":"B","values":["aa"]}]}],"variations":[{"nodes":[{"props":[{"id":"W","values":["bb"]}]}],"variations":[]},{"nodes":[{"props":[{"id":"W","values":["cc"]}]}],"variations":[]}]}]}
}

// "sgf fmt" prints the canonical form.
func ExampleMain_fmt() {
	stdin := strings.NewReader("(;GM[1]FF[4];B[aa];W[bb](;B[cc])(;B[dd]))")
	Main([]string{"fmt", "-"}, stdin, os.Stdout, os.Stderr)
	// Output:
	// (;GM[1]
	// FF[4]
	// ;B[aa];W[bb]
	//   (;B[cc])
	//   (;B[dd]))
}
