package sgf_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/games/gogame"
	"github.com/sgf-toolkit/sgf/value"
)

// TestAdd: a game added to a collection read from a file (issue 19,
// Build: "sgf.NewGame ... and a collection to add it to"). The games read
// are written byte for byte, the new one after them, then the text after
// the last tree; the result reads back as the three games.
func TestAdd(t *testing.T) {
	const file = "(;FF[4]GM[1]SZ[19]PB[Ann]\n  ;B[pd] ;W[dd])\n(;FF[4]CA[GBK]GM[1]SZ[19]C[\xd6\xd0\xce\xc4])\n"
	c := mustParse(t, file)
	g, err := sgf.NewGame(sgf.GameGo, 9, 9)
	if err != nil {
		t.Fatal(err)
	}
	cur := g.NewCursor()
	for i, m := range []string{"ee", "cc"} {
		p, _ := value.ParsePoint([]byte(m))
		if _, err := cur.Play([]value.Color{value.Black, value.White}[i], p, gogame.AllRules); err != nil {
			t.Fatal(err)
		}
	}
	added, err := c.Add(g)
	if err != nil {
		t.Fatal(err)
	}
	if c.Len() != 3 || c.Game(2) != added || added.Index() != 2 || added.Collection() != c || !c.Modified() {
		t.Fatalf("after Add: %d games, index %d", c.Len(), added.Index())
	}
	const want = "(;FF[4]GM[1]SZ[19]PB[Ann]\n  ;B[pd] ;W[dd])\n(;FF[4]CA[GBK]GM[1]SZ[19]C[\xd6\xd0\xce\xc4])\n(;FF[4]CA[UTF-8]GM[1]SZ[9];B[ee];W[cc])\n"
	out, err := c.Bytes()
	if err != nil || string(out) != want {
		t.Fatalf("Bytes = %q, %v\nwant      %q", out, err, want)
	}
	// The copy is a game like the others: edited, it writes its edit.
	if err := added.Root().Set("PB", "Cho"); err != nil {
		t.Fatal(err)
	}
	if m, _ := added.MoveNode(2); m.IsZero() {
		t.Error("MoveNode(2) of the copy: none")
	}
	out, _ = c.Bytes()
	back := mustParse(t, string(out))
	if back.Len() != 3 || back.Game(2).Info().PlayerBlack != "Cho" || back.Game(1).Root().Comment() != "中文" {
		t.Errorf("read back: %d games, PB %q, C %q", back.Len(), back.Game(2).Info().PlayerBlack, back.Game(1).Root().Comment())
	}
	if !bytes.HasPrefix(out, []byte(file[:len(file)-1])) {
		t.Errorf("the games read are not written as read: %q", out)
	}
	// g is left as it was.
	if g.Collection().Len() != 1 || g.Info().PlayerBlack != "" {
		t.Errorf("the game added changed")
	}

	// A game of another charset keeps its text; a game of c itself is
	// copied.
	if _, err := c.Add(c.Game(1)); err != nil {
		t.Fatal(err)
	}
	if got := c.Game(3).Root().Comment(); got != "中文" || c.Game(3).Charset().Name != "GBK" {
		t.Errorf("copy of game 1: %q in %s", got, c.Game(3).Charset().Name)
	}

	// New games make a collection: the first one's, the others added.
	h, _ := sgf.NewGame(sgf.GameHex, 11, 11)
	if _, err := g.Collection().Add(h); err != nil {
		t.Fatal(err)
	}
	if out, _ := g.Collection().Bytes(); string(out) != "(;FF[4]CA[UTF-8]GM[1]SZ[9];B[ee];W[cc])\n(;FF[4]CA[UTF-8]GM[11]SZ[11])\n" {
		t.Errorf("two new games = %q", out)
	}
}

// TestAddRefused: a game that would read otherwise in the collection is
// refused, and the collection is left as it was.
func TestAddRefused(t *testing.T) {
	g, _ := sgf.NewGame(sgf.GameGo, 19, 19)
	g.Root().Set("C", "Привет")
	// Read with ReadOptions.Charset: every game is read in that charset.
	c, err := sgf.ReadBytes([]byte("(;FF[4]GM[1]C[\xcf\xf0\xe8])"), &sgf.ReadOptions{Charset: "windows-1251"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Add(g); !errors.Is(err, sgf.ErrCharset) {
		t.Errorf("UTF-8 game into a windows-1251 reading: %v", err)
	}
	// A file transcoded as a whole (UTF-16).
	u16 := []byte{0xFF, 0xFE}
	for _, r := range "(;FF[4]GM[1])" {
		u16 = append(u16, byte(r), byte(r>>8))
	}
	w := mustParse(t, string(u16))
	if _, err := w.Add(g); !errors.Is(err, sgf.ErrCharset) {
		t.Errorf("into UTF-16: %v", err)
	}
	if _, err := mustParse(t, "(;GM[1])").Add(w.Game(0)); !errors.Is(err, sgf.ErrCharset) {
		t.Errorf("from UTF-16: %v", err)
	}
	for _, c := range []*sgf.Collection{c, w} {
		if c.Len() != 1 || c.Modified() {
			t.Errorf("a refused Add changed the collection: %d games", c.Len())
		}
	}
}
