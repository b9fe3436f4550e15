package diag

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Severity grades a diagnostic.
type Severity uint8

const (
	Warning Severity = iota + 1 // the file is readable as it is; style or compatibility
	Error                       // the file breaks the specification; a recovery was made
	Fatal                       // reading stopped here; what follows is not read
)

var severityNames = [...]string{Warning: "warning", Error: "error", Fatal: "fatal"}

func (s Severity) String() string {
	if int(s) < len(severityNames) && s != 0 {
		return severityNames[s]
	}
	return fmt.Sprintf("Severity(%d)", uint8(s))
}

// Position is a place in the input. Offset counts bytes from the start of the
// input (from 0); Line and Column count from 1, Column in bytes. Line breaks
// are LF, CR, CRLF and LFCR, each one break.
type Position struct {
	Offset int64
	Line   int
	Column int
}

func (p Position) String() string {
	if p.Line == 0 {
		return fmt.Sprintf("offset %d", p.Offset)
	}
	return fmt.Sprintf("%d:%d", p.Line, p.Column)
}

// Code identifies a kind of diagnostic: a class letter (the layer that
// reports it: 'S' for package syntax, 'C' for package check) and a number
// of that class. It prints as the letter and two digits ("S07", "C35").
// Codes are stable: new ones are added at the end of their class, and a
// code's meaning never changes.
type Code uint16

// MakeCode returns code number n of class ('S', 'C', ...).
func MakeCode(class byte, n int) Code { return Code(uint16(class)<<8 | uint16(n&0xff)) }

// Class returns the class letter of c ('S', 'C'), or 0 for the zero Code.
func (c Code) Class() byte { return byte(c >> 8) }

// Num returns the number of c within its class (7 for "S07").
func (c Code) Num() int { return int(c & 0xff) }

// String returns the code as printed: "S07".
func (c Code) String() string {
	if info := c.info(); info != &unregistered {
		return info.str
	}
	if c.Class() < 'A' || c.Class() > 'Z' {
		return "Code(" + strconv.Itoa(int(c)) + ")"
	}
	return fmt.Sprintf("%c%02d", c.Class(), c.Num())
}

// Name returns the short kebab-case name of the code ("empty-variation"),
// or "" for a code no package registered.
func (c Code) Name() string { return c.info().Name }

// SGFC returns the number of the equivalent message of SGFC, the reference
// checker (Appendix C of its README), or 0 if it has none.
func (c Code) SGFC() int { return c.info().SGFC }

// Doc returns the documentation of the code (what `sgf check --explain`
// prints).
func (c Code) Doc() string { return c.info().Doc }

// Reporter returns the name of the checker that reports c ("syntax",
// "rules"), as given to Register.
func (c Code) Reporter() string { return c.info().reporter }

// Info describes a code for Register.
type Info struct {
	Code Code
	Name string // kebab-case: "empty-variation"
	SGFC int    // the equivalent SGFC message number, 0 if none
	Doc  string

	str      string
	reporter string
}

// registry holds the registered codes by class letter and number.
// Register is called from init functions only, before any reader: the
// registry needs no lock.
var registry struct {
	classes [256][]*Info // by class letter, indexed by number
	order   []Code       // in registration order
}

// Register records the codes a package reports, with reporter, the name of
// the checker ("syntax", "rules"). Packages register their codes in an init
// function (never later: the registry has no lock); a code registered
// twice panics.
func Register(reporter string, infos ...Info) {
	for _, in := range infos {
		c := in.Code
		if c.Class() == 0 || c.Num() == 0 {
			panic("diag: Register of a code without class or number: " + strconv.Itoa(int(c)))
		}
		list := registry.classes[c.Class()]
		for len(list) <= c.Num() {
			list = append(list, nil)
		}
		if list[c.Num()] != nil {
			panic("diag: code " + list[c.Num()].str + " registered twice")
		}
		info := in
		info.str = fmt.Sprintf("%c%02d", c.Class(), c.Num())
		info.reporter = reporter
		list[c.Num()] = &info
		registry.classes[c.Class()] = list
		registry.order = append(registry.order, c)
	}
}

// info returns the registration of c, or unregistered for a code no
// package registered.
func (c Code) info() *Info {
	list := registry.classes[c.Class()]
	if n := c.Num(); n > 0 && n < len(list) && list[n] != nil {
		return list[n]
	}
	return &unregistered
}

// unregistered is the Info of every code no package registered: no name,
// no SGFC number, no documentation, no reporter.
var unregistered Info

// Codes returns every registered code, in the order of registration (the
// syntax codes, then the rules of package check).
func Codes() []Code {
	return slices.Clone(registry.order)
}

// Lookup returns the registered code that s names: a code ("S07"; the
// case of the letter and leading zeros do not matter) or a name
// ("empty-variation", any case).
func Lookup(s string) (Code, bool) {
	if c, ok := parse(s); ok {
		return c, true
	}
	for _, c := range Codes() {
		if strings.EqualFold(s, c.Name()) {
			return c, true
		}
	}
	return 0, false
}

// ParseCode reads a code of class ("S07", "s7" for class 'S'); only
// registered codes are accepted.
func ParseCode(class byte, s string) (Code, bool) {
	c, ok := parse(s)
	if !ok || c.Class() != class {
		return 0, false
	}
	return c, true
}

func parse(s string) (Code, bool) {
	if len(s) < 2 {
		return 0, false
	}
	class := s[0]
	if class >= 'a' && class <= 'z' {
		class -= 'a' - 'A'
	}
	if class < 'A' || class > 'Z' {
		return 0, false
	}
	n := 0
	for _, r := range s[1:] {
		if r < '0' || r > '9' || n > 1000 {
			return 0, false
		}
		n = n*10 + int(r-'0')
	}
	if n <= 0 || n > 0xff {
		return 0, false
	}
	c := MakeCode(class, n)
	if c.info() == &unregistered {
		return 0, false
	}
	return c, true
}

// Diagnostic reports one fault found and the recovery made, by whichever
// layer found it: the syntax layer, the rules of package check, or a
// reader of another format.
type Diagnostic struct {
	Code     Code
	Severity Severity
	Critical bool // information may be lost or misread (and a fix may lose some)
	Position
	Tree     int    // index of the game tree in the input, from 0; -1 outside any tree
	Node     int    // pre-order number of the node in its tree, from 0; -1 outside any node (or for the whole tree)
	Property string // FF[4] identifier of the property concerned, or ""
	Message  string
	// Fix is the suggested repair, or nil when there is none.
	Fix *SuggestedFix
	// Quirk names the producer's habit that explains the diagnostic (the
	// quirk profiles of package check, as "fox"), or "". Such diagnostics
	// are expected: reports leave them out, and the fix writes FF[4].
	Quirk string
}

func (d Diagnostic) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s %s: %s", d.Position, d.Severity, d.Code, d.Message)
	if d.Critical {
		b.WriteString(" (critical)")
	}
	return b.String()
}

// SuggestedFix is a suggested repair: edits of one node of the tree of its
// diagnostic (package check applies them).
type SuggestedFix struct {
	Edits []Edit
}

// EditOp is what an Edit does.
type EditOp uint8

const (
	// ReplaceValue replaces value Value of property Prop by the values New
	// (none deletes it).
	ReplaceValue EditOp = iota + 1
	// DeleteProp deletes property Prop.
	DeleteProp
	// ReplaceProp replaces property Prop by property ID with the values New.
	ReplaceProp
	// AppendValues adds the values New at the end of property Prop.
	AppendValues
	// SplitNode writes the node as several nodes in sequence: Groups lists
	// the property indices of each, in order; the node's children follow
	// the last.
	SplitNode
	// DeleteNode writes the node's children in its place (only for nodes
	// without properties, or whose every property an edit deletes).
	DeleteNode
	// AddProp adds property ID with the values New at the end of the node.
	AddProp
	// DeleteText deletes the first Value bytes of the text in front of the
	// first game tree (Node is -1).
	DeleteText
	// RaiseVariation writes the variation that starts at Node one level
	// up, as a sibling of its parent's variation, right after it (SGFC
	// -v). Under the root, whose move a SplitNode of the same tree puts in
	// a node of its own, it goes next to that node; without that split it
	// is not applied.
	RaiseVariation
	// ReverseVariations writes the children of Node in reverse order
	// (SGFC -z).
	ReverseVariations
)

// Edit is one change of one node. Prop and Value index the node's properties
// (in the order syntax.Node.Props yields them) and a property's values.
// New values are raw: escaped as they stand between "[" and "]".
type Edit struct {
	Op     EditOp
	Node   int // pre-order number
	Prop   int
	Value  int
	ID     string
	New    []string
	Groups [][]int
}

// List is a list of diagnostics, in the manner of go/scanner.ErrorList.
type List []Diagnostic

// Len, Less and Swap make a List a sort.Interface (by offset).
func (l List) Len() int           { return len(l) }
func (l List) Less(i, j int) bool { return l[i].Offset < l[j].Offset }
func (l List) Swap(i, j int)      { l[i], l[j] = l[j], l[i] }

// Sort sorts the list by offset, keeping the order of diagnostics at one
// offset (each reporter's order). A list in order is not touched.
func (l List) Sort() {
	if !slices.IsSortedFunc(l, byOffset) {
		slices.SortStableFunc(l, byOffset)
	}
}

func byOffset(a, b Diagnostic) int { return cmp.Compare(a.Offset, b.Offset) }

// Filter removes, in place, the diagnostics whose code is in disabled and
// those that a quirk explains (Quirk set), and returns the rest.
func (l List) Filter(disabled Set) List {
	return slices.DeleteFunc(l, func(d Diagnostic) bool { return disabled[d.Code] || d.Quirk != "" })
}

// Set is a set of codes: Options.Disable of package check, --disable of
// sgf check.
type Set = map[Code]bool

// Clone returns a copy of the list.
func (l List) Clone() List { return slices.Clone(l) }

// Counts returns the number of errors (and fatal ones) and of warnings.
func (l List) Counts() (errs, warnings int) {
	for _, d := range l {
		if d.Severity >= Error {
			errs++
		} else {
			warnings++
		}
	}
	return errs, warnings
}

// Error returns the first error of the list (or its first diagnostic) and
// how many more there are.
func (l List) Error() string {
	switch len(l) {
	case 0:
		return "no diagnostics"
	case 1:
		return l[0].String()
	}
	first := l[0]
	if i := slices.IndexFunc(l, func(d Diagnostic) bool { return d.Severity >= Error }); i >= 0 {
		first = l[i]
	}
	return fmt.Sprintf("%s (and %d more)", first, len(l)-1)
}

// Err returns the list as an error when it holds an error or a fatal
// diagnostic, nil when it holds only warnings (or nothing). errors.As
// finds the List.
func (l List) Err() error {
	if errs, _ := l.Counts(); errs == 0 {
		return nil
	}
	return l
}
