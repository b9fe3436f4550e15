package check

import (
	"fmt"
	"github.com/sgf-toolkit/sgf"
	"iter"
	"slices"
	"strconv"

	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/syntax"
	"github.com/sgf-toolkit/sgf/value"
)

func runLowercase(p *Pass, n *NodeView) {
	if p.FF != 4 {
		return
	}
	for pr := range p.eachProp(n) {
		if pr.ID == "" || string(pr.Raw) == pr.ID {
			continue
		}
		if hasLower(pr.Raw) {
			p.Report(at(n, pr.Offset, pr.ID, "lowercase char not allowed in property identifier <%s> (read as <%s>)", pr.Raw, pr.ID))
		}
	}
}

func hasLower(b []byte) bool {
	for _, c := range b {
		if c >= 'a' && c <= 'z' {
			return true
		}
	}
	return false
}

func runNotGo(p *Pass) {
	if p.Game == property.Go || p.Game == property.Hex {
		return
	}
	root := &p.Nodes[0]
	off := p.Offset(root)
	if pr := p.Find(root, "GM"); pr != nil {
		off = pr.Offset
	}
	p.Report(at(root, off, "GM", "game stored in tree %d is %s, not Go: game-specific values are not checked", p.TreeIndex+1, p.Game))
}

// splitGroups plans how a node with setup and move properties, or with
// moves of both colours, becomes several nodes: first one with the root,
// game-info and setup properties (when keepFirst), then one per move, each
// move taking the properties after it (and those before the first move).
func splitGroups(p *Pass, n *NodeView, setupFirst bool) [][]int {
	var first []int
	var moves [][]int
	var pending []int
	hasMove := false
	props := p.PropsOf(n)
	for k := range props {
		pr := &props[k]
		kind := property.KindNone
		if pr.Info != nil {
			kind = pr.Info.Kind
		}
		if setupFirst && (kind == property.KindSetup || kind == property.KindRoot || kind == property.KindGameInfo) {
			first = append(first, k)
			continue
		}
		if pr.ID == "B" || pr.ID == "W" {
			if hasMove {
				moves = append(moves, pending)
				pending = nil
			}
			hasMove = true
		}
		pending = append(pending, k)
	}
	if len(pending) > 0 {
		moves = append(moves, pending)
	}
	var groups [][]int
	if len(first) > 0 {
		groups = append(groups, first)
	}
	return append(groups, moves...)
}

func splitFix(p *Pass, n *NodeView, setupFirst bool) *SuggestedFix {
	g := splitGroups(p, n, setupFirst)
	if len(g) < 2 {
		return nil
	}
	return oneEdit(Edit{Op: SplitNode, Node: int(n.Index), Groups: g})
}

func runMoveInRoot(p *Pass) {
	if !p.Options.Variations {
		return
	}
	root := &p.Nodes[0]
	for pr := range p.eachProp(root) {
		if id := pr.ID; id == "B" || id == "W" {
			d := at(root, p.Offset(root), id, "move in root node found (split node into two)")
			d.Fix = splitFix(p, root, true)
			p.Report(d)
			return
		}
	}
}

func runDuplicate(p *Pass, n *NodeView) {
	if n.NumProps() < 2 {
		return
	}
	// Properties with a catalogue entry have identifiers of one or two
	// letters: a stamp per slot finds the repeated ones in one pass.
	p.dupStamp++
	if p.dupStamp == 0 {
		clear(p.dupSeen[:])
		p.dupStamp = 1
	}
	props := p.PropsOf(n)
	for k := range props {
		if s := property.Slot(props[k].ID); s >= 0 && props[k].Info != nil {
			if p.dupSeen[s] == p.dupStamp {
				goto found
			}
			p.dupSeen[s] = p.dupStamp
		}
	}
	return
found:
	for k := 1; k < len(props); k++ {
		pr := &props[k]
		if pr.Info == nil {
			continue
		}
		j := slices.IndexFunc(props[:k], func(q PropView) bool { return q.ID == pr.ID })
		if j < 0 {
			continue
		}
		first := &props[j]
		var d = at(n, pr.Offset, pr.ID, "property <%s> already exists (values merged)", pr.ID)
		switch {
		case pr.Info.Value.Form != property.Single:
			vals := make([]string, len(pr.Values))
			for vi, v := range pr.Values {
				vals[vi] = string(v.Raw)
			}
			d.Fix = &SuggestedFix{Edits: []Edit{
				{Op: AppendValues, Node: int(n.Index), Prop: first.Index, New: vals},
				{Op: DeleteProp, Node: int(n.Index), Prop: pr.Index},
			}}
		case pr.Info.Value.Elem.First == property.Text && !pr.Info.Value.Elem.Composed() && len(first.Values) > 0 && len(pr.Values) > 0:
			merged := string(first.Values[0].Raw) + "\n\n" + string(pr.Values[0].Raw)
			d.Fix = &SuggestedFix{Edits: []Edit{
				{Op: ReplaceValue, Node: int(n.Index), Prop: first.Index, Value: 0, New: []string{merged}},
				{Op: DeleteProp, Node: int(n.Index), Prop: pr.Index},
			}}
		default:
			d.Message = "property <" + pr.ID + "> already exists (deleted)"
			d.Fix = deleteProp(n, pr)
			if len(first.Values) > 0 && len(pr.Values) > 0 && string(first.Values[0].Raw) != string(pr.Values[0].Raw) {
				d.Critical = true
				d.Message = "property <" + pr.ID + "> already exists with another value [" + string(pr.Values[0].Raw) + "] (deleted)"
			}
		}
		p.Report(d)
	}
}

func runDeleted(p *Pass, n *NodeView) {
	o := p.Options
	if !o.DeleteObsolete && len(o.DeleteProps) == 0 {
		return
	}
	for pr := range p.eachProp(n) {
		del := slices.Contains(o.DeleteProps, pr.ID)
		if !del && o.DeleteObsolete && pr.Info != nil && pr.Info.Obsolete && pr.Info.Convert.To == "" {
			del = true
		}
		if del {
			p.reportDeleted(n, pr, "property <%s> deleted (by option)", pr.ID)
		}
	}
}

// reportDeleted reports pr, a property of n, with the fix that deletes it.
func (p *Pass) reportDeleted(n *NodeView, pr *PropView, format string, args ...any) {
	d := at(n, pr.Offset, pr.ID, format, args...)
	d.Fix = deleteProp(n, pr)
	p.Report(d)
}

func kindOf(pr *PropView) property.Kind {
	if pr.Info == nil {
		return property.KindNone
	}
	return pr.Info.Kind
}

func runSetupAndMove(p *Pass, n *NodeView) {
	if n.Flags&sgf.FlagSetup == 0 || n.Flags&sgf.FlagMoveKind == 0 {
		return
	}
	var seenMove, seenSetup bool
	for pr := range p.eachProp(n) {
		switch kindOf(pr) {
		case property.KindMove:
			if seenSetup && !seenMove {
				p.reportSetupMove(n, pr)
			}
			seenMove = true
		case property.KindSetup:
			if seenMove && !seenSetup {
				p.reportSetupMove(n, pr)
			}
			seenSetup = true
		}
	}
}

func (p *Pass) reportSetupMove(n *NodeView, pr *PropView) {
	d := at(n, pr.Offset, pr.ID, "setup and move properties mixed within a node (split into two nodes)")
	d.Fix = splitFix(p, n, true)
	p.Report(d)
}

func runRootOutside(p *Pass, n *NodeView) {
	if n.Index == 0 {
		return
	}
	for pr := range p.eachProp(n) {
		if kindOf(pr) == property.KindRoot {
			p.reportDeleted(n, pr, "root property <%s> outside root node (deleted)", pr.ID)
		}
	}
}

func runUnknown(p *Pass, n *NodeView) {
	for pr := range p.eachProp(n) {
		if pr.Info == nil {
			if p.Options.DeleteUnknown {
				d := atMsg(n, pr.Offset, "", p.memo.unknownDeleted.of("unknown property <", pr.Raw, "> found (deleted)"))
				d.Fix = deleteProp(n, pr)
				p.Report(d)
				continue
			}
			p.Report(atMsg(n, pr.Offset, "", p.memo.unknownKept.of("unknown property <", pr.Raw, "> found (kept)")))
		}
	}
}

func runBlackAndWhite(p *Pass, n *NodeView) {
	if n.Flags&sgf.FlagMove == 0 {
		return
	}
	var b, w bool
	for pr := range p.eachProp(n) {
		switch pr.ID {
		case "B":
			if w && !b {
				p.reportBW(n, pr)
			}
			b = true
		case "W":
			if b && !w {
				p.reportBW(n, pr)
			}
			w = true
		}
	}
}

func (p *Pass) reportBW(n *NodeView, pr *PropView) {
	d := at(n, pr.Offset, pr.ID, "black and white move within a node (split into two nodes)")
	d.Fix = splitFix(p, n, hasKind(p, n, property.KindSetup))
	p.Report(d)
}

func hasKind(p *Pass, n *NodeView, k property.Kind) bool {
	for pr := range p.eachProp(n) {
		if kindOf(pr) == k {
			return true
		}
	}
	return false
}

func runNotInFF(p *Pass, n *NodeView) {
	if p.FF < 1 || p.FF > 4 {
		return
	}
	for pr := range p.eachProp(n) {
		info := pr.Info
		if info == nil || info.Private || info.FF.Has(p.FF) || pr.ID == "VW" || pr.ID == "FF" {
			continue
		}
		if p.FF == 4 && info.Convert.To != "" {
			d := at(n, pr.Offset, pr.ID, "property <%s> is not defined in FF[4] (converted to <%s>)", pr.ID, info.Convert.To)
			d.Fix = convertFix(p, n, pr)
			p.Report(d)
			continue
		}
		p.Report(atMsg(n, pr.Offset, pr.ID, p.memo.notInFF[p.FF].ofID("property <", pr.ID, notInFFSuffix[p.FF])))
	}
}

// convertFix converts L to LB (labels a, b, c, ... in order, as package
// convert and Node.Markup read them: value.OldLabel) and M to MA.
func convertFix(p *Pass, n *NodeView, pr *PropView) *SuggestedFix {
	to := pr.Info.Convert.To
	vals := make([]string, 0, len(pr.Values))
	for i, v := range pr.Values {
		if to == "LB" {
			vals = append(vals, string(v.Raw)+":"+value.OldLabel(i))
		} else {
			vals = append(vals, string(v.Raw))
		}
	}
	if q := p.Find(n, to); q != nil {
		// the node has the FF[4] property already: add the values to it
		return &SuggestedFix{Edits: []Edit{
			{Op: AppendValues, Node: int(n.Index), Prop: q.Index, New: vals},
			{Op: DeleteProp, Node: int(n.Index), Prop: pr.Index},
		}}
	}
	return oneEdit(Edit{Op: ReplaceProp, Node: int(n.Index), Prop: pr.Index, ID: to, New: vals})
}

var positionAnnotations = []string{"DM", "UC", "GB", "GW"}
var moveAnnotations = []string{"BM", "DO", "IT", "TE"}

func runAnnotationConflict(p *Pass, n *NodeView) {
	var posSeen, moveSeen string
	for pr := range p.eachProp(n) {
		switch {
		case slices.Contains(positionAnnotations, pr.ID):
			if posSeen != "" && posSeen != pr.ID {
				p.reportDeleted(n, pr, "annotation property <%s> contradicts previous property <%s> (deleted)", pr.ID, posSeen)
				continue
			}
			posSeen = pr.ID
		case slices.Contains(moveAnnotations, pr.ID):
			if moveSeen != "" && moveSeen != pr.ID && !(moveSeen == "BM" && pr.ID == "TE" || moveSeen == "TE" && pr.ID == "BM") {
				p.reportDeleted(n, pr, "annotation property <%s> contradicts previous property <%s> (deleted)", pr.ID, moveSeen)
				continue
			}
			if moveSeen == "" {
				moveSeen = pr.ID
			}
		}
	}
}

func runTesujiBadMove(p *Pass, n *NodeView) {
	var first *PropView
	for pr := range p.eachProp(n) {
		if pr.ID != "BM" && pr.ID != "TE" {
			continue
		}
		if first == nil {
			first = pr
			continue
		}
		if first.ID == pr.ID {
			continue
		}
		to := "DO"
		if first.ID == "TE" {
			to = "IT"
		}
		d := at(n, pr.Offset, pr.ID, "combination of <%s-%s> found (converted to <%s>)", first.ID, pr.ID, to)
		d.Fix = &SuggestedFix{Edits: []Edit{
			{Op: ReplaceProp, Node: int(n.Index), Prop: first.Index, ID: to, New: []string{""}},
			{Op: DeleteProp, Node: int(n.Index), Prop: pr.Index},
		}}
		p.Report(d)
		break
	}
}

func runAnnotationWithoutMove(p *Pass, n *NodeView) {
	if n.Flags&sgf.FlagMoveAnnot == 0 || n.Flags&sgf.FlagMove != 0 {
		return
	}
	if p.Find(n, "B") != nil || p.Find(n, "W") != nil {
		return
	}
	for pr := range p.eachProp(n) {
		if slices.Contains(moveAnnotations, pr.ID) {
			p.reportDeleted(n, pr, "move annotation <%s> without a move in same node (deleted)", pr.ID)
		}
	}
}

func runGameInfoOutside(p *Pass) {
	if len(p.InfoNodes) < 2 {
		return // it takes two game-info nodes
	}
	// info[i] is the index of the node on the path to i (i included) that
	// holds game-info properties, or -1.
	info := p.int32s(len(p.Nodes))
	for i := range p.Nodes {
		n := &p.Nodes[i]
		above := int32(-1)
		if n.Parent >= 0 {
			above = info[n.Parent]
		}
		info[i] = above
		if n.Flags&sgf.FlagGameInfo == 0 {
			continue
		}
		for pr := range p.eachProp(n) {
			if kindOf(pr) != property.KindGameInfo {
				continue
			}
			if above < 0 {
				info[i] = int32(i)
				continue
			}
			g := &p.Nodes[above]
			pos := p.Tree.Position(p.Offset(g))
			d := at(n, pr.Offset, pr.ID, "game info entry <%s> outside game-info node (line:%d col:%d) (deleted)", pr.ID, pos.Line, pos.Column)
			d.Fix = deleteProp(n, pr)
			if q := p.Find(g, pr.ID); q == nil || !sameValues(q, pr) {
				d.Critical = true
			}
			p.Report(d)
		}
	}
}

func sameValues(a, b *PropView) bool {
	if len(a.Values) != len(b.Values) {
		return false
	}
	for i := range a.Values {
		if string(a.Values[i].Raw) != string(b.Values[i].Raw) {
			return false
		}
	}
	return true
}

// rootDiag builds a diagnostic at an offset of the root node.
func rootDiag(off int64, prop, format string, args ...any) Diagnostic {
	return Diagnostic{Position: syntax.Position{Offset: off}, Property: prop, Message: fmt.Sprintf(format, args...)}
}

func runDifferentFF(p *Pass) {
	s := p.file
	if p.TreeIndex == 0 || s.firstFF < 0 {
		s.firstFF = p.FF
		return
	}
	if s.reportedFF || p.FF == s.firstFF {
		return
	}
	s.reportedFF = true
	p.Report(rootDiag(p.root.off, "FF", "different file formats stored in one file (FF[%d] here, FF[%d] in the first tree)", p.FF, s.firstFF))
}

func runDifferentGM(p *Pass) {
	s := p.file
	if p.TreeIndex == 0 || s.firstGM <= 0 {
		s.firstGM = int(p.Game)
		return
	}
	if s.reportGM || int(p.Game) == s.firstGM {
		return
	}
	s.reportGM = true
	p.Report(rootDiag(p.root.gmOff, "GM", "different game types stored in one file (%s here, %s in the first tree)", p.Game, property.Game(s.firstGM)))
}

func runDifferentCharset(p *Pass) {
	s := p.file
	ca := p.root.ca
	prev, prevRaw := s.prevCA, s.prevCARaw
	s.prevCA, s.prevCARaw = ca, p.root.caRaw
	if p.TreeIndex == 0 || ca == prev || p.root.caUnknown {
		return // an unknown CA is C45's
	}
	p.Report(rootDiag(p.root.caOff, "CA", "different charset encodings stored in one file (%s here, %s in the tree before)", charsetName(p.root.caRaw), charsetName(prevRaw)))
}

// charsetName returns a CA value as the file wrote it, for messages (SGFC
// names the charsets as written), or the default for a tree without CA.
func charsetName(raw string) string {
	if raw == "" {
		return "default ISO-8859-1"
	}
	return raw
}

// normCharset folds case and drops punctuation, as charset.Lookup does.
func normCharset(b []byte) string {
	out := make([]byte, 0, len(b))
	for _, c := range b {
		switch {
		case c >= 'a' && c <= 'z':
			out = append(out, c-'a'+'A')
		case c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
			out = append(out, c)
		}
	}
	if s := string(out); s == "ISO88591" || s == "LATIN1" {
		return ""
	}
	return string(out)
}

func runEmptyNode(p *Pass, n *NodeView) {
	if !p.Options.EmptyNodes {
		return
	}
	if n.Index == 0 {
		return
	}
	if n.NumProps() > 0 {
		return
	}
	d := at(n, p.NodeOf(n).Offset(), "", "empty node")
	par := p.NodeOf(&p.Nodes[n.Parent])
	if par.NumChildren() == 1 || p.NodeOf(n).NumChildren() == 1 {
		d.Message = "empty node deleted"
		d.Fix = oneEdit(Edit{Op: DeleteNode, Node: int(n.Index)})
	}
	p.Report(d)
}

func runKI(p *Pass, n *NodeView) {
	pr := p.Find(n, "KI")
	if pr == nil || len(pr.Values) == 0 {
		return
	}
	ki, ok := first(pr).Number()
	km := string(value.AppendReal(nil, float64(ki)/2))
	if !ok {
		d := at(n, pr.Offset, "KI", "obsolete <KI> property found: illegal value [%s] (kept)", pr.Values[0].Raw)
		p.Report(d)
		return
	}
	if q := p.Find(n, "KM"); q != nil {
		d := at(n, pr.Offset, "KI", "obsolete <KI> property found: deleted (KM is given)")
		d.Fix = deleteProp(n, pr)
		if len(q.Values) == 0 {
			d.Critical = true
		} else if f, ok := first(q).Real(); !ok || f != float64(ki)/2 {
			d.Critical = true
			d.Message = "obsolete <KI> property found: KI[" + strconv.Itoa(ki) + "] contradicts KM (deleted)"
		}
		p.Report(d)
		return
	}
	d := at(n, pr.Offset, "KI", "obsolete <KI> property found: converted to <KM>[%s]", km)
	d.Fix = oneEdit(Edit{Op: ReplaceProp, Node: int(n.Index), Prop: pr.Index, ID: "KM", New: []string{km}})
	p.Report(d)
}

func runSeveralTrees(p *Pass) {
	if !p.Options.Strict || p.TreeIndex != 1 {
		return
	}
	root := &p.Nodes[0]
	d := at(root, p.Tree.Offset(), "", "file contains more than one game tree")
	d.Node = -1
	p.Report(d)
}

func runHandicap(p *Pass) {
	if !p.Options.Strict || p.Game != property.Go {
		return
	}
	root := &p.Nodes[0]
	ha := p.Find(root, "HA")
	ab := p.Find(root, "AB")
	aw := p.Find(root, "AW")
	stones := 0
	if ab != nil && p.GoodSize {
		// the stones the replay sets up: each point once, as the values
		// are read (setupPoints), faulty values and points off the board
		// not counted
		var seen [(value.MaxBoard*value.MaxBoard + 63) / 64]uint64
		for _, v := range ab.Values {
			setupPoints(v.Raw, p.Cols, p.Rows, func(pt value.Point) {
				if bit := pt.Y*value.MaxBoard + pt.X; seen[bit/64]&(1<<(bit%64)) == 0 {
					seen[bit/64] |= 1 << (bit % 64)
					stones++
				}
			})
		}
	}
	want, _ := first(ha).Number()
	if want < 2 && ha == nil {
		want = 0
	}
	switch {
	case ha != nil && (want >= 2 || stones > 0) && (stones != want || aw != nil):
		msg := "value of HA property (%d) differs from number of setup stones (%d black)"
		if aw != nil {
			msg = "value of HA property (%d) differs from number of setup stones (%d black, and white stones)"
		}
		p.Report(at(root, ha.Offset, "HA", msg, want, stones))
	case ha == nil && ab != nil:
		p.Report(at(root, ab.Offset, "AB", "value of HA property differs from number of setup stones (no HA, %d black stones)", stones))
	}
}

// runHandicapNoStones reports HA[n], n >= 2, in a Go game without black
// setup stones before the first move (C56). Under Options.Strict C38
// reports it.
func runHandicapNoStones(p *Pass) {
	if p.Options.Strict || p.Game != property.Go {
		return
	}
	root := &p.Nodes[0]
	ha := p.Find(root, "HA")
	if ha == nil || len(ha.Values) == 0 {
		return
	}
	n, ok := first(ha).Number()
	if !ok || n < 2 {
		return
	}
	// stones set up in the root or in a node of the main line before the
	// first move (as Fox writes them) count
	stones := false
	p.mainLine(func(m *NodeView) bool {
		if ab := p.Find(m, "AB"); ab != nil && hasNonEmpty(ab) {
			stones = true
		}
		return !stones && p.Find(m, "B") == nil && p.Find(m, "W") == nil && !p.Brief(int(m.Index)).IsMove()
	})
	if !stones {
		p.Report(at(root, ha.Offset, "HA", "HA[%d] but no handicap stones: no black stones are set up (AB) before the first move", n))
	}
}

// mainLine calls f for each node of the main line (root and first
// children) until f returns false.
func (p *Pass) mainLine(f func(n *NodeView) bool) {
	// In pre-order the first child of node i is node i+1.
	for i := 0; i < len(p.Nodes); i++ {
		n := &p.Nodes[i]
		if i > 0 && int(n.Parent) != i-1 {
			return
		}
		if !f(n) || p.NodeOf(n).NumChildren() == 0 {
			return
		}
	}
}

func runSetupInMainLine(p *Pass) {
	if !p.Options.Strict {
		return
	}
	r := p.replay()
	p.mainLine(func(n *NodeView) bool {
		if n.Index == 0 {
			return true
		}
		if r != nil && r.pts != nil && !r.setupEff[n.Index] {
			return true // only setup that SGFC would keep
		}
		for pr := range p.eachProp(n) {
			if (pr.ID == "AB" || pr.ID == "AW" || pr.ID == "AE") && hasNonEmpty(pr) {
				p.Report(at(n, pr.Offset, pr.ID, "setup stones in main line found (outside root node)"))
				return true
			}
		}
		return true
	})
}

func runSameColour(p *Pass) {
	if !p.Options.Strict {
		return
	}
	last := ""
	p.mainLine(func(n *NodeView) bool {
		inNode := ""
		for pr := range p.eachProp(n) {
			switch pr.ID {
			case "PL":
				last = ""
			case "B", "W":
				if pr.ID == inNode || !p.validMove(pr) {
					continue
				}
				inNode = pr.ID
				if pr.ID == last {
					p.Report(at(n, pr.Offset, pr.ID, "two successive moves have the same color"))
				}
				last = pr.ID
			}
		}
		return true
	})
}

func runHexSwap(p *Pass) {
	if p.Game != property.Hex {
		return
	}
	// moves[i] is the number of moves on the path up to node i.
	moves := p.int32s(len(p.Nodes))
	for i := range p.Nodes {
		n := &p.Nodes[i]
		if n.Parent >= 0 {
			moves[i] = moves[n.Parent]
		}
		for pr := range p.eachProp(n) {
			if (pr.ID != "B" && pr.ID != "W") || len(pr.Values) == 0 {
				continue
			}
			moves[i]++
			// the move as the typed view decodes it
			if dv := p.decoded(pr); dv.Err == nil && (dv.First.Hex == value.HexSwapPieces || dv.First.Hex == value.HexSwapSides) && moves[i] != 2 {
				p.Report(at(n, pr.Offset, pr.ID, "%s is move %d: a swap is only allowed as the second move", dv.First.Hex, moves[i]))
			}
		}
	}
}

func hasNonEmpty(pr *PropView) bool {
	for _, v := range pr.Values {
		if len(trimSpace(v.Raw)) > 0 {
			return true
		}
	}
	return false
}

// validMove reports whether a B or W property holds a move that can be
// read (or repaired): what SGFC keeps. A Go move is read as Pass.move
// reads it, a Hex move as the typed view decodes it (a cell of the
// board, or a word such as "swap-pieces").
func (p *Pass) validMove(pr *PropView) bool {
	if len(pr.Values) == 0 {
		return false
	}
	switch p.Game {
	case property.Go:
		if !p.GoodSize {
			return true
		}
		_, _, ok := p.move(pr)
		return ok
	case property.Hex:
		return p.decoded(pr).Err == nil
	}
	return true
}

// int32s returns a scratch slice of n zeros, reused from tree to tree.
func (p *Pass) int32s(n int) []int32 {
	if cap(p.buf) < n {
		p.buf = make([]int32, n)
	}
	p.buf = p.buf[:n]
	clear(p.buf)
	return p.buf
}

func posAt(off int64) syntax.Position { return syntax.Position{Offset: off} }

// eachProp yields each property of n in order: the loop of the rules over
// a node's properties.
func (p *Pass) eachProp(n *NodeView) iter.Seq[*PropView] {
	return func(yield func(*PropView) bool) {
		props := p.PropsOf(n)
		for k := range props {
			if !yield(&props[k]) {
				return
			}
		}
	}
}
