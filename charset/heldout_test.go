package charset_test

// A held-out evaluation of charset handling on files nobody has seen.
//
// Issue 3 of the project: "Files without CA, or whose CA is wrong (a
// CA[UTF-8] file that is not UTF-8, a CA[gb2312] file that only decodes as
// GBK), are detected: valid UTF-8 first, then statistical detection on the
// text values only (not the whole file, which is mostly ASCII), reporting
// which path was taken and with what confidence. UTF-16 with and without
// BOM. ... We will also check charset handling on many files you have not
// seen, with and without CA."
//
// The generator takes natural text, re-encodes it with golang.org/x/text
// encoders into the charsets SGF files are found in, wraps it in small SGF
// games (player names only, a comment, both) without CA, with the right CA
// and with a wrong one, reads each game with package sgf (as a user's
// program would) and checks that every text value decodes to the original.
//
// Text sources, in three pools reported apart:
//
//   - held-out: the literature that golang.org/x/text ships as test data
//     (Sunzi in simplified and traditional Chinese, Akutagawa's Rashomon,
//     Hyun Jin-geon's 운수 좋은 날, Voltaire's Candide), found in the module
//     cache, which no model of this package was built from;
//   - written: a few sentences and player names in Russian, German, Czech,
//     Polish and Hungarian written for this test (the corpus has no natural
//     Cyrillic or Central European text);
//   - written2: Czech, Slovak, Polish, Hungarian, Slovenian, Croatian,
//     Romanian and western texts written after the Central European
//     models, which were tuned on the different tuningTexts (ce_test.go);
//   - corpus: the libsgfc++ comments in testdata and, when ../shared is
//     there, the player names and comments of the corpus. The models'
//     lists of common characters were tuned on these, so this pool is not
//     held out and is reported for comparison only.
//
// go test -run HeldOut -v -heldout.report prints the whole table.

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	unicode16 "golang.org/x/text/encoding/unicode"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/charset"
	"github.com/sgf-toolkit/sgf/internal/sgftest"
)

var heldoutReport = flag.Bool("heldout.report", false, "print the held-out accuracy table")

// target is one charset the texts are re-encoded into.
type target struct {
	name  string
	enc   encoding.Encoding
	ca    string   // the right CA[] value
	wrong []string // wrong CA[] values seen in real files
	wide  bool     // the whole file is encoded (UTF-16)
	bom   string
}

var (
	tGBK     = target{name: "GBK", enc: simplifiedchinese.GBK, ca: "GBK", wrong: []string{"UTF-8", "gb2312", "Big5"}}
	tGB18030 = target{name: "GB18030", enc: simplifiedchinese.GB18030, ca: "GB18030", wrong: []string{"UTF-8"}}
	tBig5    = target{name: "Big5", enc: traditionalchinese.Big5, ca: "Big5", wrong: []string{"GBK", "UTF-8"}}
	tSJIS    = target{name: "Shift_JIS", enc: japanese.ShiftJIS, ca: "Shift_JIS", wrong: []string{"ISO-8859-1", "UTF-8"}}
	tEUCJP   = target{name: "EUC-JP", enc: japanese.EUCJP, ca: "EUC-JP", wrong: []string{"UTF-8", "ISO-8859-1"}}
	tJIS     = target{name: "ISO-2022-JP", enc: japanese.ISO2022JP, ca: "ISO-2022-JP", wrong: []string{"UTF-8"}}
	tEUCKR   = target{name: "EUC-KR", enc: korean.EUCKR, ca: "EUC-KR", wrong: []string{"UTF-8", "ISO-8859-1"}}
	tCP1250  = target{name: "windows-1250", enc: charmap.Windows1250, ca: "windows-1250", wrong: []string{"UTF-8", "ISO-8859-1"}}
	tCP1251  = target{name: "windows-1251", enc: charmap.Windows1251, ca: "windows-1251", wrong: []string{"UTF-8", "ISO-8859-1"}}
	tCP1252  = target{name: "windows-1252", enc: charmap.Windows1252, ca: "windows-1252", wrong: []string{"UTF-8"}}
	tLatin1  = target{name: "ISO-8859-1", enc: charmap.ISO8859_1, ca: "ISO-8859-1", wrong: []string{"UTF-8"}}
	tLatin2  = target{name: "ISO-8859-2", enc: charmap.ISO8859_2, ca: "ISO-8859-2", wrong: []string{"UTF-8", "ISO-8859-1"}}
	tLatin5  = target{name: "ISO-8859-5", enc: charmap.ISO8859_5, ca: "ISO-8859-5", wrong: []string{"windows-1251"}}
	tLatin9  = target{name: "ISO-8859-15", enc: charmap.ISO8859_15, ca: "ISO-8859-15", wrong: []string{"UTF-8"}}
	tKOI8R   = target{name: "KOI8-R", enc: charmap.KOI8R, ca: "KOI8-R", wrong: []string{"windows-1251"}}
	tUTF8    = target{name: "UTF-8", enc: encoding.Nop, ca: "UTF-8", wrong: []string{"ISO-8859-1", "GBK"}}
	tU16LE   = target{name: "UTF-16LE+BOM", enc: unicode16.UTF16(unicode16.LittleEndian, unicode16.IgnoreBOM), ca: "UTF-16", wrong: []string{"UTF-8"}, wide: true, bom: "\xFF\xFE"}
	tU16BE   = target{name: "UTF-16BE+BOM", enc: unicode16.UTF16(unicode16.BigEndian, unicode16.IgnoreBOM), ca: "UTF-16", wrong: []string{"UTF-8"}, wide: true, bom: "\xFE\xFF"}
	tU16LEn  = target{name: "UTF-16LE", enc: unicode16.UTF16(unicode16.LittleEndian, unicode16.IgnoreBOM), ca: "UTF-16LE", wrong: []string{"UTF-8"}, wide: true}
	tU16BEn  = target{name: "UTF-16BE", enc: unicode16.UTF16(unicode16.BigEndian, unicode16.IgnoreBOM), ca: "UTF-16BE", wrong: []string{"UTF-8"}, wide: true}
	utf16s   = []target{tU16LE, tU16BE, tU16LEn, tU16BEn}
)

// targetsOf lists the charsets text of a script is found in.
var targetsOf = map[string][]target{
	"zh-Hans": append([]target{tGBK, tGB18030, tUTF8}, utf16s...),
	"zh-Hant": append([]target{tBig5, tGBK, tUTF8}, utf16s...),
	"ja":      append([]target{tSJIS, tEUCJP, tJIS, tUTF8}, utf16s...),
	"ko":      append([]target{tEUCKR, tUTF8}, utf16s...),
	"latin":   append([]target{tCP1252, tLatin1, tLatin9, tUTF8}, utf16s...),
	"ce":      append([]target{tCP1250, tLatin2, tUTF8}, utf16s...),
	"ru":      append([]target{tCP1251, tKOI8R, tLatin5, tUTF8}, utf16s...),
	"other":   append([]target{tUTF8}, utf16s...),
}

// sample is one game's text: root PB, PW, GN and a comment in the second
// node. Empty fields are left out of the game.
type sample struct {
	pool, script, shape string
	pb, pw, gn, c       string
}

func (s sample) nonASCII() int {
	n := 0
	for _, f := range []string{s.pb, s.pw, s.gn, s.c} {
		for _, r := range f {
			if r >= utf8.RuneSelf {
				n++
			}
		}
	}
	return n
}

// lengthGroup buckets a game by its count of non-ASCII characters.
func lengthGroup(n int) string {
	switch {
	case n <= 2:
		return "1-2"
	case n <= 4:
		return "3-4"
	case n <= 8:
		return "5-8"
	case n <= 32:
		return "9-32"
	}
	return "33+"
}

// escape escapes ']' and '\' the way a charset-aware SGF writer does: per
// character, before encoding.
func escape(s string) string {
	if !strings.ContainsAny(s, `]\`) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if r == ']' || r == '\\' {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// build writes the game of s in charset t with CA[ca] (none when ca is
// ""). It reports false when t cannot encode the text.
func build(s sample, t target, ca string) ([]byte, bool) {
	enc := func(v string) (string, bool) {
		if t.wide || t.enc == encoding.Nop {
			return v, true
		}
		out, err := t.enc.NewEncoder().String(v)
		return out, err == nil
	}
	var b strings.Builder
	b.WriteString("(;FF[4]GM[1]SZ[19]")
	if ca != "" {
		b.WriteString("CA[" + ca + "]")
	}
	b.WriteString("AP[heldout:1]")
	for _, p := range []struct{ id, v string }{{"PB", s.pb}, {"PW", s.pw}, {"GN", s.gn}} {
		if p.v == "" {
			continue
		}
		v, ok := enc(escape(p.v))
		if !ok {
			return nil, false
		}
		b.WriteString(p.id + "[" + v + "]")
	}
	b.WriteString("\n;B[pd]")
	if s.c != "" {
		v, ok := enc(escape(s.c))
		if !ok {
			return nil, false
		}
		b.WriteString("C[" + v + "]")
	}
	b.WriteString(";W[dp])\n")
	if !t.wide {
		return []byte(b.String()), true
	}
	out, err := t.enc.NewEncoder().String(b.String())
	if err != nil {
		return nil, false
	}
	return []byte(t.bom + out), true
}

// outcome is what package sgf made of one generated game.
type outcome struct {
	ok   bool
	info sgf.CharsetInfo
	got  string // the first text that differs
}

func readBack(s sample, b []byte) outcome {
	col, _ := sgf.Parse(b)
	if col == nil || len(col.Games()) != 1 {
		return outcome{got: "<no game>"}
	}
	g := col.Games()[0]
	o := outcome{ok: true, info: g.Charset()}
	root := g.Root()
	for _, p := range []struct{ id, v string }{{"PB", s.pb}, {"PW", s.pw}, {"GN", s.gn}} {
		if p.v == "" {
			continue
		}
		if got, _ := root.Text(p.id); got != p.v {
			o.ok, o.got = false, p.id+"["+got+"]"
			return o
		}
	}
	if s.c != "" {
		if got := g.Node(1).Comment(); got != s.c {
			o.ok, o.got = false, "C["+got+"]"
		}
	}
	return o
}

// result is one row of the evaluation.
type result struct {
	s      sample
	target string
	mode   string // "no CA", "right CA", "CA[x] wrong"
	out    outcome
}

func evaluate(samples []sample) []result {
	var rs []result
	for _, s := range samples {
		for _, t := range targetsOf[s.script] {
			modes := append([]string{"", t.ca}, t.wrong...)
			for _, ca := range modes {
				b, ok := build(s, t, ca)
				if !ok {
					continue
				}
				mode := "no CA"
				switch {
				case ca == t.ca:
					mode = "right CA"
				case ca != "":
					mode = "wrong CA[" + ca + "]"
				}
				rs = append(rs, result{s: s, target: t.name, mode: mode, out: readBack(s, b)})
			}
		}
	}
	return rs
}

// ---- text pools ----

// modDir returns the directory of golang.org/x/text in the module cache.
func xtextTestdata(t testing.TB) string {
	t.Helper()
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "golang.org/x/text").Output()
	dir := filepath.Join(strings.TrimSpace(string(out)), "encoding", "testdata")
	if err != nil {
		t.Skipf("golang.org/x/text not found: %v", err)
	}
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("golang.org/x/text test data not found: %v", err)
	}
	return dir
}

// usable reports whether a text can be a value of the generated games:
// no tabs, CRs or backslashes (whose handling is not what is measured
// here), no U+FFFD, and no line breaks in a SimpleText.
func usable(s string, simple bool) bool {
	if s == "" || strings.ContainsAny(s, "\t\r\\\uFFFD\u00A0") || !utf8.ValidString(s) {
		return false
	}
	return !simple || !strings.Contains(s, "\n")
}

// words splits text into runs of letters (any script; CJK text has no
// spaces, so a run is a clause).
func letterRuns(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' })
}

// sentences splits text into sentences or clauses ending in . 。 ！ ? etc.
func sentences(s string) []string {
	var out []string
	s = strings.Join(strings.Fields(s), " ")
	start := 0
	for i, r := range s {
		if strings.ContainsRune(".。!！?？", r) {
			out = append(out, strings.TrimSpace(s[start:i+utf8.RuneLen(r)]))
			start = i + utf8.RuneLen(r)
		}
	}
	return out
}

func hasNonASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return true
		}
	}
	return false
}

// isCJK reports whether a text is written with CJK characters (no spaces
// between words), where a name is a window of a few characters.
func isCJK(script string) bool { return strings.HasPrefix(script, "zh") || script == "ja" }

// makeSamples builds the games of one text: names cut from it, clauses
// and a long comment, drawn with rng.
func makeSamples(rng *rand.Rand, pool, script, text string, perShape int) []sample {
	var out []sample
	runs := letterRuns(text)
	var names []string
	if isCJK(script) || script == "ko" {
		for _, r := range runs {
			if hasNonASCII(r) && utf8.RuneCountInString(r) >= 2 {
				names = append(names, r)
			}
		}
	} else {
		for _, r := range runs {
			if hasNonASCII(r) && utf8.RuneCountInString(r) >= 3 {
				names = append(names, r)
			}
		}
	}
	name := func(n int) string {
		if len(names) == 0 {
			return ""
		}
		w := []rune(names[rng.IntN(len(names))])
		if !isCJK(script) && script != "ko" {
			// a western name: a word with an accent and an ASCII one
			return strings.ToUpper(string(w[:1])) + string(w[1:]) + " " + []string{"Martin", "Kato", "Smith"}[rng.IntN(3)]
		}
		if len(w) < n {
			return string(w)
		}
		i := rng.IntN(len(w) - n + 1)
		return string(w[i : i+n])
	}
	var sents []string
	for _, s := range sentences(text) {
		if len(letterRuns(s)) > 0 && hasNonASCII(s) && usable(s, false) {
			sents = append(sents, s)
		}
	}
	sent := func(minLen, maxLen int) string {
		for range 20 {
			if len(sents) == 0 {
				return ""
			}
			s := sents[rng.IntN(len(sents))]
			if n := utf8.RuneCountInString(s); n >= minLen && n <= maxLen {
				return s
			}
			if n := utf8.RuneCountInString(s); n > maxLen {
				r := []rune(s)
				return string(r[:maxLen])
			}
		}
		return ""
	}
	for range perShape {
		n := 2 + rng.IntN(3) // 2-4 characters
		out = append(out,
			sample{pool: pool, script: script, shape: "one name", pb: name(2), pw: "AlphaGo"},
			sample{pool: pool, script: script, shape: "two names", pb: name(n), pw: name(n)},
			sample{pool: pool, script: script, shape: "clause", pb: "Black", pw: "White", c: sent(5, 30)},
			sample{pool: pool, script: script, shape: "long", pb: name(3), pw: name(3), gn: name(4), c: sent(40, 400) + " " + sent(40, 400)},
		)
	}
	return slices.DeleteFunc(out, func(s sample) bool {
		return !usable(s.pb, true) || !usable(s.pw, true) || s.gn != "" && !usable(s.gn, true) ||
			s.c != "" && !usable(s.c, false) || s.nonASCII() == 0
	})
}

// heldOutSamples: x/text's literature and the texts written for this test.
func heldOutSamples(t testing.TB, rng *rand.Rand, perShape int) []sample {
	dir := xtextTestdata(t)
	files := []struct{ file, script string }{
		{"sunzi-bingfa-simplified-utf-8.txt", "zh-Hans"},
		{"sunzi-bingfa-traditional-utf-8.txt", "zh-Hant"},
		{"rashomon-utf-8.txt", "ja"},
		{"unsu-joh-eun-nal-utf-8.txt", "ko"},
		{"candide-utf-8.txt", "latin"},
	}
	var out []sample
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(dir, f.file))
		if err != nil {
			t.Skip(err)
		}
		// Skip the header that names the source.
		if i := bytes.Index(b, []byte("--------\n")); i >= 0 {
			b = b[i+9:]
		}
		// The texts are long: cut them in eight slices of lines, so
		// that each slice gives its own games. Chinese and Japanese
		// lines are wrapped in the middle of sentences: join them.
		lines := strings.Split(string(b), "\n")
		step := max(1, len(lines)/8)
		for i := 0; i < len(lines); i += step {
			sep := "\n"
			if isCJK(f.script) {
				sep = ""
			}
			p := strings.Join(lines[i:min(len(lines), i+step)], sep)
			out = append(out, makeSamples(rng, "held-out", f.script, p, perShape)...)
		}
	}
	for _, w := range writtenTexts {
		out = append(out, makeSamples(rng, "written", w.script, w.text, perShape)...)
	}
	for _, w := range writtenTexts2 {
		out = append(out, makeSamples(rng, "written2", w.script, w.text, perShape)...)
	}
	return out
}

// writtenTexts were written for this test: go commentary and player
// names of the kind European servers' files hold.
var writtenTexts = []struct{ script, text string }{
	{"ru", "Александр Динерштейн против Ильи Шикшина. Чёрные начинают партию с хода в угол, белые отвечают на звёздный пункт. " +
		"Этот ход слишком медленный: чёрным следовало отрезать белую группу. После ошибки в центре белые захватили большую территорию. " +
		"Светлана Шикшина комментирует партию. Чёрные сдались после сотого хода. Хорошая игра! Белые выиграли полтора очка."},
	{"ru", "Дмитрий Суров и Наталья Кованько сыграли интересную партию на турнире в Москве. Ход двенадцать был неожиданным. " +
		"Белая группа в нижнем правом углу мертва, потому что у неё нет двух глаз. Черные выигрывают по очкам."},
	{"latin", "Schwarz hätte hier besser geschnitten, danach ist Weiß in Schwierigkeiten. Ein schöner Zug! Weiß muss jetzt zurückweichen. " +
		"Jürgen Müller gegen Björn Große, Deutsche Meisterschaft in München. Der Zug ist zu spät, die Ecke ist größer."},
	{"latin", "Después de este movimiento, las negras están en ventaja. El señor Núñez jugó muy bien en el torneo de España. " +
		"João Gonçalves ganó la partida por medio punto. Åsa Sjöström och Søren Kjærgaard spelade i Malmö."},
	{"ce", "Černý měl zahrát tady, potom bílý nemůže řezat. Ondřej Šilt proti Lukáši Podpěrovi na mistrovství v Brně. " +
		"Tento tah je příliš pomalý, bílá skupina v rohu je mrtvá. Bílý vyhrál o půl bodu."},
	{"ce", "Biały powinien był zagrać wyżej, teraz czarny ma przewagę. Paweł Kołodziej i Łukasz Żak grali w Łodzi. " +
		"Ten ruch jest zbyt wolny, grupa białych w rogu nie żyje. Czarny wygrał o pół punktu."},
	{"ce", "Fekete lépése túl lassú, fehér előnyben van. Mérő Csaba és Balogh Pál játszmája Budapesten. Szép lépés! Fehér nyert fél ponttal."},
}

// writtenTexts2 were written for this test after the Central European
// models: Czech, Slovak, Polish, Hungarian, Slovenian, Croatian and
// Romanian commentary and names, and western texts whose accented letters
// are the ones Central European charsets put other letters on (French è,
// Italian ò ì, Danish ø æ, Portuguese ã õ). They are held out: the models
// were tuned on the different texts of tuningTexts (ce_test.go) only.
var writtenTexts2 = []struct{ script, text string }{
	{"ce", "Jiří Dvořák porazil Vladimíra Daňka v pátém kole. Černá skupina na levé straně přežila jen díky ko. " +
		"Bílý zahrál příliš opatrně a ztratil iniciativu. Tahle pozice je pro černého výhodná, protože má silnější stěnu. " +
		"Komentovali Ondřej Kruml, Petr Šulc, Zdeněk Řezníček a Kateřina Čechová."},
	{"ce", "Ľubomír Hrubý hral proti Miroslavovi Poliakovi. Čierny mal lepšiu pozíciu, ale potom urobil chybu v strede. " +
		"Biely zachránil skupinu a vyhral o tri a pol bodu. Ďalší ťah bol veľmi silný."},
	{"ce", "Mateusz Surma wygrał z Leszkiem Sołtysikiem po długiej walce. Czarne zbudowały mocną ścianę, ale białe zdążyły zająć róg. " +
		"Ostatni ruch był błędem, bo grupa straciła oko. Gościem turnieju był Stanisław Frejlak z Poznania, a sędzią Bożena Ździebło. " +
		"Łukasz Wróbel i Paweł Dziedzic."},
	{"ce", "Pocsai Dávid legyőzte Kiss Lászlót a bajnokság döntőjében. A fekete csoport életben maradt, de a fehér jobb helyzetbe került. " +
		"Ez a lépés hiba volt, mert elvesztette a kezdeményezést. Tőkés Gyöngyi és Szőke Zoltán elemzése szerint a játszma végén fehér nyert. Kovács Ferenc."},
	{"ce", "Leon Matoh je igral proti Janu Šimari. Črni je imel močnejšo skupino v kotu, beli pa je zgradil steno. " +
		"Ta poteza je bila napačna, zato je črni izgubil za pol točke. Žiga Čeh in Nejc Žerjav sta komentirala partijo."},
	{"ce", "Tomislav Ćorić pobijedio je Ivana Đurića u završnici turnira. Crni je odigrao previše sporo, a bijeli je zauzeo veliko područje. " +
		"Šteta, jer je grupa u kutu bila živa. Željko Šimić i Mladen Smoljanović bili su suci."},
	{"ce", "Cătălin Ţăranu a câştigat partida împotriva lui Ionuţ Şerban. Negrul a jucat o mutare greşită în colţul din dreapta. " +
		"Albul a profitat şi a câştigat la o jumătate de punct. Mulţumim arbitrului Răzvan Păunescu."},
	{"latin", "Le coup noir est trop lent ; après cette erreur, les blancs prennent l'avantage. Frédéric Lefèvre contre Benoît Thérèse à Orléans. " +
		"Très belle partie, où l'élève a battu le maître. Deuxième ronde : Hervé Crèvecoeur gagne."},
	{"latin", "Il nero ha giocato più lentamente, perciò il bianco è passato in vantaggio. Niccolò Bianchi contro Tommaso Lucà a Forlì. " +
		"Sort spillede for langsomt, så hvid fik en stor fordel. Søren Jørgensen mod Bjørn Kjærgaard i Århus. Trækket var en fejl."},
	{"latin", "As pretas jogaram mal na abertura, mas depois conseguiram reagir. João Conceição venceu Sebastião Guimarães em São Paulo. " +
		"Estão empatados após três rondas."},
}

// corpusSamples: the libsgfc++ comments (testdata) and, when the corpus
// is there, the corpus's names and comments in UTF-8.
func corpusSamples(t testing.TB, rng *rand.Rand, perShape int) []sample {
	var out []sample
	b, err := os.ReadFile(filepath.Join("testdata", "encoding-utf8-nobom.sgf"))
	if err != nil {
		t.Fatal(err)
	}
	col, _ := sgf.Parse(b)
	lang := ""
	scripts := map[string]string{"Cyrillic": "ru", "Japanese": "ja", "Simplified Chinese": "zh-Hans",
		"Traditional Chinese": "zh-Hant", "Korean": "ko", "Greek": "other", "Arabic": "other", "Hebrew": "other", "Hindi": "other"}
	for n := range col.Games()[0].MainLine() {
		c := n.Comment()
		if l, ok := strings.CutPrefix(c, "The comment in the following node is in "); ok {
			lang = strings.TrimSuffix(l, ".")
			continue
		}
		if s, ok := scripts[lang]; ok {
			out = append(out, makeSamples(rng, "corpus", s, c, perShape)...)
		}
		lang = ""
	}
	dir, ok := sgftest.Find("corpus", "games", "fox-tygem-ai")
	if !ok {
		return out
	}
	// Player names as they are, one game per distinct pair.
	seen := map[string]bool{}
	_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil || isASCIIBytes(b) || !utf8.Valid(b) {
			return nil
		}
		col, _ := sgf.Parse(b)
		for _, g := range col.Games() {
			pb, _ := g.Root().Text("PB")
			pw, _ := g.Root().Text("PW")
			key := pb + "\x00" + pw
			if seen[key] || !hasNonASCII(key) {
				continue
			}
			seen[key] = true
			script := "zh-Hans"
			if strings.ContainsFunc(key, func(r rune) bool { return unicode.Is(unicode.Hangul, r) }) {
				script = "ko"
			}
			s := sample{pool: "corpus", script: script, shape: "names as found", pb: pb, pw: pw}
			if usable(pb, true) && usable(pw, true) {
				out = append(out, s)
			}
		}
		return nil
	})
	return out
}

func isASCIIBytes(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// ---- tables ----

type tally struct{ ok, n int }

func (t tally) String() string {
	if t.n == 0 {
		return "-"
	}
	return fmt.Sprintf("%5.1f%% %4d", 100*float64(t.ok)/float64(t.n), t.n)
}

func (t *tally) add(ok bool) {
	t.n++
	if ok {
		t.ok++
	}
}

func modeGroup(mode string) string {
	if strings.HasPrefix(mode, "wrong") {
		return "wrong CA"
	}
	return mode
}

// table prints accuracy by row key and length group.
func table(rs []result, rowKey func(result) string) string {
	groups := []string{"1-2", "3-4", "5-8", "9-32", "33+", "all"}
	rows := map[string]map[string]*tally{}
	for _, r := range rs {
		k := rowKey(r)
		if rows[k] == nil {
			rows[k] = map[string]*tally{}
			for _, g := range groups {
				rows[k][g] = &tally{}
			}
		}
		rows[k][lengthGroup(r.s.nonASCII())].add(r.out.ok)
		rows[k]["all"].add(r.out.ok)
	}
	keys := make([]string, 0, len(rows))
	for k := range rows {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	fmt.Fprintf(&b, "%-44s", "")
	for _, g := range groups {
		fmt.Fprintf(&b, " %11s", g)
	}
	b.WriteByte('\n')
	for _, k := range keys {
		fmt.Fprintf(&b, "%-44s", k)
		for _, g := range groups {
			fmt.Fprintf(&b, " %11s", rows[k][g])
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func failures(rs []result, max int) string {
	var b strings.Builder
	n := 0
	for _, r := range rs {
		if r.out.ok {
			continue
		}
		n++
		if n <= max {
			fmt.Fprintf(&b, "%s %s %s %s: PB[%s] PW[%s] C[%.30s] -> %s as %s (%s %.2f: %s)\n", r.s.pool, r.s.script, r.target, r.mode,
				r.s.pb, r.s.pw, r.s.c, r.out.got, r.out.info.Name, r.out.info.Source, r.out.info.Confidence, r.out.info.Detail)
		}
	}
	fmt.Fprintf(&b, "%d failures\n", n)
	return b.String()
}

func report(t *testing.T, name string, rs []result) {
	if !*heldoutReport {
		return
	}
	t.Logf("%s: per charset and CA\n%s", name, table(rs, func(r result) string { return r.target + " / " + modeGroup(r.mode) }))
	t.Logf("%s: per CA mode\n%s", name, table(rs, func(r result) string { return modeGroup(r.mode) }))
	t.Logf("%s: per wrong CA\n%s", name, table(rs, func(r result) string {
		if !strings.HasPrefix(r.mode, "wrong") {
			return "~"
		}
		return r.target + " / " + r.mode
	}))
	t.Logf("%s: per script and shape\n%s", name, table(rs, func(r result) string { return r.s.script + " / " + r.s.shape + " / " + modeGroup(r.mode) }))
	t.Logf("%s: failures\n%s", name, failures(rs, 100000))
}

func TestHeldOutReport(t *testing.T) {
	if !*heldoutReport {
		t.Skip("run with -heldout.report")
	}
	rng := rand.New(rand.NewPCG(3, 2026))
	held := heldOutSamples(t, rng, 6)
	report(t, "held-out", evaluate(held))
	corpus := corpusSamples(t, rng, 6)
	report(t, "corpus", evaluate(corpus))
	crng := rand.New(rand.NewPCG(5, 2026))
	report(t, "held-out corrupt", evaluateCorrupt(crng, held))
	report(t, "corpus corrupt", evaluateCorrupt(crng, corpus))
}

// TestHeldOutAccuracy asserts accuracy floors on the held-out texts (the
// x/text literature and the written texts; the corpus pool is not held
// out). Issue 3: "Files without CA, or whose CA is wrong (a CA[UTF-8] file
// that is not UTF-8, a CA[gb2312] file that only decodes as GBK), are
// detected: valid UTF-8 first, then statistical detection on the text
// values only ..., reporting which path was taken and with what
// confidence. UTF-16 with and without BOM. ... We will also check charset
// handling on many files you have not seen, with and without CA."
//
// The floors are the accuracy measured when they were set, rounded down:
// a change of the models that lowers one is a regression on text no model
// was tuned on.
func TestHeldOutAccuracy(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 2026))
	rs := evaluate(heldOutSamples(t, rng, 6))
	in := func(list ...string) func(string) bool {
		return func(s string) bool { return slices.Contains(list, s) }
	}
	cjk := in("GBK", "GB18030", "Big5", "Shift_JIS", "EUC-JP", "ISO-2022-JP", "EUC-KR")
	unicodes := in("UTF-8", "UTF-16LE", "UTF-16BE", "UTF-16LE+BOM", "UTF-16BE+BOM")
	western := in("windows-1252", "ISO-8859-1", "ISO-8859-15")
	cyrillic := in("windows-1251", "KOI8-R", "ISO-8859-5")
	central := in("windows-1250", "ISO-8859-2")
	// A Central European text under CA[UTF-8] does not decode: it goes
	// to Detect as one without CA.
	detected := func(r result) bool { return r.mode == "no CA" || r.mode == "wrong CA[UTF-8]" }
	n := func(r result) int { return r.s.nonASCII() }
	// ISO-2022-JP under CA[UTF-8] is valid UTF-8 byte for byte: package
	// sgf gives a CA[UTF-8] tree with escape sequences to Verify.
	jisAsUTF8 := func(r result) bool { return false }
	tests := []struct {
		name  string
		match func(r result) bool
		floor float64
	}{
		{"right CA, every charset", func(r result) bool { return r.mode == "right CA" }, 1},
		{"UTF-8 and UTF-16 (BOM or not), no CA", func(r result) bool { return unicodes(r.target) && r.mode == "no CA" }, 1},
		{"UTF-8 and UTF-16, wrong CA", func(r result) bool { return unicodes(r.target) && r.mode != "right CA" }, 0.99},
		{"long CJK texts (33+ characters), no CA", func(r result) bool { return cjk(r.target) && n(r) > 32 && r.mode == "no CA" }, 1},
		{"long CJK texts (33+ characters), wrong CA", func(r result) bool {
			return cjk(r.target) && n(r) > 32 && r.mode != "no CA" && !jisAsUTF8(r)
		}, 1},
		{"CJK texts of 9-32 characters, no CA", func(r result) bool { return cjk(r.target) && n(r) > 8 && n(r) <= 32 && r.mode == "no CA" }, 0.99},
		{"CJK texts of 9-32 characters, wrong CA", func(r result) bool {
			return cjk(r.target) && n(r) > 8 && n(r) <= 32 && r.mode != "right CA" && !jisAsUTF8(r)
		}, 0.99},
		{"CJK names, 3-8 characters, no CA", func(r result) bool { return cjk(r.target) && n(r) > 2 && n(r) <= 8 && r.mode == "no CA" }, 0.97},
		{"CJK names, 1-2 characters, no CA", func(r result) bool { return cjk(r.target) && n(r) <= 2 && r.mode == "no CA" }, 0.90},
		{"western Latin, no CA or CA[UTF-8]", func(r result) bool { return western(r.target) && r.mode != "right CA" }, 1},
		{"Cyrillic, 9+ letters, no CA", func(r result) bool { return cyrillic(r.target) && n(r) > 8 && r.mode == "no CA" }, 0.98},
		{"Cyrillic, 9+ letters, wrong CA", func(r result) bool { return cyrillic(r.target) && n(r) > 8 && strings.HasPrefix(r.mode, "wrong") }, 0.98},
		// windows-1250 and ISO-8859-2: a name with one or two letters
		// that windows-1252 reads as other letters ("Němec", "Oči")
		// is a guess; from three letters on the language shows.
		{"Central European, 1-2 letters, no CA or CA[UTF-8]", func(r result) bool { return central(r.target) && n(r) <= 2 && detected(r) }, 0.65},
		{"Central European, 3-4 letters, no CA or CA[UTF-8]", func(r result) bool {
			return central(r.target) && n(r) > 2 && n(r) <= 4 && detected(r)
		}, 0.95},
		{"Central European, 5+ letters, no CA or CA[UTF-8]", func(r result) bool { return central(r.target) && n(r) > 4 && detected(r) }, 1},
		// A right CA[ISO-8859-1] is trusted: Verify overrules it with
		// eight letters a thousand times likelier in windows-1250 or
		// ISO-8859-2 only.
		{"Central European, 9+ letters, CA[ISO-8859-1]", func(r result) bool {
			return central(r.target) && n(r) > 8 && r.mode == "wrong CA[ISO-8859-1]"
		}, 0.93},
		{"Central European detected with confidence >= 0.9", func(r result) bool {
			return central(r.target) && r.out.info.Source == sgf.SourceDetected && r.out.info.Confidence >= 0.9
		}, 0.99},
		// Honest confidence: what the detector is sure of is right.
		{"detected with confidence >= 0.95", func(r result) bool {
			return r.out.info.Source == sgf.SourceDetected && r.out.info.Confidence >= 0.95 && !r.out.info.Transcoded
		}, 0.99},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var tl tally
			for _, r := range rs {
				if tt.match(r) {
					tl.add(r.out.ok)
				}
			}
			if tl.n < 20 {
				t.Fatalf("only %d games in the group", tl.n)
			}
			acc := float64(tl.ok) / float64(tl.n)
			t.Logf("%s", tl)
			if acc < tt.floor {
				var bad []result
				for _, r := range rs {
					if tt.match(r) && !r.out.ok {
						bad = append(bad, r)
					}
				}
				t.Errorf("accuracy %.3f below the floor %.2f\n%s", acc, tt.floor, failures(bad, 10))
			}
		})
	}
	// Right CA, one or two corrupt bytes in one text value: the
	// declared charset stands when the rest of the text is clearly in it.
	// A name of two characters with one destroyed under CA[UTF-8] leaves
	// one valid character, no evidence against a legacy reading.
	crs := evaluateCorrupt(rand.New(rand.NewPCG(5, 2026)), heldOutSamples(t, rand.New(rand.NewPCG(3, 2026)), 6))
	corruptTests := []struct {
		name  string
		match func(r result) bool
		floor float64
	}{
		{"right CA, corrupt bytes, every charset", func(r result) bool { return true }, 0.975},
		{"right CA, corrupt bytes, legacy CJK", func(r result) bool { return cjk(r.target) }, 0.99},
		{"right CA, corrupt bytes, single-byte", func(r result) bool { return western(r.target) || cyrillic(r.target) || central(r.target) }, 0.99},
		{"right CA, corrupt bytes, UTF-16", func(r result) bool { return unicodes(r.target) && r.target != "UTF-8" }, 0.995},
		{"right CA, corrupt bytes, UTF-8, 3+ characters", func(r result) bool { return r.target == "UTF-8" && n(r) > 2 }, 0.97},
		// 0.67 was set on a draw of corruptions that shared one stream:
		// 68.0% there, and 66.6% once the UTF-16 decoder kept the
		// character after a lone surrogate, which changed how often one
		// UTF-16 corruption was drawn again and so every draw after it.
		// With a stream of its own for each corruption the same models
		// score 66.0%, with that decoder change or without it.
		{"right CA, corrupt bytes, UTF-8, 1-2 characters", func(r result) bool { return r.target == "UTF-8" && n(r) <= 2 }, 0.66},
	}
	for _, tt := range corruptTests {
		t.Run(tt.name, func(t *testing.T) {
			var tl tally
			var bad []result
			for _, r := range crs {
				if tt.match(r) {
					tl.add(r.out.ok)
					if !r.out.ok {
						bad = append(bad, r)
					}
				}
			}
			if tl.n < 20 {
				t.Fatalf("only %d games in the group", tl.n)
			}
			t.Logf("%s", tl)
			if acc := float64(tl.ok) / float64(tl.n); acc < tt.floor {
				t.Errorf("accuracy %.3f below the floor %.2f\n%s", acc, tt.floor, failures(bad, 10))
			}
		})
	}
	// One or two accented letters can be French as well as Czech: the
	// detector's cap for two bytes is 3/4.
	t.Run("one or two Latin-script letters are never sure", func(t *testing.T) {
		for _, r := range rs {
			if (central(r.target) || western(r.target)) && n(r) <= 2 && detected(r) && r.out.info.Source == sgf.SourceDetected && r.out.info.Confidence > 0.75 {
				t.Errorf("%s %s PB[%s] PW[%s]: confidence %.2f (%s)", r.target, r.mode, r.s.pb, r.s.pw, r.out.info.Confidence, r.out.info.Detail)
			}
		}
	})
	// "confidence must be honest (low for 2-character texts)": two
	// characters of a legacy multibyte charset are four bytes, and the
	// detector's cap for four bytes is 1-1/6.
	t.Run("two CJK characters are never sure", func(t *testing.T) {
		for _, r := range rs {
			if cjk(r.target) && r.target != "ISO-2022-JP" && n(r) <= 2 && r.mode == "no CA" && r.out.info.Confidence > 0.84 {
				t.Errorf("%s %s PB[%s] PW[%s]: confidence %.2f (%s)", r.target, r.mode, r.s.pb, r.s.pw, r.out.info.Confidence, r.out.info.Detail)
			}
		}
	})
}

// ---- right CA, one or two corrupt bytes ----

// Real files hold a stray byte now and then: a name cut and pasted
// badly, a file truncated and patched, a byte flipped on the way. A
// declared CA over such a text is still right. The corrupt group takes
// the right-CA games and, in one text value, replaces a byte with one of
// 0x80-0xFF or inserts one there (once or twice). A game is right when
// every character of the original that is not next to a corrupt byte (the
// character hit, the one before and the one after) comes out as it was.
// Only corruptions that the right charset's decoder survives are kept
// (a GBK lead byte inserted before a character pairs with its lead byte,
// and the characters after it shift: no charset reads those back).

// corruptMode is the mode of the corrupt games.
const corruptMode = "right CA, corrupt"

// spanBuild writes the game of s in charset t with CA[ca] like build, and
// returns where the value of field (PB, PW, GN or C) lies in the output.
func spanBuild(s sample, t target, field string) (out []byte, start, end int, ok bool) {
	enc := func(v string) ([]byte, bool) {
		if t.enc == encoding.Nop {
			return []byte(v), true
		}
		b, err := t.enc.NewEncoder().Bytes([]byte(v))
		return b, err == nil
	}
	var b []byte
	ascii := func(v string) bool {
		if !t.wide {
			b = append(b, v...)
			return true
		}
		e, ok := enc(v)
		b = append(b, e...)
		return ok
	}
	ok = true
	if t.wide {
		b = append(b, t.bom...)
	}
	ok = ascii("(;FF[4]GM[1]SZ[19]CA["+t.ca+"]AP[heldout:1]") && ok
	value := func(id, v string) {
		if v == "" {
			return
		}
		ok = ascii(id+"[") && ok
		e, good := enc(escape(v))
		ok = ok && good
		if id == field {
			start, end = len(b), len(b)+len(e)
		}
		b = append(b, e...)
		ok = ascii("]") && ok
	}
	value("PB", s.pb)
	value("PW", s.pw)
	value("GN", s.gn)
	ok = ascii("\n;B[pd]") && ok
	value("C", s.c)
	ok = ascii(";W[dp])\n") && ok
	return b, start, end, ok
}

// charOffset returns the byte offset of the k-th character of v encoded
// whole in t: the length of the prefix's encoding, less what a stateful
// encoder (ISO-2022-JP) appends to return to ASCII.
func charOffset(t target, v string, full []byte, k int) int {
	r := []rune(v)
	if k >= len(r) {
		return len(full)
	}
	if t.enc == encoding.Nop {
		return len(string(r[:k]))
	}
	p, _ := t.enc.NewEncoder().Bytes([]byte(string(r[:k])))
	n := 0
	for n < len(p) && n < len(full) && p[n] == full[n] {
		n++
	}
	return n
}

// corruption is one corrupt game: the bytes, the value hit and the
// characters of the original next to a corrupt byte.
type corruption struct {
	b        []byte
	field    string
	orig     string
	affected map[int]bool
}

// matches reports whether got keeps every character of c.orig that is not
// affected, with at most eight characters in place of each affected run.
func (c corruption) matches(got string) bool {
	var pat strings.Builder
	pat.WriteString("^")
	r := []rune(c.orig)
	for i := 0; i < len(r); {
		if c.affected[i] {
			for i < len(r) && c.affected[i] {
				i++
			}
			pat.WriteString(`(?s:.{0,8})`)
			continue
		}
		j := i
		for j < len(r) && !c.affected[j] {
			j++
		}
		pat.WriteString(regexp.QuoteMeta(string(r[i:j])))
		i = j
	}
	pat.WriteString("$")
	return regexp.MustCompile(pat.String()).MatchString(got)
}

// corrupt makes a corrupt game of s in t, with rng; false when the
// charset cannot encode the text or no corruption that the right decoder
// survives was found.
func corrupt(rng *rand.Rand, s sample, t target) (corruption, bool) {
	var fields []string
	for _, f := range []struct{ id, v string }{{"PB", s.pb}, {"PW", s.pw}, {"GN", s.gn}, {"C", s.c}} {
		if hasNonASCII(f.v) && !strings.ContainsAny(f.v, `]\`) {
			fields = append(fields, f.id)
		}
	}
	if len(fields) == 0 {
		return corruption{}, false
	}
	for range 10 {
		field := fields[rng.IntN(len(fields))]
		orig := map[string]string{"PB": s.pb, "PW": s.pw, "GN": s.gn, "C": s.c}[field]
		b, start, end, ok := spanBuild(s, t, field)
		if !ok {
			return corruption{}, false
		}
		val := b[start:end]
		nr := utf8.RuneCountInString(orig)
		// one or two characters hit, the later one first so that the
		// earlier offsets stand
		hits := []int{rng.IntN(nr)}
		if rng.IntN(2) == 0 {
			if k := rng.IntN(nr); k != hits[0] {
				hits = append(hits, k)
			}
		}
		sort.Sort(sort.Reverse(sort.IntSlice(hits)))
		affected := map[int]bool{}
		nv := slices.Clone(val)
		for _, k := range hits {
			off, next := charOffset(t, orig, val, k), charOffset(t, orig, val, k+1)
			bad := byte(0x80 + rng.IntN(0x80))
			// An inserted byte puts the rest of a UTF-16 file out of
			// step: there bytes are only replaced.
			if !t.wide && (rng.IntN(2) == 0 || next <= off) {
				nv = slices.Insert(nv, off, bad)
			} else {
				nv[off+rng.IntN(next-off)] = bad
			}
			affected[k-1], affected[k], affected[k+1] = true, true, true
		}
		c := corruption{field: field, orig: orig, affected: affected}
		// The right decoder (this package's) must survive it.
		cs, err := charset.Lookup(strings.TrimSuffix(t.name, "+BOM"))
		if err != nil {
			return corruption{}, false
		}
		dec, _ := charset.Decode(cs, nv)
		if !c.matches(dec) || strings.ContainsAny(dec, `]\`) || !closes(t, cs, nv) {
			continue
		}
		c.b = slices.Concat(b[:start], nv, b[end:])
		return c, true
	}
	return corruption{}, false
}

// closes reports whether the "]" after the corrupt value v stays a "]"
// in t: a lead byte left at the end of v would take it as its trail byte
// and swallow the rest of the node.
func closes(t target, cs charset.Charset, v []byte) bool {
	b := slices.Clone(v)
	if t.wide {
		e, _ := t.enc.NewEncoder().Bytes([]byte("]"))
		b = append(b, e...)
	} else {
		b = append(b, ']')
	}
	d, _ := charset.Decode(cs, b)
	return strings.HasSuffix(d, "]")
}

// readBackCorrupt reads the corrupt game c of s back: every text value
// but the corrupt one must be as written, the corrupt one must match.
func readBackCorrupt(s sample, c corruption) outcome {
	col, _ := sgf.Parse(c.b)
	if col == nil || len(col.Games()) != 1 {
		return outcome{got: "<no game>"}
	}
	g := col.Games()[0]
	o := outcome{ok: true, info: g.Charset()}
	root := g.Root()
	for _, p := range []struct{ id, v string }{{"PB", s.pb}, {"PW", s.pw}, {"GN", s.gn}, {"C", s.c}} {
		if p.v == "" {
			continue
		}
		var got string
		if p.id == "C" {
			got = g.Node(1).Comment()
		} else {
			got, _ = root.Text(p.id)
		}
		if p.id == c.field && !c.matches(got) || p.id != c.field && got != p.v {
			o.ok, o.got = false, p.id+"["+got+"]"
			return o
		}
	}
	return o
}

// evaluateCorrupt makes one corrupt game of each sample in each of its
// charsets under the right CA.
func evaluateCorrupt(rng *rand.Rand, samples []sample) []result {
	var rs []result
	for _, s := range samples {
		for _, t := range targetsOf[s.script] {
			// Each corruption draws from its own stream, two draws of rng
			// a pair whatever it does: a decoder change that makes one
			// target retry (corrupt draws again when the right decoder
			// does not survive) leaves every other corruption as it was.
			c, ok := corrupt(rand.New(rand.NewPCG(rng.Uint64(), rng.Uint64())), s, t)
			if !ok {
				continue
			}
			rs = append(rs, result{s: s, target: t.name, mode: corruptMode, out: readBackCorrupt(s, c)})
		}
	}
	return rs
}

// TestHeldOutCalibration: the confidence of a detected charset is
// calibrated on text no model was tuned on: among the choices made with
// confidence >= c, at least a share c is right, for each c (issue 19,
// defect 5).
//
// It holds for every kind of input apart, not only on average: the
// letter lists are the accented letters of a held-out text (Candide)
// written as a list, "Éé À ç Ôô ...", as libsgfc++'s encoding test files
// hold them, in the western charsets SGF files are found in, Mac OS Roman
// included, without CA. A list shows letters, not a language: Mac OS
// Roman's "Ää" (0x80 0x8A) is windows-1251's "ЂЉ", which was detected so
// with confidence 0.98.
func TestHeldOutCalibration(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 2026))
	rs := evaluate(heldOutSamples(t, rng, 6))
	calibrated(t, "held-out", rs)
	calibrated(t, "letter lists", evaluateLists(letterLists(t, rand.New(rand.NewPCG(5, 2026)), 60)))
}

// calibrated checks that among the detected charsets of rs chosen with
// confidence >= c, a share of at least c is right, for each c.
func calibrated(t *testing.T, what string, rs []result) {
	t.Helper()
	all := 0
	for _, c := range []float64{0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.98, 0.99} {
		var tl tally
		for _, r := range rs {
			if info := r.out.info; info.Source == sgf.SourceDetected && !info.Transcoded && info.Confidence >= c {
				tl.add(r.out.ok)
			}
		}
		if c == 0.5 {
			all = tl.n
		}
		acc := float64(tl.ok) / float64(max(tl.n, 1))
		t.Logf("%s: confidence >= %.2f: %s", what, c, tl)
		if tl.n > 0 && acc < c {
			t.Errorf("%s: confidence >= %.2f: %d of %d right (%.3f): overconfident", what, c, tl.ok, tl.n, acc)
		}
	}
	if all == 0 {
		t.Errorf("%s: no charset detected with confidence >= 0.5 among %d results: the test shows nothing", what, len(rs))
	}
}

// listTargets are the charsets of the letter lists: where western text
// without CA is found.
var listTargets = []target{tCP1252, tLatin1, tLatin9,
	{name: "macintosh", enc: charmap.Macintosh, ca: "macintosh"}}

// letterLists makes n comments that list accented letters of the
// held-out western text, as pairs of a capital and its small letter or
// alone, separated by spaces.
func letterLists(t *testing.T, rng *rand.Rand, n int) []sample {
	b, err := os.ReadFile(filepath.Join(xtextTestdata(t), "candide-utf-8.txt"))
	if err != nil {
		t.Skip(err)
	}
	seen := map[rune]bool{}
	var letters []rune
	for _, r := range string(b) {
		if r >= 0x80 && unicode.IsLower(r) && !seen[r] {
			seen[r] = true
			letters = append(letters, r)
		}
	}
	slices.Sort(letters)
	if len(letters) < 5 {
		t.Fatalf("only %d accented letters in Candide", len(letters))
	}
	var out []sample
	for range n {
		var items []string
		for range 4 + rng.IntN(10) {
			r := letters[rng.IntN(len(letters))]
			switch rng.IntN(3) {
			case 0:
				items = append(items, string(r))
			default:
				items = append(items, string(unicode.ToUpper(r))+string(r))
			}
		}
		out = append(out, sample{pool: "held-out", script: "latin", shape: "letter list", c: strings.Join(items, " ")})
	}
	return out
}

// evaluateLists reads each list back from each of listTargets, without CA.
func evaluateLists(samples []sample) []result {
	var rs []result
	for _, s := range samples {
		for _, tg := range listTargets {
			if b, ok := build(s, tg, ""); ok {
				rs = append(rs, result{s: s, target: tg.name, mode: "no CA", out: readBack(s, b)})
			}
		}
	}
	return rs
}
