package cli

import (
	"net"
	"testing"

	"github.com/sgf-toolkit/sgf/internal/webui"
)

// TestPlural: a count and its noun, "propertys" no more (merge's summary of
// what --moves-only dropped said "2 propertys").
func TestPlural(t *testing.T) {
	for _, c := range []struct {
		n         int
		one, want string
	}{
		{1, "property", "1 property"},
		{2, "property", "2 properties"},
		{0, "game", "0 games"},
		{1, "game tree", "1 game tree"},
		{3, "byte", "3 bytes"},
		{2, "key", "2 keys"},
	} {
		if got := plural(c.n, c.one); got != c.want {
			t.Errorf("plural(%d, %q) = %q, want %q", c.n, c.one, got, c.want)
		}
	}
}

// TestServeLoopbackCase: --addr LOCALHOST:0 is the loopback interface, as
// the server judges a Host header of that name; it warned "not
// local-only" before, its test being case-sensitive.
func TestServeLoopbackCase(t *testing.T) {
	for host, want := range map[string]bool{
		"localhost": true, "LOCALHOST": true, "LocalHost": true, "127.0.0.1": true, "127.1.2.3": true, "::1": true,
		"0.0.0.0": false, "example.com": false, "localhost.example.com": false, "": false,
	} {
		if got := webui.LoopbackHost(host); got != want {
			t.Errorf("webui.LoopbackHost(%q) = %v, want %v", host, got, want)
		}
	}
	a := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}
	if got := urlHost(a, "LOCALHOST"); got != "localhost:8080" {
		t.Errorf("urlHost(LOCALHOST) = %q", got)
	}
}
