package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/value"
)

// TestCommandsReadAlike reads every file of ../shared/corpus through the
// commands that read (issue 12, "one reading of a file"): json (streamed),
// json --decoded, info, tree, stats, fmt, show, fix (the command, -o -),
// and the reading of check and fix (parseAsRead: the typed view's
// SyntaxFile, which check.All reads too), and finds the same number of
// game trees everywhere, the same charset per tree in info as in the typed
// view, the trees of check and fix split into values with that charset's
// characters as the typed view splits them, and the same decoded text
// everywhere: every Text and SimpleText value of every node in json
// --decoded as the typed view decodes it, every value after fmt as before
// (a file fmt formats: exit status 0), and after fix of a file fix leaves
// as it was, the comment sgf show prints, the player names of json and
// info, and those stats counts (of every game, from its game-info node;
// stats counts no charset as read, its "charsets" are CA as written). The decoded text that fix
// writes where it changes a file is held by TestFixKeepsTextCorpus.
func TestCommandsReadAlike(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the whole corpus through six commands")
	}
	files := corpusFiles(t)
	var compared, fmtFormatted, showCompared, textsCompared, statsCompared, fixCompared atomic.Int64
	inParallel(files, func(name string) {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Error(err)
			return
		}
		run := func(args ...string) []byte {
			var stdout, stderr bytes.Buffer
			Main(append(args, name), nil, &stdout, &stderr)
			return stdout.Bytes()
		}
		type game struct {
			Black, White, Charset string
		}
		var info struct {
			Files []struct{ Games []game }
		}
		if err := json.Unmarshal(run("info", "--json"), &info); err != nil || len(info.Files) != 1 {
			return // unreadable: no game tree at all
		}
		games := info.Files[0].Games
		counts := map[string]int{"info": len(games)}

		// json and json --decoded: the first PB and PW of each root.
		names := func(out []byte, what string) {
			var doc jsonDoc
			if err := json.Unmarshal(out, &doc); err != nil {
				t.Errorf("%s: %s: %v", name, what, err)
				return
			}
			counts[what] = len(doc.Games)
			for i, g := range doc.Games {
				if i >= len(games) || len(g.Nodes) == 0 {
					break
				}
				seen, twice := map[string]bool{}, map[string]bool{}
				for _, p := range g.Nodes[0].Props {
					twice[p.ID] = seen[p.ID]
					seen[p.ID] = true
				}
				clear(seen)
				for _, p := range g.Nodes[0].Props {
					// Written twice, info joins the texts: compare
					// the single ones.
					if (p.ID != "PB" && p.ID != "PW") || seen[p.ID] || twice[p.ID] || len(p.Values) == 0 {
						continue
					}
					seen[p.ID] = true
					s, _ := p.Values[0].(string)
					want := games[i].Black
					if p.ID == "PW" {
						want = games[i].White
					}
					if !sameName(s, want) {
						t.Errorf("%s: game %d: %s %s %q, info %q", name, i, what, p.ID, s, want)
					}
				}
			}
		}
		names(run("json"), "json")
		decoded := run("json", "--decoded")
		names(decoded, "json --decoded")

		// The full decoded text: every value, as the typed view reads it.
		ref, c := decodedValues(t, src)
		if c != nil && !hasErrors(c) {
			diff, n := sameTexts(c, decoded)
			if diff != "" {
				t.Errorf("%s: json --decoded: %s", name, diff)
			}
			textsCompared.Add(int64(n))
		}
		// fmt: the same trees and every value's text as before.
		var fmtOut, fmtErr bytes.Buffer
		if Main([]string{"fmt", name}, nil, &fmtOut, &fmtErr) == exitOK && c != nil {
			after, d := decodedValues(t, fmtOut.Bytes())
			if d != nil {
				counts["fmt"] = d.Len()
			}
			if !sameValues(ref, after) && !hasErrors(c) {
				t.Errorf("%s: fmt changed the text of a value: %s", name, firstDiff(ref, after))
			}
			fmtFormatted.Add(1)
		}
		// show: the comment of the end of the first game's main line.
		if c != nil && c.Len() > 0 {
			var sh struct{ Comment string }
			if err := json.Unmarshal(run("show", "--json"), &sh); err == nil {
				var end sgf.Node
				for n := range c.Game(0).MainLine() {
					end = n
				}
				if want := end.Comment(); sh.Comment != want {
					t.Errorf("%s: show prints the comment %q, the typed view %q", name, sh.Comment, want)
				}
				showCompared.Add(1)
			}
		}

		counts["tree"] = bytes.Count(run("tree"), []byte(": game "))
		var st struct {
			Games   int
			Players map[string]int
		}
		if err := json.Unmarshal(run("stats", "--json"), &st); err == nil {
			counts["stats"] = st.Games
			// The player names stats counts (decoded in each tree's
			// charset, from the main line's game-info node; its
			// "charsets" are CA as written) are those info reads, in
			// every game.
			norm := func(s string) string { return strings.Join(strings.Fields(s), " ") }
			players := map[string]bool{}
			for p := range st.Players {
				players[norm(p)] = true
			}
			for i, g := range games {
				for _, p := range [...]string{g.Black, g.White} {
					if p = norm(p); p != "" && !players[p] {
						t.Errorf("%s: game %d: info reads the player %q, stats only %v", name, i, p, slices.Collect(maps.Keys(st.Players)))
					}
				}
			}
			statsCompared.Add(1)
		}
		// fix, as the command writes the file: its trees, and the text
		// of every value of a file it leaves as it was (TestFixKeepsTextCorpus
		// holds the text of those it changes).
		var fixOut, fixErr bytes.Buffer
		if Main([]string{"fix", "-o", "-", name}, nil, &fixOut, &fixErr) == exitOK && fixOut.Len() > 0 {
			after, d := decodedValues(t, fixOut.Bytes())
			if d != nil {
				counts["fix"] = d.Len()
			}
			if c != nil && bytes.Equal(fixOut.Bytes(), src) && !sameValues(ref, after) {
				t.Errorf("%s: fix left the file as it was, but reads a value otherwise: %s", name, firstDiff(ref, after))
			}
			fixCompared.Add(1)
		}
		f, _ := parseAsRead(src, nil)
		counts["check's reading"] = len(f.Trees)
		// The trees check and fix read are split as the typed view's
		// (whose charsets info reports).
		if c, _ := sgf.ReadBytes(src, nil); c != nil && c.Len() == len(f.Trees) && c.Len() == len(games) {
			for i, g := range c.Games() {
				ci := g.Charset()
				if ci.Name != games[i].Charset {
					t.Errorf("%s: game %d: info says %s, the typed view %s", name, i, games[i].Charset, ci.Name)
				}
				if !ci.Transcoded && g.Tree().LeadBytes() != f.Trees[i].LeadBytes() {
					t.Errorf("%s: game %d: check and fix split it as %v, the typed view as %v (%s)", name, i, f.Trees[i].LeadBytes(), g.Tree().LeadBytes(), ci.Name)
				}
			}
		}
		for what, n := range counts {
			if n != len(games) {
				t.Errorf("%s: %s reads %d game trees, info %d (%v)", name, what, n, len(games), counts)
				break
			}
		}
		compared.Add(1)
	})
	t.Logf("%d files compared; %d texts of json --decoded, %d files formatted by fmt, %d comments of show, %d player names of stats, %d files written by fix",
		compared.Load(), textsCompared.Load(), fmtFormatted.Load(), showCompared.Load(), statsCompared.Load(), fixCompared.Load())
	if textsCompared.Load() == 0 || fmtFormatted.Load() == 0 || showCompared.Load() == 0 || statsCompared.Load() == 0 || fixCompared.Load() == 0 {
		t.Errorf("%d texts, %d files formatted, %d comments of show, %d player names of stats, %d files of fix: the test compares nothing",
			textsCompared.Load(), fmtFormatted.Load(), showCompared.Load(), statsCompared.Load(), fixCompared.Load())
	}
}

// sameTexts compares the Text and SimpleText values of every node of
// sgf json --decoded (out) with the typed view's decoding of c: the
// game's charset, escapes removed, Text's line breaks kept and
// SimpleText's made spaces. It returns the first difference, or "", and
// the number of values compared.
func sameTexts(c *sgf.Collection, out []byte) (string, int) {
	var doc struct{ Games []jsonTree }
	if err := json.Unmarshal(out, &doc); err != nil {
		return err.Error(), 0
	}
	if len(doc.Games) != c.Len() {
		return fmt.Sprintf("%d games, the typed view %d", len(doc.Games), c.Len()), 0
	}
	compared := 0
	for gi, g := range c.Games() {
		nodes := preorder(&doc.Games[gi])
		k := 0
		for n := range g.Nodes() {
			if k >= len(nodes) {
				return fmt.Sprintf("game %d: %d nodes, the typed view more", gi, len(nodes)), compared
			}
			jn := nodes[k]
			k++
			want := map[string][]string{}
			for id, vals := range n.Props() {
				info, _ := property.Lookup(property.Canonical([]byte(id)))
				if info == nil || info.Value.Elem.Composed() ||
					info.Value.Elem.First != property.Text && info.Value.Elem.First != property.SimpleText {
					continue
				}
				for _, raw := range vals {
					u := decodeRaw(g.Charset(), raw)
					if info.Value.Elem.First == property.Text {
						want[id] = append(want[id], string(value.Text(u)))
					} else {
						want[id] = append(want[id], string(value.SimpleText(u)))
					}
				}
			}
			for _, p := range jn.Props {
				w, ok := want[p.ID]
				if !ok {
					continue
				}
				for i, v := range p.Values {
					s, isText := v.(string)
					if !isText || i >= len(w) {
						continue
					}
					if s != w[i] {
						return fmt.Sprintf("game %d node %d %s: %q, the typed view %q", gi, n.Number(), p.ID, s, w[i]), compared
					}
					compared++
				}
				delete(want, p.ID)
			}
		}
		if k != len(nodes) {
			return fmt.Sprintf("game %d: %d nodes, the typed view %d", gi, len(nodes), k), compared
		}
	}
	return "", compared
}

// jsonTree is a game tree of sgf json: its nodes and its variations.
type jsonTree struct {
	Nodes []struct {
		Props []struct {
			ID     string
			Values []any
		}
	}
	Variations []jsonTree
}

// preorder lists the nodes of t in pre-order, without recursion.
func preorder(t *jsonTree) []*struct {
	Props []struct {
		ID     string
		Values []any
	}
} {
	var out []*struct {
		Props []struct {
			ID     string
			Values []any
		}
	}
	stack := []*jsonTree{t}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for i := range x.Nodes {
			out = append(out, &x.Nodes[i])
		}
		for i := len(x.Variations) - 1; i >= 0; i-- {
			stack = append(stack, &x.Variations[i])
		}
	}
	return out
}

// sameName compares a player name of sgf json (a Text value, escapes and
// line breaks as written, undecodable bytes as their code points) with
// the one of sgf info (SimpleText: unescaped, line breaks as spaces,
// undecodable bytes as U+FFFD): the same up to the first U+FFFD.
func sameName(jsonText, info string) bool {
	norm := func(s string) string {
		s = strings.ReplaceAll(s, "\\", "")
		return strings.Join(strings.Fields(s), " ")
	}
	a, b := norm(jsonText), norm(info)
	if i := strings.IndexRune(b, '\uFFFD'); i >= 0 {
		b = b[:i]
		return strings.HasPrefix(a, b)
	}
	return a == b
}

// jsonDoc is the shape of one file of sgf json (and json --decoded) that
// the tests read: the properties of each node.
type jsonDoc struct {
	Games []struct {
		Nodes []struct {
			Props []struct {
				ID     string
				Values []any
			}
		}
	}
}
