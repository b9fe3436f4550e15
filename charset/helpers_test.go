package charset

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/sgf-toolkit/sgf/internal/sgftest"
)

// prop is one property value found by the tests' tiny SGF scanner.
type prop struct {
	id  string
	raw []byte // raw value bytes, escapes kept
}

// scanProps is a minimal SGF value scanner for the tests (the real one is
// package syntax). It honours lead bytes the way LeadBytes documents: in
// ShiftJIS, GBK and Big5 a lead byte takes the next byte with it, so a
// trail byte '\' or ']' neither escapes nor ends the value.
func scanProps(b []byte, lead LeadBytes) []prop {
	var out []prop
	var id []byte
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case 'A' <= c && c <= 'Z':
			id = append(id, c)
		case c == '[':
			j := i + 1
			for j < len(b) && b[j] != ']' {
				switch {
				case b[j] == '\\':
					j += 2
				case isLead(lead, b[j]):
					j += 2
				default:
					j++
				}
			}
			j = min(j, len(b))
			out = append(out, prop{id: string(id), raw: b[i+1 : j]})
			i = j
			if !(i+1 < len(b) && b[i+1] == '[') {
				id = id[:0]
			}
		case c == ' ' || c == '\n' || c == '\r' || c == '\t':
		default:
			id = id[:0]
		}
	}
	return out
}

func isLead(lead LeadBytes, c byte) bool {
	switch lead {
	case ShiftJIS:
		return 0x81 <= c && c <= 0x9F || 0xE0 <= c && c <= 0xFC
	case GBK, Big5:
		return 0x81 <= c && c <= 0xFE
	}
	return false
}

// textValues returns the raw values of the text properties, as a caller
// of Detect would pass them.
func textValues(b []byte, lead LeadBytes) [][]byte {
	var out [][]byte
	for _, p := range scanProps(b, lead) {
		switch p.id {
		case "C", "GC", "PB", "PW", "GN", "EV", "N", "BR", "WR", "PC", "RO", "SO", "US", "AN", "CP", "ON", "OT", "DT", "RE", "BT", "WT":
			out = append(out, p.raw)
		}
	}
	return out
}

// caValue returns the first CA[] value, or "".
func caValue(b []byte) string {
	for _, p := range scanProps(b, ASCIISafe) {
		if p.id == "CA" {
			return string(p.raw)
		}
	}
	return ""
}

func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// sharedDir returns ../shared relative to the repository root (the
// directory holding go.mod), skipping the test when it is absent.
func sharedDir(t testing.TB) string {
	t.Helper()
	return sgftest.Shared(t)
}

func readShared(t testing.TB, rel string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(sharedDir(t), rel))
	if err != nil {
		sgftest.SkipShared(t, fmt.Sprintf("corpus file missing: %v", err))
	}
	return b
}
