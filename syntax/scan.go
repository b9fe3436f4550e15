package syntax

import "bytes"

// Check returns the diagnostics of src without building a tree, for
// callers that only want the verdict (sgf check). It first runs a strict
// validator that accepts only clean SGF (no fault to report at all) at
// several hundred MB/s; for anything else it runs the full parser, so the
// diagnostics are exactly those of Parse.
func Check(src []byte, opts *Options) []Diagnostic {
	o := opts.withDefaults()
	if isClean(src, &o) {
		return nil
	}
	f, _ := Parse(src, &o)
	return f.Diagnostics
}

// isClean reports whether src is a collection that Parse would read
// without a single diagnostic. It may say false for some clean inputs
// (it leaves charsets with multibyte lead bytes to the parser); it never
// says true for an input with a fault.
func isClean(src []byte, o *Options) bool {
	n := len(src)
	if int64(n) > o.MaxBytes || int64(n) >= int64(noPos) || o.ForceLeadBytes && o.LeadBytes != ASCIISafe || o.LeadBytes != ASCIISafe {
		return false
	}
	// With no NUL byte in the input, 0 can stand for the end of input.
	if bytes.IndexByte(src, 0) >= 0 {
		return false
	}
	if bytes.Count(src, []byte{';'}) >= o.MaxNodes {
		return false
	}
	for k := 0; ; {
		j := bytes.Index(src[k:], []byte("CA["))
		if j < 0 {
			break
		}
		k += j + 3
		e := bytes.IndexByte(src[k:], ']')
		if e < 0 || LeadBytesFor(src[k:k+e]) != ASCIISafe {
			return false
		}
	}
	at := func(i int) byte {
		if i < n {
			return src[i]
		}
		return 0
	}
	ws := func(i int) int {
		for i < n && src[i] <= ' ' {
			i++
		}
		return i
	}
	i := 0
	if bytes.HasPrefix(src, []byte("\xEF\xBB\xBF")) {
		i = 3 // a UTF-8 byte order mark is no fault
	}
	i = ws(i)
	if at(i) != '(' {
		return false
	}
	maxVal := o.MaxValueBytes
	for {
		// at a top-level "("
		depth := 0
		i = ws(i + 1)
		if at(i) != ';' {
			return false
		}
		depth++
	tree:
		for {
			switch at(i) {
			case ';':
				// The common move node ";B[pd]" at once.
				for i+6 < n {
					m := src[i : i+7 : i+7]
					if m[0] != ';' || m[1] < 'A' || m[1] > 'Z' || m[2] != '[' || m[5] != ']' ||
						m[3] == '\\' || m[3] == ']' || m[4] == '\\' || m[4] == ']' || m[6] == '[' || (m[6] >= 'A' && m[6] <= 'Z') {
						break
					}
					i += 6
					if m[6] <= ' ' {
						i = ws(i)
					}
				}
				if at(i) != ';' {
					continue
				}
				i++
				for {
					i = ws(i)
					c := at(i)
					if c < 'A' || c > 'Z' {
						break
					}
					j := i + 1
					if c2 := at(j); c2 >= 'A' && c2 <= 'Z' {
						j++
					}
					if c3 := at(j); (c3|0x20) >= 'a' && (c3|0x20) <= 'z' {
						return false // long or mixed-case identifier: reported
					}
					j = ws(j)
					if at(j) != '[' {
						return false
					}
					for at(j) == '[' {
						start := j
						j++
						for {
							c := at(j)
							if c == ']' {
								break
							}
							if c == 0 {
								return false
							}
							if c == '\\' {
								j++
								if at(j) == 0 {
									return false
								}
							}
							j++
						}
						if j-start-1 > maxVal {
							return false
						}
						j = ws(j + 1)
					}
					i = j
				}
			case '(':
				depth++
				if depth > o.MaxDepth {
					return false
				}
				i = ws(i + 1)
				if at(i) != ';' {
					return false
				}
			case ')':
				depth--
				i = ws(i + 1)
				if depth == 0 {
					break tree
				}
				if c := at(i); c != '(' && c != ')' {
					return false
				}
			default:
				return false
			}
		}
		if i >= n {
			return true
		}
		if at(i) != '(' {
			return false
		}
	}
}
