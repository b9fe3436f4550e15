package value_test

import (
	"errors"
	"fmt"

	"github.com/sgf-toolkit/sgf/value"
)

func ExampleSplitCompose() {
	l, r, ok := value.SplitCompose([]byte(`dd:a\:b`))
	fmt.Printf("%s | %s | %v\n", l, r, ok)
	// Output: dd | a\:b | true
}

func ExampleText() {
	raw := []byte("Can anyone\\\n explain [me\\] k4?\r\nThanks\tall")
	fmt.Printf("%q\n", value.Text(raw))
	fmt.Printf("%q\n", value.SimpleText(raw))
	// Output:
	// "Can anyone explain [me] k4?\nThanks all"
	// "Can anyone explain [me] k4? Thanks all"
}

func ExampleAppendText() {
	buf := []byte("comment: ")
	buf = value.AppendText(buf, []byte(`a\]b`))
	buf = value.AppendSimpleText(append(buf, ", name: "...), []byte("two\nlines"))
	fmt.Println(string(buf))
	// Output: comment: a]b, name: two lines
}

func ExampleAppendEscapedText() {
	fmt.Println(string(value.AppendEscapedText(nil, []byte(`see [x] at C:\go`), false)))
	fmt.Println(string(value.AppendEscapedText(nil, []byte(`see [x] at C:\go`), true)))
	// Output:
	// see [x\] at C:\\go
	// see [x\] at C\:\\go
}

func ExampleParseNumber() {
	n, err := value.ParseNumber([]byte("+19"))
	fmt.Println(n, err)
	_, err = value.ParseNumber([]byte("1 kk"))
	fmt.Println(err, errors.Is(err, value.ErrSyntax))
	fmt.Println(string(value.AppendNumber(nil, -3)))
	// Output:
	// 19 <nil>
	// value: parsing Number "1 kk": invalid syntax true
	// -3
}

func ExampleParseReal() {
	f, err := value.ParseReal([]byte("6.5"))
	fmt.Println(f, err)
	_, err = value.ParseReal([]byte("34."))
	fmt.Println(err)
	fmt.Println(string(value.AppendReal(nil, 0.5)))
	// Output:
	// 6.5 <nil>
	// value: parsing Real "34.": invalid syntax
	// 0.5
}

func ExampleParseDouble() {
	d, err := value.ParseDouble([]byte("2"))
	fmt.Println(d == value.Emphasized, err, string(value.AppendDouble(nil, d)))
	// Output: true <nil> 2
}

func ExampleParseColor() {
	c, err := value.ParseColor([]byte("W"))
	fmt.Println(c, err, string(value.AppendColor(nil, value.Black)))
	// Output: W <nil> B
}

func ExampleParseNone() {
	fmt.Println(value.ParseNone(nil))
	fmt.Println(value.ParseNone([]byte("xxxx")))
	// Output:
	// <nil>
	// value: parsing None "xxxx": invalid syntax
}

func ExampleParsePoint() {
	p, err := value.ParsePoint([]byte("pd"))
	fmt.Println(p, p.X, p.Y, err)
	fmt.Println(string(value.AppendPoint(nil, value.Point{X: 26, Y: 51})))
	// Output:
	// pd 15 3 <nil>
	// AZ
}

func ExampleParseMove() {
	for _, raw := range []string{"", "tt", "dp", "jj"} {
		p, pass, err := value.ParseMove([]byte(raw), 19, 19)
		fmt.Printf("%q on 19x19: %v pass=%v err=%v\n", raw, p, pass, err)
	}
	p, pass, _ := value.ParseMove([]byte("tt"), 21, 21)
	fmt.Printf("%q on 21x21: %v pass=%v\n", "tt", p, pass)
	_, _, err := value.ParseMove([]byte("jj"), 9, 9)
	fmt.Println(errors.Is(err, value.ErrRange))
	fmt.Printf("%q\n", value.AppendMove(nil, value.Point{}, true))
	// Output:
	// "" on 19x19: aa pass=true err=<nil>
	// "tt" on 19x19: aa pass=true err=<nil>
	// "dp" on 19x19: dp pass=false err=<nil>
	// "jj" on 19x19: jj pass=false err=<nil>
	// "tt" on 21x21: tt pass=false
	// true
	// ""
}

func ExampleParsePointPair() {
	from, to, err := value.ParsePointPair([]byte("aa:cr"))
	fmt.Println(from, to, err, string(value.AppendPointPair(nil, to, from)))
	_, _, err = value.ParsePointPair([]byte("cc:cc"))
	fmt.Println(errors.Is(err, value.ErrRange))
	// Output:
	// aa cr <nil> cr:aa
	// true
}

func ExampleExpandPointList() {
	vals := [][]byte{[]byte("aa:bb"), []byte("bb"), []byte("dd:dd"), []byte("jj")}
	points, problems := value.ExpandPointList(vals, 9, 9)
	fmt.Println(points)
	for _, p := range problems {
		fmt.Printf("value %d: %v (%v)\n", p.Index, p.Kind, p.Point)
	}
	// Output:
	// [aa ba ab bb dd]
	// value 1: duplicate point (bb)
	// value 2: 1x1 rectangle (dd)
	// value 3: point off the board (jj)
}

func ExampleCompressPointList() {
	points := []value.Point{{0, 0}, {1, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}, {5, 5}}
	for _, r := range value.CompressPointList(points) {
		fmt.Printf("[%s]", value.AppendRect(nil, r))
	}
	fmt.Println()
	// Output: [aa:cb][ff]
}

func ExampleParseHexCell() {
	c, err := value.ParseHexCell([]byte("AB28"))
	fmt.Println(c.Col, c.Row, c, err, string(value.AppendHexCell(nil, value.HexCell{Col: 5, Row: 5})))
	// Output: 27 27 ab28 <nil> f6
}

func ExampleParseHexMove() {
	for _, raw := range []string{"i3", "swap-pieces", "resign"} {
		m, err := value.ParseHexMove([]byte(raw))
		fmt.Println(m.Kind, string(value.AppendHexMove(nil, m)), err)
	}
	// Output:
	// place i3 <nil>
	// swap-pieces swap-pieces <nil>
	// resign resign <nil>
}

func ExampleParseDate() {
	d, err := value.ParseDate([]byte("1996-12-27,28,1997-01-03,04"))
	fmt.Println(len(d), d[2], err)
	_, err = value.ParseDate([]byte("1996-02-30"))
	fmt.Println(err)
	// Output:
	// 4 {1997 1 3} <nil>
	// value: parsing Date "1996-02-30": value out of range
}

func ExampleAppendDate() {
	d := value.Date{{Year: 1997, Month: 5, Day: 5}, {Year: 1997, Month: 5, Day: 6}, {Year: 1997, Month: 6}}
	fmt.Println(string(value.AppendDate(nil, d)), d.String() == string(value.AppendDate(nil, d)))
	// Output: 1997-05-05,06,1997-06 true
}

func ExampleFixDate() {
	for _, s := range []string{"12th and 13th march 94", "Dec 31, 1999", "2019-04-03", "a sunny afternoon last summer"} {
		fixed, changed, err := value.FixDate(s)
		fmt.Printf("%q %v %v\n", fixed, changed, err != nil)
	}
	// Output:
	// "1994-03-12,13" true false
	// "1999-12-31" true false
	// "2019-04-03" false false
	// "a sunny afternoon last summer" false true
}

func ExampleParseResult() {
	r, err := value.ParseResult([]byte("W+Resign"))
	fmt.Println(r.Kind == value.ResultWin, r.Winner, r.By == value.ByResign, err, r)
	r, _ = value.ParseResult([]byte("B+0.5"))
	fmt.Println(r.Score, string(value.AppendResult(nil, r)))
	// Output:
	// true W true <nil> W+R
	// 0.5 B+0.5
}

func ExampleFixResult() {
	for _, s := range []string{"black wins by 5 3/4 points", "White wins by resignation", "Jigo", "john wins"} {
		fixed, changed, err := value.FixResult(s)
		fmt.Printf("%q %v %v\n", fixed, changed, err != nil)
	}
	// Output:
	// "B+5.75" true false
	// "W+R" true false
	// "0" true false
	// "john wins" false true
}

func ExampleParseSize() {
	c, r, err := value.ParseSize([]byte("6:7"))
	fmt.Println(c, r, err, string(value.AppendSize(nil, c, r)))
	c, r, err = value.ParseSize([]byte("19:19"))
	fmt.Println(c, r, errors.Is(err, value.ErrNonCanonical), string(value.AppendSize(nil, c, r)))
	// Output:
	// 6 7 <nil> 6:7
	// 19 19 true 19
}

func ExampleParseApplication() {
	name, version, err := value.ParseApplication([]byte("CGoban:3"))
	fmt.Println(name, version, err, string(value.AppendApplication(nil, "My:App", "1.0")))
	// Output: CGoban 3 <nil> My\:App:1.0
}

func ExampleParseFigure() {
	f, err := value.ParseFigure([]byte("257:Figure 1"))
	fmt.Printf("%+v %v %s\n", f, err, value.AppendFigure(nil, f))
	f, _ = value.ParseFigure(nil)
	fmt.Println(f.None)
	// Output:
	// {None:false Flags:257 Name:Figure 1} <nil> 257:Figure 1
	// true
}

func ExampleParseLabel() {
	l, err := value.ParseLabel([]byte(`pq:A\:1`))
	fmt.Println(l.Point, l.Text, err, string(value.AppendLabel(nil, l)))
	// Output: pq A:1 <nil> pq:A\:1
}

func ExampleParseStyle() {
	st, err := value.ParseStyle([]byte("2"))
	fmt.Println(st, err)
	_, err = value.ParseStyle([]byte("5"))
	fmt.Println(err)
	// Output:
	// 2 <nil>
	// value: parsing Style "5": value out of range
}

func ExampleParsePrintMode() {
	pm, err := value.ParsePrintMode([]byte("1"))
	fmt.Println(pm, err)
	// Output: 1 <nil>
}

func ExampleParseHandicap() {
	ha, err := value.ParseHandicap([]byte("9"))
	fmt.Println(ha, err)
	// Output: 9 <nil>
}

func ExampleParseTime() {
	tm, err := value.ParseTime([]byte("1200"))
	fmt.Println(tm, err)
	// Output: 1200 <nil>
}

func ExampleFixTime() {
	for _, s := range []string{"9 hours", "1h30m", "1200", "1:30"} {
		fixed, changed, err := value.FixTime(s)
		fmt.Printf("%q %v %v\n", fixed, changed, err != nil)
	}
	// Output:
	// "32400" true false
	// "5400" true false
	// "1200" false false
	// "1:30" false true
}

func ExampleFixReal() {
	for _, s := range []string{"5 1/2", "6,5", "6.5", "1/3"} {
		fixed, changed, err := value.FixReal(s)
		fmt.Printf("%q %v %v\n", fixed, changed, err != nil)
	}
	// Output:
	// "5.5" true false
	// "6.5" true false
	// "6.5" false false
	// "1/3" false true
}

func ExampleError() {
	_, err := value.ParseDate([]byte("1996-13"))
	var e *value.Error
	if errors.As(err, &e) {
		fmt.Println(e.Type, e.Value, e.Err == value.ErrRange)
	}
	// Output: Date 1996-13 true
}

func ExampleSimpleText() {
	fmt.Printf("%q\n", value.SimpleText([]byte("Lee\\\nSedol\nvs\tCho")))
	// Output: "LeeSedol vs Cho"
}

func ExamplePoint_In() {
	p, _ := value.ParsePoint([]byte("jj"))
	fmt.Println(p.In(9, 9), p.In(19, 19), p.In(10, 13))
	// Output: false true true
}
