// Command shapes writes the input shapes of issue 14, the files on which
// bench/shapes.sh measures sgf against the peers' recorded figures:
//
//	go run ./bench/shapes -o DIR [-scale 1]
//
// It writes into DIR (every game is Go on 19x19; the moves are a random
// legal game, the same on every run, with captures, so that a replay
// does real work):
//
//	line-200k.sgf   a main line of 200,000 moves
//	line-1m.sgf     a main line of 1,000,000 moves
//	nested-10k.sgf  10,000 variations nested one in the other, one move each
//	nested-1m.sgf   1,000,000 of them
//	wide-1m.sgf     a root with 1,000,000 children of one move each
//	comment-64m.sgf one node with a comment of 64 MiB (lines of text with
//	                escaped brackets and backslashes)
//	tiny/           10,000 files of one game each (game information and
//	                250 moves)
//
// -scale divides every size (for a quick trial: -scale 100).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/sgf-toolkit/sgf/games/gogame"
)

func main() {
	dir := flag.String("o", "", "the folder to write into (made if missing)")
	scale := flag.Int("scale", 1, "divide every size by this")
	flag.Parse()
	if *dir == "" || *scale < 1 || flag.NArg() != 0 {
		fmt.Fprintln(os.Stderr, "usage: shapes -o DIR [-scale N]")
		os.Exit(2)
	}
	s := *scale
	if err := os.MkdirAll(filepath.Join(*dir, "tiny"), 0o755); err != nil {
		fail(err)
	}
	moves := randomGame(1_000_000 / s)
	write(filepath.Join(*dir, "line-200k.sgf"), func(w *bufio.Writer) { line(w, root, moves[:200_000/s]) })
	write(filepath.Join(*dir, "line-1m.sgf"), func(w *bufio.Writer) { line(w, root, moves) })
	write(filepath.Join(*dir, "nested-10k.sgf"), func(w *bufio.Writer) { nested(w, moves[:10_000/s]) })
	write(filepath.Join(*dir, "nested-1m.sgf"), func(w *bufio.Writer) { nested(w, moves) })
	write(filepath.Join(*dir, "wide-1m.sgf"), func(w *bufio.Writer) { wide(w, moves) })
	write(filepath.Join(*dir, "comment-64m.sgf"), func(w *bufio.Writer) { comment(w, 64<<20/s) })
	game := moves[:250]
	for i := range 10_000 / s {
		write(filepath.Join(*dir, "tiny", fmt.Sprintf("%05d.sgf", i)), func(w *bufio.Writer) {
			line(w, fmt.Sprintf("%sKM[6.5]RU[Japanese]PB[Black %d]PW[White %d]DT[2026-11-25]RE[B+R]", root, i, i), game[:100+i%150])
		})
	}
}

// randomGame returns n nodes (";B[pd]", ";W[]" for a pass) of random
// games that the rules of Go allow (no suicide, ko or superko; no move
// into the mover's own eye), from a fixed seed. When neither player has a
// move left the board is cleared by a node ";AE[aa:ss]" and play goes on.
func randomGame(n int) []string {
	b, err := gogame.New(19, 19)
	if err != nil {
		fail(err)
	}
	rng := rand.New(rand.NewPCG(14, 2026))
	out := make([]string, 0, n)
	col := gogame.Black
	passes := 0
	var empty []int
	for len(out) < n {
		id := "B"
		if col == gogame.White {
			id = "W"
		}
		empty = empty[:0]
		for p := range 19 * 19 {
			if b.At(gogame.Point(p)) == gogame.Empty && !ownEye(b, col, p) {
				empty = append(empty, p)
			}
		}
		rng.Shuffle(len(empty), func(i, j int) { empty[i], empty[j] = empty[j], empty[i] })
		text := ";" + id + "[]"
		for _, p := range empty {
			if b.Try(col, gogame.Point(p)).Forbids(gogame.AllRules) {
				continue
			}
			b.Play(col, gogame.Point(p))
			text = ";" + id + "[" + string(rune('a'+p%19)) + string(rune('a'+p/19)) + "]"
			break
		}
		if text[3] == ']' {
			b.Pass(col)
			if passes++; passes == 2 {
				text = ";AE[aa:ss]"
				b.Reset()
				passes = 0
				col = gogame.White // Black plays next
			}
		} else {
			passes = 0
		}
		out = append(out, text)
		col = col.Opponent()
	}
	return out
}

// ownEye reports whether every neighbour of p on the board holds a stone
// of c.
func ownEye(b *gogame.Board, c gogame.Color, p int) bool {
	x, y := p%19, p/19
	for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		nx, ny := x+d[0], y+d[1]
		if nx < 0 || ny < 0 || nx >= 19 || ny >= 19 {
			continue
		}
		if b.At(b.Point(nx, ny)) != c {
			return false
		}
	}
	return true
}

const root = "(;GM[1]FF[4]CA[UTF-8]AP[shapes:1]SZ[19]"

// line writes a game tree of head (the root's properties) and a main line
// of moves.
func line(w *bufio.Writer, head string, moves []string) {
	w.WriteString(head + "\n")
	for i, m := range moves {
		w.WriteString(m)
		if i%10 == 9 {
			w.WriteByte('\n')
		}
	}
	w.WriteString(")\n")
}

func nested(w *bufio.Writer, moves []string) {
	w.WriteString(root + "\n")
	for _, m := range moves {
		w.WriteByte('(')
		w.WriteString(m)
	}
	for range moves {
		w.WriteByte(')')
	}
	w.WriteString(")\n")
}

func wide(w *bufio.Writer, moves []string) {
	w.WriteString(root + "\n")
	for _, m := range moves {
		w.WriteString("(" + m + ")\n")
	}
	w.WriteString(")\n")
}

func comment(w *bufio.Writer, size int) {
	w.WriteString(root + "C[")
	const text = "A long comment: the game went on [as planned] until move 200, when \\ Black resigned.\n"
	// escape ] and \ as FF[4] says
	escaped := strings.NewReplacer("]", `\]`, `\`, `\\`).Replace(text)
	for n := 0; n < size; n += len(escaped) {
		w.WriteString(escaped)
	}
	w.WriteString("])\n")
}

func write(name string, body func(*bufio.Writer)) {
	fh, err := os.Create(name)
	if err != nil {
		fail(err)
	}
	w := bufio.NewWriterSize(fh, 1<<16)
	body(w)
	if err := w.Flush(); err != nil {
		fail(err)
	}
	if err := fh.Close(); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "shapes:", err)
	os.Exit(1)
}
