package check

import "github.com/sgf-toolkit/sgf/value"

// memo keeps strings made of the bytes they quote: a rule that would
// build the same message again and again (the standard collection's
// 64,818 diagnostics have a few dozen different messages: "unknown
// property <TT> found (kept)" 12,720 times) builds each once and looks it
// up after, without an allocation. A memo lives in a Pass, from tree to
// tree of the checker, and holds at most memoMax strings.
type memo map[string]string

const memoMax = 64

// of returns prefix + key + suffix.
func (m *memo) of(prefix string, key []byte, suffix string) string {
	if s, ok := (*m)[string(key)]; ok {
		return s
	}
	s := prefix + string(key) + suffix
	m.put(key, s)
	return s
}

// ofID returns prefix + id + suffix.
func (m *memo) ofID(prefix, id, suffix string) string {
	if s, ok := (*m)[id]; ok {
		return s
	}
	s := prefix + id + suffix
	if *m == nil || len(*m) >= memoMax {
		*m = make(memo, 8)
	}
	(*m)[id] = s
	return s
}

// notInFFSuffix ends runNotInFF's message for FF[1] to FF[4].
var notInFFSuffix = [5]string{"", "> is not defined in FF[1] (parsing done anyway)", "> is not defined in FF[2] (parsing done anyway)",
	"> is not defined in FF[3] (parsing done anyway)", "> is not defined in FF[4] (parsing done anyway)"}

// put keeps s for key.
func (m *memo) put(key []byte, s string) {
	if *m == nil || len(*m) >= memoMax {
		*m = make(memo, 8)
	}
	(*m)[string(key)] = s
}

// memos are the memos of a Pass, one for each form of message (or of
// value) that it keeps.
type memos struct {
	unknownKept, unknownDeleted memo    // runUnknown's messages, by identifier as written
	notInFF                     [5]memo // runNotInFF's messages, by FF and identifier
	emptyFound, emptyNotAllowed memo    // C06's messages, by identifier
	apMsg, apFix                memo    // C09's message and new value of AP[name], by value
	chinese                     memo    // an ASCII RU: "1" when value.ChineseRules, else ""
	foxKomi, foxMsg             [2]memo // foxKomi's points ("" for none) and C48's message, by KM and Chinese rules
}

// chineseRules is value.ChineseRules of the RU ru, kept for an ASCII value.
func (p *Pass) chineseRules(ru *PropView) bool {
	raw := ru.Values[0].Raw
	if !plainASCII(raw) {
		return value.ChineseRules(p.text(ru))
	}
	if s, ok := p.memo.chinese[string(raw)]; ok {
		return s != ""
	}
	c := value.ChineseRules(raw)
	s := ""
	if c {
		s = "1"
	}
	p.memo.chinese.put(raw, s)
	return c
}

// foxKomi is foxKomi of the KM value raw, kept.
func (p *Pass) foxKomi(raw []byte, chinese bool) (string, bool) {
	m := &p.memo.foxKomi[b2i(chinese)]
	if s, ok := (*m)[string(raw)]; ok {
		return s, s != ""
	}
	pts, ok := foxKomi(value.SimpleText(raw), chinese)
	if !ok {
		pts = ""
	}
	m.put(raw, pts)
	return pts, ok
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
