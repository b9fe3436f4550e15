package cli

import (
	"slices"
	"strings"

	"github.com/sgf-toolkit/sgf/check"
)

// The quirk profiles of package check (check.Profiles) join ff3 and
// long-ids, which only silence syntax codes. Unlike those, a profile does
// more than hide codes: "sgf check" reads the habit the producer's way (its
// diagnostics are expected, and not printed) and "sgf fix" rewrites it as
// plain FF[4], with a change line. "auto" picks the profiles of each game
// tree by its AP and by shapes that can mean only one thing.
func init() {
	for _, p := range check.Profiles() {
		var codes []string
		for _, c := range p.Codes {
			codes = append(codes, c.String())
		}
		registerQuirk(&quirk{name: p.Name, codes: codes, doc: p.Doc})
	}
	registerQuirk(&quirk{name: "auto", doc: "pick the profiles above for each game tree: by AP (YuanYu, Fox: fox; CGoban: kgs; MultiGo: multigo) and by shapes that can mean only one thing (KM[750], HA[1], B[ ], handicap moves, nested variations, a mail header)"})
}

// quirkSettings returns what --quirks asks of package check, and the codes
// of the other quirks (ff3, long-ids) that are not to be reported at all.
func quirkSettings(c *commonFlags) (q check.Quirks, auto bool, silenced []string) {
	for _, name := range c.quirks {
		if name == "all" {
			q |= check.AllQuirks
		}
		if strings.EqualFold(name, "auto") {
			auto = true
			continue
		}
		if p, ok := check.LookupProfile(name); ok {
			q |= p.Quirks
			continue
		}
		for _, k := range quirks {
			if _, profile := check.LookupProfile(k.name); profile || k.name == "auto" {
				continue
			}
			if name == "all" || strings.EqualFold(k.name, name) {
				silenced = append(silenced, k.codes...)
			}
		}
	}
	// ff3 accepts lowercase letters in identifiers: in FF[4] files package
	// check reports them too, as C05.
	if slices.Contains(silenced, "S16") {
		silenced = append(silenced, "C05")
	}
	return q, auto, silenced
}
