package collection

import "errors"

// Sentinel errors wrapped by *Error.
var (
	// ErrEmpty means a game tree has no nodes.
	ErrEmpty = errors.New("game tree without nodes")
	// ErrNotGo means a game is not Go (GM[1]), which signatures need.
	ErrNotGo = errors.New("not a Go game (GM[1])")
	// ErrTemplate means a file name template cannot be used.
	ErrTemplate = errors.New("bad file name template")
	// ErrExists means a file to be written exists already.
	ErrExists = errors.New("file exists")
)

// Error reports what failed, on which game or file, and why (one of the
// sentinel errors, or an error of a lower layer).
type Error struct {
	Op   string // "merge", "split", "signature", "template", ...
	Name string // the game, file or template concerned; may be empty
	Err  error
}

func (e *Error) Error() string {
	if e.Name == "" {
		return "collection: " + e.Op + ": " + e.Err.Error()
	}
	return "collection: " + e.Op + " " + e.Name + ": " + e.Err.Error()
}

// Unwrap returns the reason.
func (e *Error) Unwrap() error { return e.Err }
