package syntax

import "bytes"

// Check returns the diagnostics of src without building a tree, for
// callers that only want the verdict (sgf check). Each game tree first goes
// through a strict validator that accepts only clean SGF (nothing to
// report) at about 1 GB/s; a tree it does not accept is read by the full
// parser, so the diagnostics are exactly those of Parse.
func Check(src []byte, opts *Options) []Diagnostic {
	o := opts.withDefaults()
	if o.TreeLeadBytes == nil && isClean(src, &o) {
		return nil
	}
	if int64(len(src)) > o.MaxBytes || int64(len(src)) >= int64(noPos) || o.LeadBytes != ASCIISafe || o.TreeLeadBytes != nil {
		f, _ := Parse(src, &o)
		return f.Diagnostics
	}
	p := &parser{src: src, opts: o}
	li := &lineIndex{src: src, baseLine: 1, baseCol: 1}
	pos, trees := 0, 0
	for !p.fatal {
		open := findTree(src, pos)
		if open < 0 || trees == 0 && binaryBefore(src, open, &o) {
			break // no (more) game trees, or binary data (noGameTree)
		}
		p.tree = trees
		p.checkOutside(pos, open, trees == 0)
		trees++
		if end, ok := cleanTree(src, open, &o); ok {
			p.reportNUL(pos, open)
			pos = end
			continue
		}
		p.nodes, p.simple = p.nodes[:0], p.simple[:0]
		t := p.parseTree(pos, open)
		p.reportNUL(pos, int(t.end))
		pos = int(t.end)
	}
	p.tree = -1
	if trees == 0 {
		p.noGameTree()
	} else if !p.fatal {
		p.checkOutside(pos, len(src), false)
		p.reportNUL(pos, len(src))
	}
	sortDiags(p.diags)
	li.fill(p.diags)
	return p.diags
}

// cleanTree reports whether the game tree at open (a "(") is one that the
// parser reads without a diagnostic, and where it ends.
func cleanTree(src []byte, open int, o *Options) (int, bool) {
	end, ok := validTree(src, open, o)
	if !ok || bytes.IndexByte(src[open:end], 0) >= 0 || bytes.Count(src[open:end], []byte{';'}) > o.MaxNodes {
		return 0, false
	}
	return end, true
}

// isClean reports whether src is a collection that Parse would read
// without a single diagnostic. It may say false for some clean inputs
// (it leaves charsets with multibyte lead bytes to the parser); it never
// says true for an input with a fault.
func isClean(src []byte, o *Options) bool {
	n := len(src)
	if int64(n) > o.MaxBytes || int64(n) >= int64(noPos) || o.LeadBytes != ASCIISafe {
		return false
	}
	if bytes.IndexByte(src, 0) >= 0 || bytes.Count(src, []byte{';'}) >= o.MaxNodes {
		return false
	}
	i := 0
	if bytes.HasPrefix(src, []byte("\xEF\xBB\xBF")) {
		i = 3 // a UTF-8 byte order mark is no fault
	}
	i = skipSpace(src, i)
	for {
		if i >= n || src[i] != '(' {
			return false
		}
		end, ok := validTree(src, i, o)
		if !ok {
			return false
		}
		i = skipSpace(src, end)
		if i >= n {
			return true
		}
	}
}

// validTree checks strictly the grammar of the game tree at i (a "("),
// with no recovery: one- or two-letter uppercase identifiers, values with
// no NUL... It returns the offset after the tree's ")".
func validTree(src []byte, i int, o *Options) (int, bool) {
	n := len(src)
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
	maxVal := o.MaxValueBytes
	depth := 1
	i = ws(i + 1)
	if at(i) != ';' {
		return 0, false
	}
	{
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
						return 0, false // long or mixed-case identifier: reported
					}
					j = ws(j)
					if at(j) != '[' {
						return 0, false
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
								return 0, false
							}
							if c == '\\' {
								j++
								if at(j) == 0 {
									return 0, false
								}
							}
							j++
						}
						if j-start-1 > maxVal {
							return 0, false
						}
						j = ws(j + 1)
					}
					i = j
				}
			case '(':
				depth++
				if depth > o.MaxDepth {
					return 0, false
				}
				i = ws(i + 1)
				if at(i) != ';' {
					return 0, false
				}
			case ')':
				depth--
				if depth == 0 {
					return i + 1, true
				}
				i = ws(i + 1)
				if c := at(i); c != '(' && c != ')' {
					return 0, false
				}
			default:
				return 0, false
			}
		}
	}
}
