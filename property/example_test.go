package property_test

import (
	"fmt"

	"github.com/sgf-toolkit/sgf/property"
)

func ExampleLookup() {
	p, ok := property.Lookup("LB")
	fmt.Println(ok, p.ID, p.Name)
	fmt.Println("kind:", p.Kind)
	fmt.Println("value:", p.Value)
	fmt.Println("formats:", p.FF)
	_, ok = property.Lookup("XX")
	fmt.Println("XX known:", ok)
	// Output:
	// true LB Label
	// kind: -
	// value: list of composed point : simpletext
	// formats: --34
	// XX known: false
}

func ExampleLookupBytes() {
	// The bytes of an identifier as a scanner sees them.
	id := []byte("KM")
	if p, ok := property.LookupBytes(id); ok {
		fmt.Println(p.Name, p.Kind, p.Value, p.Game)
	}
	// Output:
	// Komi game-info real Go
}

func ExampleLookupGame() {
	// SE is "Selftest moves" in FF[3] and "Markup" in Lines of Action.
	for _, g := range []property.Game{property.Go, property.LinesOfAction} {
		p, _ := property.LookupGame("SE", g)
		fmt.Printf("%v: %s (%s, FF %v, obsolete %v)\n", g, p.Name, p.Value, p.FF, p.Obsolete)
	}
	// HA belongs to Go.
	_, ok := property.LookupGame("HA", property.Hex)
	fmt.Println("HA in Hex:", ok)
	// Output:
	// Go: Selftest moves (list of point, FF --3-, obsolete true)
	// Lines of Action: Markup (point, FF ---4, obsolete false)
	// HA in Hex: false
}

func ExampleCanonical() {
	for _, id := range []string{"CoPyright", "VieW", "USer", "Comment", "AddBlack", "B", "black"} {
		fmt.Printf("%q -> %q\n", id, property.Canonical([]byte(id)))
	}
	// Output:
	// "CoPyright" -> "CP"
	// "VieW" -> "VW"
	// "USer" -> "US"
	// "Comment" -> "C"
	// "AddBlack" -> "AB"
	// "B" -> "B"
	// "black" -> ""
}

func ExampleAll() {
	// The obsolete properties an FF[4] converter moves to another property.
	for p := range property.All() {
		if p.Obsolete && p.Convert.To != "" {
			if p.Convert.Alt != "" {
				fmt.Printf("%s -> %s or %s\n", p.ID, p.Convert.To, p.Convert.Alt)
			} else {
				fmt.Printf("%s -> %s\n", p.ID, p.Convert.To)
			}
		}
	}
	// Output:
	// KI -> KM
	// L -> LB
	// M -> MA or TR
}

func ExampleValueType() {
	sz, _ := property.Lookup("SZ")
	v := sz.Value
	fmt.Println(v)
	fmt.Println(v.Form, v.Elem, "|", v.Alt, v.Alt.Composed())
	// Output:
	// number | composed number : number
	// single number | composed number : number true
}

func ExampleVersions() {
	p, _ := property.Lookup("FF")
	fmt.Println(p.FF, p.FF.Has(1), p.FF.Has(4))
	// Output:
	// -234 false true
}
