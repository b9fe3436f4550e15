package check

import (
	"slices"
	"strconv"

	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/value"
)

// runReverseVariations reports each node with variations when
// Options.ReverseVariations asks for them in reverse order (SGFC -z: "the
// main line of the game is not in the main branch (variation 'A'), but
// instead is the last variation"); Fix writes them so.
func runReverseVariations(p *Pass) {
	if !p.Options.ReverseVariations {
		return
	}
	// The variations as Fix writes them: -v's fix (C34 runs first) takes
	// variations out of a node (lose) and gives them to its parent
	// (gain); those raised out of the root go next to its move, after a
	// split, where they and the move are the root's variations.
	lose, gain := map[int]int{}, map[int]int{}
	for _, d := range p.diags {
		if d.Code != CodeVariationLevel || d.Fix == nil {
			continue
		}
		for _, e := range d.Fix.Edits {
			if e.Op == RaiseVariation {
				m := p.Nodes[e.Node].Parent
				lose[int(m)]++
				if m > 0 {
					gain[int(p.Nodes[m].Parent)]++
				}
			}
		}
	}
	for i := range p.Nodes {
		n := &p.Nodes[i]
		k := p.NodeOf(n).NumChildren() - lose[i] + gain[i]
		if i == 0 && lose[0] > 0 {
			k = max(k, 1+lose[0])
		}
		if k < 2 {
			continue
		}
		d := at(n, p.Offset(n), "", "variations to be written in reverse order, the last first")
		d.Fix = oneEdit(Edit{Op: ReverseVariations, Node: i})
		p.Report(d)
	}
}

// runExpandLists reports the compressed point lists of a Go game ("aa:cc",
// a rectangle of points) when Options.ExpandLists asks for every point
// written on its own (SGFC -e); Fix writes them so, row by row.
func runExpandLists(p *Pass) {
	if !p.Options.ExpandLists || p.Game != property.Go || !p.GoodSize {
		return
	}
	for i := range p.Nodes {
		n := &p.Nodes[i]
		for pr := range p.eachProp(n) {
			if pr.Info == nil || pr.Info.Value.Form == property.Single || pr.Info.Value.Elem.Composed() ||
				pr.Info.Value.Elem.First != property.Point && pr.Info.Value.Elem.First != property.Stone {
				continue
			}
			for vi, v := range pr.Values {
				if _, _, ok := value.SplitCompose(v.Raw); !ok {
					continue
				}
				pts, probs := value.ExpandPointList([][]byte{v.Raw}, p.Cols, p.Rows)
				if len(pts) == 0 || slices.ContainsFunc(probs, func(pr value.ListProblem) bool {
					return pr.Kind != value.ListCorners && pr.Kind != value.ListOneByOne
				}) {
					continue // the value rules report a faulty list
				}
				news := make([]string, len(pts))
				for j, pt := range pts {
					news[j] = pt.String()
				}
				d := at(n, v.Offset, pr.ID, "compressed point list %s[%s]: %s points", pr.ID, v.Raw, strconv.Itoa(len(pts)))
				d.Fix = replaceValueOwned(n, pr, vi, news)
				p.Report(d)
			}
		}
	}
}
