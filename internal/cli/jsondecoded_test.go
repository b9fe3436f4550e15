package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"unicode/utf8"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/internal/sgftest"
	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/value"
)

// TestJSONDecodedValues checks values of `sgf json --decoded` that the
// command once decoded by itself and got wrong, and the cases the help
// names. Each case gives the "values" array of the first property id in
// node k (pre-order) of the first game.
func TestJSONDecodedValues(t *testing.T) {
	tests := []struct {
		name, in string
		node     int
		id, want string
	}{
		// Shift_JIS: "ソ" is 83 5C, "表" 95 5C. The trail byte 0x5C is a
		// '\' in ASCII: the value must be decoded before it is split at
		// the ':' (SimpleText:SimpleText, "Compose: ... ':' ... must be
		// escaped" applies to the text, not to the bytes of a character).
		{"Shift_JIS AP", "(;CA[Shift_JIS]AP[\x83\x5c:1])", 0, "AP", `[["ソ","1"]]`},
		{"Shift_JIS AP escaped colon", "(;CA[Shift_JIS]AP[\x83\x5c\\::\x95\x5c])", 0, "AP", `[["ソ:","表"]]`},
		{"Shift_JIS LB", "(;CA[Shift_JIS];LB[aa:\x94\x5c\x8f\x5c])", 1, "LB", `[[[0,0],"能十"]]`},
		{"Shift_JIS FG", "(;CA[Shift_JIS];FG[257:\x83\x5c])", 1, "FG", `[[257,"ソ"]]`},
		{"Shift_JIS C", "(;CA[Shift_JIS]C[\x83\x5c\x83\x5c])", 0, "C", `["ソソ"]`},
		{"Shift_JIS unknown", "(;CA[Shift_JIS]XX[\x83\x5c:1])", 0, "XX", `["ソ:1"]`},
		// "every point of a game other than Go and Hex" is a simpletext
		// string: no compressed lists there.
		{"GM3 AB", "(;GM[3]FF[4];AB[a1:b2]CR[x\\:y])", 1, "AB", `["a1:b2"]`},
		{"GM3 CR", "(;GM[3]FF[4];AB[a1:b2]CR[x\\:y])", 1, "CR", `["x:y"]`},
		{"GM3 move", "(;GM[3];B[e2e4])", 1, "B", `["e2e4"]`},
		{"GM3 LB", "(;GM[3];LB[a1:x])", 1, "LB", `[["a1","x"]]`},
		{"GM3 VW elist", "(;GM[3];VW[])", 1, "VW", `[null]`},
		// Hex: cells are [column, row], other moves their word.
		{"Hex move", "(;GM[11]SZ[5];B[c4])", 1, "B", `[[2,3]]`},
		{"Hex swap", "(;GM[11]SZ[5];B[c4];W[swap-pieces])", 2, "W", `["swap-pieces"]`},
		{"Hex resign", "(;GM[11]SZ[5];W[resign])", 1, "W", `["resign"]`},
		{"Hex pass", "(;GM[11]SZ[5];W[pass])", 1, "W", `[null]`},
		{"Hex setup", "(;GM[11]SZ[5]AB[a1][e5]AW[b2])", 0, "AB", `[[0,0],[4,4]]`},
		{"Hex setup off board", "(;GM[11]SZ[5]AB[a1][z9])", 0, "AB", `[[0,0],[25,8]]`},
		{"Hex move off board", "(;GM[11]SZ[5];B[z9])", 1, "B", `[[25,8]]`},
		{"Hex not a cell", "(;GM[11]SZ[5];B[11])", 1, "B", `["11"]`},
		{"Hex VW elist", "(;GM[11]SZ[5];VW[])", 1, "VW", `[null]`},
		// Go.
		{"Go compressed", "(;AB[aa:cc][dd])", 0, "AB", `[[[0,0],[2,2]],[3,3]]`},
		{"Go pass tt", "(;SZ[19];B[tt])", 1, "B", `[null]`},
		{"Go tt on 21", "(;SZ[21];B[tt])", 1, "B", `[[19,19]]`},
		{"Go pass", "(;B[])", 0, "B", `[null]`},
		{"Go move off board", "(;SZ[9];B[kk])", 1, "B", `[[10,10]]`},
		{"Go not a move", "(;B[a])", 0, "B", `["a"]`},
		{"Go VW elist", "(;VW[])", 0, "VW", `[null]`},
		{"Go VW empty in list", "(;VW[][aa])", 0, "VW", `["",[0,0]]`},
		{"Go SZ", "(;SZ[19:13])", 0, "SZ", `[[19,13]]`},
		{"FF out of range kept", "(;FF[5])", 0, "FF", `[5]`},
		{"KM not real", "(;KM[six])", 0, "KM", `["six"]`},
		{"KM", "(;KM[6.5])", 0, "KM", `[6.5]`},
		{"DM double", "(;DM[2])", 0, "DM", `[2]`},
		{"PL", "(;PL[W])", 0, "PL", `["W"]`},
		{"FG none", "(;FG[])", 0, "FG", `[null]`},
		{"CoPyright", "(;CoPyright[a\\\nb])", 0, "CP", `["ab"]`},
		// A CA that the bytes contradict is not used ('sgf json' help).
		{"CA[UTF-8] in Latin-1", "(;CA[UTF-8]PB[\xe9\\:])", 0, "PB", `["é:"]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			if code := Main([]string{"json", "--decoded", "-"}, strings.NewReader(tt.in), &out, &errb); code != 0 {
				t.Fatalf("exit %d: %s", code, errb.String())
			}
			games, err := readDecodedJSON(out.Bytes())
			if err != nil {
				t.Fatalf("%v\n%s", err, out.String())
			}
			if len(games) == 0 || len(games[0]) <= tt.node {
				t.Fatalf("no node %d:\n%s", tt.node, out.String())
			}
			for _, p := range games[0][tt.node].props {
				if p.id != tt.id {
					continue
				}
				got, _ := json.Marshal(p.values)
				if string(got) != tt.want {
					t.Errorf("%s = %s, want %s", tt.id, got, tt.want)
				}
				return
			}
			t.Errorf("node %d has no %s:\n%s", tt.node, tt.id, out.String())
		})
	}
}

// TestJSONDecodedCorpus runs `sgf json --decoded` over every file of the
// shared corpus (-short: one file in 25) and checks that the tree has the
// game's shape and each value is what sgf.Decoder gives, converted as the
// help says (jsonOfValue, written apart from the command's own code).
func TestJSONDecodedCorpus(t *testing.T) {
	dir := corpusDir(t)
	inputs, _ := expandPaths([]string{dir})
	if len(inputs) == 0 {
		sgftest.SkipShared(t, "corpus empty")
	}
	type result struct {
		err    error
		values int
	}
	results := make([]result, len(inputs))
	var wg sync.WaitGroup
	next := atomic.Int64{}
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= len(inputs) {
					return
				}
				if testing.Short() && i%25 != 0 && !strings.Contains(inputs[i].name, "conformance") {
					results[i].values = -1
					continue
				}
				results[i].values, results[i].err = checkDecodedFile(inputs[i].name)
			}
		})
	}
	wg.Wait()
	files, values := 0, 0
	for i, r := range results {
		if r.err != nil {
			t.Errorf("%s: %v", inputs[i].name, r.err)
		}
		if r.values >= 0 {
			files++
			values += r.values
		}
	}
	t.Logf("%d files, %d values", files, values)
}

// checkDecodedFile runs sgf json --decoded on the file and compares the
// output with the Decoder's values; it returns how many it compared.
func checkDecodedFile(name string) (int, error) {
	src, err := os.ReadFile(name)
	if err != nil {
		return 0, err
	}
	var out, errb bytes.Buffer
	Main([]string{"json", "--decoded", name}, strings.NewReader(""), &out, &errb)
	games, err := readDecodedJSON(out.Bytes())
	if err != nil {
		return 0, err
	}
	c, _ := sgf.Read(bytes.NewReader(src), new(commonFlags).readOptions())
	return compareDecoded(c, games)
}

// FuzzJSONDecoded feeds any input to sgf json --decoded: the output must
// read as the documented shape and agree with sgf.Decoder.
func FuzzJSONDecoded(f *testing.F) {
	for _, s := range []string{
		"", "(;)", "(;B[aa]())", "(;A(;B) ;C)", "((;", "(;B[aa",
		"(;CA[Shift_JIS]AP[\x83\x5c:1])", "(;GM[3]FF[4];AB[a1:b2]CR[x\\:y])",
		"(;GM[11]SZ[5];B[c4];W[swap-pieces];B[z9]AB[a1][z9])",
		"(;SZ[19:13]FF[5]FG[257:Fig\\: 1];B[zz]VW[][aa](;W[tt])(;B[])(;W[cc]))",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		var out, errb bytes.Buffer
		if code := Main([]string{"json", "--decoded", "-"}, bytes.NewReader(src), &out, &errb); code != exitOK && code != exitProblems {
			t.Fatalf("exit status %d\n%s", code, errb.String())
		}
		games, err := readDecodedJSON(out.Bytes())
		if err != nil {
			t.Fatalf("%v\n%s", err, out.String())
		}
		c, _ := sgf.Read(bytes.NewReader(src), new(commonFlags).readOptions())
		if _, err := compareDecoded(c, games); err != nil {
			t.Fatal(err)
		}
	})
}

// compareDecoded compares the games of c with the trees of the output.
// It returns the number of values compared.
func compareDecoded(c *sgf.Collection, games [][]jNode) (int, error) {
	var gs []*sgf.Game
	if c != nil {
		gs = c.Games()
	}
	if len(gs) != len(games) {
		return 0, fmt.Errorf("%d games, the output has %d", len(gs), len(games))
	}
	var d sgf.Decoder
	count := 0
	for gi, g := range gs {
		nodes := games[gi]
		i := 0
		for n, props := range d.Game(g) {
			if i >= len(nodes) {
				return count, fmt.Errorf("game %d: more nodes than the output's %d", gi, len(nodes))
			}
			jn := nodes[i]
			s := n.Syntax()
			if jn.inSeq != s.InSequence() || !jn.inSeq && jn.kids != s.NumChildren() {
				return count, fmt.Errorf("game %d node %d: in sequence %v with %d variations in the output, the tree says %v, %d children",
					gi, i, jn.inSeq, jn.kids, s.InSequence(), s.NumChildren())
			}
			if len(jn.props) != len(props) {
				return count, fmt.Errorf("game %d node %d: %d properties, the Decoder gives %d", gi, i, len(jn.props), len(props))
			}
			for k, p := range props {
				jp := jn.props[k]
				if jp.id != p.ID || len(jp.values) != len(p.Values) {
					return count, fmt.Errorf("game %d node %d: %s with %d values, the Decoder gives %s with %d",
						gi, i, jp.id, len(jp.values), p.ID, len(p.Values))
				}
				for j := range p.Values {
					var got any
					if err := json.Unmarshal(jp.values[j], &got); err != nil {
						return count, err
					}
					want := jsonOfValue(g, &p, &p.Values[j])
					if !reflect.DeepEqual(got, want) {
						return count, fmt.Errorf("game %d node %d: %s[%q] is %s, the Decoder gives %#v",
							gi, i, p.ID, p.Values[j].Raw, jp.values[j], want)
					}
					count++
				}
			}
			i++
		}
		if i != len(nodes) {
			return count, fmt.Errorf("game %d: %d nodes, the output has %d", gi, i, len(nodes))
		}
	}
	return count, nil
}

// jsonOfValue is what encoding/json reads from the output for v, per the
// help of sgf json --decoded and the doc of sgf.Value and sgf.Atom.
func jsonOfValue(g *sgf.Game, p *sgf.Prop, v *sgf.Value) any {
	gm := g.Type()
	board := gm == sgf.GameGo || gm == sgf.GameHex
	if v.Err != nil {
		// "any value that does not have the form of its type" is a
		// simpletext; a number out of range and a move off the board
		// are kept (sgf.Value: "the point is kept", "the number is kept").
		kept := errors.Is(v.Err, value.ErrRange) &&
			(v.Type.First == property.Number || v.Type.First == property.Move) && v.First.Base != property.Unknown
		if !kept {
			cs := g.Charset().Charset
			if g.Charset().Transcoded {
				cs = charset.UTF8
			}
			s, _ := charset.Decode(cs, v.Raw)
			return string(value.SimpleText([]byte(s)))
		}
	}
	if len(v.Raw) == 0 && p.Info != nil && p.Info.Value.Form == property.EList {
		return nil // "none null (also the empty value of an elist: VW[])"
	}
	atom := func(b property.Base, a *sgf.Atom) any {
		xy := []any{float64(a.Point.X), float64(a.Point.Y)}
		switch {
		case b == property.None:
			return nil
		case b == property.Number:
			return float64(a.Number)
		case b == property.Real:
			return a.Real
		case b == property.Double:
			return float64(a.Double)
		case b == property.Color:
			return string(rune(a.Color))
		case (b == property.Point || b == property.Stone) && board:
			return xy
		case b == property.Move && board:
			if a.Pass {
				return nil
			}
			if gm == sgf.GameHex && a.Hex != value.HexPlace {
				return a.Hex.String()
			}
			return xy
		}
		return jsonString(a.Text)
	}
	if v.Type.Composed() {
		return []any{atom(v.Type.First, &v.First), atom(v.Type.Second, &v.Second)}
	}
	return atom(v.Type.First, &v.First)
}

// jsonString is the string that a JSON reader gets for b written by
// syntax.AppendJSONString: bytes of invalid UTF-8 as ISO-8859-1.
func jsonString(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	var sb strings.Builder
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if r == utf8.RuneError && n == 1 {
			r = rune(b[0])
		}
		sb.WriteRune(r)
		b = b[n:]
	}
	return sb.String()
}

// jNode is one node of the output: its properties, and whether the next
// node of its sequence follows (inSeq) or how many variations do (kids).
type jNode struct {
	props []jProp
	inSeq bool
	kids  int
}

type jProp struct {
	id     string
	values []json.RawMessage
}

// readDecodedJSON reads the output of sgf json --decoded: for each game
// its nodes in pre-order. It reads tokens, so a deep tree is no problem.
func readDecodedJSON(data []byte) ([][]jNode, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	r := tokens{dec: dec}
	r.delim('{')
	r.key("file")
	var name string
	r.decode(&name)
	r.key("games")
	r.delim('[')
	var games [][]jNode
	for r.err == nil && dec.More() {
		games = append(games, r.tree())
	}
	r.delim(']')
	r.delim('}')
	if r.err == nil {
		if _, err := dec.Token(); err != io.EOF {
			r.err = fmt.Errorf("more after the object: %v", err)
		}
	}
	return games, r.err
}

// tokens reads the expected tokens; the first error sticks.
type tokens struct {
	dec *json.Decoder
	err error
}

func (r *tokens) token() json.Token {
	if r.err != nil {
		return nil
	}
	tok, err := r.dec.Token()
	if err != nil {
		r.err = err
	}
	return tok
}

func (r *tokens) delim(d json.Delim) {
	if tok := r.token(); r.err == nil && tok != d {
		r.err = fmt.Errorf("at %d: %v, want %v", r.dec.InputOffset(), tok, d)
	}
}

func (r *tokens) key(k string) {
	if tok := r.token(); r.err == nil && tok != k {
		r.err = fmt.Errorf("at %d: %v, want key %q", r.dec.InputOffset(), tok, k)
	}
}

func (r *tokens) decode(v any) {
	if r.err == nil {
		r.err = r.dec.Decode(v)
	}
}

// tree reads one TREE, without recursion.
func (r *tokens) tree() []jNode {
	var nodes []jNode
	var open []int // the last node of each tree whose variations are being read
	for r.err == nil {
		r.delim('{')
		r.key("nodes")
		// A sequence does not nest: one Decode reads it.
		var seq []struct {
			Props []struct {
				ID     string            `json:"id"`
				Values []json.RawMessage `json:"values"`
			} `json:"props"`
		}
		r.decode(&seq)
		for i, n := range seq {
			jn := jNode{inSeq: i < len(seq)-1}
			for _, p := range n.Props {
				jn.props = append(jn.props, jProp{p.ID, p.Values})
			}
			nodes = append(nodes, jn)
		}
		r.key("variations")
		r.delim('[')
		open = append(open, len(nodes)-1)
		for r.err == nil && !r.dec.More() {
			r.delim(']')
			r.delim('}')
			open = open[:len(open)-1]
			if len(open) == 0 {
				return nodes
			}
		}
		if r.err == nil {
			if last := open[len(open)-1]; last >= 0 {
				nodes[last].kids++
			} else {
				r.err = errors.New("variations after a tree without nodes")
			}
		}
	}
	return nodes
}

// BenchmarkJSONDecoded measures `sgf json --decoded` of the KGS games.
func BenchmarkJSONDecoded(b *testing.B) {
	dir := corpusDir(b)
	inputs, _ := expandPaths([]string{dir + "/games/kgs"})
	var all bytes.Buffer
	for _, in := range inputs {
		src, err := os.ReadFile(in.name)
		if err != nil {
			b.Fatal(err)
		}
		all.Write(src)
		all.WriteByte('\n')
	}
	src := all.Bytes()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		var out, errb bytes.Buffer
		if code := Main([]string{"json", "--decoded", "-"}, bytes.NewReader(src), &out, &errb); code != 0 {
			b.Fatal(errb.String())
		}
	}
}
