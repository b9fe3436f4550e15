package syntax

import (
	"bufio"
	"io"
)

// WriteTo writes the tree as read: byte for byte the source when the tree
// is unmodified; after edits, edited nodes anew and everything else copied
// from the source.
func (t *Tree) WriteTo(w io.Writer) (int64, error) {
	b := t.src[t.begin:t.end]
	if t.Modified() {
		b = t.AppendTo(nil)
	}
	n, err := w.Write(b)
	return int64(n), err
}

// AppendTo appends what WriteTo writes to dst.
func (t *Tree) AppendTo(dst []byte) []byte {
	if !t.Modified() {
		return append(dst, t.src[t.begin:t.end]...)
	}
	b := &sliceWriter{dst}
	bw := bufio.NewWriter(b)
	t.writeEdited(bw)
	bw.Flush()
	return b.b
}

type sliceWriter struct{ b []byte }

func (s *sliceWriter) Write(p []byte) (int, error) { s.b = append(s.b, p...); return len(p), nil }

// writeEdited prints the tree by walking it, without recursion: each
// unedited node, "(" and ")" as its source segment, edited ones anew.
func (t *Tree) writeEdited(w *bufio.Writer) {
	if len(t.vars) == 0 {
		w.Write(t.src[t.begin:t.end])
		return
	}
	v0 := t.vars[0]
	if v0.open < missingPos {
		w.Write(t.src[t.begin:v0.open])
	}
	t.walk(0, 0, -1, func(v int32, _ int, _ bool) int32 {
		vr := t.vars[v]
		switch vr.open {
		case missingPos:
		case noPos:
			w.WriteByte('(')
		default:
			w.Write(t.src[vr.open:vr.openEnd])
		}
		n := vr.first
		for {
			t.writeNode(w, n)
			l := t.nodes[n].link
			if l < 0 {
				return l
			}
			n = l
		}
	}, func(v int32) {
		vr := t.vars[v]
		switch vr.close {
		case missingPos:
		case noPos:
			w.WriteByte(')')
		default:
			w.Write(t.src[vr.close:vr.closeEnd])
		}
	})
}

func (t *Tree) writeNode(w *bufio.Writer, n int32) {
	r := t.nodes[n]
	e := t.edited[n]
	if e == nil {
		if r.start != noPos {
			w.Write(t.src[r.start:t.nodeEnd(n)])
		} else {
			w.WriteByte(';')
		}
		return
	}
	if r.start == noPos {
		w.WriteByte(';')
		for _, p := range e.props {
			writeProp(w, p)
		}
		return
	}
	t.writeEditedNode(w, n, e)
}

func writeProp(w *bufio.Writer, p Property) {
	w.Write(p.ID)
	for v := range p.Values() {
		w.WriteByte('[')
		w.Write(v.Raw)
		w.WriteByte(']')
	}
}

// writeEditedNode prints an edited node that was read from the input with
// the layout it was read with: each property as read keeps the text in
// front of it (white space, line breaks) and its own text; a property set
// in the place of one read takes that one's place and the text in front
// of it; a deleted one goes with the text in front of it; added ones come
// after the last property, each with the text that was in front of the
// last one when that one stays and the text is white space. The text after
// the last property (white space up to the next node) stays. Text the
// parser could not read among the properties is not printed.
func (t *Tree) writeEditedNode(w *bufio.Writer, n int32, e *editedNode) {
	r := t.nodes[n]
	src, base := t.src, t.base()
	type span struct{ start, end int }
	var read []span // the properties as read, in order
	s := NewPropScanner(src, int(r.start), t.mode)
	for id, off := s.Next(); id != nil; id, off = s.Next() {
		var p Property
		scanProp(&p, &s, id, off, 0)
		read = append(read, span{off, int(p.valOff) + len(p.vals)})
	}
	propsEnd := 0
	if len(read) > 0 {
		propsEnd = read[len(read)-1].end
	}
	propsEnd = s.End(propsEnd)
	// The white space in front of property k as read: text the parser
	// could not read there is not printed (as by a node printed anew;
	// package convert reports it dropped).
	var spaceBuf []byte
	lead := func(k int) []byte {
		from := int(r.start) + 1
		if k > 0 {
			from = read[k-1].end
		}
		if from > read[k].start {
			return nil
		}
		l := src[from:read[k].start]
		if isSpaceOnly(l) {
			return l
		}
		spaceBuf = spaceBuf[:0]
		for _, c := range l {
			if isSpace(c) {
				spaceBuf = append(spaceBuf, c)
			}
		}
		return spaceBuf
	}
	find := func(off int64) int {
		if off < 0 {
			return -1
		}
		local := int(off - base)
		for k := range read {
			if read[k].start == local {
				return k
			}
		}
		return -1
	}
	w.WriteByte(';')
	var added []Property
	lastKept := false // the last property as read is written
	for _, p := range e.props {
		k := find(p.place())
		if k < 0 {
			added = append(added, p)
			continue
		}
		lastKept = lastKept || k == len(read)-1
		w.Write(lead(k))
		if p.Offset >= 0 {
			w.Write(src[read[k].start:read[k].end])
		} else {
			writeProp(w, p)
		}
	}
	for _, p := range added {
		if lastKept {
			if l := lead(len(read) - 1); len(l) > 0 && isSpaceOnly(l) {
				w.Write(l)
			}
		}
		writeProp(w, p)
	}
	// Keep the white space that followed the node's last property (and
	// what comes after it).
	segEnd := int(t.nodeEnd(n))
	end := propsEnd
	for end < segEnd && !isSpace(src[end]) {
		end++
	}
	if end < segEnd {
		w.Write(src[end:segEnd])
	}
}

func isSpaceOnly(b []byte) bool {
	for _, c := range b {
		if !isSpace(c) {
			return false
		}
	}
	return true
}

// Modified reports whether a tree of the file was edited.
func (f *File) Modified() bool {
	for _, t := range f.Trees {
		if t.Modified() {
			return true
		}
	}
	return false
}

// WriteTo writes the file: byte for byte Src when nothing was edited.
func (f *File) WriteTo(w io.Writer) (int64, error) {
	if !f.Modified() {
		n, err := w.Write(f.Src)
		return int64(n), err
	}
	var total int64
	for _, t := range f.Trees {
		n, err := t.WriteTo(w)
		total += n
		if err != nil {
			return total, err
		}
	}
	n, err := w.Write(f.Tail())
	return total + int64(n), err
}

// Bytes returns what WriteTo writes.
func (f *File) Bytes() []byte {
	if !f.Modified() {
		return f.Src
	}
	var b []byte
	for _, t := range f.Trees {
		b = t.AppendTo(b)
	}
	return append(b, f.Tail()...)
}
