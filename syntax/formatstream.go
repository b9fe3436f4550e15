package syntax

import (
	"runtime"
	"sync"
)

// A FormatStream formats the game trees of a file while the parser is still
// reading it: pass its OnTree as Options.OnTree (or as the OnTree of the
// options a caller of Parse takes), and once Parse has returned, Finish
// gives what FormatWith would give for the file. Trees are formatted in
// chunks of about formatChunkBytes of source on other goroutines (at most
// GOMAXPROCS at once), so that formatting tree k overlaps the parse of
// tree k+1 and a file is formatted in about the time of its parse on two
// cores.
//
// The chunks are formatted as if KeepEscapes said false for every tree,
// the usual answer; Finish formats again the chunks that hold a tree for
// which it says true. The zero FormatStream is not usable: call
// [NewFormatStream].
type FormatStream struct {
	chunks  []*formatChunk
	pending []*Tree
	bytes   int
	sem     chan struct{}
	wg      sync.WaitGroup
}

type formatChunk struct {
	trees []*Tree
	size  int // of the trees' source
	out   []byte
}

// formatChunkBytes is the source size of a chunk of trees formatted on
// one goroutine: large enough that the goroutines cost nothing beside the
// work, small enough that the last chunk, formatted after the parse, is
// short.
const formatChunkBytes = 256 << 10

// NewFormatStream returns a FormatStream.
func NewFormatStream() *FormatStream {
	return &FormatStream{sem: make(chan struct{}, runtime.GOMAXPROCS(0))}
}

// OnTree takes the next game tree of the file as the parser delivers it.
// It is called on the parser's goroutine, one tree after the other, in
// the order of the file; the tree must not be changed afterwards.
func (s *FormatStream) OnTree(t *Tree) {
	s.pending = append(s.pending, t)
	s.bytes += int(t.end) - int(t.begin)
	if s.bytes >= formatChunkBytes {
		s.flush()
	}
}

// flush starts formatting the pending trees as one chunk.
func (s *FormatStream) flush() {
	c := &formatChunk{trees: s.pending, size: s.bytes}
	s.chunks = append(s.chunks, c)
	size := s.bytes
	s.pending, s.bytes = nil, 0
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		s.sem <- struct{}{}
		defer func() { <-s.sem }()
		// Room for the canonical form's line breaks and indents (a root
		// with many short children grows by a fifth): the output is not
		// copied to grow.
		out := make([]byte, 0, size+size/4+64)
		for _, t := range c.trees {
			out = appendTree(out, t, t.index, false)
		}
		c.out = out
	}()
}

// Wait waits for the chunks being formatted, for a caller that does not
// need the result (Finish waits too).
func (s *FormatStream) Wait() { s.wg.Wait() }

// Finish waits for the chunks and returns the canonical form of f, the
// file whose trees OnTree was given: FormatWith(f, o), byte for byte. A
// tree of f that OnTree did not see, or saw in another place, is formatted
// here.
func (s *FormatStream) Finish(f *File, o FormatOptions) []byte {
	s.wg.Wait()
	keep := make([]bool, len(f.Trees))
	if o.KeepEscapes != nil {
		for i := range keep {
			keep[i] = o.KeepEscapes(i)
		}
	}
	total, rest := 0, len(f.Src)
	for _, c := range s.chunks {
		total += len(c.out)
		rest -= c.size
	}
	rest = max(rest, 0)
	var out []byte
	i := 0
	if len(s.chunks) == 1 && rest == 0 && s.chunks[0].covers(f, keep, 0) {
		// One chunk, usually one large tree: its output is the
		// result, not copied (a copy of megabytes cannot be preempted,
		// and the collector waits for it, spinning, on the other core).
		out, i = s.chunks[0].out, len(s.chunks[0].trees)
	} else {
		out = make([]byte, 0, total+rest+rest/8+1)
		for _, c := range s.chunks {
			if !c.covers(f, keep, i) {
				break
			}
			out = append(out, c.out...)
			i += len(c.trees)
		}
	}
	out = appendTrees(out, f, keep, i, len(f.Trees))
	tail := f.Tail()
	if len(f.Trees) == 0 {
		tail = trimBOM(tail)
	}
	return appendOutside(out, tail)
}

// covers reports whether c's output is that of f's trees from the i-th on,
// formatted as Finish would.
func (c *formatChunk) covers(f *File, keep []bool, i int) bool {
	if i+len(c.trees) > len(f.Trees) {
		return false
	}
	for j, t := range c.trees {
		if f.Trees[i+j] != t || keep[i+j] || t.index != i+j {
			return false
		}
	}
	return true
}
