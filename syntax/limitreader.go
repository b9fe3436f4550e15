package syntax

import (
	"fmt"
	"io"
)

// InputLimitError is the error of a LimitReader whose input goes on past
// its limit. A Reader that meets it stops there with the fatal diagnostic
// S17, where a plain end of input would report the cut game tree as
// unfinished (S05, a "]" or ")" missing). It wraps ErrLimit.
type InputLimitError struct {
	Limit int64 // the bytes read before the cut
}

func (e *InputLimitError) Error() string {
	return fmt.Sprintf("input larger than the limit of %d bytes", e.Limit)
}

// Unwrap returns ErrLimit.
func (e *InputLimitError) Unwrap() error { return ErrLimit }

// LimitReader returns a reader of the first n bytes of r that, unlike
// io.LimitReader, says when it cut: after n bytes it returns io.EOF if r
// ended there, and an *InputLimitError if r has more (it reads one byte
// past the limit to know).
func LimitReader(r io.Reader, n int64) io.Reader {
	return &limitReader{r: r, left: n, limit: n}
}

type limitReader struct {
	r           io.Reader
	left, limit int64
	err         error
}

func (l *limitReader) Read(p []byte) (int, error) {
	if l.err != nil {
		return 0, l.err
	}
	if l.left <= 0 {
		// At the limit: one more byte says whether the input goes on.
		var one [1]byte
		for {
			n, err := l.r.Read(one[:])
			if n > 0 {
				l.err = &InputLimitError{Limit: l.limit}
				return 0, l.err
			}
			if err != nil {
				l.err = err
				return 0, err
			}
		}
	}
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	if err != nil {
		l.err = err
	}
	return n, err
}
