package property

// The catalogue. One entry per row of the property index
// (../shared/spec/property-index-ff1-4.txt), in the index's order (by
// identifier; SE has two rows), plus KI, which no specification defines.
//
// Sources, and where they disagree:
//   - property-index-ff1-4.txt decides ID, Name, FF, Kind, Inherit, Game and
//     Value. TestIndex compares every row.
//   - ff4-properties.txt gives Propvalue and Propertytype of the general FF[4]
//     properties; TestFF4Properties compares them. It agrees with the index
//     except for GM: it says "number (range: 1-16)" but then lists games up to
//     40 (Kropki); the index says "number". The table follows the index.
//   - go-game-notes.md gives HA, KM, TB, TW (TestGoNotes).
//   - SGFC's README, Appendix B, lists FF "1234" and LN "---4" where the index
//     has "-234" and "--34", calls simpletext "text", and lists DD as "list of
//     point" where the index has "elist of point". The table follows the
//     index; ff4-properties.txt agrees with it on DD.
//   - Hex (GM[11]): neither the index nor sgf-syntax-and-semantics-hex.txt
//     defines a Hex-only property. Hex uses the general properties; only the
//     point and move values are game-specific (package value).
//   - Other games' properties (chess, Othello, ...): the spec files here do
//     not list them, so neither does the catalogue.
//
// What the spec files do not say about obsolete properties, and where the
// Conversion facts come from, is noted per entry.

const (
	ff1234 = FF1 | FF2 | FF3 | FF4
	ff234  = FF2 | FF3 | FF4
	ff34   = FF3 | FF4
	ff4    = FF4
	ff123  = FF1 | FF2 | FF3
	ff12   = FF1 | FF2
	ff3    = FF3
)

func one(b Base) ValueType     { return ValueType{Elem: Element{First: b}} }
func listOf(b Base) ValueType  { return ValueType{Form: List, Elem: Element{First: b}} }
func elistOf(b Base) ValueType { return ValueType{Form: EList, Elem: Element{First: b}} }
func composed(a, b Base) ValueType {
	return ValueType{Elem: Element{First: a, Second: b}}
}
func listOfComposed(a, b Base) ValueType {
	return ValueType{Form: List, Elem: Element{First: a, Second: b}}
}
func ranged(b Base, lo, hi int) ValueType {
	return ValueType{Elem: Element{First: b}, Ranged: true, Min: lo, Max: hi}
}

// keepRule is the Rule of the obsolete properties that have no FF[4]
// counterpart.
const keepRule = "no FF[4] counterpart: SGFC keeps the property as written with " +
	"warning 40 \"property <%s> is not defined in FF[%d] (parsing done anyway)\" " +
	"and deletes it only with option -o (warning 29) (SGFC README: option -o, Appendix C)"

var keep = Conversion{Rule: keepRule, Message: 40}

var table = [...]Info{
	{ID: "AB", Name: "Add Black", Kind: KindSetup, Value: listOf(Stone), FF: ff1234},
	{ID: "AE", Name: "Add Empty", Kind: KindSetup, Value: listOf(Point), FF: ff1234},
	{ID: "AN", Name: "Annotation", Kind: KindGameInfo, Value: one(SimpleText), FF: ff34},
	{ID: "AP", Name: "Application", Kind: KindRoot, Value: composed(SimpleText, SimpleText), FF: ff4},
	{ID: "AR", Name: "Arrow", Value: listOfComposed(Point, Point), FF: ff4},
	// The index gives AS only its LOA marker and value; the spec files
	// here say nothing more about it (nor about IP, IY, SE-markup, SU).
	{ID: "AS", Name: "Who adds stones", Value: one(SimpleText), FF: ff4, Game: LinesOfAction},
	{ID: "AW", Name: "Add White", Kind: KindSetup, Value: listOf(Stone), FF: ff1234},
	{ID: "B", Name: "Black", Kind: KindMove, Value: one(Move), FF: ff1234},
	{ID: "BL", Name: "Black time left", Kind: KindMove, Value: one(Real), FF: ff1234},
	{ID: "BM", Name: "Bad move", Kind: KindMove, Value: one(Double), FF: ff1234},
	{ID: "BR", Name: "Black rank", Kind: KindGameInfo, Value: one(SimpleText), FF: ff1234},
	{ID: "BS", Name: "Black species", Kind: KindGameInfo, Value: one(Number), FF: ff123, Obsolete: true, Convert: keep},
	{ID: "BT", Name: "Black team", Kind: KindGameInfo, Value: one(SimpleText), FF: ff34},
	{ID: "C", Name: "Comment", Value: one(Text), FF: ff1234},
	{ID: "CA", Name: "Charset", Kind: KindRoot, Value: one(SimpleText), FF: ff4},
	{ID: "CH", Name: "Check mark", Value: one(Double), FF: ff123, Obsolete: true, Convert: keep},
	{ID: "CP", Name: "Copyright", Kind: KindGameInfo, Value: one(SimpleText), FF: ff34},
	{ID: "CR", Name: "Circle", Value: listOf(Point), FF: ff34},
	{ID: "DD", Name: "Dim points", Inherit: true, Value: elistOf(Point), FF: ff4},
	{ID: "DM", Name: "Even position", Value: one(Double), FF: ff34},
	{ID: "DO", Name: "Doubtful", Kind: KindMove, Value: one(None), FF: ff34},
	{ID: "DT", Name: "Date", Kind: KindGameInfo, Value: one(SimpleText), FF: ff1234},
	{ID: "EL", Name: "Eval. comp move", Value: one(Number), FF: ff12, Obsolete: true, Convert: keep},
	{ID: "EV", Name: "Event", Kind: KindGameInfo, Value: one(SimpleText), FF: ff1234},
	{ID: "EX", Name: "Expected move", Value: one(Move), FF: ff12, Obsolete: true, Convert: keep},
	// FF[1] has no FF property: a file without FF is FF[1] (FF page:
	// "Default value: 1").
	{ID: "FF", Name: "Fileformat", Kind: KindRoot, Value: ranged(Number, 1, 4), FF: ff234},
	{ID: "FG", Name: "Figure", Value: ValueType{Elem: Element{First: None}, Alt: Element{First: Number, Second: SimpleText}}, FF: ff1234},
	{ID: "GB", Name: "Good for Black", Value: one(Double), FF: ff1234},
	{ID: "GC", Name: "Game comment", Kind: KindGameInfo, Value: one(Text), FF: ff1234},
	// ff4-properties.txt: "number (range: 1-16)", contradicted by its own
	// list of games up to 40; the index has no range. See the top comment.
	{ID: "GM", Name: "Game", Kind: KindRoot, Value: one(Number), FF: ff1234},
	{ID: "GN", Name: "Game name", Kind: KindGameInfo, Value: one(SimpleText), FF: ff1234},
	{ID: "GW", Name: "Good for White", Value: one(Double), FF: ff1234},
	{ID: "HA", Name: "Handicap", Kind: KindGameInfo, Value: one(Number), FF: ff1234, Game: Go},
	{ID: "HO", Name: "Hotspot", Value: one(Double), FF: ff34},
	{ID: "ID", Name: "Game identifier", Kind: KindGameInfo, Value: one(SimpleText), FF: ff3, Obsolete: true, Convert: keep},
	{ID: "IP", Name: "Initial pos.", Kind: KindGameInfo, Value: one(SimpleText), FF: ff4, Game: LinesOfAction},
	{ID: "IT", Name: "Interesting", Kind: KindMove, Value: one(None), FF: ff34},
	{ID: "IY", Name: "Invert Y-axis", Kind: KindGameInfo, Value: one(SimpleText), FF: ff4, Game: LinesOfAction},
	// KI is in no specification and not in the index. SGFC README, history
	// V1.13: "new property recognized: KI (integer komi) - this property is
	// private to SGB - it gets converted to the regular komi property KM";
	// Appendix B: "KI SGB game-info (Go) number". SGFC's properties.c gives
	// it the formats FF[1]/FF[2] and the obsolete flag; FF below follows it.
	// The name is the README's words.
	{ID: "KI", Name: "Integer komi", Kind: KindGameInfo, Value: one(Number), FF: ff12, Game: Go, Obsolete: true, Private: true,
		Convert: Conversion{To: "KM", Message: 59,
			Rule: "KM = KI/2 (KI is komi times two: test.sgf KI[11] becomes KM[5.5] in test-result.sgf; " +
				"SGFC execute.c Do_GInfo writes n/2, with \".5\" when n is odd); when the node already has KM, " +
				"KI is deleted instead; message 59 \"obsolete <KI> property found: %s\" (converted / deleted) " +
				"(SGFC README, Appendix C)"}},
	{ID: "KM", Name: "Komi", Kind: KindGameInfo, Value: one(Real), FF: ff1234, Game: Go},
	{ID: "KO", Name: "Ko", Kind: KindMove, Value: one(None), FF: ff34},
	{ID: "L", Name: "Letters", Value: listOf(Point), FF: ff12, Obsolete: true,
		Convert: Conversion{To: "LB", Message: 40,
			Rule: "each point p becomes the label LB[p:x], x = a, b, c, ... in the order of the values; " +
				"a point already labelled is reported (message 38) and skipped; SGFC converts only in Go (GM[1]) " +
				"games and keeps L otherwise (SGFC README option -o: \"two obsolete properties are not deleted but " +
				"converted to their FF[4] counterpart ... 'M' and 'L'\"; test.sgf L[aa] becomes LB[aa:a]; " +
				"execute.c Do_Letter)"}},
	{ID: "LB", Name: "Label", Value: listOfComposed(Point, SimpleText), FF: ff34},
	{ID: "LN", Name: "Line", Value: listOfComposed(Point, Point), FF: ff34},
	{ID: "LT", Name: "Lose on time", Value: one(None), FF: ff3, Obsolete: true, Convert: keep},
	{ID: "M", Name: "Simple markup", Value: listOf(Point), FF: ff12, Obsolete: true,
		Convert: Conversion{To: "MA", Alt: "TR", Message: 40,
			Rule: "each point becomes MA (mark with X) where the point is empty and TR (triangle) where " +
				"a stone stands on it; a point already marked is reported (message 38) and skipped; SGFC converts " +
				"only in Go (GM[1]) games and keeps M otherwise (SGFC README option -o; test.sgf M[dd] becomes " +
				"MA[dd]; execute.c Do_Mark)"}},
	{ID: "MA", Name: "Mark with X", Value: listOf(Point), FF: ff34},
	{ID: "MN", Name: "Set move number", Kind: KindMove, Value: one(Number), FF: ff34},
	{ID: "N", Name: "Nodename", Value: one(SimpleText), FF: ff1234},
	{ID: "OB", Name: "OtStones Black", Kind: KindMove, Value: one(Number), FF: ff34},
	{ID: "OM", Name: "Moves/overtime", Value: one(Number), FF: ff3, Obsolete: true, Convert: keep},
	{ID: "ON", Name: "Opening", Kind: KindGameInfo, Value: one(SimpleText), FF: ff34},
	{ID: "OP", Name: "Overtime length", Value: one(Real), FF: ff3, Obsolete: true, Convert: keep},
	{ID: "OT", Name: "Overtime", Kind: KindGameInfo, Value: one(SimpleText), FF: ff4},
	{ID: "OV", Name: "Operator overhead", Value: one(Real), FF: ff3, Obsolete: true, Convert: keep},
	{ID: "OW", Name: "OtStones White", Kind: KindMove, Value: one(Number), FF: ff34},
	{ID: "PB", Name: "Player Black", Kind: KindGameInfo, Value: one(SimpleText), FF: ff1234},
	{ID: "PC", Name: "Place", Kind: KindGameInfo, Value: one(SimpleText), FF: ff1234},
	{ID: "PL", Name: "Player to play", Kind: KindSetup, Value: one(Color), FF: ff1234},
	{ID: "PM", Name: "Print move mode", Inherit: true, Value: one(Number), FF: ff4},
	{ID: "PW", Name: "Player White", Kind: KindGameInfo, Value: one(SimpleText), FF: ff1234},
	{ID: "RE", Name: "Result", Kind: KindGameInfo, Value: one(SimpleText), FF: ff1234},
	// SGFC README option -o names RG as its example of an obsolete markup
	// property: "'RG' a markup property was defined for FF[1]-FF[3] but
	// not for FF[4]".
	{ID: "RG", Name: "Region", Value: listOf(Point), FF: ff123, Game: Go, Obsolete: true, Convert: keep},
	{ID: "RO", Name: "Round", Kind: KindGameInfo, Value: one(SimpleText), FF: ff1234},
	{ID: "RU", Name: "Rules", Kind: KindGameInfo, Value: one(SimpleText), FF: ff34},
	// test.sgf line 40: SC is kept, message 40 "(parsing done anyway)".
	{ID: "SC", Name: "Secure stones", Value: listOf(Point), FF: ff123, Obsolete: true, Convert: keep},
	// SE has two rows in the index: the FF[3] general property, and the
	// FF[4] Lines of Action one. Lookup finds the first; LookupGame the one
	// for the game.
	{ID: "SE", Name: "Selftest moves", Value: listOf(Point), FF: ff3, Obsolete: true, Convert: keep},
	{ID: "SE", Name: "Markup", Value: one(Point), FF: ff4, Game: LinesOfAction},
	{ID: "SI", Name: "Sigma", Value: one(Double), FF: ff3, Obsolete: true, Convert: keep},
	{ID: "SL", Name: "Selected", Value: listOf(Point), FF: ff1234},
	{ID: "SO", Name: "Source", Kind: KindGameInfo, Value: one(SimpleText), FF: ff1234},
	{ID: "SQ", Name: "Square", Value: listOf(Point), FF: ff4},
	{ID: "ST", Name: "Style", Kind: KindRoot, Value: ranged(Number, 0, 3), FF: ff4},
	{ID: "SU", Name: "Setup type", Kind: KindGameInfo, Value: one(SimpleText), FF: ff4, Game: LinesOfAction},
	{ID: "SZ", Name: "Size", Kind: KindRoot, Value: ValueType{Elem: Element{First: Number}, Alt: Element{First: Number, Second: Number}}, FF: ff1234},
	{ID: "TB", Name: "Territory Black", Value: elistOf(Point), FF: ff1234, Game: Go},
	{ID: "TC", Name: "Territory count", Value: one(Number), FF: ff3, Game: Go, Obsolete: true, Convert: keep},
	{ID: "TE", Name: "Tesuji", Kind: KindMove, Value: one(Double), FF: ff1234},
	{ID: "TM", Name: "Timelimit", Kind: KindGameInfo, Value: one(Real), FF: ff1234},
	{ID: "TR", Name: "Triangle", Value: listOf(Point), FF: ff34},
	{ID: "TW", Name: "Territory White", Value: elistOf(Point), FF: ff1234, Game: Go},
	{ID: "UC", Name: "Unclear pos", Value: one(Double), FF: ff34},
	{ID: "US", Name: "User", Kind: KindGameInfo, Value: one(SimpleText), FF: ff1234},
	{ID: "V", Name: "Value (score)", Value: one(Real), FF: ff1234},
	// VW is in every format, but FF[1]-FF[3] wrote a view as the two corner
	// points of a rectangle. The index and the spec files do not say so;
	// the source is SGFC (message 52 "<VW> property: %s" with the example
	// ">>(;FF[3]VW[aj][ak][al][am])<<", and execute.c Do_View).
	{ID: "VW", Name: "View", Inherit: true, Value: elistOf(Point), FF: ff1234,
		Convert: Conversion{To: "VW", Message: 52,
			Rule: "in an FF[1]-FF[3] Go file, VW with exactly two points is the rectangle between them and " +
				"becomes the FF[4] compressed VW[ul:lr]; any other count is taken as the FF[4] form (message 52 " +
				"\"FF[4] definition in older FF found\", parsing done anyway) (SGFC execute.c Do_View)"}},
	{ID: "W", Name: "White", Kind: KindMove, Value: one(Move), FF: ff1234},
	{ID: "WL", Name: "White time left", Kind: KindMove, Value: one(Real), FF: ff1234},
	{ID: "WR", Name: "White rank", Kind: KindGameInfo, Value: one(SimpleText), FF: ff1234},
	{ID: "WS", Name: "White species", Kind: KindGameInfo, Value: one(Number), FF: ff123, Obsolete: true, Convert: keep},
	{ID: "WT", Name: "White team", Kind: KindGameInfo, Value: one(SimpleText), FF: ff34},
}
