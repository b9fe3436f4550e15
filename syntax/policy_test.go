package syntax

import "strings"

// caPolicy is the grouping policy the tests of two-byte values pass: this
// package knows no charset names (package sgf passes sgf.LeadBytesOfCA,
// which asks package charset).
var caPolicy = &Options{TreeLeadBytes: func(_ int, ca []byte) LeadBytes {
	switch strings.NewReplacer("-", "", "_", "").Replace(strings.ToLower(string(ca))) {
	case "shiftjis", "sjis", "cp932":
		return ShiftJIS
	case "gbk", "gb2312", "gb18030", "cp936":
		return GBK
	case "big5", "cp950":
		return Big5
	}
	return ASCIISafe
}}
