package syntax

import (
	"runtime"
	"slices"
	"sync"
)

// A FormatStream formats the game trees of a file while the parser is still
// reading it: pass its OnTree as Options.OnTree (or as the OnTree of the
// options a caller of Parse takes), and once Parse has returned, Finish
// gives what FormatWith would give for the file (FinishBuffers the same
// in pieces, not joined). Trees are formatted in chunks of about
// formatChunkBytes of source on other goroutines, at most GOMAXPROCS-1 at
// once so that the parser keeps a core of its own, and formatting tree k
// overlaps the parse of tree k+1: a file is formatted in about the time of
// its parse on two cores. The chunks that no goroutine took before the
// parse ended are formatted by Finish's caller too.
//
// The chunks are formatted as if KeepEscapes said false for every tree,
// the usual answer; Finish formats again (on its caller's goroutine) the
// chunks that hold a tree for which it says true. The zero FormatStream is not usable: call
// [NewFormatStream].
//
// The goroutines run with the debug.SetPanicOnFault setting of the
// goroutine that called NewFormatStream, and a panic of one is raised
// again by Finish or FinishBuffers on its caller's goroutine: a caller that
// parses a memory-mapped file recovers from a fault where the file was cut
// short under it, whichever goroutine read those bytes.
type FormatStream struct {
	chunks  []*formatChunk // every chunk flushed, in order (the parser's goroutine)
	pending []*Tree
	bytes   int
	workers int // the most goroutines formatting at once

	mu      sync.Mutex
	todo    []*formatChunk // chunks flushed and not yet taken
	running int            // goroutines formatting
	help    helpers
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
	s := &FormatStream{workers: max(runtime.GOMAXPROCS(0)-1, 1)}
	s.help.fault = callerPanicsOnFault()
	return s
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

// flush queues the pending trees as one chunk, and starts a goroutine to
// format it when fewer than s.workers are running.
func (s *FormatStream) flush() {
	c := &formatChunk{trees: s.pending, size: s.bytes}
	s.chunks = append(s.chunks, c)
	s.pending, s.bytes = nil, 0
	s.mu.Lock()
	s.todo = append(s.todo, c)
	start := s.running < s.workers
	if start {
		s.running++
	}
	s.mu.Unlock()
	if start {
		s.help.goHelp(s.work)
	}
}

// work formats the chunks queued, one after the other, until none is left.
func (s *FormatStream) work() {
	for {
		c := s.take()
		if c == nil {
			return
		}
		c.format()
	}
}

// take returns the next chunk queued and not taken, or nil (a goroutine
// that finds none stops: running counts it no more).
func (s *FormatStream) take() *formatChunk {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.todo) == 0 {
		s.running--
		return nil
	}
	c := s.todo[0]
	s.todo[0] = nil
	s.todo = s.todo[1:]
	return c
}

// format formats the chunk's trees into c.out.
func (c *formatChunk) format() {
	// Room for the canonical form's line breaks and indents (a root
	// with many short children grows by a fifth): the output is not
	// copied to grow.
	out := make([]byte, 0, c.size+c.size/4+64)
	for _, t := range c.trees {
		out = appendTree(out, t, t.index, false)
	}
	c.out = out
}

// Wait drops the chunks queued and not yet taken, and waits for those
// being formatted, for a caller that does not need the result.
func (s *FormatStream) Wait() {
	s.mu.Lock()
	s.todo = nil
	s.mu.Unlock()
	s.help.wg.Wait()
}

// drain formats, on the caller's goroutine, the chunks that no goroutine
// took, and waits for the others; it panics with what one of them
// panicked with (helpers).
func (s *FormatStream) drain() {
	s.mu.Lock()
	s.running++ // take counts the caller out when the queue is empty
	s.mu.Unlock()
	s.work()
	s.help.wait()
}

// Finish waits for the chunks and returns the canonical form of f, the
// file whose trees OnTree was given: FormatWith(f, o), byte for byte. A
// tree of f that OnTree did not see, or saw in another place, is formatted
// here.
func (s *FormatStream) Finish(f *File, o FormatOptions) []byte {
	bufs := s.FinishBuffers(f, o)
	if len(bufs) == 1 {
		// One chunk, usually one large tree: its output is the
		// result, not copied (a copy of megabytes cannot be preempted,
		// and the collector waits for it, spinning, on the other core).
		return bufs[0]
	}
	total := 0
	for _, b := range bufs {
		total += len(b)
	}
	out := make([]byte, 0, total)
	for _, b := range bufs {
		out = appendPreemptible(out, b)
	}
	return out
}

// FinishBuffers is Finish in pieces: the canonical form of f is the
// pieces one after the other. They are the chunks' outputs as they were
// formatted, not copied into one (a writer of the canonical form writes
// them in turn).
func (s *FormatStream) FinishBuffers(f *File, o FormatOptions) [][]byte {
	s.drain()
	keep := make([]bool, len(f.Trees))
	if o.KeepEscapes != nil {
		for i := range keep {
			keep[i] = o.KeepEscapes(i)
		}
	}
	var bufs [][]byte
	i, rest := 0, len(f.Src)
	for _, c := range s.chunks {
		if !c.covers(f, i) {
			break
		}
		out := c.out
		if slices.Contains(keep[i:i+len(c.trees)], true) {
			// A tree of the chunk keeps its escapes: the chunk is
			// formatted again, with keep.
			out = appendTrees(make([]byte, 0, len(c.out)+len(c.out)/8), f, keep, i, i+len(c.trees))
		}
		bufs = append(bufs, out)
		i += len(c.trees)
		rest -= c.size
	}
	rest = max(rest, 0)
	var out []byte
	if i < len(f.Trees) {
		out = make([]byte, 0, rest+rest/8+1)
		out = appendTrees(out, f, keep, i, len(f.Trees))
	}
	tail := f.Tail()
	if len(f.Trees) == 0 {
		tail = trimBOM(tail)
	}
	if out = appendOutside(out, tail); len(out) > 0 || len(bufs) == 0 {
		bufs = append(bufs, out)
	}
	return bufs
}

// covers reports whether c holds f's trees from the i-th on, so that its
// output is theirs (formatted without KeepEscapes).
func (c *formatChunk) covers(f *File, i int) bool {
	if i+len(c.trees) > len(f.Trees) {
		return false
	}
	for j, t := range c.trees {
		if f.Trees[i+j] != t || t.index != i+j {
			return false
		}
	}
	return true
}
