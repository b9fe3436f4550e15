package charset_test

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// tuningTexts are the Central European and western texts the letter
// models of windows-1250/ISO-8859-2 against windows-1252 were tuned on.
// They are not held out: TestHeldOutAccuracy measures the different texts
// of writtenTexts and writtenTexts2.
var tuningTexts = []struct{ script, text string }{
	{"ce", "Černý hráč postavil silnou zeď na pravé straně. Bílý musel obětovat dva kameny, aby zachránil svou skupinu. " +
		"Po čtyřicátém tahu se hra obrátila a černý vyhrál. Václav Novák, Petra Svobodová, Michal Němec, Tomáš Černohorský, Kateřina Růžičková."},
	{"ce", "Čierna skupina je mŕtva, lebo nemá dve oči. Ľudovít Štúr, Mária Ďuricová, Peter Kováčik, Žofia Hrušková."},
	{"ce", "Białe zagrały zbyt łapczywie i czarne odcięły grupę. Gra była wyrównana aż do końcówki. " +
		"Michał Żółtowski, Agnieszka Wójcik, Krzysztof Ślusarczyk, Małgorzata Dąbrowska, Jacek Źrebiec."},
	{"ce", "A fekete erős falat épített, és a fehér csoportja gyenge maradt. Ő nyerte a versenyt, mert jobban számolt. " +
		"Nagy Ildikó, Tóth Gábor, Horváth Gergő, Fülöp Erzsébet, Szűcs Balázs."},
	{"ce", "Beli je ujel črne kamne v kotu. Crni je zatvorio skupinu i dobio partiju. Matjaž Žnidaršič, Luka Čop, Goran Šarić, Dražen Đaković."},
	{"ce", "Albul a pierdut grupul din colţ, dar a câştigat teritoriu. Ştefan Mureşan, Andreea Ţurcanu, Mihai Bălan."},
	{"latin", "Le noir a joué très fort ; la pierre à côté est perdue. Hélène Gérard, Jérôme Bézier, Gaëlle Lemaître, François Mercière."},
	{"latin", "Der schwarze Stein ist tot, weil er keine Freiheiten mehr hat. Günther Schäfer, Jörg Weiß, Käthe Brückner."},
	{"latin", "El blanco perdió la esquina después de un error. Íñigo Peña, José Martín, Begoña Ibáñez."},
	{"latin", "O branco perdeu a posição mas ganhou a partida. Gonçalo Simões, Inês Magalhães."},
	{"latin", "È stata una partita difficile, però il bianco ha vinto. Niccolò Pellegrini, Pietro Cantù."},
	{"latin", "Svart vann med två poäng. Øystein Bårdsen, Åse Lindstrøm, Jón Þórsson, Mikko Hämäläinen, Niels Mørk."},
}

func tuningSamples(rng *rand.Rand, perShape int) []sample {
	var out []sample
	for _, w := range tuningTexts {
		out = append(out, makeSamples(rng, "tuning", w.script, w.text, perShape)...)
	}
	return out
}

// TestCentralEuropeanTuning: the texts the Central European models were
// tuned on decode right without CA (or under a CA[UTF-8] they break).
// Floors are per script; a one-letter name ("Čop") can be French, so
// names of 1-2 accented letters are not asserted.
func TestCentralEuropeanTuning(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 1250))
	rs := evaluate(tuningSamples(rng, 8))
	report(t, "tuning", rs)
	tests := []struct {
		name  string
		match func(r result) bool
		floor float64
	}{
		{"western, no CA or CA[UTF-8]", func(r result) bool {
			return r.s.script == "latin" && r.mode != "right CA" && !strings.HasPrefix(r.target, "UTF")
		}, 1},
		{"Central European, 3+ letters, no CA", func(r result) bool {
			return r.s.script == "ce" && r.mode == "no CA" && r.s.nonASCII() > 2 && !strings.HasPrefix(r.target, "UTF")
		}, 0.98},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var tl tally
			var bad []result
			for _, r := range rs {
				if tt.match(r) {
					tl.add(r.out.ok)
					if !r.out.ok {
						bad = append(bad, r)
					}
				}
			}
			t.Logf("%s", tl)
			if tl.n < 20 {
				t.Fatalf("only %d games in the group", tl.n)
			}
			if acc := float64(tl.ok) / float64(tl.n); acc < tt.floor {
				t.Errorf("accuracy %.3f below the floor %.2f\n%s", acc, tt.floor, failures(bad, 10))
			}
		})
	}
}
