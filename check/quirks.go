package check

import (
	"bytes"
	"github.com/sgf-toolkit/sgf"
	"strconv"
	"strings"

	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/property"
	"github.com/sgf-toolkit/sgf/syntax"
	"github.com/sgf-toolkit/sgf/value"
)

// Quirks is a set of habits of the programs that wrote many existing files:
// ways of writing a fact that break FF[4] or are legal but odd, and whose
// meaning is clear once the producer is known. Options.Quirks names the
// habits to read the producer's way (Options.AutoQuirks picks them per game
// tree by AP and by shape). Under a quirk, Check reports the habit with
// Diagnostic.Quirk set (a report can leave such diagnostics out: they are
// expected) and with a fix that rewrites it as plain FF[4]; the diagnostics
// the habit would otherwise cause (an illegal move B[ ], HA without AB, two
// black moves in a row) are replaced by that one. Without the quirk the same
// text is reported as the fault it is, without a fix that would guess.
type Quirks uint16

// The quirks. Profiles groups them by producer.
const (
	// QuirkFoxKomi: KM in hundredths (Fox, AP[YuanYu]): KM[750] is 7.5,
	// KM[650] 6.5; with Chinese rules (RU[Chinese]) a value that is a
	// quarter (KM[375], 3.75) counts stones, and is 7.5 points.
	QuirkFoxKomi Quirks = 1 << iota
	// QuirkFoxHandicap: HA[1] (Fox) for an even game without handicap
	// stones; FF[4] HA is at least 2.
	QuirkFoxHandicap
	// QuirkHandicapMoves: handicap stones written as the first HA black
	// moves instead of AB in the root.
	QuirkHandicapMoves
	// QuirkKGSTerritory: TB/TW territory markup written in the node of the
	// last move (KGS, CGoban) rather than in a node of its own.
	QuirkKGSTerritory
	// QuirkMultiGo: MultiGo's private MULTIGOGM (and other MULTIGO*)
	// properties.
	QuirkMultiGo
	// QuirkMailHeader: the header of the mail that carried the game (NNGS,
	// IGS sent games by mail) in front of the first game tree.
	QuirkMailHeader
	// QuirkSpacePass: B[ ] or W[ ], white space as a pass.
	QuirkSpacePass
	// QuirkNestedVariations: a tree written one variation per move,
	// (;B[aa](;W[bb](;B[cc]))), which Fix writes as one sequence.
	QuirkNestedVariations

	quirkEnd
)

// AllQuirks is every quirk.
const AllQuirks = quirkEnd - 1

// Profile is a named set of quirks, the habits of one producer or one
// shape, as "sgf check --quirks NAME" takes them.
type Profile struct {
	Name   string
	Quirks Quirks
	Codes  []Code // the diagnostics the profile's quirks report
	Doc    string
}

var profiles = []Profile{
	{Name: "fox", Quirks: QuirkFoxKomi | QuirkFoxHandicap, Codes: []Code{CodeScaledKomi, CodeHandicapOne},
		Doc: `Fox (AP[YuanYu]): KM in hundredths (KM[750] is 7.5; with RU[Chinese] KM[375] is 3.75 stones, 7.5 points) and HA[1] for no handicap. Fix writes KM[7.5] and deletes HA[1].`},
	{Name: "handicap-moves", Quirks: QuirkHandicapMoves, Codes: []Code{CodeHandicapMoves},
		Doc: `HA[n] with the handicap stones played as the first n black moves instead of AB. Fix moves them to AB in the root.`},
	{Name: "kgs", Quirks: QuirkKGSTerritory, Codes: []Code{CodeTerritoryOnMove},
		Doc: `KGS (CGoban): the TB/TW territory of the count written in the node of the last move. Fix puts it in a node of its own after the move.`},
	{Name: "multigo", Quirks: QuirkMultiGo, Codes: []Code{CodeUnknownProperty},
		Doc: `MultiGo: its private MULTIGOGM property (an unknown, long identifier) is expected and kept.`},
	{Name: "mail", Quirks: QuirkMailHeader, Codes: []Code{CodeMailHeader},
		Doc: `NNGS, IGS: the header of the mail that carried the game (From:, Subject:, ...) in front of the tree. Fix deletes it (the change list shows it).`},
	{Name: "space-pass", Quirks: QuirkSpacePass, Codes: []Code{CodeSpacePass},
		Doc: `B[ ] or W[ ] (white space) as a pass, instead of an illegal move. Fix writes B[].`},
	{Name: "nested", Quirks: QuirkNestedVariations, Codes: []Code{CodeNestedVariations},
		Doc: `A tree written one variation per move, (;B[aa](;W[bb](;B[cc]))). Fix writes one sequence.`},
}

// Profiles returns the named quirk profiles.
func Profiles() []Profile { return profiles }

// LookupProfile returns the profile name names (in any case).
func LookupProfile(name string) (Profile, bool) {
	for _, p := range profiles {
		if strings.EqualFold(p.Name, name) {
			return p, true
		}
	}
	return Profile{}, false
}

// Names returns the names of the profiles whose quirks q holds entirely.
func (q Quirks) Names() []string {
	var names []string
	for _, p := range profiles {
		if q&p.Quirks != 0 {
			names = append(names, p.Name)
		}
	}
	return names
}

// String returns the names of the profiles of q, comma-separated.
func (q Quirks) String() string { return strings.Join(q.Names(), ",") }

// DetectQuirks returns the quirks that game tree t of f shows: by AP
// (YuanYu and Fox: fox; CGoban: kgs; MultiGo: multigo) and by shapes that
// can mean only one thing (a KM of 50 or more, HA[1], a tree written one
// variation per move, the first HA moves black without AB, B[ ], a mail
// header in front of the first tree, a MULTIGO property). It is what
// Options.AutoQuirks uses.
func DetectQuirks(f *syntax.File, t *syntax.Tree) Quirks {
	o := Options{}
	c := getChecker(f, &o)
	defer putChecker(c)
	p := &c.p
	p.BriefMoves = false // handicapMoves reads the moves of the main line
	p.Tree, p.TreeIndex = t, t.Index()
	p.view()
	return p.detectQuirks()
}

func (p *Pass) detectQuirks() Quirks {
	if len(p.Nodes) == 0 {
		return 0
	}
	var q Quirks
	root := &p.Nodes[0]
	if ap := p.Find(root, "AP"); ap != nil && len(ap.Values) > 0 {
		name, _, _ := value.SplitCompose(ap.Values[0].Raw)
		switch n := strings.ToLower(string(name)); {
		case strings.Contains(n, "yuanyu"), strings.Contains(n, "fox"):
			q |= QuirkFoxKomi | QuirkFoxHandicap
		case strings.Contains(n, "cgoban"):
			q |= QuirkKGSTerritory
		case strings.Contains(n, "multigo"):
			q |= QuirkMultiGo
		}
	}
	if p.Game != property.Go {
		return q &^ (QuirkFoxKomi | QuirkFoxHandicap | QuirkHandicapMoves | QuirkKGSTerritory | QuirkSpacePass)
	}
	for i := range p.Nodes {
		n := &p.Nodes[i]
		for pr := range p.eachProp(n) {
			switch {
			case pr.ID == "KM" && len(pr.Values) > 0:
				if _, ok := foxKomi(value.SimpleText(pr.Values[0].Raw), false); ok {
					q |= QuirkFoxKomi
				}
			case pr.ID == "HA" && len(pr.Values) > 0 && isOne(pr.Values[0].Raw):
				q |= QuirkFoxHandicap
			case (pr.ID == "B" || pr.ID == "W") && len(pr.Values) > 0 && isSpacePass(pr.Values[0].Raw):
				q |= QuirkSpacePass
			case pr.Info == nil && bytes.HasPrefix(bytes.ToUpper(pr.Raw), []byte("MULTIGO")):
				q |= QuirkMultiGo
			}
		}
	}
	if _, ok := p.handicapMoves(); ok {
		q |= QuirkHandicapMoves
	}
	if p.nestedDepth() >= 2 {
		q |= QuirkNestedVariations
	}
	if p.TreeIndex == 0 && mailHeader(p.File.Src[:max(0, min(int(p.Tree.Offset()), len(p.File.Src)))]) > 0 {
		q |= QuirkMailHeader
	}
	return q
}

// foxKomi reads a KM value in Fox's hundredths. A komi of 50 points or more
// is not a komi any rules use, and every such value in the Fox and Tygem
// files of the corpus (games/fox-tygem-ai: KM[750] 3,972 times, all
// RU[Japanese]; KM[375] 32 times, all RU[Chinese], in the 2018 Tencent
// World AI Weiqi Competition, played with a 7.5 point komi; KM[650] 29
// times; KM[550] once) is an integer: the komi in hundredths. A result in
// quarters (3.75) under Chinese rules counts stones (zi), half the points:
// KM[375] is 7.5 points. It returns the komi in points, and false when raw
// is no such value.
func foxKomi(raw []byte, chinese bool) (string, bool) {
	v, ok := value.ParseFoxKomi(trimSpace(raw), chinese)
	if !ok {
		return "", false
	}
	return strconv.FormatFloat(v, 'f', -1, 64), true
}

// isOne reports whether raw, a Number, is 1 as the rules read it
// (Pass.number, sgf.Value.Number).
func isOne(raw []byte) bool {
	n, ok := (&sgf.Value{Raw: raw}).Number()
	return ok && n == 1
}

func isSpacePass(raw []byte) bool {
	return len(raw) > 0 && len(trimSpace(raw)) == 0
}

// handicapMoves returns the nodes of the first HA moves when they are all
// black moves and the root has no AB: the handicap written as moves.
func (p *Pass) handicapMoves() ([]int, bool) {
	root := &p.Nodes[0]
	ha := p.Find(root, "HA")
	if ha == nil || len(ha.Values) == 0 || p.Find(root, "AB") != nil || p.Find(root, "B") != nil || p.Find(root, "W") != nil {
		return nil, false
	}
	want, ok := first(ha).Number()
	if !ok || want < 2 || want > 361 {
		return nil, false
	}
	var nodes []int
	for i := 1; i < len(p.Nodes) && len(nodes) < want; i++ {
		n := &p.Nodes[i]
		if int(n.Parent) != i-1 {
			return nil, false
		}
		b := p.Find(n, "B")
		if b == nil || p.Find(n, "W") != nil || n.Flags&sgf.FlagSetup != 0 || !p.handicapStone(b) {
			if n.Flags&(sgf.FlagMove|sgf.FlagSetup) == 0 {
				continue // a node without a move (comment) between them
			}
			return nil, false
		}
		nodes = append(nodes, i)
	}
	return nodes, len(nodes) == want
}

// handicapStone reports whether b, a B property, is a move on a point of
// the board as the rules read it (Pass.move): not a pass (B[], B[tt]).
func (p *Pass) handicapStone(b *PropView) bool {
	if len(b.Values) == 0 || !p.GoodSize {
		return false
	}
	_, pass, ok := p.move(b)
	return ok && !pass
}

// nestedDepth returns the longest run of variations that are each the only
// child of the node before them: (;B[aa](;W[bb](;B[cc]))) has 2.
func (p *Pass) nestedDepth() int {
	best := 0
	run := make([]int32, len(p.Nodes))
	for i := 1; i < len(p.Nodes); i++ {
		n := &p.Nodes[i]
		par := p.NodeOf(&p.Nodes[n.Parent])
		if par.NumChildren() == 1 && !par.InSequence() {
			run[i] = run[n.Parent] + 1
		} else {
			run[i] = run[n.Parent]
		}
		best = max(best, int(run[i]))
	}
	return best
}

// mailHeader returns the length of the mail header at the start of b (the
// text in front of the first game tree): two or more lines "Name: value"
// (or a "From " line) among which From, Subject, Date, To, Received,
// Return-Path or Message-ID, up to the empty line after them; 0 when there
// is none.
func mailHeader(b []byte) int {
	known, lines := 0, 0
	end := 0
	rest := b
	for len(rest) > 0 {
		line, after, _ := bytes.Cut(rest, []byte("\n"))
		t := bytes.TrimRight(line, "\r")
		switch {
		case len(bytes.TrimSpace(t)) == 0:
			if lines > 0 {
				end = len(b) - len(after) // after is empty when no "\n" was found
				rest = nil
				continue
			}
		case (t[0] == ' ' || t[0] == '\t') && lines > 0: // folded line
		case bytes.HasPrefix(t, []byte("From ")):
			known++
			lines++
		default:
			name, _, ok := bytes.Cut(t, []byte(":"))
			if !ok || len(name) == 0 || bytes.ContainsAny(name, " \t[]();") {
				return 0
			}
			switch strings.ToLower(string(name)) {
			case "from", "subject", "date", "to", "received", "return-path", "message-id":
				known++
			}
			lines++
		}
		end = len(b) - len(after)
		rest = after
	}
	if lines < 2 || known < 2 {
		return 0
	}
	return end
}

func runScaledKomi(p *Pass) {
	if p.Game != property.Go {
		return
	}
	chinese := false
	if ru := p.Find(&p.Nodes[0], "RU"); ru != nil && len(ru.Values) > 0 {
		chinese = p.chineseRules(ru)
	}
	for _, i := range p.InfoNodes {
		n := &p.Nodes[i]
		km := p.Find(n, "KM")
		if km == nil || len(km.Values) == 0 {
			continue
		}
		pts, ok := p.foxKomi(km.Values[0].Raw, chinese)
		if !ok {
			continue
		}
		if p.quirks&QuirkFoxKomi != 0 {
			d := at(n, km.Offset, "KM", "komi in hundredths (Fox): KM[%s] is %s points", km.Values[0].Raw, pts)
			d.Quirk = QuirkFoxKomi.String()
			d.Fix = replaceValue(n, km, 0, pts)
			p.Report(d)
			continue
		}
		msg := &p.memo.foxMsg[b2i(chinese)]
		s, ok := (*msg)[string(km.Values[0].Raw)]
		if !ok {
			s = "implausible komi KM[" + string(km.Values[0].Raw) + "]: Fox writes komi in hundredths (--quirks fox reads it as " + pts + ")"
			msg.put(km.Values[0].Raw, s)
		}
		p.Report(atMsg(n, km.Offset, "KM", s))
	}
}

func runHandicapOne(p *Pass) {
	if p.Game != property.Go {
		return
	}
	for _, i := range p.InfoNodes {
		n := &p.Nodes[i]
		ha := p.Find(n, "HA")
		if ha == nil || len(ha.Values) != 1 {
			continue
		}
		if h, ok := first(ha).Number(); !ok || h != 1 {
			continue
		}
		if p.quirks&QuirkFoxHandicap != 0 {
			d := at(n, ha.Offset, "HA", "HA[1] (Fox) means no handicap (deleted)")
			d.Quirk = QuirkFoxHandicap.String()
			d.Fix = deleteProp(n, ha)
			p.Report(d)
			continue
		}
		p.Report(at(n, ha.Offset, "HA", "HA[1]: a handicap is at least 2 stones (Fox writes HA[1] for no handicap)"))
	}
}

func runHandicapMoves(p *Pass) {
	if p.quirks&QuirkHandicapMoves == 0 || p.Game != property.Go {
		return
	}
	nodes, ok := p.handicapMoves()
	if !ok {
		return
	}
	root := &p.Nodes[0]
	var pts []string
	fix := &SuggestedFix{}
	for _, i := range nodes {
		n := &p.Nodes[i]
		b := p.Find(n, "B")
		pt, _, _ := p.move(b) // a point (handicapMoves)
		pts = append(pts, pt.String())
		fix.Edits = append(fix.Edits, Edit{Op: DeleteProp, Node: i, Prop: b.Index})
		if n.NumProps() == 1 {
			fix.Edits = append(fix.Edits, Edit{Op: DeleteNode, Node: i})
		}
	}
	if ab := p.Find(root, "AB"); ab != nil {
		fix.Edits = append(fix.Edits, Edit{Op: AppendValues, Node: 0, Prop: ab.Index, New: pts})
	} else {
		fix.Edits = append(fix.Edits, Edit{Op: AddProp, Node: 0, ID: "AB", New: pts})
	}
	ha := p.Find(root, "HA")
	d := at(root, ha.Offset, "HA", "handicap of %d stones played as the first %d black moves (AB[%s])", len(nodes), len(nodes), strings.Join(pts, "]["))
	d.Quirk = QuirkHandicapMoves.String()
	d.Fix = fix
	p.Report(d)
}

func runTerritoryOnMove(p *Pass) {
	if p.quirks&QuirkKGSTerritory == 0 || p.Game != property.Go {
		return
	}
	for i := range p.Nodes {
		n := &p.Nodes[i]
		if n.Flags&sgf.FlagMove == 0 || p.NodeOf(n).NumChildren() != 0 {
			continue
		}
		var move, terr []int
		props := p.PropsOf(n)
		for k := range props {
			switch props[k].ID {
			case "TB", "TW":
				terr = append(terr, k)
			default:
				move = append(move, k)
			}
		}
		if len(terr) == 0 {
			continue
		}
		d := at(n, props[terr[0]].Offset, props[terr[0]].ID, "territory (TB/TW) in the node of the last move (KGS); written in a node of its own")
		d.Quirk = QuirkKGSTerritory.String()
		d.Fix = oneEdit(Edit{Op: SplitNode, Node: i, Groups: [][]int{move, terr}})
		p.Report(d)
	}
}

func runMailHeader(p *Pass) {
	if p.quirks&QuirkMailHeader == 0 || p.TreeIndex != 0 {
		return
	}
	lead := p.File.Src[:max(0, min(int(p.Tree.Offset()), len(p.File.Src)))]
	n := mailHeader(lead)
	if n == 0 {
		return
	}
	d := Diagnostic{Node: -1, Message: "mail header in front of the game tree (NNGS, IGS); deleted"}
	d.Offset = 0
	d.Quirk = QuirkMailHeader.String()
	d.Fix = oneEdit(Edit{Op: DeleteText, Node: -1, Value: n})
	p.Report(d)
}

func runNested(p *Pass) {
	if p.quirks&QuirkNestedVariations == 0 {
		return
	}
	if k := p.nestedDepth(); k >= 2 {
		d := at(&p.Nodes[0], p.Tree.Offset(), "", "tree written one variation per move (%d variations, each the only one); written as one sequence", k)
		d.Node = -1
		d.Quirk = QuirkNestedVariations.String()
		p.Report(d)
	}
}

// quirkSuppressed reports whether d, a diagnostic of another rule, is
// explained by a quirk in force and is replaced by the quirk's own.
func (p *Pass) quirkSuppressed(d *Diagnostic) bool {
	q := p.quirks
	switch d.Code {
	case CodeUnknownProperty:
		if q&QuirkMultiGo != 0 && strings.Contains(d.Message, "<MULTIGO") {
			d.Quirk = QuirkMultiGo.String()
		}
	case CodeHandicapStones, CodeHandicapNoStones, CodeSameColour:
		if q&QuirkHandicapMoves != 0 {
			if nodes, ok := p.handicapMoves(); ok && (d.Code != CodeSameColour || d.Node <= nodes[len(nodes)-1]) {
				return true
			}
		}
	}
	return false
}

// AcceptsSyntax reports whether the syntax diagnostic d of f is explained by
// one of the quirks q, for a report that leaves expected habits out: S11
// (long identifier) and S16 of a MULTIGO property under QuirkMultiGo, S01
// (SGF-like text in front of the tree) inside a mail header under
// QuirkMailHeader.
func (q Quirks) AcceptsSyntax(f *syntax.File, d syntax.Diagnostic) bool {
	switch d.Code {
	case syntax.CodeLongIdent:
		return q&QuirkMultiGo != 0 && strings.Contains(d.Message, "<MULTIGO")
	case syntax.CodeTextBeforeTree:
		if q&QuirkMailHeader != 0 && len(f.Trees) > 0 {
			lead := f.Src[:max(0, min(int(f.Trees[0].Offset()), len(f.Src)))]
			return d.Offset < int64(mailHeader(lead))
		}
	}
	return false
}

// wideDiagnostic is the C47 of an input decoded as d says, with faults
// sequences that did not decode.
func wideDiagnostic(d charset.Detection, faults int) Diagnostic {
	msg := "file encoded in " + d.Charset.Name() + " (" + d.Path + "), decoded to UTF-8 before checking; lines and columns refer to the decoded text"
	if faults > 0 {
		msg += "; " + strconv.Itoa(faults) + " undecodable sequences became U+FFFD"
	}
	r := ruleOf(CodeWideEncoding)
	return Diagnostic{Code: CodeWideEncoding, Severity: r.Severity, Tree: -1, Node: -1,
		Position: syntax.Position{Offset: 0, Line: 1, Column: 1}, Message: msg}
}
