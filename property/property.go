package property

import (
	"iter"
	"strconv"
	"strings"
)

// Kind is the property type of the specification: where a property may
// appear and with which properties it may be combined.
//
// "move", "setup", "root", "game-info" and "-" (no type) are the words of
// ff4-basics.txt. "inherit" is an attribute there, not a type: see
// [Info.Inherit].
type Kind uint8

const (
	KindNone     Kind = iota // "-": no special type, may appear anywhere
	KindMove                 // "move": must not be mixed with setup properties in a node
	KindSetup                // "setup": must not be mixed with move properties in a node
	KindRoot                 // "root": only in root nodes
	KindGameInfo             // "game-info": only in the one game-info node on a path
)

var kindNames = [...]string{
	KindNone:     "-",
	KindMove:     "move",
	KindSetup:    "setup",
	KindRoot:     "root",
	KindGameInfo: "game-info",
}

// String returns the word the specification uses for k ("-" for KindNone).
func (k Kind) String() string { return enumName(kindNames[:], int(k), "Kind") }

// Base is a value type of the specification: what one value, or one half of
// a composed value, is.
type Base uint8

const (
	// Unknown is the zero Base: a value whose type the catalogue does not
	// know, such as the value of a property it does not know. No catalogued
	// property has it. As [Element.Second] it means "not composed".
	Unknown    Base = iota
	None            // empty value "[]"
	Number          // [+|-] digits
	Real            // Number [. digits]
	Double          // "1" (normal) or "2" (emphasized)
	Color           // "B" or "W"
	SimpleText      // text whose line breaks are shown as spaces
	Text            // text with line breaks
	Point           // game-specific
	Move            // game-specific
	Stone           // game-specific
)

var baseNames = [...]string{
	Unknown:    "unknown",
	None:       "none",
	Number:     "number",
	Real:       "real",
	Double:     "double",
	Color:      "color",
	SimpleText: "simpletext",
	Text:       "text",
	Point:      "point",
	Move:       "move",
	Stone:      "stone",
}

// String returns the lower-case word the property index uses for b.
func (b Base) String() string { return enumName(baseNames[:], int(b), "Base") }

// Element is one property value: a single Base, or a composed value
// "First:Second" (the spec's Compose = ValueType ":" ValueType).
type Element struct {
	First  Base
	Second Base // Unknown (the zero Base) when the value is not composed
}

// Composed reports whether e is a composed "A:B" value.
func (e Element) Composed() bool { return e.Second != Unknown }

// String returns e in the words of the property index: "point" or
// "composed point : simpletext".
func (e Element) String() string {
	if e.Composed() {
		return "composed " + e.First.String() + " : " + e.Second.String()
	}
	return e.First.String()
}

// enumName returns names[k], the word for the value k of the enumeration
// typ, or typ(k) for a value that has none.
func enumName(names []string, k int, typ string) string {
	if k < len(names) {
		return names[k]
	}
	return typ + "(" + strconv.Itoa(k) + ")"
}

// Form says how many values a property takes.
type Form uint8

const (
	Single Form = iota // exactly one value
	List               // "list of": one or more values
	EList              // "elist of": one or more values, or the single empty value "[]"
)

var formNames = [...]string{Single: "single", List: "list", EList: "elist"}

// String returns "single", "list" or "elist".
func (f Form) String() string { return enumName(formNames[:], int(f), "Form") }

// ValueType describes the values a property takes.
//
// Examples: LB is a List of composed point:simpletext; AP one composed
// simpletext:simpletext; FG is none, or one composed number:simpletext
// (Elem None, Alt number:simpletext); SZ is a number or a composed
// number:number; FF is a number in the range 1-4.
//
// "list of point" in FF[4] also admits the compressed rectangle form
// "point:point" (ff4-basics.txt); that is a property of the point list, not a
// composed value, and is not recorded here.
type ValueType struct {
	Form Form
	Elem Element // what one value is
	// Alt is the alternative in "A | B" value types (FG, SZ); Alt.First is
	// Unknown when there is none.
	Alt Element
	// Ranged is set when the spec gives a range for a number: "number
	// (range: 1-4)". Min and Max are then the bounds, both inclusive.
	Ranged   bool
	Min, Max int
}

// HasAlt reports whether v is "A | B".
func (v ValueType) HasAlt() bool { return v.Alt.First != Unknown }

// String returns v in the words of the property index, for example
// "list of composed point : simpletext", "elist of point",
// "none | composed number : simpletext", "number (range: 1-4)".
// (The index writes SZ's value in parentheses; String does not.)
func (v ValueType) String() string {
	var sb strings.Builder
	switch v.Form {
	case List:
		sb.WriteString("list of ")
	case EList:
		sb.WriteString("elist of ")
	}
	sb.WriteString(v.Elem.String())
	if v.HasAlt() {
		sb.WriteString(" | ")
		sb.WriteString(v.Alt.String())
	}
	if v.Ranged {
		sb.WriteString(" (range: ")
		sb.WriteString(strconv.Itoa(v.Min))
		sb.WriteByte('-')
		sb.WriteString(strconv.Itoa(v.Max))
		sb.WriteByte(')')
	}
	return sb.String()
}

// Versions is a set of SGF file formats (the FF columns of the index).
type Versions uint8

const (
	FF1 Versions = 1 << iota
	// FF2 was never published and is close to FF[1] (property index); the
	// index still gives it a column, and this set follows the index.
	FF2
	FF3
	FF4
)

// Has reports whether file format ff (1-4) defines the property.
func (v Versions) Has(ff int) bool {
	if ff < 1 || ff > 4 {
		return false
	}
	return v&(1<<(ff-1)) != 0
}

// String returns v as the index writes it: four characters, the digit of
// each format in the set and '-' for the others ("1234", "--34", "12--").
func (v Versions) String() string {
	b := []byte("----")
	for i := range 4 {
		if v&(1<<i) != 0 {
			b[i] = byte('1' + i)
		}
	}
	return string(b)
}

// Game is an SGF game number, the value of GM. The catalogue uses it to mark
// game-specific properties; 0 means the property belongs to every game.
type Game int

// Game numbers from the GM property page (ff4-properties.txt).
const (
	AllGames      Game = 0
	Go            Game = 1  // GM[1]; the default when GM is missing
	LinesOfAction Game = 9  // GM[9]; the index marks its properties "(LOA)"
	Hex           Game = 11 // GM[11]; the index defines no Hex-only property
)

// String returns the game's name for the numbers this catalogue uses, and
// "GM[n]" for the others.
func (g Game) String() string {
	switch g {
	case AllGames:
		return "all games"
	case Go:
		return "Go"
	case LinesOfAction:
		return "Lines of Action"
	case Hex:
		return "Hex"
	}
	return "GM[" + strconv.Itoa(int(g)) + "]"
}

// Conversion records what a converter does with a property when it writes
// FF[4]: for the obsolete properties, and for VW whose FF[1]-FF[3] meaning
// differs. The facts are SGFC's (README, its test files, and its source where
// the README is silent); each Rule names its source.
type Conversion struct {
	// To is the FF[4] property the values are moved to ("LB" for L, "KM"
	// for KI), or "" when FF[4] has no counterpart and the property is kept
	// as written.
	To string
	// Alt is a second target chosen value by value ("TR" for M where a
	// stone stands), or "".
	Alt string
	// Rule is the rule in words, with its source.
	Rule string
	// Message is the number of the SGFC message that reports the conversion
	// (README, Appendix C), or 0.
	Message int
}

// Info describes one property. The values returned by this package point
// into the catalogue and must not be modified.
type Info struct {
	// ID is the FF[4] identifier: one or two upper-case letters.
	ID string
	// Name is the description column of the property index.
	Name string
	// Kind is the property type.
	Kind Kind
	// Inherit marks the inherit attribute (DD, PM, VW): the setting applies
	// to the node and all its descendants until it is changed or cleared.
	Inherit bool
	// Value is the value type.
	Value ValueType
	// FF is the set of file formats that define the property.
	FF Versions
	// Game is the game the property belongs to, AllGames for general ones.
	Game Game
	// Obsolete is set when FF[4] does not define the property ("properties
	// missing the 4 are obsolete in FF[4]", property index).
	Obsolete bool
	// Private is set for a property that is in no SGF specification but
	// that converters know (KI, private to Smart Game Board).
	Private bool
	// Convert says what a converter to FF[4] does with the property; the
	// zero Conversion means nothing is done.
	Convert Conversion
}

// Slots is the number of identifiers of one or two upper-case letters,
// those a catalogue entry has: Slot numbers them, for tables indexed by
// identifier.
const Slots = 26 * 27

// Slot returns the number of an identifier of one or two upper-case
// letters, from 0 to Slots-1 (first letter * 27, plus 0 for one letter or
// 1 + the second letter), or -1 for any other identifier.
func Slot[T string | []byte](id T) int {
	switch len(id) {
	case 1:
		a := id[0] - 'A'
		if a < 26 {
			return int(a) * 27
		}
	case 2:
		a, b := id[0]-'A', id[1]-'A'
		if a < 26 && b < 26 {
			return int(a)*27 + int(b) + 1
		}
	}
	return -1
}

// byID maps a slot to 1 + the index in table of the first entry with that
// identifier; 0 means no entry.
var byID = func() (m [Slots]uint8) {
	for i := len(table) - 1; i >= 0; i-- {
		m[Slot(table[i].ID)] = uint8(i + 1)
	}
	return m
}()

func lookup[T string | []byte](id T) (*Info, bool) {
	s := Slot(id)
	if s < 0 {
		return nil, false
	}
	n := byID[s]
	if n == 0 {
		return nil, false
	}
	return &table[n-1], true
}

// Lookup returns the property with FF[4] identifier id. Identifiers are case
// sensitive: use [Canonical] first for FF[1]-FF[3] mixed-case identifiers.
// Where one identifier has a general and a game-specific meaning (SE: FF[3]
// "Selftest moves", and FF[4] "Markup" in Lines of Action) Lookup returns the
// general one; use [LookupGame] to choose by game. Lookup does not allocate.
func Lookup(id string) (*Info, bool) { return lookup(id) }

// LookupBytes is [Lookup] for an identifier held in a byte slice, as a
// scanner has it. It does not allocate.
func LookupBytes(id []byte) (*Info, bool) { return lookup(id) }

// LookupGame returns the meaning of identifier id in game g (the value of
// GM; pass [Go] when GM is missing, its default): the entry specific to g if
// there is one, else the general entry. A property specific to another game
// (HA in a Hex game) is not found. LookupGame does not allocate.
func LookupGame(id string, g Game) (*Info, bool) {
	s := Slot(id)
	if s < 0 || byID[s] == 0 {
		return nil, false
	}
	// Entries with one identifier are adjacent, the general one first.
	first := int(byID[s]) - 1
	p := &table[first]
	if p.Game == g {
		return p, true
	}
	for i := first + 1; i < len(table) && table[i].ID == p.ID; i++ {
		if table[i].Game == g {
			return &table[i], true
		}
	}
	if p.Game == AllGames {
		return p, true
	}
	return nil, false
}

// All yields every catalogued property, ordered by identifier; a general
// entry comes before a game-specific one with the same identifier.
func All() iter.Seq[*Info] {
	return func(yield func(*Info) bool) {
		for i := range table {
			if !yield(&table[i]) {
				return
			}
		}
	}
}

// Canonical returns the FF[4] identifier that an FF[1]-FF[3] identifier
// stands for: its upper-case letters, in order. FF[3] files write
// identifiers with lower-case letters ("CoPyright", "VieW", "USer",
// "Comment", "AddBlack"), which readers ignore; FF[4] forbids them
// ("PropIdent = UcLetter { UcLetter }", ff4-basics.txt).
//
// The specification files in this repository do not state the FF[3] rule.
// Its source is SGFC: message 16 "lowercase char not allowed in property
// identifier" (only an error in FF[4]) with the example
// ">>(;FF[4];Black[cc];White[dd])<<", which SGFC's unit test expects to come
// out as "B[cc];W[dd]"; and test.sgf line 16 ";nolowercaseinpropidallowedW[aa]",
// which test-result.sgf writes as ";W[aa]".
//
// Canonical returns "" when id holds a byte that is not an ASCII letter, or
// no upper-case letter at all: such an id is no identifier in any FF.
// Canonical does not allocate when the result is a catalogued identifier or
// a single letter.
func Canonical(id []byte) string {
	var buf [8]byte
	out := buf[:0]
	for _, c := range id {
		switch {
		case 'A' <= c && c <= 'Z':
			out = append(out, c)
		case 'a' <= c && c <= 'z':
		default:
			return ""
		}
	}
	if p, ok := lookup(out); ok {
		return p.ID
	}
	return string(out)
}
