package cli

import (
	"bytes"
	"testing"
)

// endless yields game trees for ever.
type endless struct{ n int }

func (r *endless) Read(p []byte) (int, error) {
	const game = "(;GM[1]FF[4]SZ[19]PB[a]PW[b];B[pd];W[dp])\n"
	for i := range p {
		p[i] = game[(r.n+i)%len(game)]
	}
	r.n += len(p)
	return len(p), nil
}

// TestOpenGamesStreams: openGames reads an input game tree by game tree,
// holding a bounded window of it (issue 11, item 3: info read the whole
// input first): the first games of an endless input come after reading
// little of it.
func TestOpenGamesStreams(t *testing.T) {
	var stderr bytes.Buffer
	e := testEnv(&stderr)
	src := &endless{}
	e.stdin = src
	games, whole, done, err := openGames(e, "-", nil)
	defer done()
	if err != nil || whole != nil {
		t.Fatalf("openGames: %v (whole %d bytes)", err, len(whole))
	}
	for i := range 1000 {
		g, err := games.Next()
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		if pb, _ := g.Root().Text("PB"); pb != "a" {
			t.Fatalf("game %d: PB %q", i, pb)
		}
	}
	if src.n > 1<<20 {
		t.Errorf("%d bytes read for 1000 games of 43 bytes", src.n)
	}
}

// TestOpenGamesMaxBytes: --max-bytes bounds what is read of an input.
func TestOpenGamesMaxBytes(t *testing.T) {
	var stderr bytes.Buffer
	e := testEnv(&stderr)
	src := &endless{}
	e.stdin, e.maxRead = src, 1000
	games, _, done, err := openGames(e, "-", nil)
	defer done()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for {
		_, err := games.Next()
		if err != nil {
			break
		}
		n++
	}
	if n > 1000/43+1 {
		t.Errorf("%d games read from 1000 bytes", n)
	}
}
