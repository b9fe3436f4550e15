package collection

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf/internal/sgftest"
)

func statsJSON(t *testing.T, s *Stats) string {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestStatsReaderCorpus: counting a file tree by tree (AddReader, as sgf
// stats reads) gives the counts of AddFile, file by file and over the
// whole corpus.
func TestStatsReaderCorpus(t *testing.T) {
	root := sgftest.Corpus(t)
	var whole, streamed Stats
	files := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(path), ".sgf") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		var a, b Stats
		a.AddFile(src)
		if err := b.AddReader(bytes.NewReader(src)); err != nil {
			t.Fatal(err)
		}
		if ja, jb := statsJSON(t, &a), statsJSON(t, &b); ja != jb {
			t.Errorf("%s: tree by tree\n%s\nwhole\n%s", path, jb, ja)
		}
		whole.Merge(&a)
		streamed.Merge(&b)
		files++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Fatalf("only %d files", files)
	}
	// Binary data with a "(;" by chance after 200 kB: one S02, and all its
	// bytes counted, though the reading stops at the NUL (issue 13, item 15).
	binary := "\x7fELF\x02\x01\x01\x00" + strings.Repeat("\x01\x00", 100<<10) + "(;B[aa])"
	for _, src := range []string{"", "junk", "(;B[aa])\n(;W[bb]) tail [B]\x00", "\xff\xfe(\x00;\x00)\x00", binary} {
		var a, b Stats
		a.AddFile([]byte(src))
		b.AddReader(strings.NewReader(src))
		if ja, jb := statsJSON(t, &a), statsJSON(t, &b); ja != jb {
			t.Errorf("%.20q: tree by tree\n%s\nwhole\n%s", src, jb, ja)
		}
		if src == binary && (b.Bytes != int64(len(src)) || len(b.Errors) != 1 || b.Errors["S02"] != 1 || b.NoTree != 1) {
			t.Errorf("binary data: %s", statsJSON(t, &b))
		}
	}
}
