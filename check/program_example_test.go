package check_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/sgf-toolkit/sgf/check"
)

// Checking and fixing a folder, one of the six programs of issue 19: each
// file fixed in one call; a file whose fix would lose information is left
// alone and its problem reported, as sgf fix does without --critical.
func Example_fixFolder() {
	dir, _ := os.MkdirTemp("", "games")
	defer os.RemoveAll(dir)
	os.WriteFile(filepath.Join(dir, "a.sgf"), []byte("(;GM[1]KM[5 1/2];B[cc]BL[34.])"), 0o644)
	os.WriteFile(filepath.Join(dir, "b.sgf"), []byte("(;GM[1];B[cc]XX;W[dd])"), 0o644)
	os.WriteFile(filepath.Join(dir, "c.sgf"), []byte("(;FF[4]GM[1];B[cc])\n"), 0o644)
	files, _ := filepath.Glob(filepath.Join(dir, "*.sgf"))
	for _, name := range files {
		src, _ := os.ReadFile(name)
		out, changes, unfixed, err := check.FixFile(src, check.FixOptions{})
		var loss *check.LossError
		switch {
		case errors.As(err, &loss):
			fmt.Printf("%s: not fixed: %s\n", filepath.Base(name), loss.Syntax[0])
			continue
		case err != nil:
			panic(err)
		}
		for _, c := range changes {
			fmt.Printf("%s: %s: %q -> %q\n", filepath.Base(name), c.Property, c.Before, c.After)
		}
		if len(changes) > 0 {
			os.WriteFile(name, out, 0o644)
		}
		for _, d := range unfixed {
			fmt.Printf("%s: left: %s\n", filepath.Base(name), d)
		}
	}
	// Output:
	// a.sgf: KM: "KM[5 1/2]" -> "KM[5.5]"
	// a.sgf: FF: "" -> "FF[4]"
	// a.sgf: BL: "BL[34.]" -> "BL[34]"
	// a.sgf: CA: "" -> "CA[UTF-8]"
	// b.sgf: not fixed: 1:14: error S08: property <XX> without any value (ignored) (critical)
	// c.sgf: CA: "" -> "CA[UTF-8]"
}
