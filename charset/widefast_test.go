package charset

import (
	"strings"
	"testing"
)

// TestDetectWideFastPath: DetectWide answers without the detection for
// text with no NUL byte and no UTF-16 byte order mark (and no escape
// sequence of ISO-2022-JP, which TestJISOneTest covers); the detection
// itself must agree that such text is not wide.
func TestDetectWideFastPath(t *testing.T) {
	inputs := [][]byte{
		[]byte("(;FF[4]C[plain ascii])"),
		[]byte("\xEF\xBB\xBF(;FF[4]CA[UTF-8]C[caf\xc3\xa9])"),
		[]byte("(;FF[4]C[caf\xe9 latin-1])"),
		[]byte("(;FF[4]CA[Shift_JIS]C[\x83\x5d\x93\xfa\x96\x7b])"),
		[]byte("(;FF[4]CA[GB2312]C[\xc4\xe3\xba\xc3])"),
		{},
	}
	for _, in := range inputs {
		if _, ok := DetectWide(in); ok {
			t.Errorf("%q: decoded as wide", in)
		}
		name := DetectFile(in).Charset.Name()
		if strings.HasPrefix(name, "UTF-16") || strings.HasPrefix(name, "UTF-32") {
			t.Errorf("%q: DetectFile says %s, but DetectWide's fast path says not wide", in, name)
		}
	}
	wide := [][]byte{
		[]byte("\xFF\xFE(\x00;\x00B\x00[\x00a\x00a\x00]\x00)\x00"),
		[]byte("(\x00;\x00B\x00[\x00a\x00a\x00]\x00)\x00"),
		[]byte("\x00(\x00;\x00B\x00[\x00a\x00a\x00]\x00)"),
	}
	for _, in := range wide {
		if _, ok := DetectWide(in); !ok {
			t.Errorf("%q: not decoded as wide", in)
		}
	}
}
