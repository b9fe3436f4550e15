package webui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// hostile is a game whose texts try to become HTML.
const hostile = `(;FF[4]GM[1]SZ[9]GN[<script>alert('gn')</script>]PB["><img src=x onerror=alert(1)>]PW[White]
C[<script>alert('c')</script>
second line]
;B[cc]C[move one];W[gg];B[cg](;W[gc]C[main])(;W[dd]C[variation]))
`

// koGame leads to a ko: White may not take back at once.
// Black stones at b1 c2 b3 ... built as setup for a clear ko shape:
//
//	. X O .
//	X . X O
//	. X O .
//
// Black plays... White took at bb, Black may not retake.
const koGame = `(;FF[4]GM[1]SZ[5]AB[ba][ab][cb]AW[ca][db][cc]AB[bc];W[bb];B[cb])`

type fixture struct {
	t    *testing.T
	dir  string
	s    *Server
	ts   *httptest.Server
	tok  string
	opts Options
}

func newFixture(t *testing.T, files map[string]string, opts Options) *fixture {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, "games", filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	opts.Roots = []string{filepath.Join(dir, "games")}
	opts.Loopback = true
	s, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	t.Cleanup(func() { ts.Close(); s.Close() })
	return &fixture{t: t, dir: dir, s: s, ts: ts, tok: s.Token(), opts: opts}
}

func (f *fixture) path(name string) string { return filepath.Join(f.dir, "games", name) }

// get fetches a URL path (with query) and returns the status and body.
func (f *fixture) get(path string) (int, []byte) {
	f.t.Helper()
	resp, err := http.Get(f.ts.URL + path)
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

func (f *fixture) getJSON(path string, v any) {
	f.t.Helper()
	code, b := f.get(path)
	if code != 200 {
		f.t.Fatalf("GET %s: %d %s", path, code, b)
	}
	if err := json.Unmarshal(b, v); err != nil {
		f.t.Fatalf("GET %s: %v", path, err)
	}
}

// post sends an edit with the token, from the same origin, unless the
// headers say otherwise.
func (f *fixture) post(body any, hdr map[string]string) (int, map[string]any) {
	f.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case string:
		rd = strings.NewReader(b)
	case io.Reader:
		rd = b
	default:
		j, _ := json.Marshal(body)
		rd = bytes.NewReader(j)
	}
	req, _ := http.NewRequest("POST", f.ts.URL+"/api/edit", rd)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-SGF-Token", f.tok)
	req.Header.Set("Origin", f.ts.URL)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	for k, v := range hdr {
		if v == "" {
			req.Header.Del(k)
		} else {
			req.Header.Set(k, v)
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	var m map[string]any
	json.NewDecoder(resp.Body).Decode(&m)
	return resp.StatusCode, m
}

func q(file string, kv ...string) string {
	v := url.Values{"file": {file}}
	for i := 0; i+1 < len(kv); i += 2 {
		v.Set(kv[i], kv[i+1])
	}
	return v.Encode()
}

func (f *fixture) waitLibrary() libraryPage {
	f.t.Helper()
	var page libraryPage
	for range 500 {
		f.getJSON("/api/library?limit=1000", &page)
		if page.Done {
			return page
		}
		time.Sleep(10 * time.Millisecond)
	}
	f.t.Fatal("library not built in 5 s")
	return page
}

func TestLibrary(t *testing.T) {
	f := newFixture(t, map[string]string{
		"a.sgf":         hostile,
		"sub/two.sgf":   "(;GM[1]SZ[19]PB[Honinbo Shusaku]BR[4d]PW[Gennan Inseki]DT[1846-09-11]RE[B+2];B[pd];W[dp])(;GM[1]SZ[13]PB[Zed]PW[Amy];B[aa])",
		"broken.sgf":    "(;GM[1]SZ[19]PB[Broken];B[pd];W[",
		"empty.sgf":     "",
		"notes.txt":     "not a game",
		".hidden/x.sgf": "(;PB[hidden])",
	}, Options{})
	page := f.waitLibrary()
	if page.Files != 4 || page.Scanned != 4 {
		t.Errorf("files %d scanned %d, want 4 and 4", page.Files, page.Scanned)
	}
	if page.Total != 5 {
		t.Errorf("total %d rows, want 5 (a, two games of two.sgf, broken, empty): %+v", page.Total, page.Rows)
	}
	var byPB libraryPage
	f.getJSON("/api/library?sort=pb", &byPB)
	var names []string
	for _, r := range byPB.Rows {
		names = append(names, r.PB)
	}
	if got := strings.Join(names, "|"); got != `|"><img src=x onerror=alert(1)>|Broken|Honinbo Shusaku|Zed` {
		t.Errorf("sorted by PB: %q", got)
	}
	f.getJSON("/api/library?sort=moves&desc=1&limit=1", &byPB)
	if len(byPB.Rows) != 1 || byPB.Rows[0].Moves != 4 || byPB.Total != 5 {
		t.Errorf("most moves first, limit 1: %+v", byPB)
	}
	var filtered libraryPage
	f.getJSON("/api/library?q="+url.QueryEscape("pb:honinbo 1846"), &filtered)
	if filtered.Total != 1 || filtered.Rows[0].PW != "Gennan Inseki" || filtered.Rows[0].BR != "4d" || filtered.Rows[0].Size != "19x19" || filtered.Rows[0].Games != 2 {
		t.Errorf("filter pb:honinbo 1846: %+v", filtered.Rows)
	}
	f.getJSON("/api/library?q=size:13x13", &filtered)
	if filtered.Total != 1 || filtered.Rows[0].Game != 2 || filtered.Rows[0].File != "0/sub/two.sgf" {
		t.Errorf("filter size:13x13: %+v", filtered.Rows)
	}
	f.getJSON("/api/library?q=empty", &filtered)
	if filtered.Total != 1 || filtered.Rows[0].Error == "" {
		t.Errorf("an empty file is a row that says why: %+v", filtered.Rows)
	}
}

func TestLibraryManyFilesPaged(t *testing.T) {
	files := map[string]string{}
	for i := range 1200 {
		files[filepath.Join("many", strings.Repeat("x", i%7)+string(rune('a'+i%26))+"-"+itoa(i)+".sgf")] = "(;GM[1]SZ[9]PB[P" + itoa(i) + "];B[aa])"
	}
	f := newFixture(t, files, Options{})
	page := f.waitLibrary()
	if page.Games != 1200 || page.Total != 1200 || len(page.Rows) != 1000 {
		t.Fatalf("games %d total %d rows %d", page.Games, page.Total, len(page.Rows))
	}
	var p2 libraryPage
	f.getJSON("/api/library?offset=1150&limit=100&sort=pb", &p2)
	if len(p2.Rows) != 50 {
		t.Errorf("last page: %d rows, want 50", len(p2.Rows))
	}
}

func itoa(i int) string { return strconvItoa(i) }

func TestGameAndPosition(t *testing.T) {
	f := newFixture(t, map[string]string{"a.sgf": hostile}, Options{})
	var g gameJSON
	f.getJSON("/api/game?"+q("0/a.sgf"), &g)
	if g.Info["PB"] != `"><img src=x onerror=alert(1)>` || g.Info["GN"] != "<script>alert('gn')</script>" {
		t.Errorf("info: %v", g.Info)
	}
	if g.Cols != 9 || g.GM != 1 || g.Tree.Kind != ".BWBWW" {
		t.Errorf("game: %+v", g)
	}
	if want := []int{-1, 0, 1, 2, 3, 3}; len(g.Tree.Parent) != 6 || !equalInts(g.Tree.Parent, want) {
		t.Errorf("tree parents %v, want %v", g.Tree.Parent, want)
	}
	var p positionJSON
	f.getJSON("/api/position?"+q("0/a.sgf", "node", "0"), &p)
	if p.Comment != "<script>alert('c')</script>\nsecond line" {
		t.Errorf("comment %q", p.Comment)
	}
	f.getJSON("/api/position?"+q("0/a.sgf", "node", "3"), &p)
	if p.Board[6] != "..B...W.." || p.Board[2] != "..B......" {
		t.Errorf("board at 3: %q", p.Board)
	}
	if p.Last == nil || p.Last.Color != "B" || p.Last.X != 2 || p.Last.Y != 6 || p.MoveNumber != 3 || p.ToPlay != "W" {
		t.Errorf("last move / number / to play: %+v %d %s", p.Last, p.MoveNumber, p.ToPlay)
	}
	if len(p.Variations) != 2 || p.Variations[1].Label != "B" || p.Variations[1].Move.X != 3 {
		t.Errorf("variations (ST 0: the children): %+v", p.Variations)
	}
	if len(p.Numbers) != 3 {
		t.Errorf("numbers of the stones: %v", p.Numbers)
	}
	// The board is the picture of package diagram: the stones and the
	// variation letters of the model, and a cell centre for every point.
	for _, want := range []string{`class="stone black" data-point="cc"`, `class="stone black" data-point="cg"`, `class="stone white" data-point="gg"`, `class="var"`} {
		if !strings.Contains(p.SVG, want) {
			t.Errorf("picture without %s:\n%s", want, p.SVG)
		}
	}
	if strings.Contains(p.SVG, `class="num"`) {
		t.Errorf("move numbers drawn without numbers=1")
	}
	if len(p.Cells) != 81 || p.Unit <= 0 || p.Width <= 0 {
		t.Errorf("cells %d, unit %v, width %v", len(p.Cells), p.Unit, p.Width)
	}
	var pn positionJSON
	f.getJSON("/api/position?"+q("0/a.sgf", "node", "3", "numbers", "1", "problem", "1", "theme", "dark"), &pn)
	if !strings.Contains(pn.SVG, `class="num"`) || strings.Contains(pn.SVG, `class="var"`) || pn.SVG == p.SVG {
		t.Errorf("numbers=1 problem=1 theme=dark: %s", pn.SVG)
	}
	f.getJSON("/api/position?"+q("0/a.sgf", "node", "3.1.0"), &p)
	if p.Comment != "variation" || p.Path != "3.1.0" || p.N != 5 {
		t.Errorf("node 3.1.0: %+v", p)
	}
	// A number past the end of the main line names a node in a variation
	// (sgf.NodeRef: numbers as 'sgf tree' prints them).
	f.getJSON("/api/position?"+q("0/a.sgf", "node", "5"), &p)
	if p.Comment != "variation" || p.Path != "3.1.0" {
		t.Errorf("node 5: %+v", p)
	}
	f.getJSON("/api/position?"+q("0/a.sgf", "n", "4"), &p)
	if p.Comment != "main" || p.Path != "4" {
		t.Errorf("node number 4: %+v", p)
	}
	for _, bad := range []string{"node=99", "node=x", "n=99", "game=2", "game=x"} {
		code, _ := f.get("/api/position?" + q("0/a.sgf") + "&" + bad)
		if code != 404 && code != 400 {
			t.Errorf("%s: status %d, want 404 or 400", bad, code)
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestTextNeverHTML: the texts of a file reach the page only as JSON
// strings (which the page puts in text nodes); the HTML the server sends
// holds none of them, and every answer forbids sniffing and inline script.
func TestTextNeverHTML(t *testing.T) {
	f := newFixture(t, map[string]string{"a.sgf": hostile}, Options{})
	for _, path := range []string{"/", "/view?" + q("0/a.sgf", "game", "1")} {
		code, body := f.get(path)
		if code != 200 || bytes.Contains(body, []byte("onerror")) || bytes.Contains(body, []byte("alert")) {
			t.Errorf("%s: %d, the page holds text of the file:\n%s", path, code, body)
		}
	}
	resp, err := http.Get(f.ts.URL + "/api/game?" + q("0/a.sgf"))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("Content-Type %q", ct)
	}
	if resp.Header.Get("X-Content-Type-Options") != "nosniff" || !strings.Contains(resp.Header.Get("Content-Security-Policy"), "script-src 'self'") {
		t.Errorf("security headers: %v", resp.Header)
	}
	if bytes.Contains(body, []byte("<script>")) || bytes.Contains(body, []byte("<img")) {
		t.Errorf("JSON holds raw HTML (encoding/json escapes < and >): %s", body)
	}
	// The page's script writes text with textContent only, never innerHTML.
	for _, name := range assetNames(t) {
		b, _ := staticFiles.ReadFile("static/" + name)
		for _, bad := range []string{"innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("} {
			if bytes.Contains(b, []byte(bad)) {
				t.Errorf("%s uses %s", name, bad)
			}
		}
	}
}

func assetNames(t *testing.T) []string {
	entries, err := staticFiles.ReadDir("static")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".js") {
			names = append(names, e.Name())
		}
	}
	return names
}

func TestPathTraversal(t *testing.T) {
	f := newFixture(t, map[string]string{"a.sgf": hostile, "sub/b.sgf": hostile}, Options{})
	secret := filepath.Join(f.dir, "secret.sgf")
	os.WriteFile(secret, []byte("(;C[secret])"), 0o644)
	if err := os.Symlink(secret, f.path("link.sgf")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(f.dir, f.path("up")); err != nil {
		t.Fatal(err)
	}
	os.Symlink("a.sgf", f.path("inside.sgf")) // relative: os.Root refuses absolute links
	for _, file := range []string{
		"0/../secret.sgf", "0/sub/../../secret.sgf", "0/%2e%2e/secret.sgf", "0/..%2fsecret.sgf",
		"0/%252e%252e/secret.sgf", "0//etc/passwd", "/etc/passwd", "0/" + secret, "0/link.sgf",
		"0/up/secret.sgf", "1/a.sgf", "00/a.sgf", "-1/a.sgf", "0/./a.sgf", "0/sub\\..\\..\\secret.sgf",
		"0/a.sgf\x00", "0", "", "0/sub",
	} {
		for _, ep := range []string{"game", "position", "download"} {
			// The raw query: file= is given as written, so that the
			// percent-encoded forms reach the server encoded.
			code, body := f.get("/api/" + ep + "?file=" + strings.ReplaceAll(url.QueryEscape(file), "%25", "%"))
			if code < 400 || bytes.Contains(body, []byte("secret")) {
				t.Errorf("%s %q: status %d %s", ep, file, code, body)
			}
			code, body = f.get("/api/" + ep + "?file=" + url.QueryEscape(file))
			if code < 400 || bytes.Contains(body, []byte("secret")) {
				t.Errorf("%s %q (encoded): status %d %s", ep, file, code, body)
			}
		}
		code, _ := f.post(map[string]any{"file": file, "game": 1, "op": "comment", "text": "x"}, nil)
		if code < 400 {
			t.Errorf("edit %q: status %d", file, code)
		}
	}
	if b, _ := os.ReadFile(secret); string(b) != "(;C[secret])" {
		t.Errorf("the file out of the root was changed: %q", b)
	}
	// A link inside the root to a file inside it is served.
	if code, _ := f.get("/api/game?" + q("0/inside.sgf")); code != 200 {
		t.Errorf("link inside the root: %d", code)
	}
	// The static files cannot reach out either.
	for _, p := range []string{"/static/../server.go", "/static/%2e%2e/server.go", "/static/..%2fserver.go"} {
		code, body := f.get(p)
		if code == 200 && bytes.Contains(body, []byte("package webui")) {
			t.Errorf("%s served the source", p)
		}
	}
	// The library lists the files of the root only.
	page := f.waitLibrary()
	for _, r := range page.Rows {
		if strings.Contains(r.File, "secret") {
			t.Errorf("library lists %s", r.File)
		}
	}
}

func TestHostCheck(t *testing.T) {
	f := newFixture(t, map[string]string{"a.sgf": hostile}, Options{})
	for host, want := range map[string]int{"evil.example": 421, "evil.example:80": 421, "localhost": 200, "127.0.0.1:1": 200, "[::1]:8": 200} {
		req, _ := http.NewRequest("GET", f.ts.URL+"/api/library", nil)
		req.Host = host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("Host %s: %d, want %d", host, resp.StatusCode, want)
		}
	}
}

func TestWritesNeedTokenAndSameOrigin(t *testing.T) {
	f := newFixture(t, map[string]string{"a.sgf": hostile}, Options{})
	edit := map[string]any{"file": "0/a.sgf", "game": 1, "node": "1", "op": "comment", "text": "changed"}
	for name, hdr := range map[string]map[string]string{
		"no token":         {"X-SGF-Token": ""},
		"wrong token":      {"X-SGF-Token": "0123"},
		"other origin":     {"Origin": "http://evil.example", "Sec-Fetch-Site": ""},
		"cross-site fetch": {"Sec-Fetch-Site": "cross-site"},
		"same-site fetch":  {"Sec-Fetch-Site": "same-site", "Origin": "http://a.localhost"},
	} {
		code, m := f.post(edit, hdr)
		if code != 403 {
			t.Errorf("%s: status %d %v, want 403", name, code, m)
		}
	}
	code, m := f.post(map[string]any{"file": "0/a.sgf", "game": 1, "op": "save"}, nil)
	if code != 200 {
		t.Fatalf("save: %d %v", code, m)
	}
	if b, _ := os.ReadFile(f.path("a.sgf")); string(b) != hostile {
		t.Errorf("the file changed: %q", b)
	}
	// GET never changes anything, and a GET to the edit endpoint is refused.
	if code, _ := f.get("/api/edit?" + q("0/a.sgf", "op", "delete", "node", "1")); code != 405 {
		t.Errorf("GET /api/edit: %d, want 405", code)
	}
}

func TestHugeRequestRefused(t *testing.T) {
	f := newFixture(t, map[string]string{"a.sgf": hostile}, Options{MaxRequestBytes: 1 << 20})
	big := `{"file":"0/a.sgf","game":1,"node":"1","op":"comment","text":"` + strings.Repeat("x", 2<<20) + `"}`
	code, m := f.post(big, nil)
	if code != 413 {
		t.Errorf("2 MiB edit: status %d %v, want 413", code, m)
	}
	// A file larger than the limit is not opened.
	f2 := newFixture(t, map[string]string{"big.sgf": "(;C[" + strings.Repeat("y", 3000) + "])"}, Options{MaxFileBytes: 2000})
	if code, _ := f2.get("/api/game?" + q("0/big.sgf")); code != 413 {
		t.Errorf("file over MaxFileBytes: %d, want 413", code)
	}
}

func TestEditAndSaveLossless(t *testing.T) {
	// Unusual spacing and private properties that a rewrite would lose.
	src := "(;FF[4]GM[1]SZ[9]XX[private]  C[root]\n;B[cc] ;W[gg]\n\n ;B[cg]LZ[keep me](;W[gc]C[main])(;W[dd]))\n"
	f := newFixture(t, map[string]string{"a.sgf": src}, Options{})
	code, m := f.post(map[string]any{"file": "0/a.sgf", "game": 1, "node": "2", "op": "comment", "text": "a comment\nwith ] and \\"}, nil)
	if code != 200 || m["node"] != "2" || m["dirty"] != true {
		t.Fatalf("comment: %d %v", code, m)
	}
	code, m = f.post(map[string]any{"file": "0/a.sgf", "game": 1, "node": "4", "op": "play", "x": 5, "y": 5}, nil)
	if code != 200 || m["node"] != "5" {
		t.Fatalf("play: %d %v", code, m)
	}
	code, m = f.post(map[string]any{"file": "0/a.sgf", "game": 1, "op": "save"}, nil)
	if code != 200 || m["dirty"] != false {
		t.Fatalf("save: %d %v", code, m)
	}
	got, _ := os.ReadFile(f.path("a.sgf"))
	want := "(;FF[4]GM[1]SZ[9]XX[private]  C[root]\n;B[cc] ;W[gg]C[a comment\nwith \\] and \\\\]\n\n ;B[cg]LZ[keep me](;W[gc]C[main];B[ff])(;W[dd]))\n"
	if string(got) != want {
		t.Errorf("saved file:\n%s\nwant:\n%s", got, want)
	}
	// Undo twice gives the original back; redo once the comment.
	for range 2 {
		if code, m := f.post(map[string]any{"file": "0/a.sgf", "game": 1, "node": "5", "op": "undo"}, nil); code != 200 {
			t.Fatalf("undo: %d %v", code, m)
		}
	}
	if code, _ := f.post(map[string]any{"file": "0/a.sgf", "game": 1, "op": "undo"}, nil); code != 409 {
		t.Errorf("a third undo: %d, want 409", code)
	}
	var p positionJSON
	f.getJSON("/api/position?"+q("0/a.sgf", "node", "2"), &p)
	if p.Comment != "" {
		t.Errorf("after undo, comment %q", p.Comment)
	}
	f.post(map[string]any{"file": "0/a.sgf", "game": 1, "node": "2", "op": "redo"}, nil)
	f.getJSON("/api/position?"+q("0/a.sgf", "node", "2"), &p)
	if p.Comment != "a comment\nwith ] and \\" {
		t.Errorf("after redo, comment %q", p.Comment)
	}
}

func TestSaveRefusedWhenChangedOnDisk(t *testing.T) {
	f := newFixture(t, map[string]string{"a.sgf": hostile}, Options{})
	if code, m := f.post(map[string]any{"file": "0/a.sgf", "game": 1, "node": "1", "op": "comment", "text": "mine"}, nil); code != 200 {
		t.Fatalf("comment: %d %v", code, m)
	}
	other := strings.Replace(hostile, "move one", "theirs", 1)
	os.WriteFile(f.path("a.sgf"), []byte(other), 0o644)
	code, m := f.post(map[string]any{"file": "0/a.sgf", "game": 1, "op": "save"}, nil)
	if code != 409 || !strings.Contains(m["error"].(string), "changed on disk") {
		t.Errorf("save over a changed file: %d %v", code, m)
	}
	if b, _ := os.ReadFile(f.path("a.sgf")); string(b) != other {
		t.Errorf("the other program's file was overwritten")
	}
	// The edit is still there, to download.
	_, body := f.get("/api/download?" + q("0/a.sgf"))
	if !bytes.Contains(body, []byte("C[mine]")) {
		t.Errorf("download after the refused save: %s", body)
	}
}

func TestPlayRules(t *testing.T) {
	f := newFixture(t, map[string]string{"a.sgf": hostile, "ko.sgf": koGame, "hex.sgf": "(;FF[4]GM[11]SZ[5];B[c3])", "chess.sgf": "(;GM[3])"}, Options{})
	for _, c := range []struct {
		file, node string
		x, y       int
		op, want   string
		code       int
	}{
		{"0/a.sgf", "1", 2, 2, "play", "the point is taken", 422},
		{"0/a.sgf", "1", 9, 0, "play", "off the board", 422},
		{"0/ko.sgf", "1", 2, 1, "play", "ko", 422},
		{"0/a.sgf", "3", 6, 2, "play", "", 200}, // follows W[gc]
		{"0/hex.sgf", "1", 2, 2, "play", "taken", 422},
		{"0/hex.sgf", "1", 0, 0, "play", "", 200},
		{"0/chess.sgf", "0", 0, 0, "play", "Go and Hex", 422},
	} {
		code, m := f.post(map[string]any{"file": c.file, "game": 1, "node": c.node, "op": c.op, "x": c.x, "y": c.y}, nil)
		msg, _ := m["error"].(string)
		if code != c.code || c.want != "" && !strings.Contains(msg, c.want) {
			t.Errorf("%s at %s (%d,%d): %d %v, want %d %q", c.file, c.node, c.x, c.y, code, m, c.code, c.want)
		}
	}
	code, m := f.post(map[string]any{"file": "0/a.sgf", "game": 1, "node": "3", "op": "play", "x": 6, "y": 2}, nil)
	if m["followed"] != true || m["node"] != "4" {
		t.Errorf("playing the main line's move follows it: %d %v", code, m)
	}
	if b, _ := os.ReadFile(f.path("hex.sgf")); string(b) != "(;FF[4]GM[11]SZ[5];B[c3])" {
		t.Errorf("hex file written without save: %q", b)
	}
	f.post(map[string]any{"file": "0/hex.sgf", "game": 1, "op": "save"}, nil)
	if b, _ := os.ReadFile(f.path("hex.sgf")); string(b) != "(;FF[4]GM[11]SZ[5];B[c3];W[a1])" {
		t.Errorf("hex file saved: %q", b)
	}
}

func TestMarkupDeletePromoteInfo(t *testing.T) {
	src := "(;GM[1]SZ[9]PB[Old];B[cc]TR[aa](;W[gg])(;W[dd]))"
	f := newFixture(t, map[string]string{"a.sgf": src}, Options{})
	edit := func(m map[string]any) map[string]any {
		m["file"], m["game"] = "0/a.sgf", 1
		code, r := f.post(m, nil)
		if code != 200 {
			t.Fatalf("%v: %d %v", m, code, r)
		}
		return r
	}
	edit(map[string]any{"node": "1", "op": "markup", "prop": "SQ", "x": 0, "y": 0})
	edit(map[string]any{"node": "1", "op": "markup", "prop": "LB", "x": 1, "y": 1})
	edit(map[string]any{"node": "1", "op": "markup", "prop": "LB", "x": 2, "y": 1, "text": "x:y"})
	edit(map[string]any{"node": "1", "op": "markup", "prop": "CR", "x": 3, "y": 3})
	edit(map[string]any{"node": "1", "op": "markup", "prop": "CR", "x": 3, "y": 3})
	edit(map[string]any{"node": "0", "op": "info", "info": map[string]string{"PB": "New", "PW": "Someone", "EV": ""}})
	r := edit(map[string]any{"node": "1.1.0", "op": "promote"})
	if r["node"] != "2" {
		t.Errorf("promoted node's path: %v", r["node"])
	}
	// The tree and the node numbers are pre-order after the edit: the
	// promoted W[dd] is node 2 (sgf.Node.Number numbers the tree as it
	// prints, also after structural edits).
	var g gameJSON
	f.getJSON("/api/game?"+q("0/a.sgf"), &g)
	var p positionJSON
	f.getJSON("/api/position?"+q("0/a.sgf", "n", "2"), &p)
	if !equalInts(g.Tree.Parent, []int{-1, 0, 1, 1}) || p.Path != "2" || p.Last == nil || p.Last.X != 3 {
		t.Errorf("after promote: tree %v, node 2 at %s with %+v", g.Tree.Parent, p.Path, p.Last)
	}
	r = edit(map[string]any{"node": "1.1.0", "op": "delete"})
	if r["node"] != "1" {
		t.Errorf("after delete: %v", r["node"])
	}
	edit(map[string]any{"op": "save"})
	got, _ := os.ReadFile(f.path("a.sgf"))
	// The printer keeps the parentheses of a variation left alone.
	if want := "(;GM[1]SZ[9]PB[New]PW[Someone];B[cc]SQ[aa]LB[bb:A][cb:x\\:y](;W[dd]))"; string(got) != want {
		t.Errorf("saved:\n%s\nwant\n%s", got, want)
	}
	code, m := f.post(map[string]any{"file": "0/a.sgf", "game": 1, "node": "0", "op": "info", "info": map[string]string{"XX": "1"}}, nil)
	if code != 400 {
		t.Errorf("info XX: %d %v", code, m)
	}
	code, m = f.post(map[string]any{"file": "0/a.sgf", "game": 1, "node": "0", "op": "delete"}, nil)
	if code != 400 {
		t.Errorf("delete the root: %d %v", code, m)
	}
}

func TestReadOnly(t *testing.T) {
	f := newFixture(t, map[string]string{"a.sgf": hostile}, Options{ReadOnly: true})
	code, m := f.post(map[string]any{"file": "0/a.sgf", "game": 1, "node": "1", "op": "comment", "text": "x"}, nil)
	if code != 403 || !strings.Contains(m["error"].(string), "read-only") {
		t.Errorf("edit on a read-only server: %d %v", code, m)
	}
	var g gameJSON
	f.getJSON("/api/game?"+q("0/a.sgf"), &g)
	if !g.ReadOnly {
		t.Errorf("game JSON does not say read-only")
	}
}

func TestDownload(t *testing.T) {
	f := newFixture(t, map[string]string{"a.sgf": hostile, "two.sgf": "(;GM[1]C[one])(;GM[1]C[two];B[aa](;W[bb])(;W[cc]C[x]))"}, Options{})
	code, body := f.get("/api/download?" + q("0/a.sgf"))
	if code != 200 || string(body) != hostile {
		t.Errorf("download game: %d %q", code, body)
	}
	code, body = f.get("/api/download?" + q("0/two.sgf", "game", "2", "what", "variation", "node", "1.1.0"))
	if code != 200 || string(body) != "(;GM[1]C[two];B[aa];W[cc]C[x])\n" {
		t.Errorf("download variation: %d %q", code, body)
	}
	code, body = f.get("/api/download?" + q("0/a.sgf", "what", "svg", "node", "2"))
	if code != 200 || !bytes.HasPrefix(body, []byte("<svg")) || !bytes.Contains(body, []byte(`data-point="gg"`)) || bytes.Contains(body, []byte("<script>")) {
		t.Errorf("download svg: %d %s", code, body)
	}
	code, body = f.get("/api/download?" + q("0/a.sgf", "what", "png", "node", "2"))
	if code != 200 || !bytes.HasPrefix(body, []byte("\x89PNG\r\n")) {
		t.Errorf("download png: %d %.40q", code, body)
	}
	code, body = f.get("/api/download?" + q("0/a.sgf", "what", "gif"))
	if code != 200 || !bytes.HasPrefix(body, []byte("GIF89a")) {
		t.Errorf("download gif: %d %.40q", code, body)
	}
	resp, _ := http.Get(f.ts.URL + "/api/download?" + q("0/two.sgf", "game", "2"))
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if cd := resp.Header.Get("Content-Disposition"); cd != `attachment; filename="two-game2.sgf"` || !strings.HasPrefix(string(b), "(;GM[1]C[two]") {
		t.Errorf("second game: %q %q", cd, b)
	}
}

// TestLibraryAfterSave: a saved file's rows are read again.
func TestLibraryAfterSave(t *testing.T) {
	f := newFixture(t, map[string]string{"a.sgf": "(;GM[1]SZ[9]PB[Before];B[aa])"}, Options{})
	f.waitLibrary()
	f.post(map[string]any{"file": "0/a.sgf", "game": 1, "op": "info", "info": map[string]string{"PB": "After"}}, nil)
	if code, m := f.post(map[string]any{"file": "0/a.sgf", "game": 1, "op": "save"}, nil); code != 200 {
		t.Fatalf("save: %d %v", code, m)
	}
	var page libraryPage
	f.getJSON("/api/library", &page)
	if len(page.Rows) != 1 || page.Rows[0].PB != "After" {
		t.Errorf("library after save: %+v", page.Rows)
	}
}

// TestOpenDocumentsFew: beyond maxOpen, unedited documents are dropped
// (the least recently opened first); edited ones are kept.
func TestOpenDocumentsFew(t *testing.T) {
	files := map[string]string{}
	for i := range maxOpen + 10 {
		files[fmt.Sprintf("g%02d.sgf", i)] = "(;GM[1]SZ[9];B[aa])"
	}
	f := newFixture(t, files, Options{})
	if code, _ := f.post(map[string]any{"file": "0/g00.sgf", "game": 1, "node": "1", "op": "comment", "text": "kept"}, nil); code != 200 {
		t.Fatal("edit")
	}
	for i := 1; i < maxOpen+10; i++ {
		if code, _ := f.get("/api/game?" + q(fmt.Sprintf("0/g%02d.sgf", i))); code != 200 {
			t.Fatal("open")
		}
	}
	f.s.mu.Lock()
	n, kept, first := len(f.s.docs), f.s.docs["0/g00.sgf"] != nil, f.s.docs["0/g01.sgf"] != nil
	f.s.mu.Unlock()
	if n > maxOpen || !kept || first {
		t.Errorf("%d documents open (max %d), edited one kept %v, least recent one kept %v", n, maxOpen, kept, first)
	}
	var p positionJSON
	f.getJSON("/api/position?"+q("0/g00.sgf", "node", "1"), &p)
	if p.Comment != "kept" {
		t.Errorf("edited document lost its edit: %q", p.Comment)
	}
}

// TestOtherFormats: a Tygem GIB file (EUC-KR) is listed and shown as
// package formats reads it into SGF, as the command line reads it, and is
// never edited: saving would write SGF over the GIB file.
func TestOtherFormats(t *testing.T) {
	gib, err := os.ReadFile(filepath.Join("..", "..", "formats", "testdata", "gib", "handicap3-euckr.gib"))
	if err != nil {
		t.Fatal(err)
	}
	f := newFixture(t, map[string]string{"t.gib": string(gib), "notes.txt": "not a game"}, Options{})
	page := f.waitLibrary()
	if page.Total != 1 || page.Rows[0].PB != "이세돌" || page.Rows[0].PW != "박정환" || page.Rows[0].File != "0/t.gib" {
		t.Fatalf("library: %+v", page.Rows)
	}
	var g gameJSON
	f.getJSON("/api/game?"+q("0/t.gib"), &g)
	if !g.ReadOnly || g.Info["PB"] != "이세돌" {
		t.Errorf("game JSON: read-only %v, info %v", g.ReadOnly, g.Info)
	}
	var p positionJSON
	f.getJSON("/api/position?"+q("0/t.gib", "node", "1"), &p)
	if p.Last == nil || p.Last.Color != "W" || p.Last.X != 2 || p.Last.Y != 2 {
		t.Errorf("the GIB's first move (W cc): %+v", p.Last)
	}
	code, m := f.post(map[string]any{"file": "0/t.gib", "game": 1, "node": "1", "op": "comment", "text": "x"}, nil)
	if code != 403 || !strings.Contains(m["error"].(string), "GIB") {
		t.Errorf("an edit of a GIB file: %d %v", code, m)
	}
	if b, _ := os.ReadFile(f.path("t.gib")); !bytes.Equal(b, gib) {
		t.Errorf("the GIB file changed on disk")
	}
}

// TestPlaySuperko: the viewer refuses a move that repeats an earlier
// position, by the rule the game's RU chooses as sgf check's C55 does:
// none under Japanese rules; situational under AGA rules, which allow the
// retake when the root had White to play (PL[W]): the same stones, but
// not the same player to move. (Issue 13, item 1: the retake after both
// players passed.)
func TestPlaySuperko(t *testing.T) {
	const shape = "GM[1]FF[4]SZ[4]AB[ba][ab][bc]AW[ca][bb][db][cc]"
	for _, tc := range []struct {
		ru   string
		want int
	}{
		{"", 422},
		{"RU[Chinese]", 422},
		{"RU[Japanese]", 200},
		{"RU[AGA]", 422},
		{"PL[W]RU[Chinese]", 422},
		{"PL[W]RU[AGA]", 200},
		{"PL[W]RU[NZ]", 200},
		{"PL[W]", 422},
	} {
		src := "(;" + shape + tc.ru + ";B[cb];W[];B[])"
		f := newFixture(t, map[string]string{"a.sgf": src}, Options{})
		code, r := f.post(map[string]any{"file": "0/a.sgf", "game": 1, "node": "3", "op": "play", "color": "W", "x": 1, "y": 1}, nil)
		if code != tc.want {
			t.Errorf("%s: W[bb] after the passes: %d %v, want %d", tc.ru, code, r, tc.want)
		}
		if code == 422 && !strings.Contains(fmt.Sprint(r), "superko") {
			t.Errorf("%s: %v, want the superko reason", tc.ru, r)
		}
	}
}
