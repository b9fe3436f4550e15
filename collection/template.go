package collection

import (
	"errors"
	"fmt"
	"path"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/value"
)

// Template makes file names for split games from their game information.
//
// A template is text with placeholders in braces:
//
//	{PB}, {PW}, {DT}, {RE}, {EV}, ...  the first value of that property of
//	                                   the game's root node (any identifier)
//	{n}                                the number of the game in the split, from 1
//	{n:04}                             the same, zero-padded to 4 digits (any width)
//	{file}                             the name of the input file without folder and extension
//	{tree}                             the number of the game tree in its input file, from 1
//	{{ and }}                          a literal brace
//
// Values are decoded (escapes, the game's CA charset) and made safe for file
// names: path separators, characters that Windows forbids (\ / : * ? " < > |)
// and control characters become "_", runs of white space one space, leading
// and trailing dots and spaces are dropped, and each value is cut to 60
// bytes. A missing or empty value is "unknown". The template may hold "/"
// for subfolders, but no absolute path and no "..".
type Template struct {
	text  string
	parts []tplPart
}

type tplPart struct {
	lit   string
	field string // "" for a literal
	width int    // {n:0W}
}

var errTemplate = func(t, msg string) error {
	return &Error{Op: "template", Name: strconv.Quote(t), Err: fmt.Errorf("%w: %s", ErrTemplate, msg)}
}

// ParseTemplate reads a file name template (see Template).
func ParseTemplate(s string) (*Template, error) {
	t := &Template{text: s}
	var lit strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '{' && i+1 < len(s) && s[i+1] == '{', c == '}' && i+1 < len(s) && s[i+1] == '}':
			lit.WriteByte(c)
			i++
		case c == '}':
			return nil, errTemplate(s, "\"}\" without \"{\" (write \"}}\" for a brace)")
		case c == '{':
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				return nil, errTemplate(s, "\"{\" without \"}\"")
			}
			field := s[i+1 : i+end]
			p := tplPart{field: field}
			if name, w, ok := strings.Cut(field, ":"); ok {
				n, err := strconv.Atoi(w)
				if name != "n" || err != nil || n < 0 || n > 20 {
					return nil, errTemplate(s, "{"+field+"}: only {n} takes a width, as in {n:04}")
				}
				p.field, p.width = "n", n
			} else if field != "n" && field != "file" && field != "tree" && !isPropID(field) {
				return nil, errTemplate(s, "{"+field+"}: not a property identifier (PB, DT, ...), n, file or tree")
			}
			if lit.Len() > 0 {
				t.parts = append(t.parts, tplPart{lit: lit.String()})
				lit.Reset()
			}
			t.parts = append(t.parts, p)
			i += end
		default:
			lit.WriteByte(c)
		}
	}
	if lit.Len() > 0 {
		t.parts = append(t.parts, tplPart{lit: lit.String()})
	}
	if strings.HasPrefix(s, "/") || strings.Contains(s, "\\") {
		return nil, errTemplate(s, "absolute paths and \"\\\" are not allowed")
	}
	for part := range strings.SplitSeq(s, "/") {
		if part == ".." {
			return nil, errTemplate(s, "\"..\" is not allowed")
		}
	}
	if strings.HasSuffix(s, "/") || s == "" {
		return nil, errTemplate(s, "no file name")
	}
	return t, nil
}

func isPropID(s string) bool {
	if s == "" || len(s) > 8 {
		return false
	}
	for _, r := range s {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	return true
}

// String returns the template as written.
func (t *Template) String() string { return t.text }

// Name returns the file name (a slash-separated relative path) for game g,
// the n-th of the split (from 1), from the input file named file.
func (t *Template) Name(g *Game, n int, file string) string {
	var b strings.Builder
	var cs charset.Charset
	csOK := false
	if ca, ok := g.Value("CA"); ok {
		cs, csOK = lookupCharset(ca)
	}
	for _, p := range t.parts {
		switch p.field {
		case "":
			b.WriteString(p.lit)
		case "n":
			fmt.Fprintf(&b, "%0*d", p.width, n)
		case "file":
			base := path.Base(strings.ReplaceAll(file, "\\", "/"))
			b.WriteString(sanitize(strings.TrimSuffix(base, path.Ext(base))))
		case "tree":
			b.WriteString(strconv.Itoa(g.Tree + 1))
		default:
			raw, _ := g.Value(p.field)
			txt := value.SimpleText(raw)
			var s string
			if utf8.Valid(txt) {
				s = string(txt)
			} else if csOK {
				s, _ = charset.Decode(cs, txt)
			} else {
				s = strings.ToValidUTF8(string(txt), "_")
			}
			b.WriteString(sanitize(s))
		}
	}
	name := path.Clean(b.String())
	// Cut each element to 200 bytes, keeping the extension.
	elems := strings.Split(name, "/")
	for i, e := range elems {
		if len(e) > 200 {
			ext := path.Ext(e)
			if len(ext) > 16 {
				ext = ""
			}
			elems[i] = cutUTF8(e[:len(e)-len(ext)], 200-len(ext)) + ext
		}
	}
	return strings.Join(elems, "/")
}

func lookupCharset(ca []byte) (charset.Charset, bool) {
	cs, err := sgf.CharsetOfCA(ca)
	if err != nil && !errors.Is(err, charset.ErrUnsupported) {
		return cs, false
	}
	return cs, err == nil
}

// sanitize makes a value safe as part of a file name.
func sanitize(s string) string {
	var b strings.Builder
	space := false
	for _, r := range s {
		switch {
		case r == utf8.RuneError, r < 0x20, r == 0x7f, strings.ContainsRune(`/\:*?"<>|`, r):
			r = '_'
		case unicode.IsSpace(r):
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	out := strings.Trim(b.String(), " .")
	out = cutUTF8(out, 60)
	out = strings.Trim(out, " .")
	if out == "" {
		return "unknown"
	}
	return out
}

// cutUTF8 cuts s to at most n bytes without splitting a character.
func cutUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// Names returns a file name for each game (see Name), numbering them from 1
// in order; names that would repeat get "-2", "-3", ... before their
// extension, so that no two games of one split share a file. Names are
// compared without case, as on Windows and macOS.
func (t *Template) Names(games []Game, file string) []string {
	names := make([]string, len(games))
	seen := map[string]bool{}
	for i := range games {
		name := t.Name(&games[i], i+1, file)
		ext := path.Ext(name)
		if len(ext) > 16 {
			ext = ""
		}
		base := strings.TrimSuffix(name, ext)
		for k := 2; seen[strings.ToLower(name)]; k++ {
			name = base + "-" + strconv.Itoa(k) + ext
		}
		seen[strings.ToLower(name)] = true
		names[i] = name
	}
	return names
}
