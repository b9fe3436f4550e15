package syntax

import (
	"bufio"
	"io"
)

// WriteTo writes the tree as read: byte for byte the source when the tree
// is unmodified; after edits, edited nodes anew and everything else copied
// from the source.
func (t *Tree) WriteTo(w io.Writer) (int64, error) {
	if !t.Modified() {
		n, err := w.Write(t.src[t.begin:t.end])
		return int64(n), err
	}
	b := t.AppendTo(nil)
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
	type item struct {
		v       int32
		closing bool
	}
	work := []item{{0, false}}
	for len(work) > 0 {
		it := work[len(work)-1]
		work = work[:len(work)-1]
		vr := t.vars[it.v]
		if it.closing {
			switch vr.close {
			case missingPos:
			case noPos:
				w.WriteByte(')')
			default:
				w.Write(t.src[vr.close:vr.closeEnd])
			}
			continue
		}
		switch vr.open {
		case missingPos:
		case noPos:
			w.WriteByte('(')
		default:
			w.Write(t.src[vr.open:vr.openEnd])
		}
		n := vr.first
		var l int32
		for {
			t.writeNode(w, n)
			l = t.nodes[n].link
			if l >= 0 {
				n = l
				continue
			}
			break
		}
		work = append(work, item{it.v, true})
		if l != noLink {
			mark := len(work)
			for v := -(l + 1); v >= 0; v = t.vars[v].next {
				work = append(work, item{v, false})
			}
			for i, j := mark, len(work)-1; i < j; i, j = i+1, j-1 {
				work[i], work[j] = work[j], work[i]
			}
		}
	}
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
	w.WriteByte(';')
	for _, p := range e.props {
		w.Write(p.ID)
		for v := range p.Values() {
			w.WriteByte('[')
			w.Write(v.Raw)
			w.WriteByte(']')
		}
	}
	if r.start != noPos {
		// Keep the white space that followed the node's last property.
		segEnd := int(t.nodeEnd(n))
		end := scanProps(t.src, int(r.start), t.mode, 0, nil)
		for end < segEnd && !isSpace(t.src[end]) {
			end++
		}
		if end < segEnd {
			w.Write(t.src[end:segEnd])
		}
	}
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
