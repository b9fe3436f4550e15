// Package charset maps the charset names of SGF's CA[] property to
// decoders, and finds the charset of files that have no CA[] or a wrong
// one.
//
// The FF[4] specification says of CA: "Provides the used charset for
// SimpleText and Text type. Default value is 'ISO-8859-1' aka 'Latin1'."
// Real files use many spellings (CA[UTF8], CA[ISO8859_1], CA[gb2312]),
// mix charsets per game tree, omit CA[] on GB2312 and Latin-1 text, and
// declare CA[UTF-8] on names cut in the middle of a character. This
// package provides:
//
//   - Lookup: a CA[] value to a Charset (golang.org/x/text decoders;
//     names from IANA, WHATWG and SGF practice; case and punctuation do not
//     matter). The zero Charset is Default, ISO-8859-1.
//   - Decode and AppendDecode: bytes to UTF-8 that never lose a byte
//     silently: each undecodable sequence becomes U+FFFD in the text and a
//     Fault with its byte offset.
//   - Charset.LeadBytes: whether multibyte characters can hide the ASCII
//     bytes '\' and ']' that end SGF values (Shift_JIS, GBK, Big5), for
//     the syntax scanner.
//   - Detect, DetectFile: the charset of text values (or a whole file)
//     with a confidence and the path of rules that decided.
//   - Verify: whether a declared charset really fits the bytes.
//
// It is not an SGF parser: it never looks for CA[] itself, never splits
// values and does not unescape them; callers (package syntax, package sgf)
// hand it the raw bytes of text values. It does not encode: output is
// always UTF-8.
package charset
