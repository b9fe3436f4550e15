package check

import "github.com/sgf-toolkit/sgf/value"

// FoxKomi reads km, the value of a KM property, by the rule of the fox
// quirk profile (QuirkFoxKomi): Fox (AP[YuanYu]) writes komi in hundredths,
// so that KM[750] is 7.5 points, and under Chinese rules (ru, the value of
// RU, names them) a value in quarters counts stones: KM[375] is 7.5 points.
// It returns the komi in points as text ("7.5"), and false when km is no
// such value (a komi below 50, or not a multiple of 0.25 in hundredths).
// It is the rule "sgf check --quirks fox" reads and "sgf fix" writes.
//
// km and ru are values as written: each is read as the typed view reads
// it, its escapes removed (value.SimpleText), as GameInfo.ProducerKomi
// reads KM and RU.
func FoxKomi(km, ru []byte) (string, bool) {
	return foxKomi(value.SimpleText(km), value.ChineseRules(value.SimpleText(ru)))
}
