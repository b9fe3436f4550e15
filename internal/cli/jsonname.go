package cli

import (
	"encoding/base64"
	"strconv"
	"unicode/utf8"

	"github.com/sgf-toolkit/sgf/syntax"
)

// File names in JSON. A file name is bytes, and on Unix need not be UTF-8
// ("e\xffrr.sgf"), while a JSON string is Unicode. A name that is valid
// UTF-8 is written as it is. In one that is not, each byte that is not
// part of a UTF-8 character, 0x80-0xFF, is written as the escape \udcXX
// (the lone surrogate U+DC80-U+DCFF, as Python's "surrogateescape" and
// PEP 383 map undecodable bytes, so that os.fsencode gives the name back),
// and a field "file_bytes" follows "file" with the exact bytes of the name
// in standard base64. A reader that cannot use lone surrogates (most JSON
// libraries read them as U+FFFD) takes "file_bytes".

// appendJSONFile appends the value of a "file" field for the file name:
// the JSON string, and after it, for a name that is not UTF-8, the field
// "file_bytes" (so dst must be inside an object, after `"file":`).
func appendJSONFile(dst []byte, name string) []byte {
	if utf8.ValidString(name) {
		return syntax.AppendJSONString(dst, []byte(name))
	}
	dst = appendJSONName(dst, name)
	dst = append(dst, `,"file_bytes":"`...)
	dst = base64.StdEncoding.AppendEncode(dst, []byte(name))
	return append(dst, '"')
}

// appendJSONName appends name as a JSON string with the bytes that are not
// UTF-8 escaped as \udcXX.
func appendJSONName(dst []byte, name string) []byte {
	dst = append(dst, '"')
	for i := 0; i < len(name); {
		r, size := utf8.DecodeRuneInString(name[i:])
		if r == utf8.RuneError && size == 1 {
			c := name[i]
			dst = append(dst, '\\', 'u', 'd', 'c', hexDigit(c>>4), hexDigit(c&0xF))
			i++
			continue
		}
		// The valid part, escaped as every other JSON string.
		j := i + size
		for j < len(name) {
			r, n := utf8.DecodeRuneInString(name[j:])
			if r == utf8.RuneError && n == 1 {
				break
			}
			j += n
		}
		s := syntax.AppendJSONString(nil, []byte(name[i:j]))
		dst = append(dst, s[1:len(s)-1]...)
		i = j
	}
	return append(dst, '"')
}

func hexDigit(c byte) byte { return "0123456789abcdef"[c] }

// The JSON reports are written with append, not encoding/json: a report
// can have hundreds of thousands of objects.

func appendJSONString(dst []byte, s string) []byte {
	return syntax.AppendJSONString(dst, []byte(s))
}

// appendFileObject appends the start of the object of the file name in
// the "files" array of a report, up to its "file" (appendJSONFile): after
// a comma unless it is the first, on a line of its own.
func appendFileObject(b []byte, first bool, name string) []byte {
	if !first {
		b = append(b, ',')
	}
	return appendJSONFile(append(b, "\n{\"file\":"...), name)
}

// appendFileHead appends the start of the object of the file name in the
// "files" array of a report (appendFileObject), with "error" when err is
// not nil, up to its list key opened (such as `,"diagnostics":[`).
func appendFileHead(b []byte, first bool, name string, err error, key string) []byte {
	b = appendFileObject(b, first, name)
	if err != nil {
		b = appendErrorField(b, err)
	}
	return append(b, key...)
}

// appendStringField appends key, the JSON text before a value (such as
// `,"name":`), and the string v.
func appendStringField(b []byte, key, v string) []byte {
	return appendJSONString(append(b, key...), v)
}

// appendIntField appends key and the number v.
func appendIntField[T int | int64](b []byte, key string, v T) []byte {
	return strconv.AppendInt(append(b, key...), int64(v), 10)
}

// appendBoolField appends key and v.
func appendBoolField(b []byte, key string, v bool) []byte {
	return strconv.AppendBool(append(b, key...), v)
}

// appendErrorField appends the field "error": err, as describeError says it.
func appendErrorField(b []byte, err error) []byte {
	return appendStringField(b, `,"error":`, describeError(err))
}

// appendJSONList appends the items of list, each as add appends it,
// separated by commas.
func appendJSONList[T any](b []byte, list []T, add func([]byte, T) []byte) []byte {
	for i, x := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = add(b, x)
	}
	return b
}
