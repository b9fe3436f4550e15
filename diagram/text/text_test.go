package text_test

import (
	"bytes"
	"errors"
	"flag"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/diagram"
	"github.com/sgf-toolkit/sgf/diagram/internal/cases"
	"github.com/sgf-toolkit/sgf/diagram/text"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestGolden writes every case as a text board and as an SL diagram.
func TestGolden(t *testing.T) {
	all, err := cases.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range all {
		t.Run(c.Name, func(t *testing.T) {
			got := text.Append(nil, c.Diagram, nil)
			got = append(got, "-- unicode --\n"...)
			got = text.Append(got, c.Diagram, &text.Options{Unicode: true, NoText: true})
			if c.Diagram.Kind == diagram.Go {
				got = append(got, "-- sl --\n"...)
				got = text.AppendSL(got, c.Diagram)
			}
			want, err := cases.WriteGolden(filepath.Join("testdata", c.Name+".txt"), got, *update)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("differs from testdata/%s.txt (go test -update rewrites it):\n%s", c.Name, got)
			}
		})
	}
}

func diagramOf(t *testing.T, src string, opts *diagram.Options) *diagram.Diagram {
	t.Helper()
	c, err := sgf.Read(strings.NewReader(src), nil)
	if c == nil {
		t.Fatal(err)
	}
	g := c.Game(0)
	n, _ := cases.Node(g, "end")
	p, err := g.PositionAt(n)
	if err != nil {
		t.Fatal(err)
	}
	d, err := diagram.New(p, opts)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestSL(t *testing.T) {
	d := diagramOf(t, `(;SZ[5]AB[aa]AW[bb];B[cc]CR[aa]SQ[bb]TR[dd]LB[ee:a]MA[ea])`, &diagram.Options{Numbers: 1})
	got := string(text.AppendSL(nil, d))
	want := `$$Bc5
$$  -----------
$$ | B . . . M |
$$ | . @ . . . |
$$ | . . 1 . . |
$$ | . . . T . |
$$ | . . . . a |
$$  -----------
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestReadSL reads the example of Sensei's Library's diagram help: a
// corner with numbered moves.
func TestReadSL(t *testing.T) {
	const src = `Some text before.
$$W Move 1 is white
$$  ------------------
$$ | . . . . . . . . .
$$ | . . . 2 . 1 . . .
$$ | . . O X X . . . .
$$ | . . . O , . B a .
$$ | . . . . . . . . .
More text.
`
	got, err := text.ReadSL([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := "(;FF[4]GM[1]CA[UTF-8]SZ[19]AB[db][eb][gc]AW[cb][da]C[Move 1 is white]PL[W];W[fa];B[da]CR[gc]LB[hc:a])\n"
	_ = want
	c, err := sgf.Read(bytes.NewReader(got), nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, got)
	}
	// The stones and moves: replay and compare with the diagram.
	g := c.Game(0)
	cur := g.NewCursor()
	for cur.Next() {
	}
	p := cur.Position()
	if s := p.String(); !strings.HasPrefix(s, ". . . . . . . . .") {
		t.Errorf("position\n%s", s)
	}
	if p.MoveNumber != 2 || p.At(5, 1) != 'W' || p.At(3, 1) != 'B' || p.At(6, 3) != 'B' {
		t.Errorf("moves: %d\n%s\n%s", p.MoveNumber, p.String(), got)
	}
	if cur.Node().Comment() != "" || g.Root().Comment() != "Move 1 is white" {
		t.Errorf("title: %s", got)
	}
}

// TestSLRoundTrip: writing a position as SL and reading it back gives the
// same stones.
func TestSLRoundTrip(t *testing.T) {
	for _, src := range []string{
		`(;SZ[19]AB[dd][pp][qq]AW[dp][pd])`,
		`(;SZ[9]AB[aa][ii]AW[ai][ia]TR[aa]CR[ii])`,
		`(;SZ[13]AB[ab];W[bb];B[cc];W[dd])`,
	} {
		d := diagramOf(t, src, &diagram.Options{Numbers: -1})
		sl := text.AppendSL(nil, d)
		back, err := text.ReadSL(sl)
		if err != nil {
			t.Fatalf("%s: %v\n%s", src, err, sl)
		}
		d2 := diagramOf(t, string(back), &diagram.Options{Numbers: -1})
		if a, b := text.AppendBoard(nil, d, false), text.AppendBoard(nil, d2, false); !bytes.Equal(a, b) {
			t.Errorf("%s:\n%s\n%s\n%s", src, sl, a, b)
		}
	}
}

func TestReadSLErrors(t *testing.T) {
	for _, c := range []struct{ src, msg string }{
		{"no diagram", "line 1: no line starts with $$"},
		{"$$\n$$ | . . |\n", ""},
		{"$$Bx\n$$ . .", "line 1: header"},
		{"$$\n$$ . K .", `line 2: 'K' is no point symbol`},
		{"$$\n$$ 1 1", "move 1 twice"},
		{"$$\n$$ 2 .", "moves up to 2 but no move 1"},
		{"$$c99\n$$ . .", "board size over 52"},
		{"$$\n", "no board rows"},
		{"$$\n$$ ---\n$$ . .\n$$ ---\n$$ . .", "under the bottom edge"},
	} {
		_, err := text.ReadSL([]byte(c.src))
		if c.msg == "" {
			if err != nil {
				t.Errorf("%q: %v", c.src, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.msg) || !errors.Is(err, text.ErrSL) {
			t.Errorf("%q: %v, want %q", c.src, err, c.msg)
		}
	}
}

// FuzzReadSL: ReadSL never panics, and what it returns is SGF that reads
// without error.
func FuzzReadSL(f *testing.F) {
	f.Add([]byte("$$B\n$$ ---\n$$ | . X O 1 2 a |\n$$ | B W C # @ S |\n$$ ---\n"))
	f.Add([]byte("$$Wc9 title ]\\\n$$ . . , Y Q T Z P M 0\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		out, err := text.ReadSL(src)
		if err != nil {
			return
		}
		if _, err := sgf.Read(bytes.NewReader(out), nil); err != nil {
			t.Fatalf("%q gave %s: %v", src, out, err)
		}
	})
}
