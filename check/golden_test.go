package check

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/internal/sgftest"
	"github.com/sgf-toolkit/sgf/syntax"
)

var updateDigest = flag.Bool("update", false, "rewrite testdata/corpus-digest.txt")

// digestOptions are the option sets of TestCorpusDigest.
var digestOptions = []struct {
	name string
	opts Options
}{
	{"default", Options{}},
	{"all-options", Options{Strict: true, Variations: true, EmptyNodes: true, DeleteObsolete: true}},
	{"auto-quirks", Options{AutoQuirks: true}},
	{"all-quirks", Options{Quirks: AllQuirks, Strict: true}},
}

// writeDiag writes every field of d, the suggested fix included.
func writeDiag(h io.Writer, d *Diagnostic) {
	fmt.Fprintf(h, "%d|%d|%t|%d:%d:%d|%d|%d|%q|%q|%d", d.Code.Num(), d.Severity, d.Critical, d.Offset, d.Line, d.Column, d.Tree, d.Node, d.Property, d.Message, quirkBits(d))
	if d.Fix != nil {
		fmt.Fprintf(h, "|fix%+v", d.Fix.Edits)
	}
	h.Write([]byte{'\n'})
}

// quirkBits returns the quirk of d as the digest recorded it (the bit of
// Quirks, from before Diagnostic.Quirk named the profile): the profile's
// quirks, and of the fox profile's two the one of d's code.
func quirkBits(d *Diagnostic) Quirks {
	p, _ := LookupProfile(d.Quirk)
	switch {
	case p.Name != "fox":
		return p.Quirks
	case d.Code == CodeHandicapOne:
		return QuirkFoxHandicap
	}
	return QuirkFoxKomi
}

// digestChange is a Change as the digest recorded it, from before the
// codes of syntax and check were one type: a code prints with its own
// class letter even when it is zero ("C00", "S00").
type digestChange struct {
	Code     digestCode
	Tree     int
	Node     int
	Property string
	Before   string
	After    string
	Syntax   digestCode
	At       syntax.Position
	Message  string
}

type digestCode struct {
	class byte
	c     Code
}

func (d digestCode) String() string { return fmt.Sprintf("%c%02d", d.class, d.c.Num()) }

func digestChanges(cs []Change) []digestChange {
	out := make([]digestChange, len(cs))
	for i, c := range cs {
		out[i] = digestChange{digestCode{'C', c.Code}, c.Tree, c.Node, c.Property, c.Before, c.After, digestCode{'S', c.Syntax}, c.At, c.Message}
	}
	return out
}

// TestCorpusDigest compares a digest of every diagnostic (with its fix)
// that Check reports on the shared corpus, under several option sets, and
// of Fix's output, with the digest recorded in testdata: a change of the
// checker that is meant to change no result (a speed-up) must keep it.
// After an intended change of results, run with -update and say why in
// the commit. The digest depends on the syntax layer too: a change there
// that moves a diagnostic shows here as well.
func TestCorpusDigest(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus digest skipped in -short mode")
	}
	shared := sharedDir()
	if shared == "" {
		sgftest.SkipShared(t, "../shared is absent")
	}
	root := filepath.Join(shared, "corpus")
	if _, err := os.Stat(root); err != nil {
		sgftest.SkipShared(t, "corpus absent")
	}
	var paths []string
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(path), ".sgf") {
			paths = append(paths, path)
		}
		return nil
	})
	sort.Strings(paths)
	// one digest per corpus folder (two levels below corpus/) and option set
	digests := map[string]hash.Hash{}
	get := func(key string) hash.Hash {
		h := digests[key]
		if h == nil {
			h = sha256.New()
			digests[key] = h
		}
		return h
	}
	// Each file's text to hash, per digest, made on all cores and hashed in
	// file order.
	type part struct{ key, text string }
	parts := make([][]part, len(paths))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for {
				k := int(next.Add(1) - 1)
				if k >= len(paths) {
					return
				}
				path := paths[k]
				src, err := os.ReadFile(path)
				if err != nil {
					t.Error(err)
					return
				}
				rel, _ := filepath.Rel(root, path)
				segs := strings.SplitN(filepath.ToSlash(rel), "/", 3)
				dir := strings.Join(segs[:min(2, len(segs)-1)], "/")
				text, _, _, _ := charset.DecodeWide(src)
				f, _ := syntax.Parse(text, caOpts)
				for _, o := range digestOptions {
					var b strings.Builder
					fmt.Fprintf(&b, "%s\n", rel)
					ds := Check(f, o.opts)
					for i := range ds {
						writeDiag(&b, &ds[i])
					}
					parts[k] = append(parts[k], part{dir + " " + o.name, b.String()})
				}
				out, changes := Fix(f, FixOptions{Critical: true})
				parts[k] = append(parts[k], part{dir + " fix", fmt.Sprintf("%s\n%s\n%+v\n", rel, out, digestChanges(changes))})
			}
		})
	}
	wg.Wait()
	for _, ps := range parts {
		for _, p := range ps {
			get(p.key).Write([]byte(p.text))
		}
	}
	var keys []string
	for k := range digests {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	got := map[string]string{}
	for _, k := range keys {
		got[k] = hex.EncodeToString(digests[k].Sum(nil))[:16]
	}
	golden := filepath.Join("testdata", "corpus-digest.txt")
	if *updateDigest {
		var b strings.Builder
		b.WriteString("# digests of Check and Fix over ../shared/corpus (go test -run TestCorpusDigest -update)\n")
		for _, k := range keys {
			fmt.Fprintf(&b, "%s %s\n", k, got[k])
		}
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	fh, err := os.Open(golden)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	want := map[string]string{}
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		want[line[:i]] = line[i+1:]
	}
	for _, k := range keys {
		if w, ok := want[k]; !ok {
			t.Errorf("%s: no recorded digest (corpus changed? run with -update)", k)
		} else if w != got[k] {
			t.Errorf("%s: digest %s, recorded %s: the results changed", k, got[k], w)
		}
	}
	for k := range want {
		if _, ok := got[k]; !ok {
			t.Errorf("%s: recorded but not in the corpus now", k)
		}
	}
}
