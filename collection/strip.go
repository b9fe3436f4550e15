package collection

import (
	"bytes"
	"slices"

	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/syntax"
)

// StripOptions say what Strip removes. Identifiers are compared in their
// FF[4] form (property.Canonical), so "Comment" of an FF[3] file is C.
type StripOptions struct {
	Comments   bool     // C: the comments of nodes (GC, the game comment, is game information and stays)
	Variations bool     // every variation: only the main line is kept
	Markup     bool     // TR CR SQ MA SL LB AR LN DD
	Private    bool     // properties no SGF specification defines: Leela Zero's LZ, KaTrain's KT, Fox's TT, RL and, in the root of a Fox file, TC, ...
	Props      []string // these identifiers
}

// MarkupProps are the properties StripOptions.Markup removes.
var MarkupProps = []string{"TR", "CR", "SQ", "MA", "SL", "LB", "AR", "LN", "DD"}

// StripReport says what Strip removed.
type StripReport struct {
	Props      map[string]int `json:"props"`      // properties removed, by identifier as written
	Variations int            `json:"variations"` // variations removed (their first nodes)
	Nodes      int            `json:"nodes"`      // nodes removed with them
	Before     int            `json:"bytes_before"`
	After      int            `json:"bytes_after"`
}

// Saved returns the number of bytes saved.
func (r StripReport) Saved() int { return r.Before - r.After }

// Removed reports whether anything was removed.
func (r StripReport) Removed() bool { return len(r.Props) > 0 || r.Variations > 0 }

// Strip removes from the game trees of f what opts asks for, with the edits
// of package syntax: the rest of the file keeps its bytes (f.Bytes gives the
// result). Properties that the parser reported and ignored are not
// touched.
func Strip(f *syntax.File, opts StripOptions) (StripReport, error) {
	r := StripReport{Props: map[string]int{}, Before: len(f.Bytes())}
	drop := map[string]bool{}
	if opts.Comments {
		drop["C"] = true
	}
	if opts.Markup {
		for _, id := range MarkupProps {
			drop[id] = true
		}
	}
	for _, id := range opts.Props {
		drop[id] = true
		if c := property.Canonical([]byte(id)); c != "" {
			drop[c] = true
		}
	}
	for _, t := range f.Trees {
		if t.Root().IsZero() {
			continue
		}
		if opts.Variations {
			if err := stripVariations(t, &r); err != nil {
				return r, err
			}
		}
		if len(drop) == 0 && !opts.Private {
			continue
		}
		fox := opts.Private && isFox(t.Root())
		var ids [][]byte
		for n := range t.Nodes() {
			ids = ids[:0]
			root := n == t.Root()
			for p := range n.Props() {
				c := property.Canonical(p.ID)
				if drop[c] || drop[string(p.ID)] || (opts.Private && (isPrivate(c) || (fox && root && isFoxPrivate(c)))) {
					if !slices.ContainsFunc(ids, func(b []byte) bool { return string(b) == string(p.ID) }) {
						ids = append(ids, p.ID)
					}
				}
			}
			for _, id := range ids {
				k := 0
				for p := range n.Props() {
					if string(p.ID) == string(id) {
						k++
					}
				}
				name := string(id)
				if n.DeleteProp(name) {
					r.Props[name] += k
				}
			}
		}
	}
	r.After = len(f.Bytes())
	return r, nil
}

// isFoxPrivate reports whether an identifier in the root of a game tree
// written by Fox (AP[YuanYu], AP[Fox...]) is one of Fox's private
// properties although a specification defines it: TC. Fox writes
// "TM[1200]TC[10]TT[60]RL[0]" (time, byo-yomi periods and their length,
// and a rule flag); TC is not the "territory count" of FF[1], which FF[3]
// dropped.
func isFoxPrivate(id string) bool { return id == "TC" }

// isFox reports whether the root node names Fox as its application.
func isFox(root syntax.Node) bool {
	p, ok := root.Prop("AP")
	if !ok {
		return false
	}
	name, _, _ := bytes.Cut(p.Value(), []byte(":"))
	name = bytes.ToLower(bytes.TrimSpace(name))
	return bytes.Contains(name, []byte("yuanyu")) || bytes.Contains(name, []byte("fox"))
}

// isPrivate reports whether a canonical identifier is in no specification.
func isPrivate(c string) bool {
	if c == "" {
		return true
	}
	info, ok := property.Lookup(c)
	return !ok || info.Private
}

// stripVariations deletes every child but the first, at every node of the
// main line (the variations below them go with them).
func stripVariations(t *syntax.Tree, r *StripReport) error {
	for n := t.Root(); !n.IsZero(); n = n.Child(0) {
		if n.NumChildren() < 2 {
			continue
		}
		first := true
		for c := range n.Children() {
			if first {
				first = false
				continue
			}
			r.Nodes += subtreeSize(c)
			r.Variations++
		}
		// all at once: deleting them one by one is quadratic in their number
		if err := n.TruncateChildren(1); err != nil {
			return err
		}
	}
	return nil
}

// subtreeSize counts the nodes of the subtree rooted at n, without recursion.
func subtreeSize(n syntax.Node) int {
	k := 0
	stack := []syntax.Node{n}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		k++
		for c := range x.Children() {
			stack = append(stack, c)
		}
	}
	return k
}
