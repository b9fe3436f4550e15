package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/sgf-toolkit/sgf"
)

// TestCommandsReadAlike reads every file of ../shared/corpus through the
// commands that read (issue 12, "one reading of a file"): json (streamed),
// json --decoded, info, tree, stats, and the reading of check and fix
// (parseAsRead), and finds the same number of game trees everywhere, the
// same charset per tree in info as in the typed view, the trees of check
// and fix split into values with that charset's characters as the typed
// view splits them, and the same player names in json, json --decoded and
// info. The decoded text that fix writes
// is held by TestFixKeepsTextCorpus, fmt's by TestFmtKeepsTextCorpus.
func TestCommandsReadAlike(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the whole corpus through six commands")
	}
	files := corpusFiles(t)
	var compared atomic.Int64
	eachFile(files, func(name string) {
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
		names(run("json", "--decoded"), "json --decoded")

		counts["tree"] = bytes.Count(run("tree"), []byte(": game "))
		var st struct{ Games int }
		if err := json.Unmarshal(run("stats", "--json"), &st); err == nil {
			counts["stats"] = st.Games
		}
		f, _ := parseAsRead(src, nil)
		counts["check, fix"] = len(f.Trees)
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
	t.Logf("%d files compared", compared.Load())
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
