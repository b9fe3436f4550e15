package charset

import (
	"os"
	"os/exec"
	"sync"
	"testing"

	"golang.org/x/text/encoding/charmap"
)

// TestQuickAliases checks that every name Lookup finds without the alias
// tables finds there the charset the tables give it.
func TestQuickAliases(t *testing.T) {
	tables := aliases()
	for _, q := range quickAliases {
		if normalize(q.key) != q.key {
			t.Errorf("quick alias %q is not normalized", q.key)
		}
		if in := tables.byAlias[q.key]; in != q.in {
			t.Errorf("quick alias %q is %s, the tables' %v", q.key, q.in.name, in)
		}
	}
}

// TestNamedCharmaps checks that the single-byte charsets made with the
// process are those the alias tables would make for their encodings, and
// that the tables hold them (and not copies) under their names.
func TestNamedCharmaps(t *testing.T) {
	n := 0
	for _, e := range charmap.All {
		cm, _ := e.(*charmap.Charmap)
		in := namedCharmap(cm)
		if in == nil {
			continue
		}
		n++
		want := charmapInfo(e)
		if in.name != want.name || in.enc != want.enc || in.kind != want.kind || in.lead != want.lead ||
			in.asciiCompat != want.asciiCompat || in.cm != want.cm || in.strict != want.strict {
			t.Errorf("%s: made as %+v, the tables' loop makes %+v", want.name, in, want)
		}
		if got := aliases().byAlias[normalize(want.name)]; got != in {
			t.Errorf("%s: the tables hold %p, not %p", want.name, got, in)
		}
	}
	if n != 7 {
		t.Errorf("%d named single-byte charsets in charmap.All, want 7", n)
	}
}

// TestAliasesFirstUse looks names up from many goroutines at once in a
// process that has not made the alias tables yet (the test binary run
// again for this test alone): every goroutine finds the same charsets.
// Run with -race, it checks that the tables are made once and safely.
func TestAliasesFirstUse(t *testing.T) {
	if os.Getenv("SGF_CHARSET_FIRST_USE") == "1" {
		names := []string{"UTF-8", "cp1251", "GB2312", "x-mac-cyrillic", "ibm-437", "latin1", "ISO-2022-KR", "koi8"}
		want := make([]Charset, len(names))
		got := make([][]Charset, 16)
		var wg sync.WaitGroup
		for g := range got {
			got[g] = make([]Charset, len(names))
			wg.Go(func() {
				for i, n := range names {
					got[g][i], _ = Lookup(n)
				}
			})
		}
		wg.Wait()
		for i, n := range names {
			want[i], _ = Lookup(n)
			for g := range got {
				if got[g][i] != want[i] {
					t.Errorf("goroutine %d: Lookup(%q) = %v, then %v", g, n, got[g][i], want[i])
				}
			}
		}
		if want[1] != csWin1251 || want[2] != csGB2312 || want[5] != Default {
			t.Errorf("Lookup gave %v", want)
		}
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run", "^TestAliasesFirstUse$", "-test.count", "1")
	cmd.Env = append(os.Environ(), "SGF_CHARSET_FIRST_USE=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
}
