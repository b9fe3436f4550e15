package charset

import (
	"errors"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/ianaindex"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/encoding/unicode/utf32"
)

// ErrUnknown is wrapped by the *Error that Lookup returns for a name that
// neither this package, IANA nor the WHATWG Encoding Standard knows.
var ErrUnknown = errors.New("unknown charset")

// ErrUnsupported is wrapped by the *Error that Lookup returns for a name
// that is registered (IANA or WHATWG) but has no decoder here, such as
// ISO-2022-KR or ISO-2022-CN.
var ErrUnsupported = errors.New("charset has no decoder")

// Error reports a charset name that Lookup cannot resolve.
// It wraps ErrUnknown or ErrUnsupported (model: strconv.NumError).
type Error struct {
	Name string // the name as given, e.g. the raw value of CA[]
	Err  error  // ErrUnknown or ErrUnsupported
}

func (e *Error) Error() string {
	return "charset " + strconv.Quote(e.Name) + ": " + e.Err.Error()
}

func (e *Error) Unwrap() error { return e.Err }

// LeadBytes tells a byte-level SGF scanner how the multibyte characters of
// a charset may hide the ASCII bytes '\' (0x5C) and ']' (0x5D), which end
// or escape a property value. The syntax package keeps its own copy of
// these values; they are part of the API and will not be renumbered
// (new values are only ever added at the end).
//
//	value  name       multibyte rule (lead byte -> trail bytes)            5C/5D as trail?
//	0      ASCIISafe  every byte < 0x80 is the ASCII character itself      never
//	1      ShiftJIS   lead 0x81-0x9F, 0xE0-0xFC; one trail 0x40-0x7E,      yes
//	                  0x80-0xFC (0xA1-0xDF are single-byte katakana)
//	2      GBK        lead 0x81-0xFE; one trail 0x40-0x7E, 0x80-0xFE;      yes
//	                  GB18030 also: lead, 0x30-0x39, 0x81-0xFE, 0x30-0x39
//	3      Big5       lead 0x81-0xFE; one trail 0x40-0x7E, 0xA1-0xFE       yes
//	4      NotASCII   bytes are not ASCII-compatible at all (UTF-16,       yes
//	                  UTF-32, EBCDIC) or change meaning with escape
//	                  sequences (ISO-2022-JP, HZ-GB-2312): the whole text
//	                  must be decoded before it can be split
//
// ASCIISafe covers UTF-8, EUC-JP, EUC-KR (and its UHC superset, whose
// trail bytes are letters or high bytes), ISO-8859-*, windows-125x, KOI8
// and the Mac charsets. A scanner for ShiftJIS, GBK or Big5 must skip the
// trail byte after a lead byte before looking for '\' and ']'.
//
// Some writers escape byte-wise instead, putting a '\' between a lead byte
// and a trail byte '\' or ']' (SGFC in its spec-conformant mode -E2; see
// its test file mixed-encoding.sgf). Such files only parse byte-wise, as
// ISO-8859-1, with the value decoded after unescaping; a scanner that
// finds a value ending in a lone lead byte may retry that way.
type LeadBytes uint8

// The LeadBytes values; see the LeadBytes type for the byte ranges.
const (
	ASCIISafe LeadBytes = iota
	ShiftJIS
	GBK
	Big5
	NotASCII
)

var leadBytesNames = [...]string{ASCIISafe: "ASCIISafe", ShiftJIS: "ShiftJIS", GBK: "GBK", Big5: "Big5", NotASCII: "NotASCII"}

func (l LeadBytes) String() string {
	if int(l) < len(leadBytesNames) {
		return leadBytesNames[l]
	}
	return "LeadBytes(" + strconv.Itoa(int(l)) + ")"
}

// decoding strategy of a charset.
type kind uint8

const (
	kindTransform kind = iota // x/text decoder, checked for U+FFFD
	kindLatin1                // every byte is the code point of the same value
	kindASCII                 // bytes >= 0x80 are faults
	kindUTF8                  // native UTF-8 validation
	kindCharmap               // single-byte table
)

// info describes one charset. Charset values point to shared infos, so
// two Charsets are == when they name the same charset.
type info struct {
	name        string
	enc         encoding.Encoding
	lead        LeadBytes
	kind        kind
	asciiCompat bool // bytes < 0x80 decode to themselves (pure-ASCII fast path)
	cm          *charmap.Charmap
	tableOnce   sync.Once
	table       *[256]rune // kindCharmap, built on first use
	pool        sync.Pool  // of *encoding.Decoder, kindTransform
	strict      strictness // what Verify calls "valid in the declared charset"
}

// Charset is a character encoding that SGF text values can be decoded
// from. The zero Charset is ISO-8859-1, the FF[4] default ("Default value
// is 'ISO-8859-1' aka 'Latin1'"), so an unset Charset decodes like a file
// without CA[]. Charsets are comparable: Lookup returns == values for all
// the aliases of one charset.
type Charset struct {
	c *info
}

// Default is the charset of a game tree without CA[]: ISO-8859-1. It is the
// zero Charset.
var Default = Charset{}

func (cs Charset) info() *info {
	if cs.c == nil {
		return latin1Info
	}
	return cs.c
}

// Name returns the canonical name: the IANA preferred MIME name where there
// is one (UTF-8, ISO-8859-1, Shift_JIS, EUC-KR, GB2312, Big5, ...), else the
// WHATWG name (x-mac-cyrillic) or a common one (windows-949, Big5-HKSCS).
func (cs Charset) Name() string { return cs.info().name }

// String returns Name.
func (cs Charset) String() string { return cs.info().name }

// Encoding returns the golang.org/x/text encoding that Decode uses. For
// some charsets it is a superset of the named one, as real files need:
// GB2312 and GBK decode with GB18030, Shift_JIS with windows-31j (the WHATWG
// Shift_JIS), EUC-KR with UHC (windows-949), Big5 with Big5-HKSCS.
func (cs Charset) Encoding() encoding.Encoding { return cs.info().enc }

// LeadBytes reports how multibyte characters of cs can contain the ASCII
// bytes '\' and ']'; see LeadBytes.
func (cs Charset) LeadBytes() LeadBytes { return cs.info().lead }

// MultiByte reports whether a trail byte of a multibyte character of cs can
// be an ASCII byte such as '\' (0x5C) or ']' (0x5D), so that SGF values
// cannot be split byte by byte without knowing the charset. It is true for
// Shift_JIS, GBK/GB18030 and Big5 and for the NotASCII charsets (UTF-16,
// ISO-2022-JP, ...); false for UTF-8, EUC-*, ISO-8859-*, windows-125x.
func (cs Charset) MultiByte() bool { return cs.info().lead != ASCIISafe }

// IsUTF8 reports whether cs is UTF-8, in which decoding is validation.
func (cs Charset) IsUTF8() bool { return cs.info().kind == kindUTF8 }

// The charsets this package names itself (UTF-8 and those that detection
// and verification refer to) are made with the process, a few words each.
// Their aliases, and every other charset, are in tables made on first use
// (aliasTables), so that a process that looks up no rare name does not
// make them: they cost 600,000 instructions and 27 fresh pages at every
// start when they were made there.
var (
	latin1Info = &info{name: "ISO-8859-1", enc: charmap.ISO8859_1, kind: kindLatin1, asciiCompat: true, strict: strictLatin1}
	utf8Info   = &info{name: "UTF-8", enc: unicode.UTF8, kind: kindUTF8, asciiCompat: true}
	asciiInfo  = &info{name: "US-ASCII", enc: asciiEncoding(), kind: kindASCII, asciiCompat: true, strict: strictNone}

	// Chinese: GB2312 and GBK decode with the GB18030 decoder, which is a
	// superset of both (x/text's GBK decoder mangles 4-byte sequences).
	gb18030Info   = &info{name: "GB18030", enc: simplifiedchinese.GB18030, lead: GBK, asciiCompat: true, strict: strictGB18030}
	gbkInfo       = &info{name: "GBK", enc: simplifiedchinese.GB18030, lead: GBK, asciiCompat: true, strict: strictGBK}
	gb2312Info    = &info{name: "GB2312", enc: simplifiedchinese.GB18030, lead: GBK, asciiCompat: true, strict: strictEUCCN}
	hzInfo        = &info{name: "HZ-GB-2312", enc: simplifiedchinese.HZGB2312, lead: NotASCII}
	big5Info      = &info{name: "Big5", enc: traditionalchinese.Big5, lead: Big5, asciiCompat: true, strict: strictBig5}
	big5HKSCSInfo = &info{name: "Big5-HKSCS", enc: traditionalchinese.Big5, lead: Big5, asciiCompat: true, strict: strictBig5HKSCS}

	sjisInfo      = &info{name: "Shift_JIS", enc: japanese.ShiftJIS, lead: ShiftJIS, asciiCompat: true, strict: strictShiftJIS}
	cp932Info     = &info{name: "windows-31j", enc: japanese.ShiftJIS, lead: ShiftJIS, asciiCompat: true, strict: strictCP932}
	eucJPInfo     = &info{name: "EUC-JP", enc: japanese.EUCJP, asciiCompat: true, strict: strictEUCJP}
	iso2022JPInfo = &info{name: "ISO-2022-JP", enc: japanese.ISO2022JP, lead: NotASCII}
	eucKRInfo     = &info{name: "EUC-KR", enc: korean.EUCKR, asciiCompat: true, strict: strictEUCKR}
	uhcInfo       = &info{name: "windows-949", enc: korean.EUCKR, asciiCompat: true, strict: strictUHC}

	utf16BEInfo = &info{name: "UTF-16BE", enc: unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM), lead: NotASCII}
	utf16LEInfo = &info{name: "UTF-16LE", enc: unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), lead: NotASCII}
	utf16Info   = &info{name: "UTF-16", enc: unicode.UTF16(unicode.BigEndian, unicode.UseBOM), lead: NotASCII}
	utf32BEInfo = &info{name: "UTF-32BE", enc: utf32.UTF32(utf32.BigEndian, utf32.IgnoreBOM), lead: NotASCII}
	utf32LEInfo = &info{name: "UTF-32LE", enc: utf32.UTF32(utf32.LittleEndian, utf32.IgnoreBOM), lead: NotASCII}
	utf32Info   = &info{name: "UTF-32", enc: utf32.UTF32(utf32.BigEndian, utf32.UseBOM), lead: NotASCII}

	// Single-byte charsets that detection and verification name, as
	// charmapInfo makes them (TestNamedCharmaps): the tables take these
	// for their x/text encodings.
	win1252Info  = &info{name: "windows-1252", enc: charmap.Windows1252, kind: kindCharmap, cm: charmap.Windows1252, asciiCompat: true, strict: strictWin1252}
	win1251Info  = &info{name: "windows-1251", enc: charmap.Windows1251, kind: kindCharmap, cm: charmap.Windows1251, asciiCompat: true}
	win1250Info  = &info{name: "windows-1250", enc: charmap.Windows1250, kind: kindCharmap, cm: charmap.Windows1250, asciiCompat: true}
	latin2Info   = &info{name: "ISO-8859-2", enc: charmap.ISO8859_2, kind: kindCharmap, cm: charmap.ISO8859_2, asciiCompat: true}
	latin9Info   = &info{name: "ISO-8859-15", enc: charmap.ISO8859_15, kind: kindCharmap, cm: charmap.ISO8859_15, asciiCompat: true}
	koi8RInfo    = &info{name: "KOI8-R", enc: charmap.KOI8R, kind: kindCharmap, cm: charmap.KOI8R, asciiCompat: true}
	iso88595Info = &info{name: "ISO-8859-5", enc: charmap.ISO8859_5, kind: kindCharmap, cm: charmap.ISO8859_5, asciiCompat: true}
)

// UTF8 is UTF-8, ready to use without Lookup.
var UTF8 = Charset{utf8Info}

// Charsets that detection and verification refer to.
var (
	csASCII, csWin1252, csWin1251, csWin1250              = Charset{asciiInfo}, Charset{win1252Info}, Charset{win1251Info}, Charset{win1250Info}
	csLatin2, csLatin9, csKOI8R, csISO88595               = Charset{latin2Info}, Charset{latin9Info}, Charset{koi8RInfo}, Charset{iso88595Info}
	csGB18030, csGBK, csGB2312, csBig5, csBig5HKSCS       = Charset{gb18030Info}, Charset{gbkInfo}, Charset{gb2312Info}, Charset{big5Info}, Charset{big5HKSCSInfo}
	csSJIS, csCP932, csEUCJP, csISO2022JP, csEUCKR, csUHC = Charset{sjisInfo}, Charset{cp932Info}, Charset{eucJPInfo}, Charset{iso2022JPInfo}, Charset{eucKRInfo}, Charset{uhcInfo}
	csUTF16BE, csUTF16LE, csUTF32BE, csUTF32LE            = Charset{utf16BEInfo}, Charset{utf16LEInfo}, Charset{utf32BEInfo}, Charset{utf32LEInfo}
)

// namedCharmap returns the info above of a single-byte table, or nil.
func namedCharmap(cm *charmap.Charmap) *info {
	switch cm {
	case charmap.Windows1252:
		return win1252Info
	case charmap.Windows1251:
		return win1251Info
	case charmap.Windows1250:
		return win1250Info
	case charmap.ISO8859_2:
		return latin2Info
	case charmap.ISO8859_15:
		return latin9Info
	case charmap.KOI8R:
		return koi8RInfo
	case charmap.ISO8859_5:
		return iso88595Info
	}
	return nil
}

// quickAliases are the names that most CA values give, found without the
// alias tables (and so without making them): every one is the same info
// as in the tables (TestQuickAliases).
var quickAliases = [...]struct {
	key string // normalized
	in  *info
}{
	{"utf8", utf8Info}, {"iso88591", latin1Info}, {"latin1", latin1Info},
	{"usascii", asciiInfo}, {"ascii", asciiInfo},
	{"gb2312", gb2312Info}, {"gbk", gbkInfo}, {"gb18030", gb18030Info},
	{"big5", big5Info}, {"shiftjis", sjisInfo}, {"sjis", sjisInfo},
	{"eucjp", eucJPInfo}, {"euckr", eucKRInfo}, {"windows1252", win1252Info},
}

// aliasTables are Lookup's tables: every alias by its normalized form
// (the first charset to claim one keeps it), and the first info of each
// x/text encoding.
type aliasTables struct {
	byAlias map[string]*info
	byEnc   map[encoding.Encoding]*info
}

var (
	aliases = sync.OnceValue(makeAliases)
	dynamic sync.Map // encoding.Encoding -> *info, for encodings found only via the indexes
)

// normalize lowercases s and drops everything but letters and digits, so
// that "ISO8859_1", "iso-8859-1" and " ISO 8859 1 " are one key.
func normalize(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
			b.WriteByte(c)
		case 'A' <= c && c <= 'Z':
			b.WriteByte(c + 'a' - 'A')
		}
	}
	return b.String()
}

func (t *aliasTables) add(in *info, aliases ...string) {
	if in.enc != nil {
		if _, ok := t.byEnc[in.enc]; !ok {
			t.byEnc[in.enc] = in
		}
	}
	for _, a := range append(aliases, in.name) {
		k := normalize(a)
		if k == "" {
			continue
		}
		if _, ok := t.byAlias[k]; !ok {
			t.byAlias[k] = in
		}
	}
}

func makeAliases() *aliasTables {
	t := &aliasTables{byAlias: map[string]*info{}, byEnc: map[encoding.Encoding]*info{}}
	t.add(latin1Info, "ISO_8859-1:1987", "iso-ir-100", "ISO_8859-1", "latin1", "l1", "IBM819", "CP819",
		"csISOLatin1", "iso8859-1", "8859-1", "ISO-Latin-1")
	t.add(utf8Info, "utf8", "unicode-1-1-utf-8", "unicode-2-0-utf-8", "x-unicode20utf8", "csUTF8")
	t.add(asciiInfo, "ascii", "us", "iso-ir-6", "ANSI_X3.4-1968", "ANSI_X3.4-1986", "ISO_646.irv:1991", "ISO646-US",
		"IBM367", "cp367", "csASCII", "us-ascii")

	t.add(gb18030Info, "gb-18030")
	t.add(gbkInfo, "CP936", "MS936", "windows-936", "x-gbk", "cp-936")
	t.add(gb2312Info, "EUC-CN", "x-euc-cn", "csGB2312", "GB_2312-80", "chinese", "iso-ir-58", "csISO58GB231280", "gb2312-80", "euccn")
	t.add(hzInfo, "hz", "hzgb2312")

	t.add(big5Info, "csBig5", "x-x-big5", "cn-big5", "big-5", "big-five", "cp950", "windows-950", "ms950", "big5-tw")
	t.add(big5HKSCSInfo, "big5hkscs", "hkscs")

	t.add(sjisInfo, "sjis", "MS_Kanji", "csShiftJIS", "x-sjis", "shift-jis", "shiftjis", "ms-kanji")
	t.add(cp932Info, "CP932", "MS932", "csWindows31J", "windows-932", "IBM-943", "x-ms-cp932")
	t.add(eucJPInfo, "x-euc-jp", "eucjp", "csEUCPkdFmtJapanese", "Extended_UNIX_Code_Packed_Format_for_Japanese", "ujis")
	t.add(iso2022JPInfo, "csISO2022JP", "jis")

	t.add(eucKRInfo, "csEUCKR", "KS_C_5601-1987", "KS_C_5601-1989", "ksc5601", "ksc_5601", "iso-ir-149", "korean", "csKSC56011987")
	t.add(uhcInfo, "CP949", "MS949", "UHC", "x-windows-949")

	t.add(utf16BEInfo, "unicodefffe")
	t.add(utf16LEInfo, "unicodefeff")
	t.add(utf16Info, "csUTF16", "ucs2")
	t.add(utf32BEInfo)
	t.add(utf32LEInfo)
	t.add(utf32Info, "csUTF32", "ucs4")

	// Single-byte charsets: everything x/text has a table for.
	extra := map[*charmap.Charmap][]string{
		charmap.Windows1252:       {"cp1252", "win1252", "x-cp1252", "ms-ansi", "ansi"},
		charmap.Windows1251:       {"cp1251", "win1251", "x-cp1251"},
		charmap.Windows1250:       {"cp1250", "win1250", "x-cp1250"},
		charmap.Windows1253:       {"cp1253", "win1253"},
		charmap.Windows1254:       {"cp1254", "win1254", "x-cp1254"},
		charmap.Windows1255:       {"cp1255", "win1255"},
		charmap.Windows1256:       {"cp1256", "win1256"},
		charmap.Windows1257:       {"cp1257", "win1257"},
		charmap.Windows1258:       {"cp1258", "win1258"},
		charmap.Windows874:        {"cp874", "win874", "dos-874", "tis-620", "iso-8859-11"},
		charmap.ISO8859_2:         {"latin2", "l2", "iso-ir-101"},
		charmap.ISO8859_3:         {"latin3", "l3", "iso-ir-109"},
		charmap.ISO8859_4:         {"latin4", "l4", "iso-ir-110"},
		charmap.ISO8859_5:         {"cyrillic", "iso-ir-144"},
		charmap.ISO8859_6:         {"arabic", "iso-ir-127", "ecma-114", "asmo-708"},
		charmap.ISO8859_7:         {"greek", "greek8", "iso-ir-126", "ecma-118", "elot_928"},
		charmap.ISO8859_8:         {"hebrew", "iso-ir-138", "visual"},
		charmap.ISO8859_9:         {"latin5", "l5", "iso-ir-148"},
		charmap.ISO8859_10:        {"latin6", "l6", "iso-ir-157"},
		charmap.ISO8859_13:        {"latin7", "l7"},
		charmap.ISO8859_14:        {"latin8", "l8", "iso-ir-199", "iso-celtic"},
		charmap.ISO8859_15:        {"latin9", "latin0", "l9", "iso8859-15"},
		charmap.ISO8859_16:        {"latin10", "l10", "iso-ir-226"},
		charmap.KOI8R:             {"koi8", "koi", "cskoi8r"},
		charmap.KOI8U:             {"koi8-ru"},
		charmap.Macintosh:         {"mac", "macroman", "x-mac-roman", "csMacintosh", "mac-roman"},
		charmap.MacintoshCyrillic: {"mac-cyrillic", "x-mac-ukrainian"},
		charmap.CodePage437:       {"cp437", "437", "dos-437"},
		charmap.CodePage850:       {"cp850", "850"},
		charmap.CodePage866:       {"cp866", "866"},
	}
	for _, e := range charmap.All {
		if e == charmap.ISO8859_1 {
			continue
		}
		cm, _ := e.(*charmap.Charmap)
		in := namedCharmap(cm)
		if in == nil {
			in = charmapInfo(e)
		}
		aliases := append([]string(nil), extra[cm]...)
		if n, err := ianaindex.IANA.Name(e); err == nil {
			aliases = append(aliases, n)
		}
		if n, err := htmlindex.Name(e); err == nil {
			aliases = append(aliases, n)
		}
		// IBM code pages: "IBM437" is also written "cp437" and "ibm-437".
		if rest, ok := strings.CutPrefix(in.name, "IBM"); ok {
			trimmed := strings.TrimLeft(rest, "0")
			aliases = append(aliases, "cp"+rest, "cp"+trimmed, "ibm"+trimmed)
		}
		t.add(in, aliases...)
	}
	return t
}

// charmapInfo makes the info of a single-byte charset of x/text's list.
func charmapInfo(e encoding.Encoding) *info {
	// ISO-8859-6-E/-I and -8-E/-I are not *Charmap values: decode them
	// with their transformer.
	cm, isTable := e.(*charmap.Charmap)
	lead := ASCIISafe
	ascii := true
	switch cm {
	case charmap.CodePage037, charmap.CodePage1047, charmap.CodePage1140:
		lead, ascii = NotASCII, false // EBCDIC
	}
	in := &info{name: canonicalName(e), enc: e, kind: kindTransform, lead: lead, asciiCompat: ascii}
	if isTable {
		in.kind, in.cm = kindCharmap, cm
	}
	if cm == charmap.Windows1252 {
		in.strict = strictWin1252
	}
	return in
}

// canonicalName picks the MIME name, else the IANA name, else the WHATWG
// name, else x/text's description.
func canonicalName(e encoding.Encoding) string {
	if n, err := ianaindex.MIME.Name(e); err == nil && n != "" {
		return n
	}
	if n, err := ianaindex.IANA.Name(e); err == nil && n != "" {
		return n
	}
	if n, err := htmlindex.Name(e); err == nil && n != "" {
		return n
	}
	if s, ok := e.(interface{ String() string }); ok {
		return s.String()
	}
	return "unknown"
}

// Lookup returns the charset for a CA[] value or any other charset name.
//
// Matching ignores case and everything but letters and digits, so
// "ISO8859_1", "iso-8859-1" and "Latin1" all find ISO-8859-1, "UTF8" finds
// UTF-8 and "SJIS", "MS_KANJI" find Shift_JIS. Every name and alias in the
// IANA registry and every label of the WHATWG Encoding Standard that
// golang.org/x/text supports is found (those two in their own spelling,
// case-insensitively), plus aliases seen in SGF files: gb2312 (decoded as
// GB18030, a superset of GBK and GB2312), CP932 (windows-31j), CP936 (GBK),
// CP949 (windows-949, UHC), MacRoman (macintosh).
//
// Where IANA and WHATWG disagree, this package follows the SGF
// specification and IANA: ISO-8859-1 and latin1 are ISO-8859-1 (not
// windows-1252), US-ASCII is ASCII, UTF-16 is big-endian unless a byte
// order mark says otherwise.
//
// An unknown name gives an *Error wrapping ErrUnknown; a registered name
// without a decoder (ISO-2022-KR, ISO-2022-CN) one wrapping ErrUnsupported.
func Lookup(name string) (Charset, error) {
	key := normalize(name)
	for _, q := range &quickAliases {
		if q.key == key {
			return charsetOf(q.in), nil
		}
	}
	if in, ok := aliases().byAlias[key]; ok {
		return charsetOf(in), nil
	}
	if key != "" {
		if e, err := ianaindex.IANA.Encoding(name); err == nil {
			if e == nil {
				return Charset{}, &Error{Name: name, Err: ErrUnsupported}
			}
			return fromEncoding(e), nil
		}
		if e, err := htmlindex.Get(name); err == nil {
			if e == encoding.Replacement {
				return Charset{}, &Error{Name: name, Err: ErrUnsupported}
			}
			return fromEncoding(e), nil
		}
	}
	return Charset{}, &Error{Name: name, Err: ErrUnknown}
}

func charsetOf(in *info) Charset {
	if in == latin1Info {
		return Default
	}
	return Charset{in}
}

// fromEncoding finds (or, for an encoding this package does not list,
// makes once) the info for an x/text encoding.
func fromEncoding(e encoding.Encoding) Charset {
	if in, ok := aliases().byEnc[e]; ok {
		return charsetOf(in)
	}
	if v, ok := dynamic.Load(e); ok {
		return Charset{v.(*info)}
	}
	in := &info{name: canonicalName(e), enc: e, lead: NotASCII}
	v, _ := dynamic.LoadOrStore(e, in)
	return Charset{v.(*info)}
}

// asciiEncoding returns x/text's US-ASCII encoding (only reachable
// through ianaindex).
func asciiEncoding() encoding.Encoding {
	if e, err := ianaindex.IANA.Encoding("US-ASCII"); err == nil && e != nil {
		return e
	}
	return charmap.Windows1252 // not reached with x/text v0.43
}

// LeadBytesOf returns how the charset a CA value names groups bytes into
// characters (see LeadBytes): the policy by which a parser splits a game
// tree that declares it. Unknown and unsupported names are ASCIISafe, as
// are the names of charsets that are not ASCII-compatible (NotASCII):
// such a tree cannot be split before it is decoded as a whole.
func LeadBytesOf(ca []byte) LeadBytes {
	cs, err := Lookup(strings.TrimSpace(string(ca)))
	if err != nil || cs.LeadBytes() == NotASCII {
		return ASCIISafe
	}
	return cs.LeadBytes()
}
