package sgf

import (
	"errors"
	"strconv"

	"github.com/sgf-toolkit/sgf/value"
)

// Sentinel errors wrapped by *Error.
var (
	// ErrPath means a node path does not follow the Path grammar.
	ErrPath = errors.New("invalid node path")
	// ErrNoNode means a path or a cursor step leads to no node.
	ErrNoNode = errors.New("no such node")
	// ErrCharset means a charset name (ReadOptions.Charset) is unknown or
	// has no decoder.
	ErrCharset = errors.New("unusable charset")
	// ErrValue means a property value does not have the form its type
	// requires; the *Error wraps the error of package value as well.
	ErrValue = errors.New("invalid property value")
	// ErrEncode means a text cannot be written in the charset of its game.
	ErrEncode = errors.New("text not representable in the game's charset")
	// ErrEdit means an edit was refused by the syntax layer.
	ErrEdit = errors.New("edit refused")
)

// Error is the error type of this package, in the manner of
// strconv.NumError: what was done, to which property and value, and why.
// errors.Is works with the sentinel in Err and with the error it wraps
// from a lower layer (package value, charset or syntax) in Cause.
type Error struct {
	Op    string // the function: "ParsePath", "Set", "Info", "Read", ...
	Prop  string // the property identifier, when there is one
	Value string // the input concerned, at most 64 bytes of it
	Err   error  // one of the sentinels of this package
	Cause error  // the lower layer's error, or nil
}

func newError(op, prop string, v []byte, sentinel, cause error) *Error {
	if len(v) > 64 {
		v = v[:64]
	}
	return &Error{Op: op, Prop: prop, Value: string(v), Err: sentinel, Cause: cause}
}

func (e *Error) Error() string {
	s := "sgf: " + e.Op
	if e.Prop != "" {
		s += " " + e.Prop
	}
	if e.Value != "" || e.Prop != "" {
		s += " " + strconv.Quote(e.Value)
	}
	s += ": " + e.Err.Error()
	var ve *value.Error
	switch {
	case errors.As(e.Cause, &ve) && ve.Value == e.Value:
		// The value is named once: "...: invalid property value: Result:
		// invalid syntax", not "...: value: parsing Result "W": ...".
		s += ": " + ve.Type + ": " + ve.Err.Error()
	case e.Cause != nil:
		s += ": " + e.Cause.Error()
	}
	return s
}

// Unwrap returns the sentinel and the lower layer's error.
func (e *Error) Unwrap() []error {
	if e.Cause == nil {
		return []error{e.Err}
	}
	return []error{e.Err, e.Cause}
}

func errorsIsNonCanonical(err error) bool { return errors.Is(err, value.ErrNonCanonical) }
