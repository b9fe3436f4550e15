package cli

import (
	"io"
	"unicode/utf8"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/charset"
)

// jsonText returns how `sgf json` writes the raw values of game g: decoded
// to UTF-8 from the game's charset (its CA, checked against the bytes, or
// the detected one; see sgf.CharsetInfo), escapes kept. Bytes that do not
// decode are written as the ISO-8859-1 characters they stand for, so no
// byte is lost. nil means the values are UTF-8 already (then
// syntax.AppendJSONString does the same for invalid bytes).
func jsonText(g *sgf.Game) func(dst, raw []byte) []byte {
	ci := g.Charset()
	if ci.Transcoded || ci.Charset.IsUTF8() {
		return nil
	}
	cs := ci.Charset
	var faults []charset.Fault
	return func(dst, raw []byte) []byte {
		start := len(dst)
		dst, faults = charset.AppendDecode(dst, cs, raw, faults[:0])
		if len(faults) == 0 {
			return dst
		}
		dst = dst[:start]
		prev := 0
		for _, f := range faults {
			dst, _ = charset.AppendDecode(dst, cs, raw[prev:f.Offset], nil)
			for _, b := range raw[f.Offset:f.End()] {
				dst = utf8.AppendRune(dst, rune(b))
			}
			prev = f.End()
		}
		dst, _ = charset.AppendDecode(dst, cs, raw[prev:], nil)
		return dst
	}
}

// gameSource yields the games of an input one at a time: streaming with
// sgf.Reader (which decodes UTF-16, UTF-32 and ISO-2022-JP input as it
// reads it), or the games of an input read whole (whole).
type gameSource struct {
	r     *sgf.Reader
	games []*sgf.Game
	err   error
	whole *sgf.Collection // the input read whole
}

func newGameSource(r io.Reader, opts *sgf.ReadOptions) (*gameSource, error) {
	sr, err := sgf.NewReader(r, opts)
	if err != nil {
		return nil, err
	}
	return &gameSource{r: sr}, nil
}

// close removes the temporary copy of a wide input read from a pipe.
func (s *gameSource) close() {
	if s.r != nil {
		s.r.Close()
	}
}

// wide reports whether the input is decoded from UTF-16, UTF-32 or
// ISO-2022-JP as it is read: its games' offsets are not the file's.
func (s *gameSource) wide() bool {
	if s.r == nil {
		return false
	}
	_, ok := s.r.Wide()
	return ok
}

// tail returns, after the last game, the text after it (sgf.Reader.Tail).
func (s *gameSource) tail() []byte {
	if s.r != nil {
		return s.r.Tail()
	}
	if f := s.whole.File(); f != nil {
		return f.Tail()
	}
	return nil
}

// next returns the next game, and io.EOF after the last one.
func (s *gameSource) next() (*sgf.Game, error) {
	if s.r != nil {
		return s.r.Next()
	}
	if len(s.games) > 0 {
		g := s.games[0]
		s.games = s.games[1:]
		return g, nil
	}
	if s.err != nil {
		err := s.err
		s.err = nil
		return nil, err
	}
	return nil, io.EOF
}
