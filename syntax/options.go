package syntax

// LeadBytes says how the bytes of property values are grouped into
// characters while the parser looks for the "]" that ends a value. In
// Shift_JIS, GBK and Big5 the second byte of a two-byte character can be
// "\" (0x5C) or "]" (0x5D), so those bytes must be skipped with their lead
// byte; every other charset seen in SGF files (UTF-8, ISO-8859-*, EUC-*,
// windows-125x) is ASCII-safe. Package charset reports the same values and
// knows which charset groups how: this package holds no table of charset
// names, its caller says how each tree is grouped (Options.LeadBytes,
// Options.TreeLeadBytes; package sgf decides it from CA[] and the bytes).
type LeadBytes uint8

const (
	ASCIISafe LeadBytes = iota // no multibyte character holds an ASCII byte
	ShiftJIS                   // lead 0x81-0x9F, 0xE0-0xFC; trail 0x40-0x7E, 0x80-0xFC
	GBK                        // lead 0x81-0xFE; trail 0x40-0x7E, 0x80-0xFE (GB2312 as written in files, GBK, GB18030, CP936)
	Big5                       // lead 0x81-0xFE; trail 0x40-0x7E, 0xA1-0xFE
)

var leadBytesNames = [...]string{ASCIISafe: "ascii-safe", ShiftJIS: "shift_jis", GBK: "gbk", Big5: "big5"}

func (l LeadBytes) String() string {
	if int(l) < len(leadBytesNames) {
		return leadBytesNames[l]
	}
	return "LeadBytes(?)"
}

// IsLead reports whether c can start a two-byte character in l.
func (l LeadBytes) IsLead(c byte) bool { return l.isLead(c) }

// IsTrail reports whether c can end a two-byte character in l.
func (l LeadBytes) IsTrail(c byte) bool { return l.isTrail(c) }

func (l LeadBytes) isLead(c byte) bool {
	switch l {
	case ShiftJIS:
		return (c >= 0x81 && c <= 0x9F) || (c >= 0xE0 && c <= 0xFC)
	case GBK, Big5:
		return c >= 0x81 && c <= 0xFE
	}
	return false
}

func (l LeadBytes) isTrail(c byte) bool {
	switch l {
	case ShiftJIS:
		return c >= 0x40 && c <= 0xFC && c != 0x7F
	case GBK:
		// 0x30-0x39 is the second byte of a GB18030 four-byte sequence.
		return (c >= 0x40 && c <= 0xFE && c != 0x7F) || (c >= 0x30 && c <= 0x39)
	case Big5:
		return (c >= 0x40 && c <= 0x7E) || (c >= 0xA1 && c <= 0xFE)
	}
	return false
}

// Options are the limits and choices of a parse. The zero value means the
// defaults.
type Options struct {
	// MaxBytes is the largest input accepted (default DefaultMaxBytes).
	MaxBytes int64
	// MaxNodes is the largest number of nodes in one game tree
	// (default DefaultMaxNodes).
	MaxNodes int
	// MaxValueBytes is the largest property value (default DefaultMaxValueBytes).
	MaxValueBytes int
	// MaxDepth is the deepest nesting of variations (default DefaultMaxDepth).
	MaxDepth int
	// LeadBytes is the grouping of every game tree when TreeLeadBytes is
	// nil.
	LeadBytes LeadBytes
	// ForceLeadBytes is kept for callers of earlier versions: LeadBytes
	// is used for every tree unless TreeLeadBytes is set.
	ForceLeadBytes bool
	// TreeLeadBytes, when set, decides the grouping of each game tree:
	// it is called as the tree starts, with its index in the input and
	// the raw value of its root's CA (nil when there is none), and its
	// answer is used, whatever LeadBytes says. Package sgf passes the
	// grouping of the charset a CA names (sgf.LeadBytesOfCA) for a first
	// parse, and the grouping it decided per tree for a second one
	// (Collection.SyntaxFile), so that every reader of a file splits it
	// the same way. This package knows no charset names.
	TreeLeadBytes func(tree int, ca []byte) LeadBytes
	// Wide, when set, reports whether the input (src, or a stream's first
	// bytes) is text in a wide encoding that the caller did not decode
	// (UTF-16 or UTF-32): NUL bytes before its first game tree are then
	// reported one by one (S10, a hint) instead of as binary data (S02,
	// BinaryData). This package recognises no encoding: package sgf and
	// the command line pass charset.IsWide, the one test of the module.
	// Nil: no input is wide (sgf.Read and sgf.NewReader decode a wide
	// input before they parse it).
	Wide func(src []byte) bool
	// OnTree, when set, is called by Parse with each game tree as soon as
	// it is read, before the next one is: work on the tree then finds its
	// bytes and records still in the CPU's caches. The tree is complete;
	// the File's diagnostics are not, until Parse returns.
	OnTree func(*Tree)
}

// The default limits. They are far above any real file (the largest known
// SGF files are joseki dictionaries of a few MB and 100,000 nodes) and
// bound the memory a hostile input can take.
const (
	DefaultMaxBytes      = 1 << 30    // 1 GiB
	DefaultMaxNodes      = 50_000_000 // 600 MB of node records
	DefaultMaxValueBytes = 64 << 20   // 64 MiB
	DefaultMaxDepth      = 10_000_000
	maxIdentLen          = 100 // SGFC's limit (message 11)
)

func (o *Options) withDefaults() Options {
	var r Options
	if o != nil {
		r = *o
	}
	if r.MaxBytes <= 0 || r.MaxBytes > DefaultMaxBytes*3 {
		r.MaxBytes = DefaultMaxBytes
	}
	if r.MaxNodes <= 0 {
		r.MaxNodes = DefaultMaxNodes
	}
	if r.MaxValueBytes <= 0 {
		r.MaxValueBytes = DefaultMaxValueBytes
	}
	if r.MaxDepth <= 0 {
		r.MaxDepth = DefaultMaxDepth
	}
	return r
}
