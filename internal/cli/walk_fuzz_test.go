package cli

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// FuzzWalk builds a folder of odd entries from the input (regular files,
// FIFOs, folders, symbolic links to files, to folders, to themselves and
// to nothing, all named *.sgf or not) and walks it: the walk must end
// (a FIFO is never opened), yield each *.sgf entry once, without an error
// exactly when it is a regular file or a link to one, and never a folder
// (issue 11, item 2).
func FuzzWalk(f *testing.F) {
	f.Add([]byte{0, 1, 1, 2})
	f.Add([]byte{2, 0, 1, 1, 0, 2, 3, 0, 4, 1, 5, 3, 6, 0})
	f.Add([]byte{3, 9, 4, 4, 6, 1, 2, 2, 1, 3, 7, 5})
	f.Fuzz(func(t *testing.T, ops []byte) {
		if len(ops) > 64 {
			ops = ops[:64]
		}
		root := t.TempDir()
		dir := root
		var files []string        // regular files made, for links
		want := map[string]bool{} // *.sgf entry -> read without error
		for i := 0; i+1 < len(ops); i += 2 {
			kind, n := ops[i]%8, int(ops[i+1])
			name := filepath.Join(dir, "e"+strconv.Itoa(i)+[]string{".sgf", ".SGF", ".txt"}[n%3])
			sgf := n%3 != 2
			ok := false
			switch kind {
			case 0:
				if os.WriteFile(name, []byte("(;)"), 0o644) != nil {
					t.Skip()
				}
				files, ok = append(files, name), true
			case 1:
				if mkfifo(name) != nil {
					t.Skip("no FIFOs here")
				}
			case 2: // a folder, entered by the next entries
				name = strings.TrimSuffix(name, filepath.Ext(name))
				if n%2 == 1 {
					name += ".sgf" // a folder named like a file
				}
				os.Mkdir(name, 0o755)
				dir, sgf = name, false
			case 3:
				if len(files) == 0 {
					continue
				}
				os.Symlink(files[n%len(files)], name)
				ok = true
			case 4:
				os.Symlink(dir, name) // a link to a folder
			case 5:
				os.Symlink(name, name) // a loop
			case 6:
				os.Symlink(filepath.Join(root, "nothing"), name)
			case 7:
				dir = root // back to the top
				continue
			}
			if sgf {
				want[name] = ok
			}
		}
		done := make(chan map[string]bool)
		go func() {
			got := map[string]bool{}
			w := newWalker([]string{root}, true)
			for in, more := w.next(); more; in, more = w.next() {
				if in.empty {
					continue
				}
				if _, seen := got[in.name]; seen {
					t.Errorf("%s yielded twice", in.name)
				}
				got[in.name] = in.err == nil
			}
			done <- got
		}()
		var got map[string]bool
		select {
		case got = <-done:
		case <-time.After(10 * time.Second):
			t.Fatal("the walk hangs")
		}
		for name, ok := range want {
			g, seen := got[name]
			switch {
			case !seen:
				t.Errorf("%s not yielded", name)
			case g != ok:
				t.Errorf("%s yielded with error=%v, want error=%v", name, !g, !ok)
			}
		}
		for name := range got {
			if _, ok := want[name]; !ok {
				t.Errorf("%s yielded, not a *.sgf entry made", name)
			}
		}
	})
}
