package charset

import (
	"bufio"
	"errors"
	"io"
	"os"

	"golang.org/x/text/encoding"
)

// A WideReader decodes a wide input (UTF-16, UTF-32, ISO-2022-JP: what
// DetectWide finds) to UTF-8 as it is read, in memory that does not grow
// with the input: what it gives is byte for byte what Decode gives of the
// whole input after its byte order mark, and Faults, at the end, is the
// number of Decode's faults (the count DecodeWide reports).
//
// UTF-16 and UTF-32 are decoded in pieces cut between two characters (not
// after a surrogate: a run of them is held whole), each piece by Decode's own
// code; ISO-2022-JP, whose escape sequences hold a state from piece to
// piece, by one decoder kept over the whole input, one character at a
// time as Decode reads an input with faults (slower: ISO-2022-JP files are
// small).
type WideReader struct {
	r      io.Reader
	in     *info
	be     bool // UTF-16BE
	unit   int  // 2 for UTF-16, 4 for UTF-32, 0 for ISO-2022-JP
	skip   int  // bytes of the byte order mark yet to skip
	src    []byte
	out    []byte
	outOff int
	fs     []Fault
	faults int
	dec    *encoding.Decoder // ISO-2022-JP
	chunk  int               // how much is read at a time (wideChunk; tests make it small)
	eof    bool
	err    error
}

// wideChunk is how much a WideReader reads at a time.
const wideChunk = 64 << 10

// NewWideReader returns a WideReader of r, the whole input from its
// start, in the charset and past the byte order mark of d (as DetectWide
// gives them).
func NewWideReader(r io.Reader, d Detection) *WideReader {
	w := &WideReader{r: r, in: d.Charset.info(), skip: d.BOM, chunk: wideChunk}
	switch d.Charset {
	case csUTF16LE:
		w.unit = 2
	case csUTF16BE:
		w.unit, w.be = 2, true
	case csUTF32LE, csUTF32BE:
		w.unit = 4
	default:
		w.dec = d.Charset.Encoding().NewDecoder()
	}
	return w
}

// Faults returns the number of sequences that did not decode (each
// became U+FFFD) in what was read so far: at the end, DecodeWide's count.
func (w *WideReader) Faults() int { return w.faults }

// Read reads the decoded text.
func (w *WideReader) Read(p []byte) (int, error) {
	for w.outOff == len(w.out) {
		if w.err != nil {
			return 0, w.err
		}
		w.out, w.outOff = w.out[:0], 0
		w.step()
	}
	n := copy(p, w.out[w.outOff:])
	w.outOff += n
	return n, nil
}

// step reads a piece of input and decodes what can be decoded of it.
func (w *WideReader) step() {
	if !w.eof {
		if cap(w.src)-len(w.src) < w.chunk {
			w.src = append(w.src[:len(w.src):len(w.src)], make([]byte, w.chunk)...)[:len(w.src)]
		}
		n, err := io.ReadFull(w.r, w.src[len(w.src):len(w.src)+w.chunk])
		w.src = w.src[:len(w.src)+n]
		switch {
		case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
			w.eof = true
		case err != nil:
			w.err = err
			return
		}
	}
	if w.skip > 0 {
		k := min(w.skip, len(w.src))
		w.src = w.src[:copy(w.src, w.src[k:])]
		w.skip -= k
		if w.skip > 0 && !w.eof {
			return
		}
	}
	var used int
	if w.dec != nil {
		used = w.stepStateful()
	} else {
		used = w.stepUnits()
	}
	w.src = w.src[:copy(w.src, w.src[used:])]
	if w.eof && len(w.src) == 0 {
		w.err = io.EOF
	}
}

// stepUnits decodes the input up to its last cut between two characters
// of UTF-16 or UTF-32 (all of it at the end) as Decode does, and returns
// how many bytes it decoded. A character of these charsets decodes on its
// own; only a surrogate (D800-DFFF, the first half of a pair or one
// alone) is read with the unit after it, so no piece ends in one.
func (w *WideReader) stepUnits() int {
	cut := len(w.src)
	if !w.eof {
		cut -= cut % w.unit
		for w.unit == 2 && cut >= 2 {
			hi := w.src[cut-1]
			if w.be {
				hi = w.src[cut-2]
			}
			if hi&0xF8 != 0xD8 {
				break
			}
			cut -= 2 // a surrogate is read with the unit after it
		}
	}
	if cut == 0 {
		return 0 // a run of surrogates: it waits for its end
	}
	w.out, w.fs = appendDecodeFrom(w.out, w.in, w.src[:cut], 0, w.fs[:0])
	w.faults += len(w.fs)
	return cut
}

// stepStateful decodes ISO-2022-JP with the decoder kept from piece to
// piece, one character at a time as Decode does when its input has a
// fault (transformSlowTo: a decoder call whose output holds a U+FFFD gives
// one U+FFFD; without any fault that is the decoder's output itself), and
// returns how many bytes it decoded: a character the piece ends in the
// middle of waits for the next, except at the end of the input.
func (w *WideReader) stepStateful() int {
	var used int
	w.out, w.fs, used = transformSlowTo(w.out, w.dec, w.in, w.src, 0, w.fs[:0], w.eof)
	w.faults += len(w.fs)
	return used
}

// A WideInput is a wide input read as OpenWide reads it: DetectWide's
// detection and DecodeWide's count of faults of the whole input, and its
// text, decoded to UTF-8 as it is read (Read).
type WideInput struct {
	Detection Detection
	// Faults is DecodeWide's count of the sequences that did not decode,
	// when OpenWide was asked for it; else 0.
	Faults int
	text   io.Reader
	spool  *os.File
}

// Read reads the decoded text (or, for an input that is not wide after
// all, its bytes as they are).
func (w *WideInput) Read(p []byte) (int, error) { return w.text.Read(p) }

// Close removes the temporary file of a spooled input.
func (w *WideInput) Close() error {
	if w.spool == nil {
		return nil
	}
	name := w.spool.Name()
	err := w.spool.Close()
	os.Remove(name) // already gone where an open file can be removed
	w.spool = nil
	return err
}

// PeekReader is a buffered reader that shows what comes next without
// reading it (bufio.Reader's Peek).
type PeekReader interface {
	io.Reader
	Peek(n int) ([]byte, error)
}

// Buffered returns r itself when it is already a buffered reader that can
// peek at peek bytes (a bufio.Reader, or a type that has its Peek and
// Size, of at least peek bytes), else r read through a bufio.Reader of
// size bytes: a reader of an input that peeks at its first bytes to find
// its charset (sgf.NewReader, check.NewReader) adds no buffer of its own
// to the one it is given.
func Buffered(r io.Reader, peek, size int) PeekReader {
	if b, ok := r.(interface {
		PeekReader
		Size() int
	}); ok && b.Size() >= peek {
		return b
	}
	return bufio.NewReaderSize(r, size)
}

// SeekBack returns, for OpenWide's again, a function that seeks r back to
// where it is now and returns it; nil when r is not an io.ReadSeeker or
// cannot tell where it is (a pipe), so that OpenWide copies the input.
func SeekBack(r io.Reader) func() (io.Reader, error) {
	s, ok := r.(io.ReadSeeker)
	if !ok {
		return nil
	}
	at, err := s.Seek(0, io.SeekCurrent)
	if err != nil {
		return nil
	}
	return func() (io.Reader, error) {
		_, err := s.Seek(at, io.SeekStart)
		return s, err
	}
}

// againOrSpool returns again, or, when it is nil, a function that reads
// the temporary file that the first reading of the input is copied to (w's
// spool, which Close removes).
func (w *WideInput) againOrSpool(again func() (io.Reader, error)) (func() (io.Reader, error), error) {
	if again != nil {
		return again, nil
	}
	f, err := os.CreateTemp("", "sgf-wide-*")
	if err != nil {
		return nil, err
	}
	os.Remove(f.Name()) // the open file stays readable where the system allows
	w.spool = f
	return func() (io.Reader, error) {
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return nil, err
		}
		return f, nil
	}, nil
}

// OpenWideAs reads r, an input from its start, as decoded from the wide
// charset of d (one the caller names: sgf.ReadOptions.Charset UTF-16BE),
// as Decode reads the whole of it, without looking at its bytes to decide;
// with countFaults, after a first reading to its end that counts the
// sequences that do not decode (Faults), the text read again as OpenWide
// reads it again (again, else a temporary copy).
func OpenWideAs(r io.Reader, again func() (io.Reader, error), d Detection, countFaults bool) (*WideInput, error) {
	if !countFaults {
		return &WideInput{Detection: d, text: NewWideReader(r, d)}, nil
	}
	w := &WideInput{Detection: d}
	again, err := w.againOrSpool(again)
	if err != nil {
		return nil, err
	}
	first := r
	if w.spool != nil {
		first = io.TeeReader(r, w.spool)
	}
	counter := NewWideReader(first, d)
	if _, err := io.Copy(io.Discard, counter); err != nil {
		w.Close()
		return nil, err
	}
	w.Faults = counter.Faults()
	src, err := again()
	if err != nil {
		w.Close()
		return nil, err
	}
	w.text = NewWideReader(src, d)
	return w, nil
}

// OpenWide reads an input whose first bytes DetectWide finds wide as
// DecodeWide reads the whole of it, in memory that does not grow with the
// input. r reads the input from its start. It reports false, with a
// WideInput that reads the input's bytes as they are, when the whole
// input is not wide after all (its first bytes were ASCII with an
// ISO-2022-JP escape sequence, a later byte is not).
//
// What DetectWide decides from more than the first bytes of an input (an
// input without byte order mark: whether all of it is seven-bit, the NUL
// bytes of all of it), and the count of faults when countFaults asks for
// it (sgf check reports it before anything else), take a first reading of
// the whole input, which gives the text a second time: again, when not
// nil, returns a reader of the input from its start once more (a file
// sought back to it); without it the input is copied, as it is first
// read, to a temporary file (os.CreateTemp, removed at once where the
// system allows, else by Close), read again from there. An input with a
// byte order mark of UTF-16 or UTF-32 is decoded as it is read, without
// a first reading, when the faults are not asked for.
func OpenWide(r io.Reader, again func() (io.Reader, error), countFaults bool) (w *WideInput, wide bool, err error) {
	br := bufio.NewReaderSize(r, wideChunk)
	head, _ := br.Peek(4)
	if d, ok := detectBOM(head); ok && d.Charset != UTF8 && !countFaults {
		return &WideInput{Detection: d, text: NewWideReader(br, d)}, true, nil
	}
	w = &WideInput{}
	if again, err = w.againOrSpool(again); err != nil {
		return nil, false, err
	}
	// The first reading scans the input for DetectWide and, when asked,
	// counts the faults in the charset its first bytes show, which the
	// whole input nearly always confirms.
	var scan wideScan
	sink := io.Writer(&scan)
	if w.spool != nil {
		sink = io.MultiWriter(&scan, w.spool)
	}
	var guess Detection
	var counter *WideReader
	first := io.Reader(io.TeeReader(br, sink))
	if countFaults {
		sample, _ := br.Peek(wideChunk)
		if g, ok := DetectWide(sample); ok {
			guess = g
			counter = NewWideReader(first, g)
			first = counter
		}
	}
	if _, err := io.Copy(io.Discard, first); err != nil {
		w.Close()
		return nil, false, err
	}
	d, wide := scan.detection()
	if !wide {
		text, err := again()
		if err != nil {
			w.Close()
			return nil, false, err
		}
		w.text = text
		return w, false, nil
	}
	w.Detection = d
	if countFaults {
		if counter != nil && guess.Charset == d.Charset && guess.BOM == d.BOM {
			w.Faults = counter.Faults()
		} else {
			src, err := again()
			if err == nil {
				c := NewWideReader(src, d)
				_, err = io.Copy(io.Discard, c)
				w.Faults = c.Faults()
			}
			if err != nil {
				w.Close()
				return nil, false, err
			}
		}
	}
	src, err := again()
	if err != nil {
		w.Close()
		return nil, false, err
	}
	w.text = NewWideReader(src, d)
	return w, true, nil
}
