package webui

import (
	"net/http/httptest"
	"net/url"
	"strconv"
	"testing"

	"github.com/sgf-toolkit/sgf/internal/sgftest"
)

// BenchmarkPositionKogo measures the server's side of one step in Kogo's
// joseki dictionary (62,749 nodes): the cursor moved to the next node, the
// diagram built and drawn as SVG, the JSON written. The bytes are those
// of the answer.
func BenchmarkPositionKogo(b *testing.B) {
	dir := sgftest.Corpus(b, "stress/glift/test/testdata")
	s, err := New(Options{Roots: []string{dir}})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	file := url.QueryEscape("0/Kogo's Joseki Dictionary.sgf")
	w := httptest.NewRecorder()
	s.ServeHTTP(w, httptest.NewRequest("GET", "/api/game?file="+file, nil))
	if w.Code != 200 {
		b.Fatal(w.Code)
	}
	reqs := make([]string, 200)
	for i := range reqs {
		reqs[i] = "/api/position?file=" + file + "&n=" + strconv.Itoa(i)
	}
	b.ReportAllocs()
	b.ResetTimer()
	var n int64
	for i := 0; b.Loop(); i++ {
		w := httptest.NewRecorder()
		s.ServeHTTP(w, httptest.NewRequest("GET", reqs[i%len(reqs)], nil))
		n += int64(w.Body.Len())
	}
	if b.N > 0 {
		b.SetBytes(n / int64(b.N))
	}
}
