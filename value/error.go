package value

import (
	"errors"
	"strconv"
)

// Sentinel errors wrapped by [Error].
var (
	// ErrSyntax means the value does not have the form its type requires.
	ErrSyntax = errors.New("invalid syntax")
	// ErrRange means the value has the right form but is outside the
	// allowed range (a month 13, a point off the board, ST[7]).
	ErrRange = errors.New("value out of range")
	// ErrNonCanonical means the value could be read and the result is
	// usable, but the specification forbids this spelling (SZ[19:19]).
	// Functions that return it also return the value they read.
	ErrNonCanonical = errors.New("value not in canonical form")
)

// An Error records a failed conversion, in the manner of strconv.NumError.
type Error struct {
	Type  string // value type being parsed: "Number", "Point", "Date", ...
	Value string // the raw input, as given (escapes intact; at most 64 bytes kept)
	Err   error  // the reason: ErrSyntax, ErrRange or ErrNonCanonical
}

func (e *Error) Error() string {
	return "value: parsing " + e.Type + " " + strconv.Quote(e.Value) + ": " + e.Err.Error()
}

func (e *Error) Unwrap() error { return e.Err }

const maxErrorValue = 64

func newError(typ string, raw []byte, err error) *Error {
	v := raw
	if len(v) > maxErrorValue {
		v = v[:maxErrorValue]
	}
	return &Error{Type: typ, Value: string(v), Err: err}
}

func syntaxError(typ string, raw []byte) error { return newError(typ, raw, ErrSyntax) }
func rangeError(typ string, raw []byte) error  { return newError(typ, raw, ErrRange) }
